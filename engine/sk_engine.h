/*
** sk_engine.h -- plugin loader and step engine.
**
** An engine holds the loaded technique plugins and one bound rating table.
** Rating follows SE 1.2.1.3: at every step the techniques are asked in the
** table's order and the first hint found is applied -- one hint per step --
** then the search restarts from the top.  Entries with enabled: false are
** not asked.
**   ER  the largest step difficulty (20.0 when stuck)
**   ED  the first step's difficulty
**   EP  the running maximum at the first step that places a value
** A scored table (one with levels:, sk_table.h) also gives each rating a
** score and a level, HoDoKu's way (sk_rating.score, .level).
*/
#ifndef SK_ENGINE_H
#define SK_ENGINE_H

#include <stdio.h>
#include "sk_grid.h"
#include "sk_table.h"
#include "sk_error.h"
#include "sk_plugin.h"

#define SK_STUCK_MILLI 20000          /* ER when no technique applies */

typedef struct sk_engine sk_engine;

sk_engine *sk_engine_new(void);
void sk_engine_free(sk_engine *e);

/* Load one plugin file.  Errors name the file: no entry symbol, ABI
** mismatch, duplicate technique id, registration failure. */
int sk_engine_load_plugin(sk_engine *e, const char *path, sk_error *err);
/* Load every *.so of a directory (sorted by name). */
int sk_engine_load_dir(sk_engine *e, const char *dir, sk_error *err);
/* The default search: the build's plugin directory, then extra_dir (may be
** NULL, from --plugins), then each directory of $SUDOKIT_PLUGIN_PATH
** (':'-separated), then $(PREFIX)/lib/sudokit/plugins when nothing was
** found in the build.  Statically linked plugins are registered first when
** the build has them.  An installed library (make install) has no build
** directory: it looks in its PREFIX only.  A file already loaded (the same
** device and inode) is skipped; two files with one technique id clash. */
int sk_engine_load_default(sk_engine *e, const char *extra_dir, sk_error *err);
/* Register a statically linked plugin by its entry function. */
int sk_engine_add_static(sk_engine *e, const char *name,
                         int (*entry)(const sk_host *, sk_registry *), sk_error *err);

/* Bind a table: every id it names must be provided by a plugin (the error
** names the table file, line and column).  The engine takes ownership. */
int sk_engine_use_table(sk_engine *e, sk_table *t, sk_error *err);
const sk_table *sk_engine_table(const sk_engine *e);

/* Loaded techniques (all of them, bound or not). */
int sk_engine_technique_count(const sk_engine *e);
const sk_technique *sk_engine_technique(const sk_engine *e, int i);
const char *sk_engine_technique_file(const sk_engine *e, int i);
/* The index of the loaded technique with this id, or -1 (hashed: the
** first call after plugins were loaded indexes them). */
int sk_engine_find_technique(const sk_engine *e, const char *id);
/* The technique bound to table entry i (NULL before use_table). */
const sk_technique *sk_engine_bound(const sk_engine *e, int table_index);

/* One step of a solving path. */
typedef struct sk_step {
  int tech;                   /* table index */
  const char *id;             /* technique id */
  const char *name;           /* display name (hint's, or technique's) */
  int32_t difficulty;         /* milli */
  int cell, digit;            /* placement, cell = -1 for none */
  int nelim;
  uint16_t *elim;             /* cell * 16 + digit, ascending */
  char *text;                 /* explanation */
  /* what the plugin said with host emit_with: the same eliminations in the
  ** order the technique lists them, and further lines of explanation
  ** ('\n' between them); NULL (norder 0) when it said none */
  int norder;
  uint16_t *order;
  char *detail;
} sk_step;

typedef struct sk_rating {
  int32_t er, ep, ed;         /* milli */
  int stuck;                  /* no technique applied before the end */
  int over_budget;            /* stopped by the time budget */
  int wrong;                  /* --verify found a wrong step (index in wrong_step) */
  int unwanted;               /* stopped by sk_rate_opts.want (er is then 20.0) */
  int above, reached;         /* stopped by sk_rate_opts.stop_above / stop_at */
  int wrong_step;
  int nsteps, cap;
  int nmax;                   /* steps rated er (the hardest so far) */
  sk_step *steps;             /* only when recording */
  sk_grid final;              /* grid where the rating stopped */
  /* a scored table (levels:, sk_table_score): the path's score and level
  ** (its index, and its name owned by the table); level -1 otherwise */
  int64_t score;
  int level;
  const char *level_name;
} sk_rating;

/* Score and level of a rating's steps under e's table, as sk_table_score
** counts them, into r->score, r->level, r->level_name: sk_rate does it;
** other rating loops call sk_rating_score_step once per step taken (tech =
** its table index) after zeroing with sk_rating_score_start, and
** sk_rating_score_end at the end. */
void sk_rating_score_start(const sk_engine *e, sk_rating *r);
void sk_rating_score_step(const sk_engine *e, sk_rating *r, int tech);
void sk_rating_score_end(const sk_engine *e, sk_rating *r);

