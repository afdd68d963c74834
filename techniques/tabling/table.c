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

void tb_build_links(tb_links *L, const sk_grid *g) {
  int n = 0;
  memset(L->count, 0, sizeof L->count);
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = g->cand[c];
    if (!m) continue;
    int ncand = sk_mask_count(m);
    for (sk_mask x = m; x; x &= x - 1) {
      int d = __builtin_ctz(x) + 1;
      /* ON: the cell's other candidates, then the digit in each house */
      int on = tb_node(c, d, 1), k0 = n;
      L->first[on] = (uint16_t)n;
      for (sk_mask y = (sk_mask)(m & ~SK_BIT(d)); y; y &= y - 1)
        L->link[n++] = (uint16_t)tb_node(c, __builtin_ctz(y) + 1, 0);
      sk_bits done = {{0, 0}};
      for (int k = 0; k < 3; k++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][k]]);
        sk_bits_clear(&in, c);
        sk_bits fresh = sk_bits_andnot(in, done);
        done = sk_bits_or(done, in);
        for (int p; (p = sk_bits_pop(&fresh)) >= 0; ) L->link[n++] = (uint16_t)tb_node(p, d, 0);
      }
      L->count[on] = (uint8_t)(n - k0);
      /* OFF: the other candidate of a bivalue cell, the other place of a
      ** house holding the digit twice */
      int off = tb_node(c, d, 0);
      k0 = n;
      L->first[off] = (uint16_t)n;
      if (ncand == 2) L->link[n++] = (uint16_t)tb_node(c, sk_mask_first((sk_mask)(m & ~SK_BIT(d))), 1);
      for (int k = 0; k < 3; k++) {
        sk_bits in = sk_bits_and(g->dcells[d - 1], sk_house_bits[sk_cell_house[c][k]]);
        if (sk_bits_count(in) != 2) continue;
        sk_bits_clear(&in, c);
        int p = sk_bits_first(in);
        int nd = tb_node(p, d, 1);
        int dup = 0;
        for (int i = k0; i < n; i++) dup |= L->link[i] == nd;
        if (!dup) L->link[n++] = (uint16_t)nd;
      }
      L->count[off] = (uint8_t)(n - k0);
    }
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
    const uint16_t *l = L->link + L->first[src];
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
