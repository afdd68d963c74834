/*
** sue_de_coq.c -- Sue de Coq (two-sector disjoint subsets), as HoDoKu 2.2.0
** finds it (MiscellaneousSolver; SUE_DE_COQ, reglib code 1101).
**
** Technique (id of the rating table):
**   sue-de-coq   C: two or three empty cells of a block-line intersection,
**                holding V, at least |C| + 2 values.  L: cells of the line
**                outside C, B: cells of the block outside C and L, with
**                values VL and VB that share no value of V.  If the cells of
**                L and B each hold one value of V fewer than they have cells
**                plus extra values (values outside V), and together leave
**                C exactly |C| values of V (|L| - extras(L) + |B| -
**                extras(B) = |V| - |C|), then C, L and B hold their values
**                between them: (V | VB) minus VL leaves the rest of the
**                block, (V | VL) minus VB the rest of the line, and an extra
**                value of both L and B leaves both.
**
** Scan order is HoDoKu's (getSueDeCoq, first found), because its solver
** takes the first instance and the rating path depends on it:
**   - rows 1-9 with blocks 1-9 first, then columns 1-9 with blocks 1-9:
**     each intersection with two or more empty cells;
**   - C: the intersection's empty cells i1 < i2 (a pair, when it holds
**     four values or more), then each i3 > i2 (a triple, five or more),
**     then the next i2 (checkIntersection);
**   - L: subsets of the line's empty cells outside C (cells of the
**     intersection not in C included), in depth-first order over the cells
**     ascending ({1} {1,2} {1,2,3} {1,3} {2} {2,3} {3}), taken when they
**     hold some value of V, have more cells than extra values and leave C
**     some value of V uncovered;
**   - B: for each L, subsets of the block's empty cells outside C and L in
**     the same order, holding no value that L takes from V, with some value
**     of V, and covering exactly the values of V left.
** The cells losing values are HoDoKu's: the block's other cells are the
** block less B and C (cells of L in the intersection included), the line's
** the line less L and C (cells of B in the intersection included).  An
** instance that removes nothing is skipped.  Every instance found is
** emitted, in that order, with its eliminations listed as HoDoKu lists
** them (host emit_with): the block's cells ascending, then the line's,
** each cell's values ascending.  No options.
**
** Figures: size = |C| + |L| + |B|; extra = the isolated values, those of
** V held by neither L nor B (Sunnie's SueDeCoqIsolated, its isolated-digit
** factor); complexity = the candidates removed from cells of C, L and B
** themselves (cannibalism: an extra value of both L and B leaving a cell of
** L in the intersection; Sunnie's cannibalism factor).  Focus: every candidate of the cells of
** C, L and B.  HoDoKu's library line takes its <candidate(s)> field from the
** values eliminated (the table's rule digits: elim).  Text as HoDoKu's
** SolutionStep.toString(2) before " => ": "Sue de Coq: r7c45 - {123689}
** (r7c128 - {2389}, r9c6 - {16})", i.e. C - {V} (L - {VL}, B - {VB}), cells
** in HoDoKu's compact form.
*/
#include <string.h>
#include "sk_plugin.h"
#include "sk_text.h"

/* Bit count of a 9-bit mask.  Plain -O2 x86-64 builds have no POPCNT
** instruction, and __builtin_popcount would call into libgcc in the
** hottest loops, so count with shifts and masks. */
static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

typedef struct sdc {
  const sk_search *s;
  const sk_grid *g;
  sk_bits line, block;       /* empty cells of the line and of the block */
  sk_bits c;                 /* C */
  sk_mask v;                 /* its values */
  sk_bits l;                 /* L, while B is searched */
  sk_mask vl;
  /* The block's search for one L depends only on whether L holds a cell
  ** of the block (the intersection's one cell outside C), the values of V
  ** still to cover and the values L takes from V; none[in][left][forbid]
  ** == gen: for this C, such a search meets no B that covers them, and is
  ** skipped.  hit: the block's search met one. */
  uint16_t gen;
  int hit;
  uint16_t none[2][10][512];
} sdc;

/* The cells of a set, ascending, into out[]; returns how many. */
static int cells_of(sk_bits b, int *out) {
  int n = 0;
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) out[n++] = c;
  return n;
}

static void text_set(const sk_host *host, sk_hint *h, sk_bits set, sk_mask values) {
  sk_text_cells(host, h, set);
  host->hint_printf(h, " - {");
  for (sk_mask m = values; m; m &= m - 1) host->hint_printf(h, "%d", sk_mask_first(m));
  host->hint_printf(h, "}");
}

/* Remove `values` from the cells of `where`, listing them in order[*n]
** cell by cell, as HoDoKu does. */
static void remove_in(const sdc *x, sk_hint *h, sk_bits where, sk_mask values, uint16_t *order,
                      int *n) {
  for (int c; (c = sk_bits_pop(&where)) >= 0; ) {
    sk_mask m = (sk_mask)(x->g->cand[c] & values);
    h->elim[c] |= m;
    for (; m; m &= (sk_mask)(m - 1)) order[(*n)++] = (uint16_t)(c * 16 + sk_mask_first(m));
  }
}

