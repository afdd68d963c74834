/*
** sk_text.h -- hint text that several technique plugins print alike.
**
** sk_text_cells prints a set of cells as HoDoKu's getCompactCellPrint
** does, which its step texts (and so sudokit's, where a table reproduces
** HoDoKu's paths) use: cells ascending; each cell not yet printed takes the
** later cells of its row ("r1c123") or, when the next such cell is in its
** column instead, the later cells of its column ("r123c1"); the parts are
** separated by commas ("r1c12,r3c4").  sk_text_cell_list does the same for
** cells already in an ascending array, sk_text_cell_str into a string.  Header-only, like the other
** helpers plugins share: each plugin is a module of its own.
*/
#ifndef SK_TEXT_H
#define SK_TEXT_H

#include <stdio.h>
#include "sk_plugin.h"

/* cells[0 .. n) ascending, n <= 81, into out (room bytes, cut short and
** still terminated when it does not fit; 3 * 81 + 1 always do) */
static inline void sk_text_cell_str(char *out, size_t room, const int *cells, int n) {
  unsigned char used[SK_CELLS] = {0};
  size_t k = 0;
  if (!room) return;
  out[0] = 0;
  for (int i = 0; i < n; i++) {
    int c = cells[i];
    if (used[c]) continue;
    char rows[10] = {(char)('1' + c / 9)}, cols[10] = {(char)('1' + c % 9)};
    int nr = 1, nc = 1;
    for (int j = i + 1; j < n; j++) {
      int o = cells[j];
      if (used[o]) continue;
      if (o / 9 == c / 9 && nr == 1) { cols[nc++] = (char)('1' + o % 9); used[o] = 1; }
      else if (o % 9 == c % 9 && nc == 1) { rows[nr++] = (char)('1' + o / 9); used[o] = 1; }
    }
    int w = snprintf(out + k, room - k, "%sr%.*sc%.*s", k ? "," : "", nr, rows, nc, cols);
    if (w < 0 || (size_t)w >= room - k) return;
    k += (size_t)w;
  }
}

static inline void sk_text_cell_list(const sk_host *host, sk_hint *h, const int *cells, int n) {
  char buf[4 * SK_CELLS];
  sk_text_cell_str(buf, sizeof buf, cells, n);
  host->hint_printf(h, "%s", buf);
}

static inline void sk_text_cells(const sk_host *host, sk_hint *h, sk_bits set) {
  int cells[SK_CELLS], n = 0;
  for (int c; (c = sk_bits_pop(&set)) >= 0; ) cells[n++] = c;
  sk_text_cell_list(host, h, cells, n);
}

#endif
