/*
** forcing.c -- HoDoKu's Forcing Chains and Forcing Nets
** (TablingSolver.getForcingChains, getForcingNets, checkForcingChains,
** checkOneChain, checkTwoChains, checkEntryList, replaceOrCopyStep).
**
** Techniques (ids of the rating table; HoDoKu's arg names and library
** codes are their aliases):
**   forcing-chain  FORCING_CHAIN: forcing chain contradictions (fcc, 1301)
**                  and verities (fcv, 1302); HoDoKu's solver asks them as
**                  one technique and takes the best of both
**   forcing-net    FORCING_NET: forcing net contradictions (fnc, 1303) and
**                  verities (fnv, 1304), the same checks on the net tables
**                  of nets.c (singles looked ahead); a step whose chains
**                  have no branch is a forcing chain and is dropped, as
**                  HoDoKu's net search drops it
**
** Rule.  Every candidate's "set" and "delete" tables are made in chain
** mode with group nodes (tabling.h), or for nets as nets.c makes them.  A table whose premise leads to a
** contradiction proves the premise false (contradiction): the premise's
** own negation, a candidate both set and deleted, two digits set in one
** cell, a digit set twice in a row, column or box, a cell with every
** candidate deleted, a row, column or box with every place of a digit
** deleted.  A candidate set (or deleted) by both tables of one candidate,
** by the "set" tables of every candidate of a cell, or of every place of
** a digit in a house, is set (deleted): verity.
**
** Scan order, HoDoKu's: the tables in candidate order, each "set" table
** then its "delete" table, for contradictions (in the order above: the
** digits ascending, the houses rows, columns, boxes); then each
** candidate's two tables for verities; then the cells, the rows, the
** columns, the boxes with their digits for verities.  With
** only-one-chain-per-step HoDoKu keeps one step per type and outcome, the
** one with the shortest chains (a shorter one replaces it in place).  The
** steps are sorted with HoDoKu's TablingComparator: placements first
** (lower cell first; two at one cell of different types compare "after"
** both ways, as HoDoKu's comparator does), then more eliminations, then
** lower cell * 10 + digit; equal outcomes by total chain length; ties keep
** the order of discovery (a stable sort).
**
** Forcing chains read the tables of tb_get_tables (table.c): when
** grouped-nice-loop searched the same grid before (the solver tries it
** first), they are its tables, not made again.  The nets make their own
** (nets.c).  The large scratch arrays of both (the per-table sets, the
** outcome keys and the entry index, megabytes) are kept for the rating.
** A chain's length is taken when a step asks for it; a net search that
** emits its first step only measures the chains of the outcomes that can
** still come first under the comparator (settle, below).
**
** Options (host->param, HoDoKu's default):
**   max-table-entry-length   1000  entries of a table
**   only-one-chain-per-step  1     one step per outcome (onlyOneChainPerStep;
**                                  HoDoKu's tester sets it 0)
**   als                      0     ALS nodes in the tables
**                                  (allowAlsInTablingChains; not in nets)
**   look-ahead               4     nets: rounds of singles (anzTableLookAhead)
**   all-steps                0     0: only the first step of the sort is
**                                  emitted; 1: every step
**
** Chains: the step's detail lines (host emit_with), one per chain, as
** HoDoKu prints them under the step (getForcingChainString): the nodes
** from the premise, "r2c2<>8 r8c2=8 ...", a net's branches in
** parentheses after the node they start from.
** Figures: fig[SK_FIG_TYPE] = 1 contradiction, 2 verity;
** fig[SK_FIG_LENGTH] = the chains' total nodes (HoDoKu's getChainLength;
** a net's branches and their separators counted, nets.c).  Focus: the
** chains' candidates.  Text: HoDoKu's step.toString(2) before " => ", e.g.
**   Forcing Chain Contradiction in c4
**   Forcing Chain Contradiction in r7c1
**   Forcing Chain Verity
**   Forcing Net Contradiction in r4c6
**   Forcing Net Verity
*/
#include <stdio.h>
#include "tabling.h"
#include "../sk_text.h"

enum { F_CONTRA = 1, F_VERITY = 2 };
enum { E_BLOCK = 0, E_LINE = 1, E_COL = 2, E_CELL = 3 };

typedef struct fstep {
  int type;
  int cell, digit, place;      /* the outcome: place digit in cell, or delete it */
  int entity, number;          /* where the contradiction is (HoDoKu's entity) */
  int len;                     /* the chains' nodes */
  int ch, nch;                 /* its chains in the pool: nch chains from ch */
  int net;                     /* a chain has a branch (nets.c) */
} fstep;

/* one stored table */
typedef struct ftab {
  int at, n;                   /* entries in the pools */
  sk_bits on[9], off[9];       /* its normal nodes set / deleted, per digit */
} ftab;

