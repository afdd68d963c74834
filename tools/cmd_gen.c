/*
** cmd_gen.c -- the generators on the command line:
**   sudokit -c N [--first D]    N distinct complete grids into sudoku.txt
**   sudokit -s FILE             solutions of FILE's puzzles into sudoku.txt
**   sudokit grids ...           the same grids, any count, any output
**   sudokit generate ...        puzzles with exactly one solution
** Outputs to a file are written whole or not at all (sk_out).
*/
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cmd_gen_target.h"
#include "commands.h"
#include "sk_gen.h"
#include "sk_solver.h"

#define CLASSIC_FILE "sudoku.txt"
#define CLASSIC_MAX  1000000L

/* {====== shared pieces */

/* Threads for writing grids: formatting overlaps writing with two;
** more only compete for the same file. */
static int grid_threads(long j) {
  int n = sk_jobs(j);
  return j == 0 && n > 2 ? 2 : n;
}

/* fd-level writing after the stream's own buffer is empty. */
static int write_grids(sk_out *o, uint64_t start, uint64_t n, int first, sk_format fmt, int threads) {
  sk_error err;
  static const char werr[] = "write error: ";   /* sk_grids_write's message for one */
  if (fflush(o->f) != 0) {
    sk_out_write_error(o, errno);
    sk_out_abort(o);
    return SK_EXIT_DATA;
  }
  if (sk_grids_write(fileno(o->f), start, n, first, fmt, threads, &err) != 0) {
    if (!strncmp(err.msg, werr, sizeof werr - 1)) {
      o->reported = 1;
      sk_warn("write error on %s: %s", sk_out_name(o), err.msg + sizeof werr - 1);
    } else {
      sk_warn("%s: %s", sk_out_name(o), err.msg);
    }
    sk_out_abort(o);
    return SK_EXIT_DATA;
  }
  return sk_out_commit(o) == 0 ? SK_EXIT_OK : SK_EXIT_DATA;
}

static int parse_format(const char *cmd, const char *s, sk_format *f) {
  if (s == NULL) return sk_usage_error(cmd, "--format needs a value (grid, line)"), -1;
  if (!strcmp(s, "line")) *f = SK_FMT_LINE;
  else if (!strcmp(s, "grid")) *f = SK_FMT_GRID;
  else return sk_usage_error(cmd, "unknown format '%s' (grid, line)", s), -1;
  return 0;
}

static int is_help(const char *a) { return !strcmp(a, "-h") || !strcmp(a, "--help"); }

/* }====== */

/* {====== sudokit -c N / -s FILE */

static const char classic_help[] =
  "usage: sudokit -c N [--first D]\n"
  "       sudokit -s FILE\n"
  "-c N     writes N distinct complete grids (1..1000000) to sudoku.txt in the\n"
  "         current directory: 9 lines of 9 digits separated by single spaces,\n"
  "         one blank line between grids.  Every grid starts with digit D\n"
  "         (--first D, default 1).  'sudokit grids' has no upper limit of\n"
  "         1000000 and writes anywhere.\n"
  "-s FILE  reads puzzles in that format (0 = blank) and writes their solutions\n"
  "         to sudoku.txt, in the same format and order.  A malformed or\n"
  "         unsolvable puzzle is reported (puzzle number and line) and gets a\n"
  "         grid of 81 zeros in sudoku.txt, so the N-th grid there always\n"
  "         answers the N-th puzzle; the exit status is then 1.  A puzzle with\n"
  "         several solutions gets one of them and a warning.\n"
  "sudoku.txt is replaced whole or not at all: on any usage error it is left\n"
  "untouched (exit status 2).\n";

