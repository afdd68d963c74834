/*
** test_se_agreement.c -- ER/EP/ED equal to Sudoku Explainer 1.2.1.3's.
**
** Reads every row of tests/data/se/se-ratings.tsv (ratings made with SE
** itself), rates each puzzle with ratings/se.yaml and the built plugins,
** and asserts per band:
**   every band below ER 9.0: every row equal (100 %);
**   all rows: at least 99 % equal.
** se-ratings-hard.tsv adds 123 puzzles at ER >= 10.5 (the forum's hardest
** list and mixed-1090's hardest, one of them needing nested chains level
** 4), also rated with SE itself: every row equal.  se-ratings-mixed.tsv
** holds the rest of mixed-1090.txt (with it, SE has rated all 1,090),
** se-ratings-top1465.tsv the rest of the top1465 list, se-ratings-17clue.tsv
** 2,000 puzzles drawn from the 17-clue list: every row equal.
** se-pearl-diamond.tsv holds serate's output with --pearl and --diamond
** (sk_rate_opts.want): every row equal.
** A failing row is printed with both ratings; `make bench` prints the
** first step where the two solving paths part.
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

#ifndef SK_TEST_DATA
#define SK_TEST_DATA SK_BUILD_RATINGS_DIR "/../tests/data"
#endif

typedef struct row { char grid[82]; int er, ep, ed; } row;

static int tenths(const char *s) { return (int)(atof(s) * 10 + 0.5); }

static int load_rows(const char *path, row **out) {
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot open %s", path);
  int n = 0, cap = 0;
  row *rows = NULL;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char g[128], er[16], ep[16], ed[16];
    if (sscanf(line, "%127s %15s %15s %15s", g, er, ep, ed) != 4 || strlen(g) != 81) continue;
    if (n == cap) { cap = cap ? 2 * cap : 256; rows = realloc(rows, (size_t)cap * sizeof *rows); }
    memcpy(rows[n].grid, g, 82);
    rows[n].er = tenths(er); rows[n].ep = tenths(ep); rows[n].ed = tenths(ed);
    n++;
  }
  fclose(f);
  *out = rows;
  return n;
}

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

/* Rate the rows with SE ER in [lo, hi] (tenths); return how many agree. */
static int rate_band(sk_engine *e, const row *rows, int n, int lo, int hi, int *count) {
  int same = 0;
  *count = 0;
  for (int i = 0; i < n; i++) {
    if (rows[i].er < lo || rows[i].er > hi) continue;
    sk_puzzle p;
    memset(&p, 0, sizeof p);
    sk_grid g;
    assert_int_equal(sk_parse_line(rows[i].grid, &p), 0);
    assert_int_equal(sk_puzzle_grid(&p, &g, NULL), 0);
    sk_puzzle_free(&p);
    sk_rating r;
    sk_rate(e, &g, NULL, &r);
    int er = sk_milli_to_tenths(r.er), ep = sk_milli_to_tenths(r.ep), ed = sk_milli_to_tenths(r.ed);
    (*count)++;
    if (er == rows[i].er && ep == rows[i].ep && ed == rows[i].ed) same++;
    else
      print_message("differs: %s SE %d.%d/%d.%d/%d.%d sudokit %d.%d/%d.%d/%d.%d\n", rows[i].grid,
                    rows[i].er / 10, rows[i].er % 10, rows[i].ep / 10, rows[i].ep % 10,
                    rows[i].ed / 10, rows[i].ed % 10, er / 10, er % 10, ep / 10, ep % 10, ed / 10, ed % 10);
    sk_rating_free(&r);
  }
  return same;
}

static void test_every_row(void **state) {
  (void)state;
  row *rows;
  int n = load_rows(SK_TEST_DATA "/se/se-ratings.tsv", &rows);
  assert_true(n >= 200);                 /* the whole file, not a sample */
  sk_engine *e = se_engine();
  static const int edges[] = {0, 20, 30, 40, 50, 62, 70, 80, 90, 100, 1000};
  int total = 0, same_all = 0, below9 = 0, same_below9 = 0;
  for (int b = 0; b + 1 < (int)(sizeof edges / sizeof edges[0]); b++) {
    int count, same = rate_band(e, rows, n, edges[b], edges[b + 1] - 1, &count);
    if (!count) continue;
    print_message("SE ER %4.1f-%4.1f: %3d of %3d rows equal (%.1f%%)\n", edges[b] / 10.0,
                  (edges[b + 1] - 1) / 10.0, same, count, 100.0 * same / count);
    total += count; same_all += same;
    if (edges[b + 1] <= 90) { below9 += count; same_below9 += same; }
  }
  print_message("all: %d of %d rows equal\n", same_all, total);
  assert_int_equal(total, n);
  assert_true(below9 >= 150);
  assert_int_equal(same_below9, below9);          /* 100 % below ER 9.0 */
  assert_true(100 * same_all >= 99 * total);      /* >= 99 % overall */
  sk_engine_free(e);
  free(rows);
}

