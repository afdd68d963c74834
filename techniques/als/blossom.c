/*
** blossom.c -- Death Blossom, as HoDoKu 2.2.0 finds it (AlsSolver.
** collectAllRCsForDeathBlossom, getAlsDeathBlossomInt,
** checkAlsDeathBlossomRecursive).
**
** Rule: a stem cell with candidates d1..dk and for each di an ALS (a
** petal) whose cells holding di all see the stem.  One of the petals loses
** its di, so is locked.  A digit Z of every petal that is no candidate of
** the stem leaves every cell outside the petals (and not the stem) seeing
** all Z cells of all petals.  The petals share a digit at least (each
** petal must keep one in common with those before it).
**
** Scan order is HoDoKu's: for each ALS in list order (collect.c) and each
** of its digits, the cells holding the digit that see all its cells in the
** ALS note the ALS for that digit (at most the first 100 per cell and
** digit, as HoDoKu's fixed table).  Stem cells 1..81 whose every
** candidate has an ALS; petals tried digit 1..9, for each digit its ALS in
** that order, depth first; a petal sharing a cell with the petals before it
** is skipped unless overlap is allowed (then the cells of the petals are
** kept as HoDoKu keeps them: a petal's cells leave the set when it is
** taken back, even those another petal holds).  Each combination that
** removes something is emitted as found: HoDoKu's solver takes the first.
** With only-one-als-per-step, a combination with the same eliminations as
** one emitted before is dropped (HoDoKu's find-all-steps would replace the
** earlier by one with fewer cells; its solver returns the first anyway).
**
** The petals of a stem can combine in up to 100^9 ways on a contrived
** grid, so the engine's budget is asked every 1024 petals tried: a search
** it stops finds nothing.
**
** Options: overlap (allowAlsOverlap, 0), only-one-als-per-step (1).
** Figures: size = number of petals, extra = cells of the petals.  Focus:
** the stem's candidates and every candidate of the petals' cells.  The
** library line's candidates are the digits eliminated.  Text as HoDoKu's
** step.toString(2) before " => " (its double blanks included):
**   Death Blossom: r5c5,  -1- r1c5 {14},  -4- r5c12 {345}
*/
#include <stdlib.h>
#include <string.h>
#include "als.h"

#define DB_MAX 100

typedef struct db {
  const sk_search *s;
  const als_data *d;
  int overlap, one;
  int (*per)[10][DB_MAX];      /* per[cell][digit][k]: the ALS noted */
  int (*count)[10];
  int stem, maxd;
  sk_mask common;              /* HoDoKu's aktDBCandidates */
  sk_bits cells;               /* aktDBIndices */
  int petal[10];
  sk_mask (*seen)[SK_CELLS];   /* eliminations emitted (only-one) */
  int nseen, capseen;
  unsigned nodes;              /* petals tried: the budget is asked every 1024 */
  int stop, fail;
} db;

static int already(db *x, const sk_mask *elim) {
  for (int i = 0; i < x->nseen; i++)
    if (!memcmp(x->seen[i], elim, sizeof x->seen[i])) return 1;
  if (x->nseen == x->capseen) {
    int cap = x->capseen ? 2 * x->capseen : 16;
    sk_mask (*p)[SK_CELLS] = realloc(x->seen, (size_t)cap * sizeof *p);
    if (!p) { x->fail = 1; return 1; }
    x->seen = p, x->capseen = cap;
  }
  memcpy(x->seen[x->nseen++], elim, sizeof x->seen[0]);
  return 0;
}

