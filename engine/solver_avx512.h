/*
** solver_avx512.h -- the band solver's propagation with AVX-512 (see
** solver.c), included by solver_core.h in place of the word-by-word
** propagation when SLV_AVX512 is 1.  Private to solver.c.
**
** It reaches the same fixpoint as the word-by-word propagation, by whole
** rounds over a band: band b is one vector of 16 lanes, lane d holding
** digit d's word f[9*b+d] (lanes 9-15 stay empty).  A band's round applies
** these rules to its nine words at once:
**  - the permutation mask (slv_keep's rule, computed in the vector): a
**    mini-row (r, k) stays when the two other rows can still go to the
**    two other boxes; box hidden singles and row/box locked candidates;
**  - a row of a word left with one cell places it: the cell leaves the
**    band's eight other digits (the OR of the band's placed cells over its
**    lanes: within blocks of four lanes, then over the three blocks);
**  - a cell left with one candidate reduces that digit's row to it (the
**    cells with one and with two or more candidates, counted over the
**    lanes the same way).
** Then the column pass, each digit's three bands side by side in one lane:
** claiming and pointing.  Only bands that changed since their last round
** run one: after a guess, the bands it changed, the others being as the
** parent's fixpoint left them.  The search is the other variants' (the
** same tree in the same order) with its state in vectors: the node's in
** registers, the stacked branches as whole aligned vectors, so that no
** state goes through memory word by word between the nodes.  When
** nothing is left to do, the triads (digits confined to a mini-row or
** mini-column counted over the lanes, as 3-bit sums) run on the bands
** changed since theirs, and the guess is chosen with the configurations
** of the six bands and stacks counted in vectors.
** Every rule only removes candidates, and what it removes it also removes
** from any smaller state that is not a contradiction, so the order in
** which the rules run changes neither the fixpoint nor whether a
** contradiction is met on the way.  The checks are those of the
** word-by-word code (an empty row, cell or column, a cell placed twice,
** two cells of a row left to one digit, four digits in a mini-row or
** mini-column), so the answers and the statistics are the other
** variants'.
*/

/* The loops over the three bands unrolled: the band vectors then stay in
** registers (indexed in a loop they live in memory, each use a load). */
#if defined(__clang__)
#define SLV_UNROLL3 _Pragma("clang loop unroll(full)")
#else
#define SLV_UNROLL3 _Pragma("GCC unroll 3")
#endif

/* ternary-logic immediates: the three operands' truth tables */
#define SLV_TA 0xF0
#define SLV_TB 0xCC
#define SLV_TC 0xAA
#define SLV_TERN(a, b, c, f) _mm512_ternarylogic_epi32(a, b, c, (f) & 0xFF)
#define SLV_OR3(a, b, c) SLV_TERN(a, b, c, SLV_TA | SLV_TB | SLV_TC)
#define SLV_SET(x) _mm512_set1_epi32((int)(x))

/* Lane swaps within blocks of four lanes, over distance 2 and 1. */
#define SLV_SWAP2(x) _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0x4E)
#define SLV_SWAP1(x) _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0xB1)

/* Block shuffles: SLV_BLK1 and SLV_BLK2 bring each of the blocks 0-2 of
** four lanes (lanes 0-11) the two other blocks of 0-2, one each (what
** block 3 gets is never read). */
#define SLV_BLK1(x) _mm512_shuffle_i32x4(x, x, 0x01)   /* blocks 1, 0, 0, 0 */
#define SLV_BLK2(x) _mm512_shuffle_i32x4(x, x, 0x1A)   /* blocks 2, 2, 1, 0 */

/* The OR of lanes 0-8 (the others empty), in each of lanes 0-11: within
** each block of four lanes first (one-cycle shuffles), then over the
** three blocks at once. */
SLV_FN static inline __m512i SLV(v_any)(__m512i x) {
  x = _mm512_or_si512(x, SLV_SWAP1(x));
  x = _mm512_or_si512(x, SLV_SWAP2(x));
  return SLV_OR3(x, SLV_BLK1(x), SLV_BLK2(x));
}

