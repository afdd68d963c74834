/*
** table.c -- the implication tables of HoDoKu's TablingSolver, in chain
** mode (only direct implications, no look-ahead).
**
** tb_build_links lists, for every node of the grid, its direct
** implications in TablingSolver.fillTables' order (see tabling.h); a cell
** with its digit in a row and in its box is listed once, at the row.
** With group nodes (fillTablesWithGroupNodes) and ALS nodes
** (fillTablesWithAls) their links follow, appended in HoDoKu's order to
** the lists of the nodes they start from.  The links are collected in
** that order and then grouped by their first node, keeping the order.
** tb_fill_table makes one premise's table as expandTables does: entry 0
** is the premise, then its direct implications, then, walking the entries
** in order, each entry's direct implications not yet in the table, with
** that entry as parent, until the table holds max_entries entries.
** HoDoKu copies only a source table's own direct entries into the table
** being expanded, and its tables grow only at the end while they are
** walked: that is this breadth-first closure, and an entry's parent is
** the first entry that implied it, except that an entry found again by a
** strictly shorter distance (distances: the premise 1, a link 2, a link
** out of an ALS node 2 plus the ALS's penalty) takes the new parent and
** distance, in place, unless it is one of the premise's direct entries
** (HoDoKu's rewrite in expandTables; only ALS penalties make it happen).
** Without ALS nodes every link has distance 2, no entry is ever found
** again by a shorter chain, and the walk (fill_fast) skips that test.
** tb_get_tables makes every candidate's two tables of a grid once and
** keeps them for the rating: the searches of a step share them.
*/
#include "tabling.h"

/* {====== collecting links */

typedef struct coll {
  tb_links *L;
  uint16_t *from, *to;
  uint8_t *dist;
  int n, cap;
} coll;

static void add(coll *c, int from, int to, int dist) {
  if (c->n == c->cap) {
    int cap = c->cap ? 2 * c->cap : 16384;
    uint16_t *f = realloc(c->from, (size_t)cap * sizeof *f);
    if (f) c->from = f;
    uint16_t *t = realloc(c->to, (size_t)cap * sizeof *t);
    if (t) c->to = t;
    uint8_t *d = realloc(c->dist, (size_t)cap);
    if (d) c->dist = d;
    if (!f || !t || !d) { c->L->oom = 1; return; }
    c->cap = cap;
  }
  c->from[c->n] = (uint16_t)from;
  c->to[c->n] = (uint16_t)to;
  c->dist[c->n] = (uint8_t)(dist > 255 ? 255 : dist);
  c->n++;
}

/* TablingSolver.fillTables in chain mode. */
static void cell_links(coll *k, const sk_grid *g) {
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->cand[c];
    if (!m) continue;
    int ncand = sk_mask_count(m);
    for (sk_mask x = m; x; x &= x - 1) {
      int d = __builtin_ctz(x) + 1;
      /* ON: the cell's other candidates, then the digit in each house */
      int on = tb_node(c, d, 1);
      for (sk_mask y = (sk_mask)(m & ~SK_BIT(d)); y; y &= y - 1)
        add(k, on, tb_node(c, __builtin_ctz(y) + 1, 0), 2);
      sk_bits done = {{0, 0}};
      for (int h = 0; h < 3; h++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][h]]);
        sk_bits_clear(&in, c);
        sk_bits fresh = sk_bits_andnot(in, done);
        done = sk_bits_or(done, in);
        if (!sk_bits_empty(in) && sk_bits_count(sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][h]])) >= 2)
          k->L->stale_first = sk_bits_first(in);
        for (int p; (p = sk_bits_pop(&fresh)) >= 0; ) add(k, on, tb_node(p, d, 0), 2);
      }
      /* OFF: the other candidate of a bivalue cell, the other place of a
      ** house holding the digit twice */
      int off = tb_node(c, d, 0);
      if (ncand == 2) add(k, off, tb_node(c, sk_mask_first((sk_mask)(m & ~SK_BIT(d))), 1), 2);
      sk_bits got = {{0, 0}};
      for (int h = 0; h < 3; h++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][h]]);
        if (sk_bits_count(in) != 2) continue;
        sk_bits_clear(&in, c);
        int p = sk_bits_first(in);
        if (sk_bits_has(&got, p)) continue;
        sk_bits_set(&got, p);
        add(k, off, tb_node(p, d, 1), 2);
      }
    }
  }
}

