/*
** cmd_gen_search.c -- `sudokit generate TARGET --search`: hard puzzles by
** neighbourhood search instead of random draws.
**
** Each thread starts from a seed (the next puzzle of --from, a random
** minimal puzzle, or a random puzzle on the --pattern; every other restart
** the best of the thread's own hits not yet used as a seed) and climbs: a
** move {-n+m} takes n random clues out and puts m in (random cells, random
** digits that break no rule) and keeps the result only when it has exactly
** one solution (with --minimal, redundant clues are then taken out in a
** random order; with --pattern a move gives one or two of the pattern's
** cells other digits).  A neighbour is rated unless the thread has already
** met an isomorph of it (canonical forms) or a screen rejects it, and
** becomes the current puzzle when its score is at least the current one
** (or, one time in four, when it has the same ER).  After --restart
** neighbours without a better score the thread restarts.
**
** From random seeds (no --from, no --pattern) a climb also keeps its best
** puzzle, and its end joins the thread's elite (the best dozen ends);
** three restarts in four then start from an elite kicked by two to four
** unrated moves, and an elite whose kicks gave nothing better six times
** is dropped.  A climb stalled for half of --restart also tries {-3+3},
** only a better best of the climb resets the count, and a puzzle of 26
** clues or more gets no move that adds clues.  With an ER target the
** score there is ER with ties broken by the weight of the steps near ER
** (near_score).  --trace prints each climb's seed, its better ERs and its
** end on stderr.
**
** Screens (--screen, on by default for --er from 10): a puzzle with a
** singles backdoor of order 0 or 1 is not rated, nor (pairs, default from
** 10.5) one with more than N order-2 singles backdoors; random seeds are
** drawn until one passes the order-1 screen.  Such puzzles are rarely
** that hard (figures at singles_backdoor), and the screen costs about a
** hundredth of a rating.
**
** The score is the target's rating: SE's ER, ties broken by EP, the steps
** rated ER and ED (XDRS's D with --xdrs alone); EP for --pearl and ED for
** --diamond (both ER in the class, and serate's early exits leave them
** known outside it); ER less 20.0 when --sdrs or --needs is not met.  With
** --objective FIELD (--policy P, default se) or --objective-lua FILE the
** score is that number instead; the target still decides what is written.
** A neighbour rated above the band's upper bound is rejected.
** The rating stops as soon as its outcome is known (sk_rate_opts:
** stop_above before asking techniques that can only rate above the upper
** bound; stop_at at a step reaching the lower bound when there is no upper
** one, only for a puzzle of --from or --exclude, which is never written:
** any other hit needs its full rating for its line, and rating it once in
** full is cheaper than twice; serate's pearl and diamond exits), and
** puzzles that singles solve are not rated for targets above 2.3.
**
** Output is isomorph-free: a shared set holds the canonical forms of the
** seeds, of --exclude's puzzles (a known list) and of every puzzle
** written, and a hit whose form is in it is dropped.  Without --steps the
** hits are written as they come (the run depends on timing across
** threads); with --steps K each thread evaluates at most K neighbours, its
** hits are kept, and at the end they are written thread by thread through
** the set: the same output for a given --seed and -j.  --profile prints
** where the threads' CPU time went; --cpu-timeout stops on CPU time.
*/
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cmd_gen_target.h"
#include "sk_analysis.h"
#include "sk_canon.h"
#include "sk_engine.h"
#include "sk_geometry.h"
#include "sk_lua.h"
#include "sk_solver.h"

/* {====== shared state */

/* --profile: where a thread's CPU time goes */
enum { P_MOVES, P_MINIMAL, P_CANON, P_SCREEN, P_RATE_HIT, P_RATE_MISS, P_SEEDS, P_N };
static const char *const prof_name[P_N] = {
  "moves and uniqueness", "minimality", "canonical forms", "screens", "rating hits",
  "rating the others", "seeds"
};

static double thread_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}


typedef struct hit {
  char *text;
  uint8_t form[SK_CELLS];
} hit;

typedef struct shared {
  tgen *g;
  sk_out *out;
  pthread_mutex_t mu;
  sk_canon_set *excluded;          /* seeds and outputs */
  sk_canon_set *known;             /* --from's and --exclude's: fixed once threads run */
  uint8_t (*seeds)[SK_CELLS];
  long nseeds;
  uint8_t pattern[SK_CELLS];       /* 1 = a clue cell */
  int have_pattern;
  int buffered;                    /* --steps: hits written at the end */
  int stop, io_error, seed_failed, objective_failed, objective_fatal;
  int screen;                      /* the singles-backdoor screen is on */
  int screen_pairs;                /* and the order-2 count's bound (0: none) */
  int custom;                      /* --objective or --objective-lua: scores are its values */
  int near;                        /* the score is near_score (random seeds, an ER target) */
  int ils;                         /* random seeds: the elite, kicks, {-3+3} when stalled */
  long found;
  /* figures */
  uint64_t rated, moves, bad_moves, revisits, screened, restarts, seeds_used, early, known_hits;
  double best;                     /* best score so far */
  int have_best;
  char best_text[128];
} shared;

enum { ELITE_MAX = 12, ELITE_TRIES = 6 };

typedef struct worker {
  shared *S;
  int id;
  sk_rng rng;
  sk_canon_set *seen;              /* this thread's rated puzzles and seeds */
  hit *hits;                       /* --steps */
  size_t nhits, caphits;
  uint8_t (*seedforms)[SK_CELLS];
  size_t nseedforms, capseedforms;
  long restarts;
  long rated;
  sk_policy *policy;               /* --objective FIELD: this thread's policy */
  sk_objective *objective;         /* --objective-lua */
  double prof[P_N];                /* --profile: CPU seconds by part */
  struct pooled { uint8_t p[SK_CELLS]; double score; int used; } *pool;   /* this thread's hits */
  size_t npool, cappool;
  int from_elite;                  /* the seed's elite index, -1: not from the elite */
  double tmark;                    /* --profile: the clock at the last mark */
  /* random seeds: the best ends of this thread's climbs, restarted from
  ** after a kick (see next_seed) */
  struct elite { uint8_t p[SK_CELLS], form[SK_CELLS]; double score; int tries; } elite[ELITE_MAX];
  int nelite;
} worker;

