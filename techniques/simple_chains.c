/*
** simple_chains.c -- HoDoKu's simple chains: X-Chain, XY-Chain, Remote Pair.
**
** Techniques (ids of the rating table; HoDoKu's reglib codes):
**   x-chain      0701  an alternating chain of one digit d: a strong link
**                      (d twice in a house), a weak one (d in one house),
**                      a strong one ... ending with a strong link; one end
**                      holds d, so d leaves every cell that sees both ends
**   xy-chain     0702  a chain of bivalue cells, each linked to the next by
**                      a digit they share; the first cell's value a starts
**                      it, the last cell's other value is a again: one end
**                      is a, so a leaves every cell that sees both ends
**   remote-pair  0703  an XY-Chain of four or more cells all holding the
**                      same pair {a,b}: cells an odd number of steps apart
**                      hold different values, so a and b leave every cell
**                      that sees two such cells
**
** Search: HoDoKu 2.2.0's (solver/ChainSolver.java), so that the chains
** found, the one kept for each set of eliminations, the one the solver
** takes and their texts are HoDoKu's:
**   - links, per cell and candidate, in ChainSolver's order: for XY-Chains
**     and Remote Pairs first the link inside a bivalue cell (strong), then
**     the cell's row, column, and box without the cells of that row and
**     column, cells in house order.  A house link is strong when the house
**     holds the digit twice (X-Chains only; XY-Chains and Remote Pairs
**     link only to bivalue cells, Remote Pairs only to cells with the same
**     pair, and those links are weak).  As in HoDoKu, a box's conjugate
**     pair lying in one row or column is that line's link, weak when the
**     line holds the digit more often.
**   - a depth-first search from every start: cells 0..80, their candidates
**     ascending, their strong links in link order (XY-Chain and Remote
**     Pair: the link inside the start cell).  Odd links are strong, even
**     links are weak (a strong link taken there counts as weak); a chain
**     never returns to one of its cells, except to its start, where it
**     stops (an X-Chain may end there: d then leaves the start's peers).
**     The chain is at most max-length links long (HoDoKu's
**     restrictChainLength, 20 by default; odd chains, so 19).
**   - a chain is recorded after a strong link into the start digit with
**     something to eliminate (Remote Pairs: from four cells on, both
**     digits, in every cell that sees two cells an odd number apart);
**     for each set of eliminations HoDoKu keeps a later chain only when
**     it is shorter than the one it has (its deletesMap), so do we.
**   - HoDoKu collects every chain and sorts the lot with
**     SolutionStep.compareTo: more eliminations first; different
**     eliminations by their weighted index sum (the k-th elimination,
**     in digit then cell order, counts cell * (1 + 80k) + digit); the
**     same eliminations by chain length, then the values' sum.  Where two
**     different sets have the same count and sum, compareTo calls them
**     equal, which is not a consistent order when one of them also has a
**     longer twin; java.util.Collections.sort (TimSort) then decides.  So
**     the search sorts with TimSort, as Java does, and emits in HoDoKu's
**     order of discovery with h->order = the rank in that sort.
**   - a rating step only needs the first (SK_TECH_COLLECT with
**     host->difficulty >= 0): "the rating step's search" below says how
**     the search stops early there; listings get every chain.
**
** Options (host->param, HoDoKu's default):
**   max-length   20   chains of up to this many links (HoDoKu's
**                     restrictChainLength); 0: no limit (restrictChainSize
**                     off)
**
** Figures: fig[SK_FIG_LENGTH] = the chain's links, as HoDoKu's library
** line prints it in <extra> (getChainLength() - 1, the inside-cell links
** of XY-Chains and Remote Pairs counted).  Focus: the chain's
** candidates: digit d in the X-Chain's cells (HoDoKu's step value, so the
** table takes <candidate(s)> from the pattern), both candidates of every
** XY-Chain cell (HoDoKu's value is the eliminated digit: the table says
** digits: elim), the pair in the Remote Pair's cells (its two values).
** Texts are HoDoKu's step.toString(2) up to " => ", e.g.
**   X-Chain: 8 r4c8 =8= r4c6 -8- r6c4 =8= r1c4 -8- r1c1 =8= r9c1
**   XY-Chain: 6 6- r2c1 -4- r2c7 -2- r9c7 -6- r9c5 -7- r6c5 -2- r6c3 -6
**   Remote Pair: 5/7 r4c4 -7- r4c3 -5- r6c2 -7- r9c2
** (an X-Chain may have three links, the shape of a Turbot Fish: HoDoKu's
** X-Chain search finds those too; the turbot-fish technique is
** single_digit.c's).
*/
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

enum { X_CHAIN = 0, XY_CHAIN = 1, REMOTE_PAIR = 2 };

#define MAX_LINKS 162          /* HoDoKu's MAX_CHAIN_LENGTH: 2 * 81 */
#define NODES (SK_CELLS * 9)   /* (cell, digit): cell * 9 + digit - 1 */
#define STRONG 0x400u          /* a link: node | STRONG */

static inline int node_cell(unsigned n) { return (int)(n & 0x3FFu) / 9; }
static inline int node_digit(unsigned n) { return (int)(n & 0x3FFu) % 9 + 1; }

typedef struct kind {
  int type;
  const char *name;
} kind;

/* {====== links */

typedef struct links {
  uint16_t first[NODES], end[NODES];       /* a node's links: [first, end) */
  uint16_t sfirst[NODES], send[NODES];     /* its strong links */
  uint16_t l[SK_CELLS * 9 * 21];           /* all links (20 peers + in-cell) */
  uint16_t s[SK_CELLS * 9 * 4];            /* the strong ones, same order */
} links;

