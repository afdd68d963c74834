/*
** loops.c -- HoDoKu's Nice Loops and AICs, found in the implication
** tables (TablingSolver.doGetNiceLoops, checkNiceLoop, checkAic).
**
** Technique (id of the rating table; HoDoKu's arg names and library codes
** are its aliases):
**   nice-loop          NICE_LOOP: every continuous nice loop (cnl, 0706),
**                      discontinuous nice loop (dnl, 0707) and AIC (aic,
**                      0708); HoDoKu's solver asks them as one technique
**                      and takes the best of all three, so they are one
**                      search here
**   grouped-nice-loop  GROUPED_NICE_LOOP: the same in tables with group
**                      nodes (and ALS nodes where option als says so):
**                      gcnl 0709, gdnl 0710, gaic 0711 when the chain holds
**                      a group or ALS node.  HoDoKu's solver search keeps
**                      plain chains too; its find-all-steps search (all-steps
**                      1) only grouped ones
**
** An ALS node (an ALS entered by a weak link on digit d: without d the
** rest is a locked set) deletes every other digit of the ALS from the
** cells seeing all its cells with that digit, and sets a cell left with
** one candidate; in a continuous loop the ALS's digits other than the
** entry and exit leave the cells seeing them, too.
**
** Rule.  A table's premise is a candidate set or deleted; an entry of its
** table in the premise's cell closes a loop: the entry's chain (premise
** first) leaves the cell, comes back to it and never touches a cell of
** the chain twice (two consecutive nodes may share a cell).  With the
** first link weak (premise on) or strong (premise off) and the last link
** weak or strong:
**   both weak, one digit          -> the digit leaves the start cell (DNL)
**   both strong, one digit        -> the cell's other digits leave (DNL)
**   one weak, one strong, digits
**   differ                        -> the weak link's digit leaves (DNL)
**   both weak and a bivalue cell,
**   both strong with two digits,
**   or weak/strong on one digit   -> a continuous loop: a cell entered and
**                                    left by strong links keeps only their
**                                    digits; a weak link between two cells
**                                    removes its digit from every cell off
**                                    the loop that sees both (CNL)
** An AIC starts with a strong link (a deleted premise) and ends at a set
** node in another cell: the same digit -> the digit leaves every cell
** seeing both ends (only when at least two cells hold it there: fewer is
** a nice loop's work); different digits, ends that see each other, each
** holding the other's digit -> those two candidates leave.  Chains of one
** or two links do nothing (HoDoKu's distance check).
**
** Scan order, HoDoKu's, so that the loops found, the one kept per set of
** eliminations and the one the solver takes are HoDoKu's: the premises'
** tables in candidate order (cell, then digit), first every "set" table
** for loops, then every "delete" table for loops, then every "delete"
** table for AICs; inside a table its entries in order.  A step is kept
** unless one with the same eliminations is already kept with a chain at
** most as long (deletesMap); steps are then sorted by
** SolutionStep.compareTo: more eliminations first; steps of different
** type or eliminations by the weighted index sum of the eliminations
** (the k-th, in digit then cell order, counts cell * (1 + 80k) + digit);
** equal ones by chain length (an ALS node counting 3.5 nodes for a loop,
** 1 + its cells' penalty for a new AIC, as HoDoKu caches them); ties keep
** the order of discovery (a stable sort, as Java's is: compareTo calls
** two sets of one count and index sum equal, which Java's TimSort could
** order otherwise in a list of 32 steps or more; HoDoKu's paths never
** show it).  h->order is the rank in that sort.
**
** The tables come from tb_get_tables (table.c), each made once per grid:
** the passes read the same tables (the "delete" tables' loops and AICs in
** one walk, the AICs kept apart and appended: the order of two passes),
** and forcing-chain, tried later on the same grid, reads the grouped ones.
**
** Options (host->param, HoDoKu's default):
**   max-table-entry-length  1000  entries of a table (maxTableEntryLength)
**   als                     0     grouped-nice-loop: ALS nodes in the tables
**                                 (allowAlsInTablingChains) for the steps
**                                 of the types whose bit is set (bit t for
**                                 fig type t; 126 = all); a mask of some
**                                 types searches twice, the others without
**                                 ALS nodes, as HoDoKu's tester runs
**                                 0709-2 with them and 0710-2 without
**   all-steps               0     0: HoDoKu's solver (getStep): only the
**                                 first step of the sort is emitted;
**                                 1: its find-all-steps search (what its
**                                 regression tester runs): every kept step
**
** Figures: fig[SK_FIG_TYPE] = 1 continuous, 2 discontinuous, 3 AIC, 4..6
** the same grouped (the table maps them to 0706..0711); fig[SK_FIG_LENGTH]
** = the chain's length - 1, what HoDoKu's library line prints in <extra>;
** fig[SK_FIG_SIZE] = the links with a group node at an end (an ALS node
** counting as a group where its cells holding the link's digit are two or
** more), fig[SK_FIG_EXTRA] = the ALS nodes: the counts of Sunnie's
** grouped-node factor (node_counts), priced by ratings/xdrs.yaml; the
** hodoku table prices neither, and neither changes which steps are found,
** kept or sorted.  Focus: the
** chain's candidates (HoDoKu's library line takes the eliminated digits:
** the table says digits: elim).  Text: HoDoKu's step.toString(2) before
** " => ", e.g.
**   Discontinuous Nice Loop: 1/4/9 r3c7 =2= r3c9 -2- r7c9 -3- r7c1 -4- r6c1 -2- r6c7 =2= r3c7
**   Continuous Nice Loop: 1/5/6/9 7= r3c4 =4= r3c6 -4- r8c6 -9- r8c8 -2- r8c9 =2= r3c9 =7= r3c4 =4
**   AIC: 2 2- r2c2 -4- r2c7 =4= r8c7 =7= r8c2 =2= r9c3 -2
**   Grouped Discontinuous Nice Loop: 7 r4c3 -7- r4c79 =7= r6c7 =9= r7c7 =8= r7c4 -8- r4c4 =8= r4c3
** (an ALS node prints as "ALS:r1c23").
*/
#include "tabling.h"

