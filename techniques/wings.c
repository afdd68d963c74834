/*
** wings.c -- XY-Wing and XYZ-Wing (Sudoku Explainer's and HoDoKu's), and
** HoDoKu's W-Wing.
**
** Techniques (ids of the rating table):
**   xy-wing          pivot {x,y}, wings {x,z} and {y,z} seen by the pivot:
**                    z leaves every cell that sees both wings
**   xyz-wing         pivot {x,y,z}, wings {x,z} and {y,z}: z leaves every
**                    cell that sees all three
**   hodoku-xy-wing   the xy-wing's rule, HoDoKu 2.2.0's search (XY_WING,
**                    reglib code 0800)
**   hodoku-xyz-wing  the xyz-wing's rule, HoDoKu's search (XYZ_WING, 0801)
**   w-wing           two cells with the same pair {x,y} joined by a strong
**                    link on y (a house whose only two places for y see
**                    one cell each): x leaves every cell that sees both
**                    (HoDoKu's W_WING, 0803)
**
** SE's wings (xy-wing, xyz-wing): scan order follows Sudoku Explainer
** 1.2.1.3: pivots in row-major order; the first wing, then the second, each
** taken from the pivot's peer list (its block, then its row, then its
** column: sk_peer's order).  The first wing must share all but one of the
** pivot's values.  Victims are found with the peer bitboards.
**
** HoDoKu's wings (WingSolver.getWing, getWWing).  The rule of an XY- or
** XYZ-Wing is the same as SE's; what HoDoKu changes is which instance comes
** first (its solver takes the first it finds) and the text, so its ids name
** the form (hodoku-) rather than a rule of their own.  Its scan:
**   - XY: every triple i < j < k of bivalue cells in cell-index order whose
**     masks differ and hold three values together; each is tried with the
**     pivot i (wings j, k), then j (wings i, k), then k (wings j, i); the
**     pivot must see both wings, z is the one value the wings share;
**   - XYZ: trivalue pivots in cell-index order, then pairs j < k of bivalue
**     cells, the pivot holding all three values;
**   - W: bivalue cells i < j in cell-index order with equal pairs {x < y},
**     first x as the value removed (y the link), then y; the links are the
**     houses (rows, columns, blocks, 0..26) holding the link value in
**     exactly two cells other than i and j, one seeing i (a cell seeing
**     both counts for i) and the other j.  Every link makes a hint.
** Each instance that removes something is emitted, in that order (the
** engine stops at the first for a rating step; sudokit hints lists all).
**
** Figures: size = number of cells in the pattern (3 for the XY/XYZ-Wings,
** 4 for the W-Wing: the pair cells and the link cells); no other figure is
** set.  Focus: every candidate of the three wing cells (their digits are
** HoDoKu's step values: the pivot's pair and z, or the pivot's three), and
** for the W-Wing both values of the pair cells and the link value in the
** link cells (digits x and y, HoDoKu's values).  Text, as HoDoKu's
** SolutionStep.toString(2) before " => ": "XY-Wing: 1/2/3 in r2c7,r3c18"
** (pivot's values ascending, then z; the cells in HoDoKu's compact form),
** "XYZ-Wing: 4/5/9 in r8c26,r9c2", "W-Wing: 4/1 in r1c9,r8c7 connected by
** 1 in r18c3" (the value removed, then the link value).  No options.
*/
#include "sk_plugin.h"
#include "sk_text.h"

typedef struct params {
  int xyz;                   /* pivot with three candidates */
  const char *name;
} params;

/* Bit count of a 9-bit mask.  Plain -O2 x86-64 builds have no POPCNT
** instruction, and __builtin_popcount would call into libgcc in the
** hottest loops, so count with shifts and masks. */
static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

static int is_wing_set(int xyz, sk_mask pivot, sk_mask w1, sk_mask w2) {
  if (bits9(w2) != 2) return 0;
  sk_mask all = (sk_mask)(pivot | w1 | w2), common = (sk_mask)(pivot & w1 & w2);
  return bits9(all) == 3 && bits9(common) == (xyz ? 1 : 0);
}

static void text_cell(const sk_host *host, sk_hint *h, int c, sk_mask m) {
  host->hint_printf(h, "r%dc%d{", c / 9 + 1, c % 9 + 1);
  for (; m; m &= m - 1) host->hint_printf(h, "%d", sk_mask_first(m));
  host->hint_printf(h, "}");
}

