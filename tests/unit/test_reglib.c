/*
** test_reglib.c -- HoDoKu's library lines and the table keys that serve
** them: reading a line (fields, grid, errors with their column), writing
** a hint as HoDoKu's line, the regression tester's reading of case lines,
** the tables' aliases/enabled/params/attrs/reglib keys, and -- with
** SK_SHARED -- every case of HoDoKu's reglib-1.3.txt read and its state
** written back byte for byte.
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
#include "sk_reglib.h"
#include "sk_table.h"

/* HoDoKu's example 1 (reglib-1.3.txt's header): a naked single 8 in r2c9 */
static const char ex1[] =
  ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44"
  "+2.6+3.+1+75:::829:";
/* example 2: a uniqueness test 4 with deleted candidates */
static const char ex2[] =
  ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1..."
  "35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";

static sk_libline *parse_ok(const char *s) {
  static sk_libline l;
  char msg[160];
  if (sk_libline_parse(s, strlen(s), &l, msg, sizeof msg) != 0) fail_msg("%s: %s", s, msg);
  return &l;
}

static void parse_bad(const char *s, const char *want) {
  sk_libline l;
  char msg[160] = "";
  if (sk_libline_parse(s, strlen(s), &l, msg, sizeof msg) == 0) fail_msg("accepted: %s", s);
  assert_string_equal(msg, want);
}

/* {--- reading ---} */

static void read_fields(void **state) {
  (void)state;
  sk_libline *l = parse_ok(ex2);
  assert_string_equal(l->code, "0603");
  assert_string_equal(l->variant, "");
  assert_string_equal(l->cands, "3");
  assert_int_equal(l->values[0], 1);
  assert_int_equal(l->values[2], 8);
  assert_true(sk_bits_has(&l->placed, 2));
  assert_false(sk_bits_has(&l->placed, 0));
  assert_int_equal(l->ndeleted, 18);
  assert_int_equal(l->deleted[0].digit, 2);
  assert_int_equal(l->deleted[0].cell, 1 * 9 + 3);
  assert_int_equal(l->nelim, 2);
  assert_int_equal(l->elim[1].cell, 5 * 9 + 4);
  assert_int_equal(l->nplace, 0);
  assert_int_equal(l->has_extra, 1);
  l = parse_ok(":0711-1:6:3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4......."
               "5..79.+1::612 616::7");
  assert_string_equal(l->variant, "1");
  assert_string_equal(l->extra, "7");
  l = parse_ok(":0610-x::" "6...534.7....4256.254867391.4..96.1.162385749.3..14.5....42193..1.57...442.63.175"
               ":714::");
  assert_string_equal(l->variant, "x");
  assert_int_equal(l->has_extra, 0);
}

static void read_grid_state(void **state) {
  (void)state;
  sk_grid g;
  sk_libline *l = parse_ok(ex2);
  assert_int_equal(sk_libline_grid(l, &g, NULL), 0);
  assert_true(sk_bits_has(&g.givens, 0));
  assert_false(sk_bits_has(&g.givens, 2));     /* +8: placed */
  assert_false(g.cand[1 * 9 + 3] & SK_BIT(2)); /* 224 deleted */
  /* the same through the puzzle reader */
  sk_puzzle p;
  sk_grid h;
  assert_int_equal(sk_parse_line(ex2, &p), 0);
  assert_int_equal(p.format, SK_FMT_LIBRARY);
  assert_string_equal(p.raw, ex2);
  assert_int_equal(sk_puzzle_grid(&p, &h, NULL), 0);
  assert_memory_equal(g.value, h.value, sizeof g.value);
  assert_memory_equal(g.cand, h.cand, sizeof g.cand);
  assert_true(sk_bits_equal(g.givens, h.givens));
  assert_int_equal(g.nempty, h.nempty);
  assert_true(sk_grid_consistent(&h));
  sk_puzzle_free(&p);
}

