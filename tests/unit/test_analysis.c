/*
** test_analysis.c -- redundant clues, backdoors, blank correlation and
** the pearl/diamond classes (engine/analysis*.c).
**
** Answers come from elsewhere than the code under test: minimality from
** the fact that no 16-clue puzzle exists and from plain solution counting;
** the singles core from the step engine's own singles plugins; backdoor
** counts from a naive enumeration of every cell set and from puzzles built
** by adding one cell of a known backdoor; F(A) from grids counted by hand;
** the classes from Sudoku Explainer's own paths and ratings.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_analysis.h"
#include "sk_format.h"
#include "sk_gen.h"
#include "sk_solver.h"
#include "sk_table.h"

#define DATA SK_BUILD_RATINGS_DIR "/../tests/data"

static const char solved[] =
  "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* {====== helpers */

static void parse(const char *s, uint8_t v[SK_CELLS]) {
  for (int i = 0; i < SK_CELLS; i++) v[i] = (uint8_t)(s[i] >= '1' && s[i] <= '9' ? s[i] - '0' : 0);
}

static void grid_of(const char *s, sk_grid *g, uint8_t sol[SK_CELLS]) {
  uint8_t v[SK_CELLS];
  parse(s, v);
  assert_int_equal(sk_grid_from_values(g, v, NULL), 0);
  if (sol) assert_int_equal(sk_solve_count(v, 2, sol, NULL), 1);
}

/* Lines of a puzzle file (first 81 characters of each), at most max. */
static int read_puzzles(const char *path, char (*out)[82], int max) {
  FILE *f = fopen(path, "r");
  char line[1024];
  int n = 0;
  assert_non_null(f);
  while (n < max && fgets(line, sizeof line, f)) {
    if (strlen(line) < 81 || line[0] == '#' || line[0] == 'p') continue;
    memcpy(out[n], line, 81);
    out[n++][81] = 0;
  }
  fclose(f);
  return n;
}

/* Puzzles of se-ratings.tsv with their ER/EP/ED in tenths. */
typedef struct rated { char p[82]; int er, ep, ed; } rated;

static int read_rated(rated *r, int max) {
  FILE *f = fopen(DATA "/se/se-ratings.tsv", "r");
  char line[1024];
  int n = 0;
  assert_non_null(f);
  while (n < max && fgets(line, sizeof line, f)) {
    int a, b, c, d, e, g;
    if (sscanf(line, "%81s %d.%d %d.%d %d.%d", r[n].p, &a, &b, &c, &d, &e, &g) != 7) continue;
    r[n].er = a * 10 + b, r[n].ep = c * 10 + d, r[n].ed = e * 10 + g;
    n++;
  }
  fclose(f);
  return n;
}

/* An engine holding only SE's singles, from the build's plugins. */
static sk_engine *singles_engine(void) {
  static const char yaml[] =
    "name: singles\ntechniques:\n"
    "  - id: full-house\n    base: 1.0\n"
    "  - id: hidden-single-block\n    base: 1.2\n"
    "  - id: hidden-single-line\n    base: 1.5\n"
    "  - id: naked-single\n    base: 2.3\n";
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  assert_non_null(e);
  assert_int_equal(sk_engine_load_default(e, NULL, &err), 0);
  sk_table *t = sk_table_parse(yaml, sizeof yaml - 1, "singles", &err);
  assert_non_null(t);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  return e;
}

static int engine_solves(sk_engine *e, const sk_grid *g, sk_grid *final) {
  sk_rating r;
  assert_int_equal(sk_rate(e, g, NULL, &r), 0);
  int ok = !r.stuck && r.final.nempty == 0;
  if (final) *final = r.final;
  sk_rating_free(&r);
  return ok;
}

/* }====== */

/* {====== blank correlation */

