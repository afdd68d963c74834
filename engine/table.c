/*
** table.c -- rating tables: read the YAML files of ratings/ with libyaml
** and compute a hint's difficulty from the figures it reports.
**
** Reading takes two passes.  The first turns libyaml's event stream into a
** small tree (scalars, sequences, mappings, each with its position) and
** refuses what a rating table never needs: aliases, anchors, tags, a second
** document, deep nesting, NUL bytes.  Events are consumed one at a time, so
** a hostile file is stopped at its first bad event and no recursion follows
** the input's nesting.  The second pass walks the tree against the table's
** schema and reports the first problem as "file:line:col: message".
** Numbers are read from their decimal text, never through a double, so
** "0.1" is exactly 100 milli-points.
*/
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>
#include "sk_table.h"
#include "sk_plugin.h"

#ifndef SK_PREFIX
#define SK_PREFIX "/usr/local"
#endif

#define MAX_DEPTH   8           /* nested collections; the schema uses 6 */
#define MAX_BYTES   (1 << 20)   /* a table is a few KB: refuse over 1 MiB */
#define MAX_ENTRIES 2000        /* techniques per table */
#define MAX_ID      64          /* characters in a technique id */
#define MAX_MILLI   100000      /* base and additions are within [0, 100] */
#define INT_LIMIT   2147483647  /* figures are int32_t */

#if defined(__GNUC__)
#define PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF(f, a)
#endif


/* {====================================================================
** Figures
** ===================================================================== */

static const char *const fig_names[] = {"size", "length", "type", "complexity", "extra"};
_Static_assert(sizeof fig_names / sizeof *fig_names == SK_FIG_COUNT,
               "one name per SK_FIG_* figure");

const char *sk_figure_name(int fig) {
  return fig >= 0 && fig < SK_FIG_COUNT ? fig_names[fig] : NULL;
}

int sk_figure_parse(const char *s) {
  for (int i = 0; s && i < SK_FIG_COUNT; i++)
    if (strcmp(s, fig_names[i]) == 0) return i;
  return -1;
}

/* }==================================================================== */


/* {====================================================================
** Errors and the tree of nodes
** ===================================================================== */

enum { N_SCALAR, N_SEQ, N_MAP };

typedef struct node {
  int kind;
  int plain;                   /* scalar written bare (so it can be a number) */
  int line, col;               /* 1-based */
  char *text;                  /* scalar text, NUL-terminated (len excludes it) */
  size_t len;
  int n, cap;                  /* children; a mapping holds key, value, key... */
  struct node **kid;
} node;

typedef struct ctx {
  const char *file;            /* name used in messages */
  sk_error *err;
  int failed;                  /* only the first problem is reported */
} ctx;

static int fail(ctx *c, int line, int col, const char *fmt, ...) PRINTF(4, 5);

static int fail(ctx *c, int line, int col, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  if (c->failed) return -1;
  c->failed = 1;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sk_error_set(c->err, "%s:%d:%d: %s", c->file, line, col, msg);
}

#define failat(c, nd, ...) fail((c), (nd)->line, (nd)->col, __VA_ARGS__)

/* 1-based line and column of a byte offset (columns count characters). */
static void where(const char *text, size_t len, size_t off, int *line, int *col) {
  *line = 1, *col = 1;
  for (size_t i = 0; i < off && i < len; i++) {
    if (text[i] == '\n') ++*line, *col = 1;
    else if (((unsigned char)text[i] & 0xC0) != 0x80) ++*col;
  }
}

/* A short printable copy of user text for messages. */
static const char *show(const char *s, size_t len, char *buf, size_t size) {
  size_t n = 0, max = size - 4;        /* room for "..." and NUL */
  for (size_t i = 0; i < len && n < max; i++) {
    unsigned char ch = (unsigned char)s[i];
    buf[n++] = ch < 0x20 || ch == 0x7F ? '?' : (char)ch;
  }
  if (n < len) {                       /* cut before a split UTF-8 sequence */
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    memcpy(buf + n, "...", 3), n += 3;
  }
  buf[n] = '\0';
  return buf;
}

static int is_null(const node *n) {
  return n->kind == N_SCALAR && n->plain &&
         (n->len == 0 || strcmp(n->text, "~") == 0 || strcmp(n->text, "null") == 0 ||
          strcmp(n->text, "Null") == 0 || strcmp(n->text, "NULL") == 0);
}

/* What a node is, for "must be X, not Y" messages. */
static const char *what_is(const node *n, char *buf, size_t size) {
  if (n->kind == N_MAP) return "a mapping";
  if (n->kind == N_SEQ) return "a sequence";
  if (is_null(n)) return "nothing";
  if (!n->plain) return "a quoted string";
  char tmp[48];
  snprintf(buf, size, "'%s'", show(n->text, n->len, tmp, sizeof tmp));
  return buf;
}

static void node_free(node *n) {       /* depth <= MAX_DEPTH: shallow recursion */
  if (!n) return;
  for (int i = 0; i < n->n; i++) node_free(n->kid[i]);
  free(n->kid);
  free(n->text);
  free(n);
}

/* }==================================================================== */


/* {====================================================================
** Pass 1: libyaml events -> tree
** ===================================================================== */

typedef struct builder {
  node *stack[MAX_DEPTH];      /* open collections */
  int depth;
  node *root;
  int docs;
} builder;

static void syntax_error(ctx *c, const yaml_parser_t *p, const char *text, size_t len) {
  int line, col;
  const char *problem = p->problem ? p->problem : "unreadable input";
  if (p->error == YAML_MEMORY_ERROR) {
    fail(c, 1, 1, "out of memory");
    return;
  }
  if (p->error == YAML_READER_ERROR) {   /* no mark, only a byte offset */
    where(text, len, p->problem_offset, &line, &col);
    fail(c, line, col, "bad character: %s", problem);
    return;
  }
  line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;
  if (p->context)
    fail(c, line, col, "YAML syntax error: %s (%s at line %d)", problem, p->context,
         (int)p->context_mark.line + 1);
  else
    fail(c, line, col, "YAML syntax error: %s", problem);
}

static node *node_new(ctx *c, int kind, yaml_mark_t m) {
  node *n = calloc(1, sizeof *n);
  if (!n) {
    fail(c, (int)m.line + 1, (int)m.column + 1, "out of memory");
    return NULL;
  }
  n->kind = kind;
  n->line = (int)m.line + 1;
  n->col = (int)m.column + 1;
  return n;
}

/* Hang a new node under the innermost open collection (or make it the root). */
static int attach(ctx *c, builder *b, node *n) {
  if (b->depth == 0) {
    b->root = n;
    return 0;
  }
  node *p = b->stack[b->depth - 1];
  if (p->kind == N_MAP && p->n % 2 == 0 && n->kind != N_SCALAR) {
    failat(c, n, "a mapping key must be a name, not %s",
           n->kind == N_MAP ? "a mapping" : "a sequence");
    node_free(n);
    return -1;
  }
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 8;
    node **kid = realloc(p->kid, (size_t)cap * sizeof *kid);
    if (!kid) {
      failat(c, n, "out of memory");
      node_free(n);
      return -1;
    }
    p->kid = kid, p->cap = cap;
  }
  p->kid[p->n++] = n;
  return 0;
}

