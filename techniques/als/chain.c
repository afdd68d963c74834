/*
** chain.c -- ALS-XY-Chain, as HoDoKu 2.2.0 finds it (AlsSolver.
** getAlsXYChainInt, getAlsXYChainRecursive, RestrictedCommon.checkRC,
** AlsComparator).
**
** Rule: ALS A1 -rc1- A2 -rc2- ... -rcn- An+1 (n >= 3 RCs, every ALS once),
** each RC's digits used (its "actual" digits) differing from the previous
** RC's actual ones; a digit Z common to A1 and An+1 other than the actual
** digits of rc1 and rcn leaves every cell outside A1 and An+1 that sees all
** of Z's cells in both (cells of the middle ALS included).
**
** Scan order is HoDoKu's: every ALS in list order starts a chain; from the
** chain's last ALS its RCs (RC list order, collect.c) are tried depth
** first; an RC to an ALS already in the chain is skipped.  Which digits of
** an RC are used is HoDoKu's checkRC: the first RC of a chain takes its
** first digit, and when it has two, the second in a second try; a later
** RC takes what the previous RC's actual digits leave of it (nothing: not
** taken; when the previous used both its digits, HoDoKu compares with its
** first digit twice, and so does this file).  Chains are tested from 3 RCs
** on, extended up to chain-length RCs.
** Every chain that removes something is a step.  With only-one-als-per-
** step, one step per set of eliminations is kept: the first found, replaced
** (in its place) by a later one whose ALS have fewer cells in all.  The
** steps are then sorted (stable) with HoDoKu's AlsComparator: more
** eliminations first; steps with different eliminations by the smaller
** weighted index sum of their eliminations (sorted by digit then cell,
** sum of cell * (1 + 80 k) + digit); equal ones by fewer ALS, then fewer
** cells.  HoDoKu's solver takes the first; the steps are emitted in that
** order with h->order = their rank (the technique collects).
**
** Options: chain-length (50 RCs: HoDoKu's solver; its find-all-steps and
** regression tester use 6), forward-only (1: RCs only from an ALS to a
** later one, HoDoKu's solver and default), overlap (allowAlsOverlap, 0:
** adjacent ALS may not share cells; others always may), only-one-als-per-
** step (1), max-nodes (0: none; else the search gives up, finding nothing,
** once it has tried that many RCs: the number of chains grows
** exponentially with the ALS of a grid, and on grids HoDoKu's solver never
** asks about -- many ALS, simpler steps pending -- it can take minutes;
** the chain searches on HoDoKu's own paths of mixed-1090 and top1465 try
** at most 2.1 million RCs, and ratings/hodoku.yaml sets 20 million, about
** 0.4 s).  A search the engine's budget stops finds nothing as well.
** Figures: size = number of ALS, length = number of RCs, extra = cells of
** all its ALS.  Focus: every candidate of the ALS's cells.  The library
** line's candidates are the digits eliminated.  Text as HoDoKu's
** step.toString(2) before " => ":
**   Almost Locked Set Chain: 2- r9c456 {2468} -8- r69c8 {389} -3- ... -2
*/
#include <stdlib.h>
#include <string.h>
#include "als.h"

typedef struct step {
  sk_mask elim[SK_CELLS];
  int nelim, sum, nals, ncells;
  int at;                      /* its ALS ids and RCs in the pool */
} step;

typedef struct ctx {
  const sk_search *s;
  als_data *d;
  int maxlen, one;
  als_rc **chain;              /* the chain's RCs (the list's, actual set) */
  int len;
  const als_rc *first;
  unsigned char *in;           /* ALS in the chain */
  int start;                   /* first ALS */
  step *st;
  int nst, cap;
  int *pool;                   /* per step: nals ids, then nals - 1 RCs (d1 | d2 << 4 | actual << 8) */
  int npool, poolcap;
  int *map;                    /* elimination set -> step index + 1 (only-one) */
  int mapcap, nmap;
  int fail;
  long nodes, max_nodes;       /* RCs tried; the search gives up past max_nodes (0: never) */
} ctx;

