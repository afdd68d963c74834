/*
** format.c -- reading puzzles: line, grid and candidates formats (the
** writers are in format_write.c).
**
** The reader pulls one line at a time with getc_unlocked() (so a pipe that
** feeds puzzles one by one is served at once, and any FILE works, including
** fmemopen; with glibc a line already whole in the FILE's buffer is taken
** by one memchr and memcpy) into a buffer that grows up to STORE_MAX bytes.  Past that, the
** bytes of a hostile line are counted but not kept: memory stays bounded and
** the line is still rejected with its true length.  NUL bytes are ordinary
** bytes here: lengths travel with the text and strlen() is never used on it.
** (getc_unlocked: no other thread may use the FILE while a reader reads.)
**
** Messages are built bare ("expected 81 characters, got 80") and the reader
** prefixes them with "NAME:LINE: ".
*/
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sk_format.h"
#include "sk_reglib.h"

#define STORE_MAX   65536      /* longest line kept; longer ones are rejected */
#define FIRST_SIZE  1024       /* first line buffer: a candidates line fits */
#define MSG         128        /* bare message buffer */
#define LINE_LEN    SK_CELLS
#define CAND_LEN    (SK_CELLS * 9)

struct sk_reader {
  FILE *f;
  char *name;                  /* for messages (owned copy) */
  int forced;                  /* -1: detect per puzzle, else an sk_format */
  int defer_dups;              /* sk_reader_defer_dups */
  long lineno;                 /* number of the line in buf */
  long count;                  /* puzzles returned so far */
  char *buf;                   /* the current line, its first len bytes */
  size_t size;                 /* allocated size of buf */
  size_t len;                  /* bytes stored (CR and BOM removed) */
  size_t full;                 /* true length of the line (>= len) */
  size_t blank_past;           /* first ' '/'\t' past the stored part, or SIZE_MAX */
};

/* {====================================================================
** Small helpers
** ===================================================================== */

static int is_blank(int c) { return c == ' ' || c == '\t'; }

static size_t skip_blanks(const char *s, size_t i, size_t n) {
  while (i < n && is_blank((unsigned char)s[i])) i++;
  return i;
}

/* Length of the token that starts at s[t]: it ends at the first blank.
** When the line was longer than what is stored, blank_past tells where the
** first blank beyond the stored part was (or the token runs to full). */
static size_t token_len(const char *s, size_t len, size_t full, size_t blank_past, size_t t) {
  const char *sp = memchr(s + t, ' ', len - t), *tab = memchr(s + t, '\t', len - t);
  if (tab && (!sp || tab < sp)) sp = tab;
  size_t i = sp ? (size_t)(sp - s) : len;
  if (i < len || full == len) return i - t;
  return (blank_past < full ? blank_past : full) - t;
}

/* "'x'" for a visible ASCII byte, "0x00" style for anything else. */
static void char_name(char out[8], unsigned char c) {
  if (c > 0x20 && c < 0x7f) snprintf(out, 8, "'%c'", c);
  else snprintf(out, 8, "0x%02x", c);
}

static void bad_char(char *msg, unsigned char c, size_t col) {
  char cn[8];
  char_name(cn, c);
  snprintf(msg, MSG, "bad character %s at column %zu", cn, col);
}

/* One allocation holds raw and extra: a puzzle costs a single malloc. */
static int set_text(sk_puzzle *p, const char *raw, size_t rn, const char *extra, size_t en) {
  char *m = malloc(rn + en + 2);
  if (!m) return -1;
  memcpy(m, raw, rn);
  m[rn] = '\0';
  memcpy(m + rn + 1, extra, en);
  m[rn + 1 + en] = '\0';
  p->raw = m;
  p->extra = m + rn + 1;
  return 0;
}

static void reset(sk_puzzle *p) {
  memset(p, 0, sizeof *p);
}

/* A failed puzzle carries no values: nobody can use half a puzzle. */
static void clear_cells(sk_puzzle *p) {
  p->ok = 0;
  p->has_cand = 0;
  memset(p->values, 0, sizeof p->values);
  memset(p->cand, 0, sizeof p->cand);
}

