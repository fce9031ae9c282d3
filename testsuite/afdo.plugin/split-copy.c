/* A part GCC's early splitting takes out of work (work.part.0: the
   loop, called from the head when k is a multiple of 4), where the
   profiled binary inlined work into driver and the part back into that
   copy: the profile has work's lines in driver's instance of work, as
   the converter writes them (a part inlined back into its function is
   the function's own code, not an instance of work nested in work).
   The plugin inlines work into driver from that instance, and the call
   of the part in the inlined copy goes back in too, judged by the
   instance of work it sits in: left outline, the loop would be a cold
   call from driver's hot loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "../programs/split-work.h"

unsigned
other (unsigned n)
{
  return work (n + 1);
}

/* The loop's part is inlined into driver's hot loop.  driver's cold last
   call (no instance there) and other's, of a function without samples,
   are GCC's inliner's to decide, as at -O2: it inlines them too.  */
/* { dg-final { scan-dump autofdo "driver/\[0-9\]+: call of work.part.0 at line 0 \\(instance total 9543, threshold \[0-9\]+\\): inlined \\(split part, 5235 samples\\)" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+work\\.part\\.0" } } */
