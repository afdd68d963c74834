/*
** templates.c -- HoDoKu's Template Set and Template Delete.
**
** Techniques (ids of the rating table; HoDoKu 2.2.0 arg, reglib code):
**   template-set      ts   1201
**   template-delete   td   1202
**
** The rule.  A template of a digit is one of the 46,656 placements of its
** nine copies, one in each row, column and box; it is valid when every cell
** of it holds the digit or has it as a candidate and every placed copy is
** one of its cells (sk_templates.h).  The digit's solution is one of its
** valid templates, so:
**   - Template Set: a cell in every valid template of d holds d;
**   - Template Delete: a candidate d in no valid template of d goes.
** HoDoKu combines the digits as its TemplateSolver does (through
** SudokuStepFinder.initCandTemplates with its lists): a template of d that
** meets a cell where another digit k surely is (a cell in every remaining
** template of k) is dropped too, round after round, until no template is
** dropped; Set and Delete are worked out from the templates that remain.
**
** Scan order: HoDoKu makes one step per digit, digits 1..9, and takes the
** first (TemplateSolver.getTemplateSet / getTemplateDel); its find-all-steps
** (the regression tester) lists every digit's.  Each technique emits its
** steps in that order.  No options.
**
** Hints.  Template Set: places every such cell of the digit -- the hint
** places the first one and removes the other candidates of the others,
** which are then naked singles; focus = those cells with the digit (the
** library writer's `placements: focus` writes them as HoDoKu's placements).
** Text as HoDoKu's step.toString(2): "Template Set: r1c2,r3c45=9".
** Template Delete: eliminations, focus = the eliminated candidates; text
** "Template Delete:".  Figures: size = the number of cells set or
** candidates removed.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"
#include "sk_templates.h"

typedef struct tp_list {
  sk_bits *t;
  int n, cap, failed;
} tp_list;

static int tp_keep(void *ud, sk_bits t) {
  tp_list *l = ud;
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 256;
    sk_bits *p = realloc(l->t, (size_t)cap * sizeof *p);
    if (!p) { l->failed = 1; return 1; }
    l->t = p;
    l->cap = cap;
  }
  l->t[l->n++] = t;
  return 0;
}

/* set[d-1]: cells in every remaining template of d; any[d-1]: in one;
** 0, or -1 when memory ran out. */
static int tp_solve(const sk_grid *g, sk_bits set[9], sk_bits any[9], int count[9]) {
  tp_list l[9];
  int rc = 0;
  sk_bits all = {{~0ULL, (1ULL << 17) - 1}}, none = {{0, 0}};
  memset(l, 0, sizeof l);
  for (int d = 1; d <= 9; d++) {
    sk_tmpl_each(g, d, tp_keep, &l[d - 1]);
    if (l[d - 1].failed) rc = -1;
  }
  for (int d = 0; d < 9 && !rc; d++) {
    set[d] = all, any[d] = none;
    for (int i = 0; i < l[d].n; i++) set[d] = sk_bits_and(set[d], l[d].t[i]), any[d] = sk_bits_or(any[d], l[d].t[i]);
  }
  for (int removed = 1; removed && !rc; ) {
    removed = 0;
    for (int d = 0; d < 9; d++) {
      sk_bits s = all, a = none;
      int k = 0;
      for (int i = 0; i < l[d].n; i++) {
        sk_bits t = l[d].t[i];
        int clash = 0;
        for (int e = 0; e < 9 && !clash; e++)
          if (e != d && !sk_bits_empty(sk_bits_and(t, set[e]))) clash = 1;
        if (clash) { removed++; continue; }
        s = sk_bits_and(s, t), a = sk_bits_or(a, t);
        l[d].t[k++] = t;
      }
      l[d].n = k;
      set[d] = s, any[d] = a;
    }
  }
  for (int d = 0; d < 9; d++) {
    count[d] = l[d].n;
    free(l[d].t);
  }
  return rc;
}

/* HoDoKu's getCompactCellPrint: cells ascending; a group is a cell with
** the later cells of its row, or (when the next one found is in its
** column) of its column. */
static void tp_cells(const sk_host *host, sk_hint *h, sk_bits cells) {
  int first = 1;
  while (!sk_bits_empty(cells)) {
    int c = sk_bits_first(cells), row = c / 9, col = c % 9;
    char rows[10], cols[10];
    int nr = 0, nc = 0;
    sk_bits_clear(&cells, c);
    rows[nr++] = (char)('1' + row);
    cols[nc++] = (char)('1' + col);
    sk_bits rest = cells;
    for (int x; (x = sk_bits_pop(&rest)) >= 0; ) {
      if (x / 9 == row && nr == 1) cols[nc++] = (char)('1' + x % 9), sk_bits_clear(&cells, x);
      else if (x % 9 == col && nc == 1) rows[nr++] = (char)('1' + x / 9), sk_bits_clear(&cells, x);
    }
    rows[nr] = cols[nc] = 0;
    host->hint_printf(h, "%sr%sc%s", first ? "" : ",", rows, cols);
    first = 0;
  }
}

static int tp_search(const sk_search *s) {
  const int del = *(const int *)s->data;
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  sk_bits set[9], any[9], all = {{~0ULL, (1ULL << 17) - 1}};
  int count[9];
  if (tp_solve(g, set, any, count) != 0) return SK_SEARCH_DONE;
  for (int d = 1; d <= 9; d++) {
    if (count[d - 1] == 0) continue;            /* no template: a broken grid */
    sk_bits cells = del ? sk_bits_and(sk_bits_andnot(all, any[d - 1]), g->dcells[d - 1])
                        : sk_bits_and(set[d - 1], g->dcells[d - 1]);
    if (sk_bits_empty(cells)) continue;
    sk_hint h;
    host->hint_init(&h);
    h.fig[SK_FIG_SIZE] = sk_bits_count(cells);
    sk_bits m = cells;
    if (del) {
      for (int c; (c = sk_bits_pop(&m)) >= 0; ) sk_hint_elim(&h, c, d), sk_hint_focus(&h, c, d);
      host->hint_printf(&h, "Template Delete:");
    } else {
      h.cell = sk_bits_first(cells);
      h.digit = d;
      for (int c; (c = sk_bits_pop(&m)) >= 0; ) {
        sk_hint_focus(&h, c, d);
        for (sk_mask o = (sk_mask)(g->cand[c] & ~SK_BIT(d)); o; o &= (sk_mask)(o - 1))
          sk_hint_elim(&h, c, __builtin_ctz(o) + 1);
      }
      host->hint_printf(&h, "Template Set: ");
      tp_cells(host, &h, cells);
      host->hint_printf(&h, "=%d", d);
    }
    if (host->emit(s, &h)) return SK_SEARCH_STOPPED;
  }
  return SK_SEARCH_DONE;
}

static const int tp_kinds[2] = {0, 1};

SK_PLUGIN_ENTRY(templates) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique set = {"template-set", "Template Set", 0, tp_search, &tp_kinds[0]};
  sk_technique del = {"template-delete", "Template Delete", 0, tp_search, &tp_kinds[1]};
  if (host->register_technique(reg, &set) != 0) return SK_PLUGIN_ERROR;
  if (host->register_technique(reg, &del) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
