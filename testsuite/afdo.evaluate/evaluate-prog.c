/* A program for afdo.evaluate/evaluate.exp: work has a branch taken
   one time in eight inside a loop; other is called once and is not in
   the sampled profiles.  */

int sink;

__attribute__ ((noinline)) int
work (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if ((i & 7) == 0)
      s += i * 3;
    else
      s -= 1;
  return s;
}

__attribute__ ((noinline)) int
other (int x)
{
  if (x > 5)
    return x * 2;
  return x - 1;
}

int
main (void)
{
  for (int k = 0; k < 200; k++)
    sink += work (1000);
  sink += other (sink & 15);
  return 0;
}
