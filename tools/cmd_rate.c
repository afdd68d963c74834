/*
** cmd_rate.c -- `sudokit rate`, `sudokit explain`, `sudokit techniques`.
**
** rate is serate-compatible: the default format is "%g ED=%r/%p/%d" and
** ER/EP/ED print with one decimal, half rounded up.  Unlike serate, every
** puzzle is checked first: a malformed puzzle, or one with no or several
** solutions, is reported (stderr, with its line) and marked in the output
** instead of being rated.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "cli_json.h"
#include "cli_progress.h"
#include "commands.h"
#include "sk_engine.h"
#include "sk_solver.h"
#include "sk_lua.h"

typedef struct rate_opts {
  const char *cmd;
  const char *in, *out, *table, *plugins, *format;
  int nops;                    /* puzzles given as arguments, in argv[1..] */
  long jobs;
  double budget;
  int verify;
  const char *policy;          /* --policy NAME|PATH: a Lua rating policy */
  long long lua_instructions;  /* --limit-instructions: per puzzle, for the policy */
  double lua_seconds;          /* --timeout: per puzzle, for the policy */
  sk_policy_pool *pool;
  sk_engine *engine;
  int profile;                 /* --profile: time per technique to stderr */
  int header;                  /* --header: first line says how (write_header) */
  int want;                    /* --pearl, --diamond: SK_WANT_* */
  int json;                    /* --format json: one JSON object a puzzle (doc/json.md) */
  sk_progress progress;        /* on stderr, for long runs on a terminal */
  pthread_mutex_t prof_mu;     /* guards prof (rate -j N) */
  sk_tech_profile *prof;       /* per table entry, summed over the puzzles */
  long prof_puzzles;
} rate_opts;

static const char rate_help[] =
  "usage: sudokit rate [--table se|PATH] [--format FMT] [-i FILE] [-o FILE] [-j N]\n"
  "                    [--budget SECONDS] [--verify] [--plugins DIR] [PUZZLE...]\n"
  "Rates each puzzle (the PUZZLE arguments, else -i FILE or standard input) like\n"
  "Sudoku Explainer 1.2.1.3 (serate): at every step the techniques are asked in\n"
  "table order and the first hint is applied.\n"
  "  ER  hardest step (20.0 when the techniques get stuck)\n"
  "  EP  hardest step up to the first placed value\n"
  "  ED  first step's difficulty\n"
  "Each puzzle is checked first; malformed puzzles and puzzles with no or several\n"
  "solutions are reported and marked '# invalid: ...' instead of rated (exit 1).\n"
  "  --format FMT   %g input line, %r ER, %p EP, %d ED, %n ordinal, %e elapsed,\n"
  "                 %L level and %s score of a scored table (levels:, e.g. hodoku;\n"
  "                 '-' for others), %% a percent sign (default \"%g ED=%r/%p/%d\");\n"
  "                 json: one JSON object a puzzle (doc/json.md)\n"
  "  --table T      rating table: a name in ratings/ (se, xdrs) or a YAML path\n"
  "  --budget S     give up on a puzzle after S seconds: '# over budget', exit 1\n"
  "  --verify       check every step against the solution; a wrong step is an error\n"
  "  -p, --pearl, -d, --diamond\n"
  "                 as serate's: stop rating a puzzle as soon as it cannot be a\n"
  "                 pearl (EP = ER) or diamond (ED = EP = ER) and give it ER 20.0\n"
  "  --plugins DIR  load extra technique plugins from DIR (also SUDOKIT_PLUGIN_PATH)\n"
  "  --policy P     rate with a Lua policy: a name in ratings/ (se, xdrs, cheapest)\n"
  "                 or a path; the policy chooses the steps and writes the line\n"
  "                 (--format does not apply; --table overrides the policy's table)\n"
  "  --limit-instructions N, --timeout S\n"
  "                 stop a policy's Lua code after N instructions or S seconds on\n"
  "                 one puzzle: that puzzle is marked '# ...limit exceeded', exit 1\n"
  "  --header       first write a '#' line naming sudokit's version, the table\n"
  "                 (or policy) and each plugin, each file with a hash of its bytes\n"
  "  --profile      print to stderr, per technique, the searches run, the steps\n"
  "                 they gave and their CPU time, summed over the puzzles (the\n"
  "                 clock reads cost about 1 us per search: easy puzzles rate slower)\n"
  "  -i, -o, -j     input, output (written whole or not at all), worker threads\n"
  "                 (-t N and --threads N are -j N, as in serate)\n"
  "serate's command lines work as they are: '--format=FMT' is '--format FMT'\n"
  "(so for every long option), -fFMT is -f FMT, and -f, -p, -d, --in, --out are\n"
  "--format, --pearl, --diamond, --input, --output.\n";