static int classic_grids(int argc, char **argv) {
  static const char *const value_opts[] = {"--first", NULL};
  const char *cmd = "-c";
  long n, first = 1;
  if (sk_args_once(cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  if (argc < 2) return sk_usage_error(cmd, "-c needs a number of grids (1..%ld)", CLASSIC_MAX);
  if (sk_parse_long(cmd, "-c", argv[1], 1, CLASSIC_MAX, &n)) return SK_EXIT_USAGE;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--first")) {
      if (sk_parse_long(cmd, "--first", i + 1 < argc ? argv[i + 1] : NULL, 1, 9, &first))
        return SK_EXIT_USAGE;
      i++;
    } else return sk_usage_error(cmd, "unexpected argument '%s'", argv[i]);
  }
  sk_out o;
  if (sk_out_open(&o, CLASSIC_FILE) != 0) return SK_EXIT_USAGE;
  return write_grids(&o, 0, (uint64_t)n, (int)first, SK_FMT_GRID, grid_threads(0));
}

/* Puzzles are solved in chunks, by several threads, and written (with
** their messages) in input order. */
#define SOLVE_CHUNK 4096

typedef struct solve_item {
  long index, line;
  int ok;                     /* read fine */
  unsigned long count;        /* solutions, capped at 2 */
  uint8_t values[SK_CELLS], sol[SK_CELLS];
  char error[160];
} solve_item;

typedef struct solve_pool {
  solve_item *items;
  int n;
  int next;                   /* next item to take (atomic) */
} solve_pool;

static void *solve_worker(void *arg) {
  solve_pool *p = arg;
  for (;;) {
    int i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED);
    if (i >= p->n) return NULL;
    solve_item *it = &p->items[i];
    if (it->ok) it->count = sk_solve_count(it->values, 2, it->sol, NULL);
  }
}

static void solve_chunk(solve_pool *p, int threads) {
  pthread_t th[64];
  int started = 0;
  p->next = 0;
  if (threads > 64) threads = 64;
  for (int t = 1; t < threads && t < p->n; t++)
    if (pthread_create(&th[started], NULL, solve_worker, p) == 0) started++;
  solve_worker(p);
  for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
}

/* Writes the chunk's answers; returns 1 if a puzzle was bad, -1 on a
** write error. */
static int emit_chunk(const solve_pool *p, FILE *out, const char *name, long *written) {
  static const uint8_t zeros[SK_CELLS];
  char buf[SK_CELLS * 2 + 8];
  int bad = 0;
  for (int i = 0; i < p->n; i++) {
    const solve_item *it = &p->items[i];
    const uint8_t *grid = it->sol;
    if (!it->ok) {
      sk_warn_read_error(it->index, it->error);
      grid = zeros;
      bad = 1;
    } else if (it->count == 0) {
      sk_warn_puzzle(name, it->line, it->index, "no solution");
      grid = zeros;
      bad = 1;
    } else if (it->count > 1) {
      sk_warn_puzzle(name, it->line, it->index, "several solutions; wrote one of them");
    }
    size_t len = 0;
    if ((*written)++ > 0) buf[len++] = '\n';
    len += sk_write_grid(buf + len, grid);
    if (fwrite(buf, 1, len, out) != len) return -1;
  }
  return bad;
}

