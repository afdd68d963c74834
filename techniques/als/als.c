/*
** als.c -- HoDoKu 2.2.0's almost-locked-set techniques (AlsSolver), one
** plugin made of the files of techniques/als/:
**   collect.c  the ALS of a grid and their restricted commons (RCs), in
**              HoDoKu's order, kept on the rating step for the others
**   xz.c       als-xz (ALS-XZ, singly and doubly linked; reglib 0901) and
**              als-xy-wing (ALS-XY-Wing, 0902): the first found in RC
**              list order is HoDoKu's step
**   chain.c    als-xy-chain (ALS-XY-Chain, 0903): every chain found,
**              sorted with HoDoKu's AlsComparator (a collecting technique)
**   blossom.c  death-blossom (Death Blossom, 0904): the first found, stem
**              cells in cell order
**   w_wing.c   als-w-wing (ALS-W-Wing, Sunnie's; not a HoDoKu technique):
**              two ALS joined by a conjugate pair; grouped-als-w-wing
**              (Sunnie's GroupedAlmostLockedSetsWWing): joined by a strong
**              link with a group of cells at one end at least
** Each file states its rule, scan order, options and figures.  The
** options, read with host->param with HoDoKu's solver defaults: overlap
** (allowAlsOverlap: 0), forward-only (RCs only towards later ALS: 1),
** chain-length (RCs of an ALS-XY-Chain: 50), only-one-als-per-step (1).
** HoDoKu's regression tester runs its find-all-steps search: chain length
** 6, one step per elimination set off, overlap on for ALS-XY-Wing,
** ALS-XY-Chain and Death Blossom cases of variant 2 (ratings/hodoku.yaml).
*/
#include "als.h"

SK_PLUGIN_ENTRY(als) {
  SK_PLUGIN_CHECK(host, reg);
  static const sk_technique t[] = {
    {"als-xz", "Almost Locked Set XZ-Rule", 0, als_search_xz, NULL},
    {"als-xy-wing", "Almost Locked Set XY-Wing", 0, als_search_xy_wing, NULL},
    {"als-xy-chain", "Almost Locked Set Chain", SK_TECH_COLLECT, als_search_chain, NULL},
    {"death-blossom", "Death Blossom", 0, als_search_blossom, NULL},
    {"als-w-wing", "Almost Locked Set W-Wing", 0, als_search_w_wing, NULL},
    {"grouped-als-w-wing", "Grouped Almost Locked Set W-Wing", 0, als_search_grouped_w_wing, NULL},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (host->register_technique(reg, &t[i]) != 0) return SK_PLUGIN_ERROR;
  return SK_PLUGIN_OK;
}
