/* A function without samples keeps the options as given (without those
   fdo-opts switches on); GCC's inliner still inlines it into a function
   with samples, as at -O2.  Its node was once made of the options as
   the plugin found them, before GCC resolved the target's
   flag_pcc_struct_return (2, "as the target says", later 0): every
   such call was "optimization level attribute mismatch".  The early
   inliner leaves helper to the IPA inliner (it grows hot too much).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-ipa-inline-details" } */

int g, h;

static int
helper (int x)
{
  if (x > 100)
    g += x;
  else
    h ^= x * 7;
  return x * 3 + (g >> 2);
}

__attribute__ ((noinline)) int
hot (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += helper (i);
  return s;
}

/* { dg-final { scan-dump inline "Inlined helper/\[0-9\]+ into hot/" } } */
/* { dg-final { scan-dump-not inline "attribute mismatch" } } */