static const char explain_help[] =
  "usage: sudokit explain [--table se|PATH] [-i FILE] [-o FILE] [--verify] [--plugins DIR]\n"
  "                       [--header] [--pearl | --diamond] [--policy P] [PUZZLE...]\n"
  "Prints each puzzle's solving path, one step per line:\n"
  "  3.2 X-Wing: 7 in c2,c8 at r1,r5 => r3c2<>7\n"
  "followed by the rating line 'ER/EP/ED'.  --header, --pearl and --diamond as\n"
  "for rate (the path then ends on 'not a pearl' or 'not a diamond'); -j N\n"
  "(-t N, --threads N) explains on N threads, the output in input order;\n"
  "--format json writes one JSON object a puzzle (doc/json.md).\n"
  "With --policy P the policy writes each puzzle's lines (its ctx.explain is\n"
  "true): --policy hodoku prints HoDoKu's /bs /vp output, the rating line and\n"
  "then each step indented by three spaces, as HoDoKu writes it.\n";

static const char techniques_help[] =
  "usage: sudokit techniques [--table se|PATH] [--plugins DIR]\n"
  "Lists the techniques in table order with each one's difficulty rule and the\n"
  "plugin providing it, then loaded techniques the table does not use.\n";

/* The options that take a value, each with its names */
static const char *const value_opts[] = {
  "-i --input --in", "-o --output --out", "--table", "--plugins", "-f --format",
  "-j -t --threads", "--budget", "--policy", "--limit-instructions", "--timeout", NULL
};

static int parse_args(int argc, char **argv, rate_opts *o, const char *help) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) { fputs(help, stdout); exit(SK_EXIT_OK); }
  if (sk_args_once(o->cmd, argc, argv, value_opts, 0)) return SK_EXIT_USAGE;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(help, stdout); exit(SK_EXIT_OK); }
#define NEEDS(what) if (!v) return sk_usage_error(o->cmd, "%s needs %s", a, what)
    else if (!strcmp(a, "-i") || !strcmp(a, "--input") || !strcmp(a, "--in")) {
      NEEDS("a file");
      o->in = v;
      i++;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "--out")) {
      NEEDS("a file");
      o->out = v;
      i++;
    }
    else if (!strcmp(a, "--table")) { NEEDS("a table name or path"); o->table = v; i++; }
    else if (!strcmp(a, "--plugins")) { NEEDS("a directory"); o->plugins = v; i++; }
    else if (!strcmp(a, "--format") || !strcmp(a, "-f")) { NEEDS("a format"); o->format = v; i++; }
    else if ((!strcmp(a, "-j") || !strcmp(a, "-t") || !strcmp(a, "--threads")) &&
             strcmp(o->cmd, "techniques")) {
      if (sk_parse_long(o->cmd, a, v, 0, 256, &o->jobs)) return SK_EXIT_USAGE;
      i++;
    }
    else if (!strcmp(a, "--budget") && strcmp(o->cmd, "techniques")) {
      if (sk_parse_seconds(o->cmd, a, v, &o->budget)) return SK_EXIT_USAGE;
      i++;
    }
    else if (!strcmp(a, "--verify")) o->verify = 1;
    else if (!strcmp(a, "--header") && strcmp(o->cmd, "techniques")) o->header = 1;
    else if ((!strcmp(a, "--pearl") || !strcmp(a, "-p")) && strcmp(o->cmd, "techniques"))
      o->want = SK_WANT_PEARL;
    else if ((!strcmp(a, "--diamond") || !strcmp(a, "-d")) && strcmp(o->cmd, "techniques"))
      o->want = SK_WANT_DIAMOND;
    else if (!strcmp(a, "--profile") && !strcmp(o->cmd, "rate")) o->profile = 1;
    else if (!strcmp(a, "--policy") && (!strcmp(o->cmd, "rate") || !strcmp(o->cmd, "explain"))) { NEEDS("a policy name or path"); o->policy = v; i++; }
    else if (!strcmp(a, "--limit-instructions") && !strcmp(o->cmd, "rate")) {
      long n;
      if (sk_parse_long(o->cmd, a, v, 1, 2000000000L, &n)) return SK_EXIT_USAGE;
      o->lua_instructions = n;
      i++;
    }
    else if (!strcmp(a, "--timeout") && !strcmp(o->cmd, "rate")) {
      if (sk_parse_seconds(o->cmd, a, v, &o->lua_seconds)) return SK_EXIT_USAGE;
      i++;
    }
    else if (!strcmp(o->cmd, "techniques") || !sk_arg_take_puzzles(argc, argv, &i, &o->nops))
      return sk_arg_unknown(o->cmd, argv, i);