static void read_errors(void **state) {
  (void)state;
  const char *grid = "6...534.7....4256.254867391.4..96.1.162385749.3..14.5....42193..1.57...442.63.175";
  char line[300];
  parse_bad("0003:8:", "column 1: a library line starts with ':'");
  parse_bad(":0003:8:x", "column 1: a library line has 6 or 7 ':' (:code:cands:givens:deleted:"
            "elims:placements:extra), this one 3");
  snprintf(line, sizeof line, "::8:%s:::829:", grid);
  parse_bad(line, "column 2: a library line starts with ':CODE:' (no code)");
  snprintf(line, sizeof line, ":0003-y:8:%s:::829:", grid);
  parse_bad(line, "column 7: a variant is a number or 'x'");
  snprintf(line, sizeof line, ":0003:80:%s:::829:", grid);
  parse_bad(line, "column 8: bad character '0' in the candidates field (digits 1-9)");
  snprintf(line, sizeof line, ":0003:8:%.80s:::829:", grid);
  parse_bad(line, "column 89: the grid has 80 cells, not 81");
  snprintf(line, sizeof line, ":0003:8:+.%.80s:::829:", grid);
  parse_bad(line, "column 10: '+' must come before a digit 1-9");
  snprintf(line, sizeof line, ":0003:8:%s:12:::", grid);
  parse_bad(line, "column 91: deleted candidates: a candidate is 3 digits (digit, row, column)");
  snprintf(line, sizeof line, ":0003:8:%s:::809:", grid);
  parse_bad(line, "column 94: placements: digits, rows and columns are 1-9");
  /* the reader: file:line, and the next puzzle still read */
  snprintf(line, sizeof line, ":0003:8:%s:::8x9:\n%s\n", grid, grid);
  FILE *f = fmemopen(line, strlen(line), "r");
  sk_reader *r = sk_reader_open(f, "lib.txt");
  sk_puzzle p;
  assert_int_equal(sk_reader_next(r, &p), 1);
  assert_int_equal(p.ok, 0);
  assert_string_equal(p.error, "lib.txt:1: column 94: placements: digits, rows and columns are 1-9");
  sk_puzzle_free(&p);
  assert_int_equal(sk_reader_next(r, &p), 1);
  assert_int_equal(p.ok, 1);
  assert_int_equal(p.format, SK_FMT_LINE);
  sk_puzzle_free(&p);
  sk_reader_close(r);
  fclose(f);
  /* two equal values in a house */
  snprintf(line, sizeof line, ":0003:8:66..53.7.%s:::829:", grid + 9);
  sk_puzzle q;
  assert_int_equal(sk_parse_line(line, &q), -1);
  assert_string_equal(q.error, "digit 6 given twice in row 1 (r1c1, r1c2)");
  sk_puzzle_free(&q);
}

/* }--- */

/* {--- writing ---} */

static const sk_reglib_rule *rule(const char *code, sk_reglib_digits digits) {
  static sk_reglib_code c;
  static sk_reglib_rule r;
  static char text[16];
  snprintf(text, sizeof text, "%s", code);
  c.type = -1;
  c.code = text;
  memset(&r, 0, sizeof r);
  r.ncode = 1;
  r.code = &c;
  r.digits = digits;
  return &r;
}

static void write_single(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h;
  char out[SK_LIBLINE_MAX];
  assert_int_equal(sk_libline_grid(parse_ok(ex1), &g, NULL), 0);
  memset(&h, 0, sizeof h);
  h.cell = 1 * 9 + 8;
  h.digit = 8;
  h.focus[h.cell] = SK_BIT(8);
  assert_int_equal(sk_libline_write(out, sizeof out, &g, &h, rule("0003", SK_DIGITS_PATTERN)),
                   (int)strlen(ex1));
  assert_string_equal(out, ex1);
  sk_libline_write(out, sizeof out, &g, &h, rule("0003", SK_DIGITS_NONE));
  assert_memory_equal(out, ":0003::", 7);
}

