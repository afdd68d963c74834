/*
** uniqueness.c -- HoDoKu's rectangle techniques: Uniqueness Tests 1 to 6,
** Hidden Rectangle, Avoidable Rectangles 1 and 2.
**
** Techniques (ids of the rating table; HoDoKu's names and library codes):
**   uniqueness-1 .. uniqueness-6   Uniqueness Test 1..6   0600..0605
**   hidden-rectangle               Hidden Rectangle       0606
**   avoidable-rectangle-1, -2      Avoidable Rectangle    0607, 0608
** A rectangle of four empty cells in two rows, two columns and two boxes
** that could all hold only {a,b} would let a and b be swapped: a puzzle
** with one solution cannot end like that, so something outside the pair
** must stay.  With a = the rectangle's smaller digit, b the other; the
** "extra" cells are rectangle cells holding more than a and b:
**   test 1  one extra cell: a and b leave it
**   test 2  two extra cells in a line (test 5: diagonal, or three extra
**           cells), all with the same single extra x: x leaves every cell
**           seeing all the extra cells
**   test 3  two extra cells in a house, their extras plus k other cells
**           of it (holding neither a nor b) form a naked set of k+1
**           digits: those leave the house's other cells (and, when the set
**           is in a line and one box, that box's other cells too)
**   test 4  two extra cells in a line; if a (else b) has no place in the
**           houses they share outside them, the other digit leaves both
**   test 6  two extra cells on a diagonal; if a (else b) has no place in
**           their rows and columns outside the rectangle, it leaves both
**   hidden  one or two (diagonal) cells hold only a and b; for such a
**           corner, if a has no place outside the rectangle in the row and
**           the column through the opposite cell, b leaves that cell (then
**           the same with a and b swapped)
** Avoidable rectangles use solved cells that were not givens: a and b
** placed in two cells of a box, the opposite side either placed b/a or
** still open with a and b as below; placing both would give the deadly
** pattern, so
**   type 1  one opposite cell placed: the other loses the digit that
**           would complete the pattern
**   type 2  both opposite cells open, {b,x} and {a,x}: x leaves every
**           cell seeing both
** They need to know which cells are givens: g->givens must hold only the
** puzzle's givens (a grid read from a candidate format has every filled
** cell as a given, so no avoidable rectangle is found there).
**
** Search and order follow HoDoKu 2.2.0 (solver/UniquenessSolver.java)
** exactly, quirks included, because HoDoKu takes the first step of each
** type in this order and its regression library checks every step:
**   - rectangles start from each bivalue cell (cell order), pair = its two
**     candidates; the second corner is a cell of the same box in the same
**     row or column (box order); the far side lies in the columns (or
**     rows) through the two, at the same position, outside the box;
**   - with "missing-candidates" (HoDoKu's allowUniquenessMissingCandidates,
**     default 1) a corner needs a and b only to be possible -- an empty
**     cell no placed a or b sees -- and HoDoKu tests that for a at both
**     far corners but for b only at the second (kept as it is; it only
**     matters where the start cell holds a digit a placed peer forbids);
**     without it every corner holds both digits;
**   - every rectangle is examined once: HoDoKu remembers the rectangles it
**     saw as 1000*c1 + 100*c2 + 10*c3 + c4 of its sorted cells, a number
**     several rectangles share, in a table of 400 (a rectangle beyond
**     that is always examined); the same is done here, collisions and all;
**   - on each rectangle the types are tried in the order 1, 2/5, 3 (row,
**     column, box; sets grown cell by cell in house order), 4, 6, hidden
**     (each corner, a then b);
**   - avoidable rectangles start from each placed non-given cell (cell
**     order), the second corner a placed non-given cell of its box; the
**     step lists the two placed digits in that order ("9/7").
** HoDoKu finds all the types in one scan and keeps them for the others
** until the grid changes; so do these searches (the scan is kept on the
** rating step).  Option "all-steps" (default 0): HoDoKu's find-all-steps
** search -- the one its regression tester runs -- goes on to the avoidable
** rectangles with the table of seen rectangles of the uniqueness scan,
** where the solver starts it afresh.
**
** Hint text as HoDoKu prints the step: "Uniqueness Test 1: 1/3 in
** r5c89,r8c89"; test 3 lists its eliminations as HoDoKu does (host
** emit_with): the set's house first, then its box.  Focus: the rectangle's a and b (a placed cell's digit
** for an avoidable rectangle), HoDoKu's step values, so the library
** line's digits are the focus's (reglib digits: pattern).
** Figures: type = the test number (1..6), the avoidable type (1, 2), 0
** for the hidden rectangle; size = cells of the naked set of test 3 (the
** two extra cells and the k others), else 0.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

enum { UR1 = 1, UR2, UR3, UR4, UR5, UR6, HR, AR1, AR2, NKINDS };

static const struct kind {
  const char *id, *name;
  int type;
} kinds[NKINDS] = {
  [UR1] = {"uniqueness-1", "Uniqueness Test 1", 1},
  [UR2] = {"uniqueness-2", "Uniqueness Test 2", 2},
  [UR3] = {"uniqueness-3", "Uniqueness Test 3", 3},
  [UR4] = {"uniqueness-4", "Uniqueness Test 4", 4},
  [UR5] = {"uniqueness-5", "Uniqueness Test 5", 5},
  [UR6] = {"uniqueness-6", "Uniqueness Test 6", 6},
  [HR] = {"hidden-rectangle", "Hidden Rectangle", 0},
  [AR1] = {"avoidable-rectangle-1", "Avoidable Rectangle Type 1", 1},
  [AR2] = {"avoidable-rectangle-2", "Avoidable Rectangle Type 2", 2},
};

#define MAX_RECTS 400          /* HoDoKu's table of rectangles seen */

