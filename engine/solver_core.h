/*
** solver_core.h -- the band solver's propagation and search (see
** solver.c), included once per instruction set.  Before each inclusion
** solver.c defines
**   SLV_SUFFIX  the variant's name: every function here is declared as
**               SLV(name), which pastes it to slv_name_SUFFIX (SLV(word)
**               -> slv_word_avx2), so the copies do not collide
**   SLV_FN      the functions' target attribute (empty: the build's own)
**   SLV_PEXT    1: a word's mini-row shape by one pext (BMI2), else by
**               three table look-ups
**   SLV_POPCNT  1: popcount by the instruction, else by bit arithmetic
**   SLV_AVX2    1: the shapes of all 27 words eight at a time
**   SLV_AVX512  1: the propagation and search of solver_avx512.h (a
**               band's nine words at once, the search's state in vectors)
**               in place of the word-by-word ones, whose own functions
**               are then left out
** and undefines them after it.  Every variant runs the same rules to the
** same fixpoint and chooses its guess alike, so the answers (counts,
** solutions, statistics) are the same whichever one runs.  Private to
** solver.c.
*/

#define SLV_PASTE(a, b) a##b
#define SLV_JOIN(a, b) SLV_PASTE(a, b)
#define SLV(name) SLV_JOIN(slv_##name##_, SLV_SUFFIX)

/* ---- propagation ---- */

/* AND word i with m, marking it in *dirty when that removed something
** (the propagation keeps its dirty set in a local: stores to the words
** then cannot be taken to change it). */
SLV_FN static inline void SLV(and)(slv_state *s, uint32_t *dirty, unsigned i, uint32_t m) {
  uint32_t x = s->f[i];
  *dirty |= (uint32_t)((x & ~m) != 0) << i;
  s->f[i] = x & m;
}

/* The word's mini-row shape: bit 3r+k when row r has the digit in box k. */
SLV_FN static inline uint32_t SLV(shape)(uint32_t f) {
#if SLV_PEXT
  /* bit 3k of f | f >> 1 | f >> 2 is set when mini-row k is not empty */
  return (uint32_t)_pext_u32(f | f >> 1 | f >> 2, 0x1249249u);
#else
  return (uint32_t)slv_shrink[f & 0x1FF] | (uint32_t)slv_shrink[(f >> 9) & 0x1FF] << 3
       | (uint32_t)slv_shrink[f >> 18] << 6;
#endif
}

/* The rows of a word (every row non-empty) left with one cell: bit r.
** Every row keeps a cell, so subtracting one per row cannot borrow across
** rows: g drops the lowest cell of each row. */
SLV_FN static inline uint32_t SLV(ones)(uint32_t f) {
  uint32_t g = f & (f - ROW_ONES);
  return (uint32_t)((g & 0x1FF) == 0) | (uint32_t)((g & 0x3FE00) == 0) << 1
       | (uint32_t)((g >> 18) == 0) << 2;
}

/* Reduce word i (no branch: the words of a round do not wait on each
** other).  Returns bit 0: the word is empty (a contradiction), bit 1: it
** has a row with one cell not yet placed. */
SLV_FN static inline uint32_t SLV(reduce)(slv_state *s, unsigned i) {
  uint32_t f = s->f[i];
  f &= slv_keep[SLV(shape)(f)];
  s->f[i] = f;
  return (uint32_t)(f == 0) | (uint32_t)((SLV(ones)(f) & s->open[i]) != 0) << 1;
}

