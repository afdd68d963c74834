/*
** technique_fixture.h -- the engine the technique tests share
** (technique_fixture.c): a few technique plugins loaded from the build and
** bound to ratings/se.yaml, every other id of the table bound to a stub
** that finds nothing, so the difficulties checked are the real table's.
*/
#ifndef TECHNIQUE_FIXTURE_H
#define TECHNIQUE_FIXTURE_H

#include <stddef.h>
#include "sk_engine.h"

/* The engine, once fixture_setup has succeeded. */
extern sk_engine *fixture_engine;

/* Load the build's plugins named in plugins[0..n-1] (without ".so") and
** bind the table.  0, or -1 with the message on stderr. */
int fixture_setup(const char *const *plugins, size_t n);

/* Free the engine; a cmocka group teardown. */
int fixture_teardown(void **state);

#endif
