/*
** test_solver.c -- the exact solver and solution counter (sk_solver.h).
**
** Every answer is checked against an independent plain backtracking
** counter written here (house masks, fewest-candidates cell) or against
** fixtures it produced: tests/data/solver/{unique,multi,none}.txt.  The
** large shared sets (SK_SHARED/bench) are used when present and skipped
** otherwise.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>
#include "sk_solver.h"
#include "solver_tables.h"

#define DATA SK_BUILD_RATINGS_DIR "/../tests/data/solver/"

/* ---- reference counter: plain backtracking ---- */

typedef struct ref_state {
  uint16_t row[9], col[9], box[9];
  uint8_t v[SK_CELLS];
} ref_state;

static int ref_setup(ref_state *r, const uint8_t p[SK_CELLS]) {
  memset(r, 0, sizeof *r);
  for (int c = 0; c < SK_CELLS; c++) {
    if (!p[c]) continue;
    uint16_t bit = (uint16_t)(1u << (p[c] - 1));
    int ro = c / 9, co = c % 9, bo = ro / 3 * 3 + co / 3;
    if ((r->row[ro] | r->col[co] | r->box[bo]) & bit) return 0;
    r->row[ro] |= bit; r->col[co] |= bit; r->box[bo] |= bit;
    r->v[c] = p[c];
  }
  return 1;
}

static unsigned long ref_search(ref_state *r, unsigned long limit, unsigned long n) {
  int best = -1, fewest = 10;
  unsigned bm = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (r->v[c]) continue;
    int ro = c / 9, co = c % 9, bo = ro / 3 * 3 + co / 3;
    unsigned m = 0x1FFu & ~(unsigned)(r->row[ro] | r->col[co] | r->box[bo]);
    int k = __builtin_popcount(m);
    if (k == 0) return n;
    if (k < fewest) { fewest = k; best = c; bm = m; }
  }
  if (best < 0) return n + 1;
  int ro = best / 9, co = best % 9, bo = ro / 3 * 3 + co / 3;
  for (; bm && n < limit; bm &= bm - 1) {
    uint16_t bit = (uint16_t)(bm & -bm);
    r->v[best] = (uint8_t)(__builtin_ctz(bit) + 1);
    r->row[ro] |= bit; r->col[co] |= bit; r->box[bo] |= bit;
    n = ref_search(r, limit, n);
    r->row[ro] &= (uint16_t)~bit; r->col[co] &= (uint16_t)~bit; r->box[bo] &= (uint16_t)~bit;
  }
  r->v[best] = 0;
  return n;
}

static unsigned long ref_count(const uint8_t p[SK_CELLS], unsigned long limit) {
  ref_state r;
  if (!ref_setup(&r, p)) return 0;
  return ref_search(&r, limit, 0);
}

/* ---- helpers ---- */

static void parse81(const char *s, uint8_t p[SK_CELLS]) {
  for (int i = 0; i < SK_CELLS; i++)
    p[i] = (uint8_t)(s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0);
}

/* The lines of a fixture file, without its # comments. */
typedef struct fixture { char line[512][200]; int n; } fixture;

static void load(fixture *fx, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s%s", DATA, name);
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot open %s", path);
  fx->n = 0;
  while (fx->n < 512 && fgets(fx->line[fx->n], sizeof fx->line[0], f)) {
    if (fx->line[fx->n][0] == '#' || fx->line[fx->n][0] == '\n') continue;
    assert_true(strlen(fx->line[fx->n]) >= 81);
    fx->n++;
  }
  fclose(f);
  assert_true(fx->n > 0);
}

