/* afdo: the one shape of the GCC plugin's passes (GCC's pass class with
   the session, a gate and a body given as plain functions), and their
   registration.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Include after afdo-plugin.h.  A pass is made as

     new afdo_pass<gimple_opt_pass> (afdo_pass_data (GIMPLE_PASS,
				     "*autofdo_x", TV_NONE, PROP_cfg),
				     s, x_gate, x_execute)

   where x_gate and x_execute take the session and the function.  Every
   pass is a single instance (clone returns itself): the plugin
   registers each once, at a place GCC runs once per function.  */

#ifndef AFDO_PASS_H
#define AFDO_PASS_H

/* The pass_data of a plugin pass of TYPE named NAME, timed under TV,
   that needs the properties REQUIRED and changes none.  */
static inline pass_data
afdo_pass_data (opt_pass_type type, const char *name, timevar_id_t tv,
		unsigned int required)
{
  pass_data d = { type, name, OPTGROUP_NONE, tv, required, 0, 0, 0, 0 };
  return d;
}

/* GCC's IPA pass without summaries, made the way the other pass classes
   are.  */
class afdo_ipa_pass : public ipa_opt_pass_d
{
public:
  afdo_ipa_pass (const pass_data &data, gcc::context *ctxt)
    : ipa_opt_pass_d (data, ctxt, NULL, NULL, NULL, NULL, NULL, NULL, 0,
		      NULL, NULL)
  {}
};

/* A plugin pass of GCC's pass class BASE (gimple_opt_pass, rtl_opt_pass,
   simple_ipa_opt_pass, afdo_ipa_pass).  */
template <typename BASE>
class afdo_pass : public BASE
{
public:
  typedef bool (*gate_fn) (afdo_session *, function *);
  typedef unsigned int (*execute_fn) (afdo_session *, function *);

  afdo_pass (const pass_data &data, afdo_session *session, gate_fn gate_p,
	     execute_fn execute_p)
    : BASE (data, g), s (session), gate_f (gate_p), execute_f (execute_p)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *fn) final override { return gate_f (s, fn); }

  unsigned int execute (function *fn) final override
  {
    return execute_f (s, fn);
  }

private:
  afdo_session *s;
  gate_fn gate_f;
  execute_fn execute_f;
};

/* Register PASS next to the pass REF (afdo-pass.cc); its dump takes the
   number of REF's, an IPA pass's or an RTL pass's ("rtl pre"), so dumps
   sort in the order passes run.  */
void afdo_register_pass (const char *base_name, opt_pass *pass,
			 const char *ref, enum pass_positioning_ops pos);

#endif /* AFDO_PASS_H */
