/*
** cmd_gen_target.c -- `sudokit generate` with a target: puzzles are
** generated as `sudokit generate` makes them (random grid, clues removed
** while the solution stays unique), rated, and kept when they meet every
** target given: an ER band, an XDRS band, SE's pearl or diamond class, an
** SDRS class, techniques the solving path must use.
**
** Attempt i always uses random stream i of the seed, and matches are
** written in attempt order, so the output depends only on the seed and
** the options, not on -j -- unless --timeout stops the run (then it is
** what was found in time).  Attempts run in rounds of a few per thread;
** the deadline is checked before each attempt and bounds each rating.
*/
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cli_progress.h"
#include "cmd_gen_target.h"
#include "sk_analysis.h"
#include "sk_engine.h"
#include "sk_gen.h"
#include "sk_solver.h"

const char sk_gen_target_help[] =
  "usage: sudokit generate TARGET... [-n N] [--timeout S] [--with-path] [--search ...]\n"
  "         [--level L | --givens A-B] [--symmetry S] [--minimal] [--attempts K]\n"
  "         [--seed S] [-j N] [--table T] [--budget S] [--plugins DIR] [--quiet] [-o FILE]\n"
  "Generates puzzles, rates each, and keeps the first N (default 1) that meet\n"
  "every TARGET given:\n"
  "  --er A-B        SE rating (ER) in [A, B]; 'A-' = at least A, 'A' = exactly A\n"
  "  --xdrs A-B      XDRS difficulty D = (90 P + 19) / 109 in [A, B], P = ER under\n"
  "                  ratings/xdrs.yaml (clamped to 1..10)\n"
  "  --pearl         SE pearl: EP = ER, not a diamond\n"
  "  --diamond       SE diamond: ED = EP = ER (all-singles puzzles are diamonds\n"
  "                  too: add --er to ask for hard ones)\n"
  "  --sdrs CLASS    SDRS class: pearl, diamond, extreme-pearl, extreme-diamond\n"
  "                  (see 'sudokit analyze --help' and the README for the rules)\n"
  "  --needs IDS     the solving path uses each technique id of the list\n"
  "  --hodoku-level L  HoDoKu 2.2.0's level (ratings/hodoku.yaml): Easy, Medium,\n"
  "                  Hard, Unfair or Extreme (case ignored)\n"
  "  --hodoku-score A-B  HoDoKu's score in [A, B] ('A-' = at least A)\n"
  "Options:\n"
  "  --timeout S     stop after S seconds with what was found (exit 1 if fewer\n"
  "                  than N); without it the run goes on until N are found\n"
  "  --with-path     write each puzzle's solving path after it, one '#' line a step\n"
  "  --budget S      give up rating one puzzle after S seconds (it is skipped)\n"
  "  --table T       rating table for --er/--pearl/... (default se)\n"
  "  --quiet         no progress lines (the summary is still printed on stderr)\n"
  "  --level, --givens, --symmetry, --minimal, --attempts, --seed, -j, -o:\n"
  "                  as for plain 'sudokit generate' (default: minimal puzzles)\n"
  "Search (--search): climb from seed puzzles instead of drawing new ones:\n"
  "  --search        neighbourhood search: from each seed, moves {-n+m} (n clues\n"
  "                  out, m in, exactly one solution kept) climb on the target's\n"
  "                  rating, with restarts; every new puzzle meeting the target\n"
  "                  is written, never two isomorphs, never an isomorph of a seed\n"
  "  --from FILE     seeds (default: random minimal puzzles)\n"
  "  --exclude FILE  never write a puzzle isomorphic to one of FILE's (a known list)\n"
  "  --moves LIST    e.g. -1+1,-2+2 (default -1+1,-2+2,-2+1,-1+2)\n"
  "  --minimal       keep every puzzle minimal (redundant clues removed)\n"
  "  --pattern FILE  a fixed clue pattern (an 81-character line, '.' or '0'\n"
  "                  empty): the search changes digits, never cells\n"
  "  --restart K     a new seed after K neighbours without a better score\n"
  "                  (default 400)\n"
  "  --steps K       each thread rates (or screens) at most K neighbours; the\n"
  "                  output is then the same for a given --seed and -j (written\n"
  "                  at the end)\n"
  "  --screen S      backdoor: a puzzle that one placement leaves to singles is\n"
  "                  not rated (such puzzles are rarely hard); pairs[=N]: nor\n"
  "                  one with more than N (default 40) pairs of cells whose\n"
  "                  placements leave it to singles; none: rate them all.\n"
  "                  Default: pairs when --er's lower bound is 10.5 or more,\n"
  "                  backdoor from 10, else none\n"
  "  --objective F   climb on field F of --policy P (default se: ER, EP, ED)\n"
  "  --policy P      a rating policy (ratings/NAME.lua or a path) for --objective\n"
  "  --objective-lua FILE  climb on the number a Lua function returns: FILE\n"
  "                  returns function(r), r the SE rating as e:rate gives it\n"
  "                  (er, ep, ed, nsteps, stuck, hardest, steps)\n"
  "                  The default objective is ER, ties broken by EP, then by\n"
  "                  the steps rated ER, then ED.  The target decides what is\n"
  "                  written, the objective only where the climb goes.\n"
  "  --cpu-timeout S stop after S seconds of the process's CPU time (all threads):\n"
  "                  budgets that a loaded machine does not shrink\n"
  "  --profile       at the end, the search threads' CPU time by part (moves and\n"
  "                  uniqueness, minimality, canonical forms, screens, rating)\n"
  "  --trace         on stderr, each climb's seed and each better score it\n"
  "                  reaches, with the process's CPU time\n"
  "Each match is written as 'puzzle ED=ER/EP/ED' (plus ' D=...' with --xdrs, and\n"
  "' hodoku=Level (score)' with a HoDoKu target).\n"
  "Progress and the acceptance rate (matches / puzzles rated) go to stderr.\n"
  "Random removal rarely gives hard puzzles (ER >= 9 may take many minutes):\n"
  "--search from hard seeds finds them.  With --search, -n defaults to 1, or to no\n"
  "limit with --timeout or --steps.\n";