typedef struct fctx {
  const sk_search *s;
  const sk_grid *g;
  const tb_links *L;
  tb_links *own_links;         /* nets: the links they are made of, when made here */
  const tb_tables *tabs;       /* chains: every candidate's tables */
  ftab *tab;                   /* per premise node (< TB_NODES) */
  const uint16_t *node;        /* chains: all tables' entries (tabs' pools) */
  const int16_t *parent;
  const uint16_t *dist;
  uint16_t *where;             /* where[p * TB_NODES + n]: entry of normal node n in
                               ** table p, read only for the nodes its sets hold */
  fstep *st;
  int nst, capst;
  struct { int table, entry; } *chs;       /* chains: a table's entry, walked back */
  int nchs, capchs;
  int only_one;
  tb_nets *N;                  /* forcing nets: the net tables (else NULL) */
  int *key;                    /* outcome -> step, with only_one */
  /* deferred steps (a net search emitting its first step only): every
  ** step found, its chains recorded, its length and net flag not made */
  int defer;
  fstep *lg;
  int nlg, caplg;
  int oom;
  sk_bits allowed[9];          /* finder.getCandidatesAllowed */
  uint32_t ahouse[9];          /* per digit: the houses holding an allowed place */
  uint32_t hm[SK_CELLS];       /* per cell: its row, column, box (bits h, 9 + c, 18 + b) */
  sk_bits empty;               /* the empty cells */
  /* HoDoKu's scratch set tmpSet, which a premise contradicting itself
  ** prints the first cell of, as its previous user left it: its cells,
  ** and the first cell of the last non-empty set it listed (an empty set
  ** lists nothing and keeps that) */
  sk_bits tmp;
  int v0;
  /* the step being built */
  fstep cur;
} fctx;

static int grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return 0;
  int c = *cap ? *cap : 1024;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * size);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

/* {====== the steps */

static void begin(fctx *x, int type, int premise_or_cell, int d, int place, int entity, int number) {
  x->cur.type = type;
  x->cur.cell = premise_or_cell;
  x->cur.digit = d;
  x->cur.place = place;
  x->cur.entity = entity;
  x->cur.number = number;
  x->cur.len = 0;
  x->cur.ch = x->nchs;
  x->cur.nch = 0;
  x->cur.net = 0;
}

/* A contradiction of premise p: set p's candidate if p deletes it, else delete it. */
static void begin_contra(fctx *x, int p, int entity, int number) {
  begin(x, F_CONTRA, p / 18, (p >> 1) % 9 + 1, !(p & 1), entity, number);
}

/* The nodes of the chain of the entry at e of the table at at in the
** pools (HoDoKu's chain length).  Without ALS nodes every link has
** distance 2 and an entry's distance is twice its depth (the premise's 1):
** the length is the distance / 2 + 1.  With them, an entry rewritten to a
** later parent is walked back (at most TB_MAX_ENTRIES nodes, as a cycle
** would be), else its parent's length plus one. */
static int chain_len(const fctx *x, int at, int e) {
  if (x->L->maxdist <= 2) return x->dist[at + e] / 2 + 1;
  const int16_t *par = x->parent + at;
  int n = 0;
  for (int j = e;; n++) {
    int q = par[j];
    if (q < 0) return n + 1;
    if (q >= j) {
      int k = 0;
      for (int i = j; i >= 0 && k < TB_MAX_ENTRIES; i = par[i]) k++;
      return n + k;
    }
    j = q;
  }
}

/* addChain: the chain of table p to node n (premise first) */
static void chain(fctx *x, int p, int n) {
  const ftab *t = &x->tab[p];
  int on = n & 1, d = (n >> 1) % 9, c = n / 18;
  if (!sk_bits_has(on ? &t->on[d] : &t->off[d], c)) return;
  int e = x->where[(size_t)p * TB_NODES + (size_t)n];
  if (grow((void **)&x->chs, &x->capchs, x->nchs + 1, sizeof *x->chs)) {
    x->oom = 1;
    return;
  }
  x->chs[x->nchs].table = p;
  x->chs[x->nchs].entry = e;
  x->nchs++;
  x->cur.nch++;
  if (x->defer) return;
  if (x->N) {
    int net = 0;
    x->cur.len += tb_nets_chain(x->N, p, e, &net, NULL, NULL, 0);
    x->cur.net |= net;
  } else {
    x->cur.len += chain_len(x, t->at, e);
  }
}

/* replaceOrCopyStep: step c kept, or dropped, or replacing the step of
** its outcome; 0, or -1 when dropped (a net search keeps nets only:
** replaceOrCopyStep with chainsOnly off) */
static int keep(fctx *x, const fstep *c) {
  if (x->N && !c->net) return -1;
  if (x->only_one) {
    int k = ((c->type - 1) * 2 + c->place) * 729 + c->cell * 9 + c->digit - 1;
    int old = x->key[k];
    if (old >= 0) {
      if (x->st[old].len > c->len) x->st[old] = *c;
      return 0;
    }
    x->key[k] = x->nst;
  }
  if (grow((void **)&x->st, &x->capst, x->nst + 1, sizeof *x->st)) { x->oom = 1; return 0; }
  x->st[x->nst++] = *c;
  return 0;
}

