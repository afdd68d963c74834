/*
** table.c -- the implication tables of HoDoKu's TablingSolver, in chain
** mode (only direct implications, no look-ahead).
**
** tb_build_links lists, for every node of the grid, its direct
** implications in TablingSolver.fillTables' order (see tabling.h); a cell
** with its digit in a row and in its box is listed once, at the row.
** tb_fill_table makes one premise's table as expandTables does: entry 0
** is the premise, then its direct implications, then, walking the entries
** in order, each entry's direct implications not yet in the table, with
** that entry as parent, until the table holds max_entries entries.
** HoDoKu copies only a source table's own direct entries into the table
** being expanded, and its tables grow only at the end while they are
** walked: that is this breadth-first closure, and an entry's parent is
** the first entry that implied it.  (HoDoKu would rewrite an entry's
** parent for a strictly shorter path; in a breadth-first walk a later
** path is never shorter, so that never happens in chain mode.)
*/
#include "tabling.h"

static inline void add_link(tb_links *L, int from, int to) {
  if (L->count[from] < TB_MAX_LINKS) L->link[from][L->count[from]++] = (uint16_t)to;
}

static int has_link(const tb_links *L, int from, int to) {
  for (int i = 0; i < L->count[from]; i++)
    if (L->link[from][i] == to) return 1;
  return 0;
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
          for (int k = 0, c; (c = sk_bits_pop(&y)) >= 0; k++) {
            gr->cell[k] = (int8_t)c;
            gr->buddies = sk_bits_and(gr->buddies, sk_peer_bits[c]);
          }
        }
      }
}

/* TablingSolver.fillTablesWithGroupNodes: a group node's own links, and
** the links to it appended to the candidates' (in group node order). */
static void group_links(tb_links *L, const sk_grid *g) {
  for (int i = 0; i < L->ngroup; i++) {
    const tb_group *gn = &L->group[i];
    int d = gn->digit, on = TB_NODES + 2 * i + 1, off = TB_NODES + 2 * i;
    sk_bits see = sk_bits_and(g->dcells[d - 1], gn->buddies);
    if (!sk_bits_empty(see)) {
      sk_bits y = see;
      for (int c; (c = sk_bits_pop(&y)) >= 0; ) {
        add_link(L, on, tb_node(c, d, 0));
        add_link(L, tb_node(c, d, 1), off);
      }
      sk_bits inbox = sk_bits_and(see, sk_house_bits[18 + gn->box]);
      if (sk_bits_count(inbox) == 1) {
        int c = sk_bits_first(inbox);
        add_link(L, off, tb_node(c, d, 1));
        add_link(L, tb_node(c, d, 0), on);
      }
      sk_bits inline_ = sk_bits_and(see, sk_house_bits[gn->line >= 0 ? gn->line : 9 + gn->col]);
      if (sk_bits_count(inline_) == 1) {
        int c = sk_bits_first(inline_);
        add_link(L, off, tb_node(c, d, 1));
        add_link(L, tb_node(c, d, 0), on);
      }
    }
    int nline = 0, ncol = 0, nbox = 0, line1 = -1, col1 = -1, box1 = -1;
    for (int j = 0; j < L->ngroup; j++) {
      const tb_group *g2 = &L->group[j];
      if (j == i || g2->digit != d || !sk_bits_empty(sk_bits_and(gn->cells, g2->cells))) continue;
      if (gn->line >= 0 && gn->line == g2->line) {
        if (++nline == 1) line1 = j;
        add_link(L, on, TB_NODES + 2 * j);
      }
      if (gn->col >= 0 && gn->col == g2->col) {
        if (++ncol == 1) col1 = j;
        add_link(L, on, TB_NODES + 2 * j);
      }
      if (gn->box == g2->box) {
        if (++nbox == 1) box1 = j;
        add_link(L, on, TB_NODES + 2 * j);
      }
    }
    int one[3] = {nline == 1 ? line1 : -1, ncol == 1 ? col1 : -1, nbox == 1 ? box1 : -1};
    int house[3] = {gn->line, 9 + gn->col, 18 + gn->box};
    for (int k = 0; k < 3; k++) {
      if (one[k] < 0) continue;
      sk_bits rest = sk_bits_and(sk_house_bits[house[k]], g->dcells[d - 1]);
      rest = sk_bits_andnot(sk_bits_andnot(rest, gn->cells), L->group[one[k]].cells);
      if (sk_bits_empty(rest)) add_link(L, off, TB_NODES + 2 * one[k] + 1);
    }
  }
}

void tb_build_links(tb_links *L, const sk_grid *g, int groups) {
  memset(L->count, 0, sizeof L->count);
  L->ngroup = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->cand[c];
    if (!m) continue;
    int ncand = sk_mask_count(m);
    for (sk_mask x = m; x; x &= x - 1) {
      int d = __builtin_ctz(x) + 1;
      /* ON: the cell's other candidates, then the digit in each house */
      int on = tb_node(c, d, 1);
      for (sk_mask y = (sk_mask)(m & ~SK_BIT(d)); y; y &= y - 1)
        add_link(L, on, tb_node(c, __builtin_ctz(y) + 1, 0));
      sk_bits done = {{0, 0}};
      for (int k = 0; k < 3; k++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][k]]);
        sk_bits_clear(&in, c);
        sk_bits fresh = sk_bits_andnot(in, done);
        done = sk_bits_or(done, in);
        for (int p; (p = sk_bits_pop(&fresh)) >= 0; ) add_link(L, on, tb_node(p, d, 0));
      }
      /* OFF: the other candidate of a bivalue cell, the other place of a
      ** house holding the digit twice */
      int off = tb_node(c, d, 0);
      if (ncand == 2) add_link(L, off, tb_node(c, sk_mask_first((sk_mask)(m & ~SK_BIT(d))), 1));
      for (int k = 0; k < 3; k++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][k]]);
        if (sk_bits_count(in) != 2) continue;
        sk_bits_clear(&in, c);
        int nd = tb_node(sk_bits_first(in), d, 1);
        if (!has_link(L, off, nd)) add_link(L, off, nd);
      }
    }
  }
  if (groups) {
    find_groups(L, g);
    group_links(L, g);
  }
}

void tb_fill_table(const tb_links *L, int premise, int max_entries, tb_table *T) {
  memset(T->seen, 0, sizeof T->seen);
  T->node[0] = (uint16_t)premise;
  T->parent[0] = -1;
  T->depth[0] = 0;
  T->seen[premise >> 6] |= 1ull << (premise & 63);
  int n = 1;
  for (int j = 0; j < n && n < max_entries; j++) {
    int src = T->node[j];
    const uint16_t *l = L->link[src];
    for (int k = 0, cnt = L->count[src]; k < cnt && n < max_entries; k++) {
      int x = l[k];
      uint64_t bit = 1ull << (x & 63);
      if (T->seen[x >> 6] & bit) continue;
      T->seen[x >> 6] |= bit;
      T->node[n] = (uint16_t)x;
      T->parent[n] = (int16_t)j;
      T->depth[n] = (uint16_t)(T->depth[j] + 1);
      n++;
    }
  }
  T->n = n;
}

int tb_chain(const tb_table *T, int e, uint16_t *out) {
  int len = T->depth[e] + 1;
  for (int i = len - 1; i >= 0; i--, e = T->parent[e]) out[i] = T->node[e];
  return len;
}
