/* afdo: the profile a translation unit is annotated from, with the
   inline instances it does not recreate folded into their functions.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* In the profiled binary, calls were inlined that are not inlined (yet)
   in the IR the plugin annotates: GCC's regular inliner runs after the
   annotation.  The samples of such a call live in a nested instance of
   the caller that no statement of the caller reaches; the callee's
   outline body is what executes them in this compilation until the
   inliner decides otherwise (and then it scales the callee's counts by
   the call's count).  So, after a dry run over every function of the
   translation unit has marked the nested instances its statements reach,
   each nested instance that was not reached and whose function is
   defined in this translation unit is moved, with everything nested in
   it, to that function's own instance.  The result is a small profile
   holding the top-level instances of this translation unit's functions
   only; annotation reads it instead of the whole profile.  An instance
   folded brings the instances nested in it along; once the early
   inliner has recreated the hot ones, those still not reached are folded
   in turn (afdo_refold_unit), one nesting level a round.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "cgraph.h"
#include "hash-set.h"
#include "hash-map.h"
#include "tree-pass.h"
#include "afdo-plugin.h"

/* Whether nested instance C is to be folded into its function.  */
static bool
folded_p (const afdo_function *c, const vec<char> &defined)
{
  return (!(c->aux & AFDO_AUX_REACHED) && c->name < defined.length ()
	  && defined[c->name]);
}

/* Add SRC (of profile SP) and everything nested in it into DST (of
   profile DP), except, when DEFINED is given, the nested instances that
   are folded elsewhere.  Each instance of SP added goes into the list of
   SOURCES of the instance of DP it is added to; when SP was itself made
   from other instances (OLD, the sources of SP's instances), those.  */
static void
add_instance (afdo_profile *dp, afdo_function *dst, const afdo_profile *sp,
	      const afdo_function *src, const vec<char> *defined,
	      afdo_sources *sources, afdo_sources *old)
{
  vec<const afdo_function *> &to = sources->get_or_insert (dst);
  if (!old)
    to.safe_push (src);
  else if (const vec<const afdo_function *> *from = old->get (src))
    for (unsigned i = 0; i < from->length (); i++)
      to.safe_push ((*from)[i]);
  dst->head = afdo_count_add (dst->head, src->head);
  for (uint32_t i = 0; i < src->n_pos; i++)
    {
      const afdo_pos *s = &src->pos[i];
      afdo_pos *d = afdo_pos_get (dst, s->key, true);
      afdo_pos_add (d, s->count);
      for (uint32_t j = 0; j < s->n_targets; j++)
	afdo_target_add (d, afdo_intern_str (dp, afdo_name (sp, s->targets[j].name)),
			 s->targets[j].count);
    }
  for (uint32_t i = 0; i < src->n_callees; i++)
    {
      const afdo_function *c = src->callees[i];
      if (defined && folded_p (c, *defined))
	continue;
      afdo_function *dc
	= afdo_callee (dp, dst, c->callsite,
		       afdo_intern_str (dp, afdo_name (sp, c->name)), true);
      add_instance (dp, dc, sp, c, defined, sources, old);
    }
}

/* Fold the nested instances of INST that no statement reached.  */
static void
fold_unreached (afdo_profile *off, const afdo_profile *prof,
		const afdo_function *inst, const vec<char> &defined,
		afdo_offline_stats *stats, afdo_sources *sources,
		afdo_sources *old)
{
  for (uint32_t i = 0; i < inst->n_callees; i++)
    {
      afdo_function *c = inst->callees[i];
      if (c->aux & AFDO_AUX_REACHED)
	fold_unreached (off, prof, c, defined, stats, sources, old);
      else if (folded_p (c, defined))
	{
	  afdo_function *top
	    = afdo_top (off, afdo_intern_str (off, afdo_name (prof, c->name)),
			true);
	  add_instance (off, top, prof, c, NULL, sources, old);
	  stats->folded_instances++;
	  stats->folded_samples
	    = afdo_count_add (stats->folded_samples, c->total);
	}
    }
}

/* A new profile with the top-level instances TOPS (of PROF; NULLs are
   skipped) and, added to the instance of their function, the nested
   instances of TOPS that no statement reached and whose function is
   defined here (DEFINED[name index in PROF]).  SOURCES gets, for each
   instance of the new profile, the instances of PROF added into it (or
   theirs in OLD, when PROF was made so).  */
static afdo_profile *
offline_profile (afdo_profile *prof, const vec<afdo_function *> &tops,
		 const vec<char> &defined, afdo_offline_stats *stats,
		 afdo_sources *sources, afdo_sources *old)
{
  afdo_profile *off = afdo_profile_new ();
  hash_set<afdo_function *> done;
  for (unsigned i = 0; i < tops.length (); i++)
    {
      afdo_function *t = tops[i];
      if (!t || done.add (t))
	continue;
      afdo_function *dst
	= afdo_top (off, afdo_intern_str (off, afdo_name (prof, t->name)),
		    true);
      add_instance (off, dst, prof, t, &defined, sources, old);
    }
  /* Walk each distinct top-level instance once.  */
  for (unsigned i = 0; i < tops.length (); i++)
    if (tops[i] && !(tops[i]->aux & AFDO_AUX_FOLDED))
      {
	tops[i]->aux |= AFDO_AUX_FOLDED;
	fold_unreached (off, prof, tops[i], defined, stats, sources, old);
      }
  afdo_profile_finalize (off);
  return off;
}