static void write_elims(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h;
  char out[SK_LIBLINE_MAX];
  assert_int_equal(sk_libline_grid(parse_ok(ex2), &g, NULL), 0);
  memset(&h, 0, sizeof h);
  h.cell = -1;
  h.elim[5 * 9 + 4] = SK_BIT(3);               /* given out of order: written by digit, cell */
  h.elim[5 * 9 + 3] = SK_BIT(3);
  h.focus[0] = SK_BIT(3) | SK_BIT(4);
  h.fig[SK_FIG_LENGTH] = 9;
  sk_reglib_rule r = *rule("0603", SK_DIGITS_ELIM);
  assert_true(sk_libline_write(out, sizeof out, &g, &h, &r) > 0);
  assert_string_equal(out, ex2);
  r.extra = SK_EXTRA_LENGTH;
  sk_libline_write(out, sizeof out, &g, &h, &r);
  assert_true(strlen(out) == strlen(ex2) + 1 && out[strlen(ex2)] == '9');
  /* a code by type: none for type 2 */
  sk_reglib_code codes[2] = {{0, "0310"}, {1, "03101"}};
  sk_reglib_rule by = {.ncode = 2, .code = codes};
  h.fig[SK_FIG_TYPE] = 1;
  sk_libline_write(out, sizeof out, &g, &h, &by);
  assert_memory_equal(out, ":03101:34:", 10);
  h.fig[SK_FIG_TYPE] = 2;
  assert_int_equal(sk_libline_write(out, sizeof out, &g, &h, &by), -1);
  /* a short buffer is cut, the length is the whole line's */
  h.fig[SK_FIG_TYPE] = 0;
  char tiny[8];
  assert_int_equal(sk_libline_write(tiny, sizeof tiny, &g, &h, rule("0603", SK_DIGITS_ELIM)),
                   (int)strlen(ex2));
  assert_string_equal(tiny, ":0603:3");
}

/* placements: focus -- every focus candidate written as a placement, by
** digit then cell, and no eliminations (HoDoKu's Template Set) */
static void write_placements(void **state) {
  (void)state;
  sk_grid g;
  sk_hint h;
  char out[SK_LIBLINE_MAX], want[64];
  assert_int_equal(sk_libline_grid(parse_ok(ex2), &g, NULL), 0);
  int cells[2], n = 0;
  for (int c = 0; c < SK_CELLS && n < 2; c++)
    if (!g.value[c]) cells[n++] = c;
  assert_int_equal(n, 2);
  int d0 = sk_mask_first(g.cand[cells[0]]), d1 = sk_mask_first(g.cand[cells[1]]);
  memset(&h, 0, sizeof h);
  h.cell = cells[0];
  h.digit = d0;
  h.focus[cells[1]] = SK_BIT(d1);               /* digit order first */
  h.focus[cells[0]] = SK_BIT(d0);
  h.elim[cells[0]] = (sk_mask)(g.cand[cells[0]] & ~SK_BIT(d0));
  sk_reglib_rule r = *rule("1201", SK_DIGITS_PATTERN);
  r.place = SK_PLACE_FOCUS;
  assert_true(sk_libline_write(out, sizeof out, &g, &h, &r) > 0);
  int a = d0 <= d1 ? 0 : 1;
  int ca = cells[a], cb = cells[1 - a], da = a ? d1 : d0, db = a ? d0 : d1;
  if (da == db && ca > cb) { int t = ca; ca = cb; cb = t; }
  snprintf(want, sizeof want, "::%d%d%d %d%d%d:", da, ca / 9 + 1, ca % 9 + 1, db, cb / 9 + 1,
           cb % 9 + 1);
  size_t lo = strlen(out), lw = strlen(want);
  assert_true(lo > lw);
  assert_string_equal(out + lo - lw, want);
  /* the default rule writes the eliminations instead */
  r.place = SK_PLACE_CELL;
  sk_libline_write(out, sizeof out, &g, &h, &r);
  assert_true(strlen(out) < lw || strcmp(out + strlen(out) - lw, want) != 0);
}

/* }--- */

/* {--- case lines ---} */

