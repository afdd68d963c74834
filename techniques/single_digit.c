/*
** single_digit.c -- HoDoKu's single-digit patterns: Skyscraper, 2-String
** Kite, Turbot Fish, Empty Rectangle and their duals.
**
** Techniques (ids of the rating table; HoDoKu's reglib codes):
**   skyscraper        0400  two rows (columns) hold d in exactly two cells
**                           each, one end of each pair in the same column
**                           (row): d leaves every cell that sees both other
**                           ends
**   two-string-kite   0401  a row pair and a column pair of d with one end
**                     0404  of each in the same box (the two ends being
**                           different cells): d leaves the cell where the
**                           free ends' row and column cross.  Dual (type 1):
**                           two kites on the same two box cells with
**                           different eliminations, as one step
**   turbot-fish       0403  the X-Chain of three links: strong, weak,
**                           strong, all of d: d leaves every cell that sees
**                           both ends
**   empty-rectangle   0402  a box whose d-candidates lie in one row and one
**                     0405  column of it (each with a cell off the crossing,
**                           and the row or the column with two candidates,
**                           the crossing counted, unless
**                           er-two-candidates), and a conjugate pair of d in
**                           a column (row) with one end in the ER row
**                           (column): d leaves the cell where the pair's
**                           other end's row (column) crosses the ER column
**                           (row).  Dual (type 1): two ERs of the same box
**                           candidates with different eliminations
**
** Each search follows HoDoKu 2.2.0's (solver/SingleDigitPatternSolver.java,
** and ChainSolver.java for the turbot fish) so that the hints found, their
** order and their texts are HoDoKu's:
**   - skyscraper: rows for d = 1..9, then columns for d = 1..9; pairs of
**     conjugate lines in line order; the ends compared are the first with
**     the first and the second with the second only (HoDoKu does not try
**     the crossed ends, so neither do we).  The first found wins.
**   - two-string-kite: d = 1..9; every row pair with every column pair.
**     The ends in the shared box are found by HoDoKu's four tests, which
**     swap the ends of the pairs in place, and the swaps persist for the
**     later combinations (kept: it decides which box is the connecting one
**     when there are two).  The first found wins.
**   - empty-rectangle: d = 1..9, boxes 1..9 holding d 2..5 times, HoDoKu's
**     nine empty-cell patterns of a box in order, then the conjugate pairs
**     in the columns crossing the ER row, then in the rows crossing the ER
**     column, the cells in unit order.  The first found wins.
**   - duals (option "duals", HoDoKu's allowDualsAndSiamese, default 0):
**     HoDoKu then collects every kite (ER), adds the duals of each pair
**     of them and sorts the lot with SolutionStep.compareTo; so do we, with
**     that comparator and the binary insertion sort java.util.Collections
**     .sort uses below 32 elements (java_sort), and emit in that order.
**   - turbot-fish: HoDoKu builds every chain (start cells 0..80, their
**     candidates ascending, links in ChainSolver's link order: the cell's
**     row, column, then box without the cells of its row and column), and
**     keeps the best by compareTo; registered SK_TECH_COLLECT with that
**     comparator as the order: more eliminations first, then the smaller
**     weighted index sum of the eliminations (for turbots compareTo is
**     exactly that).  As in HoDoKu, a link in a box to a cell of the same
**     row or column is the row's or column's link (strong only if that
**     line holds d twice), and the chain may end where it started.  In a
**     rating step only a chain ordered before every one emitted so far is
**     emitted (all have one difficulty: the others cannot win).
**
** Options (host->param, HoDoKu's default):
**   duals              0   find dual kites and dual ERs
**   er-two-candidates  0   ERs whose row and column hold one cell each
**                          (HoDoKu's allowErsWithOnlyTwoCandidates)
**
** Figures: fig[SK_FIG_TYPE] = 0 for the plain pattern, 1 for a dual
** (two-string-kite: 0401 / 0404, empty-rectangle: 0402 / 0405); no other
** figure.  Focus: the pattern's candidates, all of digit d (HoDoKu's step
** value, the library line's <candidate(s)>): the four cells of a
** skyscraper, kite or turbot (eight for a dual kite), the box's candidates
** and the conjugate pair of an ER.  HoDoKu forms dual kites of two digits
** too (it compares the box cells only; the library has such cases); its
** step value is the first kite's digit, so the focus is the first kite's
** four cells then.  Texts are HoDoKu's step.toString(2) up to " => ".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

/* {====== HoDoKu's cell lists */