/* --profile: the CPU time since the last mark goes to part k. */
static void mark(worker *w, int k) {
  if (!w->S->g->profile) return;
  double t = thread_cpu();
  w->prof[k] += t - w->tmark;
  w->tmark = t;
}

static double process_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int stopping(const worker *w) {
  const shared *S = w->S;
  if (__atomic_load_n(&S->stop, __ATOMIC_RELAXED)) return 1;
  if (S->g->deadline > 0 && sk_tgen_now() > S->g->deadline) return 1;
  if (S->g->cpu_timeout > 0 && process_cpu() > S->g->cpu_timeout) return 1;
  if (S->g->steps && w->rated >= S->g->steps) return 1;
  return 0;
}

static void count(uint64_t *x) { __atomic_fetch_add(x, 1, __ATOMIC_RELAXED); }

/* }====== */

/* {====== moves */

static int solutions(const uint8_t p[SK_CELLS]) { return (int)sk_solve_count(p, 2, NULL, NULL); }


static sk_mask allowed(const uint8_t p[SK_CELLS], int cell) {
  sk_mask m = SK_ALL_DIGITS;
  for (int k = 0; k < SK_PEERS; k++) {
    int d = p[sk_peer[cell][k]];
    if (d) m &= (sk_mask)~SK_BIT(d);
  }
  return m;
}

static int random_digit(sk_rng *r, sk_mask m) {
  int n = sk_mask_count(m);
  if (!n) return 0;
  int k = (int)sk_rng_below(r, (uint32_t)n);
  for (; m; m &= (sk_mask)(m - 1))
    if (k-- == 0) return sk_mask_first(m);
  return 0;
}

/* Take redundant clues out, in a random order, until none is. */
static void minimalize(sk_rng *r, uint8_t p[SK_CELLS]) {
  int cells[SK_CELLS], n = 0;
  for (int c = 0; c < SK_CELLS; c++) if (p[c]) cells[n++] = c;
  for (int i = n - 1; i > 0; i--) {
    int k = (int)sk_rng_below(r, (uint32_t)(i + 1));
    int t = cells[i]; cells[i] = cells[k]; cells[k] = t;
  }
  for (int i = 0; i < n; i++) {
    int c = cells[i], d = p[c];
    p[c] = 0;
    if (solutions(p) != 1) p[c] = (uint8_t)d;
  }
}

/* A neighbour of cur with exactly one solution; 0 when none was found in a
** hundred tries.  With big set, one move in two is {-3+3} instead of one of
** --moves (a climb from a random seed that has stalled for a while).  Half the tries put in digits of cur's solution sol (the
** neighbour then keeps sol, and is more often unique), the others any
** digit that breaks no rule (the solution grid can change). */
static int neighbour(worker *w, const uint8_t cur[SK_CELLS], const uint8_t sol[SK_CELLS],
                     uint8_t nb[SK_CELLS], uint8_t nsol[SK_CELLS], int big) {
  static const int big_move[2] = {3, 3};
  const tgen *g = w->S->g;
  for (int tries = 0; tries < 100; tries++) {
    memcpy(nb, cur, SK_CELLS);
    if (w->S->have_pattern) {
      int k = 1 + (int)sk_rng_below(&w->rng, 2), ok = 1;
      for (int j = 0; j < k && ok; j++) {
        int cells[SK_CELLS], n = 0;
        for (int c = 0; c < SK_CELLS; c++) if (w->S->pattern[c]) cells[n++] = c;
        int c = cells[sk_rng_below(&w->rng, (uint32_t)n)];
        int old = nb[c];
        nb[c] = 0;
        sk_mask m = allowed(nb, c) & (sk_mask)~SK_BIT(old);
        int d = random_digit(&w->rng, m);
        if (!d) { ok = 0; break; }
        nb[c] = (uint8_t)d;
      }
      if (!ok || sk_solve_count(nb, 2, nsol, NULL) != 1) { count(&w->S->bad_moves); continue; }
      return 1;
    }
    const int *mv = big && sk_rng_below(&w->rng, 2) ? big_move
                  : g->moves[sk_rng_below(&w->rng, (uint32_t)g->nmoves)];
    int clues[SK_CELLS], nc = 0;
    for (int c = 0; c < SK_CELLS; c++) if (nb[c]) clues[nc++] = c;
    if (nc < mv[0]) { count(&w->S->bad_moves); continue; }
    /* from random seeds, no move adds clues to a puzzle of 26 or more: the
    ** uniqueness check fails more moves that take clues out, so the clue
    ** count drifts up, and hard puzzles have 21 to 25 */
    if (w->S->ils && nc >= 26 && mv[1] > mv[0]) continue;
    uint8_t removed[SK_CELLS] = {0};
    for (int j = 0; j < mv[0]; j++) {
      int k = j + (int)sk_rng_below(&w->rng, (uint32_t)(nc - j));
      int t = clues[j]; clues[j] = clues[k]; clues[k] = t;
      removed[clues[j]] = nb[clues[j]];
      nb[clues[j]] = 0;
    }
    int ok = 1, keep = sk_rng_below(&w->rng, 2);
    for (int j = 0; j < mv[1] && ok; j++) {
      int empty[SK_CELLS], ne = 0;
      for (int c = 0; c < SK_CELLS; c++)
        if (!nb[c] && !(keep && removed[c])) empty[ne++] = c;
      if (!ne) { ok = 0; break; }
      int c = empty[sk_rng_below(&w->rng, (uint32_t)ne)];
      if (keep) { nb[c] = sol[c]; continue; }
      sk_mask m = allowed(nb, c);
      if (removed[c]) m &= (sk_mask)~SK_BIT(removed[c]);   /* not the clue just taken out */
      int d = random_digit(&w->rng, m);
      if (!d) ok = 0;
      else nb[c] = (uint8_t)d;
    }
    /* the solution found here is the neighbour's: minimality keeps it */
    if (!ok || sk_solve_count(nb, 2, nsol, NULL) != 1) { count(&w->S->bad_moves); continue; }
    if (g->gen.minimal) {
      mark(w, P_MOVES);
      minimalize(&w->rng, nb);
      mark(w, P_MINIMAL);
    }
    if (!memcmp(nb, cur, SK_CELLS)) { count(&w->S->bad_moves); continue; }
    return 1;
  }
  return 0;
}

