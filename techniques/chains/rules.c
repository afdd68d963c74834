/*
** rules.c -- the other techniques a nested chain (level >= 1) runs
** whenever its propagation runs dry (SE's getAdvancedPotentials), the
** cache of what they found, and the life of a chainer, which holds the
** arenas of every unit below and, at a nested level, these rules.
**
** On the chain's reduced grid the rules are tried in this order, stopping
** at the first that yields something: pointing/claiming, hidden pair,
** naked pair, X-Wing, then by level: 2 forcing chains & cycles, 3 also
** static multiple chains; 4 dynamic forcing chains; 5 dynamic chains and
** nested level 2 chains.  A hint counts only if it depends on candidates
** the chain removed (its "rule parents", SE's getRuleParents); its
** eliminations become OFF potentials whose parents are those removals.
** Within a hint, eliminations are taken by cell (row, then column) and
** digit: SE 1.2.1.3 used a hash order that is not reproducible; this is the
** order of 1to9only's later fix (commit 5c3da31).
** Scan orders are SE's: Locking block->column, block->row, column->block,
** row->block; sets in blocks, columns, rows with tuples in increasing
** bit-mask order; X-Wing base columns then base rows.
*/
#include <stdio.h>
#include "chains.h"

/*
** The results of getAdvancedPotentials depend only on the reduced grid and
** the grid the run started from, which is the same for every run of one
** step: the hints taken on a grid are kept (eliminations, rule parents,
** nested complexity) and replayed when a later run runs dry on the same
** grid -- most do at level 2 and beyond.
**
** A later step's runs meet some of those grids again (about a tenth of
** the grids of the hardest puzzles).  Its start grid has fewer candidates,
** which changes only the rule parents: a hint's are the candidates of its
** pattern that the run removed, so on the later step they are the old ones
** still in its start grid.  The entry is replayed with those; a hint left
** with none no longer counts, and when none of its rule's hints counts,
** the rules after it are tried.  (What a rule finds on the grid does not
** depend on the start grid: each skips only what could have no rule
** parents, and fewer candidates removed leave it fewer.)
*/
#define ACACHE_MAX_DATA (8 << 20)      /* int32 words kept at most */
#define ACACHE_KEEP_DATA (4 << 20)     /* more than this at a new step: start afresh */

typedef struct advctx {
  chainer *ch;
  int r;
  int32_t *qoff;
  int *nqoff;
  int yielded;
  int record;                  /* append what is taken to the cache entry */
  struct dlist *dry;           /* SK_CHAINS_XCHECK: list what would be taken, take nothing */
} advctx;

/* the hints a dry run would take, as cache records */
typedef struct dlist { int32_t *d; int32_t n, cap; } dlist;

/* n more words of the cache's data, or NULL when it is full */
static int32_t *ac_alloc(chainer *ch, int32_t n) {
  acache *ac = ch->ac;
  if (ac->ndata + n > ACACHE_MAX_DATA) return NULL;
  if (ch_grow((void **)&ac->data, &ac->datacap, ac->ndata + n, sizeof *ac->data)) return NULL;
  int32_t *p = ac->data + ac->ndata;
  ac->ndata += n;
  return p;
}

/* one hint of a rule: eliminations become OFF potentials of the run */
static void adv_take(advctx *a, const int16_t *rp, int nrp, const int16_t *el, int nel,
                     int has_nest, int32_t complexity, uint64_t chash) {
  if (nrp == 0) return;        /* not caused by the chain: useless in it */
  a->yielded = 1;
  chainer *ch = a->ch;
  if (a->dry) {
    dlist *l = a->dry;
    if (ch_grow((void **)&l->d, &l->cap, l->n + 6 + nel + nrp, sizeof *l->d)) { ch->oom = 1; return; }
    int32_t *d = l->d + l->n;
    d[0] = nel; d[1] = nrp; d[2] = has_nest; d[3] = complexity;
    d[4] = (int32_t)(uint32_t)chash;
    d[5] = (int32_t)(uint32_t)(chash >> 32);
    for (int i = 0; i < nel; i++) d[6 + i] = el[i];
    for (int i = 0; i < nrp; i++) d[6 + nel + i] = rp[i];
    l->n += 6 + nel + nrp;
    return;
  }
  if (a->record == 1) {
    int32_t *d = ac_alloc(ch, 6 + nel + nrp);
    if (d) {
      d[0] = nel;
      d[1] = nrp;
      d[2] = has_nest;
      d[3] = complexity;
      d[4] = (int32_t)(uint32_t)chash;
      d[5] = (int32_t)(uint32_t)(chash >> 32);
      for (int i = 0; i < nel; i++) d[6 + i] = el[i];
      for (int i = 0; i < nrp; i++) d[6 + nel + i] = rp[i];
    } else a->record = -1;
  }
  int32_t nest = has_nest ? ch_nest_new(ch, complexity, chash) : -1;
  for (int i = 0; i < nel; i++) {
    if (run_find(ch, a->r, el[i]) >= 0) continue;
    int32_t x = nd_new(ch, el[i], CA_ADV, nest);
    if (x < 0) return;
    for (int j = 0; j < nrp; j++) nd_par(ch, run_find(ch, a->r, rp[j]));
    run_insert(ch, a->r, x);
    a->qoff[(*a->nqoff)++] = x;
  }
}