/* GroupNode.getGroupNodes: rows, then columns; per line the digits, per
** digit the boxes; the digit's cells of a line in a box, when two or three. */
static void find_groups(tb_links *L, const sk_grid *g) {
  L->ngroup = 0;
  for (int kind = 0; kind < 2; kind++)
    for (int l = 0; l < 9; l++)
      for (int d = 1; d <= 9; d++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[kind * 9 + l]);
        if (sk_bits_empty(in)) continue;
        for (int b = 0; b < 9; b++) {
          sk_bits x = sk_bits_and(in, sk_house_bits[18 + b]);
          if (sk_bits_count(x) < 2) continue;
          tb_group *gr = &L->group[L->ngroup++];
          gr->cells = x;
          gr->digit = (int8_t)d;
          gr->line = (int8_t)(kind == 0 ? l : -1);
          gr->col = (int8_t)(kind == 1 ? l : -1);
          gr->box = (int8_t)b;
          gr->cell[2] = -1;
          gr->buddies = (sk_bits){{~0ull, ~0ull}};
          sk_bits y = x;
          for (int i = 0, c; (c = sk_bits_pop(&y)) >= 0; i++) {
            gr->cell[i] = (int8_t)c;
            gr->buddies = sk_bits_and(gr->buddies, sk_peer_bits[c]);
          }
        }
      }
}

static int group_node(int i, int on) { return TB_NODES + 2 * i + on; }

/* TablingSolver.fillTablesWithGroupNodes: a group node's own links, and
** the links to it appended to the candidates'. */
static void group_links(coll *k, const sk_grid *g) {
  tb_links *L = k->L;
  /* the groups of each digit, ascending: byd[byd_first[d] .. byd_first[d + 1]) */
  int byd[TB_MAX_GROUPS], byd_first[11] = {0};
  for (int i = 0; i < L->ngroup; i++) byd_first[L->group[i].digit + 1]++;
  for (int d = 1; d <= 10; d++) byd_first[d] += byd_first[d - 1];
  int fill[10];
  memcpy(fill, byd_first, sizeof fill);
  for (int i = 0; i < L->ngroup; i++) byd[fill[L->group[i].digit]++] = i;
  for (int i = 0; i < L->ngroup; i++) {
    const tb_group *gn = &L->group[i];
    int d = gn->digit, on = group_node(i, 1), off = group_node(i, 0);
    sk_bits see = sk_bits_and(g->dcells[d - 1], gn->buddies);
    if (!sk_bits_empty(see)) {
      L->stale_first = sk_bits_first(see);
      sk_bits y = see;
      for (int c; (c = sk_bits_pop(&y)) >= 0; ) {
        add(k, on, tb_node(c, d, 0), 2);
        add(k, tb_node(c, d, 1), off, 2);
      }
      sk_bits inbox = sk_bits_and(see, sk_house_bits[18 + gn->box]);
      if (sk_bits_count(inbox) == 1) {
        int c = sk_bits_first(inbox);
        add(k, off, tb_node(c, d, 1), 2);
        add(k, tb_node(c, d, 0), on, 2);
      }
      sk_bits inl = sk_bits_and(see, sk_house_bits[gn->line >= 0 ? gn->line : 9 + gn->col]);
      if (sk_bits_count(inl) == 1) {
        int c = sk_bits_first(inl);
        add(k, off, tb_node(c, d, 1), 2);
        add(k, tb_node(c, d, 0), on, 2);
      }
    }
    int nline = 0, ncol = 0, nbox = 0, line1 = -1, col1 = -1, box1 = -1;
    for (int jj = byd_first[d]; jj < byd_first[d + 1]; jj++) {
      int j = byd[jj];
      const tb_group *g2 = &L->group[j];
      if (j == i || !sk_bits_empty(sk_bits_and(gn->cells, g2->cells))) continue;
      if (gn->line >= 0 && gn->line == g2->line) {
        if (++nline == 1) line1 = j;
        add(k, on, group_node(j, 0), 2);
      }
      if (gn->col >= 0 && gn->col == g2->col) {
        if (++ncol == 1) col1 = j;
        add(k, on, group_node(j, 0), 2);
      }
      if (gn->box == g2->box) {
        if (++nbox == 1) box1 = j;
        add(k, on, group_node(j, 0), 2);
      }
    }
    int one[3] = {nline == 1 ? line1 : -1, ncol == 1 ? col1 : -1, nbox == 1 ? box1 : -1};
    int house[3] = {gn->line, 9 + gn->col, 18 + gn->box};
    sk_bits last = see;
    for (int h = 0; h < 3; h++) {
      if (one[h] < 0) continue;
      sk_bits rest = sk_bits_and(sk_house_bits[house[h]], g->dcells[d - 1]);
      rest = sk_bits_andnot(sk_bits_andnot(rest, gn->cells), L->group[one[h]].cells);
      last = rest;
      if (sk_bits_empty(rest)) add(k, off, group_node(one[h], 1), 2);
    }
    L->stale_set = last;
  }
}

