/* afdo run test: counting words of a generated text in a hash table.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <string.h>

#define SIZE 4096

static char keys[SIZE][16];
static int counts[SIZE];

static unsigned
hash (const char *s)
{
  unsigned h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h;
}

static void
add (const char *w)
{
  unsigned i = hash (w) & (SIZE - 1);
  while (keys[i][0])
    {
      if (strcmp (keys[i], w) == 0)
	{
	  counts[i]++;
	  return;
	}
      i = (i + 1) & (SIZE - 1);
    }
  strcpy (keys[i], w);
  counts[i] = 1;
}

int
main (void)
{
  static const char *const syll[] = { "ka", "lo", "mi", "re", "tu", "zan" };
  unsigned s = 7;
  char w[16];
  for (int n = 0; n < 200000; n++)
    {
      int len = 0, k = 1 + (n % 3);
      w[0] = 0;
      for (int j = 0; j < k; j++)
	{
	  s = s * 1664525u + 1013904223u;
	  const char *p = syll[(s >> 24) % 6];
	  strcpy (w + len, p);
	  len += strlen (p);
	}
      add (w);
    }
  int distinct = 0, best = 0;
  long total = 0;
  for (int i = 0; i < SIZE; i++)
    if (keys[i][0])
      {
	distinct++;
	total += counts[i];
	if (counts[i] > counts[best] || !keys[best][0])
	  best = i;
      }
  printf ("%d distinct, %ld total, most frequent %s (%d)\n", distinct, total,
	  keys[best], counts[best]);
  return 0;
}
