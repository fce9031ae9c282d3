/* The profiled binary: ELF program headers, build-id, function symbols,
   code bytes and DWARF handle, read with libelf and libdw.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_BINARY_H
#define AFDO_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>
#include <gelf.h>

#include "afdo-profile.h"

typedef struct bin_load
{
  uint64_t vaddr, offset, filesz, memsz;
  bool exec;
} bin_load;

typedef struct bin_func
{
  uint64_t addr, size;
  const char *name;
} bin_func;

/* A GOT slot that dynamic relocations fill with a symbol's address: how
   a call through the PLT (or -fno-plt's call through the GOT) names its
   callee.  */
typedef struct bin_got
{
  uint64_t slot;
  const char *name;
} bin_got;

typedef struct binary
{
  char *path;
  char *realpath;		/* NULL when it cannot be resolved */
  const char *base;		/* basename of PATH */
  int fd;
  Elf *elf;
  Dwarf *dwarf;			/* NULL without .debug_info */
  int debug_fd;			/* separate debug file, or -1 */
  Elf *debug_elf;
  uint16_t e_type;		/* ET_EXEC or ET_DYN */
  bin_load *loads;
  size_t n_loads;
  uint8_t build_id[64];
  size_t build_id_len;
  bin_func *funcs;		/* FUNC symbols sorted by address */
  size_t n_funcs;
  /* An index of FUNCS by address: for the bucket K of addresses from
     FUNC_BASE + (K << FUNC_SHIFT), FUNC_BUCKETS[K] functions start
     below it.  NULL when there is none (plain binary search).  */
  uint32_t *func_buckets;
  size_t n_func_buckets;
  uint64_t func_base;
  unsigned func_shift;
  bool has_symtab;
  /* Executable section contents, for decoding instructions.  */
  struct bin_text
  {
    uint64_t addr, size;
    const uint8_t *data;
  } *texts;
  size_t n_texts;
  bin_got *gots;		/* sorted by slot */
  size_t n_gots;
  const bin_func **by_name;	/* FUNCS by name */
  size_t cs;			/* capstone handle (csh) */
  bool cs_open;
} binary;

/* Open PATH: ELF headers, program headers, build-id, symbols, DWARF.
   NEED_DWARF: fail when the binary has no DWARF line information.
   Returns NULL with ERR filled.  */
binary *binary_open (const char *path, bool need_dwarf, afdo_error *err);
void binary_close (binary *);

/* The ELF virtual address of file offset OFF, or false if no PT_LOAD
   segment maps it.  */
bool binary_offset_to_vaddr (const binary *, uint64_t off, uint64_t *vaddr);

/* The function symbol containing / starting at ADDR, or NULL.  */
const bin_func *binary_func_at (const binary *, uint64_t addr);

/* Up to N bytes of code at ADDR; returns how many were available.  */
size_t binary_code (const binary *, uint64_t addr, const uint8_t **p);

/* Up to N bytes of the loaded image at ADDR (any segment's file
   contents: .rodata, .data.rel.ro); returns how many were available.  */
size_t binary_data (const binary *, uint64_t addr, const uint8_t **p);

/* The function symbol named NAME nearest to ADDR, or NULL.  */
const bin_func *binary_func_named (const binary *, const char *name,
				   uint64_t addr);

/* The name of the function a call to TARGET calls: a function symbol's,
   or for a PLT entry the name its GOT slot is relocated to; NULL when
   unknown.  */
const char *binary_callee_name (const binary *, uint64_t target);
/* The same, decoding with the capstone handle CS (a csh opened for
   x86-64 with details on) instead of the binary's own: for another
   thread.  */
const char *binary_callee_name_cs (const binary *, uint64_t target,
				   size_t cs);

/* A new capstone handle as the binary's own (x86-64, details on), in
   *CS; false when capstone cannot open one.  Closed with
   binary_cs_close.  */
bool binary_cs_open (size_t *cs);
void binary_cs_close (size_t cs);

/* Classify the instruction at ADDR (x86-64, decoded with capstone):
   1 direct call, 2 indirect call, 0 anything else or unknown.  */
int binary_call_kind (const binary *, uint64_t addr);

/* The call instruction that ends at return address RET: its address in
   *CALL and 1 for a direct call (its target in *TARGET), 2 for an
   indirect one (*TARGET 0); 0 when the bytes before RET are not a call
   (x86-64).  */
int binary_call_before (const binary *, uint64_t ret, uint64_t *call,
			uint64_t *target);

/* Hex form of the binary's build-id ("" when none).  */
void build_id_hex (const uint8_t *id, size_t len, char *out, size_t outsz);

#endif /* AFDO_BINARY_H */
