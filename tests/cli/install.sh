# install.sh -- make install to a temporary prefix, then use the installed
# sudokit with the build tree out of sight: the CLI rates with the
# installed plugins and tables, a plain lua5.4 loads the installed module,
# a C program built with nothing but `pkg-config --cflags --libs sudokit`
# links (the shared library) and finds the installed tables and plugins.
# Also: a staged install (DESTDIR) puts every file in place, an old plugin
# in the plugin directory is removed, the man page, completions and
# experiments are installed, and the install says what the prefix needs.
. "$(dirname "$0")/lib.sh"
B=${BUILD:-$SRC/build}
P=$T/prefix
puzzle=$(sed -n 2p "$SRC/tools/sample-puzzles.txt")
expect_status 0 "$SUDOKIT" rate "$puzzle"
want=$(cat "$T/out"); line=$want
er=$(echo "$line" | sed 's/.*ED=\([0-9.]*\)\/.*/\1/')

# a staged install: the files land under DESTDIR
make -s -C "$SRC" BUILD="$B" install DESTDIR="$T/root" PREFIX="$P" >"$T/log" 2>&1 \
  && ok || bad "make install DESTDIR= failed: $(tail -5 "$T/log")"
for f in bin/sudokit lib/libsudokit.a lib/libsudokit.so lib/libsudokit.so.0 include/sudokit/sk_engine.h \
         include/sudokit/sk_plugin.h include/sudokit/sk_grid.h share/sudokit/ratings/se.yaml \
         share/sudokit/ratings/se.lua lib/pkgconfig/sudokit.pc lib/sudokit/plugins/singles.so \
         lib/sudokit/plugins/chains.so lib/lua/5.4/sudokit.so share/man/man1/sudokit.1 \
         share/sudokit/experiments/ser-vs-xdrs.lua share/sudokit/experiments/explib.lua \
         share/bash-completion/completions/sudokit share/zsh/site-functions/_sudokit; do
  [ -e "$T/root$P/$f" ] && ok || bad "not installed: $f"
done
[ ! -e "$P" ] && ok || bad "a DESTDIR install wrote outside DESTDIR"

# the real install, over an older one that left a plugin no source makes
mkdir -p "$P/lib/sudokit/plugins"
cp "$B/plugins/single_digit.so" "$P/lib/sudokit/plugins/skyscraper.so"
make -s -C "$SRC" BUILD="$B" install PREFIX="$P" >"$T/log" 2>&1 \
  && ok || bad "make install PREFIX=$P failed: $(tail -5 "$T/log")"
[ ! -e "$P/lib/sudokit/plugins/skyscraper.so" ] && ok || bad "install kept an old plugin"
# lua5.4 does not look in $P: the install says what to set
expect_grep "LUA_CPATH=\"$P/lib/lua/5.4/?.so;;\"" "$T/log" "make install's output"
expect_grep "LD_LIBRARY_PATH=\"$P/lib" "$T/log" "make install's output"
expect_grep "PKG_CONFIG_PATH=\"$P/lib/pkgconfig" "$T/log" "make install's output"
soname=$(readelf -d "$P/lib/libsudokit.so.0" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libsudokit.so.0 ] && ok || bad "libsudokit.so.0 has soname '$soname'"
# no build-tree path is compiled into what was installed
for f in bin/sudokit lib/libsudokit.so.0 lib/libsudokit.a lib/lua/5.4/sudokit.so; do
  if grep -aq -e "$B/plugins" -e "$SRC/ratings" "$P/$f"; then bad "$f names the build tree"; else ok; fi
done

cat >"$T/prog.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "sk_engine.h"
#include "sk_format.h"
#include "sk_solver.h"
#include "sk_table.h"
/* prints the table se resolves to, then the puzzle's ER/EP/ED */
int main(int argc, char **argv) {
  sk_error err = {{0}};
  char *path = sk_table_resolve("se", &err);
  if (!path) { fprintf(stderr, "%s\n", err.msg); return 1; }
  printf("%s\n", path);
  sk_engine *e = sk_engine_new();
  sk_table *t = sk_table_load(path, &err);
  if (!t || sk_engine_load_default(e, NULL, &err) != 0 || sk_engine_use_table(e, t, &err) != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return 1;
  }
  printf("%s\n", sk_engine_technique_file(e, 0));
  sk_puzzle p = {0};
  sk_grid g;
  int bad;
  if (argc < 2 || sk_parse_line(argv[1], &p) || sk_puzzle_grid(&p, &g, &bad)) return 1;
  sk_rate_opts o = {0};
  sk_rating r = {0};
  if (sk_rate(e, &g, &o, &r) != 0) return 1;
  printf("%s ED=%d.%d/%d.%d/%d.%d\n", argv[1], sk_milli_to_tenths(r.er) / 10, sk_milli_to_tenths(r.er) % 10,
         sk_milli_to_tenths(r.ep) / 10, sk_milli_to_tenths(r.ep) % 10,
         sk_milli_to_tenths(r.ed) / 10, sk_milli_to_tenths(r.ed) % 10);
  sk_rating_free(&r);
  sk_puzzle_free(&p);
  sk_engine_free(e);
  free(path);
  return 0;
}
C

cat >"$T/rate.lua" <<'LUA'
local sk = require "sudokit"
local e = assert(sk.engine{table = "se"})
local r = assert(e:rate(assert(sk.grid(arg[1]))))
print(sk.tenths(r.er), e:table():path())
LUA

