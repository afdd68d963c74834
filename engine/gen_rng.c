/*
** gen_rng.c -- random numbers for the generators (sk_gen.h):
** xoshiro256**, seeded through splitmix64, and unbiased draws below n.
*/
#include "sk_gen.h"

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void sk_rng_seed(sk_rng *r, uint64_t seed, uint64_t stream) {
  uint64_t x = seed;
  uint64_t y = splitmix(&x) ^ (stream * 0xD1B54A32D192ED03ULL);
  /* mix once more so that nearby streams do not share low bits */
  y = splitmix(&y);
  for (int i = 0; i < 4; i++) r->s[i] = splitmix(&y);
  if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0) r->s[0] = 1;  /* the one bad state */
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sk_rng_next(sk_rng *r) {
  uint64_t *s = r->s;
  uint64_t out = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

/* Multiply-shift; the rare low products that would favour some values
** are redrawn. */
uint32_t sk_rng_below(sk_rng *r, uint32_t n) {
  uint64_t m = (sk_rng_next(r) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t floor = (uint32_t)(-n) % n;
    while (low < floor) {
      m = (sk_rng_next(r) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}
