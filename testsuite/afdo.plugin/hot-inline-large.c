/* hot-inline.c with parse larger than GCC's large functions (here
   --param large-function-insns=4): inlining more into the giant
   function of an interpreter (lua's luaV_execute, sqlite3's
   sqlite3VdbeExec) made them run more instructions, so such a function
   keeps the limit as given.  (Giving the functions such a function
   calls the given limit too, so that they would not grow out of the
   limit it inlines them by, changed nothing on lua, sqlite3 and gawk
   and cost Duktape 0.8 % more instructions.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/hot-inline.afdo --param=large-function-insns=4 -fplugin-arg-afdo-dump -fdump-ipa-inline-details" } */

#include "hot-inline.c"

/* { dg-final { scan-dump autofdo "parse/\[0-9\]+: matched \[0-9\]+ of 4000 samples \\(\[0-9.\]+ %\\)\n  size \[0-9\]+, more than large-function-insns \\(4\\): max-inline-insns-auto kept at 15" } } */
/* { dg-final { scan-dump inline "parse/\[0-9\]+ -> next_arg/\[0-9\]+, --param max-inline-insns-auto limit reached" } } */
/* { dg-final { scan-dump-not autofdo "max-inline-insns-auto 30" } } */
