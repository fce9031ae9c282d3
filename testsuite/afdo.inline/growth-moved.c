/* A function called once moves into its caller whole, and brings the
   growth it would have been allowed as a function of its own: the hot
   calls in it are inlined as they would have been there.  Before, the
   moved body used up its caller's allowance and they were refused for
   growth (bzip2: sendMTFValues into BZ2_compressBlock, its calls of
   bsW).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-inline-growth=30 -fplugin-arg-afdo-dump" } */

extern volatile int sink[64];

int
put (int x, int n)
{
  int s = sink[n & 63];
  if (s > x)
    sink[(n + 1) & 63] = s - x;
  return s + n;
}

static int
body (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    {
      s += sink[i & 63] * i + sink[(i * 3) & 63] - sink[(i * 5) & 63];
      s ^= sink[(i * 7) & 63] + sink[(i * 11) & 63] * sink[(i * 13) & 63];
      s += sink[(i * 17) & 63] - sink[(i * 19) & 63] + sink[(i * 23) & 63];
      s ^= sink[(i * 29) & 63] * sink[(i * 31) & 63] + sink[(i * 37) & 63];
      s += put (s, i) + put (s + 1, i) + put (s + 2, i) + put (s + 3, i);
    }
  return s;
}

int
top (int x)
{
  return body (x) + sink[2];
}

/* { dg-final { scan-dump autofdo "top/\[0-9\]+: call of body at line 39 \\(instance total 1800, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump-times autofdo "top/\[0-9\]+: call of put at line 31 \\(instance total 100, threshold \[0-9\]+\\): inlined" 4 } } */
/* { dg-final { scan-dump-not autofdo "not inlined: growth limit" } } */