/* }====== */

/* {====== seeds */

static int singles_backdoor(const uint8_t p[SK_CELLS], const uint8_t sol[SK_CELLS], int pairs);

static int random_on_pattern(worker *w, uint8_t p[SK_CELLS]) {
  for (int tries = 0; tries < 200000 && !stopping(w); tries++) {
    uint8_t grid[SK_CELLS];
    sk_random_grid(&w->rng, grid);
    for (int c = 0; c < SK_CELLS; c++) p[c] = w->S->pattern[c] ? grid[c] : 0;
    if (solutions(p) == 1) return 1;
  }
  return 0;
}

/* A hit of this thread, kept as a later seed. */
static void pool_add(worker *w, const uint8_t p[SK_CELLS], double score) {
  if (w->npool == w->cappool) {
    size_t cap = w->cappool ? 2 * w->cappool : 64;
    void *q = realloc(w->pool, cap * sizeof *w->pool);
    if (!q) return;
    w->pool = q, w->cappool = cap;
  }
  memcpy(w->pool[w->npool].p, p, SK_CELLS);
  w->pool[w->npool].score = score;
  w->pool[w->npool++].used = 0;
}

/* The best-scoring hit not yet a seed (the latest of equals); 0 when none. */
static int pool_take(worker *w, uint8_t p[SK_CELLS]) {
  long best = -1;
  for (size_t k = 0; k < w->npool; k++)
    if (!w->pool[k].used && (best < 0 || w->pool[k].score >= w->pool[best].score)) best = (long)k;
  if (best < 0) return 0;
  w->pool[best].used = 1;
  memcpy(p, w->pool[best].p, SK_CELLS);
  return 1;
}

/* The elite: the best ends of this thread's climbs from random seeds (at
** most ELITE_MAX, distinct forms).  A climb's end replaces the worst when
** it scores more. */
static void elite_offer(worker *w, const uint8_t p[SK_CELLS], double score) {
  uint8_t form[SK_CELLS];
  sk_canon(p, form, NULL);
  int worst = -1;
  for (int k = 0; k < w->nelite; k++) {
    if (!memcmp(w->elite[k].form, form, SK_CELLS)) return;
    if (worst < 0 || w->elite[k].score < w->elite[worst].score) worst = k;
  }
  int k = w->nelite < ELITE_MAX ? w->nelite++ : worst;
  if (k == worst && w->elite[k].score >= score) return;
  memcpy(w->elite[k].p, p, SK_CELLS);
  memcpy(w->elite[k].form, form, SK_CELLS);
  w->elite[k].score = score;
  w->elite[k].tries = 0;
}

/* A seed from the elite: the better of two drawn at random, kicked by two
** to four moves in a row (no rating between them) to a puzzle that passes
** the screens and that this thread has not met.  Its index goes to
** w->from_elite; 0 when no kick gave one. */
static int elite_seed(worker *w, uint8_t p[SK_CELLS]) {
  shared *S = w->S;
  int a = (int)sk_rng_below(&w->rng, (uint32_t)w->nelite);
  int b = (int)sk_rng_below(&w->rng, (uint32_t)w->nelite);
  int k = w->elite[b].score > w->elite[a].score ? b : a;
  for (int tries = 0; tries < 50 && !stopping(w); tries++) {
    uint8_t cur[SK_CELLS], sol[SK_CELLS], nb[SK_CELLS], nsol[SK_CELLS], form[SK_CELLS];
    memcpy(cur, w->elite[k].p, SK_CELLS);
    sk_solve_count(cur, 1, sol, NULL);
    int steps = 2 + (int)sk_rng_below(&w->rng, 3), ok = 1;
    for (int j = 0; j < steps && ok; j++) {
      ok = neighbour(w, cur, sol, nb, nsol, 0);
      memcpy(cur, nb, SK_CELLS);
      memcpy(sol, nsol, SK_CELLS);
    }
    if (!ok || (S->screen && singles_backdoor(cur, sol, S->screen_pairs))) continue;
    sk_canon(cur, form, NULL);
    if (sk_canon_set_add(w->seen, form) <= 0) continue;
    memcpy(p, cur, SK_CELLS);
    w->from_elite = k;
    return 1;
  }
  return 0;
}