static void leaf(db *x) {
  const sk_host *host = x->s->host;
  const sk_grid *g = x->s->grid;
  sk_hint h;
  int any = 0;
  host->hint_init(&h);
  for (sk_mask m = x->common; m; m &= (sk_mask)(m - 1)) {
    int z = sk_mask_first(m);
    if (x->petal[z] != -1) continue;
    sk_bits zc = {{0, 0}};
    for (int k = 0; k <= 9; k++)
      if (x->petal[k] != -1) zc = sk_bits_or(zc, x->d->als[x->petal[k]].dcells[z]);
    sk_bits t = sk_bits_andnot(als_common_peers(zc), x->cells);
    sk_bits_clear(&t, x->stem);
    t = sk_bits_and(t, g->dcells[z - 1]);
    for (int c; (c = sk_bits_pop(&t)) >= 0; ) h.elim[c] |= SK_BIT(z), any = 1;
  }
  if (!any) return;
  if (x->one && already(x, h.elim)) return;
  int n = 0, cells = 0;
  h.focus[x->stem] = g->cand[x->stem];
  char name[8];
  host->hint_printf(&h, "Death Blossom: %s", sk_cell_name(x->stem, name));
  for (int k = 1; k <= 9; k++) {
    if (x->petal[k] == -1) continue;
    const als_set *a = &x->d->als[x->petal[k]];
    sk_bits b = a->cells;
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) h.focus[c] = g->cand[c];
    n++, cells += a->ncells;
    host->hint_printf(&h, ",  -%d- ", k);
    als_text_als(host, &h, a);
  }
  h.fig[SK_FIG_SIZE] = n;
  h.fig[SK_FIG_EXTRA] = cells;
  if (host->emit(x->s, &h)) x->stop = 1;
}

static void petals(db *x, int dg) {
  if (dg > x->maxd || x->stop || x->fail) return;
  int n = x->count[x->stem][dg];
  if (n == 0) {
    x->petal[dg] = -1;
    petals(x, dg + 1);
    return;
  }
  for (int i = 0; i < n && !x->stop && !x->fail; i++) {
    if ((++x->nodes & 1023) == 0 && x->s->host->should_stop(x->s)) { x->fail = 1; return; }
    const als_set *a = &x->d->als[x->per[x->stem][dg][i]];
    if (!x->overlap && !sk_bits_empty(sk_bits_and(a->cells, x->cells))) continue;
    if (!(x->common & a->cand)) continue;
    x->petal[dg] = x->per[x->stem][dg][i];
    sk_mask lost = (sk_mask)(x->common & ~a->cand);
    x->common &= a->cand;
    x->cells = sk_bits_or(x->cells, a->cells);
    if (dg < x->maxd) petals(x, dg + 1);
    else leaf(x);
    x->common |= lost;
    x->cells = sk_bits_andnot(x->cells, a->cells);
  }
}

int als_search_blossom(const sk_search *s) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  db x;
  int own;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.overlap = host->param(s, "overlap", 0) != 0;
  x.one = host->param(s, "only-one-als-per-step", 1) != 0;
  als_data *d = als_get(s, x.overlap, 1, 0, &own);
  if (!d) return SK_SEARCH_DONE;
  x.d = d;
  x.per = malloc(SK_CELLS * sizeof *x.per);
  x.count = calloc(SK_CELLS, sizeof *x.count);
  if (x.per && x.count) {
    sk_mask has[SK_CELLS] = {0};
    for (int i = 0; i < d->nals; i++) {
      const als_set *a = &d->als[i];
      for (int dg = 1; dg <= 9; dg++) {
        if (!(a->cand & SK_BIT(dg))) continue;
        sk_bits b = a->dbuddies[dg];
        for (int c; (c = sk_bits_pop(&b)) >= 0; ) {
          if (x.count[c][dg] < DB_MAX) x.per[c][dg][x.count[c][dg]++] = i;
          has[c] |= SK_BIT(dg);
        }
      }
    }
    for (int c = 0; c < SK_CELLS && !x.stop && !x.fail; c++) {
      if (g->value[c] || !has[c] || has[c] != g->cand[c]) continue;
      x.stem = c;
      x.maxd = 0;
      for (int dg = 1; dg <= 9; dg++)
        if (x.count[c][dg]) x.maxd = dg;
      x.common = SK_ALL_DIGITS;
      x.cells = (sk_bits){{0, 0}};
      for (int k = 0; k <= 9; k++) x.petal[k] = -1;
      petals(&x, 1);
    }
  }
  free(x.per), free(x.count), free(x.seen);
  if (own) als_data_free(d);
  return x.stop ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}
