/*
** test_table.c -- rating tables: ratings/se.yaml against SE 1.2.1's numbers,
** the modifier rules, and every kind of bad input with its exact message.
*/
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_table.h"
#include "sk_plugin.h"

#define TABLES SK_BUILD_RATINGS_DIR "/../tests/data/tables"

/* {--- helpers ---} */

static sk_table *load_se(void) {
  sk_error err = {{0}};
  char *path = sk_table_resolve("se", &err);
  assert_non_null(path);
  sk_table *t = sk_table_load(path, &err);
  if (!t) fail_msg("%s", err.msg);
  free(path);
  return t;
}

static const sk_table_entry *entry(const sk_table *t, const char *id) {
  int i = sk_table_find(t, id);
  if (i < 0) fail_msg("no technique '%s'", id);
  return &t->entry[i];
}

/* difficulty with figures size, length, type, complexity */
static int32_t diff(const sk_table_entry *e, int32_t size, int32_t length, int32_t type,
                    int32_t complexity) {
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_SIZE] = size;
  fig[SK_FIG_LENGTH] = length;
  fig[SK_FIG_TYPE] = type;
  fig[SK_FIG_COMPLEXITY] = complexity;
  return sk_table_difficulty(e, fig);
}

static sk_table *parse_ok(const char *text) {
  sk_error err = {{0}};
  sk_table *t = sk_table_parse(text, strlen(text), "t.yaml", &err);
  if (!t) fail_msg("unexpected error: %s", err.msg);
  return t;
}

/* text must be refused with exactly this message */
static void refused_n(const char *text, size_t len, const char *msg) {
  sk_error err = {{0}};
  sk_table *t = sk_table_parse(text, len, "t.yaml", &err);
  if (t) {
    sk_table_free(t);
    fail_msg("accepted, expected: %s", msg);
  }
  assert_string_equal(err.msg, msg);
}

static void refused(const char *text, const char *msg) {
  refused_n(text, strlen(text), msg);
}

/* one technique "a" with the given lines after "- id: a" */
#define ONE(body) "name: t\ntechniques:\n  - id: a\n" body

/* {--- se.yaml ---} */

static void se_order_and_bases(void **state) {
  static const struct { const char *id; int32_t base; } se[] = {
    {"full-house", 1000}, {"hidden-single-block", 1200}, {"hidden-single-line", 1500},
    {"direct-pointing", 1700}, {"direct-claiming", 1900}, {"direct-hidden-pair", 2000},
    {"naked-single", 2300}, {"direct-hidden-triple", 2500}, {"pointing", 2600},
    {"claiming", 2800}, {"naked-pair", 3000}, {"x-wing", 3200}, {"hidden-pair", 3400},
    {"naked-triple", 3600}, {"swordfish", 3800}, {"hidden-triple", 4000}, {"xy-wing", 4200},
    {"xyz-wing", 4400}, {"unique-loop", 4500}, {"naked-quad", 5000}, {"jellyfish", 5200},
    {"hidden-quad", 5400}, {"bug", 5600}, {"aligned-pair-exclusion", 6200},
    {"static-chains", 6500}, {"aligned-triple-exclusion", 7500}, {"nishio-chains", 7500},
    {"multiple-chains", 8000}, {"dynamic-chains", 8500}, {"dynamic-chains-plus", 9000},
    {"nested-chains-2", 9500}, {"nested-chains-3", 10000}, {"nested-chains-4", 10500},
    {"nested-chains-5", 11000},
  };
  (void)state;
  sk_table *t = load_se();
  assert_string_equal(t->name, "se");
  assert_non_null(t->description);
  assert_int_equal(t->n, (int)(sizeof se / sizeof *se));
  for (int i = 0; i < t->n; i++) {
    assert_string_equal(t->entry[i].id, se[i].id);
    assert_int_equal(t->entry[i].base, se[i].base);
    assert_non_null(t->entry[i].name);
    /* a technique without modifiers rates its base whatever the figures */
    if (t->entry[i].nmod == 0) assert_int_equal(diff(&t->entry[i], 7, 9, 3, 40), se[i].base);
  }
  assert_string_equal(entry(t, "static-chains")->name, "Forcing Chains & Cycles");
  assert_string_equal(entry(t, "direct-hidden-triple")->name, "Direct Hidden Triplet");
  assert_int_equal(t->entry[0].line, 21);   /* "- id: full-house" */
  assert_int_equal(t->entry[0].column, 5);
  sk_table_free(t);
}

