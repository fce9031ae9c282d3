/* The program of discrim.c and the same profile (discrim-gcc.afdo is a
   copy of discrim.afdo) given to GCC 12's own -fauto-profile, converted
   to gcov: GCC 12 masks the discriminators off when it reads the
   profile, so the "big++" and "small++" blocks on one line get the same
   count and the branch stays 50/50, where the plugin gives them 10 and
   990 (discrim.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fauto-profile=%gcov% -fdump-ipa-afdo" } */

#include "discrim.c"

/* { dg-final { scan-dump afdo "<bb 4> \\\[count: 990\\\]:\n  big" } } */
/* { dg-final { scan-dump afdo "<bb 5> \\\[count: 990\\\]:\n  small" } } */
/* { dg-final { scan-dump afdo "goto <bb 4>; \\\[50.00%\\\]" } } */
