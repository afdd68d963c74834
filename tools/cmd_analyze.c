/*
** cmd_analyze.c -- `sudokit analyze`: one line of facts per puzzle.
**
** Facts: givens and the given-count level, redundant clues (minimality),
** the backdoor order for a technique set with its magic cells, the blank
** correlation F(A) and its grade, the solver's work, and -- when a field
** needs the rating -- ER/EP/ED with SE's and the SDRS pearl/diamond
** classes.  Only what the selected fields need is computed; the rating
** table is loaded only when a rating field is asked for.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_json.h"
#include "cli_progress.h"
#include "commands.h"
#include "sk_analysis.h"
#include "sk_engine.h"
#include "sk_gen.h"
#include "sk_solver.h"

/* {====== fields */

enum {
  NEED_MIN = 1, NEED_BD = 2, NEED_MAGIC_ER = 4, NEED_RATE = 8, NEED_HODOKU = 16
};

typedef enum {
  F_PUZZLE, F_GIVENS, F_BLANKS, F_LEVEL, F_MINIMAL, F_NREDUNDANT, F_REDUNDANT,
  F_CORR, F_LINKS, F_GRADE, F_NODES, F_GUESSES, F_ORDER, F_NMAGIC, F_MAGIC,
  F_MAGIC_ER, F_BD_TESTS, F_ER, F_EP, F_ED, F_SE_CLASS, F_SDRS, F_SDRS_FLAGS, F_STEPS,
  F_HARDEST, F_TECHNIQUES, F_HODOKU_LEVEL, F_HODOKU_SCORE, F_NFIELDS
} field_id;

static const struct {
  const char *name;
  unsigned needs;
  const char *help;
} fields[F_NFIELDS] = {
  {"puzzle", 0, "the puzzle (81 characters, '.' for blanks)"},
  {"givens", 0, "number of givens"},
  {"blanks", 0, "number of blank cells N"},
  {"level", 0, "given-count level: easy 36-40, medium 30-35, hard 24-29, else -"},
  {"minimal", NEED_MIN, "yes when every given is needed"},
  {"nredundant", NEED_MIN, "number of redundant givens"},
  {"redundant", NEED_MIN, "the redundant givens (rRcC=D,...) or -"},
  {"corr", 0, "blank correlation F(A) = sum g(a) / (18 N)"},
  {"links", 0, "sum of g(a): blank pairs sharing a house, counted twice"},
  {"grade", 0, "correlation grade I..IV (--thresholds)"},
  {"nodes", 0, "solver nodes to solve and prove uniqueness"},
  {"guesses", 0, "solver guesses to solve and prove uniqueness"},
  {"order", NEED_BD, "backdoor order for --set (>K: none up to --max-order)"},
  {"nmagic", NEED_BD, "backdoors of that order (magic cells when order 1)"},
  {"magic", NEED_BD, "the backdoors, cells joined by '+' (first 128)"},
  {"magic_er", NEED_BD | NEED_MAGIC_ER, "ER left after each order-1 magic cell (rRcC=D:ER)"},
  {"bd_tests", NEED_BD, "placements the backdoor search tried"},
  {"er", NEED_RATE, "SE rating: hardest step"},
  {"ep", NEED_RATE, "hardest step up to the first placement"},
  {"ed", NEED_RATE, "first step"},
  {"se_class", NEED_RATE, "SE class: diamond (ED=EP=ER), pearl (EP=ER), -"},
  {"sdrs", NEED_RATE, "most specific SDRS class (diamond, extreme-diamond, extreme-pearl, pearl, -)"},
  {"sdrs_flags", NEED_RATE, "every SDRS class the puzzle is in"},
  {"steps", NEED_RATE, "steps of the rating's path"},
  {"hardest", NEED_RATE, "technique (table id) of the first step rated ER; stuck, or -"},
  {"techniques", NEED_RATE, "steps per technique, in table order (id:count,...)"},
  {"hodoku_level", NEED_HODOKU, "HoDoKu 2.2.0's level (table hodoku: Easy ... Extreme)"},
  {"hodoku_score", NEED_HODOKU, "HoDoKu 2.2.0's score (table hodoku)"},
};

static const char default_fields[] = "puzzle,givens,level,minimal,order,nmagic,magic,corr,grade,nodes,guesses";
static const char backdoor_fields[] = "order,nmagic,magic,magic_er";