/* what the rules look at: the candidates the chain removed, and the places
** of each digit in each house as a 9-bit mask (house order) */
typedef struct removed {
  sk_bits d[9];
  sk_mask cell[SK_CELLS];
  uint16_t lost[SK_HOUSES];    /* digits (bit d-1) removed somewhere in the house */
  const uint16_t (*pm)[9];    /* the reduced grid's places: pm[h][d-1] */
} removed;

/* Every rule needs a removal in the houses it looks at: lost[] lets them
** visit only those (house, digit) pairs. */
static void removed_of(removed *rm, const cgrid *g, const cgrid *src) {
  memset(rm->lost, 0, sizeof rm->lost);
  for (int d = 0; d < 9; d++) {
    sk_bits b = rm->d[d] = sk_bits_andnot(src->dpos[d], g->dpos[d]);
    for (int c; (c = sk_bits_pop(&b)) >= 0; )
      for (int t = 0; t < 3; t++) rm->lost[sk_cell_house[c][t]] |= (uint16_t)(1u << d);
  }
  for (int c = 0; c < SK_CELLS; c++) rm->cell[c] = src->cand[c] & (sk_mask)~g->cand[c];
  rm->pm = g->pm;
}

/* removed by the chain: was a candidate at the start, is not now */
static int gone(const cgrid *g, const cgrid *src, int c, int d) {
  return cg_has(src, c, d) && !cg_has(g, c, d);
}

static int bits_to_pots(sk_bits b, int d, int16_t *out) {
  int n = 0;
  for (int x; (x = sk_bits_pop(&b)) >= 0; ) out[n++] = (int16_t)pot_make(x, d, 0);
  return n;
}

/* The crossing house of type t2 (0 row, 9 column, 18 block) that holds
** every place pm (a mask in h1's order) of a digit in h1, or -1. */
static int confined(int h1, int t2, unsigned pm) {
  for (int j = 0; j < 3; j++) {
    unsigned band = t2 == 9 && h1 >= 18 ? 0x49u << j : 7u << (3 * j);
    if (pm & ~band) continue;
    if (h1 >= 18) {                                             /* block: column or row j of it */
      int b = h1 - 18;
      return t2 == 9 ? 9 + (b % 3) * 3 + j : (b / 3) * 3 + j;
    }
    if (h1 < 9) return 18 + (h1 / 3) * 3 + j;                   /* row: block j of its band */
    return 18 + j * 3 + (h1 - 9) / 3;                           /* column: block j of its stack */
  }
  return -1;
}

