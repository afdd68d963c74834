/*
** nets.c -- the implication tables of HoDoKu's Forcing Nets
** (TablingSolver.fillTables with chainsOnly off, getTableEntry, setCell,
** getRetIndicesForHouse, expandTables; buildChain and addChain for the
** nets' chains).  The checks that find the nets' contradictions and
** verities are forcing.c's (HoDoKu runs the same checks for chains and
** nets); forcing.c asks this unit for the tables and the chains.
**
** Rule.  A net's table holds what follows from its premise (a candidate
** set or deleted) with singles looked ahead: the premise is applied to a
** copy of the grid (a set candidate deletes the digit from the cell's
** peers and the cell's other candidates; a deleted candidate that leaves
** one candidate sets it), then, look-ahead times (4, HoDoKu's
** anzTableLookAhead), every naked single and then every hidden single of
** the copy is set.  An entry set by a single records where it came from:
** a naked single its cell's other original candidates deleted, a hidden
** single the other original places of its digit in the house of its cell
** that held the digit fewest times before it was set (row, then column,
** then box on ties); the first of at most five is its parent, the others
** are the net's branches.  The copy is HoDoKu's Sudoku2: its singles
** queues (naked singles as cells fell to one candidate, hidden singles as
** a house's count of a digit fell to one, the first such place in house
** order; a count falling to zero drops the first queued entry of that
** digit in that house), its counts per house, a cell losing its last
** candidate keeping its counts, and a cell set twice taking the second
** digit; every quirk gives HoDoKu's tables, so they are all kept.  The
** group nodes' links (tabling.h) follow each table's singles, with the
** premise as parent.  Each table is then expanded as the chain tables are
** (table.c): its entries are walked in order and each appends the entries
** of its own table not yet in this one, with distance that entry's plus
** its own; an entry appended so is rewritten to a later source giving a
** strictly shorter distance (distances kept in HoDoKu's 9 bits).
**
** A chain to an entry walks the parents back to the premise, through the
** source tables of appended entries, and collects the branches met on
** the way; each branch is walked back (from its place in the premise's
** table) until it meets a node of the main chain.  HoDoKu's chain length
** is the main chain's nodes plus, for each branch, its nodes up to the
** meeting one and one separator; a step is a net when a chain has a
** branch (forcing.c drops the others: they are forcing chains).
**
** Options: forcing.c's (max-table-entry-length, only-one-chain-per-step,
** all-steps) and look-ahead (4: rounds of singles).  Nets use no ALS
** nodes (HoDoKu's allowAlsInTablingChains, off by default and in its
** regression tester for nets).
**
** Speed (the tables and chains are HoDoKu's whatever the representation):
** the look-ahead copy keeps a cell set per digit besides the candidate
** masks, so that a set cell visits only the peers holding its digit and a
** hidden single's first place in its house is a bit scan (houses list
** their cells ascending); a table's entries are cleared where they were
** written, not whole; the expansion reads one packed node|distance word
** per fill entry and one mark per node (generation << 16 | place), and
** records for every appended entry its place in its source's fill table,
** so that a chain's walk never searches a table; a branch's head is found
** by its place in the premise's fill, else by a map of the premise's table
** kept for the last premise asked; the main chain's nodes and the
** branches' meeting nodes are marked per chain, not searched.
*/
#include "tabling.h"

#define NET_SLOTS 5
#define NET_MAX_MINS 200          /* HoDoKu's mins[] */
#define NET_QUEUE 512

/* {====== HoDoKu's Sudoku2, as far as the look-ahead uses it */

typedef struct squeue {
  uint8_t cell[NET_QUEUE], val[NET_QUEUE];
  int put;
} squeue;

typedef struct sudo {
  uint8_t value[SK_CELLS];
  sk_mask cells[SK_CELLS];
  sk_bits dc[9];                  /* dc[d - 1]: the cells whose cells[] hold d */
  int8_t free[SK_HOUSES][10];
  squeue ns, hs;
} sudo;

