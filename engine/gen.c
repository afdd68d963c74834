/*
** gen.c -- generators (see sk_gen.h): random numbers, complete grids by
** index, puzzles with a unique solution.
**
** {====== Why grid number i and grid number j differ when i != j
**
** A geometric transformation g moves cells: out(R,C) = S(rho(R), gamma(C))
** or, transposed, out(R,C) = S(rho(C), gamma(R)), where rho permutes the
** three bands and the three rows inside each band, gamma likewise the
** stacks and columns.  There are 6 * 6^3 choices of rho, as many of gamma
** and 2 of transposition: 2 * 6^8 = 3,359,232 parameter tuples, and
** distinct tuples are distinct cell maps (rho(R) tells the band chosen for
** R's band and the row chosen for R; a transposed map sends a row onto a
** column, which no untransposed one does).  A relabelling s permutes the
** digits.  Both keep every row, column and box a permutation of 1..9, and
** they commute.
**
** Index i = geo * 8! + rel.  geo decodes to a tuple (so to g); rel, in
** lexicographic order, to a permutation pi of eight items, which gives s:
** s maps the digit x at the top-left of g(S) to the chosen first digit D,
** and the k-th smallest digit other than x to the pi(k)-th smallest digit
** other than D.  Distinct (geo, rel) are distinct (g, s) pairs.
**
** Suppose s1(g1(S)) = s2(g2(S)).  Apply g2^-1 and s2^-1 (they commute):
** s(g(S)) = S with s = s2^-1 s1 and g = g2^-1 g1 -- an automorphism of S.
** The seed S below has none but the identity (sk_grid_automorphisms(S) is
** 1, checked by tests/unit/test_gen.c over all 3,359,232 maps), so g1 = g2
** and s1 = s2, hence i = j.  There are 3,359,232 * 40,320 =
** 135,444,234,240 grids per first digit, and no more from this seed.
** }======
*/
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sk_gen.h"
#include "sk_solver.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GEN_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define GEN_NEON 1
#endif

/* {====== random numbers */

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

/* }====== */

/* {====== geometry of the enumeration */

/* Seed grid: found by sk_random_grid and checked to have no automorphism. */
static const char seed_grid[SK_CELLS + 1] =
  "386795421957241386241836759519482673862317594473659218695173842724968135138524967";

static const uint8_t perm3[6][3] = {
  {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}
};

typedef struct geo {
  uint8_t rows[9], cols[9];   /* output row/column -> seed row/column */
  int transpose;
} geo;

static void geo_decode(uint64_t x, geo *g) {
  g->transpose = (int)(x % 2); x /= 2;
  const uint8_t *band = perm3[x % 6]; x /= 6;
  for (int b = 0; b < 3; b++, x /= 6)
    for (int r = 0; r < 3; r++) g->rows[3 * b + r] = (uint8_t)(3 * band[b] + perm3[x % 6][r]);
  const uint8_t *stack = perm3[x % 6]; x /= 6;
  for (int s = 0; s < 3; s++, x /= 6)
    for (int c = 0; c < 3; c++) g->cols[3 * s + c] = (uint8_t)(3 * stack[s] + perm3[x % 6][c]);
}

/* The seed cell that lands on output cell (R, C). */
static inline int geo_cell(const geo *g, int R, int C) {
  return g->transpose ? 9 * g->rows[C] + g->cols[R] : 9 * g->rows[R] + g->cols[C];
}

static void geo_apply(const geo *g, const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS]) {
  for (int R = 0; R < 9; R++)
    for (int C = 0; C < 9; C++) out[9 * R + C] = in[geo_cell(g, R, C)];
}

