/*
** extended_rectangle.c -- extended rectangles (a 2 x N uniqueness pattern).
**
** Technique (id of the rating table):
**   extended-rectangle   N pairs of empty cells, the two cells of each pair
**       in one line, laid out so that exchanging the two cells of every
**       pair keeps every house's values:
**         fat  two rows of one band (two columns of one stack) and N = 3..7
**              columns (rows): each pair is a column's (row's) two cells,
**              both in one box;
**         fit  the three rows of a band and two columns of different stacks
**              (or the three columns of a stack and two rows of different
**              bands), N = 3: each pair is a row's (column's) two cells.
**       If the 2N cells took their values from N digits only, each line of
**       N (fat) or 3 (fit) cells would hold all of them and the exchange
**       would give a second solution; so in a puzzle with one solution,
**       some cell takes an extra digit.  The N "normal" digits are those in
**       both cells of at least two pairs, and there must be exactly N of
**       them; every pair must share at least two digits.  Extra cells: the
**       cells with a digit that is not normal.
**     type 1  one extra cell: the normal digits leave it
**     type 2  one extra digit x in two or more cells: x leaves the cells
**             that see all of them
**     type 3  two or more extra digits, the extra cells in one house; with
**             k other cells of that house they form a naked set (the extra
**             cells as one virtual cell holding the extra digits): the k+1
**             digits leave the house's other cells (pattern cells kept)
**     type 4  two extra cells in one house where a normal digit x has no
**             other place: the other normal digits leave both
**     type 3, cannibalism (reported as type 5): k cells of the extra
**             cells' house, outside the pattern, hold k+1 digits: every
**             extra digit and one normal digit x.  Were x in a pattern cell
**             of the house, the k cells would take the other k digits, all
**             the extras, and no pattern cell could keep one: x leaves the
**             pattern cells of the house
**
** Scan order: Sunnie's (kyoyama-kazusa/Sudoku, ExtendedRectangleStepSearcher
** and ExtendedRectanglePattern), whose values XDRS takes: the small fit
** patterns, then the fat ones from N = 3 up, so that the cheapest sizes
** come first: fit
** patterns with pairs in rows (bands 1..3, column pairs c1 < c2 of
** different stacks in increasing order), then with pairs in columns
** (stacks, row pairs); then fat patterns by N = 3..7, line pairs (rows
** 1-2, 1-3, 2-3, 4-5, ... then columns alike), the N positions as a 9-bit
** mask in increasing order (three positions in one box left out).  Every
** cell of a pattern must be empty.  For one extra digit: type 1 (one extra
** cell) or type 2, then type 4 (two extra cells); for more: type 3 (houses
** row, column, box; sets of k = 1 .. other cells - 1 in increasing mask
** order), then the cannibalism in the same order (k up to all the other
** cells), then type 1 or type 4.  Every hint with an elimination is
** emitted.  Sunnie searches the cannibalism in fat patterns only, in a line
** of the pattern, and wants all but one of the pattern cells of the house
** to hold an extra digit; neither is needed for the deduction, so neither
** is asked here.
**
** Options: none.
**
** Figures: size = pattern cells (2N); type = 1..4, 5 for the cannibalism;
** extra = type 3's (and 5's) set digits (k+1), else 0.  Sunnie rates 4.5 +
** (floor(cells/2) - 2)/10 (Factor_ExtendedRectangleSizeFactor), types 2
** and 4 +0.1, type 3 + set digits/10, cannibalism +0.2 more.
**
** Hint text: "Extended Rectangle Type 1: 7/8/9 in r259c13", then the
** type's part: "(extra 9)", "(naked set 3/9 in c4: r8c4)", "(3 in
** r6c1,r6c3)", "Type 3 (Cannibalism): ... (naked set 2/4/6 in b4: r5c1
** r5c3, 2 leaves the pattern)"; the hint's name is "Extended Rectangle
** Type N" likewise.  Focus = the pattern's candidates (types 3 and 5: and
** the set's).
*/
#include "sk_plugin.h"

typedef struct er_pattern {
  int n;                       /* pairs */
  int cell[7][2];
} er_pattern;

typedef struct er_ctx {
  const sk_search *s;
  const sk_grid *g;
} er_ctx;

