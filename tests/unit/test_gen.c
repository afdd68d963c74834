/*
** test_gen.c -- generators: random numbers, the grid enumeration (all of
** 1,000,000 grids written by the fast writer are parsed back, checked and
** proved distinct), random grids, and the puzzle generator's guarantees
** (unique solution checked with the counter, givens vs level, symmetry,
** minimality, reproducibility).
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>
#include <cmocka.h>
#include "sk_gen.h"
#include "sk_solver.h"

/* {====== helpers */

static void parse81(const char *s, uint8_t v[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) v[c] = (uint8_t)(s[c] >= '1' && s[c] <= '9' ? s[c] - '0' : 0);
}

static int givens_of(const uint8_t p[SK_CELLS]) {
  int n = 0;
  for (int c = 0; c < SK_CELLS; c++) n += p[c] != 0;
  return n;
}

/* 80 digits after the first, 20 base-9 digits per word: an exact key. */
typedef struct key { uint64_t w[4]; } key;

static key pack(const uint8_t g[SK_CELLS]) {
  key k = {{0, 0, 0, 0}};
  for (int c = 1; c < SK_CELLS; c++) k.w[(c - 1) / 20] = k.w[(c - 1) / 20] * 9 + (uint64_t)(g[c] - 1);
  return k;
}

static int key_cmp(const void *a, const void *b) {
  const key *x = a, *y = b;
  for (int i = 0; i < 4; i++)
    if (x->w[i] != y->w[i]) return x->w[i] < y->w[i] ? -1 : 1;
  return 0;
}

static long count_duplicates(key *keys, long n) {
  qsort(keys, (size_t)n, sizeof *keys, key_cmp);
  long dups = 0;
  for (long i = 1; i < n; i++) dups += key_cmp(&keys[i - 1], &keys[i]) == 0;
  return dups;
}

/* An unnamed temporary file: removed as soon as it is made, so nothing is
** left behind when an assertion ends a test early. */
static int temp_fd(void) {
  const char *dir = getenv("TMPDIR");
  char path[512];
  snprintf(path, sizeof path, "%s/sk-test-gen.XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  unlink(path);
  return fd;
}

/* The whole file behind fd. */
static char *slurp(int fd, size_t *len) {
  off_t n = lseek(fd, 0, SEEK_END);
  assert_true(n >= 0);
  char *buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  size_t got = 0;
  while (got < (size_t)n) {
    ssize_t r = pread(fd, buf + got, (size_t)n - got, (off_t)got);
    assert_true(r > 0);
    got += (size_t)r;
  }
  *len = (size_t)n;
  return buf;
}

/* One grid of the classic format at p (162 bytes), strictly: digits at
** even offsets, a blank between digits and a newline after the ninth. */
static int parse_grid_text(const char *p, uint8_t g[SK_CELLS]) {
  for (int c = 0; c < SK_CELLS; c++) {
    if (p[2 * c] < '1' || p[2 * c] > '9') return -1;
    if (p[2 * c + 1] != (c % 9 == 8 ? '\n' : ' ')) return -1;
    g[c] = (uint8_t)(p[2 * c] - '0');
  }
  return 0;
}

static void format_reference(char *out, uint64_t index, int first, sk_format fmt) {
  uint8_t g[SK_CELLS];
  assert_int_equal(sk_grid_at(index, first, g), 0);
  if (fmt == SK_FMT_LINE) {
    for (int c = 0; c < SK_CELLS; c++) out[c] = (char)('0' + g[c]);
    out[SK_CELLS] = '\n';
  } else {
    for (int c = 0; c < SK_CELLS; c++) {
      out[2 * c] = (char)('0' + g[c]);
      out[2 * c + 1] = c % 9 == 8 ? '\n' : ' ';
    }
    out[162] = '\n';
  }
}

/* }====== */

/* {====== random numbers */

static void test_rng(void **state) {
  (void)state;
  sk_rng a, b, c;
  sk_rng_seed(&a, 42, 7);
  sk_rng_seed(&b, 42, 7);
  sk_rng_seed(&c, 42, 8);
  int same_ab = 1, same_ac = 1;
  for (int i = 0; i < 100; i++) {
    uint64_t x = sk_rng_next(&a), y = sk_rng_next(&b), z = sk_rng_next(&c);
    same_ab &= x == y;
    same_ac &= x == z;
  }
  assert_true(same_ab);
  assert_false(same_ac);
  /* seed 0, stream 0 is a working state too */
  sk_rng_seed(&a, 0, 0);
  assert_true(sk_rng_next(&a) != 0 || sk_rng_next(&a) != 0);
  /* uniform over 6 values: each within 2% of the mean */
  long hist[6] = {0};
  for (int i = 0; i < 600000; i++) hist[sk_rng_below(&a, 6)]++;
  for (int i = 0; i < 6; i++) assert_true(hist[i] > 98000 && hist[i] < 102000);
  for (int i = 0; i < 1000; i++) {
    assert_int_equal(sk_rng_below(&a, 1), 0);
    assert_true(sk_rng_below(&a, 0x80000001u) < 0x80000001u);
  }
}

/* }====== */

/* {====== the grid enumeration */

static void test_seed_has_no_automorphism(void **state) {
  (void)state;
  uint8_t g[SK_CELLS];
  assert_int_equal(sk_grid_at(0, 1, g), 0);
  assert_int_equal(sk_grid_automorphisms(g), 1);
  /* the count is a property of the whole class: any grid of it has 1 */
  assert_int_equal(sk_grid_at(SK_GRID_COUNT - 1, 9, g), 0);
  assert_int_equal(sk_grid_automorphisms(g), 1);
  /* and the check can fail: the pattern grid maps onto itself 54 ways
  ** (band/stack shifts are relabellings of it) */
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) g[9 * r + c] = (uint8_t)((3 * (r % 3) + r / 3 + c) % 9 + 1);
  assert_int_equal(sk_grid_automorphisms(g), 54);
  g[0] = g[1];
  assert_int_equal(sk_grid_automorphisms(g), 0);   /* not a valid grid */
}

