/*
** multiple.c -- SE's producers 23-30 (Nishio, multiple, dynamic and
** nested forcing chains), as getMultipleChainsHintList in Chaining.java,
** at the top level and as the nested rules of levels 3 to 5.
**
** Cells row-major: 3+ candidates (static multiple) or 2+ (dynamic, Nishio).
** For each candidate: propagate ON and OFF (ch_run_chain), then
**   contradiction  (dynamic, Nishio) a run that ends on a contradiction
**                  refutes its assumption;
**   double         (dynamic, 3+ candidates) a potential both runs reach;
**   region         (not Nishio) for each house of the cell where the cell
**                  is the first place of the digit: a potential reached from
**                  every place;
** and after the candidates of the cell
**   cell           (not Nishio) a potential reached from every candidate.
** Every candidate's ON run is computed once per search and shared (region
** chains use the runs of other cells); OFF runs are dropped after use.  On
** a fixed grid (static multiple chains) the groups are first compared by
** the closures of their branches, and runs made only where these meet.
**
** The hints of one search all have the same base, so the winner is the
** least (complexity, SE's kind key), first found on ties.  At the top
** level a hint is only built when it beats the best so far; as a nested
** rule every hint is listed with what getAdvancedPotentials needs.
*/
#include <limits.h>
#include <stdio.h>
#include "chains.h"

/* SE's Chaining.getDifficulty() for a search level (inner sort key) */
static double multi_base(const chainer *ch) {
  if (ch->level >= 2) return 9.5 + 0.5 * (ch->level - 2);
  if (ch->level > 0) return 8.5 + 0.5 * ch->level;
  if (ch->nishio) return 7.5;
  if (ch->dynamic) return 8.5;
  return 8.0;
}

/* what m's target i counts at least (cnode.anc); *exact = 0 when it is
** not known exactly */
static inline int32_t target_low(const chainer *ch, const mcand *m, int i, int *exact) {
  uint8_t a = ch->nd[m->target[i]].anc;
  if (m->kind == K_CONTRA && ch->level > 0) {
    *exact = 0;                        /* its potential may be among its ancestors */
    return (a & ANC_MAX) - 1;
  }
  if (!(a & ANC_EXACT)) *exact = 0;
  return a & ANC_MAX;
}

/* what a walk from node n (bounded: count > bound, or not) showed */
static inline void anc_learn(cnode *n, int count, int bound) {
  if (n->anc & ANC_EXACT) return;
  if ((bound < 0 || count <= bound) && count <= ANC_MAX) n->anc = (uint8_t)(ANC_EXACT | count);
  else if (count > n->anc) n->anc = (uint8_t)(count > ANC_MAX ? ANC_MAX : count);
}

/* The complexity of m when it is at most limit, else -1: the targets'
** known counts first (most hints are rated on them), then bounded walks
** of the others, each leaving room for the least the targets after it
** count, then the nested chains.  With len (or nested chains), all the
** walks are made once m is within limit, and left in wq[]: target i's
** len[i] nodes after target i-1's. */
static int32_t rate_upto(chainer *ch, const mcand *m, int32_t limit, int32_t *len) {
  int nt = m->ntarget;
  int32_t low[10], n[10], rest = 0;
  unsigned known = 0;                  /* targets known exactly */
  for (int i = 0; i < nt; i++) {
    int e = 1;
    rest += low[i] = target_low(ch, m, i, &e);
    n[i] = e ? low[i] : -1;
    known |= (unsigned)e << i;
  }
  if (rest > limit) return -1;
  int full = len || ch->nnest > 0;
  if (known == (1u << nt) - 1 && !full) return rest;
  if (GROW(ch, wq, wqcap, nt * NPOT)) return -1;
  /* the targets not known exactly, each where its walk goes in wq[] */
  int32_t flat = 0;
  for (int i = 0; i < nt; i++) {
    rest -= low[i];
    if (n[i] < 0) {
      int64_t room = (int64_t)limit - flat - rest;
      int bound = room > INT_MAX ? -1 : (int)room;
      n[i] = ch_walk(ch, m->target[i], bound, ch->wq + flat);
      anc_learn(&ch->nd[m->target[i]], n[i], bound);
      if (flat + n[i] + rest > limit) return -1;
    }
    flat += n[i];
  }
  if (!full) return flat;
  flat = 0;
  for (int i = 0; i < nt; i++) {
    if (known >> i & 1)                /* not walked yet */
      ch_walk(ch, m->target[i], -1, ch->wq + flat);
    if (len) len[i] = n[i];
    flat += n[i];
  }
  if (ch->nnest == 0) return flat;
  int32_t nested = ch_nested_sum(ch, ch->wq, flat);
  if (nested < 0) { ch->oom = 1; return -1; }
  int32_t total = flat + nested;
  return total > limit ? -1 : total;
}