enum { T_CNL = 1, T_DNL = 2, T_AIC = 3 };

/* fig[SK_FIG_TYPE]: 1..3, plus 3 for a chain with a group node */
static const char *const type_name[7] = {"", "Continuous Nice Loop", "Discontinuous Nice Loop", "AIC",
                                         "Grouped Continuous Nice Loop",
                                         "Grouped Discontinuous Nice Loop", "Grouped AIC"};

#define CELL(n) tb_cell(x->L, (n))
#define DIGIT(n) tb_digit(x->L, (n))

/* A step: a loop or AIC with its eliminations. */
typedef struct step {
  int type;
  int len;            /* chain nodes */
  int lnull, lstep;   /* HoDoKu's chain lengths: ALS nodes count 3.5 (Chain.getLength()),
                      ** or 1 + their cells' penalty (with the step's ALS list) */
  int eff;            /* the one its step keeps (keep_steps) */
  int nel;            /* eliminations, sorted: (digit - 1) * 81 + cell */
  int ch, el;         /* offsets into the pools */
  int32_t isum;       /* HoDoKu's weighted index sum of the eliminations */
  uint32_t hash;
} step;

typedef struct ctx {
  const sk_search *s;
  const sk_grid *g;
  const tb_links *L;
  const tb_tables *tabs;      /* every candidate's tables */
  tb_view T;                  /* the table being looked at */
  step *st;                   /* raw steps in order of discovery */
  int nst, capst;
  uint16_t *chp;              /* chain pool */
  int nchp, capchp;
  uint16_t *elp;              /* elimination pool */
  int nelp, capelp;
  int oom;
  int only_grouped;           /* find-all grouped search: grouped chains only */
  int als;                    /* ALS nodes in the tables */
  uint16_t chain[TB_MAX_ENTRIES];
} ctx;

static int grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return 0;
  int c = *cap ? *cap : 256;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * size);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

