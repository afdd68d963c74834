/*
** cmd_hints.c -- `sudokit hints` and `sudokit reglib`.
**
** hints lists every instance each technique finds in a grid state, not
** only the one a rating step would take: as text, or as HoDoKu library
** lines (engine/sk_reglib.h) by the table's reglib rules.
**
** reglib runs a HoDoKu regression library as HoDoKu's /test does
** (RegressionTester.java): for each case line, the table entries whose
** id, alias or reglib code is the case's code search the state the line
** describes, with the rule's params set over the entry's; every hint is
** written as a library line and the case passes when one of them equals
** the case line.  A hint that has the case's ":code:cands:" but differs
** fails it -- unless an exact hint came before and the two differ only
** after their last ':' (a chain of another length).  HoDoKu sorts the
** steps it finds, and among steps with the same eliminations the shorter
** chain comes first; so here, whatever order the plugin emits them in, a
** line that differs from the case only in a longer extra (length) passes
** when an exact line was found, one with a shorter extra fails.  A fail
** case (variant 'x') passes when no hint has the prefix.
*/
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_json.h"
#include "commands.h"
#include "sk_engine.h"
#include "sk_reglib.h"

static const char hints_help[] =
  "usage: sudokit hints [--table se|PATH] [--technique ID,...] [--format text|reglib|json]\n"
  "                     [-i FILE] [-o FILE] [--plugins DIR] [PUZZLE...]\n"
  "Lists every hint each technique finds in each puzzle's grid state (not only\n"
  "the first), techniques in table order: those named by --technique (ids or\n"
  "aliases, comma-separated), else every entry of the table, enabled or not.\n"
  "Puzzles may be in any input format, HoDoKu library lines included.\n"
  "  --format text    (default) '# PUZZLE', then one line per hint:\n"
  "                   ID: TEXT => r3c2<>7\n"
  "  --format reglib  one HoDoKu library line per hint, by the entry's reglib\n"
  "                   rule ('# ID: ...' when the entry has none for the hint)\n"
  "  --format json    one JSON object a puzzle, its hints in a list (doc/json.md)\n";

static const char reglib_help[] =
  "usage: sudokit reglib FILE [--table hodoku|PATH] [--plugins DIR]\n"
  "Runs a HoDoKu regression library (reglib-1.3.txt's format) as HoDoKu's /test\n"
  "does: each case is searched by the table's entries whose id, alias or reglib\n"
  "code is the case's code, with their reglib params; every hint is written as a\n"
  "library line.  Prints one line per case,\n"
  "  LINE CODE pass|fail|missing|skip DETAIL\n"
  "(fail: a hint has the case's :code:cands: but is another line; missing: no\n"
  "hint has it; skip: no entry has the code), then per code the cases, passes,\n"
  "fails, missing and skipped.  Exit 1 on a fail, a missing or an unreadable case.\n";

typedef struct hints_opts {
  const char *cmd, *in, *out, *table, *plugins, *techs, *format;
  int nops;
  int reglib;                  /* --format reglib */
  int json;                    /* --format json (doc/json.md) */
  int *pick, npick;            /* table indexes, in table order */
  sk_engine *engine;
} hints_opts;

static const char *const hints_value_opts[] = {
  "-i --input", "-o --output", "--table", "--plugins", "--technique", "--format", NULL
};

static int parse_hints_args(int argc, char **argv, hints_opts *o) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { fputs(hints_help, stdout); exit(SK_EXIT_OK); }
  if (sk_args_once(o->cmd, argc, argv, hints_value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(hints_help, stdout); exit(SK_EXIT_OK); }
#define NEEDS(what) if (!v) return sk_usage_error(o->cmd, "%s needs %s", a, what)
    else if (!strcmp(a, "-i") || !strcmp(a, "--input")) { NEEDS("a file"); o->in = v; i++; }
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) { NEEDS("a file"); o->out = v; i++; }
    else if (!strcmp(a, "--table")) { NEEDS("a table name or path"); o->table = v; i++; }
    else if (!strcmp(a, "--plugins")) { NEEDS("a directory"); o->plugins = v; i++; }
    else if (!strcmp(a, "--technique")) { NEEDS("technique ids"); o->techs = v; i++; }
    else if (!strcmp(a, "--format")) { NEEDS("text or reglib"); o->format = v; i++; }
    else if (!sk_arg_take_puzzles(argc, argv, &i, &o->nops)) return sk_arg_unknown(o->cmd, argv, i);
