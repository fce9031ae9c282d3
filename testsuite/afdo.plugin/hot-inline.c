/* hot-inline: in a function with samples, GCC's inliner may take a
   callee not declared inline up to -O3's size (max-inline-insns-auto
   30) where -O2 stops at 15.  With exact counts GCC doubles the limit
   for a call that runs at least once every two entries of its caller
   (the "known hot" hint); samples of time overstate a function's entry
   against its calls, so the samples below (the call's block has 300 of
   the entry's 1000) would not give the hint.  next_arg grows parse by
   19: inlined with the option, not without it (hot-inline-off.c), nor
   into a caller larger than GCC's large functions (hot-inline-large.c).
   skip, without samples, keeps -O2's options: next_arg is inlined into
   it as at -O2 (its call is a tail of skip).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-ipa-inline-details" } */

struct tokens
{
  int *p, *end, t, depth, n;
  int buf[64];
};

int
next_arg (struct tokens *s)
{
  int t = *s->p++;
  if (t == '(')
    s->depth++;
  else if (t == ')')
    s->depth--;
  if (s->n < 64)
    s->buf[s->n++] = t;
  if (s->p == s->end)
    s->p = s->buf;
  return t * 7 + s->depth;
}

int
parse (struct tokens *s)
{
  s->t = s->p[s->t];
  if (s->t == 3)
    return next_arg (s);
  return s->t;
}

/* No samples.  */
int
skip (struct tokens *s)
{
  return next_arg (s) + 1;
}

/* { dg-final { scan-dump inline "Inlined next_arg/\[0-9\]+ into parse/" } } */
/* { dg-final { scan-dump inline "Inlined next_arg/\[0-9\]+ into skip/" } } */
/* { dg-final { scan-dump-not inline "max-inline-insns-auto limit reached" } } */
/* { dg-final { scan-dump autofdo "parse/\[0-9\]+: matched \[0-9\]+ of 4000 samples \\(\[0-9.\]+ %\\)\n  size \[0-9\]+: max-inline-insns-auto 30 \\(hot-inline\\)" } } */