/* The next seed of this thread, its form noted as excluded; 0 when none.
** Every other restart (every restart without --from) starts from the best
** of the thread's own hits not yet used so: as the seeds' neighbourhoods
** fill with puzzles already rated, the hits' own are still fresh. */
static int next_seed(worker *w, uint8_t p[SK_CELLS]) {
  shared *S = w->S;
  const tgen *g = S->g;
  w->from_elite = -1;
  if ((!S->nseeds || (w->restarts & 1)) && pool_take(w, p)) {
    w->restarts++;
    count(&S->seeds_used);
    return 1;                               /* an output: already excluded and seen */
  }
  /* random seeds: three restarts in four from the elite once it holds
  ** three climbs' ends (a kicked elite starts near its ER; a fresh random
  ** seed near 7) */
  if (!S->nseeds && w->nelite >= 3 && sk_rng_below(&w->rng, 4) && elite_seed(w, p)) {
    w->restarts++;
    count(&S->seeds_used);
    return 1;
  }
  for (int tries = 0; tries < 1000 && !stopping(w); tries++) {
    if (S->nseeds) {
      long k = ((long)w->id + w->restarts * (long)sk_jobs(g->jobs)) % S->nseeds;
      memcpy(p, S->seeds[k], SK_CELLS);
    } else if (S->have_pattern) {
      if (!random_on_pattern(w, p)) { S->seed_failed = 1; return 0; }
    } else {
      sk_gen_opts o = {0};
      o.minimal = 1;
      /* with the screen, random minimal puzzles until one passes it (about
      ** one in 330 does): such seeds start near ER 7 rather than 2 */
      int found = 0;
      for (long k = 0; k < (S->screen ? 1000000L : 1L) && !found && !stopping(w); k++) {
        if (sk_generate(&o, &w->rng, p, NULL, NULL) < 0) continue;
        uint8_t sol[SK_CELLS];
        found = !S->screen || (sk_solve_count(p, 1, sol, NULL) == 1 && !singles_backdoor(p, sol, 0));
      }
      if (!found) continue;
    }
    w->restarts++;
    uint8_t form[SK_CELLS];
    sk_canon(p, form, NULL);
    if (!S->nseeds) {                       /* a random seed: excluded from now on */
      pthread_mutex_lock(&S->mu);
      int added = sk_canon_set_add(S->excluded, form);
      pthread_mutex_unlock(&S->mu);
      if (added == 0 && !S->buffered) continue;   /* an earlier output: not a seed */
      if (S->buffered) {
        if (w->nseedforms == w->capseedforms) {
          size_t cap = w->capseedforms ? 2 * w->capseedforms : 64;
          void *q = realloc(w->seedforms, cap * SK_CELLS);
          if (!q) return 0;
          w->seedforms = q, w->capseedforms = cap;
        }
        memcpy(w->seedforms[w->nseedforms++], form, SK_CELLS);
      }
    }
    sk_canon_set_add(w->seen, form);
    count(&S->seeds_used);
    return 1;
  }
  return 0;
}

/* }====== */

/* {====== scoring */

/* The screens (sk_analysis.h has the backdoors).  singles_backdoor: 1 when
** placing the solution digit of one empty cell lets singles solve p (a
** singles backdoor of order 0 or 1).  Of 2,000 puzzles of the forum's list
** of puzzles at ER 11 or more, 11 have one; of random minimal puzzles,
** 99.7 %.  With pairs > 0 it is also 1 when more than `pairs` pairs of
** cells are order-2 backdoors: the pairs of the list's puzzles number 11
** (median), 37 at the 95th percentile; those of the search's neighbours
** below ER 9, 90 (median), and at 9.x, 35.  Counting stops past `pairs`. */
static int singles_backdoor(const uint8_t p[SK_CELLS], const uint8_t sol[SK_CELLS], int pairs) {
  sk_grid g0, g1, g2;
  sk_grid_from_values(&g0, p, NULL);
  int r = sk_singles_solve(&g0, &g0);
  if (r != 0) return r == 1;
  int cells[SK_CELLS], n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g0.value[c]) continue;
    cells[n++] = c;
    g1 = g0;
    sk_grid_place(&g1, c, sol[c]);
    if (sk_singles_solve(&g1, NULL) == 1) return 1;
  }
  if (pairs <= 0) return 0;
  int found = 0;
  for (int i = 0; i < n; i++) {
    g1 = g0;
    sk_grid_place(&g1, cells[i], sol[cells[i]]);
    sk_singles_solve(&g1, &g1);
    for (int j = i + 1; j < n; j++) {
      int c = cells[j];
      if (g1.value[c]) continue;             /* filled by the first: not a pair */
      g2 = g1;
      sk_grid_place(&g2, c, sol[c]);
      if (sk_singles_solve(&g2, NULL) == 1 && ++found > pairs) return 1;
    }
  }
  return 0;
}

typedef struct eval {
  int valid, hit, screened;
  double score;
  char *text;                      /* the record of a hit (malloc'd) */
} eval;

static int class_target(const tgen *g) { return g->pearl || g->diamond || g->sdrs || g->nneeds; }
static int xdrs_only(const tgen *g) { return g->have_xdrs && !g->have_er; }

/* The default score of an SE rating: ER (milli), ties broken by EP, then
** by the number of steps rated ER, then by ED, all within less than a
** tenth, so that a climb on a plateau of ER still has a slope. */
static double fine_score(const sk_rating *r) {
  double ep = sk_milli_to_tenths(r->ep), ed = sk_milli_to_tenths(r->ed);
  double nmax = r->nmax > 99 ? 99 : r->nmax;
  return (double)r->er + 90.0 * ((ep * 100.0 + nmax) * 201.0 + ed) / (201.0 * 100.0 * 201.0);
}

/* The default score from random seeds (the steps recorded): ER (milli),
** ties broken by the weight of the steps near ER -- each step weighs
** 2^((d - ER) / 0.1), d its difficulty: 1 at ER, 1/2 a tenth below, 1/4
** two tenths below -- so that on a plateau of ER the climb goes where
** more of the path is nearly as hard as its hardest step (ER itself rises
** when one of those steps gets harder).  A step of Dynamic Forcing Chains
** (+) or a nested level counts as 0.3 harder: random seeds climb to ER
** 9.0-9.2 on plain dynamic chains and stall there, and ER 10 needs steps
** where those find nothing.  EP and ED, nearly always 1.2 there, tell
** those puzzles apart only by chance.  The weight (at most 99) adds less
** than a tenth. */
static double near_score(const sk_rating *r) {
  double t = 0;
  for (int k = 0; k < r->nsteps; k++) {
    const char *id = r->steps[k].id ? r->steps[k].id : "";
    int deep = !strcmp(id, "dynamic-chains-plus") || !strncmp(id, "nested-chains-", 14);
    int32_t below = r->er - r->steps[k].difficulty - (deep ? 300 : 0);
    if (below < 1000) t += exp2(-(double)below / 100.0);
  }
  if (t > 99) t = 99;
  return (double)r->er + 90.0 * t / 100.0;
}

/* --objective / --objective-lua: the value for p (r: its SE rating);
** 0, or -1 when the objective gave none (the puzzle is then not taken). */
static int custom_score(worker *w, const sk_grid *grid, const sk_rating *r, double *out) {
  shared *S = w->S;
  sk_error err = {{0}};
  int rc;
  if (w->objective) rc = sk_objective_value(w->objective, S->g->se, r, out, &err);
  else rc = sk_policy_field(w->policy, grid, S->g->objective, out, &err);
  if (rc == 0) return 0;
  pthread_mutex_lock(&S->mu);
  int fatal = rc < 0 || rc == 2;           /* wrong code, or no such field: stop */
  if (!S->objective_failed++ || fatal)
    sk_warn("%s: %s", S->g->objective_lua ? S->g->objective_lua : "--objective", err.msg);
  if (fatal) S->stop = 1, S->objective_fatal = 1;
  pthread_mutex_unlock(&S->mu);
  return -1;
}