/* The bits set in at least two of lanes 0-8, in each of lanes 0-11 (*one:
** in at least one): within blocks, then over the three blocks, where two
** of three is their majority. */
SLV_FN static inline __m512i SLV(v_two)(__m512i x, __m512i *one) {
  __m512i s = SLV_SWAP1(x);
  __m512i t = _mm512_and_si512(x, s), o = _mm512_or_si512(x, s);
  __m512i so = SLV_SWAP2(o), st = SLV_SWAP2(t);
  t = SLV_OR3(t, st, _mm512_and_si512(o, so));
  o = _mm512_or_si512(o, so);
  __m512i o1 = SLV_BLK1(o), o2 = SLV_BLK2(o);
  t = SLV_OR3(SLV_OR3(t, SLV_BLK1(t), SLV_BLK2(t)), SLV_TERN(o, o1, o2, 0xE8), _mm512_setzero_si512());
  *one = SLV_OR3(o, o1, o2);
  return t;
}

/* Within 9-bit groups of three (x: bits 0-8), each bit's next (*n1) and
** the one after (*n2); the masks take the right shifts, 0, above bit 8,
** so nothing is set there. */
SLV_FN static inline void SLV(v_others)(__m512i x, __m512i *n1, __m512i *n2) {
  *n1 = SLV_TERN(SLV_SET(0xFFFFFEDB), _mm512_srli_epi32(x, 1), _mm512_slli_epi32(x, 2),
                 (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
  *n2 = SLV_TERN(SLV_SET(0xFFFFFE49), _mm512_srli_epi32(x, 2), _mm512_slli_epi32(x, 1),
                 (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
}

/* The bits of 9-bit groups of three (x) alone in their group. */
SLV_FN static inline __m512i SLV(v_alone)(__m512i x) {
  __m512i n1, n2;
  SLV(v_others)(x, &n1, &n2);
  return SLV_TERN(x, n1, n2, SLV_TA & ~SLV_TB & ~SLV_TC);
}

/* The three rows of x each as a whole row when set anywhere: adding a
** row's low eight bits to eight ones carries into its top bit when any
** is set (never further), so h holds each non-empty row's top bit, and
** h << 1 less h >> 8 fills each such row (no row borrows from another). */
SLV_FN static inline __m512i SLV(v_rows)(__m512i x) {
  const __m512i low = SLV_SET(0x3FDFEFF);
  __m512i h = SLV_TERN(_mm512_add_epi32(_mm512_and_si512(x, low), low), x, SLV_SET(0x4020100),
                       (SLV_TA | SLV_TB) & SLV_TC);
  return _mm512_sub_epi32(_mm512_slli_epi32(h, 1), _mm512_srli_epi32(h, 8));
}

/* Columns of each lane's word (9 bits). */
SLV_FN static inline __m512i SLV(v_fold)(__m512i x) {
  return _mm512_and_si512(SLV_OR3(x, _mm512_srli_epi32(x, 9), _mm512_srli_epi32(x, 18)),
                          SLV_SET(0x1FF));
}

/* Columns c spread over the three rows of a band. */
SLV_FN static inline __m512i SLV(v_down)(__m512i c) {
  return SLV_OR3(c, _mm512_slli_epi32(c, 9), _mm512_slli_epi32(c, 18));
}

/* Claiming (SLV(claim)): the columns of a box to clear when only the
** columns `only` of the box have the digit: the box's two other columns
** where one is in only, less only. */
SLV_FN static inline __m512i SLV(v_claim)(__m512i only) {
  __m512i n1, n2;
  SLV(v_others)(only, &n1, &n2);
  return SLV_TERN(only, n1, n2, ~SLV_TA & (SLV_TB | SLV_TC));
}

/* Mini-rows (bit 9r + 3k: row r, box k) holding the digit. */
SLV_FN static inline __m512i SLV(v_minirows)(__m512i x) {
  return _mm512_and_si512(SLV_OR3(x, _mm512_srli_epi32(x, 1), _mm512_srli_epi32(x, 2)),
                          SLV_SET(0x1249249));
}

/* One round's rules on band vector *pf: the permutation mask, placements
** and naked singles.  Returns the lanes (bit 0: any) that met a
** contradiction; *two: the band's cells with two or more candidates.
** Always inlined: gcc -O2 calls it from the seven cases of the round's
** switch otherwise, passing the vectors through memory (about 7 %). */
SLV_FN static inline __attribute__((always_inline)) __mmask16 SLV(v_band)(__m512i *pf, __m512i *two, __m512i *masked) {
  const __mmask16 lanes = 0x1FF;
  __m512i x = *pf;
  /* the permutation mask: mini-row (r, k) stays when rows r + 1 and r + 2
  ** still go to boxes k + 1 and k + 2 one way or the other (all mod 3) */
  __m512i t = SLV(v_minirows)(x);
  __m512i b1 = _mm512_and_si512(SLV_TERN(SLV_SET(0x241209), _mm512_srli_epi32(t, 3),
                                         _mm512_slli_epi32(t, 6), (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC)),
                                SLV_SET(BAND_ALL));
  __m512i b2 = _mm512_and_si512(SLV_TERN(SLV_SET(0x040201), _mm512_srli_epi32(t, 6),
                                         _mm512_slli_epi32(t, 3), (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC)),
                                SLV_SET(BAND_ALL));
  /* b1: mini-row (r, k + 1), b2: (r, k + 2); u: rows r and r + 1 go to
  ** boxes k + 1 and k + 2 one way or the other, so keep (r, k) when u holds
  ** for row r + 1 (rows r + 1, r + 2), and its mini-row is there */
#define SLV_NEXT_AND(a, y) SLV_TERN(a, _mm512_srli_epi32(y, 9), _mm512_slli_epi32(y, 18), \
                                    SLV_TA & (SLV_TB | SLV_TC))
  __m512i u = _mm512_or_si512(SLV_NEXT_AND(b2, b1), SLV_NEXT_AND(b1, b2));
  __m512i keep = SLV_NEXT_AND(t, u);
#undef SLV_NEXT_AND
  x = SLV_TERN(x, keep, _mm512_or_si512(_mm512_slli_epi32(keep, 1), _mm512_slli_epi32(keep, 2)),
               SLV_TA & (SLV_TB | SLV_TC));
  *masked = x;
  __mmask16 bad = _mm512_mask_testn_epi32_mask(lanes, x, x);
  /* every row is now non-empty: g drops each row's lowest cell, so the
  ** rows g leaves empty had one cell, placed */
  __m512i g = _mm512_and_si512(x, _mm512_sub_epi32(x, SLV_SET(ROW_ONES)));
  __m512i more = SLV(v_rows)(g);
  __m512i placed = _mm512_andnot_si512(more, x);
  __m512i all = SLV(v_any)(placed);
  /* placed cells leave the other digits */
  x = SLV_TERN(x, placed, all, SLV_TA & (SLV_TB | ~SLV_TC));
  __m512i one, many = SLV(v_two)(x, &one);
  /* a cell without a candidate, a cell placed for two digits */
  bad |= (__mmask16)(_mm512_cmpneq_epi32_mask(one, SLV_SET(BAND_ALL)) & 1);
  bad |= (__mmask16)(_mm512_test_epi32_mask(all, many) & 1);
  /* naked singles: the row of a cell whose only candidate is this digit
  ** is reduced to it; two such cells in one row are a contradiction */
  __m512i single = _mm512_andnot_si512(many, x);
  __m512i rows = SLV(v_rows)(single);
  /* each empty row of single given its lowest bit, no row borrows */
  __m512i lone = SLV_TERN(single, rows, SLV_SET(ROW_ONES), SLV_TA | (~SLV_TB & SLV_TC));
  bad |= _mm512_test_epi32_mask(lone, _mm512_sub_epi32(lone, SLV_SET(ROW_ONES)));
  x = SLV_TERN(x, rows, single, SLV_TA & (~SLV_TB | SLV_TC));
  *pf = x;
  *two = many;
  return bad;
}

/* Configurations (permutations rows -> boxes) allowed by the 9-bit
** shapes (bit 3r + k) at bits 0-8 and 16-24 of each lane, two units at
** once: the three cyclic ones (row r to box i + r) and the three others
** (row r to box i - r), counted at bits 0-3 and 16-19.  What the shifts
** carry out of a shape lands outside the bits the next step reads. */
SLV_FN static inline __m512i SLV(v_perms)(__m512i x) {
  __m512i n1 = SLV_TERN(SLV_SET(0xDB00DB), _mm512_srli_epi32(x, 1), _mm512_slli_epi32(x, 2),
                        (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
  __m512i n2 = SLV_TERN(SLV_SET(0x490049), _mm512_srli_epi32(x, 2), _mm512_slli_epi32(x, 1),
                        (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
  __m512i even = SLV_TERN(x, _mm512_srli_epi32(n1, 3), _mm512_srli_epi32(n2, 6),
                          SLV_TA & SLV_TB & SLV_TC);
  __m512i odd = SLV_TERN(x, _mm512_srli_epi32(n2, 3), _mm512_srli_epi32(n1, 6),
                         SLV_TA & SLV_TB & SLV_TC);
  __m512i c = _mm512_or_si512(_mm512_and_si512(even, SLV_SET(0x70007)),
                              _mm512_slli_epi32(_mm512_and_si512(odd, SLV_SET(0x70007)), 3));
  c = _mm512_sub_epi32(c, _mm512_and_si512(_mm512_srli_epi32(c, 1), SLV_SET(0x150015)));
  c = _mm512_add_epi32(_mm512_and_si512(c, SLV_SET(0x330033)),
                       _mm512_and_si512(_mm512_srli_epi32(c, 2), SLV_SET(0x330033)));
  return _mm512_and_si512(_mm512_add_epi32(c, _mm512_srli_epi32(c, 4)), SLV_SET(0xF000F));
}

/* SLV(pick_band) on the band vectors f: the configurations of every
** digit of the six bands and stacks counted in three vectors, band b's
** (its shape transposed, whose configurations are as many) beside stack
** b's in each lane. */
SLV_FN static unsigned SLV(v_pick_band)(const __m512i f[3]) {
  __m512i n[3];
  __m512i c0 = SLV(v_fold)(f[0]), c1 = SLV(v_fold)(f[1]), c2 = SLV(v_fold)(f[2]);
  SLV_UNROLL3
  for (int b = 0; b < 3; b++) {
    __m512i t = SLV(v_minirows)(f[b]);
    __m512i sb = _mm512_and_si512(SLV_OR3(t, _mm512_srli_epi32(t, 8), _mm512_srli_epi32(t, 16)),
                                  SLV_SET(0x1FF));
    /* stack b: the bands as rows, its three columns as boxes */
    __m512i v = SLV_OR3(_mm512_and_si512(_mm512_srli_epi32(c0, 3 * b), SLV_SET(7)),
                        _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(c1, 3 * b), SLV_SET(7)), 3),
                        _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(c2, 3 * b), SLV_SET(7)), 6));
    n[b] = SLV(v_perms)(_mm512_or_si512(sb, _mm512_slli_epi32(v, 16)));
  }
  /* the weights (slv_weight) of the six units side by side, bytes 0-2 of
  ** two vectors: two lane sums for the six units (each below 2^24: the
  ** intrinsic adds as int) */
  const __m512i wt = _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, slv_weight[7], slv_weight[6],
                                      slv_weight[5], slv_weight[4], slv_weight[3], slv_weight[2],
                                      slv_weight[1], slv_weight[0]);
  __m512i lo = SLV_OR3(_mm512_permutexvar_epi32(n[0], wt),
                       _mm512_slli_epi32(_mm512_permutexvar_epi32(n[1], wt), 8),
                       _mm512_slli_epi32(_mm512_permutexvar_epi32(n[2], wt), 16));
  __m512i hi = SLV_OR3(_mm512_permutexvar_epi32(_mm512_srli_epi32(n[0], 16), wt),
                       _mm512_slli_epi32(_mm512_permutexvar_epi32(_mm512_srli_epi32(n[1], 16), wt), 8),
                       _mm512_slli_epi32(_mm512_permutexvar_epi32(_mm512_srli_epi32(n[2], 16), wt), 16));
  uint32_t sl = (uint32_t)_mm512_reduce_add_epi32(lo), sh = (uint32_t)_mm512_reduce_add_epi32(hi);
  uint64_t sums = sl | (uint64_t)sh << 24;
  /* the first unit of the least sum above 0, without branches: the six
  ** sums as 16-bit numbers (0, and the two unused, as 0xFFFF), whose
  ** least phminposuw finds with its first index */
  __m128i u = _mm_cvtepu8_epi16(_mm_cvtsi64_si128((long long)sums));
  u = _mm_or_si128(u, _mm_cmpeq_epi16(u, _mm_setzero_si128()));
  uint32_t mp = (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(u));
  if ((mp & 0xFFFF) == 0xFFFF) return 0;
  unsigned best = mp >> 16 & 7;
  /* the words, a band's to a 64-byte row (whole-vector stores, which the
  ** loads of pick_digit take straight from the store buffer) */
  uint32_t w[48] __attribute__((aligned(64)));
  for (int b = 0; b < 3; b++) _mm512_store_si512((void *)(w + 16 * b), f[b]);
  __m512i nb = _mm512_and_si512(_mm512_srli_epi32(n[best % 3], best < 3 ? 0 : 16), SLV_SET(0xF));
  return SLV(pick_digit)(best, _mm512_cmpeq_epi32_mask(nb, SLV_SET(2)),
                         _mm512_cmpeq_epi32_mask(nb, SLV_SET(3)), w, 16);
}

/* The triads (SLV(triads)) of band vector *pf: the digits confined to
** each mini-row (alone in their row of the band) and to each mini-column
** (alone in their box's columns) counted over the lanes by additions.
** Returns 0 on a contradiction. */
SLV_FN static inline int SLV(v_triads)(__m512i *pf) {
  __m512i x = *pf, t = SLV(v_minirows)(x);
  /* bit (r, k) of o1: mini-row (r, k + 1), of o2: (r, k + 2) */
  __m512i o1 = SLV_TERN(SLV_SET(0x241209), _mm512_srli_epi32(t, 3), _mm512_slli_epi32(t, 6),
                        (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
  __m512i o2 = SLV_TERN(SLV_SET(0x040201), _mm512_srli_epi32(t, 6), _mm512_slli_epi32(t, 3),
                        (SLV_TA & SLV_TB) | (~SLV_TA & SLV_TC));
  __m512i rows = SLV_TERN(t, o1, o2, SLV_TA & ~SLV_TB & ~SLV_TC);
  /* column 3k + j of a box alone: bit 9j + 3k + 1 */
  __m512i a = SLV(v_alone)(SLV(v_fold)(x));
  __m512i cols = SLV_OR3(_mm512_slli_epi32(_mm512_and_si512(a, SLV_SET(0x49)), 1),
                         _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(a, 1), SLV_SET(0x49)), 10),
                         _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(a, 2), SLV_SET(0x49)), 19));
  /* how many digits each mini-row (rows) and mini-column (cols, one bit
  ** down) keeps alone, as 3-bit counts at bits 3m, summed over the lanes:
  ** within blocks of four lanes first (at most 4: nothing carries out of
  ** a count, and 4 already is a contradiction), then over the three blocks
  ** (at most 9; 8 or 9 would carry, but then a block had 4) */
  const __mmask16 lanes = 0x1FF;
  const __m512i four = SLV_SET(0x4924924);
  __m512i nr = rows, nc = _mm512_srli_epi32(cols, 1);
  nr = _mm512_add_epi32(nr, SLV_SWAP1(nr));
  nc = _mm512_add_epi32(nc, SLV_SWAP1(nc));
  nr = _mm512_add_epi32(nr, SLV_SWAP2(nr));
  nc = _mm512_add_epi32(nc, SLV_SWAP2(nc));
  if (_mm512_mask_test_epi32_mask(lanes, _mm512_or_si512(nr, nc), four)) return 0;
  nr = _mm512_add_epi32(_mm512_add_epi32(nr, SLV_BLK1(nr)), SLV_BLK2(nr));
  nc = _mm512_add_epi32(_mm512_add_epi32(nc, SLV_BLK1(nc)), SLV_BLK2(nc));
  if (_mm512_mask_test_epi32_mask(lanes, _mm512_or_si512(nr, nc), four)) return 0;
  /* below 4 everywhere: three is bits 0 and 1 of a count */
  __m512i c3r = SLV_TERN(nr, _mm512_srli_epi32(nr, 1), SLV_SET(0x1249249), SLV_TA & SLV_TB & SLV_TC);
  __m512i c3c = SLV_TERN(nc, _mm512_srli_epi32(nc, 1), SLV_SET(0x1249249), SLV_TA & SLV_TB & SLV_TC);
  if (!_mm512_mask_test_epi32_mask(lanes, _mm512_or_si512(c3r, c3c), _mm512_or_si512(c3r, c3c))) return 1;
  /* three digits in a mini-row or mini-column: the others leave it */
  __m512i mr = _mm512_andnot_si512(rows, c3r), mc = _mm512_andnot_si512(cols, _mm512_slli_epi32(c3c, 1));
  mr = SLV_OR3(mr, _mm512_slli_epi32(mr, 1), _mm512_slli_epi32(mr, 2));
  mc = SLV_OR3(_mm512_and_si512(_mm512_srli_epi32(mc, 1), SLV_SET(0x49)),
               _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(mc, 10), SLV_SET(0x49)), 1),
               _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(mc, 19), SLV_SET(0x49)), 2));
  *pf = _mm512_andnot_si512(_mm512_or_si512(mr, SLV(v_down)(mc)), x);
  return 1;
}

