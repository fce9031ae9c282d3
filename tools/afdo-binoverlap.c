/* afdo-binoverlap: degree of overlap of estimated per-instruction
   execution counts with callgrind's exact counts.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Usage: afdo-binoverlap --binary=BIN (--callgrind=FILE... | --exact=FILE)
			  [options] [INSN-COUNTS...]

   The exact counts are the self Ir of BIN's instructions in the
   callgrind files (one per process of the workload; they add up), or
   an instruction count file of them (--exact, what --write-exact
   wrote).
   Every INSN-COUNTS file (afdo-convert --insn-counts=FILE) and the raw
   samples of --raw-perf=SCRIPT are compared with them: the degree of
   overlap (seed 002, Section 3.3) over the instructions of the
   functions the estimate lists, and over every instruction of BIN,
   then per function, the TOP functions by exact count.  The last line
   of each estimate's report begins with "overlap:" and holds its
   figures as NAME=VALUE, for scripts.  */

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binoverlap.h"

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: afdo-binoverlap --binary=BIN (--callgrind=FILE... | --exact=FILE)\n"
"                       [--raw-perf=SCRIPT [--write-raw=OUT]] [--top=N]\n"
"                       [INSN-COUNTS...]\n"
"Degree of overlap of per-instruction execution estimates with the exact\n"
"counts of callgrind (valgrind --tool=callgrind --dump-instr=yes).\n"
"  --binary=BIN        the profiled binary (its ELF symbols name functions)\n"
"  --callgrind=FILE    callgrind output of a run of BIN (repeatable: the\n"
"                      processes of one workload add up)\n"
"  --exact=FILE        instead, exact counts as an instruction count file\n"
"                      (what --write-exact wrote)\n"
"  --raw-perf=SCRIPT   also compare the IP samples as they are, from\n"
"                      `perf script -F ip --show-mmap-events' (or -F pid,ip)\n"
"  --write-raw=OUT     write those samples as an instruction count file\n"
"  --write-exact=OUT   write the exact counts as an instruction count file\n"
"  --top=N             functions listed per estimate (default 20; 0: none)\n"
"INSN-COUNTS files hold lines \"0x<vaddr-hex> <estimate>\"\n"
"(afdo-convert --insn-counts=FILE).\n");
}

static FILE *
open_input (const char *name)
{
  FILE *f = fopen (name, "r");
  if (!f)
    fprintf (stderr, "afdo-binoverlap: %s: cannot open: %s\n", name,
	     strerror (errno));
  return f;
}

