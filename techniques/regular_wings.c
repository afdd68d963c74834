/*
** regular_wings.c -- the regular wings larger than the XYZ-Wing: WXYZ-Wing
** up to RSTUVWXYZ-Wing, complete and incomplete (Sunnie's RegularWing
** family; XY- and XYZ-Wing, its size 3, are in wings.c).
**
** Rule.  A wing of size n (n = 4..9) is a pivot cell and n - 1 bivalue
** petals, each a peer of the pivot, the n cells holding n digits in all:
**   complete    the pivot holds all n digits {z, x1..x(n-1)}, petal i is
**               {xi, z};
**   incomplete  the pivot holds {x1..x(n-1)} but not z, petal i is {xi, z}.
** Whatever the pivot takes, z is in the pivot or in a petal (the pivot's
** xi pushes petal i to z), so z leaves every cell that sees every holder
** of z: all petals, and the pivot too when it is complete.
** Sunnie's filter (a pivot of n or n - 1 digits, n - 1 bivalue peers with
** distinct pairs, n digits in all, one digit or none common to all) also
** lets through a complete-z pivot of n - 1 digits with one petal {c, z}
** whose c the pivot lacks; that is a smaller wing with a petal that
** removes nothing more, and is left out here.
**
** Techniques (ids): wxyz-wing (n = 4), vwxyz-wing (5), uvwxyz-wing (6),
** tuvwxyz-wing (7), stuvwxyz-wing (8), rstuvwxyz-wing (9).  One id per
** size, so that a table can put each at the place of its value (Sunnie
** rates them 4.2 + 0.2, 0.4, 0.7, 1.0, 1.3, 1.6 by size, +0.1 when
** incomplete), as Sunnie's searcher tries the sizes in increasing order.
**
** Scan order: pivots in cell order (Sunnie's: empty cells ascending);
** for each, z ascending (complete: z among the pivot's digits; incomplete:
** z outside them); then the petals, one per xi (xi ascending), each taken
** from the pivot's bivalue peers {xi, z} in cell order, the last xi
** varying fastest.  Sunnie walks the combinations of the pivot's bivalue
** peers instead; for one pivot the same wings come in a close but not
** always equal order.  Every instance that removes something is emitted.
**
** Options: incomplete (1: search incomplete wings too; 0: only complete).
** Figures: size = n, the digits of the wing (Sunnie's Size, its size
** factor); type = 1 incomplete, 0 complete (its incompleteness factor);
** extra = the cells of the wing (n).  Focus: every candidate of the pivot
** and the petals.  Text: "WXYZ-Wing: r5c5{1234} with r5c1{14},r4c6{24},
** r6c4{34}, z=4", "Incomplete WXYZ-Wing: ..." (pivot, petals in the order
** of their xi, the digit removed).
*/
#include "sk_plugin.h"

typedef struct wing_kind {
  int size;
  const char *name, *incomplete_name;
} wing_kind;

static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

typedef struct wing_state {
  const sk_search *s;
  const wing_kind *k;
  int pivot, z, incomplete, npetal;
  int xs[8];                 /* the petals' other digits, ascending */
  int cells[8][SK_PEERS];    /* cells[i]: the pivot's peers {xs[i], z} */
  int ncells[8];
  int pick[8];               /* the petal chosen for each xs[i] */
} wing_state;

static void text_cell(const sk_host *host, sk_hint *h, int c, sk_mask m) {
  host->hint_printf(h, "r%dc%d{", c / 9 + 1, c % 9 + 1);
  for (; m; m &= (sk_mask)(m - 1)) host->hint_printf(h, "%d", sk_mask_first(m));
  host->hint_printf(h, "}");
}

