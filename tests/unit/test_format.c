/*
** test_format.c -- puzzle reader and writers (engine/format.c, format_write.c).
**
** Inputs are written to a tmpfile() so that NUL bytes, CRLF and huge lines
** reach the reader exactly as a file would give them.  Expected values are
** worked out independently here (straight from the characters), never by
** the code under test.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_format.h"

/* magictour top1465 #1..#3 and the first 17-clue puzzle */
static const char *const TOP1 =
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
static const char *const TOP2 =
  "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
static const char *const TOP3 =
  "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";
static const char *const CLUE17 =
  ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
static const char *const EMPTY81 =
  ".................................................................................";

#define MAXP 16

typedef struct batch {
  sk_puzzle p[MAXP];
  int n;          /* puzzles returned */
  int rc;         /* the last sk_reader_next result */
} batch;

/* ---- helpers ---- */

static FILE *mem_file(const void *data, size_t n) {
  FILE *f = tmpfile();
  assert_non_null(f);
  if (n) assert_int_equal(fwrite(data, 1, n, f), n);
  rewind(f);
  return f;
}

/* Read every puzzle of data[0..n) with the reader named name; force < 0
** means detect. */
static void read_mem(const char *name, const void *data, size_t n, int force, batch *b) {
  FILE *f = mem_file(data, n);
  sk_reader *r = sk_reader_open(f, name);
  assert_non_null(r);
  if (force >= 0) sk_reader_force(r, (sk_format)force);
  b->n = 0;
  for (;;) {
    sk_puzzle p;
    b->rc = sk_reader_next(r, &p);
    if (b->rc != 1) break;
    assert_true(b->n < MAXP);
    b->p[b->n++] = p;
  }
  assert_string_equal(sk_reader_name(r), name);
  sk_reader_close(r);
  fclose(f);
}

static void read_str(const char *data, batch *b) { read_mem("t.txt", data, strlen(data), -1, b); }

static void batch_free(batch *b) {
  for (int i = 0; i < b->n; i++) sk_puzzle_free(&b->p[i]);
  b->n = 0;
}

/* Givens straight from an 81-character line. */
static void line_values(const char *s, uint8_t v[SK_CELLS]) {
  for (int i = 0; i < SK_CELLS; i++) v[i] = s[i] >= '1' && s[i] <= '9' ? (uint8_t)(s[i] - '0') : 0;
}

static void assert_values(const sk_puzzle *p, const char *line) {
  uint8_t v[SK_CELLS];
  line_values(line, v);
  assert_memory_equal(p->values, v, SK_CELLS);
}

/* The nine rows of a line puzzle in grid format, '\n' after each row. */
static void grid_text(const char *line, char *out) {
  for (int i = 0; i < SK_CELLS; i++) {
    *out++ = line[i] >= '1' && line[i] <= '9' ? line[i] : '0';
    *out++ = i % 9 == 8 ? '\n' : ' ';
  }
  *out = '\0';
}

/* 729-character string of the candidates left by the givens of a line
** puzzle, worked out by brute force (a given is its own single digit). */
static void cand_text(const char *line, char out[SK_CELLS * 9 + 1]) {
  uint8_t v[SK_CELLS];
  line_values(line, v);
  for (int c = 0; c < SK_CELLS; c++)
    for (int d = 1; d <= 9; d++) {
      int ok = v[c] ? v[c] == d : 1;
      for (int o = 0; o < SK_CELLS && !v[c]; o++) {
        int same = o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3);
        if (o != c && same && v[o] == d) ok = 0;
      }
      out[c * 9 + d - 1] = ok ? (char)('0' + d) : '.';
    }
  out[SK_CELLS * 9] = '\0';
}

/* A line puzzle with some digits set: cells are 0-based. */
static void put(char *s, int cell, char d) { s[cell] = d; }

/* Path of a fixture: the source tree is the parent of SK_BUILD_RATINGS_DIR. */
static const char *fixture(const char *file) {
  static char path[2048];
  const char *src = SK_BUILD_RATINGS_DIR;
  const char *slash = strrchr(src, '/');
  snprintf(path, sizeof path, "%.*s/tests/data/format/%s", (int)(slash - src), src, file);
  return path;
}

static void read_path(const char *path, batch *b) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  sk_reader *r = sk_reader_open(f, "fixture");
  b->n = 0;
  while ((b->rc = sk_reader_next(r, &b->p[b->n])) == 1) {
    b->n++;
    assert_true(b->n < MAXP);
  }
  sk_reader_close(r);
  fclose(f);
}

/* ---- line format ---- */

static void test_line_basic(void **state) {
  (void)state;
  char text[200];
  snprintf(text, sizeof text, "%s\n%s\n", TOP1, CLUE17);
  for (char *c = text + 82; *c; c++) if (*c == '.') *c = '0';   /* '0' blanks */
  batch b;
  read_str(text, &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, 2);
  assert_true(b.p[0].ok);
  assert_int_equal(b.p[0].format, SK_FMT_LINE);
  assert_int_equal(b.p[0].index, 1);
  assert_int_equal(b.p[0].line, 1);
  assert_int_equal(b.p[0].has_cand, 0);
  assert_values(&b.p[0], TOP1);
  assert_string_equal(b.p[0].raw, TOP1);
  assert_string_equal(b.p[0].extra, "");
  assert_string_equal(b.p[0].error, "");
  assert_true(b.p[1].ok);
  assert_int_equal(b.p[1].index, 2);
  assert_int_equal(b.p[1].line, 2);
  assert_values(&b.p[1], CLUE17);
  batch_free(&b);
}

