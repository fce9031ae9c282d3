/* afdo: lookups of the GCC plugin: function names, inline stacks, call
   sites and positions.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Every statement's extended source location is its inline stack, read
   from the chain of BLOCKs: each BLOCK that is the outer scope of an
   inlined call gives the inlined function (its abstract origin) and the
   location of the call.  Line offsets are taken against
   DECL_SOURCE_LINE of the function each location is in.  The stack is
   looked up from the function's top-level instance through the nested
   instances (call site, callee name) down to the instance that holds
   the statement's position.  Function declarations are matched with
   profile names as GCC 12 matches them.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "cgraph.h"
#include "langhooks.h"
#include "hash-set.h"
#include "hash-map.h"
#include "tree-pass.h"
#include "afdo-plugin.h"
#include "afdo-match.h"

/* Functions the matcher found under another name in the profile
   (afdo-match.cc): the declaration and the profile's name.  */
static hash_map<tree, const char *> *renamed;

void
afdo_names_rename (tree decl, const char *name)
{
  if (!renamed)
    renamed = new hash_map<tree, const char *>;
  renamed->put (decl, name);
}

uint32_t
afdo_names::lookup (tree decl, bool *exact) const
{
  if (exact)
    *exact = false;
  for (int depth = 0; decl && depth < 8; depth++)
    {
      if (TREE_CODE (decl) != FUNCTION_DECL)
	break;
      if (const char **was = renamed ? renamed->get (decl) : NULL)
	{
	  uint32_t idx = afdo_name_index (prof, *was, strlen (*was));
	  if (idx != UINT32_MAX)
	    {
	      if (exact)
		*exact = depth == 0;
	      return idx;
	    }
	}
      tree id = DECL_ASSEMBLER_NAME (decl);
      if (id && TREE_CODE (id) == IDENTIFIER_NODE)
	{
	  const char *name = IDENTIFIER_POINTER (id);
	  if (name[0] == '*')
	    name++;
	  /* Clone suffixes (.constprop.0, .isra.0, .part.0, ...) name the
	     same source function.  */
	  size_t len = strcspn (name, ".");
	  uint32_t idx = afdo_name_index (prof, name, len);
	  if (idx != UINT32_MAX)
	    {
	      if (exact)
		*exact = name[len] == '\0' && depth == 0;
	      return idx;
	    }
	}
      const char *dwarf = lang_hooks.dwarf_name (decl, 0);
      if (dwarf)
	{
	  uint32_t idx = afdo_name_index (prof, dwarf, strlen (dwarf));
	  if (idx != UINT32_MAX)
	    return idx;
	}
      tree origin = DECL_ABSTRACT_ORIGIN (decl);
      if (!origin || origin == decl)
	break;
      decl = origin;
    }
  return UINT32_MAX;
}

uint32_t
afdo_names::index (tree decl)
{
  if (unsigned *slot = cache.get (decl))
    return *slot;
  uint32_t idx = lookup (decl, NULL);
  cache.put (decl, idx);
  return idx;
}

afdo_function *
afdo_names::top (tree decl)
{
  uint32_t idx = index (decl);
  return idx == UINT32_MAX ? NULL : afdo_top (prof, idx, false);
}

afdo_function *
afdo_callee_at (const afdo_profile *prof, const afdo_function *inst,
		uint32_t offset, uint32_t disc, uint32_t name)
{
  if (name != AFDO_ANY_NAME)
    {
      afdo_function *f = NULL;
      if (disc != AFDO_ANY_DISC)
	f = afdo_callee_find (prof, inst, AFDO_KEY (offset, disc), name);
      if (!f && disc != 0)
	f = afdo_callee_find (prof, inst, AFDO_KEY (offset, 0), name);
      if (f)
	return f;
    }
  afdo_function *best = NULL, *best_exact = NULL, *best_zero = NULL;
  for (uint32_t i = 0; i < inst->n_callees; i++)
    {
      afdo_function *c = inst->callees[i];
      if (AFDO_KEY_OFFSET (c->callsite) != offset
	  || (name != AFDO_ANY_NAME && c->name != name))
	continue;
      if (!best || c->total > best->total)
	best = c;
      uint32_t d = AFDO_KEY_DISC (c->callsite);
      if (disc != AFDO_ANY_DISC && d == (disc & 0xffffu)
	  && (!best_exact || c->total > best_exact->total))
	best_exact = c;
      if (d == 0 && (!best_zero || c->total > best_zero->total))
	best_zero = c;
    }
  if (best_exact)
    return best_exact;
  if (name == AFDO_ANY_NAME)
    return best;
  return best_zero ? best_zero : best;
}

/* One level of an inline stack: a location in function DECL.  */
struct stack_entry
{
  tree decl;
  location_t loc;
};