/* Exactly two cells? */
static inline int twice(sk_bits b) {
  uint64_t lo = b.w[0], hi = b.w[1];
  if (lo) lo &= lo - 1;
  else if (hi) hi &= hi - 1;
  else return 0;
  return lo ? (lo & (lo - 1)) == 0 && hi == 0 : hi && (hi & (hi - 1)) == 0;
}

/* ChainSolver.getAllLinks for one type: every node's links in its order
** (the start and end of HoDoKu's link list of the node). */
static void build_links(links *L, const sk_grid *g, int type) {
  int n = 0, ns = 0;
  uint32_t two[9] = {0};       /* X-Chain: bit h when digit d is twice in house h */
  if (type == X_CHAIN)
    for (int d = 0; d < 9; d++)
      for (int h = 0; h < SK_HOUSES; h++)
        if (twice(sk_bits_and(g->dcells[d], sk_house_bits[h]))) two[d] |= 1u << h;
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->cand[c];
    if (!m) continue;
    int bivalue = sk_mask_count(m) == 2;
    if (type != X_CHAIN && !bivalue) continue;
    for (sk_mask x = m; x; x &= x - 1) {
      int d = __builtin_ctz(x) + 1, nd = c * 9 + d - 1;
      L->first[nd] = (uint16_t)n;
      L->sfirst[nd] = (uint16_t)ns;
      if (type != X_CHAIN) {
        int o = sk_mask_first((sk_mask)(m & ~SK_BIT(d)));
        L->l[n++] = L->s[ns++] = (uint16_t)((c * 9 + o - 1) | STRONG);
      }
      const sk_bits dc = g->dcells[d - 1];
      for (int k = 0; k < 3; k++) {
        int h = sk_cell_house[c][k];
        sk_bits in = sk_bits_and(dc, sk_house_bits[h]);
        unsigned strong = (two[d - 1] >> h & 1) ? STRONG : 0;
        sk_bits_clear(&in, c);
        if (k == 2)
          in = sk_bits_andnot(in, sk_bits_or(sk_house_bits[sk_cell_house[c][0]],
                                             sk_house_bits[sk_cell_house[c][1]]));
        for (int c2; (c2 = sk_bits_pop(&in)) >= 0; ) {
          if (type == XY_CHAIN && sk_mask_count(g->cand[c2]) != 2) continue;
          if (type == REMOTE_PAIR && g->cand[c2] != m) continue;
          uint16_t lk = (uint16_t)((c2 * 9 + d - 1) | strong);
          L->l[n++] = lk;
          if (strong) L->s[ns++] = lk;
        }
      }
      L->end[nd] = (uint16_t)n;
      L->send[nd] = (uint16_t)ns;
    }
  }
}

/* }====== */

/* {====== steps: the chains HoDoKu keeps, and its comparator */

typedef struct step {
  sk_bits el[2];               /* eliminations of digit ed[0], ed[1] */
  uint8_t ed[2];               /* ed[0] < ed[1]; ed[1] = 0: one digit */
  uint8_t v[2];                /* HoDoKu's values: start digit (and the
                               ** Remote Pair's other digit; else 0) */
  int count;                   /* eliminations */
  int32_t isum;                /* getIndexSumme of the eliminations */
  int len;                     /* links (HoDoKu's chain length - 1) */
  int at;                      /* the chain's len + 1 nodes, in pool */
} step;

typedef struct dmap_slot {     /* deletesMap: eliminations -> length */
  sk_bits el[2];
  uint8_t ed[2];
  int used, len;
} dmap_slot;

typedef struct ctx {
  const sk_search *s;
  const sk_grid *g;
  int type, maxlen;
  links *L;
  step *st;
  int nst, capst;
  uint16_t *pool;
  int npool, cappool;
  dmap_slot *map;
  int mapcap, mapn;
  int oom;
  long polls;
  int stopped;
  /* the rating step's search (prune): the best key so far, and whether a
  ** different set of eliminations has it too */
  int prune, seed, have_best, best_count, tie;
  int32_t best_isum;
  sk_bits best_el;
  uint8_t dnode[NODES];        /* XY-Chain: cell steps to a useful end */
  sk_bits bv[9];               /* XY-Chain: the bivalue cells of each digit */
  /* the chain being built */
  uint16_t chain[MAX_LINKS + 1];
  int start, a, a2;            /* start cell, start digit, RP's other digit */
  sk_bits startset, startset2; /* the start digit(s) in the start's peers */
} ctx;

static uint64_t elim_hash(const sk_bits *el, const uint8_t *ed) {
  uint64_t h = el[0].w[0] * 0x9E3779B97F4A7C15ULL ^ el[0].w[1] * 0xC2B2AE3D27D4EB4FULL;
  h ^= (el[1].w[0] + 0x165667B19E3779F9ULL) * 0x27D4EB2F165667C5ULL ^ el[1].w[1];
  h ^= (uint64_t)ed[0] << 7 ^ (uint64_t)ed[1] << 13;
  return h ^ (h >> 29);
}

static int dmap_grow(ctx *x) {
  int cap = x->mapcap ? 2 * x->mapcap : 256;
  dmap_slot *m = calloc((size_t)cap, sizeof *m);
  if (!m) return -1;
  for (int i = 0; i < x->mapcap; i++) {
    if (!x->map[i].used) continue;
    uint64_t h = elim_hash(x->map[i].el, x->map[i].ed);
    int j = (int)(h & (uint64_t)(cap - 1));
    while (m[j].used) j = (j + 1) & (cap - 1);
    m[j] = x->map[i];
  }
  free(x->map);
  x->map = m;
  x->mapcap = cap;
  return 0;
}

