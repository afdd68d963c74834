/*
** unique_loops.c -- unique rectangles and unique loops, types 1 to 4.
**
** Technique (id of the rating table):
**   unique-loop   a loop of cells that all hold the pair {a,b}, each house
**                 it touches holding exactly two of its cells; if only the
**                 pair were left, the puzzle would have two solutions, so
**                 the cells with extra values ("rescue" cells) must keep
**                 one of their extras:
**     type 1  one rescue cell: a and b leave it
**     type 2  every rescue cell has the same single extra x: x leaves the
**             cells that see all of them
**     type 3  two rescue cells sharing a house act as one virtual cell
**             holding their extras; it completes a naked set with other
**             cells of that house (naked), or a and b with other values
**             are confined to the virtual cell plus other cells (hidden)
**     type 4  two rescue cells sharing a house where a is nowhere else:
**             b leaves both
**
** Search and order follow Sudoku Explainer 1.2.1.3 exactly, because the
** rating takes SE's cheapest loop hint and ties are broken by the order
** in which SE finds them:
**   - start cells: bivalue cells in row-major order, pair {a,b};
**   - depth-first growth: from each cell, houses in the order block, row,
**     column (skipping the kind used to enter the cell), cells in house
**     order; a cell with extras may join while fewer than two such cells
**     were taken, or while the extras seen so far in this cell's scan form
**     a single value (SE accumulates the extras of every candidate it
**     looked at from the current cell, joined or not -- kept on purpose);
**   - a loop closes back on its start with 4 or more cells, and is kept
**     when each house it touches holds one even- and one odd-placed cell;
**   - type 3 sets: sizes from the number of extras up to 7, houses shared
**     by the two rescue cells (block, row, column), naked then hidden,
**     cell and value tuples in increasing bitmask order.
** The same loop is found from each of its bivalue cells in both
** directions; it yields the same hints each time, so only its first
** discovery is reported.  Paths multiply where many cells hold the pair,
** so the engine's budget is asked every 4096 cells added to a path.
**
** Figures: length = loop cells, type = 1..4, size = for type 3 naked the
** set size counting the virtual cell, for type 3 hidden the number of set
** cells besides the two rescue cells, else 0.  Registered with
** SK_TECH_COLLECT: the engine takes the cheapest hint, then the lowest
** order, then the first emitted.  order = 8 * rank + type, where rank
** reproduces SE's floating-point sums (see se_rank).
*/
#include "sk_plugin.h"

#define MAX_SEEN 512           /* distinct loops remembered for de-duplication */

/* house kinds in SE's region order (block, row, column), as indexes of
** sk_cell_house[cell][] which is {row, column, box} */
static const int kind_order[3] = {2, 0, 1};

typedef struct loop_ctx {
  const sk_search *s;
  const sk_grid *g;
  int a, b;                    /* the loop's pair, a < b */
  sk_mask pair;
  int cells[SK_CELLS];         /* current path, start first */
  int len;
  sk_bits on_path;
  sk_bits seen[MAX_SEEN];      /* cell sets of loops already reported */
  int nseen;
  unsigned grown;              /* cells added to paths: the budget is asked every 4096 */
  int stopped;
} loop_ctx;

/* ---- small helpers ---- */

static int house_index(int house, int cell) {
  for (int i = 0; i < 9; i++)
    if (sk_house_cell[house][i] == cell) return i;
  return -1;
}

static int same_house(int c1, int c2, int kind) {
  return sk_cell_house[c1][kind] == sk_cell_house[c2][kind];
}

static int empty_cells(const sk_grid *g, int house) {
  int n = 0;
  for (int i = 0; i < 9; i++) n += g->value[sk_house_cell[house][i]] == 0;
  return n;
}

/* Cells of the 9-bit index set `m` of a house, as a bitboard. */
static sk_bits house_subset(int house, unsigned m) {
  sk_bits r = {{0, 0}};
  for (int i = 0; i < 9; i++)
    if (m >> i & 1) sk_bits_set(&r, sk_house_cell[house][i]);
  return r;
}

