/*
** w_wing.c -- ALS-W-Wing (Sunnie's AlmostLockedSetsWWing): the W-Wing with
** almost locked sets for its bivalue cells.
**
** Rule.  ALS A and B both hold the digits x and w (w != x), and a
** conjugate pair on x, cells L1 and L2 (the only two places of x in a
** house, neither in A or B), has L1 seeing every x of A and L2 every x of
** B.  One of L1, L2 is x; so A or B holds no x, and that ALS, a locked set
** on its other digits, places w.  So every digit w common to A and B but x
** is in A or B: it leaves every cell outside both that sees all the w of
** A and of B.  Two bivalue cells (one-cell ALS) make the plain W-Wing
** (wings.c), which this technique leaves out, as Sunnie's classification
** does (an ALS-W-Wing has an ALS at one end at least).  Sunnie's 2024
** searcher also wanted L1 (L2) and the cells removed from to see all of A
** (B), not just its x (its w), and skipped two ALS lying in one house;
** Sunnie's 2025 solver finds the pattern as a chain (x=w)A - x = x -
** (x=w)B, which asks only what is stated here.
** grouped-als-w-wing (Sunnie's GroupedAlmostLockedSetsWWing, the chain
** (x=w)A - x = x - (x=w)B with a grouped strong link): L1 and L2 are nodes
** of a strong link on x (../sk_group_links.h: each a cell or a group of
** two or three cells of one box sharing a row or column, together all the
** places of x in a house), one of them a group at least; every cell of L1
** sees every x of A, every cell of L2 every x of B.  One of L1, L2 holds
** x, and the argument is the plain one.
**
** Scan order: the ALS list (collect.c: HoDoKu's order of houses and cell
** subsets), the pairs A, B with A before B in it; for each pair the digits
** x ascending, then the conjugate pairs with L1 among A's x-buddies (cells
** seeing all of A's x; cell order) and L2 a partner of L1 in B's
** x-buddies.  The restricted commons of collect.c play no part: A and B
** are joined by the conjugate pair, not by a common digit.  Every instance
** that removes something is emitted.  The grouped search: the same pairs
** and digits, then the strong links of x in sk_glinks' order (houses
** rows, columns, boxes; in each the splits of its places), both directions.
**
** Options: overlap (0: A and B share no cell; 1: they may).
** Figures: size = 2 (ALS), extra = the cells of A and B; the grouped
** one: type = 1, length = the cells of L1 and L2.  Focus: every
** candidate of A and B, and x in L1 and L2.  Text:
** "Almost Locked Set W-Wing: A=r1c23 {123}, B=r5c78 {127}, x=1 in
** r1c9,r5c9, w=2" (w: the digits that removed something); "Grouped Almost
** Locked Set W-Wing: ... x=1 in r1c78,r5c9, w=2" (a group in HoDoKu's
** compact form).
*/
#include <stdlib.h>
#include "als.h"
#include "../sk_group_links.h"

/* every digit's strong links (../sk_group_links.h), on the heap */
typedef struct als_glinks { int n[10]; sk_glink l[10][SK_GLINKS_MAX]; } als_glinks;

/* The conjugate partners of c on digit d (the other place of d in any of
** c's houses holding d twice). */
static sk_bits conj_partners(const sk_grid *g, int c, int d) {
  sk_bits r = {{0, 0}};
  for (int k = 0; k < 3; k++) {
    sk_bits p = sk_grid_places(g, sk_cell_house[c][k], d);
    if (sk_bits_count(p) != 2 || !sk_bits_has(&p, c)) continue;
    sk_bits_clear(&p, c);
    r = sk_bits_or(r, p);
  }
  return r;
}

static void focus_all(const sk_grid *g, sk_hint *h, sk_bits cells) {
  for (int c; (c = sk_bits_pop(&cells)) >= 0; ) h->focus[c] = g->cand[c];
}

/* A, B and the digit x with the link l1 = l2 (cells or groups; grouped:
** the grouped technique's hint): emit if a w removes something. */
static int emit_w(const sk_search *s, const als_set *a, const als_set *b, int x, sk_bits l1,
                  sk_bits l2, int grouped) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  sk_bits both = sk_bits_or(a->cells, b->cells);
  sk_mask ws = (sk_mask)(a->cand & b->cand & ~SK_BIT(x)), used = 0;
  sk_hint h;
  host->hint_init(&h);
  for (sk_mask m = ws; m; m &= (sk_mask)(m - 1)) {
    int w = sk_mask_first(m);
    sk_bits v = sk_bits_andnot(sk_bits_and(a->dbuddies[w], b->dbuddies[w]), both);
    if (sk_bits_empty(v)) continue;
    used |= SK_BIT(w);
    for (int c; (c = sk_bits_pop(&v)) >= 0; ) sk_hint_elim(&h, c, w);
  }
  if (!used) return 0;
  focus_all(g, &h, both);
  for (sk_bits m = sk_bits_or(l1, l2); !sk_bits_empty(m); ) sk_hint_focus(&h, sk_bits_pop(&m), x);
  h.fig[SK_FIG_SIZE] = 2;
  h.fig[SK_FIG_EXTRA] = a->ncells + b->ncells;
  if (grouped) {
    h.name = "Grouped Almost Locked Set W-Wing";
    h.fig[SK_FIG_TYPE] = 1;
    h.fig[SK_FIG_LENGTH] = sk_bits_count(l1) + sk_bits_count(l2);
  }
  host->hint_printf(&h, "%sAlmost Locked Set W-Wing: A=", grouped ? "Grouped " : "");
  als_text_als(host, &h, a);
  host->hint_printf(&h, ", B=");
  als_text_als(host, &h, b);
  host->hint_printf(&h, ", x=%d in ", x);
  sk_text_cells(host, &h, l1);
  host->hint_printf(&h, ",");
  sk_text_cells(host, &h, l2);
  host->hint_printf(&h, ", w=");
  als_text_digits(host, &h, used, 1);
  return host->emit(s, &h);
}