static void seed_values(uint8_t v[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(seed_grid[c] - '0');
}

/* Permutation number p (0 <= p < 8!) of 0..7, in lexicographic order. */
static void perm8_decode(uint32_t p, uint8_t pi[8]) {
  static const uint32_t fact[8] = {5040, 720, 120, 24, 6, 2, 1, 1};
  uint8_t left[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int n = 8;
  for (int k = 0; k < 8; k++) {
    uint32_t i = p / fact[k];
    p %= fact[k];
    pi[k] = left[i];
    memmove(left + i, left + i + 1, (size_t)(n - (int)i - 1));
    n--;
  }
}

/* Next permutation in lexicographic order: returns the first position
** that changed, or -1 after the last permutation. */
static int perm8_next(uint8_t pi[8]) {
  int i = 6;
  while (i >= 0 && pi[i] > pi[i + 1]) i--;
  if (i < 0) return -1;
  int j = 7;
  while (pi[j] < pi[i]) j--;
  uint8_t t = pi[i]; pi[i] = pi[j]; pi[j] = t;
  for (int a = i + 1, b = 7; a < b; a++, b--) { t = pi[a]; pi[a] = pi[b]; pi[b] = t; }
  return i;
}

/* The relabelling s of the header comment: map[d] for d = 1..9. */
static void relabel_map(int x, int first, const uint8_t pi[8], uint8_t map[10]) {
  uint8_t from[8], to[8];
  int nf = 0, nt = 0;
  for (int d = 1; d <= 9; d++) {
    if (d != x) from[nf++] = (uint8_t)d;
    if (d != first) to[nt++] = (uint8_t)d;
  }
  map[0] = 0;
  map[x] = (uint8_t)first;
  for (int k = 0; k < 8; k++) map[from[k]] = to[pi[k]];
}

int sk_grid_at(uint64_t index, int first, uint8_t out[SK_CELLS]) {
  if (index >= SK_GRID_COUNT || first < 1 || first > 9) return -1;
  uint8_t seed[SK_CELLS], t[SK_CELLS], pi[8], map[10];
  geo g;
  seed_values(seed);
  geo_decode(index / SK_GRID_RELABELS, &g);
  geo_apply(&g, seed, t);
  perm8_decode((uint32_t)(index % SK_GRID_RELABELS), pi);
  relabel_map(t[0], first, pi, map);
  for (int c = 0; c < SK_CELLS; c++) out[c] = map[t[c]];
  return 0;
}

/* }====== */

/* {====== fast formatting
** A grid's text is a template of byte codes, the same for 8! consecutive
** grids: a cell holds its digit before relabelling (1..9), a blank is 0
** and a newline 10.  A 16-byte table turns codes into characters (the
** relabelling lives in entries 1..9), so one grid is eleven (grid format)
** or six (line) 16-byte table look-ups: SSSE3 pshufb, NEON tbl, or a byte
** loop elsewhere. */

typedef struct fmt_spec {
  int slot;      /* bytes per grid including the separator */
  int words;     /* 16-byte words covering the slot */
} fmt_spec;

static int fmt_get(sk_format fmt, fmt_spec *f) {
  if (fmt == SK_FMT_GRID) { f->slot = 163; f->words = 11; return 0; }
  if (fmt == SK_FMT_LINE) { f->slot = 82; f->words = 6; return 0; }
  return -1;
}

uint64_t sk_grids_size(uint64_t n, sk_format fmt) {
  fmt_spec f;
  if (n == 0 || fmt_get(fmt, &f) != 0) return 0;
  return n * (uint64_t)f.slot - (fmt == SK_FMT_GRID);
}

static void make_template(sk_format fmt, const uint8_t t[SK_CELLS], uint8_t tmpl[192]) {
  memset(tmpl, 0, 192);
  if (fmt == SK_FMT_LINE) {
    memcpy(tmpl, t, SK_CELLS);
    tmpl[SK_CELLS] = 10;
    return;
  }
  for (int c = 0; c < SK_CELLS; c++) {
    tmpl[2 * c] = t[c];
    tmpl[2 * c + 1] = c % 9 == 8 ? 10 : 0;
  }
  tmpl[162] = 10;   /* the blank line before the next grid */
}

typedef void (*emit_fn)(char *out, const uint8_t *tmpl, int words, const uint8_t table[16]);

static void emit_bytes(char *out, const uint8_t *tmpl, int words, const uint8_t table[16]) {
  for (int i = 0; i < 16 * words; i++) out[i] = (char)table[tmpl[i] & 15];
}

#ifdef GEN_X86
__attribute__((target("ssse3")))
static void emit_ssse3(char *out, const uint8_t *tmpl, int words, const uint8_t table[16]) {
  __m128i t = _mm_loadu_si128((const __m128i *)table);
  for (int i = 0; i < words; i++) {
    __m128i x = _mm_loadu_si128((const __m128i *)(tmpl + 16 * i));
    _mm_storeu_si128((__m128i *)(out + 16 * i), _mm_shuffle_epi8(t, x));
  }
}
#endif

#ifdef GEN_NEON
/* tbl: the same lookup, and part of every AArch64 core */
static void emit_neon(char *out, const uint8_t *tmpl, int words, const uint8_t table[16]) {
  uint8x16_t t = vld1q_u8(table);
  for (int i = 0; i < words; i++)
    vst1q_u8((uint8_t *)out + 16 * i, vqtbl1q_u8(t, vld1q_u8(tmpl + 16 * i)));
}
#endif

/* Chosen per call, not cached: no global state.  SK_NOSIMD=1 forces the
** byte loop (tests compare both paths). */
static emit_fn pick_emit(void) {
  const char *no = getenv("SK_NOSIMD");
  if (no && *no && *no != '0') return emit_bytes;
#if defined(GEN_X86)
  if (__builtin_cpu_supports("ssse3")) return emit_ssse3;
#elif defined(GEN_NEON)
  return emit_neon;
#endif
  return emit_bytes;
}

/* Where formatting stands: the template of the current geometry, and the
** relabelling as "digit from[k] prints as chr[pi[k]]". */
typedef struct fmt_state {
  uint64_t geo;
  uint8_t seed[SK_CELLS];
  uint8_t tmpl[192];
  uint8_t from[8], chr[8], pi[8];
  uint8_t table[16];
} fmt_state;

static void state_geometry(fmt_state *s, sk_format fmt, int first) {
  uint8_t t[SK_CELLS];
  geo g;
  geo_decode(s->geo, &g);
  geo_apply(&g, s->seed, t);
  make_template(fmt, t, s->tmpl);
  for (int d = 1, n = 0; d <= 9; d++)
    if (d != t[0]) s->from[n++] = (uint8_t)d;
  memset(s->table, 0, sizeof s->table);
  s->table[0] = ' ';
  s->table[10] = '\n';
  s->table[t[0]] = (uint8_t)('0' + first);
}

/* Format n grids from start; `last` drops the final separator.  buf has
** SK_GRIDS_SLACK spare bytes for the whole-word stores. */
static size_t format_run(char *buf, uint64_t start, uint64_t n, int first,
                         sk_format fmt, const fmt_spec *f, int last) {
  emit_fn emit = pick_emit();
  fmt_state s;
  seed_values(s.seed);
  for (int d = 1, k = 0; d <= 9; d++)
    if (d != first) s.chr[k++] = (uint8_t)('0' + d);
  s.geo = start / SK_GRID_RELABELS;
  state_geometry(&s, fmt, first);
  perm8_decode((uint32_t)(start % SK_GRID_RELABELS), s.pi);
  int changed = 0;          /* table entries from[changed..7] are stale */
  char *o = buf;
  for (uint64_t i = 0; i < n; i++) {
    for (int k = changed; k < 8; k++) s.table[s.from[k]] = s.chr[s.pi[k]];
    emit(o, s.tmpl, f->words, s.table);
    o += f->slot;
    changed = perm8_next(s.pi);
    if (changed < 0) {              /* next geometry, first relabelling */
      s.geo++;
      if (i + 1 < n) state_geometry(&s, fmt, first);
      perm8_decode(0, s.pi);
      changed = 0;
    }
  }
  size_t len = (size_t)(o - buf);
  return last && fmt == SK_FMT_GRID ? len - 1 : len;
}

static int range_ok(uint64_t start, uint64_t n, int first) {
  return first >= 1 && first <= 9 && n > 0 && start < SK_GRID_COUNT && n <= SK_GRID_COUNT - start;
}

size_t sk_grids_format(char *buf, uint64_t start, uint64_t n, int first, sk_format fmt) {
  fmt_spec f;
  if (!range_ok(start, n, first) || fmt_get(fmt, &f) != 0) return 0;
  return format_run(buf, start, n, first, fmt, &f, 1);
}

/* }====== */

/* {====== writing in blocks
** Output size is known in advance (a fixed number of bytes per grid), so
** with a regular file each thread takes the next block, formats it and
** writes it at its offset with pwrite; a pipe or terminal gets one thread
** and plain writes in order. */

#define BLOCK_GRIDS 4096    /* 667 KB of grid text: stays in L2 until written */

typedef struct wjob {
  int fd;
  int positioned;         /* pwrite at base + offset of the block */
  off_t base;
  uint64_t start, n, nblocks;
  uint64_t next;          /* next block to take (atomic) */
  int first;
  int err;                /* first errno met (atomic), 0 ok */
  sk_format fmt;
  fmt_spec f;
} wjob;

static int write_all(int fd, const char *p, size_t n, off_t at, int positioned) {
  while (n > 0) {
    ssize_t w = positioned ? pwrite(fd, p, n, at) : write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return errno ? errno : EIO;
    }
    p += w;
    n -= (size_t)w;
    at += w;
  }
  return 0;
}

static void write_fail(wjob *j, int e) {
  int none = 0;
  __atomic_compare_exchange_n(&j->err, &none, e, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static void *write_blocks(void *arg) {
  wjob *j = arg;
  char *buf = malloc((size_t)BLOCK_GRIDS * (size_t)j->f.slot + SK_GRIDS_SLACK);
  if (!buf) { write_fail(j, ENOMEM); return NULL; }
  for (;;) {
    uint64_t b = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
    if (b >= j->nblocks || __atomic_load_n(&j->err, __ATOMIC_RELAXED)) break;
    uint64_t first_grid = b * BLOCK_GRIDS;
    uint64_t cnt = j->n - first_grid < BLOCK_GRIDS ? j->n - first_grid : BLOCK_GRIDS;
    size_t len = format_run(buf, j->start + first_grid, cnt, j->first, j->fmt, &j->f,
                            b + 1 == j->nblocks);
    off_t at = j->base + (off_t)(first_grid * (uint64_t)j->f.slot);
    int e = write_all(j->fd, buf, len, at, j->positioned);
    if (e) { write_fail(j, e); break; }
  }
  free(buf);
  return NULL;
}

int sk_grids_write(int fd, uint64_t start, uint64_t n, int first, sk_format fmt,
                   int threads, sk_error *err) {
  wjob j;
  memset(&j, 0, sizeof j);
  if (fmt_get(fmt, &j.f) != 0) return sk_error_set(err, "grids: unsupported output format");
  if (!range_ok(start, n, first))
    return sk_error_set(err, "grids: range %llu+%llu or first digit %d out of range",
                        (unsigned long long)start, (unsigned long long)n, first);
  j.fd = fd; j.start = start; j.n = n; j.first = first; j.fmt = fmt;
  j.nblocks = (n + BLOCK_GRIDS - 1) / BLOCK_GRIDS;
  /* pwrite appends regardless of the offset under O_APPEND (`>>`), so
  ** such a file is written in order like a pipe */
  struct stat st;
  int fl = fcntl(fd, F_GETFL);
  int seekable = fl >= 0 && !(fl & O_APPEND) && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                 (j.base = lseek(fd, 0, SEEK_CUR)) >= 0;
  if (threads < 1 || !seekable) threads = 1;
  if ((uint64_t)threads > j.nblocks) threads = (int)j.nblocks;
  if (threads > 16) threads = 16;
  j.positioned = threads > 1;
  /* a thread that cannot start leaves its share to the others */
  pthread_t th[16];
  int started = 0;
  for (int i = 1; i < threads; i++)
    if (pthread_create(&th[started], NULL, write_blocks, &j) == 0) started++;
  write_blocks(&j);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  int e = j.err;
  if (!e && j.positioned && lseek(fd, j.base + (off_t)sk_grids_size(n, fmt), SEEK_SET) < 0) e = errno;
  if (e) return sk_error_set(err, "write error: %s", strerror(e));
  return 0;
}

/* }====== */

/* {====== automorphisms and random grids */

static int grid_valid(const uint8_t v[SK_CELLS]) {
  for (int h = 0; h < SK_HOUSES; h++) {
    unsigned seen = 0;
    for (int k = 0; k < 9; k++) {
      int d = v[sk_house_cell[h][k]];
      if (d < 1 || d > 9) return 0;
      seen |= 1u << d;
    }
    if (seen != 0x3FE) return 0;
  }
  return 1;
}

unsigned long sk_grid_automorphisms(const uint8_t grid[SK_CELLS]) {
  if (!grid_valid(grid)) return 0;
  unsigned long n = 0;
  geo g;
  for (uint64_t x = 0; x < SK_GRID_GEOMETRIES; x++) {
    geo_decode(x, &g);
    /* g(grid) relabelled must be grid: the relabelling is forced cell by
    ** cell, and a clash rules the map out (usually within a row) */
    uint8_t s[10] = {0};
    int ok = 1;
    for (int c = 0; c < SK_CELLS && ok; c++) {
      int a = grid[geo_cell(&g, c / 9, c % 9)], b = grid[c];
      if (s[a] == 0) s[a] = (uint8_t)b;
      else ok = s[a] == b;
    }
    n += (unsigned long)ok;
  }
  return n;
}

/* Bits set in a 9-bit mask (the library is built for any x86-64, where
** __builtin_popcount is a function call). */
#define PC2(n) n, n + 1, n + 1, n + 2
#define PC4(n) PC2(n), PC2(n + 1), PC2(n + 1), PC2(n + 2)
#define PC6(n) PC4(n), PC4(n + 1), PC4(n + 1), PC4(n + 2)
#define PC8(n) PC6(n), PC6(n + 1), PC6(n + 1), PC6(n + 2)
static const uint8_t popc9[512] = { PC8(0), PC8(1) };

static inline sk_mask pick_bit(sk_rng *r, sk_mask m) {
  for (uint32_t k = sk_rng_below(r, popc9[m]); k; k--) m &= (sk_mask)(m - 1);
  return (sk_mask)(m & -m);
}

void sk_random_grid(sk_rng *r, uint8_t out[SK_CELLS]) {
  sk_mask rowm[9] = {0}, colm[9] = {0}, boxm[9] = {0};   /* digits used */
  uint8_t empty[SK_CELLS];
  struct { uint8_t cell; sk_mask left; } st[SK_CELLS];
  int nempty = SK_CELLS, depth = 0;
  static const uint8_t diag[27] = {
    0, 1, 2, 9, 10, 11, 18, 19, 20, 30, 31, 32, 39, 40, 41, 48, 49, 50,
    60, 61, 62, 69, 70, 71, 78, 79, 80
  };
  /* empty[] is kept so that its last 27 - depth entries are the diagonal
  ** cells still to fill, the next one last */
  int ne = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    int on_diag = 0;
    for (int i = 0; i < 27; i++) on_diag |= diag[i] == c;
    if (!on_diag) empty[ne++] = (uint8_t)c;
    out[c] = 0;
  }
  for (int i = 26; i >= 0; i--) empty[ne++] = diag[i];
  for (;;) {
    /* the three diagonal boxes first (they never clash with each other,
    ** so this costs no search), then the empty cell with the fewest
    ** candidates */
    int best = -1, bestn = 10;
    sk_mask bestm = 0;
    for (int k = depth < 27 ? nempty - 1 : 0; k < nempty; k++) {
      int c = empty[k];
      sk_mask m = (sk_mask)(~(rowm[c / 9] | colm[c % 9] | boxm[sk_box_of(c)]) & SK_ALL_DIGITS);
      int n = popc9[m];
      if (n < bestn) { best = k; bestn = n; bestm = m; if (n <= 1) break; }
    }
    if (bestn > 0) {
      st[depth].cell = empty[best];
      st[depth].left = bestm;
      empty[best] = empty[nempty - 1];
      empty[nempty - 1] = st[depth].cell;   /* kept just past the end for the undo */
      nempty--;
    } else {
      depth--;                              /* dead end: undo the last placement */
      int c = st[depth].cell;
      sk_mask b = SK_BIT(out[c]);
      rowm[c / 9] ^= b; colm[c % 9] ^= b; boxm[sk_box_of(c)] ^= b;
      out[c] = 0;
    }
    /* try the next candidate at this depth, backing up while none is left */
    while (st[depth].left == 0) {
      nempty++;                             /* the cell is empty again */
      depth--;
      int c = st[depth].cell;
      sk_mask b = SK_BIT(out[c]);
      rowm[c / 9] ^= b; colm[c % 9] ^= b; boxm[sk_box_of(c)] ^= b;
      out[c] = 0;
    }
    int c = st[depth].cell;
    sk_mask b = pick_bit(r, st[depth].left);
    st[depth].left &= (sk_mask)~b;
    out[c] = (uint8_t)sk_mask_first(b);
    rowm[c / 9] |= b; colm[c % 9] |= b; boxm[sk_box_of(c)] |= b;
    if (++depth == SK_CELLS) return;
  }
}

/* }====== */

/* {====== symmetry and levels */

static const char *const sym_names[] = {"none", "rot180", "rot90", "mirror", "diagonal"};

int sk_symmetry_parse(const char *name, sk_symmetry *out) {
  for (int i = 0; i < 5; i++)
    if (strcmp(name, sym_names[i]) == 0) { *out = (sk_symmetry)i; return 0; }
  return -1;
}

const char *sk_symmetry_name(sk_symmetry s) {
  return (unsigned)s < 5 ? sym_names[s] : "?";
}

/* The image of a cell under the symmetry's generating map. */
static int sym_image(sk_symmetry s, int c) {
  int r = c / 9, k = c % 9;
  switch (s) {
  case SK_SYM_ROT180:   return 80 - c;
  case SK_SYM_ROT90:    return 9 * k + (8 - r);
  case SK_SYM_MIRROR:   return 9 * r + (8 - k);
  case SK_SYM_DIAGONAL: return 9 * k + r;
  default:              return c;
  }
}

int sk_symmetric(const uint8_t puzzle[SK_CELLS], sk_symmetry s) {
  for (int c = 0; c < SK_CELLS; c++)
    if ((puzzle[c] != 0) != (puzzle[sym_image(s, c)] != 0)) return 0;
  return 1;
}

int sk_level_range(const char *name, int *lo, int *hi) {
  static const struct { const char *name; int lo, hi; } levels[] = {
    {"easy", 36, 40}, {"medium", 30, 35}, {"hard", 24, 29}
  };
  for (int i = 0; i < 3; i++)
    if (strcmp(name, levels[i].name) == 0) { *lo = levels[i].lo; *hi = levels[i].hi; return 0; }
  return -1;
}

/* Orbits of the symmetry: groups of 1, 2 or 4 cells. */
typedef struct groups {
  int n;
  uint8_t size[SK_CELLS];
  uint8_t cell[SK_CELLS][4];
} groups;

static void make_groups(sk_symmetry s, groups *gs) {
  uint8_t seen[SK_CELLS] = {0};
  gs->n = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (seen[c]) continue;
    int k = 0;
    for (int x = c; !seen[x]; x = sym_image(s, x)) {
      seen[x] = 1;
      gs->cell[gs->n][k++] = (uint8_t)x;
    }
    gs->size[gs->n++] = (uint8_t)k;
  }
}

int sk_gen_check(const sk_gen_opts *o, sk_error *err) {
  if ((unsigned)o->symmetry > SK_SYM_DIAGONAL) return sk_error_set(err, "unknown symmetry");
  if (o->lo == 0 && o->hi == 0) return 0;
  if (o->lo < 17 || o->hi > 81 || o->lo > o->hi)
    return sk_error_set(err, "givens range %d-%d: need 17 <= A <= B <= 81 "
                        "(no puzzle with fewer than 17 givens has one solution)", o->lo, o->hi);
  if (o->symmetry == SK_SYM_ROT90) {
    for (int n = o->lo; n <= o->hi; n++)
      if (n % 4 <= 1) return 0;
    return sk_error_set(err, "givens range %d-%d: with rot90 the count is 4k or 4k+1",
                        o->lo, o->hi);
  }
  return 0;
}

/* }====== */

/* {====== removing clues */

#define ALTS 72              /* 18 line pairs, at most 4 cycles each */

typedef struct carver {
  const uint8_t *sol;
  uint8_t p[SK_CELLS];
  sk_mask rowm[9], colm[9], boxm[9];   /* digits of the filled cells */
  sk_bits givens;                      /* the filled cells */
  int count;
  /* Unavoidable sets of sol: cells whose digits can be rearranged into
  ** another valid grid.  A puzzle with no given in one of them has a
  ** second solution, which rules a removal out without the counter. */
  sk_bits alt[ALTS];
  int nalt;
} carver;

/* Two rows of a band (or two columns of a stack, when `cols`) whose
** digits in a set of lines form a cycle -- row a has exactly the digits
** of row b there -- can swap those digits: rows, columns and boxes stay
** valid.  Every cycle of the pairing is such a set. */
static void line_pair_sets(carver *k, int a, int b, int cols) {
  uint8_t pos[10];             /* where each digit sits in line a */
  uint8_t done[9] = {0};
  for (int i = 0; i < 9; i++) pos[k->sol[cols ? 9 * i + a : 9 * a + i]] = (uint8_t)i;
  for (int i = 0; i < 9; i++) {
    if (done[i]) continue;
    sk_bits set = {{0, 0}};
    int size = 0;
    for (int j = i; !done[j]; size += 2) {
      done[j] = 1;
      int ca = cols ? 9 * j + a : 9 * a + j, cb = cols ? 9 * j + b : 9 * b + j;
      sk_bits_set(&set, ca);
      sk_bits_set(&set, cb);
      j = pos[k->sol[cb]];     /* the digit of line b at j sits in line a there */
    }
    if (k->nalt < ALTS && size < 18) k->alt[k->nalt++] = set;
  }
}

/* (Sets of two digits trading places were tried as well: they saved few
** counter calls and cost more than those.) */
static void find_alts(carver *k) {
  k->nalt = 0;
  for (int band = 0; band < 3; band++)
    for (int x = 0; x < 3; x++)
      for (int y = x + 1; y < 3; y++) {
        line_pair_sets(k, 3 * band + x, 3 * band + y, 0);
        line_pair_sets(k, 3 * band + x, 3 * band + y, 1);
      }
}

static inline sk_mask seen_by(const carver *k, int c) {
  return k->rowm[c / 9] | k->colm[c % 9] | k->boxm[sk_box_of(c)];
}

static inline void fill(carver *k, int c, int on) {
  sk_mask b = SK_BIT(k->sol[c]);
  if (on) {
    sk_bits_set(&k->givens, c);
    k->p[c] = k->sol[c];
    k->rowm[c / 9] |= b; k->colm[c % 9] |= b; k->boxm[sk_box_of(c)] |= b;
  } else {
    sk_bits_clear(&k->givens, c);
    k->p[c] = 0;
    k->rowm[c / 9] &= (sk_mask)~b; k->colm[c % 9] &= (sk_mask)~b; k->boxm[sk_box_of(c)] &= (sk_mask)~b;
  }
}

/* Is the empty cell c's solution digit forced by a single?  Naked: its
** peers show the eight other digits.  Hidden: in one of its houses every
** other empty cell sees that digit.  Filled cells hold solution digits,
** so the digit is nowhere else in c's houses. */
static int forced(const carver *k, int c) {
  sk_mask v = SK_BIT(k->sol[c]);
  if (seen_by(k, c) == (sk_mask)(SK_ALL_DIGITS & ~v)) return 1;
  for (int h = 0; h < 3; h++) {
    const uint8_t *cells = sk_house_cell[sk_cell_house[c][h]];
    int alone = 1;
    for (int i = 0; i < 9 && alone; i++) {
      int e = cells[i];
      if (e != c && k->p[e] == 0 && !(seen_by(k, e) & v)) alone = 0;
    }
    if (alone) return 1;
  }
  return 0;
}

/* After removing a group: can its cells be filled back by singles alone?
** Then every solution of the smaller puzzle is the old unique one, and
** the solution counter is not needed. */
static int deducible(carver *k, const uint8_t *cells, int n) {
  int done = 0, all = (1 << n) - 1, progress = 1;
  while (progress && done != all) {
    progress = 0;
    for (int i = 0; i < n; i++)
      if (!(done & 1 << i) && forced(k, cells[i])) {
        fill(k, cells[i], 1);
        done |= 1 << i;
        progress = 1;
      }
  }
  for (int i = 0; i < n; i++)
    if (done & 1 << i) fill(k, cells[i], 0);
  return done == all;
}

/* Is an unavoidable set left without a given? */
static int open_alt(const carver *k) {
  for (int i = 0; i < k->nalt; i++)
    if (sk_bits_empty(sk_bits_and(k->alt[i], k->givens))) return 1;
  return 0;
}

/* One pass over the groups in random order.  Stops when count reaches
** target (0: never); skips a group that would take it below lo. */
static int carve(carver *k, const groups *gs, sk_rng *r, int target, int lo,
                 sk_gen_stats *st) {
  uint8_t order[SK_CELLS];
  for (int i = 0; i < gs->n; i++) order[i] = (uint8_t)i;
  for (int i = gs->n - 1; i > 0; i--) {
    int j = (int)sk_rng_below(r, (uint32_t)i + 1);
    uint8_t t = order[i]; order[i] = order[j]; order[j] = t;
  }
  for (int i = 0; i < gs->n; i++) {
    if (target && k->count <= target) break;
    int g = order[i], n = gs->size[g];
    const uint8_t *cells = gs->cell[g];
    if (lo && k->count - n < lo) continue;
    for (int j = 0; j < n; j++) fill(k, cells[j], 0);
    st->tries++;
    int keep = deducible(k, cells, n);
    if (!keep && !open_alt(k)) {
      st->solver_calls++;
      keep = sk_solve_count(k->p, 2, NULL, NULL) == 1;
    }
    if (keep) k->count -= n;
    else for (int j = 0; j < n; j++) fill(k, cells[j], 1);
  }
  return k->count;
}

int sk_generate(const sk_gen_opts *o, sk_rng *r, uint8_t puzzle[SK_CELLS],
                uint8_t solution[SK_CELLS], sk_gen_stats *stats) {
  sk_gen_stats local = {0, 0, 0};
  sk_gen_stats *st = stats ? stats : &local;
  groups gs;
  make_groups(o->symmetry, &gs);
  int ranged = o->lo > 0;
  int target = ranged && !o->minimal ? o->lo + (int)sk_rng_below(r, (uint32_t)(o->hi - o->lo + 1)) : 0;
  int lo = ranged && !o->minimal ? o->lo : 0;
  int attempts = o->attempts > 0 ? o->attempts : 1000;
  uint8_t sol[SK_CELLS];
  for (int a = 0; a < attempts; a++) {
    sk_random_grid(r, sol);
    st->grids++;
    carver k;
    k.sol = sol;
    memcpy(k.p, sol, SK_CELLS);
    for (int i = 0; i < 9; i++) k.rowm[i] = k.colm[i] = k.boxm[i] = SK_ALL_DIGITS;
    k.givens.w[0] = ~(uint64_t)0;
    k.givens.w[1] = ((uint64_t)1 << (SK_CELLS - 64)) - 1;
    k.count = SK_CELLS;
    find_alts(&k);
    int n = carve(&k, &gs, r, target, lo, st);
    if (ranged && (n < o->lo || n > o->hi)) continue;
    memcpy(puzzle, k.p, SK_CELLS);
    if (solution) memcpy(solution, sol, SK_CELLS);
    return n;
  }
  return -1;
}

int sk_puzzle_minimal(const uint8_t puzzle[SK_CELLS]) {
  uint8_t p[SK_CELLS];
  memcpy(p, puzzle, SK_CELLS);
  if (sk_solve_count(p, 2, NULL, NULL) != 1) return 0;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!p[c]) continue;
    uint8_t d = p[c];
    p[c] = 0;
    unsigned long n = sk_solve_count(p, 2, NULL, NULL);
    p[c] = d;
    if (n == 1) return 0;
  }
  return 1;
}

/* }====== */
