/*
** tabling.h -- what the units of the tabling plugin share: nodes, the
** direct implications of a grid, the implication tables and the steps
** the nice-loop search collects.  Private to techniques/tabling/.
**
** The rules are HoDoKu 2.2.0's TablingSolver (solver/TablingSolver.java,
** solver/TableEntry.java), whose steps the hodoku table must reproduce:
**
**   a node is a candidate (cell, digit) set ("on") or deleted ("off");
**   every node has a table: the nodes that follow from it, in the order
**   they were found, each with the node it came from (its parent);
**   ON  -> OFF: the cell's other candidates (ascending), then the digit
**               in the cell's row, column and box (cells ascending, a
**               cell met twice listed once);
**   OFF -> ON:  the other candidate of a bivalue cell, then the other
**               place of the digit in a row, column, box holding it twice.
**   A table is filled with these direct implications, then expanded: its
**   entries are walked in order, and each entry's direct implications
**   not yet in the table are appended (a breadth-first closure), up to
**   HoDoKu's maxTableEntryLength entries (1000 by default).  The chain
**   from the premise to an entry follows the parents back.
**
** The units:
**   table.c   the direct implications of a grid and one premise's table
**   loops.c   nice loops and AICs found in the tables, their steps,
**             HoDoKu's sort, the hints, the plugin's entry function
**
** Names the units share carry the prefix tb_; the objects are compiled
** with -fvisibility=hidden, so the plugin exports its entry alone.
*/
#ifndef TABLING_H
#define TABLING_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sk_plugin.h"

/* node = (cell * 9 + digit - 1) * 2 + on for a candidate; TB_NODES +
** group * 2 + on for a group node (2 or 3 cells of a digit in one line
** and one box) */
#define TB_NODES (SK_CELLS * 9 * 2)
#define TB_MAX_GROUPS (18 * 9 * 3)
#define TB_ALL_NODES (TB_NODES + 2 * TB_MAX_GROUPS)
#define TB_MAX_LINKS 48           /* direct implications of one node */
#define TB_MAX_ENTRIES 1000       /* HoDoKu's maxTableEntryLength */
#define TB_SEEN_WORDS ((TB_ALL_NODES + 63) / 64)

typedef struct tb_group {
  int8_t cell[3];                 /* ascending; cell[2] = -1 for two cells */
  int8_t digit, line, col, box;   /* line: a row 0..8, col a column 0..8, -1 if not */
  sk_bits cells, buddies;         /* its cells; the cells seeing all of them */
} tb_group;

/* The direct implications of every node of a grid. */
typedef struct tb_links {
  int ngroup;
  tb_group group[TB_MAX_GROUPS];
  uint8_t count[TB_ALL_NODES];
  uint16_t link[TB_ALL_NODES][TB_MAX_LINKS];
} tb_links;

static inline int tb_node(int cell, int d, int on) { return (cell * 9 + d - 1) * 2 + on; }
static inline int tb_is_group(int n) { return n >= TB_NODES; }
static inline int tb_on(int n) { return n & 1; }
/* the node's (first) cell and its digit */
static inline int tb_cell(const tb_links *L, int n) {
  return n < TB_NODES ? n / 18 : L->group[(n - TB_NODES) >> 1].cell[0];
}
static inline int tb_digit(const tb_links *L, int n) {
  return n < TB_NODES ? (n >> 1) % 9 + 1 : L->group[(n - TB_NODES) >> 1].digit;
}
static inline const tb_group *tb_grp(const tb_links *L, int n) { return &L->group[(n - TB_NODES) >> 1]; }

/* One premise's table. */
typedef struct tb_table {
  int n;                          /* entries; entry 0 is the premise */
  uint16_t node[TB_MAX_ENTRIES];
  int16_t parent[TB_MAX_ENTRIES]; /* the entry it came from; -1 for the premise */
  uint16_t depth[TB_MAX_ENTRIES]; /* links from the premise */
  uint64_t seen[TB_SEEN_WORDS];
} tb_table;

/* table.c */
void tb_build_links(tb_links *L, const sk_grid *g, int groups);
void tb_fill_table(const tb_links *L, int premise, int max_entries, tb_table *T);
/* the chain of entry e, premise first; returns its nodes */
int tb_chain(const tb_table *T, int e, uint16_t *out);

#endif