static void se_unique_loop(void **state) {
  (void)state;
  sk_table *t = load_se();
  const sk_table_entry *ul = entry(t, "unique-loop");
  /* types 1, 2, 4 report size 0: length alone */
  assert_int_equal(diff(ul, 0, 4, 1, 0), 4500);
  assert_int_equal(diff(ul, 0, 6, 2, 0), 4600);
  assert_int_equal(diff(ul, 0, 8, 4, 0), 4700);
  assert_int_equal(diff(ul, 0, 10, 1, 0), 5000);
  assert_int_equal(diff(ul, 0, 12, 1, 0), 5000);
  assert_int_equal(diff(ul, 0, 14, 1, 0), 5000);
  /* type 3: + 0.1 x (size - 1) */
  assert_int_equal(diff(ul, 2, 4, 3, 0), 4600);   /* naked pair with the virtual cell */
  assert_int_equal(diff(ul, 3, 4, 3, 0), 4700);
  assert_int_equal(diff(ul, 4, 4, 3, 0), 4800);
  assert_int_equal(diff(ul, 1, 4, 3, 0), 4500);   /* hidden set with one other cell */
  assert_int_equal(diff(ul, 2, 6, 3, 0), 4700);
  assert_int_equal(diff(ul, 3, 8, 3, 0), 4900);
  assert_int_equal(diff(ul, 4, 10, 3, 0), 5300);  /* SE's 5.3 maximum of a 10-loop */
  sk_table_free(t);
}

static void se_bug(void **state) {
  (void)state;
  sk_table *t = load_se();
  const sk_table_entry *bug = entry(t, "bug");
  assert_int_equal(diff(bug, 0, 0, 1, 0), 5600);
  assert_int_equal(diff(bug, 0, 0, 2, 0), 5700);
  assert_int_equal(diff(bug, 0, 0, 4, 0), 5700);
  assert_int_equal(diff(bug, 2, 0, 3, 0), 5800);
  assert_int_equal(diff(bug, 3, 0, 3, 0), 5900);
  assert_int_equal(diff(bug, 4, 0, 3, 0), 6000);
  assert_int_equal(diff(bug, 5, 0, 3, 0), 6100);
  assert_int_equal(diff(bug, 6, 0, 3, 0), 6200);
  sk_table_free(t);
}

/* SE's length bonus by n = complexity - 2 (se-rating-facts.md §4.4) */
static const struct { int32_t n, bonus; } chain_rows[] = {
  {-2, 0}, {0, 0}, {4, 0}, {5, 100}, {6, 100}, {7, 200}, {8, 200}, {9, 300}, {12, 300},
  {13, 400}, {16, 400}, {17, 500}, {24, 500}, {25, 600}, {32, 600}, {33, 700}, {48, 700},
  {49, 800}, {64, 800}, {65, 900}, {96, 900}, {97, 1000}, {128, 1000}, {129, 1100},
  {192, 1100}, {193, 1200}, {256, 1200}, {257, 1300}, {384, 1300}, {385, 1400},
  /* 2^31 - 3: past 4 * 2^k for k = 0..28 and 6 * 2^k for k = 0..28, 58 thresholds */
  {INT32_MAX - 2, 5800},
};

static void se_static_chains(void **state) {
  (void)state;
  sk_table *t = load_se();
  const sk_table_entry *e = entry(t, "static-chains");
  for (size_t i = 0; i < sizeof chain_rows / sizeof *chain_rows; i++) {
    int32_t cx = chain_rows[i].n + 2, b = chain_rows[i].bonus;
    assert_int_equal(diff(e, 0, 0, 1, cx), 6500 + b);   /* X-cycle */
    assert_int_equal(diff(e, 0, 0, 2, cx), 6500 + b);   /* Y-cycle */
    assert_int_equal(diff(e, 0, 0, 3, cx), 6600 + b);   /* forcing X-chain */
    assert_int_equal(diff(e, 0, 0, 4, cx), 7000 + b);   /* XY-cycle */
    assert_int_equal(diff(e, 0, 0, 5, cx), 7000 + b);   /* forcing XY-chain */
  }
  sk_table_free(t);
}

static void se_other_chains(void **state) {
  static const struct { const char *id; int32_t base; } chains[] = {
    {"nishio-chains", 7500}, {"multiple-chains", 8000}, {"dynamic-chains", 8500},
    {"dynamic-chains-plus", 9000}, {"nested-chains-2", 9500}, {"nested-chains-3", 10000},
    {"nested-chains-4", 10500}, {"nested-chains-5", 11000},
  };
  (void)state;
  sk_table *t = load_se();
  for (size_t c = 0; c < sizeof chains / sizeof *chains; c++) {
    const sk_table_entry *e = entry(t, chains[c].id);
    for (size_t i = 0; i < sizeof chain_rows / sizeof *chain_rows; i++)
      assert_int_equal(diff(e, 0, 0, 0, chain_rows[i].n + 2), chains[c].base + chain_rows[i].bonus);
    assert_int_equal(diff(e, 0, 0, 0, INT32_MIN), chains[c].base);
  }
  /* figures left out count as 0 */
  assert_int_equal(sk_table_difficulty(entry(t, "dynamic-chains"), NULL), 8500);
  sk_table_free(t);
}