/* {====== options */

static const char *const target_opts[] = {
  "--er", "--xdrs", "--pearl", "--diamond", "--sdrs", "--needs", "--timeout", "--with-path",
  "--search", "--hodoku-level", "--hodoku-score", NULL
};

int sk_gen_target_wanted(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    for (int k = 0; target_opts[k]; k++)
      if (!strcmp(argv[i], target_opts[k])) return 1;
  return 0;
}

double sk_tgen_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "A-B", "A-" or "A" (decimals) -> milli bounds. */
static int parse_band(const char *opt, const char *s, double max, int32_t *lo, int32_t *hi) {
  char *end;
  if (!s || !*s) return sk_usage_error("generate", "%s needs a range A-B", opt), -1;
  double a = strtod(s, &end), b = a;
  if (end == s) goto bad;
  if (*end == '-') {
    const char *t = end + 1;
    b = *t ? strtod(t, &end) : max;
    if (*t && end == t) goto bad;
    if (!*t) end = (char *)t;
  }
  if (*end || !(a >= 0) || !(b >= a) || b > max) goto bad;
  *lo = (int32_t)llround(a * 1000);
  *hi = (int32_t)llround(b * 1000);
  return 0;
bad:
  return sk_usage_error("generate", "%s: '%s' is not a range A-B with 0 <= A <= B <= %g", opt, s, max), -1;
}

static int parse_u64(const char *s, uint64_t *out) {
  char *end;
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno == ERANGE) return -1;
  *out = (uint64_t)v;
  return 0;
}

static int parse_seconds(const char *opt, const char *s, double *out) {
  return sk_parse_seconds("generate", opt, s, out);
}

