/* The profiled binary: ELF program headers, build-id, function symbols
   and code, read with libelf; DWARF opened with libdw; call instructions
   decoded with capstone.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <capstone/capstone.h>

#include "binary.h"

void
build_id_hex (const uint8_t *id, size_t len, char *out, size_t outsz)
{
  size_t o = 0;
  if (outsz)
    out[0] = 0;
  for (size_t i = 0; i < len && o + 3 <= outsz; i++)
    o += (size_t) snprintf (out + o, outsz - o, "%02x", id[i]);
}

static int
func_cmp (const void *a, const void *b)
{
  const bin_func *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  /* Prefer the sized, then the global, symbol: keep order stable.  */
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
name_cmp (const void *a, const void *b)
{
  const bin_func *x = *(const bin_func *const *) a;
  const bin_func *y = *(const bin_func *const *) b;
  int c = strcmp (x->name, y->name);
  if (c)
    return c;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int
got_cmp (const void *a, const void *b)
{
  const bin_got *x = a, *y = b;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* The GOT slots of the dynamic relocations of section SCN (SHT_RELA):
   R_X86_64_JUMP_SLOT and R_X86_64_GLOB_DAT name a symbol.  False when
   out of memory.  */
static bool read_gots (binary *b, Elf_Scn *scn, const GElf_Shdr *sh,
		       size_t *cap);

static void
read_build_id (binary *b, Elf_Data *d)
{
  size_t off = 0, noff, doff;
  GElf_Nhdr nh;
  while ((noff = gelf_getnote (d, off, &nh, &off, &doff)) > 0)
    {
      (void) noff;
      if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4
	  && nh.n_descsz <= sizeof b->build_id)
	{
	  memcpy (b->build_id, (const uint8_t *) d->d_buf + doff, nh.n_descsz);
	  b->build_id_len = nh.n_descsz;
	  return;
	}
      off = noff;
    }
}

/* The DWARF of a binary whose debug info was split off into
   /usr/lib/debug/.build-id/XX/YYYY.debug (Debian's -dbgsym packages):
   true when found.  */
static bool
open_debug_file (binary *b)
{
  if (b->build_id_len < 2)
    return false;
  char hex[129], path[300];
  build_id_hex (b->build_id, b->build_id_len, hex, sizeof hex);
  snprintf (path, sizeof path, "/usr/lib/debug/.build-id/%.2s/%s.debug", hex,
	    hex + 2);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return false;
  Elf *e = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  Dwarf *d = e ? dwarf_begin_elf (e, DWARF_C_READ, NULL) : NULL;
  if (!d)
    {
      if (e)
	elf_end (e);
      close (fd);
      return false;
    }
  b->debug_fd = fd;
  b->debug_elf = e;
  b->dwarf = d;
  return true;
}

/* Room for one more element after the N of SIZE bytes in *V (*CAP
   allocated, FIRST at first); false when out of memory.  */
static bool
make_room (void **v, size_t n, size_t *cap, size_t first, size_t size)
{
  if (n < *cap)
    return true;
  size_t nc = *cap ? 2 * *cap : first;
  void *nv = realloc (*v, nc * size);
  if (!nv)
    return false;
  *v = nv;
  *cap = nc;
  return true;
}

static bool
read_gots (binary *b, Elf_Scn *scn, const GElf_Shdr *sh, size_t *cap)
{
  Elf_Scn *syms = elf_getscn (b->elf, sh->sh_link);
  GElf_Shdr ssh;
  Elf_Data *d = elf_getdata (scn, NULL), *sd;
  if (!syms || !gelf_getshdr (syms, &ssh) || !d || !sh->sh_entsize
      || !(sd = elf_getdata (syms, NULL)))
    return true;
  size_t n = sh->sh_size / sh->sh_entsize;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Rela r;
      GElf_Sym sym;
      if (!gelf_getrela (d, (int) i, &r))
	continue;
      unsigned t = GELF_R_TYPE (r.r_info);
      if (t != R_X86_64_JUMP_SLOT && t != R_X86_64_GLOB_DAT)
	continue;
      if (!gelf_getsym (sd, (int) GELF_R_SYM (r.r_info), &sym))
	continue;
      const char *nm = elf_strptr (b->elf, ssh.sh_link, sym.st_name);
      if (!nm || !*nm)
	continue;
      if (!make_room ((void **) &b->gots, b->n_gots, cap, 64, sizeof *b->gots))
	return false;
      b->gots[b->n_gots].slot = r.r_offset;
      b->gots[b->n_gots].name = nm;
      b->n_gots++;
    }
  return true;
}

