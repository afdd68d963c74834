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
**   -T TDOKU   head-to-head with tdoku: TDOKU is tdoku's benchmark program
**              (run_benchmark, built out of this tree, timing by the
**              thread's CPU clock: see bench/run.sh, SK_PEER_TDOKU).  For
**              each set, right before sudokit's own rounds, it runs on the
**              same puzzles, as given (-r0), counting to 2 and then to the
**              first solution (-f); the table gives both programs' µs per
**              puzzle and sudokit's time over tdoku's.
** The CLI: when BUILD/sudokit sits beside this program's directory,
** `sudokit count --limit 2 -i SET` runs on each set, repeated as often as
** a round of the in-process count repeats it, with its output to
** /dev/null; its figure is the child's CPU time (user + system) less that
** of the same command on an empty file (process start-up), best of the
** rounds, per puzzle, beside the in-process figure.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "sk_solver.h"
#include "bench_clock.h"

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
    double t0 = bench_thread_cpu(), t;
    do {
      for (long i = 0; i < n; i++) sink += sk_solve_count(p + i * SK_CELLS, limit, sol, NULL);
      done += n;
      t = bench_thread_cpu() - t0;
    } while (t < 0.3);
    double us = t * 1e6 / (double)done;
    if (us < r.us) r.us = us;
  }
  (void)sink;
  return r;
}

/* The puzzles as 81-character lines in a new temporary file (its path in
** out, room for 64 bytes); 0 on success. */
/* The n puzzles of p to a new file named in out, reps times over. */
static int write_set(const uint8_t *p, long n, long reps, char out[64]) {
  snprintf(out, 64, "/tmp/sk-bench-XXXXXX");
  int fd = mkstemp(out);
  if (fd < 0) return -1;
  FILE *f = fdopen(fd, "w");
  if (!f) { close(fd); unlink(out); return -1; }
  char line[SK_CELLS + 1];
  for (long i = 0; i < n * reps; i++) {
    const uint8_t *q = p + (i % n) * SK_CELLS;
    for (int c = 0; c < SK_CELLS; c++) line[c] = q[c] ? (char)('0' + q[c]) : '.';
    line[SK_CELLS] = '\n';
    fwrite(line, 1, sizeof line, f);
  }
  if (fclose(f) != 0) { unlink(out); return -1; }
  return 0;
}

/* tdoku's µs per puzzle on the set file (first: to the first solution,
** else counting to 2), from the usec/puzzle column of its table; -1 on
** failure. */
static double tdoku_us(const char *tdoku, const char *file, long n, int first) {
  char cmd[8192];
  snprintf(cmd, sizeof cmd, "LC_ALL=C '%s' -r0 -w1 -t3 -n %ld -s tdoku %s '%s' 2>/dev/null",
           tdoku, n, first ? "-f" : "", file);
  FILE *f = popen(cmd, "r");
  if (!f) return -1;
  char line[1024];
  double us = -1;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "|tdoku", 6) != 0) continue;
    /* |name desc|  puzzles/sec|  usec/puzzle| ... */
    char *q = strchr(line + 1, '|');
    if (q) q = strchr(q + 1, '|');
    if (q) us = atof(q + 1);
  }
  if (pclose(f) != 0) return -1;
  return us;
}

