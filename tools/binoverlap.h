/* afdo: per-instruction execution counts at the binary level and their
   degree of overlap (binoverlap.c), shared by afdo-binoverlap and its
   unit test.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Three inputs give counts per instruction of one binary, keyed by the
   instruction's virtual address in the ELF file:

     - callgrind's output (valgrind --tool=callgrind --dump-instr=yes;
       --compress-strings=no --compress-pos=no are the plainest, the
       compressed forms are read too): the self cost Ir of every
       instruction of the binary's object, the exact executions;
     - an instruction count file, one line per instruction
       "0x<vaddr-hex> <estimate>" (the estimate a decimal number >= 0;
       lines beginning with '#' and empty lines are ignored), what
       afdo-convert --insn-counts=FILE writes;
     - `perf script -F ip --show-mmap-events' text (or -F pid,ip): the
       IP samples of the binary as they are, the "raw" estimate.

   The degree of overlap of two such count sets (seed 002, Section 3.3)
   normalizes both to distributions p and q over a set of instructions
   and is the sum over them of min (p_i, q_i): 1 when they agree, 0 when
   they have no instruction in common.  */

#ifndef AFDO_BINOVERLAP_H
#define AFDO_BINOVERLAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* A function of the binary: the addresses [LO, HI).  */
struct binq_fn
{
  uint64_t lo, hi;
  char *name;
};

/* A loadable segment of the binary.  */
struct binq_seg
{
  uint64_t offset, vaddr, filesz;
};

struct binq_image
{
  char *path;
  int pie;			/* ET_DYN: loaded at a base chosen at run time */
  int have_id;			/* DEV and INO identify the file */
  dev_t dev;
  ino_t ino;
  struct binq_fn *fns;		/* sorted by LO, none at the same LO */
  size_t nfns, capfns;
  size_t *by_name;		/* indices of FNS sorted by name */
  struct binq_seg *segs;
  size_t nsegs;
};

/* Read the binary PATH's loadable segments and its function symbols
   (.symtab, else .dynsym) with libelf.  Returns 0, or -1 with a
   one-line message in ERR.  */
int binq_image_read (const char *path, struct binq_image *im, char *err,
		     size_t errlen);
/* An image made by hand (the unit test): PATH, PIE, then functions
   added with binq_image_add_fn and binq_image_finish.  */
void binq_image_init (struct binq_image *im, const char *path, int pie);
int binq_image_add_fn (struct binq_image *im, uint64_t lo, uint64_t hi,
		       const char *name);
int binq_image_add_seg (struct binq_image *im, uint64_t offset,
			uint64_t vaddr, uint64_t filesz);
int binq_image_finish (struct binq_image *im);
void binq_image_free (struct binq_image *im);
/* The index of the function holding ADDR, or -1.  */
long binq_image_fn (const struct binq_image *im, uint64_t addr);
/* The index of the function named NAME, or -1.  */
long binq_image_fn_named (const struct binq_image *im, const char *name);
/* Whether the object path OB (as a profiler names it) is the image.  */
int binq_image_is (const struct binq_image *im, const char *ob);

/* A count per instruction address.  */
struct binq_insn
{
  uint64_t addr;
  double n;
};

struct binq_counts
{
  struct binq_insn *v;
  size_t n, cap;
  int sorted;
};

int binq_counts_add (struct binq_counts *c, uint64_t addr, double n);
/* Sort by address and add up the counts of an address listed twice.  */
void binq_counts_finish (struct binq_counts *c);
void binq_counts_free (struct binq_counts *c);
double binq_counts_total (const struct binq_counts *c);

/* What a callgrind file held besides the counts.  */
struct binq_cg_info
{
  uint64_t base;		/* load address of a PIE, 0 otherwise */
  double ir_object;		/* self Ir of the binary's object */
  double ir_all;		/* self Ir of every object */
  size_t call_lines;		/* inclusive call cost lines skipped */
};

/* Add the self Ir cost of every instruction of IM's object in the
   callgrind output IN (named NAME in messages) to OUT, by the ELF
   virtual address.  Returns 0, or -1 with a one-line message in ERR.  */
int binq_read_callgrind (FILE *in, const char *name,
			 const struct binq_image *im, struct binq_counts *out,
			 struct binq_cg_info *info, char *err, size_t errlen);

/* Add the instruction count file IN to OUT.  Returns 0, or -1 with a
   one-line message in ERR.  */
int binq_read_insn_counts (FILE *in, const char *name,
			   struct binq_counts *out, char *err, size_t errlen);

/* What a perf script text held besides the counts.  */
struct binq_perf_info
{
  size_t samples;		/* sample lines */
  size_t in_binary;		/* of them in the binary */
  size_t mappings;		/* mappings of the binary */
};

/* Add one per IP sample of IM in the perf script text IN to OUT, by
   the ELF virtual address.  Returns 0, or -1 with a one-line message
   in ERR.  */
int binq_read_perf_script (FILE *in, const char *name,
			   const struct binq_image *im,
			   struct binq_counts *out, struct binq_perf_info *info,
			   char *err, size_t errlen);

/* Write C as an instruction count file.  */
int binq_write_insn_counts (FILE *out, const struct binq_counts *c);

/* The comparison of one function: its exact and estimated counts, its
   part of the overlap over the functions of the estimate (p and q
   normalized over all of them), and its own overlap (normalized over
   the function alone; 0 when either side is 0).  */
struct binq_fn_result
{
  long fn;			/* index in the image; -1 for no symbol */
  double exact, est;
  double part;
  double own;
  int present;			/* the estimate lists the function */
};

struct binq_result
{
  double overlap_fns;		/* over the functions of the estimate */
  double overlap_bin;		/* over every instruction of the binary */
  double overlap_fnlevel;	/* of the functions' totals (seed 002's
				   function-level overlap: the bound of
				   what moving counts within functions
				   can reach) */
  size_t present;		/* functions the estimate lists */
  double exact_total, est_total;
  double exact_present;		/* exact count of those functions */
  size_t est_insns;		/* instructions the estimate lists */
  struct binq_fn_result *fns;	/* by exact count, largest first */
  size_t nfns;
};

/* Compare the estimate EST with the exact counts EXACT (both finished)
   over the functions of IM.  Returns 0, or -1 when out of memory.  */
int binq_compare (const struct binq_image *im, const struct binq_counts *exact,
		  const struct binq_counts *est, struct binq_result *r);
void binq_result_free (struct binq_result *r);

#endif
