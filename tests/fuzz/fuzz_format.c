/*
** fuzz_format.c -- the puzzle reader on arbitrary bytes.
** Properties: never crashes; every puzzle read as ok gives a grid whose
** two candidate views agree; writing it back as a line and reading that
** gives the same givens; a library line's state written back and read
** again gives the same grid, given and placed cells apart.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sk_format.h"
#include "sk_reglib.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void check_library(const sk_grid *g) {
  static char line[SK_LIBLINE_MAX + 16];
  size_t n = (size_t)snprintf(line, sizeof line, ":0000::");
  n += sk_libline_write_state(line + n, sizeof line - n, g);
  snprintf(line + n, sizeof line - n, ":::");
  sk_puzzle q;
  sk_grid h;
  if (sk_parse_line(line, &q) != 0 || sk_puzzle_grid(&q, &h, NULL) != 0) abort();
  if (memcmp(g->value, h.value, sizeof h.value) || memcmp(g->cand, h.cand, sizeof h.cand) ||
      !sk_bits_equal(g->givens, h.givens))
    abort();
  sk_puzzle_free(&q);
}

static void check_round_trip(const sk_puzzle *p) {
  sk_grid g;
  int bad;
  if (sk_puzzle_grid(p, &g, &bad) != 0) return;
  if (!sk_grid_consistent(&g)) abort();
  if (p->format == SK_FMT_LIBRARY) check_library(&g);
  if (p->has_cand) return;
  char line[128];
  size_t n = sk_write_line(line, p->values, '.');
  line[n - 1] = '\0';
  sk_puzzle q;
  memset(&q, 0, sizeof q);
  if (sk_parse_line(line, &q) != 0) abort();
  if (memcmp(q.values, p->values, sizeof q.values) != 0) abort();
  sk_puzzle_free(&q);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  FILE *f = fmemopen((void *)data, size ? size : 1, "r");
  if (!f) return 0;
  if (size == 0) { fclose(f); return 0; }
  sk_reader *r = sk_reader_open(f, "fuzz");
  sk_puzzle p;
  memset(&p, 0, sizeof p);
  int guard = 0;
  while (sk_reader_next(r, &p) == 1 && guard++ < 100000) {
    if (p.ok) check_round_trip(&p);
    sk_puzzle_free(&p);
  }
  sk_reader_close(r);
  fclose(f);
  /* the single-string parser on a NUL-terminated copy */
  char *s = malloc(size + 1);
  if (!s) return 0;
  memcpy(s, data, size);
  s[size] = '\0';
  memset(&p, 0, sizeof p);
  if (sk_parse_line(s, &p) == 0) check_round_trip(&p);
  sk_puzzle_free(&p);
  free(s);
  return 0;
}