/* HoDoKu's getCompactCellPrint: the cells ascending, each group being a
** cell with the later cells of its row ("r1c123") or, when the second
** cell of the group is in its column, of its column ("r123c1"). */
static void compact_cells(char *out, size_t size, const int *cells, int n) {
  int c[81], k = 0;
  unsigned char used[81] = {0}, in[81] = {0};
  for (int i = 0; i < n; i++) in[cells[i]] = 1;
  for (int i = 0; i < 81; i++) if (in[i]) c[k++] = i;
  size_t at = 0;
  out[0] = 0;
  for (int i = 0; i < k; i++) {
    if (used[c[i]]) continue;
    int line = c[i] / 9, col = c[i] % 9;
    char rows[10], cols[10];
    int nr = 0, nc = 0;
    rows[nr++] = (char)('1' + line);
    cols[nc++] = (char)('1' + col);
    for (int j = i + 1; j < k; j++) {
      if (used[c[j]]) continue;
      if (c[j] / 9 == line && nr == 1) { cols[nc++] = (char)('1' + c[j] % 9); used[c[j]] = 1; }
      else if (c[j] % 9 == col && nc == 1) { rows[nr++] = (char)('1' + c[j] / 9); used[c[j]] = 1; }
    }
    rows[nr] = cols[nc] = 0;
    if (at + 24 >= size) break;
    at += (size_t)snprintf(out + at, size - at, "%sr%sc%s", at ? "," : "", rows, cols);
  }
}

/* }====== */

/* {====== steps of the kite and ER searches (the duals' sort needs them) */

typedef struct step {
  int dual;              /* 0 plain, 1 dual */
  int digit;             /* HoDoKu's values[0] */
  int box;               /* ER: the box (0..8) */
  int nidx, idx[8];      /* HoDoKu's indices */
  int nel, el[2], eld[2];/* eliminations (cell, digit), in HoDoKu's order */
  int nfin, fin[9];      /* ER: the box's candidates of digit; kite: box cells */
} step;

typedef struct steps {
  step *v;
  int n, cap;
} steps;

/* Keep x (dropped when memory runs out). */
static void steps_add(steps *l, const step *x) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 64;
    step *v = realloc(l->v, (size_t)cap * sizeof *v);
    if (!v) return;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = *x;
}

/* SolutionStep.isEqualInteger: same size, every entry of a found in b. */
static int same_ints(const int *a, int na, const int *b, int nb) {
  if (na != nb) return 0;
  for (int i = 0; i < na; i++) {
    int f = 0;
    for (int j = 0; j < na && !f; j++) f = a[i] == b[j];
    if (!f) return 0;
  }
  return 1;
}

static int same_elims(const step *a, const step *b) {
  if (a->nel != b->nel) return 0;
  for (int i = 0; i < a->nel; i++) {
    int f = 0;
    for (int j = 0; j < a->nel && !f; j++) f = a->el[i] == b->el[j] && a->eld[i] == b->eld[j];
    if (!f) return 0;
  }
  return 1;
}

/* SolutionStep.getIndexSumme of the eliminations, in list order. */
static int elim_sum(const step *a) {
  int sum = 0, off = 1;
  for (int i = 0; i < a->nel; i++, off += 80) sum += a->el[i] * off + a->eld[i];
  return sum;
}

static int int_sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

/* SolutionStep.compareTo for two kite/ER steps (no singles, fish or
** chains among them): more eliminations first; steps that are not
** equivalent (another type or other eliminations) by the index sum of
** their eliminations; else by values, then by indices (fewer first, then
** the larger index sum). */
static int hodoku_compare(const step *a, const step *b) {
  int r = b->nel - a->nel;
  if (r) return r;
  if (a->dual != b->dual || !same_elims(a, b)) return elim_sum(a) - elim_sum(b);
  if (a->digit != b->digit) return a->digit - b->digit;
  if (!same_ints(a->idx, a->nidx, b->idx, b->nidx)) {
    if (a->nidx != b->nidx) return a->nidx - b->nidx;
    return int_sum(b->idx, b->nidx) - int_sum(a->idx, a->nidx);
  }
  return 0;
}