/* screen: the screens apply (a random seed is rated whatever they say: it
** passed the order-1 screen, and a climb from an unrated seed would take
** any neighbour, even one that singles solve) */
static void evaluate(worker *w, const uint8_t p[SK_CELLS], const uint8_t form[SK_CELLS],
                     const uint8_t sol[SK_CELLS], eval *ev, int screen) {
  const tgen *g = w->S->g;
  shared *S = w->S;
  sk_grid grid;
  memset(ev, 0, sizeof *ev);
  sk_grid_from_values(&grid, p, NULL);
  if (!S->custom && g->have_er && g->er_lo > 2300 && sk_singles_solve(&grid, NULL) == 1) {
    count(&S->screened);
    ev->valid = 1;
    ev->score = 2300 - (g->nneeds || g->sdrs ? 20000 : 0);   /* at most 2.3: below the band */
    return;
  }
  if (screen && S->screen && singles_backdoor(p, sol, S->screen_pairs)) {
    count(&S->screened);
    ev->screened = 1;
    w->rated++;                              /* --steps counts it */
    return;
  }
  attempt a;
  memset(&a, 0, sizeof a);
  memcpy(a.puzzle, p, SK_CELLS);
  mark(w, P_SCREEN);
  sk_rating r;
  sk_rate_opts ro = {0};
  if (xdrs_only(g)) {                        /* the score is XDRS's D */
    ro.budget = sk_tgen_budget(g);
    ro.record = w->objective != NULL;
    sk_rate(g->xdrs, &grid, &ro, &r);
    w->rated++;
    count(&S->rated);
    if (r.over_budget) { sk_rating_free(&r); return; }
    a.d = sk_tgen_xdrs_d(r.er);
    sk_rating_free(&r);
    if (a.d > g->d_hi) return;
    ev->valid = 1;
    ev->score = a.d;
    int in_band = a.d >= g->d_lo;
    if (!in_band && !class_target(g) && !S->custom) return;
    /* SE's rating for the line, the class targets and the objective */
    sk_rate_opts so = {0};
    so.record = g->record || w->objective;
    so.budget = sk_tgen_budget(g);
    sk_rate(g->se, &grid, &so, &r);
    if (r.over_budget) { sk_rating_free(&r); ev->valid = 0; return; }
    a.er = r.er, a.ep = r.ep, a.ed = r.ed;
    int ok = sk_tgen_meets(g, &a, &r);
    if (!ok) ev->score -= 20000;
    if (S->custom && custom_score(w, &grid, &r, &ev->score)) ev->valid = 0;
    else if (ok && in_band) { sk_tgen_record(g, &a, &r); ev->hit = 1; ev->text = a.text; }
    sk_rating_free(&r);
    return;
  }
  ro.record = g->record || w->objective || S->near;
  ro.budget = sk_tgen_budget(g);
  if (!w->objective) ro.want = g->pearl ? SK_WANT_PEARL : g->diamond ? SK_WANT_DIAMOND : 0;
  if (g->have_er && g->er_hi < 20000) ro.stop_above = g->er_hi;
  /* stop_at: a hit only needs its full rating (for the line) when it can be
  ** written, so it stops early only on a puzzle of --from or --exclude; the
  ** set of those is fixed, so a run with --steps stays repeatable */
  else if (g->have_er && !class_target(g) && !g->have_xdrs && !S->custom &&
           sk_canon_set_has(S->known, form))
    ro.stop_at = g->er_lo;
  sk_rate(g->se, &grid, &ro, &r);
  w->rated++;
  count(&S->rated);
  if (r.over_budget) { sk_rating_free(&r); return; }
  if (r.above) { count(&S->early); sk_rating_free(&r); return; }     /* above the band */
  if (r.unwanted) {                          /* not a pearl / diamond: EP / ED are known */
    ev->valid = 1;
    ev->score = g->pearl ? r.ep : r.ed;
    if (S->custom && custom_score(w, &grid, &r, &ev->score)) ev->valid = 0;
    sk_rating_free(&r);
    return;
  }
  if (r.reached) {                           /* a known puzzle in the band: never written */
    count(&S->early);
    count(&S->known_hits);
    ev->valid = 1;
    ev->score = r.er;                        /* its ER is at least that */
    sk_rating_free(&r);
    return;
  }
  a.er = r.er, a.ep = r.ep, a.ed = r.ed;
  ev->valid = 1;
  int ok = sk_tgen_meets(g, &a, &r);
  int class_ok = 1;
  if (!ok && class_target(g)) {              /* which part failed: the band or the class */
    tgen class_only = *g;
    class_only.have_er = 0;
    class_ok = sk_tgen_meets(&class_only, &a, &r);
  }
  /* pearls climb on EP, diamonds on ED (ER when in the class) */
  if (S->custom) {
    if (custom_score(w, &grid, &r, &ev->score)) ev->valid = 0;
  } else if (g->pearl) ev->score = r.ep;
  else if (g->diamond) ev->score = r.ed;
  else ev->score = !class_ok ? r.er - 20000 : S->near ? near_score(&r) : fine_score(&r);
  if (ok && g->have_xdrs) {
    sk_rating x;
    sk_rate_opts xo = {0};
    xo.budget = sk_tgen_budget(g);
    sk_rate(g->xdrs, &grid, &xo, &x);
    a.d = sk_tgen_xdrs_d(x.er);
    ok = !x.over_budget && a.d >= g->d_lo && a.d <= g->d_hi;
    sk_rating_free(&x);
  }
  if (ok) ok = sk_tgen_hodoku_meets(g, &grid, &a);
  if (ok) { sk_tgen_record(g, &a, &r); ev->hit = 1; ev->text = a.text; }
  sk_rating_free(&r);
}

