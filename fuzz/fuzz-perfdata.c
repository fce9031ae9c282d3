/* libFuzzer harness: the perf.data reader, on the memory image
   (perf_data_parse, every record handed to callbacks that read it), and
   the converter's whole path from perf.data to a profile.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "fuzz-convert.h"
#include "perfdata.h"

static volatile uint64_t sink;

static int
touch_mmap (void *data, uint32_t pid, uint64_t start, uint64_t len,
	    uint64_t pgoff, const char *filename, const uint8_t *build_id,
	    size_t build_id_len, unsigned cpumode, afdo_error *err)
{
  (void) data, (void) err;
  uint64_t h = pid + start + len + pgoff + cpumode + strlen (filename);
  for (size_t i = 0; i < build_id_len; i++)
    h += build_id[i];
  sink += h;
  return 0;
}

static int
touch_comm (void *data, uint32_t pid, uint32_t tid, const char *comm,
	    bool exec, afdo_error *err)
{
  (void) data, (void) err;
  sink += pid + tid + strlen (comm) + exec;
  return 0;
}

static int
touch_sample (void *data, const perf_sample *s, afdo_error *err)
{
  (void) data, (void) err;
  uint64_t h = s->ip + s->period + s->pid + s->tid;
  for (uint64_t i = 0; i < s->nr_callchain; i++)
    {
      uint64_t v;
      memcpy (&v, s->callchain + 8 * i, 8);
      h += v;
    }
  for (uint64_t i = 0; i < s->nr_branches; i++)
    {
      perf_branch b;
      perf_sample_branch (s, i, &b);
      h += b.from ^ b.to ^ b.flags;
    }
  sink += h;
  return 0;
}

static int
touch_build_id (void *data, uint32_t pid, const char *filename,
		const uint8_t *id, size_t len, unsigned cpumode,
		afdo_error *err)
{
  (void) data, (void) err;
  uint64_t h = pid + cpumode + strlen (filename);
  for (size_t i = 0; i < len; i++)
    h += id[i];
  sink += h;
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The reader alone, on the fuzzer's own buffer (so that reads past
     its end are caught exactly).  */
  perf_callbacks cb = { .mmap = touch_mmap, .comm = touch_comm,
			.sample = touch_sample, .build_id = touch_build_id };
  perf_stats st;
  afdo_error err;
  int r = perf_data_parse (data, size, "fuzz.data", &cb, NULL, &st, &err);
  if (r)
    {
      FUZZ_ASSERT (r == -1);
      FUZZ_ASSERT (strncmp (err.msg, "fuzz.data", 9) == 0);
      FUZZ_ASSERT (!strchr (err.msg, '\n'));
      return 0;
    }

  /* The converter: mappings pass, samples pass, aggregation.  */
  fuzz_convert (data, size, binprof_add_perf_data);
  return 0;
}