#undef NEEDS
  }
  if (o->format && strcmp(o->format, "text") && strcmp(o->format, "reglib") && strcmp(o->format, "json"))
    return sk_usage_error(o->cmd, "--format: '%s' is not text, reglib or json", o->format);
  o->reglib = o->format && !strcmp(o->format, "reglib");
  o->json = o->format && !strcmp(o->format, "json");
  return 0;
}

/* --technique a,b: table indexes in table order; every entry without it */
static int pick_techniques(hints_opts *o) {
  const sk_table *t = sk_engine_table(o->engine);
  char *want = calloc((size_t)t->n, 1);
  o->pick = malloc((size_t)t->n * sizeof *o->pick);
  if (!want || !o->pick) { free(want); sk_warn("out of memory"); return SK_EXIT_DATA; }
  for (const char *p = o->techs; p && *p; ) {
    size_t n = strcspn(p, ",");
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), p);
    int i = sk_table_lookup(t, name);
    if (i < 0) {
      free(want);
      return sk_usage_error(o->cmd, "--technique: no technique '%s' in table %s (an id or an alias)",
                            name, t->name);
    }
    want[i] = 1;
    p += n + (p[n] == ',');
  }
  for (int i = 0; i < t->n; i++)
    if (!o->techs || want[i]) o->pick[o->npick++] = i;
  free(want);
  return 0;
}

/* " => r3c2=5, r1c1<>3" for what the hint does on g */
static void put_effect(sk_buf *b, const sk_grid *g, const sk_hint *h) {
  const char *sep = " => ";
  char cell[8];
  if (h->cell >= 0 && h->cell < SK_CELLS) {
    sk_buf_printf(b, "%s%s=%d", sep, sk_cell_name(h->cell, cell), h->digit);
    sep = ", ";
  }
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = h->elim[c] & g->cand[c]; m; m &= m - 1) {
      sk_buf_printf(b, "%s%s<>%d", sep, sk_cell_name(c, cell), sk_mask_first(m));
      sep = ", ";
    }
}

typedef struct hint_out {
  const hints_opts *o;
  const sk_grid *g;
  const sk_table_entry *entry;
  sk_buf *b;
  int tech;                    /* the entry's index */
  int n;                       /* hints written (json: commas) */
} hint_out;

/* --format json: one hint as an object of the puzzle's "hints" list */
static void put_hint_json(hint_out *x, const sk_hint *h, int32_t difficulty) {
  sk_buf *b = x->b;
  const char *name = h->name ? h->name : x->entry->name ? x->entry->name
                   : sk_engine_bound(x->o->engine, x->tech)->name;
  if (x->n++) sk_buf_puts(b, ",");
  sk_buf_puts(b, "{");
  sk_json_key(b, "id"), sk_json_str(b, x->entry->id);
  sk_json_key(b, "name"), sk_json_str(b, name);
  sk_json_key(b, "difficulty"), sk_json_tenths(b, difficulty);
  sk_json_key(b, "text"), sk_json_str(b, h->text);
  if (h->cell >= 0 && h->cell < SK_CELLS) {
    sk_json_key(b, "cell"), sk_json_cell(b, h->cell);
    sk_json_key(b, "digit"), sk_buf_printf(b, "%d", h->digit);
  }
  sk_json_key(b, "eliminations");
  sk_buf_puts(b, "[");
  int k = 0;
  for (int c = 0; c < SK_CELLS; c++)
    for (sk_mask m = h->elim[c] & x->g->cand[c]; m; m &= m - 1)
      sk_buf_printf(b, "%s\"r%dc%d<>%d\"", k++ ? "," : "", c / 9 + 1, c % 9 + 1, sk_mask_first(m));
  sk_buf_puts(b, "]}");
}

static int put_hint(void *ud, const sk_hint *h, int32_t difficulty) {
  hint_out *x = ud;
  if (x->o->json) { put_hint_json(x, h, difficulty); return 0; }
  if (x->o->reglib) {
    static char line[SK_LIBLINE_MAX];            /* one thread: hints runs serially */
    const sk_reglib_rule *r = sk_table_reglib(x->entry);
    if (r && sk_libline_write(line, sizeof line, x->g, h, r) >= 0) {
      sk_buf_printf(x->b, "%s\n", line);
      return 0;
    }
    sk_buf_printf(x->b, "# %s: no library code for type %d: %s", x->entry->id,
                  (int)h->fig[SK_FIG_TYPE], h->text);
  } else sk_buf_printf(x->b, "%s: %s", x->entry->id, h->text);
  put_effect(x->b, x->g, h);
  sk_buf_puts(x->b, "\n");
  return 0;
}