/* Only hints with a rule parent count, so each rule skips the houses and
** digits where the chain removed nothing.  Hints are taken in SE's scan
** order: kind of pair, house 1, house 2, digit.  A digit's places in house
** 1 fit in at most one crossing house 2, so each house 1 collects its few
** (house 2, digit) hits and sorts them. */
static void rule_locking(advctx *a, const cgrid *g, const cgrid *src, const removed *rm) {
  static const uint8_t t1[4] = {18, 18, 9, 0}, t2[4] = {9, 0, 18, 18};
  int16_t rp[9], el[9];
  for (int p = 0; p < 4; p++)
    for (int i1 = 0; i1 < 9; i1++) {
      int h1 = t1[p] + i1, hit[9], nhit = 0;
      for (unsigned lost = rm->lost[h1]; lost; lost &= lost - 1) {
        int d = __builtin_ctz(lost) + 1;
        unsigned pm = rm->pm[h1][d - 1];
        if ((pm & (pm - 1)) == 0) continue;
        int h2 = confined(h1, t2[p], pm);
        if (h2 < 0) continue;
        int at = nhit++;                               /* by (house 2, digit) */
        for (; at > 0 && hit[at - 1] / 16 > h2; at--) hit[at] = hit[at - 1];
        hit[at] = h2 * 16 + d;
      }
      for (int k = 0; k < nhit; k++) {
        int h2 = hit[k] / 16, d = hit[k] % 16;
        sk_bits outside = sk_bits_andnot(sk_house_bits[h1], sk_house_bits[h2]);
        if (sk_bits_empty(sk_bits_and(rm->d[d - 1], outside))) continue;
        sk_bits victims = sk_bits_andnot(cg_places(g, h2, d), sk_house_bits[h1]);
        if (sk_bits_empty(victims)) continue;
        int nrp = 0;
        for (int i = 0; i < 9; i++) {
          int x = sk_house_cell[h1][i];
          if (gone(g, src, x, d) && !sk_bits_has(&sk_house_bits[h2], x))
            rp[nrp++] = (int16_t)pot_make(x, d, 0);
        }
        adv_take(a, rp, nrp, el, bits_to_pots(victims, d, el), 0, 0, 0);
      }
    }
}

static const uint8_t set_house_order[3] = {18, 9, 0};     /* blocks, columns, rows */

static void rule_hidden_pair(advctx *a, const cgrid *g, const cgrid *src, const removed *rm) {
  int16_t rp[18], el[16];
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 9; i++) {
      int h = set_house_order[t] + i;
      unsigned gone_here = (unsigned)rm->lost[h] << 1;   /* digits removed in the house */
      if (!gone_here || cg_empty_count(g, h) <= 4) continue;
      /* both digits have exactly the same two places: only digits with two
      ** places can pair (pairs still taken in SE's order) */
      int two[9], ntwo = 0;
      for (int d = 1; d <= 9; d++)
        if (two_bits(rm->pm[h][d - 1])) two[ntwo++] = d;
      for (int b2 = 1; b2 < ntwo; b2++)
        for (int b1 = 0; b1 < b2; b1++) {
          int d1 = two[b1], d2 = two[b2];
          if (!(gone_here & ((1u << d1) | (1u << d2)))) continue;
          if (rm->pm[h][d1 - 1] != rm->pm[h][d2 - 1]) continue;
          sk_bits both = sk_bits_or(cg_places(g, h, d1), cg_places(g, h, d2));
          sk_mask keep = SK_BIT(d1) | SK_BIT(d2);
          int nel = 0;
          for (sk_bits b = both; ; ) {
            int x = sk_bits_pop(&b);
            if (x < 0) break;
            for (sk_mask m = g->cand[x] & (sk_mask)~keep; m; m &= m - 1)
              el[nel++] = (int16_t)pot_make(x, sk_mask_first(m), 0);
          }
          if (!nel) continue;
          int nrp = 0;
          for (int j = 0; j < 9; j++) {
            int x = sk_house_cell[h][j];
            if (sk_bits_has(&both, x)) continue;
            if (cg_has(src, x, d1)) rp[nrp++] = (int16_t)pot_make(x, d1, 0);
            if (cg_has(src, x, d2)) rp[nrp++] = (int16_t)pot_make(x, d2, 0);
          }
          adv_take(a, rp, nrp, el, nel, 0, 0, 0);
        }
    }
}

static void rule_naked_pair(advctx *a, const cgrid *g, const cgrid *src, const removed *rm) {
  int16_t rp[18], el[16];
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 9; i++) {
      int h = set_house_order[t] + i;
      if (!rm->lost[h] || cg_empty_count(g, h) < 4) continue;
      /* two cells of 2+ candidates with 2 together: both bivalue, equal */
      int biv[9], nbiv = 0;
      for (int j = 0; j < 9; j++)
        if (two_bits(g->cand[sk_house_cell[h][j]])) biv[nbiv++] = sk_house_cell[h][j];
      for (int b2 = 1; b2 < nbiv; b2++)
        for (int b1 = 0; b1 < b2; b1++) {
          int x1 = biv[b1], x2 = biv[b2];
          if (!(rm->cell[x1] | rm->cell[x2])) continue;
          if (g->cand[x1] != g->cand[x2]) continue;
          sk_mask both = g->cand[x1];
          int nel = 0;
          for (int j = 0; j < 9; j++) {
            int x = sk_house_cell[h][j];
            if (x == x1 || x == x2) continue;
            for (sk_mask m = g->cand[x] & both; m; m &= m - 1)
              el[nel++] = (int16_t)pot_make(x, sk_mask_first(m), 0);
          }
          if (!nel) continue;
          /* eliminations by cell then digit */
          for (int u = 1; u < nel; u++)
            for (int v = u; v > 0 && el[v - 1] > el[v]; v--) {
              int16_t tmp = el[v]; el[v] = el[v - 1]; el[v - 1] = tmp;
            }
          int nrp = 0;
          for (sk_mask m = src->cand[x1] & (sk_mask)~both; m; m &= m - 1)
            rp[nrp++] = (int16_t)pot_make(x1, sk_mask_first(m), 0);
          for (sk_mask m = src->cand[x2] & (sk_mask)~both; m; m &= m - 1)
            rp[nrp++] = (int16_t)pot_make(x2, sk_mask_first(m), 0);
          adv_take(a, rp, nrp, el, nel, 0, 0, 0);
        }
    }
}

