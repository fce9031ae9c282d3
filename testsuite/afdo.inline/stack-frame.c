/* A function called once, with 4 KB of arrays on its stack (bzip2's
   mainSort), has an instance nested in its caller's, as a call-graph
   profile gives it (a calling context: the profiled binary called it).
   GCC's inliners do not inline it into a caller with a small frame
   (large-stack-frame-growth); neither does the plugin's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern int data[4096];

static int
sort_runs (int n)
{
  int order[256], start[256], end[256], done[256];
  for (int i = 0; i < 256; i++)
    {
      order[i] = data[i] & 255;
      start[i] = data[i + 256];
      end[i] = data[i + 512];
      done[i] = 0;
    }
  int s = 0;
  for (int k = 0; k < n; k++)
    {
      int j = order[k & 255];
      if (!done[j])
	s += end[j] - start[j];
      done[j] = k & 1;
    }
  return s;
}

int
block_sort (int n)
{
  if (n < 10)
    return data[0];
  return sort_runs (n) + data[1];
}

/* { dg-final { scan-dump autofdo "block_sort/\[0-9\]+: call of sort_runs at line \[0-9\]+ \\(instance total 2000, threshold \[0-9\]+\\): not inlined: stack frame growth limit" } } */
/* { dg-final { scan-assembler "call\[ \t\]+sort_runs" } } */
