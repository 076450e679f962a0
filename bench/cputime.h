/*
 * cputime.h - the benchmarks' clock: this thread's processor time, as the
 * Lua benchmarks measure theirs (talon.sandbox.cputime), so both sides of
 * a ratio are timed alike and another process on the machine does not
 * count.
 */
#ifndef TALON_BENCH_CPUTIME_H
#define TALON_BENCH_CPUTIME_H

#include <time.h>

/* Seconds of processor time of the calling thread, to the nanosecond. */
static inline double bench_cputime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