/* Most buckets of the address index of the functions.  */
#define FUNC_BUCKETS_MAX (1u << 18)

/* Build B's address index of its sorted functions, which narrows the
   binary search of binary_func_at (called for every sample) to the few
   functions of one bucket.  Without memory for it, the search is over
   all functions.  */
static void
index_funcs (binary *b)
{
  uint64_t base = b->funcs[0].addr;
  uint64_t span = b->funcs[b->n_funcs - 1].addr - base + 1;
  unsigned shift = 6;
  while ((span >> shift) + 2 > FUNC_BUCKETS_MAX)
    shift++;
  size_t n = (size_t) (span >> shift) + 2;
  uint32_t *v = malloc (n * sizeof *v);
  if (!v || b->n_funcs > UINT32_MAX)
    {
      free (v);
      return;
    }
  /* V[K]: how many functions start below BASE + (K << SHIFT).  */
  size_t f = 0;
  for (size_t k = 0; k < n; k++)
    {
      uint64_t at = base + ((uint64_t) k << shift);
      while (f < b->n_funcs && b->funcs[f].addr < at)
	f++;
      v[k] = (uint32_t) f;
    }
  b->func_buckets = v;
  b->n_func_buckets = n;
  b->func_base = base;
  b->func_shift = shift;
}

