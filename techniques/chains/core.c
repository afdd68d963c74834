/*
** core.c -- the ground every chain technique stands on: the tables of bit
** counts and cell places, the working grid made from the engine's, the
** arenas' growth and reset, the walks over a chain's ancestors (SE's
** getChain / getAncestorCount), and the making of inner-search hints
** (eliminations, rule parents, SE's length bonus).
**
** Each run (propagate.c) keeps its implication graph in the chainer's
** arenas: every node is one potential (at most one node per potential per
** run), its parents are earlier nodes.  The complexity SE rates is the
** number of distinct potentials among a target and its ancestors, which a
** walk counts.
*/
#include "chains.h"

/* ---- tables ---- */

/* the bits of each 9-bit mask, built by the preprocessor (n, then n + 1
** for each added low bit) */
#define SK_B2(n) n, n + 1, n + 1, n + 2
#define SK_B4(n) SK_B2(n), SK_B2(n + 1), SK_B2(n + 1), SK_B2(n + 2)
#define SK_B6(n) SK_B4(n), SK_B4(n + 1), SK_B4(n + 1), SK_B4(n + 2)
#define SK_B8(n) SK_B6(n), SK_B6(n + 1), SK_B6(n + 1), SK_B6(n + 2)
const uint8_t ch_bits9[512] = {SK_B8(0), SK_B8(1)};
#undef SK_B2
#undef SK_B4
#undef SK_B6
#undef SK_B8

/* where cell c stands in its row, column and block (bit index in pm) */
const uint8_t ch_cell_pos[SK_CELLS][3] = {
  {0,0,0}, {1,0,1}, {2,0,2}, {3,0,0}, {4,0,1}, {5,0,2}, {6,0,0}, {7,0,1}, {8,0,2},
  {0,1,3}, {1,1,4}, {2,1,5}, {3,1,3}, {4,1,4}, {5,1,5}, {6,1,3}, {7,1,4}, {8,1,5},
  {0,2,6}, {1,2,7}, {2,2,8}, {3,2,6}, {4,2,7}, {5,2,8}, {6,2,6}, {7,2,7}, {8,2,8},
  {0,3,0}, {1,3,1}, {2,3,2}, {3,3,0}, {4,3,1}, {5,3,2}, {6,3,0}, {7,3,1}, {8,3,2},
  {0,4,3}, {1,4,4}, {2,4,5}, {3,4,3}, {4,4,4}, {5,4,5}, {6,4,3}, {7,4,4}, {8,4,5},
  {0,5,6}, {1,5,7}, {2,5,8}, {3,5,6}, {4,5,7}, {5,5,8}, {6,5,6}, {7,5,7}, {8,5,8},
  {0,6,0}, {1,6,1}, {2,6,2}, {3,6,0}, {4,6,1}, {5,6,2}, {6,6,0}, {7,6,1}, {8,6,2},
  {0,7,3}, {1,7,4}, {2,7,5}, {3,7,3}, {4,7,4}, {5,7,5}, {6,7,3}, {7,7,4}, {8,7,5},
  {0,8,6}, {1,8,7}, {2,8,8}, {3,8,6}, {4,8,7}, {5,8,8}, {6,8,6}, {7,8,7}, {8,8,8},
};

/* ---- the working grid ---- */

/* the engine's grid as the chains read it: with each digit's places per
** house, open cells per house and the count of each placed value */
void ch_cg_from(cgrid *g, const sk_grid *s) {
  memcpy(g->cand, s->cand, sizeof g->cand);
  memcpy(g->dpos, s->dcells, sizeof g->dpos);
  memcpy(g->value, s->value, sizeof g->value);
  for (int h = 0; h < SK_HOUSES; h++) {
    int n = 0;
    for (int i = 0; i < 9; i++) n += g->value[sk_house_cell[h][i]] == 0;
    g->nempty[h] = (uint8_t)n;
  }
  memset(g->placed, 0, sizeof g->placed);
  for (int c = 0; c < SK_CELLS; c++) g->placed[g->value[c]]++;
  memset(g->pm, 0, sizeof g->pm);
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m);
      for (int t = 0; t < 3; t++)
        g->pm[sk_cell_house[c][t]][d - 1] |= (uint16_t)(1u << ch_cell_pos[c][t]);
    }
}

