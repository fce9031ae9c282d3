/* afdo-progen: a small random C program for the performance fuzzer
   (benchmarks/fuzz.sh), deterministic in its seed.  The program combines
   a few of the patterns real programs have (biased and 50/50 branches,
   const and pure calls with loop-invariant arguments, short, long and
   nested loops, skewed switches, byte and string loops, hot and cold
   callers of one function, early exits, indirect calls through a table,
   recursion), each in functions of its own called from a driver loop;
   its data come from an LCG inside it.  It takes the number of outer
   repetitions as its argument and prints a checksum.  With --edit=E it
   writes the program's next release instead, E edits away from it
   (progen-edit.c), for judging stale profiles.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progen-edit.h"
#include "rng.h"

/* The program's text goes to BODY (functions) and DRV (the statements of
   the driver loop); line 1, which names the repetitions, is known only
   once the cost of everything is.  */
static FILE *body, *drv;
static afdo_rng rng;

/* Instructions of one repetition of the driver loop, estimated from the
   parameters of the patterns; and those of the start (data filled in).  */
static double rep_cost, init_cost;

/* The patterns chosen, for line 1.  */
static char pattern_list[512];

/* Sizes of the program's data: D (words), S (bytes of strings).  */
static unsigned dn, sn;

/* The mean length of the strings in S.  */
static unsigned slen;

static uint64_t
below (uint64_t n)
{
  return afdo_rng_below (&rng, n);
}

/* A number in [LO, HI].  */
static unsigned
range (unsigned lo, unsigned hi)
{
  return lo + (unsigned) below ((uint64_t) hi - lo + 1);
}

static void
b (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (body, fmt, ap);
  va_end (ap);
}

static void
d (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (drv, fmt, ap);
  va_end (ap);
}

/* A place for the next release's statements (progen-edit.h): in the
   body, class CLS, at indentation IND, with the unsigned variables VARS
   in scope.  Only a mark: the program of today has no line there.  */
static void
bp (char cls, const char *ind, const char *vars)
{
  b (PROGEN_MARK "P%c%s|%s\n", cls, ind, vars);
}

/* The place after a pattern's statements in the driver loop.  */
static void
dp (void)
{
  d (PROGEN_MARK "PC      |v,h,r\n");
}

/* The mark of a line that may be joined with the next one.  */
#define JOIN PROGEN_MARK "J|"

/* The number of the last group of removable lines.  */
static unsigned groups;

/* How often the driver calls a pattern: every repetition mostly, else
   one in 2^K (a lukewarm function).  The guard is written to the driver
   and the share of repetitions returned.  */
static double
call_guard (void)
{
  if (below (4) != 0)
    {
      d ("      ");
      return 1.0;
    }
  unsigned k = range (1, 6);
  d ("      if ((r & %u) == 0)\n        ", (1u << k) - 1);
  return 1.0 / (1u << k);
}

/* The threshold out of 1024 of a biased branch: any bias, the extremes
   included.  */
static unsigned
bias (void)
{
  static const unsigned t[] = { 0, 1, 8, 64, 256, 512, 768, 960, 1016, 1023,
				1024 };
  return t[below (sizeof t / sizeof t[0])];
}

/* A statement that mixes X into H, of kind K (0 to 5: case 3 is two
   statements, the others one), of some weight; its cost added to
   *COST.  */
static void
mix_kind (const char *ind, unsigned k, double *cost)
{
  switch (k)
    {
    case 0:
      b ("%sh += x >> %u;\n", ind, range (1, 9));
      *cost += 2;
      break;
    case 1:
      b ("%sh ^= x * %uu;\n", ind, range (3, 999) | 1);
      *cost += 2;
      break;
    case 2:
      {
	unsigned k = range (3, 99), m = range (1, 0xffff);
	b ("%sh = h * %uu + (x & 0x%xu);\n", ind, k, m);
      }
      *cost += 3;
      break;
    case 3:
      b ("%sh = (h << %u) | (h >> %u);\n%sh += x;\n", ind, 5, 27, ind);
      *cost += 3;
      break;
    case 4:
      /* A heavier arm: a small loop.  */
      b ("%sfor (unsigned j = 0; j < %u; j++)\n%s  h = h * 33u + (x >> j);\n",
	 ind, range (2, 6), ind);
      *cost += 20;
      break;
    default:
      b ("%sh -= x ^ 0x%xu;\n", ind, range (1, 0xffffff));
      *cost += 2;
      break;
    }
}

