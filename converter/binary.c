/* The profiled binary: ELF program headers, build-id, function symbols
   and code, read with libelf; DWARF opened with libdw.
   Copyright (C) 2026 The afdo authors.

   This file is part of afdo.

   afdo is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   afdo is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or
   FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
   for more details.

   You should have received a copy of the GNU General Public License
   along with afdo; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
  size_t cap_funcs = 0, cap_texts = 0;
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
    }

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
  free (b->loads);
  free (b->funcs);
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

/* Length of the instruction FF /2 (call r/m64) whose ModRM byte is
   P[0], with N bytes available from P; 0 when truncated.  */
static size_t
modrm_call_length (const uint8_t *p, size_t n)
{
  if (n < 1)
    return 0;
  unsigned mod = p[0] >> 6, rm = p[0] & 7;
  size_t len = 1;
  if (mod == 3)
    return len;
  if (rm == 4)
    {
      if (n < 2)
	return 0;
      len++;
      if (mod == 0 && (p[1] & 7) == 5)
	return len + 4;
    }
  if (mod == 0 && rm == 5)
    return len + 4;
  if (mod == 1)
    return len + 1;
  if (mod == 2)
    return len + 4;
  return len;
}

/* The call instruction at ADDR: 1 direct, 2 indirect, 0 none; its
   length in *LEN (0 when its bytes run past the section).  */
static int
call_at (const binary *b, uint64_t addr, size_t *len)
{
  const uint8_t *p;
  size_t n = binary_code (b, addr, &p);
  size_t i = 0;
  *len = 0;
  /* Legacy prefixes (notrack 0x3e, segment, operand size) and REX.  */
  while (i < n && i < 4
	 && (p[i] == 0x3e || p[i] == 0x2e || p[i] == 0x64 || p[i] == 0x65
	     || p[i] == 0x66 || p[i] == 0xf2))
    i++;
  if (i < n && (p[i] & 0xf0) == 0x40)
    i++;
  if (i >= n)
    return 0;
  if (p[i] == 0xe8)
    {
      *len = i + 5 <= n ? i + 5 : 0;
      return 1;
    }
  if (p[i] == 0xff && i + 1 < n && ((p[i + 1] >> 3) & 7) == 2)
    {
      size_t m = modrm_call_length (p + i + 1, n - i - 1);
      *len = m ? i + 1 + m : 0;
      return 2;
    }
  return 0;
}

int
binary_call_kind (const binary *b, uint64_t addr)
{
  size_t len;
  return call_at (b, addr, &len);
}

int
binary_call_before (const binary *b, uint64_t ret, uint64_t *call,
		    uint64_t *target)
{
  const uint8_t *p;
  size_t len;
  *target = 0;
  /* A direct call: E8 and a 32-bit displacement, the most common.  */
  if (ret >= 5 && binary_code (b, ret - 5, &p) >= 5 && p[0] == 0xe8)
    {
      int32_t rel = (int32_t) ((uint32_t) p[1] | (uint32_t) p[2] << 8
			       | (uint32_t) p[3] << 16 | (uint32_t) p[4] << 24);
      const uint8_t *t;
      /* ... whose target is code of the binary (a function or the
	 PLT); otherwise the E8 is the end of another instruction.  */
      if (binary_code (b, ret + (uint64_t) (int64_t) rel, &t))
	{
	  *call = ret - 5;
	  *target = ret + (uint64_t) (int64_t) rel;
	  return 1;
	}
    }
  /* An indirect call: FF /2 with a ModRM (and SIB, displacement) that
     ends exactly at RET, possibly after prefixes.  */
  for (uint64_t k = 2; k <= 9 && k <= ret; k++)
    if (call_at (b, ret - k, &len) == 2 && len == k)
      {
	*call = ret - k;
	return 2;
      }
  return 0;
}