static void digits_str(sk_mask m, char *buf) {
  int n = 0;
  for (; m; m &= (sk_mask)(m - 1)) {
    if (n) buf[n++] = '/';
    buf[n++] = (char)('0' + sk_mask_first(m));
  }
  buf[n] = 0;
}

/* "r12c145" when the cells fill a rows x columns block, else a list */
static void cells_str(sk_bits b, char *buf, int size) {
  unsigned rows = 0, cols = 0;
  int n = sk_bits_count(b);
  for (sk_bits t = b; !sk_bits_empty(t);) {
    int c = sk_bits_pop(&t);
    rows |= 1u << (c / 9);
    cols |= 1u << (c % 9);
  }
  int at = 0;
  if (sk_mask_count((sk_mask)rows) * sk_mask_count((sk_mask)cols) == n) {
    buf[at++] = 'r';
    for (int i = 0; i < 9; i++) if (rows >> i & 1) buf[at++] = (char)('1' + i);
    buf[at++] = 'c';
    for (int i = 0; i < 9; i++) if (cols >> i & 1) buf[at++] = (char)('1' + i);
    buf[at] = 0;
    return;
  }
  buf[0] = 0;
  for (sk_bits t = b; !sk_bits_empty(t) && at + 6 < size;) {
    char cn[8] = "";
    sk_cell_name(sk_bits_pop(&t), cn);
    if (at) buf[at++] = ',';
    for (int i = 0; cn[i]; i++) buf[at++] = cn[i];
    buf[at] = 0;
  }
}

static const char *const type_name[6] = {
  "Extended Rectangle", "Extended Rectangle Type 1", "Extended Rectangle Type 2",
  "Extended Rectangle Type 3", "Extended Rectangle Type 4",
  "Extended Rectangle Type 3 (Cannibalism)"};

static void start_hint(er_ctx *x, sk_hint *h, int type, sk_bits cells, sk_mask normal) {
  x->s->host->hint_init(h);
  h->name = type_name[type];
  for (sk_bits t = cells; !sk_bits_empty(t);) {
    int c = sk_bits_pop(&t);
    h->focus[c] = x->g->cand[c];
  }
  char ds[20], cs[64];
  digits_str(normal, ds);
  cells_str(cells, cs, sizeof cs);
  x->s->host->hint_printf(h, "%s: %s in %s", type_name[type], ds, cs);
  h->fig[SK_FIG_SIZE] = sk_bits_count(cells);
  h->fig[SK_FIG_TYPE] = type;
}

static int finish(er_ctx *x, sk_hint *h) {
  if (!sk_hint_has_elims(h)) return 0;
  return x->s->host->emit(x->s, h) ? -1 : 0;
}

static int type1(er_ctx *x, sk_bits cells, sk_mask normal, int cell) {
  sk_hint h;
  start_hint(x, &h, 1, cells, normal);
  h.elim[cell] = (sk_mask)(x->g->cand[cell] & normal);
  return finish(x, &h);
}

static int type2(er_ctx *x, sk_bits cells, sk_mask normal, int dx, sk_bits extra) {
  sk_hint h;
  start_hint(x, &h, 2, cells, normal);
  x->s->host->hint_printf(&h, " (extra %d)", dx);
  sk_bits common = x->g->dcells[dx - 1];
  for (sk_bits t = extra; !sk_bits_empty(t);) common = sk_bits_and(common, sk_peer_bits[sk_bits_pop(&t)]);
  for (int c; (c = sk_bits_pop(&common)) >= 0;) sk_hint_elim(&h, c, dx);
  return finish(x, &h);
}

static int type4(er_ctx *x, sk_bits cells, sk_mask normal, sk_bits extra) {
  const sk_grid *g = x->g;
  int e1 = sk_bits_first(extra), e2;
  sk_bits t = extra;
  sk_bits_pop(&t);
  e2 = sk_bits_first(t);
  for (int k = 0; k < 3; k++) {
    int house = sk_cell_house[e1][k];
    if (house != sk_cell_house[e2][k]) continue;
    for (sk_mask m = (sk_mask)(normal & g->cand[e1] & g->cand[e2]); m; m &= (sk_mask)(m - 1)) {
      int dx = sk_mask_first(m);
      if (!sk_bits_equal(sk_grid_places(g, house, dx), extra)) continue;
      sk_hint h;
      start_hint(x, &h, 4, cells, normal);
      char c1[8], c2[8];
      x->s->host->hint_printf(&h, " (%d in %s,%s)", dx, sk_cell_name(e1, c1), sk_cell_name(e2, c2));
      sk_mask rm = (sk_mask)(normal & ~SK_BIT(dx));
      h.elim[e1] = (sk_mask)(g->cand[e1] & rm);
      h.elim[e2] = (sk_mask)(g->cand[e2] & rm);
      if (finish(x, &h) < 0) return -1;
    }
  }
  return 0;
}

