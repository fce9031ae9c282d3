/* afdo: minimum-cost maximum flow on small networks.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The primal-dual method: node potentials keep every residual arc's
   reduced cost non-negative; each phase finds the shortest distances
   from S by Dijkstra's algorithm (a binary heap), raises the potentials
   by them, and then sends a blocking flow (Dinic's method: BFS levels,
   DFS with current-arc pointers) along the arcs whose reduced cost is
   0, i.e. along every shortest path at once.  The costs the plugin uses
   are small integers, so there are few distinct path lengths and few
   phases; the capacities (counts) can be large, which costs nothing
   here, unlike methods that push one unit at a time.

   Arc 2k is an arc as added, 2k + 1 its residual reverse.  */

#include <stdlib.h>
#include <string.h>

#include "afdo-mcf.h"

struct afdo_mcf
{
  int n;
  /* Arcs: head node, capacity left, cost, next arc out of the same
     tail.  */
  int *to, *next;
  int64_t *cap, *cost, *cap0;
  int n_arcs, cap_arcs;
  int *first;
  /* Work arrays.  */
  int64_t *pot, *dist;
  int *level, *cur, *heap, *heap_pos, *queue;
  long steps, budget;
};

static void *
xcalloc_or_abort (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size);
  if (!p)
    abort ();
  return p;
}

afdo_mcf *
afdo_mcf_new (int n_nodes)
{
  afdo_mcf *m = xcalloc_or_abort (1, sizeof *m);
  m->n = n_nodes;
  m->first = xcalloc_or_abort (n_nodes, sizeof *m->first);
  for (int i = 0; i < n_nodes; i++)
    m->first[i] = -1;
  return m;
}

void
afdo_mcf_free (afdo_mcf *m)
{
  if (!m)
    return;
  free (m->to);
  free (m->next);
  free (m->cap);
  free (m->cost);
  free (m->cap0);
  free (m->first);
  free (m->pot);
  free (m->dist);
  free (m->level);
  free (m->cur);
  free (m->heap);
  free (m->heap_pos);
  free (m->queue);
  free (m);
}

static void
grow (afdo_mcf *m)
{
  int c = m->cap_arcs ? 2 * m->cap_arcs : 64;
  m->to = realloc (m->to, c * sizeof *m->to);
  m->next = realloc (m->next, c * sizeof *m->next);
  m->cap = realloc (m->cap, c * sizeof *m->cap);
  m->cost = realloc (m->cost, c * sizeof *m->cost);
  m->cap0 = realloc (m->cap0, c * sizeof *m->cap0);
  if (!m->to || !m->next || !m->cap || !m->cost || !m->cap0)
    abort ();
  m->cap_arcs = c;
}

static void
half_arc (afdo_mcf *m, int from, int to, int64_t cap, int64_t cost)
{
  if (m->n_arcs == m->cap_arcs)
    grow (m);
  int a = m->n_arcs++;
  m->to[a] = to;
  m->cap[a] = cap;
  m->cap0[a] = cap;
  m->cost[a] = cost;
  m->next[a] = m->first[from];
  m->first[from] = a;
}

int
afdo_mcf_arc (afdo_mcf *m, int from, int to, int64_t cap, int64_t cost)
{
  int a = m->n_arcs;
  half_arc (m, from, to, cap < 0 ? 0 : cap, cost < 0 ? 0 : cost);
  half_arc (m, to, from, 0, -(cost < 0 ? 0 : cost));
  return a / 2;
}

int64_t
afdo_mcf_flow (const afdo_mcf *m, int arc)
{
  return m->cap0[2 * arc] - m->cap[2 * arc];
}

/* The tail of arc A: the head of its reverse.  */
static int
tail (const afdo_mcf *m, int a)
{
  return m->to[a ^ 1];
}

/* Binary heap of nodes keyed by DIST.  */
static void
heap_up (afdo_mcf *m, int i)
{
  int v = m->heap[i];
  while (i > 0)
    {
      int p = (i - 1) / 2;
      if (m->dist[m->heap[p]] <= m->dist[v])
	break;
      m->heap[i] = m->heap[p];
      m->heap_pos[m->heap[i]] = i;
      i = p;
    }
  m->heap[i] = v;
  m->heap_pos[v] = i;
}

static void
heap_down (afdo_mcf *m, int i, int size)
{
  int v = m->heap[i];
  for (;;)
    {
      int c = 2 * i + 1;
      if (c >= size)
	break;
      if (c + 1 < size && m->dist[m->heap[c + 1]] < m->dist[m->heap[c]])
	c++;
      if (m->dist[v] <= m->dist[m->heap[c]])
	break;
      m->heap[i] = m->heap[c];
      m->heap_pos[m->heap[i]] = i;
      i = c;
    }
  m->heap[i] = v;
  m->heap_pos[v] = i;
}

/* Shortest distances from S under the reduced costs; then the
   potentials are raised by them.  False when T cannot be reached.  */