/* {====== ALS nodes */

static int als_cmp_key(const tb_als *a, sk_bits cells) { return sk_bits_equal(a->cells, cells); }

/* SudokuStepFinder.getAlses(true): per house (rows, columns, boxes), the
** sets of 2..8 of its empty cells holding one digit more than cells, in
** depth-first order of the cells; each set once (where first found). */
static int find_als(tb_links *L, const sk_grid *g) {
  int cap = 256;
  L->nals = 0;
  L->als = malloc((size_t)cap * sizeof *L->als);
  if (!L->als) return -1;
  for (int h = 0; h < SK_HOUSES; h++) {
    int cell[9], n = 0;
    for (int i = 0; i < 9; i++) {
      int c = sk_house_cell[h][i];
      if (!g->value[c]) cell[n++] = c;
    }
    /* depth-first over subsets: stack of chosen positions */
    int pick[9], depth = 0;
    sk_mask cs[10];
    cs[0] = 0;
    pick[0] = 0;
    while (depth >= 0) {
      if (pick[depth] >= n || depth >= 8) {
        depth--;
        if (depth >= 0) pick[depth]++;
        continue;
      }
      int c = cell[pick[depth]];
      cs[depth + 1] = (sk_mask)(cs[depth] | g->cand[c]);
      int size = depth + 1;
      if (size > 1 && sk_mask_count(cs[depth + 1]) == size + 1) {
        sk_bits cells = {{0, 0}};
        for (int i = 0; i <= depth; i++) sk_bits_set(&cells, cell[pick[i]]);
        int dup = 0;
        for (int i = 0; i < L->nals && !dup; i++) dup = als_cmp_key(&L->als[i], cells);
        if (!dup) {
          if (L->nals == cap) {
            tb_als *q = realloc(L->als, (size_t)(cap *= 2) * sizeof *q);
            if (!q) return -1;
            L->als = q;
          }
          tb_als *a = &L->als[L->nals++];
          memset(a, 0, sizeof *a);
          a->cells = cells;
          a->cands = cs[depth + 1];
          a->ncells = size;
        }
      }
      pick[depth + 1] = pick[depth] + 1;
      depth++;
    }
  }
  for (int i = 0; i < L->nals; i++) {
    tb_als *a = &L->als[i];
    for (sk_mask m = a->cands; m; m &= m - 1) {
      int d = __builtin_ctz(m) + 1;
      a->in[d] = sk_bits_and(a->cells, g->dcells[d - 1]);
      sk_bits b = {{~0ull, ~0ull}};
      sk_bits y = a->in[d];
      for (int c; (c = sk_bits_pop(&y)) >= 0; ) b = sk_bits_and(b, sk_peer_bits[c]);
      b = sk_bits_andnot(b, a->cells);
      a->buddies[d] = sk_bits_and(b, g->dcells[d - 1]);
      a->any = sk_bits_or(a->any, a->buddies[d]);
    }
  }
  return 0;
}

/* Als.getChainPenalty: by the number of candidates */
static int als_penalty(int n) { return n <= 1 ? 0 : n == 2 ? 1 : (n - 1) * 2; }