/* "NAME:LINE: msg" in p->error; a name too long to fit loses its head
** (as "...tail") so that the line number and the message always survive. */
static void set_error(sk_puzzle *p, const char *name, long line, const char *msg) {
  char where[32];
  int wn = snprintf(where, sizeof where, ":%ld: ", line);
  size_t room = sizeof p->error - 1, need = strlen(msg) + (size_t)wn;
  size_t nn = strlen(name);
  const char *dots = "";
  if (nn + need > room && need + 3 < room) {
    name += nn - (room - need - 3);
    dots = "...";
  }
  snprintf(p->error, sizeof p->error, "%s%s%s%s", dots, name, where, msg);
  clear_cells(p);
}

/* }==================================================================== */

/* {====================================================================
** Checking and parsing cells
** ===================================================================== */

/* Bit of a value: 0 for an empty cell (the table avoids a variable shift). */
static const uint16_t value_bit[16] = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256};

/* Any two equal digits in a house?  Values must be 0..9.  This runs on
** every puzzle read, so it works a row at a time without a branch: a row
** clashes when the sum of its bits differs from their union; the row's bits
** also go into 10-bit fields of two words (columns 1-6, 7-9), checked
** against the rows above in one AND; folding the three fields of a box
** segment into one does the same for the boxes of a band. */
static int any_dup(const uint8_t v[SK_CELLS]) {
  uint64_t col_a = 0, col_b = 0, box_a = 0, box_b = 0, clash = 0;
  for (int r = 0; r < 9; r++, v += 9) {
    unsigned b0 = value_bit[v[0] & 15], b1 = value_bit[v[1] & 15], b2 = value_bit[v[2] & 15];
    unsigned b3 = value_bit[v[3] & 15], b4 = value_bit[v[4] & 15], b5 = value_bit[v[5] & 15];
    unsigned b6 = value_bit[v[6] & 15], b7 = value_bit[v[7] & 15], b8 = value_bit[v[8] & 15];
    clash |= (b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7 + b8) ^ (b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8);
    uint64_t wa = b0 | (uint64_t)b1 << 10 | (uint64_t)b2 << 20 | (uint64_t)b3 << 30
                | (uint64_t)b4 << 40 | (uint64_t)b5 << 50;
    uint64_t wb = b6 | (uint64_t)b7 << 10 | (uint64_t)b8 << 20;
    clash |= (col_a & wa) | (col_b & wb);
    col_a |= wa;
    col_b |= wb;
    if (r % 3 == 0) box_a = box_b = 0;
    uint64_t fa = (wa | wa >> 10 | wa >> 20) & (0x1FFull | 0x1FFull << 30);  /* boxes 1, 2 */
    uint64_t fb = (wb | wb >> 10 | wb >> 20) & 0x1FFull;                      /* box 3 */
    clash |= (box_a & fa) | (box_b & fb);
    box_a |= fa;
    box_b |= fb;
  }
  return clash != 0;
}

/* First pair of equal givens sharing a house, in cell order (row checked
** before column before box); values must be 0..9.  Returns the later cell,
** or -1 when none; *first and *house say where the clash is.  The quick
** any_dup() answers the common case; only a clash pays for the search. */
static int find_dup(const uint8_t v[SK_CELLS], int *first, int *house) {
  if (!any_dup(v)) return -1;
  sk_mask seen[SK_HOUSES] = {0};
  for (int c = 0; c < SK_CELLS; c++) {
    int d = v[c];
    if (d == 0) continue;
    for (int k = 0; k < 3; k++) {
      int h = sk_cell_house[c][k];
      if (!(seen[h] & SK_BIT(d))) continue;
      for (int i = 0; i < 9; i++)
        if (v[sk_house_cell[h][i]] == d) { *first = sk_house_cell[h][i]; break; }
      *house = h;
      return c;
    }
    for (int k = 0; k < 3; k++) seen[sk_cell_house[c][k]] |= SK_BIT(d);
  }
  return -1;
}

/* Message for a clash found by find_dup: "digit 5 given twice in row 3 (r3c2, r3c7)". */
static void dup_msg(char *msg, const uint8_t v[SK_CELLS], int first, int later, int house) {
  static const char *const kind[3] = {"row", "column", "box"};
  char a[8], b[8];
  snprintf(msg, MSG, "digit %d given twice in %s %d (%s, %s)", v[later], kind[house / 9],
           house % 9 + 1, sk_cell_name(first, a), sk_cell_name(later, b));
}

static int check_dups(const uint8_t v[SK_CELLS], char *msg) {
  int first = -1, house = -1, later = find_dup(v, &first, &house);
  if (later < 0) return 0;
  dup_msg(msg, v, first, later, house);
  return -1;
}