/* Anchors and tags have no use in a rating table; refusing them keeps the
** tree a plain tree (no shared nodes, no alias bombs). */
static int plain_node(ctx *c, const yaml_event_t *ev, const yaml_char_t *anchor,
                      const yaml_char_t *tag) {
  int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
  char tmp[48];
  if (anchor)
    return fail(c, line, col, "anchors are not supported (&%s)",
                show((const char *)anchor, strlen((const char *)anchor), tmp, sizeof tmp));
  if (tag)
    return fail(c, line, col, "tags are not supported (%s)",
                show((const char *)tag, strlen((const char *)tag), tmp, sizeof tmp));
  return 0;
}

static int on_scalar(ctx *c, builder *b, const yaml_event_t *ev) {
  if (plain_node(c, ev, ev->data.scalar.anchor, ev->data.scalar.tag)) return -1;
  node *n = node_new(c, N_SCALAR, ev->start_mark);
  if (!n) return -1;
  n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
  n->len = ev->data.scalar.length;
  n->text = malloc(n->len + 1);
  if (!n->text) {
    node_free(n);
    return fail(c, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1, "out of memory");
  }
  memcpy(n->text, ev->data.scalar.value, n->len);
  n->text[n->len] = '\0';
  return attach(c, b, n);
}

static int on_open(ctx *c, builder *b, const yaml_event_t *ev, int kind) {
  const yaml_char_t *anchor, *tag;
  if (kind == N_MAP) anchor = ev->data.mapping_start.anchor, tag = ev->data.mapping_start.tag;
  else anchor = ev->data.sequence_start.anchor, tag = ev->data.sequence_start.tag;
  if (plain_node(c, ev, anchor, tag)) return -1;
  if (b->depth == MAX_DEPTH)
    return fail(c, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                "nested too deeply (a table needs at most %d levels)", MAX_DEPTH);
  node *n = node_new(c, kind, ev->start_mark);
  if (!n || attach(c, b, n)) return -1;
  b->stack[b->depth++] = n;
  return 0;
}

/* Feed one event; returns 1 at the end of the stream. */
static int on_event(ctx *c, builder *b, const yaml_event_t *ev) {
  int line = (int)ev->start_mark.line + 1, col = (int)ev->start_mark.column + 1;
  switch (ev->type) {
  case YAML_STREAM_END_EVENT:
    return 1;
  case YAML_DOCUMENT_START_EVENT:
    if (++b->docs > 1) fail(c, line, col, "a table is a single YAML document");
    return 0;
  case YAML_ALIAS_EVENT: {
    char tmp[48];
    const char *a = (const char *)ev->data.alias.anchor;
    fail(c, line, col, "aliases are not supported (*%s)", show(a, strlen(a), tmp, sizeof tmp));
    return 0;
  }
  case YAML_SCALAR_EVENT:
    on_scalar(c, b, ev);
    return 0;
  case YAML_SEQUENCE_START_EVENT:
    on_open(c, b, ev, N_SEQ);
    return 0;
  case YAML_MAPPING_START_EVENT:
    on_open(c, b, ev, N_MAP);
    return 0;
  case YAML_SEQUENCE_END_EVENT:
  case YAML_MAPPING_END_EVENT:
    if (b->depth > 0) b->depth--;
    return 0;
  default:
    return 0;
  }
}

static node *build(ctx *c, const char *text, size_t len) {
  yaml_parser_t p;
  yaml_event_t ev;
  builder b = {.depth = 0};
  int done = 0;
  if (!yaml_parser_initialize(&p)) {
    fail(c, 1, 1, "out of memory");
    return NULL;
  }
  yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
  while (!done && !c->failed) {
    if (!yaml_parser_parse(&p, &ev)) {
      syntax_error(c, &p, text, len);
      break;
    }
    done = on_event(c, &b, &ev);
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&p);
  if (c->failed) {
    node_free(b.root);
    return NULL;
  }
  if (!b.root) fail(c, 1, 1, "empty file: a table is a mapping with 'name' and 'techniques'");
  return b.root;
}

/* }==================================================================== */


/* {====================================================================
** Pass 2: values
** ===================================================================== */

enum { NUM_OK, NUM_BAD, NUM_DECIMALS };

/* "4.5" -> 4500: optional sign, digits, at most three decimals.  Very long
** numbers saturate (they are out of range anyway). */
static int read_milli(const char *s, int whole, int64_t *out) {
  const int64_t big = INT64_C(1000000000000);
  int neg = 0, digits = 0, dec = 0;
  int64_t v = 0;
  if (*s == '+' || *s == '-') neg = *s++ == '-';
  for (; *s >= '0' && *s <= '9'; s++, digits++)
    v = v < big ? v * 10 + (*s - '0') : big;
  if (*s == '.' && !whole) {
    for (s++; *s >= '0' && *s <= '9'; s++, digits++)
      if (++dec <= 3) v = v * 10 + (*s - '0');
  }
  if (*s || digits == 0) return NUM_BAD;
  if (dec > 3) return NUM_DECIMALS;
  if (!whole)
    for (; dec < 3; dec++) v *= 10;
  *out = neg ? -v : v;
  return NUM_OK;
}

/* A number in milli-points within [0, MAX_MILLI]. */
static int want_milli(ctx *c, const node *v, const char *what, int32_t *out) {
  char buf[64], tmp[48];
  int64_t m;
  if (v->kind != N_SCALAR || !v->plain || is_null(v))
    return failat(c, v, "%s must be a number, not %s", what, what_is(v, buf, sizeof buf));
  switch (read_milli(v->text, 0, &m)) {
  case NUM_BAD:
    return failat(c, v, "%s must be a number, not %s", what, what_is(v, buf, sizeof buf));
  case NUM_DECIMALS:
    return failat(c, v, "%s has more than 3 decimals: %s", what,
                  show(v->text, v->len, tmp, sizeof tmp));
  }
  if (m < 0 || m > MAX_MILLI)
    return failat(c, v, "%s is out of range: %s (allowed 0 to 100)", what,
                  show(v->text, v->len, tmp, sizeof tmp));
  *out = (int32_t)m;
  return 0;
}

/* A whole number within [lo, INT_LIMIT]. */
static int want_int(ctx *c, const node *v, const char *what, int32_t lo, int32_t *out) {
  char buf[64], tmp[48];
  int64_t m;
  if (v->kind != N_SCALAR || !v->plain || is_null(v) || read_milli(v->text, 1, &m) != NUM_OK)
    return failat(c, v, "%s must be a whole number, not %s", what, what_is(v, buf, sizeof buf));
  if (m < lo || m > INT_LIMIT)
    return failat(c, v, "%s is out of range: %s (allowed %d to %d)", what,
                  show(v->text, v->len, tmp, sizeof tmp), (int)lo, INT_LIMIT);
  *out = (int32_t)m;
  return 0;
}