/* X-Wing in SE's order: base columns then rows, line pairs (second line,
** then first), digit.  Two base lines qualify only with the same two
** places, so each kind collects its few hits and sorts them. */
static void rule_xwing(advctx *a, const cgrid *g, const cgrid *src, const removed *rm) {
  const uint8_t *occ = g->placed;
  static const uint8_t base0[2] = {9, 0}, cover0[2] = {0, 9};   /* columns, then rows */
  int16_t rp[18], el[16];
  for (int t = 0; t < 2; t++) {
    int hit[9 * 36], nhit = 0;
    unsigned lost_any = 0;                     /* digits removed in some base line */
    for (int j = 0; j < 9; j++) lost_any |= rm->lost[base0[t] + j];
    for (int d = 1; d <= 9; d++) {
      if (occ[d] + 4 > 9 || !(lost_any >> (d - 1) & 1)) continue;
      for (int j2 = 1; j2 < 9; j2++) {
        unsigned m2 = rm->pm[base0[t] + j2][d - 1];
        if (!two_bits(m2)) continue;
        unsigned lost2 = rm->lost[base0[t] + j2] >> (d - 1) & 1;
        for (int j1 = 0; j1 < j2; j1++) {
          if (rm->pm[base0[t] + j1][d - 1] != m2) continue;
          if (!lost2 && !(rm->lost[base0[t] + j1] >> (d - 1) & 1)) continue;
          int key = (j2 * 9 + j1) * 16 + d, at = nhit++;
          for (; at > 0 && hit[at - 1] > key; at--) hit[at] = hit[at - 1];
          hit[at] = key;
        }
      }
    }
    for (int k = 0; k < nhit; k++) {
      int d = hit[k] % 16, j2 = hit[k] / 16 / 9, j1 = hit[k] / 16 % 9;
      int b1 = base0[t] + j1, b2 = base0[t] + j2;
      sk_bits lines = sk_bits_or(sk_house_bits[b1], sk_house_bits[b2]);
      int idx = (int)rm->pm[b2][d - 1];
      int k1 = __builtin_ctz(idx), k2 = 31 - __builtin_clz(idx);
      int c1 = cover0[t] + k1, c2 = cover0[t] + k2;
      sk_bits covers = sk_bits_or(sk_house_bits[c1], sk_house_bits[c2]);
      sk_bits victims = sk_bits_andnot(sk_bits_and(g->dpos[d - 1], covers), lines);
      if (sk_bits_empty(victims)) continue;
      int nrp = 0;
      for (int bi = 0; bi < 2; bi++) {
        int b = bi ? b2 : b1;
        for (int i = 0; i < 9; i++) {
          int x = sk_house_cell[b][i];
          if (gone(g, src, x, d) && !sk_bits_has(&covers, x))
            rp[nrp++] = (int16_t)pot_make(x, d, 0);
        }
      }
      adv_take(a, rp, nrp, el, bits_to_pots(victims, d, el), 0, 0, 0);
    }
  }
}

/* ---- chaining rules as nested rules ---- */

/* SE sorts a producer's hints by difficulty, complexity, sort key, then
** keeps the discovery order (stable sort); then drops any hint whose
** eliminations equal an earlier one's (LinkedHashSet of ChainingHint). */
static int ih_before(const ihint *x, const ihint *y) {
  if (x->diff != y->diff) return x->diff < y->diff;
  if (x->complexity != y->complexity) return x->complexity < y->complexity;
  if (x->kind != y->kind) return x->kind < y->kind;
  return x->seq < y->seq;
}

