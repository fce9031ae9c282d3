/* Unit tests of the binary's CFG (converter/bincfg.c) and of the
   execution counts inferred on it (converter/execcount.c), on a program
   compiled at test time: a .cold part, a jump table, a short loop.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <math.h>

#include "bincfg.h"
#include "execcount.h"
#include "testutil.h"

static const char prog_src[] =
  "#include <stdio.h>\n"
  "#include <stdlib.h>\n"
  "__attribute__ ((cold, noinline)) void\n"
  "complain (int x)\n"
  "{\n"
  "  fprintf (stderr, \"bad %d\\n\", x);\n"
  "}\n"
  "__attribute__ ((noinline)) int\n"
  "hc (int x)\n"
  "{\n"
  "  if (__builtin_expect (x < 0, 0))\n"
  "    {\n"
  "      complain (x);\n"
  "      x = -x * 3;\n"
  "    }\n"
  "  return x + 1;\n"
  "}\n"
  "__attribute__ ((noinline)) int\n"
  "sw (int k, int v)\n"
  "{\n"
  "  switch (k)\n"
  "    {\n"
  "    case 0: return v * 3;\n"
  "    case 1: return v + 7;\n"
  "    case 2: return v ^ 0x55;\n"
  "    case 3: return v - 11;\n"
  "    case 4: return v * v;\n"
  "    case 5: return v >> 2;\n"
  "    case 6: return v | 9;\n"
  "    case 7: return v & 0x33;\n"
  "    default: return 0;\n"
  "    }\n"
  "}\n"
  "__attribute__ ((noinline)) unsigned\n"
  "mix (const unsigned *v, int n)\n"
  "{\n"
  "  unsigned h = 0;\n"
  "  for (int i = 0; i < n; i++)\n"
  "    h = (h ^ v[i]) * 0x9e3779b1u;\n"
  "  return h;\n"
  "}\n"
  "int\n"
  "main (int argc, char **argv)\n"
  "{\n"
  "  unsigned v[4] = { 1, 2, 3, 4 };\n"
  "  return hc (argc) + sw (argc, 3) + (int) mix (v, argc);\n"
  "}\n";

static char prog_path[64];
static binary *bin;

/* Compile the program once.  */
static void
setup (void)
{
  char dir[] = "/tmp/check_execcount_XXXXXX";
  ck_assert_ptr_nonnull (mkdtemp (dir));
  char src[96], cmd[512];
  snprintf (src, sizeof src, "%s/prog.c", dir);
  snprintf (prog_path, sizeof prog_path, "%s/prog", dir);
  FILE *f = fopen (src, "w");
  ck_assert_ptr_nonnull (f);
  fputs (prog_src, f);
  fclose (f);
  snprintf (cmd, sizeof cmd, "gcc -O2 -g -freorder-blocks-and-partition "
	    "%s -o %s", src, prog_path);
  ck_assert_msg (system (cmd) == 0, "%s failed", cmd);
  unlink (src);
  afdo_error err;
  bin = binary_open (prog_path, true, &err);
  ck_assert_msg (bin != NULL, "%s", err.msg);
}

static void
teardown (void)
{
  binary_close (bin);
  unlink (prog_path);
  char *slash = strrchr (prog_path, '/');
  *slash = 0;
  rmdir (prog_path);
}

static const bin_func *
func (const char *name)
{
  const bin_func *f = binary_func_named (bin, name, 0);
  ck_assert_msg (f != NULL, "no symbol %s", name);
  return f;
}

/* The block of G whose only successor is itself and one other: a loop
   of one block.  */
static uint32_t
loop_block (const bincfg *g)
{
  for (uint32_t k = 0; k < g->n_blocks; k++)
    for (uint32_t e = 0; e < g->blocks[k].n_succ; e++)
      if (g->succs[g->blocks[k].succ + e] == k)
	return k;
  ck_abort_msg ("no loop");
  return 0;
}

/* The hot part and the .cold part are one CFG, with the jump between
   them an edge.  */