static void se_describe(void **state) {
  char buf[200];
  (void)state;
  sk_table *t = load_se();
  sk_table_describe(entry(t, "unique-loop"), buf, sizeof buf);
  assert_string_equal(buf, "4.5 + steps(length){6:+0.1, 8:+0.2, 10:+0.5} + linear(size, 0.1 from 1)");
  sk_table_describe(entry(t, "static-chains"), buf, sizeof buf);
  assert_string_equal(buf, "6.5 + map(type){1:+0.0, 2:+0.0, 3:+0.1, 4:+0.5, 5:+0.5}"
                           " + chain(complexity-2; +0.1 past 4, 6, 8, 12, ...)");
  sk_table_describe(entry(t, "nested-chains-3"), buf, sizeof buf);
  assert_string_equal(buf, "10.0 + chain(complexity-2; +0.1 past 4, 6, 8, 12, ...)");
  sk_table_describe(entry(t, "x-wing"), buf, sizeof buf);
  assert_string_equal(buf, "3.2");
  sk_table_describe(entry(t, "unique-loop"), buf, 8);   /* truncates, stays terminated */
  assert_string_equal(buf, "4.5 + s");
  sk_table_free(t);
}

/* {--- values and modifiers ---} */

static void decimals_exact(void **state) {
  static const struct { const char *text; int32_t milli; } v[] = {
    {"4.5", 4500}, {"0.1", 100}, {"10", 10000}, {"0.125", 125}, {"4.50", 4500},
    {"+2", 2000}, {"100", 100000}, {"0", 0}, {"4.", 4000}, {".5", 500}, {"-0", 0},
    {"99.999", 99999}, {"0.001", 1}, {"0007.2", 7200},
  };
  (void)state;
  for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
    char text[200];
    snprintf(text, sizeof text, ONE("    base: %s\n"), v[i].text);
    sk_table *t = parse_ok(text);
    assert_int_equal(t->entry[0].base, v[i].milli);
    sk_table_free(t);
  }
}

static void modifier_kinds(void **state) {
  (void)state;
  sk_table *t = parse_ok(
    "name: t\n"
    "description: test table\n"
    "source: made up\n"
    "notes: |\n  free text\n  over lines\n"
    "techniques:\n"
    "  - id: s\n    base: 1\n    provenance: invented\n    note: keys are sorted\n"
    "    modifiers:\n"
    "      - {figure: extra, steps: {10: 0.5, 6: 0.1, 8: 0.2}, source: forum}\n"
    "  - id: m\n    base: 2\n    name: \"Map\"\n"
    "    modifiers: [{figure: type, map: {1: 1, 3: 0.3}}]\n"
    "  - id: l\n    base: 0\n"
    "    modifiers: [{figure: size, linear: 0.25}]\n"
    "  - id: c\n    base: 0\n"
    "    modifiers: [{figure: length, chain: {offset: 0, first: 2, step: 1}}]\n");
  assert_string_equal(t->description, "test table");
  const sk_table_entry *s = &t->entry[0], *m = &t->entry[1], *l = &t->entry[2], *c = &t->entry[3];
  assert_string_equal(s->provenance, "invented");
  assert_string_equal(s->mod[0].provenance, "forum");
  assert_null(s->name);
  assert_null(m->provenance);
  assert_null(m->mod[0].provenance);
  assert_string_equal(m->name, "Map");
  assert_int_equal(s->mod[0].nkeys, 3);
  assert_int_equal(s->mod[0].key[0], 6);
  assert_int_equal(s->mod[0].key[2], 10);
  int32_t fig[SK_FIG_COUNT] = {0};
  const int32_t steps[][2] = {{0, 1000}, {5, 1000}, {6, 1100}, {7, 1100}, {9, 1200}, {10, 1500}, {99, 1500}};
  for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
    fig[SK_FIG_EXTRA] = steps[i][0];
    assert_int_equal(sk_table_difficulty(s, fig), steps[i][1]);
  }
  const int32_t map[][2] = {{0, 2000}, {1, 3000}, {2, 2000}, {3, 2300}, {4, 2000}};
  for (size_t i = 0; i < sizeof map / sizeof *map; i++) {
    fig[SK_FIG_TYPE] = map[i][0];
    assert_int_equal(sk_table_difficulty(m, fig), map[i][1]);
  }
  const int32_t lin[][2] = {{-5, 0}, {0, 0}, {1, 250}, {4, 1000}, {INT32_MAX, INT32_MAX}};
  for (size_t i = 0; i < sizeof lin / sizeof *lin; i++) {
    fig[SK_FIG_SIZE] = lin[i][0];   /* the last one saturates instead of wrapping */
    assert_int_equal(sk_table_difficulty(l, fig), lin[i][1]);
  }
  /* first 2: thresholds 2, 3, 4, 6, 8, 12... */
  const int32_t ch[][2] = {{2, 0}, {3, 1000}, {4, 2000}, {5, 3000}, {6, 3000}, {7, 4000},
                           {INT32_MAX, 60000}};
  for (size_t i = 0; i < sizeof ch / sizeof *ch; i++) {
    fig[SK_FIG_LENGTH] = ch[i][0];
    assert_int_equal(sk_table_difficulty(c, fig), ch[i][1]);
  }
  char buf[120];
  sk_table_describe(l, buf, sizeof buf);
  assert_string_equal(buf, "0.0 + linear(size, 0.25 from 0)");
  sk_table_describe(c, buf, sizeof buf);
  assert_string_equal(buf, "0.0 + chain(length; +1.0 past 2, 3, 4, 6, ...)");
  sk_table_free(t);
}