/* A statement of any kind.  */
static void
mix_stmt (const char *ind, double *cost)
{
  mix_kind (ind, (unsigned) below (6), cost);
}

/* A statement of any kind as the arm of an if, in braces that are a
   group of removable lines when the arm is one statement.  */
static void
mix_arm (double *cost)
{
  unsigned k = (unsigned) below (6);
  char mark[32] = "";
  if (k != 3)
    snprintf (mark, sizeof mark, PROGEN_MARK "R%u|", ++groups);
  b ("%s\t{\n", mark);
  mix_kind ("\t  ", k, cost);
  b ("%s\t}\n", mark);
}

/* A 256-entry table of case numbers below K, skewed: case 0 most often,
   then geometrically fewer, with a random slope.  */
static void
skew_table (const char *name, unsigned k)
{
  unsigned slope = range (2, 8);	/* each case 1/slope..1/2 of the last */
  unsigned char t[256];
  unsigned i = 0;
  for (unsigned c = 0; c < k && i < 256; c++)
    {
      unsigned share = c + 1 == k ? 256 - i : (256 - i) * (slope - 1) / slope;
      if (share == 0)
	share = 1;
      for (unsigned j = 0; j < share && i < 256; j++)
	t[i++] = (unsigned char) c;
    }
  while (i < 256)
    t[i++] = (unsigned char) (k - 1);
  /* Shuffled, so that the case does not follow the low bits in order.  */
  for (unsigned j = 255; j > 0; j--)
    {
      unsigned o = (unsigned) below (j + 1);
      unsigned char x = t[j];
      t[j] = t[o];
      t[o] = x;
    }
  b ("static const unsigned char %s[256] = {", name);
  for (unsigned j = 0; j < 256; j++)
    b ("%s%u%s", j % 16 == 0 ? "\n  " : "", t[j], j < 255 ? ", " : "");
  b ("\n};\n\n");
}

/* Biased branches on the data: 1 to 4 tests of any bias in a loop.  */
static void
p_branch (unsigned id)
{
  unsigned n = range (64, 2048), tests = range (1, 4);
  double cost = 6;
  b ("__attribute__ ((noinline)) static unsigned\nf%u_branch (unsigned n, unsigned off)\n{\n"
     "  unsigned h = %uu;\n", id, range (0, 1000));
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  for (unsigned t = 0; t < tests; t++)
    {
      unsigned th = bias (), sh = range (0, 20), c = range (1, 0xfffffff) * 7;
      double p = th / 1024.0, c1 = 0, c2 = 0;
      /* Never and always are tests of the data too, not constants.  */
      if (th == 0)
	b ("      if (x == %uu)\n", c);
      else if (th == 1024)
	b ("      if (x != %uu)\n", c);
      else
	b ("      if (((x >> %u) & 1023) < %u)\n", sh, th);
      mix_arm (&c1);
      if (below (2))
	{
	  b ("      else\n");
	  mix_arm (&c2);
	}
      bp ('L', "      ", "x,h,i");
      cost += 3 + p * c1 + (1 - p) * c2;
    }
  b ("    }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_branch (%u, v);\n", id, n);
  dp ();
  rep_cost += share * n * cost;
}

/* Data-dependent 50/50 choices that -O2 turns into conditional moves:
   if (x & M) h += x; else h ^= x; min, max, clamp.  */
static void
p_ifconv (unsigned id)
{
  unsigned n = range (64, 4096), k = range (1, 3);
  double cost = 6;
  b ("__attribute__ ((noinline)) static unsigned\nf%u_ifconv (unsigned n, unsigned off)\n{\n"
     "  unsigned h = 0, lo = 0xffffffffu, hi = 0;\n", id);
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  for (unsigned t = 0; t < k; t++)
    {
      switch (below (4))
	{
	case 0:
	  b (JOIN "      if (x & 0x%xu)\n\th += x;\n"
	     JOIN "      else\n\th ^= x;\n", 1u << range (0, 30));
	  break;
	case 1:
	  b ("      lo = x < lo ? x : lo;\n");
	  break;
	case 2:
	  b ("      hi = x > hi ? x : hi;\n");
	  break;
	default:
	  {
	    unsigned a = range (0, 0x7fffffff), c = a + range (0, 0x7fffffff);
	    b ("      h += x < %uu ? %uu : x > %uu ? %uu : x;\n", a, a, c, c);
	  }
	  break;
	}
      bp ('L', "      ", "x,h,lo,hi");
      cost += 3;
    }
  b ("    }\n");
  bp ('A', "  ", "h,lo,hi");
  b ("  return h ^ lo ^ hi;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_ifconv (%u, v);\n", id, n);
  dp ();
  rep_cost += share * n * cost;
}

