# install.sh -- make install into a staging root: the CLI, library, headers,
# plugins, tables and pkg-config file land where they should, and a program
# built against the installed headers with pkg-config links and runs.
. "$(dirname "$0")/lib.sh"
root=$T/root
make -s -C "$SRC" BUILD="${BUILD:-$SRC/build}" install DESTDIR="$root" PREFIX=/usr/local >"$T/log" 2>&1 \
  && ok || bad "make install failed: $(tail -5 "$T/log")"
for f in bin/sudokit lib/libsudokit.a include/sudokit/sk_engine.h include/sudokit/sk_plugin.h \
         include/sudokit/sk_grid.h share/sudokit/ratings/se.yaml lib/pkgconfig/sudokit.pc \
         lib/sudokit/plugins/singles.so lib/sudokit/plugins/chains.so; do
  [ -e "$root/usr/local/$f" ] && ok || bad "not installed: $f"
done
"$root/usr/local/bin/sudokit" --version >"$T/v" && grep -q '^sudokit ' "$T/v" && ok || bad "installed CLI does not run"
cat >"$T/prog.c" <<'C'
#include <stdio.h>
#include "sk_solver.h"
#include "sk_format.h"
int main(void) {
  sk_puzzle p = {0};
  uint8_t sol[81];
  if (sk_parse_line(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", &p)) return 1;
  unsigned long n = sk_solve_count(p.values, 2, sol, 0);
  sk_puzzle_free(&p);
  printf("%lu %d\n", n, sk_solution_valid(sol, 0));
  return 0;
}
C
PKG_CONFIG_PATH=$root/usr/local/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root \
  cc ${SK_SAN:-} -o "$T/prog" "$T/prog.c" $(PKG_CONFIG_PATH=$root/usr/local/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root pkg-config --cflags sudokit) \
  -L"$root/usr/local/lib" -lsudokit $(pkg-config --libs lua5.4 yaml-0.1) -ldl -lm -pthread 2>"$T/cc.err" \
  && ok || bad "build against installed headers failed: $(head -5 "$T/cc.err")"
[ "$("$T/prog" 2>&1)" = "1 1" ] && ok || bad "installed library gave '$("$T/prog" 2>&1)'"
finish
