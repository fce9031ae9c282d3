/* Calling contexts of a call-graph profile: the converter nests the
   samples of a function the profiled binary called under the call site,
   and names the callee in the site's target histogram.  The plugin
   inlines such a context only within GCC's limit for a hot call:
   max-inline-insns-auto (15 at -O2) for a function not declared inline,
   max-inline-insns-single (70) for one declared inline.  step_cost
   (growth 9) and the inline blend (28) are inlined into the hot loop;
   compare_keys (87; bzip2's mainGtU has this shape) stays a call.  The
   instance of compare_keys at the next line has no target (code the
   profiled binary inlined): it is not limited.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern volatile int sink[256];
extern unsigned char block[4096];

int
step_cost (int x)
{
  int s = sink[x & 255] * 3 + x;
  if (s > sink[1])
    s -= sink[2];
  return s ^ sink[3];
}

static inline int
blend (int x, int y)
{
  int s = sink[(x + y) & 255] * 5 + sink[(x ^ y) & 255];
  if (s > sink[4])
    s = (s >> 3) ^ sink[5] ^ (x * sink[6]);
  else if (s < sink[7])
    s = (s << 2) + sink[8] - (y * sink[9]);
  return s + sink[10] * (x - y);
}

int
compare_keys (unsigned a, unsigned b)
{
  for (int k = 0; k < 8; k++)
    {
      unsigned char c1 = block[(a + k) & 4095], c2 = block[(b + k) & 4095];
      if (c1 != c2)
	return c1 > c2;
      unsigned short s1 = block[(a + k + 64) & 4095];
      unsigned short s2 = block[(b + k + 64) & 4095];
      if (s1 != s2)
	return s1 > s2;
      if (sink[(a ^ b ^ k) & 255])
	break;
    }
  for (int k = 0; k < 4; k++)
    {
      unsigned char c1 = block[(a + k + 128) & 4095];
      unsigned char c2 = block[(b + k + 128) & 4095];
      if (c1 != c2)
	return c1 > c2;
      sink[k] = c1 ^ c2;
    }
  if (block[(a + 200) & 4095] != block[(b + 200) & 4095])
    return block[(a + 200) & 4095] > block[(b + 200) & 4095];
  if (block[(a + 300) & 4095] != block[(b + 300) & 4095])
    return block[(a + 300) & 4095] > block[(b + 300) & 4095];
  unsigned x = block[a & 4095] + block[(a + 1) & 4095] * 3u;
  unsigned y = block[b & 4095] + block[(b + 1) & 4095] * 3u;
  return x > y;
}

int
sorter (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      s += step_cost (i);
      s += compare_keys (i, n - i);
      s ^= compare_keys (n, i);
      s += blend (s, i);
    }
  return s;
}

int
other (int x)
{
  return blend (x, 1);
}

/* { dg-final { scan-dump autofdo "sorter/\[0-9\]+: call of step_cost at line 75 \\(instance total 300, threshold \[0-9\]+\\): inlined \\(calling context, growth \[0-9\]+ <= 15\\)" } } */
/* { dg-final { scan-dump autofdo "sorter/\[0-9\]+: call of blend at line 78 \\(instance total 250, threshold \[0-9\]+\\): inlined \\(calling context, growth \[0-9\]+ <= 70\\)" } } */
/* { dg-final { scan-dump autofdo "sorter/\[0-9\]+: call of compare_keys at line 76 \\(instance total 2000, threshold \[0-9\]+\\): not inlined: too large for a calling context \\(calling context, growth \[0-9\]+ > 15\\)" } } */
/* { dg-final { scan-dump autofdo "sorter/\[0-9\]+: call of compare_keys at line 77 \\(instance total 1500, threshold \[0-9\]+\\): inlined\n" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+compare_keys" 1 } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+step_cost" } } */