static void case_lines(void **state) {
  (void)state;
  char want[SK_LIBLINE_MAX], start[64];
  int fail;
  assert_int_equal(sk_libline_case("  :0000:1:x:::182:  ", want, sizeof want, start, sizeof start, &fail), 0);
  assert_string_equal(want, ":0000:1:x:::182:");
  assert_string_equal(start, ":0000:1:");
  assert_int_equal(fail, 0);
  assert_int_equal(sk_libline_case(":0711-1:6:g::612 616::7", want, sizeof want, start, sizeof start, &fail), 0);
  assert_string_equal(want, ":0711:6:g::612 616::7");
  assert_string_equal(start, ":0711:6:");
  /* the empty fields at the end are dropped, then ':' added up to seven */
  assert_int_equal(sk_libline_case(":0606-1:5:g:d:e::", want, sizeof want, start, sizeof start, &fail), 0);
  assert_string_equal(want, ":0606:5:g:d:e::");
  assert_int_equal(sk_libline_case(":0610-x::g:d:", want, sizeof want, start, sizeof start, &fail), 0);
  assert_int_equal(fail, 1);
  assert_string_equal(start, ":0610::");
  assert_int_equal(sk_libline_case(":0610-a::g:", want, sizeof want, start, sizeof start, &fail), -1);
  assert_int_equal(sk_libline_case(":0610", want, sizeof want, start, sizeof start, &fail), -1);
  assert_true(sk_libline_same_but_extra(":0711:6:g::612::7", ":0711:6:g::612::9"));
  assert_false(sk_libline_same_but_extra(":0711:6:g::612::7", ":0711:6:g::613::7"));
}

/* }--- */

/* {--- table keys ---} */

static sk_table *table_ok(const char *text) {
  sk_error err = {{0}};
  sk_table *t = sk_table_parse(text, strlen(text), "t.yaml", &err);
  if (!t) fail_msg("unexpected error: %s", err.msg);
  return t;
}

static void table_bad(const char *text, const char *want) {
  sk_error err = {{0}};
  sk_table *t = sk_table_parse(text, strlen(text), "t.yaml", &err);
  if (t) {
    sk_table_free(t);
    fail_msg("accepted, expected: %s", want);
  }
  assert_string_equal(err.msg, want);
}

static const char keys[] =
  "name: t\n"
  "techniques:\n"
  "  - id: finned-x-wing\n"
  "    base: 1.3\n"
  "    aliases: [fbf2, \"0310\"]\n"
  "    enabled: false\n"
  "    params: {max-fins: 5, duals: true, off: false, neg: -2}\n"
  "    attrs: {index: 4100, score: 130, level: hard}\n"
  "    reglib: {codes: {0: \"0310\", 1: \"03101\"}, digits: pattern, params: {max-fins: 3},\n"
  "             variants: {1: {endo: 1, duals: 0}, x: {endo: 2}}}\n"
  "  - id: x-chain\n"
  "    base: 2.6\n"
  "    reglib: {code: \"0701\", digits: elim, extra: length}\n"
  "  - id: plain\n"
  "    base: 1\n";

