/*
** hodoku_singles.c -- HoDoKu 2.2.0's full house, naked single and hidden
** single, taken from HoDoKu's singles queues.
**
** Techniques (ids of the rating table):
**   hodoku-full-house     a naked single that is the last empty cell of a
**                         house
**   hodoku-naked-single   a cell with one candidate left
**   hodoku-hidden-single  a digit with one place left in a house
**
** The rule is the usual one; what HoDoKu adds is WHICH single a step takes
** and whether a cell counts as a naked or a hidden single, and both decide
** its score (4 or 14).  HoDoKu does not scan the grid: its grid object
** (Sudoku2) keeps a first-in first-out queue of naked singles and one of
** hidden singles, filled at the moment a cell drops to one candidate or a
** digit to one place in a house (Sudoku2.setCandidate, setCell,
** addHiddenSingle; SudokuSinglesQueue):
**   - a naked single step takes the oldest entry of the naked queue whose
**     cell is still empty, consuming the entries it passes
**     (SimpleSolver.findNakedSingle);
**   - a hidden single step takes the oldest entry of the hidden queue whose
**     cell is still empty, consuming it and the stale entries before it; if
**     that entry is no longer a single in any of its houses, the step finds
**     nothing (SimpleSolver.findHiddenSingle, kept as HoDoKu has it);
**   - a full house walks the naked queue without consuming it and takes the
**     first live entry whose cell is alone in one of its houses
**     (SimpleSolver.findFullHouse).
** So this plugin keeps a mirror of HoDoKu's bookkeeping (candidates, the
** count of places of each digit in each house, the two queues) in the
** rating's data (host set_rating_aux) and replays onto it every change the
** rating made since the last search, in the order HoDoKu makes them:
**   - the puzzle's givens are set one by one in cell order on an empty grid
**     (Sudoku2.setSudoku), candidates missing beyond that (a pencil-mark
**     input) are removed in (digit, cell) order;
**   - a placed value: setCell (the digit leaves the peers in ascending cell
**     order, then the cell's own candidates are counted off its row,
**     column and block);
**   - eliminations: in the order the producing technique lists them: as
**     the plugin listed them when it said (host prev_order: Sue de Coq,
**     Uniqueness Test 3, ALS-XZ), else by the option elim-order of its
**     table entry (host prev_param):
**       0 (default)  sorted by digit, then cell: HoDoKu's fish and chain
**                    searches sort their steps' candidates, and a step of one
**                    digit lists its cells in ascending order
**       1            by cell, then digit (hidden subsets)
**       2            by house of the set (row, column, block of the cells in
**                    the hint's focus), cells in house order, digits
**                    ascending (naked and locked subsets: createSubsetStep)
** Outside a rating (hint listings, nested searches) there is no history: the
** queues are rebuilt from the grid as Sudoku2.rebuildInternalData does
** (naked singles in cell order, then hidden singles by house).
**
** Options: elim-order (read from the entry of the previous step, above).
** Figures: none.  Text: HoDoKu's step.toString(2), e.g. "Naked Single:
** r2c5=3".
*/
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"
#include "sk_geometry.h"

#define QCAP (SK_CELLS * 3)     /* SudokuSinglesQueue's size */

typedef struct queue {
  uint8_t cell[QCAP], digit[QCAP];
  int get, put, over;
} queue;

typedef struct mirror {
  sk_mask cand[SK_CELLS];       /* 0 for a set cell */
  uint8_t value[SK_CELLS];
  int8_t free[SK_HOUSES][10];   /* places of digit d in house h */
  queue ns, hs;
} mirror;

static const char state_key = 0;   /* the rating data's key */

static void q_add(queue *q, int cell, int d) {
  if (q->put >= QCAP) { q->over = 1; return; }
  q->cell[q->put] = (uint8_t)cell;
  q->digit[q->put++] = (uint8_t)d;
}