static void finish(fctx *x) {
  if (x->oom) return;
  if (x->defer) {
    if (grow((void **)&x->lg, &x->caplg, x->nlg + 1, sizeof *x->lg)) { x->oom = 1; return; }
    x->lg[x->nlg++] = x->cur;
    return;
  }
  if (keep(x, &x->cur) != 0) x->nchs = x->cur.ch;
}

/* A deferred step's length and net flag, from its chains. */
static void resolve(fctx *x, fstep *t) {
  t->len = 0;
  t->net = 0;
  for (int k = 0; k < t->nch; k++) {
    int net = 0;
    t->len += tb_nets_chain(x->N, x->chs[t->ch + k].table, x->chs[t->ch + k].entry, &net, NULL, NULL, 0);
    t->net |= net;
  }
}

/* The deferred steps kept as finish would have kept them, as far as the
** first step of the sort needs them.  HoDoKu's comparator (fcmp) orders
** the outcome classes consistently: placements by cell, then
** eliminations by cell * 10 + digit, so the sort's first step is in the
** least class holding a step, and a step's length is read only against
** steps of its own class.  Within a class the comparator is a consistent
** order by length, and the first step is the first found of the shortest,
** whatever the other classes hold; except for a placement class holding
** both contradictions and verities, which compare "after" both ways, so
** that the result depends on where the sort meets them, that is on every
** step kept.  So the classes are resolved in ascending order until one
** holds a net: that class's steps alone are kept, or, when it holds both
** types of placements, every step is resolved and kept as finish would. */
static void settle(fctx *x) {
  enum { NCLASS = SK_CELLS + SK_CELLS * 10 };
  int n = x->nlg;
  if (!n) return;
  int *ord = malloc((size_t)n * sizeof *ord);
  int *at = calloc(NCLASS + 1, sizeof *at);
  if (!ord || !at) {
    x->oom = 1;
    free(ord);
    free(at);
    return;
  }
#define CLASS(t) ((t)->place ? (t)->cell : SK_CELLS + (t)->cell * 10 + (t)->digit - 1)
  /* the steps by class, each class in the order found */
  for (int i = 0; i < n; i++) at[CLASS(&x->lg[i]) + 1]++;
  for (int k = 0; k < NCLASS; k++) at[k + 1] += at[k];
  for (int i = 0; i < n; i++) ord[at[CLASS(&x->lg[i])]++] = i;
  for (int i = 0; i < n; ) {
    int j = i, k = CLASS(&x->lg[ord[i]]), types = 0;
    for (; j < n && CLASS(&x->lg[ord[j]]) == k; j++) {
      fstep *t = &x->lg[ord[j]];
      resolve(x, t);
      if (t->net) types |= 1 << t->type;
    }
    if (!types) {
      i = j;
      continue;
    }
    if (k < SK_CELLS && types == (1 << F_CONTRA | 1 << F_VERITY)) {
      for (int l = 0; l < n; l++) {
        resolve(x, &x->lg[l]);
        keep(x, &x->lg[l]);
      }
    } else {
      for (int l = i; l < j; l++) keep(x, &x->lg[ord[l]]);
    }
    break;
  }
#undef CLASS
  free(ord);
  free(at);
}

/* {====== the checks */

static int normal(int cell, int d, int on) { return tb_node(cell, d, on); }

/* the houses a set of cells meets: bit r for row r, 9 + c for column c,
** 18 + b for box b (read row by row: a column is met when a row's mask
** has it, a box when its band's rows have one of its three columns) */
static uint32_t houses_of(sk_bits b) {
  unsigned f[9], rows = 0, cols = 0, boxes = 0;
  for (int r = 0; r < 9; r++) {
    f[r] = sk_bits_row(b, r);
    rows |= (unsigned)(f[r] != 0) << r;
    cols |= f[r];
  }
  for (int band = 0; band < 3; band++) {
    unsigned u = f[3 * band] | f[3 * band + 1] | f[3 * band + 2];
    for (int j = 0; j < 3; j++) boxes |= (unsigned)(((u >> (3 * j)) & 7) != 0) << (3 * band + j);
  }
  return rows | cols << 9 | boxes << 18;
}