/* The floor of a figure at v is the least difficulty over v and beyond:
** checked against every value up to well past the tables' keys, for
** modifiers that grow, that do not (steps and maps may fall), and for two
** figures at once. */
static void difficulty_floor(void **state) {
  (void)state;
  sk_table *t = parse_ok(
    "name: t\ntechniques:\n"
    "  - id: s\n    base: 1\n"
    "    modifiers: [{figure: extra, steps: {4: 0.5, 8: 0.1, 12: 0.3}}]\n"
    "  - id: m\n    base: 2\n"
    "    modifiers: [{figure: type, map: {1: 1, 3: 0.3}}]\n"
    "  - id: l\n    base: 0.5\n"
    "    modifiers: [{figure: size, linear: 0.25, from: 3}]\n"
    "  - id: c\n    base: 6.5\n"
    "    modifiers:\n"
    "      - {figure: type, map: {3: 0.1, 4: 0.5, 5: 0.5}}\n"
    "      - {figure: complexity, chain: {offset: 2, first: 4, step: 0.1}}\n");
  static const int figs[4] = {SK_FIG_EXTRA, SK_FIG_TYPE, SK_FIG_SIZE, SK_FIG_COMPLEXITY};
  for (int i = 0; i < 4; i++) {
    const sk_table_entry *e = &t->entry[i];
    int f = figs[i];
    for (int type = 0; type <= (i == 3 ? 5 : 0); type++)
      for (int32_t v = 0; v <= 60; v++) {
        int32_t fig[SK_FIG_COUNT] = {0};
        if (i == 3) fig[SK_FIG_TYPE] = type;
        int32_t least = INT32_MAX;
        for (int32_t x = v; x <= 400; x++) {
          fig[f] = x;
          int32_t d = sk_table_difficulty(e, fig);
          if (d < least) least = d;
        }
        fig[f] = v;
        assert_int_equal(sk_table_difficulty_floor(e, fig, 1u << f), least);
        assert_int_equal(sk_table_difficulty_floor(e, fig, 0), sk_table_difficulty(e, fig));
      }
  }
  /* both figures of c free: the least over types 0.. and complexities v.. */
  int32_t fig[SK_FIG_COUNT] = {0};
  fig[SK_FIG_COMPLEXITY] = 30;
  fig[SK_FIG_TYPE] = 4;
  assert_int_equal(sk_table_difficulty_floor(&t->entry[3], fig,
                                             (1u << SK_FIG_TYPE) | (1u << SK_FIG_COMPLEXITY)),
                   sk_table_difficulty(&t->entry[3], (int32_t[SK_FIG_COUNT]){[SK_FIG_COMPLEXITY] = 30}));
  /* steps fall after key 4: from 0 the floor is the base (before key 4) */
  memset(fig, 0, sizeof fig);
  assert_int_equal(sk_table_difficulty_floor(&t->entry[0], fig, 1u << SK_FIG_EXTRA), 1000);
  fig[SK_FIG_EXTRA] = 5;
  assert_int_equal(sk_table_difficulty_floor(&t->entry[0], fig, 1u << SK_FIG_EXTRA), 1100);
  sk_table_free(t);
}

