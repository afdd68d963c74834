/*
** test_rate_stop.c -- sk_rate's early exits for band searches
** (sk_rate_opts.stop_above, stop_at): on SE's reference puzzles
** (every fourth of tests/data/se/se-ratings.tsv and all of it at ER >= 9.5,
** ER 1.2-11.1) and bounds
** across the scale,
** a rating that does not stop equals the full one step for step; one that
** stops above the bound belongs to a puzzle whose full ER is above it, and
** its steps are the full path's first steps; one that stops at the lower
** bound belongs to a puzzle whose full ER reaches it, and stops at the
** path's first step rated that much.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_engine.h"
#include "sk_format.h"

#define SK_TEST_DATA SK_BUILD_RATINGS_DIR "/../tests/data"

static sk_engine *se_engine(void) {
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  char *p = sk_table_resolve("se", &err);
  sk_table *t = p ? sk_table_load(p, &err) : NULL;
  free(p);
  if (sk_engine_load_default(e, NULL, &err) != 0 || !t || sk_engine_use_table(e, t, &err) != 0)
    fail_msg("engine set-up: %s", err.msg);
  return e;
}

static void same_prefix(const sk_rating *part, const sk_rating *full) {
  assert_true(part->nsteps <= full->nsteps);
  for (int i = 0; i < part->nsteps; i++) {
    assert_int_equal(part->steps[i].tech, full->steps[i].tech);
    assert_int_equal(part->steps[i].difficulty, full->steps[i].difficulty);
    assert_int_equal(part->steps[i].cell, full->steps[i].cell);
    assert_int_equal(part->steps[i].nelim, full->steps[i].nelim);
  }
}

static void test_stops_keep_ratings(void **state) {
  (void)state;
  sk_engine *e = se_engine();
  FILE *f = fopen(SK_TEST_DATA "/se/se-ratings.tsv", "r");
  assert_non_null(f);
  char line[512];
  int n = 0, stopped_above = 0, reached = 0, before_search = 0, hard_before = 0;
  static const int32_t bounds[] = {2000, 4500, 7200, 8300, 9000, 9400, 10000, 10400};
  while (fgets(line, sizeof line, f)) {
    char g[128];
    double er;
    if (sscanf(line, "%127s %lf", g, &er) != 2 || strlen(g) != 81) continue;
    if (n++ % 4 && er < 9.5) continue;           /* every fourth, and all from 9.5 on */
    sk_puzzle p;
    memset(&p, 0, sizeof p);
    sk_grid grid;
    assert_int_equal(sk_parse_line(g, &p), 0);
    assert_int_equal(sk_puzzle_grid(&p, &grid, NULL), 0);
    sk_puzzle_free(&p);
    sk_rate_opts o = {0};
    o.record = 1;
    sk_rating full;
    assert_int_equal(sk_rate(e, &grid, &o, &full), 0);
    for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++) {
      sk_rating r;
      sk_rate_opts s = o;
      s.stop_above = bounds[b];
      assert_int_equal(sk_rate(e, &grid, &s, &r), 0);
      if (!r.above) {
        assert_true(full.er <= bounds[b]);
        assert_int_equal(r.er, full.er);
        assert_int_equal(r.ep, full.ep);
        assert_int_equal(r.ed, full.ed);
        assert_int_equal(r.nsteps, full.nsteps);
      } else {
        assert_true(full.er > bounds[b]);
        stopped_above++;
        /* stopped before a search that could only rate above the bound */
        if (r.er == bounds[b] + 1) before_search++, hard_before += bounds[b] >= 9000;
      }
      same_prefix(&r, &full);
      sk_rating_free(&r);
      s.stop_above = 0;
      s.stop_at = bounds[b];
      assert_int_equal(sk_rate(e, &grid, &s, &r), 0);
      if (r.reached) {
        reached++;
        assert_true(full.er >= bounds[b]);
        assert_true(r.er >= bounds[b]);
        assert_true(r.nsteps >= 1);
        for (int i = 0; i + 1 < r.nsteps; i++) assert_true(full.steps[i].difficulty < bounds[b]);
        assert_int_equal(r.steps[r.nsteps - 1].difficulty, full.steps[r.nsteps - 1].difficulty);
      } else {
        assert_true(full.er < bounds[b]);
        assert_int_equal(r.er, full.er);
        assert_int_equal(r.nsteps, full.nsteps);
      }
      same_prefix(&r, &full);
      sk_rating_free(&r);
    }
    sk_rating_free(&full);
  }
  fclose(f);
  /* the exits happened, both kinds */
  assert_true(stopped_above > 20);
  assert_true(reached > 20);
  assert_true(before_search > 0);
  assert_true(hard_before > 0);                  /* chains left unsearched */
  sk_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_stops_keep_ratings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
