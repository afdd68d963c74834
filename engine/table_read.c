/*
** table_read.c -- reading a rating table: the YAML document's tree
** (yaml_doc.c) walked against the table's schema (sk_table.h), the first
** problem reported as "file:line:col: message".
**
** Unknown keys, repeated keys, wrong types and out-of-range values are
** errors, each at its node.  Numbers are read from their decimal text,
** never through a double, so "0.1" is exactly 100 milli-points.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sk_table.h"
#include "yaml_doc.h"

#define MAX_BYTES   (1 << 20)   /* a table is a few KB: refuse over 1 MiB */
#define MAX_ENTRIES 2000        /* techniques per table */
#define MAX_ID      64          /* characters in a technique id */
#define MAX_MILLI   100000      /* base and additions are within [0, 100] */
#define INT_LIMIT   2147483647  /* figures are int32_t */


/* {====================================================================
** Values
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
  if (v->kind != N_SCALAR || !v->plain || skY_is_null(v))
    return skY_failat(c, v, "%s must be a number, not %s", what, skY_what_is(v, buf, sizeof buf));
  switch (read_milli(v->text, 0, &m)) {
  case NUM_BAD:
    return skY_failat(c, v, "%s must be a number, not %s", what, skY_what_is(v, buf, sizeof buf));
  case NUM_DECIMALS:
    return skY_failat(c, v, "%s has more than 3 decimals: %s", what,
                  skY_show(v->text, v->len, tmp, sizeof tmp));
  }
  if (m < 0 || m > MAX_MILLI)
    return skY_failat(c, v, "%s is out of range: %s (allowed 0 to 100)", what,
                  skY_show(v->text, v->len, tmp, sizeof tmp));
  *out = (int32_t)m;
  return 0;
}

/* A whole number within [lo, INT_LIMIT]. */
static int want_int(ctx *c, const node *v, const char *what, int32_t lo, int32_t *out) {
  char buf[64], tmp[48];
  int64_t m;
  if (v->kind != N_SCALAR || !v->plain || skY_is_null(v) || read_milli(v->text, 1, &m) != NUM_OK)
    return skY_failat(c, v, "%s must be a whole number, not %s", what, skY_what_is(v, buf, sizeof buf));
  if (m < lo || m > INT_LIMIT)
    return skY_failat(c, v, "%s is out of range: %s (allowed %d to %d)", what,
                  skY_show(v->text, v->len, tmp, sizeof tmp), (int)lo, INT_LIMIT);
  *out = (int32_t)m;
  return 0;
}

/* Free text: any scalar but null; copied to *out when out is not NULL. */
static int want_text(ctx *c, const node *v, const char *what, char **out) {
  char buf[64];
  if (v->kind != N_SCALAR || skY_is_null(v))
    return skY_failat(c, v, "%s must be text, not %s", what, skY_what_is(v, buf, sizeof buf));
  if (memchr(v->text, '\0', v->len)) return skY_failat(c, v, "%s contains a NUL character", what);
  if (out && !(*out = strdup(v->text))) return skY_failat(c, v, "out of memory");
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
      return skY_failat(c, k, "unknown key '%s' in %s (known: %s)",
                    skY_show(k->text, k->len, tmp, sizeof tmp), what, list);
    }
    if (kn[j]) return skY_failat(c, k, "duplicate key '%s' (first at line %d)", names[j], kn[j]->line);
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
    return skY_failat(c, later, "'provenance' and 'source' mean the same: give one (other at line %d)",
                  first->line);
  }
  if (kn[prov]) return want_text(c, vn[prov], "'provenance'", out);
  if (kn[src]) return want_text(c, vn[src], "'source'", out);
  return 0;
}

/* }==================================================================== */


/* {====================================================================
** The schema
** ===================================================================== */