/* The steps of one scan, in the order found. */
typedef struct found {
  int kind;
  int house;                   /* test 3: the naked set's house, else -1 */
  sk_hint h;
} found;

typedef struct scan_list {
  int32_t missing, all_steps;  /* the options they were found with */
  int n, cap;
  found *v;
} scan_list;

typedef struct scan {
  const sk_host *host;
  const sk_grid *g;
  int missing;
  sk_bits allowed[10];         /* empty cells no placed d sees */
  int rect[MAX_RECTS], nrect;
  int a, b;                    /* the pair; for avoidable rectangles the
                               ** digits of the first and second corner */
  int cell[4];                 /* corners: start, second, far 1, far 2 */
  sk_bits corners;
  sk_bits two, extra;          /* corners with only a/b, with more */
  scan_list *out;
  int oom;
} scan;

/* {====== small helpers */

static int row_of(int c) { return c / 9; }
static int col_of(int c) { return c % 9; }
static int box_of(int c) { return sk_cell_house[c][2] - 18; }
static int given(const sk_grid *g, int c) { return sk_bits_has(&g->givens, c); }
static int has(const sk_grid *g, int c, int d) { return (g->cand[c] >> (d - 1)) & 1; }

/* The i-th cell (ascending) of a set, -1 past its end. */
static int nth(sk_bits b, int i) {
  int c = sk_bits_pop(&b);
  while (c >= 0 && i-- > 0) c = sk_bits_pop(&b);
  return c;
}

/* HoDoKu's compact cell list: cells ascending; each run takes the first
** cell left, then every later one in its row (while no second row was
** added) or in its column (while no second column was): "r5c89,r8c89". */
static void text_cells(const sk_host *host, sk_hint *h, sk_bits set) {
  int first = 1;
  for (int c; (c = sk_bits_pop(&set)) >= 0; first = 0) {
    char rows[10], cols[10];
    int nr = 0, nc = 0;
    rows[nr++] = (char)('1' + row_of(c));
    cols[nc++] = (char)('1' + col_of(c));
    sk_bits rest = set;
    for (int x; (x = sk_bits_pop(&rest)) >= 0; ) {
      if (row_of(x) == row_of(c) && nr == 1) {
        cols[nc++] = (char)('1' + col_of(x));
        sk_bits_clear(&set, x);
      } else if (col_of(x) == col_of(c) && nc == 1) {
        rows[nr++] = (char)('1' + row_of(x));
        sk_bits_clear(&set, x);
      }
    }
    rows[nr] = cols[nc] = 0;
    host->hint_printf(h, "%sr%sc%s", first ? "" : ",", rows, cols);
  }
}

/* HoDoKu's rectangle key, and whether the rectangle is new (recorded). */
static int new_rect(scan *sc) {
  int t[4];
  memcpy(t, sc->cell, sizeof t);
  for (int i = 1; i < 4; i++)
    for (int j = i; j > 0 && t[j - 1] > t[j]; j--) { int x = t[j]; t[j] = t[j - 1]; t[j - 1] = x; }
  int key = ((t[0] * 10 + t[1]) * 10 + t[2]) * 10 + t[3];
  for (int i = 0; i < sc->nrect; i++)
    if (sc->rect[i] == key) return 0;
  if (sc->nrect < MAX_RECTS) sc->rect[sc->nrect++] = key;
  return 1;
}

