/* afdo: profile-summary algorithms: the working-set count and the
   largest count of a profile.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_SUMMARY_H
#define AFDO_SUMMARY_H

#include "afdo-profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The working-set count of PROF at PERMILLE (0 to 1000): the smallest
   position count among the largest ones that together make up PERMILLE
   per mille of all position samples, the rule GCC's ipa-profile applies
   to instrumented profiles.  1 when no position makes the cut (an empty
   profile, PERMILLE 0).  The sum and the largest of all position counts
   go to *SUM and *MAX (either may be NULL).  */
uint64_t afdo_working_set_count (const afdo_profile *prof, int permille,
				 uint64_t *sum, uint64_t *max);

/* The largest count in PROF: head counts, position counts and, in a
   profile with branch information, call-target counts (counts of calls
   there; in a profile of IP samples with call chains they are the
   samples taken under a call, which can be most of the profile).  */
uint64_t afdo_max_count (const afdo_profile *prof);

/* Whether PROF holds branch information: a head count of a top-level
   instance.  Profiles of branch records (LBR) have them; those of IP
   samples do not, with call chains (which give call targets) or
   without.  */
bool afdo_has_branch_info (const afdo_profile *prof);

#ifdef __cplusplus
}
#endif

#endif /* AFDO_SUMMARY_H */