static void test_grid_at(void **state) {
  (void)state;
  uint8_t g[SK_CELLS];
  assert_int_equal(sk_grid_at(SK_GRID_COUNT, 1, g), -1);
  assert_int_equal(sk_grid_at(0, 0, g), -1);
  assert_int_equal(sk_grid_at(0, 10, g), -1);
  assert_true(SK_GRID_COUNT == 135444234240ULL);
  for (int first = 1; first <= 9; first++) {
    uint64_t idx[] = {0, 1, SK_GRID_RELABELS - 1, SK_GRID_RELABELS, 987654321ULL, SK_GRID_COUNT - 1};
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) {
      assert_int_equal(sk_grid_at(idx[i], first, g), 0);
      assert_true(sk_solution_valid(g, NULL));
      assert_int_equal(g[0], first);
    }
  }
}

/* A million indices spread over the whole range (so over many
** geometries, not just relabellings of one): all grids distinct. */
static void test_grid_at_spread_distinct(void **state) {
  (void)state;
  const long n = 1000000;
  key *keys = malloc((size_t)n * sizeof *keys);
  assert_non_null(keys);
  uint64_t step = SK_GRID_COUNT / (uint64_t)n;
  uint8_t g[SK_CELLS];
  for (long i = 0; i < n; i++) {
    assert_int_equal(sk_grid_at((uint64_t)i * step + (uint64_t)(i % 7), 7, g), 0);
    if (i % 1000 == 0) assert_true(sk_solution_valid(g, NULL));
    assert_int_equal(g[0], 7);
    keys[i] = pack(g);
  }
  assert_int_equal(count_duplicates(keys, n), 0);
  free(keys);
}