/* }====== */

/* {====== steps */

static void begin(const scan *sc, sk_hint *h, int kind) {
  const sk_grid *g = sc->g;
  sc->host->hint_init(h);
  h->fig[SK_FIG_TYPE] = kinds[kind].type;
  sk_mask pair = (sk_mask)(SK_BIT(sc->a) | SK_BIT(sc->b));
  for (int i = 0; i < 4; i++) {
    int c = sc->cell[i];
    h->focus[c] = g->value[c] ? SK_BIT(g->value[c]) : (sk_mask)(g->cand[c] & pair);
  }
  sc->host->hint_printf(h, "%s: %d/%d in ", kinds[kind].name, sc->a, sc->b);
  text_cells(sc->host, h, sc->corners);
}

/* Keep a step that eliminates something. */
static void keep(scan *sc, int kind, const sk_hint *h) {
  if (!sk_hint_has_elims(h) || sc->oom) return;
  scan_list *o = sc->out;
  if (o->n == o->cap) {
    int cap = o->cap ? 2 * o->cap : 16;
    found *v = realloc(o->v, (size_t)cap * sizeof *v);
    if (!v) { sc->oom = 1; return; }
    o->v = v;
    o->cap = cap;
  }
  o->v[o->n].kind = kind;
  o->v[o->n].house = -1;
  o->v[o->n].h = *h;
  o->n++;
}

/* Eliminate d from cell c when it is a candidate. */
static void elim_if(const sk_grid *g, sk_hint *h, int c, int d) {
  if (has(g, c, d)) sk_hint_elim(h, c, d);
}

static int same_line(int c1, int c2) { return row_of(c1) == row_of(c2) || col_of(c1) == col_of(c2); }

static int same_line_all(sk_bits set) {
  int c0 = sk_bits_pop(&set), rows = 1, cols = 1;
  for (int c; (c = sk_bits_pop(&set)) >= 0; ) {
    if (row_of(c) != row_of(c0)) rows = 0;
    if (col_of(c) != col_of(c0)) cols = 0;
  }
  return rows || cols;
}

/* Test 3 in `house`: the extra cells (their extras `cands`) and the cells
** of list[from..] taken one by one in list order, every subset tried. */
static void ur3_grow(scan *sc, int house, const int *list, int n, int from,
                     sk_mask cands, sk_bits set, int nset) {
  const sk_grid *g = sc->g;
  for (int i = from; i < n; i++) {
    sk_mask all = (sk_mask)(cands | g->cand[list[i]]);
    sk_bits with = set;
    sk_bits_set(&with, list[i]);
    if ((house < 18 || !same_line_all(with)) && sk_mask_count(all) == nset) {
      sk_hint h;
      begin(sc, &h, UR3);
      h.fig[SK_FIG_SIZE] = nset + 1;
      for (int k = 0; k < 9; k++) {
        int c = sk_house_cell[house][k];
        if (!sk_bits_has(&with, c)) h.elim[c] = (sk_mask)(g->cand[c] & all);
      }
      if (sk_hint_has_elims(&h)) {
        sk_bits rest = with;
        int box = sk_cell_house[sk_bits_pop(&rest)][2];
        for (int c; (c = sk_bits_pop(&rest)) >= 0; )
          if (sk_cell_house[c][2] != box) box = -1;
        if (house < 18 && box >= 0)
          for (int k = 0; k < 9; k++) {
            int c = sk_house_cell[box][k];
            if (!sk_bits_has(&with, c)) h.elim[c] |= (sk_mask)(g->cand[c] & all);
          }
        keep(sc, UR3, &h);
        if (!sc->oom) sc->out->v[sc->out->n - 1].house = house;
      }
    }
    ur3_grow(sc, house, list, n, i + 1, all, with, nset + 1);
  }
}

static void ur3(scan *sc, int house, sk_mask cands) {
  const sk_grid *g = sc->g;
  sk_mask pair = (sk_mask)(SK_BIT(sc->a) | SK_BIT(sc->b));
  int list[9], n = 0;
  for (int k = 0; k < 9; k++) {
    int c = sk_house_cell[house][k];
    if (g->cand[c] && !(g->cand[c] & pair) && !sk_bits_has(&sc->corners, c)) list[n++] = c;
  }
  ur3_grow(sc, house, list, n, 0, cands, sc->extra, 2);
}