/* Record a step: eliminations in elim[] (duplicates allowed), chain in x->chain. */
static void add_step(ctx *x, int type, const sk_mask *elim, int len) {
  int nel = 0;
  for (int c = 0; c < SK_CELLS; c++) nel += sk_mask_count(elim[c]);
  if (!nel) return;
  int grouped = 0, nals = 0, pen = 0;
  for (int i = 0; i < len; i++) {
    int n = x->chain[i];
    grouped |= !tb_is_normal(n);
    if (tb_is_als(n)) {
      int c = tb_als_of(x->L, n)->ncells;
      nals++;
      pen += c <= 1 ? 0 : c == 2 ? 1 : (c - 1) * 2;
    }
  }
  if (grouped) type += 3;
  else if (x->only_grouped) return;
  if (grow((void **)&x->st, &x->capst, x->nst + 1, sizeof *x->st) ||
      grow((void **)&x->chp, &x->capchp, x->nchp + len, sizeof *x->chp) ||
      grow((void **)&x->elp, &x->capelp, x->nelp + nel, sizeof *x->elp)) {
    x->oom = 1;
    return;
  }
  step *t = &x->st[x->nst++];
  t->type = type;
  t->len = len;
  t->lnull = len + nals * 5 / 2;
  t->lstep = len + pen;
  t->eff = t->lnull;
  t->nel = nel;
  t->ch = x->nchp;
  t->el = x->nelp;
  memcpy(x->chp + x->nchp, x->chain, (size_t)len * sizeof *x->chp);
  x->nchp += len;
  int32_t sum = 0, k = 0;
  uint32_t h = 2166136261u;
  for (int d = 1; d <= 9; d++)
    for (int c = 0; c < SK_CELLS; c++)
      if (elim[c] & SK_BIT(d)) {
        x->elp[x->nelp++] = (uint16_t)((d - 1) * 81 + c);
        sum += c * (1 + 80 * k) + d;
        k++;
        h = (h ^ (uint32_t)((d - 1) * 81 + c)) * 16777619u;
      }
  t->isum = sum;
  t->hash = h;
}

/* Does the chain touch a cell twice (other than consecutive nodes, and
** for loops the start cell)?  HoDoKu's addChain lasso test. */
static int lasso(const ctx *x, const uint16_t *ch, int len, int start_cell, int aic) {
  sk_bits seen = {{0, 0}};
  int last = -1, lastn = -1;
  for (int i = 0; i < len; i++) {
    int c = CELL(ch[i]);
    if (sk_bits_has(&seen, c)) return 1;
    if (last != -1 && (last != start_cell || aic)) {
      sk_bits_set(&seen, last);
      if (tb_is_group(lastn)) seen = sk_bits_or(seen, tb_grp(x->L, lastn)->cells);
      else if (tb_is_als(lastn)) seen = sk_bits_or(seen, tb_als_of(x->L, lastn)->cells);
    }
    last = c;
    lastn = ch[i];
  }
  return 0;
}

/* The cells of a node. */
static sk_bits node_cells(const ctx *x, int n) {
  if (tb_is_group(n)) return tb_grp(x->L, n)->cells;
  if (tb_is_als(n)) return tb_als_of(x->L, n)->cells;
  sk_bits b = {{0, 0}};
  sk_bits_set(&b, CELL(n));
  return b;
}

/* The cells that see all of a node's cells (getSNodeBuddies); for an ALS
** node, the cells with digit d seeing all its cells with d. */
static sk_bits node_buddies(const ctx *x, int n, int d) {
  if (tb_is_group(n)) return tb_grp(x->L, n)->buddies;
  if (tb_is_als(n)) return tb_als_of(x->L, n)->buddies[d];
  return sk_peer_bits[CELL(n)];
}

