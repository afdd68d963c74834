/*
** chain_multi.h -- private to techniques/chains.c: SE's producers 23-30
** (Nishio, multiple, dynamic and nested forcing chains), as
** getMultipleChainsHintList in Chaining.java.
**
** Cells row-major: 3+ candidates (static multiple) or 2+ (dynamic, Nishio).
** For each candidate: propagate ON and OFF (run_chain), then
**   contradiction  (dynamic, Nishio) a run that ends on a contradiction
**                  refutes its assumption;
**   double         (dynamic, 3+ candidates) a potential both runs reach;
**   region         (not Nishio) for each house of the cell where the cell
**                  is the first place of the digit: a potential reached from
**                  every place;
** and after the candidates of the cell
**   cell           (not Nishio) a potential reached from every candidate.
** Every candidate's ON run is computed once per search and shared (region
** chains use the runs of other cells); OFF runs are dropped after use.
**
** The hints of one search all have the same base, so the winner is the
** least (complexity, SE's kind key), first found on ties.  At the top
** level a hint is only built when it beats the best so far; as a nested
** rule every hint is listed with what getAdvancedPotentials needs.
*/
#ifndef CHAIN_MULTI_H
#define CHAIN_MULTI_H

#include <limits.h>
#include "chain_core.h"

/* SE's sort keys (getSortKey) */
enum { K_DOUBLE = 1, K_CELL = 5, K_REGION = 6, K_CONTRA = 7 };

/* a hint found by the multiple search, before it is rated */
typedef struct mcand {
  int kind;
  int ntarget;
  int32_t target[10];          /* nodes (one per branch / both runs) */
  int root_cause;              /* cause of the branch assumptions (rule parents) */
  int pot;                     /* the conclusion: ON places it, OFF removes it */
  int src;                     /* assumption (binary) or source cell (cell) */
  int house, digit;            /* region chains */
} mcand;

typedef struct msink {
  int inner;
  /* top level */
  int32_t best_c, best_k;
  void (*found)(void *ud, const chainer *ch, const mcand *m, int complexity);
  void *ud;
  /* inner: rule parents are taken against the outer chain's grids */
  const cgrid *src;
  double base;
  int seq;
  const uint64_t *taint;       /* inner static mode: see taint_capable() */
} msink;

/* SE's Chaining.getDifficulty() for a search level (inner sort key) */
static double multi_base(const chainer *ch) {
  if (ch->level >= 2) return 9.5 + 0.5 * (ch->level - 2);
  if (ch->level > 0) return 8.5 + 0.5 * ch->level;
  if (ch->nishio) return 7.5;
  if (ch->dynamic) return 8.5;
  return 8.0;
}

/* the cached ON run of a candidate */
static int on_run(chainer *ch, const cgrid *g, int c, int d) {
  int k = c * 9 + d - 1;
  if (ch->onrun[k] < 0) ch->onrun[k] = run_chain(ch, g, pot_make(c, d, 1));
  return ch->onrun[k];
}

/* what a conclusion removes: the cell's other candidates (ON), or itself */
static sk_mask conclusion_elims(const cgrid *g, int pot) {
  int c = pot_cell(pot), d = pot_digit(pot);
  return pot_on(pot) ? (sk_mask)(g->cand[c] & ~SK_BIT(d)) : SK_BIT(d);
}