/* The deletesMap test: 1 when the chain of len links is to be kept (no
** chain of at most that length has these eliminations yet), and then the
** map holds len for them. */
static int dmap_keep(ctx *x, const sk_bits *el, const uint8_t *ed, int len) {
  if (2 * (x->mapn + 1) > x->mapcap && dmap_grow(x) != 0) { x->oom = 1; return 0; }
  uint64_t h = elim_hash(el, ed);
  int j = (int)(h & (uint64_t)(x->mapcap - 1));
  for (;; j = (j + 1) & (x->mapcap - 1)) {
    dmap_slot *m = &x->map[j];
    if (!m->used) {
      m->used = 1;
      m->el[0] = el[0];
      m->el[1] = el[1];
      m->ed[0] = ed[0];
      m->ed[1] = ed[1];
      m->len = len;
      x->mapn++;
      return 1;
    }
    if (m->ed[0] == ed[0] && m->ed[1] == ed[1] && sk_bits_equal(m->el[0], el[0]) &&
        sk_bits_equal(m->el[1], el[1])) {
      if (m->len <= len) return 0;
      m->len = len;
      return 1;
    }
  }
}

/* SolutionStep.getIndexSumme over the eliminations sorted by digit, then
** cell (Candidate.compareTo; getCandidateString sorts the list so). */
static int32_t index_sum(const sk_bits *el, const uint8_t *ed, int *count) {
  int32_t sum = 0, off = 1;
  int n = 0;
  for (int k = 0; k < 2 && ed[k]; k++)
    for (sk_bits b = el[k]; !sk_bits_empty(b); ) {
      int c = sk_bits_pop(&b);
      sum += c * off + ed[k];
      off += 80;
      n++;
    }
  *count = n;
  return sum;
}

/* Record the chain of len links with these eliminations (checkXChain,
** checkXYChain, checkRemotePairs after the eliminations are known). */
static void record(ctx *x, sk_bits e1, int d1, sk_bits e2, int d2, int len) {
  sk_bits el[2];
  uint8_t ed[2];
  if (sk_bits_empty(e2)) d2 = 0;
  if (d2 && d2 < d1) {
    el[0] = e2; ed[0] = (uint8_t)d2; el[1] = e1; ed[1] = (uint8_t)d1;
  } else {
    el[0] = e1; ed[0] = (uint8_t)d1; el[1] = e2; ed[1] = (uint8_t)d2;
  }
  if (!ed[1]) el[1] = (sk_bits){{0, 0}};
  if (!dmap_keep(x, el, ed, len)) return;
  if (x->nst == x->capst) {
    int cap = x->capst ? 2 * x->capst : 64;
    step *p = realloc(x->st, (size_t)cap * sizeof *p);
    if (!p) { x->oom = 1; return; }
    x->st = p;
    x->capst = cap;
  }
  if (x->npool + len + 1 > x->cappool) {
    int cap = x->cappool ? 2 * x->cappool : 1024;
    while (cap < x->npool + len + 1) cap *= 2;
    uint16_t *p = realloc(x->pool, (size_t)cap * sizeof *p);
    if (!p) { x->oom = 1; return; }
    x->pool = p;
    x->cappool = cap;
  }
  step *t = &x->st[x->nst++];
  t->el[0] = el[0];
  t->el[1] = el[1];
  t->ed[0] = ed[0];
  t->ed[1] = ed[1];
  t->v[0] = (uint8_t)x->a;
  t->v[1] = (uint8_t)(x->type == REMOTE_PAIR ? x->a2 : 0);
  t->isum = index_sum(el, ed, &t->count);
  t->len = len;
  t->at = x->npool;
  memcpy(x->pool + x->npool, x->chain, (size_t)(len + 1) * sizeof *x->pool);
  x->npool += len + 1;
}

static int same_elims(const step *p, const step *q) {
  return p->ed[0] == q->ed[0] && p->ed[1] == q->ed[1] && sk_bits_equal(p->el[0], q->el[0]) &&
         sk_bits_equal(p->el[1], q->el[1]);
}

/* SolutionStep.compareTo between two steps of one type. */
static int step_cmp(const step *p, const step *q) {
  if (p->count != q->count) return q->count - p->count;
  if (!same_elims(p, q)) return p->isum - q->isum;
  if (p->len != q->len) return p->len - q->len;
  /* values compared as sets (isEqualInteger), else by their sums */
  int pv = (p->v[0] ? 1 << p->v[0] : 0) | (p->v[1] ? 1 << p->v[1] : 0);
  int qv = (q->v[0] ? 1 << q->v[0] : 0) | (q->v[1] ? 1 << q->v[1] : 0);
  if (pv != qv) return (p->v[0] + p->v[1]) - (q->v[0] + q->v[1]);
  return 0;
}

/* }====== */

/* {====== java.util.Collections.sort: TimSort (ComparableTimSort), written
** out again so that steps compareTo calls equal, and comparisons that
** disagree with each other, end where Java puts them.  Sorts a[0..n) of
** step indexes. */

typedef struct jsort {
  int *a, *tmp;
  const step *st;
  int min_gallop;
  int nrun, base[64], len[64];
} jsort;

#define JS_MIN_MERGE 32
#define JS_MIN_GALLOP 7

static inline int jcmp(const jsort *j, int p, int q) { return step_cmp(&j->st[p], &j->st[q]); }

static void js_binary_sort(jsort *j, int lo, int hi, int start) {
  int *a = j->a;
  if (start == lo) start++;
  for (; start < hi; start++) {
    int pivot = a[start], left = lo, right = start;
    while (left < right) {
      int mid = (int)((unsigned)(left + right) >> 1);
      if (jcmp(j, pivot, a[mid]) < 0) right = mid;
      else left = mid + 1;
    }
    memmove(a + left + 1, a + left, (size_t)(start - left) * sizeof *a);
    a[left] = pivot;
  }
}

