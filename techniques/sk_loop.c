/*
** sk_loop.c -- the SK loop (Sunnie's "domino loop").
**
** Technique (id of the rating table):
**   sk-loop   two rows a, b in different bands and two columns c, d in
**             different stacks cross in four cells (the corners) of four
**             boxes.  In each of those boxes the two other cells of the
**             corner's row form a row pair and the two other cells of its
**             column a column pair: 16 cells in 8 pairs P0..P7, taken
**             round the loop
**               P0 row a, box (a,c)   -row a-    P1 row a, box (a,d)
**               -box (a,d)-  P2 column d, box (a,d)   -column d-
**               P3 column d, box (b,d)   -box (b,d)-  P4 row b, box (b,d)
**               -row b-  P5 row b, box (b,c)   -box (b,c)-
**               P6 column c, box (b,c)   -column c-  P7 column c, box
**               (a,c)   -box (a,c)-  back to P0,
**             consecutive pairs P(i), P(i+1) sharing the house H(i) of the
**             link between them.  Each link i carries digits L(i) within
**             P(i) and P(i+1), the digits of each pair split into those of
**             its two links: cand(P(i)) = L(i-1) + L(i), disjoint.  A
**             digit of L(i) goes at most once into P(i) + P(i+1) (one house),
**             and each empty cell of the loop takes a digit of one of its
**             pair's two links, so the empty cells E satisfy E <= sum |L(i)|
**             = sum |cand(P(i))| / 2.  When the sum equals E, every digit of
**             every link is placed in its two pairs: L(i) leaves the other
**             cells of H(i) (the corners among them).
**
** Scan order: Sunnie's (kyoyama-kazusa/Sudoku, DominoLoopStepSearcher and
** DominoLoopPattern; XDRS's value for the loop is Sunnie's, and every loop
** rates the same, so the order only decides which loop a step takes; his
** is kept so that it is the one his solver shows): row pairs a < b
** (different bands) in increasing
** order, then column pairs c < d (different stacks); 729 patterns.  A
** pattern may hold at most max-filled filled cells (Sunnie: 4), every
** pair must keep a candidate, and the candidate counts of the pairs must
** add up to 2 E.  The digits L(0) are then tried as the non-empty subsets of
** cand(P0) & cand(P1) in increasing mask order; L(0) fixes every other
** link (L(i) = cand(P(i)) - L(i-1), which must lie in cand(P(i+1)), and
** the last must give back cand(P0) with L(0)).  Every loop with an
** elimination is emitted.
**
** Options (param): max-filled (default 4, Sunnie's bound).
**
** Figures: size = the loop's empty cells (= its link digits, 16 in the
** original SK loop); length = 8 links; extra = filled cells of the 16.
** Sunnie rates the domino loop 9.6 without factors.
**
** Hint text: "SK Loop: r1c23 -r1{58}- r1c78 -b3{...}- r23c9 ..." (each
** pair, then the house of the link to the next pair and its digits,
** round to P0); focus = the candidates of the loop's cells.
*/
#include "sk_plugin.h"

/* the two cells of a pair: a line house and the two positions in it */
typedef struct pair_cells {
  int cell[2];
} pair_cells;

/* the two cells of row (row_line) or column `line` in the box of the
** corner, other than the corner */
static void line_pair(int row_line, int line, int corner, pair_cells *p) {
  int n = 0;
  if (row_line) {
    int c0 = 3 * (corner % 9 / 3);
    for (int c = c0; c < c0 + 3; c++)
      if (9 * line + c != corner) p->cell[n++] = 9 * line + c;
  } else {
    int r0 = 3 * (corner / 9 / 3);
    for (int r = r0; r < r0 + 3; r++)
      if (9 * r + line != corner) p->cell[n++] = 9 * r + line;
  }
}

static void pair_name(const pair_cells *p, char *buf) {
  int r0 = p->cell[0] / 9, c0 = p->cell[0] % 9, r1 = p->cell[1] / 9, c1 = p->cell[1] % 9;
  buf[0] = 'r';
  buf[1] = (char)('1' + r0);
  int n = 2;
  if (r1 != r0) buf[n++] = (char)('1' + r1);
  buf[n++] = 'c';
  buf[n++] = (char)('1' + c0);
  if (c1 != c0) buf[n++] = (char)('1' + c1);
  buf[n] = 0;
}

