#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sk_engine.h"

static const char *const plugins[] = {"als"};

static const char table[] =
  "name: test\n"
  "techniques:\n"
  "  - {id: als-xz, base: 1.0}\n"
  "  - {id: als-xy-wing, base: 1.0}\n"
  "  - {id: als-xy-chain, base: 1.0}\n"
  "  - {id: death-blossom, base: 1.0}\n";

#include "hodoku_step_fixture.h"

static int setup(void **state) {
  (void)state;
  return hodoku_fixture_setup(plugins, sizeof plugins / sizeof plugins[0], table);
}

static void dump(const char *id, const char *spec) {
  sk_grid g = position(spec);
  found *f = run(id, &g, 1);
  fprintf(stderr, "== %s %s: %d\n", id, spec, f->count);
  for (int i = 0; i < f->count && i < MAX_FOUND; i++) {
    fprintf(stderr, "  %s =>", f->hint[i].text);
    for (int c = 0; c < 81; c++) if (f->hint[i].elim[c]) fprintf(stderr, " r%dc%d:%x", c/9+1, c%9+1, f->hint[i].elim[c]);
    fprintf(stderr, "\n");
  }
}

static void test_dump(void **state) {
  (void)state;
  dump("als-xz", "r1c1:12 r2c1:13 r2c5:23 r1c5:27");
  dump("als-xy-wing", "r5c5:45 r5c1:46 r1c5:56 r1c1:67");
  dump("als-xy-chain", "r1c1:12 r1c5:23 r5c5:34 r5c9:14 r1c9:17");
  dump("death-blossom", "r5c5:12 r5c1:13 r1c5:23 r1c1:37");
}

static void test_hodoku_paths(void **state) {
  (void)state;
  path_tech pt[] = {{"als-xz", 5700, 0, 0, 0, 0}, {"als-xy-wing", 5800, 0, 0, 0, 0},
                    {"als-xy-chain", 5900, 0, 0, 0, 0}};
  int n = (int)(sizeof pt / sizeof pt[0]);
  int a = replay_hodoku_paths("mixed-1090", pt, n);
  int b = replay_hodoku_paths("top1465", pt, n);
  if (a < 0 || b < 0) skip();
  for (int i = 0; i < n; i++) {
    fprintf(stderr, "%-16s %5d steps (%d differ), %6d later steps (%d found something)\n",
            pt[i].id, pt[i].steps, pt[i].differ, pt[i].later, pt[i].found_later);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_dump),
    cmocka_unit_test(test_hodoku_paths),
  };
  return cmocka_run_group_tests(tests, setup, hodoku_fixture_teardown);
}