/* Free text: any scalar but null; copied to *out when out is not NULL. */
static int want_text(ctx *c, const node *v, const char *what, char **out) {
  char buf[64];
  if (v->kind != N_SCALAR || is_null(v))
    return failat(c, v, "%s must be text, not %s", what, what_is(v, buf, sizeof buf));
  if (memchr(v->text, '\0', v->len)) return failat(c, v, "%s contains a NUL character", what);
  if (out && !(*out = strdup(v->text))) return failat(c, v, "out of memory");
  return 0;
}

static int key_is(const node *k, const char *name) {
  return k->len == strlen(name) && memcmp(k->text, name, k->len) == 0;
}

/* Match a mapping's keys against names[] (NULL-terminated): kn/vn[i] get
** the key and value nodes of names[i].  Unknown and repeated keys are
** errors (libyaml itself lets a repeated key through). */
static int fields(ctx *c, const node *map, const char *what, const char *const *names,
                  const node **kn, const node **vn) {
  for (int i = 0; i + 1 < map->n; i += 2) {
    const node *k = map->kid[i];
    int j = 0;
    while (names[j] && !key_is(k, names[j])) j++;
    if (!names[j]) {
      char list[200] = "", tmp[48];
      for (int x = 0; names[x]; x++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", x ? ", " : "", names[x]);
      return failat(c, k, "unknown key '%s' in %s (known: %s)",
                    show(k->text, k->len, tmp, sizeof tmp), what, list);
    }
    if (kn[j]) return failat(c, k, "duplicate key '%s' (first at line %d)", names[j], kn[j]->line);
    kn[j] = k, vn[j] = map->kid[i + 1];
  }
  return 0;
}

/* "provenance" and "source" are the same thing: take one, refuse both. */
static int want_provenance(ctx *c, const node *const *kn, const node *const *vn, int prov,
                           int src, char **out) {
  if (kn[prov] && kn[src]) {
    const node *later = kn[src], *first = kn[prov];
    if (later->line < first->line || (later->line == first->line && later->col < first->col))
      later = kn[prov], first = kn[src];
    return failat(c, later, "'provenance' and 'source' mean the same: give one (other at line %d)",
                  first->line);
  }
  if (kn[prov]) return want_text(c, vn[prov], "'provenance'", out);
  if (kn[src]) return want_text(c, vn[src], "'source'", out);
  return 0;
}

/* }==================================================================== */


/* {====================================================================
** Pass 2: the schema
** ===================================================================== */

/* steps: / map: {figure value: addition, ...}, kept sorted by key */
static int read_keyed(ctx *c, const node *v, const char *kw, sk_modifier *m) {
  char buf[64], what[32];
  int line[SK_MOD_KEYS];               /* where each kept key was written */
  if (v->kind != N_MAP)
    return failat(c, v, "'%s' must be a mapping {figure value: addition}, not %s", kw,
                  what_is(v, buf, sizeof buf));
  if (v->n == 0) return failat(c, v, "'%s' is empty", kw);
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    int32_t key, add;
    int j;
    if (m->nkeys == SK_MOD_KEYS)
      return failat(c, k, "'%s' has more than %d keys", kw, SK_MOD_KEYS);
    snprintf(what, sizeof what, "a '%s' key", kw);
    if (want_int(c, k, what, 0, &key)) return -1;
    snprintf(what, sizeof what, "a '%s' value", kw);
    if (want_milli(c, v->kid[i + 1], what, &add)) return -1;
    for (j = 0; j < m->nkeys; j++)
      if (m->key[j] == key)
        return failat(c, k, "duplicate key %d in '%s' (first at line %d)", (int)key, kw, line[j]);
    for (j = m->nkeys; j > 0 && m->key[j - 1] > key; j--)
      m->key[j] = m->key[j - 1], m->add[j] = m->add[j - 1], line[j] = line[j - 1];
    m->key[j] = key, m->add[j] = add, line[j] = k->line;
    m->nkeys++;
  }
  return 0;
}

static int read_chain(ctx *c, const node *v, sk_modifier *m) {
  static const char *const names[] = {"offset", "first", "step", NULL};
  const node *kn[3] = {0}, *vn[3] = {0};
  char buf[64];
  if (v->kind != N_MAP)
    return failat(c, v, "'chain' must be a mapping {offset, first, step}, not %s",
                  what_is(v, buf, sizeof buf));
  if (fields(c, v, "'chain'", names, kn, vn)) return -1;
  for (int i = 0; i < 3; i++)
    if (!vn[i]) return failat(c, v, "'chain' has no '%s'", names[i]);
  if (want_int(c, vn[0], "'offset'", 0, &m->offset) ||
      want_int(c, vn[1], "'first'", 0, &m->first) ||
      want_milli(c, vn[2], "'step'", &m->step))
    return -1;
  if (m->first < 2)                    /* 1 * 3/2 == 1: the thresholds would not grow */
    return failat(c, vn[1], "'first' must be at least 2");
  return 0;
}

enum { M_FIGURE, M_STEPS, M_MAP, M_LINEAR, M_FROM, M_CHAIN, M_PROV, M_SRC, M_NOTE, M_N };

static int read_modifier(ctx *c, const node *v, sk_modifier *m) {
  static const char *const names[] = {"figure", "steps", "map", "linear", "from", "chain",
                                      "provenance", "source", "note", NULL};
  const node *kn[M_N] = {0}, *vn[M_N] = {0}, *kind = NULL;
  char buf[64], tmp[48];
  if (v->kind != N_MAP)
    return failat(c, v, "a modifier must be a mapping, not %s", what_is(v, buf, sizeof buf));
  if (fields(c, v, "modifier", names, kn, vn)) return -1;
  for (int i = 0; i < v->n; i += 2) {  /* exactly one kind, the second one is reported */
    const node *k = v->kid[i];
    if (!key_is(k, "steps") && !key_is(k, "map") && !key_is(k, "linear") && !key_is(k, "chain"))
      continue;
    if (kind)
      return failat(c, k, "modifier has both '%s' and '%s' (one kind per modifier)", kind->text,
                    k->text);
    kind = k;
  }
  if (!vn[M_FIGURE]) return failat(c, v, "modifier has no 'figure'");
  if (!kind) return failat(c, v, "modifier needs one of 'steps', 'map', 'linear' or 'chain'");
  if (want_text(c, vn[M_FIGURE], "'figure'", NULL)) return -1;
  m->figure = sk_figure_parse(vn[M_FIGURE]->text);
  if (m->figure < 0)
    return failat(c, vn[M_FIGURE],
                  "unknown figure '%s' (known: size, length, type, complexity, extra)",
                  show(vn[M_FIGURE]->text, vn[M_FIGURE]->len, tmp, sizeof tmp));
  if (kn[M_FROM] && !vn[M_LINEAR]) return failat(c, kn[M_FROM], "'from' only goes with 'linear'");
  if (want_provenance(c, kn, vn, M_PROV, M_SRC, &m->provenance)) return -1;
  if (vn[M_NOTE] && want_text(c, vn[M_NOTE], "'note'", NULL)) return -1;
  if (vn[M_STEPS]) {
    m->kind = SK_MOD_STEPS;
    return read_keyed(c, vn[M_STEPS], "steps", m);
  }
  if (vn[M_MAP]) {
    m->kind = SK_MOD_MAP;
    return read_keyed(c, vn[M_MAP], "map", m);
  }
  if (vn[M_CHAIN]) {
    m->kind = SK_MOD_CHAIN;
    return read_chain(c, vn[M_CHAIN], m);
  }
  m->kind = SK_MOD_LINEAR;
  if (want_milli(c, vn[M_LINEAR], "'linear'", &m->per)) return -1;
  return vn[M_FROM] ? want_int(c, vn[M_FROM], "'from'", 0, &m->from) : 0;
}

