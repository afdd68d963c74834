/*
** test_canon.c -- transformations and canonical forms: random
** transformations are valid and keep a puzzle's solution count; a puzzle
** and many random isomorphs of it share one canonical form (random
** minimal puzzles, random grids, grids with 54 and 648 automorphisms,
** puzzles with empty rows and full ones); the transformation returned
** reaches the form; the form equals a brute force over all 3,359,232
** geometric maps on a few cases, and the brute force's tie count is the
** grid's automorphism count; the number of classes in a sample built from
** known classes matches the brute force; the parser and the set.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_canon.h"
#include "sk_gen.h"
#include "sk_solver.h"

static void parse81(const char *s, uint8_t v[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(s[c] >= '1' && s[c] <= '9' ? s[c] - '0' : 0);
}

/* the pattern grid (54 automorphisms) */
static void pattern_grid(uint8_t g[SK_CELLS]) {
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) g[9 * r + c] = (uint8_t)((3 * (r % 3) + r / 3 + c) % 9 + 1);
}

/* a grid with 648 automorphisms, the most a grid has */
static const char *const most_symmetric =
  "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

static void check_isomorphs(const uint8_t p[SK_CELLS], int n, uint64_t seed) {
  uint8_t form[SK_CELLS], t[SK_CELLS], f2[SK_CELLS], back[SK_CELLS];
  sk_transform how, x;
  sk_rng rng;
  assert_int_equal(sk_canon(p, form, &how), 0);
  assert_true(sk_transform_valid(&how));
  sk_transform_apply(&how, p, back);
  assert_memory_equal(back, form, SK_CELLS);
  sk_rng_seed(&rng, seed, 0);
  for (int i = 0; i < n; i++) {
    sk_transform_random(&rng, &x);
    assert_true(sk_transform_valid(&x));
    sk_transform_apply(&x, p, t);
    assert_int_equal(sk_canon(t, f2, &how), 0);
    assert_memory_equal(f2, form, SK_CELLS);
    sk_transform_apply(&how, t, back);
    assert_memory_equal(back, form, SK_CELLS);
  }
}

static void test_transform_keeps_rules(void **state) {
  (void)state;
  sk_rng rng;
  sk_gen_opts o = {0};
  uint8_t p[SK_CELLS], sol[SK_CELLS], t[SK_CELLS], ts[SK_CELLS];
  sk_rng_seed(&rng, 7, 0);
  for (int i = 0; i < 20; i++) {
    sk_transform x;
    assert_true(sk_generate(&o, &rng, p, sol, NULL) > 0);
    sk_transform_random(&rng, &x);
    sk_transform_apply(&x, p, t);
    assert_int_equal(sk_solve_count(t, 2, ts, NULL), 1);
    uint8_t st[SK_CELLS];
    sk_transform_apply(&x, sol, st);                  /* the solution moves with it */
    assert_memory_equal(st, ts, SK_CELLS);
  }
  /* invalid transformations are refused */
  sk_transform x;
  sk_transform_identity(&x);
  assert_true(sk_transform_valid(&x));
  x.row[0] = 3;                                       /* row 4 in band 1 */
  assert_false(sk_transform_valid(&x));
  sk_transform_identity(&x);
  x.digit[2] = 1;
  assert_false(sk_transform_valid(&x));
}

static void test_isomorphs_share_form(void **state) {
  (void)state;
  sk_rng rng;
  sk_gen_opts o = {0};
  uint8_t p[SK_CELLS], sol[SK_CELLS];
  sk_rng_seed(&rng, 11, 0);
  for (int i = 0; i < 30; i++) {
    assert_true(sk_generate(&o, &rng, p, sol, NULL) > 0);
    check_isomorphs(p, 40, 100 + (uint64_t)i);
    check_isomorphs(sol, 20, 200 + (uint64_t)i);
  }
  pattern_grid(p);
  check_isomorphs(p, 200, 1);
  parse81(most_symmetric, p);
  check_isomorphs(p, 200, 2);
  /* symmetric puzzles: the pattern grid with its first band emptied, and
  ** with only its diagonal boxes given */
  pattern_grid(p);
  memset(p, 0, 27);
  check_isomorphs(p, 100, 3);
  pattern_grid(p);
  for (int c = 0; c < SK_CELLS; c++) if ((c / 27) != (c % 9) / 3) p[c] = 0;
  check_isomorphs(p, 100, 4);
  /* a 17-clue puzzle (empty rows and columns) */
  parse81("...........1..23....4..5....6...7.8.9....4.....2..1....3.....5.........7.8.......", p);
  check_isomorphs(p, 100, 5);
  /* a near-complete puzzle: its grid with four cells emptied */
  parse81(most_symmetric, p);
  p[0] = p[40] = p[44] = p[80] = 0;
  check_isomorphs(p, 50, 6);
}