/* The fast formatter against grid-by-grid formatting, across geometry
** boundaries and at the end of the range, SIMD and plain. */
static void test_format_matches_reference(void **state) {
  (void)state;
  const uint64_t starts[] = {0, SK_GRID_RELABELS - 3, 5 * SK_GRID_RELABELS - 17, SK_GRID_COUNT - 9};
  const sk_format fmts[] = {SK_FMT_GRID, SK_FMT_LINE};
  char *buf = malloc(40 * 163 + SK_GRIDS_SLACK), ref[163];
  assert_non_null(buf);
  for (int simd = 0; simd < 2; simd++) {
    if (simd) unsetenv("SK_NOSIMD"); else setenv("SK_NOSIMD", "1", 1);
    for (size_t s = 0; s < 4; s++)
      for (int f = 0; f < 2; f++) {
        uint64_t n = starts[s] + 40 > SK_GRID_COUNT ? SK_GRID_COUNT - starts[s] : 40;
        int slot = fmts[f] == SK_FMT_GRID ? 163 : 82;
        size_t len = sk_grids_format(buf, starts[s], n, 3, fmts[f]);
        assert_int_equal(len, sk_grids_size(n, fmts[f]));
        assert_int_equal(len, n * (uint64_t)slot - (fmts[f] == SK_FMT_GRID));
        for (uint64_t i = 0; i < n; i++) {
          format_reference(ref, starts[s] + i, 3, fmts[f]);
          size_t cmp = i + 1 == n && fmts[f] == SK_FMT_GRID ? 162 : (size_t)slot;
          assert_memory_equal(buf + i * (uint64_t)slot, ref, cmp);
        }
      }
  }
  unsetenv("SK_NOSIMD");
  assert_int_equal(sk_grids_format(buf, SK_GRID_COUNT - 1, 2, 1, SK_FMT_GRID), 0);
  assert_int_equal(sk_grids_format(buf, 0, 1, 0, SK_FMT_GRID), 0);
  assert_int_equal(sk_grids_format(buf, 0, 1, 1, SK_FMT_CANDIDATES), 0);
  free(buf);
}

/* All 1,000,000 grids as `sudokit -c 1000000` writes them: exact size,
** exact layout, valid, first digit, pairwise distinct. */
static void test_million_grids_file(void **state) {
  (void)state;
  const long n = 1000000;
  int fd = temp_fd();
  sk_error err;
  assert_int_equal(sk_grids_write(fd, 0, (uint64_t)n, 1, SK_FMT_GRID, 2, &err), 0);
  size_t len;
  char *text = slurp(fd, &len);
  close(fd);
  assert_int_equal(len, (size_t)n * 163 - 1);
  key *keys = malloc((size_t)n * sizeof *keys);
  assert_non_null(keys);
  uint8_t g[SK_CELLS], ref[SK_CELLS];
  long bad = 0;
  for (long i = 0; i < n; i++) {
    const char *p = text + i * 163;
    if (parse_grid_text(p, g) != 0 || g[0] != 1 || (i + 1 < n && p[162] != '\n')) { bad++; continue; }
    if (!sk_solution_valid(g, NULL)) bad++;
    keys[i] = pack(g);
  }
  assert_int_equal(bad, 0);
  assert_int_equal(text[len - 1], '\n');
  assert_int_not_equal(text[len - 2], '\n');      /* no blank line at the end */
  for (long i = 0; i < n; i += 99991) {           /* and they are grids 0..n-1 */
    parse_grid_text(text + i * 163, g);
    sk_grid_at((uint64_t)i, 1, ref);
    assert_memory_equal(g, ref, SK_CELLS);
  }
  assert_int_equal(count_duplicates(keys, n), 0);
  free(keys);
  free(text);
}

typedef struct drain { int fd; uint64_t hash, len; } drain;

static void *drain_pipe(void *arg) {
  drain *d = arg;
  char buf[65536];
  ssize_t r;
  d->hash = 1469598103934665603ULL;
  while ((r = read(d->fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < r; i++) d->hash = (d->hash ^ (uint8_t)buf[i]) * 1099511628211ULL;
  return NULL;
}

static uint64_t fnv(const char *p, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)p[i]) * 1099511628211ULL;
  return h;
}