#undef NEEDS
  }
  return 0;
}

static void put_tenths(sk_buf *b, int32_t milli) {
  int t = sk_milli_to_tenths(milli);
  sk_buf_printf(b, "%d.%d", t / 10, t % 10);
}

static void put_elapsed(sk_buf *b, double s) {
  char t[24];
  sk_buf_add(b, t, sk_write_elapsed(t, s));
}

static void format_rating(sk_buf *b, const char *fmt, const sk_puzzle *p,
                          const sk_rating *r, double secs) {
  for (const char *f = fmt; *f; f++) {
    if (*f != '%' || !f[1]) { sk_buf_add(b, f, 1); continue; }
    switch (*++f) {
      case 'g': sk_buf_puts(b, p->raw ? p->raw : ""); break;
      case 'r': put_tenths(b, r->er); break;
      case 'p': put_tenths(b, r->ep); break;
      case 'd': put_tenths(b, r->ed); break;
      case 'n': sk_buf_printf(b, "%ld", p->index); break;
      case 'e': put_elapsed(b, secs); break;
      case 'L': sk_buf_puts(b, r->level >= 0 && r->level_name ? r->level_name : "-"); break;
      case 's':
        if (r->level >= 0) sk_buf_printf(b, "%lld", (long long)r->score);
        else sk_buf_puts(b, "-");
        break;
      case '%': sk_buf_add(b, "%", 1); break;
      default: sk_buf_add(b, f - 1, 2); break;
    }
  }
  sk_buf_add(b, "\n", 1);
}

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Rate through a Lua policy.  A script error costs only its own puzzle:
** it is reported with the puzzle's place and marked, and the next puzzle
** is rated afresh. */
static int rate_with_policy(rate_opts *o, sk_batch_item *it, const sk_grid *g) {
  sk_buf b = {0};
  const sk_puzzle *p = &it->puzzle;
  char *line = NULL;
  sk_error err = {{0}};
  int rc = sk_policy_pool_rate(o->pool, p, g, &line, &err);
  if (rc < 0) {
    sk_warn_puzzle(p->source, p->line, p->index, "policy error: %s", err.msg);
    sk_buf_printf(&b, "%s # not rated: policy error\n", p->raw ? p->raw : "");
    it->out = b.p; it->outlen = b.n;
    return 1;
  }
  if (rc == 1) sk_warn_puzzle(p->source, p->line, p->index, "%s", err.msg);
  it->out = line;
  it->outlen = line ? strlen(line) : 0;
  return rc == 0 ? 0 : 1;
}

/* rate --format json: the rating's object (doc/json.md) */
static void rating_json(sk_buf *b, const rate_opts *o, const sk_puzzle *p, const sk_rating *r,
                        double secs) {
  sk_json_begin(b, p);
  if (r->over_budget) {
    sk_json_key(b, "over_budget"), sk_buf_puts(b, "true");
    sk_json_key(b, "budget"), sk_buf_printf(b, "%g", o->budget);
  } else if (r->wrong) {
    sk_json_key(b, "wrong_step"), sk_buf_printf(b, "%d", r->wrong_step + 1);
  } else {
    sk_json_key(b, "er"), sk_json_tenths(b, r->er);
    sk_json_key(b, "ep"), sk_json_tenths(b, r->ep);
    sk_json_key(b, "ed"), sk_json_tenths(b, r->ed);
    sk_json_key(b, "stuck"), sk_buf_puts(b, r->stuck ? "true" : "false");
    if (o->want) sk_json_key(b, "unwanted"), sk_buf_puts(b, r->unwanted ? "true" : "false");
  }
  sk_json_key(b, "seconds"), sk_buf_printf(b, "%.6f", secs);
  sk_json_end(b);
}

