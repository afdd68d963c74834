# plugin_example.sh -- the out-of-tree example plugin (plugins/example/):
# built by its own Makefile against a `make install` staging root through
# pkg-config, then loaded with --plugins and its table.  Its technique
# (Gurth's symmetrical placement) is checked on puzzles from the forum's
# hardest list whose givens are symmetric: the exact step lines, ratings
# verified against the solution, and states where it must find nothing.
. "$(dirname "$0")/lib.sh"
root=$T/root
ex=$T/example
pcdir=$root/usr/local/lib/pkgconfig
make -s -C "$SRC" BUILD="${BUILD:-$SRC/build}" install DESTDIR="$root" PREFIX=/usr/local >"$T/log" 2>&1 \
  && ok || bad "make install failed: $(tail -5 "$T/log")"

# build: a copy of the example, its Makefile, the installed sudokit.pc only
cp -R "$SRC/plugins/example" "$ex" && rm -f "$ex"/*.so
cflags=$(PKG_CONFIG_PATH=$pcdir PKG_CONFIG_SYSROOT_DIR=$root pkg-config --cflags sudokit | sed 's/ *$//')
[ "$cflags" = "-I$root/usr/local/include/sudokit" ] && ok || bad "pkg-config --cflags sudokit gave '$cflags'"
MAKEFLAGS= MFLAGS= PKG_CONFIG_PATH=$pcdir PKG_CONFIG_SYSROOT_DIR=$root \
  make -s -C "$ex" CFLAGS="-O2 -g -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
  -Werror ${SK_SAN:-}" >"$T/build.log" 2>&1 \
  && [ -f "$ex/symmetry.so" ] && ok || bad "the example does not build: $(head -c 600 "$T/build.log")"
if command -v nm >/dev/null 2>&1; then
  syms=$(nm -D --defined-only "$ex/symmetry.so" | awk '$2 == "T" { print $3 }' | grep -v '^_' | tr '\n' ' ')
  [ "$syms" = "sk_plugin_init_symmetry " ] && ok || bad "symmetry.so exports '$syms'"
fi

# the table: se.yaml's entries and order, with the example's entry added
awk '/^techniques:/ { on = 1 } on' "$SRC/ratings/se.yaml" >"$T/se.entries"
awk '/^techniques:/ { on = 1 } on' "$ex/symmetry.yaml" |
  awk '/^  # -- not SE/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip' >"$T/ex.entries"
expect_same "$T/se.entries" "$T/ex.entries" "symmetry.yaml without its own entry vs se.yaml"
tab="--table $ex/symmetry.yaml"

# listed where the table puts it: after aligned pair exclusion, before the chains
expect_status 0 "$SUDOKIT" techniques $tab --plugins "$ex"
grep -q '^25  symmetrical-placement  *7\.0  *Symmetrical Placement$' "$T/out" && ok \
  || bad "techniques: $(grep symmetrical "$T/out")"
[ "$(awk '{ print $2 }' "$T/out" | sed -n 25,27p | tr '\n' ' ')" = \
  "aligned-pair-exclusion symmetrical-placement static-chains " ] && ok || bad "techniques order: $(sed -n 25,27p "$T/out")"
expect_status 0 env SUDOKIT_PLUGIN_PATH="$ex" "$SUDOKIT" techniques $tab
expect_grep '^25  symmetrical-placement ' "$T/out" "techniques with SUDOKIT_PLUGIN_PATH"
# a staged install looks for its plugins in PREFIX, not in the staging root
expect_status 0 env SUDOKIT_PLUGIN_PATH="$root/usr/local/lib/sudokit/plugins" \
  "$root/usr/local/bin/sudokit" techniques $tab --plugins "$ex"
expect_grep '^25  symmetrical-placement ' "$T/out" "the installed CLI's techniques"
expect_status 2 "$SUDOKIT" techniques $tab
expect_grep "technique 'symmetrical-placement' is not provided by any loaded plugin" "$T/err"

# Forum hardest list (SE 11+), the only three of its 48,766 puzzles with
# such a symmetry: d1 and d3 in the main diagonal, r2 in the rotation.
# SE rates them 11.1, 11.3 and 11.2.  a3 is d3 mirrored left to right
# (symmetric in the anti-diagonal).
d1=98.7..6..7.5.6.....64..8...8......3..5..9.7....7..2..15...8.9.....1...2......3..4
d3=9.....8...7..6......5..4..3.....35...4..9..2...61....42..5.........8..7...1..6..5
a3=..8.....9....6..7.3..4..5....53......2..9..4.4....16.......5..2.7..8....5..6..1..
r2=6....2.5952..4..1...35..2..3..1945...1.658.3...5273..1..4..51...3..2..4575.4....8
asym=$(head -1 "$SRC/tools/sample-puzzles.txt")

# d3: nothing below it applies; r4c4, r6c6 and r7c7 keep the digits s fixes
expect_status 0 "$SUDOKIT" explain --verify $tab --plugins "$ex" "$d3"
[ "$(sed -n 2p "$T/out")" = "7.0 Symmetrical Placement: the givens are symmetric in the main diagonal\
 with digits 1-3 2-8 4-6 swapped => r4c4<>2, r4c4<>4, r4c4<>6, r4c4<>8, r6c6<>2, r6c6<>8, r7c7<>1,\
 r7c7<>3, r7c7<>4, r7c7<>6" ] && ok || bad "d3 first step: $(sed -n 2p "$T/out")"
expect_grep '^ER/EP/ED = 7.0/7.0/7.0$' "$T/out" "d3 explained"
cp "$T/out" "$T/d3"
# the CLI with the shipped plugins linked in loads it the same way
expect_status 0 "${BUILD:-$SRC/build}/sudokit-static" explain $tab --plugins "$ex" "$d3"
expect_same "$T/out" "$T/d3" "d3 explained by the static CLI"
expect_status 0 "$SUDOKIT" explain --verify $tab --plugins "$ex" "$a3"
[ "$(sed -n 2p "$T/out")" = "7.0 Symmetrical Placement: the givens are symmetric in the anti-diagonal\
 with digits 1-3 2-8 4-6 swapped => r4c6<>2, r4c6<>4, r4c6<>6, r4c6<>8, r6c4<>2, r6c4<>8, r7c3<>1,\
 r7c3<>3, r7c3<>4, r7c3<>6" ] && ok || bad "a3 first step: $(sed -n 2p "$T/out")"

# r2: the starting candidates are symmetric already (nothing to find
# before the first chain); then each removal has its image removed
expect_status 0 "$SUDOKIT" explain --verify $tab --plugins "$ex" "$r2"
sed -n 2p "$T/out" | grep -q '^11\.2 Dynamic' && ok || bad "r2 first step: $(sed -n 2p "$T/out" | cut -c1-200)"
[ "$(sed -n 3,4p "$T/out")" = "2.6 Pointing: 3 in b3 locked in r2 => r2c4<>3
7.0 Symmetrical Placement: the givens are symmetric in the 180-degree rotation with digits 1-3 2-4 6-8\
 7-9 swapped => r8c6<>1, r9c3<>1" ] && ok || bad "r2 steps 2-3: $(sed -n 3,4p "$T/out")"
grep -c '^7\.0 Symmetrical Placement' "$T/out" >"$T/n" && [ "$(cat "$T/n")" = 13 ] && ok \
  || bad "r2: $(cat "$T/n") symmetrical placements, wanted 13"

# rate --verify: every step checked against the solution
expect_status 0 "$SUDOKIT" rate --verify $tab --plugins "$ex" "$d1" "$d3" "$a3" "$asym"
cat >"$T/want" <<EOF
$d1 ED=9.0/7.0/7.0
$d3 ED=7.0/7.0/7.0
$a3 ED=7.0/7.0/7.0
$asym ED=$("$SUDOKIT" rate --format %r/%p/%d "$asym")
EOF
expect_same "$T/out" "$T/want" "rate --verify with symmetry.yaml"

# states: a removal or a placement mirrored; nothing once the hint is
# applied, when a given lacks its image, on r2's start, on an asymmetric grid
cat >"$T/states.lua" <<'LUA'
local sk = require "sudokit"
local dir, d3, r2, asym = ...
local e = assert(sk.engine{table = dir .. "/symmetry.yaml", plugins = dir})
local function show(what, g)
  local h = e:hints(g, "symmetrical-placement", true)
  print(what .. ": " .. (#h == 0 and "none" or #h .. " " .. h[1].description))
end
local g = assert(sk.grid(d3))
local a = g:copy(); a:eliminate(1, 2, 2); a:eliminate(1, 2, 6); show("d3 r1c2<>2,6", a)
local b = g:copy(); b:set(1, 2, 3); show("d3 r1c2=3", b)
local c = g:copy(); c:apply(e:hints(g, "symmetrical-placement")[1]); show("d3 applied", c)
local d = g:copy(); d:set(1, 7, 0); show("d3 without r1c7", d)
show("r2", assert(sk.grid(r2)))
show("asym", assert(sk.grid(asym)))
LUA
expect_status 0 "$SUDOKIT" run "$T/states.lua" "$ex" "$d3" "$r2" "$asym"
s="7.0 Symmetrical Placement: the givens are symmetric in the main diagonal with digits 1-3 2-8 4-6 swapped =>"
fixed="r4c4<>2, r4c4<>4, r4c4<>6, r4c4<>8, r6c6<>2, r6c6<>8, r7c7<>1, r7c7<>3, r7c7<>4, r7c7<>6"
cat >"$T/want" <<EOF
d3 r1c2<>2,6: 1 $s r2c1<>4, r2c1<>8, $fixed
d3 r1c2=3: 1 $s r2c1<>4, r2c1<>8, r2c6<>1, r2c7<>1, r2c8<>1, r2c9<>1, r3c1<>1, r3c2<>1, r4c1<>1, r4c4<>2, r4c4<>4, r4c4<>6, r4c4<>8, r5c1<>1, r6c6<>2, r6c6<>8, r7c7<>1, r7c7<>3, r7c7<>4, r7c7<>6
d3 applied: none
d3 without r1c7: none
r2: none
asym: none
EOF
expect_same "$T/out" "$T/want" "symmetrical placement on chosen states"
finish
