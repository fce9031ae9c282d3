/* afdo: readers of callgrind output, instruction count files and perf
   script text, and the degree of overlap of per-instruction counts, for
   afdo-binoverlap and its unit test (the formats are described in
   binoverlap.h).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binoverlap.h"
#include "textline.h"

/* The image.  */

void
binq_image_init (struct binq_image *im, const char *path, int pie)
{
  memset (im, 0, sizeof *im);
  im->path = strdup (path);
  im->pie = pie;
}

int
binq_image_add_fn (struct binq_image *im, uint64_t lo, uint64_t hi,
		   const char *name)
{
  if (im->nfns == im->capfns)
    {
      size_t c = im->capfns ? im->capfns * 2 : 256;
      struct binq_fn *p = realloc (im->fns, c * sizeof *p);
      if (!p)
	return -1;
      im->fns = p;
      im->capfns = c;
    }
  char *s = strdup (name);
  if (!s)
    return -1;
  im->fns[im->nfns].lo = lo;
  im->fns[im->nfns].hi = hi;
  im->fns[im->nfns].name = s;
  im->nfns++;
  return 0;
}

int
binq_image_add_seg (struct binq_image *im, uint64_t offset, uint64_t vaddr,
		    uint64_t filesz)
{
  struct binq_seg *p = realloc (im->segs, (im->nsegs + 1) * sizeof *p);
  if (!p)
    return -1;
  im->segs = p;
  p[im->nsegs].offset = offset;
  p[im->nsegs].vaddr = vaddr;
  p[im->nsegs].filesz = filesz;
  im->nsegs++;
  return 0;
}

static int
binq_fn_cmp (const void *a, const void *b)
{
  const struct binq_fn *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  /* At the same address, the longer first, then by name: the choice
     does not depend on the order of the symbol table.  */
  if (x->hi != y->hi)
    return x->hi > y->hi ? -1 : 1;
  return strcmp (x->name, y->name);
}

static const struct binq_fn *binq_sort_fns;

static int
binq_name_cmp (const void *a, const void *b)
{
  const size_t *x = a, *y = b;
  int c = strcmp (binq_sort_fns[*x].name, binq_sort_fns[*y].name);
  if (c)
    return c;
  return *x < *y ? -1 : *x > *y;
}

int
binq_image_finish (struct binq_image *im)
{
  if (im->nfns)
    qsort (im->fns, im->nfns, sizeof *im->fns, binq_fn_cmp);
  /* One function per address: aliases of it go.  */
  size_t k = 0;
  for (size_t i = 0; i < im->nfns; i++)
    if (k > 0 && im->fns[k - 1].lo == im->fns[i].lo)
      free (im->fns[i].name);
    else
      im->fns[k++] = im->fns[i];
  im->nfns = k;
  free (im->by_name);
  im->by_name = malloc ((im->nfns + 1) * sizeof *im->by_name);
  if (!im->by_name)
    return -1;
  for (size_t i = 0; i < im->nfns; i++)
    im->by_name[i] = i;
  binq_sort_fns = im->fns;
  if (im->nfns)
    qsort (im->by_name, im->nfns, sizeof *im->by_name, binq_name_cmp);
  return 0;
}

void
binq_image_free (struct binq_image *im)
{
  for (size_t i = 0; i < im->nfns; i++)
    free (im->fns[i].name);
  free (im->fns);
  free (im->by_name);
  free (im->segs);
  free (im->path);
  memset (im, 0, sizeof *im);
}