/* ---- the arenas ---- */

/* room for need elements of size bytes in *p (*cap of them now), by
** doubling; -1 out of memory (*p is then as it was) */
int ch_grow(void **p, int32_t *cap, int32_t need, size_t size) {
  if (need <= *cap) return 0;
  int32_t n = *cap ? *cap : 256;
  while (n < need) n *= 2;
  void *q = realloc(*p, (size_t)n * size);
  if (!q) return -1;
  *p = q;
  *cap = n;
  return 0;
}

/* forget every run (start of a search) */
void ch_chainer_reset(chainer *ch) {
  if (!ch->ac_shared) acache_clear(ch->ac);
  ch->nn = ch->np = ch->nr = 0;
  ch->nnest = 0;
  ch->nih = ch->nipot = 0;
  for (int k = 0; k < NCAND; k++) ch->onrun[k] = -1;
}

/* ---- walking a chain's ancestors (SE's getChain / getAncestorCount) ----
** Layered breadth-first order over parents, each potential once: a FIFO
** that checks "seen" when a node is taken reproduces it exactly.  A walk
** lists the nodes in that order; the chain's hash, nested records and rule
** parents are read from the list (multiple.c). */

/* Walk from node t: its visit order in q[] (room for NPOT), and the
** count; or, past a bound >= 0, a number > bound that the count is at
** least (every node queued is visited).  A potential is marked when first
** queued: the queue then holds the first occurrences that a check when
** taken would keep, in the same order, and no more. */
int ch_walk(chainer *ch, int32_t t, int bound, int32_t *restrict q) {
  const cnode *nd = ch->nd;
  const int32_t *pa = ch->pa;
  int32_t stop = bound >= 0 ? bound : INT32_MAX;
  /* seen: wseen[pot] == this walk's number (no set to clear) */
  uint16_t *seen = ch->wseen, gen = ++ch->wgen;
  if (gen == 0) {
    memset(ch->wseen, 0, sizeof ch->wseen);
    gen = ch->wgen = 1;
  }
  int32_t head = 0, tail = 0;
  q[tail++] = t;
  seen[nd[t].pot] = gen;
  while (head < tail && tail <= stop) {
    const cnode *n = &nd[q[head++]];
    for (const int32_t *p = pa + n->par, *e = p + n->npar; p < e; p++) {
      int py = nd[*p].pot;
      if (seen[py] == gen) continue;
      seen[py] = gen;
      q[tail++] = *p;
    }
  }
  return tail;
}

/* The sum of the complexities of the distinct nested chains (SE's
** FullChain set, by chain hash) that the n walked nodes q[] carry; -1 out
** of memory.  A hint's walk can meet well over a hundred such nodes: a
** hash set, on the stack while it fits. */
int32_t ch_nested_sum(const chainer *ch, const int32_t *q, int32_t n) {
  int32_t m = 0;
  for (int32_t i = 0; i < n; i++) m += ch->nd[q[i]].nest >= 0;
  if (!m) return 0;
  int32_t local[256], *set = local;            /* nest ids, -1 free */
  uint32_t cap = 16;
  while (cap < 2u * (uint32_t)m) cap *= 2;
  if (cap > 256 && !(set = malloc(cap * sizeof *set))) return -1;
  memset(set, 0xFF, cap * sizeof *set);
  int32_t sum = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t id = ch->nd[q[i]].nest;
    if (id < 0) continue;
    uint64_t h = ch->nest[id].chash;
    uint32_t at = (uint32_t)(h ^ h >> 29) & (cap - 1);
    while (set[at] >= 0 && ch->nest[set[at]].chash != h) at = (at + 1) & (cap - 1);
    if (set[at] >= 0) continue;
    set[at] = id;
    sum += ch->nest[id].complexity;
  }
  if (set != local) free(set);
  return sum;
}

