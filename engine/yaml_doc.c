/*
** yaml_doc.c -- the YAML document reader of the rating tables: libyaml's
** event stream turned into a small tree (scalars, sequences, mappings,
** each with its position), with problems reported as "file:line:col:
** message".
**
** What a rating table never needs is refused: aliases, anchors, tags, a
** second document, deep nesting.  Events are consumed one at a time, so a
** hostile file is stopped at its first bad event and no recursion follows
** the input's nesting.  The table's schema is read from the tree by
** table_read.c.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "yaml_doc.h"

#define MAX_DEPTH   8           /* nested collections; the schema uses 6 */


/* {====================================================================
** Errors and the tree of nodes
** ===================================================================== */

int skY_fail(ctx *c, int line, int col, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  if (c->failed) return -1;
  c->failed = 1;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sk_error_set(c->err, "%s:%d:%d: %s", c->file, line, col, msg);
}

/* 1-based line and column of a byte offset (columns count characters). */
void skY_where(const char *text, size_t len, size_t off, int *line, int *col) {
  *line = 1, *col = 1;
  for (size_t i = 0; i < off && i < len; i++) {
    if (text[i] == '\n') ++*line, *col = 1;
    else if (((unsigned char)text[i] & 0xC0) != 0x80) ++*col;
  }
}

/* A short printable copy of user text for messages. */
const char *skY_show(const char *s, size_t len, char *buf, size_t size) {
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

int skY_is_null(const node *n) {
  return n->kind == N_SCALAR && n->plain &&
         (n->len == 0 || strcmp(n->text, "~") == 0 || strcmp(n->text, "null") == 0 ||
          strcmp(n->text, "Null") == 0 || strcmp(n->text, "NULL") == 0);
}

/* What a node is, for "must be X, not Y" messages. */
const char *skY_what_is(const node *n, char *buf, size_t size) {
  if (n->kind == N_MAP) return "a mapping";
  if (n->kind == N_SEQ) return "a sequence";
  if (skY_is_null(n)) return "nothing";
  if (!n->plain) return "a quoted string";
  char tmp[48];
  snprintf(buf, size, "'%s'", skY_show(n->text, n->len, tmp, sizeof tmp));
  return buf;
}

void skY_free(node *n) {       /* depth <= MAX_DEPTH: shallow recursion */
  if (!n) return;
  for (int i = 0; i < n->n; i++) skY_free(n->kid[i]);
  free(n->kid);
  free(n->text);
  free(n);
}

/* }==================================================================== */


/* {====================================================================
** libyaml events -> tree
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
    skY_fail(c, 1, 1, "out of memory");
    return;
  }
  if (p->error == YAML_READER_ERROR) {   /* no mark, only a byte offset */
    skY_where(text, len, p->problem_offset, &line, &col);
    skY_fail(c, line, col, "bad character: %s", problem);
    return;
  }
  line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;
  if (p->context)
    skY_fail(c, line, col, "YAML syntax error: %s (%s at line %d)", problem, p->context,
         (int)p->context_mark.line + 1);
  else
    skY_fail(c, line, col, "YAML syntax error: %s", problem);
}

static node *node_new(ctx *c, int kind, yaml_mark_t m) {
  node *n = calloc(1, sizeof *n);
  if (!n) {
    skY_fail(c, (int)m.line + 1, (int)m.column + 1, "out of memory");
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
    skY_failat(c, n, "a mapping key must be a name, not %s",
           n->kind == N_MAP ? "a mapping" : "a sequence");
    skY_free(n);
    return -1;
  }
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 8;
    node **kid = realloc(p->kid, (size_t)cap * sizeof *kid);
    if (!kid) {
      skY_failat(c, n, "out of memory");
      skY_free(n);
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
    return skY_fail(c, line, col, "anchors are not supported (&%s)",
                skY_show((const char *)anchor, strlen((const char *)anchor), tmp, sizeof tmp));
  if (tag)
    return skY_fail(c, line, col, "tags are not supported (%s)",
                skY_show((const char *)tag, strlen((const char *)tag), tmp, sizeof tmp));
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
    skY_free(n);
    return skY_fail(c, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1, "out of memory");
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
    return skY_fail(c, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
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
    if (++b->docs > 1) skY_fail(c, line, col, "a table is a single YAML document");
    return 0;
  case YAML_ALIAS_EVENT: {
    char tmp[48];
    const char *a = (const char *)ev->data.alias.anchor;
    skY_fail(c, line, col, "aliases are not supported (*%s)", skY_show(a, strlen(a), tmp, sizeof tmp));
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

node *skY_build(ctx *c, const char *text, size_t len) {
  yaml_parser_t p;
  yaml_event_t ev;
  builder b = {.depth = 0};
  int done = 0;
  if (!yaml_parser_initialize(&p)) {
    skY_fail(c, 1, 1, "out of memory");
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
    skY_free(b.root);
    return NULL;
  }
  if (!b.root) skY_fail(c, 1, 1, "empty file: a table is a mapping with 'name' and 'techniques'");
  return b.root;
}

/* }==================================================================== */