/* }====== */

static void note_best(shared *S, const uint8_t p[SK_CELLS], double score) {
  pthread_mutex_lock(&S->mu);
  if (!S->have_best || score > S->best) {
    S->best = score, S->have_best = 1;
    char line[96];
    size_t n = sk_write_line(line, p, '.');
    if (n && line[n - 1] == '\n') line[--n] = 0;
    snprintf(S->best_text, sizeof S->best_text, "%s", line);
  }
  pthread_mutex_unlock(&S->mu);
}

static void take_hit(worker *w, const uint8_t form[SK_CELLS], char *text) {
  shared *S = w->S;
  if (S->buffered) {
    if (w->nhits == w->caphits) {
      size_t cap = w->caphits ? 2 * w->caphits : 64;
      hit *h = realloc(w->hits, cap * sizeof *h);
      if (!h) { free(text); return; }
      w->hits = h, w->caphits = cap;
    }
    w->hits[w->nhits].text = text;
    memcpy(w->hits[w->nhits++].form, form, SK_CELLS);
    return;
  }
  pthread_mutex_lock(&S->mu);
  if (!S->stop && sk_canon_set_add(S->excluded, form) == 1) {
    if (fputs(text, S->out->f) == EOF) S->io_error = 1, S->stop = 1;
    if (!S->out->path) fflush(S->out->f);
    if (++S->found >= S->g->n) S->stop = 1;
  }
  pthread_mutex_unlock(&S->mu);
  free(text);
}

/* --trace: one line on stderr */
static void trace(worker *w, const char *what, const uint8_t p[SK_CELLS], double score, long rated) {
  int clues = 0;
  for (int c = 0; c < SK_CELLS; c++) clues += p[c] != 0;
  shared *S = w->S;
  char sc[48];
  if (S->custom || score < -1e299) snprintf(sc, sizeof sc, "%.6g", score);
  else {
    int32_t b = (int32_t)score;
    if (b < 0) b += 20000;
    snprintf(sc, sizeof sc, "%d.%d (score %.4f)", b / 1000, (b % 1000) / 100, score / 1000);
  }
  pthread_mutex_lock(&S->mu);
  fprintf(stderr, "%s: trace: CPU %.1f s, thread %d, %s %s, %d clues, %ld rated or screened\n",
          sk_progname, process_cpu(), w->id, what, sc, clues, rated);
  pthread_mutex_unlock(&S->mu);
}

static void *work(void *arg) {
  worker *w = arg;
  shared *S = w->S;
  const tgen *g = S->g;
  long restart = g->restart ? g->restart : 400;
  /* random seeds (no --from, no --pattern): the climb's ends feed the
  ** elite, and a climb that has stalled for half of --restart also tries
  ** {-3+3} */
  int ils = S->ils;
  uint8_t cur[SK_CELLS], sol[SK_CELLS], nb[SK_CELLS], nsol[SK_CELLS], form[SK_CELLS], top[SK_CELLS];
  if (g->profile) w->tmark = thread_cpu();
  while (!stopping(w)) {
    mark(w, P_MOVES);
    if (!next_seed(w, cur)) break;
    sk_solve_count(cur, 1, sol, NULL);
    count(&S->restarts);
    eval ev;
    sk_canon(cur, form, NULL);
    mark(w, P_SEEDS);
    evaluate(w, cur, form, sol, &ev, !S->ils || w->from_elite >= 0);
    mark(w, ev.hit ? P_RATE_HIT : P_RATE_MISS);
    /* a seed is never an output, but a kicked elite is a new puzzle */
    if (ev.hit && w->from_elite >= 0) { pool_add(w, cur, ev.score); take_hit(w, form, ev.text); }
    else free(ev.text);
    double score = ev.valid ? ev.score : -1e300;
    if (ev.valid) note_best(S, cur, score);
    double top_score = score;
    memcpy(top, cur, SK_CELLS);
    long since = 0, screened_since = 0, rated0 = w->rated;
    if (g->trace) trace(w, w->from_elite >= 0 ? "seed (elite kicked)" : "seed", cur, score, w->rated);
    while (since < restart && !stopping(w)) {
      count(&S->moves);
      mark(w, P_MOVES);
      if (!neighbour(w, cur, sol, nb, nsol, ils && 2 * since >= restart)) { mark(w, P_MOVES); since++; continue; }
      mark(w, P_MOVES);
      sk_canon(nb, form, NULL);
      int added = sk_canon_set_add(w->seen, form);
      mark(w, P_CANON);
      if (added <= 0) { count(&S->revisits); since++; continue; }
      evaluate(w, nb, form, nsol, &ev, 1);
      mark(w, ev.hit ? P_RATE_HIT : P_RATE_MISS);
      if (ev.hit) { pool_add(w, nb, ev.score); take_hit(w, form, ev.text); since = 0; }
      /* sideways on the default score: a neighbour of the same ER is also
      ** taken one time in four when its tie-breaks are lower */
      int take = ev.valid && (ev.score >= score ||
                 (!S->custom && !g->pearl && !g->diamond && score >= 0 &&
                  (int32_t)ev.score / 100 == (int32_t)score / 100 && sk_rng_below(&w->rng, 4) == 0));
      if (take) {
        /* from random seeds only a better best of the climb counts: the
        ** finer score would otherwise go down sideways and up again */
        if (ev.score > (ils ? top_score : score)) { since = 0; note_best(S, nb, ev.score); }
        else if (!ev.hit) since++;
        memcpy(cur, nb, SK_CELLS);
        memcpy(sol, nsol, SK_CELLS);
        score = ev.score;
        if (score > top_score) {
          if (g->trace && (int32_t)score / 100 > (int32_t)top_score / 100) trace(w, "climb", cur, score, w->rated);
          top_score = score;
          memcpy(top, cur, SK_CELLS);
        }
      } else if (ev.screened) {
        /* a screened neighbour costs little: sixteen count as one, so that
        ** a climb among puzzles the screen mostly rejects is not cut short */
        if (++screened_since == 16) screened_since = 0, since++;
      } else if (!ev.hit) since++;
    }
    if (g->trace) trace(w, "end of climb, best", top, top_score, w->rated - rated0);
    if (ils && top_score > -1e299) {
      int k = w->from_elite;
      double was = k >= 0 ? w->elite[k].score : 0;
      /* an elite whose kicks gave nothing better ELITE_TRIES times is dropped */
      if (k >= 0 && top_score <= was && ++w->elite[k].tries >= ELITE_TRIES)
        w->elite[k] = w->elite[--w->nelite];
      elite_offer(w, top, top_score);
    }
  }
  return NULL;
}

