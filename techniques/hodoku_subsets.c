/*
** hodoku_subsets.c -- HoDoKu 2.2.0's naked and hidden subsets, in HoDoKu's
** scan order.
**
** Techniques (ids of the rating table):
**   hodoku-naked-pair, -triple, -quad     n cells of a house holding n
**       digits between them: the digits leave every other cell of every
**       house the n cells share
**   hodoku-hidden-pair, -triple, -quad    n digits of a house confined to n
**       cells: the cells lose their other candidates
**
** Rules and scan order are HoDoKu's (SimpleSolver.findNakedXle,
** findHiddenXle, createSubsetStep), because a rating takes the first hint:
**   - houses: blocks 1-9, then rows 1-9, then columns 1-9;
**   - naked: the house's cells with 1..n candidates, in house order; n-cell
**     combinations in lexicographic order; the first whose candidates
**     number n and that removes something.  A pair or triple that removes in
**     its block and in its line outside the block is HoDoKu's locked pair or
**     triple (techniques/subsets.c, locked-pair, locked-triple, tried
**     earlier): the naked search passes it over;
**   - hidden: houses with more than n empty cells; the digits with 1..n
**     places, ascending; n-digit combinations in lexicographic order; the
**     first whose places number n and that removes something.
** Focus: the set's cells with the set's digits (HoDoKu's step values are the
** digits).  Options: none.  Figures: size = n.  Text: HoDoKu's
** step.toString(2) before " => ", e.g. "Naked Pair: 4,8 in r38c1".  The
** order in which HoDoKu lists the eliminations (the table's elim-order:
** 2 naked, 1 hidden; techniques/hodoku_singles.c) follows from the rules.
*/
#include "sk_plugin.h"
#include "sk_geometry.h"

typedef struct subset { int naked, n; const char *name; } subset;

/* HoDoKu's getCompactCellPrint of cells (ascending) into the hint text */
static void print_cells(const sk_host *host, sk_hint *h, const int *cells, int n) {
  int used[9] = {0};
  for (int i = 0; i < n; i++) {
    if (used[i]) continue;
    used[i] = 1;
    int r = cells[i] / 9, c = cells[i] % 9, rows[9], cols[9], nr = 1, nc = 1;
    rows[0] = r, cols[0] = c;
    for (int j = i + 1; j < n; j++) {
      if (used[j]) continue;
      if (cells[j] / 9 == r && nr == 1) cols[nc++] = cells[j] % 9, used[j] = 1;
      else if (cells[j] % 9 == c && nc == 1) rows[nr++] = cells[j] / 9, used[j] = 1;
    }
    host->hint_printf(h, "%sr", i ? "," : "");
    for (int k = 0; k < nr; k++) host->hint_printf(h, "%d", rows[k] + 1);
    host->hint_printf(h, "c");
    for (int k = 0; k < nc; k++) host->hint_printf(h, "%d", cols[k] + 1);
  }
}

/* The hint of n cells (ascending) and digits ds; 0 when it removes nothing
** (or, naked, when it is a locked set), else emit's answer + 1. */
static int try_set(const sk_search *s, const subset *p, const int *cells, sk_mask ds) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  int any = 0;
  if (p->naked) {
    int shared[3] = {1, 1, 1}, found[3] = {0, 0, 0};
    for (int i = 1; i < p->n; i++)
      for (int k = 0; k < 3; k++)
        if (sk_cell_house[cells[i]][k] != sk_cell_house[cells[0]][k]) shared[k] = 0;
    for (int k = 0; k < 3; k++) {
      if (!shared[k]) continue;
      int hs = sk_cell_house[cells[0]][k];
      for (int i = 0; i < 9; i++) {
        int c = sk_house_cell[hs][i], mine = 0;
        for (int j = 0; j < p->n; j++) mine |= cells[j] == c;
        sk_mask x = mine || g->value[c] ? 0 : (sk_mask)(g->cand[c] & ds);
        if (!x) continue;
        h.elim[c] |= x;
        any = 1;
        if (k == 2 || sk_cell_house[c][2] != sk_cell_house[cells[0]][2]) found[k] = 1;
      }
    }
    int nfound = found[0] + found[1] + found[2];
    if (any && p->n < 4 && nfound > 1 && shared[2] && (shared[0] || shared[1])) return 0;
  } else {
    for (int j = 0; j < p->n; j++) {
      sk_mask x = (sk_mask)(g->cand[cells[j]] & ~ds);
      if (x) h.elim[cells[j]] |= x, any = 1;
    }
  }
  if (!any) return 0;
  for (int j = 0; j < p->n; j++) h.focus[cells[j]] = (sk_mask)(g->cand[cells[j]] & ds);
  h.fig[SK_FIG_SIZE] = p->n;
  host->hint_printf(&h, "%s: ", p->name);
  int first = 1;
  for (sk_mask x = ds; x; x &= x - 1, first = 0)
    host->hint_printf(&h, "%s%d", first ? "" : ",", sk_mask_first(x));
  host->hint_printf(&h, " in ");
  print_cells(host, &h, cells, p->n);
  return host->emit(s, &h) ? 2 : 1;
}