/* the ALS node (als, d), made on first use; -1 when out of room */
static int anode(tb_links *L, int *map, int als, int d) {
  int *m = &map[als * 9 + d - 1];
  if (*m >= 0) return *m;
  if (TB_ALS_NODES + L->nanode >= TB_MAX_NODES) { L->oom = 1; return -1; }
  tb_anode *x = &L->anode[L->nanode];
  x->als = als;
  x->digit = (int8_t)d;
  x->cell = (int8_t)sk_bits_first(L->als[als].in[d]);
  return *m = TB_ALS_NODES + L->nanode++;
}

/* TablingSolver.fillTablesWithAls. */
static void als_links(coll *k, const sk_grid *g) {
  tb_links *L = k->L;
  int *map = malloc((size_t)L->nals * 9 * sizeof *map);
  uint8_t *gdone = malloc((size_t)(L->ngroup + 1));
  L->anode = malloc((size_t)(TB_MAX_NODES - TB_ALS_NODES) * sizeof *L->anode);
  if (!map || !gdone || !L->anode) {
    L->oom = 1;
    free(map);
    free(gdone);
    return;
  }
  for (int i = 0; i < L->nals * 9; i++) map[i] = -1;
  for (int i = 0; i < L->nals && !L->oom; i++) {
    const tb_als *a = &L->als[i];
    int pen = als_penalty(sk_mask_count(a->cands));
    for (int j = 1; j <= 9; j++) {
      if (!(a->cands & SK_BIT(j))) continue;
      sk_bits el[10];
      int any = 0;
      for (int x = 1; x <= 9; x++) {
        el[x] = (sk_bits){{0, 0}};
        if (x == j || !(a->cands & SK_BIT(x))) continue;
        el[x] = a->buddies[x];
        any |= !sk_bits_empty(el[x]);
      }
      if (!any) continue;
      int an = anode(L, map, i, j);
      if (an < 0) break;
      memset(gdone, 0, (size_t)(L->ngroup + 1));
      sk_bits y = a->buddies[j];
      for (int c; (c = sk_bits_pop(&y)) >= 0; ) {
        add(k, tb_node(c, j, 1), an, 2);
        for (int l = 0; l < L->ngroup; l++) {
          const tb_group *gr = &L->group[l];
          if (gr->digit != j || !sk_bits_has(&gr->cells, c) || gdone[l]) continue;
          if (!sk_bits_empty(sk_bits_and(a->cells, gr->cells))) continue;
          if (!sk_bits_equal(sk_bits_and(a->in[j], gr->buddies), a->in[j])) continue;
          gdone[l] = 1;
          add(k, group_node(l, 1), an, 2);
        }
      }
      for (int x = 1; x <= 9; x++) {
        if (sk_bits_empty(el[x])) continue;
        sk_bits z = el[x];
        for (int c; (c = sk_bits_pop(&z)) >= 0; ) add(k, an, tb_node(c, x, 0), 2 + pen);
        for (int l = 0; l < L->ngroup; l++) {
          const tb_group *gr = &L->group[l];
          if (gr->digit == x && sk_bits_equal(sk_bits_and(gr->cells, el[x]), gr->cells))
            add(k, an, group_node(l, 0), 2 + pen);
        }
      }
      for (int o = 0; o < L->nals; o++) {
        if (o == i) continue;
        const tb_als *b = &L->als[o];
        if (!sk_bits_empty(sk_bits_and(a->cells, b->cells))) continue;
        for (int x = 1; x <= 9; x++) {
          if (sk_bits_empty(el[x]) || !(b->cands & SK_BIT(x))) continue;
          if (!sk_bits_equal(sk_bits_and(el[x], b->in[x]), b->in[x])) continue;
          int bn = anode(L, map, o, x);
          if (bn < 0) break;
          add(k, an, bn, 2 + pen);
        }
      }
      sk_bits z = a->any;
      for (int c; (c = sk_bits_pop(&z)) >= 0; ) {
        if (g->value[c] || sk_mask_count(g->cand[c]) == 2) continue;
        sk_mask left = g->cand[c];
        for (int x = 1; x <= 9; x++)
          if (sk_bits_has(&el[x], c)) left &= (sk_mask)~SK_BIT(x);
        if (sk_mask_count(left) == 1) add(k, an, tb_node(c, sk_mask_first(left), 1), 3 + pen);
      }
    }
  }
  free(map);
  free(gdone);
}

