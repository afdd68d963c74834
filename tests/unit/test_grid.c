/*
** test_grid.c -- grid, candidates and geometry.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "sk_grid.h"

static void test_geometry(void **state) {
  (void)state;
  for (int c = 0; c < SK_CELLS; c++) {
    /* every cell lies in exactly its three houses */
    int in = 0;
    for (int h = 0; h < SK_HOUSES; h++)
      if (sk_bits_has(&sk_house_bits[h], c)) in++;
    assert_int_equal(in, 3);
    assert_int_equal(sk_cell_house[c][0], sk_row_of(c));
    assert_int_equal(sk_cell_house[c][1], 9 + sk_col_of(c));
    assert_int_equal(sk_cell_house[c][2], 18 + sk_box_of(c));
    assert_int_equal(sk_bits_count(sk_peer_bits[c]), 20);
    assert_false(sk_bits_has(&sk_peer_bits[c], c));
    for (int i = 0; i < SK_PEERS; i++) {
      int p = sk_peer[c][i];
      assert_true(sk_bits_has(&sk_peer_bits[c], p));
      assert_true(sk_row_of(p) == sk_row_of(c) || sk_col_of(p) == sk_col_of(c) ||
                  sk_box_of(p) == sk_box_of(c));
    }
  }
  /* peers are listed box first, then row, then column */
  assert_int_equal(sk_peer[0][0], 1);
  assert_int_equal(sk_peer[0][8], 3);      /* box gives 1,2,9,10,11,18,19,20 */
  assert_int_equal(sk_peer[0][14], 9 * 3); /* row rest then column: 27 after 3..8 */
}

static void test_place_and_eliminate(void **state) {
  (void)state;
  sk_grid g;
  sk_grid_init(&g);
  assert_true(sk_grid_consistent(&g));
  assert_int_equal(g.nempty, 81);
  sk_grid_place(&g, 40, 5);                 /* r5c5 = 5 */
  assert_int_equal(g.value[40], 5);
  assert_int_equal(g.cand[40], 0);
  assert_int_equal(g.nempty, 80);
  for (int i = 0; i < SK_PEERS; i++)
    assert_false(g.cand[sk_peer[40][i]] & SK_BIT(5));
  assert_true(g.cand[0] & SK_BIT(5));       /* r1c1 does not see r5c5 */
  assert_int_equal(sk_bits_count(g.dcells[4]), 81 - 21);
  assert_true(sk_grid_eliminate(&g, 0, 7));
  assert_false(sk_grid_eliminate(&g, 0, 7));
  assert_false(sk_bits_has(&g.dcells[6], 0));
  assert_true(sk_grid_consistent(&g));
  sk_grid saved = g;                         /* copy and restore by assignment */
  sk_grid_place(&g, 0, 1);
  assert_int_equal(g.value[0], 1);
  g = saved;
  assert_int_equal(g.value[0], 0);
  assert_true(sk_grid_consistent(&g));
}

static void test_from_values(void **state) {
  (void)state;
  uint8_t v[SK_CELLS] = {0};
  sk_grid g;
  int bad = -1;
  v[0] = 3; v[80] = 3;
  assert_int_equal(sk_grid_from_values(&g, v, &bad), 0);
  assert_int_equal(g.nempty, 79);
  assert_true(sk_bits_has(&g.givens, 0));
  assert_false(g.cand[8] & SK_BIT(3));
  v[8] = 3;                                  /* same row as r1c1 */
  assert_int_equal(sk_grid_from_values(&g, v, &bad), -1);
  assert_int_equal(bad, 8);
  memset(v, 0, sizeof v);
  v[0] = 4; v[20] = 4;                       /* same box */
  assert_int_equal(sk_grid_from_values(&g, v, &bad), -1);
  assert_int_equal(bad, 20);
}

static void test_from_candidates(void **state) {
  (void)state;
  sk_mask cand[SK_CELLS];
  uint8_t v[SK_CELLS] = {0};
  for (int c = 0; c < SK_CELLS; c++) cand[c] = SK_ALL_DIGITS;
  cand[5] = SK_BIT(2) | SK_BIT(9);
  cand[6] = 0;                              /* an empty cell with no candidate */
  v[7] = 8;
  sk_grid g;
  sk_grid_from_candidates(&g, cand, v);
  assert_true(sk_grid_consistent(&g));
  assert_int_equal(g.nempty, 80);
  assert_int_equal(g.cand[5], SK_BIT(2) | SK_BIT(9));
  assert_int_equal(g.cand[6], 0);
  assert_int_equal(g.value[7], 8);
  assert_false(sk_bits_has(&g.dcells[0], 5));
}

static void test_names_and_bits(void **state) {
  (void)state;
  char b[8];
  assert_string_equal(sk_cell_name(0, b), "r1c1");
  assert_string_equal(sk_cell_name(80, b), "r9c9");
  assert_string_equal(sk_cell_name(31, b), "r4c5");
  assert_string_equal(sk_house_name(0, b), "r1");
  assert_string_equal(sk_house_name(17, b), "c9");
  assert_string_equal(sk_house_name(22, b), "b5");
  sk_bits x = {{0, 0}};
  sk_bits_set(&x, 3); sk_bits_set(&x, 64); sk_bits_set(&x, 80);
  assert_int_equal(sk_bits_count(x), 3);
  assert_int_equal(sk_bits_pop(&x), 3);
  assert_int_equal(sk_bits_pop(&x), 64);
  assert_int_equal(sk_bits_pop(&x), 80);
  assert_int_equal(sk_bits_pop(&x), -1);
  assert_int_equal(sk_mask_first(SK_BIT(7) | SK_BIT(9)), 7);
  /* the shift-and-mask counts agree with a naive count */
  for (unsigned m = 0; m < 512; m++) {
    int n = 0;
    for (unsigned k = m; k; k >>= 1) n += (int)(k & 1);
    assert_int_equal(sk_mask_count((sk_mask)m), n);
  }
  uint64_t w = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 1000; i++) {
    w ^= w << 13; w ^= w >> 7; w ^= w << 17;
    int n = 0;
    for (uint64_t k = w; k; k >>= 1) n += (int)(k & 1);
    assert_int_equal(sk_popcount64(w), n);
  }
}

/* sk_bits_row and sk_bits_box read a house's cells off a bitboard in the
** order of sk_house_cell: checked cell by cell on random bitboards, which
** put cells on both sides of the 64-bit word boundary (row 7 straddles it) */
static void test_house_masks(void **state) {
  (void)state;
  uint64_t w = 0x2545F4914F6CDD1DULL;
  for (int i = 0; i < 500; i++) {
    sk_bits b;
    w ^= w << 13; w ^= w >> 7; w ^= w << 17;
    b.w[0] = w;
    w ^= w << 13; w ^= w >> 7; w ^= w << 17;
    b.w[1] = w & ((1ULL << (SK_CELLS - 64)) - 1);
    for (int h = 0; h < 9; h++) {
      unsigned row = 0, box = 0;
      for (int k = 0; k < 9; k++) {
        if (sk_bits_has(&b, sk_house_cell[h][k])) row |= 1u << k;
        if (sk_bits_has(&b, sk_house_cell[18 + h][k])) box |= 1u << k;
      }
      assert_int_equal(sk_bits_row(b, h), row);
      assert_int_equal(sk_bits_box(b, h), box);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_geometry),
    cmocka_unit_test(test_place_and_eliminate),
    cmocka_unit_test(test_from_values),
    cmocka_unit_test(test_from_candidates),
    cmocka_unit_test(test_names_and_bits),
    cmocka_unit_test(test_house_masks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