/* java.util.Collections.sort as HoDoKu runs it: TimSort, which below 32
** elements is the leading run (reversed when strictly descending), then a
** binary insertion sort of the rest.  That is done here at any size: above
** 31 TimSort merges runs instead, which orders the same way wherever the
** comparator is consistent (both sorts are stable). */
static void java_sort(step *a, int n) {
  if (n < 2) return;
  int run = 2;
  if (hodoku_compare(&a[1], &a[0]) < 0) {
    while (run < n && hodoku_compare(&a[run], &a[run - 1]) < 0) run++;
    for (int i = 0, j = run - 1; i < j; i++, j--) { step t = a[i]; a[i] = a[j]; a[j] = t; }
  } else {
    while (run < n && hodoku_compare(&a[run], &a[run - 1]) >= 0) run++;
  }
  for (int at = run; at < n; at++) {
    step pivot = a[at];
    int left = 0, right = at;
    while (left < right) {
      int mid = (left + right) >> 1;
      if (hodoku_compare(&pivot, &a[mid]) < 0) right = mid;
      else left = mid + 1;
    }
    memmove(&a[left + 1], &a[left], (size_t)(at - left) * sizeof *a);
    a[left] = pivot;
  }
}

/* }====== */

/* {====== Skyscraper */

/* The first two cells of house h holding d, when it holds d exactly twice. */
static int pair_of(const sk_grid *g, int h, int d, int out[2]) {
  sk_bits p = sk_grid_places(g, h, d);
  if (sk_bits_count(p) != 2) return 0;
  out[0] = sk_bits_pop(&p);
  out[1] = sk_bits_pop(&p);
  return 1;
}

static int cross_of(int cell, int lines) { return lines ? cell % 9 : cell / 9; }

static int skyscraper_lines(const sk_search *s, int lines) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  for (int d = 1; d <= 9; d++) {
    int p[9][2], n = 0;
    for (int u = 0; u < 9; u++)
      if (pair_of(g, (lines ? 0 : 9) + u, d, p[n])) n++;
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        int other;
        if (cross_of(p[i][0], lines) == cross_of(p[j][0], lines)) other = 1;
        else if (cross_of(p[i][1], lines) == cross_of(p[j][1], lines)) other = 0;
        else continue;
        if (cross_of(p[i][other], lines) == cross_of(p[j][other], lines)) continue;   /* X-Wing */
        sk_bits hit = sk_bits_and(g->dcells[d - 1],
                                  sk_bits_and(sk_peer_bits[p[i][other]], sk_peer_bits[p[j][other]]));
        if (sk_bits_empty(hit)) continue;
        sk_hint h;
        host->hint_init(&h);
        for (int c; (c = sk_bits_pop(&hit)) >= 0; ) sk_hint_elim(&h, c, d);
        int ends[2] = {p[i][other], p[j][other]}, base[2] = {p[i][1 - other], p[j][1 - other]};
        for (int k = 0; k < 2; k++) { sk_hint_focus(&h, ends[k], d); sk_hint_focus(&h, base[k], d); }
        char e[64], b[64];
        compact_cells(e, sizeof e, ends, 2);
        compact_cells(b, sizeof b, base, 2);
        host->hint_printf(&h, "Skyscraper: %d in %s (connected by %s)", d, e, b);
        if (host->emit(s, &h)) return SK_SEARCH_STOPPED;
      }
  }
  return SK_SEARCH_DONE;
}