#if !SLV_AVX512
/* Place the rows of word i left with one cell (the word may have lost
** cells since it was reduced: then it is dirty again, and a row it has
** emptied is a contradiction, 0). */
SLV_FN static int SLV(word)(slv_state *s, unsigned i, uint32_t *dirty, uint32_t *live) {
  uint32_t f = s->f[i];
  if (!(f & 0x1FF) || !(f & 0x3FE00) || !(f >> 18)) return 0;
  uint32_t fresh = SLV(ones)(f) & s->open[i];
  if (!fresh) return 1;
  uint32_t again = *dirty & (1u << i);
  s->open[i] = (uint8_t)(s->open[i] ^ fresh);
  /* a digit placed in all three rows of the band cannot change here */
  *live &= ~((uint32_t)(s->open[i] == 0) << i);
  uint32_t placed = f & row_mask[fresh];
  unsigned b = i / 9;
  s->cells[b] &= ~placed;
  uint32_t cols = (placed | placed >> 9 | placed >> 18) & 0x1FF;
  cols *= ROW_ONES;
  static const int8_t other[3][2] = {{9, 18}, {-9, 9}, {-18, -9}};
  SLV(and)(s, dirty, i + other[b][0], ~cols);
  SLV(and)(s, dirty, i + other[b][1], ~cols);
  uint32_t *w = s->f + 9 * b;
  uint32_t hit;
  /* the cell leaves the eight other digits of the band (and this one's
  ** word, put back below) */
#if SLV_AVX2
  {
    __m256i v = _mm256_loadu_si256((const __m256i *)w), pl = _mm256_set1_epi32((int)placed);
    __m256i had = _mm256_cmpeq_epi32(_mm256_and_si256(v, pl), _mm256_setzero_si256());
    _mm256_storeu_si256((__m256i *)w, _mm256_andnot_si256(pl, v));
    hit = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(had)) & 0xFF;
    hit |= (uint32_t)((w[8] & placed) != 0) << 8;
    w[8] &= ~placed;
  }
#else
  hit = 0;
#define SLV_CLEAR(e) hit |= (uint32_t)((w[e] & placed) != 0) << e; w[e] &= ~placed
  SLV_CLEAR(0); SLV_CLEAR(1); SLV_CLEAR(2); SLV_CLEAR(3); SLV_CLEAR(4);
  SLV_CLEAR(5); SLV_CLEAR(6); SLV_CLEAR(7); SLV_CLEAR(8);
#undef SLV_CLEAR
#endif
  *dirty |= hit << (9 * b);
  s->f[i] = f;
  *dirty = (*dirty & ~(1u << i)) | again;
  return 1;
}
#endif

/* ---- the column view ---- */

/* Columns of a band word where the digit is (placed or candidate). */
SLV_FN static inline uint32_t SLV(fold)(uint32_t f) { return (f | f >> 9 | f >> 18) & 0x1FF; }

/* Columns to clear in a band whose digit columns are c when the other
** bands have the digit in columns o: a column only this band has holds
** the digit here, so the rest of its box cannot. */
SLV_FN static inline uint32_t SLV(claim)(uint32_t c, uint32_t o) {
  uint32_t only = c & ~o;
  uint32_t box = ((only | only >> 1 | only >> 2) & 0x49) * 7;
  return box & ~only;
}

#if !SLV_AVX512
/* The band words do not see columns directly.  For digit d: a column that
** has the digit in one band only confines that band's box to the column
** (claiming; a column hidden single then follows at the next word
** update); a box whose digit sits in one column clears that column in the
** two other bands (pointing).  0 on a column with no place left for d. */
SLV_FN static int SLV(columns)(slv_state *s, unsigned d, uint32_t *seen, uint32_t *dirty) {
  unsigned i = d;
  uint32_t c0 = SLV(fold)(s->f[i]), c1 = SLV(fold)(s->f[i + 9]), c2 = SLV(fold)(s->f[i + 18]);
  /* the pass sees nothing but the columns: the same columns as at a pass
  ** that changed nothing change nothing again */
  uint32_t key = c0 | c1 << 9 | c2 << 18;
  if (key == *seen) return 1;
  if ((c0 | c1 | c2) != 0x1FF) return 0;
  uint32_t p0 = slv_alone[c0], p1 = slv_alone[c1], p2 = slv_alone[c2];
  uint32_t before = *dirty;
  SLV(and)(s, dirty, i, ~((SLV(claim)(c0, c1 | c2) | p1 | p2) * ROW_ONES));
  SLV(and)(s, dirty, i + 9, ~((SLV(claim)(c1, c0 | c2) | p0 | p2) * ROW_ONES));
  SLV(and)(s, dirty, i + 18, ~((SLV(claim)(c2, c0 | c1) | p0 | p1) * ROW_ONES));
  *seen = *dirty == before ? key : ~0u;
  return 1;
}
#endif

/* The cells of the mini-rows of a shape (bit 3r+k: row r, box k). */
SLV_FN static inline uint32_t SLV(spread)(uint32_t x) {
#if SLV_PEXT
  return (uint32_t)_pdep_u32(x, 0x1249249u) * 7;
#else
  static const uint32_t box[8] = {0, 07, 070, 077, 0700, 0707, 0770, 0777};
  return box[x & 7] | box[(x >> 3) & 7] << 9 | box[x >> 6] << 18;
#endif
}