/* Propagate the band vectors f (unsolved cells: cells) to the fixpoint
** (see above); need: the bands changed since the fixpoint they come from
** (all of them for a puzzle).  Returns DEAD, SOLVED or OPEN (then *pick
** is the guess: -1 - a band or stack configuration as SLV(pick_band)
** gives it, else a cell as SLV(pick_cell) does).  f and cells stay the
** caller's locals, in registers across the search. */
SLV_FN static inline int SLV(propagate)(__m512i f[3], uint32_t cells[3], unsigned need, int *pick) {
  const __mmask16 lanes = 0x1FF;
  __m512i many[3];
  /* need: the bands changed since their last round (or whose round
  ** changed them); tri: since their last triads; cols: the column pass is
  ** due.  The bands a guess did not change are as every rule left them,
  ** their unsolved cells those of that fixpoint. */
  unsigned tri = need, cols;
  SLV_UNROLL3
  for (int b = 0; b < 3; b++) many[b] = SLV_SET(cells[b]);
  for (;;) {
    cols = 1;
    do {
      __mmask16 bad = 0;
#define SLV_ROUND(b) do { \
        __m512i before = f[b], masked; \
        bad |= SLV(v_band)(&f[b], &many[b], &masked); \
        unsigned ch = _mm512_cmpneq_epi32_mask(before, f[b]) != 0; \
        cols |= ch; \
        tri |= ch << (b); \
        need &= ~((unsigned)(_mm512_cmpneq_epi32_mask(masked, f[b]) == 0) << (b)); } while (0)
      /* flags without branches (whether a round changes its band is not
      ** predictable); the mask is idempotent: when the placements and
      ** naked singles changed nothing after it, another round would change
      ** nothing.  One jump on the set of bands due, not one per band. */
      switch (need & 7) {
      case 1: SLV_ROUND(0); break;
      case 2: SLV_ROUND(1); break;
      case 3: SLV_ROUND(0); SLV_ROUND(1); break;
      case 4: SLV_ROUND(2); break;
      case 5: SLV_ROUND(0); SLV_ROUND(2); break;
      case 6: SLV_ROUND(1); SLV_ROUND(2); break;
      case 7: SLV_ROUND(0); SLV_ROUND(1); SLV_ROUND(2); break;
      default: break;
      }
#undef SLV_ROUND
      if (bad) return DEAD;
      if (!cols) break;
      /* the column pass: each digit's three bands in one lane */
      __m512i c0 = SLV(v_fold)(f[0]), c1 = SLV(v_fold)(f[1]), c2 = SLV(v_fold)(f[2]);
      if (_mm512_mask_cmpneq_epi32_mask(lanes, SLV_OR3(c0, c1, c2), SLV_SET(0x1FF)))
        return DEAD;
      __m512i p0 = SLV(v_alone)(c0), p1 = SLV(v_alone)(c1), p2 = SLV(v_alone)(c2);
      __m512i x0 = SLV(v_down)(SLV_OR3(SLV(v_claim)(SLV_TERN(c0, c1, c2, SLV_TA & ~SLV_TB & ~SLV_TC)),
                                        p1, p2));
      __m512i x1 = SLV(v_down)(SLV_OR3(SLV(v_claim)(SLV_TERN(c1, c0, c2, SLV_TA & ~SLV_TB & ~SLV_TC)),
                                        p0, p2));
      __m512i x2 = SLV(v_down)(SLV_OR3(SLV(v_claim)(SLV_TERN(c2, c0, c1, SLV_TA & ~SLV_TB & ~SLV_TC)),
                                        p0, p1));
      /* no branches here either */
      unsigned ch = (unsigned)(_mm512_test_epi32_mask(f[0], x0) != 0)
                  | (unsigned)(_mm512_test_epi32_mask(f[1], x1) != 0) << 1
                  | (unsigned)(_mm512_test_epi32_mask(f[2], x2) != 0) << 2;
      f[0] = _mm512_andnot_si512(x0, f[0]);
      f[1] = _mm512_andnot_si512(x1, f[1]);
      f[2] = _mm512_andnot_si512(x2, f[2]);
      need |= ch;
      cols = ch != 0;
      tri |= need;
    } while (need | cols);
    unsigned solved = 1;
    SLV_UNROLL3
    for (int b = 0; b < 3; b++) {
      cells[b] = (uint32_t)_mm512_cvtsi512_si32(many[b]);
      solved &= cells[b] == 0;
    }
    if (solved) return SOLVED;
    /* the triads last, as in the other variants: dearer, seldom of use
    ** before the rest is done */
    SLV_UNROLL3
    for (unsigned b = 0; b < 3; b++) {
      if (!(tri >> b & 1) || !cells[b]) continue;
      __m512i before = f[b];
      if (!SLV(v_triads)(&f[b])) return DEAD;
      need |= (unsigned)(_mm512_cmpneq_epi32_mask(before, f[b]) != 0) << b;
    }
    tri = need;
    if (need) continue;
    unsigned band = SLV(v_pick_band)(f);
    if (band) { *pick = -(int)band; return OPEN; }
    /* no band or stack configuration to branch on (rare): a cell */
    slv_state t;
    for (int b = 0; b < 3; b++) {
      _mm512_mask_storeu_epi32(t.f + 9 * b, lanes, f[b]);
      t.cells[b] = cells[b];
    }
    uint32_t two[3];
    for (int b = 0; b < 3; b++) {
      const uint32_t *w = t.f + 9 * b;
      uint32_t r1 = w[0], r2 = 0, r3 = 0;
      for (int e = 1; e < 9; e++) { r3 |= r2 & w[e]; r2 |= r1 & w[e]; r1 |= w[e]; }
      two[b] = cells[b] & ~r3;
    }
    *pick = SLV(pick_cell)(&t, two);
    return OPEN;
  }
}