/* Rate and hand over one hint. */
static void multi_take(chainer *ch, const cgrid *g, msink *k, const mcand *m) {
  sk_mask el = conclusion_elims(g, m->pot);
  if (!el) return;                                   /* not worth */
  int32_t ids[64];
  if (!k->inner) {
    /* least (complexity, kind) wins: bound the walks */
    int32_t limit = m->kind < k->best_k ? k->best_c : k->best_c - 1;
    if (limit < 0) return;
    int32_t flat = 0;
    for (int i = 0; i < m->ntarget; i++) {
      int64_t room = (int64_t)limit - flat;
      int cnt = walk(ch, m->target[i], room > INT_MAX ? -1 : (int)room, NULL, NULL);
      flat += cnt;
      if (flat > limit) return;
    }
    int32_t total = flat;
    if (ch->nnest > 0) {
      walkout wo;
      memset(&wo, 0, sizeof wo);
      wo.nests = ids;
      wo.maxnest = 64;
      for (int i = 0; i < m->ntarget; i++) walk(ch, m->target[i], -1, &wo, NULL);
      total += nested_sum(ch, ids, wo.nnest);
      if (total > limit) return;
    }
    k->best_c = total;
    k->best_k = m->kind;
    k->found(k->ud, ch, m, total);
    return;
  }
  /* inner: everything, with rule parents and the FullChain hash */
  ihint *h = ih_new(ch);
  if (!h) return;
  h->seq = k->seq++;
  h->kind = m->kind;
  rpctx rp;
  rp_begin(&rp, ch, k->src, g, m->root_cause);
  walkout wo;
  memset(&wo, 0, sizeof wo);
  wo.hash = 0x51;
  wo.nests = ids;
  wo.maxnest = 64;
  int flat = 0;
  for (int i = 0; i < m->ntarget; i++) flat += walk(ch, m->target[i], -1, &wo, &rp);
  h->chash = wo.hash;
  h->rp = ch->nipot;
  h->nrp = rp.n;
  ch->nipot += rp.n;
  h->complexity = flat + nested_sum(ch, ids, wo.nnest);
  h->diff = k->base + se_length_bonus(h->complexity);
  h->elim = ch->nipot;
  int c = pot_cell(m->pot);
  for (sk_mask x = el; x; x &= x - 1) ih_push_pot(ch, pot_make(c, sk_mask_first(x), 0));
  h->nelim = ch->nipot - h->elim;
  h->ehash = elim_hash(ch->ipot + h->elim, h->nelim);
}

/* The nodes of run r holding the potentials of set (ON or OFF), in the
** run's insertion order (SE walks its LinkedSet): looked up and sorted,
** which beats scanning the run when, as usual, the set is small. */
static int nodes_in_order(chainer *ch, int r, const uint64_t *set, int on, int32_t *out) {
  int n = 0;
  for (int w = 0; w < CWORDS; w++) n += pop64(set[w]);
  const crun *R = &ch->rn[r];
  if (n * n > R->end - R->base) {                 /* many: scan the run */
    n = 0;
    for (int32_t x = R->base; x < R->end; x++) {
      int p = ch->nd[x].pot;
      if (pot_on(p) == on && set_has(set, p >> 1)) out[n++] = x;
    }
    return n;
  }
  n = 0;
  for (int w = 0; w < CWORDS; w++)
    for (uint64_t v = set[w]; v; v &= v - 1) {
      int32_t x = run_find(ch, r, ((w * 64 + __builtin_ctzll(v)) << 1) | on);
      int i = n++;
      for (; i > 0 && out[i - 1] > x; i--) out[i] = out[i - 1];
      out[i] = x;
    }
  return n;
}

/* contradiction and double forcing chains of one candidate */
static void multi_binary(chainer *ch, const cgrid *g, msink *k, int ron, int roff,
                         int c, int d, int dbl) {
  mcand m;
  memset(&m, 0, sizeof m);
  int contra = ch->dynamic || ch->nishio;
  const crun *A = &ch->rn[ron], *B = &ch->rn[roff];
  if (contra && A->abs_on >= 0) {
    m.kind = K_CONTRA;
    m.ntarget = 2;
    m.target[0] = A->abs_on;
    m.target[1] = A->abs_off;
    m.pot = pot_make(c, d, 0);
    m.src = pot_make(c, d, 1);
    multi_take(ch, g, k, &m);
  }
  if (contra && B->abs_on >= 0) {
    m.kind = K_CONTRA;
    m.ntarget = 2;
    m.target[0] = B->abs_on;
    m.target[1] = B->abs_off;
    m.pot = pot_make(c, d, 1);
    m.src = pot_make(c, d, 0);
    multi_take(ch, g, k, &m);
  }
  if (!dbl) return;
  int32_t order[NCAND];
  for (int on = 1; on >= 0; on--) {
    const uint64_t *sa = on ? A->on : A->off, *sb = on ? B->on : B->off;
    uint64_t both[CWORDS];
    int any = 0;
    for (int w = 0; w < CWORDS; w++) any |= (both[w] = sa[w] & sb[w]) != 0;
    if (!any) continue;
    int nx = nodes_in_order(ch, ron, both, on, order);
    for (int j = 0; j < nx; j++) {
      int32_t x = order[j];
      int p = ch->nd[x].pot;
      A = &ch->rn[ron];
      m.kind = K_DOUBLE;
      m.ntarget = 2;
      m.target[0] = x;
      m.target[1] = run_find(ch, roff, p);
      m.pot = p;
      m.src = pot_make(c, d, 1);
      multi_take(ch, g, k, &m);
    }
  }
}

