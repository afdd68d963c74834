/*
** fireworks.c -- fireworks (Sunnie's Firework Triple and Quadruple).
**
** Technique (id of the rating table):
**   firework   a firework digit d of a pivot cell P with a partner cell A
**              in P's row and a partner cell B in P's column, A and B
**              outside P's box: in P's row outside P's box d can only be
**              at A (no candidate, no value d elsewhere), and in P's
**              column outside P's box only at B.  If d were in none of
**              P, A, B, row and column would both take d inside P's box,
**              in two different cells of it.  So d is in P, A or B.
**     triple     three firework digits of one pivot: they fill P, A, B,
**                one each.  The three cells lose every other candidate,
**                and the cells of P's box outside P's row and column lose
**                the three digits (the digit in A reaches P's box in P's
**                column, the one in B in P's row).
**     quadruple  four cells in the corners of a rectangle spread over four
**                boxes (two bands, two stacks); two opposite corners are
**                pivots, each with the other two corners as its partners,
**                two firework digits for one pivot and two others for the
**                other.  The four digits fill the four cells, one each; a
**                pivot holds one of its own two digits.  Pivots lose all
**                but their own two digits, the partners all but the four,
**                and each pivot's box, outside its row and column, loses
**                its two digits.
**   A hint is emitted only when it eliminates something.
**
** Scan order: Sunnie's (kyoyama-kazusa/Sudoku, FireworkStepSearcher and
** FireworkPattern): the nine rectangles of boxes in the order b1245,
** b1346, b2356, b1278, b1379, b2389, b4578, b4679, b5689; in each, first
** the triples (the rectangle's box triples in lexicographic order, cells
** of each box in increasing order, the pivot being the cell that shares
** a line with both others), then the quadruples (cells of the four boxes
** in increasing order; pivot pairs: first and last cell, then the middle
** two; digit splits in Sunnie's order).  Every empty-cell pattern with
** enough candidates is tried; digit sets are tried in increasing order.
** Sunnie's order is followed so that the first hint of a step is Sunnie's.
**
** Sunnie's Firework Pair (two firework digits and extra bivalue cells or
** an empty rectangle) is not implemented: Sunnie's own searcher has it
** commented out and gives it no rating.
**
** Options: none.
** Figures: size = 3 (triple) or 4 (quadruple): Sunnie's base 5.9 plus 0.1
** (triple) or 0.4 (quadruple); no further factors.
** Hint text: "Firework Triple: r1c1,r1c9,r9c1 (123)"; focus: the firework
** digits in the pattern's cells.
*/
#include "sk_plugin.h"

static const int box_quads[9][4] = {
  {0, 1, 3, 4}, {0, 2, 3, 5}, {1, 2, 4, 5},
  {0, 1, 6, 7}, {0, 2, 6, 8}, {1, 2, 7, 8},
  {3, 4, 6, 7}, {3, 5, 6, 8}, {4, 5, 7, 8},
};

static int same_line(int a, int b) {
  return sk_row_of(a) == sk_row_of(b) || sk_col_of(a) == sk_col_of(b);
}

/* For each cell p and each cell x of p's row or column outside p's box:
** the digits (candidates or values) of the other cells of that line
** outside p's box.  except[p][x] is meaningful only for such pairs. */
typedef struct lines_except {
  sk_mask row[SK_CELLS][9];    /* by column of x */
  sk_mask col[SK_CELLS][9];    /* by row of x */
} lines_except;

static sk_mask digits_of(const sk_grid *g, int c) {
  return g->value[c] ? SK_BIT(g->value[c]) : g->cand[c];
}

static void lines_init(const sk_grid *g, lines_except *le) {
  for (int p = 0; p < SK_CELLS; p++) {
    int r = sk_row_of(p), c = sk_col_of(p);
    for (int k = 0; k < 9; k++) {
      le->row[p][k] = le->col[p][k] = 0;
      if (k / 3 != c / 3)
        for (int j = 0; j < 9; j++)
          if (j / 3 != c / 3 && j != k) le->row[p][k] |= digits_of(g, 9 * r + j);
      if (k / 3 != r / 3)
        for (int j = 0; j < 9; j++)
          if (j / 3 != r / 3 && j != k) le->col[p][k] |= digits_of(g, 9 * j + c);
    }
  }
}

/* Digits of cells a, b, p for which, in the line of a and p outside p's
** box, only a may hold d, and in the line of b and p outside p's box,
** only b (a and b outside p's box, one in its row, one in its column). */
static sk_mask firework_digits(const sk_grid *g, const lines_except *le, int a, int b, int p) {
  sk_mask ok = (sk_mask)(g->cand[a] | g->cand[b] | g->cand[p]);
  const int part[2] = {a, b};
  for (int k = 0; k < 2; k++) {
    int x = part[k];
    ok &= (sk_mask)~(sk_row_of(x) == sk_row_of(p) ? le->row[p][sk_col_of(x)] : le->col[p][sk_row_of(x)]);
  }
  return ok;
}