static void test_line_extra(void **state) {
  (void)state;
  char text[300];
  snprintf(text, sizeof text, "%s ED=7.1/1.2/1.2  \n%s\t\tsource: top1465\n", TOP1, TOP2);
  batch b;
  read_str(text, &b);
  assert_int_equal(b.n, 2);
  assert_true(b.p[0].ok);
  assert_string_equal(b.p[0].extra, "ED=7.1/1.2/1.2");
  char raw[200];
  snprintf(raw, sizeof raw, "%s ED=7.1/1.2/1.2  ", TOP1);
  assert_string_equal(b.p[0].raw, raw);
  assert_true(b.p[1].ok);
  assert_string_equal(b.p[1].extra, "source: top1465");
  assert_values(&b.p[1], TOP2);
  batch_free(&b);
}

static void test_line_roundtrip(void **state) {
  (void)state;
  const char *const all[] = {TOP1, TOP2, TOP3, CLUE17, EMPTY81};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    sk_puzzle p;
    assert_int_equal(sk_parse_line(all[i], &p), 0);
    char out[100];
    assert_int_equal(sk_write_line(out, p.values, '.'), 82);
    assert_int_equal(out[81], '\n');
    assert_memory_equal(out, all[i], 81);
    /* with '0' blanks, and read back */
    sk_write_line(out, p.values, '0');
    out[81] = '\0';
    assert_null(strchr(out, '.'));
    sk_puzzle q;
    assert_int_equal(sk_parse_line(out, &q), 0);
    assert_memory_equal(q.values, p.values, SK_CELLS);
    sk_puzzle_free(&p);
    sk_puzzle_free(&q);
  }
}

/* ---- grid format ---- */

static void test_grid_basic(void **state) {
  (void)state;
  char text[1000], *o = text, g[200];
  grid_text(TOP1, g);
  o += sprintf(o, "%.*s# inside a grid, a comment is skipped\n%s", 4 * 18, g, g + 4 * 18);
  o += sprintf(o, "\n\n");                    /* several blank lines are fine */
  grid_text(CLUE17, o);                       /* no blank line at the end */
  batch b;
  read_str(text, &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, 2);
  for (int i = 0; i < 2; i++) {
    assert_true(b.p[i].ok);
    assert_int_equal(b.p[i].format, SK_FMT_GRID);
    assert_int_equal(b.p[i].index, i + 1);
    assert_string_equal(b.p[i].extra, "");
  }
  assert_int_equal(b.p[0].line, 1);
  assert_int_equal(b.p[1].line, 13);
  assert_values(&b.p[0], TOP1);
  assert_values(&b.p[1], CLUE17);
  /* raw: the rows' digits as one line */
  char raw[82];
  for (int i = 0; i < 81; i++) raw[i] = TOP1[i] == '.' ? '0' : TOP1[i];
  raw[81] = '\0';
  assert_string_equal(b.p[0].raw, raw);
  batch_free(&b);
}

static void test_grid_roundtrip(void **state) {
  (void)state;
  const char *const all[] = {TOP1, TOP2, CLUE17, EMPTY81};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    uint8_t v[SK_CELLS];
    line_values(all[i], v);
    char out[400], want[400];
    size_t n = sk_write_grid(out, v);
    assert_int_equal(n, 162);
    out[n] = '\0';
    grid_text(all[i], want);
    assert_string_equal(out, want);
    batch b;
    read_str(out, &b);
    assert_int_equal(b.n, 1);
    assert_true(b.p[0].ok);
    assert_memory_equal(b.p[0].values, v, SK_CELLS);
    batch_free(&b);
  }
}

/* ---- candidates format ---- */

static void test_candidates_basic(void **state) {
  (void)state;
  char s[730];
  cand_text(TOP1, s);
  sk_puzzle p;
  assert_int_equal(sk_parse_line(s, &p), 0);
  assert_int_equal(p.format, SK_FMT_CANDIDATES);
  assert_true(p.has_cand);
  /* TOP1 starts with no naked single, so the solved cells are the givens */
  assert_values(&p, TOP1);
  sk_grid want, got;
  assert_int_equal(sk_grid_from_values(&want, p.values, NULL), 0);
  for (int c = 0; c < SK_CELLS; c++)
    if (!want.value[c]) assert_int_equal(p.cand[c], want.cand[c]);
  assert_int_equal(sk_puzzle_grid(&p, &got, NULL), 0);
  assert_true(sk_grid_consistent(&got));
  assert_memory_equal(got.value, want.value, SK_CELLS);
  assert_memory_equal(got.cand, want.cand, sizeof want.cand);
  assert_int_equal(got.nempty, want.nempty);
  /* written back: the same 729 characters */
  char out[800];
  assert_int_equal(sk_write_candidates(out, &got), 730);
  assert_int_equal(out[729], '\n');
  assert_memory_equal(out, s, 729);
  sk_puzzle_free(&p);
}