/* type 3, and with cannibal its "cannibalism" form (type 5): the k set
** cells hold all the extra digits and one normal digit x among their k+1;
** were x in a pattern cell of the house, the set would take the k others,
** every extra digit, and the pattern would be left with its normal digits
** only: x leaves the pattern cells of the house */
static int type3(er_ctx *x, sk_bits cells, sk_mask normal, sk_mask extras, sk_bits extra,
                 int cannibal) {
  const sk_grid *g = x->g;
  for (int k = 0; k < 3; k++) {
    int house = -1;
    for (sk_bits t = extra; !sk_bits_empty(t);) {
      int c = sk_bits_pop(&t);
      if (house < 0) house = sk_cell_house[c][k];
      else if (house != sk_cell_house[c][k]) { house = -2; break; }
    }
    if (house < 0) continue;
    int other[9], no = 0;
    sk_bits in_house = sk_bits_and(cells, sk_house_bits[house]);
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[house][i];
      if (g->value[c] == 0 && !sk_bits_has(&cells, c)) other[no++] = c;
    }
    for (int size = 1; size < no + cannibal; size++)
      for (unsigned sub = 1; sub < (1u << no); sub++) {
        if (sk_mask_count((sk_mask)sub) != size) continue;
        sk_mask set = 0;
        for (int i = 0; i < no; i++) if (sub >> i & 1) set |= g->cand[other[i]];
        sk_mask u = (sk_mask)(set | extras);
        if (sk_mask_count(u) != size + 1) continue;
        if (cannibal && (set != u || sk_mask_count((sk_mask)(set & normal)) != 1)) continue;
        sk_hint h;
        start_hint(x, &h, cannibal ? 5 : 3, cells, normal);
        char ds[20], hn[4];
        digits_str(u, ds);
        x->s->host->hint_printf(&h, " (naked set %s in %s:", ds, sk_house_name(house, hn));
        for (int i = 0; i < no; i++) {
          if (sub >> i & 1) {
            char cn[8];
            x->s->host->hint_printf(&h, " %s", sk_cell_name(other[i], cn));
            h.focus[other[i]] = g->cand[other[i]];
          } else if (!cannibal)
            h.elim[other[i]] = (sk_mask)(g->cand[other[i]] & u);
        }
        if (cannibal) {
          sk_mask xd = (sk_mask)(set & normal);
          x->s->host->hint_printf(&h, ", %d leaves the pattern)", sk_mask_first(xd));
          for (sk_bits t = in_house; !sk_bits_empty(t);) {
            int c = sk_bits_pop(&t);
            h.elim[c] = (sk_mask)(g->cand[c] & xd);
          }
        } else
          x->s->host->hint_printf(&h, ")");
        h.fig[SK_FIG_EXTRA] = size + 1;
        if (finish(x, &h) < 0) return -1;
      }
  }
  return 0;
}

