/*
** symmetry.c -- Gurth's symmetrical placement theorem, a technique plugin
** built out of the sudokit tree against an installed sudokit (see
** plugins/README.md, "A technique of your own, out of the tree").
**
** Technique (id of the rating table):
**   symmetrical-placement
**     The givens are invariant under a geometric symmetry g of the grid
**     together with a digit permutation s: every given cell c has a given
**     image g(c), and the given digit there is s(digit of c).  Since the
**     puzzle has one solution, and g followed by s turns any solution of
**     the puzzle into a solution of the same puzzle, the solution is
**     invariant too: the digit of g(c) is s(digit of c) for every cell.
**     So
**       - a candidate d of cell c goes when s(d) is not a candidate of
**         g(c) (nor its value, when g(c) is filled), and
**       - a cell on the fixed set of g (g(c) = c) keeps only digits that
**         s fixes.
**     The symmetries are three of order two: the 180-degree rotation
**     (r,c) -> (10-r, 10-c), fixed set r5c5; the reflection in the main
**     diagonal (r,c) -> (c,r), fixed set r1c1..r9c9; and the reflection
**     in the anti-diagonal (r,c) -> (10-c, 10-r), fixed set r1c9..r9c1.
**     (The reflections in the middle row and column cannot occur: their
**     fixed set is a whole line, whose nine digits s would all fix, and
**     with s the identity the two ends of the first row, or of the first
**     column, would hold one digit.)  Each of
**     the three is its own inverse, so s is an involution: the givens
**     decide it on their digits; a digit no given uses (a puzzle with one
**     solution lacks at most one) is fixed.  A grid whose givens leave two
**     digits unused is not looked at.
**
** The theorem rests on the givens alone having one solution: the CLI
** rates only such puzzles, and the engine keeps the puzzle's givens in
** sk_grid.givens through the whole rating (cells it fills are not
** givens).  A grid read from candidates (729 characters) has its solved
** cells as givens; the rule assumes that those alone fix the solution.
**
** Scan order: the rotation, then the main diagonal, then the
** anti-diagonal; for the first symmetry of the givens that removes a
** candidate, one hint with every candidate it removes, cells in
** increasing order (r1c1, r1c2, ...), digits in increasing order.  The
** rule keeps finding the images of what later steps remove, so it may
** come back in a solving path.
**
** Figures: type = the symmetry (1 rotation, 2 main diagonal,
** 3 anti-diagonal); size = the number of digit pairs s exchanges (0..4).
** No focus candidates: what the pattern is made of are the givens.
**
** As every plugin: one exported symbol (the SK_PLUGIN_ENTRY function),
** no global mutable state, the grid is only read, and the rating table
** gives the difficulty.
*/
#include "sk_plugin.h"

enum { SYM_ROT180 = 1, SYM_DIAGONAL, SYM_ANTIDIAGONAL };

static const char *const sym_name[] = {
  NULL, "the 180-degree rotation", "the main diagonal", "the anti-diagonal"
};

/* The image of cell c under symmetry `sym`. */
static int image(int sym, int c) {
  int r = sk_row_of(c), col = sk_col_of(c);
  switch (sym) {
  case SYM_ROT180: return SK_CELLS - 1 - c;
  case SYM_DIAGONAL: return 9 * col + r;
  default: return 9 * (8 - col) + (8 - r);
  }
}

/* The digit map of symmetry `sym` as the givens define it: sigma[d] for
** d = 1..9 (sigma[0] unused).  Returns 0 when some given's image is not a
** given, when two givens of one digit have images of different digits,
** or when the givens leave two or more digits unused. */
static int digit_map(const sk_grid *g, int sym, int sigma[10]) {
  for (int d = 0; d <= 9; d++) sigma[d] = 0;
  sk_bits given = g->givens;
  for (int c; (c = sk_bits_pop(&given)) >= 0; ) {
    int i = image(sym, c);
    if (!sk_bits_has(&g->givens, i)) return 0;
    int d = g->value[c], e = g->value[i];
    if (sigma[d] && sigma[d] != e) return 0;
    sigma[d] = e;
  }
  int unused = 0;
  for (int d = 1; d <= 9; d++)
    if (!sigma[d]) { sigma[d] = d; unused++; }
  return unused <= 1;
}

/* The digits cell c may hold: its candidates, or its value when filled. */
static sk_mask holds(const sk_grid *g, int c) {
  return g->value[c] ? SK_BIT(g->value[c]) : g->cand[c];
}

/* One hint for symmetry `sym` when it removes a candidate. */
static int try_symmetry(const sk_search *s, int sym) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  int sigma[10];
  if (!digit_map(g, sym, sigma)) return SK_SEARCH_DONE;
  sk_hint h;
  host->hint_init(&h);
  int any = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    int i = image(sym, c);
    sk_mask there = holds(g, i);
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int d = sk_mask_first(m);
      int gone = i == c ? sigma[d] != d : !(there & SK_BIT(sigma[d]));
      if (gone) { sk_hint_elim(&h, c, d); any = 1; }
    }
  }
  if (!any) return SK_SEARCH_DONE;
  int pairs = 0;
  for (int d = 1; d <= 9; d++) pairs += sigma[d] > d;
  h.fig[SK_FIG_TYPE] = sym;
  h.fig[SK_FIG_SIZE] = pairs;
  host->hint_printf(&h, "Symmetrical Placement: the givens are symmetric in %s", sym_name[sym]);
  if (!pairs) host->hint_printf(&h, " with every digit kept");
  const char *sep = " with digits ";
  for (int d = 1; d <= 9; d++)
    if (sigma[d] > d) { host->hint_printf(&h, "%s%d-%d", sep, d, sigma[d]); sep = " "; }
  if (pairs) host->hint_printf(&h, " swapped");
  return host->emit(s, &h) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

static int symmetry_search(const sk_search *s) {
  for (int sym = SYM_ROT180; sym <= SYM_ANTIDIAGONAL; sym++)
    if (try_symmetry(s, sym) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(symmetry) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique t = {
    "symmetrical-placement", "Symmetrical Placement", 0, symmetry_search, NULL
  };
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