static void put_cells(const sk_search *s, sk_hint *h, const int *cells, int n) {
  char nm[8];
  for (int i = 0; i < n; i++)
    s->host->hint_printf(h, "%s%s", i ? "," : "", sk_cell_name(cells[i], nm));
}

static void put_digits(const sk_search *s, sk_hint *h, sk_mask m) {
  for (; m; m &= (sk_mask)(m - 1)) s->host->hint_printf(h, "%d", sk_mask_first(m));
}

/* cells of p's box outside p's row and column lose digits m */
static void box_elims(const sk_grid *g, sk_hint *h, int p, sk_mask m) {
  int box = 18 + sk_box_of(p);
  for (int i = 0; i < 9; i++) {
    int x = sk_house_cell[box][i];
    if (sk_row_of(x) == sk_row_of(p) || sk_col_of(x) == sk_col_of(p)) continue;
    if (g->cand[x] & m) h->elim[x] |= (sk_mask)(g->cand[x] & m);
  }
}

/* 1 when the search must stop */
static int triple(const sk_search *s, const lines_except *le, int p, int a, int b) {
  const sk_grid *g = s->grid;
  sk_mask all = (sk_mask)(g->cand[p] | g->cand[a] | g->cand[b]);
  if (sk_mask_count(all) < 3) return 0;
  sk_mask fw = firework_digits(g, le, a, b, p);
  if (sk_mask_count(fw) < 3) return 0;
  int cells[3] = {p, a, b};
  /* sorted for the text */
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++)
      if (cells[j] < cells[i]) { int t = cells[i]; cells[i] = cells[j]; cells[j] = t; }
  for (sk_mask m1 = fw; m1; m1 &= (sk_mask)(m1 - 1))
    for (sk_mask m2 = (sk_mask)(m1 & (m1 - 1)); m2; m2 &= (sk_mask)(m2 - 1))
      for (sk_mask m3 = (sk_mask)(m2 & (m2 - 1)); m3; m3 &= (sk_mask)(m3 - 1)) {
        sk_mask ds = (sk_mask)((m1 & -m1) | (m2 & -m2) | (m3 & -m3));
        sk_hint h;
        s->host->hint_init(&h);
        for (int i = 0; i < 3; i++) {
          h.elim[cells[i]] = (sk_mask)(g->cand[cells[i]] & ~ds);
          h.focus[cells[i]] = (sk_mask)(g->cand[cells[i]] & ds);
        }
        box_elims(g, &h, p, ds);
        if (!sk_hint_has_elims(&h)) continue;
        h.name = "Firework Triple";
        h.fig[SK_FIG_SIZE] = 3;
        s->host->hint_printf(&h, "Firework Triple: ");
        put_cells(s, &h, cells, 3);
        s->host->hint_printf(&h, " (");
        put_digits(s, &h, ds);
        s->host->hint_printf(&h, ")");
        if (s->host->emit(s, &h)) return 1;
      }
  return 0;
}