/* Hidden rectangle, digit d absent outside the rectangle from row r and
** column k: e leaves their crossing. */
static void hr_digit(scan *sc, int r, int k, int d, int e) {
  const sk_grid *g = sc->g;
  sk_bits line = sk_bits_or(sk_house_bits[r], sk_house_bits[9 + k]);
  if (!sk_bits_empty(sk_bits_andnot(sk_bits_and(g->dcells[d - 1], line), sc->corners))) return;
  sk_hint h;
  begin(sc, &h, HR);
  elim_if(g, &h, 9 * r + k, e);
  keep(sc, HR, &h);
}

static void hidden_rect(scan *sc, int corner) {
  int e0 = nth(sc->extra, 0), e1 = nth(sc->extra, 1);
  int r = row_of(e0) == row_of(corner) ? row_of(e1) : row_of(e0);
  int k = col_of(e0) == col_of(corner) ? col_of(e1) : col_of(e0);
  hr_digit(sc, r, k, sc->a, sc->b);
  hr_digit(sc, r, k, sc->b, sc->a);
}

/* Every uniqueness type on the rectangle sc->cell. */
static void ur_rect(scan *sc) {
  const sk_grid *g = sc->g;
  int a = sc->a, b = sc->b;
  sk_mask pair = (sk_mask)(SK_BIT(a) | SK_BIT(b));
  sc->two = sc->extra = (sk_bits){{0, 0}};
  for (int i = 0; i < 4; i++)
    sk_bits_set(g->cand[sc->cell[i]] & ~pair ? &sc->extra : &sc->two, sc->cell[i]);
  int ntwo = sk_bits_count(sc->two), nextra = 4 - ntwo;
  int e0 = nth(sc->extra, 0), e1 = nth(sc->extra, 1);
  sk_hint h;

  if (ntwo == 3) {
    begin(sc, &h, UR1);
    elim_if(g, &h, e0, a);
    elim_if(g, &h, e0, b);
    keep(sc, UR1, &h);
  }
  if (ntwo == 2 || ntwo == 1) {
    sk_mask x = 0;
    sk_bits sees = {{~(uint64_t)0, ~(uint64_t)0}};
    sk_bits rest = sc->extra;
    for (int c; (c = sk_bits_pop(&rest)) >= 0; ) {
      x |= (sk_mask)(g->cand[c] & ~pair);
      if (sk_mask_count(x) > 1) break;
      sees = sk_bits_and(sees, sk_peer_bits[c]);
    }
    if (sk_mask_count(x) == 1) {
      int d = sk_mask_first(x);
      sees = sk_bits_and(sees, g->dcells[d - 1]);
      if (!sk_bits_empty(sees)) {
        int kind = nextra == 3 || !same_line(e0, e1) ? UR5 : UR2;
        begin(sc, &h, kind);
        for (int c; (c = sk_bits_pop(&sees)) >= 0; ) sk_hint_elim(&h, c, d);
        keep(sc, kind, &h);
      }
    }
  }
  if (ntwo == 2) {
    sk_mask extras = (sk_mask)((g->cand[e0] | g->cand[e1]) & ~pair);
    if (row_of(e0) == row_of(e1)) ur3(sc, row_of(e0), extras);
    if (col_of(e0) == col_of(e1)) ur3(sc, 9 + col_of(e0), extras);
    if (box_of(e0) == box_of(e1)) ur3(sc, 18 + box_of(e0), extras);

    if (same_line(e0, e1)) {
      sk_bits common = sk_bits_and(sk_peer_bits[e0], sk_peer_bits[e1]);
      int d = -1;
      if (sk_bits_empty(sk_bits_and(common, g->dcells[a - 1]))) d = b;
      else if (sk_bits_empty(sk_bits_and(common, g->dcells[b - 1]))) d = a;
      if (d > 0) {
        begin(sc, &h, UR4);
        elim_if(g, &h, e0, d);
        elim_if(g, &h, e1, d);
        keep(sc, UR4, &h);
      }
    } else {
      sk_bits lines = sk_bits_or(sk_bits_or(sk_house_bits[row_of(e0)], sk_house_bits[9 + col_of(e0)]),
                                 sk_bits_or(sk_house_bits[row_of(e1)], sk_house_bits[9 + col_of(e1)]));
      lines = sk_bits_andnot(lines, sc->corners);
      int d = -1;
      if (sk_bits_empty(sk_bits_and(lines, g->dcells[a - 1]))) d = a;
      else if (sk_bits_empty(sk_bits_and(lines, g->dcells[b - 1]))) d = b;
      if (d > 0) {
        begin(sc, &h, UR6);
        elim_if(g, &h, e0, d);
        elim_if(g, &h, e1, d);
        keep(sc, UR6, &h);
      }
    }
  }
  if (ntwo == 2 || ntwo == 1) {
    int t0 = nth(sc->two, 0), t1 = nth(sc->two, 1);
    if (ntwo == 1 || !same_line(t0, t1)) {
      hidden_rect(sc, t0);
      if (ntwo == 2) hidden_rect(sc, t1);
    }
  }
}