void
afdo_fold_unit (afdo_unit *u)
{
  afdo_profile *prof = u->s->prof;
  auto_vec<afdo_function *> tops;
  auto_vec<char> defined;
  defined.safe_grow_cleared (afdo_n_names (prof));
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!afdo_unit_function_p (node))
	continue;
      afdo_unit_fn f;
      f.decl = node->decl;
      f.node = node;
      f.inst = NULL;
      uint32_t idx = u->whole->lookup (node->decl, &f.exact);
      if (idx != UINT32_MAX)
	{
	  defined[idx] = 1;
	  f.inst = afdo_top (prof, idx, false);
	}
      u->fns.safe_push (f);
      if (f.inst)
	tops.safe_push (f.inst);
    }
  /* Which inline instances do the statements reach?  */
  for (unsigned i = 0; i < u->fns.length (); i++)
    if (u->fns[i].inst)
      {
	push_cfun (DECL_STRUCT_FUNCTION (u->fns[i].node->decl));
	afdo_mark_reached (u, u->whole, u->fns[i].inst);
	pop_cfun ();
      }
  memset (&u->offline_stats, 0, sizeof u->offline_stats);
  u->prof = offline_profile (prof, tops, defined, &u->offline_stats,
			     &u->sources, NULL);
  u->names = new afdo_names (u->prof);
}

/* Whether INST has a nested instance, at any depth below the reached
   ones, that is to be folded.  */
static bool
any_folded_p (const afdo_function *inst, const vec<char> &defined)
{
  for (uint32_t i = 0; i < inst->n_callees; i++)
    {
      const afdo_function *c = inst->callees[i];
      if (c->aux & AFDO_AUX_REACHED
	  ? any_folded_p (c, defined) : folded_p (c, defined))
	return true;
    }
  return false;
}

/* Whether INST has a nested instance, at any depth, of a function
   defined here: only then can a dry run find one to fold.  */
static bool
nested_defined_p (const afdo_function *inst, const vec<char> &defined)
{
  for (uint32_t i = 0; i < inst->n_callees; i++)
    {
      const afdo_function *c = inst->callees[i];
      if ((c->name < defined.length () && defined[c->name])
	  || nested_defined_p (c, defined))
	return true;
    }
  return false;
}

/* The most rounds of afdo_refold_unit: nesting levels folded.  */
#define MAX_REFOLDS 8

void
afdo_refold_unit (afdo_unit *u)
{
  for (int round = 0; round < MAX_REFOLDS; round++)
    {
      afdo_profile *prof = u->prof;
      auto_vec<afdo_function *> tops;
      auto_vec<function *> fns;
      auto_vec<char> defined;
      defined.safe_grow_cleared (afdo_n_names (prof));
      for (unsigned i = 0; i < u->fns.length (); i++)
	{
	  cgraph_node *node = cgraph_node::get (u->fns[i].decl);
	  if (!node || !node->definition)
	    continue;
	  bool exact;
	  uint32_t idx = u->names->lookup (node->decl, &exact);
	  if (idx == UINT32_MAX)
	    continue;
	  defined[idx] = 1;
	  afdo_function *inst = afdo_top (prof, idx, false);
	  if (!inst)
	    continue;
	  tops.safe_push (inst);
	  fns.safe_push (DECL_STRUCT_FUNCTION (node->decl));
	}
      /* The dry run walks every statement: only over the functions
	 whose instance has something it could leave unreached.  */
      bool any = false;
      for (unsigned i = 0; i < tops.length (); i++)
	if (fns[i] && fns[i]->cfg && nested_defined_p (tops[i], defined))
	  {
	    push_cfun (fns[i]);
	    afdo_mark_reached (u, u->names, tops[i]);
	    pop_cfun ();
	    any = any || any_folded_p (tops[i], defined);
	  }
      if (!any)
	return;

      /* The samples were counted when the instance they came with was
	 folded.  */
      uint64_t folded_samples = u->offline_stats.folded_samples;
      afdo_sources sources;
      afdo_profile *off = offline_profile (prof, tops, defined,
					   &u->offline_stats, &sources,
					   &u->sources);
      u->offline_stats.folded_samples = folded_samples;
      for (afdo_sources::iterator it = u->sources.begin ();
	   it != u->sources.end (); ++it)
	(*it).second.release ();
      u->sources.empty ();
      for (afdo_sources::iterator it = sources.begin ();
	   it != sources.end (); ++it)
	u->sources.put ((*it).first, (*it).second);
      delete u->names;
      afdo_profile_free (prof);
      u->prof = off;
      u->names = new afdo_names (off);
    }
}
