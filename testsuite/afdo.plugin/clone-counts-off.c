/* clone-counts.c with clone-counts=0: the clone for foo's calls keeps
   ipa-cp's count of 0 and its blocks are counted 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/clone-counts.afdo -fplugin-arg-afdo-dump -fplugin-arg-afdo-clone-counts=0 -fdump-tree-optimized" } */

#include "clone-counts.c"

/* { dg-final { scan-dump optimized "\\\[count: 0\\\]" } } */
