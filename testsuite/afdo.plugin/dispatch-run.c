/* dispatch.c built and run: the copies of the dispatch compute what
   the program computes at -O2.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/dispatch.afdo" } */

#include "dispatch.c"
