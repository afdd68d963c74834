/*
** analysis_class.c -- pearl and diamond classes of a rated path
** (sk_analysis.h): SE's from ER/EP/ED, SDRS's from the order in which
** the steps place digits and eliminate candidates.
*/
#include <stdlib.h>
#include <string.h>
#include "sk_analysis.h"

/* {====================================================================
** Pearl and diamond classes
** ===================================================================== */

int sk_se_class(int32_t er, int32_t ep, int32_t ed) {
  if (er >= SK_STUCK_MILLI || er <= 0) return SK_SE_NONE;
  if (ed == ep && ep == er) return SK_SE_DIAMOND;
  return ep == er ? SK_SE_PEARL : SK_SE_NONE;
}

const char *sk_se_class_name(int se) {
  return se == SK_SE_DIAMOND ? "diamond" : se == SK_SE_PEARL ? "pearl" : "-";
}

const char *sk_sdrs_label(unsigned f) {
  if (f & SK_SDRS_DIAMOND) return "diamond";
  if (f & SK_SDRS_EXTREME_DIAMOND) return "extreme-diamond";
  if (f & SK_SDRS_EXTREME_PEARL) return "extreme-pearl";
  if (f & SK_SDRS_PEARL) return "pearl";
  return "-";
}

int sk_classify_path(int n, const int32_t *diff, const unsigned char *places, int stuck,
                     sk_classes *c) {
  int placed = 0;
  memset(c, 0, sizeof *c);
  c->first_elim = -1;
  c->next_place = n;
  for (int i = 0; i < n; i++) {               /* ER/EP/ED as sk_rate computes them */
    if (diff[i] > c->er) c->er = diff[i];
    if (i == 0) c->ed = c->er;
    if (places[i] && !placed) c->ep = c->er, placed = 1;
  }
  if (stuck) c->er = SK_STUCK_MILLI;
  for (int i = 0; i < n && c->first_elim < 0; i++)
    if (!places[i]) c->first_elim = i;
  for (int i = c->first_elim + 1; c->first_elim >= 0 && i < n; i++)
    if (places[i]) { c->next_place = i; break; }
  if (stuck || n == 0) return 0;
  c->se = sk_se_class(c->er, c->ep, c->ed);
  int j = c->first_elim;
  if (j < 0) return 0;
  int32_t run = 0;
  for (int i = j; i < c->next_place; i++)
    if (diff[i] > run) run = diff[i];
  if (j == 0) c->sdrs |= SK_SDRS_PEARL;
  if (j == 0 && diff[0] == c->er) c->sdrs |= SK_SDRS_DIAMOND;
  if (run == c->er) c->sdrs |= SK_SDRS_EXTREME_PEARL;
  if (diff[j] == c->er) c->sdrs |= SK_SDRS_EXTREME_DIAMOND;
  return 0;
}

int sk_classify(const sk_rating *r, sk_classes *c) {
  memset(c, 0, sizeof *c);
  c->first_elim = -1;
  if (r->over_budget || r->wrong || (r->nsteps > 0 && !r->steps)) return -1;
  size_t n = r->nsteps > 0 ? (size_t)r->nsteps : 0;
  int32_t *diff = malloc((n ? n : 1) * sizeof *diff);
  unsigned char *places = malloc(n ? n : 1);
  if (!diff || !places) { free(diff); free(places); return -1; }
  for (size_t i = 0; i < n; i++) {
    diff[i] = r->steps[i].difficulty;
    places[i] = r->steps[i].cell >= 0;
  }
  sk_classify_path((int)n, diff, places, r->stuck, c);
  free(diff);
  free(places);
  return 0;
}

/* }==================================================================== */