static void ih_sort(const ihint *h, int32_t *ord, int n) {
  /* merge sort on indexes (n can be thousands) */
  if (n < 2) return;
  int32_t *tmp = malloc((size_t)n * sizeof *tmp);
  if (!tmp) {
    for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && ih_before(&h[ord[j]], &h[ord[j - 1]]); j--) {
        int32_t t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t;
      }
    return;
  }
  for (int w = 1; w < n; w *= 2) {
    for (int lo = 0; lo < n; lo += 2 * w) {
      int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      int i = lo, j = mid, o = lo;
      while (i < mid && j < hi) tmp[o++] = ih_before(&h[ord[j]], &h[ord[i]]) ? ord[j++] : ord[i++];
      while (i < mid) tmp[o++] = ord[i++];
      while (j < hi) tmp[o++] = ord[j++];
    }
    memcpy(ord, tmp, (size_t)n * sizeof *ord);
  }
  free(tmp);
}

static int ih_same_elims(const chainer *s, const ihint *x, const ihint *y) {
  return x->ehash == y->ehash && x->nelim == y->nelim &&
         !memcmp(s->ipot + x->elim, s->ipot + y->elim, (size_t)x->nelim * sizeof *s->ipot);
}

/* hand the hints of a nested chaining search to the run */
static void adv_take_inner(advctx *a, chainer *sub) {
  int n = sub->nih;
  if (n == 0) return;
  int32_t *ord = malloc((size_t)n * sizeof *ord);
  int32_t cap = 1;
  while (cap < 2 * n) cap *= 2;
  int32_t *tab = malloc((size_t)cap * sizeof *tab);
  if (!ord || !tab) { free(ord); free(tab); a->ch->oom = 1; return; }
  for (int i = 0; i < n; i++) ord[i] = i;
  ih_sort(sub->ih, ord, n);
  for (int i = 0; i < cap; i++) tab[i] = -1;
  for (int i = 0; i < n; i++) {
    const ihint *h = &sub->ih[ord[i]];
    uint32_t slot = (uint32_t)h->ehash & (uint32_t)(cap - 1);
    int dup = 0;
    while (tab[slot] >= 0) {
      if (ih_same_elims(sub, &sub->ih[tab[slot]], h)) { dup = 1; break; }
      slot = (slot + 1) & (uint32_t)(cap - 1);
    }
    if (dup) continue;
    tab[slot] = ord[i];
    if (h->nrp == 0) continue;
    adv_take(a, sub->ipot + h->rp, h->nrp, sub->ipot + h->elim, h->nelim, 1, h->complexity,
             h->chash);
  }
  free(ord);
  free(tab);
}

static chainer *sub_get(chainer *ch, chainer **slot, int multiple, int dynamic, int level) {
  if (!*slot) {
    *slot = ch_chainer_new(multiple, dynamic, 0, level);
    if (!*slot) { ch->oom = 1; return NULL; }
  }
  (*slot)->search = ch->search;
  return *slot;
}

/* a strong link of g that src lacks: a bivalue cell or a house with two
** places of a digit that lost candidates */
static int new_strong_link(const cgrid *g, const cgrid *src) {
  for (int c = 0; c < SK_CELLS; c++)
    if (g->cand[c] != src->cand[c] && two_bits(g->cand[c])) return 1;
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 0; d < 9; d++)
      if (g->pm[h][d] != src->pm[h][d] && two_bits(g->pm[h][d])) return 1;
  return 0;
}

static void adv_static(advctx *a, const cgrid *g, const cgrid *src) {
  /* with a bare src every hint needs a strong link the chain made
  ** (strong_only: see relevant() in static_chains.c) */
  if (a->ch->src_bare && !new_strong_link(g, src)) return;
  chainer *sub = sub_get(a->ch, &a->ch->sub_static, 0, 0, 0);
  if (!sub) return;
  ch_chainer_reset(sub);
  int rc = ch_static_inner(sub, g, src, a->ch->src_bare);
  if (rc) a->ch->oom = 1;
  if (rc >= 0) adv_take_inner(a, sub);
}

static void adv_multi(advctx *a, chainer *sub, const cgrid *g, const cgrid *src) {
  if (!sub) return;
  msink k;
  memset(&k, 0, sizeof k);
  k.inner = 1;
  k.src = src;
  ch_multi_search(sub, g, &k);
  if (sub->oom) a->ch->oom = 1;
  adv_take_inner(a, sub);
}