/* }====== */

int tb_build_links(tb_links *L, const sk_grid *g, int groups, int als) {
  memset(L, 0, offsetof(tb_links, group));
  L->als = NULL;
  L->anode = NULL;
  L->first = NULL;
  L->to = NULL;
  L->dist = NULL;
  L->oom = 0;
  L->nals = L->nanode = 0;
  L->stale_first = -1;
  L->stale_set = (sk_bits){{0, 0}};
  L->maxdist = 2;
  memcpy(L->cand, g->cand, sizeof L->cand);
  coll k = {L, NULL, NULL, NULL, 0, 0};
  cell_links(&k, g);
  if (groups) {
    find_groups(L, g);
    group_links(&k, g);
  }
  if (als && !L->oom) {
    if (find_als(L, g) != 0) L->oom = 1;
    else als_links(&k, g);
  }
  L->nnodes = TB_ALS_NODES + L->nanode;
  if (!L->oom) {
    L->first = calloc((size_t)L->nnodes + 1, sizeof *L->first);
    L->to = malloc((size_t)(k.n ? k.n : 1) * sizeof *L->to);
    L->dist = malloc((size_t)(k.n ? k.n : 1));
    if (!L->first || !L->to || !L->dist) L->oom = 1;
  }
  if (!L->oom) {
    for (int i = 0; i < k.n; i++)
      if (k.dist[i] > L->maxdist) L->maxdist = k.dist[i];
    for (int i = 0; i < k.n; i++) L->first[k.from[i] + 1]++;
    for (int n = 0; n < L->nnodes; n++) L->first[n + 1] += L->first[n];
    uint32_t *at = malloc((size_t)L->nnodes * sizeof *at);
    if (!at) L->oom = 1;
    else {
      memcpy(at, L->first, (size_t)L->nnodes * sizeof *at);
      for (int i = 0; i < k.n; i++) {
        uint32_t p = at[k.from[i]]++;
        L->to[p] = k.to[i];
        L->dist[p] = k.dist[i];
      }
      free(at);
    }
  }
  free(k.from);
  free(k.to);
  free(k.dist);
  return L->oom ? -1 : 0;
}

void tb_free_links(tb_links *L) {
  free(L->als);
  free(L->anode);
  free(L->first);
  free(L->to);
  free(L->dist);
  L->als = NULL;
  L->anode = NULL;
  L->first = NULL;
  L->to = NULL;
  L->dist = NULL;
}

/* tb_fill_table's walk when every link has distance 2 (no ALS nodes):
** the distances grow along the table, so an entry is never found again
** by a shorter one, and the table is done when it is full.  Each link's
** node is written at the end of the table and kept (n grows) only when it
** is new: no branch to mispredict on the common test.  The entries go to
** node, parent, dist (room for max_entries), entry 0 being the premise,
** stamped now; returns the entries, *ndirect the premise's direct ones.
** (The entries' positions are not needed: nothing is found again.) */
static int fill_fast(const tb_links *L, int max_entries, uint32_t *stamp, uint32_t now,
                     uint16_t *node, int16_t *parent, uint16_t *dist, int *ndirect) {
  const uint32_t *first = L->first;
  const uint16_t *to = L->to;
  int n = 1;
  *ndirect = -1;
  for (int j = 0; j < n; j++) {
    int src = node[j];
    uint16_t d = (uint16_t)((j ? dist[j] : 0) + 2);
    for (uint32_t k = first[src], e = first[src + 1]; k < e; k++) {
      int x = to[k];
      int fresh = stamp[x] != now;
      stamp[x] = now;
      node[n] = (uint16_t)x;
      parent[n] = (int16_t)j;
      dist[n] = d;
      n += fresh;
      if (n >= max_entries) goto full;
    }
    if (j == 0) *ndirect = n - 1;
  }
full:
  if (*ndirect < 0) *ndirect = n - 1;
  return n;
}

