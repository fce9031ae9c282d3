/* afdo: an interpreter's computed gotos keep their own copies.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* An interpreter that dispatches with computed gotos (goto *table[op])
   ends every handler the same way: fetch the next instruction, jump
   through the table.  GCC makes one block of that jump early, and its
   "compgotos" pass copies the block back into every handler that jumps
   to it, so that each handler has an indirect jump of its own and the
   branch predictor learns the successors of each opcode apart.

   "jump2", which runs just before, cross-jumps: it merges the identical
   tails of the predecessors of a block.  GCC 12's try_crossjump_bb means
   to leave a block that ends in a computed jump alone unless it is
   optimized for size, and tests the opposite: it leaves it alone only
   when it is optimized for size.  The handlers' common tails (the test
   for hooks, the fetch) become a few shared ones that reach the jump by
   a conditional branch, which compgotos cannot copy into: an
   interpreter of many opcodes keeps only a few indirect jumps.
   Instrumented FDO keeps more only where the hot/cold partition gives
   the dispatch block predecessors in both sections, which
   try_crossjump_bb leaves alone (doc/design.md, part 13).

   Where the profile says a computed jump is hot, these two passes turn
   cross-jumping off for the function around "jump2" and on again after
   it (dispatch=1).  The rest of the function loses the tails cross-
   jumping would have shared; instrumented FDO's functions lose them
   the same way wherever partitioning separates their predecessors.
   A -fcrossjumping or -fno-crossjumping on the command line is kept.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "rtl.h"
#include "options.h"
#include "predict.h"
#include "profile-count.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

namespace {

/* Whether FN's counts came from the profile and one of its hot blocks
   ends in a computed jump.  */
static bool
hot_computed_jump_p (function *fn)
{
  if (!afdo_counts_p (fn))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    if (BB_END (bb) && JUMP_P (BB_END (bb)) && computed_jump_p (BB_END (bb))
	&& maybe_hot_bb_p (fn, bb))
      return true;
  return false;
}

/* Before "jump2": cross-jumping off for a function with a hot computed
   jump.  Under -fprofile-use the counts are not of AFDO quality, and
   under -fauto-profile they are not the plugin's.  */
static bool
dispatch_gate (afdo_session *s, function *)
{
  return (s->opts.dispatch && s->any_annotated && flag_crossjumping
	  && !global_options_set.x_flag_crossjumping && !flag_auto_profile);
}

static unsigned int
dispatch_execute (afdo_session *s, function *fn)
{
  if (hot_computed_jump_p (fn))
    {
      flag_crossjumping = 0;
      s->crossjumping_off = true;
    }
  return 0;
}

/* After "jump2": on again.  */
static bool
dispatch_end_gate (afdo_session *s, function *)
{
  return s->crossjumping_off;
}

static unsigned int
dispatch_end_execute (afdo_session *s, function *)
{
  flag_crossjumping = 1;
  s->crossjumping_off = false;
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_dispatch_pass (afdo_session *s, bool restore)
{
  if (restore)
    return new afdo_pass<rtl_opt_pass>
      (afdo_pass_data (RTL_PASS, "*autofdo_dispatch_end", TV_NONE, 0), s,
       dispatch_end_gate, dispatch_end_execute);
  return new afdo_pass<rtl_opt_pass>
    (afdo_pass_data (RTL_PASS, "*autofdo_dispatch", TV_NONE, 0), s,
     dispatch_gate, dispatch_execute);
}
