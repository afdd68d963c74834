/*
** links.c -- the implication rules and the links table.
**
** ON -> OFF (SE's getOnToOff) is ch_gen_off; OFF -> ON (getOffToOn) is
** gen_on, inline in chains.h as the dynamic runs call it for every OFF
** potential they take.  A grid that does not change (the static searches,
** here and as nested rules) has its links worked out once into a table:
** the strong links by candidate (OFF -> ON, filled at once) and, for
** static multiple chains, each candidate's ON -> OFF list (filled when
** first read, links_off_of).
*/
#include "chains.h"

/* ON -> OFF, in SE's order: the cell's other values (Y), then the peers
** holding the digit: block, row outside the block, column outside it. */
int ch_gen_off(const cgrid *g, int p, int ylinks, derived *out) {
  int c = pot_cell(p), d = pot_digit(p), n = 0;
  if (ylinks)
    for (sk_mask m = g->cand[c] & (sk_mask)~SK_BIT(d); m; m &= m - 1) {
      out[n].pot = (int16_t)pot_make(c, sk_mask_first(m), 0);
      out[n++].cause = CA_NAKED;
    }
  int bx = sk_cell_house[c][2];
  sk_bits box = sk_house_bits[bx];
  sk_bits in[3];
  in[0] = sk_bits_and(g->dpos[d - 1], box);
  sk_bits_clear(&in[0], c);
  in[1] = sk_bits_andnot(sk_bits_and(g->dpos[d - 1], sk_house_bits[sk_cell_house[c][0]]), box);
  in[2] = sk_bits_andnot(sk_bits_and(g->dpos[d - 1], sk_house_bits[sk_cell_house[c][1]]), box);
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  for (int k = 0; k < 3; k++)
    for (int x; (x = sk_bits_pop(&in[k])) >= 0; ) {
      out[n].pot = (int16_t)pot_make(x, d, 0);
      out[n++].cause = cause[k];
    }
  return n;
}

/* The table is filled as gen_on would, from the strong links themselves:
** bivalue cells first (the Y part), then the houses where a digit has two
** places, blocks, rows, columns (each list's X part in gen_on's order).  A
** line pair that repeats the block pair of the same cells counts once. */

/* append a strong link to candidate k's list (the counts say where) */
static inline void links_add(links *L, int k, int pot, int cause) {
  derived *e = &L->on[k][L->nny[k] + L->nnx[k]];
  e->pot = (int16_t)pot;
  e->cause = (uint8_t)cause;
  e->spare = 0;
}

/* fill L from g (L is reused by the inner static searches) */
void ch_links_fill(links *L, const cgrid *g, int with_off) {
  L->has_off = with_off;
  memset(L->nny, 0, sizeof L->nny);
  memset(L->nnx, 0, sizeof L->nnx);
  memset(L->ylive, 0, sizeof L->ylive);
  memset(L->xlive, 0, sizeof L->xlive);
  /* the bivalue cells, then the two-place houses (by digit, blocks first),
  ** listed first and linked after */
  uint8_t cells[SK_CELLS];
  uint16_t hd[SK_HOUSES * 9];
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    cells[n] = (uint8_t)c;
    n += two_bits(g->cand[c]);
  }
  for (int i = 0; i < n; i++) {
    int c = cells[i];
    sk_mask m = g->cand[c];
    int a = sk_mask_first(m), b = sk_mask_first(m & (sk_mask)(m - 1));
    sk_bits_set(&L->ylive[a - 1], c);
    sk_bits_set(&L->ylive[b - 1], c);
    links_add(L, c * 9 + a - 1, pot_make(c, b, 1), CA_NAKED);
    links_add(L, c * 9 + b - 1, pot_make(c, a, 1), CA_NAKED);
    L->nny[c * 9 + a - 1] = L->nny[c * 9 + b - 1] = 1;
  }
  static const uint8_t first[3] = {18, 0, 9};          /* blocks, rows, columns */
  static const uint8_t cause[3] = {CA_BLOCK, CA_ROW, CA_COL};
  n = 0;
  for (int t = 0; t < 3; t++)
    for (int h = first[t]; h < first[t] + 9; h++)
      for (int d = 0; d < 9; d++) {
        hd[n] = (uint16_t)(t << 12 | h << 4 | d);
        n += two_bits(g->pm[h][d]);
      }
  for (int i = 0; i < n; i++) {
    int t = hd[i] >> 12, h = (hd[i] >> 4) & 0xFF, d = (hd[i] & 15) + 1;
    unsigned pm = g->pm[h][d - 1];
    int a = sk_house_cell[h][__builtin_ctz(pm)];
    int b = sk_house_cell[h][__builtin_ctz(pm & (pm - 1))];
    int ka = a * 9 + d - 1, kb = b * 9 + d - 1;
    sk_bits_set(&L->xlive[d - 1], a);
    sk_bits_set(&L->xlive[d - 1], b);
    /* a line pair of two cells of one block repeats the block pair */
    int bx = sk_cell_house[a][2];
    if (t && bx == sk_cell_house[b][2] && two_bits(g->pm[bx][d - 1])) continue;
    links_add(L, ka, pot_make(b, d, 1), cause[t]);
    L->nnx[ka]++;
    links_add(L, kb, pot_make(a, d, 1), cause[t]);
    L->nnx[kb]++;
  }
  if (with_off) memset(L->offok, 0, sizeof L->offok);
}

/* a table of g's links, or NULL out of memory (free() it) */
links *ch_links_new(const cgrid *g, int with_off) {
  links *L = malloc(sizeof *L);
  if (L) ch_links_fill(L, g, with_off);
  return L;
}

/* links_off_of's first reading of candidate k: its ON -> OFF list */
void ch_links_fill_off(links *L, const cgrid *g, int k) {
  int c = k / 9, d = k % 9 + 1, ny = 0;
  for (sk_mask y = g->cand[c] & (sk_mask)~SK_BIT(d); y; y &= y - 1) {
    L->off[k][ny].pot = (int16_t)pot_make(c, sk_mask_first(y), 0);
    L->off[k][ny++].cause = CA_NAKED;
  }
  L->noy[k] = (uint8_t)ny;
  L->nox[k] = (uint8_t)ch_gen_off(g, pot_make(c, d, 0), 0, L->off[k] + ny);
  L->offok[k] = 1;
}