static int js_count_run(jsort *j, int lo, int hi) {
  int *a = j->a, run = lo + 1;
  if (run == hi) return 1;
  if (jcmp(j, a[run++], a[lo]) < 0) {
    while (run < hi && jcmp(j, a[run], a[run - 1]) < 0) run++;
    for (int l = lo, h = run - 1; l < h; l++, h--) { int t = a[l]; a[l] = a[h]; a[h] = t; }
  } else {
    while (run < hi && jcmp(j, a[run], a[run - 1]) >= 0) run++;
  }
  return run - lo;
}

static int js_min_run(int n) {
  int r = 0;
  while (n >= JS_MIN_MERGE) { r |= n & 1; n >>= 1; }
  return n + r;
}

/* leftmost position for key in a[base..base+len) (gallopLeft) */
static int js_gallop_left(const jsort *j, int key, const int *a, int base, int len, int hint) {
  int last = 0, ofs = 1;
  if (jcmp(j, key, a[base + hint]) > 0) {
    int max = len - hint;
    while (ofs < max && jcmp(j, key, a[base + hint + ofs]) > 0) {
      last = ofs;
      ofs = (ofs << 1) + 1;
      if (ofs <= 0) ofs = max;
    }
    if (ofs > max) ofs = max;
    last += hint;
    ofs += hint;
  } else {
    int max = hint + 1;
    while (ofs < max && jcmp(j, key, a[base + hint - ofs]) <= 0) {
      last = ofs;
      ofs = (ofs << 1) + 1;
      if (ofs <= 0) ofs = max;
    }
    if (ofs > max) ofs = max;
    int t = last;
    last = hint - ofs;
    ofs = hint - t;
  }
  last++;
  while (last < ofs) {
    int m = last + (int)((unsigned)(ofs - last) >> 1);
    if (jcmp(j, key, a[base + m]) > 0) last = m + 1;
    else ofs = m;
  }
  return ofs;
}

/* rightmost position for key (gallopRight) */
static int js_gallop_right(const jsort *j, int key, const int *a, int base, int len, int hint) {
  int ofs = 1, last = 0;
  if (jcmp(j, key, a[base + hint]) < 0) {
    int max = hint + 1;
    while (ofs < max && jcmp(j, key, a[base + hint - ofs]) < 0) {
      last = ofs;
      ofs = (ofs << 1) + 1;
      if (ofs <= 0) ofs = max;
    }
    if (ofs > max) ofs = max;
    int t = last;
    last = hint - ofs;
    ofs = hint - t;
  } else {
    int max = len - hint;
    while (ofs < max && jcmp(j, key, a[base + hint + ofs]) >= 0) {
      last = ofs;
      ofs = (ofs << 1) + 1;
      if (ofs <= 0) ofs = max;
    }
    if (ofs > max) ofs = max;
    last += hint;
    ofs += hint;
  }
  last++;
  while (last < ofs) {
    int m = last + (int)((unsigned)(ofs - last) >> 1);
    if (jcmp(j, key, a[base + m]) < 0) ofs = m;
    else last = m + 1;
  }
  return ofs;
}

static void js_merge_lo(jsort *j, int base1, int len1, int base2, int len2) {
  int *a = j->a, *tmp = j->tmp;
  int c1 = 0, c2 = base2, dest = base1;
  memcpy(tmp, a + base1, (size_t)len1 * sizeof *a);
  a[dest++] = a[c2++];
  if (--len2 == 0) { memcpy(a + dest, tmp + c1, (size_t)len1 * sizeof *a); return; }
  if (len1 == 1) {
    memmove(a + dest, a + c2, (size_t)len2 * sizeof *a);
    a[dest + len2] = tmp[c1];
    return;
  }
  int mg = j->min_gallop;
  for (;;) {
    int n1 = 0, n2 = 0;
    do {
      if (jcmp(j, a[c2], tmp[c1]) < 0) {
        a[dest++] = a[c2++];
        n2++;
        n1 = 0;
        if (--len2 == 0) goto done;
      } else {
        a[dest++] = tmp[c1++];
        n1++;
        n2 = 0;
        if (--len1 == 1) goto done;
      }
    } while ((n1 | n2) < mg);
    do {
      n1 = js_gallop_right(j, a[c2], tmp, c1, len1, 0);
      if (n1 != 0) {
        memcpy(a + dest, tmp + c1, (size_t)n1 * sizeof *a);
        dest += n1;
        c1 += n1;
        len1 -= n1;
        if (len1 <= 1) goto done;
      }
      a[dest++] = a[c2++];
      if (--len2 == 0) goto done;
      n2 = js_gallop_left(j, tmp[c1], a, c2, len2, 0);
      if (n2 != 0) {
        memmove(a + dest, a + c2, (size_t)n2 * sizeof *a);
        dest += n2;
        c2 += n2;
        len2 -= n2;
        if (len2 == 0) goto done;
      }
      a[dest++] = tmp[c1++];
      if (--len1 == 1) goto done;
      mg--;
    } while (n1 >= JS_MIN_GALLOP || n2 >= JS_MIN_GALLOP);
    if (mg < 0) mg = 0;
    mg += 2;
  }
done:
  j->min_gallop = mg < 1 ? 1 : mg;
  if (len1 == 1) {
    memmove(a + dest, a + c2, (size_t)len2 * sizeof *a);
    a[dest + len2] = tmp[c1];
  } else if (len1 > 0) {
    /* len1 == 0 is where Java throws "Comparison method violates its
    ** general contract"; nothing is left to copy then */
    memcpy(a + dest, tmp + c1, (size_t)len1 * sizeof *a);
  }
}