/* ---- triads ---- */

#if !SLV_AVX512
/* Every word's shape and columns (hs, fo: room for 32). */
SLV_FN static void SLV(shapes)(const uint32_t f[27], uint32_t hs[32], uint32_t fo[32]) {
  unsigned i = 0;
#if SLV_AVX2
  /* eight words at a time: row r's mini-rows are bits 0, 3, 6 of
  ** (f | f >> 1 | f >> 2) >> 9r, gathered to bits 0-2 */
  const __m256i m49 = _mm256_set1_epi32(0x49), m7 = _mm256_set1_epi32(7),
                m1ff = _mm256_set1_epi32(0x1FF);
  for (; i + 8 <= 27; i += 8) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(f + i));
    __m256i t = _mm256_or_si256(x, _mm256_or_si256(_mm256_srli_epi32(x, 1), _mm256_srli_epi32(x, 2)));
    __m256i r0 = _mm256_and_si256(t, m49);
    __m256i r1 = _mm256_and_si256(_mm256_srli_epi32(t, 9), m49);
    __m256i r2 = _mm256_and_si256(_mm256_srli_epi32(t, 18), m49);
#define SLV_GATHER(r) _mm256_and_si256(_mm256_or_si256(r, _mm256_or_si256(_mm256_srli_epi32(r, 2), \
                                                         _mm256_srli_epi32(r, 4))), m7)
    __m256i sh = _mm256_or_si256(SLV_GATHER(r0), _mm256_or_si256(_mm256_slli_epi32(SLV_GATHER(r1), 3),
                                                                 _mm256_slli_epi32(SLV_GATHER(r2), 6)));
#undef SLV_GATHER
    __m256i c = _mm256_and_si256(_mm256_or_si256(x, _mm256_or_si256(_mm256_srli_epi32(x, 9),
                                                                     _mm256_srli_epi32(x, 18))), m1ff);
    _mm256_storeu_si256((__m256i *)(hs + i), sh);
    _mm256_storeu_si256((__m256i *)(fo + i), c);
  }
#endif
  for (; i < 27; i++) { hs[i] = SLV(shape)(f[i]); fo[i] = SLV(fold)(f[i]); }
}

/* Each mini-row (three cells of a row in a box) and each mini-column of a
** band holds exactly three digits.  A digit whose row of the band keeps it
** in one box only, or whose box keeps it in one column only, is in that
** mini-row or mini-column; when three digits are, the six others leave it
** (four are a contradiction: 0).  The table look-ups see one digit at a
** time and would never find this. */
SLV_FN static int SLV(triads)(slv_state *s, unsigned b, const uint32_t hs[27],
                             const uint32_t fo[27], uint32_t *dirty) {
  uint32_t m1 = 0, m2 = 0, m3 = 0, m4 = 0, n1 = 0, n2 = 0, n3 = 0, n4 = 0;
  for (unsigned i = 9 * b; i < 9 * b + 9; i++) {
    uint32_t x = slv_alone[hs[i]], y = slv_alone[fo[i]];
    m4 |= m3 & x; m3 |= m2 & x; m2 |= m1 & x; m1 |= x;
    n4 |= n3 & y; n3 |= n2 & y; n2 |= n1 & y; n1 |= y;
  }
  if (m4 | n4) return 0;
  /* a mini-row or mini-column whose three cells are solved has nothing
  ** left to clear */
  if (!((SLV(spread)(m3) | n3 * ROW_ONES) & s->cells[b])) return 1;
  for (unsigned i = 9 * b; i < 9 * b + 9; i++) {
    uint32_t out = SLV(spread)(m3 & ~slv_alone[hs[i]]) | (n3 & ~slv_alone[fo[i]]) * ROW_ONES;
    if (s->f[i] & out) SLV(and)(s, dirty, i, ~out);
  }
  return 1;
}
#endif

/* ---- choosing the guess ---- */

#if SLV_POPCNT
SLV_FN static inline int SLV(count)(uint32_t x) { return __builtin_popcount(x); }
#else
/* without the instruction gcc would call libgcc */
SLV_FN static inline int SLV(count)(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (int)((x * 0x01010101u) >> 24);
}
#endif