/* Line-format cell characters: value + 1, or 0 for a bad character. */
static const uint8_t cell_code[256] = {
  ['.'] = 1, ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
  ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
};

/* 81 characters: '1'..'9' givens, '.' or '0' blanks.  col0 is the column
** (0-based) of s[0] in its line, for messages.  No branch per cell: a bad
** character is looked for only once one is known to be there. */
static int parse_values(sk_puzzle *p, const char *s, size_t col0, char *msg) {
  unsigned bad = 0;
  int i = 0;
#ifdef __SSE2__
  /* sixteen cells at a time: c - '0' is 0..9 for a digit or '0', and '.'
  ** becomes 0 */
  const __m128i zero = _mm_set1_epi8('0'), dot = _mm_set1_epi8('.'), nine = _mm_set1_epi8(9);
  for (; i + 16 <= SK_CELLS; i += 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i d = _mm_sub_epi8(v, zero), isdot = _mm_cmpeq_epi8(v, dot);
    __m128i digit = _mm_cmpeq_epi8(_mm_max_epu8(d, nine), nine);
    bad |= ~(unsigned)_mm_movemask_epi8(_mm_or_si128(digit, isdot)) & 0xFFFFu;
    _mm_storeu_si128((__m128i *)(void *)(p->values + i), _mm_andnot_si128(isdot, d));
  }
#endif
  for (; i < SK_CELLS; i++) {
    unsigned k = cell_code[(unsigned char)s[i]];
    bad |= k == 0;
    p->values[i] = (uint8_t)(k - 1);
  }
  if (!bad) return 0;
  i = 0;
  while (cell_code[(unsigned char)s[i]]) i++;
  bad_char(msg, (unsigned char)s[i], col0 + (size_t)i + 1);
  return -1;
}

/* 729 characters, nine per cell: position d-1 holds d or a blank.  A cell
** with exactly one candidate is a solved cell, unless its eight blanks are
** all '0': that is how sk_write_candidates writes a cell left with one
** candidate that no step has placed yet (a pending naked single), so
** that the state reads back as it was written. */
static int parse_cands(sk_puzzle *p, const char *s, size_t col0, char *msg) {
  for (int c = 0; c < SK_CELLS; c++) {
    sk_mask m = 0;
    int zeros = 0;
    for (int d = 1; d <= 9; d++) {
      unsigned char ch = (unsigned char)s[c * 9 + d - 1];
      if (ch == '0' + d) m |= SK_BIT(d);
      else if (ch == '0') zeros++;
      else if (ch != '.') {
        char cn[8];
        char_name(cn, ch);
        snprintf(msg, MSG, "bad character %s at column %zu (expected '%d', '.' or '0')",
                 cn, col0 + (size_t)(c * 9 + d), d);
        return -1;
      }
    }
    p->cand[c] = m;
    p->values[c] = sk_mask_count(m) == 1 && zeros < 8 ? (uint8_t)sk_mask_first(m) : 0;
  }
  p->has_cand = 1;
  return 0;
}

/* A line-format or candidates-format line.  s[0..len) is what is stored of
** the line, full its true length; the puzzle token starts at t and is tl
** characters long.  fmt is the format to read, or -1 to go by the token's
** length.  Sets raw and extra; returns 0, or -1 with a bare message. */
static int parse_single(sk_puzzle *p, const char *s, size_t len, size_t full,
                        size_t t, size_t tl, int fmt, int defer, char *msg) {
  int guessed = fmt < 0;
  if (guessed) fmt = tl == CAND_LEN ? SK_FMT_CANDIDATES : SK_FMT_LINE;
  size_t want = fmt == SK_FMT_CANDIDATES ? CAND_LEN : LINE_LEN;
  /* the text after the token, without its surrounding blanks */
  size_t e = t + tl <= len ? skip_blanks(s, t + tl, len) : len, en = len;
  while (en > e && is_blank((unsigned char)s[en - 1])) en--;
  if (set_text(p, s, len, s + e, en - e) < 0) { snprintf(msg, MSG, "out of memory"); return -1; }
  p->format = (sk_format)fmt;
  if (tl != want) {
    /* when guessing, a length nearer 729 than 81 was meant as candidates */
    if (guessed && tl > CAND_LEN / 2 && tl < 2 * CAND_LEN) want = CAND_LEN;
    snprintf(msg, MSG, "expected %zu characters, got %zu", want, tl);
    return -1;
  }
  if (full > len) {
    snprintf(msg, MSG, "line too long (%zu bytes, limit %d)", full, STORE_MAX);
    return -1;
  }
  int rc = fmt == SK_FMT_CANDIDATES ? parse_cands(p, s + t, t, msg) : parse_values(p, s + t, t, msg);
  if (rc == 0 && defer && fmt == SK_FMT_LINE) p->dups_unchecked = 1;
  else if (rc == 0) rc = check_dups(p->values, msg);
  if (rc == 0) p->ok = 1;
  return rc;
}