static void q_add(squeue *q, int cell, int v) {
  if (q->put >= NET_QUEUE) return;
  q->cell[q->put] = (uint8_t)cell;
  q->val[q->put++] = (uint8_t)v;
}

/* SudokuSinglesQueue.deleteHiddenSingle: the first entry of digit v whose
** cell is in house h */
static void q_del_hidden(squeue *q, int h, int v) {
  for (int i = 0; i < q->put; i++) {
    int c = q->cell[i];
    if (q->val[i] != v) continue;
    if (sk_cell_house[c][0] != h && sk_cell_house[c][1] != h && sk_cell_house[c][2] != h) continue;
    memmove(q->cell + i, q->cell + i + 1, (size_t)(q->put - i - 1));
    memmove(q->val + i, q->val + i + 1, (size_t)(q->put - i - 1));
    q->put--;
    return;
  }
}

/* Sudoku2.addHiddenSingle: the first place of v in house h */
static void add_hidden(sudo *s, int h, int v) {
  /* a house's cells ascend in house order */
  sk_bits in = sk_bits_and(sk_house_bits[h], s->dc[v - 1]);
  if (!sk_bits_empty(in)) q_add(&s->hs, sk_bits_first(in), v);
}

/* Sudoku2.setCandidate(index, value, false) */
static void s_del(sudo *s, int c, int v) {
  if (!(s->cells[c] & SK_BIT(v))) return;
  s->cells[c] &= (sk_mask)~SK_BIT(v);
  sk_bits_clear(&s->dc[v - 1], c);
  if (!s->cells[c]) return;
  if (sk_mask_count(s->cells[c]) == 1) q_add(&s->ns, c, sk_mask_first(s->cells[c]));
  for (int i = 0; i < 3; i++) {
    int h = sk_cell_house[c][i];
    int nf = --s->free[h][v];
    if (nf == 1) add_hidden(s, h, v);
    else if (nf == 0) q_del_hidden(&s->hs, h, v);
  }
}

/* Sudoku2.setCell(index, value) */
static void s_set(sudo *s, int c, int v) {
  if (s->value[c] == v) return;
  s->value[c] = (uint8_t)v;
  sk_mask cands = s->cells[c];
  s->cells[c] = 0;
  for (sk_mask m = cands; m; m &= m - 1) sk_bits_clear(&s->dc[sk_mask_first(m) - 1], c);
  /* the peers holding v, ascending (s_del leaves the others alone) */
  sk_bits p = sk_bits_and(sk_peer_bits[c], s->dc[v - 1]);
  for (int b; (b = sk_bits_pop(&p)) >= 0; ) s_del(s, b, v);
  for (sk_mask m = cands; m; m &= m - 1) {
    int x = sk_mask_first(m);
    for (int i = 0; i < 3; i++) {
      int h = sk_cell_house[c][i];
      int nf = --s->free[h][x];
      if (nf == 1 && x != v) add_hidden(s, h, x);
    }
  }
}

/* }====== */

/* one table as filled (before expansion) */
typedef struct nfill {
  int at, n;                      /* its entries in the fill pools */
} nfill;

/* one premise's expanded table */
typedef struct etab {
  int at, n, nfill;               /* entries in the expansion pools; the first nfill are the fill's */
} etab;

