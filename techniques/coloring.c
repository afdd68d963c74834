/*
** coloring.c -- HoDoKu's Simple Colors and Multi Colors.
**
** The colouring of a digit d: every candidate of d that lies in a house
** holding d exactly twice (a conjugate pair) is coloured; the conjugate
** pairs join them into clusters, each cluster split into two colours that
** cannot both be true, and one of which is.
**
** Techniques (ids of the rating table; HoDoKu's reglib codes):
**   simple-colors  one cluster.
**     type 2, wrap (0501): two cells of one colour see each other, so that
**       colour is false: d leaves all its cells;
**     type 1, trap (0500): d leaves every cell that sees a cell of each
**       colour.
**   multi-colors   two clusters A (colours a1, a2) and B (b1, b2).
**     type 2, MC2 (0503): cells of a1 see cells of b1 and (maybe other)
**       cells of b2, so a1 is false: d leaves all of a1 (the same for a2);
**     type 1, MC1 (0502): a cell of a1 sees a cell of b1, so a2 or b2 is
**       true: d leaves every cell that sees both a2 and b2 (the same for
**       the other three pairings, the eliminations gathered in one hint).
**
** The search follows HoDoKu 2.2.0's (solver/ColoringSolver.java) so that
** the hints found, their order and their texts are HoDoKu's: digits 1..9;
** clusters built from the lowest uncoloured cell, which takes the first
** colour, by HoDoKu's depth-first walk over each cell's row, column and box
** partner; Simple Colors tries each cluster for a wrap, then for a trap;
** Multi Colors tries every ordered pair of clusters (A, B), A != B, for
** MC2 then for MC1 (a1 -> b is not b -> a1, so both orders are tried).
** The first hint found wins (HoDoKu's solver path takes the first).
**
** No options.  Figures: fig[SK_FIG_TYPE] = 1 or 2 as above (HoDoKu's
** argument names sc1/sc2, mc1/mc2).  Focus: the coloured candidates of the
** clusters used, all of digit d (HoDoKu's step value, the library line's
** <candidate(s)>).  Texts are HoDoKu's step.toString(2) up to " => ":
** "Simple Colors Trap: 3 (r1c4,r3c9) / (r1c8,r3c6)", clusters' colours
** "(a1) / (a2), (b1) / (b2)" for Multi Colors.
*/
#include <string.h>
#include "sk_plugin.h"

#define MAX_CLUSTERS 41   /* a cluster has two cells at least */

typedef struct coloring {
  int n;                          /* clusters */
  sk_bits col[MAX_CLUSTERS][2];   /* the two colours of each cluster */
} coloring;

/* The cell's partner in house h when h holds d exactly twice, else -1. */
static int partner(const sk_grid *g, int d, int h, int cell) {
  sk_bits p = sk_grid_places(g, h, d);
  if (sk_bits_count(p) != 2) return -1;
  int a = sk_bits_pop(&p);
  return a == cell ? sk_bits_pop(&p) : a;
}

static void color_from(const sk_grid *g, int d, sk_bits *left, sk_bits col[2], int cell, int c) {
  if (cell < 0 || !sk_bits_has(left, cell)) return;
  sk_bits_set(&col[c], cell);
  sk_bits_clear(left, cell);
  for (int k = 0; k < 3; k++)
    color_from(g, d, left, col, partner(g, d, sk_cell_house[cell][k], cell), 1 - c);
}

static void color_digit(const sk_grid *g, int d, coloring *cl) {
  sk_bits left = {{0, 0}}, dc = g->dcells[d - 1];
  for (sk_bits t = dc; !sk_bits_empty(t); ) {
    int c = sk_bits_pop(&t);
    for (int k = 0; k < 3; k++)
      if (sk_bits_count(sk_grid_places(g, sk_cell_house[c][k], d)) == 2) {
        sk_bits_set(&left, c);
        break;
      }
  }
  cl->n = 0;
  while (!sk_bits_empty(left) && cl->n < MAX_CLUSTERS) {
    sk_bits *col = cl->col[cl->n];
    col[0] = col[1] = (sk_bits){{0, 0}};
    color_from(g, d, &left, col, sk_bits_first(left), 0);
    if (!sk_bits_empty(col[0]) && !sk_bits_empty(col[1])) cl->n++;
  }
}

/* Cells of d that see a cell of a and a cell of b. */
static sk_bits seeing_both(const sk_grid *g, int d, sk_bits a, sk_bits b) {
  sk_bits sa = {{0, 0}}, sb = {{0, 0}};
  for (int c; (c = sk_bits_pop(&a)) >= 0; ) sa = sk_bits_or(sa, sk_peer_bits[c]);
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) sb = sk_bits_or(sb, sk_peer_bits[c]);
  return sk_bits_and(g->dcells[d - 1], sk_bits_and(sa, sb));
}

/* Some cell of a sees some cell of b. */
static int sees(sk_bits a, sk_bits b) {
  for (int c; (c = sk_bits_pop(&a)) >= 0; )
    if (!sk_bits_empty(sk_bits_and(sk_peer_bits[c], b))) return 1;
  return 0;
}

