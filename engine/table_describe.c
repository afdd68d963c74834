/*
** table_describe.c -- a table entry's difficulty rule as text, e.g.
** "4.5 + steps(length){6:+0.1, 8:+0.2, 10:+0.5}" (sk_table_describe).
*/
#include <stdarg.h>
#include <stdio.h>
#include "sk_table.h"

typedef struct out {
  char *p;
  size_t left;
} out;

static void put(out *o, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;

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