static void figures(void **state) {
  (void)state;
  const char *names[] = {"size", "length", "type", "complexity", "extra"};
  for (int i = 0; i < SK_FIG_COUNT; i++) {
    assert_string_equal(sk_figure_name(i), names[i]);
    assert_int_equal(sk_figure_parse(names[i]), i);
  }
  assert_null(sk_figure_name(SK_FIG_COUNT));
  assert_null(sk_figure_name(-1));
  assert_int_equal(sk_figure_parse("Size"), -1);
  assert_int_equal(sk_figure_parse(NULL), -1);
}

static void copy_is_deep(void **state) {
  (void)state;
  sk_table *t = load_se();
  sk_table *c = sk_table_copy(t);
  assert_non_null(c);
  assert_int_equal(c->n, t->n);
  int x = sk_table_find(c, "x-wing"), ul = sk_table_find(c, "unique-loop");
  assert_int_equal(x, 11);
  assert_int_equal(sk_table_find(c, "no-such"), -1);
  assert_true(c->entry[x].id != t->entry[x].id);
  c->entry[x].base = 4000;
  c->entry[x].name[0] = 'Y';
  c->entry[ul].mod[0].add[2] = 900;
  c->name[0] = 'X';
  assert_int_equal(t->entry[x].base, 3200);
  assert_string_equal(t->entry[x].name, "X-Wing");
  assert_string_equal(t->name, "se");
  assert_int_equal(diff(&t->entry[ul], 0, 10, 1, 0), 5000);
  sk_table_free(t);   /* the copy must not point into the original */
  assert_int_equal(diff(&c->entry[ul], 0, 10, 1, 0), 5400);
  assert_int_equal(diff(&c->entry[x], 0, 0, 0, 0), 4000);
  assert_string_equal(c->entry[ul].id, "unique-loop");
  assert_string_equal(c->path + strlen(c->path) - 7, "se.yaml");
  sk_table *cc = sk_table_copy(c);
  sk_table_free(c);
  assert_string_equal(cc->entry[x].name, "Y-Wing");
  sk_table_free(cc);
  assert_null(sk_table_copy(NULL));
  sk_table_free(NULL);
}

/* {--- files ---} */

static void resolve_names(void **state) {
  sk_error err = {{0}};
  (void)state;
  char *p = sk_table_resolve("se", &err);
  assert_string_equal(p, SK_BUILD_RATINGS_DIR "/se.yaml");
  free(p);
  p = sk_table_resolve("no-such-table", &err);
  assert_null(p);
  assert_string_equal(err.msg, "rating table 'no-such-table' not found (tried "
                      SK_BUILD_RATINGS_DIR "/no-such-table.yaml, "
                      SK_PREFIX "/share/sudokit/ratings/no-such-table.yaml)");
  p = sk_table_resolve(TABLES "/ok.yaml", &err);
  assert_string_equal(p, TABLES "/ok.yaml");
  free(p);
  p = sk_table_resolve("missing.yaml", &err);
  assert_null(p);
  assert_string_equal(err.msg, "missing.yaml: cannot open rating table: No such file or directory");
  assert_null(sk_table_resolve("", &err));
  assert_string_equal(err.msg, "no rating table given");
}

static void load_files(void **state) {
  sk_error err = {{0}};
  (void)state;
  sk_table *t = sk_table_load(TABLES "/ok.yaml", &err);
  if (!t) fail_msg("%s", err.msg);
  assert_string_equal(t->path, TABLES "/ok.yaml");
  assert_int_equal(t->n, 2);
  assert_string_equal(t->entry[1].id, "b");
  assert_int_equal(t->entry[1].line, 6);
  sk_table_free(t);

  assert_null(sk_table_load(TABLES "/dup-id.yaml", &err));
  assert_string_equal(err.msg, TABLES "/dup-id.yaml:9:9: technique 'x-wing' listed twice (first at line 4)");
  assert_null(sk_table_load(TABLES "/dup-key.yaml", &err));
  assert_string_equal(err.msg, TABLES "/dup-key.yaml:7:9: duplicate key 'figure' (first at line 6)");
  assert_null(sk_table_load(TABLES "/nul.yaml", &err));
  assert_string_equal(err.msg, TABLES "/nul.yaml:3:9: NUL byte in the table (tables are UTF-8 text)");
  assert_null(sk_table_load(TABLES "/alias.yaml", &err));
  assert_string_equal(err.msg, TABLES "/alias.yaml:5:9: anchors are not supported (&common)");
  assert_null(sk_table_load(TABLES "/no-such.yaml", &err));
  assert_string_equal(err.msg, TABLES "/no-such.yaml: cannot open rating table: No such file or directory");
  assert_null(sk_table_load(TABLES, &err));   /* a directory */
  assert_string_equal(err.msg, TABLES ": cannot read rating table: Is a directory");
}