/* }====== */

typedef struct analyze_opts {
  const char *in, *out, *table, *plugins, *set_spec;
  int nops;                 /* puzzles given as arguments, in argv[1..] */
  long jobs, max_order;
  double budget;
  double t[3];
  int csv;
  int json;                 /* --format json (doc/json.md) */
  sk_progress progress;     /* on stderr, for long runs on a terminal */
  int nf;
  field_id f[F_NFIELDS * 2];
  unsigned needs;
  sk_techset *set;          /* NULL: the singles core */
  sk_engine *rate;          /* ER/EP/ED and classes */
  sk_engine *hodoku;        /* HoDoKu's level and score: table hodoku */
  sk_engine *magic;         /* ER after a magic cell: the table up to the set's last technique */
} analyze_opts;

static const char analyze_help_head[] =
  "usage: sudokit analyze [--fields LIST | --fields all] [--backdoor] [--csv]\n"
  "                       [--set singles|ssts|ID,ID,...] [--max-order K]\n"
  "                       [--thresholds T1,T2,T3] [--table T] [--budget S]\n"
  "                       [--plugins DIR] [-i FILE] [-o FILE] [-j N] [PUZZLE...]\n"
  "One line of facts per puzzle: 'puzzle name=value ...', or CSV with a header.\n"
  "Malformed puzzles and puzzles without exactly one solution are reported on\n"
  "stderr and marked '# invalid: ...' (skipped in CSV); exit status 1.\n"
  "  --fields LIST   comma-separated fields (default: %s)\n"
  "  --backdoor      add the backdoor fields order,nmagic,magic,magic_er\n"
  "  --set S         technique set of the backdoors: singles (default; hidden\n"
  "                  and naked singles), ssts (singles, locked candidates,\n"
  "                  subsets, basic fish, with direct variants), or table ids\n"
  "  --max-order K   largest backdoor order tried, 0..4 (default 3)\n"
  "  --thresholds    F(A) cuts between grades I|II|III|IV (default 0.25,0.55,0.725;\n"
  "                  our copy of the paper's table is garbled: a reading of it)\n"
  "  --table T       rating table for er/ep/ed/classes/magic_er (default se)\n"
  "  --budget S      give up rating a puzzle after S seconds ('?' fields, exit 1)\n"
  "  -j N            worker threads (-t N, --threads N), the output in input order\n"
  "  --format F      line (default), csv (= --csv) or json: one JSON object a\n"
  "                  puzzle, the fields typed (doc/json.md)\n"
  "fields:\n";

static void print_help(void) {
  printf(analyze_help_head, default_fields);
  for (int i = 0; i < F_NFIELDS; i++) printf("  %-11s %s\n", fields[i].name, fields[i].help);
}

/* {====== options */

static int add_fields(analyze_opts *o, const char *list) {
  if (!strcmp(list, "all")) {
    for (int i = 0; i < F_NFIELDS; i++) o->f[o->nf++] = (field_id)i;
    return 0;
  }
  char name[64];
  for (const char *p = list; *p; ) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 0 || n >= sizeof name) return sk_usage_error("analyze", "--fields: bad list '%s'", list);
    memcpy(name, p, n);
    name[n] = 0;
    int k = 0;
    while (k < F_NFIELDS && strcmp(fields[k].name, name)) k++;
    if (k == F_NFIELDS) return sk_usage_error("analyze", "unknown field '%s' (see --help)", name);
    int dup = 0;
    for (int i = 0; i < o->nf; i++) dup |= o->f[i] == (field_id)k;
    if (!dup && o->nf < F_NFIELDS) o->f[o->nf++] = (field_id)k;
    p += n + (e != NULL);
  }
  return 0;
}

static const char *const value_opts[] = {
  "-i --input", "-o --output", "--fields", "--set", "--table", "--plugins", "--max-order",
  "-j -t --threads", "--thresholds", "--budget", "--format", NULL
};