START_TEST (test_cold_part)
{
  cfg_cache *c = cfg_cache_new (bin);
  const bin_func *hot = func ("hc"), *cold = func ("hc.cold");
  const bincfg *g = cfg_get (c, hot->addr);
  ck_assert_ptr_nonnull (g);
  ck_assert_ptr_eq (g->hot, hot);
  ck_assert_ptr_eq (g->cold, cold);
  ck_assert_ptr_eq (cfg_get (c, cold->addr), g);
  ck_assert_ptr_eq (cfg_lookup (c, cold->addr + 1), g);
  ck_assert_uint_eq (cfg_count (c), 1);
  long i = cfg_insn_at (g, cold->addr);
  ck_assert_int_ge (i, 0);
  const cfg_block *b = &g->blocks[g->insns[i].block];
  ck_assert_uint_eq (b->n_pred, 1);
  ck_assert_uint_eq (g->preds[b->pred], g->entry);
  /* The call of complain does not end its block.  */
  ck_assert (b->n > 2);
  ck_assert_uint_eq (g->insns[i + 2].flags & CFG_I_CALL, CFG_I_CALL);
  ck_assert_uint_eq (g->insns[i + 3].block, g->insns[i].block);
  cfg_cache_free (c);
}
END_TEST

/* The dense switch's jump table gives the indirect jump its eight
   targets.  */
START_TEST (test_jump_table)
{
  bincfg *g = bincfg_build (bin, func ("sw"));
  ck_assert_ptr_nonnull (g);
  ck_assert_uint_eq (g->n_tables, 1);
  uint32_t found = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    if (g->blocks[k].n_succ == 8)
      {
	found++;
	ck_assert (!(g->blocks[k].flags & CFG_UNKNOWN));
	for (uint32_t e = 0; e < 8; e++)
	  {
	    const cfg_block *t = &g->blocks[g->succs[g->blocks[k].succ + e]];
	    ck_assert_uint_eq (t->n_pred, 1);
	    ck_assert (t->flags & CFG_EXIT);
	  }
      }
  ck_assert_uint_eq (found, 1);
  bincfg_free (g);
}
END_TEST

/* Samples SAMPLES at address A.  */
static void
put (afdo_map *ips, uint64_t a, uint64_t samples)
{
  ck_assert (afdo_map_add (ips, a, 0, samples));
}

static double
block_est (const execcounts *x, uint64_t addr)
{
  uint32_t f, i;
  ck_assert (exec_find (x, addr, &f, &i));
  return x->f[f].est[x->f[f].g->insns[i].block];
}

/* Skid: a sample moves to the instruction before it, at a block's
   first instruction to the predecessors' last ones in proportion to
   their samples per instruction; norm divides by the block's size; raw
   keeps the samples where they are.  */
START_TEST (test_skid)
{
  cfg_cache *c = cfg_cache_new (bin);
  const bincfg *g = cfg_get (c, func ("mix")->addr);
  uint32_t l = loop_block (g);
  const cfg_block *lb = &g->blocks[l];
  ck_assert_uint_eq (lb->n_pred, 2);
  uint32_t p = g->preds[lb->pred] == l ? g->preds[lb->pred + 1]
	       : g->preds[lb->pred];
  const cfg_block *pb = &g->blocks[p];
  ck_assert (lb->n >= 2 && pb->n >= 2);
  afdo_map ips = { 0 };
  put (&ips, g->insns[lb->first + 1].addr, 100);
  put (&ips, g->insns[lb->first].addr, 30);
  put (&ips, g->insns[pb->first + 1].addr, 10);

  execcounts *x = exec_compute (bin, &ips, EXEC_SKID);
  ck_assert_ptr_nonnull (x);
  double dl = 130.0 / lb->n, dp = 10.0 / pb->n;
  double to_l = 30 * dl / (dl + dp);
  ck_assert_double_eq_tol (block_est (x, g->insns[lb->first].addr),
			   (100 + to_l) / lb->n, 1e-9);
  ck_assert_double_eq_tol (block_est (x, g->insns[pb->first].addr),
			   (10 + 30 - to_l) / pb->n, 1e-9);
  exec_free (x);

  x = exec_compute (bin, &ips, EXEC_NORM);
  ck_assert_double_eq_tol (block_est (x, g->insns[lb->first].addr),
			   130.0 / lb->n, 1e-9);
  exec_free (x);

  x = exec_compute (bin, &ips, EXEC_RAW);
  uint32_t f, i;
  ck_assert (exec_find (x, g->insns[lb->first].addr, &f, &i));
  ck_assert_double_eq (exec_insn (x, f, i), 30);
  ck_assert_double_eq (exec_insn (x, f, i + 1), 100);
  exec_free (x);
  afdo_map_free (&ips);
  cfg_cache_free (c);
}
END_TEST

/* Samples of the .cold part and of a case of the switch: the case
   block's first instruction's samples go to the indirect jump's block,
   its only predecessor; the cold part's count in the same function as
   the hot part's.  */
