/* entry-sums once more before GCC's inliner.  swap, gen_op and vstore
   call each other (gen_op calls swap, which may call gen_op), so the
   sums taken at annotation, callers first, take swap's before gen_op,
   entered 7 times by its own samples, is raised to its calls' 780 with
   its body: swap came to GCC's inliner with a count below its calls'.
   The inliner inlined swap into vstore, whose call was "known hot",
   took that call's count off swap's, and found nothing left for the
   calls it did not inline: swap's body was scaled to "globally 0",
   compiled for size, its struct copies "rep movsl" (tcc's vswap, three
   times -O2's instructions).  Raised again to its calls' sum after
   ipa-cp, swap keeps a count for them, and its copies are -O2's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-final { scan-dump autofdo "function gen_op/\\d+: entered 7 times, raised to the 2 calls' " } } */
/* { dg-final { scan-dump autofdo_clones "swap/\\d+: count \[0-9.\]+ samples raised to its calls' \[0-9.\]+ before the inliner" } } */
/* { dg-final { scan-assembler-not "rep movs" } } */

struct sv
{
  long a[8];
};

struct sv stack[1024];
struct sv *top = stack + 512;
int flag;
long total;

void gen_op (int);

static void
swap (void)
{
  struct sv t;
  if (top->a[0] == 51 && !flag)
    gen_op (1);
  t = top[0];
  top[0] = top[-1];
  top[-1] = t;
}

static void
vstore (int x)
{
  total += x;
  swap ();
  total -= x >> 1;
}

void
gen_op (int op)
{
  int i = 0;
 redo:
  if ((op & 7) == 1)
    swap ();
  if ((op & 7) == 2)
    swap ();
  if ((op & 7) == 3)
    swap ();
  if ((op & 7) == 4)
    swap ();
  if ((op & 7) == 5)
    swap ();
  if ((op & 7) == 6)
    vstore (op);
  total += op;
  if (++i < (op & 3))
    goto redo;
}

int
main (void)
{
  for (int i = 0; i < 100000000; i++)
    gen_op (i & 127);
  return total == 0;
}