static int parse_args(int argc, char **argv, analyze_opts *o) {
  const char *list = NULL;
  int backdoor = 0;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { print_help(); exit(SK_EXIT_OK); }
  if (sk_args_once("analyze", argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEEDS(what) if (!v) return sk_usage_error("analyze", "%s needs %s", a, what)
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { print_help(); exit(SK_EXIT_OK); }
    else if (!strcmp(a, "-i") || !strcmp(a, "--input")) { NEEDS("a file"); o->in = v; i++; }
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) { NEEDS("a file"); o->out = v; i++; }
    else if (!strcmp(a, "--fields")) { NEEDS("a list"); list = v; i++; }
    else if (!strcmp(a, "--backdoor")) backdoor = 1;
    else if (!strcmp(a, "--csv")) o->csv = 1;
    else if (!strcmp(a, "--format")) {
      NEEDS("line, csv or json");
      if (!strcmp(v, "csv")) o->csv = 1;
      else if (!strcmp(v, "json")) o->json = 1;
      else if (strcmp(v, "line")) return sk_usage_error("analyze", "--format: '%s' is not line, csv or json", v);
      i++;
    }
    else if (!strcmp(a, "--set")) { NEEDS("singles, ssts or a list of ids"); o->set_spec = v; i++; }
    else if (!strcmp(a, "--table")) { NEEDS("a table name or path"); o->table = v; i++; }
    else if (!strcmp(a, "--plugins")) { NEEDS("a directory"); o->plugins = v; i++; }
    else if (!strcmp(a, "--max-order")) {
      if (sk_parse_long("analyze", a, v, 0, SK_BACKDOOR_MAX_ORDER, &o->max_order)) return SK_EXIT_USAGE;
      i++;
    } else if (!strcmp(a, "-j") || !strcmp(a, "-t") || !strcmp(a, "--threads")) {
      if (sk_parse_long("analyze", a, v, 0, 256, &o->jobs)) return SK_EXIT_USAGE;
      i++;
    } else if (!strcmp(a, "--thresholds")) {
      NEEDS("three numbers");
      if (sk_correlation_parse(v, o->t) != 0)
        return sk_usage_error("analyze", "--thresholds: '%s' is not three increasing numbers a,b,c", v);
      i++;
    } else if (!strcmp(a, "--budget")) {
      if (sk_parse_seconds("analyze", a, v, &o->budget)) return SK_EXIT_USAGE;
      i++;
    } else if (!sk_arg_take_puzzles(argc, argv, &i, &o->nops))
      return sk_arg_unknown("analyze", argv, i);
#undef NEEDS
  }
  if (list && !*list) return sk_usage_error("analyze", "--fields: the list is empty (see --help)");
  /* --backdoor adds its fields to the chosen ones (the default or --fields) */
  if (add_fields(o, list ? list : default_fields)) return SK_EXIT_USAGE;
  if (backdoor && add_fields(o, backdoor_fields)) return SK_EXIT_USAGE;
  for (int i = 0; i < o->nf; i++) o->needs |= fields[o->f[i]].needs;
  if (o->csv && o->json) return sk_usage_error("analyze", "--csv and --format json: give one");
  return 0;
}

/* The rating table cut after the last technique of the set: after a
** magic cell the set solves the rest, so at every step one of its
** techniques applies and the step engine never goes further down the
** table -- the cut table gives the same path as the whole one. */
static sk_engine *magic_engine(const analyze_opts *o) {
  sk_error err = {{0}};
  sk_engine *e = sk_engine_new();
  char *path = NULL;
  sk_table *t = NULL;
  if (!e) { sk_warn("out of memory"); return NULL; }
  if (sk_engine_load_default(e, o->plugins, &err) != 0) goto fail;
  if (!(path = sk_table_resolve(o->table ? o->table : "se", &err))) goto fail;
  if (!(t = sk_table_load(path, &err))) goto fail;
  const char *last = "naked-single";
  if (o->set) {
    if (strcmp(sk_techset_name(o->set), "ssts") != 0) {   /* an id list: no cut */
      last = NULL;
    } else {
      last = sk_ssts_ids[0];
      for (int i = 0; sk_ssts_ids[i]; i++)
        if (sk_table_find(t, sk_ssts_ids[i]) > sk_table_find(t, last)) last = sk_ssts_ids[i];
    }
  }
  int cut = last ? sk_table_find(t, last) : -1;
  if (last && cut < 0) {
    sk_error_set(&err, "%s: table has no '%s' (needed for magic_er)", path, last);
    goto fail;
  }
  if (cut >= 0) {
    for (int i = cut + 1; i < t->n; i++) {
      sk_table_entry *x = &t->entry[i];
      for (int k = 0; k < x->nmod; k++) free(x->mod[k].provenance);
      free(x->id), free(x->name), free(x->provenance);
    }
    t->n = cut + 1;
  }
  if (sk_engine_use_table(e, t, &err) != 0) goto fail;
  free(path);
  return e;
fail:
  sk_warn("%s", err.msg);
  if (t && sk_engine_table(e) != t) sk_table_free(t);
  free(path);
  sk_engine_free(e);
  return NULL;
}

