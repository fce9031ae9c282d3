/* Counts near 2^62 (a corrupt or hostile profile) made GCC's
   ipa-profile overflow its sum of count times time and read past its
   histogram (a segmentation fault in profile_estimate); afdo.so scales
   such a profile down as a whole.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */

#include <stdlib.h>
#include <string.h>

static int
special_format (const char *fmt)
{
  return (strchr (fmt, '*') != 0
	  || strchr (fmt, 'V') != 0
	  || strchr (fmt, 'S') != 0
	  || strchr (fmt, 'n') != 0);
}

int
main (void)
{
  if (special_format ("ee"))
    abort ();
  if (!special_format ("*e"))
    abort ();
  return 0;
}

