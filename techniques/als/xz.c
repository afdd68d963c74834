/*
** xz.c -- ALS-XZ and ALS-XY-Wing, as HoDoKu 2.2.0 finds them
** (AlsSolver.getAlsXZInt, getAlsXYWingInt, checkCandidatesToDelete,
** checkDoublyLinkedAls).
**
** ALS-XZ: ALS A and B with a restricted common X.  Every other digit Z
** common to A and B leaves the cells outside A and B that see all of its
** cells in both.  With two RCs (doubly linked) each RC is tried as X in
** turn (the other then counts as a Z), and besides each ALS less the two
** RCs is locked: its other digits leave every cell outside the other ALS
** that sees all of that digit's cells in it; when that removes something
** HoDoKu prints no Z.
** Scan: the RC list in its order (collect.c), backward RCs skipped, each
** instance emitted as found: HoDoKu's solver takes the first.  Its
** eliminations are listed as HoDoKu lists them (host emit_with): the
** Zs of X = the first RC, then of X = the second, then the locked digits
** of A, then of B; each digit's cells ascending.
**
** ALS-XY-Wing: two RCs joining three different ALS, A -X- C -Y- B, with X
** and Y not one and the same single digit; A and B may not overlap (unless
** overlap is allowed) and neither may hold the other.  A digit Z common to
** A and B other than the RC digits leaves the cells outside A and B that
** see all of its cells in both (cells of C included).
** Scan: the pairs (rc1, rc2) of the RC list, rc1 before rc2, in list
** order, as HoDoKu's double loop; only pairs sharing an ALS can qualify, so
** for rc1 only the RCs touching its two ALS are looked at (in list order:
** the same pairs in the same order).  Each instance emitted as found.
**
** Options: overlap (allowAlsOverlap, 0), forward-only (1: RCs only from
** an ALS to a later one; HoDoKu's solver always collects them so).
** Figures: size = number of ALS (2, 3), type = 1 singly / 2 doubly linked
** (ALS-XZ), extra = cells of all its ALS.  Focus: every candidate of the
** ALS's cells.  The library line's candidates are the digits eliminated.
** Text as HoDoKu's step.toString(2) before " => ":
**   Almost Locked Set XZ-Rule: A=r1c58 {467}, B=r167c4 {4689}, X=6, Z=4
**   Almost Locked Set XY-Wing: A=r2457c3 {23589}, B=r16c7 {389}, C=r1c2 {38}, X,Y=3,8, Z=9
*/
#include <stdlib.h>
#include "als.h"

/* The eliminations of an ALS-XZ in the order HoDoKu lists them, each
** candidate once (where it is first removed): at most all 729. */
typedef struct elim_list {
  int n;
  uint16_t e[SK_CELLS * 9];
} elim_list;

/* Remove candidate (c, d) in h, listing it in o unless h removed it
** already. */
static void list_elim(sk_hint *h, elim_list *o, int c, int d) {
  if (h->elim[c] & SK_BIT(d)) return;
  h->elim[c] |= SK_BIT(d);
  if (o) o->e[o->n++] = (uint16_t)(c * 16 + d);
}

/* Digits common to x and y, less `not`: each leaves the cells seeing all
** its cells in both (outside both), listed in o (when not NULL) digit by
** digit.  Returns the digits that removed something (HoDoKu's fins, its
** "Z"). */
static sk_mask common_elims(const sk_grid *g, const als_set *x, const als_set *y, sk_mask not,
                            sk_hint *h, elim_list *o) {
  (void)g;
  sk_mask m = (sk_mask)(x->cand & y->cand & ~not), z = 0;
  if (!m || sk_bits_empty(sk_bits_and(x->buddies, y->buddies))) return 0;
  for (; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m);
    sk_bits b = sk_bits_and(x->dbuddies[d], y->dbuddies[d]);
    if (sk_bits_empty(b)) continue;
    z |= SK_BIT(d);
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) list_elim(h, o, c, d);
  }
  return z;
}