binary *
binary_open (const char *path, bool need_dwarf, afdo_error *err)
{
  binary *b = calloc (1, sizeof *b);
  if (!b)
    {
      afdo_error_set (err, "%s: out of memory", path);
      return NULL;
    }
  b->fd = -1;
  b->debug_fd = -1;
  b->path = strdup (path);
  b->realpath = realpath (path, NULL);
  const char *sl = strrchr (b->path, '/');
  b->base = sl ? sl + 1 : b->path;
  elf_version (EV_CURRENT);
  b->fd = open (path, O_RDONLY);
  if (b->fd < 0)
    {
      afdo_error_set (err, "%s: cannot open binary: %s", path,
		      strerror (errno));
      goto fail;
    }
  b->elf = elf_begin (b->fd, ELF_C_READ_MMAP, NULL);
  if (!b->elf || elf_kind (b->elf) != ELF_K_ELF)
    {
      afdo_error_set (err, "%s: not an ELF file", path);
      goto fail;
    }
  GElf_Ehdr eh;
  if (!gelf_getehdr (b->elf, &eh))
    {
      afdo_error_set (err, "%s: corrupt ELF header: %s", path,
		      elf_errmsg (-1));
      goto fail;
    }
  if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
    {
      afdo_error_set (err, "%s: not an executable or shared object", path);
      goto fail;
    }
  if (eh.e_machine != EM_X86_64)
    {
      afdo_error_set (err, "%s: not an x86-64 binary", path);
      goto fail;
    }
  b->e_type = eh.e_type;

  size_t nph;
  if (elf_getphdrnum (b->elf, &nph) != 0)
    {
      afdo_error_set (err, "%s: corrupt program headers", path);
      goto fail;
    }
  b->loads = calloc (nph ? nph : 1, sizeof *b->loads);
  if (!b->loads)
    goto oom;
  for (size_t i = 0; i < nph; i++)
    {
      GElf_Phdr ph;
      if (!gelf_getphdr (b->elf, (int) i, &ph))
	continue;
      if (ph.p_type == PT_LOAD)
	{
	  bin_load *l = &b->loads[b->n_loads++];
	  l->vaddr = ph.p_vaddr;
	  l->offset = ph.p_offset;
	  l->filesz = ph.p_filesz;
	  l->memsz = ph.p_memsz;
	  l->exec = (ph.p_flags & PF_X) != 0;
	}
    }
  if (b->n_loads == 0)
    {
      afdo_error_set (err, "%s: no loadable segments", path);
      goto fail;
    }

  size_t shstrndx;
  if (elf_getshdrstrndx (b->elf, &shstrndx) != 0)
    {
      afdo_error_set (err, "%s: corrupt section headers", path);
      goto fail;
    }
  bool has_debug_line = false, has_debug_info = false;
  size_t cap_funcs = 0, cap_texts = 0, cap_gots = 0;
  for (Elf_Scn *scn = elf_nextscn (b->elf, NULL); scn;
       scn = elf_nextscn (b->elf, scn))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh))
	continue;
      const char *sn = elf_strptr (b->elf, shstrndx, sh.sh_name);
      if (sn && !strcmp (sn, ".debug_line"))
	has_debug_line = true;
      if (sn && !strcmp (sn, ".debug_info"))
	has_debug_info = true;
      if (sh.sh_type == SHT_NOTE && !b->build_id_len)
	{
	  Elf_Data *d = elf_getdata (scn, NULL);
	  if (d)
	    read_build_id (b, d);
	}
      if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR)
	  && sh.sh_size)
	{
	  Elf_Data *d = elf_getdata (scn, NULL);
	  if (d && d->d_buf && d->d_size)
	    {
	      if (!make_room ((void **) &b->texts, b->n_texts, &cap_texts, 8,
			      sizeof *b->texts))
		goto oom;
	      b->texts[b->n_texts].addr = sh.sh_addr;
	      b->texts[b->n_texts].size = d->d_size;
	      b->texts[b->n_texts].data = d->d_buf;
	      b->n_texts++;
	    }
	}
      if (sh.sh_type == SHT_RELA && !read_gots (b, scn, &sh, &cap_gots))
	goto oom;
      if (sh.sh_type == SHT_SYMTAB)
	{
	  Elf_Data *d = elf_getdata (scn, NULL);
	  if (!d || !sh.sh_entsize)
	    continue;
	  b->has_symtab = true;
	  size_t n = sh.sh_size / sh.sh_entsize;
	  for (size_t i = 0; i < n; i++)
	    {
	      GElf_Sym sym;
	      if (!gelf_getsym (d, (int) i, &sym))
		continue;
	      if (GELF_ST_TYPE (sym.st_info) != STT_FUNC
		  || sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
		continue;
	      const char *nm = elf_strptr (b->elf, sh.sh_link, sym.st_name);
	      if (!nm || !*nm)
		continue;
	      if (!make_room ((void **) &b->funcs, b->n_funcs, &cap_funcs, 256,
			      sizeof *b->funcs))
		goto oom;
	      b->funcs[b->n_funcs].addr = sym.st_value;
	      b->funcs[b->n_funcs].size = sym.st_size;
	      b->funcs[b->n_funcs].name = nm;
	      b->n_funcs++;
	    }
	}
    }
  if (b->n_funcs)
    {
      qsort (b->funcs, b->n_funcs, sizeof *b->funcs, func_cmp);
      size_t o = 0;
      for (size_t i = 0; i < b->n_funcs; i++)
	if (o == 0 || b->funcs[o - 1].addr != b->funcs[i].addr)
	  b->funcs[o++] = b->funcs[i];
      b->n_funcs = o;
      b->by_name = malloc (b->n_funcs * sizeof *b->by_name);
      if (!b->by_name)
	goto oom;
      for (size_t i = 0; i < b->n_funcs; i++)
	b->by_name[i] = &b->funcs[i];
      qsort (b->by_name, b->n_funcs, sizeof *b->by_name, name_cmp);
      index_funcs (b);
    }
  if (b->n_gots)
    qsort (b->gots, b->n_gots, sizeof *b->gots, got_cmp);
  csh cs;
  if (cs_open (CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK)
    {
      afdo_error_set (err, "%s: cannot start the disassembler (capstone)",
		      path);
      goto fail;
    }
  b->cs = cs;
  b->cs_open = true;
  cs_option (cs, CS_OPT_DETAIL, CS_OPT_ON);

  if (need_dwarf)
    {
      if ((!has_debug_info || !has_debug_line) && open_debug_file (b))
	;
      else if (!has_debug_info || !has_debug_line)
	{
	  if (!b->has_symtab)
	    afdo_error_set (err, "%s: stripped binary (no symbols, no debug "
			    "info); build with -g and profile the unstripped "
			    "binary", path);
	  else
	    afdo_error_set (err, "%s: no DWARF debug info (.debug_info/"
			    ".debug_line); build with -g", path);
	  goto fail;
	}
      if (!b->dwarf)
	b->dwarf = dwarf_begin_elf (b->elf, DWARF_C_READ, NULL);
      if (!b->dwarf)
	{
	  afdo_error_set (err, "%s: cannot read DWARF: %s", path,
			  dwarf_errmsg (-1));
	  goto fail;
	}
    }
  return b;
oom:
  afdo_error_set (err, "%s: out of memory", path);
fail:
  binary_close (b);
  return NULL;
}