/* checkOneChain: contradictions of table p. */
static void check_one(fctx *x, int p) {
  const ftab *t = &x->tab[p];
  const sk_grid *g = x->g;
  int c0 = p / 18, d0 = (p >> 1) % 9 + 1, strong = p & 1;
  if (strong ? sk_bits_has(&t->off[d0 - 1], c0) : sk_bits_has(&t->on[d0 - 1], c0)) {
    if (!sk_bits_empty(x->tmp)) x->v0 = sk_bits_first(x->tmp);
    begin_contra(x, p, E_CELL, x->v0);
    chain(x, p, normal(c0, d0, !strong));
    finish(x);
  }
  for (int i = 1; i <= 9; i++) {
    sk_bits both = sk_bits_and(t->on[i - 1], t->off[i - 1]);
    if (sk_bits_empty(both)) continue;
    int c = x->v0 = sk_bits_first(both);
    begin_contra(x, p, E_CELL, c);
    chain(x, p, normal(c, i, 0));
    chain(x, p, normal(c, i, 1));
    finish(x);
  }
  /* two digits set in one cell: looked for when a cell is set twice */
  sk_bits once = {{0, 0}}, twice_set = {{0, 0}};
  for (int i = 0; i < 9; i++) {
    twice_set = sk_bits_or(twice_set, sk_bits_and(once, t->on[i]));
    once = sk_bits_or(once, t->on[i]);
  }
  for (int i = 1; i <= 9 && !sk_bits_empty(twice_set); i++)
    for (int j = i + 1; j <= 9 && !sk_bits_empty(t->on[i - 1]); j++) {
      sk_bits both = sk_bits_and(t->on[i - 1], t->on[j - 1]);
      if (sk_bits_empty(both)) continue;
      int c = x->v0 = sk_bits_first(both);
      begin_contra(x, p, E_CELL, c);
      chain(x, p, normal(c, i, 1));
      chain(x, p, normal(c, j, 1));
      finish(x);
    }
  /* checkHouseSet: a digit set twice in a row, column, box.  Each
  ** digit's set cells are walked once, collecting the houses met twice
  ** (house masks: bit k * 9 + h); the hits are then taken in HoDoKu's
  ** order: rows, columns, boxes, per kind the digits, per digit the
  ** houses.  HoDoKu's scratch set ends as the last house met of the last
  ** digit set anywhere: the last box met. */
  uint32_t twice[9], any_twice = 0;
  int last = -1;
  uint32_t last_met = 0;
  for (int i = 0; i < 9; i++) {
    uint32_t met = 0, dup = 0;
    for (sk_bits b = t->on[i]; !sk_bits_empty(b); ) {
      uint32_t m = x->hm[sk_bits_pop(&b)];
      dup |= met & m;
      met |= m;
    }
    twice[i] = dup;
    any_twice |= dup;
    if (met) { last = i; last_met = met; }
  }
  if (last >= 0) {
    int box = 31 - __builtin_clz(last_met >> 18);
    x->v0 = sk_bits_first(sk_bits_and(sk_house_bits[18 + box], t->on[last]));
  }
  for (int k = 0; k < 3 && any_twice; k++)
    for (int i = 1; i <= 9; i++)
      for (uint32_t hs = (twice[i - 1] >> (9 * k)) & 0x1ff; hs; hs &= hs - 1) {
        int h = __builtin_ctz(hs);
        sk_bits in = sk_bits_and(sk_house_bits[k * 9 + h], t->on[i - 1]);
        begin_contra(x, p, k == 0 ? E_LINE : k == 1 ? E_COL : E_BLOCK, h);
        for (int c; (c = sk_bits_pop(&in)) >= 0; ) chain(x, p, normal(c, i, 1));
        finish(x);
      }
  /* a cell with every candidate deleted */
  sk_bits dead = {{~0ull, (1ull << 17) - 1}};
  for (int i = 0; i < 9; i++) {
    sk_bits ok = sk_bits_or(t->off[i], sk_bits_andnot((sk_bits){{~0ull, (1ull << 17) - 1}}, g->dcells[i]));
    dead = sk_bits_and(dead, ok);
    dead = sk_bits_andnot(dead, t->on[i]);
  }
  dead = sk_bits_and(dead, x->empty);
  if (!sk_bits_empty(dead)) x->v0 = sk_bits_first(dead);
  for (int c; (c = sk_bits_pop(&dead)) >= 0; ) {
    begin_contra(x, p, E_CELL, c);
    for (sk_mask m = g->cand[c]; m; m &= m - 1) chain(x, p, normal(c, sk_mask_first(m), 0));
    finish(x);
  }
  /* checkHouseDel: every place of a digit in a house deleted: the houses
  ** holding a place of the digit (allowed) and none left undeleted; a
  ** digit the table deletes nowhere is not looked at.  HoDoKu's scratch
  ** set ends as the last such house's places (then as box 9's places of
  ** 9, below). */
  uint32_t gone[9], any_gone = 0;
  for (int i = 0; i < 9; i++) {
    gone[i] = sk_bits_empty(t->off[i]) ? 0
            : x->ahouse[i] & ~houses_of(sk_bits_andnot(x->allowed[i], t->off[i]));
    any_gone |= gone[i];
  }
  for (int k = 0; k < 3 && any_gone; k++)
    for (int i = 1; i <= 9; i++)
      for (uint32_t hs = (gone[i - 1] >> (9 * k)) & 0x1ff; hs; hs &= hs - 1) {
        int h = __builtin_ctz(hs);
        sk_bits in = sk_bits_and(sk_house_bits[k * 9 + h], x->allowed[i - 1]);
        x->v0 = sk_bits_first(in);
        begin_contra(x, p, k == 0 ? E_LINE : k == 1 ? E_COL : E_BLOCK, h);
        for (int c; (c = sk_bits_pop(&in)) >= 0; ) chain(x, p, normal(c, i, 0));
        finish(x);
      }
  x->tmp = sk_bits_and(sk_house_bits[26], x->allowed[8]);
}

