/*
** sk_table.h -- rating tables (ratings/NAME.yaml, read with libyaml).
**
** A table lists techniques in the order the step engine tries them, each
** with a difficulty rule: a base value plus modifiers computed from the
** figures a hint reports (sk_plugin.h SK_FIG_*).  Difficulties are held in
** thousandths (milli-points: 4.5 is 4500) so that sums and comparisons are
** exact.  File format (see ratings/se.yaml):
**
**   name: se
**   description: ...
**   levels: [...]                   (optional: a scored table, see sk_table_score)
**   techniques:
**     - id: unique-loop
**       base: 4.5
**       modifiers:
**         - {figure: length, steps: {6: 0.1, 8: 0.2, 10: 0.5}}
**         - {figure: size, linear: 0.1, from: 1}
**     - id: forcing-x-chain
**       base: 6.6
**       modifiers:
**         - {figure: complexity, chain: {offset: 2, first: 4, step: 0.1}}
**
** Modifier kinds (each adds to the base):
**   steps:  {K: A, ...}  add A of the largest key K <= figure (0 if none)
**   map:    {K: A, ...}  add A of the key equal to the figure (0 if none)
**   linear: A, from: F   add A * (figure - F) when figure > F
**   chain:  {offset: O, first: T, step: A}  n = figure - O; add A for each
**           threshold T, T*3/2, then *4/3, *3/2, ... (4, 6, 8, 12, 16, 24...)
**           that n exceeds -- SE's chain length bonus.
**
** Further keys of a technique (all optional; ratings/hodoku.yaml uses them):
**   aliases: [fbf2, "0310"]     other names of the entry: a lookup by name
**                               (sk_table_lookup) takes the id or an alias;
**                               no alias may equal another entry's id or
**                               alias, nor its own id
**   enabled: false              listed (order, aliases) but not asked by the
**                               rating steps; a hint listing still runs it
**   params: {max-fins: 5, duals: 1}
**                               whole numbers (true/false read as 1/0) the
**                               plugin reads with host->param()
**   attrs: {index: 2200, score: 140, level: hard}
**                               free scalar attributes, for policies
**   reglib: {code: "0310", digits: pattern, extra: length, params: {...}}
**                               how hints are written as HoDoKu library
**                               lines (engine/sk_reglib.h): code, or
**                               codes: {TYPE: CODE, ...} by the hint's type
**                               figure; digits: pattern|elim|placed|none;
**                               extra: length|none; placements: cell|focus
**                               (focus: every focus candidate is written as
**                               a placement); params: the options set
**                               when a regression library is run (over the
**                               entry's params); variants: {VARIANT: {...}}
**                               params for the cases of one variant (over
**                               those), as HoDoKu's tester sets options by
**                               variant
** These keys are kept in records owned by the table (t->ext), not by the
** entry, so code that drops entries frees only what it always did (id,
** name, provenance and the modifiers' provenance).
*/
#ifndef SK_TABLE_H
#define SK_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include "sk_error.h"

#define SK_MOD_MAX      4     /* modifiers per technique */
#define SK_MOD_KEYS    32     /* keys per steps/map modifier */

typedef enum { SK_MOD_STEPS = 0, SK_MOD_MAP, SK_MOD_LINEAR, SK_MOD_CHAIN } sk_mod_kind;

typedef struct sk_modifier {
  int figure;                  /* SK_FIG_* */
  sk_mod_kind kind;
  int nkeys;                   /* steps/map: keys ascending, unique */
  int32_t key[SK_MOD_KEYS];
  int32_t add[SK_MOD_KEYS];    /* milli */
  int32_t per, from;           /* linear (per in milli) */
  int32_t offset, first, step; /* chain (step in milli) */
  char *provenance;            /* optional "provenance:"/"source:" text, or NULL */
} sk_modifier;

/* A named whole number: a technique parameter. */
typedef struct sk_param {
  char *name;
  int32_t value;
} sk_param;

/* A named free attribute (its scalar text). */
typedef struct sk_attr {
  char *name;
  char *value;
} sk_attr;

/* What a library line's <candidate(s)> field holds (reglib: digits). */
typedef enum {
  SK_DIGITS_PATTERN = 0,       /* the digits of the hint's focus candidates */
  SK_DIGITS_ELIM,              /* the digits eliminated */
  SK_DIGITS_PLACED,            /* the digit placed */
  SK_DIGITS_NONE               /* nothing */
} sk_reglib_digits;

/* What its <placements> field holds (reglib: placements): the hint's
** placement (cell) when it eliminates nothing, or its focus candidates,
** by digit then cell, with an empty <eliminations> field (focus: HoDoKu's
** steps that place several cells, Template Set). */
typedef enum { SK_PLACE_CELL = 0, SK_PLACE_FOCUS } sk_reglib_place;

/* What its <extra> field holds (reglib: extra). */
typedef enum { SK_EXTRA_NONE = 0, SK_EXTRA_LENGTH } sk_reglib_extra;

/* The library code of hints whose SK_FIG_TYPE figure is type (-1: any). */
typedef struct sk_reglib_code {
  int32_t type;
  char *code;
} sk_reglib_code;

/* The params a case's variant ("1", "x") sets over the rule's. */
typedef struct sk_reglib_variant {
  char *name;
  int nparam;
  sk_param *param;
} sk_reglib_variant;

