/* afdo run test: recursion and string building.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <string.h>

static int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static int
ack (int m, int n)
{
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack (m - 1, 1);
  return ack (m - 1, ack (m, n - 1));
}

static void
reverse (char *s)
{
  for (size_t i = 0, j = strlen (s); i + 1 < j; i++, j--)
    {
      char t = s[i];
      s[i] = s[j - 1];
      s[j - 1] = t;
    }
}

int
main (void)
{
  char buf[64];
  int f = fib (27);
  int a = ack (2, 300);
  snprintf (buf, sizeof buf, "fib=%d ack=%d", f, a);
  reverse (buf);
  printf ("%s\n", buf);
  return f == 196418 && a == 603 ? 0 : 1;
}