/* house order: blocks, rows, columns */
static int house_at(int i) { return i < 9 ? 18 + i : i - 9; }

/* Depth-first over the k-subsets of m members in lexicographic order (the
** order of HoDoKu's nested loops), cutting a branch as soon as the union
** of its members' masks has more than n bits (no completion can make a set
** then).  naked: the members are cells, their masks candidates; hidden: the
** members are digits, their masks house positions.  Returns 2 when the
** search must stop. */
typedef struct combo {
  const sk_search *s;
  const subset *p;
  int h, m;
  int member[9];              /* cells (naked) or digits (hidden) */
  unsigned mask[9];
  int pick[4];
} combo;

static int dfs(combo *c, int depth, int from, unsigned u) {
  const subset *p = c->p;
  if (depth == p->n) {
    if (sk_mask_count((sk_mask)u) != p->n) return 0;
    int cells[4] = {0};
    sk_mask ds = 0;
    if (p->naked) {
      for (int k = 0; k < p->n; k++) cells[k] = c->member[c->pick[k]];
      ds = (sk_mask)u;
    } else {
      int n = 0;
      for (int i = 0; i < 9; i++)
        if (u & (1u << i)) cells[n++] = sk_house_cell[c->h][i];
      for (int k = 0; k < p->n; k++) ds |= SK_BIT(c->member[c->pick[k]]);
    }
    return try_set(c->s, p, cells, ds) == 2 ? 2 : 0;
  }
  for (int i = from; i <= c->m - (p->n - depth); i++) {
    unsigned v = u | c->mask[i];
    if (sk_mask_count((sk_mask)v) > p->n) continue;
    c->pick[depth] = i;
    if (dfs(c, depth + 1, i + 1, v) == 2) return 2;
  }
  return 0;
}

static int naked(const sk_search *s, const subset *p) {
  const sk_grid *g = s->grid;
  combo c = {.s = s, .p = p};
  for (int hi = 0; hi < 27; hi++) {
    c.h = house_at(hi), c.m = 0;
    for (int i = 0; i < 9; i++) {
      int cell = sk_house_cell[c.h][i];
      int k = g->value[cell] ? 0 : sk_mask_count(g->cand[cell]);
      if (k && k <= p->n) c.member[c.m] = cell, c.mask[c.m++] = g->cand[cell];
    }
    if (c.m >= p->n && dfs(&c, 0, 0, 0) == 2) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static int hidden(const sk_search *s, const subset *p) {
  const sk_grid *g = s->grid;
  combo c = {.s = s, .p = p};
  uint16_t pos[SK_HOUSES][10] = {{0}};     /* positions of digit d in house h */
  int empty[SK_HOUSES] = {0};
  for (int h = 0; h < SK_HOUSES; h++)
    for (int i = 0; i < 9; i++) {
      int cell = sk_house_cell[h][i];
      if (g->value[cell]) continue;
      empty[h]++;
      for (sk_mask x = g->cand[cell]; x; x &= x - 1) pos[h][sk_mask_first(x)] |= (uint16_t)(1u << i);
    }
  for (int hi = 0; hi < 27; hi++) {
    c.h = house_at(hi), c.m = 0;
    if (empty[c.h] <= p->n) continue;
    for (int d = 1; d <= 9; d++) {
      unsigned ps = pos[c.h][d];
      int k = sk_mask_count((sk_mask)ps);
      if (k && k <= p->n) c.member[c.m] = d, c.mask[c.m++] = ps;
    }
    if (c.m >= p->n && dfs(&c, 0, 0, 0) == 2) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static const subset sets[6] = {
  {1, 2, "Naked Pair"}, {1, 3, "Naked Triple"}, {1, 4, "Naked Quadruple"},
  {0, 2, "Hidden Pair"}, {0, 3, "Hidden Triple"}, {0, 4, "Hidden Quadruple"},
};

static int search(const sk_search *s) {
  const subset *p = s->data;
  return p->naked ? naked(s, p) : hidden(s, p);
}

static const sk_technique techniques[] = {
  {"hodoku-naked-pair", "Naked Pair", 0, search, &sets[0]},
  {"hodoku-naked-triple", "Naked Triple", 0, search, &sets[1]},
  {"hodoku-naked-quad", "Naked Quadruple", 0, search, &sets[2]},
  {"hodoku-hidden-pair", "Hidden Pair", 0, search, &sets[3]},
  {"hodoku-hidden-triple", "Hidden Triple", 0, search, &sets[4]},
  {"hodoku-hidden-quad", "Hidden Quadruple", 0, search, &sets[5]},
};

SK_PLUGIN_ENTRY(hodoku_subsets) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof techniques / sizeof techniques[0]; i++)
    if (host->register_technique(reg, &techniques[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