/* steps: / map: {figure value: addition, ...}, kept sorted by key */
static int read_keyed(ctx *c, const node *v, const char *kw, sk_modifier *m) {
  char buf[64], what[32];
  int line[SK_MOD_KEYS];               /* where each kept key was written */
  if (v->kind != N_MAP)
    return skY_failat(c, v, "'%s' must be a mapping {figure value: addition}, not %s", kw,
                  skY_what_is(v, buf, sizeof buf));
  if (v->n == 0) return skY_failat(c, v, "'%s' is empty", kw);
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    int32_t key, add;
    int j;
    if (m->nkeys == SK_MOD_KEYS)
      return skY_failat(c, k, "'%s' has more than %d keys", kw, SK_MOD_KEYS);
    snprintf(what, sizeof what, "a '%s' key", kw);
    if (want_int(c, k, what, 0, &key)) return -1;
    snprintf(what, sizeof what, "a '%s' value", kw);
    if (want_milli(c, v->kid[i + 1], what, &add)) return -1;
    for (j = 0; j < m->nkeys; j++)
      if (m->key[j] == key)
        return skY_failat(c, k, "duplicate key %d in '%s' (first at line %d)", (int)key, kw, line[j]);
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
    return skY_failat(c, v, "'chain' must be a mapping {offset, first, step}, not %s",
                  skY_what_is(v, buf, sizeof buf));
  if (fields(c, v, "'chain'", names, kn, vn)) return -1;
  for (int i = 0; i < 3; i++)
    if (!vn[i]) return skY_failat(c, v, "'chain' has no '%s'", names[i]);
  if (want_int(c, vn[0], "'offset'", 0, &m->offset) ||
      want_int(c, vn[1], "'first'", 0, &m->first) ||
      want_milli(c, vn[2], "'step'", &m->step))
    return -1;
  if (m->first < 2)                    /* 1 * 3/2 == 1: the thresholds would not grow */
    return skY_failat(c, vn[1], "'first' must be at least 2");
  return 0;
}

enum { M_FIGURE, M_STEPS, M_MAP, M_LINEAR, M_FROM, M_CHAIN, M_PROV, M_SRC, M_NOTE, M_N };

static int read_modifier(ctx *c, const node *v, sk_modifier *m) {
  static const char *const names[] = {"figure", "steps", "map", "linear", "from", "chain",
                                      "provenance", "source", "note", NULL};
  const node *kn[M_N] = {0}, *vn[M_N] = {0}, *kind = NULL;
  char buf[64], tmp[48];
  if (v->kind != N_MAP)
    return skY_failat(c, v, "a modifier must be a mapping, not %s", skY_what_is(v, buf, sizeof buf));
  if (fields(c, v, "modifier", names, kn, vn)) return -1;
  for (int i = 0; i < v->n; i += 2) {  /* exactly one kind, the second one is reported */
    const node *k = v->kid[i];
    if (!key_is(k, "steps") && !key_is(k, "map") && !key_is(k, "linear") && !key_is(k, "chain"))
      continue;
    if (kind)
      return skY_failat(c, k, "modifier has both '%s' and '%s' (one kind per modifier)", kind->text,
                    k->text);
    kind = k;
  }
  if (!vn[M_FIGURE]) return skY_failat(c, v, "modifier has no 'figure'");
  if (!kind) return skY_failat(c, v, "modifier needs one of 'steps', 'map', 'linear' or 'chain'");
  if (want_text(c, vn[M_FIGURE], "'figure'", NULL)) return -1;
  m->figure = sk_figure_parse(vn[M_FIGURE]->text);
  if (m->figure < 0)
    return skY_failat(c, vn[M_FIGURE],
                  "unknown figure '%s' (known: size, length, type, complexity, extra)",
                  skY_show(vn[M_FIGURE]->text, vn[M_FIGURE]->len, tmp, sizeof tmp));
  if (kn[M_FROM] && !vn[M_LINEAR]) return skY_failat(c, kn[M_FROM], "'from' only goes with 'linear'");
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
  return skY_failat(c, v, "%s must be true or false, not %s", what, skY_what_is(v, buf, sizeof buf));
}