static int hints_one(void *ctx, sk_batch_item *it) {
  const hints_opts *o = ctx;
  const sk_puzzle *p = &it->puzzle;
  sk_buf b = {0};
  sk_grid g;
  if (!o->reglib && !o->json) sk_buf_printf(&b, "# %s\n", p->raw ? p->raw : "");
  if (o->json) sk_json_begin(&b, p);
  if (sk_puzzle_check(p, &g)) {
    if (o->json) sk_json_key(&b, "invalid"), sk_json_str(&b, "malformed"), sk_json_end(&b);
    else sk_buf_puts(&b, SK_INVALID "malformed\n");
    it->out = b.p, it->outlen = b.n;
    return 1;
  }
  const sk_table *t = sk_engine_table(o->engine);
  if (o->json) sk_json_key(&b, "hints"), sk_buf_puts(&b, "[");
  int n = 0;
  for (int k = 0; k < o->npick; k++) {
    hint_out x = {o, &g, &t->entry[o->pick[k]], &b, o->pick[k], n};
    sk_engine_hints(o->engine, &g, o->pick[k], 1, put_hint, &x);
    n = x.n;
  }
  if (o->json) sk_buf_puts(&b, "]"), sk_json_end(&b);
  it->out = b.p, it->outlen = b.n;
  return 0;
}

int sk_cmd_hints(int argc, char **argv) {
  hints_opts o = {0};
  o.cmd = "hints";
  int rc = parse_hints_args(argc, argv, &o);
  if (rc) return rc;
  if (!(o.engine = sk_cli_engine(o.table, o.plugins))) return SK_EXIT_USAGE;
  if ((rc = pick_techniques(&o)) != 0) {
    free(o.pick);
    sk_engine_free(o.engine);
    return rc;
  }
  const char *name;
  sk_out out;
  FILE *in = sk_in_open(o.in, argv + 1, o.nops, &name);
  if (!in || sk_out_open(&out, o.out) != 0) {
    if (in && in != stdin) fclose(in);
    free(o.pick);
    sk_engine_free(o.engine);
    return SK_EXIT_USAGE;
  }
  sk_reader *r = sk_reader_open(in, name);
  int st = r ? sk_batch_run(r, out.f, 1, hints_one, &o) : -1;
  sk_reader_close(r);
  if (in != stdin) fclose(in);
  free(o.pick);
  sk_engine_free(o.engine);
  if (st < 0) { sk_out_abort(&out); return SK_EXIT_DATA; }
  if (sk_out_commit(&out) != 0) return SK_EXIT_DATA;
  return st ? SK_EXIT_DATA : SK_EXIT_OK;
}

/* {====== reglib */

enum { R_PASS, R_FAIL, R_MISSING, R_SKIP, R_KINDS };
static const char *const result_name[R_KINDS] = {"pass", "fail", "missing", "skip"};

/* The counts of one code (with its variant, as written in the cases). */
typedef struct code_count {
  char code[SK_LIB_CODE + 8];
  long n[R_KINDS];
} code_count;

typedef struct regrun {
  sk_engine *e;
  const sk_table *t;
  code_count *codes;
  int ncodes, cap;
  int bad;                     /* unreadable cases */
} regrun;

/* One case being checked: HoDoKu's checkResults, fed hint by hint. */
typedef struct checker {
  const char *want, *start;
  size_t start_len;
  const sk_grid *g;
  const sk_reglib_rule *rule;
  int found, exact, good;
  char other[SK_LIBLINE_MAX];  /* the first line with the prefix that differs */
  char longer[SK_LIBLINE_MAX]; /* the first that differs by a longer extra */
  long hints;
} checker;

/* The number after a line's last ':' (a chain length), or -1. */
static long extra_of(const char *line) {
  const char *p = strrchr(line, ':');
  char *end;
  long v = p && p[1] ? strtol(p + 1, &end, 10) : -1;
  return p && p[1] && !*end ? v : -1;
}

