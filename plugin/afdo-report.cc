/* afdo: the build report of the GCC plugin (report=FILE).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Each compilation with report=FILE appends one entry to FILE: a line
   for the translation unit, then a line for each top-level function of
   the profile that one of its functions has (the function and what the
   functions GCC split off it or folded into it matched of it):

     unit source=SRC profile=PROF profile-samples=T functions=N in-profile=K samples=S matched=M
     function name=NAME samples=S matched=M

   the figures of the "translation unit" line of verbose and the dump.
   SRC (the main input file) and PROF are absolute; a space, a control
   character or a backslash in a value is written \ooo in octal, as
   /proc/mounts does.  The entry is written with one write under an
   exclusive lock of FILE, so the compilations of a parallel build do
   not mix their lines.  afdo-dump --build-report sums the entries of a
   build, counting a function of the profile once however many files
   define one of that name (tools/buildreport.h).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "diagnostic-core.h"
#include "hash-set.h"
#include "hash-map.h"
#include "afdo-plugin.h"

#include <fcntl.h>
#include <unistd.h>

static void
append (auto_vec<char> &buf, const char *text)
{
  for (; *text; text++)
    buf.safe_push (*text);
}

/* Append TEXT with what cannot stand in a value written \ooo.  */
static void
append_value (auto_vec<char> &buf, const char *text)
{
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    if (*p <= ' ' || *p == '\\' || *p == 0x7f)
      {
	char esc[5];
	snprintf (esc, sizeof esc, "\\%03o", *p);
	append (buf, esc);
      }
    else
      buf.safe_push ((char) *p);
}

/* NAME as an absolute path.  */
static char *
absolute_path (const char *name)
{
  char *real = lrealpath (name);
  if (real && IS_ABSOLUTE_PATH (real))
    return real;
  free (real);
  if (IS_ABSOLUTE_PATH (name))
    return xstrdup (name);
  return concat (getpwd (), "/", name, NULL);
}

/* Write the SIZE bytes of TEXT to the end of FILE, holding an exclusive
   lock of FILE meanwhile.  Where the file system has no locks the
   write goes ahead without one: it is one write to a file opened for
   appending.  */
static bool
append_locked (const char *file, const char *text, size_t size)
{
  int fd = open (file, O_WRONLY | O_CREAT | O_APPEND, 0666);
  if (fd < 0)
    return false;
  struct flock lock;
  memset (&lock, 0, sizeof lock);
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  while (fcntl (fd, F_SETLKW, &lock) != 0 && errno == EINTR)
    ;
  bool ok = true;
  size_t done = 0;
  while (ok && done < size)
    {
      ssize_t w = write (fd, text + done, size - done);
      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	ok = false;
      else
	done += (size_t) w;
    }
  int saved = errno;
  /* Closing releases the lock.  */
  if (close (fd) != 0 && ok)
    return false;
  errno = saved;
  return ok;
}

void
afdo_report_unit (afdo_unit *u, const afdo_unit_summary *sum)
{
  afdo_session *s = u->s;
  auto_vec<char> buf;
  char *source = absolute_path (afdo_input_name ());
  char *profile = absolute_path (s->opts.profile);
  append (buf, "unit source=");
  append_value (buf, source);
  append (buf, " profile=");
  append_value (buf, profile);
  free (source);
  free (profile);
  char *line = xasprintf (" profile-samples=%" PRIu64 " functions=%u "
			  "in-profile=%u samples=%" PRIu64 " matched=%"
			  PRIu64, sum->profile_samples, sum->functions,
			  sum->functions_profiled, sum->samples,
			  sum->matched);
  append (buf, line);
  free (line);
  const afdo_match_stats &st = s->match_stats;
  if (st.changed || st.renamed)
    {
      line = xasprintf (" changed=%u moved=%u emptied=%u renamed=%u "
			"moved-samples=%" PRIu64 " dropped-samples=%" PRIu64,
			st.changed, st.moved_functions,
			st.emptied_functions, st.renamed, st.after,
			st.dropped);
      append (buf, line);
      free (line);
    }
  append (buf, "\n");

  hash_set<const afdo_function *> done;
  for (unsigned i = 0; i < u->fns.length (); i++)
    {
      const afdo_function *top = u->fns[i].inst;
      if (!top || done.add (top))
	continue;
      const uint64_t *m = u->matched_by_top.get (top);
      append (buf, "function name=");
      append_value (buf, afdo_name (s->prof, top->name));
      line = xasprintf (" samples=%" PRIu64 " matched=%" PRIu64 "\n",
			top->total, m ? *m : 0);
      append (buf, line);
      free (line);
    }

  if (!append_locked (s->opts.report, buf.address (), buf.length ()))
    error_at (UNKNOWN_LOCATION, "%s: %s: cannot write the report to %qs: "
	      "%s", afdo_plugin_name, afdo_input_name (), s->opts.report,
	      xstrerror (errno));
}
