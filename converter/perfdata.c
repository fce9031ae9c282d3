/* perf.data reader, written from the documented file layout of the
   kernel's perf tool (tools/perf/Documentation/perf.data-file-format.txt).
   Every read is bounds-checked against the image.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-map.h"
#include "perfdata.h"

/* How often the progress callback is called.  */
#define PROGRESS_STEP ((size_t) 8 << 20)

static inline uint64_t
rd64 (const uint8_t *p)
{
  uint64_t v;
  memcpy (&v, p, 8);
  return v;
}

static inline uint32_t
rd32 (const uint8_t *p)
{
  uint32_t v;
  memcpy (&v, p, 4);
  return v;
}

static inline uint16_t
rd16 (const uint8_t *p)
{
  uint16_t v;
  memcpy (&v, p, 2);
  return v;
}

void
perf_sample_branch (const perf_sample *s, uint64_t i, perf_branch *b)
{
  const uint8_t *p = s->branches + i * 24;
  b->from = rd64 (p);
  b->to = rd64 (p + 8);
  b->flags = rd64 (p + 16);
}

typedef struct attr_rec
{
  perf_attr_info info;
  /* The fixed part of its samples (PERF_SAMPLE_IDENTIFIER to
     PERF_SAMPLE_PERIOD, a u64 each): its size, and where the IP, the
     pid and tid and the period are in it (-1 when absent).  */
  unsigned fixed;
  int ip_at, tid_at, period_at;
} attr_rec;

/* Fill A's layout of the fixed part of its samples.  */
static void
attr_layout (attr_rec *a)
{
  static const uint64_t order[] = {
    PERF_SAMPLE_IDENTIFIER, PERF_SAMPLE_IP, PERF_SAMPLE_TID,
    PERF_SAMPLE_TIME, PERF_SAMPLE_ADDR, PERF_SAMPLE_ID,
    PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU, PERF_SAMPLE_PERIOD
  };
  uint64_t st = a->info.sample_type;
  a->fixed = 0;
  a->ip_at = a->tid_at = a->period_at = -1;
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
    if (st & order[i])
      {
	if (order[i] == PERF_SAMPLE_IP)
	  a->ip_at = (int) a->fixed;
	else if (order[i] == PERF_SAMPLE_TID)
	  a->tid_at = (int) a->fixed;
	else if (order[i] == PERF_SAMPLE_PERIOD)
	  a->period_at = (int) a->fixed;
	a->fixed += 8;
      }
}

typedef struct parser
{
  const uint8_t *buf;
  size_t len;
  const char *name;
  const perf_callbacks *cb;
  void *data;
  afdo_error *err;
  attr_rec *attrs;
  uint32_t n_attrs;
  afdo_map ids;			/* (event id, 0) -> attribute index + 1 */
  /* How a sample's attribute is found: 0 = only one layout, 1 = the
     first u64 (PERF_SAMPLE_IDENTIFIER), 2 = the u64 at ID_POS.  */
  int id_mode;
  unsigned id_pos;
  char *strbuf;
  size_t strcap;
} parser;

/* A NUL-terminated copy of the string at P, at most N bytes.  */
static const char *
cstr (parser *ps, const uint8_t *p, size_t n)
{
  const uint8_t *z = memchr (p, 0, n);
  size_t l = z ? (size_t) (z - p) : n;
  if (l + 1 > ps->strcap)
    {
      size_t nc = l + 256;
      char *nb = realloc (ps->strbuf, nc);
      if (!nb)
	return "";
      ps->strbuf = nb;
      ps->strcap = nc;
    }
  memcpy (ps->strbuf, p, l);
  ps->strbuf[l] = 0;
  return ps->strbuf;
}

static unsigned
popcount64 (uint64_t x)
{
  return (unsigned) __builtin_popcountll (x);
}

/* perf_event_attr's branch_sample_type bit for the event counters
   that follow the branch entries (Linux 6.8), missing from older
   headers.  */
#define BRANCH_COUNTERS (1ull << 19)