/* Two cells of a see each other. */
static int wraps(sk_bits a) {
  for (int c; (c = sk_bits_pop(&a)) >= 0; )
    if (!sk_bits_empty(sk_bits_and(sk_peer_bits[c], a))) return 1;
  return 0;
}

static void print_color(const sk_host *host, sk_hint *h, sk_bits a) {
  char n[8];
  host->hint_printf(h, "(");
  for (int c, first = 1; (c = sk_bits_pop(&a)) >= 0; first = 0)
    host->hint_printf(h, "%s%s", first ? "" : ",", sk_cell_name(c, n));
  host->hint_printf(h, ")");
}

/* Emit a hint of digit d: eliminations elim, colours col[0..ncol-1]. */
static int found(const sk_search *s, const char *name, int type, int d, sk_bits elim,
                 const sk_bits *col, int ncol) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  h.name = name;
  h.fig[SK_FIG_TYPE] = type;
  for (int c; (c = sk_bits_pop(&elim)) >= 0; ) sk_hint_elim(&h, c, d);
  host->hint_printf(&h, "%s: %d ", name, d);
  for (int i = 0; i < ncol; i++) {
    if (i) host->hint_printf(&h, i % 2 ? " / " : ", ");
    print_color(host, &h, col[i]);
    sk_bits f = col[i];
    for (int c; (c = sk_bits_pop(&f)) >= 0; ) sk_hint_focus(&h, c, d);
  }
  return host->emit(s, &h);
}

static int simple_colors(const sk_search *s) {
  const sk_grid *g = s->grid;
  coloring cl;
  for (int d = 1; d <= 9; d++) {
    color_digit(g, d, &cl);
    for (int i = 0; i < cl.n; i++) {
      const sk_bits *col = cl.col[i];
      sk_bits elim = {{0, 0}};
      if (wraps(col[0])) elim = sk_bits_or(elim, col[0]);
      if (wraps(col[1])) elim = sk_bits_or(elim, col[1]);
      if (!sk_bits_empty(elim) && found(s, "Simple Colors Wrap", 2, d, elim, col, 2))
        return SK_SEARCH_STOPPED;
      elim = seeing_both(g, d, col[0], col[1]);
      if (!sk_bits_empty(elim) && found(s, "Simple Colors Trap", 1, d, elim, col, 2))
        return SK_SEARCH_STOPPED;
    }
  }
  return SK_SEARCH_DONE;
}

/* Cells of set that see cells of b1 and cells of b2 (not necessarily the
** same ones): HoDoKu's checkMultiColor1. */
static int sees_both_colors(sk_bits set, sk_bits b1, sk_bits b2) {
  int s1 = 0, s2 = 0;
  for (int c; (c = sk_bits_pop(&set)) >= 0; ) {
    if (!sk_bits_empty(sk_bits_and(sk_peer_bits[c], b1))) s1 = 1;
    if (!sk_bits_empty(sk_bits_and(sk_peer_bits[c], b2))) s2 = 1;
    if (s1 && s2) return 1;
  }
  return 0;
}

static int multi_colors(const sk_search *s) {
  const sk_grid *g = s->grid;
  coloring cl;
  for (int d = 1; d <= 9; d++) {
    color_digit(g, d, &cl);
    for (int i = 0; i < cl.n; i++)
      for (int j = 0; j < cl.n; j++) {
        if (i == j) continue;
        sk_bits col[4] = {cl.col[i][0], cl.col[i][1], cl.col[j][0], cl.col[j][1]};
        sk_bits elim = {{0, 0}};
        if (sees_both_colors(col[0], col[2], col[3])) elim = sk_bits_or(elim, col[0]);
        if (sees_both_colors(col[1], col[2], col[3])) elim = sk_bits_or(elim, col[1]);
        if (!sk_bits_empty(elim) && found(s, "Multi Colors 2", 2, d, elim, col, 4))
          return SK_SEARCH_STOPPED;
        elim = (sk_bits){{0, 0}};
        if (sees(col[0], col[2])) elim = sk_bits_or(elim, seeing_both(g, d, col[1], col[3]));
        if (sees(col[0], col[3])) elim = sk_bits_or(elim, seeing_both(g, d, col[1], col[2]));
        if (sees(col[1], col[2])) elim = sk_bits_or(elim, seeing_both(g, d, col[0], col[3]));
        if (sees(col[1], col[3])) elim = sk_bits_or(elim, seeing_both(g, d, col[0], col[2]));
        if (!sk_bits_empty(elim) && found(s, "Multi Colors 1", 1, d, elim, col, 4))
          return SK_SEARCH_STOPPED;
      }
  }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(coloring) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique techs[] = {
    {"simple-colors", "Simple Colors", 0, simple_colors, NULL},
    {"multi-colors", "Multi Colors", 0, multi_colors, NULL},
  };
  for (size_t i = 0; i < sizeof techs / sizeof techs[0]; i++)
    if (host->register_technique(reg, &techs[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
