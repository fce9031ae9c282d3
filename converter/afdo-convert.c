/* afdo-convert: turn perf.data, perf script output or other profiles into
   an AutoFDO profile for GCC 12 (gcov format) or LLVM's text format.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "afdo-profile.h"
#include "convert.h"

static const char *progname = "afdo-convert";

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: afdo-convert --binary=BIN --perf=perf.data [OPTION]... -o OUT\n"
"       afdo-convert --text=PROFILE [--text=PROFILE]... -o OUT\n"
"Convert perf samples of BIN (or existing profiles) into an AutoFDO\n"
"profile for GCC (gcc -fplugin=afdo.so -fplugin-arg-afdo-profile=OUT).\n"
"\n"
"Input (several inputs of any kind are summed):\n"
"  --binary=BIN        the profiled binary, unstripped, built with -g\n"
"                      (DWARF 4 or 5); needed for --perf/--perf-script\n"
"  --perf=FILE         a perf.data file from `perf record' on BIN (IP\n"
"                      samples, or branch stacks from `perf record -b')\n"
"  --perf-script=FILE  text from `perf script -F ip,brstack' or `-F ip'\n"
"                      (add --show-mmap-events for a PIE binary)\n"
"  --text=FILE         a profile in any supported format (LLVM sample-\n"
"                      profile text, GCC 12 AutoFDO gcov, create_gcov gcov)\n"
"\n"
"Selection:\n"
"  --pid=PID[,PID...]  only samples of these processes\n"
"  --comm=NAME         only samples of processes named NAME\n"
"  --build-id=MODE     check (default: refuse when perf.data recorded\n"
"                      another build of BIN), warn, or ignore\n"
"  --no-lbr            use IP samples even when branch stacks are present\n"
"  --no-callchains     ignore the call chains of `perf record --call-graph'\n"
"                      (without LBR they give indirect-call targets and\n"
"                      calling contexts)\n"
"  --exec-model=M      how IP samples become execution counts on the\n"
"                      binary's CFG: raw (samples per instruction), norm\n"
"                      (per block, over its size), lift (then each block\n"
"                      raised to what its neighbours force; default),\n"
"                      skid (samples moved back over the skid, then\n"
"                      norm), mcf (skid, norm, then a minimum-cost flow),\n"
"                      full (the flow with costs by confidence)\n"
"\n"
"Output:\n"
"  -o, --output=FILE   where to write the profile\n"
"      --format=FMT    gcov (default) or text\n"
"      --insn-counts=FILE  write `0x<address> <estimate>' for every\n"
"                      instruction of the sampled functions (IP samples)\n"
"  -v, --verbose       statistics and the profile quality on stderr\n"
"  -h, --help          show this help and exit\n"
"\n"
"Exit status: 0 on success, 1 on any error (one line on stderr).\n");
}

static void
fail (const char *msg)
{
  fprintf (stderr, "%s: %s\n", progname, msg);
  exit (1);
}

static double
pct (uint64_t a, uint64_t b)
{
  return b ? 100.0 * (double) a / (double) b : 0.0;
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Under -v: the instances of profile P (read from FILE) whose stated
   total is not the sum of their counts and inlined totals.  LLVM uses
   the stated total, and so does afdo; the profile written has sums.  */
typedef struct stated_report
{
  const afdo_profile *p;
  const char *file;
  uint64_t n;
} stated_report;

#define STATED_REPORT_MAX 20

static int
report_stated (afdo_function *f, unsigned depth, void *data)
{
  stated_report *sr = data;
  (void) depth;
  if (!f->has_stated_total)
    return 0;
  if (sr->n++ >= STATED_REPORT_MAX)
    return 0;
  char where[32] = "";
  if (f->stated_line)
    snprintf (where, sizeof where, ":%" PRIu32, f->stated_line);
  fprintf (stderr, "%s: %s%s: total %" PRIu64 " of %s%s%s is not the sum "
	   "of its counts and inlined totals (%" PRIu64 "); using the stated "
	   "total, as LLVM does\n", progname, sr->file, where,
	   f->stated_total, afdo_name (sr->p, f->name),
	   f->parent ? " inlined in " : "",
	   f->parent ? afdo_name (sr->p, f->parent->name) : "",
	   afdo_function_counted_total (f));
  return 0;
}