/* Decode the SAMPLE record body P..END with attribute A.  */
static int
parse_sample (parser *ps, const uint8_t *rec, const uint8_t *p,
	      const uint8_t *end, uint32_t ai, unsigned misc, size_t off)
{
  const attr_rec *ar = &ps->attrs[ai];
  const perf_attr_info *a = &ar->info;
  uint64_t st = a->sample_type;
  perf_sample s;
  memset (&s, 0, sizeof s);
  s.attr = ai;
  s.cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
  s.period = 1;
#define NEED(n) do { if ((size_t) (end - p) < (size_t) (n)) goto trunc; } while (0)
  /* The fixed part, with its layout worked out once per attribute.  */
  if ((size_t) (end - p) < ar->fixed)
    goto trunc;
  if (ar->ip_at >= 0)
    s.ip = rd64 (p + ar->ip_at);
  if (ar->tid_at >= 0)
    {
      s.has_tid = true;
      s.pid = rd32 (p + ar->tid_at);
      s.tid = rd32 (p + ar->tid_at + 4);
    }
  if (ar->period_at >= 0)
    s.period = rd64 (p + ar->period_at);
  p += ar->fixed;
  if (st & PERF_SAMPLE_READ)
    {
      uint64_t rf = a->read_format;
      if (rf & PERF_FORMAT_GROUP)
	{
	  NEED (8);
	  uint64_t nr = rd64 (p);
	  p += 8;
	  uint64_t fixed = ((rf & PERF_FORMAT_TOTAL_TIME_ENABLED) ? 1 : 0)
	    + ((rf & PERF_FORMAT_TOTAL_TIME_RUNNING) ? 1 : 0);
	  uint64_t per = 1 + ((rf & PERF_FORMAT_ID) ? 1 : 0)
	    + ((rf & PERF_FORMAT_LOST) ? 1 : 0);
	  if (nr > (uint64_t) (end - p) / 8 / per)
	    goto trunc;
	  NEED ((fixed + nr * per) * 8);
	  p += (fixed + nr * per) * 8;
	}
      else
	{
	  uint64_t n = 1 + popcount64 (rf & (PERF_FORMAT_TOTAL_TIME_ENABLED
					     | PERF_FORMAT_TOTAL_TIME_RUNNING
					     | PERF_FORMAT_ID
					     | PERF_FORMAT_LOST));
	  NEED (n * 8);
	  p += n * 8;
	}
    }
  if (st & PERF_SAMPLE_CALLCHAIN)
    {
      NEED (8);
      uint64_t nr = rd64 (p);
      p += 8;
      if (nr > (uint64_t) (end - p) / 8)
	goto trunc;
      s.nr_callchain = nr;
      s.callchain = p;
      p += nr * 8;
    }
  if (st & PERF_SAMPLE_RAW)
    {
      NEED (4);
      uint32_t sz = rd32 (p);
      p += 4;
      NEED (sz);
      p += sz;
    }
  if (st & PERF_SAMPLE_BRANCH_STACK)
    {
      NEED (8);
      uint64_t nr = rd64 (p);
      p += 8;
      if (a->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
	{
	  NEED (8);
	  s.has_hw_idx = true;
	  s.hw_idx = rd64 (p);
	  p += 8;
	}
      if (nr > (uint64_t) (end - p) / 24)
	goto trunc;
      s.nr_branches = nr;
      s.branches = p;
      p += nr * 24;
      if (a->branch_sample_type & BRANCH_COUNTERS)
	{
	  /* One u64 of event counters per branch.  */
	  if (nr > (uint64_t) (end - p) / 8)
	    goto trunc;
	  p += nr * 8;
	}
    }
  if (st & PERF_SAMPLE_REGS_USER)
    {
      NEED (8);
      s.regs_abi = rd64 (p);
      p += 8;
      if (s.regs_abi != 0)
	{
	  uint64_t n = popcount64 (a->sample_regs_user);
	  NEED (n * 8);
	  s.regs_mask = a->sample_regs_user;
	  s.regs = p;
	  p += n * 8;
	}
    }
  if (st & PERF_SAMPLE_STACK_USER)
    {
      NEED (8);
      uint64_t size = rd64 (p);
      p += 8;
      if (size != 0)
	{
	  /* SIZE bytes of stack, then how many of them are valid.  */
	  if (size > (uint64_t) (end - p))
	    goto trunc;
	  const uint8_t *stack = p;
	  p += size;
	  NEED (8);
	  uint64_t dyn_size = rd64 (p);
	  p += 8;
	  s.stack = stack;
	  s.stack_size = dyn_size < size ? dyn_size : size;
	}
    }
  /* The rest (weight, data source, ...) is not needed.  */
#undef NEED
  if (ps->cb->sample)
    return ps->cb->sample (ps->data, &s, ps->err);
  return 0;
trunc:
  afdo_error_set (ps->err,
		  "%s: sample record at offset %zu is shorter than its "
		  "sample_type 0x%" PRIx64 " requires", ps->name,
		  off, st);
  (void) rec;
  return -1;
}

/* Which attribute a SAMPLE record of LEN payload bytes at P belongs to.  */
static int
sample_attr (parser *ps, const uint8_t *p, size_t len, size_t off,
	     uint32_t *ai)
{
  if (ps->id_mode == 0)
    {
      *ai = 0;
      return 0;
    }
  size_t pos = ps->id_mode == 1 ? 0 : ps->id_pos * 8;
  if (len < pos + 8)
    {
      afdo_error_set (ps->err, "%s: sample record at offset %zu too short "
		      "for its event id", ps->name, off);
      return -1;
    }
  uint64_t id = rd64 (p + pos);
  uint64_t v = afdo_map_get (&ps->ids, id, 0);
  uint32_t a = (uint32_t) v - 1;
  if (!v)
    {
      /* perf writes the ids of every event; an unknown one means a
	 corrupt file, but a single-id file may omit the table.  */
      if (ps->ids.n == 0)
	a = 0;
      else
	{
	  afdo_error_set (ps->err, "%s: sample record at offset %zu has "
			  "unknown event id %" PRIu64, ps->name, off, id);
	  return -1;
	}
    }
  *ai = a;
  return 0;
}

static int
parse_record (parser *ps, const uint8_t *rec, size_t size, size_t off)
{
  uint32_t type = rd32 (rec);
  unsigned misc = rd16 (rec + 4);
  const uint8_t *p = rec + 8, *end = rec + size;
  size_t body = size - 8;
  afdo_error *err = ps->err;

  /* Samples first, the records that count.  */
  if (type == PERF_RECORD_SAMPLE)
    {
      uint32_t ai;
      if (!ps->cb->sample)
	return 0;
      int r = sample_attr (ps, p, body, off, &ai);
      if (r)
	return r;
      return parse_sample (ps, rec, p, end, ai, misc, off);
    }
  switch (type)
    {
    case PERF_RECORD_MMAP:
      if (body < 32)
	goto short_rec;
      if (ps->cb->mmap)
	return ps->cb->mmap (ps->data, rd32 (p), rd64 (p + 8), rd64 (p + 16),
			     rd64 (p + 24), cstr (ps, p + 32, body - 32),
			     NULL, 0, misc & PERF_RECORD_MISC_CPUMODE_MASK,
			     err);
      return 0;
    case PERF_RECORD_MMAP2:
      if (body < 64)
	goto short_rec;
      if (ps->cb->mmap)
	{
	  const uint8_t *bid = NULL;
	  size_t bid_len = 0;
	  if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID)
	    {
	      bid_len = p[32];
	      if (bid_len > 20)
		bid_len = 20;
	      bid = p + 36;
	    }
	  return ps->cb->mmap (ps->data, rd32 (p), rd64 (p + 8),
			       rd64 (p + 16), rd64 (p + 24),
			       cstr (ps, p + 64, body - 64), bid, bid_len,
			       misc & PERF_RECORD_MISC_CPUMODE_MASK, err);
	}
      return 0;
    case PERF_RECORD_COMM:
      if (body < 8)
	goto short_rec;
      if (ps->cb->comm)
	return ps->cb->comm (ps->data, rd32 (p), rd32 (p + 4),
			     cstr (ps, p + 8, body - 8),
			     (misc & PERF_RECORD_MISC_COMM_EXEC) != 0, err);
      return 0;
    case PERF_RECORD_FORK:
      if (body < 16)
	goto short_rec;
      if (ps->cb->fork)
	return ps->cb->fork (ps->data, rd32 (p), rd32 (p + 4), err);
      return 0;
    case PERF_RECORD_EXIT:
      if (body < 16)
	goto short_rec;
      if (ps->cb->exit)
	return ps->cb->exit (ps->data, rd32 (p), err);
      return 0;
    case PERF_RECORD_COMPRESSED:
      afdo_error_set (err, "%s: compressed records (perf record -z) at "
		      "offset %zu are not supported; record without -z or "
		      "run 'perf inject' to decompress", ps->name, off);
      return -1;
    default:
      return 0;
    }
short_rec:
  afdo_error_set (err, "%s: record of type %u at offset %zu is too short "
		  "(%zu bytes)", ps->name, type, off, size);
  return -1;
}

