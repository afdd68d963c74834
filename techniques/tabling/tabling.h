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
**   table.c   the direct implications of a grid, one premise's table, and
**             every candidate's tables kept for the rating (tb_get_tables)
**   loops.c   nice loops and AICs found in the tables, their steps,
**             HoDoKu's sort, the hints, the plugin's entry function
**   forcing.c forcing chains and nets: contradictions and verities in the
**             tables
**   nets.c    the forcing nets' tables (singles looked ahead) and chains
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
** and one box); TB_ALS_NODES + k for the k-th ALS node (an ALS whose
** digit d is deleted: the rest is a locked set) */
#define TB_NODES (SK_CELLS * 9 * 2)
#define TB_MAX_GROUPS (18 * 9 * 3)
#define TB_ALS_NODES (TB_NODES + 2 * TB_MAX_GROUPS)
#define TB_MAX_NODES 65000
#define TB_MAX_ENTRIES 1000       /* HoDoKu's maxTableEntryLength */

typedef struct tb_group {
  int8_t cell[3];                 /* ascending; cell[2] = -1 for two cells */
  int8_t digit, line, col, box;   /* line: a row 0..8, col a column 0..8, -1 if not */
  sk_bits cells, buddies;         /* its cells; the cells seeing all of them */
} tb_group;

/* An almost locked set (SudokuStepFinder.getAlses, Als.computeFields). */
typedef struct tb_als {
  sk_bits cells;
  sk_mask cands;
  int ncells;
  sk_bits in[10];                 /* in[d]: its cells holding d */
  sk_bits buddies[10];            /* buddies[d]: other cells with d seeing all of in[d] */
  sk_bits any;                    /* the union of buddies[] */
} tb_als;

/* An ALS node: ALS als with digit deleted, named by its first cell with it. */
typedef struct tb_anode {
  int als;
  int8_t digit, cell;
} tb_anode;

/* The direct implications of every node of a grid, with the distance
** HoDoKu's table gives each (2, plus an ALS's penalty after an ALS
** node): node n's are to[first[n] .. first[n+1]). */
typedef struct tb_links {
  int nnodes;
  int ngroup;
  tb_group group[TB_MAX_GROUPS];
  int nals, nanode;
  tb_als *als;
  tb_anode *anode;
  uint32_t *first;
  uint16_t *to;
  uint8_t *dist;
  sk_bits stale_set;              /* HoDoKu's scratch set as its group node pass */
  int stale_first;                /* leaves it (see forcing.c) */
  int oom;
  sk_mask cand[SK_CELLS];         /* the grid's candidates */
  int maxdist;                    /* the greatest distance of a link (2 without ALS nodes) */
} tb_links;

static inline int tb_node(int cell, int d, int on) { return (cell * 9 + d - 1) * 2 + on; }
static inline int tb_is_group(int n) { return n >= TB_NODES && n < TB_ALS_NODES; }
static inline int tb_is_als(int n) { return n >= TB_ALS_NODES; }
static inline int tb_is_normal(int n) { return n < TB_NODES; }
static inline int tb_on(int n) { return n < TB_ALS_NODES && (n & 1); }
static inline const tb_group *tb_grp(const tb_links *L, int n) { return &L->group[(n - TB_NODES) >> 1]; }
static inline const tb_anode *tb_an(const tb_links *L, int n) { return &L->anode[n - TB_ALS_NODES]; }
static inline const tb_als *tb_als_of(const tb_links *L, int n) { return &L->als[tb_an(L, n)->als]; }
/* the node's (first) cell and its digit */
static inline int tb_cell(const tb_links *L, int n) {
  if (n < TB_NODES) return n / 18;
  if (n < TB_ALS_NODES) return tb_grp(L, n)->cell[0];
  return tb_an(L, n)->cell;
}
static inline int tb_digit(const tb_links *L, int n) {
  if (n < TB_NODES) return (n >> 1) % 9 + 1;
  if (n < TB_ALS_NODES) return tb_grp(L, n)->digit;
  return tb_an(L, n)->digit;
}

/* One premise's table. */
typedef struct tb_table {
  int n;                          /* entries; entry 0 is the premise */
  int ndirect;                    /* entries 1 .. ndirect are the premise's direct ones */
  uint16_t node[TB_MAX_ENTRIES];
  int16_t parent[TB_MAX_ENTRIES]; /* the entry it came from; -1 for the premise */
  uint16_t dist[TB_MAX_ENTRIES];  /* HoDoKu's distance (premise 1, direct 2...) */
  uint32_t *stamp;                /* per node: stamp when in the table ... */
  uint16_t *pos;                  /* ... at this entry */
  uint32_t now;
  int cap;                        /* nodes stamp/pos hold */
} tb_table;