struct tb_nets {
  const tb_links *L;
  const sk_grid *g;
  int maxe, lookahead;
  nfill *fill;                    /* per node < L->nnodes */
  struct fent { uint16_t slot[NET_SLOTS], node; } *fe;   /* what the chains read */
  uint32_t *fnd;                  /* node | distance << 16 (what the expansion reads) */
  int nf, capf;
  etab *e;                        /* per normal node */
  uint16_t *enode, *edist;
  int16_t *epar;                  /* appended entries: the entry they came from ... */
  uint16_t *epos;                 /* ... and their place in that entry's fill table */
  uint32_t *elen;                 /* per entry: 0, or its chain's length * 2 + is_net + 2 */
  int ne, cape;
  uint32_t *mark;                 /* membership scratch, per node: now << 16 | position */
  uint32_t now;                   /* 1 .. 0xffff */
  int mapp;                       /* the premise whose table mark[] maps, or -1 */
  uint32_t *inmain, mgen;         /* per node: mgen when in the main chain (but its end) */
  uint32_t *meet;                 /* per node: mgen when a branch meets the main chain there */
  /* HoDoKu's scratch set tmpSet as the fill leaves it (see forcing.c) */
  sk_bits tmp;
  int v0;
  /* chain building */
  uint16_t *main, *mins;
  int minlen[NET_MAX_MINS];
  int minat[NET_MAX_MINS];        /* a branch head's entry when known, else -1 */
  int oom;
};

static int grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return 0;
  int c = *cap ? *cap : 4096;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * size);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

/* {====== filling one table */

typedef struct ftmp {
  int n, maxe;
  uint16_t node[TB_MAX_ENTRIES];
  uint16_t slot[TB_MAX_ENTRIES][NET_SLOTS];
  uint16_t dist[TB_MAX_ENTRIES];
  uint16_t where[TB_NODES];       /* valid where in[] says so */
  uint8_t in[TB_NODES];
} ftmp;

/* TableEntry.addEntry with TableEntry.makeSRetIndex's ordering of the
** return indices: the largest first, the others as the swaps leave them */
static void f_add(ftmp *F, int node, const int *ri) {
  if (F->n >= F->maxe) return;
  if (tb_is_normal(node)) {
    if (F->in[node]) return;
    F->in[node] = 1;
    F->where[node] = (uint16_t)F->n;
  }
  uint16_t *sl = F->slot[F->n];
  int r0 = ri ? ri[0] : 0;
  if (r0 > 4096) r0 = 0;
  int d = r0 < F->n ? F->dist[r0] + 1 : 1;
  /* each later index swapped with the first when larger */
  for (int i = 1; i < NET_SLOTS; i++) {
    int r = ri ? ri[i] : 0;
    if (r > 1023) r = 0;
    if (r > r0) {
      sl[i] = (uint16_t)r0;
      r0 = r;
    } else {
      sl[i] = (uint16_t)r;
    }
  }
  sl[0] = (uint16_t)r0;
  F->node[F->n] = (uint16_t)node;
  F->dist[F->n] = (uint16_t)(d & 0x1ff);
  F->n++;
}

/* an empty table: in[] cleared where the last one set it */
static void f_clear(ftmp *F) {
  for (int i = 0; i < F->n; i++)
    if (tb_is_normal(F->node[i])) F->in[F->node[i]] = 0;
  F->n = 0;
}

/* f_add with one return index (the others 0): ret 0 for none */
static void f_add1(ftmp *F, int node, int ret) {
  if (F->n >= F->maxe) return;
  if (tb_is_normal(node)) {
    if (F->in[node]) return;
    F->in[node] = 1;
    F->where[node] = (uint16_t)F->n;
  }
  if (ret > 4096) ret = 0;
  uint16_t *sl = F->slot[F->n];
  sl[0] = (uint16_t)ret;
  for (int i = 1; i < NET_SLOTS; i++) sl[i] = 0;
  F->node[F->n] = (uint16_t)node;
  F->dist[F->n] = (uint16_t)((ret < F->n ? F->dist[ret] + 1 : 1) & 0x1ff);
  F->n++;
}

static int f_pos(const ftmp *F, int node) { return F->in[node] ? F->where[node] : 0; }