static void
report_stated_totals (const afdo_profile *p, const char *file)
{
  stated_report sr = { p, file, 0 };
  afdo_profile_walk (p, report_stated, &sr);
  if (sr.n > STATED_REPORT_MAX)
    fprintf (stderr, "%s: %s: %" PRIu64 " more stated totals differ from "
	     "the sums\n", progname, file, sr.n - STATED_REPORT_MAX);
}

int
main (int argc, char **argv)
{
  enum { OPT_TEXT = 256, OPT_FORMAT, OPT_BINARY, OPT_PERF, OPT_SCRIPT,
	 OPT_BUILD_ID, OPT_PID, OPT_COMM, OPT_NO_LBR, OPT_NO_CHAINS,
	 OPT_EXEC_MODEL, OPT_INSN_COUNTS };
  static const struct option opts[] = {
    { "text", required_argument, NULL, OPT_TEXT },
    { "binary", required_argument, NULL, OPT_BINARY },
    { "perf", required_argument, NULL, OPT_PERF },
    { "perf-script", required_argument, NULL, OPT_SCRIPT },
    { "build-id", required_argument, NULL, OPT_BUILD_ID },
    { "pid", required_argument, NULL, OPT_PID },
    { "comm", required_argument, NULL, OPT_COMM },
    { "no-lbr", no_argument, NULL, OPT_NO_LBR },
    { "no-callchains", no_argument, NULL, OPT_NO_CHAINS },
    { "exec-model", required_argument, NULL, OPT_EXEC_MODEL },
    { "insn-counts", required_argument, NULL, OPT_INSN_COUNTS },
    { "output", required_argument, NULL, 'o' },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "verbose", no_argument, NULL, 'v' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  /* Inputs in command-line order: kind 't', 'p' or 's'.  */
  const char **inputs = calloc ((size_t) argc + 1, sizeof *inputs);
  char *kinds = calloc ((size_t) argc + 1, 1);
  uint32_t *pids = calloc ((size_t) argc * 16 + 1, sizeof *pids);
  size_t n_inputs = 0, n_perf = 0, n_pids = 0, cap_pids = (size_t) argc * 16;
  const char *out = NULL, *bin_path = NULL;
  afdo_format fmt = AFDO_FORMAT_GCOV;
  convert_opts co;
  char buf[700];
  int c;

  memset (&co, 0, sizeof co);
  co.use_lbr = -1;
  co.build_id = BUILD_ID_CHECK;
  co.exec_model = EXEC_LIFT;
  if (!inputs || !kinds || !pids)
    fail ("out of memory");
  opterr = 0;
  while ((c = getopt_long (argc, argv, "o:hv", opts, NULL)) != -1)
    switch (c)
      {
      case OPT_TEXT:
      case OPT_PERF:
      case OPT_SCRIPT:
	kinds[n_inputs] = c == OPT_TEXT ? 't' : c == OPT_PERF ? 'p' : 's';
	inputs[n_inputs++] = optarg;
	if (c != OPT_TEXT)
	  n_perf++;
	break;
      case OPT_BINARY:
	if (bin_path)
	  fail ("only one --binary is supported");
	bin_path = optarg;
	break;
      case OPT_BUILD_ID:
	if (!strcmp (optarg, "check"))
	  co.build_id = BUILD_ID_CHECK;
	else if (!strcmp (optarg, "warn"))
	  co.build_id = BUILD_ID_WARN;
	else if (!strcmp (optarg, "ignore"))
	  co.build_id = BUILD_ID_IGNORE;
	else
	  {
	    snprintf (buf, sizeof buf, "unknown --build-id '%s' (check, warn "
		      "or ignore)", optarg);
	    fail (buf);
	  }
	break;
      case OPT_PID:
	{
	  const char *p = optarg;
	  for (;;)
	    {
	      char *e;
	      errno = 0;
	      unsigned long v = strtoul (p, &e, 10);
	      if (e == p || errno || v > UINT32_MAX
		  || (*e && *e != ','))
		{
		  snprintf (buf, sizeof buf, "bad --pid '%s' (a list of "
			    "process ids)", optarg);
		  fail (buf);
		}
	      if (n_pids == cap_pids)
		fail ("too many --pid values");
	      pids[n_pids++] = (uint32_t) v;
	      if (!*e)
		break;
	      p = e + 1;
	    }
	}
	break;
      case OPT_COMM:
	co.comm = optarg;
	break;
      case OPT_NO_LBR:
	co.use_lbr = 0;
	break;
      case OPT_NO_CHAINS:
	co.no_callchains = true;
	break;
      case OPT_EXEC_MODEL:
	if (!exec_model_parse (optarg, &co.exec_model))
	  {
	    snprintf (buf, sizeof buf, "unknown --exec-model '%s' (raw, "
		      "norm, lift, skid, mcf or full)", optarg);
	    fail (buf);
	  }
	break;
      case OPT_INSN_COUNTS:
	co.insn_counts = optarg;
	break;
      case 'o':
	out = optarg;
	break;
      case OPT_FORMAT:
	if (!strcmp (optarg, "gcov"))
	  fmt = AFDO_FORMAT_GCOV;
	else if (!strcmp (optarg, "text"))
	  fmt = AFDO_FORMAT_TEXT;
	else
	  {
	    snprintf (buf, sizeof buf,
		      "unknown --format '%s' (gcov or text)", optarg);
	    fail (buf);
	  }
	break;
      case 'v':
	co.verbose++;
	break;
      case 'h':
	usage (stdout);
	return 0;
      default:
	if (optopt && optopt < 256)
	  snprintf (buf, sizeof buf, "invalid option '-%c' (see --help)",
		    optopt);
	else
	  snprintf (buf, sizeof buf, "invalid option '%s' (see --help)",
		    argv[optind - 1]);
	fail (buf);
      }
  if (optind < argc)
    {
      snprintf (buf, sizeof buf, "unexpected argument '%s' (see --help)",
		argv[optind]);
      fail (buf);
    }
  if (n_inputs == 0)
    fail ("no input (use --binary=BIN --perf=FILE, or --text=FILE; "
	  "see --help)");
  if (n_perf && !bin_path)
    fail ("--perf and --perf-script need --binary=BIN");
  if (bin_path && !n_perf)
    fail ("--binary given without --perf or --perf-script");
  if (co.insn_counts && !n_perf)
    fail ("--insn-counts needs --binary=BIN and --perf or --perf-script");
  if (!out)
    fail ("no output file (use -o FILE)");
  co.pids = pids;
  co.n_pids = n_pids;
  co.progress = isatty (2) && !co.verbose;

  double t0 = now ();
  afdo_profile *prof = afdo_profile_new ();
  afdo_error err;
  binary *bin = NULL;
  binprof bp;
  symbolizer *sym = NULL;
  if (n_perf)
    {
      bin = binary_open (bin_path, true, &err);
      if (!bin)
	fail (err.msg);
      binprof_init (&bp, bin, &co);
      sym = symbolizer_new (bin);
      if (!sym)
	fail ("out of memory");
      /* The DWARF and the CFGs of the sampled code are read while the
	 samples are (warmup.c).  */
      bp.warm = warmup_start (bin, sym);
    }
  for (size_t i = 0; i < n_inputs; i++)
    {
      if (kinds[i] == 't')
	{
	  afdo_profile *p = afdo_read_file (inputs[i], NULL, &err);
	  if (!p)
	    fail (err.msg);
	  if (co.verbose)
	    report_stated_totals (p, inputs[i]);
	  afdo_profile_merge (prof, p, 1);
	  afdo_profile_free (p);
	}
      else if (kinds[i] == 'p')
	{
	  if (binprof_add_perf_data (&bp, inputs[i], &err))
	    fail (err.msg);
	}
      else if (binprof_add_perf_script (&bp, inputs[i], &err))
	fail (err.msg);
    }
  double t1 = now ();
  if (n_perf)
    {
      if (bp.samples_binary == 0 && bp.n_branches == 0)
	{
	  snprintf (buf, sizeof buf, "%s: none of the %" PRIu64 " samples "
		    "%s in this binary (%" PRIu64 " kernel, %" PRIu64
		    " other binaries, %" PRIu64 " filtered out)", bin->path,
		    bp.samples, bp.samples == 1 ? "is" : "are",
		    bp.samples_kernel, bp.samples_other,
		    bp.samples_filtered);
	  fail (buf);
	}
      quality q;
      afdo_profile *p = binprof_to_profile (&bp, sym, &q, &err);
      if (!p)
	fail (err.msg);
      double t2 = now ();
      uint64_t in_bin = q.in_binary;
      if (co.verbose)
	{
	  sym_stats ss;
	  symbolizer_stats (sym, &ss);
	  fprintf (stderr,
		   "afdo-convert: %u input file(s), %" PRIu64 " samples, %"
		   PRIu64 " with branch stacks; %" PRIu64 " filtered out\n"
		   "afdo-convert: samples in %s: %" PRIu64 " (%.1f%%), "
		   "kernel: %" PRIu64 ", other binaries: %" PRIu64 "\n",
		   bp.files, bp.samples, bp.samples_lbr, bp.samples_filtered,
		   bin->base, in_bin, pct (in_bin, q.samples),
		   bp.samples_kernel, bp.samples_other);
	  fprintf (stderr,
		   "afdo-convert: of those: in a function with debug info "
		   "%.1f%%, with a line number %.1f%%, with a non-zero "
		   "discriminator %.1f%%, in inline instances %.1f%%\n",
		   pct (q.with_function, in_bin), pct (q.with_line, in_bin),
		   pct (q.with_disc, in_bin), pct (q.inlined, in_bin));
	  if (bp.uw)
	    {
	      unwind_stats us;
	      unwinder_stats (bp.uw, &us);
	      fprintf (stderr, "afdo-convert: user stacks: %" PRIu64
		       " samples in %s, %" PRIu64 " unwound, %" PRIu64
		       " frames\n", us.samples, bin->base, us.unwound,
		       us.frames);
	    }
	  if (bp.samples_chain || bp.chain_bad)
	    fprintf (stderr, "afdo-convert: call chains: %" PRIu64 " samples "
		     "with a caller in %s, %" PRIu64 " frames at its calls, %"
		     PRIu64 " broken; %" PRIu64 " indirect-call targets, %"
		     PRIu64 " calling contexts (%" PRIu64 " samples)\n",
		     bp.samples_chain, bin->base, bp.chain_frames,
		     bp.chain_bad, q.targets, q.contexts, q.context_samples);
	  if (q.cfg_functions)
	    fprintf (stderr, "afdo-convert: execution counts: %" PRIu64
		     " functions, %" PRIu64 " blocks, %" PRIu64 " jump "
		     "tables; %" PRIu64 " samples outside them, %" PRIu64
		     " flows unfinished\n", q.cfg_functions, q.cfg_blocks,
		     q.cfg_tables, q.cfg_unplaced, q.cfg_flows_failed);
	  if (q.lbr)
	    fprintf (stderr, "afdo-convert: LBR: %" PRIu64 " branches, %"
		     PRIu64 " ranges (%" PRIu64 " rejected)\n",
		     bp.n_branches, bp.ranges_ok, bp.ranges_bad);
	  fprintf (stderr, "afdo-convert: %" PRIu64 " records of other types "
		   "skipped, %" PRIu64 " LOST records; %" PRIu64 " addresses, "
		   "%" PRIu64 " lookups, %" PRIu64 " compilation units, %"
		   PRIu64 " scopes\n", bp.unknown_records, bp.lost_records,
		   q.addresses, ss.lookups, ss.cus, ss.scopes);
	  fprintf (stderr, "afdo-convert: %u functions, total %" PRIu64
		   "; read %.2fs, symbolized %.2fs\n", afdo_n_functions (p),
		   afdo_profile_total (p), t1 - t0, t2 - t1);
	}
      if (co.insn_counts && q.lbr)
	fprintf (stderr, "afdo-convert: warning: %s: branch stacks give "
		 "exact counts, no execution estimates: %s not written\n",
		 bin->base, co.insn_counts);
      if (q.chains_ignored)
	fprintf (stderr, "afdo-convert: warning: %s: %" PRIu64 " of the "
		 "samples' call chains have addresses of %s that do not "
		 "follow a call (frame-pointer chains of a binary built "
		 "without frame pointers?): the call chains are not used\n",
		 bin->base, bp.chain_bad, bin->base);
      if (in_bin && pct (q.with_line, in_bin) < 90.0)
	fprintf (stderr, "afdo-convert: warning: only %.1f%% of the samples "
		 "in %s have a line number (below 90%%); was it built with "
		 "-g?\n", pct (q.with_line, in_bin), bin->base);
      afdo_profile_merge (prof, p, 1);
      afdo_profile_free (p);
      symbolizer_free (sym);
      binprof_free (&bp);
      binary_close (bin);
    }
  afdo_profile_finalize (prof);
  if (afdo_write_file (prof, out, fmt, &err) != 0)
    fail (err.msg);
  afdo_profile_free (prof);
  free (inputs);
  free (kinds);
  free (pids);
  return 0;
}
