/*
** table.c -- rating tables (sk_table.h) as values: figure names, copying,
** freeing, looking up a technique (by id or alias) and its further keys
** (params, attrs, reglib rule).
**
** The other parts of the tables:
**   yaml_doc.c          the YAML document reader (libyaml -> a tree)
**   table_read.c        reading a table's schema from that tree
**   table_difficulty.c  a hint's difficulty under a technique's rule
**   table_describe.c    a rule as text
**   ratings.c           a table's (or a Lua policy's) name -> its file
*/
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sk_table.h"
#include "sk_plugin.h"


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
** Tables
** ===================================================================== */

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
  for (int i = 0; i < t->nlevel; i++) free(t->level[i].name);
  free(t->level);
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
  if (!bad && t->nlevel > 0 && !(c->level = calloc((size_t)t->nlevel, sizeof *c->level))) bad = 1;
  for (int i = 0; !bad && i < t->nlevel; i++) {
    c->level[i].max = t->level[i].max;
    if ((c->level[i].name = dupstr(t->level[i].name, &bad))) c->nlevel++;
  }
  if (bad) {
    sk_table_free(c);
    return NULL;
  }
  return c;
}

int sk_table_entry_level(const sk_table *t, int i) {
  if (!t || t->nlevel == 0) return -1;
  const char *lv = i >= 0 && i < t->n ? sk_table_attr(&t->entry[i], "level") : NULL;
  if (!lv) return 0;
  for (int k = 0; k < t->nlevel; k++)
    if (!strcasecmp(lv, t->level[k].name)) return k;
  return 0;
}

int sk_table_score(const sk_table *t, const int *ids, int n, int64_t *score) {
  int64_t sum = 0;
  int level = 0;
  if (!t || t->nlevel == 0) {
    if (score) *score = 0;
    return -1;
  }
  for (int k = 0; k < n; k++) {
    const char *sc = ids[k] >= 0 && ids[k] < t->n ? sk_table_attr(&t->entry[ids[k]], "score") : NULL;
    if (sc) sum += strtoll(sc, NULL, 10);
    int lv = sk_table_entry_level(t, ids[k]);
    if (lv > level) level = lv;
  }
  while (level + 1 < t->nlevel && t->level[level].max >= 0 && sum > t->level[level].max) level++;
  if (score) *score = sum;
  return level;
}

int sk_table_find(const sk_table *t, const char *id) {
  for (int i = 0; t && id && i < t->n; i++)      /* the first character before strcmp */
    if (t->entry[i].id[0] == id[0] && strcmp(t->entry[i].id, id) == 0) return i;
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

/* }==================================================================== */