static void test_correlation_hand(void **state) {
  (void)state;
  uint8_t v[SK_CELLS];
  sk_correlation c;
  /* empty grid: 81 blanks, each sees 20 -> 1620 / (18 * 81) */
  memset(v, 0, sizeof v);
  sk_correlation_of(v, &c);
  assert_int_equal(c.blanks, 81);
  assert_int_equal(c.links, 1620);
  assert_true(c.f > 1.1111 && c.f < 1.1112);
  /* solved grid: no blank */
  parse(solved, v);
  sk_correlation_of(v, &c);
  assert_int_equal(c.blanks, 0);
  assert_true(c.f == 0.0);
  /* four independent blanks (the paper's "sudoku 3" kind): r1c1 r2c4 r3c7 r4c2 */
  v[0] = v[12] = v[24] = v[28] = 0;
  sk_correlation_of(v, &c);
  assert_int_equal(c.blanks, 4);
  assert_int_equal(c.links, 0);
  /* four blanks in one box corner r1c1 r1c2 r2c1 r2c2: each sees the three others */
  parse(solved, v);
  v[0] = v[1] = v[9] = v[10] = 0;
  sk_correlation_of(v, &c);
  assert_int_equal(c.links, 12);
  assert_true(c.f > 0.16666 && c.f < 0.16667);             /* 12 / 72 */
  /* r1c1 and r1c9: one shared row */
  parse(solved, v);
  v[0] = v[8] = 0;
  sk_correlation_of(v, &c);
  assert_int_equal(c.links, 2);
  assert_true(c.f > 0.05555 && c.f < 0.05556);             /* 2 / 36 */
  /* r1c1 r1c9 r9c1: r1c1 sees both, the others one each */
  v[72] = 0;
  sk_correlation_of(v, &c);
  assert_int_equal(c.links, 4);
}

static void test_correlation_grades(void **state) {
  (void)state;
  double t[3];
  assert_int_equal(sk_correlation_grade(0.0, NULL), 1);
  assert_int_equal(sk_correlation_grade(0.2499, NULL), 1);
  assert_int_equal(sk_correlation_grade(0.25, NULL), 2);
  assert_int_equal(sk_correlation_grade(0.5499, NULL), 2);
  assert_int_equal(sk_correlation_grade(0.55, NULL), 3);
  assert_int_equal(sk_correlation_grade(0.7249, NULL), 3);
  assert_int_equal(sk_correlation_grade(0.725, NULL), 4);
  assert_int_equal(sk_correlation_grade(1.1, NULL), 4);
  assert_int_equal(sk_correlation_parse("0.6,0.7,0.8", t), 0);
  assert_true(t[0] == 0.6 && t[1] == 0.7 && t[2] == 0.8);
  assert_int_equal(sk_correlation_grade(0.65, t), 2);
  assert_int_equal(sk_correlation_grade(0.5, t), 1);
  assert_int_equal(sk_correlation_parse("0.5,0.4,0.9", t), -1);     /* not increasing */
  assert_int_equal(sk_correlation_parse("0.1,0.2", t), -1);
  assert_int_equal(sk_correlation_parse("0.1,0.2,0.3,0.4", t), -1);
  assert_int_equal(sk_correlation_parse("a,b,c", t), -1);
  assert_int_equal(sk_correlation_parse("0.1,0.2,0.3x", t), -1);
}

/* }====== */

/* {====== minimality */

static void test_seventeen_clues_are_minimal(void **state) {
  (void)state;
  static char p[40][82];
  int n = read_puzzles(DATA "/cli/17clue-300.txt", p, 40);
  assert_true(n >= 20);
  for (int i = 0; i < n; i++) {
    uint8_t v[SK_CELLS];
    parse(p[i], v);
    /* no 16-clue puzzle exists: every clue of a 17-clue puzzle is needed */
    assert_int_equal(sk_redundant_clues(v, NULL), 0);
  }
}

/* The list equals the definition applied clue by clue with a full count. */
static void test_redundant_by_counting(void **state) {
  (void)state;
  static rated r[260];
  int n = read_rated(r, 260), checked = 0, with_some = 0;
  for (int i = 0; i < n; i += 6) {
    uint8_t v[SK_CELLS], cells[SK_CELLS];
    parse(r[i].p, v);
    int k = sk_redundant_clues(v, cells), m = 0;
    assert_true(k >= 0);
    for (int c = 0; c < SK_CELLS; c++) {
      if (!v[c]) continue;
      uint8_t d = v[c];
      v[c] = 0;
      int unique = sk_solve_count(v, 2, NULL, NULL) == 1;
      v[c] = d;
      if (unique) {
        assert_true(m < k);
        assert_int_equal(cells[m], c);
        m++;
      }
    }
    assert_int_equal(m, k);
    assert_int_equal(k == 0, sk_puzzle_minimal(v));
    with_some += k > 0;
    checked++;
  }
  assert_true(checked >= 30);
  assert_true(with_some > 0 && with_some < checked);     /* both kinds were seen */
}