static int classic_solve(int argc, char **argv) {
  const char *cmd = "-s";
  if (argc < 2) return sk_usage_error(cmd, "-s needs a file of puzzles");
  if (argc > 2) return sk_usage_error(cmd, "unexpected argument '%s'", argv[2]);
  const char *name;
  FILE *in = sk_in_open(argv[1], NULL, 0, &name);
  if (!in) return SK_EXIT_USAGE;
  solve_pool pool;
  pool.items = malloc(SOLVE_CHUNK * sizeof *pool.items);
  sk_out o;
  int bad_start = !pool.items ? SK_EXIT_DATA : sk_out_open(&o, CLASSIC_FILE) != 0 ? SK_EXIT_USAGE : 0;
  if (bad_start) {
    if (!pool.items) sk_warn("out of memory");
    free(pool.items);
    if (in != stdin) fclose(in);
    return bad_start;
  }
  sk_reader *r = sk_reader_open(in, name);
  sk_reader_force(r, SK_FMT_GRID);
  int threads = sk_jobs(0), status = SK_EXIT_OK, rc = 1, werr = 0;  /* werr: errno */
  long written = 0;
  sk_puzzle pz;
  memset(&pz, 0, sizeof pz);
  while (rc == 1 && !werr) {
    pool.n = 0;
    while (pool.n < SOLVE_CHUNK && (rc = sk_reader_next(r, &pz)) == 1) {
      solve_item *it = &pool.items[pool.n++];
      it->index = pz.index;
      it->line = pz.line;
      it->ok = pz.ok;
      it->count = 0;
      memcpy(it->values, pz.values, SK_CELLS);
      snprintf(it->error, sizeof it->error, "%s", pz.error);
      sk_puzzle_free(&pz);
    }
    solve_chunk(&pool, threads);
    int st = emit_chunk(&pool, o.f, name, &written);
    if (st < 0) werr = errno ? errno : EIO;
    else if (st > 0) status = SK_EXIT_DATA;
  }
  int rerr = rc < 0 ? (errno ? errno : EIO) : 0;
  sk_reader_close(r);
  if (in != stdin) fclose(in);
  free(pool.items);
  if (werr || rerr) {
    if (werr) sk_out_write_error(&o, werr);
    else sk_warn("%s: read error: %s", name, strerror(rerr));
    sk_out_abort(&o);
    return SK_EXIT_DATA;
  }
  if (written == 0) {
    sk_warn("%s: no puzzle found; %s left as it was", name, CLASSIC_FILE);
    sk_out_abort(&o);
    return SK_EXIT_DATA;
  }
  if (sk_out_commit(&o) != 0) return SK_EXIT_DATA;
  return status;
}

int sk_cmd_classic(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (is_help(argv[i])) { fputs(classic_help, stdout); return SK_EXIT_OK; }
  if (!strcmp(argv[0], "-c")) return classic_grids(argc, argv);
  return classic_solve(argc, argv);
}

/* }====== */

/* {====== sudokit grids */

static const char grids_help[] =
  "usage: sudokit grids [-n N] [--first D] [--start K] [--format grid|line]\n"
  "                     [-o FILE] [-j N]\n"
  "Writes N distinct complete grids (default 1).  They are numbered: grid K is\n"
  "always the same grid, and no two numbers give the same grid.  With the\n"
  "first digit fixed there are 135444234240 of them (one seed grid, its 2*6^8\n"
  "row/column/band/stack permutations and transpositions, and the 8! digit\n"
  "relabellings that keep the first digit), so K + N may not exceed that.\n"
  "  -n N          number of grids\n"
  "  --first D     top-left digit (1..9, default 1)\n"
  "  --start K     number of the first grid written (default 0)\n"
  "  --format F    grid (default): 9 lines of 'd d d ...', blank line between;\n"
  "                line: 81 digits per line\n"
  "  -o FILE       output, written whole or not at all (default: standard output)\n"
  "  -j N          threads (0 = up to 2, the default; more do not help)\n";