void
binary_close (binary *b)
{
  if (!b)
    return;
  if (b->dwarf)
    dwarf_end (b->dwarf);
  if (b->debug_elf)
    elf_end (b->debug_elf);
  if (b->debug_fd >= 0)
    close (b->debug_fd);
  if (b->elf)
    elf_end (b->elf);
  if (b->fd >= 0)
    close (b->fd);
  if (b->cs_open)
    {
      csh cs = b->cs;
      cs_close (&cs);
    }
  free (b->loads);
  free (b->funcs);
  free (b->func_buckets);
  free (b->by_name);
  free (b->gots);
  free (b->texts);
  free (b->realpath);
  free (b->path);
  free (b);
}

bool
binary_offset_to_vaddr (const binary *b, uint64_t off, uint64_t *vaddr)
{
  for (size_t i = 0; i < b->n_loads; i++)
    {
      const bin_load *l = &b->loads[i];
      if (off >= l->offset && off - l->offset < l->filesz)
	{
	  *vaddr = off - l->offset + l->vaddr;
	  return true;
	}
    }
  return false;
}

const bin_func *
binary_func_at (const binary *b, uint64_t addr)
{
  size_t lo = 0, hi = b->n_funcs;
  if (b->func_buckets)
    {
      if (addr < b->func_base)
	return NULL;
      uint64_t k = (addr - b->func_base) >> b->func_shift;
      if (k + 1 < b->n_func_buckets)
	{
	  lo = b->func_buckets[k];
	  hi = b->func_buckets[k + 1];
	}
      else
	lo = b->func_buckets[b->n_func_buckets - 1];
    }
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (b->funcs[mid].addr <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo == 0)
    return NULL;
  const bin_func *f = &b->funcs[lo - 1];
  if (addr == f->addr || addr - f->addr < f->size)
    return f;
  return NULL;
}

size_t
binary_code (const binary *b, uint64_t addr, const uint8_t **p)
{
  for (size_t i = 0; i < b->n_texts; i++)
    if (addr >= b->texts[i].addr && addr - b->texts[i].addr < b->texts[i].size)
      {
	*p = b->texts[i].data + (addr - b->texts[i].addr);
	return b->texts[i].size - (addr - b->texts[i].addr);
      }
  return 0;
}

size_t
binary_data (const binary *b, uint64_t addr, const uint8_t **p)
{
  size_t size;
  const char *raw = elf_rawfile (b->elf, &size);
  if (!raw)
    return 0;
  for (size_t i = 0; i < b->n_loads; i++)
    {
      const bin_load *l = &b->loads[i];
      if (addr >= l->vaddr && addr - l->vaddr < l->filesz
	  && l->offset + l->filesz <= size)
	{
	  *p = (const uint8_t *) raw + l->offset + (addr - l->vaddr);
	  return l->filesz - (addr - l->vaddr);
	}
    }
  return 0;
}