static void check_keys(const sk_table *t) {
  assert_int_equal(sk_table_lookup(t, "fbf2"), 0);
  assert_int_equal(sk_table_lookup(t, "0310"), 0);
  assert_int_equal(sk_table_lookup(t, "x-chain"), 1);
  assert_int_equal(sk_table_lookup(t, "nope"), -1);
  assert_int_equal(sk_table_find(t, "fbf2"), -1);
  const sk_table_entry *e = &t->entry[0];
  assert_int_equal(e->disabled, 1);
  assert_int_equal(t->entry[1].disabled, 0);
  assert_int_equal(sk_table_param(e, "max-fins", 0), 5);
  assert_int_equal(sk_table_param(e, "duals", 0), 1);
  assert_int_equal(sk_table_param(e, "off", 7), 0);
  assert_int_equal(sk_table_param(e, "neg", 0), -2);
  assert_int_equal(sk_table_param(e, "absent", 42), 42);
  assert_int_equal(sk_table_param(&t->entry[2], "max-fins", 42), 42);
  assert_string_equal(sk_table_attr(e, "level"), "hard");
  assert_string_equal(sk_table_attr(e, "index"), "4100");
  assert_null(sk_table_attr(e, "nope"));
  assert_null(sk_table_attr(&t->entry[2], "index"));
  const sk_reglib_rule *r = sk_table_reglib(e);
  assert_non_null(r);
  assert_string_equal(sk_reglib_code_for(r, 0), "0310");
  assert_string_equal(sk_reglib_code_for(r, 1), "03101");
  assert_null(sk_reglib_code_for(r, 2));
  assert_int_equal(r->digits, SK_DIGITS_PATTERN);
  assert_int_equal(r->nparam, 1);
  assert_string_equal(r->param[0].name, "max-fins");
  assert_int_equal(r->param[0].value, 3);
  int n;
  const sk_param *v = sk_reglib_variant_params(r, "1", &n);
  assert_int_equal(n, 2);
  assert_string_equal(v[1].name, "duals");
  assert_int_equal(v[1].value, 0);
  v = sk_reglib_variant_params(r, "x", &n);
  assert_int_equal(n, 1);
  assert_int_equal(v[0].value, 2);
  assert_null(sk_reglib_variant_params(r, "2", &n));
  assert_int_equal(n, 0);
  r = sk_table_reglib(&t->entry[1]);
  assert_string_equal(sk_reglib_code_for(r, 5), "0701");
  assert_int_equal(r->digits, SK_DIGITS_ELIM);
  assert_int_equal(r->extra, SK_EXTRA_LENGTH);
  assert_null(sk_table_reglib(&t->entry[2]));
}

static void table_keys(void **state) {
  (void)state;
  sk_table *t = table_ok(keys);
  check_keys(t);
  sk_table *c = sk_table_copy(t);
  sk_table_free(t);
  check_keys(c);
  /* entries dropped as the older code drops them: the table still owns the keys */
  free(c->entry[0].id), free(c->entry[0].name), free(c->entry[0].provenance);
  memmove(c->entry, c->entry + 1, (size_t)(c->n - 1) * sizeof *c->entry);
  c->n--;
  assert_int_equal(sk_table_lookup(c, "fbf2"), -1);
  assert_string_equal(sk_reglib_code_for(sk_table_reglib(&c->entry[0]), 0), "0701");
  sk_table_free(c);
}

#define ENTRY(body) "name: t\ntechniques:\n  - id: a\n    base: 1\n" body

static void table_key_errors(void **state) {
  (void)state;
  table_bad(ENTRY("    aliases: [b, b]\n"), "t.yaml:5:18: alias 'b' given twice");
  table_bad(ENTRY("    aliases: [a]\n"), "t.yaml:5:15: alias 'a' already names technique 'a' (its id, line 3)");
  table_bad(ENTRY("  - id: b\n    base: 1\n    aliases: [x, a]\n"),
            "t.yaml:7:18: alias 'a' already names technique 'a' (its id, line 3)");
  table_bad(ENTRY("    aliases: [x]\n  - id: b\n    base: 1\n    aliases: [x]\n"),
            "t.yaml:8:15: alias 'x' already names technique 'a' (an alias, line 3)");
  table_bad(ENTRY("    aliases: [b]\n  - id: b\n    base: 1\n"),
            "t.yaml:6:9: technique id 'b' is already an alias of 'a' (line 3)");
  table_bad(ENTRY("    aliases: x\n"), "t.yaml:5:14: 'aliases' must be a sequence, not 'x'");
  table_bad(ENTRY("    aliases: [\"a b\"]\n"),
            "t.yaml:5:15: bad alias 'a b' (use letters, digits, '-' and '_', at most 64 characters)");
  table_bad(ENTRY("    enabled: 0\n"), "t.yaml:5:14: 'enabled' must be true or false, not '0'");
  table_bad(ENTRY("    params: {n: 1.5}\n"), "t.yaml:5:17: parameter 'n' must be a whole number, not '1.5'");
  table_bad(ENTRY("    params: [1]\n"), "t.yaml:5:13: 'params' must be a mapping, not a sequence");
  table_bad(ENTRY("    params: {n: 1, n: 2}\n"), "t.yaml:5:20: duplicate key 'n' in 'params' (first at line 5)");
  table_bad(ENTRY("    attrs: {a: [1]}\n"), "t.yaml:5:16: attribute 'a' must be text, not a sequence");
  table_bad(ENTRY("    reglib: {digits: elim}\n"), "t.yaml:5:13: 'reglib' needs 'code' or 'codes'");
  table_bad(ENTRY("    reglib: {code: \"01\", codes: {0: \"02\"}}\n"),
            "t.yaml:5:26: 'reglib' has both 'code' and 'codes' (give one)");
  table_bad(ENTRY("    reglib: {code: \"01\", digits: all}\n"),
            "t.yaml:5:34: 'digits' must be pattern, elim, placed or none, not 'all'");
  table_bad(ENTRY("    reglib: {code: \"01\", extra: size}\n"),
            "t.yaml:5:33: 'extra' must be length or none, not 'size'");
  table_bad(ENTRY("    reglib: {code: \"0 1\"}\n"),
            "t.yaml:5:20: bad library code '0 1' (letters and digits, at most 15)");
  table_bad(ENTRY("    reglib: {codes: {x: \"01\"}}\n"),
            "t.yaml:5:22: a 'codes' key (a type figure) must be a whole number, not 'x'");
  table_bad(ENTRY("    reglib: {code: \"01\", size: 2}\n"),
            "t.yaml:5:26: unknown key 'size' in 'reglib' (known: code, codes, digits, extra, params, variants, placements)");
  table_bad(ENTRY("    reglib: {code: \"01\", variants: {y: {a: 1}}}\n"),
            "t.yaml:5:37: a variant is a number or 'x', not 'y'");
  table_bad(ENTRY("    reglib: {code: \"01\", variants: {1: {a: b}}}\n"),
            "t.yaml:5:44: parameter 'a' must be a whole number, not 'b'");
}