/* TablingSolver.setCell */
static void t_set(tb_nets *N, ftmp *F, sudo *s, int c, int v, int getret, int naked) {
  const sk_grid *g = N->g;
  sk_bits tmp = sk_bits_and(g->dcells[v - 1], sk_peer_bits[c]);
  sk_mask cands = s->cells[c];
  int ent = 0, best = s->free[sk_cell_house[c][0]][v];
  if (s->free[sk_cell_house[c][1]][v] < best) { ent = 1; best = s->free[sk_cell_house[c][1]][v]; }
  if (s->free[sk_cell_house[c][2]][v] < best) ent = 2;
  s_set(s, c, v);
  int ret = F->n;
  int ri[NET_SLOTS] = {0, 0, 0, 0, 0};
  if (getret) {
    int k = 0;
    if (naked) {
      for (sk_mask m = g->cand[c]; m && k < NET_SLOTS; m &= m - 1) {
        int x = sk_mask_first(m);
        if (x != v) ri[k++] = f_pos(F, tb_node(c, x, 0));
      }
    } else {
      sk_bits in = sk_bits_and(g->dcells[v - 1], sk_house_bits[sk_cell_house[c][ent]]);
      sk_bits_clear(&in, c);
      for (int x; k < NET_SLOTS && (x = sk_bits_pop(&in)) >= 0; ) ri[k++] = f_pos(F, tb_node(x, v, 0));
    }
  }
  f_add(F, tb_node(c, v, 1), ri);
  if (!sk_bits_empty(tmp)) {
    N->tmp = tmp;
    N->v0 = sk_bits_first(tmp);
  } else {
    N->tmp = tmp;
  }
  for (int b; (b = sk_bits_pop(&tmp)) >= 0; ) f_add1(F, tb_node(b, v, 0), ret);
  for (sk_mask m = cands; m; m &= m - 1) {
    int x = sk_mask_first(m);
    if (x != v) f_add1(F, tb_node(c, x, 0), ret);
  }
}

/* TablingSolver.getTableEntry for premise p, then the group nodes' links */
static void fill_one(tb_nets *N, ftmp *F, const sudo *orig, int p) {
  sudo s;
  /* the grid without its queues (empty) */
  memcpy(s.value, orig->value, sizeof s.value);
  memcpy(s.cells, orig->cells, sizeof s.cells);
  memcpy(s.dc, orig->dc, sizeof s.dc);
  memcpy(s.free, orig->free, sizeof s.free);
  s.ns.put = s.hs.put = 0;
  int c = p / 18, v = (p >> 1) % 9 + 1;
  f_clear(F);
  if (p & 1) {
    t_set(N, F, &s, c, v, 0, 0);
  } else {
    s_del(&s, c, v);
    f_add1(F, p, 0);
    if (sk_mask_count(s.cells[c]) == 1) t_set(N, F, &s, c, sk_mask_first(s.cells[c]), 0, 1);
  }
  for (int r = 0; r < N->lookahead; r++) {
    int sc[2 * SK_CELLS + NET_QUEUE], sv[2 * SK_CELLS + NET_QUEUE], sn[2 * SK_CELLS + NET_QUEUE], k = 0;
    for (int i = 0; i < s.ns.put; i++)
      if (!s.value[s.ns.cell[i]]) { sc[k] = s.ns.cell[i]; sv[k] = s.ns.val[i]; sn[k++] = 1; }
    uint8_t found[SK_CELLS] = {0};
    for (int i = 0; i < s.hs.put; i++) {
      int x = s.hs.cell[i], y = s.hs.val[i];
      if (s.value[x] || found[x]) continue;
      for (int j = 0; j < 3; j++)
        if (s.free[sk_cell_house[x][j]][y] == 1) {
          sc[k] = x; sv[k] = y; sn[k++] = 0;
          found[x] = 1;
          break;
        }
    }
    for (int i = 0; i < k; i++) t_set(N, F, &s, sc[i], sv[i], 1, sn[i]);
  }
  /* fillTablesWithGroupNodes: the links to group nodes, premise as parent */
  const tb_links *L = N->L;
  for (uint32_t i = L->first[p], e = L->first[p + 1]; i < e; i++)
    if (tb_is_group(L->to[i])) f_add1(F, L->to[i], 0);
}

