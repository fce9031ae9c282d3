/* afdo run test: a tokenizer as a switch-based state machine.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>

enum kind { SPACE, WORD, NUMBER, PUNCT };

static int
classify (int c)
{
  if (c == ' ' || c == '\n' || c == '\t')
    return SPACE;
  if (c >= '0' && c <= '9')
    return NUMBER;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
    return WORD;
  return PUNCT;
}

int
main (void)
{
  static const char text[] =
    "int x = 42; for (i = 0; i < n; i++) sum += a[i] * 3;\n"
    "while (p) { p = p->next; count_7++; }\treturn 0x1f;\n";
  long words = 0, numbers = 0, puncts = 0, digits = 0;
  for (int rep = 0; rep < 20000; rep++)
    {
      int state = SPACE;
      for (const char *p = text; *p; p++)
	{
	  int k = classify ((unsigned char) *p);
	  switch (state)
	    {
	    case SPACE:
	    case PUNCT:
	      if (k == WORD)
		words++;
	      else if (k == NUMBER)
		numbers++, digits++;
	      else if (k == PUNCT)
		puncts++;
	      state = k;
	      break;
	    case WORD:
	      if (k == PUNCT)
		puncts++;
	      state = (k == NUMBER ? WORD : k);
	      break;
	    case NUMBER:
	      if (k == NUMBER || k == WORD)
		digits++;
	      else if (k == PUNCT)
		puncts++;
	      state = (k == WORD ? NUMBER : k);
	      break;
	    }
	}
    }
  printf ("words %ld numbers %ld punct %ld digits %ld\n", words, numbers,
	  puncts, digits);
  return 0;
}
