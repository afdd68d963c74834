/*
** locking.c -- locked candidates: pointing and claiming, plain and direct.
**
** Techniques (ids of the rating table):
**   direct-pointing   a block's places for a value lie in one line, which
**                     leaves another block one place: a hidden single
**   direct-claiming   a line's places for a value lie in one block, which
**                     leaves another line of the block one place
**   pointing          the value leaves the rest of the line
**   claiming          the value leaves the rest of the block
**
** Scan order follows Sudoku Explainer 1.2.1.3: crossings block->column,
** block->row (pointing), then column->block, row->block (claiming); in each,
** first region 0..8, second region 0..8, values 1..9.  A direct hint only
** places its single.  SE 1.2.1.3 does not remove the locked candidates when
** it applies one, and ratings depend on that, so elim[] stays empty and the
** pattern goes into focus[].
*/
#include "sk_plugin.h"

enum { row0 = 0, column0 = 9, block0 = 18 };

/* pos[h][d]: positions (0..8 inside house h) where d is a candidate;
** pointing fills the blocks, claiming the lines (all it reads) */
typedef struct places {
  uint16_t pos[SK_HOUSES][10];
} places;

/* Fill pos[][] for the blocks (pointing) or for the lines (claiming):
** rows and blocks come straight from the digit bitboards, columns from
** the rows. */
static void load_places(const sk_grid *g, places *pl, int blocks) {
  if (!blocks)
    for (int h = column0; h < block0; h++)
      for (int d = 0; d <= 9; d++) pl->pos[h][d] = 0;
  for (int d = 1; d <= 9; d++) {
    for (int r = 0; r < 9; r++) {
      unsigned m = sk_bits_row(g->dcells[d - 1], r);
      pl->pos[r][d] = (uint16_t)m;
      if (!blocks)
        for (; m; m &= m - 1) pl->pos[column0 + __builtin_ctz(m)][d] |= (uint16_t)(1u << r);
    }
    if (blocks)
      for (int b = 0; b < 9; b++)
        pl->pos[block0 + b][d] = (uint16_t)sk_bits_box(g->dcells[d - 1], b);
  }
}

/* The j-th (0..2, in increasing order) house of the kind starting at
** first that crosses house h; one of the two kinds is the block. */
static int crossing(int h, int first, int j) {
  if (h >= block0) {
    int b = h - block0;
    return first == row0 ? 3 * (b / 3) + j : column0 + 3 * (b % 3) + j;
  }
  if (h < column0) return block0 + 3 * (h / 3) + j;
  return block0 + (h - column0) / 3 + 3 * j;
}

/* Positions inside house h of the cells h shares with house o (one of the
** two is a block, the other a line); 0 when they do not cross. */
static unsigned shared(int h, int o) {
  if (h >= block0) {
    int b = h - block0;
    if (o < column0) return o / 3 == b / 3 ? 7u << 3 * (o % 3) : 0;
    int c = o - column0;
    return c / 3 == b % 3 ? 0x49u << (c % 3) : 0;
  }
  int b = o - block0;
  if (h < column0) return h / 3 == b / 3 ? 7u << 3 * (b % 3) : 0;
  int c = h - column0;
  return c / 3 == b % 3 ? 7u << 3 * (b / 3) : 0;
}

typedef struct scan {
  const sk_search *s;
  const places *pl;
  int first1, first2;        /* house kinds: region1 (the locked one), region2 */
  int direct;
  const char *name;
} scan;

static void name_house(const sk_host *host, sk_hint *h, int house) {
  static const char kind[3] = {'r', 'c', 'b'};
  host->hint_printf(h, "%c%d", kind[house / 9], house % 9 + 1);
}

static void start_hint(const scan *sc, sk_hint *h, int h1, int h2, int d) {
  const sk_host *host = sc->s->host;
  host->hint_init(h);
  for (unsigned m = sc->pl->pos[h1][d]; m; m &= m - 1)
    sk_hint_focus(h, sk_house_cell[h1][__builtin_ctz(m)], d);
  host->hint_printf(h, "%s: %d in ", sc->name, d);
  name_house(host, h, h1);
  host->hint_printf(h, " locked in ");
  name_house(host, h, h2);
}