/* Const and pure calls with loop-invariant arguments in a loop, which
   -O2 hoists out of it.  */
static void
p_hoist (unsigned id)
{
  unsigned n = range (32, 2048), steps = range (4, 24);
  int inl = below (3) == 0;
  const char *attr = inl ? "" : "noinline, ";
  b ("__attribute__ ((%sconst)) static unsigned\nc%u_const (unsigned a, unsigned b)\n{\n"
     "  unsigned r = a;\n", attr, id);
  bp ('b', "  ", "r,a,b");
  b ("  for (unsigned j = 0; j < (b & 15) + %u; j++)\n"
     "    r = r * 2654435761u + j;\n", steps);
  bp ('a', "  ", "r");
  b ("  return r;\n}\n\n");
  b ("__attribute__ ((noinline, pure)) static unsigned\nc%u_pure (unsigned a)\n{\n"
     "  unsigned s = 0;\n", id);
  bp ('b', "  ", "s,a");
  b ("  for (unsigned j = 0; j < 8; j++)\n"
     "    s += D[(a + j) & DMASK];\n");
  bp ('a', "  ", "s");
  b ("  return s;\n}\n\n");
  unsigned m = 1u << range (0, 4), bsel = range (0, 15);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_hoist (unsigned n, unsigned k)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,n,k");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + k) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  b ("      h += x ^ c%u_const (k, %uu);\n", id, bsel);
  bp ('L', "      ", "x,h,i");
  b (JOIN "      if (x & %uu)\n\th += c%u_pure (k);\n"
     "    }\n", m, id);
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_hoist (%u, v & 0xff);\n", id, n);
  dp ();
  rep_cost += share * (n * 8.0 + 30 + steps * 4);
}

/* Short loops of variable trip count (1 to TMAX) inside a loop.  */
static void
p_shortloop (unsigned id)
{
  unsigned n = range (32, 1024), tmax = range (1, 20);
  int fixed = below (3) == 0;
  b ("__attribute__ ((noinline)) static unsigned\nf%u_short (unsigned n, unsigned off, unsigned t)\n{\n"
     "  unsigned h = 1;\n", id);
  bp ('B', "  ", "h,n,off,t");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  if (fixed)
    b ("      unsigned trip = t;\n");
  else
    b ("      unsigned trip = x %% t + 1;\n");
  bp ('L', "      ", "trip,x,h");
  b ("      for (unsigned j = 0; j < trip; j++)\n"
     "\th = h * %uu + (x >> (j & 31));\n", range (3, 99) | 1);
  bp ('L', "      ", "h,x,trip");
  b ("    }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_short (%u, v, %u);\n", id, n, tmax);
  dp ();
  double trip = fixed ? tmax : (tmax + 1) / 2.0;
  rep_cost += share * n * (8 + trip * 5);
}

/* A long loop over the data (the vectorizer's kind).  */
static void
p_longloop (unsigned id)
{
  unsigned n = range (1024, 16384), k = range (3, 99), sh = range (1, 20);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_long (unsigned n)\n{\n"
     "  unsigned s = 0;\n", id);
  bp ('B', "  ", "s,n");
  b ("  for (unsigned i = 0; i < n; i++)\n"
     "    s += (D[i & DMASK] * %uu) ^ (D[i & DMASK] >> %u);\n", k, sh);
  bp ('A', "  ", "s,n");
  b ("  return s;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_long (%u);\n", id, n);
  dp ();
  rep_cost += share * n * 4;
}

