/* A calling context whose callee GCC's early splitting has split: the
   head of work is small, its part (work.part.0, the loop) is not.  The
   context limit (context-size) counts the part, which would go back in
   with the head, so work is not inlined into driver from its calling
   context (bzip2's mainGtU under mainSort has this shape); the context
   is folded into work's own instance, and the part goes back into the
   outline work.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

static unsigned tab[4096];
extern volatile unsigned sink[16];

static unsigned
work (unsigned k)
{
  if (k & 3)
    return (k * sink[1] + sink[2]) ^ (sink[3] - sink[k & 15]);
  unsigned h = k;
  for (int i = 0; i < 64; i++)
    {
      h ^= tab[(h + i) & 4095];
      h *= 16777619u;
      if (h & 16)
	h += tab[(h >> 3) & 4095] * 3u;
      else if (h & 32)
	h -= tab[(h >> 5) & 4095] ^ sink[h & 15];
      if ((h & 1024) && sink[(h >> 7) & 15])
	sink[i & 15] = h;
      h ^= tab[(h >> 11) & 4095] + tab[(h >> 17) & 4095];
      if (h & 2048)
	h += tab[(h >> 9) & 4095] * 5u + sink[(h >> 13) & 15];
      else
	h -= tab[(h >> 10) & 4095] * 7u ^ sink[(h >> 14) & 15];
      if ((h & 4096) && sink[(h >> 6) & 15])
	sink[(i + 3) & 15] = h ^ tab[i];
    }
  return h;
}

__attribute__ ((noinline)) unsigned
driver (unsigned n)
{
  unsigned s = 0;
  for (unsigned k = 0; k < n; k++)
    s += work (k * 2654435761u);
  s ^= work (n);
  return s;
}

unsigned
other (unsigned n)
{
  return work (n + 1);
}

/* { dg-final { scan-dump autofdo "driver/\[0-9\]+: call of work at line 46 \\(instance total 9543, threshold \[0-9\]+\\): not inlined: too large for a calling context \\(calling context, growth \[0-9\]+ > 15\\)" } } */
/* { dg-final { scan-dump autofdo "work/\[0-9\]+: call of work.part.0 at line 0 \\(instance total \[0-9\]+, threshold \[0-9\]+\\): inlined \\(split part, 800 samples\\)" } } */
/* { dg-final { scan-assembler "call\[ \t\]+work\n" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+work\\.part" } } */