/* The solution must be a valid grid agreeing with the puzzle, checked
** here cell by cell and house by house, independently of
** sk_solution_valid (which is checked to agree). */
static void check_solution(const uint8_t p[SK_CELLS], const uint8_t sol[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) {
    assert_true(sol[c] >= 1 && sol[c] <= 9);
    if (p[c]) assert_int_equal(sol[c], p[c]);
  }
  for (int i = 0; i < 9; i++) {
    unsigned row = 0, col = 0, box = 0;
    for (int j = 0; j < 9; j++) {
      row |= 1u << sol[9 * i + j];
      col |= 1u << sol[9 * j + i];
      box |= 1u << sol[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3];
    }
    assert_int_equal(row, 0x3FE);
    assert_int_equal(col, 0x3FE);
    assert_int_equal(box, 0x3FE);
  }
  assert_true(sk_solution_valid(sol, p));
}

static const char *shared_file(char *buf, size_t n, const char *name) {
  const char *sh = getenv("SK_SHARED");
  if (!sh) return NULL;
  snprintf(buf, n, "%s/bench/%s", sh, name);
  FILE *f = fopen(buf, "r");
  if (!f) return NULL;
  fclose(f);
  return buf;
}

static const char *grid_a =
  "953168742862734951417952836746893125281645397395271468138529674574386219629417583";

/* ---- tests ---- */

/* The tables of the band solver equal their definition. */
static void test_tables(void **state) {
  (void)state;
  static const int perm[6][3] = {{0,1,2},{0,2,1},{1,0,2},{1,2,0},{2,0,1},{2,1,0}};
  for (unsigned x = 0; x < 512; x++) {
    unsigned sh = 0, keep = 0, n = 0, first = 0, last = 0;
    for (int k = 0; k < 3; k++)
      if (x & (7u << (3 * k))) sh |= 1u << k;
    assert_int_equal(slv_shrink[x], sh);
    for (int q = 0; q < 6; q++) {
      int ok = 1;
      for (int r = 0; r < 3; r++) ok &= (x >> (3 * r + perm[q][r])) & 1;
      if (ok) {
        for (int r = 0; r < 3; r++) keep |= 7u << (9 * r + 3 * perm[q][r]);
        if (!n++) first = (unsigned)q;
        last = (unsigned)q;
      }
    }
    assert_int_equal(slv_keep[x], keep);
    assert_int_equal(slv_perms[x], n | first << 3 | last << 6);
    unsigned alone = 0;
    for (int k = 0; k < 9; k++)
      if (x >> k & 1 && !(x & (7u << (k / 3 * 3)) & ~(1u << k))) alone |= 1u << k;
    assert_int_equal(slv_alone[x], alone);
  }
}

static void test_empty_grid(void **state) {
  (void)state;
  uint8_t empty[SK_CELLS] = {0}, sol[SK_CELLS];
  assert_int_equal(sk_solve_count(empty, 1000, NULL, NULL), 1000);
  assert_int_equal(sk_solve_count(empty, 1, sol, NULL), 1);
  check_solution(empty, sol);
  assert_int_equal(sk_solve_count(empty, 2, sol, NULL), 2);
  check_solution(empty, sol);
  assert_false(sk_solve_unique(empty, sol));
}

static void test_solved_grid(void **state) {
  (void)state;
  uint8_t g[SK_CELLS], sol[SK_CELLS];
  parse81(grid_a, g);
  sk_solve_stats st = {0, 0};
  assert_int_equal(sk_solve_count(g, 5, sol, &st), 1);
  assert_memory_equal(sol, g, SK_CELLS);
  assert_int_equal(st.guesses, 0);
  assert_true(sk_solve_unique(g, NULL));
}

/* Find a rectangle a b / b a over exactly two boxes of a solved grid. */
static int find_ur(const uint8_t g[SK_CELLS], int cells[4]) {
  for (int r1 = 0; r1 < 9; r1++)
    for (int r2 = r1 + 1; r2 < 9; r2++)
      for (int c1 = 0; c1 < 9; c1++)
        for (int c2 = c1 + 1; c2 < 9; c2++) {
          if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;
          int a = 9 * r1 + c1, b = 9 * r1 + c2, c = 9 * r2 + c1, d = 9 * r2 + c2;
          if (g[a] == g[d] && g[b] == g[c] && g[a] != g[b]) {
            cells[0] = a; cells[1] = b; cells[2] = c; cells[3] = d;
            return 1;
          }
        }
  return 0;
}