/* Nested loops of two or three levels.  */
static void
p_nested (unsigned id)
{
  unsigned a = range (2, 64), c = range (2, 64), e = below (2) ? range (2, 8) : 1;
  b ("__attribute__ ((noinline)) static unsigned\nf%u_nested (unsigned na, unsigned nb, unsigned nc)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,na,nb,nc");
  b ("  for (unsigned i = 0; i < na; i++)\n"
     "    for (unsigned j = 0; j < nb; j++)\n"
     "      {\n"
     "\tunsigned x = D[(i * nb + j) & DMASK];\n");
  bp ('L', "\t", "x,h,i,j");
  b ("\tfor (unsigned k = 0; k < nc; k++)\n"
     "\t  h += (x >> k) ^ i;\n");
  bp ('L', "\t", "h,x,j");
  b ("      }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_nested (%u, %u, %u);\n", id, a, c, e);
  dp ();
  rep_cost += share * a * (4 + c * (5 + e * 4.0));
}

/* A switch with skewed cases.  */
static void
p_switch (unsigned id)
{
  unsigned n = range (64, 2048), k = range (3, 10);
  char name[32];
  snprintf (name, sizeof name, "sk%u", id);
  skew_table (name, k);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_switch (unsigned n, unsigned off)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  b ("      switch (sk%u[x & 255])\n\t{\n", id);
  double cost = 10;
  for (unsigned c = 0; c < k; c++)
    {
      double cc = 0;
      b ("\tcase %u:\n", c);
      mix_stmt ("\t  ", &cc);
      bp ('L', "\t  ", "h,x");
      b ("\t  break;\n");
      cost += cc / k;
    }
  b ("\tdefault:\n\t  h--;\n\t  break;\n\t}\n");
  bp ('L', "      ", "h,x,i");
  b ("    }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_switch (%u, v);\n", id, n);
  dp ();
  rep_cost += share * n * cost;
}

/* Byte and string loops: strlen in a loop condition, a byte copy,
   a count of one character.  */
static void
p_string (unsigned id)
{
  unsigned m = range (4, 64);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_string (unsigned m, unsigned off)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,m,off");
  b ("  for (unsigned s = 0; s < m; s++)\n    {\n"
     "      const char *p = S + STARTS[(s + off) %% NSTARTS];\n");
  bp ('L', "      ", "h,s");
  double cost = 10;
  switch (below (3))
    {
    case 0:
      b ("      for (unsigned i = 0; i < strlen (p); i++)\n"
	 "\th = h * 31u + (unsigned char) p[i];\n");
      bp ('L', "      ", "h,s");
      cost += slen * 6.0;
      break;
    case 1:
      b ("      char buf[256];\n"
	 "      unsigned len = 0;\n");
      bp ('L', "      ", "len,h,s");
      b ("      while (p[len] && len < 255)\n"
	 "\t{\n\t  buf[len] = p[len];\n\t  len++;\n");
      bp ('L', "\t  ", "len,h");
      b ("\t}\n"
	 "      buf[len] = 0;\n"
	 "      h += len + (unsigned char) buf[len / 2];\n");
      bp ('L', "      ", "h,len,s");
      cost += slen * 5.0;
      break;
    default:
      b ("      while (*p)\n\t{\n"
	 "\t  if (*p == '%c')\n\t    h++;\n\t  p++;\n", 'a' + (int) below (26));
      bp ('L', "\t  ", "h,s");
      b ("\t}\n");
      cost += slen * 5.0;
      break;
    }
  b ("    }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_string (%u, v);\n", id, m);
  dp ();
  rep_cost += share * m * cost;
}

/* One function called from a hot and from a cold caller.  */
static void
p_hotcold (unsigned id)
{
  unsigned n = range (32, 1024), cold = range (4, 10);
  b ("static unsigned\ns%u_shared (unsigned x, unsigned y)\n{\n"
     "  unsigned h = x ^ y;\n", id);
  bp ('S', "  ", "h,x,y");
  b (JOIN "  if (h & 1)\n    h = h * 3u + 1;\n" JOIN "  else\n    h >>= 1;\n");
  bp ('B', "  ", "h,y");
  b ("  for (unsigned j = 0; j < (y & 3) + 1; j++)\n"
     "    h ^= h << %u;\n", range (1, 13));
  bp ('A', "  ", "h,y");
  b ("  return h;\n}\n\n");
  b ("__attribute__ ((noinline)) static unsigned\nf%u_hot (unsigned n, unsigned off)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n"
     "    h += s%u_shared (D[(i + off) & DMASK], i);\n", id);
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  b ("__attribute__ ((noinline)) static unsigned\nf%u_cold (unsigned x)\n{\n", id);
  bp ('S', "  ", "x");
  b ("  return s%u_shared (x, x >> 3) + s%u_shared (x >> 5, 7);\n}\n\n",
     id, id);
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_hot (%u, v);\n", id, n);
  d ("      if ((r & %u) == 0)\n        h += f%u_cold (v);\n", (1u << cold) - 1, id);
  dp ();
  rep_cost += share * n * 16 + 40.0 / (1u << cold);
}