static uint64_t grid_hash(const cgrid *g) {
  uint64_t h = 0x9E37;
  const uint64_t *w = (const uint64_t *)(const void *)g->cand;
  for (int i = 0; i < (int)(sizeof g->cand / 8); i++) h = mix64(h, w[i]);
  h = mix64(h, g->cand[SK_CELLS - 1]);
  return h ? h : 1;
}

/*
** A cache entry is [yielded, count, ntried, family, step, grid..., hints...]:
** rules 0 .. ntried-1 were tried (the last one yielded when yielded), and
** count hint records follow the grid.  The rules of getAdvancedPotentials
** are a prefix list per level, the same list within a family: levels 1-3
** (rule 4 static chains, rule 5 static multiple chains) and levels 4-5
** (rule 4 dynamic chains, rule 5 nested level 2).  So a top-level search
** can reuse what a lower level of its family found on the same reduced
** grid of the same step (the cache hangs on the rating, see chains.c),
** and only tries the rules the lower level did not; step says which step
** made the entry (an earlier one: replayed as acache_replay says).
*/
#define AC_HDR 5

static int level_rules(int level) { return level == 1 ? 4 : level == 2 || level == 4 ? 5 : 6; }
static int level_family(int level) { return level >= 4; }

/* the entry of g in family fam, or -1; *slot = its slot, or where to put it */
static int32_t acache_find(acache *ac, uint64_t h, const cgrid *g, int fam, int32_t *slot) {
  if (!ac->cap) { *slot = -1; return -1; }
  uint32_t i = (uint32_t)h & (uint32_t)(ac->cap - 1);
  for (;; i = (i + 1) & (uint32_t)(ac->cap - 1)) {
    if (ac->stamp[i] != ac->gen) { *slot = (int32_t)i; return -1; }
    const int32_t *d = ac->data + ac->ent[i];
    if (ac->key[i] == h && d[3] == fam && !memcmp(d + AC_HDR, g->cand, sizeof g->cand)) {
      *slot = (int32_t)i;
      return ac->ent[i];
    }
  }
}

static int acache_room(chainer *ch) {
  acache *ac = ch->ac;
  if (!ac && !(ac = ch->ac = ch_acache_new())) return -1;
  if (2 * (ac->used + 1) <= ac->cap) return 0;
  int32_t ncap = ac->cap ? ac->cap * 2 : 1024;
  uint64_t *key = malloc((size_t)ncap * sizeof *key);
  uint32_t *stamp = calloc((size_t)ncap, sizeof *stamp);
  int32_t *ent = malloc((size_t)ncap * sizeof *ent);
  if (!key || !stamp || !ent) { free(key); free(stamp); free(ent); return -1; }
  for (int32_t i = 0; i < ac->cap; i++) {
    if (ac->stamp[i] != ac->gen) continue;
    uint32_t j = (uint32_t)ac->key[i] & (uint32_t)(ncap - 1);
    while (stamp[j] == ac->gen) j = (j + 1) & (uint32_t)(ncap - 1);
    stamp[j] = ac->gen;
    key[j] = ac->key[i];
    ent[j] = ac->ent[i];
  }
  free(ac->key); free(ac->stamp); free(ac->ent);
  ac->key = key;
  ac->stamp = stamp;
  ac->ent = ent;
  ac->cap = ncap;
  return 0;
}

static const int AC_GRID = (int)(sizeof(sk_mask) * SK_CELLS / sizeof(int32_t)) + 1;

/* an entry's hints again; from an earlier step (src its grid), with the
** rule parents still in src: a.yielded says whether any counts */
static void acache_replay(advctx *a, int32_t e, const cgrid *src) {
  acache *ac = a->ch->ac;
  a->yielded = src ? 0 : ac->data[e];
  int32_t n = ac->data[e + 1];
  int32_t at = e + AC_HDR + AC_GRID;
  int16_t el[NCAND], rp[NCAND];
  for (int32_t k = 0; k < n; k++) {
    const int32_t *d = ac->data + at;
    int nel = d[0], nrp = d[1];
    uint64_t chash = (uint64_t)(uint32_t)d[4] | ((uint64_t)(uint32_t)d[5] << 32);
    for (int i = 0; i < nel; i++) el[i] = (int16_t)d[6 + i];
    int m = 0;
    for (int i = 0; i < nrp; i++) {
      int p = d[6 + nel + i];
      if (!src || cg_has(src, pot_cell(p), pot_digit(p))) rp[m++] = (int16_t)p;
    }
    adv_take(a, rp, m, el, nel, d[2], d[3], chash);
    at += 6 + nel + nrp;
    ac = a->ch->ac;
  }
}