static int store_fill(tb_nets *N, int node, const ftmp *F) {
  int old = N->capf;
  if (grow((void **)&N->fe, &N->capf, N->nf + F->n, sizeof *N->fe)) return -1;
  int cap = N->capf;
  /* the other pool follows the first's capacity */
  if (cap != old || !N->fnd) {
    uint32_t *di = realloc(N->fnd, (size_t)cap * sizeof *di);
    if (!di) return -1;
    N->fnd = di;
  }
  N->fill[node].at = N->nf;
  N->fill[node].n = F->n;
  for (int i = 0; i < F->n; i++) {
    struct fent *t = &N->fe[N->nf + i];
    memcpy(t->slot, F->slot[i], sizeof t->slot);
    t->node = F->node[i];
    N->fnd[N->nf + i] = F->node[i] | (uint32_t)F->dist[i] << 16;
  }
  N->nf += F->n;
  return 0;
}

/* }====== */

/* {====== expansion */

/* a new generation of mark[] */
static uint32_t next_mark(tb_nets *N) {
  if (++N->now > 0xffff) {
    memset(N->mark, 0, (size_t)N->L->nnodes * sizeof *N->mark);
    N->now = 1;
  }
  return N->now;
}

static int expand(tb_nets *N, int p) {
  const nfill *fp = &N->fill[p];
  int maxe = N->maxe;
  int old = N->cape;
  if (grow((void **)&N->enode, &N->cape, N->ne + maxe, sizeof *N->enode)) return -1;
  if (N->cape != old || !N->edist) {
    /* the other pools follow the node pool's capacity */
    uint16_t *di = realloc(N->edist, (size_t)N->cape * sizeof *di);
    if (!di) return -1;
    N->edist = di;
    int16_t *pa = realloc(N->epar, (size_t)N->cape * sizeof *pa);
    if (!pa) return -1;
    N->epar = pa;
    uint16_t *po = realloc(N->epos, (size_t)N->cape * sizeof *po);
    if (!po) return -1;
    N->epos = po;
    uint32_t *el = realloc(N->elen, (size_t)N->cape * sizeof *el);
    if (!el) return -1;
    N->elen = el;
  }
  /* the pools do not overlap: restrict lets the loops keep them in registers */
  uint16_t *restrict node = N->enode + N->ne, *restrict dist = N->edist + N->ne;
  uint16_t *restrict epos = N->epos + N->ne;
  int16_t *restrict par = N->epar + N->ne;
  uint32_t now = next_mark(N) << 16;
  uint32_t *restrict mark = N->mark;
  const uint32_t *restrict fnd = N->fnd;
  const nfill *restrict fill = N->fill;
  int n = 0;
  for (int i = 0; i < fp->n && n < maxe; i++) {
    uint32_t v = fnd[fp->at + i];
    int x = (int)(v & 0xffff);
    node[n] = (uint16_t)x;
    dist[n] = (uint16_t)(v >> 16);
    par[n] = -1;
    if ((mark[x] & 0xffff0000u) != now) mark[x] = now | (uint32_t)n;
    n++;
  }
  int nf = n;
  int nnodes = N->L->nnodes;
  for (int j = 1; j < n && n < maxe; j++) {
    int src = node[j];
    if (src >= nnodes) continue;
    int sn = fill[src].n;
    if (sn == 0) continue;
    int base = dist[j];
    const uint32_t *restrict sv = fnd + fill[src].at;
    for (int k = 1; k < sn; k++) {
      uint32_t v = sv[k];
      int x = (int)(v & 0xffff);
      int d = base + (int)(v >> 16);
      uint32_t m = mark[x];
      if ((m & 0xffff0000u) == now) {
        int at = (int)(m & 0xffff);
        if (at >= nf && dist[at] > d) {
          par[at] = (int16_t)j;
          epos[at] = (uint16_t)k;
          dist[at] = (uint16_t)(d & 0x1ff);
        }
        continue;
      }
      if (n >= maxe) continue;
      mark[x] = now | (uint32_t)n;
      node[n] = (uint16_t)x;
      par[n] = (int16_t)j;
      epos[n] = (uint16_t)k;
      dist[n] = (uint16_t)(d & 0x1ff);
      n++;
    }
  }
  memset(N->elen + N->ne, 0, (size_t)n * sizeof *N->elen);
  N->e[p].at = N->ne;
  N->e[p].n = n;
  N->e[p].nfill = nf;
  N->ne += n;
  return 0;
}