/* One step of explain --format json */
static void step_json(sk_buf *b, const sk_step *st) {
  char line[2048];
  sk_buf_puts(b, "{");
  sk_json_key(b, "difficulty"), sk_json_tenths(b, st->difficulty);
  sk_json_key(b, "id"), sk_json_str(b, st->id);
  sk_json_key(b, "name"), sk_json_str(b, st->name);
  sk_step_describe(st, line, sizeof line);
  sk_json_key(b, "description"), sk_json_str(b, line);
  if (st->cell >= 0) {
    sk_json_key(b, "cell"), sk_json_cell(b, st->cell);
    sk_json_key(b, "digit"), sk_buf_printf(b, "%d", st->digit);
  }
  sk_json_key(b, "eliminations");
  sk_buf_puts(b, "[");
  for (int k = 0; k < st->nelim; k++)
    sk_buf_printf(b, "%s\"r%dc%d<>%d\"", k ? "," : "", st->elim[k] / 16 / 9 + 1,
                  st->elim[k] / 16 % 9 + 1, st->elim[k] % 16);
  sk_buf_puts(b, "]");
  if (st->detail) sk_json_key(b, "detail"), sk_json_str(b, st->detail);
  sk_buf_puts(b, "}");
}

static int rate_one(void *ctx, sk_batch_item *it) {
  const rate_opts *o = ctx;
  sk_buf b = {0};
  sk_grid g;
  uint8_t sol[SK_CELLS];
  int status = 0;
  const sk_puzzle *p = &it->puzzle;
  const char *why = sk_puzzle_check_unique(p, &g, sol, NULL);
  if (why) {
    if (o->json) {
      sk_json_begin(&b, p);
      sk_json_key(&b, "invalid"), sk_json_str(&b, why);
      sk_json_end(&b);
    } else {
      sk_buf_printf(&b, "%s " SK_INVALID "%s\n", p->raw ? p->raw : "", why);
    }
    it->out = b.p; it->outlen = b.n;
    return 1;
  }
  if (o->pool) return rate_with_policy((rate_opts *)o, it, &g);
  sk_rate_opts ro = {0};
  ro.budget = o->budget;
  ro.solution = o->verify ? sol : NULL;
  ro.want = o->want;
  int nt = sk_engine_table(o->engine)->n;
  if (o->prof) ro.profile = calloc((size_t)nt, sizeof *ro.profile);
  sk_rating r;
  double t0 = seconds_now();
  sk_rate(o->engine, &g, &ro, &r);
  double secs = seconds_now() - t0;
  if (ro.profile) {
    rate_opts *w = (rate_opts *)o;
    pthread_mutex_lock(&w->prof_mu);
    for (int i = 0; i < nt; i++) {
      w->prof[i].calls += ro.profile[i].calls;
      w->prof[i].hits += ro.profile[i].hits;
      w->prof[i].seconds += ro.profile[i].seconds;
    }
    w->prof_puzzles++;
    pthread_mutex_unlock(&w->prof_mu);
    free(ro.profile);
  }
  if (r.over_budget) {
    sk_warn_puzzle(p->source, p->line, p->index, "over budget (%g s)", o->budget);
    status = 1;
  } else if (r.wrong) {
    sk_warn_puzzle(p->source, p->line, p->index, "step %d contradicts the solution (--verify)",
                   r.wrong_step + 1);
    status = 1;
  }
  if (o->json) rating_json(&b, o, p, &r, secs);
  else if (r.over_budget) sk_buf_printf(&b, "%s # over budget (%g s)\n", p->raw ? p->raw : "", o->budget);
  else if (r.wrong) sk_buf_printf(&b, "%s # wrong step %d\n", p->raw ? p->raw : "", r.wrong_step + 1);
  else format_rating(&b, o->format ? o->format : "%g ED=%r/%p/%d", p, &r, secs);
  sk_rating_free(&r);
  it->out = b.p; it->outlen = b.n;
  return status;
}

