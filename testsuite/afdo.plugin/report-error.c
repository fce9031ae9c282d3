/* A build report that cannot be written is one error naming the source
   file and the report, not a crash.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-report=./nonexistent/dir/x.report" } */
/* { dg-error "afdo: \[^ \]*report-error.c: cannot write the report to .*nonexistent/dir/x.report.*: No such file or directory" "" { target *-*-* } 0 } */

int
compute (int x)
{
  return x * x + 1;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