static int emit_wing(wing_state *w, sk_bits victims) {
  const sk_search *s = w->s;
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  if (w->incomplete) h.name = w->k->incomplete_name;
  h.fig[SK_FIG_SIZE] = w->k->size;
  h.fig[SK_FIG_TYPE] = w->incomplete;
  h.fig[SK_FIG_EXTRA] = w->npetal + 1;
  h.focus[w->pivot] = g->cand[w->pivot];
  for (int i = 0; i < w->npetal; i++) h.focus[w->pick[i]] = g->cand[w->pick[i]];
  for (int c; (c = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, c, w->z);
  host->hint_printf(&h, "%s: ", w->incomplete ? w->k->incomplete_name : w->k->name);
  text_cell(host, &h, w->pivot, g->cand[w->pivot]);
  host->hint_printf(&h, " with ");
  for (int i = 0; i < w->npetal; i++) {
    if (i) host->hint_printf(&h, ",");
    text_cell(host, &h, w->pick[i], g->cand[w->pick[i]]);
  }
  host->hint_printf(&h, ", z=%d", w->z);
  return host->emit(s, &h);
}

/* Petal i onwards; `see`: the cells holding z that see every holder of z
** chosen so far (an empty set ends the branch: nothing left to remove). */
static int petals(wing_state *w, int i, sk_bits see) {
  if (i == w->npetal) return emit_wing(w, see);
  for (int j = 0; j < w->ncells[i]; j++) {
    int c = w->cells[i][j];
    sk_bits next = sk_bits_and(see, sk_peer_bits[c]);
    if (sk_bits_empty(next)) continue;
    w->pick[i] = c;
    if (petals(w, i + 1, next)) return 1;
  }
  return 0;
}

/* The wings of pivot p around z; 1 when the search must stop. */
static int around(wing_state *w, sk_bits bivalue) {
  const sk_grid *g = w->s->grid;
  int p = w->pivot, z = w->z;
  sk_mask others = (sk_mask)(g->cand[p] & ~SK_BIT(z));
  sk_bits near = sk_bits_and(sk_bits_and(bivalue, sk_peer_bits[p]), g->dcells[z - 1]);
  w->npetal = 0;
  for (sk_mask m = others; m; m &= (sk_mask)(m - 1)) {
    int x = sk_mask_first(m), n = 0;
    sk_mask pair = (sk_mask)(SK_BIT(x) | SK_BIT(z));
    sk_bits b = sk_bits_and(near, g->dcells[x - 1]);
    for (int c; (c = sk_bits_pop(&b)) >= 0; )
      if (g->cand[c] == pair) w->cells[w->npetal][n++] = c;
    if (!n) return 0;
    w->xs[w->npetal] = x;
    w->ncells[w->npetal++] = n;
  }
  sk_bits see = g->dcells[z - 1];
  if (!w->incomplete) see = sk_bits_and(see, sk_peer_bits[p]);
  return petals(w, 0, see);
}

static int search(const sk_search *s) {
  const wing_kind *k = s->data;
  const sk_grid *g = s->grid;
  int with_incomplete = s->host->param(s, "incomplete", 1) != 0;
  sk_bits bivalue = {{0, 0}};
  int nbi = 0;
  for (int c = 0; c < SK_CELLS; c++)
    if (bits9(g->cand[c]) == 2) sk_bits_set(&bivalue, c), nbi++;
  if (nbi < k->size - 1) return SK_SEARCH_DONE;
  wing_state w;
  w.s = s;
  w.k = k;
  for (int p = 0; p < SK_CELLS; p++) {
    int n = bits9(g->cand[p]);
    if (n != k->size && !(with_incomplete && n == k->size - 1)) continue;
    w.pivot = p;
    w.incomplete = n == k->size - 1;
    sk_mask zs = w.incomplete ? (sk_mask)(SK_ALL_DIGITS & ~g->cand[p]) : g->cand[p];
    for (; zs; zs &= (sk_mask)(zs - 1)) {
      w.z = sk_mask_first(zs);
      if (around(&w, bivalue)) return SK_SEARCH_STOPPED;
    }
  }
  return SK_SEARCH_DONE;
}

static const wing_kind kinds[] = {
  {4, "WXYZ-Wing", "Incomplete WXYZ-Wing"},
  {5, "VWXYZ-Wing", "Incomplete VWXYZ-Wing"},
  {6, "UVWXYZ-Wing", "Incomplete UVWXYZ-Wing"},
  {7, "TUVWXYZ-Wing", "Incomplete TUVWXYZ-Wing"},
  {8, "STUVWXYZ-Wing", "Incomplete STUVWXYZ-Wing"},
  {9, "RSTUVWXYZ-Wing", "Incomplete RSTUVWXYZ-Wing"},
};

SK_PLUGIN_ENTRY(regular_wings) {
  SK_PLUGIN_CHECK(host, reg);
  static const char *const ids[] = {"wxyz-wing", "vwxyz-wing", "uvwxyz-wing",
                                    "tuvwxyz-wing", "stuvwxyz-wing", "rstuvwxyz-wing"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    const sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