static int valid_id(const node *v) {
  if (v->len == 0 || v->len > MAX_ID) return 0;
  for (size_t i = 0; i < v->len; i++) {
    char ch = v->text[i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-')) return 0;
  }
  return 1;
}

/* {--- the further keys: aliases, enabled, params, attrs, reglib ---} */

#define MAX_LIST  64            /* aliases, params, attrs, codes of an entry */
#define MAX_CODE  15            /* characters in a library code */

/* true / false */
static int want_bool(ctx *c, const node *v, const char *what, int *out) {
  char buf[64];
  if (v->kind == N_SCALAR && v->plain && !strcmp(v->text, "true")) return *out = 1, 0;
  if (v->kind == N_SCALAR && v->plain && !strcmp(v->text, "false")) return *out = 0, 0;
  return failat(c, v, "%s must be true or false, not %s", what, what_is(v, buf, sizeof buf));
}

/* A name: letters, digits, '-' and '_', at most MAX_ID characters. */
static int want_name(ctx *c, const node *v, const char *what) {
  char buf[64], tmp[48];
  if (v->kind != N_SCALAR || is_null(v) || v->len == 0)
    return failat(c, v, "%s must be a name, not %s", what, what_is(v, buf, sizeof buf));
  for (size_t i = 0; i < v->len; i++) {
    char ch = v->text[i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          ch == '-' || ch == '_') || v->len > MAX_ID)
      return failat(c, v, "bad %s '%s' (use letters, digits, '-' and '_', at most %d characters)",
                    what, show(v->text, v->len, tmp, sizeof tmp), MAX_ID);
  }
  return 0;
}

/* A mapping of at most MAX_LIST names: what the keys are for messages. */
static int want_map(ctx *c, const node *v, const char *what) {
  char buf[64];
  if (v->kind != N_MAP) return failat(c, v, "%s must be a mapping, not %s", what, what_is(v, buf, sizeof buf));
  if (v->n / 2 > MAX_LIST) return failat(c, v->kid[2 * MAX_LIST], "%s has more than %d keys", what, MAX_LIST);
  for (int i = 0; i < v->n; i += 2)
    for (int j = 0; j < i; j += 2)
      if (!strcmp(v->kid[i]->text, v->kid[j]->text))
        return failat(c, v->kid[i], "duplicate key '%s' in %s (first at line %d)", v->kid[i]->text,
                      what, v->kid[j]->line);
  return 0;
}

/* The ext record of the entry being read, made on first use; the table
** owns it from then on (so a failure later frees it). */
static sk_table_ext *ext_of(ctx *c, const node *v, sk_table *t, sk_table_entry *e) {
  if (e->ext) return (sk_table_ext *)e->ext;
  sk_table_ext **grown = realloc(t->ext, (size_t)(t->next + 1) * sizeof *grown);
  sk_table_ext *x = calloc(1, sizeof *x);
  if (grown) t->ext = grown;
  if (!grown || !x) {
    free(x);
    failat(c, v, "out of memory");
    return NULL;
  }
  x->slot = t->next;
  t->ext[t->next++] = x;
  e->ext = x;
  return x;
}

/* params: {name: whole number or true/false, ...} */
static int read_params(ctx *c, const node *v, const char *what, int *n, sk_param **out) {
  char tmp[80];
  if (want_map(c, v, what)) return -1;
  if (v->n && !(*out = calloc((size_t)(v->n / 2), sizeof **out))) return failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i], *x = v->kid[i + 1];
    sk_param *p = &(*out)[*n];
    int b;
    if (want_name(c, k, "parameter name")) return -1;
    snprintf(tmp, sizeof tmp, "parameter '%s'", k->text);
    if (x->kind == N_SCALAR && x->plain && (!strcmp(x->text, "true") || !strcmp(x->text, "false"))) {
      want_bool(c, x, tmp, &b);
      p->value = b;
    } else if (want_int(c, x, tmp, -INT_LIMIT, &p->value)) return -1;
    if (!(p->name = strdup(k->text))) return failat(c, k, "out of memory");
    ++*n;
  }
  return 0;
}

/* attrs: {name: scalar, ...} */
static int read_attrs(ctx *c, const node *v, sk_table_ext *x) {
  if (want_map(c, v, "'attrs'")) return -1;
  if (v->n && !(x->attr = calloc((size_t)(v->n / 2), sizeof *x->attr))) return failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    char what[80];
    if (want_name(c, k, "attribute name")) return -1;
    snprintf(what, sizeof what, "attribute '%s'", k->text);
    if (want_text(c, v->kid[i + 1], what, &x->attr[x->nattr].value)) return -1;
    if (!(x->attr[x->nattr].name = strdup(k->text))) return failat(c, k, "out of memory");
    x->nattr++;
  }
  return 0;
}

/* The entry (other than `self`, or its own id when own) that a name
** already names: its index, or -1; *as_alias says how. */
static int named_by(const sk_table *t, int self, const char *name, int own, int *as_alias) {
  for (int i = 0; i < t->n; i++) {
    const sk_table_entry *e = &t->entry[i];
    if (i == self && !own) continue;
    if (e->id && !strcmp(e->id, name)) return *as_alias = 0, i;
    if (i == self || !e->ext) continue;
    for (int k = 0; k < e->ext->nalias; k++)
      if (!strcmp(e->ext->alias[k], name)) return *as_alias = 1, i;
  }
  return -1;
}

static int read_aliases(ctx *c, const node *v, sk_table *t, sk_table_entry *e, sk_table_ext *x) {
  char buf[64];
  int self = (int)(e - t->entry);
  if (v->kind != N_SEQ) return failat(c, v, "'aliases' must be a sequence, not %s", what_is(v, buf, sizeof buf));
  if (v->n > MAX_LIST) return failat(c, v->kid[MAX_LIST], "more than %d aliases", MAX_LIST);
  if (v->n && !(x->alias = calloc((size_t)v->n, sizeof *x->alias))) return failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i++) {
    const node *a = v->kid[i];
    int as_alias, j;
    if (want_name(c, a, "alias")) return -1;
    for (j = 0; j < x->nalias; j++)
      if (!strcmp(x->alias[j], a->text)) return failat(c, a, "alias '%s' given twice", a->text);
    if ((j = named_by(t, self, a->text, 1, &as_alias)) >= 0)
      return failat(c, a, "alias '%s' already names technique '%s' (%s, line %d)", a->text,
                    t->entry[j].id, as_alias ? "an alias" : "its id", t->entry[j].line);
    if (!(x->alias[x->nalias] = strdup(a->text))) return failat(c, a, "out of memory");
    x->nalias++;
  }
  return 0;
}

static int is_digit_char(char ch) { return ch >= '0' && ch <= '9'; }

