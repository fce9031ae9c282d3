/* afdo-randprof: a random AutoFDO profile over the real functions and
   source lines of a program (read from its DWARF with libdw), for
   torture-testing the plugin: random counts including the absurd (0,
   2^62), random inline instances, indirect-call targets that exist and
   that do not, positions at lines that exist and that do not.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "afdo-profile.h"
#include "rng.h"

typedef struct rp_func
{
  char *name;
  int decl_line;
  int lines[64];		/* distinct source lines of its code */
  int n_lines;
} rp_func;

static rp_func *funcs;
static size_t n_funcs, cap_funcs;
static afdo_rng rng = { 1 };	/* the sequence of seed 0 */

static uint64_t
rnd (void)
{
  return afdo_rng_next (&rng);
}

static uint64_t
rnd_below (uint64_t n)
{
  return afdo_rng_below (&rng, n);
}

/* A count: mostly ordinary, sometimes 0, 1 or absurdly large.  */
static uint64_t
rnd_count (void)
{
  switch (rnd_below (10))
    {
    case 0:
      return 0;
    case 1:
      return 1;
    case 2:
      return (uint64_t) 1 << 62;
    case 3:
      return rnd () >> 2;	/* anything below 2^62 */
    default:
      return rnd_below (100000);
    }
}

static const char *
die_name (Dwarf_Die *d)
{
  Dwarf_Attribute a;
  const char *n = NULL;
  if (dwarf_attr_integrate (d, DW_AT_linkage_name, &a))
    n = dwarf_formstring (&a);
  if (!n && dwarf_attr_integrate (d, DW_AT_name, &a))
    n = dwarf_formstring (&a);
  return n;
}

static void
add_func (Dwarf_Die *d, Dwarf_Lines *lines, size_t n_rows)
{
  /* The function's address ranges (hot and cold parts, or one).  */
  Dwarf_Addr rlo[8], rhi[8], base, lo, hi;
  int n_r = 0, decl;
  const char *name = die_name (d);
  if (!name || dwarf_decl_line (d, &decl) != 0)
    return;
  for (ptrdiff_t off = 0;
       n_r < 8 && (off = dwarf_ranges (d, off, &base, &lo, &hi)) > 0;)
    {
      rlo[n_r] = lo;
      rhi[n_r++] = hi;
    }
  if (n_r == 0)
    return;
  if (n_funcs == cap_funcs)
    {
      cap_funcs = cap_funcs ? 2 * cap_funcs : 64;
      funcs = realloc (funcs, cap_funcs * sizeof *funcs);
      if (!funcs)
	{
	  fprintf (stderr, "afdo-randprof: out of memory\n");
	  exit (1);
	}
    }
  rp_func *f = &funcs[n_funcs++];
  memset (f, 0, sizeof *f);
  f->name = strdup (name);
  f->decl_line = decl;
  for (size_t i = 0; i < n_rows && f->n_lines < 64; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr a;
      int ln;
      if (!l || dwarf_lineaddr (l, &a) != 0 || dwarf_lineno (l, &ln) != 0
	  || ln == 0)
	continue;
      bool inside = false;
      for (int k = 0; k < n_r && !inside; k++)
	inside = a >= rlo[k] && a < rhi[k];
      if (!inside)
	continue;
      bool seen = false;
      for (int k = 0; k < f->n_lines && !seen; k++)
	seen = f->lines[k] == ln;
      if (!seen)
	f->lines[f->n_lines++] = ln;
    }
}

static int
read_dwarf (const char *path)
{
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      fprintf (stderr, "afdo-randprof: %s: cannot open: %s\n", path,
	       strerror (errno));
      return -1;
    }
  Dwarf *dw = dwarf_begin (fd, DWARF_C_READ);
  if (!dw)
    {
      fprintf (stderr, "afdo-randprof: %s: no DWARF: %s\n", path,
	       dwarf_errmsg (-1));
      close (fd);
      return -1;
    }
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (dw, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, child;
      if (dwarf_offdie (dw, off + hsize, &cu))
	{
	  Dwarf_Lines *lines = NULL;
	  size_t n_rows = 0;
	  if (dwarf_getsrclines (&cu, &lines, &n_rows) != 0)
	    n_rows = 0;
	  if (dwarf_child (&cu, &child) == 0)
	    do
	      if (dwarf_tag (&child) == DW_TAG_subprogram)
		add_func (&child, lines, n_rows);
	    while (dwarf_siblingof (&child, &child) == 0);
	}
      off = next;
    }
  dwarf_end (dw);
  close (fd);
  return 0;
}

/* A line offset of F: mostly real ones, sometimes one that is not.  */
static uint32_t
rnd_offset (const rp_func *f)
{
  if (f->n_lines == 0 || rnd_below (8) == 0)
    return (uint32_t) rnd_below (rnd_below (4) ? 200 : 65536);
  return (uint32_t) (f->lines[rnd_below ((uint64_t) f->n_lines)]
		     - f->decl_line);
}

static uint32_t
rnd_disc (void)
{
  return rnd_below (3) ? 0 : (uint32_t) rnd_below (rnd_below (4) ? 8 : 65536);
}