static int open_engines(analyze_opts *o) {
  sk_error err = {{0}};
  if ((o->needs & NEED_BD) && o->set_spec && strcmp(o->set_spec, "singles") != 0) {
    if (!(o->set = sk_techset_open(o->set_spec, o->table, o->plugins, &err))) {
      sk_warn("--set %s: %s", o->set_spec, err.msg);
      return -1;
    }
  }
  if ((o->needs & NEED_MAGIC_ER) && !(o->magic = magic_engine(o))) return -1;
  if ((o->needs & NEED_RATE) && !(o->rate = sk_cli_engine(o->table, o->plugins))) return -1;
  if ((o->needs & NEED_HODOKU) && !(o->hodoku = sk_cli_engine("hodoku", o->plugins))) return -1;
  return 0;
}

/* }====== */

/* {====== facts of one puzzle */

typedef struct facts {
  sk_grid g;
  uint8_t values[SK_CELLS], sol[SK_CELLS];
  sk_solve_stats st;
  int givens, nred;
  uint8_t red[SK_CELLS];
  sk_correlation corr;
  sk_backdoor bd;
  int32_t magic_er[SK_BACKDOOR_LIST];     /* -1: over budget */
  sk_rating r;
  sk_classes cls;
  int rated, over_budget;
  sk_rating hr;                           /* table hodoku's rating (score, level) */
  int hrated;
} facts;

/* NULL, or the reason of the puzzle's '# invalid' marker (reported). */
static const char *load(const sk_puzzle *p, facts *x) {
  const char *why = sk_puzzle_check_unique(p, &x->g, x->sol, &x->st);
  if (!why) sk_grid_values(&x->g, x->values);
  return why;
}

static int32_t rate_er(sk_engine *e, const sk_grid *g, double budget) {
  sk_rate_opts ro = {0};
  sk_rating r;
  ro.budget = budget;
  sk_rate(e, g, &ro, &r);
  int32_t er = r.over_budget ? -1 : r.er;
  sk_rating_free(&r);
  return er;
}

static int compute(const analyze_opts *o, const sk_puzzle *p, facts *x) {
  for (int c = 0; c < SK_CELLS; c++) x->givens += x->values[c] != 0;
  sk_correlation_of(x->values, &x->corr);
  if (o->needs & NEED_MIN) x->nred = sk_redundant_clues(x->values, x->red);
  if (o->needs & NEED_BD) {
    if (sk_backdoor_find(&x->g, x->sol, o->set, (int)o->max_order, &x->bd) != 0) {
      sk_warn_puzzle(p->source, p->line, p->index, "the backdoor search failed");
      return 1;
    }
    for (int i = 0; (o->needs & NEED_MAGIC_ER) && x->bd.order == 1 && i < x->bd.nlisted; i++) {
      sk_grid t = x->g;
      int c = x->bd.set[i][0];
      sk_grid_place(&t, c, x->sol[c]);
      x->magic_er[i] = rate_er(o->magic, &t, o->budget);
      x->over_budget |= x->magic_er[i] < 0;
    }
  }
  if (o->needs & NEED_RATE) {
    sk_rate_opts ro = {0};
    ro.record = 1;
    ro.budget = o->budget;
    sk_rate(o->rate, &x->g, &ro, &x->r);
    x->rated = 1;
    if (sk_classify(&x->r, &x->cls) != 0) x->over_budget = 1;
  }
  if (o->needs & NEED_HODOKU) {
    sk_rate_opts ro = {0};
    ro.budget = o->budget;
    sk_rate(o->hodoku, &x->g, &ro, &x->hr);
    x->hrated = 1;
    if (x->hr.over_budget) x->over_budget = 1;
  }
  if (x->over_budget) {
    sk_warn_puzzle(p->source, p->line, p->index, "over budget (%g s)", o->budget);
    return 1;
  }
  return 0;
}