/* Where a rating's time goes, per table entry: the searches run (calls),
** the steps they gave (hits) and the CPU time of those searches (the
** calling thread's clock). */
typedef struct sk_tech_profile {
  long calls, hits;
  double seconds;
} sk_tech_profile;

typedef struct sk_rate_opts {
  int record;                     /* keep the steps */
  const uint8_t *solution;        /* when set, verify every step against it */
  double budget;                  /* seconds; 0 = none */
  int max_steps;                  /* 0 = none */
  sk_tech_profile *profile;       /* when set: one per table entry, added to */
  int want;                       /* SK_WANT_PEARL, SK_WANT_DIAMOND or 0 */
  int32_t stop_above;             /* milli, 0 = none: stop once ER > it is certain */
  int32_t stop_at;                /* milli, 0 = none: stop once ER >= it */
} sk_rate_opts;

/* Early exits for searches that only need to know whether ER lies in a
** band.  stop_above: the rating stops (r->above set) as soon as a step
** rated above it was taken, or before asking the techniques of a step when
** every one left in the table can only give hints rated above it (the
** table's floor of each entry, sk_table_difficulty_floor); the steps
** taken are the same as without it, so a rating that does not stop is
** the full one.  stop_at: it stops (r->reached set) after the first step
** rated at least that.  r->er is then the hardest step so far (with
** above set before a step: stop_above + 1). */

/* serate's --pearl and --diamond: stop rating as soon as the puzzle can
** no longer be a pearl (EP = ER: a step after the first placement is
** harder than the hardest step up to it) or a diamond (also ED = EP: the
** first placement comes after a step harder than the first).  As serate
** does, the rating then says ER 20.0 (and r->unwanted is set), EP and ED
** are what they were, and EP is 0.0 when a diamond rating stops at its
** first placement.  Pearls and diamonds rate as without it. */
enum { SK_WANT_PEARL = 1, SK_WANT_DIAMOND = 2 };

/* Print a profile (one entry per table entry of e, as sk_rate filled it)
** to f: two '#' header lines, then one line per technique searched --
** id, searches, steps, seconds, share of the total, ms per search -- the
** most time first, at most top lines (0: all).  puzzles is only printed. */
void sk_tech_profile_print(FILE *f, const sk_engine *e, const sk_tech_profile *prof, long puzzles,
                           int top);

/* Rate a grid.  0 on completion (see r->stuck, r->over_budget, r->wrong). */
int sk_rate(sk_engine *e, const sk_grid *start, const sk_rate_opts *o, sk_rating *r);
void sk_rating_free(sk_rating *r);

/* Find hints of table entry i on g: every hint for collecting techniques,
** and for the others the first one unless all != 0.  cb gets each hint
** with its difficulty; returning nonzero stops.  Returns the hint count. */
int sk_engine_hints(sk_engine *e, const sk_grid *g, int i, int all,
                    int (*cb)(void *ud, const sk_hint *h, int32_t difficulty), void *ud);

/* The same with parameters set over the entry's params (host->param reads
** them first): sudokit reglib sets a reglib rule's.  over may be NULL. */
int sk_engine_hints_with(sk_engine *e, const sk_grid *g, int i, int all, const sk_param *over,
                         int nover, int (*cb)(void *ud, const sk_hint *h, int32_t difficulty),
                         void *ud);

/* Apply a hint's placement and eliminations to g. */
void sk_hint_apply(const sk_hint *h, sk_grid *g);

/* Render "3.2 X-Wing: ... => r3c2<>7" style text of a step into buf.  The
** step's name is s->name (what Lua's step.name and `sudokit techniques`
** show): the plugin's own name at the head of s->text is replaced by it. */
void sk_step_describe(const sk_step *s, char *buf, size_t size);

/* A step as HoDoKu's solution path (/vp) writes it: the hint's text, then
** " => " and the eliminations grouped by digit, each group's cells in
** HoDoKu's compact form ("r3c37<>2, r3c8<>6").  The groups come in the
** order of the digits' first elimination in the order HoDoKu's technique
** lists them: s->order when the plugin gave it (its detail lines are not
** printed), else as the step's table
** entry gives it with its param elim-order: 0 (or none) by digit then
** cell, 1 by cell then digit, 2 house by house (naked sets:
** sk_step_order_elims).  A placing step prints its text, and
** " => r1c3=4" unless the text shows a placement itself (an '=': singles'
** "Naked Single: r2c5=3", "Template Set: r1c15=3"; forcing chains and nets
** print none). */
void sk_step_compact(const sk_engine *e, const sk_step *s, char *buf, size_t size);

/* Reorder s->elim as the table entry's param elim-order lists them (1 and
** 2 above; h the hint the step was made of, for the houses of its focus);
** without the param, or 0, s->elim stays in ascending cell * 16 + digit. */
void sk_step_order_elims(const sk_table_entry *te, const sk_hint *h, sk_step *s);

/* serate-style rounding: tenths, half up. */
static inline int sk_milli_to_tenths(int32_t m) { return (m + 50) / 100; }

#endif
