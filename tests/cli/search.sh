# search.sh -- sudokit generate --search: every puzzle written meets its
# target when rated again by `sudokit rate` (or analyze), is unique up to
# isomorphism, shares no canonical form with a seed, keeps the pattern or
# minimality asked for; --steps runs are the same for a given --seed and -j.
. "$(dirname "$0")/lib.sh"

grep -v '^#' "$SRC/tools/sample-puzzles.txt" | grep . | head -12 | cut -c1-81 >"$T/seeds"

# check_out FILE: the records re-rate to themselves, no two isomorphs, none
# isomorphic to a seed
check_out() {
  cut -c1-81 "$1" >"$1.p"
  "$SUDOKIT" rate -i "$1.p" --format '%g ED=%r/%p/%d' >"$1.r" && ok || bad "rate of $1"
  cut -d' ' -f1,2 "$1" >"$1.w"
  expect_same "$1.r" "$1.w" "$1: written ratings vs rate"
  "$SUDOKIT" canon -i "$1.p" >"$1.c" && ok || bad "canon of $1"
  [ "$(sort "$1.c" | uniq -d | wc -l)" -eq 0 ] && ok || bad "$1: two outputs are isomorphs"
  "$SUDOKIT" canon -i "$T/seeds" >"$T/seeds.c"
  [ "$(sort -u "$T/seeds.c" | cat - "$1.c" | sort | uniq -d | wc -l)" -eq 0 ] && ok ||
    bad "$1: an output is an isomorph of a seed"
}

# ER at least 6.5 from the seeds, minimal, repeatable with --steps
expect_status 0 "$SUDOKIT" generate --er 6.5- --search --minimal --from "$T/seeds" --steps 40 \
  -j 2 --seed 3 --quiet
cp "$T/out" "$T/a"
[ -s "$T/a" ] && ok || bad "--search found nothing: $(cat "$T/err")"
expect_grep "search: done" "$T/err"
check_out "$T/a"
"$SUDOKIT" rate -i "$T/a.p" --format '%r' | awk '$1 < 6.5 { b = 1 } END { exit b }' && ok ||
  bad "an ER below 6.5"
"$SUDOKIT" analyze --fields minimal -i "$T/a.p" | grep -v 'minimal=yes' >"$T/nm"
[ ! -s "$T/nm" ] && ok || bad "--minimal: not minimal: $(head -3 "$T/nm")"
expect_status 0 "$SUDOKIT" generate --er 6.5- --search --minimal --from "$T/seeds" --steps 40 \
  -j 2 --seed 3 --quiet
expect_same "$T/out" "$T/a" "--steps, same --seed and -j"

# --exclude: the same run with the first run's puzzles excluded writes none of them
cut -c1-81 "$T/a" | "$SUDOKIT" transform --seed 9 >"$T/a.iso"
"$SUDOKIT" generate --er 6.5- --search --minimal --from "$T/seeds" --steps 40 -j 2 --seed 3 \
  --quiet --exclude "$T/a.iso" >"$T/a2" 2>"$T/err"
cut -c1-81 "$T/a2" | "$SUDOKIT" canon >"$T/a2.c"
[ "$(sort -u "$T/a.c" | cat - "$T/a2.c" | sort | uniq -d | wc -l)" -eq 0 ] && ok ||
  bad "--exclude: an excluded puzzle was written"

# a band with an upper bound, from random minimal seeds (stop_above rejects)
expect_status 0 "$SUDOKIT" generate --er 4-6 --search --steps 30 -j 1 --seed 2 --quiet
cp "$T/out" "$T/b"
[ -s "$T/b" ] && ok || bad "--er 4-6 --search found nothing"
cut -c1-81 "$T/b" | "$SUDOKIT" rate --format '%r' | awk '$1 < 4 || $1 > 6 { b = 1 } END { exit b }' &&
  ok || bad "ER outside 4-6: $(cut -d' ' -f2 "$T/b" | tr '\n' ' ')"
"$SUDOKIT" canon -i "$T/b" | sort | uniq -d >"$T/bd"
[ ! -s "$T/bd" ] && ok || bad "--er 4-6: isomorphs written"

