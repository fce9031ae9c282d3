/* Reader of `perf script' text: MMAP and MMAP2 event lines (from
   --show-mmap-events) give the mappings of the binary, and sample lines
   of -F ip, -F pid,ip or -F ip,brstack give IPs and branch stacks, which
   go into the binary-level profile as the samples of perf.data do.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"

static const char *
skip_ws (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static bool
parse_hex (const char **pp, uint64_t *v)
{
  const char *p = *pp;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  uint64_t x = 0;
  int n = 0;
  for (;; p++, n++)
    {
      unsigned d;
      if (*p >= '0' && *p <= '9')
	d = (unsigned) (*p - '0');
      else if (*p >= 'a' && *p <= 'f')
	d = (unsigned) (*p - 'a' + 10);
      else if (*p >= 'A' && *p <= 'F')
	d = (unsigned) (*p - 'A' + 10);
      else
	break;
      if (n >= 16)
	return false;
      x = x << 4 | d;
    }
  if (n == 0)
    return false;
  *v = x;
  *pp = p;
  return true;
}

static int
script_mmap (binprof *bp, const char *line, size_t lineno, const char *path,
	     afdo_error *err)
{
  const char *p = strstr (line, "PERF_RECORD_MMAP");
  p += 16;
  if (*p == '2')
    p++;
  p = skip_ws (p);
  char *e;
  unsigned long pid = strtoul (p, &e, 10);
  const char *q = strchr (p, '[');
  uint64_t start, len, pgoff;
  if (e == p || !q)
    goto bad;
  q++;
  if (!parse_hex (&q, &start) || *q != '(')
    goto bad;
  q++;
  if (!parse_hex (&q, &len) || *q != ')')
    goto bad;
  q = strstr (q, "@ ");
  if (!q)
    goto bad;
  q += 2;
  if (!parse_hex (&q, &pgoff))
    goto bad;
  q = strstr (q, "]: ");
  if (!q)
    goto bad;
  q += 3;
  q = strchr (q, ' ');		/* after the permissions */
  if (!q)
    goto bad;
  q = skip_ws (q);
  {
    size_t n = strcspn (q, "\r\n");
    char fn[4096];
    if (n >= sizeof fn)
      n = sizeof fn - 1;
    memcpy (fn, q, n);
    fn[n] = 0;
    int how = binprof_names_binary (bp->bin, fn);
    if (!how)
      return 0;
    bp->saw_binary_name = true;
    (void) pid;
    return binprof_add_map (bp, 0, start, len, pgoff, how == 2, true,
			      err);
  }
bad:
  afdo_error_set (err, "%s:%zu: malformed MMAP event line", path, lineno);
  return -1;
}

int
binprof_script_line (binprof *bp, const char *line, size_t lineno,
		     const char *path, afdo_error *err)
{
  if (strstr (line, "PERF_RECORD_MMAP"))
    return script_mmap (bp, line, lineno, path, err);
  if (strstr (line, "PERF_RECORD_"))
    return 0;
  const char *p = skip_ws (line);
  if (*p == 0 || *p == '\n' || *p == '#')
    return 0;

  uint64_t plain[2];
  const char *plain_tok[2] = { NULL, NULL };
  unsigned n_plain = 0;
  perf_branch brs[64];
  uint64_t nr = 0;
  while (*p && *p != '\n' && *p != '\r')
    {
      const char *tok = p;
      uint64_t a, b;
      if (!parse_hex (&p, &a))
	goto bad;
      if (*p == '/')
	{
	  p++;
	  if (!parse_hex (&p, &b))
	    goto bad;
	  /* Flags fields: /P/-/-/0 and perhaps a branch type.  */
	  while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
	    p++;
	  if (nr < 64)
	    {
	      brs[nr].from = a;
	      brs[nr].to = b;
	      brs[nr].flags = 0;
	      nr++;
	    }
	}
      else
	{
	  if ((*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
	      || nr || n_plain == 2)
	    goto bad;
	  plain_tok[n_plain] = tok;
	  plain[n_plain++] = a;
	}
      p = skip_ws (p);
    }
  if (n_plain == 0 && nr == 0)
    return 0;
  uint64_t ip = n_plain ? plain[n_plain - 1] : brs[0].from;
  bool has_pid = false;
  uint32_t pid = 0;
  if (n_plain == 2)
    {
      /* "PID IP" from -F pid,ip: the pid is decimal.  */
      char *e;
      unsigned long v = strtoul (plain_tok[0], &e, 10);
      if (*e != ' ' && *e != '\t')
	goto bad;
      has_pid = true;
      pid = (uint32_t) v;
    }
  /* perf script prints the most recent branch first, as perf.data.  */
  return binprof_add_sample (bp, PERF_RECORD_MISC_USER, has_pid, pid, ip, nr,
			     brs, NULL, err);
bad:
  afdo_error_set (err, "%s:%zu: not `perf script -F ip[,brstack]' output",
		  path, lineno);
  return -1;
}

int
binprof_add_perf_script (binprof *bp, const char *path, afdo_error *err)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      afdo_error_set (err, "%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  binprof_begin_file (bp);
  char *line = NULL;
  size_t cap = 0, lineno = 0;
  ssize_t n;
  int r = 0;
  uint64_t before = bp->samples;
  /* Maps are settled (binprof_settle_maps) at the first sample after
     a change.  A sample before any MMAP of BIN (a kernel sample of the
     exec, say) is no sample of BIN; a fixed-address executable without
     any MMAP event gets identity mappings at the first sample.  */
  bool identity_done = false;
  size_t settled = 0;
  while ((n = getline (&line, &cap, f)) >= 0)
    {
      lineno++;
      if (!strstr (line, "PERF_RECORD_") && *skip_ws (line)
	  && *skip_ws (line) != '\n')
	{
	  if (bp->n_maps == 0 && !identity_done
	      && bp->bin->e_type == ET_EXEC)
	    {
	      identity_done = true;
	      for (size_t i = 0; i < bp->bin->n_loads && !r; i++)
		{
		  const bin_load *l = &bp->bin->loads[i];
		  if (l->filesz)
		    r = binprof_add_map (bp, 0, l->vaddr, l->filesz, l->offset,
					 true, true, err);
		}
	      if (r)
		break;
	      settled = bp->n_maps;
	    }
	  else if (bp->n_maps != settled)
	    {
	      binprof_settle_maps (bp);
	      settled = bp->n_maps;
	    }
	}
      if ((r = binprof_script_line (bp, line, lineno, path, err)))
	break;
    }
  free (line);
  if (!r && ferror (f))
    {
      afdo_error_set (err, "%s: read error", path);
      r = -1;
    }
  fclose (f);
  if (!r && bp->n_maps == 0)
    {
      afdo_error_set (err, "%s: no MMAP event for %s before the "
		      "samples, and it is position-independent; "
		      "run perf script with --show-mmap-events",
		      path, bp->bin->path);
      r = -1;
    }
  if (!r && bp->samples == before)
    {
      afdo_error_set (err, "%s: no samples in perf script output", path);
      r = -1;
    }
  return r;
}
