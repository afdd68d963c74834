/*
** bench_solver.c -- speed of the exact solver and counter.
**
**   bench_solver [-n MAX] [-r ROUNDS] [DIR]
**
** Reads the benchmark sets of DIR (default ../shared/bench), parses every
** puzzle first, then times the core loop only: sk_solve_count with limit 1
** (first solution) and with limit 2 (solution plus uniqueness proof).
** Times are the thread's CPU time (the machine is shared; wall time is
** noisier).  Each figure is the best of ROUNDS rounds (default 3), a round
** repeating the set until it has run for at least 0.3 s.  The reference
** column is the published speed of the fastest solvers (tdoku, JCZSolve,
** SK_BFORCE2) counting to 2 on this class of machine; ratio = ours / that.
** The counts are checked (every puzzle of the proper sets has one
** solution, every serg_benchmark puzzle at least two); figures are
** printed, never asserted.
**   -n MAX     use at most MAX puzzles of forum_hardest_1905_11+ (default
**              10000; 0 = all 48,766)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sk_solver.h"

typedef struct bset {
  const char *label, *file;
  double ref_us;          /* reference µs per puzzle, count to 2; 0 = none */
  unsigned long expect;   /* count (limit 2) every puzzle must give; 2 = "at least 2" */
  long cap;               /* -1 = all */
} bset;

static bset sets[] = {
  {"17-clue",            "puzzles2_17_clue.txt",                  4.0, 1, -1},
  {"top1465",            "puzzles3_magictour_top1465.txt",       11.0, 1, -1},
  {"forum_hardest_11+",  "puzzles5_forum_hardest_1905_11+.txt",  62.0, 1, 10000},
  {"forum_hardest_1106", "puzzles6_forum_hardest_1106.txt",     100.0, 1, -1},
  {"serg_benchmark",     "puzzles7_serg_benchmark.txt",           0.0, 2, -1},
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Read the 81-character puzzles of a file (text after them is ignored).
** Returns the number read, -1 when the file is absent, exits on a
** malformed line. */
static long load(const char *path, long cap, uint8_t **out) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  size_t room = 1024;
  long n = 0, lineno = 0;
  uint8_t *p = malloc(room * SK_CELLS);
  char line[1024];
  while ((cap < 0 || n < cap) && fgets(line, sizeof line, f)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n') continue;
    if ((size_t)n == room) p = realloc(p, (room *= 2) * SK_CELLS);
    for (int i = 0; i < SK_CELLS; i++) {
      char ch = line[i];
      if (ch >= '1' && ch <= '9') p[n * SK_CELLS + i] = (uint8_t)(ch - '0');
      else if (ch == '.' || ch == '0') p[n * SK_CELLS + i] = 0;
      else {
        fprintf(stderr, "%s:%ld: column %d: expected a digit or '.', got %s\n", path, lineno,
                i + 1, ch == '\n' || ch == 0 ? "the end of the line" : "another character");
        exit(1);
      }
    }
    n++;
  }
  fclose(f);
  *out = p;
  return n;
}

typedef struct result { double us; unsigned long bad; sk_solve_stats st; } result;

/* Best µs per puzzle over the rounds; stats and the check from one pass. */
static result measure(const uint8_t *p, long n, unsigned long limit, unsigned long expect,
                      int rounds) {
  result r = {1e30, 0, {0, 0}};
  uint8_t sol[SK_CELLS] = {0};
  for (long i = 0; i < n; i++) {
    unsigned long c = sk_solve_count(p + i * SK_CELLS, limit, sol, &r.st);
    int ok = expect == 1 ? c == 1 : c >= (limit < expect ? limit : expect);
    if (!ok || !sk_solution_valid(sol, p + i * SK_CELLS)) r.bad++;
  }
  volatile unsigned long sink = 0;
  for (int k = 0; k < rounds; k++) {
    long done = 0;
    double t0 = cpu_now(), t;
    do {
      for (long i = 0; i < n; i++) sink += sk_solve_count(p + i * SK_CELLS, limit, sol, NULL);
      done += n;
      t = cpu_now() - t0;
    } while (t < 0.3);
    double us = t * 1e6 / (double)done;
    if (us < r.us) r.us = us;
  }
  (void)sink;
  return r;
}

int main(int argc, char **argv) {
  const char *dir = "../shared/bench";
  long cap11 = 10000;
  int rounds = 3;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) cap11 = atol(argv[++i]);
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: bench_solver [-n MAX] [-r ROUNDS] [DIR]\n");
      return 2;
    } else dir = argv[i];
  }
  if (rounds < 1) rounds = 1;
  sets[2].cap = cap11 > 0 ? cap11 : -1;

  printf("sudokit solver: CPU time per puzzle, best of %d rounds\n", rounds);
  printf("ref = fastest published solvers (tdoku, JCZSolve, SK_BFORCE2), count to 2\n\n");
  printf("%-19s %7s | %9s %9s | %9s %9s | %7s %6s | %8s %8s %s\n", "set", "puzzles",
         "solve us", "solve/s", "count2 us", "count2/s", "ref us", "ratio", "nodes/p",
         "guess/p", "check");
  int found = 0;
  for (int s = 0; s < NSETS; s++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, sets[s].file);
    uint8_t *p = NULL;
    long n = load(path, sets[s].cap, &p);
    if (n < 0) { printf("%-19s (%s not found: skipped)\n", sets[s].label, path); continue; }
    if (n == 0) { printf("%-19s (empty)\n", sets[s].label); free(p); continue; }
    found++;
    result one = measure(p, n, 1, 1, rounds);
    result two = measure(p, n, 2, sets[s].expect, rounds);
    char ref[16] = "-", ratio[16] = "-";
    if (sets[s].ref_us > 0) {
      snprintf(ref, sizeof ref, "%.1f", sets[s].ref_us);
      snprintf(ratio, sizeof ratio, "%.2f", two.us / sets[s].ref_us);
    }
    unsigned long bad = one.bad + two.bad;
    printf("%-19s %7ld | %9.2f %9.0f | %9.2f %9.0f | %7s %6s | %8.1f %8.1f %s\n",
           sets[s].label, n, one.us, 1e6 / one.us, two.us, 1e6 / two.us, ref, ratio,
           (double)two.st.nodes / (double)n, (double)two.st.guesses / (double)n,
           bad ? "WRONG COUNTS" : "ok");
    if (bad) printf("  %lu puzzles gave an unexpected count or solution\n", bad);
    fflush(stdout);
    free(p);
  }
  if (!found) printf("no benchmark set found in %s\n", dir);
  return 0;
}
