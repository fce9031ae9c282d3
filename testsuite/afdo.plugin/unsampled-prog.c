int
hot (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int
unsampled (int *a, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * 3 + (a[i] >> 2);
  return s;
}