static void test_redundant_built(void **state) {
  (void)state;
  static char p[3][82];
  uint8_t v[SK_CELLS], sol[SK_CELLS], cells[SK_CELLS];
  assert_int_equal(read_puzzles(DATA "/cli/17clue-300.txt", p, 3), 3);
  parse(p[0], v);
  assert_int_equal(sk_solve_count(v, 2, sol, NULL), 1);
  int extra = 0;
  while (v[extra]) extra++;
  v[extra] = sol[extra];                      /* an 18th clue: not needed */
  int k = sk_redundant_clues(v, cells);
  assert_true(k >= 1);
  int seen = 0;
  for (int i = 0; i < k; i++) seen |= cells[i] == extra;
  assert_true(seen);
  /* a full grid but one cell: every clue can go, one at a time */
  parse(solved, v);
  v[40] = 0;
  assert_int_equal(sk_redundant_clues(v, cells), 80);
  /* several solutions: no answer */
  parse(solved, v);
  v[3] = v[4] = v[30] = v[31] = 0;           /* a deadly rectangle */
  assert_int_equal(sk_solve_count(v, 3, NULL, NULL), 2);
  assert_int_equal(sk_redundant_clues(v, cells), -1);
}

/* }====== */

/* {====== the singles core */

/* The core solves exactly the grids the step engine's singles solve, and
** fills the same cells; also after random extra placements. */
static void test_singles_core_is_se_singles(void **state) {
  (void)state;
  static rated r[260];
  int n = read_rated(r, 260), solved_n = 0, stuck_n = 0;
  sk_engine *e = singles_engine();
  sk_rng rng;
  sk_rng_seed(&rng, 7, 0);
  for (int i = 0; i < n; i++) {
    sk_grid g, a, b;
    uint8_t sol[SK_CELLS];
    grid_of(r[i].p, &g, sol);
    for (int extra = 0; extra < 3; extra++) {
      int s = sk_singles_solve(&g, &a);
      int t = engine_solves(e, &g, &b);
      assert_int_equal(s, t);
      if (s) solved_n++;
      else {
        stuck_n++;
        for (int c = 0; c < SK_CELLS; c++) assert_int_equal(a.value[c], b.value[c]);
        assert_true(sk_grid_consistent(&a));
      }
      int c;                                  /* place one more solution value */
      do c = (int)sk_rng_below(&rng, SK_CELLS); while (g.value[c]);
      sk_grid_place(&g, c, sol[c]);
    }
  }
  sk_engine_free(e);
  assert_true(solved_n > 100 && stuck_n > 100);
}

static void test_singles_contradiction(void **state) {
  (void)state;
  sk_grid g, out;
  uint8_t v[SK_CELLS];
  parse(solved, v);
  v[0] = v[1] = 0;                             /* r1c1 = 5, r1c2 = 3 */
  sk_grid_from_values(&g, v, NULL);
  sk_grid_eliminate(&g, 0, 5);                 /* r1c1 can only be 3, like r1c2 */
  assert_int_equal(sk_singles_solve(&g, &out), -1);
  sk_grid_from_values(&g, v, NULL);
  assert_int_equal(sk_singles_solve(&g, &out), 1);
  for (int c = 0; c < SK_CELLS; c++) assert_int_equal(out.value[c], solved[c] - '0');
}

/* }====== */

/* {====== backdoors */

/* Naive count: every k-set of the puzzle's empty cells, placed and handed
** to the core, with no cut. */
static long naive_count(const sk_grid *g, const uint8_t *sol, int k) {
  int cells[SK_CELLS], n = 0;
  long count = 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (!g->value[c]) cells[n++] = c;
  for (int a = 0; a < n; a++) {
    sk_grid t = *g;
    sk_grid_place(&t, cells[a], sol[cells[a]]);
    if (k == 1) { count += sk_singles_solve(&t, NULL) == 1; continue; }
    for (int b = a + 1; b < n; b++) {
      sk_grid u = t;
      sk_grid_place(&u, cells[b], sol[cells[b]]);
      count += sk_singles_solve(&u, NULL) == 1;
    }
  }
  return count;
}