/* }====== */

/* NULL when memory runs out or s's budget stops it (asked at each cell:
** the tables of one grid take milliseconds); s may be NULL */
tb_nets *tb_nets_new(const tb_links *L, const sk_grid *g, int max_entries, int lookahead,
                     const sk_search *s) {
  tb_nets *N = calloc(1, sizeof *N);
  ftmp *F = calloc(1, sizeof *F);
  if (!N || !F) goto fail;
  N->L = L;
  N->g = g;
  N->maxe = max_entries;
  N->lookahead = lookahead;
  N->v0 = L->stale_first;
  N->mapp = -1;
  N->fill = calloc((size_t)L->nnodes, sizeof *N->fill);
  N->e = calloc(TB_NODES, sizeof *N->e);
  N->mark = calloc((size_t)L->nnodes, sizeof *N->mark);
  N->inmain = calloc((size_t)L->nnodes, sizeof *N->inmain);
  N->meet = calloc((size_t)L->nnodes, sizeof *N->meet);
  N->main = malloc(TB_MAX_ENTRIES * sizeof *N->main);
  N->mins = malloc((size_t)NET_MAX_MINS * TB_MAX_ENTRIES * sizeof *N->mins);
  if (!N->fill || !N->e || !N->mark || !N->inmain || !N->meet || !N->main || !N->mins) goto fail;
  F->maxe = max_entries;
  /* the pools sized for what tables of this many premises usually hold,
  ** so that few grow */
  int nprem = 0;
  for (int c = 0; c < SK_CELLS; c++) nprem += 2 * sk_mask_count(g->cand[c]);
  if (grow((void **)&N->fe, &N->capf, nprem * 32, sizeof *N->fe) ||
      grow((void **)&N->enode, &N->cape, nprem * 64 + max_entries, sizeof *N->enode))
    goto fail;
  /* the grid as HoDoKu's Sudoku2 holds it: its queues are empty when the
  ** solver reaches the nets (every single was taken before) */
  sudo *orig = calloc(1, sizeof *orig);
  if (!orig) goto fail;
  for (int c = 0; c < SK_CELLS; c++) {
    orig->value[c] = g->value[c];
    orig->cells[c] = g->cand[c];
    for (sk_mask m = g->cand[c]; m; m &= m - 1) sk_bits_set(&orig->dc[sk_mask_first(m) - 1], c);
    for (sk_mask m = g->cand[c]; m; m &= m - 1)
      for (int i = 0; i < 3; i++) orig->free[sk_cell_house[c][i]][sk_mask_first(m)]++;
  }
  for (int c = 0; c < SK_CELLS; c++) {
    if (s && s->host->should_stop(s)) { free(orig); goto fail; }
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m);
      for (int on = 1; on >= 0; on--) {
        int p = tb_node(c, d, on);
        fill_one(N, F, orig, p);
        if (store_fill(N, p, F)) { free(orig); goto fail; }
      }
    }
  }
  free(orig);
  /* the group nodes' tables: their own links */
  for (int x = TB_NODES; x < TB_ALS_NODES && x < L->nnodes; x++) {
    if ((x - TB_NODES) / 2 >= L->ngroup) break;
    f_clear(F);
    f_add1(F, x, 0);
    for (uint32_t i = L->first[x], e = L->first[x + 1]; i < e; i++) {
      if (F->n >= F->maxe) break;
      int y = L->to[i];
      if (tb_is_normal(y) && F->in[y]) continue;
      if (tb_is_normal(y)) { F->in[y] = 1; F->where[y] = (uint16_t)F->n; }
      F->node[F->n] = (uint16_t)y;
      memset(F->slot[F->n], 0, sizeof F->slot[F->n]);
      F->dist[F->n] = L->dist[i];
      F->n++;
    }
    if (store_fill(N, x, F)) goto fail;
  }
  /* HoDoKu's tmpSet after the group nodes' pass (table.c's emulation);
  ** without group nodes the fill's last */
  if (L->ngroup > 0) {
    N->tmp = L->stale_set;
    for (int i = 0; i < L->ngroup; i++) {
      const tb_group *gr = &L->group[i];
      sk_bits see = sk_bits_and(g->dcells[gr->digit - 1], gr->buddies);
      if (!sk_bits_empty(see)) N->v0 = sk_bits_first(see);
    }
  }
  for (int c = 0; c < SK_CELLS; c++) {
    if (s && s->host->should_stop(s)) goto fail;
    for (sk_mask m = g->cand[c]; m; m &= m - 1)
      for (int on = 1; on >= 0; on--)
        if (expand(N, tb_node(c, sk_mask_first(m), on))) goto fail;
  }
  free(F);
  return N;
