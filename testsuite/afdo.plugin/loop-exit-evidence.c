/* The evidence rule for a loop's exit (part 8): a loop's iterations are
   its header's count over its entry's, and code that ran once in a
   profile of a few samples has none at its entry; the inference puts
   the least count there, one sample's.  init's loops ran 8,192 and
   16,384 times, once each: by the counts 2 or 3 iterations, and the
   layout made the second one's back edge a jump to a copy block (the
   fuzzer's seeds 109, 618 and 765 with min-unit-samples at 40: 1.1 to
   1.5 times -O2's mispredicted branches, all on such a loop).  Their exits keep GCC's static
   probabilities.  In sum the block after the loop has 300 samples
   against the header's 900: the counts' 4 iterations stand.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

static unsigned D[8192];
static unsigned char S[16384];
unsigned st;

__attribute__ ((noinline)) void
init (void)
{
  for (unsigned i = 0; i < 8192u; i++)
    D[i] = st = st * 69069u + 1u;
  for (unsigned i = 0; i < 16384u; i++)
    S[i] = (unsigned char) (D[i & 8191u] >> 3);
}

__attribute__ ((noinline)) unsigned
sum (const unsigned *p, unsigned n)
{
  unsigned h = 0;
  for (unsigned j = 0; j < n; j++)
    h += p[j] >> (j & 7);
  return h;
}

/* { dg-final { scan-dump-times autofdo "bb \[0-9\]+: static probabilities kept at a loop's exit \\(its entry's count is the inference's floor\\)" 2 } } */
/* { dg-final { scan-dump-times autofdo "static probabilities kept at a loop's exit" 2 } } */
/* { dg-final { scan-dump autofdo "function sum/\[0-9\]+: instance sum total 2100" } } */