static int skyscraper_search(const sk_search *s) {
  if (skyscraper_lines(s, 1) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return skyscraper_lines(s, 0);
}

/* }====== */

/* {====== emitting kite and ER steps */

static int emit_step(const sk_search *s, const step *x, int kite) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  h.fig[SK_FIG_TYPE] = x->dual;
  for (int i = 0; i < x->nel; i++) sk_hint_elim(&h, x->el[i], x->eld[i]);
  char a[64], b[64], c[64];
  if (kite) {
    /* a dual kite's second kite may be of another digit (HoDoKu compares
    ** cells only); the step's value, and so the focus, is the first's */
    for (int i = 0; i < x->nidx; i++)
      if (i < 4 || x->eld[1] == x->digit) sk_hint_focus(&h, x->idx[i], x->digit);
    compact_cells(a, sizeof a, x->idx, 2);
    compact_cells(c, sizeof c, x->idx + 2, 2);
    if (x->dual) {
      h.name = "Dual 2-String Kite";
      compact_cells(b, sizeof b, x->idx + 4, 2);
      host->hint_printf(&h, "Dual 2-String Kite: %d in %s/in %s (connected by %s)", x->digit, a, b, c);
    } else {
      host->hint_printf(&h, "2-String Kite: %d in %s (connected by %s)", x->digit, a, c);
    }
  } else {
    for (int i = 0; i < x->nidx; i++) sk_hint_focus(&h, x->idx[i], x->digit);
    for (int i = 0; i < x->nfin; i++) sk_hint_focus(&h, x->fin[i], x->digit);
    compact_cells(a, sizeof a, x->idx, 2);
    if (x->dual) {
      h.name = "Dual Empty Rectangle";
      compact_cells(b, sizeof b, x->idx + 2, 2);
      host->hint_printf(&h, "Dual Empty Rectangle: %d in b%d (%s/%s)", x->digit, x->box + 1, a, b);
    } else {
      host->hint_printf(&h, "Empty Rectangle: %d in b%d (%s)", x->digit, x->box + 1, a);
    }
  }
  return host->emit(s, &h);
}

/* With duals: the steps found, their duals added, sorted, emitted. */
static int emit_sorted(const sk_search *s, steps *l, int kite) {
  int r = SK_SEARCH_DONE;
  java_sort(l->v, l->n);
  for (int i = 0; i < l->n && r == SK_SEARCH_DONE; i++)
    if (emit_step(s, &l->v[i], kite)) r = SK_SEARCH_STOPPED;
  free(l->v);
  return r;
}

/* }====== */

/* {====== 2-String Kite */

static int kite_search(const sk_search *s) {
  const sk_grid *g = s->grid;
  int duals = s->host->param(s, "duals", 0) != 0;
  steps all = {0};
  for (int d = 1; d <= 9; d++) {
    int p[18][2], nrow = 0, n = 0;
    for (int u = 0; u < 18; u++)
      if (pair_of(g, u, d, p[n])) { n++; if (u < 9) nrow++; }
    for (int i = 0; i < nrow; i++)
      for (int j = nrow; j < n; j++) {
        /* the ends in the shared box go to [0], the free ends to [1] */
        int t;
        if (sk_box_of(p[i][0]) == sk_box_of(p[j][0])) {
        } else if (sk_box_of(p[i][0]) == sk_box_of(p[j][1])) {
          t = p[j][0]; p[j][0] = p[j][1]; p[j][1] = t;
        } else if (sk_box_of(p[i][1]) == sk_box_of(p[j][0])) {
          t = p[i][0]; p[i][0] = p[i][1]; p[i][1] = t;
        } else if (sk_box_of(p[i][1]) == sk_box_of(p[j][1])) {
          t = p[j][0]; p[j][0] = p[j][1]; p[j][1] = t;
          t = p[i][0]; p[i][0] = p[i][1]; p[i][1] = t;
        } else continue;
        if (p[i][0] == p[j][0] || p[i][0] == p[j][1] || p[i][1] == p[j][0] || p[i][1] == p[j][1])
          continue;
        int cross = (p[j][1] / 9) * 9 + p[i][1] % 9;
        if (!(g->cand[cross] & SK_BIT(d))) continue;
        step x = {0};
        x.digit = d;
        x.nidx = 4;
        x.idx[0] = p[i][1]; x.idx[1] = p[j][1]; x.idx[2] = p[i][0]; x.idx[3] = p[j][0];
        x.nel = 1; x.el[0] = cross; x.eld[0] = d;
        if (!duals) {
          if (emit_step(s, &x, 1)) return SK_SEARCH_STOPPED;
        } else steps_add(&all, &x);
      }
  }
  if (!duals) return SK_SEARCH_DONE;
  /* duals: two kites on the same box cells, other eliminations */
  int m = all.n;
  for (int i = 0; i < m - 1; i++)
    for (int j = i + 1; j < m; j++) {
      const step *a = &all.v[i], *b = &all.v[j];
      int b11 = a->idx[2], b12 = a->idx[3], b21 = b->idx[2], b22 = b->idx[3];
      if (!((b11 == b21 && b12 == b22) || (b12 == b21 && b11 == b22))) continue;
      if (a->el[0] == b->el[0] && a->eld[0] == b->eld[0]) continue;
      step x = *a;
      x.dual = 1;
      for (int k = 0; k < 4; k++) x.idx[4 + k] = b->idx[k];
      x.nidx = 8;
      x.el[1] = b->el[0]; x.eld[1] = b->eld[0]; x.nel = 2;
      steps_add(&all, &x);
    }
  return emit_sorted(s, &all, 1);
}