/* The engine's budget is gone: the chainer, or a nested chainer of its
** rules (which shares its search), was stopped, so what the rules gave is
** partial.  The budget never comes back, so asking again is enough. */
static int budget_gone(chainer *ch) {
  if (ch->search && !ch->stopped && ch->search->host->should_stop(ch->search)) ch->stopped = 1;
  return ch->stopped;
}

static void run_rule(advctx *a, int rule, const cgrid *g, const cgrid *src, const removed *rm) {
  chainer *ch = a->ch;
  switch (rule) {
  case 0: rule_locking(a, g, src, rm); break;
  case 1: rule_hidden_pair(a, g, src, rm); break;
  case 2: rule_naked_pair(a, g, src, rm); break;
  case 3: rule_xwing(a, g, src, rm); break;
  case 4:
    if (ch->level >= 4) adv_multi(a, sub_get(ch, &ch->sub_dyn, 1, 1, 0), g, src);
    else adv_static(a, g, src);
    break;
  default:
    if (ch->level >= 5) adv_multi(a, sub_get(ch, &ch->sub_nested, 1, 1, ch->level - 3), g, src);
    else adv_multi(a, sub_get(ch, &ch->sub_multi, 1, 0, 0), g, src);
    break;
  }
}

#ifdef SK_CHAINS_XCHECK
/* make check builds chains.so with SK_CHAINS_XCHECK: what an earlier
** step's entry gives must be what the rules find now, the same hints with
** the same rule parents; when none of its hints counts now, no rule up to
** its own may yield */
static void xcheck_earlier(chainer *ch, int r, int32_t e, const cgrid *g, const cgrid *src,
                           int nrules) {
  dlist fresh = {0}, kept = {0};
  advctx a = {ch, r, NULL, NULL, 0, 0, &fresh};
  removed rm;
  removed_of(&rm, g, src);
  int rule = 0;
  for (; rule < nrules && !a.yielded && !ch->oom; rule++) run_rule(&a, rule, g, src, &rm);
  int yielded = ch->ac->data[e], ntried = ch->ac->data[e + 2];
  advctx b = {ch, r, NULL, NULL, 0, 0, &kept};
  if (yielded && ntried <= nrules) acache_replay(&b, e, src);
  int same = b.yielded ? a.yielded && rule == ntried && fresh.n == kept.n &&
                         !memcmp(fresh.d, kept.d, (size_t)fresh.n * sizeof *fresh.d)
                       : !a.yielded || rule > (ntried < nrules ? ntried : nrules);
  /* a chainer the engine stopped has partial results: nothing to compare */
  if (!same && !ch->oom && !budget_gone(ch)) {
    fprintf(stderr, "chains.so: an earlier step's nested-rule results differ from the rules' now\n");
    abort();
  }
  free(fresh.d);
  free(kept.d);
}
#endif