static void test_backdoor_matches_naive(void **state) {
  (void)state;
  static rated r[260];
  int n = read_rated(r, 260), seen[3] = {0};
  for (int i = 0; i < n; i += 3) {
    sk_grid g;
    uint8_t sol[SK_CELLS];
    sk_backdoor bd;
    grid_of(r[i].p, &g, sol);
    assert_int_equal(sk_backdoor_find(&g, sol, NULL, 2, &bd), 0);
    int s = sk_singles_solve(&g, NULL);
    if (s == 1) {
      assert_int_equal(bd.order, 0);
      assert_int_equal(bd.count, 0);
      seen[0]++;
      continue;
    }
    long one = naive_count(&g, sol, 1);
    if (one > 0) {
      assert_int_equal(bd.order, 1);
      assert_int_equal(bd.count, one);
      /* each listed cell works; the list is ascending */
      for (int k = 0; k < bd.nlisted; k++) {
        sk_grid t = g;
        sk_grid_place(&t, bd.set[k][0], sol[bd.set[k][0]]);
        assert_int_equal(sk_singles_solve(&t, NULL), 1);
        if (k) assert_true(bd.set[k][0] > bd.set[k - 1][0]);
      }
      seen[1]++;
    } else if (seen[2] < 12) {                  /* pairs are slower: a dozen */
      long two = naive_count(&g, sol, 2);
      assert_int_equal(bd.order, two > 0 ? 2 : -1);
      assert_int_equal(bd.count, two);
      seen[2]++;
    }
  }
  assert_true(seen[0] > 10 && seen[1] > 10 && seen[2] > 3);
}

/* Adding one cell of an order-k backdoor as a given leaves order k-1, and
** the rest of that backdoor is one of the new ones. */
static void test_backdoor_built(void **state) {
  (void)state;
  static char p[400][82];
  int n = read_puzzles(DATA "/cli/17clue-300.txt", p, 300), done = 0;
  for (int i = 0; i < n && done < 4; i++) {
    sk_grid g;
    uint8_t sol[SK_CELLS];
    sk_backdoor bd, bd2;
    grid_of(p[i], &g, sol);
    assert_int_equal(sk_backdoor_find(&g, sol, NULL, 3, &bd), 0);
    if (bd.order < 2) continue;
    for (int k = 0; k < bd.order; k++) {
      int c = bd.set[0][k];
      sk_grid_place(&g, c, sol[c]);
      assert_int_equal(sk_backdoor_find(&g, sol, NULL, 3, &bd2), 0);
      assert_int_equal(bd2.order, bd.order - k - 1);
      if (bd2.order == 0) break;
      int found = 0;                            /* the remaining cells are a backdoor */
      for (int j = 0; j < bd2.nlisted && !found; j++)
        found = !memcmp(bd2.set[j], bd.set[0] + k + 1, (size_t)bd2.order);
      assert_true(found || bd2.nlisted < bd2.count);
    }
    done++;
  }
  assert_true(done >= 2);
}

static void test_backdoor_max_order(void **state) {
  (void)state;
  static char p[300][82];
  int n = read_puzzles(DATA "/cli/17clue-300.txt", p, 300);
  for (int i = 0; i < n; i++) {
    sk_grid g;
    uint8_t sol[SK_CELLS];
    sk_backdoor bd;
    grid_of(p[i], &g, sol);
    assert_int_equal(sk_backdoor_find(&g, sol, NULL, 2, &bd), 0);
    if (bd.order != 2) continue;
    assert_int_equal(sk_backdoor_find(&g, sol, NULL, 1, &bd), 0);
    assert_int_equal(bd.order, -1);             /* none up to order 1 */
    assert_int_equal(bd.count, 0);
    return;
  }
  fail_msg("no 17-clue puzzle of singles order 2 in the fixture");
}