static void test_unique_rectangle(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "unique.txt");
  int tried = 0;
  for (int i = 0; i < fx->n; i++) {
    uint8_t g[SK_CELLS], p[SK_CELLS], sol[SK_CELLS];
    int ur[4];
    parse81(fx->line[i] + 82, g);
    if (!find_ur(g, ur)) continue;
    memcpy(p, g, SK_CELLS);
    for (int k = 0; k < 4; k++) p[ur[k]] = 0;
    assert_int_equal(sk_solve_count(p, 10, sol, NULL), 2);
    check_solution(p, sol);
    assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 2);
    assert_int_equal(sk_solve_count(p, 1, NULL, NULL), 1);
    /* the same with one corner kept: back to one solution */
    p[ur[0]] = g[ur[0]];
    assert_int_equal(sk_solve_count(p, 10, sol, NULL), 1);
    assert_memory_equal(sol, g, SK_CELLS);
    tried++;
  }
  assert_true(tried > 0);
  free(fx);
}

static void test_unique_fixture(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "unique.txt");
  for (int i = 0; i < fx->n; i++) {
    uint8_t p[SK_CELLS], want[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[i], p);
    parse81(fx->line[i] + 82, want);
    check_solution(p, want);
    memset(sol, 0, sizeof sol);
    assert_int_equal(sk_solve_count(p, 2, sol, NULL), 1);
    assert_memory_equal(sol, want, SK_CELLS);
    memset(sol, 0, sizeof sol);
    assert_int_equal(sk_solve_count(p, 1, sol, NULL), 1);
    assert_memory_equal(sol, want, SK_CELLS);
    assert_int_equal(sk_solve_count(p, 100, NULL, NULL), 1);
    assert_true(sk_solve_unique(p, sol));
  }
  free(fx);
}

static void test_multi_fixture(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "multi.txt");
  for (int i = 0; i < fx->n; i++) {
    uint8_t p[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[i], p);
    unsigned long want = strtoul(fx->line[i] + 82, NULL, 10);
    assert_true(want >= 2);
    assert_int_equal(sk_solve_count(p, 1000000, sol, NULL), want);
    check_solution(p, sol);
    assert_int_equal(sk_solve_count(p, want, NULL, NULL), want);
    assert_int_equal(sk_solve_count(p, want - 1, NULL, NULL), want - 1);
    assert_int_equal(sk_solve_count(p, 2, sol, NULL), 2);
    check_solution(p, sol);
    assert_false(sk_solve_unique(p, NULL));
  }
  free(fx);
}

static void test_none_fixture(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "none.txt");
  for (int i = 0; i < fx->n; i++) {
    uint8_t p[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[i], p);
    memset(sol, 0xAA, sizeof sol);
    assert_int_equal(sk_solve_count(p, 2, sol, NULL), 0);
    for (int c = 0; c < SK_CELLS; c++) assert_int_equal(sol[c], 0xAA);   /* untouched */
    assert_int_equal(sk_solve_count(p, 1, NULL, NULL), 0);
  }
  free(fx);
}