# a fixed pattern: every output has the seed's clue cells
head -11 "$T/seeds" | tail -1 >"$T/pseed"
tr '1-9' 'x' <"$T/pseed" >"$T/pattern"
expect_status 0 "$SUDOKIT" generate --er 3- --search --pattern "$T/pattern" --from "$T/pseed" \
  --steps 40 -j 1 --seed 4 --quiet
cp "$T/out" "$T/c"
[ -s "$T/c" ] && ok || bad "--pattern found nothing: $(cat "$T/err")"
pat=$(cat "$T/pattern")
cut -c1-81 "$T/c" | tr '1-9' 'x' | grep -v -x -- "$pat" >"$T/off"
[ ! -s "$T/off" ] && ok || bad "--pattern: cells moved: $(head -2 "$T/off")"
cp "$T/pseed" "$T/seeds"
check_out "$T/c"

# pearls at ER >= 10 from hard pearls (SE's own ratings), checked by analyze
awk -F'\t' 'NR > 1 && $2 == $3 { print $1 }' "$SRC/tests/data/se/se-ratings-hard.tsv" | head -2 >"$T/seeds"
expect_status 0 "$SUDOKIT" generate --er 10- --pearl --search --minimal --from "$T/seeds" --steps 12 \
  -j 2 --seed 1 --quiet
cp "$T/out" "$T/pe"
if [ -s "$T/pe" ]; then
  check_out "$T/pe"
  cut -c1-81 "$T/pe" | "$SUDOKIT" analyze --fields se_class,er | grep -v '^se_class=pearl er=1[0-9]' >"$T/np"
  [ ! -s "$T/np" ] && ok || bad "--pearl --er 10-: $(head -2 "$T/np")"
else bad "--pearl --search found nothing: $(cat "$T/err")"; fi
grep -v '^#' "$SRC/tools/sample-puzzles.txt" | grep . | head -12 | cut -c1-81 >"$T/seeds"
expect_status 0 "$SUDOKIT" generate --needs x-wing --search --from "$T/seeds" --steps 40 -j 1 \
  --seed 6 --with-path --quiet
grep -v '^#' "$T/out" | head -1 | cut -c1-81 >"$T/xw"
"$SUDOKIT" explain -i "$T/xw" | grep -q ' X-Wing' && ok || bad "--needs x-wing: no X-Wing in the path"

# the objective: the climb follows it, the target still decides what is written
grep -v '^#' "$SRC/tools/sample-puzzles.txt" | grep . | head -12 | cut -c1-81 >"$T/seeds"
printf 'return function(r) return %s end\n' "r.er" >"$T/up.lua"
printf 'return function(r) return %s end\n' "-r.er" >"$T/down.lua"
for d in up down; do
  expect_status 0 "$SUDOKIT" generate --er 1- --search --from "$T/seeds" --steps 60 -j 1 --seed 5 \
    --restart 1000 --objective-lua "$T/$d.lua" --quiet
  cp "$T/out" "$T/$d"
  expect_grep "best objective" "$T/err" "--objective-lua $d: summary"
  check_out "$T/$d"
done
# climbing on -ER walks to easier puzzles than climbing on ER: compare the
# last twenty outputs of each
mean_er() { tail -20 "$1" | cut -d' ' -f2 | cut -d= -f2 | cut -d/ -f1 | awk '{ s += $1 } END { printf "%.3f", s / NR }'; }
up=$(mean_er "$T/up") down=$(mean_er "$T/down")
awk -v u="$up" -v d="$down" 'BEGIN { exit !(u > d + 0.5) }' && ok ||
  bad "--objective-lua: ER climb mean $up, -ER climb mean $down"
# a policy's field: XDRS's D, reported as the best objective (1..10)
expect_status 0 "$SUDOKIT" generate --er 6.5- --search --from "$T/seeds" --steps 20 -j 1 --seed 5 \
  --objective D --policy xdrs --quiet