/* ssts: the closed fast path agrees with the step engine taking SE's
** order over the same techniques (an id list), and never needs more cells
** than singles. */
static void test_backdoor_ssts(void **state) {
  (void)state;
  static rated r[260];
  sk_error err = {{0}};
  char list[1024] = "";
  for (int i = 0; sk_ssts_ids[i]; i++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? "," : "", sk_ssts_ids[i]);
  sk_techset *fast = sk_techset_open("ssts", NULL, NULL, &err);
  sk_techset *slow = sk_techset_open(list, NULL, NULL, &err);
  assert_non_null(fast);
  assert_non_null(slow);
  assert_string_equal(sk_techset_name(fast), "ssts");
  assert_int_equal(sk_techset_size(fast), 19);
  int n = read_rated(r, 260), yes = 0, no = 0, tried = 0;
  for (int i = 0; i < n; i += 2) {
    sk_grid g;
    uint8_t sol[SK_CELLS];
    grid_of(r[i].p, &g, sol);
    int a = sk_techset_solves(fast, &g), b = sk_techset_solves(slow, &g);
    assert_int_equal(a, b);
    yes += a;
    no += !a;
    if (!a && tried < 6) {
      sk_backdoor s1, s2;
      assert_int_equal(sk_backdoor_find(&g, sol, fast, 1, &s2), 0);
      assert_int_equal(sk_backdoor_find(&g, sol, NULL, 3, &s1), 0);
      if (s1.order >= 0 && s2.order >= 0) assert_true(s2.order <= s1.order);
      for (int k = 0; k < s2.nlisted; k++) {     /* each magic cell really works */
        sk_grid t = g;
        sk_grid_place(&t, s2.set[k][0], sol[s2.set[k][0]]);
        assert_int_equal(sk_techset_solves(slow, &t), 1);
      }
      tried++;
    }
  }
  print_message("ssts: %d solved, %d not, %d backdoors\n", yes, no, tried);
  assert_true(yes > 30 && no > 30 && tried == 6);
  sk_techset_free(fast);
  sk_techset_free(slow);
}

static void test_techset_errors(void **state) {
  (void)state;
  sk_error err = {{0}};
  assert_null(sk_techset_open("x-wing,no-such-thing", NULL, NULL, &err));
  assert_non_null(strstr(err.msg, "no-such-thing"));
  assert_null(sk_techset_open("naked-single", "/nonexistent/table.yaml", NULL, &err));
  assert_non_null(strstr(err.msg, "/nonexistent/table.yaml"));
  sk_techset *s = sk_techset_open("singles", NULL, NULL, &err);
  assert_non_null(s);
  assert_int_equal(sk_techset_size(s), 0);
  sk_techset_free(s);
}

/* }====== */

/* {====== classes */

#define M(x) ((int32_t)((x) * 1000 + 0.5))

static void classify(int n, const double *d, const char *places, int stuck, sk_classes *c) {
  int32_t diff[64];
  unsigned char pl[64];
  for (int i = 0; i < n; i++) diff[i] = M(d[i]), pl[i] = places[i] == 'p';
  assert_int_equal(sk_classify_path(n, diff, pl, stuck, c), 0);
}