/* potentials common to runs r[0..n): in r[0]'s insertion order */
static void multi_common(chainer *ch, const cgrid *g, msink *k, const int *r, int n, mcand *m) {
  int32_t order[NCAND];
  for (int on = 1; on >= 0; on--) {
    uint64_t common[CWORDS];
    memcpy(common, on ? ch->rn[r[0]].on : ch->rn[r[0]].off, sizeof common);
    uint64_t any = 1;
    for (int i = 1; i < n && any; i++) {      /* usually empty after a few runs */
      const uint64_t *v = on ? ch->rn[r[i]].on : ch->rn[r[i]].off;
      any = 0;
      for (int w = 0; w < CWORDS; w++) any |= common[w] &= v[w];
    }
    if (!any) continue;
    int nx = nodes_in_order(ch, r[0], common, on, order);
    for (int j = 0; j < nx; j++) {
      int32_t x = order[j];
      int p = ch->nd[x].pot;
      m->ntarget = n;
      for (int i = 0; i < n; i++) m->target[i] = run_find(ch, r[i], p);
      m->pot = p;
      multi_take(ch, g, k, m);
    }
  }
}

/* Inner static mode: can a hint whose branches start from these candidates
** (ON) have rule parents?  Only if the outer chain removed candidates where
** the hint's assumptions are made (gone), or some branch can use a link the
** removals made (k->taint). */
static int may_taint(const msink *k, int gone, const int *cand, int n) {
  if (!k->taint || gone) return 1;
  for (int i = 0; i < n; i++) if (set_has(k->taint, cand[i])) return 1;
  return 0;
}

static void multi_regions(chainer *ch, const cgrid *g, msink *k, int c, int d) {
  static const uint8_t order[3] = {2, 0, 1};           /* block, row, column */
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  for (int t = 0; t < 3; t++) {
    int h = sk_cell_house[c][order[t]];
    sk_bits pos = cg_places(g, h, d);
    if (bits_upto3(pos) < 2 || sk_bits_first(pos) != c) continue;
    int r[9], cand[9], n = 0;
    for (sk_bits b = pos; ; ) {
      int x = sk_bits_pop(&b);
      if (x < 0) break;
      cand[n++] = x * 9 + d - 1;
    }
    if (k->taint) {
      sk_bits gone = sk_bits_andnot(cg_places(k->src, h, d), g->dpos[d - 1]);
      if (!may_taint(k, !sk_bits_empty(gone), cand, n)) continue;
    }
    n = 0;
    for (int x; (x = sk_bits_pop(&pos)) >= 0; ) {
      r[n] = on_run(ch, g, x, d);
      if (r[n] < 0) return;
      n++;
    }
    mcand m;
    memset(&m, 0, sizeof m);
    m.kind = K_REGION;
    m.root_cause = cause[t];
    m.house = h;
    m.digit = d;
    multi_common(ch, g, k, r, n, &m);
  }
}

static int multi_stop(chainer *ch) {
  if (ch->stopped) return 1;
  if (ch->search && ch->search->host->should_stop(ch->search)) ch->stopped = 1;
  return ch->stopped || ch->oom;
}

static void multi_cells(chainer *ch, const cgrid *g, msink *k);

