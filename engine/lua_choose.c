/*
** lua_choose.c -- how the next step is chosen, in C: SE's rule (the
** first technique in table order that has a hint) or the cheapest hint
** over all techniques (lua_internal.h lists the parts of the binding).
**
** Nothing here touches a lua_State.  e:first, e:cheapest and e:walk
** (lua_engine.c) show one choice; the rating loops of lua_rate.c, which
** the threads of e:rate_batch run too, make them one after another.
*/
#include <stdlib.h>
#include "lua_internal.h"

typedef struct pick {
  sk_hint *h;                  /* the best hint so far */
  int32_t diff;
  int have;
  int32_t floor;               /* stop as soon as a hint costs this (or -1) */
  int collect;
} pick;

static int pick_cb(void *ud, const sk_hint *h, int32_t d) {
  pick *p = ud;
  if (!p->have || d < p->diff || (p->collect && d == p->diff && h->order < p->h->order)) {
    *p->h = *h;
    p->diff = d;
    p->have = 1;
  }
  return p->floor >= 0 && d <= p->floor;
}

/* Technique i's choice on g, as the step engine makes it: the first hint,
** or for collecting techniques the cheapest (then lowest order). */
static int tech_pick(sk_engine *e, const sk_grid *g, int i, sk_hint *h, int32_t *diff) {
  pick p = {h, 0, 0, -1, (sk_engine_bound(e, i)->flags & SK_TECH_COLLECT) != 0};
  sk_engine_hints(e, g, i, 0, pick_cb, &p);
  *diff = p.diff;
  return p.have;
}

/* SE's rule: the first technique in table order that has a hint.  Returns
** the table index, or -1 when none applies. */
int sklua_choose_first(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff) {
  const sk_table *t = sk_engine_table(e);
  for (int i = 0; i < t->n; i++)
    if (tech_pick(e, g, i, h, diff)) return i;
  return -1;
}

/* The cheapest hint over all techniques.  Modifiers only add, so a
** technique's base bounds its hints from below: techniques are tried by
** increasing base (then table order) and the search stops when the next
** base cannot beat the best hint.  Ties go to the earlier technique in
** that order. */
int sklua_choose_cheapest(sk_engine *e, const sk_grid *g, sk_hint *h, int32_t *diff) {
  const sk_table *t = sk_engine_table(e);
  int n = t->n, best = -1;
  sk_hint *cur = malloc(sizeof *cur);
  int *order = malloc((size_t)(n ? n : 1) * sizeof *order);
  if (!cur || !order) {
    free(cur), free(order);
    return -1;
  }
  for (int i = 0; i < n; i++) {                /* insertion sort by (base, index) */
    int j = i;
    for (; j > 0 && t->entry[order[j - 1]].base > t->entry[i].base; j--) order[j] = order[j - 1];
    order[j] = i;
  }
  for (int k = 0; k < n; k++) {
    int i = order[k];
    const sk_table_entry *te = &t->entry[i];
    if (best >= 0 && te->base >= *diff) break;
    int collect = (sk_engine_bound(e, i)->flags & SK_TECH_COLLECT) != 0;
    /* a fixed value: the first hint is as cheap as any; else look at all */
    pick p = {cur, 0, 0, te->nmod ? te->base : -1, collect};
    sk_engine_hints(e, g, i, te->nmod && !collect, pick_cb, &p);
    if (p.have && (best < 0 || p.diff < *diff)) {
      *h = *cur;
      *diff = p.diff;
      best = i;
    }
  }
  free(cur);
  free(order);
  return best;
}