/*
** Inner mode: SE sorts the hints by (difficulty, complexity, kind, order
** found) -- the difficulty grows with the complexity, as the base is the
** search's -- and drops every hint whose eliminations equal an earlier
** one's (adv_take_inner).  So of the hints with the same eliminations only
** the least counts: ebest[] keeps it per elimination set (one cell: the
** other values of an ON conclusion, or one digit), and a hint that cannot
** beat it is not made.  One that does takes the loser's place in the list.
** Its chain hash and rule parents are only worked out at the end of the
** search, for the winners, from the potentials of its walks as kept in
** wn[] (the nodes cannot be: the OFF runs a hint's chains may end in are
** dropped).
*/
#define EB_SLOTS (SK_CELLS * 18)

static int elim_slot(int pot, sk_mask el) {
  int c = pot_cell(pot);
  if (!(el & (el - 1))) return c * 18 + sk_mask_first(el) - 1;
  return c * 18 + 9 + pot_digit(pot) - 1;     /* ON: every value but this one */
}

/* m's walks (in wq[], len[i] nodes for target i) into wn[]: root cause,
** number of targets, their lengths, then each node as pot | cause << 16;
** where they start, -1 on failure */
static int32_t keep_walks(chainer *ch, const mcand *m, const int32_t *len) {
  int32_t n = 0;
  for (int i = 0; i < m->ntarget; i++) n += len[i];
  if (GROW(ch, wn, wncap, ch->nwn + 2 + m->ntarget + n)) return -1;
  int32_t at = ch->nwn, *o = ch->wn + at;
  *o++ = m->root_cause;
  *o++ = m->ntarget;
  for (int i = 0; i < m->ntarget; i++) *o++ = len[i];
  for (int32_t j = 0; j < n; j++) {
    const cnode *x = &ch->nd[ch->wq[j]];
    *o++ = (uint16_t)x->pot | (int32_t)x->cause << 16;
  }
  ch->nwn = (int32_t)(o - ch->wn);
  return at;
}

/* the chain hash and rule parents of h from its walks in wn[] */
static void keep_finish(chainer *ch, const cgrid *g, const msink *k, ihint *h) {
  const int32_t *w = ch->wn + h->walk;
  int nt = w[1];
  const int32_t *len = w + 2, *q = len + nt;
  rpctx rp;
  ch_rp_begin(&rp, ch, k->src, g, w[0]);
  uint64_t hash = 0x51;
  for (int i = 0; i < nt; i++) {
    for (const int32_t *e = q + len[i]; q < e; q++) {
      int pot = *q & 0xFFFF;
      hash = mix64(hash, (uint64_t)pot + 1);
      ch_rp_collect(&rp, pot, *q >> 16);
    }
    hash = mix64(hash, 0xFFFF);
  }
  h->chash = hash;
  h->rp = ch->nipot;
  h->nrp = rp.n;
  ch->nipot += rp.n;
}

static void multi_keep(chainer *ch, const cgrid *g, msink *k, const mcand *m, sk_mask el) {
  int seq = k->seq++;
  int slot = elim_slot(m->pot, el);
  int32_t limit = INT32_MAX;
  if (ch->ebest[slot] >= 0) {
    const ihint *b = &ch->ih[ch->ebest[slot]];
    limit = m->kind < b->kind ? b->complexity : b->complexity - 1;
    if (limit < 0) return;
  }
  int32_t len[10];
  int32_t complexity = rate_upto(ch, m, limit, len);
  if (complexity < 0) return;
  ihint *h;
  if (ch->ebest[slot] >= 0) h = &ch->ih[ch->ebest[slot]];     /* same eliminations */
  else {
    if (!(h = ch_ih_new(ch))) return;
    ch->ebest[slot] = ch->nih - 1;
    h->elim = ch->nipot;
    int c = pot_cell(m->pot);
    for (sk_mask x = el; x; x &= x - 1) ch_ih_push_pot(ch, pot_make(c, sk_mask_first(x), 0));
    h->nelim = ch->nipot - h->elim;
    h->ehash = ch_elim_hash(ch->ipot + h->elim, h->nelim);
  }
  h->seq = seq;
  h->kind = m->kind;
  h->complexity = complexity;
  h->diff = k->base + ch_length_bonus(complexity);
  h->walk = keep_walks(ch, m, len);
}

