/* A loop left by a test in its body (the break) and by its latch's
   test.  The blocks after each test have as many samples as the test
   (1000, 1000): the samples cannot tell an exit from 0, so both tests
   keep GCC's static probabilities, as branches inside the loop do
   (noise-permille).  With noise-exits=0 the flow's counts set them
   (noise-exits-off.c): the break becomes an edge that never runs.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

int
scan (const int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (a[i] < 0)
	break;
      s ^= a[i] * 3;
    }
  return s;
}

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(the samples do not tell\\)" } } */
/* { dg-final { scan-dump autofdo "bb 5: static probabilities kept \\(the samples do not tell\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->6 count 0 prob 5.5% \\(guessed\\)" } } */