fail:
  free(F);
  tb_nets_free(N);
  return NULL;
}

void tb_nets_free(tb_nets *N) {
  if (!N) return;
  free(N->fill);
  free(N->fe);
  free(N->fnd);
  free(N->e);
  free(N->enode);
  free(N->edist);
  free(N->epar);
  free(N->epos);
  free(N->elen);
  free(N->mark);
  free(N->inmain);
  free(N->meet);
  free(N->main);
  free(N->mins);
  free(N);
}

void tb_nets_stale(const tb_nets *N, sk_bits *tmp, int *v0) {
  *tmp = N->tmp;
  *v0 = N->v0;
}

const uint16_t *tb_nets_nodes(const tb_nets *N, int premise, int *n) {
  *n = N->e[premise].n;
  return N->enode + N->e[premise].at;
}

/* {====== chains */

/* position of node x in premise p's expanded table (its first; -1 if
** absent): mark[] maps the table last asked */
static int table_pos(tb_nets *N, int p, int x) {
  if (N->mapp != p) {
    uint32_t now = next_mark(N) << 16;
    const etab *E = &N->e[p];
    const uint16_t *nd = N->enode + E->at;
    for (int i = E->n - 1; i >= 0; i--) N->mark[nd[i]] = now | (uint32_t)i;
    N->mapp = p;
  }
  uint32_t m = N->mark[x];
  return (m >> 16) == N->now ? (int)(m & 0xffff) : -1;
}

static void add_cells(const tb_nets *N, sk_bits *set, int x) {
  if (tb_is_group(x)) {
    const tb_group *gr = tb_grp(N->L, x);
    for (int i = 0; i < 3; i++)
      if (gr->cell[i] >= 0) sk_bits_set(set, gr->cell[i]);
  } else {
    sk_bits_set(set, tb_cell(N->L, x));
  }
}