cp "$T/out" "$T/x"
[ -s "$T/x" ] && ok || bad "--objective D --policy xdrs found nothing: $(cat "$T/err")"
check_out "$T/x"
b=$(sed -n 's/.*best objective \([0-9.]*\);.*/\1/p' "$T/err")
awk -v b="${b:-0}" 'BEGIN { exit !(b >= 1 && b <= 10) }' && ok || bad "--objective D: best '$b'"
# a field the policy does not give, a function that fails, a file that gives no function
expect_status 1 "$SUDOKIT" generate --er 6.5- --search --from "$T/seeds" --steps 5 -j 1 \
  --objective nosuch --policy xdrs
expect_grep "field 'nosuch' is nil, not a number" "$T/err"
printf 'return function(r)\n  return r.er + nil\nend\n' >"$T/fail.lua"
expect_status 1 "$SUDOKIT" generate --er 6.5- --search --from "$T/seeds" --steps 5 -j 1 \
  --objective-lua "$T/fail.lua"
expect_grep "fail.lua:2:" "$T/err"
printf 'return 42\n' >"$T/nofn.lua"
expect_status 1 "$SUDOKIT" generate --er 6.5- --search --from "$T/seeds" --steps 5 -j 1 \
  --objective-lua "$T/nofn.lua"
expect_grep "nofn.lua: the file must return a function" "$T/err"
printf 'return function(r) return "x" end\n' >"$T/str.lua"
expect_status 1 "$SUDOKIT" generate --er 6.5- --search --from "$T/seeds" --steps 5 -j 1 \
  --objective-lua "$T/str.lua"
expect_grep "returned string, not a finite number" "$T/err"

# the singles-backdoor screen, from hard seeds (SE's own ratings): no
# output has a backdoor of order 0 or 1; --profile splits the time
awk -F'\t' 'NR > 1 { print $1 }' "$SRC/tests/data/se/se-ratings-hard.tsv" | head -4 >"$T/seeds"
expect_status 0 "$SUDOKIT" generate --er 6.5- --search --minimal --from "$T/seeds" --steps 30 \
  -j 2 --seed 3 --screen backdoor --profile --quiet
cp "$T/out" "$T/s"
[ -s "$T/s" ] && ok || bad "--screen backdoor found nothing: $(cat "$T/err")"
check_out "$T/s"
cut -c1-81 "$T/s" | "$SUDOKIT" analyze --fields order --max-order 1 | grep -v 'order=>1' >"$T/bd"
[ ! -s "$T/bd" ] && ok || bad "--screen backdoor: a backdoor: $(head -2 "$T/bd")"
grep -q "not rated (screens)" "$T/err" && ! grep -q " 0 not rated (screens)" "$T/err" && ok ||
  bad "--screen backdoor screened nothing: $(cat "$T/err")"
expect_grep "search profile" "$T/err"
expect_grep "rating hits" "$T/err"
# --screen pairs=N: nor more than N pairs of cells that are backdoors
expect_status 0 "$SUDOKIT" generate --er 6.5- --search --minimal --from "$T/seeds" --steps 30 \
  -j 2 --seed 3 --screen pairs=20 --quiet
cp "$T/out" "$T/s2"
[ -s "$T/s2" ] && ok || bad "--screen pairs=20 found nothing: $(cat "$T/err")"
check_out "$T/s2"
cut -c1-81 "$T/s2" | "$SUDOKIT" analyze --fields order,nmagic --max-order 2 |
  awk '$1 == "order=0" || $1 == "order=1" || ($1 == "order=2" && substr($2, 8) + 0 > 20)' >"$T/bd2"
[ ! -s "$T/bd2" ] && ok || bad "--screen pairs=20: $(head -2 "$T/bd2")"

# --cpu-timeout: the search stops on its CPU time
expect_status 1 "$SUDOKIT" generate --er 12- --search --cpu-timeout 1 --timeout 120 -j 1 --seed 2 --quiet
expect_grep "CPU timeout after 1 s: 0 found" "$T/err"

