/*
** gen_text.c -- numbered complete grids as text (sk_gen.h): formatted a
** geometry at a time through 16-byte table look-ups, and written in
** blocks by several threads at their offsets in a regular file.
*/
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sk_gen.h"
#include "gen_grids.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GEN_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define GEN_NEON 1
#endif

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
  skG_geo_decode(s->geo, &g);
  skG_geo_apply(&g, s->seed, t);
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
  skG_seed_values(s.seed);
  for (int d = 1, k = 0; d <= 9; d++)
    if (d != first) s.chr[k++] = (uint8_t)('0' + d);
  s.geo = start / SK_GRID_RELABELS;
  state_geometry(&s, fmt, first);
  skG_perm8_decode((uint32_t)(start % SK_GRID_RELABELS), s.pi);
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
      skG_perm8_decode(0, s.pi);
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