/* A table as the searches read it: entries node[0 .. n), entry 0 the
** premise, entries 1 .. ndirect its direct implications, each entry's
** parent (-1 for the premise) and HoDoKu's distance. */
typedef struct tb_view {
  int n, ndirect;
  const uint16_t *node;
  const int16_t *parent;
  const uint16_t *dist;
} tb_view;

/* Every candidate's "set" and "delete" table of one grid, as
** tb_fill_table makes them (tb_get_tables).  The table of candidate node
** p is entries at[p] .. at[p] + n[p] of the pools; n[p] = 0 when p is not
** a candidate.  groups, als, maxe: how they were made. */
typedef struct tb_tables {
  tb_links L;
  int groups, als, maxe;
  int32_t at[TB_NODES];
  uint16_t n[TB_NODES], ndirect[TB_NODES];
  uint16_t *node, *dist;
  int16_t *parent;
  int total, cap;
  tb_table *scratch;              /* the table being filled */
} tb_tables;

static inline tb_view tb_tables_view(const tb_tables *t, int p) {
  tb_view v = {t->n[p], t->ndirect[p], t->node + t->at[p], t->parent + t->at[p], t->dist + t->at[p]};
  return v;
}

/* forcing.c: registers forcing-chain and forcing-net */
int tb_register_forcing(const sk_host *host, sk_registry *reg);

/* table.c */
/* groups: with group nodes; als: with ALS nodes (needs groups).  Returns
** -1 when out of memory. */
int tb_build_links(tb_links *L, const sk_grid *g, int groups, int als);
void tb_free_links(tb_links *L);
/* 0, or -1 when out of memory */
int tb_fill_table(const tb_links *L, int premise, int max_entries, tb_table *T);
void tb_free_table(tb_table *T);
/* the chain of entry e, premise first; returns its nodes (at most max) */
int tb_chain(const tb_table *T, int e, uint16_t *out, int max);
int tb_view_chain(const tb_view *T, int e, uint16_t *out, int max);
/* The tables of every candidate of the search's grid, in tables with
** group nodes (groups) and ALS nodes (als), of at most maxe entries: kept
** for the rating (host set_rating_aux) and made again only for another
** grid (other candidates or values), so that the searches of a step that
** read the same tables (grouped nice loops, then forcing chains) make them
** once, and later steps reuse the memory.  Their order: the candidates by
** cell, then digit, each "set" table before its "delete" table.  The
** result is valid until the next tb_get_tables call with the same groups
** and als.  NULL when out of memory.  *own is set when the caller must free
** the result with tb_tables_free (a search outside a rating). */
const tb_tables *tb_get_tables(const sk_search *s, int groups, int als, int maxe, int *own);
void tb_tables_free(const tb_tables *t);
/* The links of the tables tb_get_tables keeps for the search's grid (with
** groups and als), when it made them for this grid; else NULL.  Valid
** until the next tb_get_tables call with the same groups and als. */
const tb_links *tb_peek_links(const sk_search *s, int groups, int als);

/* nets.c: every candidate's two net tables of a grid, expanded, with
** look-ahead rounds of singles; links must have group nodes and no ALS.
** NULL when out of memory or when the budget of s (if not NULL) stops it. */
typedef struct tb_nets tb_nets;
tb_nets *tb_nets_new(const tb_links *L, const sk_grid *g, int max_entries, int lookahead,
                     const sk_search *s);
void tb_nets_free(tb_nets *N);
/* the nodes of premise's expanded table, *n of them, in table order */
const uint16_t *tb_nets_nodes(const tb_nets *N, int premise, int *n);
/* HoDoKu's chain length of entry e of premise's table (main chain,
** branches and their separators); *is_net: it has a branch; nodes (if not
** NULL) gets up to max of its nodes, *nnodes how many, in HoDoKu's chain
** order: the main chain from the premise, each node followed by the
** branches that meet it, a branch's nodes as -(node + 1) from its start
** (the node it meets left out), then TB_BRANCH_END */
#define TB_BRANCH_END INT32_MIN
int tb_nets_chain(tb_nets *N, int premise, int e, int *is_net, int32_t *nodes, int *nnodes, int max);
/* HoDoKu's scratch set as the net tables leave it (see forcing.c) */
void tb_nets_stale(const tb_nets *N, sk_bits *tmp, int *v0);

#endif