/* A name: letters, digits, '-' and '_', at most MAX_ID characters. */
static int want_name(ctx *c, const node *v, const char *what) {
  char buf[64], tmp[48];
  if (v->kind != N_SCALAR || skY_is_null(v) || v->len == 0)
    return skY_failat(c, v, "%s must be a name, not %s", what, skY_what_is(v, buf, sizeof buf));
  for (size_t i = 0; i < v->len; i++) {
    char ch = v->text[i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          ch == '-' || ch == '_') || v->len > MAX_ID)
      return skY_failat(c, v, "bad %s '%s' (use letters, digits, '-' and '_', at most %d characters)",
                    what, skY_show(v->text, v->len, tmp, sizeof tmp), MAX_ID);
  }
  return 0;
}

/* A mapping of at most MAX_LIST names: what the keys are for messages. */
static int want_map(ctx *c, const node *v, const char *what) {
  char buf[64];
  if (v->kind != N_MAP) return skY_failat(c, v, "%s must be a mapping, not %s", what, skY_what_is(v, buf, sizeof buf));
  if (v->n / 2 > MAX_LIST) return skY_failat(c, v->kid[2 * MAX_LIST], "%s has more than %d keys", what, MAX_LIST);
  for (int i = 0; i < v->n; i += 2)
    for (int j = 0; j < i; j += 2)
      if (!strcmp(v->kid[i]->text, v->kid[j]->text))
        return skY_failat(c, v->kid[i], "duplicate key '%s' in %s (first at line %d)", v->kid[i]->text,
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
    skY_failat(c, v, "out of memory");
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
  if (v->n && !(*out = calloc((size_t)(v->n / 2), sizeof **out))) return skY_failat(c, v, "out of memory");
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
    if (!(p->name = strdup(k->text))) return skY_failat(c, k, "out of memory");
    ++*n;
  }
  return 0;
}

/* attrs: {name: scalar, ...} */
static int read_attrs(ctx *c, const node *v, sk_table_ext *x) {
  if (want_map(c, v, "'attrs'")) return -1;
  if (v->n && !(x->attr = calloc((size_t)(v->n / 2), sizeof *x->attr))) return skY_failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    char what[80];
    if (want_name(c, k, "attribute name")) return -1;
    snprintf(what, sizeof what, "attribute '%s'", k->text);
    if (want_text(c, v->kid[i + 1], what, &x->attr[x->nattr].value)) return -1;
    if (!(x->attr[x->nattr].name = strdup(k->text))) return skY_failat(c, k, "out of memory");
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
  if (v->kind != N_SEQ) return skY_failat(c, v, "'aliases' must be a sequence, not %s", skY_what_is(v, buf, sizeof buf));
  if (v->n > MAX_LIST) return skY_failat(c, v->kid[MAX_LIST], "more than %d aliases", MAX_LIST);
  if (v->n && !(x->alias = calloc((size_t)v->n, sizeof *x->alias))) return skY_failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i++) {
    const node *a = v->kid[i];
    int as_alias, j;
    if (want_name(c, a, "alias")) return -1;
    for (j = 0; j < x->nalias; j++)
      if (!strcmp(x->alias[j], a->text)) return skY_failat(c, a, "alias '%s' given twice", a->text);
    if ((j = named_by(t, self, a->text, 1, &as_alias)) >= 0)
      return skY_failat(c, a, "alias '%s' already names technique '%s' (%s, line %d)", a->text,
                    t->entry[j].id, as_alias ? "an alias" : "its id", t->entry[j].line);
    if (!(x->alias[x->nalias] = strdup(a->text))) return skY_failat(c, a, "out of memory");
    x->nalias++;
  }
  return 0;
}

static int is_digit_char(char ch) { return ch >= '0' && ch <= '9'; }