/* HoDoKu's RestrictedCommon.checkRCInt: what of (c21, c22) the previous
** actual digits (c11, c12) leave. */
static int rc_left(int c11, int c12, int c21, int c22) {
  if (c12 == 0) {
    if (c22 == 0) return c11 == c21 ? 0 : 1;
    if (c11 == c22) return 1;
    if (c11 == c21) return 2;
    return 3;
  }
  if (c22 == 0) return (c11 == c21 || c12 == c21) ? 0 : 1;
  if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21)) return 0;
  if (c11 == c22 || c12 == c22) return 1;
  if (c11 == c21 || c12 == c21) return 2;
  return 3;
}

static int check_rc(als_rc *rc, const als_rc *last, int first_try) {
  rc->actual = rc->d2 == 0 ? 1 : 3;
  if (!last) {
    if (rc->d2) rc->actual = first_try ? 1 : 2;
    return rc->actual != 0;
  }
  switch (last->actual) {
  case 1: rc->actual = (uint8_t)rc_left(last->d1, 0, rc->d1, rc->d2); break;
  case 2: rc->actual = (uint8_t)rc_left(last->d2, 0, rc->d1, rc->d2); break;
  case 3: rc->actual = (uint8_t)rc_left(last->d1, last->d1, rc->d1, rc->d2); break;
  default: break;
  }
  return rc->actual != 0;
}

static sk_mask actual_digits(const als_rc *rc) {
  sk_mask m = 0;
  if (rc->actual == 1 || rc->actual == 3) m |= SK_BIT(rc->d1);
  if ((rc->actual == 2 || rc->actual == 3) && rc->d2) m |= SK_BIT(rc->d2);
  return m;
}

static uint32_t hash_elim(const sk_mask *e) {
  uint32_t h = 2166136261u;
  for (int c = 0; c < SK_CELLS; c++) h = (h ^ e[c]) * 16777619u;
  return h;
}

static int map_find(const ctx *x, const sk_mask *e, uint32_t *slot) {
  uint32_t k = hash_elim(e) & (uint32_t)(x->mapcap - 1);
  for (; x->map[k]; k = (k + 1) & (uint32_t)(x->mapcap - 1))
    if (!memcmp(x->st[x->map[k] - 1].elim, e, sizeof x->st[0].elim)) { *slot = k; return x->map[k] - 1; }
  *slot = k;
  return -1;
}

static int map_grow(ctx *x) {
  int cap = x->mapcap ? 2 * x->mapcap : 1024;
  int *m = calloc((size_t)cap, sizeof *m);
  if (!m) return -1;
  free(x->map);
  x->map = m, x->mapcap = cap;
  for (int i = 0; i < x->nst; i++) {
    uint32_t k = hash_elim(x->st[i].elim) & (uint32_t)(cap - 1);
    while (m[k]) k = (k + 1) & (uint32_t)(cap - 1);
    m[k] = i + 1;
  }
  return 0;
}

/* write the current chain's ALS and RCs at pool[at..] */
static void put_chain(ctx *x, int at) {
  int n = x->len + 1;
  x->pool[at] = x->start;
  for (int j = 0; j < x->len; j++) {
    x->pool[at + 1 + j] = x->chain[j]->a2;
    x->pool[at + n + j] = x->chain[j]->d1 | x->chain[j]->d2 << 4 | x->chain[j]->actual << 8;
  }
}

