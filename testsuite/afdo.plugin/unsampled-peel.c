/* lua's luaO_utf8esc, called once from a function with samples and
   without samples of its own: GCC's inliner puts it into format, whose
   options have -fpeel-loops, with the estimate GCC's static guess gave
   its loop.  Peeled by that guess, ten copies, the last ones writing
   before the buffer where no run can go, GCC warned of a write out of
   bounds.  The loop without samples is not peeled, as at -O2
   (unsampled-peel-on.c: it is).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-tree-cunroll-details" } */

static int
utf8esc (char *buff, unsigned long x)
{
  int n = 1;
  if (x < 0x80)
    buff[7] = (char) x;
  else
    {
      unsigned int mfb = 0x3f;
      do
	{
	  buff[8 - (n++)] = (char) (0x80 | (x & 0x3f));
	  x >>= 6;
	  mfb >>= 1;
	}
      while (x > mfb);
      buff[8 - n] = (char) ((~mfb << 1) | x);
    }
  return n;
}

int
format (const char *fmt, const unsigned long *args, char *out)
{
  int len = 0;
  for (; *fmt; fmt++)
    {
      if (*fmt == 'U')
	{
	  char bf[8];
	  int n = utf8esc (bf, *args++);
	  for (int i = 0; i < n; i++)
	    out[len++] = bf[8 - n + i];
	}
      else
	out[len++] = *fmt;
    }
  return len;
}

/* { dg-final { scan-dump cunroll "Not peeling: upper bound is known" } } */
/* { dg-final { scan-dump-not cunroll "Peeled loop" } } */
/* { dg-final { scan-stderr-not "Wstringop-overflow" } } */