/* }====== */

/* {====== output */

static void put_tenths(sk_buf *b, int32_t milli) {
  if (milli < 0) { sk_buf_puts(b, "?"); return; }
  int t = sk_milli_to_tenths(milli);
  sk_buf_printf(b, "%d.%d", t / 10, t % 10);
}

static void put_cell(sk_buf *b, int c, int d) {
  char name[8];
  sk_buf_printf(b, "%s=%d", sk_cell_name(c, name), d);
}

static const char *level_of(int givens) {
  static const char *const names[] = {"easy", "medium", "hard"};
  for (int i = 0; i < 3; i++) {
    int lo, hi;
    if (sk_level_range(names[i], &lo, &hi) == 0 && givens >= lo && givens <= hi) return names[i];
  }
  return "-";
}

static void put_sdrs_flags(sk_buf *b, unsigned f) {
  static const struct { unsigned bit; const char *name; } k[] = {
    {SK_SDRS_PEARL, "pearl"}, {SK_SDRS_DIAMOND, "diamond"},
    {SK_SDRS_EXTREME_PEARL, "extreme-pearl"}, {SK_SDRS_EXTREME_DIAMOND, "extreme-diamond"}
  };
  const char *sep = "";
  for (int i = 0; i < 4; i++)
    if (f & k[i].bit) sk_buf_printf(b, "%s%s", sep, k[i].name), sep = ",";
  if (!*sep) sk_buf_puts(b, "-");
}

/* SE's Tester names the hardest rule of a path: here the first step rated
** ER, by its table id */
static void put_hardest(sk_buf *b, const sk_rating *r) {
  if (r->over_budget) { sk_buf_puts(b, "?"); return; }
  if (r->stuck) { sk_buf_puts(b, "stuck"); return; }
  for (int i = 0; i < r->nsteps; i++)
    if (r->steps[i].difficulty == r->er) { sk_buf_puts(b, r->steps[i].id); return; }
  sk_buf_puts(b, "-");
}

/* how often each technique of the table gave the step, in table order,
** those that never did left out */
static void put_techniques(sk_buf *b, const analyze_opts *o, const sk_rating *r) {
  if (r->over_budget) { sk_buf_puts(b, "?"); return; }
  const sk_table *t = sk_engine_table(o->rate);
  const char *sep = "";
  for (int k = 0; k < t->n; k++) {
    int n = 0;
    for (int i = 0; i < r->nsteps; i++) n += r->steps[i].tech == k;
    if (n) sk_buf_printf(b, "%s%s:%d", sep, t->entry[k].id, n), sep = ",";
  }
  if (!*sep) sk_buf_puts(b, "-");
}