static void record(ctx *x, const sk_mask *elim) {
  int n = x->len + 1, cells = 0;
  cells += x->d->als[x->start].ncells;
  for (int j = 0; j < x->len; j++) cells += x->d->als[x->chain[j]->a2].ncells;
  uint32_t slot = 0;
  if (x->one) {
    if (x->nmap * 2 + 2 > x->mapcap && map_grow(x)) { x->fail = 1; return; }
    int old = map_find(x, elim, &slot);
    if (old >= 0) {
      step *o = &x->st[old];
      if (o->ncells <= cells) return;
      /* replace in place: a fresh pool slot of the new size */
      if (x->npool + 2 * n > x->poolcap) {
        int cap = x->poolcap * 2 + 4 * n;
        int *p = realloc(x->pool, (size_t)cap * sizeof *p);
        if (!p) { x->fail = 1; return; }
        x->pool = p, x->poolcap = cap;
      }
      o->at = x->npool;
      x->npool += 2 * n;
      o->nals = n, o->ncells = cells;
      put_chain(x, o->at);
      return;
    }
  }
  if (x->nst == x->cap) {
    int cap = x->cap ? 2 * x->cap : 64;
    step *p = realloc(x->st, (size_t)cap * sizeof *p);
    if (!p) { x->fail = 1; return; }
    x->st = p, x->cap = cap;
  }
  if (x->npool + 2 * n > x->poolcap) {
    int cap = x->poolcap * 2 + 4 * n;
    int *p = realloc(x->pool, (size_t)cap * sizeof *p);
    if (!p) { x->fail = 1; return; }
    x->pool = p, x->poolcap = cap;
  }
  step *t = &x->st[x->nst];
  memcpy(t->elim, elim, sizeof t->elim);
  t->nelim = 0, t->sum = 0;
  for (int dg = 1; dg <= 9; dg++)
    for (int c = 0; c < SK_CELLS; c++)
      if (elim[c] & SK_BIT(dg)) t->sum += c * (1 + 80 * t->nelim) + dg, t->nelim++;
  t->nals = n, t->ncells = cells, t->at = x->npool;
  x->npool += 2 * n;
  put_chain(x, t->at);
  x->nst++;
  if (x->one) x->map[slot] = x->nst, x->nmap++;
}

/* the chain's ends: anything to eliminate? */
static void test_chain(ctx *x, const als_rc *last) {
  const als_set *a = &x->d->als[x->start], *b = &x->d->als[last->a2];
  const als_rc *f = x->first;
  int c1 = f->d1, c2 = f->d2;
  if (f->actual == 1) c2 = 0;
  else if (f->actual == 2) c1 = 0;
  int c3 = 0, c4 = 0;
  if (last->actual == 1) c3 = last->d1;
  else if (last->actual == 2) c3 = last->d2;
  else if (last->actual == 3) c3 = last->d1, c4 = last->d2;
  sk_mask not = 0;
  if (c1) not |= SK_BIT(c1);
  if (c2) not |= SK_BIT(c2);
  if (c3) not |= SK_BIT(c3);
  if (c4) not |= SK_BIT(c4);
  sk_mask m = (sk_mask)(a->cand & b->cand & ~not);
  if (!m || sk_bits_empty(sk_bits_and(a->buddies, b->buddies))) return;
  sk_mask elim[SK_CELLS];
  int any = 0;
  memset(elim, 0, sizeof elim);
  for (; m; m &= (sk_mask)(m - 1)) {
    int dg = sk_mask_first(m);
    sk_bits bb = sk_bits_and(a->dbuddies[dg], b->dbuddies[dg]);
    for (int c; (c = sk_bits_pop(&bb)) >= 0; ) elim[c] |= SK_BIT(dg), any = 1;
  }
  if (any) record(x, elim);
}

static void extend(ctx *x, int from, const als_rc *last) {
  if (x->len >= x->maxlen || x->fail) return;
  if (((x->len & 3) == 0) && x->s->host->should_stop(x->s)) { x->fail = 1; return; }
  int first_try = 1;
  for (int i = x->d->start[from]; i < x->d->end[from] && !x->fail; i++) {
    als_rc *rc = &x->d->rc[i];
    if (x->max_nodes && ++x->nodes > x->max_nodes) { x->fail = 1; return; }
    if (x->len >= x->maxlen || !check_rc(rc, last, first_try)) continue;
    if (x->in[rc->a2]) continue;
    if (x->len == 0) x->first = rc;
    x->chain[x->len++] = rc;
    x->in[rc->a2] = 1;
    if (x->len >= 3) test_chain(x, rc);
    extend(x, rc->a2, rc);
    x->in[rc->a2] = 0;
    x->len--;
    if (!last) {
      if (rc->d2 && first_try) first_try = 0, i--;
      else first_try = 1;
    }
  }
}