/* SE's getAdvancedPotentials + the loop that adds them (doChaining): the
** chainer's rules (ch_rules_fn), which its runs call when they run dry */
static int advanced(chainer *ch, int r, const cgrid *g, const cgrid *src,
                    int32_t *qoff, int *nqoff) {
  advctx a = {ch, r, qoff, nqoff, 0, 0, NULL};
  int nrules = level_rules(ch->level), fam = level_family(ch->level), from = 0;
  uint64_t h = grid_hash(g);
  int32_t slot = -1, e = -1;
  if (ch->ac) {
    e = acache_find(ch->ac, h, g, fam, &slot);
    if (e >= 0) {
      int yielded = ch->ac->data[e], ntried = ch->ac->data[e + 2];
      int earlier = ch->ac->data[e + 4] != ch->ac->step;
#ifdef SK_CHAINS_XCHECK
      if (earlier) xcheck_earlier(ch, r, e, g, src, nrules);
#endif
      if (yielded) {
        if (ntried > nrules) return 0;           /* a rule this level lacks yielded */
        acache_replay(&a, e, earlier ? src : NULL);
        if (a.yielded) return 1;
        /* an earlier step's hints, none of which counts now */
      }
      if (ntried >= nrules) return 0;
      from = ntried;                             /* only the rules not tried yet */
    }
  }
  /* start an entry: the header, the grid, then the hints taken */
  int32_t start = -1;
  if (!acache_room(ch) && ch->ac->ndata + AC_HDR + AC_GRID < ACACHE_MAX_DATA) {
    acache *ac = ch->ac;
    start = ac->ndata;
    int32_t *d = ac_alloc(ch, AC_HDR + AC_GRID);
    if (d) {
      d[0] = d[1] = d[2] = 0;
      d[3] = fam;
      d[4] = ac->step;
      d[AC_HDR + AC_GRID - 1] = 0;
      memcpy(d + AC_HDR, g->cand, sizeof g->cand);
    }
    a.record = d ? 1 : -1;
  }
  removed rm;
  removed_of(&rm, g, src);
  int rule = from;
  /* each rule is a whole inner search: the engine's budget is asked
  ** before each (a stopped chainer records nothing in the cache) */
  for (; rule < nrules && !a.yielded && !ch->oom; rule++) {
    if (budget_gone(ch)) break;
    run_rule(&a, rule, g, src, &rm);
  }
  if (start >= 0) {
    acache *ac = ch->ac;
    /* a nested chainer stopped inside the last rule leaves the parent's
    ** flag clear: ask the budget again before keeping the entry */
    if (a.record == 1 && !ch->oom && !budget_gone(ch)) {
      /* count the records written after the grid */
      int32_t n = 0, at = start + AC_HDR + AC_GRID;
      while (at < ac->ndata) { at += 6 + ac->data[at] + ac->data[at + 1]; n++; }
      ac->data[start] = a.yielded;
      ac->data[start + 1] = n;
      ac->data[start + 2] = rule;
      int32_t s2;
      if (acache_find(ac, h, g, fam, &s2) >= 0) ac->ent[s2] = start;   /* extended */
      else if (s2 >= 0) {
        ac->stamp[s2] = ac->gen;
        ac->key[s2] = h;
        ac->ent[s2] = start;
        ac->used++;
      }
    } else ac->ndata = start;          /* incomplete: forget it */
  }
  return a.yielded;
}

/* ---- the chainer's life ---- */

/* A chainer for a search of these kinds; above level 0 its runs call the
** nested rules (advanced) when they run dry.  NULL out of memory. */
chainer *ch_chainer_new(int multiple, int dynamic, int nishio, int level) {
  chainer *ch = calloc(1, sizeof *ch);
  if (!ch) return NULL;
  ch->multiple = multiple;
  ch->dynamic = dynamic;
  ch->nishio = nishio;
  ch->level = level;
  ch->rules = level > 0 ? advanced : NULL;
  return ch;
}

/* a chainer, the chainers of its nested rules, and what every unit keeps
** in them */
void ch_chainer_free(chainer *ch) {
  if (!ch) return;
  if (!ch->ac_shared) ch_acache_free(ch->ac);
  ch_chainer_free(ch->sub_static);
  ch_chainer_free(ch->sub_multi);
  ch_chainer_free(ch->sub_dyn);
  ch_chainer_free(ch->sub_nested);
  free(ch->nd); free(ch->pa); free(ch->rn); free(ch->ix); free(ch->nest);
  free(ch->ih); free(ch->ipot); free(ch->wq); free(ch->wn);
  free(ch->ebest);
  ch_fixed_free(ch->fx);
  ch_sscratch_free(ch->ss);
  ch_dcl_free(ch->dcl);
  free(ch);
}

/* ---- the rating's cache ----
** chains.c hangs one cache on each rating, for the nested levels of all
** its steps to share. */

/* a cache of no entries; NULL out of memory */
acache *ch_acache_new(void) {
  acache *ac = calloc(1, sizeof *ac);
  if (ac) ac->gen = 1;
  return ac;
}

/* A search on grid cand: a new step when it differs from the last
** search's (a new cache's first search starts one).  Past
** ACACHE_KEEP_DATA words, what the steps before found is forgotten. */
void ch_acache_step(acache *ac, const sk_mask *cand) {
  if (!memcmp(ac->src, cand, sizeof ac->src)) return;
  if (ac->ndata > ACACHE_KEEP_DATA) acache_clear(ac);
  ac->step++;
  memcpy(ac->src, cand, sizeof ac->src);
}

void ch_acache_free(acache *ac) {
  if (!ac) return;
  free(ac->key); free(ac->stamp); free(ac->ent); free(ac->data);
  free(ac);
}