static void js_merge_hi(jsort *j, int base1, int len1, int base2, int len2) {
  int *a = j->a, *tmp = j->tmp;
  memcpy(tmp, a + base2, (size_t)len2 * sizeof *a);
  int c1 = base1 + len1 - 1, c2 = len2 - 1, dest = base2 + len2 - 1;
  a[dest--] = a[c1--];
  if (--len1 == 0) { memcpy(a + dest - (len2 - 1), tmp, (size_t)len2 * sizeof *a); return; }
  if (len2 == 1) {
    dest -= len1;
    c1 -= len1;
    memmove(a + dest + 1, a + c1 + 1, (size_t)len1 * sizeof *a);
    a[dest] = tmp[c2];
    return;
  }
  int mg = j->min_gallop;
  for (;;) {
    int n1 = 0, n2 = 0;
    do {
      if (jcmp(j, tmp[c2], a[c1]) < 0) {
        a[dest--] = a[c1--];
        n1++;
        n2 = 0;
        if (--len1 == 0) goto done;
      } else {
        a[dest--] = tmp[c2--];
        n2++;
        n1 = 0;
        if (--len2 == 1) goto done;
      }
    } while ((n1 | n2) < mg);
    do {
      n1 = len1 - js_gallop_right(j, tmp[c2], a, base1, len1, len1 - 1);
      if (n1 != 0) {
        dest -= n1;
        c1 -= n1;
        len1 -= n1;
        memmove(a + dest + 1, a + c1 + 1, (size_t)n1 * sizeof *a);
        if (len1 == 0) goto done;
      }
      a[dest--] = tmp[c2--];
      if (--len2 == 1) goto done;
      n2 = len2 - js_gallop_left(j, a[c1], tmp, 0, len2, len2 - 1);
      if (n2 != 0) {
        dest -= n2;
        c2 -= n2;
        len2 -= n2;
        memcpy(a + dest + 1, tmp + c2 + 1, (size_t)n2 * sizeof *a);
        if (len2 <= 1) goto done;
      }
      a[dest--] = a[c1--];
      if (--len1 == 0) goto done;
      mg--;
    } while (n1 >= JS_MIN_GALLOP || n2 >= JS_MIN_GALLOP);
    if (mg < 0) mg = 0;
    mg += 2;
  }
done:
  j->min_gallop = mg < 1 ? 1 : mg;
  if (len2 == 1) {
    dest -= len1;
    c1 -= len1;
    memmove(a + dest + 1, a + c1 + 1, (size_t)len1 * sizeof *a);
    a[dest] = tmp[c2];
  } else if (len2 > 0) {
    memcpy(a + dest - (len2 - 1), tmp, (size_t)len2 * sizeof *a);
  }
}

static void js_merge_at(jsort *j, int i) {
  int base1 = j->base[i], len1 = j->len[i], base2 = j->base[i + 1], len2 = j->len[i + 1];
  j->len[i] = len1 + len2;
  if (i == j->nrun - 3) {
    j->base[i + 1] = j->base[i + 2];
    j->len[i + 1] = j->len[i + 2];
  }
  j->nrun--;
  int k = js_gallop_right(j, j->a[base2], j->a, base1, len1, 0);
  base1 += k;
  len1 -= k;
  if (len1 == 0) return;
  len2 = js_gallop_left(j, j->a[base1 + len1 - 1], j->a, base2, len2, len2 - 1);
  if (len2 == 0) return;
  if (len1 <= len2) js_merge_lo(j, base1, len1, base2, len2);
  else js_merge_hi(j, base1, len1, base2, len2);
}

static void js_merge_collapse(jsort *j) {
  int *rl = j->len;
  while (j->nrun > 1) {
    int n = j->nrun - 2;
    if ((n > 0 && rl[n - 1] <= rl[n] + rl[n + 1]) || (n > 1 && rl[n - 2] <= rl[n] + rl[n - 1])) {
      if (rl[n - 1] < rl[n + 1]) n--;
    } else if (rl[n] > rl[n + 1]) {
      break;
    }
    js_merge_at(j, n);
  }
}

/* 0, or -1 when out of memory */
static int java_sort(int *a, int n, const step *st) {
  jsort j = {a, NULL, st, JS_MIN_GALLOP, 0, {0}, {0}};
  if (n < 2) return 0;
  if (n < JS_MIN_MERGE) {
    js_binary_sort(&j, 0, n, js_count_run(&j, 0, n));
    return 0;
  }
  j.tmp = malloc((size_t)n * sizeof *j.tmp);
  if (!j.tmp) return -1;
  int lo = 0, left = n, min_run = js_min_run(n);
  do {
    int run = js_count_run(&j, lo, n);
    if (run < min_run) {
      int force = left <= min_run ? left : min_run;
      js_binary_sort(&j, lo, lo + force, lo + run);
      run = force;
    }
    j.base[j.nrun] = lo;
    j.len[j.nrun] = run;
    j.nrun++;
    js_merge_collapse(&j);
    lo += run;
    left -= run;
  } while (left != 0);
  while (j.nrun > 1) {
    int m = j.nrun - 2;
    if (m > 0 && j.len[m - 1] < j.len[m + 1]) m--;
    js_merge_at(&j, m);
  }
  free(j.tmp);
  return 0;
}

/* }====== */