static int check_hint(void *ud, const sk_hint *h, int32_t difficulty) {
  static char line[SK_LIBLINE_MAX];              /* reglib runs serially */
  checker *k = ud;
  (void)difficulty;
  k->hints++;
  if (sk_libline_write(line, sizeof line, k->g, h, k->rule) < 0) return 0;
  if (strncmp(line, k->start, k->start_len) != 0) return 0;
  k->found = 1;
  if (!strcmp(line, k->want)) { k->exact = 1; return 0; }
  if (sk_libline_same_but_extra(k->want, line) && extra_of(line) > extra_of(k->want)) {
    if (!k->longer[0]) snprintf(k->longer, sizeof k->longer, "%s", line);
    return 0;                          /* sorted after an exact line: no failure */
  }
  if (k->good) snprintf(k->other, sizeof k->other, "%s", line);
  k->good = 0;
  return 0;
}

static code_count *count_for(regrun *x, const char *code) {
  for (int i = 0; i < x->ncodes; i++)
    if (!strcmp(x->codes[i].code, code)) return &x->codes[i];
  if (x->ncodes == x->cap) {
    int cap = x->cap ? 2 * x->cap : 64;
    code_count *p = realloc(x->codes, (size_t)cap * sizeof *p);
    if (!p) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
    x->codes = p, x->cap = cap;
  }
  code_count *c = &x->codes[x->ncodes++];
  memset(c, 0, sizeof *c);
  snprintf(c->code, sizeof c->code, "%s", code);
  return c;
}

/* Does entry i answer to code: its id, an alias, or a code of its rule? */
static int entry_has_code(const sk_table *t, int i, const char *code) {
  const sk_table_entry *e = &t->entry[i];
  const sk_reglib_rule *r = sk_table_reglib(e);
  if (sk_table_lookup(t, code) == i) return 1;
  for (int k = 0; r && k < r->ncode; k++)
    if (!strcmp(r->code[k].code, code)) return 1;
  return 0;
}

/* The params of rule r for the case's variant, then the rule's: the
** first match wins in host->param, so the variant's go first. */
static sk_param *case_params(const sk_reglib_rule *r, const char *variant, int *n) {
  int nv;
  const sk_param *v = sk_reglib_variant_params(r, variant, &nv);
  sk_param *all = malloc((size_t)(nv + r->nparam + 1) * sizeof *all);
  if (!all) { sk_warn("out of memory"); exit(SK_EXIT_DATA); }
  if (nv) memcpy(all, v, (size_t)nv * sizeof *all);
  if (r->nparam) memcpy(all + nv, r->param, (size_t)r->nparam * sizeof *all);
  *n = nv + r->nparam;
  return all;
}

/* Run one case; returns its R_* result and fills detail. */
static int run_case(regrun *x, const sk_libline *l, const char *want, const char *start,
                    int fail_case, const sk_grid *g, char *detail, size_t dsize) {
  static checker k;
  k = (checker){.want = want, .start = start, .start_len = strlen(start), .g = g, .good = 1};
  int ran = 0;
  for (int i = 0; i < x->t->n; i++) {
    const sk_reglib_rule *r = sk_table_reglib(&x->t->entry[i]);
    if (!r || !entry_has_code(x->t, i, l->code)) continue;
    int np;
    sk_param *p = case_params(r, l->variant, &np);
    k.rule = r;
    sk_engine_hints_with(x->e, g, i, 1, p, np, check_hint, &k);
    free(p);
    ran++;
  }
  if (!ran) {
    snprintf(detail, dsize, "no technique with code %s in table %s", l->code, x->t->name);
    return R_SKIP;
  }
  if (fail_case) {
    if (!k.found) return snprintf(detail, dsize, "nothing found, as wanted"), R_PASS;
    snprintf(detail, dsize, "found for a fail case: %s", k.other[0] ? k.other : want);
    return R_FAIL;
  }
  if (!k.found) {
    snprintf(detail, dsize, "%ld hints, none %s", k.hints, start);
    return R_MISSING;
  }
  if (k.good && !k.exact) snprintf(k.other, sizeof k.other, "%s", k.longer), k.good = 0;
  if (!k.good) return snprintf(detail, dsize, "found %s", k.other), R_FAIL;
  detail[0] = '\0';
  return R_PASS;
}

/* The code as the case writes it, variant included ("0606-x"). */
static void case_code(const sk_libline *l, char *out, size_t n) {
  snprintf(out, n, "%s%s%s", l->code, l->variant[0] ? "-" : "", l->variant);
}