/* Rank of SE's double difficulty among those of the same tenth.  SE adds
** doubles (4.5, then 0.1/0.2/0.3 for the length, then k * 0.1 for a type-3
** set); a few combinations land one unit in the last place below or above
** the decimal value, which puts them first or last among hints that print
** the same.  Returns 0 (below), 1 (exact) or 2 (above); the pairs are
** (length class, k) with class 1 = 6 cells, 2 = 8 cells. */
static int se_rank(int len, int k) {
  int cls = len >= 10 ? 3 : len >= 8 ? 2 : len >= 6 ? 1 : 0;
  if (cls == 1 && (k == 1 || k == 3 || k == 6)) return 0;
  if (cls == 2 && (k == 4 || k == 6)) return 2;
  return 1;
}

static const char *const kind_word[3] = {"row", "column", "block"};

static void text_house(const loop_ctx *c, sk_hint *h, int house) {
  c->s->host->hint_printf(h, "%s %d", kind_word[house / 9], house % 9 + 1);
}

static void text_cells(const loop_ctx *c, sk_hint *h, const int *cells, int n) {
  for (int i = 0; i < n; i++)
    c->s->host->hint_printf(h, "%sr%dc%d", i ? "," : "", cells[i] / 9 + 1, cells[i] % 9 + 1);
}

static void text_bits(const loop_ctx *c, sk_hint *h, sk_bits b) {
  int list[SK_CELLS], n = 0;
  for (int x; (x = sk_bits_pop(&b)) >= 0; ) list[n++] = x;
  text_cells(c, h, list, n);
}

static void text_digits(const loop_ctx *c, sk_hint *h, sk_mask m) {
  for (int first = 1; m; m &= m - 1, first = 0)
    c->s->host->hint_printf(h, "%s%d", first ? "" : ",", sk_mask_first(m));
}