START_TEST (test_cold_and_table_counts)
{
  const bin_func *cold = func ("hc.cold"), *sw = func ("sw");
  bincfg *g = bincfg_build (bin, sw);
  uint32_t jb = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    if (g->blocks[k].n_succ == 8)
      jb = k;
  const cfg_block *t = &g->blocks[g->succs[g->blocks[jb].succ]];
  uint64_t case_first = g->insns[t->first].addr;
  uint64_t jump_first = g->insns[g->blocks[jb].first].addr;
  uint32_t jn = g->blocks[jb].n;
  bincfg_free (g);

  afdo_map ips = { 0 };
  put (&ips, case_first, 40);
  put (&ips, cold->addr + 4, 12);
  execcounts *x = exec_compute (bin, &ips, EXEC_SKID);
  ck_assert_double_eq_tol (block_est (x, jump_first), 40.0 / jn, 1e-9);
  ck_assert_double_eq (block_est (x, case_first), 0);
  uint32_t f1, f2, i;
  ck_assert (exec_find (x, cold->addr, &f1, &i));
  ck_assert (exec_find (x, func ("hc")->addr, &f2, &i));
  ck_assert_uint_eq (f1, f2);
  ck_assert (block_est (x, cold->addr) > 0);
  exec_free (x);
  afdo_map_free (&ips);
}
END_TEST

/* A block without samples is raised to what a neighbour forces: the
   dispatch block of the switch to the case that only it leads to, and
   the entry to the dispatch block, which only it leads to; norm
   leaves them at 0.  */
START_TEST (test_lift)
{
  bincfg *g = bincfg_build (bin, func ("sw"));
  uint32_t jb = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    if (g->blocks[k].n_succ == 8)
      jb = k;
  const cfg_block *t = &g->blocks[g->succs[g->blocks[jb].succ]];
  ck_assert_uint_eq (t->n_pred, 1);
  ck_assert_uint_eq (g->blocks[jb].n_pred, 1);
  uint64_t case_first = g->insns[t->first].addr;
  uint64_t jump_first = g->insns[g->blocks[jb].first].addr;
  uint64_t entry = g->insns[g->blocks[g->entry].first].addr;
  uint32_t tn = t->n;
  bincfg_free (g);

  afdo_map ips = { 0 };
  put (&ips, case_first, 40);
  execcounts *x = exec_compute (bin, &ips, EXEC_NORM);
  ck_assert_double_eq_tol (block_est (x, case_first), 40.0 / tn, 1e-9);
  ck_assert_double_eq (block_est (x, jump_first), 0);
  exec_free (x);
  x = exec_compute (bin, &ips, EXEC_LIFT);
  double c = block_est (x, case_first);
  ck_assert (c > 0 && c < 40.0 / tn);
  ck_assert_double_eq_tol (block_est (x, jump_first), c, 1e-9);
  ck_assert (block_est (x, entry) >= c - 1e-9);
  /* The function keeps its 40 samples.  */
  uint32_t f, i;
  ck_assert (exec_find (x, case_first, &f, &i));
  const bincfg *xg = x->f[f].g;
  double mass = 0;
  for (uint32_t k = 0; k < xg->n_blocks; k++)
    mass += x->f[f].est[k] * xg->blocks[k].n;
  ck_assert_double_eq_tol (mass, 40, 1e-6);
  exec_free (x);
  afdo_map_free (&ips);

  /* Ten samples are too few to lift.  */
  afdo_map few = { 0 };
  put (&few, case_first, 10);
  x = exec_compute (bin, &few, EXEC_LIFT);
  ck_assert_double_eq_tol (block_est (x, case_first), 10.0 / tn, 1e-9);
  ck_assert_double_eq (block_est (x, jump_first), 0);
  exec_free (x);
  afdo_map_free (&few);
}
END_TEST

/* The flow makes the counts consistent: samples in the loop alone give
   the way into the loop and out of it a count, the same on the one path
   through the function.  */