/* }====== */

/* {====== Empty Rectangle */

/* HoDoKu's nine ERs of a box: the four cells (offsets from the box's first
** cell) that must lack d, and the ER row and column (offsets) left. */
static const int er_empty[9][4] = {
  {0, 1, 9, 10}, {0, 2, 9, 11}, {1, 2, 10, 11}, {0, 1, 18, 19}, {0, 2, 18, 20},
  {1, 2, 19, 20}, {9, 10, 18, 19}, {9, 11, 18, 20}, {10, 11, 19, 20},
};
static const int er_row[9] = {2, 2, 2, 1, 1, 1, 0, 0, 0};
static const int er_col[9] = {2, 1, 0, 2, 1, 0, 2, 1, 0};

/* HoDoKu's checkEmptyRectangle: conjugate pairs in the columns (rows, when
** by_col) crossing the ER row (column) `line`, their other end's row
** (column) crossing the ER column (row) `cross`.  Each hit is emitted at
** once (first = 1 and no duals) or kept in *all. */
static int er_check(const sk_search *s, int d, int box, sk_bits boxc, int line, int cross,
                    int by_col, int collect, steps *all) {
  const sk_grid *g = s->grid;
  sk_bits dc = g->dcells[d - 1];
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[(by_col ? 9 : 0) + line][i];
    if (g->value[c] || sk_box_of(c) == box || !(g->cand[c] & SK_BIT(d))) continue;
    /* a conjugate pair in the cell's column (row) */
    sk_bits t = sk_bits_and(dc, sk_house_bits[by_col ? sk_row_of(c) : 9 + sk_col_of(c)]);
    if (sk_bits_count(t) != 2) continue;
    int c2 = sk_bits_pop(&t);
    if (c2 == c) c2 = sk_bits_pop(&t);
    t = sk_bits_and(dc, sk_house_bits[by_col ? 9 + sk_col_of(c2) : sk_row_of(c2)]);
    for (int del; (del = sk_bits_pop(&t)) >= 0; ) {
      if (sk_box_of(del) == box) continue;
      if ((by_col ? sk_row_of(del) : sk_col_of(del)) != cross) continue;
      step x = {0};
      x.digit = d;
      x.box = box;
      x.nidx = 2; x.idx[0] = c; x.idx[1] = c2;
      x.nel = 1; x.el[0] = del; x.eld[0] = d;
      sk_bits b = boxc;
      for (int f; (f = sk_bits_pop(&b)) >= 0; ) x.fin[x.nfin++] = f;
      if (!collect) {
        if (emit_step(s, &x, 0)) return SK_SEARCH_STOPPED;
      } else steps_add(all, &x);
      break;
    }
  }
  return SK_SEARCH_DONE;
}