static uint32_t
rnd_name (afdo_profile *p)
{
  if (n_funcs && rnd_below (5))
    return afdo_intern_str (p, funcs[rnd_below (n_funcs)].name);
  char buf[64];
  snprintf (buf, sizeof buf, "no_such_function_%" PRIu64, rnd_below (1000));
  return afdo_intern_str (p, buf);
}

static void
fill (afdo_profile *p, afdo_function *fn, const rp_func *f, unsigned depth)
{
  unsigned n_pos = (unsigned) rnd_below (2 * (uint64_t) f->n_lines + 3);
  for (unsigned i = 0; i < n_pos; i++)
    {
      afdo_pos *pos = afdo_pos_get (fn, AFDO_KEY (rnd_offset (f),
						  rnd_disc ()), true);
      afdo_pos_max (pos, rnd_count ());
      if (rnd_below (6) == 0)
	{
	  unsigned nt = 1 + (unsigned) rnd_below (4);
	  for (unsigned t = 0; t < nt; t++)
	    afdo_target_add (pos, rnd_name (p), rnd_count ());
	}
    }
  /* Inline instances: of real functions (perhaps at a callsite that
     calls something else), and of functions that do not exist.  */
  unsigned n_inl = depth < 4 ? (unsigned) rnd_below (depth ? 2 : 4) : 0;
  for (unsigned i = 0; i < n_inl; i++)
    {
      uint32_t callee = rnd_name (p);
      const rp_func *cf = NULL;
      for (size_t k = 0; k < n_funcs && !cf; k++)
	if (!strcmp (funcs[k].name, afdo_name (p, callee)))
	  cf = &funcs[k];
      afdo_function *in = afdo_callee (p, fn, AFDO_KEY (rnd_offset (f),
							rnd_disc ()),
				       callee, true);
      if (cf)
	fill (p, in, cf, depth + 1);
      else
	afdo_pos_max (afdo_pos_get (in, AFDO_KEY (rnd_below (10), 0), true),
		      rnd_count ());
    }
}

static void
usage (FILE *f)
{
  fputs ("Usage: afdo-randprof [OPTIONS] BINARY\n"
	 "Write a random AutoFDO profile over the functions and source lines\n"
	 "of BINARY (built with -g), for torture-testing the compiler.\n\n"
	 "  -o FILE          output (default: standard output)\n"
	 "  --format=FMT     text (default) or gcov\n"
	 "  --seed=N         random seed (default 1)\n"
	 "  --fraction=P     percent of the functions given a profile\n"
	 "                   (default 80)\n"
	 "  -h, --help       this text\n", f);
}

int
main (int argc, char **argv)
{
  static const struct option opts[] = {
    { "output", required_argument, NULL, 'o' },
    { "format", required_argument, NULL, 'f' },
    { "seed", required_argument, NULL, 's' },
    { "fraction", required_argument, NULL, 'p' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *out = "-";
  afdo_format fmt = AFDO_FORMAT_TEXT;
  unsigned fraction = 80;
  int c;
  while ((c = getopt_long (argc, argv, "o:h", opts, NULL)) != -1)
    switch (c)
      {
      case 'o':
	out = optarg;
	break;
      case 'f':
	if (!strcmp (optarg, "text"))
	  fmt = AFDO_FORMAT_TEXT;
	else if (!strcmp (optarg, "gcov"))
	  fmt = AFDO_FORMAT_GCOV;
	else
	  {
	    fprintf (stderr, "afdo-randprof: unknown format '%s'\n", optarg);
	    return 1;
	  }
	break;
      case 's':
	afdo_rng_seed (&rng, strtoull (optarg, NULL, 0));
	break;
      case 'p':
	fraction = (unsigned) strtoul (optarg, NULL, 10);
	break;
      case 'h':
	usage (stdout);
	return 0;
      default:
	usage (stderr);
	return 1;
      }
  if (optind + 1 != argc)
    {
      usage (stderr);
      return 1;
    }
  if (read_dwarf (argv[optind]) != 0)
    return 1;
  if (n_funcs == 0)
    {
      fprintf (stderr, "afdo-randprof: %s: no functions with DWARF "
	       "(built without -g?)\n", argv[optind]);
      return 1;
    }
  afdo_profile *p = afdo_profile_new ();
  for (size_t i = 0; i < n_funcs; i++)
    {
      if (rnd_below (100) >= fraction)
	continue;
      afdo_function *fn = afdo_top (p, afdo_intern_str (p, funcs[i].name),
				    true);
      fn->head = rnd_count ();
      fill (p, fn, &funcs[i], 0);
    }
  /* A few functions the program does not have.  */
  for (unsigned i = rnd_below (3); i > 0; i--)
    {
      afdo_function *fn = afdo_top (p, rnd_name (p), true);
      afdo_pos_max (afdo_pos_get (fn, AFDO_KEY (1, 0), true), rnd_count ());
    }
  afdo_profile_finalize (p);
  afdo_error err;
  int r = afdo_write_file (p, out, fmt, &err);
  if (r)
    fprintf (stderr, "afdo-randprof: %s\n", err.msg);
  afdo_profile_free (p);
  for (size_t i = 0; i < n_funcs; i++)
    free (funcs[i].name);
  free (funcs);
  return r ? 1 : 0;
}