/* {====== set-up */

/* --exclude: the forms of a file's puzzles (any that parse) kept out of
** the output. */
static int read_excluded(shared *S, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { sk_warn("--exclude %s: %s", path, strerror(errno)); return -1; }
  sk_reader *r = sk_reader_open(f, path);
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  int st;
  while ((st = sk_reader_next(r, &p)) == 1) {
    uint8_t form[SK_CELLS];
    if (p.ok && sk_canon(p.values, form, NULL) == 0 &&
        (sk_canon_set_add(S->excluded, form) < 0 || sk_canon_set_add(S->known, form) < 0)) st = -1;
    sk_puzzle_free(&p);
    if (st < 0) break;
  }
  sk_reader_close(r);
  fclose(f);
  if (st < 0) { sk_warn("--exclude %s: read error or out of memory", path); return -1; }
  return 0;
}

static int read_seeds(shared *S, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { sk_warn("--from %s: %s", path, strerror(errno)); return -1; }
  sk_reader *r = sk_reader_open(f, path);
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  long cap = 0, bad = 0;
  int st;
  while ((st = sk_reader_next(r, &p)) == 1) {
    int ok = p.ok && solutions(p.values) == 1;
    if (ok && S->have_pattern)
      for (int c = 0; c < SK_CELLS; c++) ok &= (p.values[c] != 0) == S->pattern[c];
    if (!ok) {
      if (bad++ < 5)
        sk_warn("%s:%ld: not a seed (%s)", path, p.line,
                !p.ok ? p.error : S->have_pattern && solutions(p.values) == 1
                ? "its clues are not the pattern's cells" : "not exactly one solution");
      sk_puzzle_free(&p);
      continue;
    }
    if (S->nseeds == cap) {
      cap = cap ? 2 * cap : 256;
      void *q = realloc(S->seeds, (size_t)cap * SK_CELLS);
      if (!q) { sk_puzzle_free(&p); sk_reader_close(r); fclose(f); sk_warn("out of memory"); return -1; }
      S->seeds = q;
    }
    memcpy(S->seeds[S->nseeds++], p.values, SK_CELLS);
    uint8_t form[SK_CELLS];
    sk_canon(p.values, form, NULL);
    sk_canon_set_add(S->excluded, form);
    sk_canon_set_add(S->known, form);
    sk_puzzle_free(&p);
  }
  sk_reader_close(r);
  fclose(f);
  if (st < 0) { sk_warn("--from %s: read error", path); return -1; }
  if (bad > 5) sk_warn("%s: %ld more lines were not seeds", path, bad - 5);
  if (!S->nseeds) { sk_warn("--from %s: no seed puzzle in it", path); return -1; }
  return 0;
}

static int read_pattern(shared *S, const char *path) {
  FILE *f = fopen(path, "r");
  char line[1024];
  long no = 0;
  if (!f) { sk_warn("--pattern %s: %s", path, strerror(errno)); return -1; }
  while (fgets(line, sizeof line, f)) {
    no++;
    size_t n = strcspn(line, "\r\n");
    if (n == 0 || line[0] == '#') continue;
    if (n < SK_CELLS || (n > SK_CELLS && line[SK_CELLS] != ' ' && line[SK_CELLS] != '\t')) {
      sk_warn("%s:%ld: a pattern is one line of 81 characters ('.' or '0' empty, any other a clue)", path, no);
      fclose(f);
      return -1;
    }
    int k = 0;
    for (int c = 0; c < SK_CELLS; c++) k += S->pattern[c] = line[c] != '.' && line[c] != '0';
    fclose(f);
    if (k < 17) { sk_warn("%s:%ld: the pattern has %d clues; a puzzle needs at least 17", path, no, k); return -1; }
    S->have_pattern = 1;
    return 0;
  }
  fclose(f);
  sk_warn("%s: no pattern line in it", path);
  return -1;
}

static void progress(const shared *S, const char *what) {
  const tgen *g = S->g;
  double secs = sk_tgen_now() - g->start;
  char best[64] = "-";
  if (S->have_best && S->custom) snprintf(best, sizeof best, "objective %.6g", S->best);
  else if (S->have_best) {
    int32_t b = (int32_t)S->best;
    const char *cls = b < 0 ? " (class not met)" : "";
    if (b < 0) b += 20000;
    snprintf(best, sizeof best, "%s %d.%d%s", xdrs_only(g) ? "D" : g->pearl ? "EP" : g->diamond ? "ED" : "ER",
             b / 1000, (b % 1000) / 100, cls);
  }
  fprintf(stderr, "%s: search: %s%ld found; %llu rated (%.1f/s), %llu moves without one solution, "
          "%llu isomorphs skipped, %llu not rated (screens), %llu stopped early, %llu known, %llu seeds; "
          "best %s; %.1f s\n",
          sk_progname, what, S->found, (unsigned long long)S->rated,
          secs > 0 ? (double)S->rated / secs : 0.0, (unsigned long long)S->bad_moves,
          (unsigned long long)S->revisits, (unsigned long long)S->screened,
          (unsigned long long)S->early, (unsigned long long)S->known_hits,
          (unsigned long long)S->seeds_used, best, secs);
}