/* A continuous loop entering ALS node ch[i] by digit d: the ALS's other
** digits, save the one that leaves it, go from every cell seeing all its
** cells with them; when the ALS forces the next cell (the next link is
** strong), that cell's other digits are exits too, and each goes from
** the cells seeing it in the ALS and the next cell. */
static void als_elims(const ctx *x, const uint16_t *ch, int i, int end, int d, sk_mask *elim) {
  const sk_grid *g = x->g;
  const tb_als *a = tb_als_of(x->L, ch[i]);
  int force = i < end && tb_on(ch[i + 1]);
  int next = i < end ? CELL(ch[i + 1]) : -1;
  sk_mask exits = 0;
  if (force) exits = (sk_mask)(g->cand[next] & ~SK_BIT(DIGIT(ch[i + 1])));
  else if (i < end) exits = SK_BIT(DIGIT(ch[i + 1]));
  for (int k = 1; k <= 9; k++) {
    if (k == d || (exits & SK_BIT(k)) || !(a->cands & SK_BIT(k))) continue;
    sk_bits see = sk_bits_and(a->buddies[k], g->dcells[k - 1]);
    for (int p; (p = sk_bits_pop(&see)) >= 0; ) elim[p] |= SK_BIT(k);
  }
  if (force)
    for (sk_mask m = exits; m; m &= m - 1) {
      int k = sk_mask_first(m);
      if (!(a->cands & SK_BIT(k))) continue;
      sk_bits see = sk_bits_and(sk_bits_and(a->buddies[k], sk_peer_bits[next]), g->dcells[k - 1]);
      for (int p; (p = sk_bits_pop(&see)) >= 0; ) elim[p] |= SK_BIT(k);
    }
}

/* checkNiceLoop: entry j of table T (in the premise's cell). */
static void check_loop(ctx *x, int j) {
  const tb_view *T = &x->T;
  const sk_grid *g = x->g;
  if (T->dist[j] <= 2) return;
  int len = tb_view_chain(T, j, x->chain, TB_MAX_ENTRIES);
  if (len < 3) return;
  const uint16_t *ch = x->chain;
  int c0 = CELL(ch[0]);
  if (CELL(ch[len - 1]) == CELL(ch[len - 2])) return;   /* ends inside the cell */
  if (lasso(x, ch, len, c0, 0)) return;
  if (CELL(ch[0]) == CELL(ch[1])) return;               /* must leave the cell */
  int first_strong = tb_on(T->node[1]);
  int last_strong = tb_on(ch[len - 1]);
  int d0 = DIGIT(ch[0]), d1 = DIGIT(ch[len - 1]);
  sk_mask elim[SK_CELLS];
  memset(elim, 0, sizeof elim);
  int type = T_DNL;
  if (!first_strong && !last_strong && d0 == d1) {
    elim[c0] |= SK_BIT(d0);
  } else if (first_strong && last_strong && d0 == d1) {
    elim[c0] |= (sk_mask)(g->cand[c0] & ~SK_BIT(d0));
  } else if (first_strong != last_strong && d0 != d1) {
    elim[c0] |= SK_BIT(first_strong ? d1 : d0);
  } else if ((!first_strong && !last_strong && sk_mask_count(g->cand[c0]) == 2 && d0 != d1) ||
             (first_strong && last_strong && d0 != d1) ||
             (first_strong != last_strong && d0 == d1)) {
    type = T_CNL;
    sk_bits cells = {{0, 0}};
    for (int i = 0; i < len - 1; i++) cells = sk_bits_or(cells, node_cells(x, ch[i]));
    int end = len - 1;
    for (int i = 0; i <= end; i++) {
      if ((i == 0 && first_strong && last_strong) ||
          (i > 0 && tb_on(ch[i]) && i <= end - 2 && CELL(ch[i - 1]) != CELL(ch[i]))) {
        if (i == 0 || (!tb_on(ch[i + 1]) && CELL(ch[i]) == CELL(ch[i + 1]) &&
                       tb_on(ch[i + 2]) && CELL(ch[i + 1]) != CELL(ch[i + 2]))) {
          int a = i == 0 ? d0 : DIGIT(ch[i]), b = i == 0 ? d1 : DIGIT(ch[i + 2]);
          int c = CELL(ch[i]);
          elim[c] |= (sk_mask)(g->cand[c] & ~(SK_BIT(a) | SK_BIT(b)));
        }
      }
      if (i > 0 && !tb_on(ch[i]) && CELL(ch[i - 1]) != CELL(ch[i])) {
        int d = DIGIT(ch[i]);
        sk_bits see = sk_bits_and(node_buddies(x, ch[i - 1], d), node_buddies(x, ch[i], d));
        see = sk_bits_andnot(see, cells);
        sk_bits_clear(&see, c0);
        see = sk_bits_and(see, g->dcells[d - 1]);
        for (int p; (p = sk_bits_pop(&see)) >= 0; ) elim[p] |= SK_BIT(d);
        if (tb_is_als(ch[i])) als_elims(x, ch, i, end, d, elim);
      }
    }
  }
  add_step(x, type, elim, len);
}

