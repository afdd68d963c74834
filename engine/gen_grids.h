/*
** gen_grids.h -- the enumeration of complete grids as gen_grids.c shares
** it with the grid writer, gen_text.c (internal to the engine: skG_ names
** are not part of the API).
**
** Grid number i is geometry i / 8! applied to the seed grid, relabelled
** by permutation i % 8!; both are decoded here.
*/
#ifndef SK_GEN_GRIDS_H
#define SK_GEN_GRIDS_H

#include <stdint.h>
#include "sk_grid.h"

typedef struct geo {
  uint8_t rows[9], cols[9];   /* output row/column -> seed row/column */
  int transpose;
} geo;

/* The digits of the seed grid. */
void skG_seed_values(uint8_t v[SK_CELLS]);

/* Geometry number x (0 <= x < SK_GRID_GEOMETRIES) and its image of a grid. */
void skG_geo_decode(uint64_t x, geo *g);
void skG_geo_apply(const geo *g, const uint8_t in[SK_CELLS], uint8_t out[SK_CELLS]);

/* Permutation number p (0 <= p < 8!) of 0..7, in lexicographic order. */
void skG_perm8_decode(uint32_t p, uint8_t pi[8]);

#endif