/* T's stamps ready for a table of L's nodes: 0, or -1 when out of memory */
static int table_prep(const tb_links *L, tb_table *T) {
  if (T->cap < L->nnodes) {
    free(T->stamp);
    free(T->pos);
    T->stamp = calloc((size_t)L->nnodes, sizeof *T->stamp);
    T->pos = malloc((size_t)L->nnodes * sizeof *T->pos);
    T->cap = T->stamp && T->pos ? L->nnodes : 0;
    T->now = 0;
    if (!T->cap) return -1;
  }
  if (++T->now == 0) {
    memset(T->stamp, 0, (size_t)T->cap * sizeof *T->stamp);
    T->now = 1;
  }
  return 0;
}

int tb_fill_table(const tb_links *L, int premise, int max_entries, tb_table *T) {
  if (table_prep(L, T) != 0) return -1;
  uint32_t now = T->now;
  T->node[0] = (uint16_t)premise;
  T->parent[0] = -1;
  T->dist[0] = 1;
  T->stamp[premise] = now;
  T->pos[premise] = 0;
  int n = 1;
  T->ndirect = -1;
  if (L->maxdist <= 2) {
    T->n = fill_fast(L, max_entries, T->stamp, now, T->node, T->parent, T->dist, &T->ndirect);
    return 0;
  }
  for (int j = 0; j < n && n < max_entries; j++) {
    int src = T->node[j], base = j ? T->dist[j] : 0;
    for (uint32_t k = L->first[src], e = L->first[src + 1]; k < e; k++) {
      int x = L->to[k];
      int d = base + L->dist[k];
      if (T->stamp[x] == now) {
        int at = T->pos[x];
        if (at > T->ndirect && T->dist[at] > d) {
          T->parent[at] = (int16_t)j;
          T->dist[at] = (uint16_t)d;
        }
        continue;
      }
      if (n >= max_entries) continue;
      T->stamp[x] = now;
      T->pos[x] = (uint16_t)n;
      T->node[n] = (uint16_t)x;
      T->parent[n] = (int16_t)j;
      T->dist[n] = (uint16_t)d;
      n++;
    }
    if (j == 0) T->ndirect = n - 1;
  }
  if (T->ndirect < 0) T->ndirect = n - 1;
  T->n = n;
  return 0;
}

void tb_free_table(tb_table *T) {
  free(T->stamp);
  free(T->pos);
  T->stamp = NULL;
  T->pos = NULL;
  T->cap = 0;
}