typedef struct sk_reglib_rule {
  int ncode;
  sk_reglib_code *code;        /* "code:" is one with type -1 */
  sk_reglib_digits digits;
  sk_reglib_extra extra;
  sk_reglib_place place;
  int nparam;
  sk_param *param;             /* set over the entry's params by sudokit reglib */
  int nvariant;
  sk_reglib_variant *variant;
} sk_reglib_rule;

/* The further keys of one entry (see the top of this file). */
typedef struct sk_table_ext {
  int nalias;
  char **alias;
  int nparam;
  sk_param *param;
  int nattr;
  sk_attr *attr;
  int has_reglib;
  sk_reglib_rule reglib;
  int slot;                    /* its index in the table's ext[] */
} sk_table_ext;

typedef struct sk_table_entry {
  char *id;                    /* technique id, as plugins register it */
  char *name;                  /* optional display name override, or NULL */
  int32_t base;                /* milli */
  int nmod;
  sk_modifier mod[SK_MOD_MAX];
  int line, column;            /* 1-based position of the entry in its file */
  char *provenance;            /* optional "provenance:"/"source:" text, or NULL */
  int disabled;                /* enabled: false -- the rating steps skip it */
  const sk_table_ext *ext;     /* further keys, owned by the table; NULL: none */
} sk_table_entry;

/* A level of a scored table (levels:): its name and the largest total
** score it admits (max < 0: no limit). */
typedef struct sk_level {
  char *name;
  int64_t max;
} sk_level;

typedef struct sk_table {
  char *name;                  /* the table's name: key */
  char *description;           /* optional */
  char *path;                  /* file it was read from ("<string>" if parsed) */
  int n;
  sk_table_entry *entry;       /* in step-engine order */
  int next;
  sk_table_ext **ext;          /* the entries' further keys (see above) */
  int nlevel;                  /* levels: (a scored table), easiest first */
  sk_level *level;
} sk_table;

/* Read a table; NULL with err->msg "file:line:col: what" on failure.
** Detects unknown keys, duplicate keys, wrong types, out-of-range values
** (base and additions in [0, 100], figures >= 0), and an id listed twice. */
sk_table *sk_table_load(const char *path, sk_error *err);
/* Same from memory; name is used in messages. */
sk_table *sk_table_parse(const char *text, size_t len, const char *name, sk_error *err);
sk_table *sk_table_copy(const sk_table *t);
void sk_table_free(sk_table *t);

/* Index of id in t, or -1. */
int sk_table_find(const sk_table *t, const char *id);
/* Index of the entry whose id or alias is name, or -1. */
int sk_table_lookup(const sk_table *t, const char *name);

/* An entry's parameter (params:), else dflt. */
int32_t sk_table_param(const sk_table_entry *e, const char *name, int32_t dflt);
/* An entry's attribute text (attrs:), or NULL. */
const char *sk_table_attr(const sk_table_entry *e, const char *name);
/* Its reglib rule, or NULL when it has none. */
const sk_reglib_rule *sk_table_reglib(const sk_table_entry *e);
/* The library code of a hint of type figure `type` under rule r, or NULL
** when the rule has no code for that type. */
const char *sk_reglib_code_for(const sk_reglib_rule *r, int32_t type);
/* The params of a variant under rule r, or NULL (*n = 0). */
const sk_param *sk_reglib_variant_params(const sk_reglib_rule *r, const char *variant, int *n);

/* A scored table (one with levels:) rates a path as HoDoKu does: its score
** is the sum over the steps of their entries' attribute `score` (a whole
** number, 0 when absent); its level starts at the highest attribute `level`
** of any step (a level's name, case ignored; an unknown or missing one
** counts as the first level) and is raised while the score exceeds that
** level's max.  A table declares it at the top level:
**   levels:
**     - {name: Easy, max: 800}
**     - {name: Medium, max: 1000}
**     - {name: Extreme}              # no max: no limit
** names unique, maxima ascending.  ids: the steps' table indices.  Returns
** the level's index, or -1 for a table without levels. */
int sk_table_score(const sk_table *t, const int *ids, int n, int64_t *score);
/* The level of an entry (its attribute `level`), 0 when unknown; -1 for a
** table without levels. */
int sk_table_entry_level(const sk_table *t, int i);

/* Difficulty (milli) of a hint with these figures under entry e. */
int32_t sk_table_difficulty(const sk_table_entry *e, const int32_t *fig);

/* A lower bound on the difficulty of every hint whose figures equal fig[]
** except those with their bit (1 << SK_FIG_x) in at_least, which may be
** fig[x] or more: what a search may still find once its figures can only
** grow.  Exact when no two modifiers read the same figure of at_least;
** sk_table_difficulty when at_least is 0. */
int32_t sk_table_difficulty_floor(const sk_table_entry *e, const int32_t *fig, uint32_t at_least);

/* Name of a figure ("size"...) and back; -1 if unknown. */
const char *sk_figure_name(int fig);
int sk_figure_parse(const char *s);

/* Human-readable rule, e.g. "4.5 + steps(length){6:+0.1,8:+0.2,10:+0.5}". */
void sk_table_describe(const sk_table_entry *e, char *buf, size_t size);

/* Resolve "se" (a name) or a path to a file: a name is looked up as
** <dir>/<name>.yaml in the build's ratings directory, then the installed
** one.  Returns a malloc'd path or NULL with err set. */
char *sk_table_resolve(const char *name_or_path, sk_error *err);
/* The same lookup for any file kept beside the tables: ext is ".yaml" or
** ".lua", what names it in messages ("table", "policy"). */
char *sk_ratings_resolve(const char *name_or_path, const char *ext, const char *what,
                         sk_error *err);

#endif
