/*
** almost_locked_candidates.c -- almost locked pair, triple and quadruple
** (Sunnie's AlmostLockedCandidates).
**
** Rule.  Take a line and a block that cross, I their three common cells,
** and one of the two houses as the base, the other as the cover.  Let S be
** n - 1 cells of the base outside I holding n digits D in all (n = 2, 3,
** 4), none of D placed in the cover, and let H be the cells of the cover
** outside I that hold a digit of D; H must be exactly n - 1 cells.  Two
** digits of D in I would leave S's n - 1 cells only n - 2 digits, so I
** holds at most one of D; the cover must still place all n of them, and
** H has room for n - 1 only: so I holds exactly one digit of D and H the
** other n - 1.  Hence
**   - D is locked in S and I: its digits leave the base's other cells;
**   - H is filled by D: the other digits leave H's cells.
** With the option value-cells, a cell of S may also be a placed cell,
** which counts as holding its value (Sunnie's value type): the argument
** is the same, the value being already in the base outside I.
**
** Techniques (ids): almost-locked-pair (n = 2), almost-locked-triple (3),
** almost-locked-quadruple (4).  Sunnie's searcher tries the sizes in
** increasing order (the quadruple only when its options for quadruples
** and value cells are both on); one id per size lets a table place each
** at its value.
**
** Scan order: the lines (rows 1-9, then columns 1-9), for each the blocks
** it crosses, left to right or top to bottom (Sunnie's minilines by
** line, then block); an intersection with no empty cell is skipped.  For
** each, first the line is the base and the block the cover, then the
** other way round (as Sunnie's searcher); then the sets S of the base's
** cells outside I in lexicographic order of their positions in the house.
** Every instance that removes something is emitted.
**
** Options: value-cells (0: S holds empty cells only, Sunnie's default; 1:
** placed cells may be in S).
** Figures: size = n (Sunnie's size factor); type = 1 when S holds a placed
** cell (its value-cell factor), else 0; extra = the cells of S and H.
** Focus: the digits of D in the cells of S, I and H.  Text:
** "Almost Locked Pair: 12 in r1c4 (r1) and r3c2 (b1), r1c123"
** (the digits, S and its house, H and its house, the intersection).
*/
#include "sk_plugin.h"
#include "sk_text.h"

typedef struct alc_kind { int size; const char *name; } alc_kind;

static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

typedef struct alc_state {
  const sk_search *s;
  const alc_kind *k;
  int base, cover, values;
  sk_bits inter;
  int outside[6], nout;      /* the base's cells outside I, in house order */
  sk_mask placed_cover;      /* digits placed in the cover */
} alc_state;

/* A cell's digits for S: its candidates, or its value when placed cells
** count. */
static sk_mask cell_digits(const alc_state *st, int c) {
  const sk_grid *g = st->s->grid;
  if (g->value[c]) return st->values ? SK_BIT(g->value[c]) : 0;
  return g->cand[c];
}