/* A search loop that exits early, at a data-dependent point.  */
static void
p_early (unsigned id)
{
  unsigned n = range (16, 4096), bits = range (1, 12);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_early (unsigned n, unsigned off)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  b (JOIN "      if ((x & 0x%xu) == 0)\n\treturn h + i;\n", (1u << bits) - 1);
  bp ('L', "      ", "x,h,i");
  b ("      h += x >> %u;\n"
     "    }\n", range (1, 9));
  bp ('A', "  ", "h,n");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_early (%u, v);\n", id, n);
  dp ();
  double trip = (1u << bits) < n ? (1u << bits) : n;
  rep_cost += share * (10 + trip * 6);
}

/* Indirect calls through a table of functions, with skewed targets.  */
static void
p_icall (unsigned id)
{
  unsigned n = range (32, 1024), k = range (2, 8);
  char name[32];
  snprintf (name, sizeof name, "ik%u", id);
  skew_table (name, k);
  double cost = 12;
  for (unsigned t = 0; t < k; t++)
    {
      double c = 0;
      b ("static unsigned\nt%u_%u (unsigned x)\n{\n  unsigned h = %uu;\n", id, t, range (0, 999));
      bp ('S', "  ", "h,x");
      mix_stmt ("  ", &c);
      bp ('S', "  ", "h,x");
      b ("  return h;\n}\n\n");
      cost += c / k;
    }
  b ("static unsigned (*const tab%u[%u]) (unsigned) = {", id, k);
  for (unsigned t = 0; t < k; t++)
    b ("%st%u_%u", t ? ", " : " ", id, t);
  b (" };\n\n");
  b ("__attribute__ ((noinline)) static unsigned\nf%u_icall (unsigned n, unsigned off)\n{\n"
     "  unsigned h = 0;\n", id);
  bp ('B', "  ", "h,n,off");
  b ("  for (unsigned i = 0; i < n; i++)\n    {\n"
     "      unsigned x = D[(i + off) & DMASK];\n");
  bp ('L', "      ", "x,i,h");
  b ("      h += tab%u[ik%u[x & 255]] (x);\n", id, id);
  bp ('L', "      ", "x,h,i");
  b ("    }\n");
  bp ('A', "  ", "h");
  b ("  return h;\n}\n\n");
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_icall (%u, v);\n", id, n);
  dp ();
  rep_cost += share * n * cost;
}

/* A little recursion: halving a range down to short leaves.  */
static void
p_recurse (unsigned id)
{
  unsigned depth = range (2, 8), leaf = range (2, 32);
  b ("__attribute__ ((noinline)) static unsigned\nf%u_rec (unsigned lo, unsigned len, unsigned depth)\n{\n", id);
  bp ('S', "  ", "lo,len,depth");
  b ("  if (depth == 0 || len <= %u)\n    {\n"
     "      unsigned h = lo;\n", leaf);
  bp ('B', "      ", "h,lo,len");
  b ("      for (unsigned i = 0; i < len; i++)\n"
     "\th = h * 7u + D[(lo + i) & DMASK];\n");
  bp ('A', "      ", "h,len");
  b ("      return h;\n    }\n");
  bp ('S', "  ", "lo,len,depth");
  b ("  unsigned half = len / 2;\n");
  bp ('S', "  ", "half,lo,len");
  b (JOIN "  return f%u_rec (lo, half, depth - 1) * 3u\n"
     "\t ^ f%u_rec (lo + half, len - half, depth - 1);\n}\n\n", id, id);
  unsigned len = leaf << depth;
  double share = call_guard ();
  d ("h = h * 1000003u + f%u_rec (v, %u, %u);\n", id, len, depth);
  dp ();
  rep_cost += share * (len * 5.0 + (2u << depth) * 15);
}

typedef struct pattern
{
  const char *name;
  void (*emit) (unsigned id);
} pattern;