const bin_func *
binary_func_named (const binary *b, const char *name, uint64_t addr)
{
  size_t lo = 0, hi = b->n_funcs;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (strcmp (b->by_name[mid]->name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  const bin_func *best = NULL;
  uint64_t best_d = UINT64_MAX;
  for (size_t i = lo; i < b->n_funcs && !strcmp (b->by_name[i]->name, name);
       i++)
    {
      uint64_t a = b->by_name[i]->addr;
      uint64_t d = a > addr ? a - addr : addr - a;
      if (d < best_d)
	{
	  best = b->by_name[i];
	  best_d = d;
	}
    }
  return best;
}

/* Decode the one instruction at ADDR into INSN (allocated by the
   caller with cs_malloc); false when its bytes are not code of the
   binary or not an instruction.  */
static bool
decode_one_cs (const binary *b, csh cs, uint64_t addr, cs_insn *insn)
{
  const uint8_t *p;
  size_t n = binary_code (b, addr, &p);
  if (!n)
    return false;
  if (n > 16)
    n = 16;
  uint64_t a = addr;
  return cs_disasm_iter (cs, &p, &n, &a, insn);
}

static bool
decode_one (const binary *b, uint64_t addr, cs_insn *insn)
{
  return b->cs_open && decode_one_cs (b, (csh) b->cs, addr, insn);
}

bool
binary_cs_open (size_t *cs)
{
  csh h;
  if (cs_open (CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
    return false;
  cs_option (h, CS_OPT_DETAIL, CS_OPT_ON);
  *cs = h;
  return true;
}

void
binary_cs_close (size_t cs)
{
  csh h = cs;
  cs_close (&h);
}

/* The callee of the instruction INSN if it is a call: 1 direct (its
   target in *TARGET), 2 indirect, 0 not a call.  */
static int
call_kind (const binary *b, const cs_insn *insn, uint64_t *target)
{
  *target = 0;
  if (!cs_insn_group ((csh) b->cs, insn, CS_GRP_CALL))
    return 0;
  const cs_x86 *x = &insn->detail->x86;
  if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM)
    {
      *target = (uint64_t) x->operands[0].imm;
      return 1;
    }
  return 2;
}

const char *
binary_callee_name (const binary *b, uint64_t target)
{
  if (b->cs_open)
    return binary_callee_name_cs (b, target, b->cs);
  const bin_func *f = binary_func_at (b, target);
  return f && f->addr == target ? f->name : NULL;
}

const char *
binary_callee_name_cs (const binary *b, uint64_t target, size_t cs)
{
  const bin_func *f = binary_func_at (b, target);
  if (f && f->addr == target)
    return f->name;
  if (!b->n_gots)
    return NULL;
  /* A PLT entry: its first jump through memory reads the GOT slot
     (after endbr64 in a .plt.sec entry).  */
  cs_insn *insn = cs_malloc ((csh) cs);
  if (!insn)
    return NULL;
  const char *name = NULL;
  uint64_t a = target;
  for (int k = 0; k < 3 && decode_one_cs (b, (csh) cs, a, insn); k++)
    {
      const cs_x86 *x = &insn->detail->x86;
      if (insn->id == X86_INS_JMP)
	{
	  if (x->op_count == 1 && x->operands[0].type == X86_OP_MEM
	      && x->operands[0].mem.base == X86_REG_RIP
	      && x->operands[0].mem.index == X86_REG_INVALID)
	    {
	      uint64_t slot = insn->address + insn->size
			      + (uint64_t) x->operands[0].mem.disp;
	      size_t lo = 0, hi = b->n_gots;
	      while (lo < hi)
		{
		  size_t mid = lo + (hi - lo) / 2;
		  if (b->gots[mid].slot < slot)
		    lo = mid + 1;
		  else
		    hi = mid;
		}
	      if (lo < b->n_gots && b->gots[lo].slot == slot)
		name = b->gots[lo].name;
	    }
	  break;
	}
      a += insn->size;
    }
  cs_free (insn, 1);
  return name;
}

int
binary_call_kind (const binary *b, uint64_t addr)
{
  cs_insn *insn = b->cs_open ? cs_malloc ((csh) b->cs) : NULL;
  if (!insn)
    return 0;
  uint64_t target;
  int kind = decode_one (b, addr, insn) ? call_kind (b, insn, &target) : 0;
  cs_free (insn, 1);
  return kind;
}

int
binary_call_before (const binary *b, uint64_t ret, uint64_t *call,
		    uint64_t *target)
{
  *target = 0;
  cs_insn *insn = b->cs_open ? cs_malloc ((csh) b->cs) : NULL;
  if (!insn)
    return 0;
  int kind = 0;
  /* A direct call (E8 and a 32-bit displacement, 5 bytes) is the most
     common; then the lengths of indirect calls, shortest first.  */
  static const uint8_t lens[] = { 5, 2, 3, 6, 7, 4, 8, 9, 10, 11 };
  for (size_t i = 0; i < sizeof lens && !kind; i++)
    {
      uint64_t k = lens[i], t;
      const uint8_t *p;
      if (k > ret || !decode_one (b, ret - k, insn) || insn->size != k)
	continue;
      int c = call_kind (b, insn, &t);
      /* A direct call's target is code of the binary (a function or
	 the PLT); otherwise the bytes belong to other instructions.  */
      if (c == 1 && !binary_code (b, t, &p))
	continue;
      if (c)
	{
	  kind = c;
	  *call = ret - k;
	  *target = c == 1 ? t : 0;
	}
    }
  cs_free (insn, 1);
  return kind;
}
