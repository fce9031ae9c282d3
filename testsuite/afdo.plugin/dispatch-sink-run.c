/* dispatch-sink.c built and run: the interpreter computes what it
   computes at -O2.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/dispatch-sink.afdo" } */

#include "dispatch-sink.c"
