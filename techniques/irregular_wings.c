/*
** irregular_wings.c -- Sunnie's irregular wings beyond the W-Wing: M-Wing
** (Medusa wing), S-Wing (split wing), L-Wing (local wing) and H-Wing
** (hybrid wing).  Each is an alternating inference chain of six
** candidates and five links, strong - weak - strong - weak - strong, named
** by the digits of its candidates (Sunnie's AlternatingInferenceChain
** IsMedusaWing, IsSplitWing, IsLocalWing, IsHybridWing).  The links are
** those of single candidates: a strong link is a bivalue cell (two digits
** of one cell) or a conjugate pair (the only two places of a digit in a
** house); a weak link is two digits of one cell or one digit in two cells
** that see each other.  Written in Eureka notation, with x, y, z distinct:
**   m-wing  (x=y)A - (y)Q = (y-x)W = (x)P      A bivalue, Q-W and W-P
**                                               conjugate pairs
**   s-wing  (x)A = (x)B - (x=y)C - (y)D = (y)E  C bivalue, A-B, D-E
**                                               conjugate pairs
**   l-wing  (x)A = (x-y)B = (y-z)C = (z)D       A-B, B-C, C-D conjugate
**   h-wing  (x=y)A - (y=z)B - (z)C = (z)D       A, B bivalue, C-D conjugate
** One of the chain's two ends is true.  For the M-Wing both ends are x:
** x leaves every cell seeing A and P.  For the others the ends (a, d) and
** (e, f) hold different digits: when the two cells are one, its other
** digits go; when they see each other, a's cell loses f and e's cell
** loses d.  Sunnie's checks of the digits let a few shapes with a repeated
** digit through (an L-Wing with y = z, an H-Wing with x = z); those are
** left out here.  Sunnie's own M-Wing searcher takes A in the block of Q;
** here A is any peer of Q, as the chain shape has it.
** Grouped M-Wing (Sunnie's GroupedMWing, the same searcher and value): Q
** may be all the other places of y in a house of W, P all the other places
** of x in a house of W, as long as A sees every cell of Q; x then leaves
** the cells seeing A and every cell of P.  (A group of two or three cells
** lies in one box-line intersection, as Sunnie's grouped nodes.)
** Grouped S-, L- and H-Wings (ids grouped-s-wing, grouped-l-wing,
** grouped-h-wing; Sunnie's GroupedSWing, GroupedLWing, GroupedHWing, found
** by its chain searcher): the same chains with a group for a node on a
** single-digit link (sk_group_links.h: two or three cells of one box
** sharing a row or column, true when one of them holds the digit).  A
** strong link of one digit is then two nodes that are all its places in
** a house, a weak link two nodes whose cells all see each other; a node
** on a link inside a cell (bivalue, or two digits of one cell) stays a
** single cell.  So groups may be A, B, D, E of the S-Wing, A and D of the
** L-Wing, C and D of the H-Wing; a chain with no group is the plain
** wing's, and the grouped searches leave it out.  Of the ends, a single
** cell seeing every cell of the other end loses that end's digit (a group
** end loses nothing: its true cell is not known).
**
** Scan order (each instance that removes something is emitted; Sunnie's
** chain searcher sorts all it finds, so there is no first one to follow):
**   m-wing  A bivalue in cell order, x its smaller digit then its larger;
**           Q among A's peers holding y, in cell order; W Q's conjugate
**           partners on y, P W's on x (cell order).  Then, as Sunnie's
**           searcher, the grouped ones: A and x as before, W holding x and
**           y in cell order, Q and P from W's row, column, block in turn
**   s-wing  C bivalue in cell order (x < y); B among C's peers holding x
**           and A its partners on x; then D and E likewise for y
**   l-wing  B in cell order, y ascending, C a partner of B on y after B
**           (the chain read from its other end is the same chain); x in B,
**           A its partners; z in C, D its partners
**   h-wing  B bivalue in cell order, y its digits ascending; A a bivalue
**           peer of B holding y (cell order); C among B's peers holding z,
**           D its partners on z
**   grouped-s-wing  C as for s-wing; the strong links (A, B) of x in
**           sk_glinks' order (rows, columns, boxes, and the splits of each
**           house's places) with every cell of B seeing C; then (D, E) of
**           y likewise
**   grouped-l-wing  B, y, C as for l-wing; x in B, the strong links
**           (A, B) of x; z in C, the strong links (C, D) of z
**   grouped-h-wing  B, y, A as for h-wing; the strong links (C, D) of z
**           with every cell of C seeing B
** Options: grouped (m-wing; 1: search grouped M-Wings too, as Sunnie
** does; 0: single cells only).
** Figures: length = 6, the chain's candidates (Sunnie's chain Length, its
** length factor for S/L/H-Wings); size = the cells of the pattern (4, 5
** for the S-Wing, more with groups); type = 1 for a grouped M-Wing or a
** grouped S-, L-, H-Wing, else 0; extra (grouped S-, L-, H-Wings) = the
** chain's links with a group at one end at least (the count of Sunnie's
** grouped-node factor for such links).  Focus: the chain's candidates.  Text: the name and the chain,
** "M-Wing: (2=5)r1c1-(5)r1c7=(5-2)r4c7=(2)r4c2", "Grouped M-Wing:
** (7=5)r1c1-(5)r2c23=(5-7)r2c6=(7)r7c6" (a group in HoDoKu's compact form),
** "Grouped S-Wing: (4)r2c12=(4)r2c7-(4=8)r5c7-(8)r5c1=(8)r6c2".
*/
#include <stdlib.h>
#include "sk_plugin.h"
#include "sk_group_links.h"
#include "sk_text.h"