/* checkTwoChains: what both tables of one candidate imply. */
static void check_two(fctx *x, int c0, int d0) {
  int on = normal(c0, d0, 1), off = normal(c0, d0, 0);
  const ftab *a = &x->tab[on], *b = &x->tab[off];
  for (int place = 1; place >= 0; place--)
    for (int i = 1; i <= 9; i++) {
      sk_bits both = place ? sk_bits_and(a->on[i - 1], b->on[i - 1]) : sk_bits_and(a->off[i - 1], b->off[i - 1]);
      sk_bits_clear(&both, c0);
      for (int c; (c = sk_bits_pop(&both)) >= 0; ) {
        begin(x, F_VERITY, c, i, place, E_CELL, 0);
        chain(x, on, normal(c, i, place));
        chain(x, off, normal(c, i, place));
        finish(x);
      }
    }
}

/* checkEntryList: what every "set" table of a list implies. */
static void check_list(fctx *x, const int *p, int n) {
  sk_bits on[9], off[9];
  for (int i = 0; i < 9; i++) {
    on[i] = x->tab[p[0]].on[i];
    off[i] = x->tab[p[0]].off[i];
    for (int k = 1; k < n; k++) {
      on[i] = sk_bits_and(on[i], x->tab[p[k]].on[i]);
      off[i] = sk_bits_and(off[i], x->tab[p[k]].off[i]);
    }
  }
  for (int j = 1; j <= 9; j++) {
    for (sk_bits b = on[j - 1]; !sk_bits_empty(b); ) {
      int c = sk_bits_pop(&b);
      begin(x, F_VERITY, c, j, 1, E_CELL, 0);
      for (int k = 0; k < n; k++) chain(x, p[k], normal(c, j, 1));
      finish(x);
    }
    for (sk_bits b = off[j - 1]; !sk_bits_empty(b); ) {
      int c = sk_bits_pop(&b);
      begin(x, F_VERITY, c, j, 0, E_CELL, 0);
      for (int k = 0; k < n; k++) chain(x, p[k], normal(c, j, 0));
      finish(x);
    }
  }
}

/* checkAllChainsForHouse: cells, then rows, columns, boxes per digit. */
static void check_houses(fctx *x) {
  const sk_grid *g = x->g;
  int p[9];
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    int n = 0;
    for (sk_mask m = g->cand[c]; m; m &= m - 1) p[n++] = normal(c, sk_mask_first(m), 1);
    if (n) check_list(x, p, n);
  }
  for (int k = 0; k < 3; k++)
    for (int h = 0; h < 9; h++)
      for (int d = 1; d <= 9; d++) {
        sk_bits in = sk_bits_and(sk_house_bits[k * 9 + h], g->dcells[d - 1]);
        if (sk_bits_empty(in)) continue;
        int n = 0;
        for (int c; (c = sk_bits_pop(&in)) >= 0; ) p[n++] = normal(c, d, 1);
        check_list(x, p, n);
      }
}

/* {====== sorting */

/* TablingComparator.compare */
static int fcmp(const fstep *a, const fstep *b) {
  if (a->place != b->place) return a->place ? -1 : 1;
  int equiv = a->type == b->type && a->cell == b->cell && (a->place || a->digit == b->digit);
  if (a->place) {
    if (!equiv) return a->cell == b->cell ? 1 : a->cell - b->cell;
    return a->len - b->len;
  }
  if (!equiv) {
    int r = (a->cell * 10 + a->digit) - (b->cell * 10 + b->digit);
    if (r) return r;
  }
  return a->len - b->len;
}

/* Java's binary insertion sort for short lists (TimSort below 32
** elements sorts so), a stable merge sort above. */
static void fsort(const fctx *x, int *idx, int *tmp, int n) {
  if (n < 32) {
    for (int i = 1; i < n; i++) {
      int pv = idx[i], lo = 0, hi = i;
      while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (fcmp(&x->st[pv], &x->st[idx[mid]]) < 0) hi = mid;
        else lo = mid + 1;
      }
      memmove(idx + lo + 1, idx + lo, (size_t)(i - lo) * sizeof *idx);
      idx[lo] = pv;
    }
    return;
  }
  int h = n / 2;
  fsort(x, idx, tmp, h);
  fsort(x, idx + h, tmp, n - h);
  int i = 0, j = h, k = 0;
  while (i < h && j < n) tmp[k++] = fcmp(&x->st[idx[j]], &x->st[idx[i]]) < 0 ? idx[j++] : idx[i++];
  while (i < h) tmp[k++] = idx[i++];
  while (j < n) tmp[k++] = idx[j++];
  memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