static int check(alc_state *st, const int *pick) {
  const sk_search *s = st->s;
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  int n = st->k->size, with_value = 0;
  sk_bits set = {{0, 0}};
  sk_mask d = 0;
  for (int i = 0; i < n - 1; i++) {
    int c = st->outside[pick[i]];
    if (g->value[c]) with_value = 1;
    d |= cell_digits(st, c);
    sk_bits_set(&set, c);
  }
  if (bits9(d) != n || (d & st->placed_cover)) return 0;
  sk_bits cover_out = sk_bits_andnot(sk_house_bits[st->cover], st->inter), hcells = {{0, 0}};
  for (sk_mask m = d; m; m &= (sk_mask)(m - 1))
    hcells = sk_bits_or(hcells, sk_bits_and(cover_out, g->dcells[sk_mask_first(m) - 1]));
  if (sk_bits_count(hcells) != n - 1) return 0;
  sk_hint h;
  host->hint_init(&h);
  int any = 0;
  for (int i = 0; i < st->nout; i++) {
    int c = st->outside[i];
    if (sk_bits_has(&set, c)) continue;
    sk_mask e = (sk_mask)(g->cand[c] & d);
    if (e) h.elim[c] = e, any = 1;
  }
  for (sk_bits b = hcells; !sk_bits_empty(b); ) {
    int c = sk_bits_pop(&b);
    sk_mask e = (sk_mask)(g->cand[c] & ~d);
    if (e) h.elim[c] = e, any = 1;
  }
  if (!any) return 0;
  sk_bits all = sk_bits_or(sk_bits_or(set, hcells), st->inter);
  for (int c; (c = sk_bits_pop(&all)) >= 0; ) h.focus[c] = (sk_mask)(g->cand[c] & d);
  h.fig[SK_FIG_SIZE] = n;
  h.fig[SK_FIG_TYPE] = with_value;
  h.fig[SK_FIG_EXTRA] = 2 * (n - 1);
  char hb[4];
  host->hint_printf(&h, "%s: ", st->k->name);
  for (sk_mask m = d; m; m &= (sk_mask)(m - 1)) host->hint_printf(&h, "%d", sk_mask_first(m));
  host->hint_printf(&h, " in ");
  sk_text_cells(host, &h, set);
  host->hint_printf(&h, " (%s) and ", sk_house_name(st->base, hb));
  sk_text_cells(host, &h, hcells);
  host->hint_printf(&h, " (%s), ", sk_house_name(st->cover, hb));
  sk_text_cells(host, &h, st->inter);
  return host->emit(s, &h);
}

/* S: the n - 1 positions pick[0..] in st->outside, ascending */
static int subsets(alc_state *st, int *pick, int depth, int from) {
  if (depth == st->k->size - 1) return check(st, pick);
  for (int i = from; i <= st->nout - (st->k->size - 1 - depth); i++) {
    int c = st->outside[i];
    if (!cell_digits(st, c)) continue;
    pick[depth] = i;
    if (subsets(st, pick, depth + 1, i + 1)) return 1;
  }
  return 0;
}

static int orient(alc_state *st, int base, int cover) {
  const sk_grid *g = st->s->grid;
  st->base = base, st->cover = cover;
  st->nout = 0;
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[base][i];
    if (!sk_bits_has(&st->inter, c)) st->outside[st->nout++] = c;
  }
  st->placed_cover = 0;
  for (int i = 0; i < 9; i++) {
    int v = g->value[sk_house_cell[cover][i]];
    if (v) st->placed_cover |= SK_BIT(v);
  }
  int pick[4] = {0};
  return subsets(st, pick, 0, 0);
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  alc_state st;
  st.s = s;
  st.k = s->data;
  st.values = s->host->param(s, "value-cells", 0) != 0;
  for (int line = 0; line < 18; line++) {
    for (int j = 0; j < 3; j++) {
      int block = line < 9 ? 18 + (line / 3) * 3 + j : 18 + j * 3 + (line - 9) / 3;
      st.inter = sk_bits_and(sk_house_bits[line], sk_house_bits[block]);
      int empty = 0;
      for (sk_bits b = st.inter; !sk_bits_empty(b); )
        if (!g->value[sk_bits_pop(&b)]) empty = 1;
      if (!empty) continue;
      if (orient(&st, line, block) || orient(&st, block, line)) return SK_SEARCH_STOPPED;
    }
  }
  return SK_SEARCH_DONE;
}

static const alc_kind kinds[] = {
  {2, "Almost Locked Pair"},
  {3, "Almost Locked Triple"},
  {4, "Almost Locked Quadruple"},
};

SK_PLUGIN_ENTRY(almost_locked_candidates) {
  SK_PLUGIN_CHECK(host, reg);
  static const char *const ids[] = {"almost-locked-pair", "almost-locked-triple",
                                    "almost-locked-quadruple"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    const sk_technique t = {ids[i], kinds[i].name, 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
