/* afdo: an interpreter's computed gotos keep their own copies, and its
   dispatch computes nothing for a rare handler.
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
   A -fcrossjumping or -fno-crossjumping on the command line is kept.

   GCC's RTL PRE ("rtl pre") makes an expression that is partially
   redundant at a block fully redundant by inserting it on the edges
   along which it is missing.  An abnormal edge, as every edge out of a
   computed goto is, cannot be split, and PRE then inserts at the end of
   the edge's source.  A handler entered both from the dispatch and
   directly from another handler that computed the same expression (lua
   5.4's OP_TFORLOOP, which OP_TFORCALL enters by a goto: both compute
   ra + 4) draws the insertion into the dispatch, which every
   instruction the interpreter runs goes through: in lua's luaV_execute
   a `lea` in each of the 80 copies compgotos makes of it, and a
   register held across every dispatch for a value one rare handler
   uses.  Instrumented FDO escapes it through the tracer, which gives
   OP_TFORCALL its own copy of OP_TFORLOOP; -fno-gcse, which GCC's manual
   suggests for programs with computed gotos, escapes it too, but loses
   what PRE does elsewhere (QuickJS's JS_CallInternal: 1.3 % more
   instructions).  Where the profile says such a block is hot and the
   successors that use the inserted value ran at most half as often, the
   pass after "rtl pre" moves the insertion to the start of those
   successors (dispatch-sink=1).  It moves only a computation without
   memory, side effects or traps whose result the jump does not use, and
   only to a successor whose other predecessors end with the same value
   in the same register: an assignment of the same expression, its
   operands not set since, in the predecessor or on every path above
   it.  */

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
#include "memmodel.h"
#include "df.h"
#include "emit-rtl.h"
#include "cfgrtl.h"
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

/* Whether the register DEST holds SRC, an expression of registers and
   constants, at the end of block BB: BB assigns SRC to DEST and sets
   none of SRC's registers after it, or BB sets neither DEST nor one of
   SRC's registers and DEST holds SRC at the end of each of BB's
   predecessors, up to DEPTH blocks up.  VISITED holds the blocks
   looked at: one reached a second time, by a loop or a second path,
   proves nothing.  */
static bool
holds_at_end_p (basic_block bb, rtx dest, rtx src, int depth,
		bitmap visited)
{
  if (depth == 0 || bb == ENTRY_BLOCK_PTR_FOR_FN (cfun)
      || !bitmap_set_bit (visited, bb->index))
    return false;
  rtx_insn *insn;
  FOR_BB_INSNS_REVERSE (bb, insn)
    {
      if (!NONDEBUG_INSN_P (insn))
	continue;
      if (reg_set_p (dest, insn))
	{
	  rtx set = single_set (insn);
	  return (set && rtx_equal_p (SET_DEST (set), dest)
		  && rtx_equal_p (SET_SRC (set), src)
		  && !modified_in_p (src, insn));
	}
      if (modified_in_p (src, insn))
	return false;
    }
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    if (!holds_at_end_p (e->src, dest, src, depth - 1, visited))
      return false;
  return EDGE_COUNT (bb->preds) > 0;
}

/* The count of block BB, 0 when it has none.  */
static gcov_type
count_of (basic_block bb)
{
  return bb->count.initialized_p () ? bb->count.to_gcov_type () : 0;
}

/* Only a function with a hot computed jump: the pass then costs the
   others nothing, not even the dataflow it needs.  */
static bool
sink_gate (afdo_session *s, function *fn)
{
  return (s->opts.dispatch_sink && s->any_annotated && flag_gcse
	  && !flag_auto_profile && hot_computed_jump_p (fn));
}

/* After "rtl pre": an insertion at the end of a hot block that ends in a
   computed jump moves to the successors that use it.  */
static unsigned int
sink_execute (afdo_session *, function *fn)
{
  basic_block bb;
  unsigned moved = 0;
  df_analyze ();
  FOR_EACH_BB_FN (bb, fn)
    {
      rtx_insn *jump = BB_END (bb);
      if (!jump || !JUMP_P (jump) || !computed_jump_p (jump)
	  || !maybe_hot_bb_p (fn, bb))
	continue;
      rtx_insn *insn = prev_nonnote_nondebug_insn_bb (jump);
      if (!insn || !NONJUMP_INSN_P (insn))
	continue;
      rtx set = PATTERN (insn);
      if (GET_CODE (set) != SET)
	continue;
      rtx dest = SET_DEST (set), src = SET_SRC (set);
      if (!REG_P (dest) || HARD_REGISTER_P (dest)
	  || side_effects_p (src) || may_trap_p (src)
	  || contains_mem_rtx_p (src) || reg_mentioned_p (dest, src)
	  || reg_referenced_p (dest, PATTERN (jump))
	  || find_reg_note (insn, REG_EQUIV, NULL_RTX))
	continue;
      auto_vec<basic_block, 8> users;
      gcov_type need = 0;
      bool ok = true;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  basic_block to = e->dest;
	  if (!bitmap_bit_p (DF_LR_IN (to), REGNO (dest)))
	    continue;
	  if (to == bb || to == EXIT_BLOCK_PTR_FOR_FN (fn))
	    {
	      ok = false;
	      break;
	    }
	  edge pe;
	  edge_iterator pei;
	  FOR_EACH_EDGE (pe, pei, to->preds)
	    if (pe->src != bb
		&& !holds_at_end_p (pe->src, dest, src, 16, auto_bitmap ()))
	      {
		ok = false;
		break;
	      }
	  if (!ok)
	    break;
	  users.safe_push (to);
	  need += count_of (to);
	}
      if (!ok || users.is_empty () || need > count_of (bb) / 2)
	continue;
      unsigned i;
      basic_block to;
      FOR_EACH_VEC_ELT (users, i, to)
	emit_insn_after (copy_rtx (PATTERN (insn)), bb_note (to));
      if (dump_file)
	{
	  fprintf (dump_file, "  bb %d: insn %d, moved to the start of",
		   bb->index, INSN_UID (insn));
	  FOR_EACH_VEC_ELT (users, i, to)
	    fprintf (dump_file, " bb %d", to->index);
	  fprintf (dump_file, " (count %" PRId64 " against %" PRId64 ")\n",
		   (int64_t) need, (int64_t) count_of (bb));
	}
      delete_insn (insn);
      moved++;
    }
  if (dump_file && moved)
    fprintf (dump_file, "%s: %u computations moved out of hot computed "
	     "jumps' blocks\n", function_name (fn), moved);
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_sink_pass (afdo_session *s)
{
  return new afdo_pass<rtl_opt_pass>
    (afdo_pass_data (RTL_PASS, "autofdo_sink", TV_NONE, 0), s,
     sink_gate, sink_execute);
}

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