/* {====== the chains as HoDoKu prints them under the step */

typedef struct dstr {
  char *p;
  size_t n, cap;
  int oom;
} dstr;

static void dputs(dstr *d, const char *str) {
  size_t k = strlen(str);
  if (d->oom) return;
  if (d->n + k + 1 > d->cap) {
    size_t cap = d->cap ? d->cap : 1024;
    while (cap < d->n + k + 1) cap *= 2;
    char *q = realloc(d->p, cap);
    if (!q) { d->oom = 1; return; }
    d->p = q;
    d->cap = cap;
  }
  memcpy(d->p + d->n, str, k + 1);
  d->n += k;
}

/* appendForcingChainEntry: the node's cell ("r2c2"; a group node's cells,
** "r6c123"; an ALS node "ALS:" and its cells, "ALS:r1c12,r3c4", the cells
** as sk_text_cell_str prints them), "=" when it is set, "<>" when deleted,
** and its digit */
static void dnode(dstr *d, const tb_links *L, int n) {
  int cells[SK_CELLS], nc = 0;
  if (tb_is_group(n)) {
    const tb_group *gr = tb_grp(L, n);
    for (int i = 0; i < 3; i++)
      if (gr->cell[i] >= 0) cells[nc++] = gr->cell[i];
  } else if (tb_is_als(n)) {
    sk_bits b = tb_als_of(L, n)->cells;
    for (int c; (c = sk_bits_pop(&b)) >= 0; ) cells[nc++] = c;
    dputs(d, "ALS:");
  } else {
    cells[nc++] = tb_cell(L, n);
  }
  /* HoDoKu's getCompactCellPrint, as its forcing chain text prints a group
  ** or an ALS node's cells */
  char b[4 * SK_CELLS + 16];
  sk_text_cell_str(b, sizeof b - 16, cells, nc);
  size_t k = strlen(b);
  snprintf(b + k, sizeof b - k, "%s%d", tb_on(n) ? "=" : "<>", tb_digit(L, n));
  dputs(d, b);
}

/* getForcingChainString(chain, weakLinks = true) of ch[0 .. n): main
** nodes, branch nodes as -(node + 1), TB_BRANCH_END closing a branch (as
** tb_nets_chain lists them).  A chain ending in a branch's end prints what
** HoDoKu makes of that marker: "r1c1<>0". */
static void dchain(dstr *d, const tb_links *L, const int32_t *ch, int n) {
  if (n <= 0) return;
  dnode(d, L, ch[0] < 0 ? -(ch[0] + 1) : ch[0]);
  int in_min = 0;
  for (int i = 1; i < n - 1; i++) {
    if (ch[i] == TB_BRANCH_END) {
      dputs(d, ")");
      in_min = 0;
      continue;
    }
    int blank = 1;
    if (ch[i] < 0 && !in_min) dputs(d, " ("), in_min = 1, blank = 0;
    if (ch[i] >= 0 && in_min) dputs(d, ")"), in_min = 0;
    if (blank) dputs(d, " ");
    dnode(d, L, ch[i] < 0 ? -(ch[i] + 1) : ch[i]);
  }
  dputs(d, " ");
  if (ch[n - 1] == TB_BRANCH_END) dputs(d, "r1c1<>0");
  else dnode(d, L, ch[n - 1] < 0 ? -(ch[n - 1] + 1) : ch[n - 1]);
}

/* }====== */

/* {====== hints */

