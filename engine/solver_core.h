/*
** solver_core.h -- the band solver's propagation and search (see
** solver.c), included once per instruction set: solver.c names each
** function for its variant (slv_word -> slv_word_avx2, ...) and defines
**   SLV_FN      the functions' target attribute (empty: the build's own)
**   SLV_PEXT    1: a word's mini-row shape by one pext (BMI2), else by
**               three table look-ups
**   SLV_POPCNT  1: popcount by the instruction, else by bit arithmetic
** Every variant runs the same algorithm on the same state, so the answers
** (counts, solutions, statistics) are the same whichever one runs.
** Private to solver.c.
*/

/* ---- propagation ---- */

/* AND word i with m, marking it dirty when that removed something. */
SLV_FN static inline void slv_and(slv_state *s, unsigned i, uint32_t m) {
  uint32_t x = s->f[i];
  s->dirty |= (uint32_t)((x & ~m) != 0) << i;
  s->f[i] = x & m;
}

/* Reduce word i and place the rows it leaves with one cell.  0 on a
** contradiction. */
SLV_FN static int slv_word(slv_state *s, unsigned i) {
  uint32_t f = s->f[i];
#if SLV_PEXT
  /* bit 3k of f | f >> 1 | f >> 2 is set when mini-row k is not empty */
  uint32_t shape = (uint32_t)_pext_u32(f | f >> 1 | f >> 2, 0x1249249u);
#else
  uint32_t shape = (uint32_t)slv_shrink[f & 0x1FF]
                 | (uint32_t)slv_shrink[(f >> 9) & 0x1FF] << 3
                 | (uint32_t)slv_shrink[f >> 18] << 6;
#endif
  f &= slv_keep[shape];
  if (!f) return 0;
  s->f[i] = f;
  /* every row keeps a cell here, so subtracting one per row cannot borrow
  ** across rows: g drops the lowest cell of each row */
  uint32_t g = f & (f - ROW_ONES);
  uint32_t one = (uint32_t)((g & 0x1FF) == 0)
               | (uint32_t)((g & 0x3FE00) == 0) << 1
               | (uint32_t)((g >> 18) == 0) << 2;
  uint32_t fresh = one & s->open[i];
  if (!fresh) return 1;
  s->open[i] = (uint8_t)(s->open[i] ^ fresh);
  /* a digit placed in all three rows of the band cannot change here */
  s->live &= ~((uint32_t)(s->open[i] == 0) << i);
  uint32_t placed = f & row_mask[fresh];
  unsigned b = i % 3;
  s->cells[b] &= ~placed;
  uint32_t cols = (placed | placed >> 9 | placed >> 18) & 0x1FF;
  cols *= ROW_ONES;
  static const int8_t other[3][2] = {{1, 2}, {-1, 1}, {-2, -1}};
  slv_and(s, i + other[b][0], ~cols);
  slv_and(s, i + other[b][1], ~cols);
  uint32_t *w = s->f + b;
  uint32_t hit = 0;
  /* unrolled: the cell leaves the eight other digits of the band */
#define SLV_CLEAR(e) hit |= (uint32_t)((w[3 * e] & placed) != 0) << (3 * e); w[3 * e] &= ~placed
  SLV_CLEAR(0); SLV_CLEAR(1); SLV_CLEAR(2); SLV_CLEAR(3); SLV_CLEAR(4);
  SLV_CLEAR(5); SLV_CLEAR(6); SLV_CLEAR(7); SLV_CLEAR(8);
#undef SLV_CLEAR
  s->dirty |= hit << b;
  s->f[i] = f;
  s->dirty &= ~(1u << i);
  return 1;
}

/* ---- the column view ---- */

/* Columns of a band word where the digit is (placed or candidate). */
SLV_FN static inline uint32_t slv_fold(uint32_t f) { return (f | f >> 9 | f >> 18) & 0x1FF; }