/* The same bytes through one thread, two threads, an offset file and a
** pipe (where positioned writes are impossible). */
static void test_write_paths_agree(void **state) {
  (void)state;
  const uint64_t start = 3 * SK_GRID_RELABELS - 1000, n = 50000;
  sk_error err;
  for (int f = 0; f < 2; f++) {
    sk_format fmt = f ? SK_FMT_LINE : SK_FMT_GRID;
    size_t size = (size_t)sk_grids_size(n, fmt);
    char *ref = malloc(size + SK_GRIDS_SLACK);
    assert_non_null(ref);
    assert_int_equal(sk_grids_format(ref, start, n, 5, fmt), size);
    for (int threads = 1; threads <= 3; threads++) {
      int fd = temp_fd();
      assert_int_equal(write(fd, "head\n", 5), 5);
      assert_int_equal(sk_grids_write(fd, start, n, 5, fmt, threads, &err), 0);
      assert_int_equal(write(fd, "tail\n", 5), 5);    /* offset left at the end */
      size_t len;
      char *got = slurp(fd, &len);
      close(fd);
      assert_int_equal(len, size + 10);
      assert_memory_equal(got, "head\n", 5);
      assert_memory_equal(got + 5, ref, size);
      assert_memory_equal(got + 5 + size, "tail\n", 5);
      free(got);
    }
    /* appending (a shell's >>): pwrite would ignore the offsets */
    int fd = temp_fd();
    assert_int_equal(write(fd, "head\n", 5), 5);
    assert_int_not_equal(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND), -1);
    assert_int_equal(sk_grids_write(fd, start, n, 5, fmt, 2, &err), 0);
    size_t alen;
    char *app = slurp(fd, &alen);
    close(fd);
    assert_int_equal(alen, size + 5);
    assert_memory_equal(app + 5, ref, size);
    free(app);
    int pfd[2];
    assert_int_equal(pipe(pfd), 0);
    drain d = {pfd[0], 0, 0};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, drain_pipe, &d), 0);
    assert_int_equal(sk_grids_write(pfd[1], start, n, 5, fmt, 2, &err), 0);
    close(pfd[1]);
    pthread_join(th, NULL);
    close(pfd[0]);
    assert_true(d.hash == fnv(ref, size));
    free(ref);
  }
  /* errors are reported, not crashed on */
  assert_int_equal(sk_grids_write(-1, 0, 10, 1, SK_FMT_GRID, 1, &err), -1);
  assert_non_null(strstr(err.msg, "write error"));
  assert_int_equal(sk_grids_write(1, SK_GRID_COUNT - 5, 10, 1, SK_FMT_GRID, 1, &err), -1);
  assert_int_equal(sk_grids_write(1, 0, 10, 1, SK_FMT_CANDIDATES, 1, &err), -1);
}

static void test_random_grid(void **state) {
  (void)state;
  sk_rng r;
  sk_rng_seed(&r, 99, 0);
  const int n = 3000;
  key *keys = malloc((size_t)n * sizeof *keys);
  assert_non_null(keys);
  uint8_t g[SK_CELLS];
  int firsts[10] = {0};
  for (int i = 0; i < n; i++) {
    sk_random_grid(&r, g);
    assert_true(sk_solution_valid(g, NULL));
    firsts[g[0]]++;
    keys[i] = pack(g);
  }
  /* random, not a fixed pattern: no repeats, every first digit seen */
  assert_int_equal(count_duplicates(keys, n), 0);
  for (int d = 1; d <= 9; d++) assert_true(firsts[d] > n / 20);
  free(keys);
}

/* }====== */

/* {====== puzzles */

/* Independent of gen.c: the image of a cell under each symmetry. */
static int image(sk_symmetry s, int c) {
  int r = c / 9, k = c % 9;
  switch (s) {
  case SK_SYM_ROT180:   return 9 * (8 - r) + (8 - k);
  case SK_SYM_ROT90:    return 9 * k + (8 - r);
  case SK_SYM_MIRROR:   return 9 * r + (8 - k);
  case SK_SYM_DIAGONAL: return 9 * k + r;
  default:              return c;
  }
}

