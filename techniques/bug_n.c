/*
** bug_n.c -- Bivalue Universal Grave + n (BUG+n).
**
** Technique (id of the rating table):
**   bug-plus-n   keep two candidates in every empty cell so that no digit
**                has more than two places in any house: then every digit
**                has exactly two places in each house where it is missing
**                (a house of k empty cells has 2k candidates for k digits),
**                a BUG state, which has no solution or several.  So in a
**                puzzle with one solution, one of the candidates taken out
**                (the n "true candidates") is true, and every candidate
**                that sees all of them goes: a candidate sees a true
**                candidate in its own cell (another digit) or in a peer
**                cell (the same digit).  n is the number of candidates of
**                the multi-valued cells beyond two each.
**
** Scan order: Sunnie's (kyoyama-kazusa/Sudoku, TrueCandidate and
** BivalueUniversalGraveStepSearcher.CheckMultiple), whose values XDRS
** takes, so that the true candidates are the ones his solver names: no
** empty cell may hold
** fewer than two candidates, nor a digit three places in a house among the
** bivalue cells; then a depth-first search over the multi-valued cells in
** cell order, each keeping a pair of its candidates (pairs in
** lexicographic order) that leaves no digit three places in one of its
** houses.  The first complete choice gives the true candidates (the
** search stops there, as Sunnie's does: another choice could give other
** true candidates).  One hint, if anything is eliminated: candidates in
** cell order, digits ascending.
**
** Options (param):
**   min-true   fewest true candidates reported (default 2: one true
**              candidate is BUG+1, technique bug's type 1)
**   max-true   most true candidates searched (default 18, Sunnie's bound)
**   max-nodes  choices the depth-first search may try (default 200000);
**              past it nothing is found
**
** Figures: size = n, the true candidates.  Sunnie rates BUG+n 5.7 +
** A002024(n)/10 (BivalueUniversalGraveMultipleStep: base 5.6 + 1,
** Factor_BivalueUniversalGraveMultipleTrueCandidateFactor).
**
** Hint text: "Bivalue Universal Grave + 3: 5r1c2 3r4c7 6r4c7" (the true
** candidates); focus = the true candidates.
*/
#include "sk_plugin.h"

#define MAX_NAMED 18

static const char *const names[MAX_NAMED + 1] = {
  "Bivalue Universal Grave + n", "Bivalue Universal Grave + 1",
  "Bivalue Universal Grave + 2", "Bivalue Universal Grave + 3",
  "Bivalue Universal Grave + 4", "Bivalue Universal Grave + 5",
  "Bivalue Universal Grave + 6", "Bivalue Universal Grave + 7",
  "Bivalue Universal Grave + 8", "Bivalue Universal Grave + 9",
  "Bivalue Universal Grave + 10", "Bivalue Universal Grave + 11",
  "Bivalue Universal Grave + 12", "Bivalue Universal Grave + 13",
  "Bivalue Universal Grave + 14", "Bivalue Universal Grave + 15",
  "Bivalue Universal Grave + 16", "Bivalue Universal Grave + 17",
  "Bivalue Universal Grave + 18"};

typedef struct bugn_ctx {
  const sk_grid *g;
  int multi[SK_CELLS];         /* multi-valued cells, in cell order */
  int nmulti;
  sk_mask keep[SK_CELLS];      /* the pair each multi-valued cell keeps */
  uint8_t count[SK_HOUSES][9]; /* places of each digit in each house, kept candidates */
  long nodes, max_nodes;
} bugn_ctx;

static int fits(const bugn_ctx *x, int cell, sk_mask pair) {
  for (sk_mask m = pair; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m) - 1;
    for (int k = 0; k < 3; k++)
      if (x->count[sk_cell_house[cell][k]][d] >= 2) return 0;
  }
  return 1;
}

static void add(bugn_ctx *x, int cell, sk_mask pair, int delta) {
  for (sk_mask m = pair; m; m &= (sk_mask)(m - 1)) {
    int d = sk_mask_first(m) - 1;
    for (int k = 0; k < 3; k++) x->count[sk_cell_house[cell][k]][d] = (uint8_t)(x->count[sk_cell_house[cell][k]][d] + delta);
  }
}