/* C, L and B make a Sue de Coq: emit it when it removes something. */
static int found(const sdc *x, sk_bits b, sk_mask vb) {
  const sk_host *host = x->s->host;
  sk_mask both = (sk_mask)(vb & x->vl);
  sk_hint h;
  uint16_t order[2 * 9 * 9];
  int n = 0;
  host->hint_init(&h);
  remove_in(x, &h, sk_bits_andnot(x->block, sk_bits_or(b, x->c)),
            (sk_mask)(((x->v | vb) & ~x->vl) | both), order, &n);
  remove_in(x, &h, sk_bits_andnot(x->line, sk_bits_or(x->l, x->c)),
            (sk_mask)(((x->v | x->vl) & ~vb) | both), order, &n);
  if (!sk_hint_has_elims(&h)) return 0;
  sk_bits all = sk_bits_or(x->c, sk_bits_or(x->l, b));
  h.fig[SK_FIG_SIZE] = sk_bits_count(all);
  h.fig[SK_FIG_EXTRA] = bits9((unsigned)(x->v & ~(x->vl | vb)));
  int eaten = 0;
  for (sk_bits p = all; !sk_bits_empty(p); ) eaten += bits9(h.elim[sk_bits_pop(&p)]);
  h.fig[SK_FIG_COMPLEXITY] = eaten;
  for (int c; (c = sk_bits_pop(&all)) >= 0; ) h.focus[c] = x->g->cand[c];
  host->hint_printf(&h, "Sue de Coq: ");
  text_set(host, &h, x->c, x->v);
  host->hint_printf(&h, " (");
  text_set(host, &h, x->l, x->vl);
  host->hint_printf(&h, ", ");
  text_set(host, &h, b, vb);
  host->hint_printf(&h, ")");
  sk_hint_extra more = {sizeof more, n, order, NULL};
  return host->emit_with(x->s, &h, &more);
}

/* Subsets of src[0..n) in depth-first order, HoDoKu's checkHouses: in the
** line (block = 0) each one taken calls the block search, in the block
** (block = 1) each one taken is an instance.  left: the values of V still
** to cover (nPlus); forbid: values the cells may not hold (the block's
** subsets only; a subset holding one has no taken superset). */
static int subsets(sdc *x, const int *src, int n, int at, sk_bits set, int size, sk_mask m,
                   int left, sk_mask forbid, int block) {
  for (int i = at; i < n; i++) {
    sk_bits s2 = set;
    sk_bits_set(&s2, src[i]);
    sk_mask m2 = (sk_mask)(m | x->g->cand[src[i]]);
    if (m2 & forbid) continue;
    int inside = bits9(m2 & x->v), extra = bits9(m2 & (sk_mask)~x->v), covers = size + 1 - extra;
    if (!block) {
      if (inside > 0 && covers > 0 && covers < left) {
        uint16_t *none = &x->none[!sk_bits_empty(sk_bits_and(s2, x->block))][left - covers][(m2 & x->v) & 511];
        if (*none != x->gen) {
          int cells[SK_CELLS], nb;
          x->l = s2;
          x->vl = m2;
          x->hit = 0;
          nb = cells_of(sk_bits_andnot(x->block, sk_bits_or(x->c, s2)), cells);
          if (subsets(x, cells, nb, 0, (sk_bits){{0, 0}}, 0, 0, left - covers,
                      (sk_mask)(m2 & x->v), 1))
            return 1;
          if (!x->hit) *none = x->gen;
        }
      }
    } else if (inside > 0 && covers == left && (x->hit = 1) && found(x, s2, m2)) {
      return 1;
    }
    if (subsets(x, src, n, i + 1, s2, size + 1, m2, left, forbid, block)) return 1;
  }
  return 0;
}

/* C chosen: its values v, nplus = |v| - |C| >= 2. */
static int try_c(sdc *x, sk_bits c, sk_mask v) {
  int cells[SK_CELLS], n;
  x->c = c;
  x->v = v;
  if (++x->gen == 0) {
    memset(x->none, 0, sizeof x->none);
    x->gen = 1;
  }
  n = cells_of(sk_bits_andnot(x->line, c), cells);
  return subsets(x, cells, n, 0, (sk_bits){{0, 0}}, 0, 0, bits9(v) - sk_bits_count(c), 0, 0);
}

static int intersection(sdc *x, sk_bits cross) {
  int ic[3], n = cells_of(cross, ic);
  const sk_grid *g = x->g;
  for (int i1 = 0; i1 < n - 1; i1++)
    for (int i2 = i1 + 1; i2 < n; i2++) {
      sk_bits c = {{0, 0}};
      sk_bits_set(&c, ic[i1]);
      sk_bits_set(&c, ic[i2]);
      sk_mask v = (sk_mask)(g->cand[ic[i1]] | g->cand[ic[i2]]);
      if (bits9(v) - 2 >= 2 && try_c(x, c, v)) return 1;
      for (int i3 = i2 + 1; i3 < n; i3++) {
        sk_bits c3 = c;
        sk_bits_set(&c3, ic[i3]);
        sk_mask v3 = (sk_mask)(v | g->cand[ic[i3]]);
        if (bits9(v3) - 3 >= 2 && try_c(x, c3, v3)) return 1;
      }
    }
  return 0;
}

static int search(const sk_search *s) {
  const sk_grid *g = s->grid;
  sk_bits empty = {{0, 0}};
  for (int c = 0; c < SK_CELLS; c++)
    if (!g->value[c]) sk_bits_set(&empty, c);
  sdc x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.g = g;
  for (int first = 0; first <= 9; first += 9)           /* rows, then columns */
    for (int line = first; line < first + 9; line++) {
      x.line = sk_bits_and(sk_house_bits[line], empty);
      for (int b = 18; b < SK_HOUSES; b++) {
        x.block = sk_bits_and(sk_house_bits[b], empty);
        sk_bits cross = sk_bits_and(x.line, x.block);
        if (sk_bits_count(cross) < 2) continue;
        if (intersection(&x, cross)) return SK_SEARCH_STOPPED;
      }
    }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(sue_de_coq) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"sue-de-coq", "Sue de Coq", 0, search, NULL};
  if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