/* The pair A, B: every x and link; 1 when the search must stop.  An
** overlap changes nothing in the argument (each ALS's own cells say where
** its digits go); the cells removed from lie outside both. */
static int pair(const sk_search *s, const als_set *a, const als_set *b, int overlap,
                const als_glinks *gl) {
  const sk_grid *g = s->grid;
  if (!overlap && !sk_bits_empty(sk_bits_and(a->cells, b->cells))) return 0;
  sk_mask common = (sk_mask)(a->cand & b->cand);
  if (als_bits9(common) < 2) return 0;
  sk_bits both = sk_bits_or(a->cells, b->cells);
  for (sk_mask xm = common; xm; xm &= (sk_mask)(xm - 1)) {
    int x = sk_mask_first(xm), live = 0;
    for (sk_mask m = (sk_mask)(common & ~SK_BIT(x)); m && !live; m &= (sk_mask)(m - 1)) {
      int w = sk_mask_first(m);
      live = !sk_bits_empty(sk_bits_andnot(sk_bits_and(a->dbuddies[w], b->dbuddies[w]), both));
    }
    if (!live) continue;
    sk_bits l1ok = sk_bits_andnot(a->dbuddies[x], both);
    sk_bits l2ok = sk_bits_andnot(b->dbuddies[x], both);
    if (gl) {                  /* the grouped ALS-W-Wing: a group at one end at least */
      for (int i = 0; i < gl->n[x]; i++) {
        const sk_glink *k = &gl->l[x][i];
        if (sk_bits_count(k->p) == 1 && sk_bits_count(k->q) == 1) continue;
        if (!sk_bits_empty(sk_bits_andnot(k->p, l1ok)) || !sk_bits_empty(sk_bits_andnot(k->q, l2ok)))
          continue;
        if (emit_w(s, a, b, x, k->p, k->q, 1)) return 1;
      }
      continue;
    }
    sk_bits l1s = l1ok;
    for (int l1; (l1 = sk_bits_pop(&l1s)) >= 0; ) {
      sk_bits l2s = sk_bits_and(conj_partners(g, l1, x), l2ok);
      for (int l2; (l2 = sk_bits_pop(&l2s)) >= 0; ) {
        sk_bits c1 = {{0, 0}}, c2 = {{0, 0}};
        sk_bits_set(&c1, l1);
        sk_bits_set(&c2, l2);
        if (emit_w(s, a, b, x, c1, c2, 0)) return 1;
      }
    }
  }
  return 0;
}

/* Both searches: the pairs of the ALS list; gl (the grid's strong links
** with groups) for the grouped one, NULL for the plain one. */
static int w_wings(const sk_search *s, const als_glinks *gl) {
  int overlap = s->host->param(s, "overlap", 0) != 0, own, stopped = 0;
  als_data *d = als_get(s, overlap, 1, 0, &own);
  if (!d) return SK_SEARCH_DONE;
  for (int i = 0; i < d->nals && !stopped; i++) {
    const als_set *a = &d->als[i];
    for (int j = i + 1; j < d->nals && !stopped; j++) {
      const als_set *b = &d->als[j];
      if (a->ncells == 1 && b->ncells == 1) continue;
      if (sk_bits_empty(sk_bits_and(a->buddies, b->buddies))) continue;
      stopped = pair(s, a, b, overlap, gl);
    }
  }
  if (own) als_data_free(d);
  return stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

int als_search_w_wing(const sk_search *s) { return w_wings(s, NULL); }

int als_search_grouped_w_wing(const sk_search *s) {
  als_glinks *gl = malloc(sizeof *gl);
  if (!gl) return SK_SEARCH_DONE;
  for (int d = 1; d <= 9; d++) gl->n[d] = sk_glinks(s->grid, d, gl->l[d], SK_GLINKS_MAX);
  int r = w_wings(s, gl);
  free(gl);
  return r;
}