/* {--- errors ---} */

static void syntax_errors(void **state) {
  (void)state;
  refused("", "t.yaml:1:1: empty file: a table is a mapping with 'name' and 'techniques'");
  refused("# nothing\n\n", "t.yaml:1:1: empty file: a table is a mapping with 'name' and 'techniques'");
  refused("---\n", "t.yaml:2:1: empty table: expected 'name' and 'techniques'");
  refused("- a\n- b\n", "t.yaml:1:1: a table must be a mapping with 'name' and 'techniques', not a sequence");
  refused("hello\n", "t.yaml:1:1: a table must be a mapping with 'name' and 'techniques', not 'hello'");
  refused("name: t\ntechniques: [a, b\n",
          "t.yaml:3:1: YAML syntax error: did not find expected ',' or ']' "
          "(while parsing a flow sequence at line 2)");
  refused("name: t\n  bad: 1\n", "t.yaml:2:6: YAML syntax error: mapping values are not allowed in this context");
  refused("name: \"t\n", "t.yaml:2:1: YAML syntax error: found unexpected end of stream "
          "(while scanning a quoted scalar at line 1)");
  refused("name: t\nnotes: \xff\n",
          "t.yaml:2:8: bad character: invalid leading UTF-8 octet");
  refused_n("name: t\n\0techniques: []\n", 24, "t.yaml:2:1: NUL byte in the table (tables are UTF-8 text)");
  refused("name: t\n---\nname: u\n", "t.yaml:2:1: a table is a single YAML document");
}

static void hostile_input(void **state) {
  (void)state;
  refused("name: &n t\n", "t.yaml:1:7: anchors are not supported (&n)");
  refused("name: t\ndescription: *n\n", "t.yaml:2:14: aliases are not supported (*n)");
  refused("name: !!str t\n", "t.yaml:1:7: tags are not supported (tag:yaml.org,2002:str)");
  refused("name: t\ntechniques: !x []\n", "t.yaml:2:13: tags are not supported (!x)");
  refused("name: t\ntechniques: [[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
          "t.yaml:2:20: nested too deeply (a table needs at most 8 levels)");
  /* deep enough to hurt a recursive reader; stopped at the 9th level */
  size_t n = 200000;
  char *deep = malloc(2 * n + 40);
  strcpy(deep, "name: t\ntechniques: ");
  size_t k = strlen(deep);
  memset(deep + k, '[', n), memset(deep + k + n, ']', n);
  deep[k + 2 * n] = '\0';
  refused(deep, "t.yaml:2:20: nested too deeply (a table needs at most 8 levels)");
  free(deep);
  refused("? [a]\n: 1\n", "t.yaml:1:3: a mapping key must be a name, not a sequence");
  refused(ONE("    base: 1" "00000000000000000000000000000000000000000000000000\n"),
          "t.yaml:4:11: 'base' is out of range: 10000000000000000000000000000000000000000000... "
          "(allowed 0 to 100)");
  refused(ONE("    base: 1\n    name: \"a\\0b\"\n"), "t.yaml:5:11: 'name' contains a NUL character");
  refused(ONE("    base: 1\n    bad\x01key: 1\n"),
          "t.yaml:5:8: bad character: control characters are not allowed");
  /* larger than any table */
  size_t big = (1 << 20) + 1;
  char *huge = malloc(big);
  memset(huge, ' ', big);
  refused_n(huge, big, "t.yaml:1:1: file too large (a table has at most 1048576 bytes)");
  free(huge);
}

static void key_errors(void **state) {
  (void)state;
  refused(ONE("    bse: 1\n"),
          "t.yaml:4:5: unknown key 'bse' in technique (known: id, base, name, modifiers, "
          "provenance, source, note, aliases, enabled, params, attrs, reglib)");
  refused("name: t\nversion: 2\ntechniques: []\n",
          "t.yaml:2:1: unknown key 'version' in the table (known: name, description, source, "
          "notes, techniques, levels)");
  refused(ONE("    base: 1\n    base: 2\n"), "t.yaml:5:5: duplicate key 'base' (first at line 4)");
  refused("name: t\nname: u\ntechniques: []\n", "t.yaml:2:1: duplicate key 'name' (first at line 1)");
  refused(ONE("    base: 1\n    provenance: a\n    source: b\n"),
          "t.yaml:6:5: 'provenance' and 'source' mean the same: give one (other at line 5)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, linear: 1, from: 1, from: 2}]\n"),
          "t.yaml:5:52: duplicate key 'from' (first at line 5)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: {6: 0.1, 06: 0.2}}]\n"),
          "t.yaml:5:48: duplicate key 6 in 'steps' (first at line 5)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: {6: 0.1, 6: 0.2}}]\n"),
          "t.yaml:5:48: duplicate key 6 in 'steps' (first at line 5)");
}