/* A library line (s[0..len) is the whole line, full its true length): the
** values, and as candidates what is left once the deleted ones are gone. */
static int parse_library(sk_puzzle *p, const char *s, size_t len, size_t full, char *msg) {
  sk_libline *l;
  sk_grid g;
  if (set_text(p, s, len, "", 0) < 0) { snprintf(msg, MSG, "out of memory"); return -1; }
  p->format = SK_FMT_LIBRARY;
  if (full > len) {
    snprintf(msg, MSG, "line too long (%zu bytes, limit %d)", full, STORE_MAX);
    return -1;
  }
  if (!(l = malloc(sizeof *l))) { snprintf(msg, MSG, "out of memory"); return -1; }
  int rc = sk_libline_parse(s, len, l, msg, MSG);
  if (rc == 0) rc = check_dups(l->values, msg);
  if (rc == 0) {
    sk_libline_grid(l, &g, NULL);
    memcpy(p->values, l->values, sizeof p->values);
    for (int c = 0; c < SK_CELLS; c++) p->cand[c] = g.value[c] ? SK_BIT(g.value[c]) : g.cand[c];
    p->placed = l->placed;
    p->has_cand = 1;
    p->ok = 1;
  }
  free(l);
  return rc;
}

/* A library line starts with ':'. */
static int is_library(const char *s, size_t len) {
  size_t i = skip_blanks(s, 0, len);
  return i < len && s[i] == ':';
}

/* One row of the grid format: "d d d d d d d d d", '0' or '.' blank,
** blanks allowed after the ninth digit.  Bad characters are reported
** first, then a wrong digit count, then wrong spacing. */
static int parse_row(const char *s, size_t len, size_t full, uint8_t v[9], char digits[9], char *msg) {
  size_t nd = 0;
  if (full > len) {
    snprintf(msg, MSG, "line too long (%zu bytes, limit %d)", full, STORE_MAX);
    return -1;
  }
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)s[i];
    if ((ch >= '0' && ch <= '9') || ch == '.') nd++;
    else if (!is_blank(ch)) { bad_char(msg, ch, i + 1); return -1; }
  }
  if (nd != 9) {
    snprintf(msg, MSG, "expected 9 digits in a grid row, got %zu", nd);
    return -1;
  }
  /* nine digits exist, so the positions looked at below are inside s */
  for (int k = 0; k < 9; k++) {
    unsigned char ch = (unsigned char)s[2 * k];
    if (is_blank(ch) || (k < 8 && s[2 * k + 1] != ' ')) {
      size_t col = is_blank(ch) ? (size_t)(2 * k + 1) : (size_t)(2 * k + 2);
      snprintf(msg, MSG, "bad spacing at column %zu (digits go in odd columns, one space apart)", col);
      return -1;
    }
    v[k] = ch == '.' ? 0 : (uint8_t)(ch - '0');
    digits[k] = (char)ch;
  }
  return 0;
}

/* }==================================================================== */

/* {====================================================================
** Reader
** ===================================================================== */

sk_reader *sk_reader_open(FILE *f, const char *name) {
  sk_reader *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  if (!name) name = "<input>";
  r->f = f;
  r->forced = -1;
  r->name = malloc(strlen(name) + 1);
  r->buf = malloc(FIRST_SIZE);
  if (!r->name || !r->buf) { sk_reader_close(r); return NULL; }
  strcpy(r->name, name);
  r->size = FIRST_SIZE;
  return r;
}

void sk_reader_force(sk_reader *r, sk_format fmt) { r->forced = (int)fmt; }

void sk_reader_defer_dups(sk_reader *r) { r->defer_dups = 1; }