static int check(er_ctx *x, const er_pattern *p) {
  const sk_grid *g = x->g;
  sk_bits cells = {{0, 0}};
  sk_mask all = 0;
  for (int i = 0; i < p->n; i++) {
    int l = p->cell[i][0], r = p->cell[i][1];
    if (g->value[l] || g->value[r]) return 0;
    sk_mask both = g->cand[l] & g->cand[r];
    if (sk_mask_count(both) < 2) return 0;
    sk_bits_set(&cells, l);
    sk_bits_set(&cells, r);
    all |= g->cand[l] | g->cand[r];
  }
  sk_mask normal = 0;
  for (int d = 1; d <= 9; d++) {
    int n = 0;
    for (int i = 0; i < p->n; i++)
      if (g->cand[p->cell[i][0]] & g->cand[p->cell[i][1]] & SK_BIT(d)) n++;
    if (n >= 2) normal |= SK_BIT(d);
  }
  if (sk_mask_count(normal) != p->n) return 0;
  sk_mask extras = (sk_mask)(all & ~normal);
  if (!extras) return 0;                       /* the deadly pattern itself: no solution here */
  sk_bits extra = {{0, 0}};
  for (sk_bits t = cells; !sk_bits_empty(t);) {
    int c = sk_bits_pop(&t);
    if (g->cand[c] & extras) sk_bits_set(&extra, c);
  }
  int ne = sk_bits_count(extra);
  if (sk_mask_count(extras) == 1) {
    if (ne == 1) {
      if (type1(x, cells, normal, sk_bits_first(extra)) < 0) return -1;
    } else if (type2(x, cells, normal, sk_mask_first(extras), extra) < 0)
      return -1;
    if (ne == 2 && type4(x, cells, normal, extra) < 0) return -1;
    return 0;
  }
  if (type3(x, cells, normal, extras, extra, 0) < 0) return -1;
  if (type3(x, cells, normal, extras, extra, 1) < 0) return -1;
  if (ne == 1) return type1(x, cells, normal, sk_bits_first(extra));
  if (ne == 2) return type4(x, cells, normal, extra);
  return 0;
}

static int search(const sk_search *s) {
  er_ctx x = {s, s->grid};
  er_pattern p;
  /* fit: pairs in the rows of a band, then in the columns of a stack */
  for (int dir = 0; dir < 2; dir++)
    for (int band = 0; band < 3; band++)
      for (int l1 = 0; l1 < 9; l1++)
        for (int l2 = l1 + 1; l2 < 9; l2++) {
          if (l1 / 3 == l2 / 3) continue;
          p.n = 3;
          for (int i = 0; i < 3; i++) {
            int line = 3 * band + i;
            p.cell[i][0] = dir == 0 ? 9 * line + l1 : 9 * l1 + line;
            p.cell[i][1] = dir == 0 ? 9 * line + l2 : 9 * l2 + line;
          }
          if (check(&x, &p) < 0) return SK_SEARCH_STOPPED;
        }
  /* fat: two lines of one band or stack, N positions.  The positions
  ** whose two cells are empty and share two digits come first, so that
  ** only their subsets are tried (in increasing mask order all the same). */
  unsigned good[2][3][3];
  for (int dir = 0; dir < 2; dir++)
    for (int band = 0; band < 3; band++)
      for (int i1 = 0; i1 < 3; i1++)
        for (int i2 = i1 + 1; i2 < 3; i2++) {
          int l1 = 3 * band + i1, l2 = 3 * band + i2;
          unsigned m = 0;
          for (int q = 0; q < 9; q++) {
            int a = dir == 0 ? 9 * l1 + q : 9 * q + l1, b = dir == 0 ? 9 * l2 + q : 9 * q + l2;
            if (!x.g->value[a] && !x.g->value[b] && sk_mask_count(x.g->cand[a] & x.g->cand[b]) >= 2)
              m |= 1u << q;
          }
          good[dir][band][i1 + i2 - 1] = m;
        }
  for (int n = 3; n <= 7; n++) {
    if (s->host->should_stop(s)) return SK_SEARCH_DONE;
    for (int dir = 0; dir < 2; dir++)
      for (int band = 0; band < 3; band++)
        for (int i1 = 0; i1 < 3; i1++)
          for (int i2 = i1 + 1; i2 < 3; i2++) {
            unsigned ok = good[dir][band][i1 + i2 - 1];
            if (sk_mask_count((sk_mask)ok) < n) continue;
            for (unsigned pos = (0u - ok) & ok; pos; pos = (pos - ok) & ok) {
              if (sk_mask_count((sk_mask)pos) != n) continue;
              if (n == 3 && (pos == 7 || pos == 070 || pos == 0700)) continue;
              int l1 = 3 * band + i1, l2 = 3 * band + i2, k = 0;
              p.n = n;
              for (int q = 0; q < 9; q++) {
                if (!(pos >> q & 1)) continue;
                p.cell[k][0] = dir == 0 ? 9 * l1 + q : 9 * q + l1;
                p.cell[k][1] = dir == 0 ? 9 * l2 + q : 9 * q + l2;
                k++;
              }
              if (check(&x, &p) < 0) return SK_SEARCH_STOPPED;
            }
          }
  }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(extended_rectangle) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"extended-rectangle", "Extended Rectangle", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