START_TEST (test_flow)
{
  cfg_cache *c = cfg_cache_new (bin);
  const bincfg *g = cfg_get (c, func ("mix")->addr);
  const cfg_block *lb = &g->blocks[loop_block (g)];
  afdo_map ips = { 0 };
  for (uint32_t i = lb->first + 1; i < lb->first + lb->n; i++)
    put (&ips, g->insns[i].addr, 50);
  for (exec_model m = EXEC_MCF; m <= EXEC_FULL; m++)
    {
      execcounts *x = exec_compute (bin, &ips, m);
      ck_assert_uint_eq (x->flow_failed, 0);
      double loop = block_est (x, g->insns[lb->first].addr);
      double entry = block_est (x, g->hot->addr);
      ck_assert (loop > 0);
      ck_assert (entry > 0);
      ck_assert (entry <= loop);
      /* The loop's exit block, a successor of the loop.  */
      uint32_t out = g->succs[lb->succ] == (uint32_t) (lb - g->blocks)
		     ? g->succs[lb->succ + 1] : g->succs[lb->succ];
      ck_assert_double_eq_tol (block_est (x, g->insns[g->blocks[out].first]
					  .addr), entry, 1e-9);
      exec_free (x);
    }
  /* Without the flow the entry has no count.  */
  execcounts *x = exec_compute (bin, &ips, EXEC_SKID);
  ck_assert_double_eq (block_est (x, g->hot->addr), 0);
  exec_free (x);
  afdo_map_free (&ips);
  cfg_cache_free (c);
}
END_TEST

/* A single sample in hc's entry block, outside any loop: the cheapest
   flow lowers it to nothing, and the function would read as never run
   (a fuzzer program of 2 samples came out with rows that were all 0);
   it keeps its samples' estimates instead.  */
START_TEST (test_flow_single_sample)
{
  cfg_cache *c = cfg_cache_new (bin);
  const bincfg *g = cfg_get (c, func ("hc")->addr);
  const cfg_block *b = &g->blocks[g->entry];
  ck_assert_uint_ge (b->n, 2);
  afdo_map ips = { 0 };
  put (&ips, g->insns[b->first + 1].addr, 1);
  for (exec_model m = EXEC_MCF; m <= EXEC_FULL; m++)
    {
      execcounts *x = exec_compute (bin, &ips, m);
      ck_assert (block_est (x, g->insns[b->first].addr) > 0);
      exec_free (x);
    }
  afdo_map_free (&ips);
  cfg_cache_free (c);
}
END_TEST

/* --insn-counts: one line per instruction of the sampled functions.  */
START_TEST (test_insn_counts_file)
{
  afdo_map ips = { 0 };
  const bin_func *mix = func ("mix");
  put (&ips, mix->addr + 2, 6);
  execcounts *x = exec_compute (bin, &ips, EXEC_FULL);
  char path[] = "/tmp/check_execcount_ic_XXXXXX";
  int fd = mkstemp (path);
  ck_assert_int_ge (fd, 0);
  close (fd);
  afdo_error err;
  ck_assert (exec_write_insn_counts (x, path, &err) == 0);
  FILE *f = fopen (path, "r");
  char line[128];
  uint32_t n = 0;
  while (fgets (line, sizeof line, f))
    {
      unsigned long long a;
      double e;
      char tail;
      ck_assert_int_eq (sscanf (line, "0x%llx %lf%c", &a, &e, &tail), 3);
      ck_assert_int_eq (tail, '\n');
      ck_assert_uint_eq (a, x->f[0].g->insns[n].addr);
      n++;
    }
  fclose (f);
  unlink (path);
  ck_assert_uint_eq (n, x->f[0].g->n_insns);
  ck_assert_int_eq (exec_write_insn_counts (x, "/nonexistent/dir/x", &err), -1);
  ck_assert (strstr (err.msg, "/nonexistent/dir/x") != NULL);
  exec_free (x);
  afdo_map_free (&ips);
}
END_TEST

START_TEST (test_model_names)
{
  exec_model m;
  ck_assert (exec_model_parse ("raw", &m) && m == EXEC_RAW);
  ck_assert (exec_model_parse ("norm", &m) && m == EXEC_NORM);
  ck_assert (exec_model_parse ("lift", &m) && m == EXEC_LIFT);
  ck_assert (exec_model_parse ("full", &m) && m == EXEC_FULL);
  ck_assert (exec_model_parse ("mcf", &m) && m == EXEC_MCF);
  ck_assert (!exec_model_parse ("fast", &m));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("execcount");
  TCase *tc = tu_tcase (s, "cfg", 120);
  tcase_add_unchecked_fixture (tc, setup, teardown);
  tu_add_tests (tc, (const TTest *[]) {
    test_cold_part, test_jump_table, test_skid, test_cold_and_table_counts,
    test_lift, test_flow, test_flow_single_sample, test_insn_counts_file,
    test_model_names, NULL });
  return tu_run_suite (s);
}