/* The bivalue cell (two[b]: bivalue cells of band b) with the most
** unsolved peers: its digits reach furthest, so both branches propagate
** most.  -1 when there is none. */
SLV_FN static int SLV(pick)(const slv_state *s, const uint32_t two[3]) {
  static const int8_t other[3][2] = {{1, 2}, {0, 2}, {0, 1}};
  int best = -1, top = -1;
  for (int b = 0; b < 3; b++)
    for (uint32_t t = two[b]; t; t &= t - 1) {
      int p = __builtin_ctz(t), c = p % 9;
      uint32_t col = ROW_ONES << c;
      uint32_t near = (0x1FFu << (p - c)) | (0x1C0E07u << (c / 3 * 3)) | col;
      /* the column in the two other bands, side by side in one word */
      uint32_t far = (s->cells[other[b][0]] & col) | (s->cells[other[b][1]] & col) << 1;
      int n = SLV(count)(s->cells[b] & near) + SLV(count)(far);
      if (n > top) { top = n; best = 27 * b + p; }
    }
  return best;
}


/* The digit to branch on in the band or stack `unit` (0-2 bands, 3-5
** stacks), given the digits that allow two configurations there (bit d of
** two) and three (three) (SLV(pick_band)); f: the words. */
SLV_FN static unsigned SLV(pick_digit)(unsigned unit, unsigned two, unsigned three,
                                       const uint32_t *f, unsigned stride) {
  unsigned o = unit / 3, b = unit % 3;
  /* the first digit with two configurations, else with three: with four
  ** or more, the other branch's could cover the first one's mini-rows, so
  ** such a digit is no binary choice here */
  if (!(two | three)) return 0;
  unsigned bd = (unsigned)__builtin_ctz(two ? two : three);
  uint32_t x = o ? (SLV(fold)(f[bd]) >> (3 * b) & 7) | (SLV(fold)(f[stride + bd]) >> (3 * b) & 7) << 3
                   | (SLV(fold)(f[2 * stride + bd]) >> (3 * b) & 7) << 6
                 : SLV(shape)(f[stride * b + bd]);
  /* the permutations whose three mini-rows the shape has (slv_perm_shape,
  ** bits 3r + perm[r]): bit 0 of x & x >> i & x >> j for mini-rows 0, i,
  ** j; the ones from row 0's box 1 and 2 shifted down first */
  unsigned y = x >> 1, z = x >> 2;
  unsigned set = (x & x >> 4 & x >> 8 & 1) | (x & x >> 5 & x >> 7 & 1) << 1
               | (y & y >> 2 & y >> 7 & 1) << 2 | (y & y >> 4 & y >> 5 & 1) << 3
               | (z & z >> 1 & z >> 5 & 1) << 4 | (z & z >> 2 & z >> 4 & 1) << 5;
  unsigned k1 = (unsigned)__builtin_ctz(set);
  return 1 + (o | b << 1 | bd << 3 | k1 << 7 | (set & ~(1u << k1)) << 10);
}

#if !SLV_AVX512
/* Band configurations.  A digit takes one of six permutations rows ->
** boxes in each band and bands -> columns in each stack; slv_perms[]
** counts those its shape allows.  The band or stack whose digits' counts
** weigh least (slv_weight[]: a concave weight, so that many digits with two
** configurations weigh more than one with six, the sum standing for the
** product of the counts, the unit's number of combinations; more than 0:
** not all fixed) is the most constrained; its digit with the fewest (two,
** else three) is a binary choice: its first configuration, which places
** three mini-rows (or mini-columns) at once, or the others.  Returns 0, or
** 1 + the choice: bit 0 stack, bits 1-2 band or stack, bits 3-6 digit,
** bits 7-9 the first permutation, bits 10-15 the set of the others. */
SLV_FN static unsigned SLV(pick_band)(const uint32_t f[27], const uint32_t hs[27],
                                      const uint32_t fo[27]) {
  uint32_t vs[27];
  unsigned tot[6] = {0, 0, 0, 0, 0, 0};
  for (unsigned d = 0; d < 9; d++) {
    uint32_t c0 = fo[d], c1 = fo[9 + d], c2 = fo[18 + d];
    for (unsigned b = 0; b < 3; b++) {
      tot[b] += slv_weight[slv_perms[hs[9 * b + d]] & 7];
      uint32_t v = (c0 >> (3 * b) & 7) | (c1 >> (3 * b) & 7) << 3 | (c2 >> (3 * b) & 7) << 6;
      vs[9 * b + d] = v;
      tot[3 + b] += slv_weight[slv_perms[v] & 7];
    }
  }
  unsigned best = 6, bt = 1000;
  for (unsigned k = 0; k < 6; k++)
    if (tot[k] > 0 && tot[k] < bt) { bt = tot[k]; best = k; }
  if (best == 6) return 0;
  unsigned two = 0, three = 0;
  for (unsigned d = 0; d < 9; d++) {
    unsigned n = slv_perms[best < 3 ? hs[9 * best + d] : vs[9 * (best - 3) + d]] & 7u;
    two |= (unsigned)(n == 2) << d;
    three |= (unsigned)(n == 3) << d;
  }
  return SLV(pick_digit)(best, two, three, f, 9);
}
#endif