# from random seeds (no --from): --trace shows every climb's seed, its
# better scores and its end; every seed is rated (none screened); the
# scores rise within a climb; --steps makes the trace the same for a given
# --seed
trace_run() {
  "$SUDOKIT" generate --er 12- --search --screen backdoor --steps 200 --restart 15 -j 1 --seed 7 \
    --trace --quiet \
    >"$T/tr.out" 2>"$1"
}
trace_run "$T/tr1"
expect_grep "trace: CPU .* s, thread 0, seed " "$T/tr1" "--trace"
# the pairs screen (the default from 10.5) rejects most random seeds; they
# are rated all the same, or the climb would start anywhere
"$SUDOKIT" generate --er 12- --search --steps 60 --restart 15 -j 1 --seed 7 --trace --quiet \
  >"$T/tr.out" 2>"$T/tr0"
grep ', seed ' "$T/tr0" >"$T/tr.seeds"
[ -s "$T/tr.seeds" ] && ! grep -v '(score ' "$T/tr.seeds" >"$T/tr.unrated" && ok ||
  bad "--trace: a seed not rated: $(head -2 "$T/tr.unrated")"
expect_grep "end of climb, best " "$T/tr1" "--trace"
# score = ER plus less than a tenth; within a climb each better score is
# above the last, and the climb's best is at least all of them
awk '/ trace: / {
       s = $0; sub(/.*\(score /, "", s); sub(/\).*/, "", s); v = s + 0
       e = $0; sub(/.*(seed|kicked\)|climb|best) /, "", e); sub(/ .*/, "", e)
       if (int(v * 10 + 1e-9) != int(e * 10 + 1e-9)) { print "score " v " not in ER " e; bad = 1 }
       if ($0 ~ /, seed /) last = v
       else if ($0 ~ /, climb /) { if (v <= last) { print "climb not rising: " $0; bad = 1 } last = v }
       else if ($0 ~ /end of climb/) { if (v < last - 1e-9) { print "best below the climb: " $0; bad = 1 } }
     }
     END { exit bad }' "$T/tr1" >"$T/tr.bad" && ok || bad "--trace: $(head -3 "$T/tr.bad")"
best=$(sed -n 's/.*; best ER \([0-9.]*\);.*/\1/p' "$T/tr1")
top=$(sed -n 's/.* best \([0-9.]*\) (score.*/\1/p' "$T/tr1" | sort -n | tail -1)
[ -n "$best" ] && [ "$best" = "$top" ] && ok || bad "--trace: summary best '$best', climbs' best '$top'"
trace_run "$T/tr2"
sed 's/CPU [0-9.]* s, //; /search: done/d' "$T/tr1" >"$T/tr1.s"
sed 's/CPU [0-9.]* s, //; /search: done/d' "$T/tr2" >"$T/tr2.s"
expect_same "$T/tr1.s" "$T/tr2.s" "--trace --steps: same --seed, same trace"
expect_status 2 "$SUDOKIT" generate --er 9- --trace
expect_grep "need --search" "$T/err"

# usage errors
expect_status 2 "$SUDOKIT" generate --er 9- --from "$T/seeds"
expect_grep "need --search" "$T/err"
expect_status 2 "$SUDOKIT" generate --er 9- --search --pattern "$T/pattern" --moves -1+1
expect_status 2 "$SUDOKIT" generate --er 9- --search --moves -9+1
expect_status 2 "$SUDOKIT" generate --er 9- --search --policy xdrs
expect_grep "give --objective" "$T/err"
expect_status 2 "$SUDOKIT" generate --er 9- --search --screen some
expect_status 2 "$SUDOKIT" generate --er 9- --search --screen pairs=0
expect_status 2 "$SUDOKIT" generate --er 9- --objective D
expect_grep "need --search" "$T/err"
expect_status 1 "$SUDOKIT" generate --er 9- --search --from /nonexistent --steps 1
expect_grep "/nonexistent" "$T/err"
printf 'not a puzzle\n' >"$T/junk"
expect_status 1 "$SUDOKIT" generate --er 9- --search --from "$T/junk" --steps 1
expect_grep "junk:1" "$T/err"
finish