/* the quadruple of the four corners c[0..3] (increasing) */
static int quadruple(const sk_search *s, const lines_except *le, const int c[4]) {
  const sk_grid *g = s->grid;
  sk_mask all = 0;
  for (int i = 0; i < 4; i++) all |= g->cand[c[i]];
  if (sk_mask_count(all) < 4) return 0;
  int dg[9], nd = 0;
  for (sk_mask m = all; m; m &= (sk_mask)(m - 1)) dg[nd++] = sk_mask_first(m);
  /* the six ways to split four digits into (pair of pivot 1, pair of pivot 2) */
  static const int split[6][4] = {
    {0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}, {1, 2, 0, 3}, {1, 3, 0, 2}, {2, 3, 0, 1},
  };
  const int pivots[2][2] = {{c[0], c[3]}, {c[1], c[2]}};
  /* firework digits of each pivot, with the other two corners as partners */
  sk_mask fw[2][2];
  int any = 0;
  for (int pv = 0; pv < 2; pv++) {
    int n1 = pivots[1 - pv][0], n2 = pivots[1 - pv][1];
    fw[pv][0] = firework_digits(g, le, n1, n2, pivots[pv][0]);
    fw[pv][1] = firework_digits(g, le, n1, n2, pivots[pv][1]);
    if (sk_mask_count(fw[pv][0]) >= 2 && sk_mask_count(fw[pv][1]) >= 2 &&
        sk_mask_count((sk_mask)(fw[pv][0] | fw[pv][1])) >= 4) any = 1;
  }
  if (!any) return 0;
  for (int i = 0; i < nd; i++)
    for (int j = i + 1; j < nd; j++)
      for (int k = j + 1; k < nd; k++)
        for (int l = k + 1; l < nd; l++) {
          int four[4] = {dg[i], dg[j], dg[k], dg[l]};
          for (int pv = 0; pv < 2; pv++) {
            int p1 = pivots[pv][0], p2 = pivots[pv][1];
            int n1 = pivots[1 - pv][0], n2 = pivots[1 - pv][1];
            sk_mask fw1 = fw[pv][0], fw2 = fw[pv][1];
            for (int sp = 0; sp < 6; sp++) {
              sk_mask pair1 = (sk_mask)(SK_BIT(four[split[sp][0]]) | SK_BIT(four[split[sp][1]]));
              sk_mask pair2 = (sk_mask)(SK_BIT(four[split[sp][2]]) | SK_BIT(four[split[sp][3]]));
              if ((fw1 & pair1) != pair1 || (fw2 & pair2) != pair2) continue;
              sk_mask ds = (sk_mask)(pair1 | pair2);
              sk_hint h;
              s->host->hint_init(&h);
              h.elim[p1] = (sk_mask)(g->cand[p1] & ~pair1);
              h.elim[p2] = (sk_mask)(g->cand[p2] & ~pair2);
              h.elim[n1] = (sk_mask)(g->cand[n1] & ~ds);
              h.elim[n2] = (sk_mask)(g->cand[n2] & ~ds);
              for (int q = 0; q < 4; q++) h.focus[c[q]] = (sk_mask)(g->cand[c[q]] & ds);
              box_elims(g, &h, p1, pair1);
              box_elims(g, &h, p2, pair2);
              if (!sk_hint_has_elims(&h)) continue;
              h.name = "Firework Quadruple";
              h.fig[SK_FIG_SIZE] = 4;
              s->host->hint_printf(&h, "Firework Quadruple: ");
              put_cells(s, &h, c, 4);
              s->host->hint_printf(&h, " (");
              put_digits(s, &h, ds);
              s->host->hint_printf(&h, ")");
              if (s->host->emit(s, &h)) return 1;
            }
          }
        }
  return 0;
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  lines_except le;
  lines_init(g, &le);
  for (int q = 0; q < 9; q++) {
    const int *bx = box_quads[q];
    /* triples: box triples of the rectangle in lexicographic order */
    static const int tri[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
    for (int t = 0; t < 4; t++) {
      if (s->host->should_stop(s)) return SK_SEARCH_STOPPED;
      const uint8_t *A = sk_house_cell[18 + bx[tri[t][0]]];
      const uint8_t *B = sk_house_cell[18 + bx[tri[t][1]]];
      const uint8_t *C = sk_house_cell[18 + bx[tri[t][2]]];
      for (int i = 0; i < 9; i++) {
        int a = A[i];
        if (g->value[a]) continue;
        for (int j = 0; j < 9; j++) {
          int b = B[j];
          if (g->value[b]) continue;
          for (int k = 0; k < 9; k++) {
            int c = C[k];
            if (g->value[c]) continue;
            int r = 0;
            if (same_line(a, b) && same_line(a, c)) r = triple(s, &le, a, b, c);
            else if (same_line(a, b) && same_line(b, c)) r = triple(s, &le, b, a, c);
            else if (same_line(a, c) && same_line(b, c)) r = triple(s, &le, c, a, b);
            if (r) return SK_SEARCH_STOPPED;
          }
        }
      }
    }
    /* quadruples: corners a (box 0), b (box 1), c (box 2), d (box 3) */
    const uint8_t *A = sk_house_cell[18 + bx[0]], *B = sk_house_cell[18 + bx[1]];
    const uint8_t *C = sk_house_cell[18 + bx[2]], *D = sk_house_cell[18 + bx[3]];
    for (int i = 0; i < 9; i++) {
      int a = A[i];
      if (g->value[a]) continue;
      for (int j = 0; j < 9; j++) {
        int b = B[j];
        if (g->value[b] || !same_line(a, b)) continue;
        for (int k = 0; k < 9; k++) {
          int c = C[k];
          if (g->value[c] || !same_line(a, c)) continue;
          for (int l = 0; l < 9; l++) {
            int d = D[l];
            if (g->value[d] || !same_line(b, d) || !same_line(c, d)) continue;
            int cs[4] = {a, b, c, d};
            for (int x = 0; x < 4; x++)
              for (int y = x + 1; y < 4; y++)
                if (cs[y] < cs[x]) { int tmp = cs[x]; cs[x] = cs[y]; cs[y] = tmp; }
            if (quadruple(s, &le, cs)) return SK_SEARCH_STOPPED;
          }
        }
      }
    }
  }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(fireworks) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"firework", "Firework", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