int tb_chain(const tb_table *T, int e, uint16_t *out, int max) {
  int len = 0;
  for (int x = e; x >= 0 && len < max; x = T->parent[x]) out[len++] = T->node[x];
  for (int i = 0, j = len - 1; i < j; i++, j--) {
    uint16_t t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return len;
}

int tb_view_chain(const tb_view *T, int e, uint16_t *out, int max) {
  int len = 0;
  for (int x = e; x >= 0 && len < max; x = T->parent[x]) out[len++] = T->node[x];
  for (int i = 0, j = len - 1; i < j; i++, j--) {
    uint16_t t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return len;
}

/* {====== every candidate's tables, kept for the rating */

/* The tables hang on the rating (host set_rating_aux) and are made again,
** in the same buffers, when a search comes with another grid: so that the
** searches of one step share them, and later steps reuse the memory.  The
** tables are a function of the candidates and values alone, which are
** kept to tell the grids apart.  A flag tells the destroy callback whether
** tb_get_tables is still using the data (set_rating_aux destroys at once
** when there is no rating). */
typedef struct tb_box {
  tb_tables t;
  int valid;                      /* t holds the tables of value[], t.L.cand */
  uint8_t value[SK_CELLS];
  int in_use, orphan;
} tb_box;

/* the rating data's keys (their addresses), by groups and als */
static const char tables_key[2][2];

static void box_free(tb_box *b) {
  tb_free_links(&b->t.L);
  if (b->t.scratch) tb_free_table(b->t.scratch);
  free(b->t.scratch);
  free(b->t.node);
  free(b->t.parent);
  free(b->t.dist);
  free(b);
}

static void box_destroy(void *p) {
  tb_box *b = p;
  if (b->in_use) b->orphan = 1;
  else box_free(b);
}

void tb_tables_free(const tb_tables *t) {
  if (t) box_free((tb_box *)(void *)(uintptr_t)t);
}

/* -1 when memory runs out or the budget of s stops it (asked at each cell;
** the tables are then not kept) */
static int fill_all(tb_tables *t, const sk_grid *g, const sk_search *s) {
  memset(t->n, 0, sizeof t->n);
  t->total = 0;
  tb_free_links(&t->L);
  if (tb_build_links(&t->L, g, t->groups, t->als) != 0) return -1;
  if (!t->scratch && !(t->scratch = calloc(1, sizeof *t->scratch))) return -1;
  tb_table *T = t->scratch;
  int r = 0;
  for (int c = 0; c < SK_CELLS && !r; c++) {
    if (s->host->should_stop(s)) { r = -1; break; }
    for (sk_mask m = g->cand[c]; m && !r; m &= m - 1)
      for (int on = 1; on >= 0; on--) {
        int p = tb_node(c, sk_mask_first(m), on);
        /* the fast walk writes into the pools (room for a full table) */
        int fast = t->L.maxdist <= 2;
        if (!fast && tb_fill_table(&t->L, p, t->maxe, T) != 0) { r = -1; break; }
        int need = fast ? t->maxe : T->n;
        if (t->total + need > t->cap) {
          int cap = t->cap ? 2 * t->cap : 65536;
          while (cap < t->total + need) cap *= 2;
          uint16_t *nd = realloc(t->node, (size_t)cap * sizeof *nd);
          if (nd) t->node = nd;
          int16_t *pa = realloc(t->parent, (size_t)cap * sizeof *pa);
          if (pa) t->parent = pa;
          uint16_t *di = realloc(t->dist, (size_t)cap * sizeof *di);
          if (di) t->dist = di;
          if (!nd || !pa || !di) { r = -1; break; }
          t->cap = cap;
        }
        t->at[p] = t->total;
        if (fast) {
          if (table_prep(&t->L, T) != 0) { r = -1; break; }
          int at = t->total, nd;
          T->stamp[p] = T->now;
          t->node[at] = (uint16_t)p;
          t->parent[at] = -1;
          t->dist[at] = 1;
          int n = fill_fast(&t->L, t->maxe, T->stamp, T->now, t->node + at, t->parent + at, t->dist + at, &nd);
          t->n[p] = (uint16_t)n;
          t->ndirect[p] = (uint16_t)nd;
          t->total += n;
          continue;
        }
        t->n[p] = (uint16_t)T->n;
        t->ndirect[p] = (uint16_t)T->ndirect;
        memcpy(t->node + t->total, T->node, (size_t)T->n * sizeof *T->node);
        memcpy(t->parent + t->total, T->parent, (size_t)T->n * sizeof *T->parent);
        memcpy(t->dist + t->total, T->dist, (size_t)T->n * sizeof *T->dist);
        t->total += T->n;
      }
  }
  return r;
}

const tb_links *tb_peek_links(const sk_search *s, int groups, int als) {
  const sk_grid *g = s->grid;
  const tb_box *b = s->host->get_aux(s, &tables_key[groups != 0][als != 0]);
  if (b && b->valid && !memcmp(b->value, g->value, sizeof b->value) &&
      !memcmp(b->t.L.cand, g->cand, sizeof b->t.L.cand))
    return &b->t.L;
  return NULL;
}

const tb_tables *tb_get_tables(const sk_search *s, int groups, int als, int maxe, int *own) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  const void *key = &tables_key[groups != 0][als != 0];
  *own = 0;
  tb_box *b = host->get_aux(s, key);
  if (b && b->valid && b->t.maxe == maxe && !memcmp(b->value, g->value, sizeof b->value) &&
      !memcmp(b->t.L.cand, g->cand, sizeof b->t.L.cand))
    return &b->t;
  int fresh = !b;
  if (fresh) {
    b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->t.groups = groups != 0;
    b->t.als = als != 0;
  }
  b->valid = 0;
  b->t.maxe = maxe;
  if (fill_all(&b->t, g, s) != 0) {
    if (fresh) box_free(b);
    return NULL;
  }
  memcpy(b->value, g->value, sizeof b->value);
  b->valid = 1;
  if (fresh) {
    b->in_use = 1;
    host->set_rating_aux(s, key, b, box_destroy);
    b->in_use = 0;
    if (b->orphan) *own = 1;
  }
  return &b->t;
}