/* The code of a line that does not parse, as far as it reads: "?" when
** it has none. */
static void raw_code(const char *line, char *out, size_t n) {
  const char *s = strchr(line, ':');
  size_t k = 0;
  while (s && k + 1 < n && (isalnum((unsigned char)s[k + 1]) || s[k + 1] == '-')) k++;
  if (k == 0) snprintf(out, n, "?");
  else snprintf(out, n, "%.*s", (int)k, s + 1);
}

static int reglib_line(regrun *x, const char *file, long lineno, const char *line, size_t len) {
  static sk_libline l;
  static char want[SK_LIBLINE_MAX], detail[SK_LIBLINE_MAX + 64];
  char start[64], msg[160], code[SK_LIB_CODE + 8];
  int fail_case, bad = -1, res;
  sk_grid g;
  if (sk_libline_parse(line, len, &l, msg, sizeof msg) != 0) {
    raw_code(line, code, sizeof code);
    sk_warn("%s:%ld: %s", file, lineno, msg);
    printf("%ld %s skip unreadable: %s\n", lineno, code, msg);
    count_for(x, code)->n[R_SKIP]++;
    x->bad++;
    return 0;
  }
  case_code(&l, code, sizeof code);
  if (sk_libline_case(line, want, sizeof want, start, sizeof start, &fail_case) != 0 ||
      sk_libline_grid(&l, &g, &bad) != 0) {
    char c[8];
    if (bad >= 0) snprintf(msg, sizeof msg, "digit %d twice in a house (at %s)", l.values[bad], sk_cell_name(bad, c));
    else snprintf(msg, sizeof msg, "not a case HoDoKu's tester runs");
    sk_warn("%s:%ld: %s", file, lineno, msg);
    printf("%ld %s skip unreadable: %s\n", lineno, code, msg);
    count_for(x, code)->n[R_SKIP]++;
    x->bad++;
    return 0;
  }
  res = run_case(x, &l, want, start, fail_case, &g, detail, sizeof detail);
  count_for(x, code)->n[res]++;
  printf("%ld %s %s%s%s\n", lineno, code, result_name[res], detail[0] ? " " : "", detail);
  return res == R_FAIL || res == R_MISSING;
}

static void reglib_summary(const regrun *x) {
  long total[R_KINDS] = {0};
  printf("# %-10s %6s %6s %6s %8s %6s\n", "code", "cases", "pass", "fail", "missing", "skip");
  for (int i = 0; i < x->ncodes; i++) {
    const long *n = x->codes[i].n;
    printf("# %-10s %6ld %6ld %6ld %8ld %6ld\n", x->codes[i].code, n[0] + n[1] + n[2] + n[3],
           n[0], n[1], n[2], n[3]);
    for (int k = 0; k < R_KINDS; k++) total[k] += n[k];
  }
  printf("# %-10s %6ld %6ld %6ld %8ld %6ld\n", "total", total[0] + total[1] + total[2] + total[3],
         total[0], total[1], total[2], total[3]);
}

int sk_cmd_reglib(int argc, char **argv) {
  static const char *const value_opts[] = {"--table", "--plugins", NULL};
  const char *file = NULL, *table = "hodoku", *plugins = NULL;
  if (sk_args_once("reglib", argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(reglib_help, stdout); return SK_EXIT_OK; }
    else if (!strcmp(a, "--table") && v) table = argv[++i];
    else if (!strcmp(a, "--plugins") && v) plugins = argv[++i];
    else if ((!strcmp(a, "--table") || !strcmp(a, "--plugins")) && !v)
      return sk_usage_error("reglib", "%s needs a value", a);
    else if (a[0] != '-' && !file) file = a;
    else return sk_arg_unknown("reglib", argv, i);
  }
  if (!file) return sk_usage_error("reglib", "no library file given");
  FILE *f = fopen(file, "r");
  if (!f) { sk_warn("cannot open '%s': %s", file, strerror(errno)); return SK_EXIT_USAGE; }
  regrun x = {0};
  if (!(x.e = sk_cli_engine(table, plugins))) { fclose(f); return SK_EXIT_USAGE; }
  x.t = sk_engine_table(x.e);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  long lineno = 0;
  int failed = 0;
  while ((n = getline(&line, &cap, f)) >= 0) {
    lineno++;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = '\0';
    const char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s || *s == '#') continue;
    failed |= reglib_line(&x, file, lineno, line, (size_t)n);
  }
  free(line);
  fclose(f);
  reglib_summary(&x);
  free(x.codes);
  sk_engine_free(x.e);
  return failed || x.bad ? SK_EXIT_DATA : SK_EXIT_OK;
}

/* }====== */