/* Index r*81 + c*9 + d-1; a single candidate is a solved cell, and its
** digit leaves the peers' candidates when the grid is made. */
static void test_candidates_layout(void **state) {
  (void)state;
  char s[730];
  for (int i = 0; i < 729; i++) s[i] = (char)('1' + i % 9);
  s[729] = '\0';
  memcpy(s + 1 * 81 + 2 * 9, "......7..", 9);    /* r2c3 solved: 7 */
  memcpy(s + 8 * 81 + 8 * 9, "1.3000000", 9);    /* r9c9: {1,3}, '0' blanks */
  memcpy(s + 4 * 81 + 4 * 9, ".........", 9);    /* r5c5: no candidate */
  sk_puzzle p;
  assert_int_equal(sk_parse_line(s, &p), 0);
  assert_int_equal(p.values[11], 7);
  assert_int_equal(p.cand[11], SK_BIT(7));
  assert_int_equal(p.values[80], 0);
  assert_int_equal(p.cand[80], SK_BIT(1) | SK_BIT(3));
  assert_int_equal(p.values[40], 0);
  assert_int_equal(p.cand[40], 0);
  assert_int_equal(p.cand[0], SK_ALL_DIGITS);
  sk_grid g;
  int cc = 99;
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), 0);
  assert_true(sk_grid_consistent(&g));
  assert_int_equal(g.value[11], 7);
  assert_int_equal(g.nempty, 80);
  assert_int_equal(g.cand[40], 0);
  assert_int_equal(g.cand[9], SK_ALL_DIGITS & ~SK_BIT(7));    /* r2c1, same row */
  assert_int_equal(g.cand[0], SK_ALL_DIGITS & ~SK_BIT(7));    /* r1c1, same box */
  assert_int_equal(g.cand[74], SK_ALL_DIGITS & ~SK_BIT(7));   /* r9c3, same column */
  assert_int_equal(g.cand[8], SK_ALL_DIGITS);                 /* r1c9, no peer */
  sk_puzzle_free(&p);
}

/* A cell left with one candidate that no step placed is written with '0'
** blanks and read back unsolved; with '.' blanks a single is solved.  So a
** state with pending singles reads back as written. */
static void test_candidates_pending_single(void **state) {
  (void)state;
  sk_grid g;
  uint8_t v[SK_CELLS] = {0};
  v[0] = 5;                                   /* r1c1 given 5 */
  assert_int_equal(sk_grid_from_values(&g, v, NULL), 0);
  sk_grid_eliminate(&g, 1, 1), sk_grid_eliminate(&g, 1, 2), sk_grid_eliminate(&g, 1, 3);
  sk_grid_eliminate(&g, 1, 4), sk_grid_eliminate(&g, 1, 6), sk_grid_eliminate(&g, 1, 7);
  sk_grid_eliminate(&g, 1, 8);                /* r1c2: only 9 left, not placed */
  assert_int_equal(g.cand[1], SK_BIT(9));
  char out[800];
  sk_write_candidates(out, &g);
  assert_memory_equal(out + 0, "....5....", 9);
  assert_memory_equal(out + 9, "000000009", 9);
  out[729] = '\0';
  sk_puzzle p;
  assert_int_equal(sk_parse_line(out, &p), 0);
  assert_int_equal(p.values[0], 5);
  assert_int_equal(p.values[1], 0);
  assert_int_equal(p.cand[1], SK_BIT(9));
  sk_grid back;
  assert_int_equal(sk_puzzle_grid(&p, &back, NULL), 0);
  assert_memory_equal(back.value, g.value, SK_CELLS);
  assert_memory_equal(back.cand, g.cand, sizeof g.cand);
  assert_int_equal(back.nempty, g.nempty);
  assert_true(sk_grid_consistent(&back));
  sk_puzzle_free(&p);
  /* the same cell with '.' blanks is solved, as other programs write it */
  memcpy(out + 9, "........9", 9);
  assert_int_equal(sk_parse_line(out, &p), 0);
  assert_int_equal(p.values[1], 9);
  sk_puzzle_free(&p);
}

static void test_candidates_errors(void **state) {
  (void)state;
  char s[800];
  cand_text(TOP2, s);
  s[4] = '3';                                       /* r1c1, digit 5's place */
  sk_puzzle p;
  assert_int_equal(sk_parse_line(s, &p), -1);
  assert_false(p.ok);
  assert_string_equal(p.error, "bad character '3' at column 5 (expected '5', '.' or '0')");
  sk_puzzle_free(&p);
  /* two solved cells with one digit in a box */
  cand_text(EMPTY81, s);
  memcpy(s + 0, "....5....", 9);                    /* r1c1 = 5 */
  memcpy(s + 81 + 9, "....5....", 9);               /* r2c2 = 5 */
  assert_int_equal(sk_parse_line(s, &p), -1);
  assert_string_equal(p.error, "digit 5 given twice in box 1 (r1c1, r2c2)");
  sk_puzzle_free(&p);
  /* 728 characters: the message names the length meant */
  cand_text(TOP2, s);
  s[728] = '\0';
  assert_int_equal(sk_parse_line(s, &p), -1);
  assert_string_equal(p.error, "expected 729 characters, got 728");
  sk_puzzle_free(&p);
}

/* ---- malformed input: exact message and line ---- */

static void expect_error(const char *text, int n, int which, const char *msg) {
  batch b;
  read_str(text, &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, n);
  assert_false(b.p[which].ok);
  assert_string_equal(b.p[which].error, msg);
  for (int i = 0; i < SK_CELLS; i++) assert_int_equal(b.p[which].values[i], 0);
  for (int i = 0; i < n; i++) if (i != which) assert_true(b.p[i].ok);
  batch_free(&b);
}

static void test_error_length(void **state) {
  (void)state;
  char text[400];
  snprintf(text, sizeof text, "%s\n%.80s\n%s\n", TOP1, TOP2, TOP3);
  expect_error(text, 3, 1, "t.txt:2: expected 81 characters, got 80");
  snprintf(text, sizeof text, "# header\n\n%s1\n%s\n", TOP2, TOP3);
  expect_error(text, 2, 0, "t.txt:3: expected 81 characters, got 82");
  /* the good puzzle after the bad one is the right one */
  batch b;
  read_str(text, &b);
  assert_int_equal(b.p[1].index, 2);
  assert_int_equal(b.p[1].line, 4);
  assert_values(&b.p[1], TOP3);
  batch_free(&b);
}