static bool
dijkstra (afdo_mcf *m, int s, int t)
{
  const int64_t unreached = INT64_MAX / 4;
  for (int v = 0; v < m->n; v++)
    {
      m->dist[v] = unreached;
      m->heap_pos[v] = -1;
    }
  int size = 0;
  m->dist[s] = 0;
  m->heap[size++] = s;
  m->heap_pos[s] = 0;
  int64_t max_dist = 0;
  while (size > 0)
    {
      int u = m->heap[0];
      m->heap_pos[u] = -2;
      m->heap[0] = m->heap[--size];
      if (size > 0)
	{
	  m->heap_pos[m->heap[0]] = 0;
	  heap_down (m, 0, size);
	}
      max_dist = m->dist[u];
      for (int a = m->first[u]; a >= 0; a = m->next[a])
	{
	  m->steps++;
	  if (m->cap[a] <= 0)
	    continue;
	  int v = m->to[a];
	  if (m->heap_pos[v] == -2)
	    continue;
	  int64_t d = m->dist[u] + m->cost[a] + m->pot[u] - m->pot[v];
	  if (d < m->dist[v])
	    {
	      m->dist[v] = d;
	      if (m->heap_pos[v] < 0)
		{
		  m->heap[size] = v;
		  m->heap_pos[v] = size++;
		}
	      heap_up (m, m->heap_pos[v]);
	    }
	}
    }
  if (m->dist[t] == unreached)
    return false;
  for (int v = 0; v < m->n; v++)
    m->pot[v] += m->dist[v] == unreached ? max_dist : m->dist[v];
  return true;
}

static bool
admissible (const afdo_mcf *m, int a)
{
  return (m->cap[a] > 0
	  && m->cost[a] + m->pot[tail (m, a)] - m->pot[m->to[a]] == 0);
}

/* BFS levels over the admissible arcs; false when T is not reached.  */
static bool
levels (afdo_mcf *m, int s, int t)
{
  for (int v = 0; v < m->n; v++)
    m->level[v] = -1;
  int head = 0, n = 0;
  m->queue[n++] = s;
  m->level[s] = 0;
  while (head < n)
    {
      int u = m->queue[head++];
      for (int a = m->first[u]; a >= 0; a = m->next[a])
	{
	  m->steps++;
	  int v = m->to[a];
	  if (m->level[v] < 0 && admissible (m, a))
	    {
	      m->level[v] = m->level[u] + 1;
	      m->queue[n++] = v;
	    }
	}
    }
  return m->level[t] >= 0;
}

/* Push up to LIMIT from U towards T along level-increasing admissible
   arcs; returns what was pushed.  */
static int64_t
push (afdo_mcf *m, int u, int t, int64_t limit)
{
  if (u == t)
    return limit;
  int64_t pushed = 0;
  for (; m->cur[u] >= 0; m->cur[u] = m->next[m->cur[u]])
    {
      int a = m->cur[u];
      m->steps++;
      int v = m->to[a];
      if (m->level[v] != m->level[u] + 1 || !admissible (m, a))
	continue;
      int64_t f = push (m, v, t, limit - pushed < m->cap[a]
				 ? limit - pushed : m->cap[a]);
      if (f > 0)
	{
	  m->cap[a] -= f;
	  m->cap[a ^ 1] += f;
	  pushed += f;
	  if (pushed == limit)
	    return pushed;
	}
    }
  return pushed;
}

int64_t
afdo_mcf_solve (afdo_mcf *m, int s, int t, long budget, int64_t *cost,
		bool *done)
{
  m->pot = xcalloc_or_abort (m->n, sizeof *m->pot);
  m->dist = xcalloc_or_abort (m->n, sizeof *m->dist);
  m->level = xcalloc_or_abort (m->n, sizeof *m->level);
  m->cur = xcalloc_or_abort (m->n, sizeof *m->cur);
  m->heap = xcalloc_or_abort (m->n, sizeof *m->heap);
  m->heap_pos = xcalloc_or_abort (m->n, sizeof *m->heap_pos);
  m->queue = xcalloc_or_abort (m->n, sizeof *m->queue);
  m->steps = 0;
  m->budget = budget;

  int64_t flow = 0;
  bool finished = false;
  while (m->steps < m->budget)
    {
      if (!dijkstra (m, s, t))
	{
	  finished = true;
	  break;
	}
      while (m->steps < m->budget && levels (m, s, t))
	{
	  for (int v = 0; v < m->n; v++)
	    m->cur[v] = m->first[v];
	  int64_t f = push (m, s, t, AFDO_MCF_INF);
	  if (f == 0)
	    break;
	  flow += f;
	}
    }
  if (cost)
    {
      int64_t c = 0;
      for (int a = 0; a < m->n_arcs; a += 2)
	c += (m->cap0[a] - m->cap[a]) * m->cost[a];
      *cost = c;
    }
  if (done)
    *done = finished;
  return flow;
}