/* }--- */

/* {--- HoDoKu's library, with SK_SHARED ---} */

/* The givens:deleted fields of a line: after its third ':' up to its fifth. */
static int state_of(const char *line, const char **s, size_t *n) {
  const char *p = line;
  for (int k = 0; k < 3; k++)
    if (!(p = strchr(p, ':'))) return -1;
    else p++;
  const char *e = strchr(p, ':');
  if (!e || !(e = strchr(e + 1, ':'))) return -1;
  *s = p;
  *n = (size_t)(e - p);
  return 0;
}

static void library_round_trip(void **state) {
  (void)state;
  const char *shared = getenv("SK_SHARED");
  char path[1024], buf[SK_LIBLINE_MAX], msg[160];
  if (!shared) { skip(); return; }
  snprintf(path, sizeof path, "%s/data/hodoku/reglib-1.3.txt", shared);
  FILE *f = fopen(path, "r");
  if (!f) { print_message("%s not found: skipped\n", path); skip(); return; }
  static char line[SK_LIBLINE_MAX];
  static sk_libline l;
  int cases = 0, lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    size_t n = strcspn(line, "\r\n");
    line[n] = '\0';
    if (line[0] != ':') continue;
    const char *s = NULL;
    size_t sn = 0;
    sk_grid g;
    if (sk_libline_parse(line, n, &l, msg, sizeof msg) != 0) fail_msg("line %d: %s", lineno, msg);
    assert_int_equal(sk_libline_grid(&l, &g, NULL), 0);
    assert_int_equal(state_of(line, &s, &sn), 0);
    size_t wn = sk_libline_write_state(buf, sizeof buf, &g);
    if (wn != sn || memcmp(buf, s, sn) != 0)
      fail_msg("line %d: state written back differs:\n  read  %.*s\n  wrote %s", lineno, (int)sn, s, buf);
    cases++;
  }
  fclose(f);
  assert_int_equal(cases, 1112);
}

/* }--- */

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(read_fields),
    cmocka_unit_test(read_grid_state),
    cmocka_unit_test(read_errors),
    cmocka_unit_test(write_single),
    cmocka_unit_test(write_elims),
    cmocka_unit_test(case_lines),
    cmocka_unit_test(table_keys),
    cmocka_unit_test(write_placements),
    cmocka_unit_test(table_key_errors),
    cmocka_unit_test(library_round_trip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