static double
pct (double part, double whole)
{
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

/* Write C to the file NAME as instruction counts.  */
static int
write_counts (const char *name, const struct binq_counts *c)
{
  FILE *o = fopen (name, "w");
  if (!o || binq_write_insn_counts (o, c) != 0 || fclose (o) != 0)
    {
      fprintf (stderr, "afdo-binoverlap: %s: cannot write: %s\n", name,
	       strerror (errno));
      return -1;
    }
  return 0;
}

/* Compare EST (named NAME) with EXACT and print the report.  */
static int
report (const struct binq_image *im, const struct binq_counts *exact,
	const struct binq_counts *est, const char *name, long top)
{
  struct binq_result r;
  if (binq_compare (im, exact, est, &r) != 0)
    {
      fprintf (stderr, "afdo-binoverlap: out of memory\n");
      return -1;
    }
  printf ("\n%s: %zu instructions in %zu functions, which hold %.2f%% of "
	  "the exact count\n", name, r.est_insns, r.present,
	  pct (r.exact_present, r.exact_total));
  printf ("  degree of overlap over those functions: %.2f%%\n",
	  100.0 * r.overlap_fns);
  printf ("  degree of overlap over the whole binary: %.2f%%\n",
	  100.0 * r.overlap_bin);
  printf ("  function-level overlap (of the functions' totals; the bound "
	  "of counts moved within functions): %.2f%%\n",
	  100.0 * r.overlap_fnlevel);
  if (top > 0)
    {
      printf ("  %7s %7s %7s %7s  %s\n", "exact%", "est%", "part%", "own%",
	      "function (by exact count; part: its share of the overlap "
	      "over the functions, own: its overlap by itself)");
      for (size_t i = 0; i < r.nfns && (long) i < top; i++)
	{
	  const struct binq_fn_result *f = &r.fns[i];
	  if (f->exact <= 0 && f->est <= 0)
	    break;
	  const char *fname = f->fn >= 0 ? im->fns[f->fn].name
				       : "(outside every function symbol)";
	  if (f->present)
	    printf ("  %7.2f %7.2f %7.2f %7.2f  %s\n",
		    pct (f->exact, r.exact_total), pct (f->est, r.est_total),
		    100.0 * f->part, 100.0 * f->own, fname);
	  else
	    printf ("  %7.2f %7s %7s %7s  %s (not in the estimate)\n",
		    pct (f->exact, r.exact_total), "-", "-", "-", fname);
	}
    }
  printf ("overlap: name=%s functions=%.2f binary=%.2f nfunctions=%zu "
	  "exact-share=%.2f instructions=%zu function-level=%.2f\n", name,
	  100.0 * r.overlap_fns, 100.0 * r.overlap_bin, r.present,
	  pct (r.exact_present, r.exact_total), r.est_insns,
	  100.0 * r.overlap_fnlevel);
  binq_result_free (&r);
  return 0;
}

int
main (int argc, char **argv)
{
  enum { OPT_BINARY = 256, OPT_CALLGRIND, OPT_RAW, OPT_WRITE_RAW, OPT_TOP,
	 OPT_WRITE_EXACT, OPT_EXACT };
  static const struct option opts[] = {
    { "binary", required_argument, NULL, OPT_BINARY },
    { "callgrind", required_argument, NULL, OPT_CALLGRIND },
    { "exact", required_argument, NULL, OPT_EXACT },
    { "raw-perf", required_argument, NULL, OPT_RAW },
    { "write-raw", required_argument, NULL, OPT_WRITE_RAW },
    { "write-exact", required_argument, NULL, OPT_WRITE_EXACT },
    { "top", required_argument, NULL, OPT_TOP },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *binary = NULL, *raw = NULL, *write_raw = NULL;
  const char *write_exact = NULL, *exact_file = NULL;
  const char **cg = calloc ((size_t) argc + 1, sizeof *cg);
  size_t ncg = 0;
  long top = 20;
  int c;
  if (!cg)
    {
      fprintf (stderr, "afdo-binoverlap: out of memory\n");
      return 1;
    }
  while ((c = getopt_long (argc, argv, "h", opts, NULL)) != -1)
    switch (c)
      {
      case OPT_BINARY:
	binary = optarg;
	break;
      case OPT_CALLGRIND:
	cg[ncg++] = optarg;
	break;
      case OPT_EXACT:
	exact_file = optarg;
	break;
      case OPT_RAW:
	raw = optarg;
	break;
      case OPT_WRITE_RAW:
	write_raw = optarg;
	break;
      case OPT_WRITE_EXACT:
	write_exact = optarg;
	break;
      case OPT_TOP:
	{
	  char *end;
	  top = strtol (optarg, &end, 10);
	  if (*end || end == optarg || top < 0)
	    {
	      fprintf (stderr, "afdo-binoverlap: --top=%s: not a number "
		       ">= 0\n", optarg);
	      return 2;
	    }
	}
	break;
      case 'h':
	usage (stdout);
	return 0;
      default:
	usage (stderr);
	return 2;
      }
  if (!binary || (ncg == 0) == !exact_file)
    {
      fprintf (stderr, "afdo-binoverlap: --binary and either --callgrind "
	       "or --exact are needed (--help)\n");
      return 2;
    }
  if (write_raw && !raw)
    {
      fprintf (stderr, "afdo-binoverlap: --write-raw needs --raw-perf\n");
      return 2;
    }
  if (!raw && optind == argc && !write_exact)
    {
      fprintf (stderr, "afdo-binoverlap: nothing to compare: give "
	       "INSN-COUNTS files or --raw-perf\n");
      return 2;
    }

  char err[1024];
  struct binq_image im;
  if (binq_image_read (binary, &im, err, sizeof err) != 0)
    {
      fprintf (stderr, "afdo-binoverlap: %s\n", err);
      return 1;
    }
  int rc = 0;
  struct binq_counts exact = { 0 }, est = { 0 };
  double ir_all = 0;
  for (size_t i = 0; i < ncg && rc == 0; i++)
    {
      FILE *f = open_input (cg[i]);
      struct binq_cg_info info;
      if (!f)
	rc = 1;
      else if (binq_read_callgrind (f, cg[i], &im, &exact, &info, err,
				    sizeof err) != 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s\n", err);
	  rc = 1;
	}
      else
	ir_all += info.ir_all;
      if (f)
	fclose (f);
    }
  if (rc == 0 && exact_file)
    {
      FILE *f = open_input (exact_file);
      if (!f)
	rc = 1;
      else if (binq_read_insn_counts (f, exact_file, &exact, err,
				      sizeof err) != 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s\n", err);
	  rc = 1;
	}
      if (f)
	fclose (f);
    }
  if (rc != 0)
    goto out;
  binq_counts_finish (&exact);
  double total = binq_counts_total (&exact);
  if (total <= 0)
    {
      if (exact_file)
	fprintf (stderr, "afdo-binoverlap: %s: no instruction with a count "
		 "above 0\n", exact_file);
      else
	fprintf (stderr, "afdo-binoverlap: %s%s: no instruction of %s "
		 "(callgrind ran another program?)\n", cg[0],
		 ncg > 1 ? " and the other callgrind files" : "", binary);
      rc = 1;
      goto out;
    }
  if (write_exact && write_counts (write_exact, &exact) != 0)
    {
      rc = 1;
      goto out;
    }
  if (exact_file)
    printf ("exact: %s: %zu instructions executed %.0f times, from %s\n",
	    binary, exact.n, total, exact_file);
  else
    printf ("exact: %s: %zu instructions executed %.0f times (%.2f%% of "
	    "the Ir of all objects), from %zu callgrind file%s\n", binary,
	    exact.n, total, pct (total, ir_all), ncg, ncg == 1 ? "" : "s");

  if (raw)
    {
      FILE *f = open_input (raw);
      struct binq_perf_info info;
      if (!f)
	{
	  rc = 1;
	  goto out;
	}
      int r = binq_read_perf_script (f, raw, &im, &est, &info, err,
				     sizeof err);
      fclose (f);
      if (r != 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s\n", err);
	  rc = 1;
	  goto out;
	}
      binq_counts_finish (&est);
      if (info.in_binary == 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s: no sample in %s (of %zu "
		   "samples)\n", raw, binary, info.samples);
	  rc = 1;
	  goto out;
	}
      printf ("raw: %s: %zu of %zu samples in %s\n", raw, info.in_binary,
	      info.samples, binary);
      if (write_raw && write_counts (write_raw, &est) != 0)
	{
	  rc = 1;
	  goto out;
	}
      if (report (&im, &exact, &est, "raw-perf", top) != 0)
	{
	  rc = 1;
	  goto out;
	}
      binq_counts_free (&est);
    }
  for (int k = optind; k < argc; k++)
    {
      FILE *f = open_input (argv[k]);
      if (!f)
	{
	  rc = 1;
	  goto out;
	}
      int r = binq_read_insn_counts (f, argv[k], &est, err, sizeof err);
      fclose (f);
      if (r != 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s\n", err);
	  rc = 1;
	  goto out;
	}
      binq_counts_finish (&est);
      if (binq_counts_total (&est) <= 0)
	{
	  fprintf (stderr, "afdo-binoverlap: %s: no instruction with a "
		   "count above 0\n", argv[k]);
	  rc = 1;
	  goto out;
	}
      if (report (&im, &exact, &est, argv[k], top) != 0)
	{
	  rc = 1;
	  goto out;
	}
      binq_counts_free (&est);
    }
out:
  binq_counts_free (&exact);
  binq_counts_free (&est);
  binq_image_free (&im);
  free (cg);
  return rc;
}