/* The hint of step t; *detail (malloc'd, or NULL when out of memory) its
** chains, one line each. */
static void make_hint(const fctx *x, const fstep *t, sk_hint *h, char **detail) {
  const sk_host *host = x->s->host;
  host->hint_init(h);
  if (x->N) h->name = t->type == F_CONTRA ? "Forcing Net Contradiction" : "Forcing Net Verity";
  else h->name = t->type == F_CONTRA ? "Forcing Chain Contradiction" : "Forcing Chain Verity";
  h->fig[SK_FIG_TYPE] = t->type;
  h->fig[SK_FIG_LENGTH] = t->len;
  if (t->place) {
    sk_hint_place(h, t->cell, t->digit);
  } else {
    sk_hint_elim(h, t->cell, t->digit);
  }
  dstr d = {NULL, 0, 0, 0};
  enum { MAXN = 3 * TB_MAX_ENTRIES };
  int32_t *ch = malloc(MAXN * sizeof *ch);
  for (int k = 0; k < t->nch && ch; k++) {
    int nn = 0;
    if (x->N) {
      int net;
      tb_nets_chain(x->N, x->chs[t->ch + k].table, x->chs[t->ch + k].entry, &net, ch, &nn, MAXN);
    } else {
      /* the entry's parents back to the premise, then premise first */
      const ftab *tb = &x->tab[x->chs[t->ch + k].table];
      const int16_t *par = x->parent + tb->at;
      for (int i = x->chs[t->ch + k].entry; i >= 0 && nn < TB_MAX_ENTRIES; i = par[i])
        ch[nn++] = x->node[tb->at + i];
      for (int a = 0, b = nn - 1; a < b; a++, b--) { int32_t v = ch[a]; ch[a] = ch[b]; ch[b] = v; }
    }
    for (int i = 0; i < nn; i++) {
      int n = ch[i] == TB_BRANCH_END ? -1 : ch[i] < 0 ? -(ch[i] + 1) : ch[i];
      if (n >= 0 && tb_is_normal(n)) sk_hint_focus(h, tb_cell(x->L, n), tb_digit(x->L, n));
    }
    if (k) dputs(&d, "\n");
    dchain(&d, x->L, ch, nn);
  }
  free(ch);
  if (!ch || d.oom) free(d.p), d.p = NULL;
  *detail = d.p;
  host->hint_printf(h, "%s", h->name);
  if (t->type == F_CONTRA) {
    char b[8];
    if (t->entity == E_CELL) host->hint_printf(h, " in %s", sk_cell_name(t->number, b));
    else host->hint_printf(h, " in %c%d", "brc"[t->entity], t->number + 1);
  }
}

/* {====== the search */

/* The search's large scratch arrays hang on the rating (host
** set_rating_aux), so that the forcing searches of one rating allocate and
** touch them once.  A flag tells the destroy callback whether a search is
** still using them (set_rating_aux destroys at once without a rating). */
typedef struct fscratch {
  ftab *tab;
  int *key;
  uint16_t *where;
  int in_use, orphan;
} fscratch;

static const char scratch_key = 0;   /* the rating data's key: its address */

static void scratch_free(fscratch *f) {
  free(f->tab);
  free(f->key);
  free(f->where);
  free(f);
}

static void scratch_destroy(void *p) {
  fscratch *f = p;
  if (f->in_use) f->orphan = 1;
  else scratch_free(f);
}

/* the rating's scratch arrays, or new ones (*own: the caller frees them) */
static fscratch *scratch_get(const sk_search *s, int *own) {
  *own = 0;
  fscratch *f = s->host->get_aux(s, &scratch_key);
  if (f) return f;
  f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->tab = malloc(TB_NODES * sizeof *f->tab);
  f->key = malloc(4 * 729 * sizeof *f->key);
  f->where = malloc((size_t)TB_NODES * TB_NODES * sizeof *f->where);
  if (!f->tab || !f->key || !f->where) {
    scratch_free(f);
    return NULL;
  }
  f->in_use = 1;
  s->host->set_rating_aux(s, &scratch_key, f, scratch_destroy);
  f->in_use = 0;
  if (f->orphan) *own = 1;
  return f;
}

/* table p's sets and entry index: its entries node[0 .. n), at at in the
** pools (chains) */
static void index_table(fctx *x, int p, int at, const uint16_t *node, int n) {
  ftab *t = &x->tab[p];
  memset(t, 0, sizeof *t);
  t->at = at;
  t->n = n;
  uint16_t *wh = x->where + (size_t)p * TB_NODES;
  for (int i = 0; i < n; i++) {
    int v = node[i];
    if (!tb_is_normal(v)) continue;
    sk_bits_set((v & 1) ? &t->on[(v >> 1) % 9] : &t->off[(v >> 1) % 9], v / 18);
    wh[v] = (uint16_t)i;
  }
}

