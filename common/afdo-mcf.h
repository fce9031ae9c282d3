/* afdo: minimum-cost maximum flow on small networks.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The plugin infers block and edge counts as a flow of minimum cost
   (doc/design.md, "The count model"); this is the solver.  Arcs
   have a capacity and a non-negative cost per unit of flow; the solver
   sends the largest flow from S to T, and among those one of least
   cost.  */

#ifndef AFDO_MCF_H
#define AFDO_MCF_H

#include <stdbool.h>
#include <stdint.h>

#include "afdo-profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A capacity that is never the bottleneck: far above any count
   (AFDO_COUNT_CAP) and sum of counts of a function.  */
#define AFDO_MCF_INF ((int64_t) 1 << 60)

typedef struct afdo_mcf afdo_mcf;

afdo_mcf *afdo_mcf_new (int n_nodes);
void afdo_mcf_free (afdo_mcf *);

/* Add an arc FROM -> TO with capacity CAP (>= 0) and cost COST (>= 0)
   per unit; returns its number for afdo_mcf_flow.  */
int afdo_mcf_arc (afdo_mcf *, int from, int to, int64_t cap, int64_t cost);

/* Send a maximum flow from S to T of minimum cost.  Returns the flow;
   *COST (may be NULL) gets its cost.  At most BUDGET elementary steps
   (arc visits) are spent; *DONE (may be NULL) says whether the solver
   finished within them (else the flow is feasible but not maximal).  */
int64_t afdo_mcf_solve (afdo_mcf *, int s, int t, long budget,
			int64_t *cost, bool *done);

/* The flow on arc ARC after afdo_mcf_solve.  */
int64_t afdo_mcf_flow (const afdo_mcf *, int arc);

#ifdef __cplusplus
}
#endif

#endif /* AFDO_MCF_H */