/* HoDoKu's AlsComparator */
static int compare(const step *a, const step *b) {
  if (a->nelim != b->nelim) return b->nelim - a->nelim;
  if (memcmp(a->elim, b->elim, sizeof a->elim)) return a->sum - b->sum;
  if (a->nals != b->nals) return a->nals - b->nals;
  return a->ncells - b->ncells;
}

static void merge_sort(const step *st, int *idx, int *tmp, int n) {
  if (n < 2) return;
  int h = n / 2;
  merge_sort(st, idx, tmp, h);
  merge_sort(st, idx + h, tmp, n - h);
  int i = 0, j = h, k = 0;
  while (i < h && j < n) tmp[k++] = compare(&st[idx[j]], &st[idx[i]]) < 0 ? idx[j++] : idx[i++];
  while (i < h) tmp[k++] = idx[i++];
  while (j < n) tmp[k++] = idx[j++];
  memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

static int emit_step(const ctx *x, const step *t, int rank) {
  const sk_host *host = x->s->host;
  const sk_grid *g = x->s->grid;
  sk_hint h;
  host->hint_init(&h);
  memcpy(h.elim, t->elim, sizeof h.elim);
  sk_mask digits = 0;
  for (int c = 0; c < SK_CELLS; c++) digits |= t->elim[c];
  int n = t->nals;
  for (int i = 0; i < n; i++) {
    sk_bits b = x->d->als[x->pool[t->at + i]].cells;
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) h.focus[c] = g->cand[c];
  }
  h.fig[SK_FIG_SIZE] = n;
  h.fig[SK_FIG_LENGTH] = n - 1;
  h.fig[SK_FIG_EXTRA] = t->ncells;
  h.order = rank;
  host->hint_printf(&h, "Almost Locked Set Chain: ");
  als_text_digits(host, &h, digits, 0);
  host->hint_printf(&h, "- ");
  for (int i = 0; i < n; i++) {
    als_text_als(host, &h, &x->d->als[x->pool[t->at + i]]);
    if (i < n - 1) {
      int r = x->pool[t->at + n + i];
      als_rc rc = {0, 0, (uint8_t)(r & 15), (uint8_t)(r >> 4 & 15), (uint8_t)(r >> 8)};
      host->hint_printf(&h, " -");
      als_text_digits(host, &h, actual_digits(&rc), 0);
      host->hint_printf(&h, "- ");
    }
  }
  host->hint_printf(&h, " -");
  als_text_digits(host, &h, digits, 0);
  return host->emit(x->s, &h);
}

int als_search_chain(const sk_search *s) {
  const sk_host *host = s->host;
  int overlap = host->param(s, "overlap", 0) != 0;
  int forward = host->param(s, "forward-only", 1) != 0;
  int own, stopped = 0;
  ctx x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.maxlen = host->param(s, "chain-length", 50);
  x.one = host->param(s, "only-one-als-per-step", 1) != 0;
  x.max_nodes = host->param(s, "max-nodes", 0);
  if (x.maxlen < 1) x.maxlen = 1;
  als_data *d = als_get(s, overlap, forward, 1, &own);
  if (!d) return SK_SEARCH_DONE;
  x.d = d;
  x.chain = malloc((size_t)x.maxlen * sizeof *x.chain);
  x.in = calloc((size_t)d->nals + 1, 1);
  if (x.chain && x.in) {
    for (int i = 0; i < d->nals && !x.fail; i++) {
      x.start = i;
      x.len = 0;
      x.first = NULL;
      x.in[i] = 1;
      extend(&x, i, NULL);
      x.in[i] = 0;
    }
  }
  if (!x.fail && x.nst) {
    int *idx = malloc((size_t)x.nst * sizeof *idx), *tmp = malloc((size_t)x.nst * sizeof *tmp);
    if (idx && tmp) {
      for (int i = 0; i < x.nst; i++) idx[i] = i;
      merge_sort(x.st, idx, tmp, x.nst);
      for (int i = 0; i < x.nst && !stopped; i++) stopped = emit_step(&x, &x.st[idx[i]], i);
    }
    free(idx), free(tmp);
  }
  free(x.chain), free(x.in), free(x.st), free(x.pool), free(x.map);
  if (own) als_data_free(d);
  return stopped ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}