/* A library code: letters and digits. */
static int want_code(ctx *c, const node *v, char **out) {
  char buf[64], tmp[48];
  if (v->kind != N_SCALAR || is_null(v) || v->len == 0)
    return failat(c, v, "a library code must be text, not %s", what_is(v, buf, sizeof buf));
  for (size_t i = 0; i < v->len; i++) {
    char ch = v->text[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) ||
        v->len > MAX_CODE)
      return failat(c, v, "bad library code '%s' (letters and digits, at most %d)",
                    show(v->text, v->len, tmp, sizeof tmp), MAX_CODE);
  }
  if (!(*out = strdup(v->text))) return failat(c, v, "out of memory");
  return 0;
}

/* codes: {type figure: code, ...} */
static int read_codes(ctx *c, const node *v, sk_reglib_rule *r) {
  if (want_map(c, v, "'codes'")) return -1;
  if (v->n == 0) return failat(c, v, "'codes' is empty");
  if (!(r->code = calloc((size_t)(v->n / 2), sizeof *r->code))) return failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    if (want_int(c, v->kid[i], "a 'codes' key (a type figure)", 0, &r->code[r->ncode].type) ||
        want_code(c, v->kid[i + 1], &r->code[r->ncode].code))
      return -1;
    r->ncode++;
  }
  return 0;
}

static int pick(ctx *c, const node *v, const char *what, const char *const *words, int *out) {
  char buf[64];
  for (int i = 0; words[i]; i++)
    if (v->kind == N_SCALAR && !strcmp(v->text, words[i])) return *out = i, 0;
  return failat(c, v, "%s must be %s, not %s", what,
                words[2] ? "pattern, elim, placed or none" : "length or none",
                what_is(v, buf, sizeof buf));
}

/* variants: {VARIANT: {name: value, ...}, ...} */
static int read_variants(ctx *c, const node *v, sk_reglib_rule *r) {
  char tmp[64];
  if (want_map(c, v, "'variants'")) return -1;
  if (v->n && !(r->variant = calloc((size_t)(v->n / 2), sizeof *r->variant)))
    return failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    sk_reglib_variant *x = &r->variant[r->nvariant];
    int ok = k->len > 0 && k->len < 8;
    for (size_t j = 0; j < k->len; j++) ok &= is_digit_char(k->text[j]) || !strcmp(k->text, "x");
    if (!ok) return failat(c, k, "a variant is a number or 'x', not '%s'", show(k->text, k->len, tmp, sizeof tmp));
    if (!(x->name = strdup(k->text))) return failat(c, k, "out of memory");
    r->nvariant++;
    snprintf(tmp, sizeof tmp, "variant %s's params", k->text);
    if (read_params(c, v->kid[i + 1], tmp, &x->nparam, &x->param)) return -1;
  }
  return 0;
}

enum { G_CODE, G_CODES, G_DIGITS, G_EXTRA, G_PARAMS, G_VARIANTS, G_N };

static int read_reglib(ctx *c, const node *v, sk_table_ext *x) {
  static const char *const names[] = {"code", "codes", "digits", "extra", "params", "variants",
                                      NULL};
  static const char *const digits[] = {"pattern", "elim", "placed", "none", NULL};
  static const char *const extra[] = {"none", "length", NULL};
  const node *kn[G_N] = {0}, *vn[G_N] = {0};
  sk_reglib_rule *r = &x->reglib;
  char buf[64];
  int k;
  if (v->kind != N_MAP) return failat(c, v, "'reglib' must be a mapping, not %s", what_is(v, buf, sizeof buf));
  x->has_reglib = 1;
  if (fields(c, v, "'reglib'", names, kn, vn)) return -1;
  if (!vn[G_CODE] && !vn[G_CODES]) return failat(c, v, "'reglib' needs 'code' or 'codes'");
  if (vn[G_CODE] && vn[G_CODES])
    return failat(c, kn[G_CODES], "'reglib' has both 'code' and 'codes' (give one)");
  if (vn[G_CODE]) {
    if (!(r->code = calloc(1, sizeof *r->code))) return failat(c, v, "out of memory");
    r->code[0].type = -1;
    if (want_code(c, vn[G_CODE], &r->code[0].code)) return -1;
    r->ncode = 1;
  } else if (read_codes(c, vn[G_CODES], r)) return -1;
  if (vn[G_DIGITS]) {
    if (pick(c, vn[G_DIGITS], "'digits'", digits, &k)) return -1;
    r->digits = (sk_reglib_digits)k;
  }
  if (vn[G_EXTRA]) {
    if (pick(c, vn[G_EXTRA], "'extra'", extra, &k)) return -1;
    r->extra = (sk_reglib_extra)k;
  }
  if (vn[G_PARAMS] && read_params(c, vn[G_PARAMS], "reglib 'params'", &r->nparam, &r->param))
    return -1;
  return vn[G_VARIANTS] ? read_variants(c, vn[G_VARIANTS], r) : 0;
}

/* }--- */

enum { T_ID, T_BASE, T_NAME, T_MODS, T_PROV, T_SRC, T_NOTE, T_ALIASES, T_ENABLED, T_PARAMS,
       T_ATTRS, T_REGLIB, T_N };

/* aliases, enabled, params, attrs, reglib */
static int read_more(ctx *c, const node *v, const node *const *vn, sk_table *t, sk_table_entry *e) {
  sk_table_ext *x = NULL;
  int on = 1;
  if (vn[T_ENABLED]) {
    if (want_bool(c, vn[T_ENABLED], "'enabled'", &on)) return -1;
    e->disabled = !on;
  }
  if (!vn[T_ALIASES] && !vn[T_PARAMS] && !vn[T_ATTRS] && !vn[T_REGLIB]) return 0;
  if (!(x = ext_of(c, v, t, e))) return -1;
  if (vn[T_ALIASES] && read_aliases(c, vn[T_ALIASES], t, e, x)) return -1;
  if (vn[T_PARAMS] && read_params(c, vn[T_PARAMS], "'params'", &x->nparam, &x->param)) return -1;
  if (vn[T_ATTRS] && read_attrs(c, vn[T_ATTRS], x)) return -1;
  return vn[T_REGLIB] ? read_reglib(c, vn[T_REGLIB], x) : 0;
}