static const pattern patterns[] = {
  { "branch", p_branch },
  { "ifconv", p_ifconv },
  { "hoist", p_hoist },
  { "shortloop", p_shortloop },
  { "longloop", p_longloop },
  { "nested", p_nested },
  { "switch", p_switch },
  { "string", p_string },
  { "hotcold", p_hotcold },
  { "early", p_early },
  { "icall", p_icall },
  { "recurse", p_recurse },
};

#define N_PATTERNS (sizeof patterns / sizeof patterns[0])

static void
usage (FILE *f)
{
  fprintf (f,
	   "Usage: afdo-progen SEED [--reps] [--edit=E]\n"
	   "Write a small random C program, deterministic in SEED, to stdout;\n"
	   "line 1 names its patterns and two repetition counts: reps=R for\n"
	   "the profiled run (0.3 million to 1 billion instructions) and\n"
	   "measure=M for the cachegrind run (5 to 30 million instructions,\n"
	   "at most R).  The program takes the repetitions\n"
	   "as its argument and prints a checksum.\n"
	   "  --reps     print only \"R M\"\n"
	   "  --edit=E   the program's next release: the same program (the\n"
	   "             same output, the same hot code) with E edits chosen\n"
	   "             by SEED and E: statements inserted that change no\n"
	   "             output, lines removed or joined, for some seeds a\n"
	   "             static function renamed; a comment after the\n"
	   "             program lists them.  0 (the default): today's\n"
	   "             program\n");
}