/* {====== the rating step's search: ends that can still win
**
** A rating step needs HoDoKu's first chain only, when the table prices
** every length alike (length_free).  For an X-Chain or XY-Chain the
** eliminations, hence the sort key up to the chain length (count, index
** sum), depend on the two ends alone.  The search keeps the best key met so
** far and drops every chain with a worse one (it cannot come first, and
** HoDoKu's deletesMap keeps or drops each set's chains on that set's own
** chains only).  An XY-Chain start whose ends cannot reach that key is
** skipped; from the others, a chain stops growing when no end that could
** reach it is within max-length links (cell steps counted backwards from
** those ends over the bivalue cells, ignoring that a chain visits a cell
** once: a lower bound).  A first pass over XY-Chains of up to SEED_LENGTH
** links finds a good key early.  The chains of the best key are still all
** found, in HoDoKu's order, so its chain is HoDoKu's: the shortest, the
** first of them.  When two different sets of eliminations share the best
** key, compareTo calls them equal and Java's sort decides: the search is
** then made again in full and sorted.  X-Chains only drop the worse keys:
** their searches are short, and the distances would cost more than they
** save. */

#define FAR 0xFF
#define SEED_LENGTH 7          /* links of the first pass's XY-Chains */

static int key_worse(const ctx *x, int n, int32_t sum) {
  return x->have_best && (n < x->best_count || (n == x->best_count && sum > x->best_isum));
}

/* Can an XY-Chain that has node nn at level lv still reach a useful end
** within max-length links? */
static int can_reach(const ctx *x, unsigned nn, int lv) {
  if (lv & 1) {                /* on (c, y) after the link inside c */
    int d = x->dnode[nn];
    return d == 0 || (d != FAR && lv + 2 * d <= x->maxlen);
  }
  int c = (int)nn / 9;         /* entered c by digit nn's: the other one next */
  int o = sk_mask_first((sk_mask)(x->g->cand[c] & ~SK_BIT((int)nn % 9 + 1)));
  int d = x->dnode[c * 9 + o - 1];
  return d != FAR && lv + 1 + 2 * d <= x->maxlen;
}

/* XY-Chain: the useful ends of the start in x (bivalue cells with the
** start digit whose eliminations with the start are at least as good as
** the best key, all while there is none), and the cell steps to them from
** every node: (c, y) -y- (c2, y) = (c2, z) is one step.  0 when none. */
static int useful_ends(ctx *x) {
  const sk_grid *g = x->g;
  sk_bits ends = x->bv[x->a - 1], u = {{0, 0}};
  sk_bits_clear(&ends, x->start);
  uint8_t ed[2] = {(uint8_t)x->a, 0};
  for (sk_bits b = ends; !sk_bits_empty(b); ) {
    int e = sk_bits_pop(&b);
    sk_bits m = sk_bits_and(x->startset, sk_peer_bits[e]);
    int n = sk_bits_count(m), k;
    if (!n || (x->have_best && n < x->best_count)) continue;
    if (x->have_best && n == x->best_count && key_worse(x, n, index_sum(&m, ed, &k))) continue;
    sk_bits_set(&u, e);
  }
  if (sk_bits_empty(u)) return 0;
  if (x->seed) return 1;
  memset(x->dnode, FAR, sizeof x->dnode);
  uint16_t q[NODES];
  int qn = 0;
  for (sk_bits b = u; !sk_bits_empty(b); ) {
    int e = sk_bits_pop(&b);
    x->dnode[e * 9 + x->a - 1] = 0;
    q[qn++] = (uint16_t)(e * 9 + x->a - 1);
  }
  for (int qi = 0; qi < qn; qi++) {
    int c2 = q[qi] / 9, z = q[qi] % 9 + 1, dd = x->dnode[q[qi]];
    int y = sk_mask_first((sk_mask)(g->cand[c2] & ~SK_BIT(z)));
    for (sk_bits b = sk_bits_and(sk_peer_bits[c2], x->bv[y - 1]); !sk_bits_empty(b); ) {
      int nd = sk_bits_pop(&b) * 9 + y - 1;
      if (x->dnode[nd] != FAR) continue;
      x->dnode[nd] = (uint8_t)(dd + 1);
      q[qn++] = (uint16_t)nd;
    }
  }
  return 1;
}

/* }====== */

/* {====== the depth-first search (ChainSolver.getChains / getChain) */

typedef struct frame {
  uint16_t node;               /* chain[level] */
  uint8_t strong_only;         /* the next link must be strong */
  uint16_t i, end;             /* links left: l[i..end) or s[i..end) */
} frame;

/* A chain of len links ends with a strong link into the start digit at
** cell e; m: the start digit's candidates that see both ends. */
static void found(ctx *x, int e, sk_bits m, int len) {
  if (x->type != REMOTE_PAIR) {
    if (x->prune) {
      int n;
      uint8_t ed[2] = {(uint8_t)x->a, 0};
      int32_t sum = index_sum(&m, ed, &n);
      if (key_worse(x, n, sum)) return;
      if (!x->have_best || n > x->best_count || sum < x->best_isum) {
        x->have_best = 1;
        x->best_count = n;
        x->best_isum = sum;
        x->best_el = m;
        x->tie = 0;
      } else if (!sk_bits_equal(m, x->best_el)) {
        x->tie = 1;            /* the same key, other eliminations */
      }
      if (x->seed) return;
    }
    record(x, m, x->a, (sk_bits){{0, 0}}, 0, len);
    return;
  }
  sk_bits r1, r2;
  if (len > 7) {
    r1 = r2 = (sk_bits){{0, 0}};
    const sk_bits d1 = x->g->dcells[x->a - 1], d2 = x->g->dcells[x->a2 - 1];
    for (int i = 0; i <= len; i += 2)
      for (int j = i + 6; j <= len; j += 4) {
        sk_bits t = sk_bits_and(sk_peer_bits[node_cell(x->chain[i])],
                                sk_peer_bits[node_cell(x->chain[j])]);
        r1 = sk_bits_or(r1, sk_bits_and(t, d1));
        r2 = sk_bits_or(r2, sk_bits_and(t, d2));
      }
  } else {
    r1 = m;
    r2 = sk_bits_and(x->startset2, sk_peer_bits[e]);
  }
  record(x, r1, x->a, r2, x->a2, len);
}