static int search(const sk_search *s, int nets) {
  const sk_host *host = s->host;
  fctx x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.g = s->grid;
  x.only_one = host->param(s, "only-one-chain-per-step", 1) != 0;
  int every = host->param(s, "all-steps", 0) != 0;
  int als = host->param(s, "als", 0) != 0;
  int maxe = (int)host->param(s, "max-table-entry-length", TB_MAX_ENTRIES);
  if (maxe < 2 || maxe > TB_MAX_ENTRIES) maxe = TB_MAX_ENTRIES;
  int r = SK_SEARCH_DONE, own = 0, own_scratch = 0;
  fscratch *scr = scratch_get(s, &own_scratch);
  if (!scr) goto done;
  x.tab = scr->tab;
  x.key = scr->key;
  x.where = scr->where;
  for (int i = 0; i < 4 * 729; i++) x.key[i] = -1;
  const sk_grid *g = x.g;
  for (int d = 0; d < 9; d++) {
    sk_bits a = {{~0ull, (1ull << 17) - 1}};
    for (int c = 0; c < SK_CELLS; c++)
      if (g->value[c] == d + 1) a = sk_bits_andnot(a, sk_peer_bits[c]);
    for (int c = 0; c < SK_CELLS; c++)
      if (g->value[c]) sk_bits_clear(&a, c);
    x.allowed[d] = a;
    x.ahouse[d] = houses_of(a);
  }
  for (int c = 0; c < SK_CELLS; c++) {
    if (!g->value[c]) sk_bits_set(&x.empty, c);
    x.hm[c] = 1u << sk_cell_house[c][0] | 1u << sk_cell_house[c][1] | 1u << sk_cell_house[c][2];
  }
  if (!nets) {
    /* every candidate's two tables, shared (the engine's budget is asked
    ** as they are made: a stopped search, like one out of memory, finds
    ** nothing) */
    x.tabs = tb_get_tables(s, 1, als, maxe, &own);
    if (!x.tabs) goto done;
    x.L = &x.tabs->L;
    x.node = x.tabs->node;
    x.parent = x.tabs->parent;
    x.dist = x.tabs->dist;
    x.tmp = x.L->stale_set;
    x.v0 = x.L->stale_first;
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask m = g->cand[c]; m; m &= m - 1)
        for (int on = 1; on >= 0; on--) {
          int p = normal(c, sk_mask_first(m), on);
          index_table(&x, p, x.tabs->at[p], x.tabs->node + x.tabs->at[p], x.tabs->n[p]);
        }
  } else {
    /* the links of the chain tables of this grid when they were made
    ** (forcing chains are tried first), else the nets' own */
    x.L = tb_peek_links(s, 1, 0);
    if (!x.L) {
      x.own_links = calloc(1, sizeof *x.own_links);
      if (!x.own_links) goto done;
      if (tb_build_links(x.own_links, g, 1, 0) != 0) goto done;
      x.L = x.own_links;
    }
    x.tmp = x.L->stale_set;
    x.v0 = x.L->stale_first;
    int look = (int)host->param(s, "look-ahead", 4);
    if (look < 0) look = 0;
    x.N = tb_nets_new(x.L, g, maxe, look, s);
    if (!x.N) goto done;
    /* only the first step wanted: lengths and net flags as it needs them */
    x.defer = !every;
    tb_nets_stale(x.N, &x.tmp, &x.v0);
    /* every candidate's two net tables; the engine's budget is asked at
    ** each cell */
    for (int c = 0; c < SK_CELLS && !x.oom; c++) {
      if (s->host->should_stop(s)) { x.oom = 1; break; }
      for (sk_mask m = g->cand[c]; m; m &= m - 1)
        for (int on = 1; on >= 0; on--) {
          int p = normal(c, sk_mask_first(m), on);
          int n;
          const uint16_t *nd = tb_nets_nodes(x.N, p, &n);
          index_table(&x, p, 0, nd, n);
        }
    }
  }
  if (x.oom) goto done;
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m);
      check_one(&x, normal(c, d, 1));
      check_one(&x, normal(c, d, 0));
    }
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) check_two(&x, c, sk_mask_first(m));
  check_houses(&x);
  if (x.defer && !x.oom) settle(&x);
  if (x.oom || !x.nst) goto done;
  int *idx = malloc((size_t)x.nst * 2 * sizeof *idx);
  if (!idx) goto done;
  for (int i = 0; i < x.nst; i++) idx[i] = i;
  fsort(&x, idx, idx + x.nst, x.nst);
  sk_hint h;
  for (int i = 0; i < (every ? x.nst : 1); i++) {
    char *chains;
    make_hint(&x, &x.st[idx[i]], &h, &chains);
    h.order = i;
    sk_hint_extra more = {sizeof more, 0, NULL, chains};
    int stop = host->emit_with(s, &h, &more);
    free(chains);
    if (stop) { r = SK_SEARCH_STOPPED; break; }
  }
  free(idx);
done:
  tb_nets_free(x.N);
  if (x.own_links) tb_free_links(x.own_links);
  free(x.own_links);
  if (own) tb_tables_free(x.tabs);
  if (own_scratch) scratch_free(scr);
  free(x.st);
  free(x.lg);
  free(x.chs);
  return r;
}

static int search_chains(const sk_search *s) { return search(s, 0); }
static int search_nets(const sk_search *s) { return search(s, 1); }

static const sk_technique forcing_chain = {"forcing-chain", "Forcing Chain", SK_TECH_COLLECT, search_chains, NULL};
static const sk_technique forcing_net = {"forcing-net", "Forcing Net", SK_TECH_COLLECT, search_nets, NULL};

int tb_register_forcing(const sk_host *host, sk_registry *reg) {
  if (host->register_technique(reg, &forcing_chain) != 0) return -1;
  return host->register_technique(reg, &forcing_net);
}