static int explain_one(void *ctx, sk_batch_item *it) {
  const rate_opts *o = ctx;
  sk_buf b = {0};
  sk_grid g;
  uint8_t sol[SK_CELLS];
  char line[2048];
  const sk_puzzle *p = &it->puzzle;
  int status = 0;
  if (o->pool) return rate_one(ctx, it);       /* the policy writes the path */
  if (!o->json) sk_buf_printf(&b, "# %s\n", p->raw ? p->raw : "");
  const char *why = sk_puzzle_check_unique(p, &g, sol, NULL);
  if (why) {
    if (o->json) {
      sk_json_begin(&b, p);
      sk_json_key(&b, "invalid"), sk_json_str(&b, why);
      sk_json_end(&b);
    } else {
      sk_buf_printf(&b, SK_INVALID "%s\n\n", why);
    }
    it->out = b.p; it->outlen = b.n;
    return 1;
  }
  sk_rate_opts ro = {0};
  ro.record = 1;
  ro.budget = o->budget;
  ro.solution = o->verify ? sol : NULL;
  ro.want = o->want;
  sk_rating r;
  sk_rate(o->engine, &g, &ro, &r);
  if (o->json) {
    sk_json_begin(&b, p);
    sk_json_key(&b, "steps");
    sk_buf_puts(&b, "[");
    for (int i = 0; i < r.nsteps; i++) {
      if (i) sk_buf_puts(&b, ",");
      step_json(&b, &r.steps[i]);
    }
    sk_buf_puts(&b, "]");
    const char *end = r.over_budget ? "over budget" : r.wrong ? "wrong step" : r.stuck ? "stuck"
                    : !r.unwanted ? "solved" : o->want == SK_WANT_PEARL ? "not a pearl" : "not a diamond";
    sk_json_key(&b, "end"), sk_json_str(&b, end);
    if (r.wrong) sk_json_key(&b, "wrong_step"), sk_buf_printf(&b, "%d", r.wrong_step + 1);
    if (!r.over_budget && !r.wrong) {
      sk_json_key(&b, "er"), sk_json_tenths(&b, r.er);
      sk_json_key(&b, "ep"), sk_json_tenths(&b, r.ep);
      sk_json_key(&b, "ed"), sk_json_tenths(&b, r.ed);
    }
    sk_json_end(&b);
  }
  for (int i = 0; i < r.nsteps && !o->json; i++) {
    sk_step_describe(&r.steps[i], line, sizeof line);
    sk_buf_printf(&b, "%s\n", line);
  }
  if (r.over_budget) {
    sk_warn_puzzle(p->source, p->line, p->index, "over budget (%g s)", o->budget);
    status = 1;
  } else if (r.wrong) {
    sk_warn_puzzle(p->source, p->line, p->index, "step %d contradicts the solution (--verify)",
                   r.wrong_step + 1);
    status = 1;
  }
  if (!o->json) {
    if (r.over_budget) sk_buf_puts(&b, "over budget\n");
    else if (r.wrong) sk_buf_printf(&b, "wrong step %d\n", r.wrong_step + 1);
    else if (r.stuck) sk_buf_puts(&b, "stuck\n");
    else if (r.unwanted)
      sk_buf_puts(&b, o->want == SK_WANT_PEARL ? "not a pearl\n" : "not a diamond\n");
    sk_buf_puts(&b, "ER/EP/ED = ");
    put_tenths(&b, r.er); sk_buf_puts(&b, "/");
    put_tenths(&b, r.ep); sk_buf_puts(&b, "/");
    put_tenths(&b, r.ed); sk_buf_puts(&b, "\n\n");
  }
  sk_rating_free(&r);
  it->out = b.p; it->outlen = b.n;
  return status;
}

/* FNV-1a over a file's bytes, as 16 hex digits; "unreadable" when it
** cannot be read */
static void file_hash(const char *path, char out[20]) {
  FILE *f = path ? fopen(path, "rb") : NULL;
  if (!f) { snprintf(out, 20, "unreadable"); return; }
  uint64_t h = 0xcbf29ce484222325ull;
  unsigned char buf[8192];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    for (size_t i = 0; i < n; i++) h = (h ^ buf[i]) * 0x100000001b3ull;
  int bad = ferror(f);
  fclose(f);
  if (bad) snprintf(out, 20, "unreadable");
  else snprintf(out, 20, "%016llx", (unsigned long long)h);
}

static void put_file(FILE *f, const char *what, const char *path) {
  char h[20];
  file_hash(path, h);
  fprintf(f, " %s %s fnv1a64=%s;", what, path ? path : "-", h);
}