/* checkAic: entry j of a "delete" table, a set node in another cell. */
static void check_aic(ctx *x, int j) {
  const tb_view *T = &x->T;
  const sk_grid *g = x->g;
  if (T->dist[j] <= 2) return;
  int p0 = T->node[0], pj = T->node[j];
  int c0 = CELL(p0), cj = CELL(pj), d0 = DIGIT(p0), dj = DIGIT(pj);
  sk_mask elim[SK_CELLS];
  memset(elim, 0, sizeof elim);
  int any = 0;
  if (d0 == dj) {
    sk_bits see = sk_bits_and(sk_bits_and(sk_peer_bits[c0], sk_peer_bits[cj]), g->dcells[d0 - 1]);
    if (sk_bits_count(see) > 1)
      for (int p; (p = sk_bits_pop(&see)) >= 0; )
        if (p != c0) elim[p] |= SK_BIT(d0), any = 1;
  } else {
    if (g->cand[c0] & SK_BIT(dj)) elim[c0] |= SK_BIT(dj), any = 1;
    if (g->cand[cj] & SK_BIT(d0)) elim[cj] |= SK_BIT(d0), any = 1;
  }
  if (!any) return;
  int len = tb_view_chain(T, j, x->chain, TB_MAX_ENTRIES);
  if (lasso(x, x->chain, len, c0, 1)) return;
  add_step(x, T_AIC, elim, len);
}

/* The AIC ends checkAics looks at. */
static int aic_end(const ctx *x, int p0, int pj) {
  const sk_grid *g = x->g;
  if (!tb_is_normal(pj)) return 0;
  int c0 = CELL(p0), cj = CELL(pj), d0 = DIGIT(p0), dj = DIGIT(pj);
  if (!tb_on(pj) || cj == c0) return 0;
  if (d0 == dj)
    return sk_bits_count(sk_bits_and(sk_bits_and(sk_peer_bits[c0], sk_peer_bits[cj]),
                                     g->dcells[d0 - 1])) >= 2;
  return sk_bits_has(&sk_peer_bits[c0], cj) && (g->cand[cj] & SK_BIT(d0)) && (g->cand[c0] & SK_BIT(dj));
}

/* {====== keeping and sorting */

static int same_elims(const ctx *x, const step *a, const step *b) {
  return a->nel == b->nel && a->hash == b->hash &&
         !memcmp(x->elp + a->el, x->elp + b->el, (size_t)a->nel * sizeof *x->elp);
}

/* SolutionStep.compareTo between two steps of this search. */
static int step_cmp(const ctx *x, const step *a, const step *b) {
  if (a->nel != b->nel) return b->nel - a->nel;
  if (a->type != b->type || !same_elims(x, a, b)) return a->isum < b->isum ? -1 : a->isum > b->isum;
  return a->eff - b->eff;
}

/* A stable merge sort of idx[0..n) by step_cmp. */
static void merge_sort(const ctx *x, int *idx, int *tmp, int n) {
  if (n < 2) return;
  int h = n / 2;
  merge_sort(x, idx, tmp, h);
  merge_sort(x, idx + h, tmp, n - h);
  int i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = step_cmp(x, &x->st[idx[j]], &x->st[idx[i]]) < 0 ? idx[j++] : idx[i++];
  while (i < h) tmp[k++] = idx[i++];
  while (j < n) tmp[k++] = idx[j++];
  memcpy(idx, tmp, (size_t)n * sizeof *idx);
}

