/* afdo testsuite: a program of several files, built by build.exp.  */

int lookup (int key);
int tally (int x);
void usage (void);
int spare (int x);

/* A static function of a header, never inlined: each file that calls
   it has a copy of its own, and a profile of the program has one
   instance for them all.  */
static __attribute__ ((noinline, unused)) int
mix (int x)
{
  x ^= x >> 7;
  x *= 0x2f;
  return x ^ (x >> 11);
}