/* Confine digit d of band (or stack) b to the permutations of set (bit k:
** permutation k).  The union of their shapes (bit 3r + k: row r, or the
** band r of a stack, goes to box, or column, k) says what stays: in a band
** its mini-rows, in a stack each band's columns. */
SLV_FN static inline void SLV(confine)(slv_state *s, unsigned stack, unsigned b, unsigned d,
                                       unsigned set) {
  uint32_t u = 0;
  for (; set; set &= set - 1) u |= slv_perm_shape[__builtin_ctz(set)];
  if (!stack) {
    SLV(and)(s, &s->dirty, 9 * b + d, SLV(spread)(u));
    return;
  }
  for (unsigned band = 0; band < 3; band++) {
    uint32_t off = (~(u >> (3 * band)) & 7) << (3 * b);
    SLV(and)(s, &s->dirty, 9 * band + d, ~(off * ROW_ONES));
  }
}

/* ---- fixpoint ---- */


/* The cell to guess on when no band or stack configuration is a binary
** choice (s->cells: the unsolved cells, two: the bivalue ones): 27*band +
** bit. */
SLV_FN static int SLV(pick_cell)(const slv_state *s, const uint32_t two[3]) {
  int best = SLV(pick)(s, two);
  if (best < 0) {
    /* no bivalue cell: the first cell with the fewest candidates */
    int bc = 10;
    for (int b = 0; b < 3; b++)
      for (uint32_t u = s->cells[b]; u; u &= u - 1) {
        int p = __builtin_ctz(u), n = 0;
        for (int d = 0; d < 9; d++) n += (s->f[9 * b + d] >> p) & 1;
        if (n < bc) { bc = n; best = 27 * b + p; }
      }
  }
  return best;
}

#if SLV_AVX512
#include "solver_avx512.h"
#else