/* One technique; t->entry[t->n - 1] is e, earlier entries are complete. */
static int read_entry(ctx *c, const node *v, sk_table *t, sk_table_entry *e) {
  static const char *const names[] = {"id", "base", "name", "modifiers", "provenance", "source",
                                      "note", "aliases", "enabled", "params", "attrs", "reglib",
                                      NULL};
  const node *kn[T_N] = {0}, *vn[T_N] = {0};
  char buf[64], tmp[48];
  int j, as_alias;
  if (v->kind != N_MAP)
    return failat(c, v, "a technique must be a mapping, not %s", what_is(v, buf, sizeof buf));
  e->line = v->line, e->column = v->col;
  if (fields(c, v, "technique", names, kn, vn)) return -1;
  if (!vn[T_ID]) return failat(c, v, "technique has no 'id'");
  const node *id = vn[T_ID];
  if (want_text(c, id, "'id'", NULL)) return -1;
  if (!valid_id(id))
    return failat(c, id, "bad technique id '%s' (use a-z, 0-9 and '-', at most %d characters)",
                  show(id->text, id->len, tmp, sizeof tmp), MAX_ID);
  if ((j = named_by(t, t->n - 1, id->text, 0, &as_alias)) >= 0) {
    if (as_alias)
      return failat(c, id, "technique id '%s' is already an alias of '%s' (line %d)", id->text,
                    t->entry[j].id, t->entry[j].line);
    return failat(c, id, "technique '%s' listed twice (first at line %d)", id->text,
                  t->entry[j].line);
  }
  if (!(e->id = strdup(id->text))) return failat(c, id, "out of memory");
  if (!vn[T_BASE]) return failat(c, v, "technique '%s' has no 'base'", e->id);
  if (want_milli(c, vn[T_BASE], "'base'", &e->base)) return -1;
  if (vn[T_NAME] && want_text(c, vn[T_NAME], "'name'", &e->name)) return -1;
  if (want_provenance(c, kn, vn, T_PROV, T_SRC, &e->provenance)) return -1;
  if (vn[T_NOTE] && want_text(c, vn[T_NOTE], "'note'", NULL)) return -1;
  if (read_more(c, v, vn, t, e)) return -1;
  const node *mods = vn[T_MODS];
  if (!mods || is_null(mods)) return 0;
  if (mods->kind != N_SEQ)
    return failat(c, mods, "'modifiers' must be a sequence, not %s",
                  what_is(mods, buf, sizeof buf));
  for (int i = 0; i < mods->n; i++) {
    if (i == SK_MOD_MAX)
      return failat(c, mods->kid[i], "technique '%s' has more than %d modifiers", e->id,
                    SK_MOD_MAX);
    e->nmod++;                         /* counted first so a failure frees it */
    if (read_modifier(c, mods->kid[i], &e->mod[i])) return -1;
  }
  return 0;
}

enum { R_NAME, R_DESC, R_SOURCE, R_NOTES, R_TECHS, R_N };

static int read_table(ctx *c, const node *root, sk_table *t) {
  static const char *const names[] = {"name", "description", "source", "notes", "techniques", NULL};
  const node *kn[R_N] = {0}, *vn[R_N] = {0};
  char buf[64];
  if (is_null(root)) return failat(c, root, "empty table: expected 'name' and 'techniques'");
  if (root->kind != N_MAP)
    return failat(c, root, "a table must be a mapping with 'name' and 'techniques', not %s",
                  what_is(root, buf, sizeof buf));
  if (fields(c, root, "the table", names, kn, vn)) return -1;
  if (!vn[R_NAME]) return failat(c, root, "the table has no 'name'");
  if (want_text(c, vn[R_NAME], "'name'", &t->name)) return -1;
  if (vn[R_DESC] && want_text(c, vn[R_DESC], "'description'", &t->description)) return -1;
  if (vn[R_SOURCE] && want_text(c, vn[R_SOURCE], "'source'", NULL)) return -1;
  if (vn[R_NOTES] && want_text(c, vn[R_NOTES], "'notes'", NULL)) return -1;
  const node *techs = vn[R_TECHS];
  if (!techs) return failat(c, root, "the table has no 'techniques'");
  if (techs->kind != N_SEQ || techs->n == 0)
    return failat(c, techs, "'techniques' must be a non-empty sequence, not %s",
                  techs->kind == N_SEQ ? "an empty one" : what_is(techs, buf, sizeof buf));
  if (techs->n > MAX_ENTRIES)
    return failat(c, techs->kid[MAX_ENTRIES], "more than %d techniques", MAX_ENTRIES);
  if (!(t->entry = calloc((size_t)techs->n, sizeof *t->entry)))
    return failat(c, techs, "out of memory");
  for (int i = 0; i < techs->n; i++) {
    t->n++;                            /* counted first so a failure frees it */
    if (read_entry(c, techs->kid[i], t, &t->entry[i])) return -1;
  }
  return 0;
}

/* }==================================================================== */


/* {====================================================================
** Public API
** ===================================================================== */

sk_table *sk_table_parse(const char *text, size_t len, const char *name, sk_error *err) {
  ctx c = {name ? name : "<string>", err, 0};
  const char *nul;
  if (!text) text = "", len = 0;
  if (len > MAX_BYTES) {
    fail(&c, 1, 1, "file too large (a table has at most %d bytes)", MAX_BYTES);
    return NULL;
  }
  if ((nul = memchr(text, '\0', len))) {   /* libyaml would stop there silently */
    int line, col;
    where(text, len, (size_t)(nul - text), &line, &col);
    fail(&c, line, col, "NUL byte in the table (tables are UTF-8 text)");
    return NULL;
  }
  node *root = build(&c, text, len);
  if (!root) return NULL;
  sk_table *t = calloc(1, sizeof *t);
  if (!t || !(t->path = strdup(c.file))) failat(&c, root, "out of memory");
  else read_table(&c, root, t);
  node_free(root);
  if (c.failed) {
    sk_table_free(t);
    return NULL;
  }
  return t;
}

sk_table *sk_table_load(const char *path, sk_error *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    sk_error_set(err, "%s: cannot open rating table: %s", path, strerror(errno));
    return NULL;
  }
  char *buf = malloc(MAX_BYTES + 1);
  size_t len = buf ? fread(buf, 1, MAX_BYTES + 1, f) : 0;
  int bad = !buf || ferror(f);
  int e = errno;
  fclose(f);
  if (bad) {
    sk_error_set(err, "%s: cannot read rating table: %s", path,
                 buf ? strerror(e) : "out of memory");
    free(buf);
    return NULL;
  }
  sk_table *t = sk_table_parse(buf, len, path, err);   /* over MAX_BYTES: refused there */
  free(buf);
  return t;
}

static void params_free(int n, sk_param *p) {
  for (int i = 0; i < n; i++) free(p[i].name);
  free(p);
}

static void ext_free(sk_table_ext *x) {
  if (!x) return;
  for (int i = 0; i < x->nalias; i++) free(x->alias[i]);
  free(x->alias);
  params_free(x->nparam, x->param);
  for (int i = 0; i < x->nattr; i++) free(x->attr[i].name), free(x->attr[i].value);
  free(x->attr);
  for (int i = 0; i < x->reglib.ncode; i++) free(x->reglib.code[i].code);
  free(x->reglib.code);
  params_free(x->reglib.nparam, x->reglib.param);
  for (int i = 0; i < x->reglib.nvariant; i++)
    free(x->reglib.variant[i].name), params_free(x->reglib.variant[i].nparam, x->reglib.variant[i].param);
  free(x->reglib.variant);
  free(x);
}

void sk_table_free(sk_table *t) {
  if (!t) return;
  for (int i = 0; i < t->next; i++) ext_free(t->ext[i]);
  free(t->ext);
  for (int i = 0; i < t->n; i++) {
    sk_table_entry *e = &t->entry[i];
    for (int j = 0; j < e->nmod; j++) free(e->mod[j].provenance);
    free(e->id);
    free(e->name);
    free(e->provenance);
  }
  free(t->entry);
  free(t->name);
  free(t->description);
  free(t->path);
  free(t);
}