/* Both avoidable types on the rectangle sc->cell: far corner f1 (in the
** line of the first corner, digit a) is placed b or open with b, f2 (in
** the line of the second, digit b) placed a or open with a. */
static void ar_rect(scan *sc) {
  const sk_grid *g = sc->g;
  int f1 = sc->cell[2], f2 = sc->cell[3];
  sk_hint h;
  if (g->value[f1] || g->value[f2]) {
    begin(sc, &h, AR1);
    if (g->value[f1]) elim_if(g, &h, f2, sc->a);
    else elim_if(g, &h, f1, sc->b);
    keep(sc, AR1, &h);
    return;
  }
  int x = sk_mask_first(g->cand[f1]);
  if (x == sc->b) x = sk_mask_first((sk_mask)(g->cand[f1] & (g->cand[f1] - 1)));
  if (!has(g, f2, x)) return;
  sk_bits sees = sk_bits_and(sk_bits_and(sk_peer_bits[f1], sk_peer_bits[f2]), g->dcells[x - 1]);
  if (sk_bits_empty(sees)) return;
  begin(sc, &h, AR2);
  for (int c; (c = sk_bits_pop(&sees)) >= 0; ) sk_hint_elim(&h, c, x);
  keep(sc, AR2, &h);
}

/* }====== */

/* {====== the scan */

/* A far corner of an avoidable rectangle still open: exactly two
** candidates, d among them. */
static int open_with(const sk_grid *g, int c, int d) {
  return g->value[c] == 0 && has(g, c, d) && sk_mask_count(g->cand[c]) == 2;
}

/* The rectangles from start cell c11 (pair sc->a/sc->b for uniqueness, or
** digit sc->a placed there for avoidable rectangles). */
static void from_cell(scan *sc, int c11, int avoidable) {
  const sk_grid *g = sc->g;
  /* where a and b are possible (uniqueness; b is not known yet for an
  ** avoidable rectangle, which does not use them) */
  const sk_bits *ok_a = &sc->allowed[sc->a], *ok_b = avoidable ? NULL : &sc->allowed[sc->b];
  sk_mask m11 = g->cand[c11];
  int box = 18 + box_of(c11);
  for (int k = 0; k < 9; k++) {
    int c12 = sk_house_cell[box][k];
    if (c12 == c11 || !same_line(c11, c12)) continue;
    if (avoidable) {
      if (!g->value[c12] || given(g, c12)) continue;
      sc->b = g->value[c12];
    } else if (g->value[c12] ||
               (sc->missing ? !sk_bits_has(ok_a, c12) || !sk_bits_has(ok_b, c12)
                            : (m11 & g->cand[c12]) != m11)) {
      continue;
    }
    int lines = row_of(c11) == row_of(c12);
    int u11 = lines ? 9 + col_of(c11) : row_of(c11);
    int u12 = lines ? 9 + col_of(c12) : row_of(c12);
    for (int j = 0; j < 9; j++) {
      int c21 = sk_house_cell[u11][j], c22 = sk_house_cell[u12][j];
      if (18 + box_of(c21) == box) continue;
      int ok;
      if (avoidable) {
        int a = sc->a, b = sc->b;
        ok = (g->value[c21] == b && !given(g, c21) && open_with(g, c22, a)) ||
             (g->value[c22] == a && !given(g, c22) && open_with(g, c21, b)) ||
             (open_with(g, c21, b) && open_with(g, c22, a));
      } else if (sc->missing) {
        ok = sk_bits_has(ok_a, c21) && sk_bits_has(ok_a, c22) && sk_bits_has(ok_b, c22);
      } else {
        ok = (g->cand[c21] & m11) == m11 && (g->cand[c22] & m11) == m11;
      }
      if (!ok) continue;
      sc->cell[0] = c11;
      sc->cell[1] = c12;
      sc->cell[2] = c21;
      sc->cell[3] = c22;
      if (!new_rect(sc)) continue;
      sc->corners = (sk_bits){{0, 0}};
      for (int i = 0; i < 4; i++) sk_bits_set(&sc->corners, sc->cell[i]);
      if (avoidable) ar_rect(sc);
      else ur_rect(sc);
    }
  }
}