static void test_error_bad_char(void **state) {
  (void)state;
  char text[400], bad[82];
  strcpy(bad, TOP1);
  bad[4] = 'x';
  snprintf(text, sizeof text, "%s\n%s\n", bad, TOP2);
  expect_error(text, 2, 0, "t.txt:1: bad character 'x' at column 5");
  bad[4] = (char)0xC3;                                  /* UTF-8 lead byte */
  snprintf(text, sizeof text, "%s\n%s\n", bad, TOP2);
  expect_error(text, 2, 0, "t.txt:1: bad character 0xc3 at column 5");
}

/* Every byte value at every cell: digits and blanks read as values,
** anything else is the bad character of its column (the cells are read
** sixteen at a time where the processor can, the last one alone). */
static void test_line_every_byte(void **state) {
  (void)state;
  for (int at = 0; at < SK_CELLS; at++) {
    for (int ch = 1; ch < 256; ch++) {
      if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;   /* they end the token */
      if (at == 0 && ch == ':') continue;                /* a library line */
      char line[82];
      memcpy(line, TOP1, 81);
      line[at] = (char)ch;
      line[81] = '\0';
      sk_puzzle p;
      int rc = sk_parse_line(line, &p);
      if ((ch >= '1' && ch <= '9') || ch == '.' || ch == '0') {
        if (ch >= '1' && ch <= '9') {
          /* a digit may repeat one of its houses: then only that error */
          if (rc != 0) assert_non_null(strstr(p.error, "twice"));
          else assert_int_equal(p.values[at], ch - '0');
        } else {
          assert_int_equal(rc, 0);
          assert_int_equal(p.values[at], 0);
        }
        for (int c = 0; c < SK_CELLS && rc == 0; c++)
          if (c != at) assert_int_equal(p.values[c], TOP1[c] == '.' ? 0 : TOP1[c] - '0');
      } else {
        assert_int_equal(rc, -1);
        char want[64];
        snprintf(want, sizeof want, " at column %d", at + 1);
        assert_non_null(strstr(p.error, "bad character"));
        assert_non_null(strstr(p.error, want));
      }
      sk_puzzle_free(&p);
    }
  }
}

static void test_error_nul(void **state) {
  (void)state;
  char text[400];
  int n = snprintf(text, sizeof text, "%s\n%s\n%s\n", TOP1, TOP2, TOP3);
  text[82 + 9] = '\0';                                  /* line 2, column 10 */
  batch b;
  read_mem("nul.txt", text, (size_t)n, -1, &b);
  assert_int_equal(b.n, 3);
  assert_true(b.p[0].ok);
  assert_false(b.p[1].ok);
  assert_string_equal(b.p[1].error, "nul.txt:2: bad character 0x00 at column 10");
  assert_true(b.p[2].ok);
  assert_values(&b.p[2], TOP3);
  batch_free(&b);
}

static void test_error_duplicates(void **state) {
  (void)state;
  char bad[82], text[400];
  strcpy(bad, EMPTY81);
  put(bad, 2 * 9 + 1, '5');
  put(bad, 2 * 9 + 6, '5');
  snprintf(text, sizeof text, "%s\n%s\n", bad, TOP1);
  expect_error(text, 2, 0, "t.txt:1: digit 5 given twice in row 3 (r3c2, r3c7)");
  strcpy(bad, EMPTY81);
  put(bad, 1 * 9 + 5, '4');                   /* r2c6 */
  put(bad, 7 * 9 + 5, '4');                   /* r8c6 */
  snprintf(text, sizeof text, "%s\n%s\n", TOP2, bad);
  expect_error(text, 2, 1, "t.txt:2: digit 4 given twice in column 6 (r2c6, r8c6)");
  strcpy(bad, EMPTY81);
  put(bad, 3 * 9 + 3, '9');
  put(bad, 5 * 9 + 5, '9');
  snprintf(text, sizeof text, "%s\n%s\n", bad, TOP2);
  expect_error(text, 2, 0, "t.txt:1: digit 9 given twice in box 5 (r4c4, r6c6)");
}

/* Random givens against a brute-force check: the reader finds exactly the
** puzzles with two equal digits in a house, and names a real clash. */
static void test_duplicates_random(void **state) {
  (void)state;
  uint32_t seed = 12345;
  int clashes = 0;
  for (int t = 0; t < 3000; t++) {
    char s[82];
    memcpy(s, EMPTY81, 82);
    int n = 2 + t % 14;                 /* 2..15 givens: about half clash */
    for (int k = 0; k < n; k++) {
      seed = seed * 1103515245u + 12345u;
      s[(seed >> 8) % 81] = (char)('1' + (seed >> 20) % 9);
    }
    int dup = 0;
    for (int a = 0; a < 81; a++)
      for (int b = a + 1; b < 81; b++)
        if (s[a] != '.' && s[a] == s[b] &&
            (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)))
          dup = 1;
    sk_puzzle p;
    int rc = sk_parse_line(s, &p);
    assert_int_equal(rc, dup ? -1 : 0);
    if (dup) {
      int d, r1, c1, r2, c2, h;
      char kind[8];
      assert_int_equal(sscanf(p.error, "digit %d given twice in %7s %d (r%dc%d, r%dc%d)",
                              &d, kind, &h, &r1, &c1, &r2, &c2), 7);
      int a = (r1 - 1) * 9 + c1 - 1, b = (r2 - 1) * 9 + c2 - 1;
      assert_true(a < b);
      assert_int_equal(s[a], '0' + d);
      assert_int_equal(s[b], '0' + d);
      if (!strcmp(kind, "row")) assert_true(r1 == h && r2 == h);
      else if (!strcmp(kind, "column")) assert_true(c1 == h && c2 == h);
      else {
        assert_string_equal(kind, "box");
        assert_int_equal((r1 - 1) / 3 * 3 + (c1 - 1) / 3 + 1, h);
        assert_int_equal((r2 - 1) / 3 * 3 + (c2 - 1) / 3 + 1, h);
      }
      clashes++;
    }
    sk_puzzle_free(&p);
  }
  assert_true(clashes > 300 && clashes < 2700);   /* both kinds were tried */
}