/* Rate every row of a file; assert that it has at least min_rows rows,
** all at ER >= min_er, and that every row is equal. */
static void every_row_equal(const char *path, int min_rows, int min_er) {
  row *rows;
  int n = load_rows(path, &rows);
  assert_true(n >= min_rows);            /* the whole file, not a sample */
  sk_engine *e = se_engine();
  int count, same = rate_band(e, rows, n, 0, 1000, &count);
  print_message("%s: %d of %d rows equal\n", strrchr(path, '/') + 1, same, count);
  assert_int_equal(count, n);
  int at_least = 0;
  for (int i = 0; i < n; i++) at_least += rows[i].er >= min_er;
  assert_int_equal(at_least, n);
  assert_int_equal(same, n);
  sk_engine_free(e);
  free(rows);
}

static void test_hard_rows(void **state) {
  (void)state;
  every_row_equal(SK_TEST_DATA "/se/se-ratings-hard.tsv", 123, 105);   /* all at ER >= 10.5 */
}

static void test_mixed_rows(void **state) {
  (void)state;
  every_row_equal(SK_TEST_DATA "/se/se-ratings-mixed.tsv", 923, 0);
}

static void test_top1465_rows(void **state) {
  (void)state;
  every_row_equal(SK_TEST_DATA "/se/se-ratings-top1465.tsv", 1305, 0);
}

static void test_17clue_rows(void **state) {
  (void)state;
  every_row_equal(SK_TEST_DATA "/se/se-ratings-17clue.tsv", 2000, 0);
}

/* serate's --pearl and --diamond (sk_rate_opts.want) against serate's own
** output: se-pearl-diamond.tsv has PUZZLE PEARL DIAMOND, each ER/EP/ED.
** A stopped rating says so (unwanted, ER 20.0); a pearl (diamond) rates
** as it does without the option. */
static void test_pearl_diamond(void **state) {
  (void)state;
  FILE *f = fopen(SK_TEST_DATA "/se/se-pearl-diamond.tsv", "r");
  assert_non_null(f);
  sk_engine *e = se_engine();
  char line[256];
  int n = 0, stopped[3] = {0};
  while (fgets(line, sizeof line, f)) {
    char gs[128], want[2][32];
    if (sscanf(line, "%127s %31s %31s", gs, want[0], want[1]) != 3 || strlen(gs) != 81) continue;
    sk_puzzle p;
    memset(&p, 0, sizeof p);
    sk_grid g;
    assert_int_equal(sk_parse_line(gs, &p), 0);
    assert_int_equal(sk_puzzle_grid(&p, &g, NULL), 0);
    sk_puzzle_free(&p);
    sk_rating full;
    sk_rate(e, &g, NULL, &full);
    for (int m = 0; m < 2; m++) {
      sk_rate_opts o = {0};
      o.want = m ? SK_WANT_DIAMOND : SK_WANT_PEARL;
      sk_rating r;
      sk_rate(e, &g, &o, &r);
      char got[64];
      int er = sk_milli_to_tenths(r.er), ep = sk_milli_to_tenths(r.ep);
      int ed = sk_milli_to_tenths(r.ed);
      snprintf(got, sizeof got, "%d.%d/%d.%d/%d.%d", er / 10, er % 10, ep / 10, ep % 10, ed / 10,
               ed % 10);
      if (strcmp(got, want[m])) fail_msg("%s %s: serate %s, sudokit %s", gs, m ? "diamond" : "pearl",
                                         want[m], got);
      assert_int_equal(r.unwanted, er == 200);
      assert_int_equal(r.stuck, 0);
      if (!r.unwanted) {                   /* a pearl (diamond): the full rating */
        assert_int_equal(r.er, full.er);
        assert_int_equal(r.ep, full.ep);
        assert_int_equal(r.ed, full.ed);
      } else {
        assert_true(r.nsteps < full.nsteps);
        stopped[m]++;
        stopped[2] += m && r.ep == 0;
      }
    }
    sk_rating_free(&full);
    n++;
  }
  fclose(f);
  print_message("se-pearl-diamond.tsv: %d puzzles equal; --pearl stopped %d, --diamond %d (%d at "
                "the first placement)\n", n, stopped[0], stopped[1], stopped[2]);
  assert_true(n >= 88);
  assert_true(stopped[0] > 0 && stopped[1] > stopped[0] && stopped[2] > 0);
  sk_engine_free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_every_row),
    cmocka_unit_test(test_hard_rows),
    cmocka_unit_test(test_mixed_rows),
    cmocka_unit_test(test_top1465_rows),
    cmocka_unit_test(test_17clue_rows),
    cmocka_unit_test(test_pearl_diamond),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