/* depth-first: 1 when cells i.. all found a pair */
static int choose(bugn_ctx *x, int i) {
  if (i == x->nmulti) return 1;
  int cell = x->multi[i];
  sk_mask cand = x->g->cand[cell];
  for (sk_mask m1 = cand; m1; m1 &= (sk_mask)(m1 - 1)) {
    sk_mask b1 = (sk_mask)(m1 & -m1);
    for (sk_mask m2 = (sk_mask)(m1 & (m1 - 1)); m2; m2 &= (sk_mask)(m2 - 1)) {
      sk_mask pair = (sk_mask)(b1 | (m2 & -m2));
      if (++x->nodes > x->max_nodes) return 0;
      if (!fits(x, cell, pair)) continue;
      add(x, cell, pair, 1);
      x->keep[cell] = pair;
      if (choose(x, i + 1)) return 1;
      add(x, cell, pair, -1);
      if (x->nodes > x->max_nodes) return 0;
    }
  }
  return 0;
}

static int search(const sk_search *s) {
  const sk_host *host = s->host;
  const sk_grid *g = s->grid;
  int min_true = host->param(s, "min-true", 2);
  int max_true = host->param(s, "max-true", 18);
  bugn_ctx x;
  x.g = g;
  x.nmulti = 0;
  x.nodes = 0;
  x.max_nodes = host->param(s, "max-nodes", 200000);
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 0; d < 9; d++) x.count[h][d] = 0;
  int ntrue = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    int n = sk_mask_count(g->cand[c]);
    if (n < 2) return SK_SEARCH_DONE;
    if (n == 2) {
      add(&x, c, g->cand[c], 1);
      x.keep[c] = g->cand[c];
    } else {
      x.multi[x.nmulti++] = c;
      ntrue += n - 2;
    }
  }
  if (ntrue < min_true || ntrue > max_true || x.nmulti == 0) return SK_SEARCH_DONE;
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 0; d < 9; d++)
      if (x.count[h][d] > 2) return SK_SEARCH_DONE;
  if (!choose(&x, 0)) return SK_SEARCH_DONE;

  /* the true candidates, and what sees them all */
  sk_mask truec[SK_CELLS] = {0};
  for (int i = 0; i < x.nmulti; i++) {
    int c = x.multi[i];
    truec[c] = (sk_mask)(g->cand[c] & ~x.keep[c]);
  }
  sk_hint h;
  host->hint_init(&h);
  h.name = ntrue <= MAX_NAMED ? names[ntrue] : names[0];
  for (int d = 1; d <= 9; d++) {
    sk_bits sees = g->dcells[d - 1];
    for (int i = 0; i < x.nmulti && !sk_bits_empty(sees); i++) {
      int c = x.multi[i];
      if (!truec[c]) continue;
      if (truec[c] & (sk_mask)~SK_BIT(d)) {
        /* another true digit in this cell: only this cell's d sees it,
        ** and only if d is not itself true here */
        sk_bits only = {{0, 0}};
        if (!(truec[c] & SK_BIT(d))) sk_bits_set(&only, c);
        sees = sk_bits_and(sees, only);
      }
      if (truec[c] & SK_BIT(d)) sees = sk_bits_and(sees, sk_peer_bits[c]);
    }
    for (int c; (c = sk_bits_pop(&sees)) >= 0;) sk_hint_elim(&h, c, d);
  }
  if (!sk_hint_has_elims(&h)) return SK_SEARCH_DONE;
  host->hint_printf(&h, "Bivalue Universal Grave + %d:", ntrue);
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = truec[c]; m; m &= (sk_mask)(m - 1)) {
      char cn[8];
      int d = sk_mask_first(m);
      host->hint_printf(&h, " %d%s", d, sk_cell_name(c, cn));
      sk_hint_focus(&h, c, d);
    }
  h.fig[SK_FIG_SIZE] = ntrue;
  return host->emit(s, &h) ? SK_SEARCH_STOPPED : SK_SEARCH_DONE;
}

SK_PLUGIN_ENTRY(bug_n) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"bug-plus-n", "Bivalue Universal Grave + n", 0, search, NULL};
  return host->register_technique(reg, &t) == 0 ? SK_PLUGIN_OK : SK_PLUGIN_ERROR;
}