static void test_error_grid(void **state) {
  (void)state;
  char g1[200], g2[200], text[1000];
  grid_text(TOP1, g1);
  grid_text(TOP2, g2);
  /* 8 rows: reported at the grid's first line */
  snprintf(text, sizeof text, "%.*s\n%s", 8 * 18, g1, g2);
  expect_error(text, 2, 0, "t.txt:1: expected 9 rows in a grid, got 8");
  /* 10 rows */
  snprintf(text, sizeof text, "%s\n%s0 0 0 0 0 0 0 0 0\n\n%s", g2, g1, g2);
  expect_error(text, 3, 1, "t.txt:11: expected 9 rows in a grid, got 10");
  /* two spaces on row 3 */
  char bad[200];
  strcpy(bad, g1);
  memmove(bad + 2 * 18 + 3, bad + 2 * 18 + 2, strlen(bad + 2 * 18 + 2) + 1);
  bad[2 * 18 + 2] = ' ';
  snprintf(text, sizeof text, "%s\n%s", bad, g2);
  expect_error(text, 2, 0,
               "t.txt:3: bad spacing at column 3 (digits go in odd columns, one space apart)");
  /* a tab between digits, on row 5 of the second grid */
  strcpy(bad, g2);
  bad[4 * 18 + 5] = '\t';
  snprintf(text, sizeof text, "%s\n%s\n%s", g1, bad, g1);
  expect_error(text, 3, 1,
               "t.txt:15: bad spacing at column 6 (digits go in odd columns, one space apart)");
  /* a row with 8 digits; the rest of that grid is skipped, not misread */
  strcpy(bad, g1);
  bad[7 * 18 + 15] = '\n';
  bad[7 * 18 + 16] = '\0';
  strcat(bad, g1 + 8 * 18);
  snprintf(text, sizeof text, "%s\n%s", bad, g2);
  expect_error(text, 2, 0, "t.txt:8: expected 9 digits in a grid row, got 8");
  /* two bad rows: the first one is reported */
  strcpy(bad, g1);
  bad[1 * 18 + 2] = 'a';
  bad[3 * 18 + 2] = 'b';
  snprintf(text, sizeof text, "%s\n%s", bad, g2);
  expect_error(text, 2, 0, "t.txt:2: bad character 'a' at column 3");
  /* duplicate givens: reported on the row of the second one */
  strcpy(bad, g1);
  bad[6 * 18 + 8] = '4';                      /* r7c5 = 4 */
  bad[8 * 18 + 8] = '4';                      /* r9c5 = 4: same column and box */
  snprintf(text, sizeof text, "%s\n%s", bad, g2);
  expect_error(text, 2, 0, "t.txt:9: digit 4 given twice in column 5 (r7c5, r9c5)");
}

static void test_grid_bad_char(void **state) {
  (void)state;
  char g[200], text[600];
  grid_text(TOP1, g);
  g[18 + 4] = 'o';                            /* row 2, column 5 */
  snprintf(text, sizeof text, "# grids\n%s\n%s", g, TOP2);
  expect_error(text, 2, 0, "t.txt:3: bad character 'o' at column 5");
}

/* ---- layout: comments, blank lines, CRLF, BOM, end of file ---- */

static void test_comments_and_blanks(void **state) {
  (void)state;
  char text[600];
  snprintf(text, sizeof text, "# a comment\n\n   \n\t\n  # indented comment\n%s\n\n\n#\n%s", TOP1, TOP2);
  batch b;
  read_str(text, &b);
  assert_int_equal(b.n, 2);
  assert_int_equal(b.p[0].line, 6);
  assert_int_equal(b.p[1].line, 10);             /* last line, no newline */
  assert_values(&b.p[0], TOP1);
  assert_values(&b.p[1], TOP2);
  batch_free(&b);
}

static void test_crlf(void **state) {
  (void)state;
  char text[600], g[200], *o = text;
  o += sprintf(o, "%s\r\n# x\r\n\r\n%s ED=1.2\r\n\r\n", TOP1, TOP2);
  grid_text(TOP3, g);
  for (char *c = g; *c; c++) {                 /* every '\n' becomes "\r\n" */
    if (*c == '\n') *o++ = '\r';
    *o++ = *c;
  }
  *o = '\0';
  batch b;
  read_str(text, &b);
  assert_int_equal(b.n, 3);
  for (int i = 0; i < 3; i++) assert_true(b.p[i].ok);
  assert_string_equal(b.p[0].raw, TOP1);
  assert_string_equal(b.p[1].extra, "ED=1.2");
  assert_values(&b.p[2], TOP3);
  assert_int_equal(b.p[2].line, 6);
  batch_free(&b);
  /* a CR inside a line is not a line end */
  char bad[100];
  snprintf(bad, sizeof bad, "%.40s\r%s\n", TOP1, TOP1 + 41);
  expect_error(bad, 1, 0, "t.txt:1: bad character 0x0d at column 41");
}

static void test_bom(void **state) {
  (void)state;
  char text[300];
  snprintf(text, sizeof text, "\xEF\xBB\xBF%s\n\xEF\xBB\xBF%s\n", TOP1, TOP2);
  batch b;
  read_str(text, &b);
  assert_int_equal(b.n, 2);
  assert_true(b.p[0].ok);
  assert_string_equal(b.p[0].raw, TOP1);
  /* only at the start of the input: elsewhere it is text */
  assert_false(b.p[1].ok);
  assert_string_equal(b.p[1].error, "t.txt:2: expected 81 characters, got 84");
  batch_free(&b);
}

