# experiments.sh -- the Lua experiments draw their plots: gnuplot is one of
# the packages the README's set-up installs (tools/deps.sh, every mode), so
# `sudokit run tools/experiments/ser-vs-xdrs.lua` and measures.lua write
# PNG files, not only their CSV and tables.
. "$(dirname "$0")/lib.sh"
EXP=$SRC/tools/experiments
corpus=$SRC/tools/sample-puzzles.txt
for m in build test; do
  SK_DEPS_PRINT=1 sh "$SRC/tools/deps.sh" "$m" >"$T/pkgs" 2>&1
  expect_grep "gnuplot-nox" "$T/pkgs" "tools/deps.sh $m's packages"
done
command -v gnuplot >/dev/null 2>&1 && ok ||
  { bad "gnuplot is not installed: sh tools/deps.sh build (as root) installs it"; finish; }
is_png() {   # is_png FILE: a PNG image of some size
  [ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = '211PNG' ] && [ "$(wc -c < "$1")" -gt 1000 ]
}
expect_status 0 "$SUDOKIT" run "$EXP/ser-vs-xdrs.lua" --quiet -j 2 "$corpus" "$T/svx"
for f in er-vs-d.png hist-er.png hist-d.png; do
  is_png "$T/svx/$f" && ok || bad "ser-vs-xdrs.lua did not draw $f: $(head -c 300 "$T/err")"
done
expect_status 0 "$SUDOKIT" run "$EXP/measures.lua" --quiet "$corpus" "$T/m"
is_png "$T/m/measures.png" && ok || bad "measures.lua did not draw measures.png: $(head -c 300 "$T/err")"
finish