/* the oldest entry, removed; -1 when empty (the queue resets when drained) */
static int q_take(queue *q) {
  if (q->get >= q->put) return -1;
  int r = q->get++;
  if (q->get >= q->put) q->get = q->put = 0;
  return r;
}

static void q_drop(queue *q, int i) {
  memmove(q->cell + i, q->cell + i + 1, (size_t)(q->put - i - 1));
  memmove(q->digit + i, q->digit + i + 1, (size_t)(q->put - i - 1));
  q->put--;
}


/* the first entry of digit d in house h */
static void q_drop_house(queue *q, int h, int d) {
  for (int i = q->get; i < q->put; i++) {
    const uint8_t *hs = sk_cell_house[q->cell[i]];
    if (q->digit[i] == d && (hs[0] == h || hs[1] == h || hs[2] == h)) { q_drop(q, i); return; }
  }
}

/* addHiddenSingle: the first cell of house h still holding d */
static int add_hidden(mirror *m, int h, int d) {
  for (int i = 0; i < 9; i++) {
    int c = sk_house_cell[h][i];
    if (m->cand[c] & SK_BIT(d)) { q_add(&m->hs, c, d); return 1; }
  }
  return 0;
}

static void m_clear(mirror *m) {
  memset(m, 0, sizeof *m);
  for (int c = 0; c < SK_CELLS; c++) m->cand[c] = SK_ALL_DIGITS;
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 1; d <= 9; d++) m->free[h][d] = 9;
}

/* setCandidate(cell, d, false) */
static void m_eliminate(mirror *m, int cell, int d) {
  if (!(m->cand[cell] & SK_BIT(d))) return;
  m->cand[cell] &= (sk_mask)~SK_BIT(d);
  if (!m->cand[cell]) return;                      /* HoDoKu: the puzzle is invalid */
  if (sk_mask_count(m->cand[cell]) == 1) q_add(&m->ns, cell, sk_mask_first(m->cand[cell]));
  for (int k = 0; k < 3; k++) {
    int h = sk_cell_house[cell][k], f = --m->free[h][d];
    if (f == 1) add_hidden(m, h, d);
    else if (f == 0) q_drop_house(&m->hs, h, d);
  }
}

/* setCell(cell, d) */
static void m_place(mirror *m, int cell, int d) {
  if (m->value[cell] == d) return;
  sk_mask own = m->cand[cell];
  m->value[cell] = (uint8_t)d;
  m->cand[cell] = 0;
  sk_bits peers = sk_peer_bits[cell];
  while (!sk_bits_empty(peers)) m_eliminate(m, sk_bits_pop(&peers), d);
  for (sk_mask x = own; x; x &= x - 1) {
    int e = sk_mask_first(x);
    for (int k = 0; k < 3; k++) {
      int h = sk_cell_house[cell][k], f = --m->free[h][e];
      if (f == 1 && e != d) add_hidden(m, h, e);
    }
  }
}

/* Sudoku2.rebuildInternalData: the mirror of a grid without its history */
static void m_rebuild(mirror *m, const sk_grid *g) {
  memset(m, 0, sizeof *m);
  for (int c = 0; c < SK_CELLS; c++) {
    m->value[c] = g->value[c];
    m->cand[c] = g->value[c] ? 0 : g->cand[c];
    for (sk_mask x = m->cand[c]; x; x &= x - 1)
      for (int k = 0; k < 3; k++) m->free[sk_cell_house[c][k]][sk_mask_first(x)]++;
    if (m->cand[c] && sk_mask_count(m->cand[c]) == 1) q_add(&m->ns, c, sk_mask_first(m->cand[c]));
  }
  for (int h = 0; h < SK_HOUSES; h++)
    for (int d = 1; d <= 9; d++)
      if (m->free[h][d] == 1) add_hidden(m, h, d);
}