/* A library code: letters and digits. */
static int want_code(ctx *c, const node *v, char **out) {
  char buf[64], tmp[48];
  if (v->kind != N_SCALAR || skY_is_null(v) || v->len == 0)
    return skY_failat(c, v, "a library code must be text, not %s", skY_what_is(v, buf, sizeof buf));
  for (size_t i = 0; i < v->len; i++) {
    char ch = v->text[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) ||
        v->len > MAX_CODE)
      return skY_failat(c, v, "bad library code '%s' (letters and digits, at most %d)",
                    skY_show(v->text, v->len, tmp, sizeof tmp), MAX_CODE);
  }
  if (!(*out = strdup(v->text))) return skY_failat(c, v, "out of memory");
  return 0;
}

/* codes: {type figure: code, ...} */
static int read_codes(ctx *c, const node *v, sk_reglib_rule *r) {
  if (want_map(c, v, "'codes'")) return -1;
  if (v->n == 0) return skY_failat(c, v, "'codes' is empty");
  if (!(r->code = calloc((size_t)(v->n / 2), sizeof *r->code))) return skY_failat(c, v, "out of memory");
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
  return skY_failat(c, v, "%s must be %s, not %s", what,
                words[2] ? "pattern, elim, placed or none" : "length or none",
                skY_what_is(v, buf, sizeof buf));
}

/* variants: {VARIANT: {name: value, ...}, ...} */
static int read_variants(ctx *c, const node *v, sk_reglib_rule *r) {
  char tmp[64];
  if (want_map(c, v, "'variants'")) return -1;
  if (v->n && !(r->variant = calloc((size_t)(v->n / 2), sizeof *r->variant)))
    return skY_failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i += 2) {
    const node *k = v->kid[i];
    sk_reglib_variant *x = &r->variant[r->nvariant];
    int ok = k->len > 0 && k->len < 8;
    for (size_t j = 0; j < k->len; j++) ok &= is_digit_char(k->text[j]) || !strcmp(k->text, "x");
    if (!ok) return skY_failat(c, k, "a variant is a number or 'x', not '%s'", skY_show(k->text, k->len, tmp, sizeof tmp));
    if (!(x->name = strdup(k->text))) return skY_failat(c, k, "out of memory");
    r->nvariant++;
    snprintf(tmp, sizeof tmp, "variant %s's params", k->text);
    if (read_params(c, v->kid[i + 1], tmp, &x->nparam, &x->param)) return -1;
  }
  return 0;
}

enum { G_CODE, G_CODES, G_DIGITS, G_EXTRA, G_PARAMS, G_VARIANTS, G_PLACE, G_N };