/* Small contradictions built by hand, without two equal givens. */
static void test_contradictions(void **state) {
  (void)state;
  uint8_t p[SK_CELLS];
  /* r1c9 sees 1..8 in its row and 9 in its column */
  memset(p, 0, sizeof p);
  for (int c = 0; c < 8; c++) p[c] = (uint8_t)(c + 1);
  p[9 * 5 + 8] = 9;
  assert_int_equal(ref_count(p, 1), 0);
  assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 0);
  /* digit 1 has no place in box 1: r1 and r2 hold it in boxes 2 and 3,
  ** columns 1 and 2 hold it lower down, r3c3 is filled */
  memset(p, 0, sizeof p);
  p[3] = 1; p[9 + 6] = 1; p[27] = 1; p[54 + 1] = 1; p[20] = 2;
  assert_int_equal(ref_count(p, 1), 0);
  assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 0);
  /* two equal givens in a row are contradictory too */
  memset(p, 0, sizeof p);
  p[0] = 5; p[8] = 5;
  assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 0);
  /* ... in a column, within a band or across bands, and in a box on
  ** two rows and two columns */
  static const int pairs[][2] = {{4, 22}, {4, 76}, {30, 48}, {10, 18}, {60, 80}};
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
    memset(p, 0, sizeof p);
    p[pairs[k][0]] = 7; p[pairs[k][1]] = 7;
    assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 0);
    p[pairs[k][1]] = 8;                   /* different digits: many solutions */
    assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 2);
  }
  /* a value outside 0..9 is no puzzle, in any cell */
  static const int where[] = {0, 26, 27, 40, 80};
  static const uint8_t what[] = {10, 16, 200, 255};
  for (size_t k = 0; k < sizeof where / sizeof where[0]; k++)
    for (size_t j = 0; j < sizeof what; j++) {
      memset(p, 0, sizeof p);
      p[where[k]] = what[j];
      assert_int_equal(sk_solve_count(p, 2, NULL, NULL), 0);
      assert_int_equal(slv_count_isa("generic", p, 2, NULL, NULL), 0);
    }
}

/* sk_solve_count_grid starts from possibly reduced candidates. */
static void test_candidate_grid(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "unique.txt");
  for (int i = 0; i < fx->n; i++) {
    uint8_t p[SK_CELLS], want[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[i], p);
    parse81(fx->line[i] + 82, want);
    sk_grid g;
    assert_int_equal(sk_grid_from_values(&g, p, NULL), 0);
    assert_int_equal(sk_solve_count_grid(&g, 2, sol, NULL), 1);
    assert_memory_equal(sol, want, SK_CELLS);
    /* dropping wrong candidates keeps the solution */
    sk_grid h = g;
    for (int c = 0; c < SK_CELLS; c += 3)
      if (!h.value[c])
        for (int d = 1; d <= 9; d++)
          if (d != want[c] && (c + d) % 2) sk_grid_eliminate(&h, c, d);
    assert_int_equal(sk_solve_count_grid(&h, 2, sol, NULL), 1);
    assert_memory_equal(sol, want, SK_CELLS);
    /* dropping a right one leaves none */
    int c = 0;
    while (g.value[c]) c++;
    h = g;
    assert_true(sk_grid_eliminate(&h, c, want[c]));
    assert_int_equal(sk_solve_count_grid(&h, 2, sol, NULL), 0);
    /* an empty cell without candidates */
    h = g;
    for (int d = 1; d <= 9; d++) sk_grid_eliminate(&h, c, d);
    assert_int_equal(sk_solve_count_grid(&h, 2, NULL, NULL), 0);
    /* the 729-character form of a unique rectangle's two solutions */
    int ur[4];
    if (find_ur(want, ur)) {
      uint8_t q[SK_CELLS];
      memcpy(q, want, SK_CELLS);
      for (int k = 0; k < 4; k++) q[ur[k]] = 0;
      sk_grid_from_values(&h, q, NULL);
      assert_int_equal(sk_solve_count_grid(&h, 10, NULL, NULL), 2);
      sk_mask cand[SK_CELLS];
      for (int k = 0; k < SK_CELLS; k++) cand[k] = h.cand[k];
      cand[ur[1]] = SK_BIT(want[ur[1]]);    /* one corner pinned */
      sk_grid_from_candidates(&h, cand, q);
      assert_int_equal(sk_solve_count_grid(&h, 10, sol, NULL), 1);
      assert_memory_equal(sol, want, SK_CELLS);
    }
  }
  /* a candidate grid need not be consistent with its values: the solver
  ** removes a placed digit from its peers itself */
  uint8_t empty[SK_CELLS] = {0}, sol[SK_CELLS];
  sk_mask cand[SK_CELLS];
  for (int k = 0; k < SK_CELLS; k++) cand[k] = SK_ALL_DIGITS;
  empty[0] = 7;
  cand[1] = SK_BIT(7) | SK_BIT(3);         /* 7 is impossible here */
  sk_grid h;
  sk_grid_from_candidates(&h, cand, empty);
  assert_int_equal(sk_solve_count_grid(&h, 1, sol, NULL), 1);
  assert_int_equal(sol[0], 7);
  assert_int_equal(sol[1], 3);
  check_solution(empty, sol);
  free(fx);
}

