/* afdo: the registration of the GCC plugin's passes beside GCC's own,
   with their dumps numbered in the order the passes run.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

/* Register PASS at POS of the first instance of the pass REF (an IPA
   pass, a GIMPLE one, or an RTL one such as "rtl pre"), and give its
   dump file REF's number.  GCC numbers a dump when its pass is
   registered, and a plugin registers its passes after all of GCC's, so
   the plugin's dumps would otherwise sort after GCC's last one instead
   of next to the pass they run beside.  A pass whose name starts with
   '*' gets no dump file, as none of GCC's own such passes does
   (-fdump-ipa-all would otherwise make one for it).  */
void
afdo_register_pass (const char *base_name, opt_pass *pass, const char *ref,
		    enum pass_positioning_ops pos)
{
  struct register_pass_info info;
  info.pass = pass;
  info.reference_pass_name = ref;
  info.ref_pass_instance_number = 1;
  info.pos_op = pos;
  register_callback (base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);

  gcc::dump_manager *dumps = g->get_dumps ();
  dump_file_info *dfi = dumps->get_dump_file_info (pass->static_pass_number);
  if (!dfi)
    return;
  /* GCC's RTL passes named "rtl NAME" have the dump switch "rtl-NAME",
     its GIMPLE passes "tree-NAME".  */
  char *sw = (startswith (ref, "rtl ") ? concat ("rtl-", ref + 4, NULL)
	      : pass->type == RTL_PASS ? concat ("rtl-", ref, NULL)
	      : pass->type == GIMPLE_PASS ? concat ("tree-", ref, NULL)
	      : concat ("ipa-", ref, NULL));
  const dump_file_info *ref_dfi = dumps->get_dump_file_info_by_switch (sw);
  free (sw);
  if (ref_dfi)
    dfi->num = ref_dfi->num;
  if (pass->name[0] == '*')
    {
      dfi->pstate = 0;
      dfi->pflags = TDF_NONE;
    }
}
