/*
** msls.c -- Multi-Sector Locked Sets (MSLS).
**
** Technique (id of the rating table):
**   msls   a set of cells M, the crossings of a set of rows R and a set of
**          columns C, with every empty cell of M a truth (it takes one
**          digit).  For each digit d, the cells of M where d is a candidate
**          lie in k_row(d) rows, k_col(d) columns and k_box(d) boxes, and d
**          can be placed in M at most m(d) = min(k_row, k_col, k_box) times
**          (once per sector).  When the sum of m(d) over the digits equals
**          the number of empty cells of M, every digit is placed exactly
**          m(d) times: each sector of a kind attaining m(d) (the link
**          sets, sum m(d) of them, as many as the truths) holds d inside M.
**          So d leaves every cell that sees all the candidates d has in
**          M within such a sector: the rest of the row, column or box, and
**          cells of other sectors (inside M or not) that see them all.
**          A sum below the number of cells cannot happen in a valid grid;
**          above it, nothing follows.
**
** Scan order: Sunnie's shapes and their order (kyoyama-kazusa/Sudoku,
** MultisectorLockedSetsStepSearcher and MultisectorLockedSetPattern; the
** XDRS values are Sunnie's, so the smallest patterns, which Sunnie rates
** lowest, come first), and within a shape a plain numeric order of the
** line sets (Sunnie's subset enumeration is not reproduced):
**   - shapes |R| x |C| by number of lines, fewer rows first: 3x3, 3x4,
**     4x3, 4x4, 4x5, 5x4 (Sunnie's six shapes: |R| and |C| at least 3 and
**     differing by at most one, |R| + |C| <= 9); the options widen this
**     to |R| + |C| <= max-lines, and with all-shapes to every split
**     (3x5, 4x4, 5x3 ...), in the same order;
**   - in each shape, row sets then column sets as 9-bit masks in
**     increasing order; a row set must meet all three bands and a column
**     set all three stacks (smaller sets give patterns that are parts of
**     two bands or stacks only, as Sunnie restricts them);
**   - a pattern may hold a few filled cells (Sunnie: at most one in
**     patterns of fewer than 12 cells, two in larger ones); a row or column
**     of it with no empty cell is skipped (it is a smaller pattern);
**   - digits 1..9, and for each its sectors attaining m(d) in the order
**     rows, columns, boxes; every pattern with an elimination is emitted.
** Sunnie precomputes the patterns; here each is checked from per-row
** column masks of the digits (a few bit operations per pattern and
** digit), and for each row set only the column sets made of columns with
** few enough filled cells in those rows are tried (the default shapes
** make 29,160 patterns; in a grid with many filled cells most of them are
** never looked at).
**
** Options (param):
**   max-lines   largest |R| + |C| searched (default 9: Sunnie's shapes)
**   all-shapes  1: shapes whose sides differ by more than one too (default 0)
**   max-filled  filled cells a pattern may hold; -1 (default) = Sunnie's
**               rule (1 below 12 cells, else 2)
**
** Figures: size = truths = the empty cells of M; extra = links = sum of
** m(d) (equal to size: the pattern is a rank-0 set of as many link sets as
** truths); type = 10 |R| + |C|.  Sunnie rates MSLS 9.4 + A002024(cells)/10
** (Factor_MultisectorLockedSetsSizeFactor, a function of the cell count);
** the table computes it from size.
**
** Hint text: "MSLS: 19 cells r2468c13579, 19 links 1c357 2c157 3r26 ...
** 9r6" (each digit, then the kind and the indexes of its link sectors;
** "=" joins kinds that tie, as in "9r46=b46"); focus = every candidate of
** the pattern's empty cells.
*/
#include "sk_plugin.h"

typedef struct msls_ctx {
  const sk_search *s;
  const sk_grid *g;
  unsigned cols[9][9];         /* cols[d-1][r]: columns where d is a candidate in row r */
  unsigned empty[9];           /* empty[r]: columns of the empty cells of row r */
  int max_filled;
  int rows[9], nrows;          /* the rows of the row set being tried */
} msls_ctx;

/* a set of 9 lines meets all three bands (stacks) */
static int spans_three(unsigned m) {
  return (m & 7u) && (m & 070u) && (m & 0700u);
}

static void list_indexes(char *buf, unsigned m) {
  int n = 0;
  for (int i = 0; i < 9; i++)
    if (m >> i & 1) buf[n++] = (char)('1' + i);
  buf[n] = 0;
}

/* the kinds of sector attaining m(d): bit 0 rows, 1 columns, 2 boxes, with
** the sectors of each as masks of indexes */
typedef struct digit_links {
  int m;
  unsigned kinds;
  unsigned sect[3];
} digit_links;