static int try_pattern(const sk_search *s, int a, int b, int c, int d, int max_filled) {
  const sk_grid *g = s->grid;
  int ba = 3 * (a / 3), bb = 3 * (b / 3);
  int boxA = ba + c / 3, boxB = ba + d / 3, boxC = bb + d / 3, boxD = bb + c / 3;
  pair_cells P[8];
  line_pair(1, a, 9 * a + c, &P[0]);
  line_pair(1, a, 9 * a + d, &P[1]);
  line_pair(0, d, 9 * a + d, &P[2]);
  line_pair(0, d, 9 * b + d, &P[3]);
  line_pair(1, b, 9 * b + d, &P[4]);
  line_pair(1, b, 9 * b + c, &P[5]);
  line_pair(0, c, 9 * b + c, &P[6]);
  line_pair(0, c, 9 * a + c, &P[7]);
  const int H[8] = {a, 18 + boxB, 9 + d, 18 + boxC, b, 18 + boxD, 9 + c, 18 + boxA};

  sk_mask pm[8];
  int empty = 0, filled = 0, total = 0;
  for (int i = 0; i < 8; i++) {
    pm[i] = 0;
    for (int k = 0; k < 2; k++) {
      int cell = P[i].cell[k];
      if (g->value[cell]) filled++;
      else {
        empty++;
        pm[i] |= g->cand[cell];
      }
    }
    if (filled > max_filled || pm[i] == 0) return 0;
    total += sk_mask_count(pm[i]);
  }
  if (total != 2 * empty) return 0;

  sk_mask start = pm[0] & pm[1];
  for (unsigned l0 = 1; l0 <= start; l0++) {
    if ((l0 & start) != l0) continue;
    sk_mask L[8];
    L[0] = (sk_mask)l0;
    int ok = 1;
    for (int i = 1; i < 8 && ok; i++) {
      L[i] = (sk_mask)(pm[i] & ~L[i - 1]);
      if ((L[i] & pm[(i + 1) % 8]) != L[i]) ok = 0;
    }
    if (!ok || (L[7] & L[0]) || (sk_mask)(L[7] | L[0]) != pm[0]) continue;

    const sk_host *host = s->host;
    sk_hint h;
    host->hint_init(&h);
    sk_bits loop = {{0, 0}};
    for (int i = 0; i < 8; i++)
      for (int k = 0; k < 2; k++) {
        sk_bits_set(&loop, P[i].cell[k]);
        h.focus[P[i].cell[k]] = g->cand[P[i].cell[k]];
      }
    for (int i = 0; i < 8; i++)
      for (sk_mask m = L[i]; m; m &= (sk_mask)(m - 1)) {
        int dg = sk_mask_first(m);
        sk_bits hit = sk_bits_andnot(sk_bits_and(g->dcells[dg - 1], sk_house_bits[H[i]]), loop);
        for (int cell; (cell = sk_bits_pop(&hit)) >= 0;) sk_hint_elim(&h, cell, dg);
      }
    if (!sk_hint_has_elims(&h)) continue;
    host->hint_printf(&h, "SK Loop:");
    for (int i = 0; i < 8; i++) {
      char pn[12], hn[4], ds[10];
      int n = 0;
      for (sk_mask m = L[i]; m; m &= (sk_mask)(m - 1)) ds[n++] = (char)('0' + sk_mask_first(m));
      ds[n] = 0;
      pair_name(&P[i], pn);
      host->hint_printf(&h, " %s -%s{%s}-", pn, sk_house_name(H[i], hn), ds);
    }
    char p0[12];
    pair_name(&P[0], p0);
    host->hint_printf(&h, " %s", p0);
    h.fig[SK_FIG_SIZE] = empty;
    h.fig[SK_FIG_LENGTH] = 8;
    h.fig[SK_FIG_EXTRA] = filled;
    if (host->emit(s, &h)) return -1;
  }
  return 0;
}

static int search(const sk_search *s) {
  int max_filled = s->host->param(s, "max-filled", 4);
  for (int a = 0; a < 9; a++)
    for (int b = a + 1; b < 9; b++) {
      if (a / 3 == b / 3) continue;
      if (s->host->should_stop(s)) return SK_SEARCH_DONE;
      for (int c = 0; c < 9; c++)
        for (int d = c + 1; d < 9; d++) {
          if (c / 3 == d / 3) continue;
          if (try_pattern(s, a, b, c, d, max_filled) < 0) return SK_SEARCH_STOPPED;
        }
    }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(sk_loop) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"sk-loop", "SK Loop", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