int32_t ch_nest_new(chainer *ch, int complexity, uint64_t chash) {
  if (GROW(ch, nest, nestcap, ch->nnest + 1)) return -1;
  ch->nest[ch->nnest].complexity = complexity;
  ch->nest[ch->nnest].chash = chash;
  return ch->nnest++;
}

/* ---- hints of an inner (nested) search ----
** An inner hint lists its eliminations and rule parents as potentials in
** the chainer's ipot[], with hashes of its eliminations and chains. */

int ch_ih_push_pot(chainer *ch, int pot) {
  if (GROW(ch, ipot, ipotcap, ch->nipot + 1)) return -1;
  ch->ipot[ch->nipot++] = (int16_t)pot;
  return 0;
}

uint64_t ch_elim_hash(const int16_t *p, int n) {
  uint64_t h = 0x1234567;
  for (int i = 0; i < n; i++) h = mix64(h, (uint64_t)p[i]);
  return h;
}

ihint *ch_ih_new(chainer *ch) {
  if (GROW(ch, ih, ihcap, ch->nih + 1)) return NULL;
  ihint *h = &ch->ih[ch->nih++];
  memset(h, 0, sizeof *h);
  return h;
}

/* Rule parents (SE's getRuleParents): the candidates the outer chain
** removed that an ON potential of the hint's chains was derived from --
** in its cell (a naked single) or in the house of a hidden single. */
static void rp_add(rpctx *rp, int c, int d) {
  int k = c * 9 + d - 1;
  if (set_has(rp->seen, k)) return;
  set_add(rp->seen, k);
  if (rp->n < rp->cap) rp->out[rp->n++] = (int16_t)pot_make(c, d, 0);
}

void ch_rp_collect(rpctx *rp, int pot, int cause) {
  if (!pot_on(pot)) return;
  if (cause == CA_NONE) cause = rp->root_cause;
  if (cause == CA_NONE || cause == CA_ADV) return;
  int c = pot_cell(pot), d = pot_digit(pot);
  if (cause == CA_NAKED) {
    for (sk_mask m = rp->src->cand[c] & (sk_mask)~rp->cur->cand[c]; m; m &= m - 1)
      rp_add(rp, c, sk_mask_first(m));
  } else {
    /* the places of d the outer chain removed from the house, in house
    ** order: the per-house masks spare testing the nine cells */
    int h = cause_house(cause, c);
    unsigned gone = (unsigned)rp->src->pm[h][d - 1] & ~(unsigned)rp->cur->pm[h][d - 1];
    for (; gone; gone &= gone - 1) rp_add(rp, sk_house_cell[h][__builtin_ctz(gone)], d);
  }
}

/* rule parents of an ihint under construction go straight into ipot[] */
void ch_rp_begin(rpctx *rp, chainer *ch, const cgrid *src, const cgrid *cur, int root_cause) {
  memset(rp, 0, sizeof *rp);
  rp->src = src;
  rp->cur = cur;
  rp->root_cause = root_cause;
  if (GROW(ch, ipot, ipotcap, ch->nipot + NCAND)) { rp->cap = 0; return; }
  rp->out = ch->ipot + ch->nipot;
  rp->cap = NCAND;
}

/* SE's getLengthDifficulty in its own double arithmetic: the bonus added
** to a chain's base for its complexity (n = complexity - 2 above 4, 6, 8,
** 12, ...).  Only used to order the hints of inner searches exactly as SE
** sorts them and to break float ties; ratings come from the table. */
double ch_length_bonus(int complexity) {
  double added = 0.0;
  int ceil = 4, length = complexity - 2, odd = 0;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}