/* Columns of x (9 bits, three per box) that are the only one of their box. */
SLV_FN static inline uint32_t slv_point(uint32_t x) {
  uint32_t r1 = ((x << 1) & 0x1B6) | ((x >> 2) & 0x49);
  uint32_t r2 = ((x << 2) & 0x124) | ((x >> 1) & 0xDB);
  return x & ~(r1 | r2);
}

/* Columns to clear in a band whose digit columns are c when the other
** bands have the digit in columns o: a column only this band has holds
** the digit here, so the rest of its box cannot. */
SLV_FN static inline uint32_t slv_claim(uint32_t c, uint32_t o) {
  uint32_t only = c & ~o;
  uint32_t box = ((only | only >> 1 | only >> 2) & 0x49) * 7;
  return box & ~only;
}

/* The band words do not see columns directly.  For digit d: a column that
** has the digit in one band only confines that band's box to the column
** (claiming; a column hidden single then follows at the next word
** update); a box whose digit sits in one column clears that column in the
** two other bands (pointing).  0 on a column with no place left for d. */
SLV_FN static int slv_columns(slv_state *s, unsigned d) {
  unsigned i = 3 * d;
  uint32_t c0 = slv_fold(s->f[i]), c1 = slv_fold(s->f[i + 1]), c2 = slv_fold(s->f[i + 2]);
  if ((c0 | c1 | c2) != 0x1FF) return 0;
  uint32_t p0 = slv_point(c0), p1 = slv_point(c1), p2 = slv_point(c2);
  slv_and(s, i, ~((slv_claim(c0, c1 | c2) | p1 | p2) * ROW_ONES));
  slv_and(s, i + 1, ~((slv_claim(c1, c0 | c2) | p0 | p2) * ROW_ONES));
  slv_and(s, i + 2, ~((slv_claim(c2, c0 | c1) | p0 | p1) * ROW_ONES));
  return 1;
}

/* ---- choosing the guess ---- */

#if SLV_POPCNT
SLV_FN static inline int slv_count(uint32_t x) { return __builtin_popcount(x); }
#else
/* without the instruction gcc would call libgcc */
SLV_FN static inline int slv_count(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (int)((x * 0x01010101u) >> 24);
}
#endif

/* The bivalue cell (two[b]: bivalue cells of band b) with the most
** unsolved peers: its digits reach furthest, so both branches propagate
** most.  -1 when there is none. */
SLV_FN static int slv_pick(const slv_state *s, const uint32_t two[3]) {
  static const int8_t other[3][2] = {{1, 2}, {0, 2}, {0, 1}};
  int best = -1, top = -1;
  for (int b = 0; b < 3; b++)
    for (uint32_t t = two[b]; t; t &= t - 1) {
      int p = __builtin_ctz(t), c = p % 9;
      uint32_t col = ROW_ONES << c;
      uint32_t near = (0x1FFu << (p - c)) | (0x1C0E07u << (c / 3 * 3)) | col;
      /* the column in the two other bands, side by side in one word */
      uint32_t far = (s->cells[other[b][0]] & col) | (s->cells[other[b][1]] & col) << 1;
      int n = slv_count(s->cells[b] & near) + slv_count(far);
      if (n > top) { top = n; best = 27 * b + p; }
    }
  return best;
}

/* ---- fixpoint ---- */