/* Every chain from the start in x (chain[0], chain[1] set). */
static void from_start(ctx *x) {
  const links *L = x->L;
  frame fr[MAX_LINKS + 1];
  sk_bits in = {{0, 0}};               /* chainSet: cells of chain[0..level-1] */
  sk_bits_set(&in, x->start);
  int lv = 1, type = x->type, maxlen = x->maxlen;
  int dist = x->prune && !x->seed && type == XY_CHAIN;
  fr[1].node = (uint16_t)(x->chain[1] & 0x3FFu);
  fr[1].strong_only = 0;
  fr[1].i = L->first[fr[1].node];
  fr[1].end = L->end[fr[1].node];
  for (;;) {
    while (fr[lv].i >= fr[lv].end) {
      if (--lv <= 0) return;
      sk_bits_clear(&in, node_cell(fr[lv].node));
    }
    frame *f = &fr[lv];
    unsigned lk = f->strong_only ? L->s[f->i++] : L->l[f->i++];
    unsigned nn = lk & 0x3FFu;
    int strong = (lk & STRONG) != 0;
    if (nn == f->node) continue;
    int ncell = (int)nn / 9;
    int loop = 0;
    if (sk_bits_has(&in, ncell)) {
      if (ncell != x->start) continue;
      loop = 1;
    }
    sk_bits_set(&in, node_cell(f->node));
    if (!f->strong_only) strong = 0;
    x->chain[++lv] = (uint16_t)(nn | (strong ? STRONG : 0));
    if (lv > 1 && strong && (int)nn % 9 + 1 == x->a && (type != REMOTE_PAIR || lv >= 7)) {
      sk_bits m = sk_bits_and(x->startset, sk_peer_bits[ncell]);
      if (!sk_bits_empty(m)) found(x, ncell, m, lv);
    }
    frame *n = &fr[lv];
    if (lv < maxlen && !loop && (!dist || can_reach(x, nn, lv))) {
      n->node = (uint16_t)nn;
      n->strong_only = (uint8_t)!f->strong_only;
      if (n->strong_only) {
        n->i = L->sfirst[nn];
        n->end = L->send[nn];
      } else {
        n->i = L->first[nn];
        n->end = L->end[nn];
      }
    } else {
      n->i = n->end = 0;                 /* a level not searched */
    }
    if ((++x->polls & 0xFFF) == 0 && x->s->host->should_stop(x->s)) { x->stopped = 1; return; }
  }
}

/* ChainSolver.getChains: every start in HoDoKu's order. */
static void all_chains(ctx *x) {
  const sk_grid *g = x->g;
  const links *L = x->L;
  for (int c = 0; c < SK_CELLS && !x->stopped && !x->oom; c++) {
    sk_mask m = g->cand[c];
    if (!m) continue;
    if (x->type != X_CHAIN && sk_mask_count(m) != 2) continue;
    for (sk_mask y = m; y; y &= y - 1) {
      int a = __builtin_ctz(y) + 1, n0 = c * 9 + a - 1;
      x->start = c;
      x->a = a;
      x->startset = sk_bits_and(sk_peer_bits[c], g->dcells[a - 1]);
      if (x->type == REMOTE_PAIR) {
        x->a2 = sk_mask_first((sk_mask)(m & ~SK_BIT(a)));
        x->startset2 = sk_bits_and(sk_peer_bits[c], g->dcells[x->a2 - 1]);
      }
      if (x->prune && x->type == XY_CHAIN) {
        if (x->have_best && sk_bits_count(x->startset) < x->best_count) continue;
        if ((x->have_best || !x->seed) && !useful_ends(x)) continue;
      }
      /* the start's strong links (XY-Chain, Remote Pair: the one inside c) */
      for (int i = L->sfirst[n0]; i < L->send[n0]; i++) {
        unsigned lk = L->s[i];
        if (x->type != X_CHAIN && node_cell(lk) != c) continue;
        x->chain[0] = (uint16_t)n0;
        x->chain[1] = (uint16_t)lk;
        from_start(x);
        if (x->stopped || x->oom) return;
      }
    }
  }
}

/* }====== */

/* {====== hints */

static void put_cell(const sk_host *host, sk_hint *h, int c) {
  host->hint_printf(h, "r%dc%d", c / 9 + 1, c % 9 + 1);
}

/* HoDoKu's getChainString: a cell once (links inside a cell are not
** printed), each link as " -d- " (weak) or " =d= " (strong). */
static void put_chain(const sk_host *host, sk_hint *h, const uint16_t *ch, int len) {
  int last = -1;
  for (int i = 0; i <= len; i++) {
    int c = node_cell(ch[i]);
    if (c == last) continue;
    last = c;
    if (i > 0)
      host->hint_printf(h, (ch[i] & STRONG) ? " =%d= " : " -%d- ", node_digit(ch[i]));
    put_cell(host, h, c);
  }
}

static void make_hint(const ctx *x, const step *t, sk_hint *h) {
  const sk_host *host = x->s->host;
  const uint16_t *ch = x->pool + t->at;
  host->hint_init(h);
  for (int k = 0; k < 2 && t->ed[k]; k++)
    for (sk_bits b = t->el[k]; !sk_bits_empty(b); ) sk_hint_elim(h, sk_bits_pop(&b), t->ed[k]);
  for (int i = 0; i <= t->len; i++) {
    int c = node_cell(ch[i]);
    if (x->type == X_CHAIN) sk_hint_focus(h, c, node_digit(ch[i]));
    else h->focus[c] = x->g->cand[c];
  }
  h->fig[SK_FIG_LENGTH] = t->len;
  const char *name = x->type == X_CHAIN ? "X-Chain" : x->type == XY_CHAIN ? "XY-Chain" : "Remote Pair";
  if (x->type == REMOTE_PAIR) host->hint_printf(h, "%s: %d/%d ", name, t->v[0], t->v[1]);
  else host->hint_printf(h, "%s: %d ", name, t->ed[0]);
  if (x->type == XY_CHAIN) host->hint_printf(h, "%d- ", t->v[0]);
  put_chain(host, h, ch, t->len);
  if (x->type == XY_CHAIN) host->hint_printf(h, " -%d", node_digit(ch[t->len]));
}