int sk_gen_search_run(tgen *g, sk_out *out) {
  shared S;
  memset(&S, 0, sizeof S);
  S.g = g;
  S.out = out;
  S.buffered = g->steps > 0;
  if (!g->nmoves) {
    static const int dflt[4][2] = {{1, 1}, {2, 2}, {2, 1}, {1, 2}};
    g->nmoves = 4;
    memcpy(g->moves, dflt, sizeof dflt);
  }
  if (!g->n_given) g->n = (g->timeout > 0 || g->cpu_timeout > 0 || g->steps) ? 100000000L : 1;
  pthread_mutex_init(&S.mu, NULL);
  int rc = -1, threads = sk_jobs(g->jobs);
  worker *w = calloc((size_t)threads, sizeof *w);
  pthread_t *th = calloc((size_t)threads, sizeof *th);
  int *started = calloc((size_t)threads, sizeof *started);
  if (!(S.excluded = sk_canon_set_new()) || !(S.known = sk_canon_set_new()) || !w || !th || !started) {
    sk_warn("out of memory");
    goto done;
  }
  S.screen = g->screen >= 0 ? g->screen > 0 : g->have_er && g->er_lo >= 10000;
  S.screen_pairs = g->screen == 2 ? (int)g->screen_pairs
                 : g->screen < 0 && g->have_er && g->er_lo >= 10500 ? 40 : 0;
  S.custom = g->objective || g->objective_lua;
  if (g->pattern && read_pattern(&S, g->pattern)) goto done;
  if (g->from && read_seeds(&S, g->from)) goto done;
  if (g->exclude && read_excluded(&S, g->exclude)) goto done;
  S.ils = !S.nseeds && !S.have_pattern;
  S.near = !S.nseeds && !S.have_pattern && !S.custom && g->have_er && !g->pearl && !g->diamond &&
           !g->have_xdrs;
  for (int i = 0; i < threads; i++) {
    w[i].S = &S;
    w[i].id = i;
    sk_rng_seed(&w[i].rng, g->seed, 0x5EA4C4ULL + (uint64_t)i);
    if (!(w[i].seen = sk_canon_set_new())) { sk_warn("out of memory"); goto done; }
    sk_error err = {{0}};
    sk_lua_limits lim = {100000000LL, 0};   /* a runaway objective fails, not hangs */
    if (g->objective_lua && !(w[i].objective = sk_objective_open(g->objective_lua, &lim, &err))) {
      sk_warn("--objective-lua %s", err.msg);
      goto done;
    }
    if (g->objective) {
      sk_policy_opts po;
      memset(&po, 0, sizeof po);
      po.plugins = g->plugins;
      po.budget = g->budget;
      po.limits = lim;
      if (!(w[i].policy = sk_policy_open_opts(g->policy ? g->policy : "se", &po, &err))) {
        sk_warn("--policy %s: %s", g->policy ? g->policy : "se", err.msg);
        goto done;
      }
    }
  }
  for (int i = 0; i < threads; i++) started[i] = pthread_create(&th[i], NULL, work, &w[i]) == 0;
  int tty = !g->quiet && isatty(2);
  double next = sk_tgen_now() + 2;
  for (;;) {
    int alive = 0;
    for (int i = 0; i < threads; i++)
      if (started[i]) {
        if (pthread_tryjoin_np(th[i], NULL) == 0) started[i] = 0;
        else alive = 1;
      }
    if (!alive) break;
    struct timespec ts = {0, 100000000};
    nanosleep(&ts, NULL);
    if (tty && sk_tgen_now() >= next) {
      pthread_mutex_lock(&S.mu);
      progress(&S, "");
      pthread_mutex_unlock(&S.mu);
      next = sk_tgen_now() + 2;
    }
  }
  if (S.buffered) {                          /* thread by thread, through the set */
    for (int i = 0; i < threads; i++)
      for (size_t k = 0; k < w[i].nseedforms; k++) sk_canon_set_add(S.excluded, w[i].seedforms[k]);
    for (int i = 0; i < threads; i++)
      for (size_t k = 0; k < w[i].nhits; k++) {
        if (S.found < g->n && sk_canon_set_add(S.excluded, w[i].hits[k].form) == 1) {
          if (fputs(w[i].hits[k].text, out->f) == EOF) S.io_error = 1;
          S.found++;
        }
      }
  }
  if (S.io_error) { sk_warn("write error: %s", strerror(errno)); goto done; }
  if (S.seed_failed) sk_warn("--pattern: no puzzle with one solution found on the pattern");
  if (g->profile) {
    double tot[P_N] = {0}, all = 0;
    for (int i = 0; i < threads; i++)
      for (int k = 0; k < P_N; k++) tot[k] += w[i].prof[k], all += w[i].prof[k];
    fprintf(stderr, "%s: search profile (CPU seconds of the search threads, %.2f in all):\n", sk_progname, all);
    for (int k = 0; k < P_N; k++)
      fprintf(stderr, "  %-22s %9.2f  %5.1f %%\n", prof_name[k], tot[k], all > 0 ? 100 * tot[k] / all : 0.0);
  }
  if (S.objective_failed > 1) sk_warn("the objective gave no number for %d puzzles", S.objective_failed);
  char what[64] = "done: ";                 /* the summary, also with --quiet */
  if (g->deadline > 0 && sk_tgen_now() > g->deadline)
    snprintf(what, sizeof what, "timeout after %g s: ", g->timeout);
  else if (g->cpu_timeout > 0 && process_cpu() > g->cpu_timeout)
    snprintf(what, sizeof what, "CPU timeout after %g s: ", g->cpu_timeout);
  progress(&S, what);
  rc = g->n_given ? S.found < g->n : S.found == 0;
  if (S.objective_fatal) rc = -1;
done:
  for (int i = 0; w && i < threads; i++) {
    sk_canon_set_free(w[i].seen);
    sk_objective_close(w[i].objective);
    if (w[i].policy) sk_policy_close(w[i].policy);
    for (size_t k = 0; k < w[i].nhits; k++) free(w[i].hits[k].text);
    free(w[i].hits);
    free(w[i].seedforms);
    free(w[i].pool);
  }
  free(w);
  free(th);
  free(started);
  free(S.seeds);
  sk_canon_set_free(S.excluded);
  sk_canon_set_free(S.known);
  pthread_mutex_destroy(&S.mu);
  return rc;
}

/* }====== */