/* The bands (bit b) whose vectors ANDing with m[] changes, f[] ANDed. */
SLV_FN static inline unsigned SLV(v_and)(__m512i f[3], const __m512i m[3]) {
  unsigned changed = 0;
  SLV_UNROLL3
  for (int b = 0; b < 3; b++) {
    __m512i x = _mm512_and_si512(f[b], m[b]);
    changed |= (unsigned)(_mm512_cmpneq_epi32_mask(x, f[b]) != 0) << b;
    f[b] = x;
  }
  return changed;
}

/* The search of the other variants (SLV(search) in solver_core.h, the
** same tree in the same order), its state kept in vectors: the current
** one in registers, the stacked second branches as whole aligned vectors
** (stored and loaded whole, so a load finds its store whole). */
SLV_FN static void SLV(search)(slv_state *s, slv_run *run) {
  const __mmask16 lanes = 0x1FF;
  const __m512i ones = _mm512_set1_epi32(-1);
  __m512i stack[MAX_DEPTH][3];
  uint32_t rest[MAX_DEPTH][4];   /* each entry's unsolved cells and changed bands */
  __m512i f[3];
  uint32_t cells[3];
  int top = 0;
  uint32_t dirty = s->dirty;
  unsigned need = (unsigned)((dirty & 0x1FF) != 0) | (unsigned)((dirty & 0x3FE00) != 0) << 1
                | (unsigned)((dirty & 0x7FC0000) != 0) << 2;
  SLV_UNROLL3
  for (int b = 0; b < 3; b++) {
    f[b] = _mm512_maskz_loadu_epi32(lanes, s->f + 9 * b);
    cells[b] = s->cells[b];
  }
  for (;;) {
    int pick = -1;
    int r = SLV(propagate)(f, cells, need, &pick);
    run->nodes++;
    if (r == OPEN) {
      /* the two branches as AND masks over the band vectors: m the one
      ** taken first, n the one stacked */
      __m512i m[3] = {ones, ones, ones}, n[3] = {ones, ones, ones};
      if (pick < 0) {
        unsigned c = (unsigned)-pick - 1, o = c & 1, b = c >> 1 & 3, d = c >> 3 & 15;
        unsigned set = c >> 10 & 63;
        uint32_t u1 = slv_perm_shape[c >> 7 & 7], u2 = 0;
        for (; set; set &= set - 1) u2 |= slv_perm_shape[__builtin_ctz(set)];
        __mmask16 k = (__mmask16)(1u << d);
        if (!o) {
          /* SLV(confine) in a band: the digit keeps the mini-rows of the shapes */
          m[b] = _mm512_mask_set1_epi32(ones, k, (int)SLV(spread)(u1));
          n[b] = _mm512_mask_set1_epi32(ones, k, (int)SLV(spread)(u2));
        } else {
          /* in a stack: each band keeps the digit in the columns of the shapes */
          SLV_UNROLL3
          for (unsigned band = 0; band < 3; band++) {
            uint32_t off1 = (~(u1 >> (3 * band)) & 7) << (3 * b), off2 = (~(u2 >> (3 * band)) & 7) << (3 * b);
            m[band] = _mm512_mask_set1_epi32(ones, k, (int)~(off1 * ROW_ONES));
            n[band] = _mm512_mask_set1_epi32(ones, k, (int)~(off2 * ROW_ONES));
          }
        }
      } else {
        /* a cell: its lowest digit placed (its row reduced to it), or not */
        int b = pick / 27, p = pick % 27;
        uint32_t bit = (uint32_t)1 << p;
        __mmask16 k = _mm512_mask_test_epi32_mask(lanes, f[b], SLV_SET(bit));
        k &= (__mmask16)-k;
        m[b] = _mm512_mask_set1_epi32(ones, k, (int)(~(0x1FFu << (p / 9 * 9)) | bit));
        n[b] = _mm512_mask_set1_epi32(ones, k, (int)~bit);
      }
      SLV_UNROLL3
      for (int b = 0; b < 3; b++) stack[top][b] = f[b];
      rest[top][3] = SLV(v_and)(stack[top], n);
      rest[top][0] = cells[0]; rest[top][1] = cells[1]; rest[top][2] = cells[2];
      top++;
      need = SLV(v_and)(f, m);
      run->guesses++;
      continue;
    }
    if (r == SOLVED) {
      if (run->count == 0 && run->solution) {
        for (int b = 0; b < 3; b++) _mm512_mask_storeu_epi32(s->f + 9 * b, lanes, f[b]);
        slv_extract(s, run->solution);
      }
      if (++run->count >= run->limit) return;
    }
    if (top == 0) return;
    top--;
    SLV_UNROLL3
    for (int b = 0; b < 3; b++) { f[b] = stack[top][b]; cells[b] = rest[top][b]; }
    need = rest[top][3];
    run->guesses++;
  }
}

#undef SLV_UNROLL3
#undef SLV_TA
#undef SLV_TB
#undef SLV_TC
#undef SLV_TERN
#undef SLV_OR3
#undef SLV_SET
#undef SLV_BLK1
#undef SLV_BLK2
#undef SLV_SWAP2
#undef SLV_SWAP1