static void put_value(sk_buf *b, const analyze_opts *o, field_id f, const facts *x) {
  static const char *const roman[] = {"?", "I", "II", "III", "IV"};
  const sk_backdoor *bd = &x->bd;
  char line[96];
  switch (f) {
    case F_PUZZLE: sk_write_line(line, x->values, '.'); sk_buf_add(b, line, SK_CELLS); break;
    case F_GIVENS: sk_buf_printf(b, "%d", x->givens); break;
    case F_HODOKU_LEVEL:
      sk_buf_puts(b, x->hrated && x->hr.level >= 0 && !x->hr.over_budget ? x->hr.level_name : "?");
      break;
    case F_HODOKU_SCORE:
      if (x->hrated && x->hr.level >= 0 && !x->hr.over_budget) sk_buf_printf(b, "%lld", (long long)x->hr.score);
      else sk_buf_puts(b, "?");
      break;
    case F_BLANKS: sk_buf_printf(b, "%d", x->corr.blanks); break;
    case F_LEVEL: sk_buf_puts(b, level_of(x->givens)); break;
    case F_MINIMAL: sk_buf_puts(b, x->nred == 0 ? "yes" : "no"); break;
    case F_NREDUNDANT: sk_buf_printf(b, "%d", x->nred); break;
    case F_REDUNDANT:
      for (int i = 0; i < x->nred; i++) {
        if (i) sk_buf_puts(b, ",");
        put_cell(b, x->red[i], x->values[x->red[i]]);
      }
      if (x->nred == 0) sk_buf_puts(b, "-");
      break;
    case F_CORR: sk_buf_printf(b, "%.4f", x->corr.f); break;
    case F_LINKS: sk_buf_printf(b, "%ld", x->corr.links); break;
    case F_GRADE: sk_buf_puts(b, roman[sk_correlation_grade(x->corr.f, o->t)]); break;
    case F_NODES: sk_buf_printf(b, "%llu", (unsigned long long)x->st.nodes); break;
    case F_GUESSES: sk_buf_printf(b, "%llu", (unsigned long long)x->st.guesses); break;
    case F_ORDER:
      if (bd->order >= 0) sk_buf_printf(b, "%d", bd->order);
      else sk_buf_printf(b, ">%ld", o->max_order);
      break;
    case F_NMAGIC: sk_buf_printf(b, "%ld", bd->count); break;
    case F_MAGIC:
      for (int i = 0; i < bd->nlisted; i++) {
        if (i) sk_buf_puts(b, ",");
        for (int k = 0; k < bd->order; k++) {
          if (k) sk_buf_puts(b, "+");
          put_cell(b, bd->set[i][k], x->sol[bd->set[i][k]]);
        }
      }
      if (bd->nlisted < bd->count) sk_buf_puts(b, ",...");
      if (bd->nlisted == 0) sk_buf_puts(b, "-");
      break;
    case F_MAGIC_ER:
      for (int i = 0; bd->order == 1 && i < bd->nlisted; i++) {
        if (i) sk_buf_puts(b, ",");
        put_cell(b, bd->set[i][0], x->sol[bd->set[i][0]]);
        sk_buf_puts(b, ":");
        put_tenths(b, x->magic_er[i]);
      }
      if (bd->order != 1 || bd->nlisted == 0) sk_buf_puts(b, "-");
      break;
    case F_BD_TESTS: sk_buf_printf(b, "%llu", (unsigned long long)bd->tests); break;
    case F_ER: put_tenths(b, x->r.over_budget ? -1 : x->r.er); break;
    case F_EP: put_tenths(b, x->r.over_budget ? -1 : x->r.ep); break;
    case F_ED: put_tenths(b, x->r.over_budget ? -1 : x->r.ed); break;
    case F_SE_CLASS: sk_buf_puts(b, x->r.over_budget ? "?" : sk_se_class_name(x->cls.se)); break;
    case F_SDRS: sk_buf_puts(b, x->r.over_budget ? "?" : sk_sdrs_label(x->cls.sdrs)); break;
    case F_SDRS_FLAGS:
      if (x->r.over_budget) sk_buf_puts(b, "?");
      else put_sdrs_flags(b, x->cls.sdrs);
      break;
    case F_STEPS:
      if (x->r.over_budget) sk_buf_puts(b, "?");
      else sk_buf_printf(b, "%d", x->r.nsteps);
      break;
    case F_HARDEST: put_hardest(b, &x->r); break;
    case F_TECHNIQUES: put_techniques(b, o, &x->r); break;
    case F_NFIELDS: break;
  }
}

/* CSV: a value holding a comma or a quote is quoted. */
static void put_csv(sk_buf *b, const char *s, size_t n) {
  if (!memchr(s, ',', n) && !memchr(s, '"', n)) { sk_buf_add(b, s, n); return; }
  sk_buf_puts(b, "\"");
  for (size_t i = 0; i < n; i++) sk_buf_add(b, s[i] == '"' ? "\"\"" : s + i, s[i] == '"' ? 2 : 1);
  sk_buf_puts(b, "\"");
}

/* Fields whose values are JSON numbers (when they are numbers: '?' over
** budget and '>K' are not); minimal is a boolean; '-' and '?' are null. */
static int json_numeric(field_id f) {
  switch (f) {
    case F_GIVENS: case F_BLANKS: case F_NREDUNDANT: case F_CORR: case F_LINKS: case F_NODES:
    case F_GUESSES: case F_ORDER: case F_NMAGIC: case F_BD_TESTS: case F_ER: case F_EP:
    case F_ED: case F_STEPS: return 1;
    default: return 0;
  }
}