/* buildChain(entry, entryIndex, actChain, isMin, chainSet): from entry e
** of premise p's table back to the premise; out[] gets the nodes, end
** first.  The main chain (mainlen < 0) records its cells and its
** branches; a branch stops at the first node of the main chain. */
static int walk(tb_nets *N, int p, int e, uint16_t *out, sk_bits *cset, int mainlen, int *nmins) {
  const etab *E = &N->e[p];
  const uint16_t *enode = N->enode + E->at;
  int maxe = N->maxe;
  int n = 0;
  out[n++] = enode[e];
  int cur = e, table = p, back = -1;   /* table: the fill table walked; back: where to return */
  while (cur != 0 && n < maxe) {
    if (table == p && cur >= E->nfill) {
      int j = N->epar[E->at + cur];
      table = enode[j];
      back = j;
      cur = N->epos[E->at + cur];
    }
    const struct fent *fe = N->fe + N->fill[table].at;
    const uint16_t *sl = fe[cur].slot;
    int next = sl[0];
    int x = fe[next].node;
    out[n++] = (uint16_t)x;
    if (mainlen < 0) {
      add_cells(N, cset, x);
      N->inmain[x] = N->mgen;
    } else if (N->inmain[x] == N->mgen || (x == N->main[0] && sk_bits_has(cset, tb_cell(N->L, x)))) {
      /* x is in the main chain (its end only when the chain passed its cell) */
      return n;
    }
    if (mainlen < 0)
      for (int i = 1; i < NET_SLOTS; i++)
        if (sl[i] != 0 && *nmins < NET_MAX_MINS) {
          N->mins[(size_t)*nmins * TB_MAX_ENTRIES] = fe[sl[i]].node;
          /* the premise's fill entries open its expanded table */
          N->minat[*nmins] = table == p ? sl[i] : -1;
          N->minlen[*nmins] = 1;
          (*nmins)++;
        }
    cur = next;
    if (table != p && cur == 0) {
      cur = back;
      table = p;
    }
  }
  return n;
}

int tb_nets_chain(tb_nets *N, int p, int e, int *is_net, int32_t *nodes, int *nnodes, int max) {
  uint32_t *memo = &N->elen[N->e[p].at + e];
  if (*memo && !nodes) {
    *is_net = (int)(*memo & 1);
    return (int)((*memo - 2) >> 1);
  }
  sk_bits cset = {{0, 0}};
  int nmins = 0;
  if (++N->mgen == 0) {
    memset(N->inmain, 0, (size_t)N->L->nnodes * sizeof *N->inmain);
    memset(N->meet, 0, (size_t)N->L->nnodes * sizeof *N->meet);
    N->mgen = 1;
  }
  int mainlen = walk(N, p, e, N->main, &cset, -1, &nmins);
  for (int k = 0; k < nmins; k++) {
    uint16_t *m = N->mins + (size_t)k * TB_MAX_ENTRIES;
    int at = N->minat[k] >= 0 ? N->minat[k] : table_pos(N, p, m[0]);
    if (at < 0) { N->minlen[k] = 0; continue; }
    N->minlen[k] = walk(N, p, at, m, &cset, mainlen, NULL);
    if (N->minlen[k] > 0) N->meet[m[N->minlen[k] - 1]] = N->mgen;
  }
  int len = 0, net = 0, nn = 0;
  for (int i = mainlen - 1; i >= 0; i--) {
    int x = N->main[i];
    len++;
    if (nodes && nn < max) nodes[nn++] = (uint16_t)x;
    if (N->meet[x] != N->mgen) continue;
    for (int k = 0; k < nmins; k++) {
      const uint16_t *m = N->mins + (size_t)k * TB_MAX_ENTRIES;
      int ml = N->minlen[k];
      if (ml <= 0 || m[ml - 1] != x) continue;
      len += ml;
      net = 1;
      for (int l = ml - 2; l >= 0 && nodes; l--)
        if (nn < max) nodes[nn++] = -(int32_t)m[l] - 1;
      if (nodes && nn < max) nodes[nn++] = TB_BRANCH_END;
    }
  }
  *is_net = net;
  if (nnodes) *nnodes = nn;
  *memo = (uint32_t)len * 2 + (uint32_t)net + 2;
  return len;
}

/* }====== */