static void test_empty_input(void **state) {
  (void)state;
  batch b;
  read_mem("empty.txt", "", 0, -1, &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, 0);
  read_str("\n\n# nothing here\r\n  \n", &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, 0);
  read_str("\xEF\xBB\xBF", &b);
  assert_int_equal(b.n, 0);
}

/* A stream that cannot be read gives -1, not an empty input. */
static void test_read_error(void **state) {
  (void)state;
  FILE *f = fopen("/dev/null", "w");
  assert_non_null(f);
  sk_reader *r = sk_reader_open(f, "w-only");
  sk_puzzle p;
  assert_int_equal(sk_reader_next(r, &p), -1);
  assert_null(p.raw);
  sk_reader_close(r);
  fclose(f);
}

/* ---- hostile sizes ---- */

static void test_long_line(void **state) {
  (void)state;
  size_t big = 10u << 20;                         /* 10 MiB of digits */
  char *text = malloc(big + 200);
  assert_non_null(text);
  memset(text, '1', big);
  int n = sprintf(text + big, "\n%s\n", TOP1);
  batch b;
  read_mem("big.txt", text, big + (size_t)n, -1, &b);
  assert_int_equal(b.n, 2);
  assert_false(b.p[0].ok);
  assert_string_equal(b.p[0].error, "big.txt:1: expected 81 characters, got 10485760");
  assert_true(strlen(b.p[0].raw) <= 65536);       /* memory stays bounded */
  assert_true(b.p[1].ok);
  assert_int_equal(b.p[1].line, 2);
  assert_values(&b.p[1], TOP1);
  batch_free(&b);
  /* a good puzzle with 10 MiB of text after it: the token length is fine,
  ** the line is not */
  memcpy(text, TOP2, 81);
  text[81] = ' ';
  read_mem("big.txt", text, big + (size_t)n, -1, &b);
  assert_int_equal(b.n, 2);
  assert_string_equal(b.p[0].error, "big.txt:1: line too long (10485760 bytes, limit 65536)");
  assert_true(b.p[1].ok);
  batch_free(&b);
  /* the token ends past the stored part: its true length is reported */
  memset(text, '1', big);
  text[70000] = ' ';
  read_mem("big.txt", text, big + (size_t)n, -1, &b);
  assert_string_equal(b.p[0].error, "big.txt:1: expected 81 characters, got 70000");
  batch_free(&b);
  free(text);
}

/* A long file name is cut at its head, never the message. */
static void test_long_name(void **state) {
  (void)state;
  char name[300], text[200];
  memset(name, 'd', 250);
  strcpy(name + 250, "/p.txt");
  snprintf(text, sizeof text, "%.80s\n", TOP1);
  batch b;
  read_mem(name, text, strlen(text), -1, &b);
  assert_int_equal(b.n, 1);
  const char *e = b.p[0].error;
  const char *tail = "/p.txt:1: expected 81 characters, got 80";
  assert_true(strncmp(e, "...ddd", 6) == 0);
  assert_true(strlen(e) <= sizeof b.p[0].error - 1);
  assert_string_equal(e + strlen(e) - strlen(tail), tail);
  batch_free(&b);
}

/* ---- forced formats ---- */

static void test_force(void **state) {
  (void)state;
  char text[2000], c[730], g[200];
  cand_text(TOP1, c);
  grid_text(TOP2, g);
  snprintf(text, sizeof text, "%s\n%s\n", TOP1, c);
  batch b;
  read_mem("f", text, strlen(text), SK_FMT_LINE, &b);
  assert_int_equal(b.n, 2);
  assert_true(b.p[0].ok);
  assert_string_equal(b.p[1].error, "f:2: expected 81 characters, got 729");
  batch_free(&b);
  read_mem("f", text, strlen(text), SK_FMT_CANDIDATES, &b);
  assert_string_equal(b.p[0].error, "f:1: expected 729 characters, got 81");
  assert_true(b.p[1].ok);
  assert_int_equal(b.p[1].format, SK_FMT_CANDIDATES);
  batch_free(&b);
  snprintf(text, sizeof text, "%s\n\n%s", TOP1, g);
  read_mem("f", text, strlen(text), SK_FMT_GRID, &b);
  assert_int_equal(b.n, 2);
  assert_string_equal(b.p[0].error, "f:1: expected 9 digits in a grid row, got 81");
  assert_true(b.p[1].ok);
  assert_values(&b.p[1], TOP2);
  batch_free(&b);
}

/* ---- sk_parse_line, sk_puzzle_grid ---- */

static void test_parse_line(void **state) {
  (void)state;
  char s[200];
  sk_puzzle p;
  snprintf(s, sizeof s, "%s  rated 1.2\r\n", TOP3);
  assert_int_equal(sk_parse_line(s, &p), 0);
  assert_true(p.ok);
  assert_values(&p, TOP3);
  assert_string_equal(p.extra, "rated 1.2");
  sk_puzzle_free(&p);
  assert_null(p.raw);
  sk_puzzle_free(&p);                            /* twice is harmless */
  assert_int_equal(sk_parse_line("", &p), -1);
  assert_string_equal(p.error, "expected 81 characters, got 0");
  sk_puzzle_free(&p);
  snprintf(s, sizeof s, "%.80s?", TOP3);
  assert_int_equal(sk_parse_line(s, &p), -1);
  assert_string_equal(p.error, "bad character '?' at column 81");
  sk_puzzle_free(&p);
}