/* No symmetric group of givens can be removed without a second solution. */
static int group_minimal(const uint8_t puzzle[SK_CELLS], sk_symmetry s) {
  uint8_t p[SK_CELLS];
  memcpy(p, puzzle, SK_CELLS);
  for (int c = 0; c < SK_CELLS; c++) {
    if (!p[c]) continue;
    uint8_t save[SK_CELLS];
    memcpy(save, p, SK_CELLS);
    for (int x = c, i = 0; i < 4; i++, x = image(s, x)) p[x] = 0;
    unsigned long n = sk_solve_count(p, 2, NULL, NULL);
    memcpy(p, save, SK_CELLS);
    if (n == 1) return 0;
  }
  return 1;
}

/* Common checks: one solution, the reported one, givens taken from it. */
static void check_puzzle(const uint8_t p[SK_CELLS], const uint8_t sol[SK_CELLS], int givens) {
  uint8_t found[SK_CELLS];
  assert_int_equal(givens_of(p), givens);
  assert_int_equal(sk_solve_count(p, 2, found, NULL), 1);
  assert_memory_equal(found, sol, SK_CELLS);
  assert_true(sk_solution_valid(sol, p));
}

static void test_generate_default_is_minimal(void **state) {
  (void)state;
  sk_gen_opts o = {0, 0, 0, SK_SYM_NONE, 0};
  uint8_t p[SK_CELLS], s[SK_CELLS];
  sk_gen_stats st = {0, 0, 0};
  int lo = 81, hi = 0;
  for (int i = 0; i < 300; i++) {
    sk_rng r;
    sk_rng_seed(&r, 2024, (uint64_t)i);
    int n = sk_generate(&o, &r, p, s, &st);
    assert_true(n >= 17);
    check_puzzle(p, s, n);
    assert_true(sk_puzzle_minimal(p));
    if (n < lo) lo = n;
    if (n > hi) hi = n;
  }
  assert_true(hi > lo);                 /* not one fixed puzzle shape */
  assert_int_equal(st.grids, 300);
  assert_true(st.solver_calls > 0 && st.solver_calls < st.tries);
}

static void test_generate_levels(void **state) {
  (void)state;
  const char *levels[] = {"easy", "medium", "hard"};
  uint8_t p[SK_CELLS], s[SK_CELLS];
  for (int l = 0; l < 3; l++) {
    sk_gen_opts o = {0, 0, 0, SK_SYM_NONE, 0};
    assert_int_equal(sk_level_range(levels[l], &o.lo, &o.hi), 0);
    int seen[82] = {0};
    for (int i = 0; i < 200; i++) {
      sk_rng r;
      sk_rng_seed(&r, 7, (uint64_t)i);
      int n = sk_generate(&o, &r, p, s, NULL);
      assert_true(n >= o.lo && n <= o.hi);
      check_puzzle(p, s, n);
      seen[n]++;
    }
    /* the target is drawn in the range: both ends are reached */
    assert_true(seen[o.lo] > 0 && seen[o.hi] > 0);
  }
  int lo, hi;
  assert_int_equal(sk_level_range("easy", &lo, &hi), 0);
  assert_true(lo == 36 && hi == 40);
  assert_int_equal(sk_level_range("medium", &lo, &hi), 0);
  assert_true(lo == 30 && hi == 35);
  assert_int_equal(sk_level_range("hard", &lo, &hi), 0);
  assert_true(lo == 24 && hi == 29);
  assert_int_equal(sk_level_range("expert", &lo, &hi), -1);
  /* an exact count */
  sk_gen_opts o = {27, 27, 0, SK_SYM_NONE, 0};
  for (int i = 0; i < 50; i++) {
    sk_rng r;
    sk_rng_seed(&r, 8, (uint64_t)i);
    int n = sk_generate(&o, &r, p, s, NULL);
    assert_int_equal(n, 27);
    check_puzzle(p, s, n);
  }
}