/* --header: one comment line that says how the ratings below were made,
** so that a batch rated months ago can be told apart from one rated with
** another build, table, policy or plugin (the readers skip '#' lines, so
** the output stays valid input).  The plugins of sudokit-static are in its
** binary, whose hash covers them.  A policy run names the policy file,
** then the table and plugins of the engine the policy rates with (its own
** table, or --table's), so that editing either shows in the header. */
static int write_header(FILE *f, const rate_opts *o) {
  sk_engine *e = o->engine;
  if (o->pool) e = sk_policy_engine(sk_policy_pool_first(o->pool));
  if (!e) { sk_warn("--header: the policy %s has no engine", o->policy); return -1; }
  char h[20];
  file_hash("/proc/self/exe", h);
  fprintf(f, "# sudokit %s %s; binary fnv1a64=%s;", SK_VERSION, o->cmd, h);
  if (o->policy) put_file(f, "policy", sk_policy_path(sk_policy_pool_first(o->pool)));
  put_file(f, "table", sk_engine_table(e)->path);
  int n = sk_engine_technique_count(e);
  for (int i = 0; i < n; i++) {
    const char *file = sk_engine_technique_file(e, i);
    int seen = 0;
    for (int j = 0; j < i && !seen; j++) seen = !strcmp(file, sk_engine_technique_file(e, j));
    if (seen) continue;
    size_t len = strlen(file);
    if (len > 2 && !strcmp(file + len - 2, ".c")) fprintf(f, " plugin %s built in;", file);
    else put_file(f, "plugin", file);
  }
  if (!strcmp(o->cmd, "rate") && !o->policy) {
    /* escaped, so that a newline in the format cannot end the '#' line */
    fputs(" format \"", f);
    for (const char *c = o->format ? o->format : "%g ED=%r/%p/%d"; *c; c++) {
      unsigned char u = (unsigned char)*c;
      if (u == '"' || u == '\\') fprintf(f, "\\%c", u);
      else if (u < 0x20 || u == 0x7f) fprintf(f, "\\x%02x", u);
      else fputc(u, f);
    }
    fputc('"', f);
  }
  fputc('\n', f);
  return 0;
}

static void finish_opts(rate_opts *o) {
  if (o->prof) {
    sk_tech_profile_print(stderr, o->engine, o->prof, o->prof_puzzles, 0);
    free(o->prof);
    pthread_mutex_destroy(&o->prof_mu);
    o->prof = NULL;
  }
  if (o->engine) sk_engine_free(o->engine);
  if (o->pool) sk_policy_pool_close(o->pool);
  o->engine = NULL;
  o->pool = NULL;
}