static void put_json_value(sk_buf *b, field_id f, const char *v, size_t n) {
  char *end;
  if ((n == 1 && (v[0] == '-' || v[0] == '?')) || n == 0) { sk_buf_puts(b, "null"); return; }
  if (f == F_MINIMAL) { sk_buf_puts(b, n == 3 && !memcmp(v, "yes", 3) ? "true" : "false"); return; }
  if (json_numeric(f) && v[0] != '>' && (strtod(v, &end), end == v + n)) { sk_buf_add(b, v, n); return; }
  sk_json_strn(b, v, n);
}

static void put_record(sk_buf *b, const analyze_opts *o, const facts *x, const sk_puzzle *p) {
  if (o->json) {
    sk_json_begin(b, p);
    for (int i = 0; i < o->nf; i++) {
      if (o->f[i] == F_PUZZLE) continue;
      sk_buf v = {0};
      put_value(&v, o, o->f[i], x);
      sk_json_key(b, fields[o->f[i]].name);
      put_json_value(b, o->f[i], v.p ? v.p : "", v.n);
      free(v.p);
    }
    sk_json_end(b);
    return;
  }
  for (int i = 0; i < o->nf; i++) {
    sk_buf v = {0};
    put_value(&v, o, o->f[i], x);
    if (o->csv) {
      if (i) sk_buf_puts(b, ",");
      put_csv(b, v.p ? v.p : "", v.n);
    } else {
      if (i) sk_buf_puts(b, " ");
      if (o->f[i] != F_PUZZLE) sk_buf_printf(b, "%s=", fields[o->f[i]].name);
      sk_buf_add(b, v.p ? v.p : "", v.n);
    }
    free(v.p);
  }
  sk_buf_puts(b, "\n");
}

static int analyze_one(void *ctx, sk_batch_item *it) {
  const analyze_opts *o = ctx;
  const sk_puzzle *p = &it->puzzle;
  sk_buf b = {0};
  facts *x = calloc(1, sizeof *x);
  int status;
  const char *why;
  if (!x) { sk_warn("out of memory"); return 1; }
  if ((why = load(p, x))) {
    if (o->json) {
      sk_json_begin(&b, p);
      sk_json_key(&b, "invalid"), sk_json_str(&b, why);
      sk_json_end(&b);
    } else if (!o->csv) {
      sk_buf_printf(&b, "%s " SK_INVALID "%s\n", p->raw ? p->raw : "", why);
    }
    status = 1;
  } else {
    status = compute(o, p, x);
    put_record(&b, o, x, p);
  }
  if (x->rated) sk_rating_free(&x->r);
  if (x->hrated) sk_rating_free(&x->hr);
  free(x);
  it->out = b.p;
  it->outlen = b.n;
  sk_progress_tick(&((analyze_opts *)o)->progress, p->line);
  return status;
}

/* }====== */

int sk_cmd_analyze(int argc, char **argv) {
  analyze_opts o;
  memset(&o, 0, sizeof o);
  o.jobs = 1;
  o.max_order = 3;
  o.t[0] = SK_CORR_T1, o.t[1] = SK_CORR_T2, o.t[2] = SK_CORR_T3;
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc;
  rc = SK_EXIT_USAGE;
  const char *name;
  FILE *in = NULL;
  sk_out out = {0};
  if (open_engines(&o) != 0) goto done;
  if (!(in = sk_in_open(o.in, argv + 1, o.nops, &name))) goto done;
  if (sk_out_open(&out, o.out) != 0) goto done;
  if (o.csv) {
    for (int i = 0; i < o.nf; i++) fprintf(out.f, "%s%s", i ? "," : "", fields[o.f[i]].name);
    fputc('\n', out.f);
  }
  sk_reader *r = sk_reader_open(in, name);
  sk_progress_start(&o.progress, "analyze", o.nops ? NULL : o.in, o.out);
  int st = sk_batch_run(r, out.f, sk_jobs(o.jobs), analyze_one, &o);
  sk_progress_stop(&o.progress);
  sk_reader_close(r);
  if (st < 0) { sk_out_abort(&out); rc = SK_EXIT_DATA; }
  else if (sk_out_commit(&out) != 0) rc = SK_EXIT_DATA;
  else rc = st ? SK_EXIT_DATA : SK_EXIT_OK;
done:
  if (in && in != stdin) fclose(in);
  sk_techset_free(o.set);
  sk_engine_free(o.rate);
  sk_engine_free(o.hodoku);
  sk_engine_free(o.magic);
  return rc;
}