long
binq_image_fn (const struct binq_image *im, uint64_t addr)
{
  size_t lo = 0, hi = im->nfns;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (im->fns[mid].lo <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  /* LO functions begin at or before ADDR; a nested symbol may end
     before ADDR while an enclosing one does not.  */
  for (size_t i = lo; i > 0 && lo - i < 4; i--)
    if (addr < im->fns[i - 1].hi)
      return (long) (i - 1);
  return -1;
}

long
binq_image_fn_named (const struct binq_image *im, const char *name)
{
  size_t lo = 0, hi = im->nfns;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      int c = strcmp (im->fns[im->by_name[mid]].name, name);
      if (c < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < im->nfns && strcmp (im->fns[im->by_name[lo]].name, name) == 0)
    return (long) im->by_name[lo];
  return -1;
}

int
binq_image_is (const struct binq_image *im, const char *ob)
{
  if (strcmp (ob, im->path) == 0)
    return 1;
  struct stat st;
  return im->have_id && stat (ob, &st) == 0 && st.st_dev == im->dev
	 && st.st_ino == im->ino;
}

int
binq_image_read (const char *path, struct binq_image *im, char *err,
		 size_t errlen)
{
  binq_image_init (im, path, 0);
  if (!im->path)
    return afdo_line_fail (err, errlen, path, 0, "out of memory");
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      afdo_line_fail (err, errlen, path, 0, "cannot open: %s",
		      strerror (errno));
      binq_image_free (im);
      return -1;
    }
  struct stat st;
  if (fstat (fd, &st) == 0)
    {
      im->have_id = 1;
      im->dev = st.st_dev;
      im->ino = st.st_ino;
    }
  elf_version (EV_CURRENT);
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  GElf_Ehdr eh;
  int rc = 0;
  if (!e || elf_kind (e) != ELF_K_ELF || !gelf_getehdr (e, &eh))
    {
      rc = afdo_line_fail (err, errlen, path, 0, "not an ELF file");
      goto out;
    }
  if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
    {
      rc = afdo_line_fail (err, errlen, path, 0, "not an executable or a "
			   "shared object (ELF type %u)",
			   (unsigned) eh.e_type);
      goto out;
    }
  im->pie = eh.e_type == ET_DYN;
  size_t nph = 0;
  if (elf_getphdrnum (e, &nph) != 0)
    nph = 0;
  for (size_t i = 0; i < nph; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (e, (int) i, &ph) && ph.p_type == PT_LOAD
	  && binq_image_add_seg (im, ph.p_offset, ph.p_vaddr,
				 ph.p_filesz) != 0)
	{
	  rc = afdo_line_fail (err, errlen, path, 0, "out of memory");
	  goto out;
	}
    }
  if (im->nsegs == 0)
    {
      rc = afdo_line_fail (err, errlen, path, 0, "no loadable segment");
      goto out;
    }
  /* The full symbol table, else the dynamic one.  */
  for (int pass = 0; pass < 2 && im->nfns == 0; pass++)
    {
      Elf_Scn *scn = NULL;
      while ((scn = elf_nextscn (e, scn)) != NULL)
	{
	  GElf_Shdr sh;
	  if (!gelf_getshdr (scn, &sh)
	      || sh.sh_type != (pass == 0 ? SHT_SYMTAB : SHT_DYNSYM)
	      || sh.sh_entsize == 0)
	    continue;
	  Elf_Data *d = elf_getdata (scn, NULL);
	  if (!d)
	    continue;
	  size_t n = sh.sh_size / sh.sh_entsize;
	  for (size_t i = 0; i < n; i++)
	    {
	      GElf_Sym sym;
	      if (!gelf_getsym (d, (int) i, &sym))
		break;
	      int type = GELF_ST_TYPE (sym.st_info);
	      if ((type != STT_FUNC && type != STT_GNU_IFUNC)
		  || sym.st_shndx == SHN_UNDEF || sym.st_size == 0)
		continue;
	      const char *nm = elf_strptr (e, sh.sh_link, sym.st_name);
	      if (!nm || !*nm)
		continue;
	      if (binq_image_add_fn (im, sym.st_value,
				     sym.st_value + sym.st_size, nm) != 0)
		{
		  rc = afdo_line_fail (err, errlen, path, 0, "out of memory");
		  goto out;
		}
	    }
	}
    }
  if (im->nfns == 0)
    {
      rc = afdo_line_fail (err, errlen, path, 0, "no function symbols");
      goto out;
    }
  if (binq_image_finish (im) != 0)
    rc = afdo_line_fail (err, errlen, path, 0, "out of memory");
out:
  if (e)
    elf_end (e);
  close (fd);
  if (rc != 0)
    binq_image_free (im);
  return rc;
}