/* CPU seconds (user + system) of `cli count --limit 2 -i file`, output
** to /dev/null; -1 on failure. */
static double cli_seconds(const char *cli, const char *file) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) { dup2(fd, 1); close(fd); }
    execl(cli, cli, "count", "--limit", "2", "-i", file, (char *)NULL);
    _exit(127);
  }
  int st;
  struct rusage ru;
  if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
         (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* Best of the rounds: µs per puzzle through the CLI, start-up (best run
** on an empty file) subtracted. */
static double cli_us(const char *cli, const char *file, const char *empty, long n, int rounds) {
  double best = 1e30, start = 1e30;
  for (int k = 0; k < rounds; k++) {
    double t0 = cli_seconds(cli, empty), t = cli_seconds(cli, file);
    if (t0 < 0 || t < 0) return -1;
    if (t0 < start) start = t0;
    if (t < best) best = t;
  }
  double us = (best - start) * 1e6 / (double)n;
  return us > 0 ? us : 0;
}

typedef struct row {
  const char *label;
  long n;
  double first, two, t_first, t_two, cli;
} row;

int main(int argc, char **argv) {
  const char *dir = "../shared/bench";
  long cap11 = 10000;
  int rounds = 3;
  const char *tdoku = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) cap11 = atol(argv[++i]);
    else if (!strcmp(argv[i], "-T") && i + 1 < argc) tdoku = argv[++i];
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: bench_solver [-n MAX] [-r ROUNDS] [-T TDOKU] [DIR]\n");
      return 2;
    } else dir = argv[i];
  }
  if (rounds < 1) rounds = 1;
  sets[2].cap = cap11 > 0 ? cap11 : -1;

  /* the CLI beside this program's directory: BUILD/bench/.. */
  char cli[4096] = "";
  {
    const char *slash = strrchr(argv[0], '/');
    if (slash) {
      snprintf(cli, sizeof cli, "%.*s/../sudokit", (int)(slash - argv[0]), argv[0]);
      if (access(cli, X_OK) != 0) cli[0] = 0;
    }
  }
  char empty[64] = "";
  if (cli[0] && write_set(NULL, 0, 1, empty) != 0) cli[0] = 0;
  row rows[NSETS];
  int nrows = 0;

  printf("sudokit solver (%s variant): CPU time per puzzle, best of %d rounds\n",
         sk_solver_isa(), rounds);
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
    row *rw = &rows[nrows++];
    memset(rw, 0, sizeof *rw);
    rw->label = sets[s].label;
    rw->n = n;
    rw->t_first = rw->t_two = rw->cli = -1;
    char file[64] = "";
    if (tdoku && write_set(p, n, 1, file) != 0) file[0] = 0;
    if (tdoku && file[0] && sets[s].expect == 1) {
      rw->t_two = tdoku_us(tdoku, file, n, 0);
      rw->t_first = tdoku_us(tdoku, file, n, 1);
    }
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
    rw->first = one.us;
    rw->two = two.us;
    /* the CLI reads the set as many times over as the in-process rounds
    ** repeat it (0.3 s of counting), so that both time the same work and
    ** a small set's figure is not its start-up's noise */
    char cfile[64] = "";
    long reps = two.us > 0 ? (long)(3e5 / (two.us * (double)n)) + 1 : 1;
    if (cli[0] && write_set(p, n, reps, cfile) == 0) {
      rw->cli = cli_us(cli, cfile, empty, n * reps, rounds);
      unlink(cfile);
    }
    if (file[0]) unlink(file);
    free(p);
  }
  if (!found) printf("no benchmark set found in %s\n", dir);
  if (empty[0]) unlink(empty);
  if (tdoku) {
    printf("\nhead-to-head with tdoku (%s), CPU µs per puzzle, same puzzles as given;\n"
           "ratio = sudokit / tdoku (below 1: sudokit is faster)\n", tdoku);
    printf("%-19s %7s | %9s %9s %6s | %9s %9s %6s\n", "set", "puzzles", "tdoku c2", "sudokit",
           "ratio", "tdoku 1st", "sudokit", "ratio");
    for (int i = 0; i < nrows; i++) {
      const row *r = &rows[i];
      if (r->t_two < 0) continue;
      printf("%-19s %7ld | %9.2f %9.2f %6.2f | %9.2f %9.2f %6.2f\n", r->label, r->n, r->t_two,
             r->two, r->two / r->t_two, r->t_first, r->first,
             r->t_first > 0 ? r->first / r->t_first : 0.0);
    }
  }
  if (cli[0]) {
    printf("\nthe CLI: `sudokit count --limit 2 -i SET` (reading, parsing, writing), CPU µs per\n"
           "puzzle less the start-up of an empty input; ratio = CLI / in-process count to 2%s\n",
           tdoku ? ", and CLI / tdoku's count to 2" : "");
    printf("%-19s %7s | %9s %9s %6s %s\n", "set", "puzzles", "CLI", "in-proc", "ratio",
           tdoku ? "   tdoku  ratio" : "");
    for (int i = 0; i < nrows; i++) {
      const row *r = &rows[i];
      if (r->cli < 0) continue;
      printf("%-19s %7ld | %9.2f %9.2f %6.2f", r->label, r->n, r->cli, r->two, r->cli / r->two);
      if (r->t_two > 0) printf(" %8.2f %6.2f", r->t_two, r->cli / r->t_two);
      printf("\n");
    }
  }
  return 0;
}