/* remaining differences, removed in (digit, cell) order */
static void m_eliminate_rest(mirror *m, const sk_grid *g) {
  sk_mask gone[SK_CELLS], all = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    gone[c] = m->value[c] || g->value[c] ? 0 : (sk_mask)(m->cand[c] & ~g->cand[c]);
    all |= gone[c];
  }
  for (sk_mask x = all; x; x &= x - 1) {
    int d = sk_mask_first(x);
    for (int c = 0; c < SK_CELLS; c++)
      if ((gone[c] & SK_BIT(d)) && (m->cand[c] & SK_BIT(d))) m_eliminate(m, c, d);
  }
}

/* Sudoku2.setSudoku: the givens in cell order on an empty grid */
static void m_start(mirror *m, const sk_grid *g) {
  m_clear(m);
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] && sk_bits_has(&g->givens, c)) m_place(m, c, g->value[c]);
  for (int c = 0; c < SK_CELLS; c++)            /* values placed but not given */
    if (g->value[c] && !m->value[c]) m_place(m, c, g->value[c]);
  m_eliminate_rest(m, g);
}

static int gone(const mirror *m, const sk_grid *g, int c, int d) {
  return !m->value[c] && !g->value[c] && (m->cand[c] & SK_BIT(d)) && !(g->cand[c] & SK_BIT(d));
}

/* The previous step's eliminations in the order its technique lists them. */
static void m_replay_elims(mirror *m, const sk_grid *g, const sk_hint *h, int order) {
  if (order == 1) {
    for (int c = 0; c < SK_CELLS; c++)
      for (sk_mask x = h->elim[c]; x; x &= x - 1)
        if (gone(m, g, c, sk_mask_first(x))) m_eliminate(m, c, sk_mask_first(x));
  } else if (order == 2) {
    /* the houses all focus cells share, in row, column, block order */
    int shared[3] = {1, 1, 1}, first = -1;
    for (int c = 0; c < SK_CELLS; c++) {
      if (!h->focus[c]) continue;
      if (first < 0) { first = c; continue; }
      for (int k = 0; k < 3; k++)
        if (sk_cell_house[c][k] != sk_cell_house[first][k]) shared[k] = 0;
    }
    for (int k = 0; k < 3 && first >= 0; k++) {
      if (!shared[k]) continue;
      int hs = sk_cell_house[first][k];
      for (int i = 0; i < 9; i++) {
        int c = sk_house_cell[hs][i];
        for (sk_mask x = h->elim[c]; x; x &= x - 1)
          if (gone(m, g, c, sk_mask_first(x))) m_eliminate(m, c, sk_mask_first(x));
      }
    }
  }
  m_eliminate_rest(m, g);
}

/* Bring the mirror to grid g. */
static void m_sync(const sk_search *s, mirror *m, const sk_grid *g) {
  const sk_host *host = s->host;
  if (!memcmp(m->value, g->value, sizeof m->value)) {
    int same = 1;
    for (int c = 0; c < SK_CELLS && same; c++) same = m->value[c] || m->cand[c] == g->cand[c];
    if (same) return;
  }
  const sk_hint *h = host->prev_hint(s);
  if (h && h->cell >= 0 && g->value[h->cell] == h->digit && !m->value[h->cell])
    m_place(m, h->cell, h->digit);
  for (int c = 0; c < SK_CELLS; c++)
    if (g->value[c] && !m->value[c]) m_place(m, c, g->value[c]);
  int nlisted = 0;
  const uint16_t *listed = h ? host->prev_order(s, &nlisted) : NULL;
  if (listed) {                                  /* as its technique listed them */
    for (int k = 0; k < nlisted; k++) {
      int c = listed[k] / 16, d = listed[k] % 16;
      if (c < SK_CELLS && d >= 1 && d <= 9 && gone(m, g, c, d)) m_eliminate(m, c, d);
    }
    m_eliminate_rest(m, g);
  } else if (h) m_replay_elims(m, g, h, host->prev_param(s, "elim-order", 0));
  else m_eliminate_rest(m, g);
  for (int c = 0; c < SK_CELLS; c++)             /* what cannot be replayed */
    if ((m->value[c] != g->value[c]) || (!g->value[c] && m->cand[c] != g->cand[c])) {
      m_rebuild(m, g);
      return;
    }
}