int sk_puzzle_dups(sk_puzzle *p) {
  if (!p->ok || !p->dups_unchecked) return 0;
  p->dups_unchecked = 0;
  int first = -1, house = -1, later = find_dup(p->values, &first, &house);
  if (later < 0) return 0;
  char msg[MSG];
  dup_msg(msg, p->values, first, later, house);
  set_error(p, p->source, p->line, msg);
  return 1;
}

const char *sk_reader_name(const sk_reader *r) { return r->name; }

void sk_reader_close(sk_reader *r) {
  if (!r) return;
  free(r->name);
  free(r->buf);
  free(r);
}

static int grow(sk_reader *r) {
  size_t n = r->size * 2 > STORE_MAX ? STORE_MAX : r->size * 2;
  char *b = realloc(r->buf, n);
  if (!b) return 0;
  r->buf = b;
  r->size = n;
  return 1;
}

/* Next line into r->buf, without its newline, a CR before it, or a BOM at
** the start of the input.  1 = a line, 0 = end of input, -1 = read error. */
static int read_line(sk_reader *r) {
  FILE *f = r->f;
  char *b = r->buf;
  size_t n = 0, cap = r->size, blank = SIZE_MAX;
  int c, last = EOF;
#ifdef __GLIBC__
  /* A line already whole in the stream's buffer is copied in one go: the
  ** read pointer getc_unlocked itself advances, moved past the newline
  ** (glibc's FILE is public for its getc macro).  Otherwise, or when the
  ** line would not fit, the loop below reads byte by byte as before. */
  {
    char *rp = f->_IO_read_ptr, *nl;
    size_t avail = rp && f->_IO_read_end > rp ? (size_t)(f->_IO_read_end - rp) : 0;
    if (avail && (nl = memchr(rp, '\n', avail < cap ? avail : cap)) != NULL) {
      n = (size_t)(nl - rp);
      memcpy(b, rp, n);
      f->_IO_read_ptr = nl + 1;
      c = '\n';
      last = n ? (unsigned char)b[n - 1] : EOF;
      goto whole;
    }
  }
#endif
  while ((c = getc_unlocked(f)) != EOF && c != '\n') {
    if (n < cap) b[n] = (char)c;
    else if (cap < STORE_MAX && grow(r)) { b = r->buf; cap = r->size; b[n] = (char)c; }
    else if (blank == SIZE_MAX && is_blank(c)) blank = n;
    last = c;
    n++;
  }
  if (c == EOF && ferror(f)) return -1;
  if (c == EOF && n == 0) return 0;
#ifdef __GLIBC__
whole:
#endif
  r->lineno++;
  if (last == '\r') n--;
  size_t len = n < cap ? n : cap;
  if (r->lineno == 1 && len >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0) {
    memmove(b, b + 3, len - 3);
    len -= 3;
    n -= 3;
    if (blank != SIZE_MAX) blank -= 3;
  }
  r->len = len;
  r->full = n;
  r->blank_past = blank;
  return 1;
}

/* Lines that hold no puzzle: blank ones and '#' comments. */
static int line_empty(const sk_reader *r) {
  return skip_blanks(r->buf, 0, r->len) == r->len && r->full == r->len;
}

static int line_comment(const sk_reader *r) {
  size_t i = skip_blanks(r->buf, 0, r->len);
  return i < r->len && r->buf[i] == '#';
}

/* Grid format when the line starts like "d d": a digit, then a blank. */
static int looks_like_grid(const sk_reader *r) {
  size_t i = skip_blanks(r->buf, 0, r->len);
  if (i + 1 >= r->len) return 0;
  unsigned char c = (unsigned char)r->buf[i];
  return ((c >= '0' && c <= '9') || c == '.') && is_blank((unsigned char)r->buf[i + 1]);
}

static int read_single(sk_reader *r, sk_puzzle *p, int fmt) {
  char msg[MSG];
  if (fmt < 0 && is_library(r->buf, r->len)) {
    if (parse_library(p, r->buf, r->len, r->full, msg) < 0) set_error(p, r->name, r->lineno, msg);
    return 1;
  }
  size_t t = skip_blanks(r->buf, 0, r->len);
  size_t tl = token_len(r->buf, r->len, r->full, r->blank_past, t);
  if (parse_single(p, r->buf, r->len, r->full, t, tl, fmt, r->defer_dups, msg) < 0)
    set_error(p, r->name, r->lineno, msg);
  return 1;
}