static void missing_keys(void **state) {
  (void)state;
  refused("techniques: []\n", "t.yaml:1:1: the table has no 'name'");
  refused("name: t\n", "t.yaml:1:1: the table has no 'techniques'");
  refused("name: t\ntechniques:\n  - base: 1\n", "t.yaml:3:5: technique has no 'id'");
  refused(ONE("    name: A\n"), "t.yaml:3:5: technique 'a' has no 'base'");
  refused(ONE("    base: 1\n    modifiers:\n      - {linear: 1}\n"),
          "t.yaml:6:9: modifier has no 'figure'");
  refused(ONE("    base: 1\n    modifiers:\n      - figure: size\n"),
          "t.yaml:6:9: modifier needs one of 'steps', 'map', 'linear' or 'chain'");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, chain: {offset: 2, first: 4}}]\n"),
          "t.yaml:5:39: 'chain' has no 'step'");
}

static void type_errors(void **state) {
  (void)state;
  refused(ONE("    base: [1, 2]\n"), "t.yaml:4:11: 'base' must be a number, not a sequence");
  refused(ONE("    base: {a: 1}\n"), "t.yaml:4:11: 'base' must be a number, not a mapping");
  refused(ONE("    base: \"4.5\"\n"), "t.yaml:4:11: 'base' must be a number, not a quoted string");
  refused(ONE("    base: abc\n"), "t.yaml:4:11: 'base' must be a number, not 'abc'");
  refused(ONE("    base: 1e3\n"), "t.yaml:4:11: 'base' must be a number, not '1e3'");
  refused(ONE("    base: .inf\n"), "t.yaml:4:11: 'base' must be a number, not '.inf'");
  refused(ONE("    base:\n"), "t.yaml:4:10: 'base' must be a number, not nothing");
  refused(ONE("    base: 4.5001\n"), "t.yaml:4:11: 'base' has more than 3 decimals: 4.5001");
  refused("name: [t]\ntechniques: []\n", "t.yaml:1:7: 'name' must be text, not a sequence");
  refused("name: t\ntechniques: []\n",
          "t.yaml:2:13: 'techniques' must be a non-empty sequence, not an empty one");
  refused("name: t\ntechniques: {a: 1}\n",
          "t.yaml:2:13: 'techniques' must be a non-empty sequence, not a mapping");
  refused("name: t\ntechniques: [x-wing]\n", "t.yaml:2:14: a technique must be a mapping, not 'x-wing'");
  refused(ONE("    base: 1\n    modifiers: {figure: size}\n"),
          "t.yaml:5:16: 'modifiers' must be a sequence, not a mapping");
  refused(ONE("    base: 1\n    modifiers: [size]\n"), "t.yaml:5:17: a modifier must be a mapping, not 'size'");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: [1, 2]}]\n"),
          "t.yaml:5:39: 'steps' must be a mapping {figure value: addition}, not a sequence");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: {}}]\n"),
          "t.yaml:5:39: 'steps' is empty");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, map: {6.5: 0.1}}]\n"),
          "t.yaml:5:38: a 'map' key must be a whole number, not '6.5'");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, map: {6: x}}]\n"),
          "t.yaml:5:41: a 'map' value must be a number, not 'x'");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, chain: 4}]\n"),
          "t.yaml:5:39: 'chain' must be a mapping {offset, first, step}, not '4'");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, linear: 1, from: 0.5}]\n"),
          "t.yaml:5:49: 'from' must be a whole number, not '0.5'");
  refused(ONE("    base: 1\n    modifiers: [{figure: {a: b}, linear: 1}]\n"),
          "t.yaml:5:26: 'figure' must be text, not a mapping");
  refused(ONE("    base: 1\n    modifiers: [{figure: depth, linear: 1}]\n"),
          "t.yaml:5:26: unknown figure 'depth' (known: size, length, type, complexity, extra)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: {1: 1}, linear: 0.1}]\n"),
          "t.yaml:5:47: modifier has both 'steps' and 'linear' (one kind per modifier)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, steps: {1: 1}, from: 1}]\n"),
          "t.yaml:5:47: 'from' only goes with 'linear'");
  refused("name: t\ntechniques:\n  - id: X-Wing\n    base: 1\n",
          "t.yaml:3:9: bad technique id 'X-Wing' (use a-z, 0-9 and '-', at most 64 characters)");
  refused("name: t\ntechniques:\n  - id: a b\n    base: 1\n",
          "t.yaml:3:9: bad technique id 'a b' (use a-z, 0-9 and '-', at most 64 characters)");
}