/* The digits common_elims would report, without a hint: the cheap test
** made before one is built. */
static sk_mask common_z(const als_set *x, const als_set *y, sk_mask not) {
  sk_mask m = (sk_mask)(x->cand & y->cand & ~not), z = 0;
  if (!m || sk_bits_empty(sk_bits_and(x->buddies, y->buddies))) return 0;
  for (; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m);
    if (!sk_bits_empty(sk_bits_and(x->dbuddies[d], y->dbuddies[d]))) z |= SK_BIT(d);
  }
  return z;
}

/* x and y doubly linked by d1, d2: x less them is locked. */
static int locked_elims(const als_set *x, const als_set *y, int d1, int d2, sk_hint *h,
                        elim_list *o) {
  sk_mask m = (sk_mask)(x->cand & ~SK_BIT(d1) & ~SK_BIT(d2));
  int any = 0;
  for (; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m);
    sk_bits b = sk_bits_andnot(x->dbuddies[d], y->cells);
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) list_elim(h, o, c, d), any = 1;
  }
  return any;
}

static void focus_of(const sk_grid *g, sk_hint *h, const als_set *a) {
  sk_bits b = a->cells;
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) h->focus[c] = g->cand[c];
}

static int params(const sk_search *s, int *overlap, int *forward) {
  *overlap = s->host->param(s, "overlap", 0) != 0;
  *forward = s->host->param(s, "forward-only", 1) != 0;
  return 0;
}

int als_search_xz(const sk_search *s) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  int overlap, forward, own, stopped = 0;
  params(s, &overlap, &forward);
  als_data *d = als_get(s, overlap, forward, 1, &own);
  if (!d) return SK_SEARCH_DONE;
  for (int i = 0; i < d->nrc && !stopped; i++) {
    const als_rc *rc = &d->rc[i];
    if (rc->a1 > rc->a2) continue;
    const als_set *a = &d->als[rc->a1], *b = &d->als[rc->a2];
    if (!rc->d2 && !common_z(a, b, SK_BIT(rc->d1))) continue;
    sk_hint h;
    elim_list order;
    order.n = 0;
    host->hint_init(&h);
    sk_mask z = common_elims(g, a, b, SK_BIT(rc->d1), &h, &order);
    int doubly = 0;
    if (rc->d2) {
      z |= common_elims(g, a, b, SK_BIT(rc->d2), &h, &order);
      int l1 = locked_elims(a, b, rc->d1, rc->d2, &h, &order);
      int l2 = locked_elims(b, a, rc->d1, rc->d2, &h, &order);
      if (l1 || l2) z = 0, doubly = 1;
    }
    if (!sk_hint_has_elims(&h)) continue;
    focus_of(g, &h, a);
    focus_of(g, &h, b);
    h.fig[SK_FIG_SIZE] = 2;
    h.fig[SK_FIG_TYPE] = rc->d2 ? 2 : 1;
    h.fig[SK_FIG_EXTRA] = a->ncells + b->ncells;
    (void)doubly;
    host->hint_printf(&h, "Almost Locked Set XZ-Rule: A=");
    als_text_als(host, &h, a);
    host->hint_printf(&h, ", B=");
    als_text_als(host, &h, b);
    host->hint_printf(&h, ", X=");
    als_text_digits(host, &h, (sk_mask)(SK_BIT(rc->d1) | (rc->d2 ? SK_BIT(rc->d2) : 0)), 1);
    if (z) {
      host->hint_printf(&h, ", Z=");
      als_text_digits(host, &h, z, 1);
    }
    sk_hint_extra more = {sizeof more, order.n, order.e, NULL};
    stopped = host->emit_with(s, &h, &more);
  }
  if (own) als_data_free(d);
  return stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

static sk_mask rc_digits(const als_rc *rc) {
  return (sk_mask)(SK_BIT(rc->d1) | (rc->d2 ? SK_BIT(rc->d2) : 0));
}