/* deletesMap: in order of discovery, a step is kept unless the last kept
** step with its eliminations has a chain at most as long.  Returns the
** kept steps' indices. */
static int keep_steps(ctx *x, int *keep) {
  int cap = 1;
  while (cap < 2 * x->nst) cap *= 2;
  int *map = malloc((size_t)cap * sizeof *map);
  if (!map) return -1;
  for (int i = 0; i < cap; i++) map[i] = -1;
  int nk = 0;
  for (int i = 0; i < x->nst; i++) {
    const step *t = &x->st[i];
    unsigned slot = t->hash & (unsigned)(cap - 1);
    while (map[slot] >= 0 && !same_elims(x, &x->st[keep[map[slot]]], t)) slot = (slot + 1) & (unsigned)(cap - 1);
    if (map[slot] >= 0 && x->st[keep[map[slot]]].eff <= t->lnull) continue;
    /* a loop's length is taken before the dedup test, an AIC's only when
    ** there is an old step to compare with: else later, with its ALSes */
    x->st[i].eff = (t->type - 1) % 3 + 1 != T_AIC || map[slot] >= 0 ? t->lnull : t->lstep;
    map[slot] = nk;
    keep[nk++] = i;
  }
  free(map);
  return nk;
}

/* {====== hints */

/* Cells as SolutionStep.getCompactCellPrint writes them: from the first
** cell left, the later cells of its row ("r1c23") or, failing that, of its
** column ("r12c3"), then "," and the next group. */
static void put_cells(const ctx *x, sk_hint *h, sk_bits cells) {
  const sk_host *host = x->s->host;
  int first = 1;
  while (!sk_bits_empty(cells)) {
    int c = sk_bits_pop(&cells), line = c / 9, col = c % 9;
    char rows[10], cols[10];
    int nr = 0, nc = 0;
    rows[nr++] = (char)('1' + line);
    cols[nc++] = (char)('1' + col);
    sk_bits rest = cells;
    for (int o; (o = sk_bits_pop(&rest)) >= 0; ) {
      if (o / 9 == line && nr == 1) {
        cols[nc++] = (char)('1' + o % 9);
        sk_bits_clear(&cells, o);
      } else if (o % 9 == col && nc == 1) {
        rows[nr++] = (char)('1' + o / 9);
        sk_bits_clear(&cells, o);
      }
    }
    rows[nr] = cols[nc] = 0;
    host->hint_printf(h, "%sr%sc%s", first ? "" : ",", rows, cols);
    first = 0;
  }
}

/* a cell "r1c2", a group node "r1c23", an ALS node "ALS:r1c234" */
static void put_node(const ctx *x, sk_hint *h, int n) {
  if (tb_is_als(n)) x->s->host->hint_printf(h, "ALS:");
  put_cells(x, h, node_cells(x, n));
}

/* Sunnie's grouped-node factor counts its chain's links one by one: a link
** through an ALS (the ALS node here, entered on one digit and left on
** another) adds most, a link with a group of cells at either end less.
** Here: *glinks = the links (consecutive nodes in different cells) with a
** group node at an end, or with an ALS node at an end whose cells holding
** the link's digit are two or more (Sunnie's node on the ALS's side is
** those cells); *nals = the ALS nodes. */
static void node_counts(const ctx *x, const uint16_t *ch, int len, int32_t *glinks, int32_t *nals) {
  int gl = 0, na = 0;
  for (int i = 0; i < len; i++) na += tb_is_als(ch[i]);
  for (int i = 1; i < len; i++) {
    int a = ch[i - 1], b = ch[i];
    if (CELL(a) == CELL(b) && tb_is_normal(a) && tb_is_normal(b)) continue;
    int d = DIGIT(b), grouped = tb_is_group(a) || tb_is_group(b);
    if (!grouped && tb_is_als(a)) grouped = sk_bits_count(tb_als_of(x->L, a)->in[d]) > 1;
    if (!grouped && tb_is_als(b)) grouped = sk_bits_count(tb_als_of(x->L, b)->in[d]) > 1;
    gl += grouped;
  }
  *glinks = gl;
  *nals = na;
}