/* Reduce every dirty word, then the columns, then place naked singles,
** until nothing changes.  On OPEN, *pick is the cell to guess on
** (27*band + bit). */
SLV_FN static int SLV(propagate)(slv_state *s, int *pick) {
  uint32_t done = 0;          /* words reduced since their digit's column pass */
  uint32_t scan = BAND_ALL;   /* words changed since their band's singles scan */
  uint32_t tri = BAND_ALL;    /* words changed since their band's triads */
  uint32_t seen[9] = {~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u};   /* SLV(columns) */
  uint32_t two[3] = {0, 0, 0};
  uint32_t dirty = s->dirty, live = s->live;
  s->dirty = 0;
  for (;;) {
    /* in rounds: reduce every dirty word, then place what they left */
    for (uint32_t x; (x = dirty & live) != 0; ) {
      dirty &= ~x;
      done |= x;
      uint32_t dead = 0, place = 0;
      do {
        unsigned i = (unsigned)__builtin_ctz(x);
        uint32_t r = SLV(reduce)(s, i);
        dead |= r;
        place |= (r >> 1) << i;
        x &= x - 1;
      } while (x);
      if (dead & 1) return DEAD;
      for (; place; place &= place - 1)
        if (!SLV(word)(s, (unsigned)__builtin_ctz(place), &dirty, &live)) return DEAD;
    }
    dirty = 0;
    s->live = live;
    if (!(s->cells[0] | s->cells[1] | s->cells[2])) return SOLVED;
    scan |= done;
    tri |= done;
    for (uint32_t x = done; x; ) {
      unsigned d = (unsigned)__builtin_ctz(x) % 9;
      x &= ~(DIGIT_WORDS << d);
      if (!SLV(columns)(s, d, &seen[d], &dirty)) return DEAD;
    }
    done = 0;
    if (dirty) continue;
    for (int b = 0; b < 3; b++) {
      uint32_t u = s->cells[b];
      /* a band none of whose words changed keeps its singles and pairs */
      if (!(scan & (0x1FFu << (9 * b)))) continue;
      two[b] = 0;
      if (!u) continue;
      /* cells with at least 1, 2, 3 candidates (unrolled: a loop's exit
      ** costs a mispredicted branch every time) */
      const uint32_t *w = s->f + 9 * b;
      uint32_t r1 = w[0], r2 = 0, r3 = 0;
#define SLV_COUNT(e) r3 |= r2 & w[e]; r2 |= r1 & w[e]; r1 |= w[e]
      SLV_COUNT(1); SLV_COUNT(2); SLV_COUNT(3); SLV_COUNT(4);
      SLV_COUNT(5); SLV_COUNT(6); SLV_COUNT(7); SLV_COUNT(8);
#undef SLV_COUNT
      if (u & ~r1) return DEAD;
      uint32_t single = u & ~r2;
      if (single) {
        /* the digit of a single, bit by bit: planes of digits 2|4|6|8,
        ** 3|4|7|8, 5-8 and 9 (digit d+1 is word d) */
        uint32_t q0 = w[1] | w[3] | w[5] | w[7], q1 = w[2] | w[3] | w[6] | w[7];
        uint32_t q2 = w[4] | w[5] | w[6] | w[7], q3 = w[8];
        do {
          int p = __builtin_ctz(single);
          uint32_t bit = (uint32_t)1 << p;
          unsigned d = ((q0 >> p) & 1) | ((q1 >> p) & 1) << 1 | ((q2 >> p) & 1) << 2
                     | ((q3 >> p) & 1) << 3;
          /* an earlier single of this pass took the cell's last digit */
          if (d > 8 || !(w[d] & bit)) return DEAD;
          SLV(and)(s, &dirty, 9 * b + d, ~(0x1FFu << (p / 9 * 9)) | bit);
          single &= single - 1;
        } while (single);
      }
      two[b] = u & r2 & ~r3;
    }
    if (dirty) { scan = 0; continue; }
    /* the triads last: dearer, and seldom of use before the rest is done;
    ** they and the choice of a band see every word's shape and columns */
    uint32_t hs[32], fo[32];
    SLV(shapes)(s->f, hs, fo);
    for (unsigned b = 0; b < 3; b++)
      if ((tri & (0x1FFu << (9 * b))) && s->cells[b] && !SLV(triads)(s, b, hs, fo, &dirty)) return DEAD;
    tri = 0;
    scan = 0;
    if (dirty) continue;
    /* a band or stack configuration (-1 - the choice), else a cell */
    unsigned band = SLV(pick_band)(s->f, hs, fo);
    *pick = band ? -(int)band : SLV(pick_cell)(s, two);
    return OPEN;
  }
}
#endif

/* ---- search ---- */

#if !SLV_AVX512

/* Depth-first search from s (consumed) until the tree is exhausted or the
** limit of solutions is reached. */
SLV_FN static void SLV(search)(slv_state *s, slv_run *run) {
  slv_state stack[MAX_DEPTH];
  int top = 0;
  for (;;) {
    int pick = -1;
    int r = SLV(propagate)(s, &pick);
    run->nodes++;
    if (r == OPEN && pick < 0) {
      unsigned c = (unsigned)-pick - 1, o = c & 1, b = c >> 1 & 3, d = c >> 3 & 15;
      stack[top] = *s;
      SLV(confine)(&stack[top], o, b, d, c >> 10 & 63);   /* the other branch */
      top++;
      SLV(confine)(s, o, b, d, 1u << (c >> 7 & 7));
      run->guesses++;
      continue;
    }
    if (r == OPEN) {
      int b = pick / 27, p = pick % 27, d = 0;
      uint32_t bit = (uint32_t)1 << p;
      while (!(s->f[9 * b + d] & bit)) d++;
      stack[top] = *s;
      SLV(and)(&stack[top], &stack[top].dirty, 9 * b + d, ~bit);    /* the other branch: not d */
      top++;
      SLV(and)(s, &s->dirty, 9 * b + d, ~(0x1FFu << (p / 9 * 9)) | bit);
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
#endif

#undef SLV
#undef SLV_JOIN
#undef SLV_PASTE