int
main (int argc, char **argv)
{
  const char *seed_arg = NULL;
  int reps_only = 0;
  unsigned edits = 0;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--reps") == 0)
	reps_only = 1;
      else if (strncmp (argv[i], "--edit=", 7) == 0)
	{
	  char *e;
	  errno = 0;
	  unsigned long v = strtoul (argv[i] + 7, &e, 10);
	  if (errno || *e || e == argv[i] + 7 || argv[i][7] == '-' || v > 1000)
	    {
	      fprintf (stderr, "afdo-progen: --edit wants a number of edits "
		       "from 0 to 1000, not '%s'\n", argv[i] + 7);
	      return 1;
	    }
	  edits = (unsigned) v;
	}
      else if (strcmp (argv[i], "-h") == 0 || strcmp (argv[i], "--help") == 0)
	{
	  usage (stdout);
	  return 0;
	}
      else if (!seed_arg && argv[i][0] != '-')
	seed_arg = argv[i];
      else
	{
	  fprintf (stderr, "afdo-progen: unknown argument '%s'\n", argv[i]);
	  usage (stderr);
	  return 1;
	}
    }
  if (!seed_arg)
    {
      usage (stderr);
      return 1;
    }
  char *end;
  errno = 0;
  unsigned long long seed = strtoull (seed_arg, &end, 10);
  if (errno || *end || end == seed_arg)
    {
      fprintf (stderr, "afdo-progen: the seed '%s' is not a number\n", seed_arg);
      return 1;
    }
  afdo_rng_seed (&rng, seed);

  char *body_text = NULL, *drv_text = NULL;
  size_t body_len = 0, drv_len = 0;
  body = open_memstream (&body_text, &body_len);
  drv = open_memstream (&drv_text, &drv_len);
  if (!body || !drv)
    {
      fprintf (stderr, "afdo-progen: out of memory\n");
      return 1;
    }

  dn = 1u << range (10, 14);
  sn = 1u << range (12, 15);
  slen = range (4, 64);
  init_cost = dn * 8.0 + sn * 10.0;

  unsigned n = range (2, 5);
  for (unsigned i = 0; i < n; i++)
    {
      const pattern *p = &patterns[below (N_PATTERNS)];
      size_t l = strlen (pattern_list);
      snprintf (pattern_list + l, sizeof pattern_list - l, "%s%s",
		l ? "," : "", p->name);
      p->emit (i);
    }
  fclose (body);
  fclose (drv);

  /* The estimate; over seeds 1 to 40 the instructions cachegrind counts
     came within a factor of 1.5 of it.  */
  double per_rep = rep_cost + 50;

  /* The profiled run: from 300 thousand instructions to 1 billion,
     evenly on a log scale.  At 20 kHz under perf (whose cpu-clock
     samples slow a program down about tenfold on a machine without a
     PMU), that is from a handful of samples to about 20,000.  */
  double target = 3e5;
  for (unsigned i = below (1001); i > 0; i--)
    target *= 1.008143;		/* 1000 steps make a factor of 3333 */
  uint64_t reps = (uint64_t) (target / per_rep);
  if (reps < 1)
    reps = 1;
  /* The measured run: 5 to 30 million instructions, no more than the
     profiled run.  */
  double mtarget = 5e6 + (double) below (25000001);
  uint64_t mreps = (uint64_t) ((mtarget - init_cost) / per_rep);
  if (mreps < 1)
    mreps = 1;
  if (mreps > reps)
    mreps = reps;

  if (reps_only)
    {
      printf ("%" PRIu64 " %" PRIu64 "\n", reps, mreps);
      free (body_text);
      free (drv_text);
      return 0;
    }

  /* The program, marks and all, for progen_write.  */
  char *text = NULL;
  size_t text_len = 0;
  FILE *out = open_memstream (&text, &text_len);
  if (!out)
    {
      fprintf (stderr, "afdo-progen: out of memory\n");
      return 1;
    }
  fprintf (out, "/* afdo-progen seed=%llu reps=%" PRIu64 " measure=%" PRIu64
	   " patterns=%s", seed, reps, mreps, pattern_list);
  if (edits)
    fprintf (out, " edit=%u", edits);
  fprintf (out, " */\n");
  fprintf (out, "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n");
  fprintf (out, "#define DMASK %uu\n#define SLEN_MEAN %u\n#define NSTARTS 256\n\n",
	   dn - 1, slen);
  fprintf (out, "static unsigned D[%u];\nstatic char S[%u];\n"
	   "static unsigned STARTS[NSTARTS];\n" PROGEN_MARK "G\n\n", dn, sn);
  fprintf (out, "static unsigned long long lcg_state = %lluull;\n\n", seed * 2 + 1);
  fprintf (out, "static unsigned\nlcg (void)\n{\n"
	   "  lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;\n"
	   "  return (unsigned) (lcg_state >> 33);\n}\n\n");
  /* The strings: letters, a NUL every SLEN_MEAN bytes on average, the
     start of a string after each.  */
  fprintf (out, "static void\ninit (void)\n{\n"
	   "  for (unsigned i = 0; i < %uu; i++)\n"
	   "    D[i] = lcg () ^ (lcg () << 16);\n"
	   "  unsigned n = 0;\n"
	   "  for (unsigned i = 0; i + 1 < %uu; i++)\n    {\n"
	   "      unsigned x = lcg ();\n"
	   "      S[i] = x %% SLEN_MEAN == 0 ? 0 : (char) ('a' + (x >> 8) %% 26);\n"
	   "      if (S[i] == 0 && n < NSTARTS && i + 300 < %uu)\n"
	   "\tSTARTS[n++] = i + 1;\n    }\n"
	   "  S[%u] = 0;\n"
	   "  for (unsigned i = n; i < NSTARTS; i++)\n"
	   "    STARTS[i] = i < n || n == 0 ? 0 : STARTS[i %% n];\n}\n\n",
	   dn, sn, sn, sn - 1);
  fwrite (body_text, 1, body_len, out);
  fprintf (out, "int\nmain (int argc, char **argv)\n{\n"
	   "  unsigned long reps = argc > 1 ? strtoul (argv[1], 0, 10) : 1;\n"
	   "  unsigned long long h = 0;\n"
	   "  init ();\n");
  fprintf (out, PROGEN_MARK "PB  |reps\n");
  fprintf (out, "  for (unsigned long r = 0; r < reps; r++)\n    {\n"
	   "      unsigned v = lcg ();\n"
	   "      D[v & DMASK] ^= v >> 7;\n");
  fprintf (out, PROGEN_MARK "PC      |v,h,r\n");
  fwrite (drv_text, 1, drv_len, out);
  fprintf (out, "    }\n");
  fprintf (out, PROGEN_MARK "PA  |h\n");
  fprintf (out, "  printf (\"%%llu\\n\", h);\n  return 0;\n}\n");
  free (body_text);
  free (drv_text);
  if (fclose (out) != 0 || progen_write (stdout, text, seed, edits) != 0)
    {
      fprintf (stderr, "afdo-progen: cannot write the program: %s\n",
	       strerror (errno));
      free (text);
      return 1;
    }
  free (text);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "afdo-progen: cannot write the program: %s\n",
	       strerror (errno));
      return 1;
    }
  return 0;
}