static void test_generate_symmetry(void **state) {
  (void)state;
  uint8_t p[SK_CELLS], s[SK_CELLS];
  for (int sym = SK_SYM_ROT180; sym <= SK_SYM_DIAGONAL; sym++) {
    sk_gen_opts o = {0, 0, 0, (sk_symmetry)sym, 0};
    for (int i = 0; i < 60; i++) {
      sk_rng r;
      sk_rng_seed(&r, 11, (uint64_t)i);
      int n = sk_generate(&o, &r, p, s, NULL);
      assert_true(n > 0);
      check_puzzle(p, s, n);
      for (int c = 0; c < SK_CELLS; c++) assert_int_equal(p[c] != 0, p[image((sk_symmetry)sym, c)] != 0);
      assert_true(sk_symmetric(p, (sk_symmetry)sym));
      assert_true(group_minimal(p, (sk_symmetry)sym));
    }
    /* with a level too */
    sk_gen_opts h = {24, 29, 0, (sk_symmetry)sym, 0};
    if (sym == SK_SYM_ROT90) { h.lo = 28; h.hi = 33; }
    for (int i = 0; i < 30; i++) {
      sk_rng r;
      sk_rng_seed(&r, 12, (uint64_t)i);
      int n = sk_generate(&h, &r, p, s, NULL);
      assert_true(n >= h.lo && n <= h.hi);
      check_puzzle(p, s, n);
      assert_true(sk_symmetric(p, (sk_symmetry)sym));
    }
  }
  /* asymmetric output is not accidentally symmetric */
  sk_gen_opts o = {0, 0, 0, SK_SYM_NONE, 0};
  int sym_hits = 0;
  for (int i = 0; i < 50; i++) {
    sk_rng r;
    sk_rng_seed(&r, 13, (uint64_t)i);
    sk_generate(&o, &r, p, s, NULL);
    sym_hits += sk_symmetric(p, SK_SYM_ROT180);
  }
  assert_true(sym_hits < 5);
}

static void test_symmetric_and_names(void **state) {
  (void)state;
  uint8_t p[SK_CELLS] = {0};
  assert_true(sk_symmetric(p, SK_SYM_ROT90));
  p[0] = 1;
  assert_true(sk_symmetric(p, SK_SYM_NONE));
  assert_true(sk_symmetric(p, SK_SYM_DIAGONAL));
  assert_false(sk_symmetric(p, SK_SYM_ROT180));
  p[80] = 2;
  assert_true(sk_symmetric(p, SK_SYM_ROT180));
  assert_false(sk_symmetric(p, SK_SYM_ROT90));
  assert_false(sk_symmetric(p, SK_SYM_MIRROR));
  p[8] = 3; p[72] = 4;
  assert_true(sk_symmetric(p, SK_SYM_ROT90));
  assert_true(sk_symmetric(p, SK_SYM_MIRROR));
  p[1] = 5;
  assert_false(sk_symmetric(p, SK_SYM_DIAGONAL));
  p[9] = 6;
  assert_true(sk_symmetric(p, SK_SYM_DIAGONAL));
  const char *names[] = {"none", "rot180", "rot90", "mirror", "diagonal"};
  for (int i = 0; i < 5; i++) {
    sk_symmetry s;
    assert_int_equal(sk_symmetry_parse(names[i], &s), 0);
    assert_int_equal(s, i);
    assert_string_equal(sk_symmetry_name(s), names[i]);
  }
  sk_symmetry s;
  assert_int_equal(sk_symmetry_parse("rot45", &s), -1);
}

static void test_generate_minimal_in_range(void **state) {
  (void)state;
  sk_gen_opts o = {24, 26, 1, SK_SYM_NONE, 0};
  uint8_t p[SK_CELLS], s[SK_CELLS];
  for (int i = 0; i < 100; i++) {
    sk_rng r;
    sk_rng_seed(&r, 5, (uint64_t)i);
    int n = sk_generate(&o, &r, p, s, NULL);
    assert_true(n >= 24 && n <= 26);
    check_puzzle(p, s, n);
    assert_true(sk_puzzle_minimal(p));
  }
  /* minimal with 36+ givens practically never happens: a bounded failure */
  sk_gen_opts e = {36, 40, 1, SK_SYM_NONE, 5};
  sk_rng r;
  sk_rng_seed(&r, 5, 0);
  sk_gen_stats st = {0, 0, 0};
  assert_int_equal(sk_generate(&e, &r, p, s, &st), -1);
  assert_int_equal(st.grids, 5);
}