static void test_form_is_least(void **state) {
  (void)state;
  uint8_t p[SK_CELLS], sol[SK_CELLS], a[SK_CELLS], b[SK_CELLS];
  unsigned long ties;
  sk_rng rng;
  sk_gen_opts o = {0};
  sk_rng_seed(&rng, 5, 0);
  assert_true(sk_generate(&o, &rng, p, sol, NULL) > 0);
  assert_int_equal(sk_canon(p, a, NULL), 0);
  assert_int_equal(sk_canon_brute(p, b, &ties), 0);
  assert_memory_equal(a, b, SK_CELLS);
  assert_int_equal(sk_canon(sol, a, NULL), 0);
  assert_int_equal(sk_canon_brute(sol, b, &ties), 0);
  assert_memory_equal(a, b, SK_CELLS);
  assert_int_equal(ties, sk_grid_automorphisms(sol));
  assert_int_equal(a[0], 1);
  pattern_grid(p);
  assert_int_equal(sk_canon(p, a, NULL), 0);
  assert_int_equal(sk_canon_brute(p, b, &ties), 0);
  assert_memory_equal(a, b, SK_CELLS);
  assert_int_equal(ties, 54);
  parse81(most_symmetric, p);
  assert_int_equal(sk_canon(p, a, NULL), 0);
  assert_int_equal(sk_canon_brute(p, b, &ties), 0);
  assert_memory_equal(a, b, SK_CELLS);
  assert_int_equal(ties, 648);
  assert_int_equal(ties, sk_grid_automorphisms(p));
  /* a symmetric puzzle: many maps tie */
  pattern_grid(p);
  for (int c = 0; c < SK_CELLS; c++) if ((c / 27) != (c % 9) / 3) p[c] = 0;
  assert_int_equal(sk_canon(p, a, NULL), 0);
  assert_int_equal(sk_canon_brute(p, b, &ties), 0);
  assert_memory_equal(a, b, SK_CELLS);
  assert_true(ties > 1);
  /* the puzzle is one of its own isomorphs: the form is at most it */
  assert_true(memcmp(a, p, SK_CELLS) <= 0);
  /* refused: a digit twice in a row */
  memset(p, 0, SK_CELLS);
  p[0] = p[8] = 5;
  assert_int_equal(sk_canon(p, a, NULL), -1);
}

/* A sample of 12 grids from 5 classes (some grids twice, some isomorphs):
** the classes counted by canonical forms and by brute force agree and
** are 5. */
static void test_class_count(void **state) {
  (void)state;
  uint8_t base[5][SK_CELLS], sample[12][SK_CELLS];
  sk_rng rng;
  sk_rng_seed(&rng, 9, 0);
  sk_random_grid(&rng, base[0]);
  sk_random_grid(&rng, base[1]);
  sk_random_grid(&rng, base[2]);
  pattern_grid(base[3]);
  parse81(most_symmetric, base[4]);
  static const int from[12] = {0, 1, 0, 2, 3, 1, 4, 3, 0, 4, 2, 2};
  for (int i = 0; i < 12; i++) {
    sk_transform x;
    sk_transform_random(&rng, &x);
    sk_transform_apply(&x, base[from[i]], sample[i]);
  }
  sk_canon_set *fast = sk_canon_set_new(), *slow = sk_canon_set_new();
  int newfast = 0, newslow = 0;
  for (int i = 0; i < 12; i++) {
    uint8_t f[SK_CELLS];
    assert_int_equal(sk_canon(sample[i], f, NULL), 0);
    newfast += sk_canon_set_add(fast, f);
    assert_int_equal(sk_canon_brute(sample[i], f, NULL), 0);
    newslow += sk_canon_set_add(slow, f);
    assert_true(sk_canon_set_has(fast, f));
  }
  assert_int_equal(newfast, 5);
  assert_int_equal(newslow, 5);
  assert_int_equal(sk_canon_set_count(fast), 5);
  sk_canon_set_free(fast);
  sk_canon_set_free(slow);
}

static void test_set_grows(void **state) {
  (void)state;
  sk_canon_set *s = sk_canon_set_new();
  uint8_t f[SK_CELLS];
  memset(f, 0, sizeof f);
  for (int i = 0; i < 5000; i++) {
    f[80] = (uint8_t)(i % 10), f[79] = (uint8_t)(i / 10 % 10), f[0] = (uint8_t)(i / 100 % 10);
    f[40] = (uint8_t)(i / 1000);
    assert_int_equal(sk_canon_set_add(s, f), 1);
    assert_int_equal(sk_canon_set_add(s, f), 0);
  }
  assert_int_equal(sk_canon_set_count(s), 5000);
  f[40] = 9;
  assert_false(sk_canon_set_has(s, f));
  sk_canon_set_free(s);
}

static void test_parse(void **state) {
  (void)state;
  sk_transform t, u;
  sk_error err = {{0}};
  char buf[128];
  assert_int_equal(sk_transform_parse("transpose,rows=213456789,digits=987654321", &t, &err), 0);
  assert_int_equal(t.transpose, 1);
  assert_int_equal(t.row[0], 1);
  assert_int_equal(t.digit[1], 9);
  sk_transform_format(&t, buf, sizeof buf);
  assert_string_equal(buf, "transpose,rows=213456789,cols=123456789,digits=987654321");
  assert_int_equal(sk_transform_parse(buf, &u, &err), 0);
  assert_memory_equal(&t, &u, sizeof t);
  assert_int_equal(sk_transform_parse("rows=412356789", &t, &err), -1);    /* breaks a band */
  assert_non_null(strstr(err.msg, "bands"));
  assert_int_equal(sk_transform_parse("digits=112345678", &t, &err), -1);
  assert_int_equal(sk_transform_parse("flip", &t, &err), -1);
  assert_non_null(strstr(err.msg, "flip"));
  assert_int_equal(sk_transform_parse("", &t, &err), 0);                   /* identity */
  assert_int_equal(t.row[8], 8);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_transform_keeps_rules),
    cmocka_unit_test(test_isomorphs_share_form),
    cmocka_unit_test(test_form_is_least),
    cmocka_unit_test(test_class_count),
    cmocka_unit_test(test_set_grows),
    cmocka_unit_test(test_parse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
