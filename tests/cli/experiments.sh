# experiments.sh -- the Lua experiments draw their plots: gnuplot is one of
# the packages the README's set-up installs (tools/deps.sh, every mode), so
# `sudokit run tools/experiments/ser-vs-xdrs.lua` and measures.lua write
# PNG files, not only their CSV and tables.  ser-vs-xdrs.lua's outputs are
# checked against the CLI's own ratings: ER/EP/ED as `rate`, P and D as
# `rate --policy xdrs`, HoDoKu's level and score as `rate --policy hodoku`,
# and its pair, band and mover tables against its per-puzzle CSV.
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
mv "$T/out" "$T/summary"
for f in er-vs-d.png hist-er.png hist-d.png hist-delta.png; do
  is_png "$T/svx/$f" && ok || bad "ser-vs-xdrs.lua did not draw $f: $(head -c 300 "$T/err")"
done
n=$(grep -c . "$corpus")
csv=$T/svx/ser-vs-xdrs.csv
[ "$(wc -l <"$csv")" -eq $((n + 1)) ] && ok || bad "ser-vs-xdrs.csv: one row per puzzle"
expect_grep "^puzzle,ER,EP,ED,P,D,se_technique,xdrs_technique,xdrs_family,xdrs_EP,xdrs_ED,hodoku_level,hodoku_score,hodoku_technique$" \
  "$csv" "csv header"

# the CSV's ratings are the CLI's
expect_status 0 "$SUDOKIT" rate -j 2 -i "$corpus"; mv "$T/out" "$T/se.txt"
expect_status 0 "$SUDOKIT" rate --policy xdrs -j 2 -i "$corpus"; mv "$T/out" "$T/xdrs.txt"
expect_status 0 "$SUDOKIT" rate --policy hodoku -j 2 -i "$corpus"; mv "$T/out" "$T/hodoku.txt"
awk -F, 'FILENAME ~ /se.txt$/ { split($0, f, " "); se[f[1]] = f[2]; next }
  FILENAME ~ /xdrs.txt$/ { split($0, f, " "); xd[f[1]] = f[2] " " f[3]; next }
  FILENAME ~ /hodoku.txt$/ { split($0, f, " "); sc = f[4]; gsub(/[()]/, "", sc); ho[f[1]] = f[3] " " sc; next }
  FNR > 1 { rows++
    if (se[$1] != "ED=" $2 "/" $3 "/" $4) { bad++; print "SE " $1 ": " se[$1] " vs " $2 "/" $3 "/" $4 }
    if (xd[$1] != "P=" $5 " D=" $6) { bad++; print "XDRS " $1 ": " xd[$1] " vs " $5 " " $6 }
    if (ho[$1] != $12 " " $13) { bad++; print "HoDoKu " $1 ": " ho[$1] " vs " $12 " " $13 }
    if ($8 == "" || $9 == "" || $14 == "") { bad++; print "no technique: " $0 } }
  END { exit !(rows > 0 && bad == 0) }' "$T/se.txt" "$T/xdrs.txt" "$T/hodoku.txt" "$csv" >"$T/diff" \
  && ok || bad "ser-vs-xdrs.csv disagrees with rate: $(head -c 600 "$T/diff")"

# pairs.csv: one row per (SE, XDRS) hardest pair, counts and means from the CSV
awk -F, 'FNR == 1 { next } FILENAME ~ /pairs.csv$/ { k = $1 ">" $2; got[k] = $3 " " $6; np++; next }
  { k = $7 ">" $8; cnt[k]++; d[k] += $5 - $2 }
  END { for (k in cnt) { m++; if (got[k] != cnt[k] " " sprintf("%+.3f", d[k] / cnt[k])) { bad++; print k ": " got[k] } }
        exit !(m == np && bad == 0) }' "$csv" "$T/svx/pairs.csv" >"$T/diff" \
  && ok || bad "pairs.csv disagrees with the CSV: $(head -c 600 "$T/diff")"
# bands.csv: the bands hold every puzzle once
awk -F, 'FNR > 1 { s += $2 } END { exit !(s == n) }' n="$n" "$T/svx/bands.csv" && ok || bad "bands.csv: counts do not add up to $n"
[ "$(wc -l <"$T/svx/movers.csv")" -eq 11 ] && ok || bad "movers.csv: 10 movers"
expect_grep "^hardest technique, SE -> XDRS" "$T/summary" "summary pair table"
expect_grep "^D against ER" "$T/summary" "summary band table"
# the level table: its counts add up to the puzzles, as HoDoKu's levels do
awk -F, 'NR > 1 { c[$12]++ } END { for (l in c) print l, c[l] }' "$csv" | sort >"$T/lv.want"
awk '/^by HoDoKu/ { on = 1; next } on && /^$/ { on = 0 } on && $1 != "level" { print $1, $2 }' "$T/summary" | sort >"$T/lv.got"
expect_same "$T/lv.got" "$T/lv.want" "summary's level table"
expect_grep "^Spearman rank correlation with HoDoKu's score: ER 0\.[0-9]*, D 0\.[0-9]*" "$T/summary" "summary HoDoKu line"
for s in "^# SE against XDRS and HoDoKu" "^## Headline" "^## Hardest technique: SE → XDRS" "^## D against ER" \
         "^## Largest rank moves" "^## By HoDoKu's level" "^!\[er-vs-d.png\](er-vs-d.png)"; do
  expect_grep "$s" "$T/svx/report.md" "report.md"
done
# report.md's headline repeats the summary's correlation
rho=$(sed -n 's/^Spearman rank correlation of ER and D: \(0\.[0-9][0-9][0-9][0-9]\).*/\1/p' "$T/summary")
[ -n "$rho" ] && grep -q "ρ(ER, D) = $rho" "$T/svx/report.md" && ok || bad "report.md: ρ(ER, D) is not the summary's ($rho)"
expect_status 0 "$SUDOKIT" run "$EXP/ser-vs-xdrs.lua" --quiet --no-hodoku --no-plots -j 2 "$corpus" "$T/nh"
awk -F, 'FNR > 1 && ($12 != "" || $13 != "") { bad++ } END { exit bad > 0 }' "$T/nh/ser-vs-xdrs.csv" \
  && ok || bad "--no-hodoku: HoDoKu's columns are not empty"
[ ! -e "$T/nh/er-vs-d.png" ] && ok || bad "--no-plots drew a plot"

expect_status 0 "$SUDOKIT" run "$EXP/measures.lua" --quiet "$corpus" "$T/m"
is_png "$T/m/measures.png" && ok || bad "measures.lua did not draw measures.png: $(head -c 300 "$T/err")"
finish
