/*
** finned.c -- HoDoKu's finned and sashimi basic fish of sizes 2-7,
** with their Siamese forms.
**
** Techniques (ids of the rating table; HoDoKu 2.2.0 type, reglib code):
**   finned-x-wing  finned-swordfish  finned-jellyfish       0310 0311 0312
**   finned-squirmbag  finned-whale  finned-leviathan        0313 0314 0315
**   sashimi-x-wing  sashimi-swordfish  sashimi-jellyfish    0320 0321 0322
**   sashimi-squirmbag  sashimi-whale  sashimi-leviathan     0323 0324 0325
** Siamese fish (option duals) are hints of the finned or sashimi id of
** their first fish's type (codes 03101 ... 03251: the code and a 1).
**
** The rule.  n base rows (columns) hold the digit; n cover columns (rows)
** hold all of their cells but the fins, at most max-fins cells that lie in
** one box.  Either the fish stands, or a fin is the digit: the digit
** leaves every cover cell outside the base lines in the fins' box.  The
** fish is sashimi when a base line keeps at most one cell once its fins
** are taken away, finned otherwise (FishSolver.createFishStep; no endo
** fins in basic fish).  Two fish with the same base lines, digit and
** category but different first eliminations are one Siamese fish, whose
** eliminations are both fish's.
**
** Scan order (HoDoKu's, FishSolver.getAnyFish and getFishes): digit 1..9,
** rows as base lines before columns, base sets and then cover sets in
** lexicographic order of their lines; the first fish of the technique's
** kind wins.  The search (hodoku.c, shared with fish.c's
** basic-* ids) builds each base set's cover sets from the fin box instead
** of trying all of them, which keeps every size fast; in a rating step a
** finned search that finds nothing leaves the first sashimi fish it met
** to the sashimi search of its size (the same scan).  Its comment says
** how the options change the search and the order:
**   max-fins (5), duals (0), only-one-fish-per-step (1),
**   all-steps (0: HoDoKu's solver; 1: its find-all-steps search, as its
**   regression tester runs it, with finned and sashimi fish found together
**   so that a Siamese fish may pair the two).
**
** Figures: size = n; type = 1 finned, 2 sashimi, 3 Siamese finned,
** 4 Siamese sashimi (with all-steps, the sashimi ids also get HoDoKu's
** finless "Sashimi" fish, type 2 with no fins); extra = the number of fin
** cells.  Focus: the base cells of the digit, fins included.  Text as
** HoDoKu prints the step: "Finned X-Wing: 9 r48 c38 fr8c7",
** "Siamese Finned Swordfish: 6 r124 c124/c145 fr1c5 fr1c2".
*/
#include "sk_plugin.h"
#include "fish.h"

typedef struct kind {
  int n, kind;
} kind;

static int search(const sk_search *s) {
  const kind *k = s->data;
  return hf_search(s, k->n, k->kind);
}

static const kind kinds[] = {
  {2, HF_FINNED}, {3, HF_FINNED}, {4, HF_FINNED}, {5, HF_FINNED}, {6, HF_FINNED}, {7, HF_FINNED},
  {2, HF_SASHIMI}, {3, HF_SASHIMI}, {4, HF_SASHIMI}, {5, HF_SASHIMI}, {6, HF_SASHIMI},
  {7, HF_SASHIMI},
};

static const char *const ids[] = {
  "finned-x-wing", "finned-swordfish", "finned-jellyfish",
  "finned-squirmbag", "finned-whale", "finned-leviathan",
  "sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish",
  "sashimi-squirmbag", "sashimi-whale", "sashimi-leviathan",
};

int hf_register_finned(const sk_host *host, sk_registry *reg) {
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sk_technique t = {ids[i], hf_name(kinds[i].kind, kinds[i].n), 0, search, &kinds[i]};
    if (host->register_technique(reg, &t) != 0) return SK_PLUGIN_ERROR;
  }
  return SK_PLUGIN_OK;
}