#define MAX_STACK 64

/* Whether BLOCK, the outer scope of an inlined call of ORIGIN, is a part
   split off the function it was inlined into: ORIGIN is the function
   of the next inlined scope outside it, or of cfun.  */
static bool
split_part_block_p (tree block, tree origin)
{
  for (tree b = BLOCK_SUPERCONTEXT (block); b && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    if (inlined_function_outer_scope_p (b))
      return block_ultimate_origin (b) == origin;
  tree fn = current_function_decl;
  while (DECL_ABSTRACT_ORIGIN (fn) && DECL_ABSTRACT_ORIGIN (fn) != fn)
    fn = DECL_ABSTRACT_ORIGIN (fn);
  return fn == origin;
}

/* Fill STACK with the inline stack of STMT, innermost first; the last
   entry is in current_function_decl.  Returns its depth, 0 when STMT has
   no usable location.  */
static unsigned
inline_stack_at (location_t loc, tree scope, stack_entry *stack,
		 bool need_loc = true)
{
  if (need_loc && LOCATION_LOCUS (loc) == UNKNOWN_LOCATION)
    return 0;
  unsigned n = 0;
  for (tree block = scope;
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    {
      if (!inlined_function_outer_scope_p (block))
	continue;
      tree origin = block_ultimate_origin (block);
      if (!origin || TREE_CODE (origin) != FUNCTION_DECL)
	return 0;
      /* A part GCC split off a function, inlined back into it (the
	 early inliner does so, split-parts): its statements are the
	 function's own.  */
      if (split_part_block_p (block, origin))
	continue;
      location_t call = BLOCK_SOURCE_LOCATION (block);
      if (LOCATION_LOCUS (call) == UNKNOWN_LOCATION)
	return 0;
      if (n + 1 >= MAX_STACK)
	return 0;
      stack[n].decl = origin;
      stack[n].loc = loc;
      n++;
      loc = call;
    }
  stack[n].decl = current_function_decl;
  stack[n].loc = loc;
  return n + 1;
}

static unsigned
inline_stack (gimple *stmt, stack_entry *stack, bool need_loc = true)
{
  return inline_stack_at (gimple_location (stmt), gimple_block (stmt),
			  stack, need_loc);
}

static uint32_t
line_offset (const stack_entry &e)
{
  return ((uint32_t) LOCATION_LINE (e.loc)
	  - (uint32_t) DECL_SOURCE_LINE (e.decl)) & 0xffffu;
}

/* Fill DECLS and OFFSETS with the frames of LOC, a location with its
   scope (an edge's goto_locus), innermost first; their number, 0 when
   LOC has none or more than MAX.  */
unsigned
afdo_loc_frames (location_t loc, tree *decls, uint32_t *offsets,
		 unsigned max)
{
  stack_entry stack[MAX_STACK];
  unsigned n = inline_stack_at (loc, LOCATION_BLOCK (loc), stack);
  if (n > max)
    return 0;
  for (unsigned k = 0; k < n; k++)
    {
      decls[k] = stack[k].decl;
      offsets[k] = line_offset (stack[k]);
    }
  return n;
}

/* A statement's location carries its scope (gimple_block).  */
unsigned
afdo_stmt_frames (gimple *stmt, tree *decls, uint32_t *offsets,
		  unsigned max)
{
  return afdo_loc_frames (gimple_location (stmt), decls, offsets, max);
}

afdo_function *
afdo_stmt_instance (afdo_names *names, afdo_function *top, gimple *stmt,
		    bool mark, uint32_t *offset)
{
  stack_entry stack[MAX_STACK];
  /* Without OFFSET only the scope matters, not STMT's own location.  */
  unsigned n = inline_stack (stmt, stack, offset != NULL);
  if (n == 0)
    return NULL;
  afdo_function *inst = top;
  for (unsigned k = n - 1; k >= 1; k--)
    {
      uint32_t name = names->index (stack[k - 1].decl);
      if (name == UINT32_MAX)
	return NULL;
      /* Inlined calls keep no discriminator in GCC 12: any will do.  */
      inst = afdo_callee_at (names->prof, inst, line_offset (stack[k]), 0,
			     name);
      if (!inst)
	return NULL;
      if (mark)
	inst->aux |= AFDO_AUX_REACHED;
    }
  if (offset)
    *offset = line_offset (stack[0]);
  return inst;
}

afdo_function *
afdo_stmt_instance_any (afdo_names *names, gimple *stmt, uint32_t *offset)
{
  stack_entry stack[MAX_STACK];
  unsigned n = inline_stack (stmt, stack);
  if (n == 0)
    return NULL;
  afdo_function *inst = names->top (stack[n - 1].decl);
  for (unsigned k = n - 1; inst && k >= 1; k--)
    {
      uint32_t name = names->index (stack[k - 1].decl);
      if (name == UINT32_MAX)
	return NULL;
      afdo_function *next = afdo_callee_at (names->prof, inst,
					    line_offset (stack[k]), 0, name);
      inst = next ? next : afdo_top (names->prof, name, false);
    }
  if (!inst)
    return NULL;
  *offset = line_offset (stack[0]);
  return inst;
}

void
afdo_line_positions (const afdo_function *inst, uint32_t offset,
		     uint32_t *first, uint32_t *last)
{
  afdo_key_t key = AFDO_KEY (offset, 0);
  uint32_t lo = 0, hi = inst->n_pos;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (inst->pos[mid].key < key)
	lo = mid + 1;
      else
	hi = mid;
    }
  uint32_t end = lo;
  while (end < inst->n_pos && AFDO_KEY_OFFSET (inst->pos[end].key) == offset)
    end++;
  *first = lo;
  *last = end;
}

uint64_t
afdo_line_max (const afdo_function *inst, uint32_t offset)
{
  uint32_t first, last;
  afdo_line_positions (inst, offset, &first, &last);
  uint64_t c = 0;
  for (uint32_t i = first; i < last; i++)
    c = MAX (c, inst->pos[i].count);
  return c;
}

const afdo_pos *
afdo_disc_position (const afdo_function *inst, uint32_t offset,
		    uint32_t disc)
{
  uint32_t first, last;
  afdo_line_positions (inst, offset, &first, &last);
  disc &= 0xffffu;
  for (uint32_t i = first; i < last; i++)
    if (AFDO_KEY_DISC (inst->pos[i].key) == disc)
      return &inst->pos[i];
  /* The profiled binary kept no discriminators for the line.  */
  if (disc != 0 && last - first == 1
      && AFDO_KEY_DISC (inst->pos[first].key) == 0)
    return &inst->pos[first];
  return NULL;
}

uint64_t
afdo_block_line_count (const afdo_function *inst, uint32_t offset,
		       uint32_t disc, bool *by_line)
{
  if (by_line)
    *by_line = false;
  if (const afdo_pos *p = afdo_disc_position (inst, offset, disc))
    return p->count;
  if (disc != 0)
    return 0;
  /* A copy GCC made without a discriminator of its own.  */
  if (by_line)
    *by_line = true;
  return afdo_line_max (inst, offset);
}

bool
afdo_stmt_inlined_p (const gimple *stmt)
{
  for (tree b = gimple_block (stmt); b && TREE_CODE (b) == BLOCK;
       b = BLOCK_SUPERCONTEXT (b))
    if (inlined_function_outer_scope_p (b))
      return true;
  return false;
}

bool
afdo_unit_function_p (cgraph_node *node)
{
  if (node->alias || node->thunk || node->inlined_to
      || !gimple_has_body_p (node->decl)
      || DECL_SOURCE_LOCATION (node->decl) == BUILTINS_LOCATION)
    return false;
  function *fn = DECL_STRUCT_FUNCTION (node->decl);
  return fn && fn->cfg;
}

/* Functions with bodies in this translation unit, callers first.  */
void
afdo_callers_first (vec<tree> &order)
{
  hash_set<cgraph_node *> visited;
  auto_vec<cgraph_node *> post;
  auto_vec<std::pair<cgraph_node *, cgraph_edge *> > stack;
  cgraph_node *root;
  FOR_EACH_DEFINED_FUNCTION (root)
    {
      if (visited.add (root))
	continue;
      stack.safe_push (std::make_pair (root, root->callees));
      while (!stack.is_empty ())
	{
	  std::pair<cgraph_node *, cgraph_edge *> &top = stack.last ();
	  if (!top.second)
	    {
	      post.safe_push (top.first);
	      stack.pop ();
	      continue;
	    }
	  cgraph_edge *e = top.second;
	  top.second = e->next_callee;
	  cgraph_node *c = e->callee->ultimate_alias_target ();
	  if (c->definition && !visited.add (c))
	    stack.safe_push (std::make_pair (c, c->callees));
	}
    }
  for (unsigned i = post.length (); i-- > 0;)
    order.safe_push (post[i]->decl);
}

bool
afdo_only_way_in_p (cgraph_edge *e)
{
  cgraph_node *callee = e->callee->ultimate_alias_target ();
  if (callee->callers != e || e->next_caller)
    return false;
  return callee->split_part || (callee->local && !callee->address_taken);
}

bool
afdo_site_pos_p (const afdo_pos *p, uint32_t disc)
{
  return (AFDO_KEY_DISC (p->key) == (disc & 0xffffu)
	  || AFDO_KEY_DISC (p->key) == 0);
}