static int er_search(const sk_search *s) {
  const sk_grid *g = s->grid;
  int duals = s->host->param(s, "duals", 0) != 0;
  int two = s->host->param(s, "er-two-candidates", 0) != 0;
  steps all = {0};
  for (int d = 1; d <= 9; d++)
    for (int box = 0; box < 9; box++) {
      sk_bits boxc = sk_grid_places(g, 18 + box, d);
      int nb = sk_bits_count(boxc);
      if (nb < 2 || nb > 5) continue;
      int first = (box / 3) * 27 + (box % 3) * 3;
      for (int j = 0; j < 9; j++) {
        int hole = 0;
        for (int k = 0; k < 4; k++) hole |= sk_bits_has(&boxc, first + er_empty[j][k]);
        if (hole) continue;
        int line = (box / 3) * 3 + er_row[j], col = (box % 3) * 3 + er_col[j];
        int enough = 0;
        sk_bits t = sk_bits_and(boxc, sk_house_bits[line]);
        if (sk_bits_count(t) >= 2) enough = 1;
        if (sk_bits_empty(sk_bits_andnot(t, sk_house_bits[9 + col]))) continue;
        t = sk_bits_and(boxc, sk_house_bits[9 + col]);
        if (sk_bits_count(t) >= 2) enough = 1;
        if (sk_bits_empty(sk_bits_andnot(t, sk_house_bits[line]))) continue;
        if (!enough && !two) continue;
        if (er_check(s, d, box, boxc, line, col, 0, duals, &all) == SK_SEARCH_STOPPED ||
            er_check(s, d, box, boxc, col, line, 1, duals, &all) == SK_SEARCH_STOPPED) {
          free(all.v);
          return SK_SEARCH_STOPPED;
        }
      }
    }
  if (!duals) return SK_SEARCH_DONE;
  /* duals: two ERs of the same box candidates, other eliminations */
  int m = all.n;
  for (int i = 0; i < m - 1; i++)
    for (int j = i + 1; j < m; j++) {
      const step *a = &all.v[i], *b = &all.v[j];
      if (a->box != b->box || a->nfin != b->nfin || a->digit != b->digit) continue;
      if (memcmp(a->fin, b->fin, (size_t)a->nfin * sizeof a->fin[0]) != 0) continue;
      if (a->el[0] == b->el[0] && a->eld[0] == b->eld[0]) continue;
      step x = *a;
      x.dual = 1;
      x.idx[2] = b->idx[0]; x.idx[3] = b->idx[1]; x.nidx = 4;
      x.el[1] = b->el[0]; x.eld[1] = b->eld[0]; x.nel = 2;
      steps_add(&all, &x);
    }
  return emit_sorted(s, &all, 0);
}

/* }====== */

/* {====== Turbot Fish */

/* ChainSolver's links of (cell, d) for X-Chains: the other cells of d in
** the cell's row, column and box (the box without the cells of the row and
** column), strong when that house holds d twice. */
typedef struct links {
  int16_t start[82];     /* links of cell c: at[start[c] .. start[c+1]-1] */
  uint8_t at[81 * 20];
  uint8_t strong[81 * 20];
  int16_t sstart[82];    /* the strong ones alone, in that order: sat[sstart[c] ..] */
  uint8_t sat[81 * 20];
} links;

static void make_links(const sk_grid *g, int d, links *L) {
  sk_bits dc = g->dcells[d - 1];
  int n = 0;
  int count[27];
  for (int h = 0; h < 27; h++) count[h] = sk_bits_count(sk_bits_and(dc, sk_house_bits[h]));
  for (int c = 0; c < 81; c++) {
    L->start[c] = (int16_t)n;
    if (!sk_bits_has(&dc, c)) continue;
    const uint8_t *hs = sk_cell_house[c];
    for (int k = 0; k < 3; k++) {
      int h = hs[k];
      int strong = count[h] == 2;
      /* the house's cells in its order (ascending); in the box, not those
      ** of c's row or column */
      sk_bits in = sk_bits_and(dc, sk_house_bits[h]);
      if (k == 2) in = sk_bits_andnot(in, sk_bits_or(sk_house_bits[hs[0]], sk_house_bits[hs[1]]));
      sk_bits_clear(&in, c);
      for (int o; (o = sk_bits_pop(&in)) >= 0; ) {
        L->at[n] = (uint8_t)o;
        L->strong[n] = (uint8_t)strong;
        n++;
      }
    }
  }
  L->start[81] = (int16_t)n;
  int k = 0;
  for (int c = 0; c < 81; c++) {
    L->sstart[c] = (int16_t)k;
    for (int i = L->start[c]; i < L->start[c + 1]; i++)
      if (L->strong[i]) L->sat[k++] = L->at[i];
  }
  L->sstart[81] = (int16_t)k;
}

