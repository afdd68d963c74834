/*
** fish.h -- what the files of the fish plugin share (techniques/fish/):
** fish.c registers SE's X-Wing, Swordfish and Jellyfish and HoDoKu's basic
** fish of sizes 2-7, finned.c HoDoKu's finned and sashimi fish; hodoku.c
** is HoDoKu's fish search that both of HoDoKu's families use.
*/
#ifndef FISH_H
#define FISH_H

#include "sk_plugin.h"

enum { HF_FINLESS = 0, HF_FINNED = 1, HF_SASHIMI = 2 };   /* also HoDoKu's type order */

/* HoDoKu's fish of size n (2..7) and kind HF_* on s->grid, emitted in
** HoDoKu's order (hodoku.c). */
int hf_search(const sk_search *s, int n, int kind);
/* Its display name ("Finned Swordfish"). */
const char *hf_name(int kind, int n);

/* Registers the finned and sashimi ids (finned.c). */
int hf_register_finned(const sk_host *host, sk_registry *reg);

/* {====== HoDoKu's Franken and Mutant fish search (franken.c) */

enum { FF_BASIC = 0, FF_FRANKEN = 1, FF_MUTANT = 2 };   /* HoDoKu's fish categories */

/* What one search looks for. */
typedef struct ff_opts {
  int nmin, nmax;                 /* sizes, searched in HoDoKu's order */
  int cat;                        /* the houses: FF_BASIC lines, FF_FRANKEN lines
                                  ** and boxes, FF_MUTANT all */
  int finless, finned;            /* fish without fins, with fins */
  int max_fins, max_endo;         /* max_endo 0: no endo fins */
  int templates;                  /* HoDoKu's template filter (checkTemplates) */
  int kraken;                     /* report finned fish without eliminations
                                  ** (kraken = 1) instead of fish */
  const sk_search *search;        /* NULL, or polled for should_stop */
  const sk_bits *tdel;            /* NULL, or tdel[d-1]: the candidates of d in
                                  ** no valid template (ff_template_dels) */
} ff_opts;

/* One fish found. */
typedef struct ff_fish {
  uint8_t digit, n, cat, kind;    /* kind HF_*: the type is cat and kind */
  uint8_t siamese;
  uint32_t base, cover, cover2;   /* house sets (bit h: house h, 0..26) */
  sk_bits fins, endo, fins2;      /* fins: without the endo fins */
  sk_bits elim, cannib;           /* eliminations; the cannibalistic ones */
  sk_bits bcells;                 /* the base cells */
  sk_bits potential;              /* (kraken) cover cells outside the base,
                                  ** with the cannibalistic cells */
  int nlist;                      /* HoDoKu's elimination list size */
  int first_elim;                 /* its first entry, unsorted */
  int seq;
} ff_fish;

typedef int (*ff_sink)(void *ud, const ff_fish *f);

/* The candidates of each digit in no valid template of it (out[9]). */
void ff_template_dels(const sk_grid *g, sk_bits out[9]);
/* Every fish of o on g, in HoDoKu's order, to sink; 1 when sink stopped it. */
int ff_scan_grid(const sk_grid *g, const ff_opts *o, ff_sink sink, void *ud);
/* The display name of a fish's type ("Finned Franken Swordfish"). */
const char *ff_name(int cat, int kind, int n);
/* Its figure type: 10 * cat + 0 finless, 1 finned, 2 sashimi, 3 Siamese
** finned, 4 Siamese sashimi, 5 Siamese finless. */
int ff_type(const ff_fish *f);
/* Append HoDoKu's "r15b6 c168 fr4c5 efr5c9" for f to h's text. */
void ff_text(const sk_host *host, sk_hint *h, const ff_fish *f);

/* Registers franken.c's and kraken.c's ids. */
int ff_register(const sk_host *host, sk_registry *reg);
int fk_register(const sk_host *host, sk_registry *reg);

/* }====== */

#endif