/* Random puzzles cut from solved grids, some with a wrong clue added,
** against the reference counter. */
static void test_random_vs_reference(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "unique.txt");
  uint32_t seed = 12345;
  for (int t = 0; t < 600; t++) {
    uint8_t g[SK_CELLS], p[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[t % fx->n] + 82, g);
    int keep = 32 + t % 24;
    memset(p, 0, sizeof p);
    for (int k = 0; k < keep; k++) {
      seed = seed * 1103515245u + 12345u;
      int c = (int)((seed >> 8) % SK_CELLS);
      p[c] = g[c];
    }
    if (t % 3 == 0) {    /* a clue that may clash with the grid's solution */
      seed = seed * 1103515245u + 12345u;
      int c = (int)((seed >> 8) % SK_CELLS);
      p[c] = (uint8_t)(1 + (seed >> 20) % 9);
    }
    ref_state r;
    if (!ref_setup(&r, p)) continue;     /* equal givens: not this test */
    unsigned long limit = 1 + t % 20;
    unsigned long want = ref_count(p, limit);
    sk_solve_stats st = {0, 0};
    assert_int_equal(sk_solve_count(p, limit, sol, &st), want);
    if (want) check_solution(p, sol);
    assert_true(st.nodes >= 1);
  }
  free(fx);
}

static void test_stats(void **state) {
  (void)state;
  /* a puzzle that singles solve needs no guess */
  uint8_t easy[SK_CELLS], hard[SK_CELLS];
  parse81("..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..", easy);
  sk_solve_stats st = {0, 0};
  assert_int_equal(sk_solve_count(easy, 2, NULL, &st), 1);
  assert_int_equal(st.guesses, 0);
  assert_int_equal(st.nodes, 1);
  /* added to, not reset */
  assert_int_equal(sk_solve_count(easy, 2, NULL, &st), 1);
  assert_int_equal(st.nodes, 2);
  /* a hard one guesses, and the figures do not depend on the run */
  parse81("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", hard);
  sk_solve_stats a = {0, 0}, b = {0, 0};
  assert_int_equal(sk_solve_count(hard, 2, NULL, &a), 1);
  assert_int_equal(sk_solve_count(hard, 2, NULL, &b), 1);
  assert_true(a.guesses > 0);
  assert_int_equal(a.nodes, a.guesses + 1);   /* each branch taken is one node, plus the root */
  assert_int_equal(a.nodes, b.nodes);
  assert_int_equal(a.guesses, b.guesses);
  /* stopping at the first solution costs no more than proving uniqueness */
  sk_solve_stats c = {0, 0};
  assert_int_equal(sk_solve_count(hard, 1, NULL, &c), 1);
  assert_true(c.nodes <= a.nodes);
}

static void test_solution_valid(void **state) {
  (void)state;
  uint8_t g[SK_CELLS], p[SK_CELLS];
  parse81(grid_a, g);
  memset(p, 0, sizeof p);
  assert_true(sk_solution_valid(g, NULL));
  assert_true(sk_solution_valid(g, p));
  p[10] = g[10];
  assert_true(sk_solution_valid(g, p));
  p[10] = (uint8_t)(g[10] % 9 + 1);          /* disagrees with a given */
  assert_false(sk_solution_valid(g, p));
  uint8_t h[SK_CELLS];
  memcpy(h, g, SK_CELLS);
  uint8_t t = h[0]; h[0] = h[1]; h[1] = t;  /* rows still fine, columns not */
  assert_false(sk_solution_valid(h, NULL));
  memcpy(h, g, SK_CELLS);
  h[40] = 0;
  assert_false(sk_solution_valid(h, NULL));
  h[40] = 10;
  assert_false(sk_solution_valid(h, NULL));
  /* rows and columns right but boxes wrong: a cyclic Latin square */
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) h[9 * r + c] = (uint8_t)((r + c) % 9 + 1);
  assert_false(sk_solution_valid(h, NULL));
}