/* Reduce every dirty word, then the columns, then place naked singles,
** until nothing changes.  On OPEN, *pick is the cell to guess on
** (27*band + bit). */
SLV_FN static int slv_propagate(slv_state *s, int *pick) {
  uint32_t done = 0;          /* words reduced since their digit's column pass */
  uint32_t scan = BAND_ALL;   /* words changed since their band's singles scan */
  uint32_t two[3] = {0, 0, 0};
  for (;;) {
    for (uint32_t x; (x = s->dirty & s->live) != 0; ) {
      unsigned i = (unsigned)__builtin_ctz(x);
      s->dirty &= ~(1u << i);
      if (!slv_word(s, i)) return DEAD;
      done |= 1u << i;
    }
    s->dirty = 0;
    if (!(s->cells[0] | s->cells[1] | s->cells[2])) return SOLVED;
    scan |= done;
    for (uint32_t x = done; x; ) {
      unsigned d = (unsigned)__builtin_ctz(x) / 3;
      x &= ~(7u << (3 * d));
      if (!slv_columns(s, d)) return DEAD;
    }
    done = 0;
    if (s->dirty) continue;
    for (int b = 0; b < 3; b++) {
      uint32_t u = s->cells[b];
      /* a band none of whose words changed keeps its singles and pairs */
      if (!(scan & (BAND_WORDS << b))) continue;
      two[b] = 0;
      if (!u) continue;
      /* cells with at least 1, 2, 3 candidates (unrolled: a loop's exit
      ** costs a mispredicted branch every time) */
      const uint32_t *w = s->f + b;
      uint32_t r1 = w[0], r2 = 0, r3 = 0;
#define SLV_COUNT(e) r3 |= r2 & w[3 * e]; r2 |= r1 & w[3 * e]; r1 |= w[3 * e]
      SLV_COUNT(1); SLV_COUNT(2); SLV_COUNT(3); SLV_COUNT(4);
      SLV_COUNT(5); SLV_COUNT(6); SLV_COUNT(7); SLV_COUNT(8);
#undef SLV_COUNT
      if (u & ~r1) return DEAD;
      uint32_t single = u & ~r2;
      if (single) {
        /* the digit of a single, bit by bit: planes of digits 2|4|6|8,
        ** 3|4|7|8, 5-8 and 9 (digit d+1 is word d) */
        uint32_t q0 = w[3] | w[9] | w[15] | w[21], q1 = w[6] | w[9] | w[18] | w[21];
        uint32_t q2 = w[12] | w[15] | w[18] | w[21], q3 = w[24];
        do {
          int p = __builtin_ctz(single);
          uint32_t bit = (uint32_t)1 << p;
          unsigned d = ((q0 >> p) & 1) | ((q1 >> p) & 1) << 1 | ((q2 >> p) & 1) << 2
                     | ((q3 >> p) & 1) << 3;
          /* an earlier single of this pass took the cell's last digit */
          if (d > 8 || !(w[3 * d] & bit)) return DEAD;
          slv_and(s, 3 * d + b, ~(0x1FFu << (p / 9 * 9)) | bit);
          single &= single - 1;
        } while (single);
      }
      two[b] = u & r2 & ~r3;
    }
    scan = 0;
    if (s->dirty) continue;
    int best = slv_pick(s, two);
    if (best < 0) {
      /* no bivalue cell: the first cell with the fewest candidates */
      int bc = 10;
      for (int b = 0; b < 3; b++)
        for (uint32_t u = s->cells[b]; u; u &= u - 1) {
          int p = __builtin_ctz(u), n = 0;
          for (int d = 0; d < 9; d++) n += (s->f[3 * d + b] >> p) & 1;
          if (n < bc) { bc = n; best = 27 * b + p; }
        }
    }
    *pick = best;
    return OPEN;
  }
}

/* ---- search ---- */

/* Depth-first search from s (consumed) until the tree is exhausted or the
** limit of solutions is reached. */
SLV_FN static void slv_search(slv_state *s, slv_run *run) {
  slv_state stack[MAX_DEPTH];
  int top = 0;
  for (;;) {
    int pick = -1;
    int r = slv_propagate(s, &pick);
    run->nodes++;
    if (r == OPEN) {
      int b = pick / 27, p = pick % 27, d = 0;
      uint32_t bit = (uint32_t)1 << p;
      while (!(s->f[3 * d + b] & bit)) d++;
      stack[top] = *s;
      slv_and(&stack[top], 3 * d + b, ~bit);    /* the other branch: not d */
      top++;
      slv_and(s, 3 * d + b, ~(0x1FFu << (p / 9 * 9)) | bit);
      run->guesses++;
      continue;
    }
    if (r == SOLVED) {
      if (run->count == 0 && run->solution) slv_extract(s, run->solution);
      if (++run->count >= run->limit) return;
    }
    if (top == 0) return;
    *s = stack[--top];
    run->guesses++;
  }
}