/* Counts.  */

int
binq_counts_add (struct binq_counts *c, uint64_t addr, double n)
{
  if (c->n == c->cap)
    {
      size_t cap = c->cap ? c->cap * 2 : 1024;
      struct binq_insn *p = realloc (c->v, cap * sizeof *p);
      if (!p)
	return -1;
      c->v = p;
      c->cap = cap;
    }
  c->v[c->n].addr = addr;
  c->v[c->n].n = n;
  c->n++;
  c->sorted = 0;
  return 0;
}

static int
binq_insn_cmp (const void *a, const void *b)
{
  const struct binq_insn *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

void
binq_counts_finish (struct binq_counts *c)
{
  if (c->n)
    qsort (c->v, c->n, sizeof *c->v, binq_insn_cmp);
  size_t k = 0;
  for (size_t i = 0; i < c->n; i++)
    if (k > 0 && c->v[k - 1].addr == c->v[i].addr)
      c->v[k - 1].n += c->v[i].n;
    else
      c->v[k++] = c->v[i];
  c->n = k;
  c->sorted = 1;
}

void
binq_counts_free (struct binq_counts *c)
{
  free (c->v);
  memset (c, 0, sizeof *c);
}

double
binq_counts_total (const struct binq_counts *c)
{
  double t = 0;
  for (size_t i = 0; i < c->n; i++)
    t += c->v[i].n;
  return t;
}

/* Parse the number at *P (hexadecimal after "0x", else decimal) into
   *V and move *P past it.  Returns 0, or -1 when there is none.  */
static int
binq_number (const char **p, uint64_t *v)
{
  const char *s = *p;
  char *end;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      s += 2;
      base = 16;
    }
  if (!(base == 16 ? isxdigit ((unsigned char) *s)
	: isdigit ((unsigned char) *s)))
    return -1;
  errno = 0;
  unsigned long long x = strtoull (s, &end, base);
  if (errno == ERANGE)
    return -1;
  *v = (uint64_t) x;
  *p = end;
  return 0;
}

/* callgrind.  */

/* The names of one kind of position (ob or fn), with their ids when
   the file compresses them.  */
struct binq_names
{
  char **v;
  size_t n;
};

static void
binq_names_free (struct binq_names *t)
{
  for (size_t i = 0; i < t->n; i++)
    free (t->v[i]);
  free (t->v);
  memset (t, 0, sizeof *t);
}

/* The name of the position specification VALUE ("(ID) name", "(ID)"
   or "name"), recorded in T under its id; NULL on error with *BAD set
   to the reason.  The result belongs to T or to VALUE.  */
static const char *
binq_position_name (struct binq_names *t, char *value, const char **bad)
{
  while (*value == ' ' || *value == '\t')
    value++;
  /* Without compression a name may begin with '(' too: "(below
     main)".  */
  if (*value != '(' || !isdigit ((unsigned char) value[1]))
    return value;
  char *end;
  errno = 0;
  unsigned long id = strtoul (value + 1, &end, 10);
  if (*end != ')')
    return value;
  if (errno == ERANGE || id > 10000000)
    {
      *bad = "bad name id";
      return NULL;
    }
  char *name = end + 1;
  while (*name == ' ' || *name == '\t')
    name++;
  if (*name == '\0')
    {
      if (id >= t->n || !t->v[id])
	{
	  *bad = "name id used before it is defined";
	  return NULL;
	}
      return t->v[id];
    }
  if (id >= t->n)
    {
      size_t n = id + 1 > t->n * 2 ? id + 1 : t->n * 2;
      char **p = realloc (t->v, n * sizeof *p);
      if (!p)
	{
	  *bad = "out of memory";
	  return NULL;
	}
      memset (p + t->n, 0, (n - t->n) * sizeof *p);
      t->v = p;
      t->n = n;
    }
  free (t->v[id]);
  t->v[id] = strdup (name);
  if (!t->v[id])
    {
      *bad = "out of memory";
      return NULL;
    }
  return t->v[id];
}

