/*
** reglib.c -- HoDoKu's library lines (sk_reglib.h): reading one into its
** fields and the grid it describes, writing a hint as the line HoDoKu
** prints for a step, and reading a case line as HoDoKu's regression
** tester does.
**
** Reading is strict where HoDoKu is lax (it drops characters it does not
** expect): a bad character, a short grid or a malformed candidate is an
** error naming its column, so a damaged library shows where it is damaged.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "sk_reglib.h"

#if defined(__GNUC__)
#define PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF(f, a)
#endif

/* {====================================================================
** Reading
** ===================================================================== */

typedef struct field {
  const char *s;               /* its text (not NUL-terminated) */
  size_t len;
  size_t col;                  /* 1-based column of s[0] in the line */
} field;

static int bad(char *msg, size_t size, size_t col, const char *fmt, ...) PRINTF(4, 5);

static int bad(char *msg, size_t size, size_t col, const char *fmt, ...) {
  va_list ap;
  int n = snprintf(msg, size, "column %zu: ", col);
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < size) vsnprintf(msg + n, size - (size_t)n, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t'; }
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static int is_alnum(char ch) {
  return is_digit(ch) || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* "'x'" for a visible ASCII byte, "0x00" style for anything else */
static const char *char_name(char out[8], char ch) {
  unsigned char c = (unsigned char)ch;
  if (c > 0x20 && c < 0x7f) snprintf(out, 8, "'%c'", c);
  else snprintf(out, 8, "0x%02x", c);
  return out;
}

/* code[-variant] */
static int read_code(const field *f, sk_libline *l, char *msg, size_t size) {
  char cn[8];
  size_t i = 0, v;
  while (i < f->len && is_alnum(f->s[i])) i++;
  if (i == 0) return bad(msg, size, f->col, "a library line starts with ':CODE:' (no code)");
  if (i >= SK_LIB_CODE) return bad(msg, size, f->col, "code longer than %d characters", SK_LIB_CODE - 1);
  memcpy(l->code, f->s, i);
  l->code[i] = '\0';
  if (i == f->len) return 0;
  if (f->s[i] != '-')
    return bad(msg, size, f->col + i, "bad character %s in the code", char_name(cn, f->s[i]));
  v = ++i;
  if (v < f->len && f->s[v] == 'x' && v + 1 == f->len) {
    strcpy(l->variant, "x");
    return 0;
  }
  while (i < f->len && is_digit(f->s[i])) i++;
  if (i == v || i < f->len)
    return bad(msg, size, f->col + (i < f->len ? i : v), "a variant is a number or 'x'");
  if (i - v >= sizeof l->variant) return bad(msg, size, f->col + v, "variant too long");
  memcpy(l->variant, f->s + v, i - v);
  l->variant[i - v] = '\0';
  return 0;
}

static int read_cands(const field *f, sk_libline *l, char *msg, size_t size) {
  char cn[8];
  if (f->len >= sizeof l->cands) return bad(msg, size, f->col, "more than 9 digits in the candidates field");
  for (size_t i = 0; i < f->len; i++)
    if (f->s[i] < '1' || f->s[i] > '9')
      return bad(msg, size, f->col + i, "bad character %s in the candidates field (digits 1-9)",
                 char_name(cn, f->s[i]));
  memcpy(l->cands, f->s, f->len);
  l->cands[f->len] = '\0';
  return 0;
}

/* 81 cells: '.' or '0', a digit, or '+' and a digit */
static int read_givens(const field *f, sk_libline *l, char *msg, size_t size) {
  char cn[8];
  int cell = 0;
  for (size_t i = 0; i < f->len; i++) {
    char ch = f->s[i];
    int plus = ch == '+';
    if (plus && ++i < f->len) ch = f->s[i];
    if (plus && (i == f->len || ch < '1' || ch > '9'))
      return bad(msg, size, f->col + i - (i == f->len), "'+' must come before a digit 1-9");
    if (ch != '.' && !is_digit(ch))
      return bad(msg, size, f->col + i, "bad character %s in the grid", char_name(cn, ch));
    if (cell == SK_CELLS) return bad(msg, size, f->col + i, "more than 81 cells in the grid");
    l->values[cell] = ch == '.' ? 0 : (uint8_t)(ch - '0');
    if (plus) sk_bits_set(&l->placed, cell);
    cell++;
  }
  if (cell < SK_CELLS) return bad(msg, size, f->col + f->len, "the grid has %d cells, not 81", cell);
  return 0;
}

/* "dRC dRC ...": what names the list in messages */
static int read_list(const field *f, const char *what, sk_libcand *out, int *n, char *msg,
                     size_t size) {
  size_t i = 0;
  while (i < f->len) {
    if (is_blank(f->s[i])) { i++; continue; }
    size_t t = i;
    while (i < f->len && !is_blank(f->s[i])) i++;
    if (i - t != 3)
      return bad(msg, size, f->col + t, "%s: a candidate is 3 digits (digit, row, column)", what);
    for (size_t k = t; k < i; k++)
      if (f->s[k] < '1' || f->s[k] > '9')
        return bad(msg, size, f->col + k, "%s: digits, rows and columns are 1-9", what);
    if (*n == SK_LIB_LIST) return bad(msg, size, f->col + t, "%s: more than %d candidates", what, SK_LIB_LIST);
    out[*n].digit = (uint8_t)(f->s[t] - '0');
    out[(*n)++].cell = (uint8_t)((f->s[t + 1] - '1') * 9 + (f->s[t + 2] - '1'));
  }
  return 0;
}

static int read_extra(const field *f, sk_libline *l, char *msg, size_t size) {
  char cn[8];
  if (f->len >= SK_LIB_EXTRA) return bad(msg, size, f->col, "extra field longer than %d characters", SK_LIB_EXTRA - 1);
  for (size_t i = 0; i < f->len; i++)
    if ((unsigned char)f->s[i] < 0x20 || f->s[i] == 0x7f)
      return bad(msg, size, f->col + i, "bad character %s in the extra field", char_name(cn, f->s[i]));
  memcpy(l->extra, f->s, f->len);
  l->extra[f->len] = '\0';
  l->has_extra = 1;
  return 0;
}

/* Split at the ':'s: f[0] before the first, up to f[7]; returns their count. */
static int split(const char *s, size_t a, size_t b, field *f, int max) {
  int n = 0;
  size_t start = a;
  for (size_t i = a; i <= b; i++)
    if (i == b || s[i] == ':') {
      if (n < max) f[n] = (field){s + start, i - start, start + 1};
      n++;
      start = i + 1;
    }
  return n;
}

int sk_libline_parse(const char *s, size_t len, sk_libline *l, char *msg, size_t size) {
  field f[8];
  size_t a = 0, b = len;
  memset(l, 0, sizeof *l);
  while (a < b && is_blank(s[a])) a++;
  while (b > a && is_blank(s[b - 1])) b--;
  if (a == b || s[a] != ':') return bad(msg, size, a + 1, "a library line starts with ':'");
  if (memchr(s + a, '\0', b - a)) return bad(msg, size, (size_t)((const char *)memchr(s + a, '\0', b - a) - s) + 1, "NUL byte");
  int n = split(s, a, b, f, 8) - 1;          /* the ':'s */
  if (n != 6 && n != 7)
    return bad(msg, size, a + 1, "a library line has 6 or 7 ':' (:code:cands:givens:deleted:"
               "elims:placements:extra), this one %d", n);
  if (read_code(&f[1], l, msg, size) || read_cands(&f[2], l, msg, size) ||
      read_givens(&f[3], l, msg, size) ||
      read_list(&f[4], "deleted candidates", l->deleted, &l->ndeleted, msg, size) ||
      read_list(&f[5], "eliminations", l->elim, &l->nelim, msg, size) ||
      read_list(&f[6], "placements", l->place, &l->nplace, msg, size))
    return -1;
  if (n == 7 && read_extra(&f[7], l, msg, size)) return -1;
  return 0;
}

int sk_libline_grid(const sk_libline *l, sk_grid *g, int *conflict_cell) {
  if (sk_grid_from_values(g, l->values, conflict_cell) != 0) return -1;
  g->givens = sk_bits_andnot(g->givens, l->placed);
  for (int i = 0; i < l->ndeleted; i++) sk_grid_eliminate(g, l->deleted[i].cell, l->deleted[i].digit);
  return 0;
}

/* }==================================================================== */

/* {====================================================================
** Writing
** ===================================================================== */

typedef struct out {
  char *p;
  size_t n, size;              /* written, room (with the NUL) */
} out;

static void put(out *o, char ch) {
  if (o->n + 1 < o->size) o->p[o->n] = ch;
  o->n++;
}

static void puts_(out *o, const char *s) {
  while (*s) put(o, *s++);
}

static void put_cand(out *o, int d, int cell, int *first) {
  if (!*first) put(o, ' ');
  *first = 0;
  put(o, (char)('0' + d));
  put(o, (char)('1' + cell / 9));
  put(o, (char)('1' + cell % 9));
}

static size_t finish(out *o) {
  if (o->size) o->p[o->n < o->size ? o->n : o->size - 1] = '\0';
  return o->n;
}

/* The digits no peer holds as a value. */
static sk_mask allowed(const sk_grid *g, int cell) {
  sk_mask m = SK_ALL_DIGITS;
  for (int k = 0; k < SK_PEERS; k++) {
    int v = g->value[sk_peer[cell][k]];
    if (v) m &= (sk_mask)~SK_BIT(v);
  }
  return m;
}

static void put_state(out *o, const sk_grid *g) {
  int first = 1;
  for (int c = 0; c < SK_CELLS; c++) {
    if (!g->value[c]) { put(o, '.'); continue; }
    if (!sk_bits_has(&g->givens, c)) put(o, '+');
    put(o, (char)('0' + g->value[c]));
  }
  put(o, ':');
  for (int c = 0; c < SK_CELLS; c++) {
    if (g->value[c]) continue;
    sk_mask lost = allowed(g, c) & (sk_mask)~g->cand[c];
    for (int d = 1; d <= 9; d++)
      if (lost & SK_BIT(d)) put_cand(o, d, c, &first);
  }
}

size_t sk_libline_write_state(char *buf, size_t size, const sk_grid *g) {
  out o = {buf, 0, size};
  put_state(&o, g);
  return finish(&o);
}

static void put_digits(out *o, unsigned mask) {
  for (int d = 1; d <= 9; d++)
    if (mask & SK_BIT(d)) put(o, (char)('0' + d));
}

/* The cands field: HoDoKu falls back on the pattern's digits ("values")
** when an elim rule finds nothing eliminated. */
static void put_cands(out *o, const sk_grid *g, const sk_hint *h, sk_reglib_digits how) {
  unsigned pattern = 0, gone = 0;
  for (int c = 0; c < SK_CELLS; c++) {
    pattern |= h->focus[c];
    gone |= h->elim[c] & g->cand[c];
  }
  switch (how) {
  case SK_DIGITS_ELIM: put_digits(o, gone ? gone : pattern); break;
  case SK_DIGITS_PATTERN: put_digits(o, pattern); break;
  case SK_DIGITS_PLACED: if (h->cell >= 0) put_digits(o, SK_BIT(h->digit)); break;
  case SK_DIGITS_NONE: break;
  }
}

int sk_libline_write(char *buf, size_t size, const sk_grid *g, const sk_hint *h,
                     const sk_reglib_rule *r) {
  const char *code = sk_reglib_code_for(r, h->fig[SK_FIG_TYPE]);
  out o = {buf, 0, size};
  int first = 1;
  if (!code) return -1;
  put(&o, ':');
  puts_(&o, code);
  put(&o, ':');
  put_cands(&o, g, h, r->digits);
  put(&o, ':');
  put_state(&o, g);
  put(&o, ':');
  if (r->place == SK_PLACE_FOCUS) {              /* placements only */
    put(&o, ':');
    for (int d = 1; d <= 9; d++)
      for (int c = 0; c < SK_CELLS; c++)
        if (h->focus[c] & SK_BIT(d)) put_cand(&o, d, c, &first);
  } else {
    for (int d = 1; d <= 9; d++)                /* by digit, then cell */
      for (int c = 0; c < SK_CELLS; c++)
        if (h->elim[c] & g->cand[c] & SK_BIT(d)) put_cand(&o, d, c, &first);
    put(&o, ':');
    if (first && h->cell >= 0 && h->cell < SK_CELLS && h->digit >= 1 && h->digit <= 9)
      put_cand(&o, h->digit, h->cell, &first);
  }
  put(&o, ':');
  if (r->extra == SK_EXTRA_LENGTH) {
    char num[16];
    snprintf(num, sizeof num, "%d", (int)h->fig[SK_FIG_LENGTH]);
    puts_(&o, num);
  }
  return (int)finish(&o);
}

/* }==================================================================== */

/* {====================================================================
** Case lines, as HoDoKu's regression tester reads them
** ===================================================================== */

/* Java's String.trim: drop bytes up to ' ' at both ends. */
static void trim(const char **s, size_t *n) {
  while (*n && (unsigned char)(*s)[0] <= ' ') ++*s, --*n;
  while (*n && (unsigned char)(*s)[*n - 1] <= ' ') --*n;
}

static int put_in(char *buf, size_t size, size_t *at, const char *s, size_t n) {
  if (*at + n + 1 > size) return -1;
  memcpy(buf + *at, s, n);
  *at += n;
  buf[*at] = '\0';
  return 0;
}

int sk_libline_case(const char *line, char *want, size_t wsize, char *start, size_t ssize,
                    int *fail) {
  const char *s = line;
  size_t n = strlen(line), at = 0;
  field f[64];
  *fail = 0;
  trim(&s, &n);
  /* String.split(":") drops the empty fields at the end */
  int nf = split(s, 0, n, f, 64);
  if (nf > 64) return -1;
  while (nf > 0 && f[nf - 1].len == 0) nf--;
  if (nf < 3) return -1;
  const char *dash = memchr(f[1].s, '-', f[1].len);
  size_t code_len = dash ? (size_t)(dash - f[1].s) : f[1].len;
  if (dash) {
    size_t v = code_len + 1;
    if (v >= f[1].len) return -1;
    if (f[1].s[v] == 'x') *fail = 1;
    else
      for (size_t i = v; i < f[1].len; i++)
        if (!is_digit(f[1].s[i])) return -1;
  }
  if (ssize < code_len + f[2].len + 4) return -1;
  snprintf(start, ssize, ":%.*s:%.*s:", (int)code_len, f[1].s, (int)f[2].len, f[2].s);
  if (!dash) return put_in(want, wsize, &at, s, n);
  f[1].len = code_len;                 /* rebuilt: ':' after each of the first 7 parts */
  want[0] = '\0';
  for (int i = 0; i < nf; i++)
    if (put_in(want, wsize, &at, f[i].s, f[i].len) || (i < 7 && put_in(want, wsize, &at, ":", 1)))
      return -1;
  if (nf < 7 && put_in(want, wsize, &at, ":", 1)) return -1;
  return 0;
}

int sk_libline_same_but_extra(const char *a, const char *b) {
  const char *ea = strrchr(a, ':'), *eb = strrchr(b, ':');
  if (!ea || !eb) return 0;
  return ea - a == eb - b && memcmp(a, b, (size_t)(ea - a)) == 0;
}

/* }==================================================================== */