static int parse_givens(const char *s, int *lo, int *hi) {
  char *end;
  long a, b;
  if (!s || *s < '0' || *s > '9') return -1;
  a = b = strtol(s, &end, 10);
  if (*end == '-') {
    if (end[1] < '0' || end[1] > '9') return -1;
    b = strtol(end + 1, &end, 10);
  }
  if (*end || a < 17 || b > 81 || a > b) return -1;
  *lo = (int)a, *hi = (int)b;
  return 0;
}

static int parse_needs(tgen *g, const char *s) {
  if (!s || !*s) return sk_usage_error("generate", "--needs needs technique ids"), -1;
  for (const char *p = s; *p; ) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 0 || n >= sizeof g->needs[0] || g->nneeds == 16)
      return sk_usage_error("generate", "--needs: bad list '%s'", s), -1;
    memcpy(g->needs[g->nneeds], p, n);
    g->needs[g->nneeds++][n] = 0;
    p += n + (e != NULL);
  }
  return 0;
}

static int parse_sdrs(const char *s, unsigned *f) {
  static const struct { const char *name; unsigned bit; } k[] = {
    {"pearl", SK_SDRS_PEARL}, {"diamond", SK_SDRS_DIAMOND},
    {"extreme-pearl", SK_SDRS_EXTREME_PEARL}, {"extreme-diamond", SK_SDRS_EXTREME_DIAMOND}
  };
  for (int i = 0; s && i < 4; i++)
    if (!strcmp(s, k[i].name)) { *f |= k[i].bit; return 0; }
  return sk_usage_error("generate", "--sdrs needs pearl, diamond, extreme-pearl or extreme-diamond"), -1;
}

/* the options that take one value (--sdrs and --needs add up) */
static const char *const value_opts[] = {
  "--er", "--xdrs", "--timeout", "--budget", "-n", "-j", "--attempts", "--seed", "--level",
  "--givens", "--symmetry", "--table", "--plugins", "-o", "--from", "--exclude", "--pattern",
  "--moves", "--restart", "--steps", "--hodoku-level", "--hodoku-score", "--screen",
  "--objective", "--policy", "--objective-lua", "--cpu-timeout", NULL
};

/* "-1+1,-2+2,..." (n clues out, m in; 0 <= n, m <= 4, not both 0). */
static int parse_moves(tgen *g, const char *s) {
  g->nmoves = 0;
  for (const char *p = s; p && *p; ) {
    int n, m, used;
    if (g->nmoves == 8 || sscanf(p, "-%d+%d%n", &n, &m, &used) != 2 || n < 0 || m < 0 || n > 4 ||
        m > 4 || n + m == 0 || (p[used] && p[used] != ','))
      return sk_usage_error("generate", "--moves: '%s' is not a list like -1+1,-2+2 (at most 8, "
                            "0..4 clues out and in)", s ? s : ""), -1;
    g->moves[g->nmoves][0] = n, g->moves[g->nmoves][1] = m;
    g->nmoves++;
    p += used + (p[used] == ',');
  }
  if (!g->nmoves) return sk_usage_error("generate", "--moves needs a list like -1+1,-2+2"), -1;
  return 0;
}