/* An instruction of the object as callgrind saw it: its address as
   loaded, its Ir, and the symbol its function's name gives.  */
struct binq_cg_insn
{
  uint64_t addr;
  double ir;
  long fn;
};

static int
binq_u64_cmp (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* The load base of a PIE from its instructions: every instruction
   votes for its address less the start of the function whose name
   callgrind gives, rounded down to a page (right for the instructions
   in the first page of a function, and a page-aligned base); the base
   with most votes wins.  Returns 0, or -1 when no instruction votes.  */
static int
binq_vote_base (const struct binq_image *im, const struct binq_cg_insn *v,
		size_t n, uint64_t *base)
{
  uint64_t *c = malloc ((n + 1) * sizeof *c);
  size_t k = 0;
  if (!c)
    return -1;
  for (size_t i = 0; i < n; i++)
    if (v[i].fn >= 0 && v[i].addr >= im->fns[v[i].fn].lo)
      c[k++] = (v[i].addr - im->fns[v[i].fn].lo) & ~(uint64_t) 0xfff;
  if (k == 0)
    {
      free (c);
      return -1;
    }
  qsort (c, k, sizeof *c, binq_u64_cmp);
  size_t best = 0, run = 0;
  for (size_t i = 0; i < k; i++)
    {
      run = i > 0 && c[i] == c[i - 1] ? run + 1 : 1;
      if (run > best)
	{
	  best = run;
	  *base = c[i];
	}
    }
  free (c);
  return 0;
}

/* The symbol of callgrind's function name NAME: without the "'N"
   callgrind adds to recursion levels and to contexts.  */
static long
binq_cg_fn (const struct binq_image *im, const char *name)
{
  long f = binq_image_fn_named (im, name);
  const char *q = strrchr (name, '\'');
  if (f < 0 && q && q > name && q[1] && strspn (q + 1, "0123456789")
      == strlen (q + 1))
    {
      char *s = strndup (name, (size_t) (q - name));
      if (s)
	f = binq_image_fn_named (im, s);
      free (s);
    }
  return f;
}

#define BINQ_MAX_POS 4

int
binq_read_callgrind (FILE *in, const char *name, const struct binq_image *im,
		     struct binq_counts *out, struct binq_cg_info *info,
		     char *err, size_t errlen)
{
  struct binq_names obs = { NULL, 0 }, fns = { NULL, 0 };
  struct binq_cg_insn *v = NULL;
  size_t nv = 0, capv = 0;
  char *line = NULL, *ob = NULL;
  size_t linecap = 0;
  long lineno = 0;
  int rc = 0, npos = 1, instr_col = -1, ir_col = -1, in_ob = 0;
  int skip_next = 0, have_events = 0;
  long cur_fn = -1;
  uint64_t last[BINQ_MAX_POS] = { 0 };
  const char *bad = NULL;
  memset (info, 0, sizeof *info);

#define CG_FAIL(...) \
  do { rc = afdo_line_fail (err, errlen, name, lineno, __VA_ARGS__); \
       goto done; } while (0)

  while (getline (&line, &linecap, in) >= 0)
    {
      lineno++;
      line[strcspn (line, "\r\n")] = '\0';
      char *s = line;
      if (*s == '\0' || *s == '#')
	continue;
      if (isdigit ((unsigned char) *s) || *s == '+' || *s == '-'
	  || *s == '*')
	{
	  /* A cost line: the positions, then the costs.  */
	  if (!have_events)
	    CG_FAIL ("cost line before the \"events:\" line");
	  if (instr_col < 0)
	    CG_FAIL ("no instruction addresses (\"positions:\" lacks "
		     "\"instr\"): run callgrind with --dump-instr=yes");
	  const char *p = s;
	  for (int k = 0; k < npos; k++)
	    {
	      uint64_t x;
	      while (*p == ' ' || *p == '\t')
		p++;
	      if (*p == '*')
		{
		  x = last[k];
		  p++;
		}
	      else if (*p == '+' || *p == '-')
		{
		  char sign = *p++;
		  if (binq_number (&p, &x) != 0)
		    CG_FAIL ("bad position");
		  x = sign == '+' ? last[k] + x : last[k] - x;
		}
	      else if (binq_number (&p, &x) != 0)
		CG_FAIL ("bad position");
	      if (*p && *p != ' ' && *p != '\t')
		CG_FAIL ("bad position");
	      last[k] = x;
	    }
	  double ir = 0;
	  for (int k = 0; *p; k++)
	    {
	      uint64_t x;
	      while (*p == ' ' || *p == '\t')
		p++;
	      if (!*p)
		break;
	      if (binq_number (&p, &x) != 0
		  || (*p && *p != ' ' && *p != '\t'))
		CG_FAIL ("bad cost");
	      if (k == ir_col)
		ir = (double) x;
	    }
	  if (skip_next)
	    {
	      /* The inclusive cost of the call on the line before.  */
	      skip_next = 0;
	      info->call_lines++;
	      continue;
	    }
	  info->ir_all += ir;
	  if (!in_ob || ir == 0)
	    continue;
	  if (nv == capv)
	    {
	      size_t c = capv ? capv * 2 : 4096;
	      struct binq_cg_insn *q = realloc (v, c * sizeof *q);
	      if (!q)
		CG_FAIL ("out of memory");
	      v = q;
	      capv = c;
	    }
	  v[nv].addr = last[instr_col];
	  v[nv].ir = ir;
	  v[nv].fn = cur_fn;
	  nv++;
	  continue;
	}
      if (skip_next)
	CG_FAIL ("no cost line after \"calls=\"");
      char *eq = strchr (s, '='), *colon = strchr (s, ':');
      size_t key = strspn (s, "abcdefghijklmnopqrstuvwxyz");
      if (eq && s + key == eq)
	{
	  char *value = eq + 1;
	  if (strncmp (s, "ob=", 3) == 0 || strncmp (s, "cob=", 4) == 0)
	    {
	      const char *n = binq_position_name (&obs, value, &bad);
	      if (!n)
		CG_FAIL ("%s", bad);
	      if (s[0] == 'o')
		{
		  if (!ob || strcmp (ob, n) != 0)
		    {
		      free (ob);
		      ob = strdup (n);
		      if (!ob)
			CG_FAIL ("out of memory");
		      in_ob = binq_image_is (im, ob);
		    }
		}
	    }
	  else if (strncmp (s, "fn=", 3) == 0 || strncmp (s, "cfn=", 4) == 0)
	    {
	      const char *n = binq_position_name (&fns, value, &bad);
	      if (!n)
		CG_FAIL ("%s", bad);
	      if (s[0] == 'f')
		cur_fn = binq_cg_fn (im, n);
	    }
	  else if (strncmp (s, "calls=", 6) == 0)
	    {
	      /* Its target position is not a previous position for the
		 relative positions that follow: those continue from the
		 cost line before it.  */
	      skip_next = 1;
	    }
	  /* fl=, fi=, fe=, cfi=, cfl=, jump=, jcnd= and others: nothing
	     this reader needs (the line after a jump is its source
	     position, without costs).  */
	  continue;
	}
      if (colon && s + key == colon && key > 0)
	{
	  char *value = colon + 1;
	  if (strncmp (s, "events:", 7) == 0)
	    {
	      have_events = 1;
	      ir_col = -1;
	      int k = 0;
	      for (char *t = strtok (value, " \t"); t; t = strtok (NULL, " \t"),
		   k++)
		if (strcmp (t, "Ir") == 0 && ir_col < 0)
		  ir_col = k;
	      if (ir_col < 0)
		CG_FAIL ("no event Ir in the \"events:\" line");
	    }
	  else if (strncmp (s, "positions:", 10) == 0)
	    {
	      npos = 0;
	      instr_col = -1;
	      for (char *t = strtok (value, " \t"); t; t = strtok (NULL, " \t"))
		{
		  if (npos == BINQ_MAX_POS)
		    CG_FAIL ("too many positions");
		  if (strcmp (t, "instr") == 0)
		    instr_col = npos;
		  npos++;
		}
	      if (npos == 0)
		CG_FAIL ("empty \"positions:\" line");
	      memset (last, 0, sizeof last);
	    }
	  continue;
	}
      CG_FAIL ("not a line of callgrind's format");
    }
  if (ferror (in))
    CG_FAIL ("read error");
  if (skip_next)
    CG_FAIL ("no cost line after \"calls=\"");
  if (!have_events)
    {
      lineno = 0;
      CG_FAIL ("not callgrind output (no \"events:\" line)");
    }
  lineno = 0;
  if (nv > 0 && im->pie && binq_vote_base (im, v, nv, &info->base) != 0)
    CG_FAIL ("cannot find where %s was loaded: none of its functions' "
	     "names matches its symbols", im->path);
  for (size_t i = 0; i < nv; i++)
    {
      if (v[i].addr < info->base)
	continue;
      info->ir_object += v[i].ir;
      if (binq_counts_add (out, v[i].addr - info->base, v[i].ir) != 0)
	CG_FAIL ("out of memory");
    }
done:
#undef CG_FAIL
  free (line);
  free (ob);
  free (v);
  binq_names_free (&obs);
  binq_names_free (&fns);
  return rc;
}

/* Instruction count files.  */

int
binq_read_insn_counts (FILE *in, const char *name, struct binq_counts *out,
		       char *err, size_t errlen)
{
  char *line = NULL;
  size_t linecap = 0;
  long lineno = 0;
  int rc = 0;
  while (getline (&line, &linecap, in) >= 0)
    {
      lineno++;
      line[strcspn (line, "\r\n")] = '\0';
      const char *p = line;
      while (*p == ' ' || *p == '\t')
	p++;
      if (*p == '\0' || *p == '#')
	continue;
      uint64_t a;
      if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X')
	  || binq_number (&p, &a) != 0 || (*p != ' ' && *p != '\t'))
	{
	  rc = afdo_line_fail (err, errlen, name, lineno,
			       "expected \"0x<address> <count>\"");
	  break;
	}
      char *end;
      errno = 0;
      double n = strtod (p, &end);
      while (*end == ' ' || *end == '\t')
	end++;
      if (end == p || *end != '\0' || errno == ERANGE || !isfinite (n)
	  || n < 0)
	{
	  rc = afdo_line_fail (err, errlen, name, lineno,
			       "expected a count >= 0 after the address");
	  break;
	}
      if (binq_counts_add (out, a, n) != 0)
	{
	  rc = afdo_line_fail (err, errlen, name, lineno, "out of memory");
	  break;
	}
    }
  if (rc == 0 && ferror (in))
    rc = afdo_line_fail (err, errlen, name, 0, "read error");
  free (line);
  return rc;
}