int sk_cmd_grids(int argc, char **argv) {
  static const char *const value_opts[] = {"-n", "--first", "--start", "-j", "--format", "-o", NULL};
  const char *cmd = "grids";
  for (int i = 1; i < argc; i++)
    if (is_help(argv[i])) { fputs(grids_help, stdout); return SK_EXIT_OK; }
  if (sk_args_once(cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  const char *outp = NULL;
  long n = 1, first = 1, start = 0, jobs = 0;
  sk_format fmt = SK_FMT_GRID;
  const long max = (long)SK_GRID_COUNT;
  for (int i = 1; i < argc; i += 2) {          /* every option takes a value */
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (is_help(a)) { fputs(grids_help, stdout); return SK_EXIT_OK; }
    if (!strcmp(a, "-n")) { if (sk_parse_long(cmd, "-n", v, 1, max, &n)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--first")) { if (sk_parse_long(cmd, "--first", v, 1, 9, &first)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--start")) { if (sk_parse_long(cmd, "--start", v, 0, max - 1, &start)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "-j")) { if (sk_parse_long(cmd, "-j", v, 0, 256, &jobs)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--format")) { if (parse_format(cmd, v, &fmt)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "-o")) { if (!v) return sk_usage_error(cmd, "-o needs a file"); outp = v; }
    else return sk_arg_unknown(cmd, argv, i);
  }
  if (n > max - start)
    return sk_usage_error(cmd, "--start %ld with -n %ld goes past the last grid (%ld in all)",
                          start, n, max);
  sk_out o;
  if (sk_out_open(&o, outp) != 0) return SK_EXIT_USAGE;
  return write_grids(&o, (uint64_t)start, (uint64_t)n, (int)first, fmt, grid_threads(jobs));
}

/* }====== */

/* {====== sudokit generate */

static const char generate_help[] =
  "usage: sudokit generate [-n N] [--level easy|medium|hard] [--givens A-B]\n"
  "         [--symmetry none|rot180|rot90|mirror|diagonal] [--minimal]\n"
  "         [--seed S] [--with-solution] [-j N] [--format line|grid] [-o FILE]\n"
  "Generates N puzzles (default 1), each with exactly one solution: a random\n"
  "complete grid, then clues removed one at a time (or one symmetric group at\n"
  "a time) in random order, each removal kept only if the solution stays\n"
  "unique.\n"
  "  --level L      number of givens, drawn at random per puzzle in the range:\n"
  "                 easy 36-40, medium 30-35, hard 24-29.  NOTE: levels count\n"
  "                 givens only; they say nothing about the solving techniques a\n"
  "                 puzzle needs (a 'hard' puzzle may be all singles).  Use\n"
  "                 'sudokit rate' to measure technique difficulty.\n"
  "  --givens A-B   the range of givens directly (17 <= A <= B <= 81; 'A' alone\n"
  "                 means A-A)\n"
  "  (neither)      clues are removed until none can go: a minimal puzzle\n"
  "  --minimal      remove until no clue can go, then keep the puzzle only if\n"
  "                 its count is in the range (else retry with a new grid)\n"
  "  --symmetry S   pattern of givens: rot180, rot90 (quarter turn), mirror\n"
  "                 (left-right), diagonal (main diagonal), none (default).\n"
  "                 With a symmetry, minimal means no symmetric group of\n"
  "                 clues can go\n"
  "  --attempts K   grids tried per puzzle before giving up (default 1000);\n"
  "                 rare combinations (e.g. --minimal --level easy) may fail\n"
  "  --seed S       reproducible output (0..2^64-1); the same for any -j\n"
  "  --with-solution  line format: 'puzzle solution' on one line; grid\n"
  "                 format: the solution grid after each puzzle grid\n"
  "  --format F     line (default: 81 characters, '.' = blank) or grid\n"
  "                 (9 lines of 'd d d ...', 0 = blank, blank line between)\n"
  "  -o FILE        output, written whole or not at all (default: stdout)\n"
  "  -j N           threads (0 = one per core, the default)\n"
  "Rating targets (--er, --xdrs, --pearl, --diamond, --sdrs, --needs) also rate\n"
  "each puzzle and keep those that meet them: 'sudokit generate --er 1 --help'.\n";

typedef struct gen_job {
  sk_gen_opts opts;
  uint64_t seed;
  long base;                  /* index of the batch's first puzzle */
  int n;                      /* puzzles in the batch */
  int next;                   /* next puzzle to take (atomic) */
  uint8_t (*puzzle)[SK_CELLS];
  uint8_t (*solution)[SK_CELLS];
  int *givens;
} gen_job;

static void *gen_worker(void *arg) {
  gen_job *j = arg;
  for (;;) {
    int i = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
    if (i >= j->n) return NULL;
    sk_rng r;
    sk_rng_seed(&r, j->seed, (uint64_t)(j->base + i));
    j->givens[i] = sk_generate(&j->opts, &r, j->puzzle[i], j->solution[i], NULL);
  }
}

static void gen_batch(gen_job *j, int threads) {
  pthread_t th[256];
  int started = 0;
  j->next = 0;
  for (int t = 1; t < threads && t < j->n && t < 256; t++)
    if (pthread_create(&th[started], NULL, gen_worker, j) == 0) started++;
  gen_worker(j);
  for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
}

static size_t gen_record(char *buf, const uint8_t *p, const uint8_t *s, sk_format fmt,
                         int with_solution, int not_first) {
  size_t len = 0;
  if (fmt == SK_FMT_LINE) {
    len = sk_write_line(buf, p, '.');
    if (with_solution) {
      buf[len - 1] = ' ';
      len += sk_write_line(buf + len, s, '.');
    }
    return len;
  }
  if (not_first) buf[len++] = '\n';
  len += sk_write_grid(buf + len, p);
  if (with_solution) {
    buf[len++] = '\n';
    len += sk_write_grid(buf + len, s);
  }
  return len;
}

static int parse_u64(const char *cmd, const char *opt, const char *s, uint64_t *out) {
  if (s == NULL || *s < '0' || *s > '9')
    return sk_usage_error(cmd, "%s needs a whole number (0..18446744073709551615)", opt), -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno == ERANGE)
    return sk_usage_error(cmd, "%s: '%s' is not a whole number in 0..18446744073709551615",
                          opt, s), -1;
  *out = (uint64_t)v;
  return 0;
}

static int parse_range(const char *cmd, const char *s, int *lo, int *hi) {
  long a, b;
  char *end;
  if (s == NULL) return sk_usage_error(cmd, "--givens needs a range A-B"), -1;
  if (*s < '0' || *s > '9') goto bad;
  a = strtol(s, &end, 10);
  b = a;
  if (*end == '-') {
    if (end[1] < '0' || end[1] > '9') goto bad;
    b = strtol(end + 1, &end, 10);
  }
  if (*end) goto bad;
  if (a < 17 || b > 81 || a > b)
    return sk_usage_error(cmd, "--givens %ld-%ld: need 17 <= A <= B <= 81 (fewer than 17 "
                          "givens never have one solution)", a, b), -1;
  *lo = (int)a;
  *hi = (int)b;
  return 0;
bad:
  return sk_usage_error(cmd, "--givens: '%s' is not a range A-B", s), -1;
}

typedef struct gen_args {
  sk_gen_opts opts;
  long n, jobs;
  uint64_t seed;
  int seeded, with_solution;
  sk_format fmt;
  const char *out;
  const char *level;          /* for messages */
} gen_args;

static int gen_parse(int argc, char **argv, gen_args *g) {
  static const char *const value_opts[] = {
    "-n", "-j", "--attempts", "--seed", "--level", "--givens", "--symmetry", "--format", "-o", NULL
  };
  const char *cmd = "generate";
  int have_level = 0, have_givens = 0;
  long attempts = 1000;
  for (int i = 1; i < argc; i++)
    if (is_help(argv[i])) { fputs(generate_help, stdout); exit(SK_EXIT_OK); }
  if (sk_args_once(cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (is_help(a)) { fputs(generate_help, stdout); exit(SK_EXIT_OK); }
    if (!strcmp(a, "--minimal")) { g->opts.minimal = 1; continue; }
    if (!strcmp(a, "--with-solution")) { g->with_solution = 1; continue; }
    if (!strcmp(a, "-n")) { if (sk_parse_long(cmd, "-n", v, 1, 1000000000L, &g->n)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "-j")) { if (sk_parse_long(cmd, "-j", v, 0, 256, &g->jobs)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--attempts")) {
      if (sk_parse_long(cmd, "--attempts", v, 1, 1000000L, &attempts)) return SK_EXIT_USAGE;
    } else if (!strcmp(a, "--seed")) {
      if (parse_u64(cmd, "--seed", v, &g->seed)) return SK_EXIT_USAGE;
      g->seeded = 1;
    } else if (!strcmp(a, "--level")) {
      if (!v || sk_level_range(v, &g->opts.lo, &g->opts.hi) != 0)
        return sk_usage_error(cmd, "--level needs easy, medium or hard");
      g->level = v;
      have_level = 1;
    } else if (!strcmp(a, "--givens")) {
      if (parse_range(cmd, v, &g->opts.lo, &g->opts.hi)) return SK_EXIT_USAGE;
      have_givens = 1;
    } else if (!strcmp(a, "--symmetry")) {
      if (!v || sk_symmetry_parse(v, &g->opts.symmetry) != 0)
        return sk_usage_error(cmd, "--symmetry needs none, rot180, rot90, mirror or diagonal");
    } else if (!strcmp(a, "--format")) { if (parse_format(cmd, v, &g->fmt)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "-o")) { if (!v) return sk_usage_error(cmd, "-o needs a file"); g->out = v; }
    else return sk_arg_unknown(cmd, argv, i);
    i++;
  }
  if (have_level && have_givens) return sk_usage_error(cmd, "use either --level or --givens");
  g->opts.attempts = (int)attempts;
  sk_error err;
  if (sk_gen_check(&g->opts, &err) != 0) return sk_usage_error(cmd, "%s", err.msg);
  return 0;
}

#define GEN_BATCH 1024

int sk_cmd_generate(int argc, char **argv) {
  /* rating targets (--er, --diamond, ...) rate and filter: cmd_gen_target.c */
  if (sk_gen_target_wanted(argc, argv)) return sk_cmd_generate_target(argc, argv);
  gen_args g;
  memset(&g, 0, sizeof g);
  g.n = 1;
  g.fmt = SK_FMT_LINE;
  int rc = gen_parse(argc, argv, &g);
  if (rc) return rc;
  if (!g.seeded) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    g.seed = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec + ((uint64_t)getpid() << 40);
  }
  gen_job j;
  memset(&j, 0, sizeof j);
  j.opts = g.opts;
  j.seed = g.seed;
  j.puzzle = malloc(GEN_BATCH * sizeof *j.puzzle);
  j.solution = malloc(GEN_BATCH * sizeof *j.solution);
  j.givens = malloc(GEN_BATCH * sizeof *j.givens);
  char *text = malloc((size_t)GEN_BATCH * 2 * (SK_CELLS * 2 + 2));
  sk_out o;
  if (!j.puzzle || !j.solution || !j.givens || !text) { sk_warn("out of memory"); rc = SK_EXIT_DATA; goto done; }
  if (sk_out_open(&o, g.out) != 0) { rc = SK_EXIT_USAGE; goto done; }
  int threads = sk_jobs(g.jobs);
  for (long base = 0; base < g.n; base += GEN_BATCH) {
    j.base = base;
    j.n = g.n - base < GEN_BATCH ? (int)(g.n - base) : GEN_BATCH;
    gen_batch(&j, threads);
    size_t len = 0;
    for (int i = 0; i < j.n; i++) {
      if (j.givens[i] < 0) {
        sk_warn("generate: no puzzle with %d-%d givens%s%s%s found in %d grids (puzzle %ld); "
                "try a wider range", g.opts.lo, g.opts.hi, g.opts.minimal ? ", minimal" : "",
                g.opts.symmetry ? ", symmetry " : "",
                g.opts.symmetry ? sk_symmetry_name(g.opts.symmetry) : "",
                g.opts.attempts, base + i + 1);
        sk_out_abort(&o);
        rc = SK_EXIT_DATA;
        goto done;
      }
      len += gen_record(text + len, j.puzzle[i], j.solution[i], g.fmt, g.with_solution, base + i > 0);
    }
    if (fwrite(text, 1, len, o.f) != len) {
      sk_out_write_error(&o, errno);
      sk_out_abort(&o);
      rc = SK_EXIT_DATA;
      goto done;
    }
  }
  rc = sk_out_commit(&o) == 0 ? SK_EXIT_OK : SK_EXIT_DATA;
done:
  free(j.puzzle);
  free(j.solution);
  free(j.givens);
  free(text);
  return rc;
}

/* }====== */