/* ---- thread safety: concurrent calls give the sequential answers ---- */

typedef struct job {
  const fixture *fx;
  unsigned long counts[512];
  uint8_t sols[512][SK_CELLS];
} job;

static void *run_job(void *arg) {
  job *j = arg;
  for (int rep = 0; rep < 3; rep++)
    for (int i = 0; i < j->fx->n; i++) {
      uint8_t p[SK_CELLS];
      parse81(j->fx->line[i], p);
      j->counts[i] = sk_solve_count(p, 1000, j->sols[i], NULL);
    }
  return NULL;
}

static void test_threads(void **state) {
  (void)state;
  fixture *fx = malloc(sizeof *fx);
  load(fx, "multi.txt");
  job *jobs = calloc(4, sizeof *jobs);
  pthread_t th[4];
  for (int k = 0; k < 4; k++) {
    jobs[k].fx = fx;
    assert_int_equal(pthread_create(&th[k], NULL, run_job, &jobs[k]), 0);
  }
  for (int k = 0; k < 4; k++) pthread_join(th[k], NULL);
  for (int i = 0; i < fx->n; i++) {
    uint8_t p[SK_CELLS], sol[SK_CELLS];
    parse81(fx->line[i], p);
    unsigned long want = sk_solve_count(p, 1000, sol, NULL);
    for (int k = 0; k < 4; k++) {
      assert_int_equal(jobs[k].counts[i], want);
      assert_memory_equal(jobs[k].sols[i], sol, SK_CELLS);
    }
  }
  free(jobs);
  free(fx);
}

/* ---- the shared sets ---- */

static void test_17_clue_all(void **state) {
  (void)state;
  char path[1024];
  if (!shared_file(path, sizeof path, "puzzles2_17_clue.txt")) {
    print_message("SK_SHARED/bench/puzzles2_17_clue.txt not found: skipped\n");
    skip();
  }
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  long n = 0;
  while (fgets(line, sizeof line, f)) {
    uint8_t p[SK_CELLS], sol[SK_CELLS];
    assert_true(strlen(line) >= 81);
    parse81(line, p);
    if (sk_solve_count(p, 2, sol, NULL) != 1) fail_msg("%s:%ld: not unique", path, n + 1);
    check_solution(p, sol);
    n++;
  }
  fclose(f);
  assert_int_equal(n, 49158);
}

static void test_serg_vs_reference(void **state) {
  (void)state;
  char path[1024];
  if (!shared_file(path, sizeof path, "puzzles7_serg_benchmark.txt")) {
    print_message("SK_SHARED/bench/puzzles7_serg_benchmark.txt not found: skipped\n");
    skip();
  }
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  long n = 0, checked = 0;
  while (fgets(line, sizeof line, f)) {
    n++;
    if (n % 20) continue;
    uint8_t p[SK_CELLS], sol[SK_CELLS];
    parse81(line, p);
    static const unsigned long limits[] = {2, 3, 40};
    for (int k = 0; k < 3; k++) {
      unsigned long want = ref_count(p, limits[k]);
      unsigned long got = sk_solve_count(p, limits[k], sol, NULL);
      if (got != want)
        fail_msg("%s:%ld: limit %lu: %lu solutions, reference %lu", path, n, limits[k], got, want);
      if (got) check_solution(p, sol);
    }
    checked++;
  }
  fclose(f);
  assert_int_equal(checked, 500);
}