static int found(const sk_search *s, const params *p, int pivot, int w1, int w2) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  int z = sk_mask_first((sk_mask)(g->cand[w1] & g->cand[w2]));
  sk_bits victims = sk_bits_and(sk_peer_bits[w1], sk_peer_bits[w2]);
  if (p->xyz) victims = sk_bits_and(victims, sk_peer_bits[pivot]);
  victims = sk_bits_and(victims, g->dcells[z - 1]);
  sk_bits_clear(&victims, pivot);
  sk_bits_clear(&victims, w1);
  sk_bits_clear(&victims, w2);
  if (sk_bits_empty(victims)) return 0;
  sk_hint h;
  host->hint_init(&h);
  h.focus[pivot] = g->cand[pivot];
  h.focus[w1] = g->cand[w1];
  h.focus[w2] = g->cand[w2];
  for (int c; (c = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, c, z);
  host->hint_printf(&h, "%s: ", p->name);
  text_cell(host, &h, pivot, g->cand[pivot]);
  host->hint_printf(&h, " with ");
  text_cell(host, &h, w1, g->cand[w1]);
  host->hint_printf(&h, ",");
  text_cell(host, &h, w2, g->cand[w2]);
  host->hint_printf(&h, ", z=%d", z);
  return host->emit(s, &h);
}

/* Both wing loops run over the pivot's bivalue peers that share one of
** its values (every wing does), in peer order.  bivalue: the grid's cells
** with two candidates. */
static int from_pivot(const sk_search *s, const params *p, int pivot, sk_bits bivalue) {
  const sk_grid *g = s->grid;
  sk_mask pm = g->cand[pivot];
  sk_bits near = {{0, 0}};
  for (sk_mask m = pm; m; m &= m - 1) near = sk_bits_or(near, g->dcells[__builtin_ctz(m)]);
  near = sk_bits_and(near, sk_bits_and(bivalue, sk_peer_bits[pivot]));
  if (sk_bits_empty(near)) return 0;
  int two[SK_PEERS], n = 0;
  for (int i = 0; i < SK_PEERS; i++)
    if (sk_bits_has(&near, sk_peer[pivot][i])) two[n++] = sk_peer[pivot][i];
  for (int i = 0; i < n; i++) {
    int w1 = two[i];
    sk_mask m1 = g->cand[w1];
    if (bits9((unsigned)(pm & ~m1)) != 1) continue;
    for (int j = 0; j < n; j++) {
      int w2 = two[j];
      if (!is_wing_set(p->xyz, pm, m1, g->cand[w2])) continue;
      if (found(s, p, pivot, w1, w2)) return 1;
    }
  }
  return 0;
}