typedef struct node { int cell, digit; } node;

static inline int bits9(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

static int sees(int a, int b) { return sk_bits_has(&sk_peer_bits[a], b); }

/* The cells forming a conjugate pair with c on d, in any of its houses. */
static sk_bits partners(const sk_grid *g, int c, int d) {
  sk_bits r = {{0, 0}};
  for (int k = 0; k < 3; k++) {
    sk_bits p = sk_grid_places(g, sk_cell_house[c][k], d);
    if (sk_bits_count(p) != 2 || !sk_bits_has(&p, c)) continue;
    sk_bits_clear(&p, c);
    r = sk_bits_or(r, p);
  }
  return r;
}

/* What the chain's ends e1, e2 (one of them true) remove, into h. */
static int end_elims(const sk_grid *g, node e1, node e2, sk_hint *h) {
  int any = 0;
  if (e1.digit == e2.digit) {
    sk_bits v = sk_bits_and(sk_bits_and(sk_peer_bits[e1.cell], sk_peer_bits[e2.cell]),
                            g->dcells[e1.digit - 1]);
    for (int c; (c = sk_bits_pop(&v)) >= 0; ) sk_hint_elim(h, c, e1.digit), any = 1;
  } else if (e1.cell == e2.cell) {
    sk_mask m = (sk_mask)(g->cand[e1.cell] & ~SK_BIT(e1.digit) & ~SK_BIT(e2.digit));
    if (m) h->elim[e1.cell] |= m, any = 1;
  } else if (sees(e1.cell, e2.cell)) {
    if (g->cand[e1.cell] & SK_BIT(e2.digit)) sk_hint_elim(h, e1.cell, e2.digit), any = 1;
    if (g->cand[e2.cell] & SK_BIT(e1.digit)) sk_hint_elim(h, e2.cell, e1.digit), any = 1;
  }
  return any;
}

static void text_cell(const sk_host *host, sk_hint *h, int c) {
  host->hint_printf(h, "r%dc%d", c / 9 + 1, c % 9 + 1);
}

/* A node of the chain: a digit in one cell or in a group of cells. */
typedef struct gnode { sk_bits cells; int digit; } gnode;

static gnode gn(sk_bits cells, int d) { gnode n = {cells, d}; return n; }
static gnode gn1(int cell, int d) {
  gnode n = {{{0, 0}}, d};
  sk_bits_set(&n.cells, cell);
  return n;
}

/* The chain n[0..5] in Eureka notation, a group in compact form. */
static void text_gchain(const sk_host *host, sk_hint *h, const gnode *n) {
  for (int i = 0; i < 6; ) {
    if (i) host->hint_printf(h, "%c", i % 2 ? '=' : '-');
    host->hint_printf(h, "(%d", n[i].digit);
    int j = i;
    while (j + 1 < 6 && sk_bits_count(n[i].cells) == 1 && sk_bits_equal(n[j + 1].cells, n[i].cells)) {
      host->hint_printf(h, "%c%d", (j + 1) % 2 ? '=' : '-', n[j + 1].digit);
      j++;
    }
    host->hint_printf(h, ")");
    sk_text_cells(host, h, n[i].cells);
    i = j + 1;
  }
}

/* The chain n[0..5] (links strong, weak, strong, weak, strong) in Eureka
** notation: consecutive candidates of one cell share a pair of brackets
** (the grouped chain's text, every node one cell). */
static void text_chain(const sk_host *host, sk_hint *h, const node *n) {
  gnode g[6];
  for (int i = 0; i < 6; i++) g[i] = gn1(n[i].cell, n[i].digit);
  text_gchain(host, h, g);
}

/* Emit the chain n[0..5] if its ends remove something. */
static int chain(const sk_search *s, const char *name, const node *n) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  for (int i = 0; i < 6; i++)
    for (int j = i + 1; j < 6; j++)
      if (n[i].cell == n[j].cell && n[i].digit == n[j].digit) return 0;
  sk_hint h;
  host->hint_init(&h);
  if (!end_elims(g, n[0], n[5], &h)) return 0;
  sk_bits cells = {{0, 0}};
  for (int i = 0; i < 6; i++) {
    sk_hint_focus(&h, n[i].cell, n[i].digit);
    sk_bits_set(&cells, n[i].cell);
  }
  h.fig[SK_FIG_LENGTH] = 6;
  h.fig[SK_FIG_SIZE] = sk_bits_count(cells);
  host->hint_printf(&h, "%s: ", name);
  text_chain(host, &h, n);
  return host->emit(s, &h);
}