/* The mirror of this rating, brought to the grid; a fresh one outside a
** rating (*tmp then holds it). */
static mirror *get_mirror(const sk_search *s, mirror *tmp) {
  const sk_host *host = s->host;
  mirror *m = host->get_aux(s, &state_key);
  if (m) {
    m_sync(s, m, s->grid);
    return m;
  }
  if (!host->prev_hint(s)) {
    m = malloc(sizeof *m);
    if (m) {
      m_start(m, s->grid);
      if (host->set_rating_aux(s, &state_key, m, free) == 0) return m;
    }
  }
  m_rebuild(tmp, s->grid);
  return tmp;
}

static int emit_single(const sk_search *s, const char *name, int cell, int d) {
  const sk_host *host = s->host;
  sk_hint h;
  host->hint_init(&h);
  sk_hint_place(&h, cell, d);
  sk_hint_focus(&h, cell, d);
  host->hint_printf(&h, "%s: r%dc%d=%d", name, cell / 9 + 1, cell % 9 + 1, d);
  return host->emit(s, &h);
}

static int full_house(const sk_search *s) {
  mirror tmp, *m = get_mirror(s, &tmp);
  for (int i = m->ns.get; i < m->ns.put; i++) {
    int c = m->ns.cell[i], d = m->ns.digit[i];
    if (m->value[c]) continue;
    for (int k = 0; k < 3; k++) {
      int h = sk_cell_house[c][k], alone = 1;
      for (int e = 1; e <= 9 && alone; e++) alone = e == d || m->free[h][e] == 0;
      if (!alone) continue;
      if (emit_single(s, "Full House", c, d)) return SK_SEARCH_STOPPED;
      break;
    }
  }
  return SK_SEARCH_DONE;
}

/* In a rating the first live entry is taken (the engine stops the search
** at its hint), the entries before it consumed; a listing (a mirror of
** its own, emit returning 0) gets every live entry, each cell once. */
static int naked_single(const sk_search *s) {
  mirror tmp, *m = get_mirror(s, &tmp);
  int i;
  while ((i = q_take(&m->ns)) >= 0) {
    int c = m->ns.cell[i];
    if (m->value[c]) continue;
    if (emit_single(s, "Naked Single", c, m->ns.digit[i])) return SK_SEARCH_STOPPED;
    if (m != &tmp) return SK_SEARCH_DONE;
    m->value[c] = 10;                  /* listed: not again */
  }
  return SK_SEARCH_DONE;
}

static int hidden_single(const sk_search *s) {
  mirror tmp, *m = get_mirror(s, &tmp);
  int i;
  while ((i = q_take(&m->hs)) >= 0) {
    int c = m->hs.cell[i], d = m->hs.digit[i], k;
    if (m->value[c]) continue;
    for (k = 0; k < 3 && m->free[sk_cell_house[c][k]][d] != 1; k++) ;
    if (k == 3) {
      if (m != &tmp) return SK_SEARCH_DONE;   /* HoDoKu's step finds nothing then */
      continue;
    }
    if (emit_single(s, "Hidden Single", c, d)) return SK_SEARCH_STOPPED;
    if (m != &tmp) return SK_SEARCH_DONE;
    m->value[c] = 10;
  }
  return SK_SEARCH_DONE;
}

static const sk_technique techniques[] = {
  {"hodoku-full-house", "Full House", 0, full_house, NULL},
  {"hodoku-naked-single", "Naked Single", 0, naked_single, NULL},
  {"hodoku-hidden-single", "Hidden Single", 0, hidden_single, NULL},
};

SK_PLUGIN_ENTRY(hodoku_singles) {
  SK_PLUGIN_CHECK(host, reg);
  for (size_t i = 0; i < sizeof techniques / sizeof techniques[0]; i++)
    if (host->register_technique(reg, &techniques[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