int
binq_write_insn_counts (FILE *out, const struct binq_counts *c)
{
  for (size_t i = 0; i < c->n; i++)
    if (fprintf (out, "0x%" PRIx64 " %.17g\n", c->v[i].addr, c->v[i].n) < 0)
      return -1;
  return 0;
}

/* perf script.  */

/* A mapping of the binary in a process.  */
struct binq_map
{
  long pid;			/* -1 when the line names none */
  uint64_t start, len, pgoff;
};

/* The ELF virtual address of file offset OFF, or UINT64_MAX.  */
static uint64_t
binq_offset_vaddr (const struct binq_image *im, uint64_t off)
{
  for (size_t i = 0; i < im->nsegs; i++)
    if (off >= im->segs[i].offset
	&& off < im->segs[i].offset + im->segs[i].filesz)
      return off - im->segs[i].offset + im->segs[i].vaddr;
  return UINT64_MAX;
}

/* Parse a PERF_RECORD_MMAP or MMAP2 line at S ("PERF_RECORD_MMAP2
   PID/TID: [0xSTART(0xLEN) @ PGOFF ...]: PROT PATH") into *M and the
   path.  Returns 0, or -1 when it is not that shape.  */
static int
binq_parse_mmap (char *s, struct binq_map *m, const char **path)
{
  char *p = strchr (s, ' ');
  if (!p)
    return -1;
  char *end;
  m->pid = strtol (p + 1, &end, 10);
  if (end == p + 1)
    m->pid = -1;
  p = strchr (p, '[');
  if (!p)
    return -1;
  p++;
  const char *q = p;
  if (binq_number (&q, &m->start) != 0 || *q != '(')
    return -1;
  q++;
  if (binq_number (&q, &m->len) != 0 || *q != ')')
    return -1;
  q++;
  while (*q == ' ' || *q == '@')
    q++;
  if (binq_number (&q, &m->pgoff) != 0)
    return -1;
  char *r = strstr ((char *) q, "]: ");
  if (!r)
    return -1;
  r += 3;
  /* MMAP2 gives the protection ("r-xp"), MMAP a letter ("x").  */
  char *sp = strchr (r, ' ');
  if (sp && sp - r <= 4)
    r = sp + 1;
  *path = r;
  return 0;
}