static sk_bits bivalue_cells(const sk_grid *g) {
  sk_bits b = {{0, 0}};
  for (int c = 0; c < SK_CELLS; c++)
    if (bits9(g->cand[c]) == 2) sk_bits_set(&b, c);
  return b;
}

/* (x=y)A - (y)Q = (y-x)W = (x)P, single cells */
static int m_wing_cells(const sk_search *s) {
  const sk_grid *g = s->grid;
  sk_bits bi = bivalue_cells(g);
  for (int a; (a = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask m = g->cand[a];
    int lo = sk_mask_first(m), hi = sk_mask_first((sk_mask)(m & (m - 1)));
    for (int t = 0; t < 2; t++) {
      int x = t ? hi : lo, y = t ? lo : hi;
      sk_bits qs = sk_bits_and(sk_peer_bits[a], g->dcells[y - 1]);
      for (int q; (q = sk_bits_pop(&qs)) >= 0; ) {
        sk_bits ws = sk_bits_and(partners(g, q, y), g->dcells[x - 1]);
        sk_bits_clear(&ws, a);
        for (int w; (w = sk_bits_pop(&ws)) >= 0; ) {
          sk_bits ps = partners(g, w, x);
          sk_bits_clear(&ps, a);
          for (int p; (p = sk_bits_pop(&ps)) >= 0; ) {
            node n[6] = {{a, x}, {a, y}, {q, y}, {w, y}, {w, x}, {p, x}};
            if (chain(s, "M-Wing", n)) return 1;
          }
        }
      }
    }
  }
  return 0;
}

/* The cells seeing every cell of b (none of b itself). */
static sk_bits common_peers(sk_bits b) {
  sk_bits r = {{~(uint64_t)0, ((uint64_t)1 << (SK_CELLS - 64)) - 1}};
  for (int c; (c = sk_bits_pop(&b)) >= 0; ) r = sk_bits_and(r, sk_peer_bits[c]);
  return r;
}

/* The M-Wing with grouped nodes: Q, the other places of y in a house of W,
** all seen by A; P, the other places of x in a house of W; one of them
** two cells or more (a group: A must see all of Q, and what loses x must
** see all of P, so a group lies in one box-line intersection). */
static int m_wing_grouped(const sk_search *s) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  sk_bits bi = bivalue_cells(g);
  for (int a; (a = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask m = g->cand[a];
    int lo = sk_mask_first(m), hi = sk_mask_first((sk_mask)(m & (m - 1)));
    for (int t = 0; t < 2; t++) {
      int x = t ? hi : lo, y = t ? lo : hi;
      sk_bits ws = sk_bits_and(g->dcells[x - 1], g->dcells[y - 1]);
      sk_bits_clear(&ws, a);
      for (int w; (w = sk_bits_pop(&ws)) >= 0; ) {
        sk_bits qs[3], ps[3];
        for (int k = 0; k < 3; k++) {
          int hk = sk_cell_house[w][k];
          qs[k] = sk_grid_places(g, hk, y), ps[k] = sk_grid_places(g, hk, x);
          sk_bits_clear(&qs[k], w), sk_bits_clear(&ps[k], w);
        }
        for (int k2 = 0; k2 < 3; k2++) {
          sk_bits q = qs[k2];
          int nq = sk_bits_count(q), dup = 0;
          for (int j = 0; j < k2; j++) dup |= sk_bits_equal(qs[j], q);
          if (!nq || dup || sk_bits_has(&q, a) || !sk_bits_empty(sk_bits_andnot(q, sk_peer_bits[a])))
            continue;
          for (int k1 = 0; k1 < 3; k1++) {
            sk_bits p = ps[k1];
            int np = sk_bits_count(p);
            dup = 0;
            for (int j = 0; j < k1; j++) dup |= sk_bits_equal(ps[j], p);
            if (!np || dup || sk_bits_has(&p, a) || (np == 1 && nq == 1)) continue;
            sk_bits v = sk_bits_and(sk_bits_and(sk_peer_bits[a], common_peers(p)), g->dcells[x - 1]);
            if (sk_bits_empty(v)) continue;
            sk_hint h;
            host->hint_init(&h);
            for (int c; (c = sk_bits_pop(&v)) >= 0; ) sk_hint_elim(&h, c, x);
            sk_hint_focus(&h, a, x), sk_hint_focus(&h, a, y);
            sk_hint_focus(&h, w, x), sk_hint_focus(&h, w, y);
            sk_bits all = sk_bits_or(p, q);
            for (sk_bits b = q; !sk_bits_empty(b); ) sk_hint_focus(&h, sk_bits_pop(&b), y);
            for (sk_bits b = p; !sk_bits_empty(b); ) sk_hint_focus(&h, sk_bits_pop(&b), x);
            sk_bits_set(&all, a), sk_bits_set(&all, w);
            h.fig[SK_FIG_LENGTH] = 6;
            h.fig[SK_FIG_SIZE] = sk_bits_count(all);
            h.fig[SK_FIG_TYPE] = 1;
            h.name = "Grouped M-Wing";
            host->hint_printf(&h, "Grouped M-Wing: (%d=%d)", x, y);
            text_cell(host, &h, a);
            host->hint_printf(&h, "-(%d)", y);
            sk_text_cells(host, &h, q);
            host->hint_printf(&h, "=(%d-%d)", y, x);
            text_cell(host, &h, w);
            host->hint_printf(&h, "=(%d)", x);
            sk_text_cells(host, &h, p);
            if (host->emit(s, &h)) return 1;
          }
        }
      }
    }
  }
  return 0;
}

static int m_wing(const sk_search *s) {
  if (m_wing_cells(s)) return SK_SEARCH_STOPPED;
  if (s->host->param(s, "grouped", 1) && m_wing_grouped(s)) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

/* (x)A = (x)B - (x=y)C - (y)D = (y)E */
static int s_wing(const sk_search *s) {
  const sk_grid *g = s->grid;
  sk_bits bi = bivalue_cells(g);
  for (int c; (c = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask m = g->cand[c];
    int x = sk_mask_first(m), y = sk_mask_first((sk_mask)(m & (m - 1)));
    sk_bits bs = sk_bits_and(sk_peer_bits[c], g->dcells[x - 1]);
    for (int b; (b = sk_bits_pop(&bs)) >= 0; ) {
      sk_bits as = partners(g, b, x);
      sk_bits_clear(&as, c);
      for (int a; (a = sk_bits_pop(&as)) >= 0; ) {
        sk_bits ds = sk_bits_and(sk_peer_bits[c], g->dcells[y - 1]);
        for (int d; (d = sk_bits_pop(&ds)) >= 0; ) {
          sk_bits es = partners(g, d, y);
          sk_bits_clear(&es, c);
          for (int e; (e = sk_bits_pop(&es)) >= 0; ) {
            node n[6] = {{a, x}, {b, x}, {c, x}, {c, y}, {d, y}, {e, y}};
            if (chain(s, "S-Wing", n)) return SK_SEARCH_STOPPED;
          }
        }
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* (x)A = (x-y)B = (y-z)C = (z)D */
static int l_wing(const sk_search *s) {
  const sk_grid *g = s->grid;
  for (int b = 0; b < SK_CELLS; b++) {
    sk_mask mb = g->cand[b];
    if (bits9(mb) < 2) continue;
    for (sk_mask ys = mb; ys; ys &= (sk_mask)(ys - 1)) {
      int y = sk_mask_first(ys);
      sk_bits cs = partners(g, b, y);
      for (int c; (c = sk_bits_pop(&cs)) >= 0; ) {
        if (c < b) continue;
        for (sk_mask xs = (sk_mask)(mb & ~SK_BIT(y)); xs; xs &= (sk_mask)(xs - 1)) {
          int x = sk_mask_first(xs);
          sk_bits as = partners(g, b, x);
          for (int a; (a = sk_bits_pop(&as)) >= 0; ) {
            for (sk_mask zs = (sk_mask)(g->cand[c] & ~SK_BIT(y) & ~SK_BIT(x)); zs;
                 zs &= (sk_mask)(zs - 1)) {
              int z = sk_mask_first(zs);
              sk_bits ds = partners(g, c, z);
              for (int d; (d = sk_bits_pop(&ds)) >= 0; ) {
                node n[6] = {{a, x}, {b, x}, {b, y}, {c, y}, {c, z}, {d, z}};
                if (chain(s, "L-Wing", n)) return SK_SEARCH_STOPPED;
              }
            }
          }
        }
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* (x=y)A - (y=z)B - (z)C = (z)D */
static int h_wing(const sk_search *s) {
  const sk_grid *g = s->grid;
  sk_bits bi = bivalue_cells(g), all = bi;
  for (int b; (b = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask mb = g->cand[b];
    for (int t = 0; t < 2; t++) {
      int lo = sk_mask_first(mb), hi = sk_mask_first((sk_mask)(mb & (mb - 1)));
      int y = t ? hi : lo, z = t ? lo : hi;
      sk_bits as = sk_bits_and(sk_bits_and(all, sk_peer_bits[b]), g->dcells[y - 1]);
      for (int a; (a = sk_bits_pop(&as)) >= 0; ) {
        int x = sk_mask_first((sk_mask)(g->cand[a] & ~SK_BIT(y)));
        if (x == z) continue;
        sk_bits cs = sk_bits_and(sk_peer_bits[b], g->dcells[z - 1]);
        for (int c; (c = sk_bits_pop(&cs)) >= 0; ) {
          sk_bits ds = partners(g, c, z);
          sk_bits_clear(&ds, b);
          for (int d; (d = sk_bits_pop(&ds)) >= 0; ) {
            node n[6] = {{a, x}, {a, y}, {b, y}, {b, z}, {c, z}, {d, z}};
            if (chain(s, "H-Wing", n)) return SK_SEARCH_STOPPED;
          }
        }
      }
    }
  }
  return SK_SEARCH_DONE;
}

/* {====== grouped S-, L- and H-Wings */

/* What the ends e1, e2 (different digits, one of them true) remove: a
** single cell seeing every cell of the other end loses its digit; one
** cell for both loses its other digits. */
static int gend_elims(const sk_grid *g, gnode e1, gnode e2, sk_hint *h) {
  int one1 = sk_bits_count(e1.cells) == 1, one2 = sk_bits_count(e2.cells) == 1;
  int c1 = sk_bits_first(e1.cells), c2 = sk_bits_first(e2.cells), any = 0;
  if (one1 && one2 && c1 == c2) {
    sk_mask m = (sk_mask)(g->cand[c1] & ~SK_BIT(e1.digit) & ~SK_BIT(e2.digit));
    if (m) h->elim[c1] |= m, any = 1;
    return any;
  }
  if (one1 && (g->cand[c1] & SK_BIT(e2.digit)) && sk_gsees_all(e1.cells, e2.cells))
    sk_hint_elim(h, c1, e2.digit), any = 1;
  if (one2 && (g->cand[c2] & SK_BIT(e1.digit)) && sk_gsees_all(e2.cells, e1.cells))
    sk_hint_elim(h, c2, e1.digit), any = 1;
  return any;
}

/* Emit the chain n[0..5] (strong, weak, strong, weak, strong links, each
** checked by its search) if it has a group and its ends remove something. */
static int gchain(const sk_search *s, const char *name, const gnode *n) {
  const sk_grid *g = s->grid;
  const sk_host *host = s->host;
  int groups = 0, glinks = 0;
  for (int i = 0; i < 6; i++) groups += sk_bits_count(n[i].cells) > 1;
  if (!groups) return 0;                          /* the plain wing's */
  for (int i = 0; i < 6; i++)
    for (int j = i + 1; j < 6; j++)
      if (n[i].digit == n[j].digit && !sk_bits_empty(sk_bits_and(n[i].cells, n[j].cells))) return 0;
  sk_hint h;
  host->hint_init(&h);
  if (!gend_elims(g, n[0], n[5], &h)) return 0;
  sk_bits cells = {{0, 0}};
  for (int i = 0; i < 6; i++) {
    for (sk_bits b = n[i].cells; !sk_bits_empty(b); ) sk_hint_focus(&h, sk_bits_pop(&b), n[i].digit);
    cells = sk_bits_or(cells, n[i].cells);
    if (i && (sk_bits_count(n[i - 1].cells) > 1 || sk_bits_count(n[i].cells) > 1)) glinks++;
  }
  h.fig[SK_FIG_LENGTH] = 6;
  h.fig[SK_FIG_SIZE] = sk_bits_count(cells);
  h.fig[SK_FIG_TYPE] = 1;
  h.fig[SK_FIG_EXTRA] = glinks;
  h.name = name;
  host->hint_printf(&h, "%s: ", name);
  text_gchain(host, &h, n);
  return host->emit(s, &h);
}

/* Every digit's strong links (sk_group_links.h), on the heap. */
typedef struct glinks { int n[10]; sk_glink l[10][SK_GLINKS_MAX]; } glinks;

static glinks *glinks_of(const sk_grid *g) {
  glinks *L = malloc(sizeof *L);
  if (!L) return NULL;
  for (int d = 1; d <= 9; d++) L->n[d] = sk_glinks(g, d, L->l[d], SK_GLINKS_MAX);
  return L;
}

static sk_bits one_cell(int c) {
  sk_bits b = {{0, 0}};
  sk_bits_set(&b, c);
  return b;
}

/* (x)A = (x)B - (x=y)C - (y)D = (y)E with a group among A, B, D, E */
static int s_wing_grouped(const sk_search *s, const glinks *L) {
  const sk_grid *g = s->grid;
  sk_bits bi = bivalue_cells(g);
  for (int c; (c = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask m = g->cand[c];
    int x = sk_mask_first(m), y = sk_mask_first((sk_mask)(m & (m - 1)));
    sk_bits cc = one_cell(c);
    for (int i = 0; i < L->n[x]; i++) {
      const sk_glink *ab = &L->l[x][i];
      if (sk_bits_has(&ab->p, c) || !sk_gsees_all(ab->q, cc)) continue;
      for (int j = 0; j < L->n[y]; j++) {
        const sk_glink *de = &L->l[y][j];
        if (sk_bits_has(&de->q, c) || !sk_gsees_all(de->p, cc)) continue;
        gnode n[6] = {gn(ab->p, x), gn(ab->q, x), gn1(c, x), gn1(c, y), gn(de->p, y), gn(de->q, y)};
        if (gchain(s, "Grouped S-Wing", n)) return 1;
      }
    }
  }
  return 0;
}

/* (x)A = (x-y)B = (y-z)C = (z)D with a group for A or D */
static int l_wing_grouped(const sk_search *s, const glinks *L) {
  const sk_grid *g = s->grid;
  for (int b = 0; b < SK_CELLS; b++) {
    sk_mask mb = g->cand[b];
    if (bits9(mb) < 2) continue;
    sk_bits bb = one_cell(b);
    for (sk_mask ys = mb; ys; ys &= (sk_mask)(ys - 1)) {
      int y = sk_mask_first(ys);
      sk_bits cs = partners(g, b, y);
      for (int c; (c = sk_bits_pop(&cs)) >= 0; ) {
        if (c < b) continue;
        sk_bits cc = one_cell(c);
        for (sk_mask xs = (sk_mask)(mb & ~SK_BIT(y)); xs; xs &= (sk_mask)(xs - 1)) {
          int x = sk_mask_first(xs);
          for (int i = 0; i < L->n[x]; i++) {
            const sk_glink *ab = &L->l[x][i];
            if (!sk_bits_equal(ab->q, bb)) continue;
            for (sk_mask zs = (sk_mask)(g->cand[c] & ~SK_BIT(y) & ~SK_BIT(x)); zs;
                 zs &= (sk_mask)(zs - 1)) {
              int z = sk_mask_first(zs);
              for (int j = 0; j < L->n[z]; j++) {
                const sk_glink *cd = &L->l[z][j];
                if (!sk_bits_equal(cd->p, cc)) continue;
                gnode n[6] = {gn(ab->p, x), gn1(b, x), gn1(b, y), gn1(c, y), gn1(c, z), gn(cd->q, z)};
                if (gchain(s, "Grouped L-Wing", n)) return 1;
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* (x=y)A - (y=z)B - (z)C = (z)D with a group for C or D */
static int h_wing_grouped(const sk_search *s, const glinks *L) {
  const sk_grid *g = s->grid;
  sk_bits bi = bivalue_cells(g), all = bi;
  for (int b; (b = sk_bits_pop(&bi)) >= 0; ) {
    sk_mask mb = g->cand[b];
    sk_bits bb = one_cell(b);
    for (int t = 0; t < 2; t++) {
      int lo = sk_mask_first(mb), hi = sk_mask_first((sk_mask)(mb & (mb - 1)));
      int y = t ? hi : lo, z = t ? lo : hi;
      sk_bits as = sk_bits_and(sk_bits_and(all, sk_peer_bits[b]), g->dcells[y - 1]);
      for (int a; (a = sk_bits_pop(&as)) >= 0; ) {
        int x = sk_mask_first((sk_mask)(g->cand[a] & ~SK_BIT(y)));
        if (x == z) continue;
        for (int j = 0; j < L->n[z]; j++) {
          const sk_glink *cd = &L->l[z][j];
          if (!sk_gsees_all(cd->p, bb)) continue;
          gnode n[6] = {gn1(a, x), gn1(a, y), gn1(b, y), gn1(b, z), gn(cd->p, z), gn(cd->q, z)};
          if (gchain(s, "Grouped H-Wing", n)) return 1;
        }
      }
    }
  }
  return 0;
}

static int grouped(const sk_search *s, int (*fn)(const sk_search *, const glinks *)) {
  glinks *L = glinks_of(s->grid);
  if (!L) return SK_SEARCH_DONE;
  int r = fn(s, L);
  free(L);
  return r ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

static int s_wing_g(const sk_search *s) { return grouped(s, s_wing_grouped); }
static int l_wing_g(const sk_search *s) { return grouped(s, l_wing_grouped); }
static int h_wing_g(const sk_search *s) { return grouped(s, h_wing_grouped); }

SK_PLUGIN_ENTRY(irregular_wings) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique t[] = {
    {"m-wing", "M-Wing", 0, m_wing, NULL},
    {"s-wing", "S-Wing", 0, s_wing, NULL},
    {"l-wing", "L-Wing", 0, l_wing, NULL},
    {"h-wing", "H-Wing", 0, h_wing, NULL},
    {"grouped-s-wing", "Grouped S-Wing", 0, s_wing_g, NULL},
    {"grouped-l-wing", "Grouped L-Wing", 0, l_wing_g, NULL},
    {"grouped-h-wing", "Grouped H-Wing", 0, h_wing_g, NULL},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (host->register_technique(reg, &t[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
