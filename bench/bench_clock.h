/*
** bench_clock.h -- the clocks the benchmarks time by, in seconds.  CPU
** time is what they report (the machine is shared: wall time says more
** about the other work on it); wall time only where a figure is about
** waiting (file writes, a peer's own clock).
*/
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <time.h>

static inline double bench_clock(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* the calling thread's CPU time */
static inline double bench_thread_cpu(void) { return bench_clock(CLOCK_THREAD_CPUTIME_ID); }
/* the process's CPU time, all its threads */
static inline double bench_process_cpu(void) { return bench_clock(CLOCK_PROCESS_CPUTIME_ID); }
static inline double bench_wall(void) { return bench_clock(CLOCK_MONOTONIC); }

#endif
