/*
** sk_group_links.h -- strong links of one digit between grouped nodes, for
** the plugins whose patterns take them (irregular_wings.c's grouped S-, L-
** and H-Wings, als/w_wing.c's grouped ALS-W-Wing).
**
** A node of digit d is one cell, or a group: two or three cells of one
** box-line intersection (the cells of a box that share a row or a column).
** A group is true when d is in one of its cells.  A strong link of d
** joins two disjoint nodes P and Q that together are all the places of d
** in a house: if P holds no d, Q does.  A weak link of d joins two nodes
** whose cells all see each other: if one holds d, the other does not.
**
** sk_glinks lists every strong link of a digit, each in both directions,
** conjugate pairs of single cells included: houses in sudokit's order
** (rows, columns, boxes), and in a house the ways to split the places of d
** in two nodes, in the order of the subsets of its places taken for P
** (bit i = its i-th cell in cell order, subsets ascending).  A link found
** in two houses (two cells of a row in one box) is listed once.
** Everything is on the caller's stack: plugins keep no global state.
*/
#ifndef SK_GROUP_LINKS_H
#define SK_GROUP_LINKS_H

#include "sk_plugin.h"

/* room for every strong link of one digit: 27 houses, each with at most
** 20 ways to split its places in two nodes (6 places, 3 and 3; more
** places split into no two nodes) */
#define SK_GLINKS_MAX 540

typedef struct sk_glink { sk_bits p, q; } sk_glink;

/* Is b a node: one cell, or 2-3 cells in one box and one row or column? */
static inline int sk_gnode_ok(sk_bits b) {
  int n = sk_bits_count(b);
  if (n == 1) return 1;
  if (n < 2 || n > 3) return 0;
  int c0 = sk_bits_first(b), row = 1, col = 1, box = 1;
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) {
    row &= c / 9 == c0 / 9;
    col &= c % 9 == c0 % 9;
    box &= sk_box_of(c) == sk_box_of(c0);
  }
  return box && (row || col);
}

/* Every cell of a sees every cell of b (and none is in both)? */
static inline int sk_gsees_all(sk_bits a, sk_bits b) {
  if (!sk_bits_empty(sk_bits_and(a, b))) return 0;
  for (int c; (c = sk_bits_pop(&a)) >= 0; )
    if (!sk_bits_empty(sk_bits_andnot(b, sk_peer_bits[c]))) return 0;
  return 1;
}

/* The strong links of digit d into out[] (at most max); returns how many. */
static inline int sk_glinks(const sk_grid *g, int d, sk_glink *out, int max) {
  int n = 0;
  for (int house = 0; house < 27; house++) {
    sk_bits pl = sk_grid_places(g, house, d);
    int cells[9], k = 0;
    for (sk_bits b = pl; !sk_bits_empty(b) && k < 9; ) cells[k++] = sk_bits_pop(&b);
    if (k < 2 || k > 6) continue;
    for (unsigned m = 1; m + 1 < (1u << k); m++) {
      sk_bits p = {{0, 0}};
      for (int i = 0; i < k; i++)
        if (m >> i & 1) sk_bits_set(&p, cells[i]);
      sk_bits q = sk_bits_andnot(pl, p);
      if (!sk_gnode_ok(p) || !sk_gnode_ok(q)) continue;
      int dup = 0;
      for (int i = 0; i < n && !dup; i++) dup = sk_bits_equal(out[i].p, p) && sk_bits_equal(out[i].q, q);
      if (dup || n >= max) continue;
      out[n].p = p;
      out[n].q = q;
      n++;
    }
  }
  return n;
}

#endif