/* Plain locking: remove d from region2 outside region1. */
static int plain(const scan *sc, int h1, int h2, int d) {
  sk_bits victims = sk_bits_andnot(sk_grid_places(sc->s->grid, h2, d), sk_house_bits[h1]);
  if (sk_bits_empty(victims)) return 0;
  sk_hint h;
  start_hint(sc, &h, h1, h2, d);
  for (int c; (c = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, c, d);
  return sc->s->host->emit(sc->s, &h);
}

/* Direct locking: each other region of region1's kind crossing region2
** (0..8) that had several places for d and keeps one once region2 loses
** it. */
static int direct(const scan *sc, int h1, int h2, int d) {
  for (int j = 0; j < 3; j++) {
    int h3 = crossing(h2, sc->first1, j);
    if (h3 == h1) continue;
    unsigned before = sc->pl->pos[h3][d], left = before & ~shared(h3, h2);
    /* several places before, exactly one after */
    if (!left || (left & (left - 1)) || before == left) continue;
    sk_hint h;
    int cell = sk_house_cell[h3][__builtin_ctz(left)];
    start_hint(sc, &h, h1, h2, d);
    sk_hint_place(&h, cell, d);
    sk_hint_focus(&h, cell, d);
    sc->s->host->hint_printf(&h, ", only place in ");
    name_house(sc->s->host, &h, h3);
    if (sc->s->host->emit(sc->s, &h)) return 1;
  }
  return 0;
}

static int run(const scan *sc) {
  for (int i1 = 0; i1 < 9; i1++) {
    int h1 = sc->first1 + i1;
    const uint16_t *p1 = sc->pl->pos[h1];
    unsigned locked = 0;         /* values with two or more places in h1 */
    for (int d = 1; d <= 9; d++)
      /* one place would be a hidden single, not a locking */
      if (p1[d] & (p1[d] - 1)) locked |= 1u << d;
    if (!locked) continue;
    for (int j = 0; j < 3; j++) {
      int h2 = crossing(h1, sc->first2, j);
      unsigned common = shared(h1, h2);
      for (unsigned m = locked; m; m &= m - 1) {
        int d = __builtin_ctz(m);
        if (p1[d] & ~common) continue;
        int stop = sc->direct ? direct(sc, h1, h2, d) : plain(sc, h1, h2, d);
        if (stop) return SK_SEARCH_STOPPED;
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* block->column, then block->row */
static int pointing_scan(const sk_search *s, int is_direct, const char *name) {
  places pl;
  load_places(s->grid, &pl, 1);
  scan sc = {s, &pl, block0, column0, is_direct, name};
  if (run(&sc) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  sc.first2 = row0;
  return run(&sc);
}

/* column->block, then row->block */
static int claiming_scan(const sk_search *s, int is_direct, const char *name) {
  places pl;
  load_places(s->grid, &pl, 0);
  scan sc = {s, &pl, column0, block0, is_direct, name};
  if (run(&sc) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  sc.first1 = row0;
  return run(&sc);
}

static int direct_pointing(const sk_search *s) { return pointing_scan(s, 1, "Direct Pointing"); }
static int direct_claiming(const sk_search *s) { return claiming_scan(s, 1, "Direct Claiming"); }
static int pointing(const sk_search *s) { return pointing_scan(s, 0, "Pointing"); }
static int claiming(const sk_search *s) { return claiming_scan(s, 0, "Claiming"); }

static const sk_technique techniques[] = {
  {"direct-pointing", "Direct Pointing", 0, direct_pointing, NULL},
  {"direct-claiming", "Direct Claiming", 0, direct_claiming, NULL},
  {"pointing", "Pointing", 0, pointing, NULL},
  {"claiming", "Claiming", 0, claiming, NULL},
};

SK_PLUGIN_ENTRY(locking) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof techniques / sizeof techniques[0]; i++)
    if (host->register_technique(reg, &techniques[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