static int try_pattern(msls_ctx *x, unsigned R, unsigned C, int nr, int nc) {
  const sk_grid *g = x->g;
  int filled = 0, cells = 0;
  for (int k = 0; k < x->nrows; k++) {
    unsigned e = x->empty[x->rows[k]] & C;
    if (!e) return 0;                          /* a row without empty cells */
    cells += sk_mask_count((sk_mask)e);
    filled += nc - sk_mask_count((sk_mask)e);
  }
  int limit = x->max_filled >= 0 ? x->max_filled : (nr * nc < 12 ? 1 : 2);
  if (filled > limit) return 0;
  unsigned colsused = 0;
  for (int k = 0; k < x->nrows; k++) colsused |= x->empty[x->rows[k]] & C;
  if (colsused != C) return 0;                 /* a column without empty cells */

  digit_links dl[9];
  int links = 0;
  for (int d = 0; d < 9; d++) {
    unsigned rows = 0, cols = 0, boxes = 0, band[3] = {0, 0, 0};
    for (int k = 0; k < x->nrows; k++) {
      int r = x->rows[k];
      unsigned m = x->cols[d][r] & C;
      if (!m) continue;
      rows |= 1u << r;
      cols |= m;
      band[r / 3] |= m;
    }
    for (int b = 0; b < 3; b++)
      for (int st = 0; st < 3; st++)
        if (band[b] >> (3 * st) & 7u) boxes |= 1u << (3 * b + st);
    int kr = sk_mask_count((sk_mask)rows), kc = sk_mask_count((sk_mask)cols),
        kb = sk_mask_count((sk_mask)boxes);
    int m = kr < kc ? kr : kc;
    if (kb < m) m = kb;
    dl[d].m = m;
    dl[d].kinds = (kr == m ? 1u : 0u) | (kc == m ? 2u : 0u) | (kb == m ? 4u : 0u);
    dl[d].sect[0] = rows;
    dl[d].sect[1] = cols;
    dl[d].sect[2] = boxes;
    links += m;
    if (links > cells) return 0;
  }
  if (links != cells) return 0;

  const sk_host *host = x->s->host;
  sk_hint h;
  host->hint_init(&h);
  sk_bits map = {{0, 0}};
  for (int r = 0; r < 9; r++)
    if (R >> r & 1)
      for (int c = 0; c < 9; c++)
        if ((C >> c & 1) && g->value[9 * r + c] == 0) {
          sk_bits_set(&map, 9 * r + c);
          h.focus[9 * r + c] = g->cand[9 * r + c];
        }
  for (int d = 0; d < 9; d++) {
    if (dl[d].m == 0) continue;
    sk_bits dmap = sk_bits_and(g->dcells[d], map);
    for (int k = 0; k < 3; k++) {
      if (!(dl[d].kinds >> k & 1)) continue;
      for (int i = 0; i < 9; i++) {
        if (!(dl[d].sect[k] >> i & 1)) continue;
        int house = k == 0 ? i : k == 1 ? 9 + i : 18 + i;
        sk_bits in = sk_bits_and(dmap, sk_house_bits[house]);
        sk_bits common = g->dcells[d];
        for (sk_bits t = in; !sk_bits_empty(t);) {
          int c = sk_bits_pop(&t);
          common = sk_bits_and(common, sk_peer_bits[c]);
        }
        for (int c; (c = sk_bits_pop(&common)) >= 0;) sk_hint_elim(&h, c, d + 1);
      }
    }
  }
  if (!sk_hint_has_elims(&h)) return 0;

  char rs[10], cs[10];
  list_indexes(rs, R);
  list_indexes(cs, C);
  host->hint_printf(&h, "MSLS: %d cells r%sc%s, %d links", cells, rs, cs, links);
  for (int d = 0; d < 9; d++) {
    if (dl[d].m == 0) continue;
    host->hint_printf(&h, " %d", d + 1);
    int first = 1;
    for (int k = 0; k < 3; k++) {
      if (!(dl[d].kinds >> k & 1)) continue;
      char is[10];
      list_indexes(is, dl[d].sect[k]);
      host->hint_printf(&h, "%s%c%s", first ? "" : "=", "rcb"[k], is);
      first = 0;
    }
  }
  h.fig[SK_FIG_SIZE] = cells;
  h.fig[SK_FIG_EXTRA] = links;
  h.fig[SK_FIG_TYPE] = 10 * nr + nc;
  return host->emit(x->s, &h) ? -1 : 1;
}

static int search(const sk_search *s) {
  msls_ctx x;
  x.s = s;
  x.g = s->grid;
  x.max_filled = s->host->param(s, "max-filled", -1);
  int max_lines = s->host->param(s, "max-lines", 9);
  int all_shapes = s->host->param(s, "all-shapes", 0);
  if (max_lines > 18) max_lines = 18;
  for (int r = 0; r < 9; r++) {
    x.empty[r] = 0;
    for (int c = 0; c < 9; c++)
      if (x.g->value[9 * r + c] == 0) x.empty[r] |= 1u << c;
    for (int d = 0; d < 9; d++) x.cols[d][r] = sk_bits_row(x.g->dcells[d], r);
  }
  for (int lines = 6; lines <= max_lines; lines++)
    for (int nr = 3; nr <= lines - 3; nr++) {
      int nc = lines - nr;
      if (nr > 9 || nc > 9) continue;
      if (!all_shapes && (nr - nc > 1 || nc - nr > 1)) continue;
      for (unsigned R = 0; R < 512; R++) {
        if (sk_mask_count((sk_mask)R) != nr || !spans_three(R)) continue;
        if (s->host->should_stop(s)) return SK_SEARCH_DONE;
        x.nrows = 0;
        for (int r = 0; r < 9; r++)
          if (R >> r & 1) x.rows[x.nrows++] = r;
        /* a column with more filled cells in R than the pattern may hold
        ** cannot be one of C: only subsets of the others are tried */
        int limit = x.max_filled >= 0 ? x.max_filled : (nr * nc < 12 ? 1 : 2);
        unsigned allowed = 0;
        for (int c = 0; c < 9; c++) {
          int filled = 0;
          for (int r = 0; r < 9; r++)
            if ((R >> r & 1) && !(x.empty[r] >> c & 1)) filled++;
          if (filled <= limit) allowed |= 1u << c;
        }
        if (sk_mask_count((sk_mask)allowed) < nc || !spans_three(allowed)) continue;
        for (unsigned C = (0u - allowed) & allowed; C; C = (C - allowed) & allowed) {
          if (sk_mask_count((sk_mask)C) != nc || !spans_three(C)) continue;
          if (try_pattern(&x, R, C, nr, nc) < 0) return SK_SEARCH_STOPPED;
        }
      }
    }
  return SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(msls) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"msls", "Multi-Sector Locked Sets", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
