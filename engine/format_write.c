/*
** format_write.c -- writing puzzles and grids (sk_format.h): the line and
** grid formats, candidates, and serate's elapsed time.  The grid writers
** are plain stores, no printf: they run on millions of grids.
*/
#include <stdint.h>
#include <string.h>
#include "sk_format.h"

size_t sk_write_line(char *buf, const uint8_t v[SK_CELLS], char blank) {
  const char digit[16] = {blank, '1', '2', '3', '4', '5', '6', '7', '8', '9', '?', '?', '?', '?', '?', '?'};
  for (int i = 0; i < SK_CELLS; i++) buf[i] = digit[v[i] & 15];
  buf[SK_CELLS] = '\n';
  return SK_CELLS + 1;
}

size_t sk_write_grid(char *buf, const uint8_t v[SK_CELLS]) {
  static const char digit[] = "0123456789??????";
  for (int r = 0; r < 9; r++, buf += 18, v += 9) {
    for (int c = 0; c < 9; c++) {
      buf[2 * c] = digit[v[c] & 15];
      buf[2 * c + 1] = ' ';
    }
    buf[17] = '\n';
  }
  return 9 * 18;
}

/* Nine candidate characters of mask m: digit d+1 is '.' + 3 + d, so each
** byte is '.' plus (3 + d) when bit d is set.  On little-endian machines
** the first eight go as one 64-bit word: the mask bits are spread to one
** per byte (multiply, then keep bit d of byte d), turned into 0/1 bytes and
** scaled; about ten times faster than a loop over the bits. */
static void put_cands(char *o, unsigned m) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t x = ((uint64_t)(m & 0xFF) * 0x0101010101010101ULL) & 0x8040201008040201ULL;
  x = ((x + 0x7F7F7F7F7F7F7F7FULL) & 0x8080808080808080ULL) >> 7;   /* 0/1 bytes */
  x = ((x * 0xFF) & 0x0A09080706050403ULL) + 0x2E2E2E2E2E2E2E2EULL;
  memcpy(o, &x, 8);
#else
  for (int d = 0; d < 8; d++) o[d] = (char)('.' + ((m >> d) & 1) * (unsigned)(3 + d));
#endif
  o[8] = (char)('.' + ((m >> 8) & 1) * 11u);
}

/* A solved cell is written as its single digit with '.' blanks; an
** unsolved cell left with one candidate as that digit with '0' blanks
** (as the reader tells them apart), so that reading the line back gives
** the same grid. */
size_t sk_write_candidates(char *buf, const sk_grid *g) {
  for (int c = 0; c < SK_CELLS; c++, buf += 9) {
    put_cands(buf, g->value[c] ? SK_BIT(g->value[c]) : g->cand[c]);
    if (!g->value[c] && g->cand[c] && !(g->cand[c] & (g->cand[c] - 1)))
      for (int d = 0; d < 9; d++)
        if (buf[d] == '.') buf[d] = '0';
  }
  *buf = '\n';
  return SK_CELLS * 9 + 1;
}

/* serate's elapsed time; the one writer with printf, as it runs once per
** puzzle rated, not per grid */
size_t sk_write_elapsed(char *buf, double seconds) {
  long long cs = seconds > 0 ? (long long)(seconds * 100) : 0;   /* centiseconds */
  long long t = cs / 100;
  int n;
  if (t < 60) n = snprintf(buf, 24, "%lld.%02llds", t, cs % 100);
  else if (t < 60 * 60) n = snprintf(buf, 24, "%lldm%02llds", t / 60, t % 60);
  else if (t < 24 * 60 * 60) n = snprintf(buf, 24, "%lldh%02lldm", t / 3600, t % 3600 / 60);
  else n = snprintf(buf, 24, "%lldd%02lldh", t / 86400, t % 86400 / 3600);
  return n < 0 ? 0 : (size_t)n;
}