/* }====== */

/* Shortest chain of a type, in links. */
static int min_length(int type) { return type == REMOTE_PAIR ? 7 : 3; }

/* A rating step takes the least difficulty, then HoDoKu's order: when no
** chain can be cheaper than HoDoKu's first t (the table prices every
** length at least as t's), t is the only hint the step needs. */
static int only_first(const ctx *x, const step *t) {
  const sk_host *host = x->s->host;
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_LENGTH] = t->len;
  int32_t dt = host->difficulty(x->s, fig, 0);
  if (dt < 0) return 0;
  fig[SK_FIG_LENGTH] = min_length(x->type);
  return host->difficulty(x->s, fig, 1u << SK_FIG_LENGTH) >= dt;
}

/* Does the table price every chain length alike?  Then a rating step's
** hint is HoDoKu's first, and the search may drop what cannot be it. */
static int length_free(const ctx *x) {
  const sk_host *host = x->s->host;
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_LENGTH] = min_length(x->type);
  int32_t d0 = host->difficulty(x->s, fig, 0);
  if (d0 < 0) return 0;
  for (int len = min_length(x->type) + 2; len <= x->maxlen; len += 2) {
    fig[SK_FIG_LENGTH] = len;
    if (host->difficulty(x->s, fig, 0) != d0) return 0;
  }
  return 1;
}

static void ctx_free(ctx *x) {
  free(x->st);
  free(x->pool);
  free(x->map);
  x->st = NULL;
  x->pool = NULL;
  x->map = NULL;
  x->nst = x->capst = x->npool = x->cappool = x->mapcap = x->mapn = 0;
}

static int emit_one(ctx *x, const step *t) {
  sk_hint h;
  make_hint(x, t, &h);
  h.order = 0;
  return x->s->host->emit(x->s, &h);
}

static int search(const sk_search *s) {
  const kind *k = s->data;
  const sk_host *host = s->host;
  ctx x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.g = s->grid;
  x.type = k->type;
  int32_t ml = host->param(s, "max-length", 20);
  x.maxlen = ml <= 0 || ml > MAX_LINKS - 1 ? MAX_LINKS - 1 : (int)ml;
  links *L = malloc(sizeof *L);
  if (!L) return SK_SEARCH_DONE;
  x.L = L;
  build_links(L, x.g, x.type);
  if (x.type == XY_CHAIN) {
    sk_bits two = {{0, 0}};
    for (int c = 0; c < SK_CELLS; c++)
      if (sk_mask_count(x.g->cand[c]) == 2) sk_bits_set(&two, c);
    for (int d = 0; d < 9; d++) x.bv[d] = sk_bits_and(x.g->dcells[d], two);
  }
  int r = SK_SEARCH_DONE;
  if (x.type != REMOTE_PAIR && length_free(&x)) {
    /* the rating step: only chains at least as good as the best so far;
    ** a tie of two sets needs Java's sort of the whole list */
    x.prune = 1;
    int full = x.maxlen;
    x.seed = 1;
    x.maxlen = full < SEED_LENGTH ? full : SEED_LENGTH;
    if (x.type == XY_CHAIN) all_chains(&x);
    x.seed = 0;
    x.maxlen = full;
    x.tie = 0;
    if (!x.stopped) all_chains(&x);
    if (!x.oom && (x.stopped || !x.tie)) {
      if (!x.stopped && x.nst > 0) {
        int b = 0;
        for (int i = 1; i < x.nst; i++)
          if (step_cmp(&x.st[i], &x.st[b]) < 0) b = i;
        emit_one(&x, &x.st[b]);
      }
      goto done;
    }
    ctx_free(&x);
    x.prune = x.oom = 0;
  }
  all_chains(&x);
  if (x.nst > 0 && !x.oom && !x.stopped) {
    int *ord = malloc((size_t)x.nst * 2 * sizeof *ord);
    if (ord) {
      int *rank = ord + x.nst;
      for (int i = 0; i < x.nst; i++) ord[i] = i;
      if (java_sort(ord, x.nst, x.st) == 0) {
        for (int i = 0; i < x.nst; i++) rank[ord[i]] = i;
        if (only_first(&x, &x.st[ord[0]])) {
          emit_one(&x, &x.st[ord[0]]);
        } else {
          sk_hint h;
          for (int i = 0; i < x.nst; i++) {
            make_hint(&x, &x.st[i], &h);
            h.order = rank[i];
            if (host->emit(s, &h)) { r = SK_SEARCH_STOPPED; break; }
          }
        }
      }
      free(ord);
    }
  }
done:
  ctx_free(&x);
  free(L);
  return x.stopped ? SK_SEARCH_STOPPED : r;
}

static const kind kinds[] = {
  {X_CHAIN, "X-Chain"},
  {XY_CHAIN, "XY-Chain"},
  {REMOTE_PAIR, "Remote Pair"},
};
static const char *const ids[] = {"x-chain", "xy-chain", "remote-pair"};

SK_PLUGIN_ENTRY(simple_chains) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], kinds[i].name, SK_TECH_COLLECT, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