static void test_parse_text(void **state) {
  (void)state;
  char s[100];
  memcpy(s, TOP1, 81);
  sk_puzzle p;
  assert_int_equal(sk_parse_text(s, 81, &p), 0);     /* no NUL needed */
  assert_values(&p, TOP1);
  sk_puzzle_free(&p);
  s[30] = '\0';
  assert_int_equal(sk_parse_text(s, 81, &p), -1);
  assert_string_equal(p.error, "bad character 0x00 at column 31");
  sk_puzzle_free(&p);
}

/* Random bytes from the characters that matter: the reader never crashes,
** numbers puzzles and lines in order, and every puzzle is either usable or
** carries a message that names the input and a line. */
static void test_fuzz_invariants(void **state) {
  (void)state;
  static const char alphabet[] = "123456789..00000      \t\n\n\n\r#\xEF\xBB\xBFx";
  static char text[4000];
  uint32_t seed = 777;
  long seen = 0;
  for (int t = 0; t < 400; t++) {
    seed = seed * 1103515245u + 12345u;
    size_t n = (seed >> 8) % sizeof text;
    for (size_t i = 0; i < n; i++) {
      seed = seed * 1103515245u + 12345u;
      text[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
    }
    /* splice in a few real puzzles so that good ones occur too */
    if (n > 300 && t % 2) memcpy(text + 100, "\n4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n", 84);
    FILE *f = mem_file(text, n);
    sk_reader *r = sk_reader_open(f, "fz");
    sk_puzzle p;
    long index = 0, line = 0;
    int rc;
    while ((rc = sk_reader_next(r, &p)) == 1) {
      assert_int_equal(p.index, ++index);
      assert_true(p.line > line);
      line = p.line;
      assert_non_null(p.raw);
      assert_non_null(p.extra);
      sk_grid g;
      if (p.ok) {
        assert_int_equal(sk_puzzle_grid(&p, &g, NULL), 0);
        seen++;
      } else {
        long at = 0;
        assert_int_equal(sscanf(p.error, "fz:%ld: ", &at), 1);
        assert_true(at >= p.line);
        assert_true(strlen(p.error) > 6);
      }
      sk_puzzle_free(&p);
    }
    assert_int_equal(rc, 0);
    sk_reader_close(r);
    fclose(f);
  }
  assert_true(seen > 0);
}

static void test_puzzle_grid(void **state) {
  (void)state;
  sk_puzzle p;
  sk_grid g;
  int cc = -5;
  assert_int_equal(sk_parse_line(TOP1, &p), 0);
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), 0);
  assert_memory_equal(g.value, p.values, SK_CELLS);
  int givens = 0;
  for (int i = 0; i < SK_CELLS; i++) givens += TOP1[i] != '.';
  assert_int_equal(g.nempty, SK_CELLS - givens);
  p.values[1] = 4;                               /* r1c2 = 4 clashes with r1c1 */
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), -1);
  assert_true(cc == 0 || cc == 1);
  sk_puzzle_free(&p);
  /* a candidates puzzle edited into a clash */
  char s[730];
  cand_text(TOP1, s);
  assert_int_equal(sk_parse_line(s, &p), 0);
  p.values[1] = 4;
  cc = -5;
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), -1);
  assert_int_equal(cc, 1);
  sk_puzzle_free(&p);
  /* a value out of range is refused, not used as a shift count */
  assert_int_equal(sk_parse_line(TOP1, &p), 0);
  p.values[40] = 200;
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), -1);
  assert_int_equal(cc, 40);
  sk_puzzle_free(&p);
  /* a failed puzzle makes no grid */
  assert_int_equal(sk_parse_line("123", &p), -1);
  assert_int_equal(sk_puzzle_grid(&p, &g, &cc), -1);
  assert_int_equal(cc, -1);
  sk_puzzle_free(&p);
}

/* ---- fixtures ---- */

static void test_fixture_mixed(void **state) {
  (void)state;
  batch b;
  read_path(fixture("mixed.txt"), &b);
  assert_int_equal(b.rc, 0);
  assert_int_equal(b.n, 5);
  static const long lines[5] = {4, 6, 18, 19, 20};
  static const int formats[5] = {SK_FMT_LINE, SK_FMT_GRID, SK_FMT_CANDIDATES, SK_FMT_LINE, SK_FMT_LINE};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(b.p[i].index, i + 1);
    assert_int_equal(b.p[i].line, lines[i]);
    assert_int_equal(b.p[i].format, formats[i]);
    assert_int_equal(b.p[i].ok, i != 3);
  }
  assert_values(&b.p[0], TOP1);
  assert_string_equal(b.p[0].extra, "top1465 #1");
  assert_values(&b.p[1], CLUE17);
  assert_values(&b.p[2], TOP2);
  assert_string_equal(b.p[3].error, "fixture:19: expected 81 characters, got 80");
  assert_values(&b.p[4], TOP3);
  assert_string_equal(b.p[4].extra, "ED=unknown");
  /* the candidates puzzle is the grid its givens make */
  sk_grid a, c;
  uint8_t v[SK_CELLS];
  line_values(TOP2, v);
  assert_int_equal(sk_grid_from_values(&a, v, NULL), 0);
  assert_int_equal(sk_puzzle_grid(&b.p[2], &c, NULL), 0);
  assert_memory_equal(a.cand, c.cand, sizeof a.cand);
  assert_memory_equal(a.value, c.value, sizeof a.value);
  batch_free(&b);
}

static void test_fixture_crlf_bom(void **state) {
  (void)state;
  batch b;
  read_path(fixture("crlf_bom.txt"), &b);
  assert_int_equal(b.n, 2);
  assert_true(b.p[0].ok);
  assert_string_equal(b.p[0].raw, TOP1);
  assert_true(b.p[1].ok);
  assert_int_equal(b.p[1].format, SK_FMT_GRID);
  assert_int_equal(b.p[1].line, 4);
  assert_values(&b.p[1], TOP2);
  batch_free(&b);
}