static void range_errors(void **state) {
  (void)state;
  refused(ONE("    base: -1\n"), "t.yaml:4:11: 'base' is out of range: -1 (allowed 0 to 100)");
  refused(ONE("    base: 100.001\n"), "t.yaml:4:11: 'base' is out of range: 100.001 (allowed 0 to 100)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, linear: 101}]\n"),
          "t.yaml:5:40: 'linear' is out of range: 101 (allowed 0 to 100)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, map: {1: -0.1}}]\n"),
          "t.yaml:5:41: a 'map' value is out of range: -0.1 (allowed 0 to 100)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, map: {-1: 0.1}}]\n"),
          "t.yaml:5:38: a 'map' key is out of range: -1 (allowed 0 to 2147483647)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, map: {2147483648: 0.1}}]\n"),
          "t.yaml:5:38: a 'map' key is out of range: 2147483648 (allowed 0 to 2147483647)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, linear: 1, from: -1}]\n"),
          "t.yaml:5:49: 'from' is out of range: -1 (allowed 0 to 2147483647)");
  refused(ONE("    base: 1\n    modifiers: [{figure: size, chain: {offset: 2, first: 1, step: 0.1}}]\n"),
          "t.yaml:5:58: 'first' must be at least 2");
  /* 32 keys are fine, the 33rd is refused */
  char text[1200], keys[800] = "";
  for (int i = 0; i < 32; i++) snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%d: 0.1, ", i);
  snprintf(text, sizeof text, ONE("    base: 1\n    modifiers: [{figure: size, steps: {%s}}]\n"),
           keys);
  *strrchr(text, ',') = ' ';
  sk_table_free(parse_ok(text));
  snprintf(text, sizeof text, ONE("    base: 1\n    modifiers: [{figure: size, steps: {%s99: 1}}]\n"),
           keys);
  refused(text, "t.yaml:5:318: 'steps' has more than 32 keys");
  /* 4 modifiers are fine, the 5th is refused */
  const char *mod = "\n      - {figure: size, linear: 0.1}";
  snprintf(text, sizeof text, ONE("    base: 1\n    modifiers:%s%s%s%s\n"), mod, mod, mod, mod);
  sk_table_free(parse_ok(text));
  snprintf(text, sizeof text, ONE("    base: 1\n    modifiers:%s%s%s%s%s\n"), mod, mod, mod, mod, mod);
  refused(text, "t.yaml:10:9: technique 'a' has more than 4 modifiers");
  refused(ONE("    base: 1\n  - id: b\n    base: 2\n  - id: a\n    base: 3\n"),
          "t.yaml:7:9: technique 'a' listed twice (first at line 3)");
}

static void null_error_ok(void **state) {
  (void)state;   /* err may be NULL: failures still return NULL */
  assert_null(sk_table_parse("x: 1", 4, NULL, NULL));
  assert_null(sk_table_load(TABLES "/no-such.yaml", NULL));
  assert_null(sk_table_resolve("no-such-table", NULL));
  const char *ok = "name: t\ntechniques: [{id: a, base: 1}]\n";
  sk_table *t = sk_table_parse(ok, strlen(ok), NULL, NULL);
  assert_non_null(t);
  assert_string_equal(t->path, "<string>");
  sk_table_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(se_order_and_bases),
    cmocka_unit_test(se_unique_loop),
    cmocka_unit_test(se_bug),
    cmocka_unit_test(se_static_chains),
    cmocka_unit_test(se_other_chains),
    cmocka_unit_test(se_describe),
    cmocka_unit_test(decimals_exact),
    cmocka_unit_test(modifier_kinds),
    cmocka_unit_test(figures),
    cmocka_unit_test(difficulty_floor),
    cmocka_unit_test(copy_is_deep),
    cmocka_unit_test(resolve_names),
    cmocka_unit_test(load_files),
    cmocka_unit_test(syntax_errors),
    cmocka_unit_test(hostile_input),
    cmocka_unit_test(key_errors),
    cmocka_unit_test(missing_keys),
    cmocka_unit_test(type_errors),
    cmocka_unit_test(range_errors),
    cmocka_unit_test(null_error_ok),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