/*
** Inner static mode (a nested rule): only hints with rule parents count,
** and a static branch has some only through an ON potential derived by a
** link the outer chain's removals made or changed (a bivalue cell, or a
** house with two places, that lost candidates).  taint_capable() marks the
** candidates whose ON run can reach such a link (a backward closure over
** the static links); hint groups (a cell's candidates, a region's places)
** with none of them, and no removal where they assume, can only give hints
** without rule parents, and are skipped -- as relevant() does for
** producer 21, with the same caveat.
*/
static void taint_capable(const cgrid *g, const cgrid *src, const links *lk, uint64_t *on) {
  uint64_t off[CWORDS];
  memset(off, 0, sizeof off);
  int16_t stack[2 * NCAND];
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask gone_c = src->cand[c] & (sk_mask)~g->cand[c];
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m), kk = c * 9 + d - 1;
      const derived *w = lk->on[kk];
      int tail = 0;
      for (int i = 0; i < lk->nny[kk] + lk->nnx[kk] && !tail; i++) {
        int x = pot_cell(w[i].pot), e = pot_digit(w[i].pot);
        if (w[i].cause == CA_NAKED) tail = gone_c != 0;
        else tail = !sk_bits_empty(sk_bits_andnot(cg_places(src, cause_house(w[i].cause, x), e),
                                                  g->dpos[e - 1]));
      }
      if (tail) { set_add(off, kk); stack[n++] = (int16_t)(kk * 2); }
    }
  }
  while (n > 0) {
    int p = stack[--n], kk = p >> 1;
    if (!pot_on(p)) {
      /* ON potentials giving this OFF one: the cell's other values (Y) and
      ** the digit's peers (X) */
      int c = kk / 9, d = kk % 9 + 1;
      for (sk_mask m = g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1) {
        int q = c * 9 + sk_mask_first(m) - 1;
        if (!set_has(on, q)) { set_add(on, q); stack[n++] = (int16_t)(q * 2 + 1); }
      }
      sk_bits pr = sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]);
      for (int y; (y = sk_bits_pop(&pr)) >= 0; ) {
        int q = y * 9 + d - 1;
        if (!set_has(on, q)) { set_add(on, q); stack[n++] = (int16_t)(q * 2 + 1); }
      }
    } else {
      /* OFF potentials giving this ON one: its strong partners */
      const derived *w = lk->on[kk];
      for (int i = 0; i < lk->nny[kk] + lk->nnx[kk]; i++) {
        int q = w[i].pot >> 1;
        if (!set_has(off, q)) { set_add(off, q); stack[n++] = (int16_t)(q * 2); }
      }
    }
  }
}

/* The whole search on g. */
static void multi_search(chainer *ch, const cgrid *g, msink *k) {
  chainer_reset(ch);
  k->base = multi_base(ch);
  links *lk = NULL;
  if (!ch->dynamic) {
    lk = links_new(g, 1);
    if (!lk) { ch->oom = 1; return; }
  }
  ch->lk = lk;
  uint64_t taint[CWORDS];
  if (k->inner && lk) {
    memset(taint, 0, sizeof taint);
    taint_capable(g, k->src, lk, taint);
  }
  k->taint = k->inner && lk ? taint : NULL;
  multi_cells(ch, g, k);
  k->taint = NULL;
  ch->lk = NULL;
  free(lk);
}

static void multi_cells(chainer *ch, const cgrid *g, msink *k) {
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    int card = mask_count(g->cand[c]);
    if (!(card > 2 || (card > 1 && ch->dynamic))) continue;
    if (multi_stop(ch)) return;
    int dbl = card >= 3 && !ch->nishio && ch->dynamic;
    for (sk_mask mm = g->cand[c]; mm; mm &= mm - 1) {
      int d = sk_mask_first(mm);
      if (ch->dynamic || ch->nishio) {
        int ron = on_run(ch, g, c, d);
        if (ron < 0) return;
        /* the OFF run only serves contradiction and double chains, which
        ** static multiple mode does not look for (SE runs it for nothing) */
        int roff = run_chain(ch, g, pot_make(c, d, 0));
        if (roff < 0) return;
        multi_binary(ch, g, k, ron, roff, c, d, dbl);
        run_drop_last(ch);
      }
      if (!ch->nishio) multi_regions(ch, g, k, c, d);     /* ON runs as needed */
      if (ch->oom) return;
    }
    int cand[9], nc = 0;
    for (sk_mask mm = g->cand[c]; mm; mm &= mm - 1) cand[nc++] = c * 9 + sk_mask_first(mm) - 1;
    if (!ch->nishio && (card == 2 || (ch->multiple && card > 2)) &&
        may_taint(k, k->taint && (k->src->cand[c] & (sk_mask)~g->cand[c]), cand, nc)) {
      int r[9], n = 0;
      for (sk_mask mm = g->cand[c]; mm; mm &= mm - 1) {
        r[n] = on_run(ch, g, c, sk_mask_first(mm));
        if (r[n++] < 0) return;
      }
      mcand m;
      memset(&m, 0, sizeof m);
      m.kind = K_CELL;
      m.root_cause = CA_NAKED;
      m.src = c;
      multi_common(ch, g, k, r, n, &m);
    }
  }
}

#endif
