/* context-size=N replaces GCC's max-inline-insns-single as the limit
   for calling contexts: with 200, compare_keys of context-size.c (same
   code, same profile) is inlined in its context too.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/context-size.afdo -fplugin-arg-afdo-context-size=200 -fplugin-arg-afdo-dump" } */

#include "context-size.c"

/* { dg-final { scan-dump autofdo "sorter/\[0-9\]+: call of compare_keys at line 76 \\(instance total 2000, threshold \[0-9\]+\\): inlined \\(calling context, growth \[0-9\]+ <= 200\\)" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+compare_keys" } } */