/* strdup that keeps NULL; sets *bad on a failed allocation */
static char *dupstr(const char *s, int *bad) {
  char *d = s ? strdup(s) : NULL;
  if (s && !d) *bad = 1;
  return d;
}

static sk_param *params_copy(int n, const sk_param *p, int *bad) {
  sk_param *c = n ? calloc((size_t)n, sizeof *c) : NULL;
  if (n && !c) *bad = 1;
  for (int i = 0; c && i < n; i++) c[i].name = dupstr(p[i].name, bad), c[i].value = p[i].value;
  return c;
}

/* A deep copy of x; the counts are set only where the arrays are there,
** so that ext_free frees a half-made copy. */
static sk_table_ext *ext_copy(const sk_table_ext *x, int *bad) {
  sk_table_ext *c = calloc(1, sizeof *c);
  if (!c) return *bad = 1, NULL;
  c->slot = x->slot;
  c->has_reglib = x->has_reglib;
  c->reglib.digits = x->reglib.digits;
  c->reglib.extra = x->reglib.extra;
  if (x->nalias && (c->alias = calloc((size_t)x->nalias, sizeof *c->alias))) c->nalias = x->nalias;
  if (x->nattr && (c->attr = calloc((size_t)x->nattr, sizeof *c->attr))) c->nattr = x->nattr;
  if (x->reglib.ncode && (c->reglib.code = calloc((size_t)x->reglib.ncode, sizeof *c->reglib.code)))
    c->reglib.ncode = x->reglib.ncode;
  if (c->nalias != x->nalias || c->nattr != x->nattr || c->reglib.ncode != x->reglib.ncode) *bad = 1;
  for (int i = 0; i < c->nalias; i++) c->alias[i] = dupstr(x->alias[i], bad);
  for (int i = 0; i < c->nattr; i++)
    c->attr[i].name = dupstr(x->attr[i].name, bad), c->attr[i].value = dupstr(x->attr[i].value, bad);
  for (int i = 0; i < c->reglib.ncode; i++)
    c->reglib.code[i].type = x->reglib.code[i].type,
    c->reglib.code[i].code = dupstr(x->reglib.code[i].code, bad);
  if ((c->param = params_copy(x->nparam, x->param, bad))) c->nparam = x->nparam;
  if ((c->reglib.param = params_copy(x->reglib.nparam, x->reglib.param, bad)))
    c->reglib.nparam = x->reglib.nparam;
  if (x->reglib.nvariant &&
      (c->reglib.variant = calloc((size_t)x->reglib.nvariant, sizeof *c->reglib.variant)))
    c->reglib.nvariant = x->reglib.nvariant;
  else if (x->reglib.nvariant) *bad = 1;
  for (int i = 0; i < c->reglib.nvariant; i++) {
    const sk_reglib_variant *a = &x->reglib.variant[i];
    sk_reglib_variant *b = &c->reglib.variant[i];
    b->name = dupstr(a->name, bad);
    if ((b->param = params_copy(a->nparam, a->param, bad))) b->nparam = a->nparam;
  }
  return c;
}

sk_table *sk_table_copy(const sk_table *t) {
  int bad = 0;
  if (!t) return NULL;
  sk_table *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->name = dupstr(t->name, &bad);
  c->description = dupstr(t->description, &bad);
  c->path = dupstr(t->path, &bad);
  if (t->next > 0 && !(c->ext = calloc((size_t)t->next, sizeof *c->ext))) bad = 1;
  for (int i = 0; !bad && i < t->next; i++)
    if ((c->ext[i] = ext_copy(t->ext[i], &bad))) c->next++;
  if (t->n > 0 && !(c->entry = calloc((size_t)t->n, sizeof *c->entry))) bad = 1;
  for (int i = 0; !bad && i < t->n; i++) {
    sk_table_entry *e = &c->entry[i];
    *e = t->entry[i];                  /* numbers; the strings are replaced below */
    e->id = dupstr(t->entry[i].id, &bad);
    e->name = dupstr(t->entry[i].name, &bad);
    e->provenance = dupstr(t->entry[i].provenance, &bad);
    if (e->ext) e->ext = c->ext[e->ext->slot];
    for (int j = 0; j < e->nmod; j++)
      e->mod[j].provenance = dupstr(t->entry[i].mod[j].provenance, &bad);
    c->n++;
  }
  if (bad) {
    sk_table_free(c);
    return NULL;
  }
  return c;
}

int sk_table_find(const sk_table *t, const char *id) {
  for (int i = 0; t && id && i < t->n; i++)
    if (strcmp(t->entry[i].id, id) == 0) return i;
  return -1;
}

int sk_table_lookup(const sk_table *t, const char *name) {
  int i = sk_table_find(t, name);
  for (int k = 0; i < 0 && t && name && k < t->n; k++) {
    const sk_table_ext *x = t->entry[k].ext;
    for (int a = 0; x && a < x->nalias; a++)
      if (!strcmp(x->alias[a], name)) return k;
  }
  return i;
}

int32_t sk_table_param(const sk_table_entry *e, const char *name, int32_t dflt) {
  const sk_table_ext *x = e ? e->ext : NULL;
  for (int i = 0; x && name && i < x->nparam; i++)
    if (!strcmp(x->param[i].name, name)) return x->param[i].value;
  return dflt;
}

const char *sk_table_attr(const sk_table_entry *e, const char *name) {
  const sk_table_ext *x = e ? e->ext : NULL;
  for (int i = 0; x && name && i < x->nattr; i++)
    if (!strcmp(x->attr[i].name, name)) return x->attr[i].value;
  return NULL;
}

const sk_reglib_rule *sk_table_reglib(const sk_table_entry *e) {
  return e && e->ext && e->ext->has_reglib ? &e->ext->reglib : NULL;
}

const sk_param *sk_reglib_variant_params(const sk_reglib_rule *r, const char *variant, int *n) {
  *n = 0;
  for (int i = 0; r && variant && i < r->nvariant; i++)
    if (!strcmp(r->variant[i].name, variant)) return *n = r->variant[i].nparam, r->variant[i].param;
  return NULL;
}

/* The code given for this type, else the one for any type. */
const char *sk_reglib_code_for(const sk_reglib_rule *r, int32_t type) {
  const char *any = NULL;
  for (int i = 0; r && i < r->ncode; i++) {
    if (r->code[i].type == type) return r->code[i].code;
    if (r->code[i].type < 0) any = r->code[i].code;
  }
  return any;
}

/* SE's chain length bonus: step for each threshold n exceeds, thresholds
** growing by 3/2 and 4/3 in turn.  64-bit and a forced increase keep the
** loop finite for any figure. */
static int64_t chain_bonus(const sk_modifier *m, int32_t figure) {
  int64_t n = (int64_t)figure - m->offset, lim = m->first > 0 ? m->first : 1, add = 0;
  int odd = 0;
  while (n > lim) {
    int64_t next = odd ? lim * 4 / 3 : lim * 3 / 2;
    add += m->step;
    lim = next > lim ? next : lim + 1;
    odd = !odd;
  }
  return add;
}