/* Every step of both scans into out; -1 when out of memory. */
static int scan_all(const sk_host *host, const sk_grid *g, int missing, int all_steps,
                    scan_list *out) {
  scan *sc = malloc(sizeof *sc);
  if (!sc) return -1;
  sc->host = host;
  sc->g = g;
  sc->missing = missing;
  sc->nrect = 0;
  sc->out = out;
  sc->oom = 0;
  for (int d = 1; d <= 9; d++) {
    sc->allowed[d].w[0] = sc->allowed[d].w[1] = 0;
    for (int c = 0; c < SK_CELLS; c++)
      if (!g->value[c]) sk_bits_set(&sc->allowed[d], c);
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c])
      sc->allowed[g->value[c]] = sk_bits_andnot(sc->allowed[g->value[c]], sk_peer_bits[c]);

  for (int c = 0; c < SK_CELLS; c++) {
    if (sk_mask_count(g->cand[c]) != 2) continue;
    sc->a = sk_mask_first(g->cand[c]);
    sc->b = sk_mask_first((sk_mask)(g->cand[c] & (g->cand[c] - 1)));
    from_cell(sc, c, 0);
  }
  if (!all_steps) sc->nrect = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!g->value[c] || given(g, c)) continue;
    sc->a = g->value[c];
    from_cell(sc, c, 1);
  }
  int oom = sc->oom;
  free(sc);
  return oom ? -1 : 0;
}

/* }====== */

static const char scan_key = 0;    /* the step's scan, shared by the nine ids */

static void list_free(void *p) {
  scan_list *l = p;
  if (!l) return;
  free(l->v);
  free(l);
}

/* A step as HoDoKu lists its eliminations: for test 3, the cells of the
** set's house, then those of the box (cells ascending in each, as house
** order is); the others by cell, in the engine's own order. */
static int emit_found(const sk_search *s, const found *f) {
  if (f->house < 0) return s->host->emit(s, &f->h);
  uint16_t order[2 * 9 * 9];
  int n = 0;
  sk_bits in = sk_house_bits[f->house];
  for (int pass = 0; pass < 2; pass++)
    for (int c = 0; c < SK_CELLS; c++)
      if (sk_bits_has(&in, c) == !pass)
        for (sk_mask m = f->h.elim[c]; m; m &= (sk_mask)(m - 1))
          order[n++] = (uint16_t)(c * 16 + sk_mask_first(m));
  sk_hint_extra more = {sizeof more, n, order, NULL};
  return s->host->emit_with(s, &f->h, &more);
}

static int emit_kind(const sk_search *s, const scan_list *l, int kind) {
  for (int i = 0; i < l->n; i++)
    if (l->v[i].kind == kind && emit_found(s, &l->v[i])) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

static int search(const sk_search *s) {
  int kind = (int)((const struct kind *)s->data - kinds);
  int32_t missing = s->host->param(s, "missing-candidates", 1) != 0;
  int32_t all_steps = s->host->param(s, "all-steps", 0) != 0;
  scan_list *l = s->host->get_aux(s, &scan_key);
  if (l && l->missing == missing && l->all_steps == all_steps) return emit_kind(s, l, kind);
  l = calloc(1, sizeof *l);
  if (!l) return SK_SEARCH_DONE;
  l->missing = missing;
  l->all_steps = all_steps;
  if (scan_all(s->host, s->grid, missing, all_steps, l) != 0) {
    list_free(l);
    return SK_SEARCH_DONE;
  }
  int r = emit_kind(s, l, kind);
  /* kept for the step's other ids; without a step, set_aux frees it */
  s->host->set_aux(s, &scan_key, l, list_free);
  return r;
}

SK_PLUGIN_ENTRY(uniqueness) {
  SK_PLUGIN_CHECK(host, reg);
  for (int k = UR1; k < NKINDS; k++) {
    sk_technique t = {kinds[k].id, kinds[k].name, 0, search, &kinds[k]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