/* Rate and hand over one hint. */
static void multi_take(chainer *ch, const cgrid *g, msink *k, const mcand *m) {
  sk_mask el = conclusion_elims(g, m->pot);
  if (!el) return;                                   /* not worth */
  if (k->inner) { multi_keep(ch, g, k, m, el); return; }
  /* least (complexity, kind) wins: bound the walks */
  int32_t limit = m->kind < k->best_k ? k->best_c : k->best_c - 1;
  if (limit < 0) return;
  int32_t total = rate_upto(ch, m, limit, NULL);
  if (total < 0) return;
  k->best_c = total;
  k->best_k = m->kind;
  k->found(k->ud, ch, m, total);
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

/* contradiction and double forcing chains of one candidate (ron < 0: the
** closures showed that the ON run gives neither) */
static void multi_binary(chainer *ch, const cgrid *g, msink *k, int ron, int roff,
                         int c, int d, int dbl) {
  mcand m;
  memset(&m, 0, sizeof m);
  int contra = ch->dynamic || ch->nishio;
  const crun *A = ron >= 0 ? &ch->rn[ron] : NULL, *B = &ch->rn[roff];
  if (contra && A && A->abs_on >= 0) {
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
  if (!dbl || !A) return;
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

/* The hints of a group whose branch runs r[0..n) have the potentials of
** common[0] (OFF) and common[1] (ON) in common: ON first, each in r[0]'s
** insertion order. */
static void multi_common(chainer *ch, const cgrid *g, msink *k, const int *r, int n,
                         uint64_t common[2][CWORDS], mcand *m) {
  int32_t order[NCAND];
  for (int on = 1; on >= 0; on--) {
    uint64_t any = 0;
    for (int w = 0; w < CWORDS; w++) any |= common[on][w];
    if (!any) continue;
    int nx = nodes_in_order(ch, r[0], common[on], on, order);
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

/* ---- static multiple chains: closures ----
**
** On a fixed grid, a run from "k ON" reaches, unless it meets a
** contradiction, the closure of the links whatever the order: the ON
** candidates reachable in the graph "k -> the partners of the OFF
** potentials k gives" (a few: most OFF potentials give nothing), and the
** OFF potentials those give.  Most hint groups have nothing in common,
** which the closures show at little cost; runs (propagate.c's loop for a
** fixed grid, whose order decides where a contradiction stops one) are
** only made for the groups with something in common, or when a closure
** holds a potential both on and off.
*/

/*
** The closures come from one depth-first walk over the graph (Tarjan's
** strongly connected components), started where a group first needs the
** closure of a candidate not met yet.  The candidates of a component
** reach each other, so they share one closure: their own ON potentials,
** the OFF potentials those give, and the closures of the components
** their edges lead to -- all closed before it, as the walk closes a
** component only after those below it.  So each candidate and edge is
** seen once per search, not once per closure that holds it.
**
** A closure is two sets, ON candidates and OFF potentials, numbered as
** the grid's candidates (in cell order): a few words where a set of all
** 729 would take 12, which is what the tests of the groups cost.  Each
** candidate gets a slot when visited, with its own potentials; a
** component's closure grows in the slot of its first candidate (most
** components have one).
*/
typedef struct fixed {
  sk_bits strong[9];           /* cells where "digit d+1 OFF" gives an ON potential */
  sk_mask strongd[SK_CELLS];   /* the same by cell */
  int32_t e0[NCAND], e1[NCAND];/* the edges of candidate k: adj[e0[k] .. e1[k]) */
  uint32_t seen[NCAND], gen;   /* k visited, its edges built, when seen[k] == gen */
  int16_t num[NCAND], low[NCAND];  /* visit number, least number k's walk met */
  int16_t comp[NCAND];         /* k's closure slot; -1 - its own slot while open */
  int16_t exact[NCAND];        /* the sets of k's run in cs[] (contradiction), or -1 */
  int16_t open[NCAND];         /* visited candidates of the open components */
  int16_t path[NCAND];         /* the walk: candidates from the start, and */
  int32_t next[NCAND];         /* the next edge of each */
  int16_t idx[NCAND];          /* the number of candidate k in the sets */
  int16_t cand[NCAND];         /* the candidate of a number */
  uint64_t *hm; int32_t hmcap; /* the places of a digit in a house, as a set: see fixed_places */
  uint8_t bad[2 * NCAND];      /* by slot: a closure holds a potential ON and OFF */
  int32_t nvisit, nopen, nw;   /* nw: words of a set */
  int16_t *adj; int32_t nadj, adjcap;
  /* slot s: ON set at cs + 2 * nw * s, OFF set after it; room for 2 slots
  ** per candidate: never moves in a search */
  uint64_t *cs; int32_t ncs, cscap;
} fixed;

void ch_fixed_free(fixed *fx) {
  if (!fx) return;
  free(fx->adj);
  free(fx->cs);
  free(fx->hm);
  free(fx);
}

static inline uint64_t *fixed_slot(const fixed *fx, int s) { return fx->cs + (size_t)2 * fx->nw * s; }

static inline uint64_t *fixed_places(const fixed *fx, int h, int d) {
  return fx->hm + (size_t)(h * 9 + d) * fx->nw;
}

/* the graph of g; -1 on allocation failure */
static int fixed_prepare(chainer *ch, const cgrid *g, const links *lk) {
  if (!ch->fx) {
    ch->fx = calloc(1, sizeof *ch->fx);
    if (!ch->fx) return -1;
  }
  fixed *fx = ch->fx;
  memset(fx->strong, 0, sizeof fx->strong);
  memset(fx->strongd, 0, sizeof fx->strongd);
  int32_t ncand = 0;
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1, ncand++) {
      int d = sk_mask_first(m) - 1, k = c * 9 + d;
      if (lk->nny[k] + lk->nnx[k]) {
        sk_bits_set(&fx->strong[d], c);
        fx->strongd[c] |= (sk_mask)(1u << d);
      }
      fx->idx[k] = (int16_t)ncand;
      fx->cand[ncand] = (int16_t)k;
    }
  int nw = fx->nw = ncand > 256 ? (ncand + 63) / 64 : 4;   /* see fixed_close */
  if (ch_grow((void **)&fx->hm, &fx->hmcap, SK_HOUSES * 9 * nw, sizeof *fx->hm)) return -1;
  memset(fx->hm, 0, (size_t)SK_HOUSES * 9 * nw * sizeof *fx->hm);
  for (int i = 0; i < ncand; i++) {
    int c = fx->cand[i] / 9, d = fx->cand[i] % 9;
    for (int t = 0; t < 3; t++) set_add(fixed_places(fx, sk_cell_house[c][t], d), i);
  }
  /* a slot per candidate visited, a run's sets per candidate at most */
  if (ch_grow((void **)&fx->cs, &fx->cscap, 2 * ncand * 2 * fx->nw, sizeof *fx->cs)) return -1;
  fx->nadj = 0;
  fx->ncs = 0;
  fx->nvisit = 0;
  fx->nopen = 0;
  memset(fx->exact, 0xFF, sizeof fx->exact);
  if (++fx->gen == 0) {
    memset(fx->seen, 0, sizeof fx->seen);
    fx->gen = 1;
  }
  return 0;
}

/* the ON candidates "q OFF" leads to, but k (often q's partner: a loop
** that adds nothing) */
static inline void fixed_partners(fixed *fx, const links *lk, int q, int k) {
  const derived *w = lk->on[q];
  for (int i = 0, n = lk->nny[q] + lk->nnx[q]; i < n; i++) {
    int t = w[i].pot >> 1;
    fx->adj[fx->nadj] = (int16_t)t;
    fx->nadj += t != k;
  }
}

/* A candidate met first: numbered and open, with a slot holding itself
** and the OFF potentials it gives (the cell's other values, numbered in a
** row from its first candidate's, maybe across two words; the places of
** the digit in its three houses but itself), and its edges, through those
** of them that lead on. */
static inline int fixed_enter_w(fixed *fx, const cgrid *g, const links *lk, int k, int nw) {
  /* at most 8 + 20 OFF potentials of 4 links each */
  if (ch_grow((void **)&fx->adj, &fx->adjcap, fx->nadj + 28 * 4, sizeof *fx->adj)) return -1;
  int s = fx->ncs++, c = k / 9, d = k % 9;
  uint64_t *on = fixed_slot(fx, s), *off = on + nw;
  memset(on, 0, 2 * (size_t)nw * sizeof *on);
  set_add(on, fx->idx[k]);
  unsigned cand = g->cand[c];
  int b = fx->idx[c * 9 + __builtin_ctz(cand)], n = mask_count(cand);
  uint64_t m = (((uint64_t)1 << n) - 1) & ~((uint64_t)1 << (fx->idx[k] - b));
  off[b >> 6] |= m << (b & 63);
  if ((b & 63) + n > 64) off[(b >> 6) + 1] |= m >> (64 - (b & 63));
  const uint64_t *h0 = fixed_places(fx, sk_cell_house[c][0], d);
  const uint64_t *h1 = fixed_places(fx, sk_cell_house[c][1], d);
  const uint64_t *h2 = fixed_places(fx, sk_cell_house[c][2], d);
  for (int w = 0; w < nw; w++) off[w] |= h0[w] | h1[w] | h2[w];
  off[fx->idx[k] >> 6] &= ~((uint64_t)1 << (fx->idx[k] & 63));
  sk_bits sp = sk_bits_and(sk_bits_and(sk_peer_bits[c], g->dpos[d]), fx->strong[d]);
  fx->e0[k] = fx->nadj;
  for (unsigned y = cand & fx->strongd[c] & ~(1u << d); y; y &= y - 1)
    fixed_partners(fx, lk, c * 9 + __builtin_ctz(y), k);
  for (int x; (x = sk_bits_pop(&sp)) >= 0; ) fixed_partners(fx, lk, x * 9 + d, k);
  fx->e1[k] = fx->nadj;
  fx->seen[k] = fx->gen;
  fx->num[k] = fx->low[k] = (int16_t)fx->nvisit++;
  fx->comp[k] = (int16_t)(-1 - s);
  fx->open[fx->nopen++] = (int16_t)k;
  return 0;
}

static int fixed_enter(fixed *fx, const cgrid *g, const links *lk, int k) {
  return fx->nw == 4 ? fixed_enter_w(fx, g, lk, k, 4) : fixed_enter_w(fx, g, lk, k, fx->nw);
}

/* Close the component whose first visited candidate is u: its candidates
** leave the open stack; its closure, in u's slot, is theirs and their
** edges' (every edge leads into it or into a component closed already). */
static inline void fixed_close_w(fixed *fx, int u, int nw) {
  int s = -1 - fx->comp[u], top = fx->nopen, v;
  uint64_t *z = fixed_slot(fx, s);
  do {
    v = fx->open[--fx->nopen];
    if (v != u) {
      const uint64_t *y = fixed_slot(fx, -1 - fx->comp[v]);
      for (int w = 0; w < 2 * nw; w++) z[w] |= y[w];
    }
    fx->comp[v] = (int16_t)s;
  } while (v != u);
  for (int i = fx->nopen; i < top; i++) {
    v = fx->open[i];
    for (int32_t e = fx->e0[v]; e < fx->e1[v]; e++) {
      int t = fx->comp[fx->adj[e]];
      if (t == s) continue;
      const uint64_t *y = fixed_slot(fx, t);
      for (int w = 0; w < 2 * nw; w++) z[w] |= y[w];
    }
  }
  /* two ON values in a cell, or ON peers of one digit */
  uint64_t both = 0;
  for (int w = 0; w < nw; w++) both |= z[w] & z[nw + w];
  fx->bad[s] = both != 0;
}

/* four words (up to 256 candidates, the usual) as a constant: unrolled
** (so fixed_enter, group_fixed) */
static void fixed_close(fixed *fx, int u) {
  if (fx->nw == 4) fixed_close_w(fx, u, 4);
  else fixed_close_w(fx, u, fx->nw);
}

/* the walk from candidate k (not visited yet): closes the components of
** all it reaches; -1 on allocation failure */
static int fixed_visit(fixed *fx, const cgrid *g, const links *lk, int k) {
  if (fixed_enter(fx, g, lk, k)) return -1;
  int depth = 0;
  fx->path[depth] = (int16_t)k;
  fx->next[depth++] = fx->e0[k];
  while (depth > 0) {
    int u = fx->path[depth - 1];
    if (fx->next[depth - 1] < fx->e1[u]) {
      int w = fx->adj[fx->next[depth - 1]++];
      if (fx->seen[w] != fx->gen) {
        if (fixed_enter(fx, g, lk, w)) return -1;
        fx->path[depth] = (int16_t)w;
        fx->next[depth++] = fx->e0[w];
      } else if (fx->comp[w] < 0 && fx->num[w] < fx->low[u]) {
        fx->low[u] = fx->num[w];            /* open: in u's component */
      }
      continue;
    }
    if (fx->low[u] == fx->num[u]) fixed_close(fx, u);
    if (--depth > 0 && fx->low[u] < fx->low[fx->path[depth - 1]])
      fx->low[fx->path[depth - 1]] = fx->low[u];
  }
  return 0;
}

/* the closure of candidate k, or the sets of its ON run when the closure
** holds a contradiction (the run stops there); NULL on failure */
static const uint64_t *fixed_sets(chainer *ch, const cgrid *g, int k) {
  fixed *fx = ch->fx;
  if (fx->seen[k] != fx->gen && fixed_visit(fx, g, ch->lk, k)) { ch->oom = 1; return NULL; }
  int s = fx->comp[k];
  if (!fx->bad[s]) return fixed_slot(fx, s);
  if (fx->exact[k] < 0) {
    int r = on_run(ch, g, k / 9, k % 9 + 1);    /* where does it stop? */
    if (r < 0) return NULL;
    const crun *R = &ch->rn[r];
    uint64_t *z = fixed_slot(fx, fx->ncs);
    memset(z, 0, 2 * (size_t)fx->nw * sizeof *z);
    for (int w = 0; w < CWORDS; w++) {
      for (uint64_t v = R->on[w]; v; v &= v - 1) set_add(z, fx->idx[w * 64 + __builtin_ctzll(v)]);
      for (uint64_t v = R->off[w]; v; v &= v - 1) set_add(z + fx->nw, fx->idx[w * 64 + __builtin_ctzll(v)]);
    }
    fx->exact[k] = (int16_t)fx->ncs++;
  }
  return fixed_slot(fx, fx->exact[k]);
}

/* Whether the closures of a group's branches have something in common
** (1, acc: ON and OFF sets), or not (0); -1 on failure.  The group's own
** candidates are left out: common to all branches but one, they would
** keep the test going, and never common, as branch i holds its assumption
** ON and every other branch's assumption OFF (the first thing its run
** derives, before any contradiction can stop it). */
static inline int group_meet(chainer *ch, const cgrid *g, const int *cand, int n,
                             uint64_t *acc, int nw) {
  fixed *fx = ch->fx;
  const uint64_t *first = fixed_sets(ch, g, cand[0]);
  if (!first) return -1;
  for (int i = 1; i < n; i++) {
    const uint64_t *s = fixed_sets(ch, g, cand[i]);
    if (!s) return -1;
    uint64_t any = 0;
    if (i == 1) {
      /* the group's own candidates out, bit by bit: fewer than a mask */
      for (int w = 0; w < 2 * nw; w++) acc[w] = first[w] & s[w];
      for (int j = 0; j < n; j++) {
        int x = fx->idx[cand[j]];
        uint64_t keep = ~((uint64_t)1 << (x & 63));
        acc[x >> 6] &= keep;
        acc[nw + (x >> 6)] &= keep;
      }
      for (int w = 0; w < 2 * nw; w++) any |= acc[w];
    } else {
      for (int w = 0; w < 2 * nw; w++) any |= acc[w] &= s[w];
    }
    if (!any) return 0;
  }
  return 1;
}

/* group_runs on a fixed grid: the closures first (they mostly show that
** nothing is common), and the runs only when something is; four words a
** set as a constant, as in fixed_close */
static int group_fixed(chainer *ch, const cgrid *g, const int *cand, int n, int *r,
                       uint64_t common[2][CWORDS]) {
  fixed *fx = ch->fx;
  int nw = fx->nw;
  uint64_t acc[2 * CWORDS];
  int ok = nw == 4 ? group_meet(ch, g, cand, n, acc, 4) : group_meet(ch, g, cand, n, acc, nw);
  if (ok <= 0) return ok;
  memset(common, 0, 2 * CWORDS * sizeof common[0][0]);
  for (int w = 0; w < nw; w++) {
    for (uint64_t v = acc[w]; v; v &= v - 1) set_add(common[1], fx->cand[w * 64 + __builtin_ctzll(v)]);
    for (uint64_t v = acc[nw + w]; v; v &= v - 1) set_add(common[0], fx->cand[w * 64 + __builtin_ctzll(v)]);
  }
  for (int i = 0; i < n; i++)
    if ((r[i] = on_run(ch, g, cand[i] / 9, cand[i] % 9 + 1)) < 0) return -1;
  return 1;
}

/* The ON runs of a group's branches (candidates cand[0..n)) and what they
** have in common (1: r[] and common[] filled), or 0 when nothing is, -1 on
** failure. */
static int group_runs(chainer *ch, const cgrid *g, const int *cand, int n, int *r,
                      uint64_t common[2][CWORDS]) {
  if (fixed_grid(ch)) return group_fixed(ch, g, cand, n, r, common);
  if (dcl_active(ch) && !ch_dcl_group(ch, g, cand, n)) return 0;
  for (int i = 0; i < n; i++) {
    r[i] = on_run(ch, g, cand[i] / 9, cand[i] % 9 + 1);
    if (r[i] < 0) return -1;
    const crun *R = &ch->rn[r[i]];
    if (i == 0) {
      memcpy(common[0], R->off, sizeof common[0]);
      memcpy(common[1], R->on, sizeof common[1]);
      continue;
    }
    uint64_t any = 0;
    for (int w = 0; w < CWORDS; w++) any |= common[0][w] &= R->off[w];
    for (int w = 0; w < CWORDS; w++) any |= common[1][w] &= R->on[w];
    if (!any) return 0;
  }
  return 1;
}

/* the candidates whose ON run can reach a link the outer chain's removals
** made (taint_capable): by digit, and by cell */
typedef struct capset { sk_bits cells[9]; sk_mask digits[SK_CELLS]; } capset;

/* Inner static mode: can the hints of a group have rule parents?  Only if
** the outer chain removed candidates where they assume, or some branch can
** use a link the removals made. */
static int region_may(const msink *k, const cgrid *g, int h, int d) {
  if (!k->cap) return 1;
  if (k->src->pm[h][d - 1] & ~g->pm[h][d - 1]) return 1;
  return !sk_bits_empty(sk_bits_and(k->cap->cells[d - 1], sk_house_bits[h]));
}

static int cell_may(const msink *k, const cgrid *g, int c) {
  return !k->cap || (k->src->cand[c] & (sk_mask)~g->cand[c]) || k->cap->digits[c];
}

/* The region groups that can give hints, led by their first place:
** heads[c][t] has the digits (bit d-1) with 2+ places in c's block (t =
** 0), row, column whose first place is c. */
static void region_heads(const cgrid *g, const msink *k, uint16_t (*heads)[3]) {
  static const uint8_t type[3] = {2, 0, 1};            /* block, row, column */
  memset(heads, 0, SK_CELLS * sizeof *heads);
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 9; i++) {
      int h = type[t] * 9 + i;
      for (int d = 1; d <= 9; d++) {
        unsigned pm = g->pm[h][d - 1];
        if ((pm & (pm - 1)) && region_may(k, g, h, d))
          heads[sk_house_cell[h][__builtin_ctz(pm)]][t] |= (uint16_t)(1u << (d - 1));
      }
    }
}

static void multi_regions(chainer *ch, const cgrid *g, msink *k, int c, int d,
                          const uint16_t *heads) {
  static const uint8_t order[3] = {2, 0, 1};           /* block, row, column */
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  for (int t = 0; t < 3; t++) {
    if (!(heads[t] >> (d - 1) & 1)) continue;
    int h = sk_cell_house[c][order[t]];
    int r[9], cand[9], n = 0;
    for (unsigned pm = g->pm[h][d - 1]; pm; pm &= pm - 1)
      cand[n++] = sk_house_cell[h][__builtin_ctz(pm)] * 9 + d - 1;
    uint64_t common[2][CWORDS];
    int ok = group_runs(ch, g, cand, n, r, common);
    if (ok < 0) return;
    if (!ok) continue;
    mcand m;
    memset(&m, 0, sizeof m);
    m.kind = K_REGION;
    m.root_cause = cause[t];
    m.house = h;
    m.digit = d;
    multi_common(ch, g, k, r, n, common, &m);
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
static void taint_capable(const cgrid *g, const cgrid *src, const links *lk, capset *cs) {
  uint64_t on[CWORDS], off[CWORDS];
  memset(on, 0, sizeof on);
  memset(off, 0, sizeof off);
  memset(cs, 0, sizeof *cs);
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
        if (set_has(on, q)) continue;
        set_add(on, q);
        stack[n++] = (int16_t)(q * 2 + 1);
        sk_bits_set(&cs->cells[q % 9], c);
        cs->digits[c] |= SK_BIT(sk_mask_first(m));
      }
      sk_bits pr = sk_bits_and(sk_peer_bits[c], g->dpos[d - 1]);
      for (int y; (y = sk_bits_pop(&pr)) >= 0; ) {
        int q = y * 9 + d - 1;
        if (set_has(on, q)) continue;
        set_add(on, q);
        stack[n++] = (int16_t)(q * 2 + 1);
        sk_bits_set(&cs->cells[d - 1], y);
        cs->digits[y] |= SK_BIT(d);
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
void ch_multi_search(chainer *ch, const cgrid *g, msink *k) {
  ch_chainer_reset(ch);
  k->base = multi_base(ch);
  links *lk = NULL;
  if (!ch->dynamic) {
    lk = ch_links_new(g, 1);
    if (!lk) { ch->oom = 1; return; }
    if (fixed_prepare(ch, g, lk)) { ch->oom = 1; free(lk); return; }
  }
  ch->lk = lk;
  if (dcl_active(ch) && ch_dcl_prepare(ch, g)) { ch->oom = 1; return; }
  capset cs;
  if (k->inner && lk) taint_capable(g, k->src, lk, &cs);
  k->cap = k->inner && lk ? &cs : NULL;
  if (k->inner) {
    if (!ch->ebest && !(ch->ebest = malloc(EB_SLOTS * sizeof *ch->ebest))) ch->oom = 1;
    else memset(ch->ebest, 0xFF, EB_SLOTS * sizeof *ch->ebest);
  }
  ch->nwn = 0;
  if (!ch->oom) multi_cells(ch, g, k);
  if (k->inner)
    for (int32_t i = 0; i < ch->nih; i++)
      if (ch->ih[i].walk >= 0) keep_finish(ch, g, k, &ch->ih[i]);
  k->cap = NULL;
  ch->lk = NULL;
  free(lk);
}

#ifdef SK_CHAINS_XCHECK
/* make check builds chains.so with SK_CHAINS_XCHECK: where the closures
** say a candidate gives no contradiction or double chain, its runs are
** made anyway and must agree */
static void xcheck_no_hint(chainer *ch, const cgrid *g, int c, int d, int dbl) {
  int ron = on_run(ch, g, c, d);
  int roff = ron >= 0 ? ch_run_chain(ch, g, pot_make(c, d, 0)) : -1;
  if (ron < 0 || roff < 0) return;
  const crun *A = &ch->rn[ron], *B = &ch->rn[roff];
  int bad = A->abs_on >= 0 || B->abs_on >= 0;
  for (int w = 0; dbl && w < CWORDS; w++) bad |= (A->on[w] & B->on[w]) || (A->off[w] & B->off[w]);
  if (bad) {
    fprintf(stderr, "chains.so: closures missed a %s hint of r%dc%d=%d\n",
            ch->nishio ? "Nishio" : "dynamic", c / 9 + 1, c % 9 + 1, d);
    abort();
  }
  ch_run_drop_last(ch);
}
#endif

static void multi_cells(chainer *ch, const cgrid *g, msink *k) {
  uint16_t heads[SK_CELLS][3];
  region_heads(g, k, heads);
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    int card = mask_count(g->cand[c]);
    if (!(card > 2 || (card > 1 && ch->dynamic))) continue;
    if (multi_stop(ch)) return;
    int dbl = card >= 3 && !ch->nishio && ch->dynamic;
    for (sk_mask mm = g->cand[c]; mm; mm &= mm - 1) {
      int d = sk_mask_first(mm);
      /* the runs the closures cannot do without: 2 the OFF one, 3 both */
      int need = !ch->dynamic && !ch->nishio ? 0 :
                 dcl_active(ch) ? ch_dcl_binary(ch, g, c * 9 + d - 1, dbl) : 3;
#ifdef SK_CHAINS_XCHECK
      if (!need && dcl_active(ch)) xcheck_no_hint(ch, g, c, d, dbl);
#endif
      if (need) {
        int ron = need & 1 ? on_run(ch, g, c, d) : -1;
        if (need & 1 && ron < 0) return;
        /* the OFF run only serves contradiction and double chains, which
        ** static multiple mode does not look for (SE runs it for nothing) */
        int roff = ch_run_chain(ch, g, pot_make(c, d, 0));
        if (roff < 0) return;
        multi_binary(ch, g, k, ron, roff, c, d, dbl);
        ch_run_drop_last(ch);
      }
      if (!ch->nishio) multi_regions(ch, g, k, c, d, heads[c]);   /* ON runs as needed */
      if (ch->oom) return;
    }
    if (ch->nishio || !(card == 2 || (ch->multiple && card > 2)) || !cell_may(k, g, c)) continue;
    int cand[9], nc = 0, r[9];
    for (sk_mask mm = g->cand[c]; mm; mm &= mm - 1) cand[nc++] = c * 9 + sk_mask_first(mm) - 1;
    uint64_t common[2][CWORDS];
    int ok = group_runs(ch, g, cand, nc, r, common);
    if (ok < 0) return;
    if (!ok) continue;
    mcand m;
    memset(&m, 0, sizeof m);
    m.kind = K_CELL;
    m.root_cause = CA_NAKED;
    m.src = c;
    multi_common(ch, g, k, r, nc, common, &m);
  }
}
