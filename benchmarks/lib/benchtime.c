/* afdo benchmarks: run a command and report its wall time, CPU time and
   peak memory, measured with wait4 (children of the command included).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Usage: benchtime OUTFILE COMMAND [ARG...]
   Runs COMMAND with the harness's stdin/stdout/stderr and writes one
   line to OUTFILE:
     WALL_SECONDS CPU_SECONDS USER_SECONDS SYS_SECONDS MAXRSS_KB STATUS
   CPU_SECONDS is user + system time of the command and every process it
   waited for.  STATUS is the exit status, or 128 + signal.  benchtime
   exits with the command's status.  */

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
tv_seconds (struct timeval tv)
{
  return (double) tv.tv_sec + (double) tv.tv_usec / 1e6;
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: benchtime OUTFILE COMMAND [ARG...]\n");
      return 2;
    }
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  pid_t pid = fork ();
  if (pid < 0)
    {
      fprintf (stderr, "benchtime: fork: %s\n", strerror (errno));
      return 2;
    }
  if (pid == 0)
    {
      execvp (argv[2], argv + 2);
      fprintf (stderr, "benchtime: %s: %s\n", argv[2], strerror (errno));
      _exit (127);
    }
  int status;
  struct rusage ru;
  while (wait4 (pid, &status, 0, &ru) < 0)
    if (errno != EINTR)
      {
        fprintf (stderr, "benchtime: wait4: %s\n", strerror (errno));
        return 2;
      }
  clock_gettime (CLOCK_MONOTONIC, &t1);
  double wall = (double) (t1.tv_sec - t0.tv_sec)
                + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9;
  double user = tv_seconds (ru.ru_utime), sys = tv_seconds (ru.ru_stime);
  int code = WIFEXITED (status) ? WEXITSTATUS (status)
             : WIFSIGNALED (status) ? 128 + WTERMSIG (status) : 255;
  FILE *f = fopen (argv[1], "w");
  if (!f)
    {
      fprintf (stderr, "benchtime: %s: %s\n", argv[1], strerror (errno));
      return 2;
    }
  fprintf (f, "%.6f %.6f %.6f %.6f %ld %d\n", wall, user + sys, user, sys,
           ru.ru_maxrss, code);
  if (fclose (f) != 0)
    {
      fprintf (stderr, "benchtime: %s: write error\n", argv[1]);
      return 2;
    }
  return code;
}