# what runs with the build tree hidden (run under a private mount
# namespace with empty directories over the build and the tables of the
# checkout, when this machine allows it; else with them in place)
cat >"$T/use.sh" <<USE
set -u
P='$P'; T='$T'; B='$B'; SRC='$SRC'; puzzle='$puzzle'; expect_lua='$er	$P/share/sudokit/ratings/se.yaml'
fail() { echo "FAIL: \$*"; }
hidden=no
[ -z "\$(ls -A "\$B" 2>/dev/null)" ] && [ ! -e "\$SRC/ratings/se.yaml" ] && hidden=yes
echo "build tree hidden: \$hidden"
"\$P/bin/sudokit" rate --header "\$puzzle" >"\$T/u.out" 2>"\$T/u.err" || fail "installed rate: \$(head -3 "\$T/u.err")"
tail -1 "\$T/u.out" >"\$T/u.rating"
grep -q "\$P/lib/sudokit/plugins/singles.so" "\$T/u.out" || fail "header lacks the installed plugins: \$(head -c 300 "\$T/u.out")"
grep -q "\$P/share/sudokit/ratings/se.yaml" "\$T/u.out" || fail "header lacks the installed table: \$(head -c 300 "\$T/u.out")"
if grep -q -e "\$B" -e "\$SRC/ratings" "\$T/u.out"; then fail "installed rate used the build tree: \$(head -c 300 "\$T/u.out")"; fi
"\$P/bin/sudokit" rate --table xdrs "\$puzzle" >/dev/null 2>"\$T/u.err" || fail "rate --table xdrs: \$(head -3 "\$T/u.err")"
"\$P/bin/sudokit" rate --policy xdrs "\$puzzle" >/dev/null 2>"\$T/u.err" || fail "rate --policy xdrs: \$(head -3 "\$T/u.err")"
"\$P/bin/sudokit" run "\$P/share/sudokit/experiments/tweak-one.lua" --help >/dev/null 2>"\$T/u.err" ||
  fail "installed experiment: \$(head -3 "\$T/u.err")"
if [ -n "${SK_SAN:-}" ]; then   # a sanitizer build's module cannot load into a plain lua5.4
  echo "\$expect_lua" >"\$T/u.lua"
else
  LUA_CPATH="\$P/lib/lua/5.4/?.so;;" lua5.4 "\$T/rate.lua" "\$puzzle" >"\$T/u.lua" 2>&1 || fail "lua5.4: \$(head -3 "\$T/u.lua")"
fi
PKG_CONFIG_PATH="\$P/lib/pkgconfig" cc \${SK_SAN:-} -o "\$T/prog" "\$T/prog.c" \
  \$(PKG_CONFIG_PATH="\$P/lib/pkgconfig" pkg-config --cflags --libs sudokit) 2>"\$T/u.cc" ||
  fail "cc with pkg-config --cflags --libs sudokit: \$(head -5 "\$T/u.cc")"
LD_LIBRARY_PATH="\$P/lib" "\$T/prog" "\$puzzle" >"\$T/u.prog" 2>&1 || fail "the program: \$(head -3 "\$T/u.prog")"
LD_LIBRARY_PATH="\$P/lib" ldd "\$T/prog" >"\$T/u.ldd" 2>&1
grep -q "libsudokit.so.0 => \$P/lib/libsudokit.so.0" "\$T/u.ldd" || fail "the program is not linked with the shared library: \$(cat "\$T/u.ldd")"
MANPATH="\$P/share/man" MANWIDTH=80 man sudokit 2>&1 | grep -q "sudokit rate" || fail "man sudokit does not show the page"
true
USE
mkdir "$T/empty"
if unshare -m true 2>/dev/null; then
  unshare -m sh -c "mount --bind '$T/empty' '$B' && mount --bind '$T/empty' '$SRC/ratings' && sh '$T/use.sh'" >"$T/use" 2>&1
else
  sh "$T/use.sh" >"$T/use" 2>&1
fi
grep -q "^build tree hidden:" "$T/use" && ok || bad "the checks did not run: $(head -5 "$T/use")"
echo "install.sh: $(grep '^build tree hidden' "$T/use")"; grep '^FAIL' "$T/use" >&2
if grep -q '^FAIL' "$T/use"; then bad "with the installed sudokit (above)"; else ok; fi
[ "$(cat "$T/u.rating" 2>/dev/null)" = "$line" ] && ok || bad "installed rate gave '$(cat "$T/u.rating" 2>/dev/null)', the build '$line'"
er=$(echo "$line" | sed 's/.*ED=\([0-9.]*\)\/.*/\1/')
[ "$(cat "$T/u.lua" 2>/dev/null)" = "$er	$P/share/sudokit/ratings/se.yaml" ] && ok || bad "lua5.4 gave '$(cat "$T/u.lua" 2>/dev/null)'"
[ "$(sed -n 1p "$T/u.prog" 2>/dev/null)" = "$P/share/sudokit/ratings/se.yaml" ] && ok ||
  bad "sk_table_resolve(\"se\") gave '$(sed -n 1p "$T/u.prog" 2>/dev/null)'"
case $(sed -n 2p "$T/u.prog" 2>/dev/null) in "$P/lib/sudokit/plugins/"*) ok ;; *) bad "the program's plugins: $(sed -n 2p "$T/u.prog")" ;; esac
[ "$(sed -n 3p "$T/u.prog" 2>/dev/null)" = "$line" ] && ok || bad "the program rated '$(sed -n 3p "$T/u.prog" 2>/dev/null)'"
"$P/bin/sudokit" --version | grep -q '^sudokit ' && ok || bad "installed CLI does not run"
finish