int
binq_read_perf_script (FILE *in, const char *name,
		       const struct binq_image *im, struct binq_counts *out,
		       struct binq_perf_info *info, char *err, size_t errlen)
{
  struct binq_map *maps = NULL;
  size_t nmaps = 0;
  char *line = NULL;
  size_t linecap = 0;
  long lineno = 0;
  int rc = 0;
  memset (info, 0, sizeof *info);

#define PS_FAIL(...) \
  do { rc = afdo_line_fail (err, errlen, name, lineno, __VA_ARGS__); \
       goto done; } while (0)

  while (getline (&line, &linecap, in) >= 0)
    {
      lineno++;
      line[strcspn (line, "\r\n")] = '\0';
      char *rec = strstr (line, "PERF_RECORD_");
      if (rec)
	{
	  if (strncmp (rec, "PERF_RECORD_MMAP", 16) != 0)
	    continue;
	  struct binq_map m;
	  const char *path;
	  if (binq_parse_mmap (rec, &m, &path) != 0)
	    PS_FAIL ("cannot read the mapping line");
	  if (!binq_image_is (im, path))
	    continue;
	  struct binq_map *q = realloc (maps, (nmaps + 1) * sizeof *q);
	  if (!q)
	    PS_FAIL ("out of memory");
	  maps = q;
	  maps[nmaps++] = m;
	  continue;
	}
      /* A sample: [PID] IP.  */
      char *tok[3];
      int nt = 0;
      for (char *t = strtok (line, " \t"); t; t = strtok (NULL, " \t"))
	{
	  if (nt == 2)
	    PS_FAIL ("expected the output of perf script -F ip or -F pid,ip");
	  tok[nt++] = t;
	}
      if (nt == 0)
	continue;
      const char *ipt = tok[nt - 1];
      long pid = -1;
      if (nt == 2)
	{
	  char *end;
	  pid = strtol (tok[0], &end, 10);
	  if (*end)
	    PS_FAIL ("expected the output of perf script -F ip or -F pid,ip");
	}
      char *end;
      errno = 0;
      uint64_t ip = strtoull (ipt, &end, 16);
      if (*end || end == ipt || errno == ERANGE)
	PS_FAIL ("expected the output of perf script -F ip or -F pid,ip");
      info->samples++;
      /* The latest mapping of the process that holds IP.  */
      uint64_t va = UINT64_MAX;
      for (size_t i = nmaps; i-- > 0;)
	if ((pid < 0 || maps[i].pid < 0 || maps[i].pid == pid)
	    && ip >= maps[i].start && ip - maps[i].start < maps[i].len)
	  {
	    va = binq_offset_vaddr (im, ip - maps[i].start + maps[i].pgoff);
	    break;
	  }
      if (nmaps == 0 && !im->pie && binq_image_fn (im, ip) >= 0)
	va = ip;
      if (va == UINT64_MAX)
	continue;
      info->in_binary++;
      if (binq_counts_add (out, va, 1.0) != 0)
	PS_FAIL ("out of memory");
    }
  lineno = 0;
  if (ferror (in))
    PS_FAIL ("read error");
  info->mappings = nmaps;
  if (nmaps == 0 && im->pie)
    PS_FAIL ("no mapping of %s (run perf script with --show-mmap-events)",
	     im->path);
done:
#undef PS_FAIL
  free (line);
  free (maps);
  return rc;
}