static void make_hint(const ctx *x, const step *t, sk_hint *h) {
  const sk_host *host = x->s->host;
  host->hint_init(h);
  const uint16_t *ch = x->chp + t->ch;
  const uint16_t *el = x->elp + t->el;
  int len = t->len;
  h->name = type_name[t->type];
  h->fig[SK_FIG_TYPE] = t->type;
  h->fig[SK_FIG_LENGTH] = t->eff - 1;
  node_counts(x, x->chp + t->ch, t->len, &h->fig[SK_FIG_SIZE], &h->fig[SK_FIG_EXTRA]);
  for (int i = 0; i < t->nel; i++) sk_hint_elim(h, el[i] % 81, el[i] / 81 + 1);
  for (int i = 0; i < len; i++)
    for (sk_bits b = node_cells(x, ch[i]); !sk_bits_empty(b); )
      sk_hint_focus(h, sk_bits_pop(&b), DIGIT(ch[i]));
  host->hint_printf(h, "%s: ", type_name[t->type]);
  sk_mask digits = 0;
  for (int i = 0; i < t->nel; i++) digits |= SK_BIT(el[i] / 81 + 1);
  for (sk_mask m = digits; m; m &= m - 1)
    host->hint_printf(h, "%d%s", sk_mask_first(m), (m & (m - 1)) ? "/" : "");
  host->hint_printf(h, " ");
  int base = (t->type - 1) % 3 + 1;
  if (base == T_CNL) {
    int a = 0, b = len - 1;
    while (CELL(ch[a]) == CELL(ch[0])) a++;
    while (CELL(ch[b]) == CELL(ch[len - 1])) b--;
    host->hint_printf(h, "%d= ", DIGIT(ch[b + 1]));
    (void)a;
  } else if (base == T_AIC) {
    host->hint_printf(h, "%d- ", DIGIT(ch[0]));
  }
  int last = -1;
  for (int i = 0; i < len; i++) {
    int c = CELL(ch[i]);
    if (c == last) continue;
    last = c;
    if (i > 0) host->hint_printf(h, tb_on(ch[i]) ? " =%d= " : " -%d- ", DIGIT(ch[i]));
    put_node(x, h, ch[i]);
  }
  if (base == T_CNL) {
    int a = 0;
    while (CELL(ch[a]) == CELL(ch[0])) a++;
    host->hint_printf(h, " =%d", DIGIT(ch[a]));
  } else if (base == T_AIC) {
    host->hint_printf(h, " -%d", DIGIT(ch[len - 1]));
  }
}

/* {====== the search */

static void scan(ctx *x, int on, int aic) {
  const sk_grid *g = x->g;
  for (int c = 0; c < SK_CELLS && !x->oom; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int p = tb_node(c, __builtin_ctz(m) + 1, on);
      x->T = tb_tables_view(x->tabs, p);
      const tb_view *T = &x->T;
      /* a candidate node of cell c is c * 18 .. c * 18 + 17 */
      unsigned lo = (unsigned)c * 18;
      for (int j = 1; j < T->n; j++) {
        unsigned nd = T->node[j];
        if (aic) {
          if (aic_end(x, p, (int)nd)) check_aic(x, j);
        } else if (nd - lo < 18u) {
          check_loop(x, j);
        }
      }
    }
}

/* The "delete" tables' loops (into x) and AICs (into a list of their
** own, appended to x's after the pass): one walk over each table gives
** the steps in the order of a pass for loops followed by a pass for AICs
** (an entry is a loop's end in the premise's cell, an AIC's in another). */
static void scan_off(ctx *x) {
  const sk_grid *g = x->g;
  ctx y = *x;
  y.st = NULL;
  y.chp = y.elp = NULL;
  y.nst = y.capst = y.nchp = y.capchp = y.nelp = y.capelp = 0;
  for (int c = 0; c < SK_CELLS && !x->oom && !y.oom; c++)
    for (sk_mask m = g->cand[c]; m; m &= m - 1) {
      int p = tb_node(c, __builtin_ctz(m) + 1, 0);
      x->T = y.T = tb_tables_view(x->tabs, p);
      const tb_view *T = &x->T;
      /* a candidate node of cell c is c * 18 .. c * 18 + 17; an AIC ends
      ** at a set (odd) candidate node */
      unsigned lo = (unsigned)c * 18;
      for (int j = 1; j < T->n; j++) {
        unsigned nd = T->node[j];
        if (nd - lo < 18u) check_loop(x, j);
        else if ((nd & 1) && nd < TB_NODES && aic_end(&y, p, (int)nd)) check_aic(&y, j);
      }
    }
  if (y.oom ||
      grow((void **)&x->st, &x->capst, x->nst + y.nst, sizeof *x->st) ||
      grow((void **)&x->chp, &x->capchp, x->nchp + y.nchp, sizeof *x->chp) ||
      grow((void **)&x->elp, &x->capelp, x->nelp + y.nelp, sizeof *x->elp)) {
    x->oom = 1;
  } else {
    for (int i = 0; i < y.nst; i++) {
      step t = y.st[i];
      t.ch += x->nchp;
      t.el += x->nelp;
      x->st[x->nst + i] = t;
    }
    if (y.nchp) memcpy(x->chp + x->nchp, y.chp, (size_t)y.nchp * sizeof *x->chp);
    if (y.nelp) memcpy(x->elp + x->nelp, y.elp, (size_t)y.nelp * sizeof *x->elp);
    x->nst += y.nst;
    x->nchp += y.nchp;
    x->nelp += y.nelp;
  }
  free(y.st);
  free(y.chp);
  free(y.elp);
}