/* The shared benchmark sets: the BUAA grid file is the first 1000 puzzles
** of top1465 in grid format.  Every puzzle must read back the same, and
** the line file must round-trip byte for byte. */
static void test_shared_sets(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  if (!shared) { skip(); return; }
  char path[1024];
  snprintf(path, sizeof path, "%s/bench/puzzles3_magictour_top1465.txt", shared);
  FILE *lf = fopen(path, "rb");
  snprintf(path, sizeof path, "%s/bench/buaa_format/magictour_1000.txt", shared);
  FILE *gf = fopen(path, "rb");
  if (!lf || !gf) { if (lf) fclose(lf); if (gf) fclose(gf); skip(); return; }
  sk_reader *lr = sk_reader_open(lf, "top1465"), *gr = sk_reader_open(gf, "buaa");
  sk_puzzle a, b;
  long n = 0, grids = 0;
  int rc;
  while ((rc = sk_reader_next(lr, &a)) == 1) {
    assert_true(a.ok);
    char out[100];
    sk_write_line(out, a.values, '.');
    assert_memory_equal(out, a.raw, 81);
    assert_int_equal(a.raw[81], '\0');
    if (n < 1000) {
      assert_int_equal(sk_reader_next(gr, &b), 1);
      assert_true(b.ok);
      assert_int_equal(b.format, SK_FMT_GRID);
      assert_int_equal(b.line, 10 * n + 1);
      assert_memory_equal(a.values, b.values, SK_CELLS);
      sk_puzzle_free(&b);
      grids++;
    }
    sk_puzzle_free(&a);
    n++;
  }
  assert_int_equal(rc, 0);
  assert_int_equal(n, 1465);
  assert_int_equal(grids, 1000);
  assert_int_equal(sk_reader_next(gr, &b), 0);
  sk_reader_close(lr);
  sk_reader_close(gr);
  fclose(lf);
  fclose(gf);
}

/* ---- writers ---- */

static void test_writers(void **state) {
  (void)state;
  uint8_t v[SK_CELLS];
  line_values(TOP1, v);
  char buf[1000];
  memset(buf, 'Z', sizeof buf);
  size_t n = sk_write_line(buf, v, '0');
  assert_int_equal(n, 82);
  assert_int_equal(buf[82], 'Z');                 /* nothing past the end */
  assert_int_equal(buf[0], '4');
  assert_int_equal(buf[1], '0');
  memset(buf, 'Z', sizeof buf);
  n = sk_write_grid(buf, v);
  assert_int_equal(n, 162);
  assert_int_equal(buf[162], 'Z');
  assert_memory_equal(buf, "4 0 0 0 3 0 0 0 0\n0 0 0 6 0 0 8 0 0\n", 36);
  sk_grid g;
  sk_grid_from_values(&g, v, NULL);
  memset(buf, 'Z', sizeof buf);
  n = sk_write_candidates(buf, &g);
  assert_int_equal(n, 730);
  assert_int_equal(buf[730], 'Z');
  assert_memory_equal(buf, "...4.....", 9);         /* r1c1 = 4 */
  char want[730];
  cand_text(TOP1, want);
  assert_memory_equal(buf, want, 729);
}

/* serate's %e: truncated centiseconds, then minutes, hours, days */
static void test_elapsed(void **state) {
  (void)state;
  static const struct { double s; const char *want; } k[] = {
    {0, "0.00s"}, {0.126, "0.12s"}, {0.999, "0.99s"}, {9.5, "9.50s"}, {59.999, "59.99s"},
    {60, "1m00s"}, {61.9, "1m01s"}, {3599.99, "59m59s"}, {3600, "1h00m"}, {3725, "1h02m"},
    {86399, "23h59m"}, {86400, "1d00h"}, {90000, "1d01h"}, {-1, "0.00s"},
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
    char buf[24];
    size_t n = sk_write_elapsed(buf, k[i].s);
    assert_int_equal(n, strlen(k[i].want));
    assert_string_equal(buf, k[i].want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_line_basic),
    cmocka_unit_test(test_line_extra),
    cmocka_unit_test(test_line_roundtrip),
    cmocka_unit_test(test_grid_basic),
    cmocka_unit_test(test_grid_roundtrip),
    cmocka_unit_test(test_candidates_basic),
    cmocka_unit_test(test_candidates_layout),
    cmocka_unit_test(test_candidates_pending_single),
    cmocka_unit_test(test_candidates_errors),
    cmocka_unit_test(test_error_length),
    cmocka_unit_test(test_error_bad_char),
    cmocka_unit_test(test_line_every_byte),
    cmocka_unit_test(test_error_nul),
    cmocka_unit_test(test_error_duplicates),
    cmocka_unit_test(test_duplicates_random),
    cmocka_unit_test(test_error_grid),
    cmocka_unit_test(test_grid_bad_char),
    cmocka_unit_test(test_comments_and_blanks),
    cmocka_unit_test(test_crlf),
    cmocka_unit_test(test_bom),
    cmocka_unit_test(test_empty_input),
    cmocka_unit_test(test_read_error),
    cmocka_unit_test(test_long_line),
    cmocka_unit_test(test_long_name),
    cmocka_unit_test(test_force),
    cmocka_unit_test(test_parse_line),
    cmocka_unit_test(test_parse_text),
    cmocka_unit_test(test_fuzz_invariants),
    cmocka_unit_test(test_puzzle_grid),
    cmocka_unit_test(test_fixture_mixed),
    cmocka_unit_test(test_fixture_crlf_bom),
    cmocka_unit_test(test_shared_sets),
    cmocka_unit_test(test_writers),
    cmocka_unit_test(test_elapsed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