/* rc1, rc2 (rc1 first in the list): an ALS-XY-Wing?  emit it. */
static int wing(const sk_search *s, const als_data *d, const als_rc *rc1, const als_rc *rc2,
                int overlap) {
  const sk_host *host = s->host;
  if (!rc1->d2 && !rc2->d2 && rc1->d1 == rc2->d1) return 0;
  if (!((rc1->a1 == rc2->a1 && rc1->a2 != rc2->a2) || (rc1->a2 == rc2->a1 && rc1->a1 != rc2->a2) ||
        (rc1->a1 == rc2->a2 && rc1->a2 != rc2->a1) || (rc1->a2 == rc2->a2 && rc1->a1 != rc2->a1)))
    return 0;
  int ia = -1, ib = -1, ic = -1;
  if (rc1->a1 == rc2->a1) ic = rc1->a1, ia = rc1->a2, ib = rc2->a2;
  if (rc1->a1 == rc2->a2) ic = rc1->a1, ia = rc1->a2, ib = rc2->a1;
  if (rc1->a2 == rc2->a1) ic = rc1->a2, ia = rc1->a1, ib = rc2->a2;
  if (rc1->a2 == rc2->a2) ic = rc1->a2, ia = rc1->a1, ib = rc2->a1;
  const als_set *a = &d->als[ia], *b = &d->als[ib], *c = &d->als[ic];
  if (!overlap && !sk_bits_empty(sk_bits_and(a->cells, b->cells))) return 0;
  sk_bits u = sk_bits_or(a->cells, b->cells);
  if (sk_bits_equal(u, a->cells) || sk_bits_equal(u, b->cells)) return 0;
  sk_mask rcs = (sk_mask)(rc_digits(rc1) | rc_digits(rc2));
  if (!common_z(a, b, rcs)) return 0;
  sk_hint h;
  host->hint_init(&h);
  sk_mask z = common_elims(s->grid, a, b, rcs, &h, NULL);
  if (!sk_hint_has_elims(&h)) return 0;
  focus_of(s->grid, &h, a);
  focus_of(s->grid, &h, b);
  focus_of(s->grid, &h, c);
  h.fig[SK_FIG_SIZE] = 3;
  h.fig[SK_FIG_EXTRA] = a->ncells + b->ncells + c->ncells;
  host->hint_printf(&h, "Almost Locked Set XY-Wing: A=");
  als_text_als(host, &h, a);
  host->hint_printf(&h, ", B=");
  als_text_als(host, &h, b);
  host->hint_printf(&h, ", C=");
  als_text_als(host, &h, c);
  host->hint_printf(&h, ", X,Y=");
  als_text_digits(host, &h, rcs, 1);
  host->hint_printf(&h, ", Z=");
  als_text_digits(host, &h, z, 1);
  return host->emit(s, &h);
}

int als_search_xy_wing(const sk_search *s) {
  int overlap, forward, own, stopped = 0;
  params(s, &overlap, &forward);
  als_data *d = als_get(s, overlap, forward, 1, &own);
  if (!d) return SK_SEARCH_DONE;
  /* touch[off[x]..off[x+1]): the RCs with ALS x at either end, ascending */
  int *off = calloc((size_t)d->nals + 1, sizeof *off);
  int *touch = malloc((size_t)(2 * d->nrc + 1) * sizeof *touch);
  int *fill = calloc((size_t)d->nals + 1, sizeof *fill);
  if (off && touch && fill) {
    for (int i = 0; i < d->nrc; i++) off[d->rc[i].a1 + 1]++, off[d->rc[i].a2 + 1]++;
    for (int x = 0; x < d->nals; x++) off[x + 1] += off[x];
    for (int i = 0; i < d->nrc; i++) {
      touch[off[d->rc[i].a1] + fill[d->rc[i].a1]++] = i;
      touch[off[d->rc[i].a2] + fill[d->rc[i].a2]++] = i;
    }
    for (int i = 0; i < d->nrc && !stopped; i++) {
      const als_rc *rc1 = &d->rc[i];
      int p = off[rc1->a1], pe = off[rc1->a1 + 1], q = off[rc1->a2], qe = off[rc1->a2 + 1];
      while (p < pe && touch[p] <= i) p++;
      while (q < qe && touch[q] <= i) q++;
      while ((p < pe || q < qe) && !stopped) {
        int j;
        if (q >= qe || (p < pe && touch[p] < touch[q])) j = touch[p++];
        else if (p >= pe || touch[q] < touch[p]) j = touch[q++];
        else j = touch[p++], q++;
        stopped = wing(s, d, rc1, &d->rc[j], overlap);
      }
    }
  }
  free(off), free(touch), free(fill);
  if (own) als_data_free(d);
  return stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}