static int
parse_build_ids (parser *ps, size_t off, size_t size)
{
  size_t end = off + size;
  while (off < end)
    {
      if (end - off < 8)
	goto bad;
      const uint8_t *r = ps->buf + off;
      unsigned misc = rd16 (r + 4);
      size_t rs = rd16 (r + 6);
      if (rs < 8 + 4 + 24 || rs > end - off)
	goto bad;
      size_t idlen = 20;
      if (misc & PERF_RECORD_MISC_BUILD_ID_SIZE)
	{
	  idlen = r[12 + 20];
	  if (idlen > 20)
	    idlen = 20;
	}
      if (ps->cb->build_id)
	{
	  int ret = ps->cb->build_id (ps->data, rd32 (r + 8),
				      cstr (ps, r + 36, rs - 36), r + 12,
				      idlen,
				      misc & PERF_RECORD_MISC_CPUMODE_MASK,
				      ps->err);
	  if (ret)
	    return ret;
	}
      off += rs;
    }
  return 0;
bad:
  afdo_error_set (ps->err, "%s: corrupt build-id table at offset %zu",
		  ps->name, off);
  return -1;
}

static int
parse_all (parser *ps, perf_stats *stats)
{
  const uint8_t *buf = ps->buf;
  size_t len = ps->len;
  const char *name = ps->name;
  afdo_error *err = ps->err;

  if (len == 0)
    {
      afdo_error_set (err, "%s: empty file, not a perf.data file", name);
      return -1;
    }
  if (len < 16)
    {
      afdo_error_set (err, "%s: truncated perf.data header (%zu bytes)",
		      name, len);
      return -1;
    }
  uint64_t magic = rd64 (buf);
  if (magic == __builtin_bswap64 (PERF_FILE_MAGIC))
    {
      afdo_error_set (err, "%s: big-endian perf.data is not supported", name);
      return -1;
    }
  if (magic != PERF_FILE_MAGIC)
    {
      afdo_error_set (err, "%s: not a perf.data file (bad magic at offset 0)",
		      name);
      return -1;
    }
  uint64_t hsize = rd64 (buf + 8);
  if (hsize == PERF_PIPE_HEADER_SIZE)
    {
      afdo_error_set (err, "%s: pipe-mode perf.data is not supported; "
		      "record to a file (perf record -o FILE) or convert it "
		      "with 'perf inject -o FILE'", name);
      return -1;
    }
  if (hsize < PERF_FILE_HEADER_SIZE)
    {
      afdo_error_set (err, "%s: bad perf.data header size %" PRIu64
		      " at offset 8", name, hsize);
      return -1;
    }
  if (len < PERF_FILE_HEADER_SIZE)
    {
      afdo_error_set (err, "%s: truncated perf.data header (%zu of %d "
		      "bytes)", name, len, PERF_FILE_HEADER_SIZE);
      return -1;
    }
  uint64_t attr_size = rd64 (buf + 16);
  uint64_t attrs_off = rd64 (buf + 24), attrs_size = rd64 (buf + 32);
  uint64_t data_off = rd64 (buf + 40), data_size = rd64 (buf + 48);
  const uint8_t *features = buf + 72;

  if (attr_size < PERF_ATTR_SIZE_VER0 + 16 || attr_size > 4096)
    {
      afdo_error_set (err, "%s: bad event attribute size %" PRIu64
		      " at offset 16", name, attr_size);
      return -1;
    }
  if (attrs_off > len || attrs_size > len - attrs_off)
    {
      afdo_error_set (err, "%s: truncated: event attributes at offset %"
		      PRIu64 " (+%" PRIu64 ") beyond the end of the file "
		      "(%zu bytes)", name, attrs_off, attrs_size, len);
      return -1;
    }
  if (attrs_size == 0 || attrs_size % attr_size != 0)
    {
      afdo_error_set (err, "%s: bad event attribute section size %" PRIu64
		      " at offset 32", name, attrs_size);
      return -1;
    }
  if (data_off > len || data_size > len - data_off)
    {
      afdo_error_set (err, "%s: truncated: data section at offset %" PRIu64
		      " (+%" PRIu64 ") extends beyond the end of the file "
		      "(%zu bytes)", name, data_off, data_size, len);
      return -1;
    }

  ps->n_attrs = (uint32_t) (attrs_size / attr_size);
  if (ps->n_attrs > 65536)
    {
      afdo_error_set (err, "%s: too many event attributes (%u)", name,
		      ps->n_attrs);
      return -1;
    }
  ps->attrs = calloc (ps->n_attrs, sizeof *ps->attrs);
  if (!ps->attrs)
    {
      afdo_error_set (err, "%s: out of memory", name);
      return -1;
    }
  bool same_layout = true;
  for (uint32_t i = 0; i < ps->n_attrs; i++)
    {
      size_t ao = attrs_off + i * attr_size;
      const uint8_t *a = buf + ao;
      perf_attr_info *ai = &ps->attrs[i].info;
      uint64_t asz = attr_size - 16;
      ai->type = rd32 (a);
      ai->config = rd64 (a + 8);
      ai->sample_type = rd64 (a + 24);
      ai->read_format = rd64 (a + 32);
      ai->sample_id_all = (rd64 (a + 40) >> 18) & 1;
      ai->branch_sample_type = asz >= 80 ? rd64 (a + 72) : 0;
      ai->sample_regs_user = asz >= 88 ? rd64 (a + 80) : 0;
      if (ai->sample_type != ps->attrs[0].info.sample_type
	  || ai->branch_sample_type != ps->attrs[0].info.branch_sample_type
	  || ai->sample_regs_user != ps->attrs[0].info.sample_regs_user
	  || ai->read_format != ps->attrs[0].info.read_format)
	same_layout = false;
      uint64_t ids_off = rd64 (a + asz), ids_size = rd64 (a + asz + 8);
      if (ids_off > len || ids_size > len - ids_off || ids_size % 8)
	{
	  afdo_error_set (err, "%s: truncated: ids of event %u at offset %"
			  PRIu64 " beyond the end of the file", name, i,
			  ids_off);
	  return -1;
	}
      for (uint64_t k = 0; k < ids_size / 8; k++)
	if (!afdo_map_put (&ps->ids, rd64 (buf + ids_off + k * 8), 0,
			   (uint64_t) i + 1))
	  {
	    afdo_error_set (err, "%s: out of memory", name);
	    return -1;
	  }
      attr_layout (&ps->attrs[i]);
      if (stats && i < 8)
	stats->attrs[i] = *ai;
    }
  if (stats)
    stats->n_attrs = ps->n_attrs;

  if (same_layout || ps->n_attrs == 1)
    ps->id_mode = 0;
  else
    {
      bool all_ident = true, all_id = true;
      for (uint32_t i = 0; i < ps->n_attrs; i++)
	{
	  uint64_t st = ps->attrs[i].info.sample_type;
	  all_ident &= (st & PERF_SAMPLE_IDENTIFIER) != 0;
	  all_id &= (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)) != 0;
	}
      if (all_ident)
	ps->id_mode = 1;
      else if (all_id)
	{
	  /* perf requires the id at the same position in every event.  */
	  unsigned pos0 = 0;
	  for (uint32_t i = 0; i < ps->n_attrs; i++)
	    {
	      uint64_t st = ps->attrs[i].info.sample_type;
	      unsigned pos = popcount64 (st & (PERF_SAMPLE_IDENTIFIER
					       | PERF_SAMPLE_IP
					       | PERF_SAMPLE_TID
					       | PERF_SAMPLE_TIME
					       | PERF_SAMPLE_ADDR));
	      if (i == 0)
		pos0 = pos;
	      else if (pos != pos0)
		{
		  afdo_error_set (err, "%s: events with different sample "
				  "layouts and no common id position", name);
		  return -1;
		}
	    }
	  ps->id_mode = 2;
	  ps->id_pos = pos0;
	}
      else
	{
	  afdo_error_set (err, "%s: events with different sample layouts "
			  "but no sample ids", name);
	  return -1;
	}
    }

  /* The data section.  */
  size_t off = data_off, end = data_off + data_size;
  size_t next_progress = off + PROGRESS_STEP;
  while (off < end)
    {
      if (off >= next_progress && ps->cb->progress)
	{
	  ps->cb->progress (ps->data, off, len);
	  next_progress = off + PROGRESS_STEP;
	}
      if (end - off < 8)
	{
	  afdo_error_set (err, "%s: truncated record header at offset %zu",
			  name, off);
	  return -1;
	}
      const uint8_t *rec = buf + off;
      size_t size = rd16 (rec + 6);
      uint32_t type = rd32 (rec);
      if (size < 8)
	{
	  afdo_error_set (err, "%s: corrupt record at offset %zu (size %zu)",
			  name, off, size);
	  return -1;
	}
      if (size > end - off)
	{
	  afdo_error_set (err, "%s: truncated record of type %u at offset "
			  "%zu (%zu bytes, %zu left)", name, type, off, size,
			  end - off);
	  return -1;
	}
      if (stats)
	{
	  stats->records++;
	  if (type == PERF_RECORD_SAMPLE)
	    stats->samples++;
	  else if (type == PERF_RECORD_LOST)
	    stats->lost_records++;
	  else if (type != PERF_RECORD_MMAP && type != PERF_RECORD_MMAP2
		   && type != PERF_RECORD_COMM && type != PERF_RECORD_FORK
		   && type != PERF_RECORD_EXIT)
	    stats->unknown_records++;
	}
      int r = parse_record (ps, rec, size, off);
      if (r)
	return r;
      off += size;
      if (type == PERF_RECORD_AUXTRACE && size >= 16)
	{
	  /* The trace data follows the record, outside its size.  */
	  uint64_t extra = rd64 (rec + 8);
	  if (extra > end - off)
	    {
	      afdo_error_set (err, "%s: truncated AUXTRACE data at offset "
			      "%zu", name, off);
	      return -1;
	    }
	  off += extra;
	}
    }

  /* Feature sections follow the data section, one per set bit.  */
  size_t foff = data_off + data_size;
  for (unsigned bit = 0; bit < 256; bit++)
    {
      if (!(features[bit / 8] >> (bit % 8) & 1))
	continue;
      if (foff > len || len - foff < 16)
	{
	  afdo_error_set (err, "%s: truncated feature table at offset %zu",
			  name, foff);
	  return -1;
	}
      uint64_t so = rd64 (buf + foff), ss = rd64 (buf + foff + 8);
      foff += 16;
      if (so > len || ss > len - so)
	{
	  afdo_error_set (err, "%s: truncated: feature section %u at offset "
			  "%" PRIu64 " (+%" PRIu64 ") beyond the end of the "
			  "file", name, bit, so, ss);
	  return -1;
	}
      if (bit == PERF_HEADER_BUILD_ID)
	{
	  int r = parse_build_ids (ps, so, ss);
	  if (r)
	    return r;
	}
    }
  return 0;
}

int
perf_data_parse (const uint8_t *buf, size_t len, const char *name,
		 const perf_callbacks *cb, void *data, perf_stats *stats,
		 afdo_error *err)
{
  static const perf_callbacks none;
  parser ps;
  memset (&ps, 0, sizeof ps);
  ps.buf = buf;
  ps.len = len;
  ps.name = name;
  ps.cb = cb ? cb : &none;
  ps.data = data;
  ps.err = err;
  if (stats)
    memset (stats, 0, sizeof *stats);
  int r = parse_all (&ps, stats);
  free (ps.attrs);
  afdo_map_free (&ps.ids);
  free (ps.strbuf);
  return r;
}
