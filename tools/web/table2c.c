/*
** table2c.c -- compile rating tables into C for the WebAssembly build.
**
**   table2c ratings/se.yaml [ratings/xdrs.yaml ...] > web_tables.c
**
** A host program: it reads each table with sk_table_load (libyaml and all
** of the loader's checks), then writes the sk_table as static C data and
** the list sk_web_tables[] (web_tables.h).  The browser build then needs
** no YAML parser, and a table that does not load fails the build with the
** loader's "file:line:col: message".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_table.h"

/* A C string literal for s (or NULL). */
static void put_str(FILE *f, const char *s) {
  if (!s) {
    fputs("NULL", f);
    return;
  }
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", f);
    else if (*p < 0x20 || *p >= 0x7f) fprintf(f, "\\%03o", *p);  /* octal: no run-on digits */
    else fputc(*p, f);
  }
  fputc('"', f);
}

static void put_ints(FILE *f, const int32_t *v, int n) {
  fputc('{', f);
  for (int i = 0; i < n; i++) fprintf(f, "%s%ld", i ? ", " : "", (long)v[i]);
  fputc('}', f);
}

static const char *kind_name(sk_mod_kind k) {
  switch (k) {
  case SK_MOD_STEPS: return "SK_MOD_STEPS";
  case SK_MOD_MAP: return "SK_MOD_MAP";
  case SK_MOD_LINEAR: return "SK_MOD_LINEAR";
  case SK_MOD_CHAIN: return "SK_MOD_CHAIN";
  }
  return "SK_MOD_STEPS";
}

static void put_modifier(FILE *f, const sk_modifier *m) {
  fprintf(f, "      {.figure = %d, .kind = %s, .nkeys = %d, .key = ", m->figure,
          kind_name(m->kind), m->nkeys);
  put_ints(f, m->key, m->nkeys > 0 ? m->nkeys : 1);
  fputs(", .add = ", f);
  put_ints(f, m->add, m->nkeys > 0 ? m->nkeys : 1);
  fprintf(f, ",\n       .per = %ld, .from = %ld, .offset = %ld, .first = %ld, .step = %ld},\n",
          (long)m->per, (long)m->from, (long)m->offset, (long)m->first, (long)m->step);
}

static void put_entry(FILE *f, int k, const sk_table_entry *e) {
  char rule[512];
  sk_table_describe(e, rule, sizeof rule);
  fprintf(f, "  /* %s: %s */\n  {.id = ", e->id, rule);
  put_str(f, e->id);
  fputs(", .name = ", f);
  put_str(f, e->name);
  fprintf(f, ", .base = %ld, .line = %d, .column = %d, .disabled = %d, .nmod = %d", (long)e->base,
          e->line, e->column, e->disabled, e->nmod);
  if (e->ext) fprintf(f, ", .ext = &t%d_x%d", k, e->ext->slot);
  if (e->nmod > 0) {
    fputs(", .mod = {\n", f);
    for (int j = 0; j < e->nmod; j++) put_modifier(f, &e->mod[j]);
    fputs("    }", f);
  }
  fputs("},\n", f);
}

/* An entry's further keys: aliases, params and attrs (the regression
** library's rules are not needed in the browser). */
static void put_ext(FILE *f, int k, const sk_table_ext *x) {
  int i = x->slot;
  fprintf(f, "static char *t%d_x%d_alias[%d] = {", k, i, x->nalias > 0 ? x->nalias : 1);
  for (int j = 0; j < x->nalias; j++) { if (j) fputs(", ", f); put_str(f, x->alias[j]); }
  fprintf(f, "};\nstatic sk_param t%d_x%d_param[%d] = {", k, i, x->nparam > 0 ? x->nparam : 1);
  for (int j = 0; j < x->nparam; j++) {
    fputs(j ? ", {" : "{", f);
    put_str(f, x->param[j].name);
    fprintf(f, ", %ld}", (long)x->param[j].value);
  }
  fprintf(f, "};\nstatic sk_attr t%d_x%d_attr[%d] = {", k, i, x->nattr > 0 ? x->nattr : 1);
  for (int j = 0; j < x->nattr; j++) {
    fputs(j ? ", {" : "{", f);
    put_str(f, x->attr[j].name);
    fputs(", ", f);
    put_str(f, x->attr[j].value);
    fputs("}", f);
  }
  fprintf(f, "};\nstatic sk_table_ext t%d_x%d = {.nalias = %d, .alias = t%d_x%d_alias, "
             ".nparam = %d, .param = t%d_x%d_param, .nattr = %d, .attr = t%d_x%d_attr, "
             ".slot = %d};\n", k, i, x->nalias, k, i, x->nparam, k, i, x->nattr, k, i, i);
}

static void put_table(FILE *f, int k, const sk_table *t) {
  for (int i = 0; i < t->next; i++) put_ext(f, k, t->ext[i]);
  fprintf(f, "\nstatic sk_table_ext *t%d_ext[%d] = {", k, t->next > 0 ? t->next : 1);
  for (int i = 0; i < t->next; i++) fprintf(f, "%s&t%d_x%d", i ? ", " : "", k, i);
  fprintf(f, "};\nstatic sk_level t%d_level[%d] = {", k, t->nlevel > 0 ? t->nlevel : 1);
  for (int i = 0; i < t->nlevel; i++) {
    fputs(i ? ", {" : "{", f);
    put_str(f, t->level[i].name);
    fprintf(f, ", %lld}", (long long)t->level[i].max);
  }
  fprintf(f, "};\n\nstatic sk_table_entry t%d_entry[%d] = {\n", k, t->n > 0 ? t->n : 1);
  for (int i = 0; i < t->n; i++) put_entry(f, k, &t->entry[i]);
  fprintf(f, "};\n\nstatic const sk_table t%d = {\n  .name = ", k);
  put_str(f, t->name);
  fputs(",\n  .description = ", f);
  put_str(f, t->description);
  fputs(",\n  .path = ", f);
  put_str(f, t->path);
  fprintf(f, ",\n  .n = %d,\n  .entry = t%d_entry,\n  .next = %d,\n  .ext = t%d_ext,\n"
             "  .nlevel = %d,\n  .level = t%d_level,\n};\n", t->n, k, t->next, k, t->nlevel, k);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: table2c TABLE.yaml... > web_tables.c\n");
    return 2;
  }
  sk_table **t = calloc((size_t)argc, sizeof *t);
  if (!t) return 1;
  int rc = 0;
  for (int i = 1; i < argc && rc == 0; i++) {
    sk_error err;
    if (!(t[i] = sk_table_load(argv[i], &err))) {
      fprintf(stderr, "table2c: %s\n", err.msg);
      rc = 1;
    }
  }
  if (rc == 0) {
    printf("/* generated by tools/web/table2c from");
    for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
    printf("; do not edit */\n#include <stddef.h>\n#include \"web_tables.h\"\n");
    for (int i = 1; i < argc; i++) put_table(stdout, i, t[i]);
    printf("\nconst sk_web_table sk_web_tables[] = {\n");
    for (int i = 1; i < argc; i++) {
      printf("  {");
      put_str(stdout, t[i]->name);
      printf(", &t%d},\n", i);
    }
    printf("  {NULL, NULL}\n};\n");
    if (fflush(stdout) != 0 || ferror(stdout)) {
      fprintf(stderr, "table2c: write error\n");
      rc = 1;
    }
  }
  for (int i = 1; i < argc; i++) sk_table_free(t[i]);
  free(t);
  return rc;
}