static void test_classes_hand(void **state) {
  (void)state;
  sk_classes c;
  /* the first step is the hardest and places nothing */
  classify(4, (double[]){4.2, 1.2, 2.6, 1.5}, "eppp", 0, &c);
  assert_int_equal(c.er, 4200);
  assert_int_equal(c.ep, 4200);
  assert_int_equal(c.ed, 4200);
  assert_int_equal(c.se, SK_SE_DIAMOND);
  assert_int_equal(c.sdrs, SK_SDRS_PEARL | SK_SDRS_DIAMOND | SK_SDRS_EXTREME_PEARL | SK_SDRS_EXTREME_DIAMOND);
  assert_string_equal(sk_sdrs_label(c.sdrs), "diamond");
  /* eliminations first, the hardest second: SE pearl, SDRS pearl and extreme pearl */
  classify(5, (double[]){2.6, 3.4, 1.2, 3.0, 1.2}, "eepep", 0, &c);
  assert_int_equal(c.ed, 2600);
  assert_int_equal(c.ep, 3400);
  assert_int_equal(c.se, SK_SE_PEARL);
  assert_int_equal(c.sdrs, SK_SDRS_PEARL | SK_SDRS_EXTREME_PEARL);
  assert_string_equal(sk_sdrs_label(c.sdrs), "extreme-pearl");
  assert_int_equal(c.first_elim, 0);
  assert_int_equal(c.next_place, 2);
  /* placements, then the hardest step opens the first elimination run */
  classify(5, (double[]){1.2, 1.5, 4.2, 2.6, 1.2}, "ppeep", 0, &c);
  assert_int_equal(c.se, SK_SE_NONE);                 /* EP = 1.2 */
  assert_int_equal(c.sdrs, SK_SDRS_EXTREME_PEARL | SK_SDRS_EXTREME_DIAMOND);
  assert_string_equal(sk_sdrs_label(c.sdrs), "extreme-diamond");
  /* ... or comes later in that run */
  classify(5, (double[]){1.2, 2.6, 4.2, 1.5, 1.2}, "peepp", 0, &c);
  assert_int_equal(c.sdrs, SK_SDRS_EXTREME_PEARL);
  /* the hardest step in a later run: nothing */
  classify(6, (double[]){1.2, 3.2, 1.2, 4.2, 1.2, 1.2}, "pepepp", 0, &c);
  assert_int_equal(c.sdrs, 0u);
  assert_string_equal(sk_sdrs_label(c.sdrs), "-");
  /* a pearl that is nothing more */
  classify(4, (double[]){2.6, 1.2, 7.1, 1.2}, "epep", 0, &c);
  assert_int_equal(c.sdrs, SK_SDRS_PEARL);
  assert_string_equal(sk_sdrs_label(c.sdrs), "pearl");
  /* placements only: SE diamond when all equal, no SDRS class */
  classify(3, (double[]){1.2, 1.2, 1.2}, "ppp", 0, &c);
  assert_int_equal(c.se, SK_SE_DIAMOND);
  assert_int_equal(c.sdrs, 0u);
  assert_int_equal(c.first_elim, -1);
  /* stuck: ER 20, no class at all */
  classify(2, (double[]){2.6, 1.2}, "ep", 1, &c);
  assert_int_equal(c.er, SK_STUCK_MILLI);
  assert_int_equal(c.se, SK_SE_NONE);
  assert_int_equal(c.sdrs, 0u);
  assert_int_equal(sk_se_class(9300, 9300, 2600), SK_SE_PEARL);
  assert_int_equal(sk_se_class(SK_STUCK_MILLI, SK_STUCK_MILLI, SK_STUCK_MILLI), SK_SE_NONE);
  assert_string_equal(sk_se_class_name(SK_SE_PEARL), "pearl");
}

/* SE's paths: ER/EP/ED from the path equal SE's ratings, and the classes
** are those read off the paths by hand. */
static void test_classes_se_paths(void **state) {
  (void)state;
  static const struct { const char *start; int se; unsigned sdrs; } want[] = {
    {"...........1.4.2..3", SK_SE_DIAMOND, 0},
    {"..............1..2..3", SK_SE_NONE, 0},
    {".......71.2.8", SK_SE_NONE, SK_SDRS_EXTREME_PEARL | SK_SDRS_EXTREME_DIAMOND},
    {"...4..9.1..12", SK_SE_NONE, SK_SDRS_EXTREME_PEARL},
    {"..84...3....3", SK_SE_NONE, SK_SDRS_PEARL},
    {"....9.....69..1", SK_SE_PEARL, SK_SDRS_PEARL | SK_SDRS_EXTREME_PEARL},
    {"9.4..5...25.6", SK_SE_PEARL, SK_SDRS_PEARL | SK_SDRS_EXTREME_PEARL},
  };
  static rated r[260];
  int nr = read_rated(r, 260), checked = 0;
  FILE *f = fopen(DATA "/analysis/se-class-paths.txt", "r");
  char line[4096], puzzle[82] = "";
  int32_t diff[512];
  unsigned char places[512];
  int n = 0;
  assert_non_null(f);
  for (int more = 1; more; ) {
    more = fgets(line, sizeof line, f) != NULL;
    int is_puzzle = more && line[0] == '#' && strspn(line + 1, ".123456789") == 81;
    if ((!more || is_puzzle) && puzzle[0]) {   /* finish the previous path */
      sk_classes c;
      sk_classify_path(n, diff, places, 0, &c);
      int k = 0;
      while (k < nr && strcmp(r[k].p, puzzle)) k++;
      assert_true(k < nr);
      assert_int_equal(sk_milli_to_tenths(c.er), r[k].er);
      assert_int_equal(sk_milli_to_tenths(c.ep), r[k].ep);
      assert_int_equal(sk_milli_to_tenths(c.ed), r[k].ed);
      for (size_t w = 0; w < sizeof want / sizeof want[0]; w++)
        if (!strncmp(puzzle, want[w].start, strlen(want[w].start))) {
          assert_int_equal(c.se, want[w].se);
          assert_int_equal(c.sdrs, want[w].sdrs);
          checked++;
        }
    }
    if (is_puzzle) {
      memcpy(puzzle, line + 1, 81);
      puzzle[81] = 0;
      n = 0;
    } else if (more && line[0] >= '1' && line[0] <= '9') {
      char name[128], place[64];
      int step, a, b;
      assert_int_equal(sscanf(line, "%d\t%d.%d\t%127[^\t]\t%63s", &step, &a, &b, name, place), 5);
      assert_true(n < 512);
      diff[n] = (a * 10 + b) * 100;
      places[n++] = strcmp(place, "-") != 0;
    }
  }
  fclose(f);
  assert_int_equal(checked, (int)(sizeof want / sizeof want[0]));
}