/* Every variant of the solver (solver_core.h, one per instruction set)
** gives the same counts, solutions and statistics as the plain one, on
** the fixtures and on the shared sets: the four sets of unique puzzles
** (count 1 at limit 2; the forum's 48,766 every 7th, the rest whole) and
** every serg_benchmark puzzle, whose limit-2 counts are also checked
** against the reference counter. */
static void agree(const uint8_t p[SK_CELLS], unsigned long limit, unsigned long want_min,
                  const char *where, long n) {
  static const char *const isas[] = {"avx2", "avx512"};
  uint8_t s0[SK_CELLS], s1[SK_CELLS];
  sk_solve_stats a = {0, 0};
  unsigned long c0 = slv_count_isa("generic", p, limit, s0, &a);
  if (c0 < want_min) fail_msg("%s:%ld: %lu solutions at limit %lu", where, n, c0, limit);
  if (c0) check_solution(p, s0);
  for (size_t k = 0; k < sizeof isas / sizeof isas[0]; k++) {
    sk_solve_stats b = {0, 0};
    unsigned long c1 = slv_count_isa(isas[k], p, limit, s1, &b);
    if (c1 == (unsigned long)-1) continue;       /* no such variant here */
    if (c1 != c0 || a.nodes != b.nodes || a.guesses != b.guesses)
      fail_msg("%s:%ld: %s %lu (%llu nodes), generic %lu (%llu nodes)", where, n, isas[k], c1,
               (unsigned long long)b.nodes, c0, (unsigned long long)a.nodes);
    if (c0) assert_memory_equal(s0, s1, SK_CELLS);
  }
}

static void agree_file(const char *name, long every, int unique) {
  char path[1024];
  if (!shared_file(path, sizeof path, name)) {
    print_message("SK_SHARED/bench/%s not found: skipped\n", name);
    return;
  }
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[256];
  long n = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || strlen(line) < 81) continue;
    if (n++ % every) continue;
    uint8_t p[SK_CELLS];
    parse81(line, p);
    if (unique) {
      agree(p, 2, 1, path, n);
      if (sk_solve_count(p, 2, NULL, NULL) != 1) fail_msg("%s:%ld: not unique", path, n);
    } else {
      unsigned long want = ref_count(p, 2);
      unsigned long got = sk_solve_count(p, 2, NULL, NULL);
      if (got != want) fail_msg("%s:%ld: %lu solutions, reference %lu", path, n, got, want);
      agree(p, 2, want, path, n);
      agree(p, 1, want ? 1 : 0, path, n);
    }
  }
  fclose(f);
}

static void test_variants_agree(void **state) {
  (void)state;
  print_message("solver variant in use: %s\n", sk_solver_isa());
  fixture *fx = malloc(sizeof *fx);
  static const char *files[] = {"unique.txt", "multi.txt", "none.txt"};
  for (int k = 0; k < 3; k++) {
    load(fx, files[k]);
    for (int i = 0; i < fx->n; i++) {
      uint8_t p[SK_CELLS];
      parse81(fx->line[i], p);
      agree(p, 1, 0, files[k], i + 1);
      agree(p, 2, 0, files[k], i + 1);
      agree(p, 1000, 0, files[k], i + 1);
    }
  }
  free(fx);
  agree_file("puzzles2_17_clue.txt", 1, 1);
  agree_file("puzzles3_magictour_top1465.txt", 1, 1);
  agree_file("puzzles5_forum_hardest_1905_11+.txt", 7, 1);
  agree_file("puzzles6_forum_hardest_1106.txt", 1, 1);
  agree_file("puzzles7_serg_benchmark.txt", 1, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_tables),
    cmocka_unit_test(test_empty_grid),
    cmocka_unit_test(test_solved_grid),
    cmocka_unit_test(test_unique_rectangle),
    cmocka_unit_test(test_unique_fixture),
    cmocka_unit_test(test_multi_fixture),
    cmocka_unit_test(test_none_fixture),
    cmocka_unit_test(test_contradictions),
    cmocka_unit_test(test_candidate_grid),
    cmocka_unit_test(test_random_vs_reference),
    cmocka_unit_test(test_stats),
    cmocka_unit_test(test_solution_valid),
    cmocka_unit_test(test_threads),
    cmocka_unit_test(test_17_clue_all),
    cmocka_unit_test(test_serg_vs_reference),
    cmocka_unit_test(test_variants_agree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