/* Nine rows, up to a blank line or the end; '#' lines inside are skipped.
** A bad grid is skipped whole, up to the next blank line. */
static int read_grid(sk_reader *r, sk_puzzle *p) {
  char msg[MSG], digits[SK_CELLS];
  long rowline[9], errline = 0;
  int rows = 0, rc;
  p->format = SK_FMT_GRID;
  for (;;) {
    if (!errline && rows < 9) {
      rowline[rows] = r->lineno;
      if (parse_row(r->buf, r->len, r->full, p->values + 9 * rows, digits + 9 * rows, msg) < 0) {
        errline = r->lineno;
        if (set_text(p, r->buf, r->len, "", 0) < 0) return -1;
      }
    }
    rows++;
    while ((rc = read_line(r)) == 1 && line_comment(r)) {}
    if (rc <= 0 || line_empty(r)) break;
  }
  if (rc < 0) { sk_puzzle_free(p); return -1; }
  if (!errline) {
    int n = rows < 9 ? rows : 9;
    if (set_text(p, digits, (size_t)(9 * n), "", 0) < 0) return -1;
    int first, house, later;
    if (rows != 9) {
      snprintf(msg, MSG, "expected 9 rows in a grid, got %d", rows);
      errline = p->line;
    } else if ((later = find_dup(p->values, &first, &house)) >= 0) {
      dup_msg(msg, p->values, first, later, house);
      errline = rowline[later / 9];
    }
  }
  if (errline) set_error(p, r->name, errline, msg);
  else p->ok = 1;
  return 1;
}

int sk_reader_next(sk_reader *r, sk_puzzle *p) {
  int rc;
  reset(p);
  while ((rc = read_line(r)) == 1 && (line_empty(r) || line_comment(r))) {}
  if (rc <= 0) return rc;
  p->index = ++r->count;
  p->line = r->lineno;
  p->source = r->name;
  int fmt = r->forced;
  if (fmt < 0 && looks_like_grid(r)) fmt = SK_FMT_GRID;
  if (fmt == SK_FMT_GRID) return read_grid(r, p);
  return read_single(r, p, fmt);
}

/* }==================================================================== */

void sk_puzzle_free(sk_puzzle *p) {
  free(p->raw);           /* extra lives in the same block */
  p->raw = NULL;
  p->extra = NULL;
}

int sk_parse_line(const char *s, sk_puzzle *p) {
  return sk_parse_text(s, strlen(s), p);
}

int sk_parse_text(const char *s, size_t len, sk_puzzle *p) {
  char msg[MSG];
  reset(p);
  p->index = 1;
  p->line = 1;
  p->source = "";
  while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r')) len--;
  if (is_library(s, len)) {
    if (parse_library(p, s, len, len, msg) == 0) return 0;
    snprintf(p->error, sizeof p->error, "%s", msg);
    clear_cells(p);
    return -1;
  }
  size_t t = skip_blanks(s, 0, len);
  size_t tl = token_len(s, len, len, SIZE_MAX, t);
  if (parse_single(p, s, len, len, t, tl, -1, 0, msg) == 0) return 0;
  snprintf(p->error, sizeof p->error, "%s", msg);
  clear_cells(p);
  return -1;
}

/* A solved cell of a candidates puzzle cannot have its digit as a
** candidate among its peers: drop it there, as placing it would. */
int sk_puzzle_grid(const sk_puzzle *p, sk_grid *g, int *conflict_cell) {
  int first, house, later;
  if (!p->ok) {
    if (conflict_cell) *conflict_cell = -1;
    return -1;
  }
  for (int c = 0; c < SK_CELLS; c++)        /* the caller may have edited p */
    if (p->values[c] > 9) {
      if (conflict_cell) *conflict_cell = c;
      return -1;
    }
  if (!p->has_cand) return sk_grid_from_values(g, p->values, conflict_cell);
  if ((later = find_dup(p->values, &first, &house)) >= 0) {
    if (conflict_cell) *conflict_cell = later;
    return -1;
  }
  sk_grid_from_candidates(g, p->cand, p->values);
  for (int c = 0; c < SK_CELLS; c++) {
    int d = p->values[c];
    if (d == 0) continue;
    for (int k = 0; k < SK_PEERS; k++) sk_grid_eliminate(g, sk_peer[c][k], d);
  }
  if (p->format == SK_FMT_LIBRARY) g->givens = sk_bits_andnot(g->givens, p->placed);
  return 0;
}
