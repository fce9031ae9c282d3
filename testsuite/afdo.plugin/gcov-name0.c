/* A gcov profile whose string index 0 is a function name (no empty
   string at the start of the string table, which only create_gcov's
   habit puts there): GCC 12's reader accepts it, and so must the
   plugin.  The profile is gcov-name0.afdo, written by afdo-convert and
   rewritten without the empty string (afdo_gcov_drop_empty_string), so
   "classify", the first name, is string 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%gcov-name0% -fplugin-arg-afdo-dump" } */

#include "../programs/classify.h"

/* { dg-final { scan-stderr-not "afdo: cannot use profile" } } */
/* { dg-final { scan-dump autofdo "function classify/\[0-9\]+: instance classify total 3000 head 1000" } } */
/* { dg-final { scan-dump autofdo "classify/\[0-9\]+: matched 3000 of 3000 samples \\(100.0 %\\)" } } */