/* sk_classify reads a recorded rating as sk_rate computed it. */
static void test_classify_rating(void **state) {
  (void)state;
  static rated r[260];
  sk_error err = {{0}};
  FILE *f = fopen(SK_BUILD_RATINGS_DIR "/se.yaml", "r");
  static char text[1 << 16];
  assert_non_null(f);
  size_t len = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[len] = 0;
  char *cut = strstr(text, "  - id: static-chains");      /* SE's table before the chains */
  assert_non_null(cut);
  *cut = 0;
  sk_table *t = sk_table_parse(text, strlen(text), "se-before-chains", &err);
  assert_non_null(t);
  sk_engine *e = sk_engine_new();
  assert_int_equal(sk_engine_load_default(e, NULL, &err), 0);
  assert_int_equal(sk_engine_use_table(e, t, &err), 0);
  int n = read_rated(r, 260), checked = 0;
  for (int i = 0; i < n; i++) {
    if (r[i].er > 62) continue;
    sk_grid g;
    sk_rate_opts o = {0};
    sk_rating rt;
    sk_classes c;
    grid_of(r[i].p, &g, NULL);
    o.record = 1;
    assert_int_equal(sk_rate(e, &g, &o, &rt), 0);
    assert_int_equal(sk_classify(&rt, &c), 0);
    assert_int_equal(c.er, rt.er);
    assert_int_equal(c.ep, rt.ep);
    assert_int_equal(c.ed, rt.ed);
    assert_int_equal(sk_milli_to_tenths(c.er), r[i].er);
    assert_int_equal(c.se, sk_se_class(rt.er, rt.ep, rt.ed));
    sk_rating_free(&rt);
    o.record = 0;                                           /* no steps: no class */
    assert_int_equal(sk_rate(e, &g, &o, &rt), 0);
    if (rt.nsteps > 0) assert_int_equal(sk_classify(&rt, &c), -1);
    sk_rating_free(&rt);
    checked++;
  }
  sk_engine_free(e);
  assert_true(checked > 100);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_correlation_hand),
    cmocka_unit_test(test_correlation_grades),
    cmocka_unit_test(test_seventeen_clues_are_minimal),
    cmocka_unit_test(test_redundant_by_counting),
    cmocka_unit_test(test_redundant_built),
    cmocka_unit_test(test_singles_core_is_se_singles),
    cmocka_unit_test(test_singles_contradiction),
    cmocka_unit_test(test_backdoor_matches_naive),
    cmocka_unit_test(test_backdoor_built),
    cmocka_unit_test(test_backdoor_max_order),
    cmocka_unit_test(test_backdoor_ssts),
    cmocka_unit_test(test_techset_errors),
    cmocka_unit_test(test_classes_hand),
    cmocka_unit_test(test_classes_se_paths),
    cmocka_unit_test(test_classify_rating),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