static int read_reglib(ctx *c, const node *v, sk_table_ext *x) {
  static const char *const names[] = {"code", "codes", "digits", "extra", "params", "variants",
                                      "placements", NULL};
  static const char *const place[] = {"cell", "focus", NULL};
  static const char *const digits[] = {"pattern", "elim", "placed", "none", NULL};
  static const char *const extra[] = {"none", "length", NULL};
  const node *kn[G_N] = {0}, *vn[G_N] = {0};
  sk_reglib_rule *r = &x->reglib;
  char buf[64];
  int k;
  if (v->kind != N_MAP) return skY_failat(c, v, "'reglib' must be a mapping, not %s", skY_what_is(v, buf, sizeof buf));
  x->has_reglib = 1;
  if (fields(c, v, "'reglib'", names, kn, vn)) return -1;
  if (!vn[G_CODE] && !vn[G_CODES]) return skY_failat(c, v, "'reglib' needs 'code' or 'codes'");
  if (vn[G_CODE] && vn[G_CODES])
    return skY_failat(c, kn[G_CODES], "'reglib' has both 'code' and 'codes' (give one)");
  if (vn[G_CODE]) {
    if (!(r->code = calloc(1, sizeof *r->code))) return skY_failat(c, v, "out of memory");
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
  if (vn[G_PLACE]) {
    if (pick(c, vn[G_PLACE], "'placements'", place, &k)) return -1;
    r->place = (sk_reglib_place)k;
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
    return skY_failat(c, v, "a technique must be a mapping, not %s", skY_what_is(v, buf, sizeof buf));
  e->line = v->line, e->column = v->col;
  if (fields(c, v, "technique", names, kn, vn)) return -1;
  if (!vn[T_ID]) return skY_failat(c, v, "technique has no 'id'");
  const node *id = vn[T_ID];
  if (want_text(c, id, "'id'", NULL)) return -1;
  if (!valid_id(id))
    return skY_failat(c, id, "bad technique id '%s' (use a-z, 0-9 and '-', at most %d characters)",
                  skY_show(id->text, id->len, tmp, sizeof tmp), MAX_ID);
  if ((j = named_by(t, t->n - 1, id->text, 0, &as_alias)) >= 0) {
    if (as_alias)
      return skY_failat(c, id, "technique id '%s' is already an alias of '%s' (line %d)", id->text,
                    t->entry[j].id, t->entry[j].line);
    return skY_failat(c, id, "technique '%s' listed twice (first at line %d)", id->text,
                  t->entry[j].line);
  }
  if (!(e->id = strdup(id->text))) return skY_failat(c, id, "out of memory");
  if (!vn[T_BASE]) return skY_failat(c, v, "technique '%s' has no 'base'", e->id);
  if (want_milli(c, vn[T_BASE], "'base'", &e->base)) return -1;
  if (vn[T_NAME] && want_text(c, vn[T_NAME], "'name'", &e->name)) return -1;
  if (want_provenance(c, kn, vn, T_PROV, T_SRC, &e->provenance)) return -1;
  if (vn[T_NOTE] && want_text(c, vn[T_NOTE], "'note'", NULL)) return -1;
  if (read_more(c, v, vn, t, e)) return -1;
  const node *mods = vn[T_MODS];
  if (!mods || skY_is_null(mods)) return 0;
  if (mods->kind != N_SEQ)
    return skY_failat(c, mods, "'modifiers' must be a sequence, not %s",
                  skY_what_is(mods, buf, sizeof buf));
  for (int i = 0; i < mods->n; i++) {
    if (i == SK_MOD_MAX)
      return skY_failat(c, mods->kid[i], "technique '%s' has more than %d modifiers", e->id,
                    SK_MOD_MAX);
    e->nmod++;                         /* counted first so a failure frees it */
    if (read_modifier(c, mods->kid[i], &e->mod[i])) return -1;
  }
  return 0;
}

/* levels: [{name: N, max: M}, ..., {name: N}] -- see sk_table_score */
static int read_levels(ctx *c, const node *v, sk_table *t) {
  static const char *const names[] = {"name", "max", NULL};
  char buf[64];
  if (v->kind != N_SEQ || v->n == 0)
    return skY_failat(c, v, "'levels' must be a non-empty sequence, not %s",
                      v->kind == N_SEQ ? "an empty one" : skY_what_is(v, buf, sizeof buf));
  if (!(t->level = calloc((size_t)v->n, sizeof *t->level))) return skY_failat(c, v, "out of memory");
  for (int i = 0; i < v->n; i++) {
    const node *l = v->kid[i], *kn[2] = {0}, *vn[2] = {0};
    if (want_map(c, l, "a level")) return -1;
    if (fields(c, l, "a level", names, kn, vn)) return -1;
    if (!vn[0]) return skY_failat(c, l, "a level needs a 'name'");
    sk_level *lv = &t->level[t->nlevel];
    if (want_text(c, vn[0], "the level's 'name'", &lv->name)) return -1;
    t->nlevel++;
    for (int k = 0; k < i; k++)
      if (!strcasecmp(t->level[k].name, lv->name))
        return skY_failat(c, vn[0], "level '%s' is listed twice", lv->name);
    lv->max = -1;
    if (vn[1]) {
      int32_t m;
      if (want_int(c, vn[1], "the level's 'max'", 0, &m)) return -1;
      lv->max = m;
      if (i > 0 && (t->level[i - 1].max < 0 || t->level[i - 1].max >= m))
        return skY_failat(c, vn[1], "level '%s': max must exceed the max of the level before",
                          lv->name);
    } else if (i + 1 < v->n)
      return skY_failat(c, l, "level '%s' has no 'max': only the last level may go without",
                        lv->name);
  }
  return 0;
}

enum { R_NAME, R_DESC, R_SOURCE, R_NOTES, R_TECHS, R_LEVELS, R_N };

static int read_table(ctx *c, const node *root, sk_table *t) {
  static const char *const names[] = {"name", "description", "source", "notes", "techniques",
                                      "levels", NULL};
  const node *kn[R_N] = {0}, *vn[R_N] = {0};
  char buf[64];
  if (skY_is_null(root)) return skY_failat(c, root, "empty table: expected 'name' and 'techniques'");
  if (root->kind != N_MAP)
    return skY_failat(c, root, "a table must be a mapping with 'name' and 'techniques', not %s",
                  skY_what_is(root, buf, sizeof buf));
  if (fields(c, root, "the table", names, kn, vn)) return -1;
  if (!vn[R_NAME]) return skY_failat(c, root, "the table has no 'name'");
  if (want_text(c, vn[R_NAME], "'name'", &t->name)) return -1;
  if (vn[R_DESC] && want_text(c, vn[R_DESC], "'description'", &t->description)) return -1;
  if (vn[R_SOURCE] && want_text(c, vn[R_SOURCE], "'source'", NULL)) return -1;
  if (vn[R_NOTES] && want_text(c, vn[R_NOTES], "'notes'", NULL)) return -1;
  if (vn[R_LEVELS] && read_levels(c, vn[R_LEVELS], t)) return -1;
  const node *techs = vn[R_TECHS];
  if (!techs) return skY_failat(c, root, "the table has no 'techniques'");
  if (techs->kind != N_SEQ || techs->n == 0)
    return skY_failat(c, techs, "'techniques' must be a non-empty sequence, not %s",
                  techs->kind == N_SEQ ? "an empty one" : skY_what_is(techs, buf, sizeof buf));
  if (techs->n > MAX_ENTRIES)
    return skY_failat(c, techs->kid[MAX_ENTRIES], "more than %d techniques", MAX_ENTRIES);
  if (!(t->entry = calloc((size_t)techs->n, sizeof *t->entry)))
    return skY_failat(c, techs, "out of memory");
  for (int i = 0; i < techs->n; i++) {
    t->n++;                            /* counted first so a failure frees it */
    if (read_entry(c, techs->kid[i], t, &t->entry[i])) return -1;
  }
  return 0;
}

/* }==================================================================== */


/* {====================================================================
** Reading a table
** ===================================================================== */

sk_table *sk_table_parse(const char *text, size_t len, const char *name, sk_error *err) {
  ctx c = {name ? name : "<string>", err, 0};
  const char *nul;
  if (!text) text = "", len = 0;
  if (len > MAX_BYTES) {
    skY_fail(&c, 1, 1, "file too large (a table has at most %d bytes)", MAX_BYTES);
    return NULL;
  }
  if ((nul = memchr(text, '\0', len))) {   /* libyaml would stop there silently */
    int line, col;
    skY_where(text, len, (size_t)(nul - text), &line, &col);
    skY_fail(&c, line, col, "NUL byte in the table (tables are UTF-8 text)");
    return NULL;
  }
  node *root = skY_build(&c, text, len);
  if (!root) return NULL;
  sk_table *t = calloc(1, sizeof *t);
  if (!t || !(t->path = strdup(c.file))) skY_failat(&c, root, "out of memory");
  else read_table(&c, root, t);
  skY_free(root);
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

/* }==================================================================== */