static void test_minimal_check(void **state) {
  (void)state;
  uint8_t p[SK_CELLS], sol[SK_CELLS];
  /* a 17-clue puzzle is minimal */
  parse81(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", p);
  assert_true(sk_puzzle_minimal(p));
  /* one more clue from its solution: still unique, no longer minimal */
  assert_int_equal(sk_solve_count(p, 2, sol, NULL), 1);
  p[0] = sol[0];
  assert_false(sk_puzzle_minimal(p));
  /* several solutions: not a minimal puzzle either */
  memset(p, 0, sizeof p);
  assert_false(sk_puzzle_minimal(p));
}

static void test_reproducible(void **state) {
  (void)state;
  sk_gen_opts o = {30, 35, 0, SK_SYM_ROT180, 0};
  uint8_t a[SK_CELLS], b[SK_CELLS], s[SK_CELLS];
  sk_rng r1, r2;
  int differ = 0;
  for (int i = 0; i < 20; i++) {
    sk_rng_seed(&r1, 77, (uint64_t)i);
    sk_rng_seed(&r2, 77, (uint64_t)i);
    sk_generate(&o, &r1, a, s, NULL);
    sk_generate(&o, &r2, b, s, NULL);
    assert_memory_equal(a, b, SK_CELLS);
    sk_rng_seed(&r2, 78, (uint64_t)i);
    sk_generate(&o, &r2, b, s, NULL);
    differ += memcmp(a, b, SK_CELLS) != 0;
  }
  assert_int_equal(differ, 20);
}

static void test_gen_check(void **state) {
  (void)state;
  sk_error err;
  sk_gen_opts o = {0, 0, 0, SK_SYM_NONE, 0};
  assert_int_equal(sk_gen_check(&o, &err), 0);
  o.lo = 16; o.hi = 20;
  assert_int_equal(sk_gen_check(&o, &err), -1);
  assert_non_null(strstr(err.msg, "17"));
  o.lo = 30; o.hi = 82;
  assert_int_equal(sk_gen_check(&o, &err), -1);
  o.lo = 31; o.hi = 30;
  assert_int_equal(sk_gen_check(&o, &err), -1);
  o.lo = 30; o.hi = 30; o.symmetry = SK_SYM_ROT90;   /* 30 = 4*7 + 2 */
  assert_int_equal(sk_gen_check(&o, &err), -1);
  assert_non_null(strstr(err.msg, "rot90"));
  o.hi = 31;
  assert_int_equal(sk_gen_check(&o, &err), -1);
  o.hi = 32;
  assert_int_equal(sk_gen_check(&o, &err), 0);
  o.symmetry = SK_SYM_ROT180;
  o.hi = 30;
  assert_int_equal(sk_gen_check(&o, &err), 0);
}

/* }====== */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rng),
    cmocka_unit_test(test_seed_has_no_automorphism),
    cmocka_unit_test(test_grid_at),
    cmocka_unit_test(test_grid_at_spread_distinct),
    cmocka_unit_test(test_format_matches_reference),
    cmocka_unit_test(test_million_grids_file),
    cmocka_unit_test(test_write_paths_agree),
    cmocka_unit_test(test_random_grid),
    cmocka_unit_test(test_generate_default_is_minimal),
    cmocka_unit_test(test_generate_levels),
    cmocka_unit_test(test_generate_symmetry),
    cmocka_unit_test(test_symmetric_and_names),
    cmocka_unit_test(test_generate_minimal_in_range),
    cmocka_unit_test(test_minimal_check),
    cmocka_unit_test(test_reproducible),
    cmocka_unit_test(test_gen_check),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