/* The comparison.  */

static int
binq_fnres_cmp (const void *a, const void *b)
{
  const struct binq_fn_result *x = a, *y = b;
  if (x->exact != y->exact)
    return x->exact > y->exact ? -1 : 1;
  if (x->est != y->est)
    return x->est > y->est ? -1 : 1;
  return x->fn < y->fn ? -1 : x->fn > y->fn;
}

/* The slot of ADDR's function: its index, or NFNS for no symbol.  */
static size_t
binq_slot (const struct binq_image *im, uint64_t addr)
{
  long f = binq_image_fn (im, addr);
  return f < 0 ? im->nfns : (size_t) f;
}

int
binq_compare (const struct binq_image *im, const struct binq_counts *exact,
	      const struct binq_counts *est, struct binq_result *r)
{
  size_t ns = im->nfns + 1;
  memset (r, 0, sizeof *r);
  struct binq_fn_result *f = calloc (ns, sizeof *f);
  if (!f)
    return -1;
  for (size_t i = 0; i < ns; i++)
    f[i].fn = i < im->nfns ? (long) i : -1;
  for (size_t i = 0; i < est->n; i++)
    {
      struct binq_fn_result *x = &f[binq_slot (im, est->v[i].addr)];
      x->present = 1;
      x->est += est->v[i].n;
      r->est_total += est->v[i].n;
      r->est_insns++;
    }
  for (size_t i = 0; i < exact->n; i++)
    {
      struct binq_fn_result *x = &f[binq_slot (im, exact->v[i].addr)];
      x->exact += exact->v[i].n;
      r->exact_total += exact->v[i].n;
      if (x->present)
	r->exact_present += exact->v[i].n;
    }
  /* Both sorted by address: walk them together.  */
  size_t i = 0, j = 0;
  while (i < exact->n || j < est->n)
    {
      uint64_t a;
      double e = 0, q = 0;
      if (j >= est->n || (i < exact->n && exact->v[i].addr < est->v[j].addr))
	{
	  a = exact->v[i].addr;
	  e = exact->v[i++].n;
	}
      else if (i >= exact->n || est->v[j].addr < exact->v[i].addr)
	{
	  a = est->v[j].addr;
	  q = est->v[j++].n;
	}
      else
	{
	  a = exact->v[i].addr;
	  e = exact->v[i++].n;
	  q = est->v[j++].n;
	}
      struct binq_fn_result *x = &f[binq_slot (im, a)];
      if (!x->present)
	continue;
      double p1 = r->exact_present > 0 ? e / r->exact_present : 0;
      double q1 = r->est_total > 0 ? q / r->est_total : 0;
      x->part += p1 < q1 ? p1 : q1;
      double p2 = r->exact_total > 0 ? e / r->exact_total : 0;
      r->overlap_bin += p2 < q1 ? p2 : q1;
      double p3 = x->exact > 0 ? e / x->exact : 0;
      double q3 = x->est > 0 ? q / x->est : 0;
      x->own += p3 < q3 ? p3 : q3;
    }
  for (size_t k = 0; k < ns; k++)
    {
      if (f[k].present)
	{
	  r->present++;
	  r->overlap_fns += f[k].part;
	}
      double pf = r->exact_total > 0 ? f[k].exact / r->exact_total : 0;
      double qf = r->est_total > 0 ? f[k].est / r->est_total : 0;
      r->overlap_fnlevel += pf < qf ? pf : qf;
    }
  if (r->overlap_fnlevel > 1)
    r->overlap_fnlevel = 1;
  if (r->overlap_fns > 1)
    r->overlap_fns = 1;
  if (r->overlap_bin > 1)
    r->overlap_bin = 1;
  qsort (f, ns, sizeof *f, binq_fnres_cmp);
  r->fns = f;
  r->nfns = ns;
  return 0;
}

void
binq_result_free (struct binq_result *r)
{
  free (r->fns);
  memset (r, 0, sizeof *r);
}