/* One search: every step found in the tables (with ALS nodes or not),
** kept and sorted as HoDoKu does; emits the steps of the types in mask
** (bit t for fig type t): the first of the sort only unless every. */
static int one_search(const sk_search *s, int grouped, int als, unsigned mask, int every) {
  ctx x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.g = s->grid;
  int r = SK_SEARCH_DONE, own = 0;
  x.only_grouped = grouped && every;
  x.als = als;
  int maxe = (int)s->host->param(s, "max-table-entry-length", TB_MAX_ENTRIES);
  if (maxe < 2 || maxe > TB_MAX_ENTRIES) maxe = TB_MAX_ENTRIES;
  x.tabs = tb_get_tables(s, grouped, als, maxe, &own);
  if (!x.tabs) goto done;
  x.L = &x.tabs->L;
  scan(&x, 1, 0);
  scan_off(&x);
  if (x.oom || !x.nst) goto done;
  int *keep = malloc((size_t)x.nst * 3 * sizeof *keep);
  if (!keep) goto done;
  int nk = keep_steps(&x, keep);
  step *kept = nk > 0 ? malloc((size_t)nk * sizeof *kept) : NULL;
  if (kept) {
    int *tmp = keep + x.nst, *ord = keep + 2 * x.nst;
    for (int i = 0; i < nk; i++) ord[i] = i, kept[i] = x.st[keep[i]];
    step *all = x.st;
    x.st = kept;              /* sort the kept steps */
    merge_sort(&x, ord, tmp, nk);
    int *rk = tmp;
    for (int i = 0; i < nk; i++) rk[ord[i]] = i;
    sk_hint h;
    for (int i = 0; i < nk; i++) {
      if ((!every && rk[i] != 0) || !(mask >> kept[i].type & 1)) continue;
      make_hint(&x, &kept[i], &h);
      h.order = rk[i];
      if (s->host->emit(s, &h)) { r = SK_SEARCH_STOPPED; break; }
    }
    x.st = all;
    free(kept);
  }
  free(keep);
done:
  free(x.st);
  free(x.chp);
  free(x.elp);
  if (own) tb_tables_free(x.tabs);
  return r;
}

#define ALL_TYPES 0x7Eu

static int search(const sk_search *s) {
  int grouped = *(const int *)s->data;
  int every = s->host->param(s, "all-steps", 0) != 0;
  unsigned als = grouped ? (unsigned)s->host->param(s, "als", 0) & ALL_TYPES : 0;
  if (als == ALL_TYPES || !als) return one_search(s, grouped, als != 0, ALL_TYPES, every);
  /* some types with ALS nodes, the others without (HoDoKu's tester) */
  if (one_search(s, grouped, 0, ALL_TYPES & ~als, every) == SK_SEARCH_STOPPED) return SK_SEARCH_STOPPED;
  return one_search(s, grouped, 1, als, every);
}

static const int plain = 0, with_groups = 1;

SK_PLUGIN_ENTRY(tabling) {
  SK_PLUGIN_CHECK(host, reg);
  sk_technique t = {"nice-loop", "Nice Loop/AIC", SK_TECH_COLLECT, search, &plain};
  if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  sk_technique u = {"grouped-nice-loop", "Grouped Nice Loop/AIC", SK_TECH_COLLECT, search, &with_groups};
  if (host->register_technique(reg, &u) != 0) return SK_PLUGIN_ERROR;
  if (tb_register_forcing(host, reg) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