static int64_t mod_add(const sk_modifier *m, int32_t f) {
  int64_t add = 0;
  switch (m->kind) {
  case SK_MOD_STEPS:                   /* largest key <= f; keys ascend */
    for (int i = 0; i < m->nkeys && m->key[i] <= f; i++) add = m->add[i];
    return add;
  case SK_MOD_MAP:
    for (int i = 0; i < m->nkeys; i++)
      if (m->key[i] == f) return m->add[i];
    return 0;
  case SK_MOD_LINEAR:
    return f > m->from ? (int64_t)m->per * ((int64_t)f - m->from) : 0;
  case SK_MOD_CHAIN:
    return chain_bonus(m, f);
  }
  return 0;
}

/* The least mod_add(m, x) over x >= f.  Steps and maps take each of their
** additions past f and 0 (a map's unlisted figures; a step before its first
** key), the others grow with the figure unless their addition is negative,
** when nothing bounds them. */
static int64_t mod_floor(const sk_modifier *m, int32_t f) {
  int64_t least = mod_add(m, f);
  switch (m->kind) {
  case SK_MOD_STEPS:
  case SK_MOD_MAP:
    if (m->kind == SK_MOD_MAP && least > 0) least = 0;
    for (int i = 0; i < m->nkeys; i++)
      if (m->key[i] > f && m->add[i] < least) least = m->add[i];
    return least;
  case SK_MOD_LINEAR:
    return m->per < 0 ? INT32_MIN : least;
  case SK_MOD_CHAIN:
    return m->step < 0 ? INT32_MIN : least;
  }
  return least;
}

static int32_t table_difficulty(const sk_table_entry *e, const int32_t *fig, uint32_t at_least) {
  int64_t d = e->base;
  for (int i = 0; i < e->nmod; i++) {
    const sk_modifier *m = &e->mod[i];
    int ok = m->figure >= 0 && m->figure < SK_FIG_COUNT;
    int32_t f = fig && ok ? fig[m->figure] : 0;
    d += ok && (at_least >> m->figure & 1) ? mod_floor(m, f) : mod_add(m, f);
  }
  return d > INT32_MAX ? INT32_MAX : d < 0 ? 0 : (int32_t)d;
}

int32_t sk_table_difficulty(const sk_table_entry *e, const int32_t *fig) {
  return table_difficulty(e, fig, 0);
}

int32_t sk_table_difficulty_floor(const sk_table_entry *e, const int32_t *fig, uint32_t at_least) {
  return table_difficulty(e, fig, at_least);
}

/* {--- describe ---} */

typedef struct out {
  char *p;
  size_t left;
} out;

static void put(out *o, const char *fmt, ...) PRINTF(2, 3);

static void put(out *o, const char *fmt, ...) {
  va_list ap;
  if (o->left == 0) return;
  va_start(ap, fmt);
  int k = vsnprintf(o->p, o->left, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  if ((size_t)k >= o->left) k = (int)o->left - 1;   /* truncated: stay at the end */
  o->p += k, o->left -= (size_t)k;
}

/* 4500 -> "4.5", 10000 -> "10.0", 125 -> "0.125" */
static const char *milli_text(int32_t m, char *buf, size_t size) {
  int64_t a = m < 0 ? -(int64_t)m : m;
  int frac = (int)(a % 1000), digits = 3;
  if (frac == 0) {
    snprintf(buf, size, "%s%lld.0", m < 0 ? "-" : "", (long long)(a / 1000));
    return buf;
  }
  while (frac % 10 == 0) frac /= 10, digits--;
  snprintf(buf, size, "%s%lld.%0*d", m < 0 ? "-" : "", (long long)(a / 1000), digits, frac);
  return buf;
}

static void describe_mod(out *o, const sk_modifier *m) {
  char a[24], b[24];
  const char *fig = sk_figure_name(m->figure);
  if (!fig) fig = "?";
  switch (m->kind) {
  case SK_MOD_STEPS:
  case SK_MOD_MAP:
    put(o, " + %s(%s){", m->kind == SK_MOD_STEPS ? "steps" : "map", fig);
    for (int i = 0; i < m->nkeys; i++)
      put(o, "%s%d:+%s", i ? ", " : "", (int)m->key[i], milli_text(m->add[i], a, sizeof a));
    put(o, "}");
    break;
  case SK_MOD_LINEAR:
    put(o, " + linear(%s, %s from %d)", fig, milli_text(m->per, a, sizeof a), (int)m->from);
    break;
  case SK_MOD_CHAIN: {
    int64_t t = m->first > 0 ? m->first : 1;
    if (m->offset) snprintf(b, sizeof b, "%s-%d", fig, (int)m->offset);
    else snprintf(b, sizeof b, "%s", fig);
    put(o, " + chain(%s; +%s past", b, milli_text(m->step, a, sizeof a));
    for (int i = 0; i < 4; i++) {
      put(o, " %lld,", (long long)t);
      t = i % 2 ? t * 4 / 3 : t * 3 / 2;
    }
    put(o, " ...)");
    break;
  }
  }
}

void sk_table_describe(const sk_table_entry *e, char *buf, size_t size) {
  out o = {buf, size};
  char a[24];
  if (!buf || size == 0) return;
  buf[0] = '\0';
  put(&o, "%s", milli_text(e->base, a, sizeof a));
  for (int i = 0; i < e->nmod; i++) describe_mod(&o, &e->mod[i]);
}

/* {--- resolve ---} */

/* A name ("se") is looked up as DIR/NAME.EXT in the build's ratings
** directory, then the installed one; anything with a '/' or ending in
** EXT is a path.  Shared by tables (.yaml) and Lua policies (.lua). */
char *sk_ratings_resolve(const char *name_or_path, const char *ext, const char *what,
                         sk_error *err) {
  const char *s = name_or_path;
  size_t n = s ? strlen(s) : 0, e = strlen(ext);
  if (!s || !*s) {
    sk_error_set(err, "no rating %s given", what);
    return NULL;
  }
  if (strchr(s, '/') || (n > e && !strcmp(s + n - e, ext))) {   /* a path */
    if (access(s, R_OK) != 0) {
      sk_error_set(err, "%s: cannot open rating %s: %s", s, what, strerror(errno));
      return NULL;
    }
    char *p = strdup(s);
    if (!p) sk_error_set(err, "out of memory");
    return p;
  }
  const char *dirs[] = {
#ifdef SK_BUILD_RATINGS_DIR
    SK_BUILD_RATINGS_DIR,
#endif
    SK_PREFIX "/share/sudokit/ratings"};
  char tried[600] = "";
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
    size_t len = strlen(dirs[i]) + n + e + 2;
    char *p = malloc(len);
    if (!p) {
      sk_error_set(err, "out of memory");
      return NULL;
    }
    snprintf(p, len, "%s/%s%s", dirs[i], s, ext);
    if (access(p, R_OK) == 0) return p;
    snprintf(tried + strlen(tried), sizeof tried - strlen(tried), "%s%s", i ? ", " : "", p);
    free(p);
  }
  sk_error_set(err, "rating %s '%s' not found (tried %s)", what, s, tried);
  return NULL;
}

char *sk_table_resolve(const char *name_or_path, sk_error *err) {
  return sk_ratings_resolve(name_or_path, ".yaml", "table", err);
}

/* }==================================================================== */