/* SolutionStep.compareTo between turbots: more eliminations, then the
** smaller getIndexSumme (k-th elimination weighted 1 + 80k) */
static int64_t turbot_order(int d, sk_bits hit) {
  int64_t n = 0, sum = 0, off = 1;
  for (int c; (c = sk_bits_pop(&hit)) >= 0; off += 80, n++) sum += c * off + d;
  return ((int64_t)(1000 - n) << 40) | sum;
}

static int turbot_emit(const sk_search *s, int d, const int chain[4], sk_bits hit) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  h.order = turbot_order(d, hit);
  for (int c; (c = sk_bits_pop(&hit)) >= 0; ) sk_hint_elim(&h, c, d);
  char a[8], b[8], c[8], e[8];
  for (int i = 0; i < 4; i++) sk_hint_focus(&h, chain[i], d);
  host->hint_printf(&h, "Turbot Fish: %d %s =%d= %s -%d- %s =%d= %s", d, sk_cell_name(chain[0], a),
                    d, sk_cell_name(chain[1], b), d, sk_cell_name(chain[2], c), d,
                    sk_cell_name(chain[3], e));
  return host->emit(s, &h);
}

static int turbot_search(const sk_search *s) {
  const sk_grid *g = s->grid;
  /* the start loop runs over cells, then their candidates: the links of
  ** every digit first */
  links *byd = malloc(9 * sizeof *byd);
  if (!byd) return SK_SEARCH_DONE;
  /* Every turbot has the same figures, so the same difficulty: in a rating
  ** step (difficulty >= 0) one whose order is not below the least emitted
  ** cannot win (the engine keeps the first of equal ones), and is not
  ** emitted.  Hint listings get every one. */
  int32_t fig0[SK_FIG_COUNT] = {0};
  int prune = s->host->difficulty(s, fig0, 0) >= 0;
  int64_t best = INT64_MAX;
  for (int d = 1; d <= 9; d++) make_links(g, d, &byd[d - 1]);
  int r = SK_SEARCH_DONE;
  for (int st = 0; st < 81 && r == SK_SEARCH_DONE; st++) {
    if (g->value[st]) continue;
    for (sk_mask m = g->cand[st]; m && r == SK_SEARCH_DONE; m &= m - 1) {
      int d = sk_mask_first(m);
      const links *l = &byd[d - 1];
      sk_bits dc = g->dcells[d - 1];
      sk_bits from_start = sk_bits_and(dc, sk_peer_bits[st]);
      for (int i1 = l->sstart[st]; i1 < l->sstart[st + 1] && r == SK_SEARCH_DONE; i1++) {
        int a = l->sat[i1];
        for (int i2 = l->start[a]; i2 < l->start[a + 1] && r == SK_SEARCH_DONE; i2++) {
          int b = l->at[i2];
          if (b == st) continue;          /* a loop back to the start ends the chain */
          for (int i3 = l->sstart[b]; i3 < l->sstart[b + 1]; i3++) {
            int c = l->sat[i3];
            if (c == a) continue;         /* back into the chain (the start may close it) */
            sk_bits hit = sk_bits_and(from_start, sk_peer_bits[c]);
            if (sk_bits_empty(hit)) continue;
            int chain[4] = {st, a, b, c};
            if (prune) {
              int64_t o = turbot_order(d, hit);
              if (o >= best) continue;
              best = o;
            }
            if (turbot_emit(s, d, chain, hit)) { r = SK_SEARCH_STOPPED; break; }
          }
        }
      }
    }
  }
  free(byd);
  return r;
}

/* }====== */

SK_PLUGIN_ENTRY(single_digit) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique techs[] = {
    {"skyscraper", "Skyscraper", 0, skyscraper_search, NULL},
    {"two-string-kite", "2-String Kite", 0, kite_search, NULL},
    {"turbot-fish", "Turbot Fish", SK_TECH_COLLECT, turbot_search, NULL},
    {"empty-rectangle", "Empty Rectangle", 0, er_search, NULL},
  };
  for (size_t i = 0; i < sizeof techs / sizeof techs[0]; i++)
    if (host->register_technique(reg, &techs[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
