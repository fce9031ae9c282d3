/* afdo: one allocation region for a function with samples, around GCC
   12's register allocator.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* GCC's register allocator (IRA) colours a function loop by loop at -O2
   (-fira-region=mixed).  After colouring a region, improve_allocation
   tries to give a spilled value a register by taking it from values it
   conflicts with, when the costs say the exchange pays.  GCC 12 prices
   a "soft" conflict there, with a value of the enclosing loop that is
   live across an inner loop but not used in it, at what spilling that
   value inside the inner loop costs: a store on the inner loop's entry
   and a load on its exit, so as little as that loop is entered.  Having
   chosen the exchange, it then spills every conflicting value that holds
   the register, the soft one in the whole enclosing loop
   (ira-color.cc, improve_allocation, GCC 12.2).

   Measured counts make that price small exactly where an inner loop is
   rare.  lz4's match finder keeps distNextMatch in a register across
   LZ4HC_countPattern's loop, inlined into a branch its chain walk takes
   0.34 % of the time by the lift's counts (afdo-convert's default): to
   give a pointer of that rare loop a register, IRA spilled distNextMatch
   from the whole walk, a store and a load on the walk's dependence chain
   in every step (lz4 6 to 9 % slower than -O2).  With the counts of
   the norm model the branch is taken half the time, which prices the
   conflict too high to exchange.

   With one region for the whole function (-fira-region=one) there is
   no enclosing loop and no soft conflict.  Where the function's counts
   are its samples', the pass before "ira" makes it one region, and the
   pass after "reload" gives back the regions as given (ira-region=1).
   Not the pass right after "ira": "ira" asks the pass manager not to
   collect garbage before "reload", whose input (the equivalences
   IRA found) is not rooted, and a pass in between would collect it (an
   internal compiler error in LRA on sqlite3's sqlite3VdbeExec;
   ira-region-gc.c collects at every chance).  A
   -fira-region on the command line is kept.  Keeping as regions only
   the loops whose header ran at least 1/64 as often as the function's
   hottest one (through --param ira-max-loops-num, which drops the least
   frequent loops first) also kept the spill out of lz4's walk, but
   gained less on the other programs (benchmarks/results/NOTES.md,
   "Allocation regions").  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "options.h"
#include "flag-types.h"
#include "profile-count.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

namespace {

static bool
region_gate (afdo_session *s, function *)
{
  return (s->opts.ira_region && s->any_annotated
	  && flag_ira_region != IRA_REGION_ONE
	  && !global_options_set.x_flag_ira_region);
}

static unsigned int
region_execute (afdo_session *s, function *fn)
{
  if (!afdo_counts_p (fn))
    return 0;
  s->given_ira_region = flag_ira_region;
  flag_ira_region = IRA_REGION_ONE;
  s->ira_region_set = true;
  if (dump_file)
    fprintf (dump_file, "%s: one allocation region\n", function_name (fn));
  return 0;
}

/* After "reload": the given regions.  */
static bool
region_end_gate (afdo_session *s, function *)
{
  return s->ira_region_set;
}

static unsigned int
region_end_execute (afdo_session *s, function *)
{
  flag_ira_region = (enum ira_region) s->given_ira_region;
  s->ira_region_set = false;
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_region_pass (afdo_session *s, bool restore)
{
  if (restore)
    return new afdo_pass<rtl_opt_pass>
      (afdo_pass_data (RTL_PASS, "*autofdo_region_end", TV_NONE, 0), s,
       region_end_gate, region_end_execute);
  return new afdo_pass<rtl_opt_pass>
    (afdo_pass_data (RTL_PASS, "autofdo_region", TV_NONE, 0), s,
     region_gate, region_execute);
}