static int parse_args(int argc, char **argv, tgen *g) {
  const char *cmd = "generate";
  int have_level = 0, have_givens = 0;
  long attempts = 1000;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { fputs(sk_gen_target_help, stdout); exit(SK_EXIT_OK); }
  if (sk_args_once(cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(sk_gen_target_help, stdout); exit(SK_EXIT_OK); }
    if (!strcmp(a, "--pearl")) { g->pearl = 1; continue; }
    if (!strcmp(a, "--diamond")) { g->diamond = 1; continue; }
    if (!strcmp(a, "--with-path")) { g->with_path = 1; continue; }
    if (!strcmp(a, "--quiet")) { g->quiet = 1; continue; }
    if (!strcmp(a, "--minimal")) { g->gen.minimal = 1; continue; }
    if (!strcmp(a, "--search")) { g->search = 1; continue; }
    if (!strcmp(a, "--profile")) { g->profile = 1; continue; }
    if (!strcmp(a, "--trace")) { g->trace = 1; continue; }
    if (!strcmp(a, "--from")) { if (!v) return sk_usage_error(cmd, "--from needs a file"); g->from = v; i++; continue; }
    if (!strcmp(a, "--exclude")) { if (!v) return sk_usage_error(cmd, "--exclude needs a file"); g->exclude = v; i++; continue; }
    if (!strcmp(a, "--pattern")) { if (!v) return sk_usage_error(cmd, "--pattern needs a file"); g->pattern = v; i++; continue; }
    if (!strcmp(a, "--moves")) { if (parse_moves(g, v)) return SK_EXIT_USAGE; i++; continue; }
    if (!strcmp(a, "--restart")) { if (sk_parse_long(cmd, a, v, 1, 100000000L, &g->restart)) return SK_EXIT_USAGE; i++; continue; }
    if (!strcmp(a, "--steps")) { if (sk_parse_long(cmd, a, v, 1, 1000000000L, &g->steps)) return SK_EXIT_USAGE; i++; continue; }
    if (!strcmp(a, "--screen")) {
      char *end;
      if (v && !strcmp(v, "backdoor")) g->screen = 1;
      else if (v && !strcmp(v, "none")) g->screen = 0;
      else if (v && !strcmp(v, "pairs")) g->screen = 2, g->screen_pairs = 40;
      else if (v && !strncmp(v, "pairs=", 6) && (g->screen_pairs = strtol(v + 6, &end, 10)) > 0 &&
               g->screen_pairs <= 3240 && !*end && v[6] != '+')
        g->screen = 2;
      else return sk_usage_error(cmd, "--screen needs backdoor, pairs, pairs=N (1..3240) or none");
      i++;
      continue;
    }
    if (!strcmp(a, "--objective")) { if (!v) return sk_usage_error(cmd, "--objective needs a field name of the --policy"); g->objective = v; i++; continue; }
    if (!strcmp(a, "--policy")) { if (!v) return sk_usage_error(cmd, "--policy needs a policy name or path"); g->policy = v; i++; continue; }
    if (!strcmp(a, "--objective-lua")) { if (!v) return sk_usage_error(cmd, "--objective-lua needs a Lua file"); g->objective_lua = v; i++; continue; }
    if (!strcmp(a, "--er")) {
      if (parse_band(a, v, 20, &g->er_lo, &g->er_hi)) return SK_EXIT_USAGE;
      g->have_er = 1;
    } else if (!strcmp(a, "--xdrs")) {
      if (parse_band(a, v, 10, &g->d_lo, &g->d_hi)) return SK_EXIT_USAGE;
      g->have_xdrs = 1;
    } else if (!strcmp(a, "--hodoku-level")) {
      if (!v) return sk_usage_error(cmd, "--hodoku-level needs a level (Easy ... Extreme)");
      g->hodoku_level = v;
    } else if (!strcmp(a, "--hodoku-score")) {
      int32_t lo, hi;          /* parse_band reads thousandths: scores are whole */
      if (parse_band(a, v, 2000000, &lo, &hi)) return SK_EXIT_USAGE;
      g->hs_lo = lo / 1000, g->hs_hi = hi / 1000;
      g->have_hscore = 1;
    } else if (!strcmp(a, "--sdrs")) { if (parse_sdrs(v, &g->sdrs)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--needs")) { if (parse_needs(g, v)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--timeout")) { if (parse_seconds(a, v, &g->timeout)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--cpu-timeout")) { if (parse_seconds(a, v, &g->cpu_timeout)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--budget")) { if (parse_seconds(a, v, &g->budget)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "-n")) {
      if (sk_parse_long(cmd, "-n", v, 1, 100000000L, &g->n)) return SK_EXIT_USAGE;
      g->n_given = 1;
    }
    else if (!strcmp(a, "-j")) { if (sk_parse_long(cmd, "-j", v, 0, 256, &g->jobs)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--attempts")) { if (sk_parse_long(cmd, a, v, 1, 1000000L, &attempts)) return SK_EXIT_USAGE; }
    else if (!strcmp(a, "--seed")) {
      if (parse_u64(v, &g->seed)) return sk_usage_error(cmd, "--seed needs a whole number (0..2^64-1)");
      g->seeded = 1;
    } else if (!strcmp(a, "--level")) {
      if (!v || sk_level_range(v, &g->gen.lo, &g->gen.hi) != 0)
        return sk_usage_error(cmd, "--level needs easy, medium or hard");
      have_level = 1;
    } else if (!strcmp(a, "--givens")) {
      if (parse_givens(v, &g->gen.lo, &g->gen.hi))
        return sk_usage_error(cmd, "--givens: '%s' is not a range A-B with 17 <= A <= B <= 81", v ? v : "");
      have_givens = 1;
    } else if (!strcmp(a, "--symmetry")) {
      if (!v || sk_symmetry_parse(v, &g->gen.symmetry) != 0)
        return sk_usage_error(cmd, "--symmetry needs none, rot180, rot90, mirror or diagonal");
    } else if (!strcmp(a, "--table")) { if (!v) return sk_usage_error(cmd, "--table needs a name or path"); g->table = v; }
    else if (!strcmp(a, "--plugins")) { if (!v) return sk_usage_error(cmd, "--plugins needs a directory"); g->plugins = v; }
    else if (!strcmp(a, "-o")) { if (!v) return sk_usage_error(cmd, "-o needs a file"); g->out = v; }
    else return sk_arg_unknown(cmd, argv, i);
    i++;
  }
  if (have_level && have_givens) return sk_usage_error(cmd, "use either --level or --givens");
  if (!g->have_er && !g->have_xdrs && !g->pearl && !g->diamond && !g->sdrs && !g->nneeds &&
      !g->hodoku_level && !g->have_hscore)
    return sk_usage_error(cmd, "no target: give --er, --xdrs, --pearl, --diamond, --sdrs, --needs, "
                          "--hodoku-level or --hodoku-score");
  if (g->pearl && g->diamond) return sk_usage_error(cmd, "a puzzle is never both an SE pearl and a diamond");
  if (!g->search && (g->from || g->pattern || g->exclude || g->nmoves || g->restart || g->steps ||
                     g->screen >= 0 || g->objective || g->policy || g->objective_lua || g->profile ||
                     g->trace || g->cpu_timeout > 0))
    return sk_usage_error(cmd, "--from, --exclude, --pattern, --moves, --restart, --steps, --screen, "
                          "--objective, --policy, --objective-lua, --profile, --trace and --cpu-timeout need --search");
  if (g->policy && !g->objective)
    return sk_usage_error(cmd, "--policy names the policy of --objective FIELD: give --objective");
  if (g->objective && g->objective_lua)
    return sk_usage_error(cmd, "use either --objective or --objective-lua");
  if (g->search && (g->gen.symmetry || have_level || have_givens))
    return sk_usage_error(cmd, "--search takes no --symmetry, --level or --givens");
  if (g->search && g->pattern && g->nmoves)
    return sk_usage_error(cmd, "--pattern keeps the clues' cells: its moves change digits, not --moves");
  g->gen.attempts = (int)attempts;
  sk_error err = {{0}};
  if (sk_gen_check(&g->gen, &err) != 0) return sk_usage_error(cmd, "%s", err.msg);
  g->record = g->with_path || g->nneeds || g->sdrs;
  return 0;
}

/* }====== */

/* {====== one attempt */

int32_t sk_tgen_xdrs_d(int32_t p) {
  int64_t d = ((int64_t)90 * p + 19000 + 54) / 109;       /* milli, rounded */
  return d < 1000 ? 1000 : d > 10000 ? 10000 : (int32_t)d;
}

static int path_uses(const sk_rating *r, const char *id) {
  for (int i = 0; i < r->nsteps; i++)
    if (!strcmp(r->steps[i].id, id)) return 1;
  return 0;
}

static void put_tenths(sk_buf *b, int32_t milli) {
  int t = sk_milli_to_tenths(milli);
  sk_buf_printf(b, "%d.%d", t / 10, t % 10);
}

void sk_tgen_record(const tgen *g, attempt *a, const sk_rating *r) {
  sk_buf b = {0};
  char line[96], step[2048];
  sk_write_line(line, a->puzzle, '.');
  sk_buf_add(&b, line, SK_CELLS);
  sk_buf_puts(&b, " ED=");
  put_tenths(&b, a->er), sk_buf_puts(&b, "/"), put_tenths(&b, a->ep), sk_buf_puts(&b, "/");
  put_tenths(&b, a->ed);
  if (g->have_xdrs) sk_buf_printf(&b, " D=%d.%03d", a->d / 1000, a->d % 1000);
  if (a->hlevel_name) sk_buf_printf(&b, " hodoku=%s (%lld)", a->hlevel_name, (long long)a->hscore);
  sk_buf_puts(&b, "\n");
  for (int i = 0; g->with_path && i < r->nsteps; i++) {
    sk_step_describe(&r->steps[i], step, sizeof step);
    sk_buf_printf(&b, "#  %s\n", step);
  }
  a->text = b.p;
}

/* Rating budget: --budget, cut to the time left. */
double sk_tgen_budget(const tgen *g) {
  double b = g->budget;
  if (g->deadline > 0) {
    double left = g->deadline - sk_tgen_now();
    if (left < 0.001) left = 0.001;
    if (b == 0 || left < b) b = left;
  }
  return b;
}

/* HoDoKu's rating (table hodoku) against --hodoku-level / --hodoku-score:
** sets a's score and level; 1 when it matches (always 1 without such a
** target). */
int sk_tgen_hodoku_meets(const tgen *g, const sk_grid *grid, attempt *a) {
  if (!g->hodoku) return 1;
  sk_rating x;
  sk_rate_opts xo = {0};
  xo.budget = sk_tgen_budget(g);
  sk_rate(g->hodoku, grid, &xo, &x);
  if (x.over_budget) a->over_budget = 1;
  a->hscore = x.score;
  a->hlevel_name = x.level_name;
  int match = !x.over_budget && x.level >= 0 &&
              (!g->hodoku_level || x.level == g->hlevel) &&
              (!g->have_hscore || (x.score >= g->hs_lo && x.score <= g->hs_hi));
  sk_rating_free(&x);
  return match;
}

int sk_tgen_meets(const tgen *g, attempt *a, const sk_rating *r) {
  if (g->have_er && (a->er < g->er_lo || a->er > g->er_hi)) return 0;
  int se = sk_se_class(a->er, a->ep, a->ed);
  if (g->pearl && se != SK_SE_PEARL) return 0;
  if (g->diamond && se != SK_SE_DIAMOND) return 0;
  if (g->sdrs) {
    sk_classes c;
    if (sk_classify(r, &c) != 0 || (c.sdrs & g->sdrs) != g->sdrs) return 0;
  }
  for (int k = 0; k < g->nneeds; k++)
    if (!path_uses(r, g->needs[k])) return 0;
  return 1;
}

static void run_attempt(const tgen *g, uint64_t index, attempt *a) {
  uint8_t sol[SK_CELLS];
  sk_rng rng;
  sk_grid grid;
  memset(a, 0, sizeof *a);
  if (g->deadline > 0 && sk_tgen_now() > g->deadline) { a->state = 2; return; }
  a->state = 1;
  sk_rng_seed(&rng, g->seed, index);
  if (sk_generate(&g->gen, &rng, a->puzzle, sol, NULL) < 0) { a->gen_failed = 1; return; }
  sk_grid_from_values(&grid, a->puzzle, NULL);
  /* singles alone: SE never goes past naked single (2.3) on such a puzzle */
  if (g->have_er && g->er_lo > 2300 && sk_singles_solve(&grid, NULL) == 1) return;
  sk_rate_opts ro = {0};
  sk_rating r;
  ro.record = g->record;
  ro.budget = sk_tgen_budget(g);
  sk_rate(g->se, &grid, &ro, &r);
  a->rated = 1;
  a->er = r.er, a->ep = r.ep, a->ed = r.ed;
  if (r.over_budget) a->over_budget = 1;
  else a->match = sk_tgen_meets(g, a, &r);
  if (a->match && g->have_xdrs) {           /* the second rating only when it can matter */
    sk_rating x;
    sk_rate_opts xo = {0};
    xo.budget = sk_tgen_budget(g);
    sk_rate(g->xdrs, &grid, &xo, &x);
    if (x.over_budget) a->over_budget = 1;
    a->d = sk_tgen_xdrs_d(x.er);
    a->match = !x.over_budget && a->d >= g->d_lo && a->d <= g->d_hi;
    sk_rating_free(&x);
  }
  if (a->match) a->match = sk_tgen_hodoku_meets(g, &grid, a);
  if (a->match) sk_tgen_record(g, a, &r);
  sk_rating_free(&r);
}

/* }====== */

/* {====== rounds of attempts over threads */

typedef struct batch {
  const tgen *g;
  uint64_t base;
  int n, next;
  attempt *a;
} batch;

static void *round_worker(void *arg) {
  batch *rd = arg;
  for (;;) {
    int i = __atomic_fetch_add(&rd->next, 1, __ATOMIC_RELAXED);
    if (i >= rd->n) return NULL;
    run_attempt(rd->g, rd->base + (uint64_t)i, &rd->a[i]);
  }
}

static void run_round(batch *rd, int threads) {
  pthread_t th[256];
  int started = 0;
  rd->next = 0;
  for (int t = 1; t < threads && t < rd->n && t < 256; t++)
    if (pthread_create(&th[started], NULL, round_worker, rd) == 0) started++;
  round_worker(rd);
  for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
}

typedef struct tally {
  uint64_t tried, rated, skipped_singles, over_budget, gen_failed;
  long found;
} tally;

static void progress(const tgen *g, const tally *t, const char *what) {
  double secs = sk_tgen_now() - g->start;
  fprintf(stderr, "%s: generate: %s%ld of %ld found in %llu puzzles (%llu rated): acceptance "
          "%.3g%% of made, %.3g%% of rated; %.1f s, %.1f puzzles/s\n", sk_progname, what,
          t->found, g->n, (unsigned long long)t->tried, (unsigned long long)t->rated,
          t->tried ? 100.0 * (double)t->found / (double)t->tried : 0.0,
          t->rated ? 100.0 * (double)t->found / (double)t->rated : 0.0, secs,
          secs > 0 ? (double)t->tried / secs : 0.0);
}

/* }====== */

int sk_tgen_open_engines(tgen *g) {
  if (!(g->se = sk_cli_engine(g->table, g->plugins))) return -1;
  const sk_table *t = sk_engine_table(g->se);
  for (int k = 0; k < g->nneeds; k++) {
    int i = sk_table_lookup(t, g->needs[k]);        /* an id or an alias */
    if (i < 0) {
      sk_usage_error("generate", "--needs: table %s has no technique '%s' (see 'sudokit techniques')",
                     t->name, g->needs[k]);
      return -1;
    }
    snprintf(g->needs[k], sizeof g->needs[k], "%s", t->entry[i].id);
  }
  if (g->have_xdrs && !(g->xdrs = sk_cli_engine("xdrs", g->plugins))) return -1;
  if (g->hodoku_level || g->have_hscore) {
    if (!(g->hodoku = sk_cli_engine("hodoku", g->plugins))) return -1;
    const sk_table *ht = sk_engine_table(g->hodoku);
    g->hlevel = -1;
    for (int k = 0; g->hodoku_level && k < ht->nlevel; k++)
      if (!strcasecmp(ht->level[k].name, g->hodoku_level)) g->hlevel = k;
    if (g->hodoku_level && g->hlevel < 0)
      return sk_usage_error("generate", "--hodoku-level: '%s' is not a level of table hodoku "
                            "(Easy, Medium, Hard, Unfair, Extreme)", g->hodoku_level), -1;
  }
  return 0;
}

static int run(tgen *g, sk_out *out) {
  int threads = sk_jobs(g->jobs);
  int per = 8 * threads;
  attempt *a = calloc((size_t)per, sizeof *a);
  tally t = {0};
  int io = 0, timed_out = 0;
  double next_report = g->start + sk_progress_interval();
  if (!a) { sk_warn("out of memory"); return -1; }
  for (uint64_t base = 0; t.found < g->n && !timed_out && !io; base += (uint64_t)per) {
    batch rd = {g, base, per, 0, a};
    run_round(&rd, threads);
    for (int i = 0; i < per; i++) {
      attempt *x = &a[i];
      if (x->state == 2) { timed_out = 1; continue; }
      if (t.found >= g->n) { free(x->text); continue; }    /* past the N-th match */
      t.tried++;
      t.rated += x->rated;
      t.skipped_singles += !x->rated && !x->gen_failed;
      t.over_budget += x->over_budget;
      t.gen_failed += x->gen_failed;
      if (x->match) {
        t.found++;
        if (fputs(x->text, out->f) == EOF) io = 1;
      }
      free(x->text);
    }
    if (!out->path && fflush(out->f) != 0) io = 1;
    if (g->deadline > 0 && sk_tgen_now() > g->deadline && t.found < g->n) timed_out = 1;
    if (!g->quiet && sk_tgen_now() >= next_report && t.found < g->n && !timed_out) {
      progress(g, &t, "");
      next_report = sk_tgen_now() + sk_progress_interval();
    }
  }
  free(a);
  if (io) { sk_out_write_error(out, errno); return -1; }
  if (timed_out) {
    char what[64];
    snprintf(what, sizeof what, "timeout after %g s: ", g->timeout);
    progress(g, &t, what);
  } else {
    progress(g, &t, "done: ");
  }
  if (t.skipped_singles)
    fprintf(stderr, "%s: generate: %llu puzzles solved by singles alone were not rated (ER <= 2.3)\n",
            sk_progname, (unsigned long long)t.skipped_singles);
  if (t.over_budget)
    fprintf(stderr, "%s: generate: %llu ratings gave up (--budget or time out)\n", sk_progname,
            (unsigned long long)t.over_budget);
  if (t.gen_failed)
    fprintf(stderr, "%s: generate: %llu attempts found no puzzle in the givens range\n", sk_progname,
            (unsigned long long)t.gen_failed);
  return t.found < g->n ? 1 : 0;
}

int sk_cmd_generate_target(int argc, char **argv) {
  tgen g;
  memset(&g, 0, sizeof g);
  g.n = 1;
  g.screen = -1;
  int rc = parse_args(argc, argv, &g);
  if (rc) return rc;
  if (!g.seeded) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    g.seed = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec + ((uint64_t)getpid() << 40);
    if (!g.quiet) fprintf(stderr, "%s: generate: seed %llu\n", sk_progname, (unsigned long long)g.seed);
  }
  sk_out out = {0};
  rc = SK_EXIT_USAGE;
  if (sk_tgen_open_engines(&g) != 0) goto done;
  if (sk_out_open(&out, g.out) != 0) goto done;
  g.start = sk_tgen_now();
  g.deadline = g.timeout > 0 ? g.start + g.timeout : 0;
  int st = g.search ? sk_gen_search_run(&g, &out) : run(&g, &out);
  if (st < 0) { sk_out_abort(&out); rc = SK_EXIT_DATA; }
  else if (sk_out_commit(&out) != 0) rc = SK_EXIT_DATA;
  else rc = st ? SK_EXIT_DATA : SK_EXIT_OK;
done:
  sk_engine_free(g.se);
  sk_engine_free(g.xdrs);
  sk_engine_free(g.hodoku);
  return rc;
}