/* SE's hint names: "Unique Rectangle type 1", "Unique Loop type 2" (6
** cells), "Unique Loop 8 type 3" (longer loops).  Loops have an even
** length of at most 18 (two cells per row touched). */
#define UL_NAMES(n) \
  {"Unique Loop " #n " type 1", "Unique Loop " #n " type 2", \
   "Unique Loop " #n " type 3", "Unique Loop " #n " type 4"}
static const char *const loop_names[][4] = {
  {"Unique Rectangle type 1", "Unique Rectangle type 2",
   "Unique Rectangle type 3", "Unique Rectangle type 4"},
  {"Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3", "Unique Loop type 4"},
  UL_NAMES(8), UL_NAMES(10), UL_NAMES(12), UL_NAMES(14), UL_NAMES(16), UL_NAMES(18),
};

/* Start a hint for the current loop: figures, name, focus, loop text. */
static void hint_start(const loop_ctx *c, sk_hint *h, int type, int size) {
  int len = c->len;
  c->s->host->hint_init(h);
  h->fig[SK_FIG_LENGTH] = len;
  h->fig[SK_FIG_TYPE] = type;
  h->fig[SK_FIG_SIZE] = size;
  h->order = 8 * se_rank(len, type == 3 ? (size > 1 ? size - 1 : 0) : 0) + type;
  int row = (len - 4) / 2;
  if (row >= 0 && row < (int)(sizeof loop_names / sizeof loop_names[0]))
    h->name = loop_names[row][type - 1];
  for (int i = 0; i < len; i++) h->focus[c->cells[i]] = c->pair;
  c->s->host->hint_printf(h, "%s: %d,%d in ", h->name ? h->name : "Unique Loop", c->a, c->b);
  text_cells(c, h, c->cells, len);
}

static int emit(loop_ctx *c, const sk_hint *h) {
  if (!sk_hint_has_elims(h)) return 0;
  if (c->s->host->emit(c->s, h)) c->stopped = 1;
  return c->stopped;
}

/* ---- the four types ---- */

static int type1(loop_ctx *c, int rescue) {
  sk_hint h;
  hint_start(c, &h, 1, 0);
  h.elim[rescue] = c->pair;
  return emit(c, &h);
}

/* Every rescue cell holds the single extra x. */
static int type2(loop_ctx *c, const int *rescue, int n) {
  const sk_grid *g = c->g;
  sk_mask x = (sk_mask)(g->cand[rescue[0]] & ~c->pair);
  int d = sk_mask_first(x);
  sk_bits victims = g->dcells[d - 1];
  for (int i = 0; i < n; i++) {
    victims = sk_bits_and(victims, sk_peer_bits[rescue[i]]);
    sk_bits_clear(&victims, rescue[i]);
  }
  sk_hint h;
  hint_start(c, &h, 2, 0);
  for (int i = 0; i < n; i++) h.focus[rescue[i]] |= x;
  for (int v; (v = sk_bits_pop(&victims)) >= 0; ) sk_hint_elim(&h, v, d);
  c->s->host->hint_printf(&h, "; extra %d in ", d);
  text_cells(c, &h, rescue, n);
  return emit(c, &h);
}

/* Naked set in `house`: the virtual cell (extras `extra`, standing at
** index i1) plus the other cells of index set `m`, holding `values`. */
static int type3_naked(loop_ctx *c, int house, int r1, int r2, sk_mask extra,
                       unsigned m, sk_mask values, int degree) {
  const sk_grid *g = c->g;
  sk_bits others = house_subset(house, m);
  sk_bits_clear(&others, r1);
  sk_hint h;
  hint_start(c, &h, 3, degree);
  h.focus[r1] |= extra;
  h.focus[r2] |= extra;
  for (int i = 0; i < 9; i++) {
    int x = sk_house_cell[house][i];
    if (x == r1 || x == r2) continue;
    if (sk_bits_has(&others, x)) h.focus[x] = g->cand[x];
    else h.elim[x] = (sk_mask)(g->cand[x] & values);
  }
  c->s->host->hint_printf(&h, "; naked set ");
  text_digits(c, &h, values);
  c->s->host->hint_printf(&h, " in r%dc%d+r%dc%d,", r1 / 9 + 1, r1 % 9 + 1, r2 / 9 + 1, r2 % 9 + 1);
  text_bits(c, &h, others);
  c->s->host->hint_printf(&h, " (");
  text_house(c, &h, house);
  c->s->host->hint_printf(&h, ")");
  return emit(c, &h);
}

/* Hidden set in `house`: `values` confined to the virtual cell and the
** cells of index set `m` (which holds neither rescue cell). */
static int type3_hidden(loop_ctx *c, int house, int r1, int r2, unsigned m, sk_mask values) {
  const sk_grid *g = c->g;
  sk_bits cells = house_subset(house, m);
  sk_hint h;
  hint_start(c, &h, 3, __builtin_popcount(m));
  h.focus[r1] |= values & g->cand[r1];
  h.focus[r2] |= values & g->cand[r2];
  for (sk_bits b = cells; !sk_bits_empty(b); ) {
    int x = sk_bits_pop(&b);
    h.focus[x] = (sk_mask)(g->cand[x] & values);
    h.elim[x] = (sk_mask)(g->cand[x] & ~values);
  }
  c->s->host->hint_printf(&h, "; hidden set ");
  text_digits(c, &h, values);
  c->s->host->hint_printf(&h, " in r%dc%d+r%dc%d,", r1 / 9 + 1, r1 % 9 + 1, r2 / 9 + 1, r2 % 9 + 1);
  text_bits(c, &h, cells);
  c->s->host->hint_printf(&h, " (");
  text_house(c, &h, house);
  c->s->host->hint_printf(&h, ")");
  return emit(c, &h);
}

/* Naked sets of `degree` in a house shared by r1 and r2: index sets that
** hold r1 (the virtual cell) but not r2, in increasing bitmask order. */
static int naked_sets(loop_ctx *c, int house, int r1, int r2, sk_mask extra, int degree) {
  const sk_grid *g = c->g;
  int i1 = house_index(house, r1), i2 = house_index(house, r2);
  sk_mask common = (sk_mask)(extra & g->cand[r1] & g->cand[r2]);
  for (unsigned m = 0; m < 512; m++) {
    if (__builtin_popcount(m) != degree || !(m >> i1 & 1) || (m >> i2 & 1)) continue;
    sk_mask naked = common, all = extra;
    int ok = 1;
    for (int i = 0; i < 9 && ok; i++) {
      if (!(m >> i & 1) || i == i1) continue;
      sk_mask cm = g->cand[sk_house_cell[house][i]];
      if (sk_mask_count(cm) <= 1) ok = 0;   /* SE's tuple test wants 2+ values each */
      naked |= cm;
      all |= cm;
    }
    if (!ok || sk_mask_count(naked) != degree || sk_mask_count(all) != degree) continue;
    if (type3_naked(c, house, r1, r2, extra, m, all, degree)) return 1;
  }
  return 0;
}

/* Hidden sets: a, b and degree-2 values outside the extras, whose places
** in the house (r2's taken out) cover exactly `degree` cells. */
static int hidden_sets(loop_ctx *c, int house, int r1, int r2, sk_mask extra, int degree) {
  const sk_grid *g = c->g;
  int rem[9], nrem = 0;
  for (int d = 1; d <= 9; d++)
    if (!(c->pair & SK_BIT(d)) && !(extra & SK_BIT(d))) rem[nrem++] = d;
  if (degree - 2 > nrem || nrem == 0) return 0;
  unsigned skip2 = 1u << house_index(house, r2);
  unsigned pos[10];
  for (int d = 1; d <= 9; d++) {
    pos[d] = 0;
    for (int i = 0; i < 9; i++)
      if (g->cand[sk_house_cell[house][i]] & SK_BIT(d)) pos[d] |= 1u << i;
    pos[d] &= ~skip2;
  }
  for (unsigned m = 0; m < (1u << nrem); m++) {
    if (__builtin_popcount(m) != degree - 2) continue;
    sk_mask values = c->pair;
    unsigned cover = pos[c->a] | pos[c->b];
    int ok = pos[c->a] && pos[c->b];
    for (int i = 0; i < nrem; i++)
      if (m >> i & 1) {
        values |= SK_BIT(rem[i]);
        cover |= pos[rem[i]];
        if (!pos[rem[i]]) ok = 0;
      }
    if (!ok || __builtin_popcount(cover) != degree) continue;
    unsigned others = cover & ~(1u << house_index(house, r1)) & ~skip2;
    if (type3_hidden(c, house, r1, r2, others, values)) return 1;
  }
  return 0;
}

static int type3(loop_ctx *c, int r1, int r2) {
  const sk_grid *g = c->g;
  sk_mask extra = (sk_mask)((g->cand[r1] | g->cand[r2]) & ~c->pair);
  for (int degree = sk_mask_count(extra); degree <= 7; degree++)
    for (int k = 0; k < 3; k++) {
      int kind = kind_order[k];
      if (!same_house(r1, r2, kind)) continue;
      int house = sk_cell_house[r1][kind];
      int nempty = empty_cells(g, house);
      if (degree * 2 <= nempty && naked_sets(c, house, r1, r2, extra, degree)) return 1;
      if (degree * 2 < nempty && hidden_sets(c, house, r1, r2, extra, degree)) return 1;
    }
  return 0;
}

static int type4(loop_ctx *c, int r1, int r2) {
  const sk_grid *g = c->g;
  int lock_a = -1, lock_b = -1;       /* SE keeps the last house of each */
  for (int k = 0; k < 3; k++) {
    int kind = kind_order[k];
    if (!same_house(r1, r2, kind)) continue;
    int house = sk_cell_house[r1][kind];
    sk_bits rest = sk_house_bits[house];
    sk_bits_clear(&rest, r1);
    sk_bits_clear(&rest, r2);
    if (sk_bits_empty(sk_bits_and(rest, g->dcells[c->a - 1]))) lock_a = house;
    if (sk_bits_empty(sk_bits_and(rest, g->dcells[c->b - 1]))) lock_b = house;
  }
  int house = lock_a >= 0 ? lock_a : lock_b;
  if (house < 0) return 0;
  int lock = lock_a >= 0 ? c->a : c->b, gone = lock_a >= 0 ? c->b : c->a;
  sk_hint h;
  hint_start(c, &h, 4, 0);
  sk_hint_elim(&h, r1, gone);
  sk_hint_elim(&h, r2, gone);
  c->s->host->hint_printf(&h, "; %d only in r%dc%d,r%dc%d (", lock,
                          r1 / 9 + 1, r1 % 9 + 1, r2 / 9 + 1, r2 % 9 + 1);
  text_house(c, &h, house);
  c->s->host->hint_printf(&h, ")");
  return emit(c, &h);
}

/* ---- loops ---- */

/* Each house touched by exactly one even- and one odd-placed cell. */
static int valid_loop(const loop_ctx *c) {
  uint32_t seen[2] = {0, 0};
  for (int i = 0; i < c->len; i++)
    for (int k = 0; k < 3; k++) {
      uint32_t bit = 1u << sk_cell_house[c->cells[i]][k];
      if (seen[i & 1] & bit) return 0;
      seen[i & 1] |= bit;
    }
  return seen[0] == seen[1];
}

/* True the first time this cell set is reported. */
static int first_sighting(loop_ctx *c) {
  sk_bits set = {{0, 0}};
  for (int i = 0; i < c->len; i++) sk_bits_set(&set, c->cells[i]);
  for (int i = 0; i < c->nseen; i++)
    if (sk_bits_equal(c->seen[i], set)) return 0;
  if (c->nseen < MAX_SEEN) c->seen[c->nseen++] = set;
  return 1;   /* beyond MAX_SEEN repeats are reported again: harmless */
}

static int closed_loop(loop_ctx *c) {
  if (!valid_loop(c) || !first_sighting(c)) return 0;
  const sk_grid *g = c->g;
  int rescue[SK_CELLS], n = 0;
  for (int i = 0; i < c->len; i++)
    if (sk_mask_count(g->cand[c->cells[i]]) > 2) rescue[n++] = c->cells[i];
  if (n == 1) return type1(c, rescue[0]);
  if (n > 2) return type2(c, rescue, n);
  if (n != 2) return 0;                    /* no rescue cell: not our business */
  sk_mask extra = (sk_mask)((g->cand[rescue[0]] | g->cand[rescue[1]]) & ~c->pair);
  if (sk_mask_count(extra) == 1) {
    if (type2(c, rescue, 2)) return 1;
  } else if (type3(c, rescue[0], rescue[1])) {
    return 1;
  }
  return type4(c, rescue[0], rescue[1]);
}

/* Extend the path ending at `cell`.  `allowed` = rescue cells still
** allowed, `ex` = extras seen (SE's cumulative set), `last` = house kind
** that led here (-1 at the start). */
static int grow(loop_ctx *c, int cell, int allowed, sk_mask ex, int last) {
  const sk_grid *g = c->g;
  /* paths multiply on a grid where many cells hold the pair */
  if ((++c->grown & 4095) == 0 && c->s->host->should_stop(c->s)) return c->stopped = 1;
  c->cells[c->len++] = cell;
  sk_bits_set(&c->on_path, cell);
  for (int k = 0; k < 3 && !c->stopped; k++) {
    int kind = kind_order[k];
    if (kind == last) continue;
    const uint8_t *hc = sk_house_cell[sk_cell_house[cell][kind]];
    for (int i = 0; i < 9 && !c->stopped; i++) {
      int next = hc[i];
      if (next == c->cells[0] && c->len >= 4) {
        closed_loop(c);
        continue;
      }
      sk_mask cm = g->cand[next];
      if (sk_bits_has(&c->on_path, next) || (cm & c->pair) != c->pair) continue;
      ex |= (sk_mask)(cm & ~c->pair);
      int bivalue = cm == c->pair, single_ex = ex && !(ex & (ex - 1));
      if (bivalue || single_ex || allowed > 0)
        grow(c, next, bivalue ? allowed : allowed - 1, ex, kind);
    }
  }
  c->len--;
  sk_bits_clear(&c->on_path, cell);
  return c->stopped;
}

static int search(const sk_search *s) {
  loop_ctx c;
  c.s = s;
  c.g = s->grid;
  c.nseen = 0;
  c.grown = 0;
  c.stopped = 0;
  for (int cell = 0; cell < SK_CELLS && !c.stopped; cell++) {
    sk_mask m = c.g->cand[cell];
    if (sk_mask_count(m) != 2) continue;
    c.pair = m;
    c.a = sk_mask_first(m);
    c.b = sk_mask_first((sk_mask)(m & (m - 1)));
    c.len = 0;
    c.on_path.w[0] = c.on_path.w[1] = 0;
    grow(&c, cell, 2, 0, -1);
  }
  return c.stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(unique_loops) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"unique-loop", "Unique Rectangle/Loop", SK_TECH_COLLECT, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