static int run_batch(int argc, char **argv, const char *cmd, const char *help, sk_batch_work work) {
  rate_opts o = {0};
  o.cmd = cmd;
  o.jobs = 1;
  int rc = parse_args(argc, argv, &o, help);
  if (rc) return rc;
  o.json = o.format && !strcmp(o.format, "json");
  if (!strcmp(cmd, "explain") && o.format && !o.json && strcmp(o.format, "text"))
    return sk_usage_error(cmd, "--format: '%s' is not text or json", o.format);
  if (o.json && o.header)
    return sk_usage_error(cmd, "--header writes a '#' line: not with --format json");
  if (o.profile && o.policy) return sk_usage_error(cmd, "--profile times the table's techniques: not with --policy");
  if (o.want && o.policy)
    return sk_usage_error(cmd, "--pearl and --diamond stop the table's rating: not with --policy");
  if ((o.lua_instructions || o.lua_seconds) && !o.policy)
    return sk_usage_error(cmd, "--limit-instructions and --timeout limit a --policy");
  if (o.policy) {
    sk_error err = {{0}};
    sk_policy_opts po = {0};
    if (o.format) return sk_usage_error(cmd, "--format does not apply with --policy (the policy writes the line)");
    po.table = o.table;
    po.plugins = o.plugins;
    po.budget = o.budget;
    po.verify = o.verify;
    po.explain = !strcmp(cmd, "explain");
    po.limits.instructions = o.lua_instructions;
    po.limits.seconds = o.lua_seconds;
    o.pool = sk_policy_pool_open(o.policy, &po, sk_jobs(o.jobs), &err);
    if (!o.pool) { sk_warn("%s", err.msg); return SK_EXIT_USAGE; }
  }
  if (!o.pool) {
    o.engine = sk_cli_engine(o.table, o.plugins);
    if (!o.engine) return SK_EXIT_USAGE;
  }
  if (o.profile) {
    o.prof = calloc((size_t)sk_engine_table(o.engine)->n, sizeof *o.prof);
    if (!o.prof) { sk_warn("out of memory"); finish_opts(&o); return SK_EXIT_DATA; }
    pthread_mutex_init(&o.prof_mu, NULL);
  }
  const char *name;
  FILE *in = sk_in_open(o.in, argv + 1, o.nops, &name);
  if (!in) { finish_opts(&o); return SK_EXIT_USAGE; }
  sk_out out;
  if (sk_out_open(&out, o.out) != 0) {
    if (in != stdin) fclose(in);
    finish_opts(&o);
    return SK_EXIT_USAGE;
  }
  if (o.header && write_header(out.f, &o) != 0) {
    if (in != stdin) fclose(in);
    sk_out_abort(&out);
    finish_opts(&o);
    return SK_EXIT_USAGE;
  }
  sk_reader *r = sk_reader_open(in, name);
  sk_progress_start(&o.progress, cmd, o.nops ? NULL : o.in, o.out);
  int st = sk_batch_run(r, out.f, sk_jobs(o.jobs), work, &o);
  sk_progress_stop(&o.progress);
  sk_reader_close(r);
  if (in != stdin) fclose(in);
  finish_opts(&o);
  if (st < 0) { sk_out_abort(&out); return SK_EXIT_DATA; }
  if (sk_out_commit(&out) != 0) return SK_EXIT_DATA;
  return st ? SK_EXIT_DATA : SK_EXIT_OK;
}

/* The work functions, counted for the progress line */
static int rate_counted(void *ctx, sk_batch_item *it) {
  int st = rate_one(ctx, it);
  sk_progress_tick(&((rate_opts *)ctx)->progress, it->puzzle.line);
  return st;
}

static int explain_counted(void *ctx, sk_batch_item *it) {
  int st = explain_one(ctx, it);
  sk_progress_tick(&((rate_opts *)ctx)->progress, it->puzzle.line);
  return st;
}

int sk_cmd_rate(int argc, char **argv) {
  return run_batch(argc, argv, "rate", rate_help, rate_counted);
}

int sk_cmd_explain(int argc, char **argv) {
  return run_batch(argc, argv, "explain", explain_help, explain_counted);
}

/* After an entry's line: "(disabled)", its aliases and attributes. */
static void print_more(const sk_table_entry *x) {
  const sk_table_ext *m = x->ext;
  if (x->disabled) printf(" (disabled)");
  for (int k = 0; m && k < m->nalias; k++) printf("%s%s", k ? "," : "  aliases ", m->alias[k]);
  for (int k = 0; m && k < m->nattr; k++)
    printf("%s%s=%s", k ? " " : "  attrs ", m->attr[k].name, m->attr[k].value);
  printf("\n");
}

int sk_cmd_techniques(int argc, char **argv) {
  rate_opts o = {0};
  o.cmd = "techniques";
  int rc = parse_args(argc, argv, &o, techniques_help);
  if (rc) return rc;
  sk_engine *e = sk_cli_engine(o.table, o.plugins);
  if (!e) return SK_EXIT_USAGE;
  const sk_table *t = sk_engine_table(e);
  char rule[512];
  printf("# table %s (%s)\n", t->name, t->path ? t->path : "");
  for (int i = 0; i < t->n; i++) {
    const sk_technique *x = sk_engine_bound(e, i);
    sk_table_describe(&t->entry[i], rule, sizeof rule);
    printf("%2d  %-26s %-34s %s", i + 1, t->entry[i].id, rule,
           t->entry[i].name ? t->entry[i].name : x->name);
    print_more(&t->entry[i]);
  }
  int header = 0;
  for (int i = 0; i < sk_engine_technique_count(e); i++) {
    const sk_technique *x = sk_engine_technique(e, i);
    if (sk_table_find(t, x->id) >= 0) continue;
    if (!header) { printf("# loaded but not in this table\n"); header = 1; }
    printf("    %-26s %s (%s)\n", x->id, x->name, sk_engine_technique_file(e, i));
  }
  sk_engine_free(e);
  return SK_EXIT_OK;
}