static int search(const sk_search *s) {
  const params *p = s->data;
  int size = p->xyz ? 3 : 2, count[SK_CELLS];
  sk_bits bivalue = {{0, 0}};
  for (int c = 0; c < SK_CELLS; c++) {
    count[c] = bits9(s->grid->cand[c]);
    if (count[c] == 2) sk_bits_set(&bivalue, c);
  }
  for (int c = 0; c < SK_CELLS; c++)
    if (count[c] == size && from_pivot(s, p, c, bivalue)) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

/* {======================================================================
** HoDoKu's wings
** ===================================================================== */

static void sort_cells(int *c, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && c[j - 1] > c[j]; j--) { int t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
}

static int sees(int a, int b) { return sk_bits_has(&sk_peer_bits[a], b); }

/* The wing pivot, w1, w2 (HoDoKu's index1..3), if it is one and removes
** something. */
static int hodoku_wing_at(const sk_search *s, int xyz, int pivot, int w1, int w2) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  if (!sees(pivot, w1) || !sees(pivot, w2)) return 0;
  sk_mask common = (sk_mask)(g->cand[w1] & g->cand[w2]);
  if (bits9(common) != 1) return 0;
  int z = sk_mask_first(common);
  sk_bits victims = sk_bits_and(sk_bits_and(sk_peer_bits[w1], sk_peer_bits[w2]), g->dcells[z - 1]);
  if (xyz) victims = sk_bits_and(victims, sk_peer_bits[pivot]);
  if (sk_bits_empty(victims)) return 0;
  sk_hint h;
  host->hint_init(&h);
  h.fig[SK_FIG_SIZE] = 3;
  h.focus[pivot] = g->cand[pivot];
  h.focus[w1] = g->cand[w1];
  h.focus[w2] = g->cand[w2];
  for (int c; (c = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, c, z);
  sk_mask pm = g->cand[pivot];
  int v[3], nv = 0;
  for (sk_mask m = pm; m; m &= m - 1) v[nv++] = sk_mask_first(m);
  if (!xyz) v[nv++] = z;
  int cells[3] = {pivot, w1, w2};
  sort_cells(cells, 3);
  host->hint_printf(&h, "%s: %d/%d/%d in ", xyz ? "XYZ-Wing" : "XY-Wing", v[0], v[1], v[2]);
  sk_text_cell_list(host, &h, cells, 3);
  return host->emit(s, &h);
}

/* XY: bivalue triples i < j < k; XYZ: a trivalue pivot i, bivalue j < k. */
static int hodoku_wing(const sk_search *s) {
  const params *p = s->data;
  const sk_grid *g = s->grid;
  int bi[SK_CELLS], tri[SK_CELLS], nbi = 0, ntri = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    int n = bits9(g->cand[c]);
    if (n == 2) bi[nbi++] = c;
    if (p->xyz && n == 3) tri[ntri++] = c;
  }
  const int *first = p->xyz ? tri : bi;
  int nfirst = p->xyz ? ntri : nbi;
  for (int i = 0; i < nfirst; i++) {
    int a = first[i];
    for (int j = p->xyz ? 0 : i + 1; j < nbi; j++) {
      int b = bi[j];
      if (bits9((unsigned)(g->cand[a] | g->cand[b])) != 3) continue;
      for (int k = j + 1; k < nbi; k++) {
        int c = bi[k];
        sk_mask ma = g->cand[a], mb = g->cand[b], mc = g->cand[c];
        if (bits9((unsigned)(ma | mb | mc)) != 3 || ma == mb || mb == mc || mc == ma) continue;
        if (hodoku_wing_at(s, p->xyz, a, b, c)) return SK_SEARCH_STOPPED;
        if (p->xyz) continue;
        if (hodoku_wing_at(s, 0, b, a, c)) return SK_SEARCH_STOPPED;
        if (hodoku_wing_at(s, 0, c, b, a)) return SK_SEARCH_STOPPED;
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* W-Wing on the pair cells i, j: x leaves `victims`, every house holding y
** in exactly two cells (i and j aside), one seeing i and the other j, is a
** link (HoDoKu's checkLink: a cell seeing both counts for i). */
static int w_links(const sk_search *s, int i, int j, int x, int y, sk_bits victims) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  for (int house = 0; house < SK_HOUSES; house++) {
    sk_bits places = sk_grid_places(g, house, y);
    if (sk_bits_count(places) != 2) continue;
    int l1 = -1, l2 = -1;
    for (int k = 0; k < 9 && (l1 < 0 || l2 < 0); k++) {
      int c = sk_house_cell[house][k];
      if (c == i || c == j || !sk_bits_has(&places, c)) continue;
      if (sees(c, i)) l1 = c;
      else if (sees(c, j)) l2 = c;
    }
    if (l1 < 0 || l2 < 0) continue;
    sk_hint h;
    host->hint_init(&h);
    h.fig[SK_FIG_SIZE] = 4;
    h.focus[i] = g->cand[i];
    h.focus[j] = g->cand[j];
    sk_hint_focus(&h, l1, y);
    sk_hint_focus(&h, l2, y);
    for (sk_bits v = victims; !sk_bits_empty(v); ) sk_hint_elim(&h, sk_bits_pop(&v), x);
    int pair[2] = {i, j}, link[2] = {l1, l2};
    sort_cells(link, 2);
    host->hint_printf(&h, "W-Wing: %d/%d in ", x, y);
    sk_text_cell_list(host, &h, pair, 2);
    host->hint_printf(&h, " connected by %d in ", y);
    sk_text_cell_list(host, &h, link, 2);
    if (host->emit(s, &h)) return 1;
  }
  return 0;
}

static int w_wing(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int i = 0; i < SK_CELLS; i++) {
    sk_mask m = g->cand[i];
    if (g->value[i] || bits9(m) != 2) continue;
    int d[2] = {sk_mask_first(m), sk_mask_first((sk_mask)(m & (m - 1)))};
    sk_bits near[2];
    for (int t = 0; t < 2; t++) near[t] = sk_bits_and(sk_peer_bits[i], g->dcells[d[t] - 1]);
    for (int j = i + 1; j < SK_CELLS; j++) {
      if (g->cand[j] != m) continue;
      for (int t = 0; t < 2; t++) {
        sk_bits victims = sk_bits_and(near[t], sk_peer_bits[j]);
        if (!sk_bits_empty(victims) && w_links(s, i, j, d[t], d[1 - t], victims))
          return SK_SEARCH_STOPPED;
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* }====================================================================== */

static const params kinds[] = {
  {0, "XY-Wing"},
  {1, "XYZ-Wing"},
};

SK_PLUGIN_ENTRY(wings) {
  SK_PLUGIN_CHECK(host, reg);
  const sk_technique t[] = {
    {"xy-wing", kinds[0].name, 0, search, &kinds[0]},
    {"xyz-wing", kinds[1].name, 0, search, &kinds[1]},
    {"hodoku-xy-wing", kinds[0].name, 0, hodoku_wing, &kinds[0]},
    {"hodoku-xyz-wing", kinds[1].name, 0, hodoku_wing, &kinds[1]},
    {"w-wing", "W-Wing", 0, w_wing, NULL},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (host->register_technique(reg, &t[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
