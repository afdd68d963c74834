# hodoku_rating.sh -- HoDoKu 2.2.0's rating: ratings/hodoku.yaml (a scored
# table: levels:) with ratings/hodoku.lua, asserted against HoDoKu's own
# ratings: those made here (tests/data/hodoku), and those of
# ../shared/data/hodoku with its /vp paths (skipped when it is absent):
# level, score and step list on every puzzle whose path
# uses only techniques the table provides (bench_hodoku -c), the /bs line
# and the /vp path byte for byte (every puzzle of mixed-1090 and top1465), rate --format %L %s, e:rate's and
# e:rate_batch's score and level, and the table's levels: errors.
. "$(dirname "$0")/lib.sh"
HD=$SRC/../shared/data/hodoku
BENCH=${BUILD:-$SRC/build}/bench/bench_hodoku

# a puzzle HoDoKu rates Easy (176) with naked singles and full houses only
p1=.146..38.98.2.1.742.......9.5.1.8.93....5....89.3.2.1.3.......557.4.3.61.68..923.
expect_status 0 "$SUDOKIT" rate --policy hodoku "$p1"
[ "$(cat "$T/out")" = "$p1 #1 Easy (176)" ] && ok || bad "the /bs line: $(cat "$T/out")"
expect_status 0 "$SUDOKIT" rate --table hodoku --format '%n %L %s' "$p1" "$p1"
[ "$(tr '\n' ' ' <"$T/out")" = "1 Easy 176 2 Easy 176 " ] && ok || bad "--format %L %s: $(cat "$T/out")"
# an unscored table has no level or score
expect_status 0 "$SUDOKIT" rate --format '%L %s' "$p1"
[ "$(cat "$T/out")" = "- -" ] && ok || bad "--format %L %s with se: $(cat "$T/out")"
# the path: HoDoKu's first steps, three spaces in, no difficulty
expect_status 0 "$SUDOKIT" explain --policy hodoku "$p1"
[ "$(sed -n 2p "$T/out")" = "   Naked Single: r2c5=3" ] && ok || bad "explain --policy hodoku: $(head -3 "$T/out")"
[ "$(grep -c '^   ' "$T/out")" -eq 44 ] && ok || bad "the path has $(grep -c '^   ' "$T/out") steps, not 44"
# a puzzle the table's techniques cannot finish: Brute Force, flagged bf
p2=...1.......8.9.3..17.8......2.....67.61.5.93.93.....4......2.56..3.4.7.......1...
expect_status 0 "$SUDOKIT" rate --policy hodoku "$p2"
expect_grep "^$p2 #1 Extreme ([0-9]*) bf\$" "$T/out" "a brute-force rating"
expect_status 0 "$SUDOKIT" explain --policy hodoku "$p2"
expect_grep '^   Brute Force: r[1-9]c[1-9]=[1-9]$' "$T/out" "the brute-force step"
# a puzzle whose path takes forcing chains and nets and a doubly linked
# ALS-XZ, whose eliminations feed HoDoKu's singles queues in its own order
# (mixed-1090 #1022: HoDoKu 2.2.0 rates it so)
p4=1.........2.4...6...3...5.1.4..86.......49.8....2.....5.7...3...6.9...4.........7
expect_status 0 "$SUDOKIT" rate --policy hodoku "$p4"
[ "$(cat "$T/out")" = "$p4 #1 Extreme (25892) bf" ] && ok || bad "nets and ALS-XZ: $(cat "$T/out")"
# a puzzle with several solutions is refused, not rated (HoDoKu's fewer than
# 10 givens always have several)
p3=12345678$(printf "%073d" 0 | tr 0 .)
expect_status 1 "$SUDOKIT" rate --policy hodoku "$p3"
expect_grep 'several solutions' "$T/out"

# -- analyze's fields and generate's targets
expect_status 0 "$SUDOKIT" analyze --fields hodoku_level,hodoku_score "$p1"
[ "$(cat "$T/out")" = "hodoku_level=Easy hodoku_score=176" ] && ok || bad "analyze: $(cat "$T/out")"
expect_status 0 "$SUDOKIT" generate --hodoku-level hard --hodoku-score 600-1400 -n 2 --seed 7 --quiet
[ "$(grep -c ' hodoku=Hard ([0-9]*)$' "$T/out")" -eq 2 ] && ok || bad "generate --hodoku-level: $(cat "$T/out")"
# each match rates so (its score in the band) when rated again
cut -c1-81 "$T/out" >"$T/gen.txt"
expect_status 0 "$SUDOKIT" rate --table hodoku --format '%L %s' -i "$T/gen.txt"
awk '$1 != "Hard" || $2 < 600 || $2 > 1400 { exit 1 }' "$T/out" && ok || bad "the generated puzzles rate $(cat "$T/out")"
expect_status 2 "$SUDOKIT" generate --hodoku-level nope --seed 1
expect_grep "not a level of table hodoku" "$T/err"

# -- Lua: the scored table's score and level in e:rate and e:rate_batch
cat >"$T/s.lua" <<LUA
local sk = require "sudokit"
local e = sk.engine{table = "hodoku"}
local g = sk.grid("$p1")
local r = e:rate(g, {record = true})
assert(r.score == 176 and r.level == "Easy", tostring(r.score) .. " " .. tostring(r.level))
assert(r.steps[1].compact == "Naked Single: r2c5=3", r.steps[1].compact)
local b = e:rate_batch({g, sk.grid("$p2")}, {jobs = 2})
assert(b[1].score == 176 and b[2].level == "Extreme", tostring(b[2].level))
assert(sk.engine{table = "se"}:rate(g).score == nil)
print("ok")
LUA
expect_status 0 "$SUDOKIT" run "$T/s.lua"
expect_grep '^ok$' "$T/out" "the Lua checks"

# -- levels: in a table
cat >"$T/bad.yaml" <<YAML
name: bad
levels:
  - {name: Easy, max: 800}
  - {name: Hard, max: 700}
techniques:
  - {id: naked-single, base: 1.0}
YAML
expect_status 2 "$SUDOKIT" rate --table "$T/bad.yaml" "$p1"
expect_grep 'bad.yaml:4:[0-9]*: level .Hard.: max must exceed' "$T/err"
sed 's/max: 700/max: 900/; s/{name: Easy, max: 800}/{name: Easy}/' "$T/bad.yaml" >"$T/bad2.yaml"
expect_status 2 "$SUDOKIT" rate --table "$T/bad2.yaml" "$p1"
expect_grep "level 'Easy' has no 'max'" "$T/err"
cat >"$T/good.yaml" <<YAML
name: good
levels:
  - {name: low, max: 10}
  - {name: high}
techniques:
  - {id: full-house, base: 1.0, attrs: {score: 1, level: low}}
  - {id: naked-single, base: 1.0, attrs: {score: 2, level: low}}
  - {id: hidden-single-block, base: 1.0, attrs: {score: 3, level: high}}
  - {id: hidden-single-line, base: 1.0, attrs: {score: 3, level: high}}
YAML
expect_status 0 "$SUDOKIT" rate --table "$T/good.yaml" --format '%L %s' "$p1"
# SE's singles on p1: every step a full house or a naked single (score 1 or 2),
# over 10 in all, so the level is raised from low to high
expect_grep '^high [0-9][0-9]*$' "$T/out" "a raised level"

# -- HoDoKu's own /bs /vp of three puzzles of mixed-1090 whose paths take
# forcing chains and nets (tests/data/hodoku/hodoku-vp-forcing-3.txt): the
# chains under each such step, a net's branches in parentheses, and the
# one chain whose last node HoDoKu prints as "r1c1<>0"
vp=$SRC/tests/data/hodoku/hodoku-vp-forcing-3.txt
grep -v '^ ' "$vp" | cut -d' ' -f1 >"$T/vp3.txt"
expect_status 0 "$SUDOKIT" explain --policy hodoku -i "$T/vp3.txt"
expect_same "$T/out" "$vp" "explain --policy hodoku: forcing chains and nets as HoDoKu's /vp prints them"
expect_grep '^  .* r1c1<>0.$' "$T/out" "the chain ending in a branch"
expect_grep '^  r[1-9]c[1-9][=<>]*[1-9] (' "$T/out" "a net's branch"
# explain --format json: a step's chains as its detail
head -1 "$T/vp3.txt" >"$T/vp1.txt"
expect_status 0 "$SUDOKIT" explain --table hodoku --format json -i "$T/vp1.txt"
python3 -c '
import json, sys
theirs = [l.rstrip("\r\n")[2:] for l in open(sys.argv[2]) if l.startswith("  ") and l[2] != " "]
d = [s["detail"] for s in json.loads(open(sys.argv[1]).readline())["steps"] if "detail" in s]
mine = [l for x in d for l in x.split("\n")]
assert d and mine == theirs[:len(mine)], (mine[:2], theirs[:2])
' "$T/out" "$vp" && ok || bad "explain --format json: detail"

# -- against HoDoKu's own ratings: the sets made with HoDoKu here
# (tests/data/hodoku, tools/dev/HodokuRate.java), every puzzle in scope
for f in "$SRC"/tests/data/hodoku/hodoku-ratings-*.tsv; do
  [ -x "$BENCH" ] || break
  n=$(($(wc -l <"$f") - 1))
  expect_status 0 "$BENCH" -c -q "$f"
  expect_grep "$(basename "$f"): $n puzzles, [1-9][0-9]* in scope" "$T/out" "bench_hodoku on $(basename "$f")"
  k=$(sed -n 's/.* \([0-9]*\) in scope .*/\1/p' "$T/out" | head -1)
  expect_grep "agreement (step list, score and level): $k / $k " "$T/out" "agreement on $(basename "$f")"
done
# -- bench_hodoku -H: HoDoKu run as a peer on the puzzles in scope; a
# runner that prints "PUZZLE LEVEL SCORE CPU_MS" per puzzle (here one that
# echoes the file's own ratings, at 2.5 ms), one that rates a puzzle
# otherwise, one that fails
if [ -x "$BENCH" ]; then
  head -6 "$SRC/tests/data/hodoku/hodoku-ratings-17clue-1004.tsv" >"$T/five.tsv"
  awk -F'\t' 'NR > 1 { print $1 " " $2 " " $3 " 2.5" }' "$T/five.tsv" >"$T/peer.out"
  printf '#!/bin/sh\ncat "%s"\n' "$T/peer.out" >"$T/peer.sh"
  printf '#!/bin/sh\nsed "2s/ [0-9]* 2.5$/ 1 2.5/" "%s"\n' "$T/peer.out" >"$T/peer2.sh"
  printf '#!/bin/sh\nexit 3\n' >"$T/peer3.sh"
  chmod +x "$T/peer.sh" "$T/peer2.sh" "$T/peer3.sh"
  expect_status 0 "$BENCH" -q -H "$T/peer.sh" "$T/five.tsv"
  expect_grep "HoDoKu run now ($T/peer.sh) on 5 of the 5 puzzles in scope: 2.500 ms per puzzle (CPU): [0-9.]*x" "$T/out"
  expect_grep "all files: HoDoKu run now 2.500 ms per puzzle on 5 of them" "$T/out"
  if grep -q "otherwise than the file" "$T/out"; then bad "a peer agreeing with the file is said not to"; else ok; fi
  expect_status 0 "$BENCH" -q -H "$T/peer2.sh" "$T/five.tsv"
  expect_grep "HoDoKu run now rates 1 of them otherwise than the file (first .* (1) here, " "$T/out"
  expect_status 0 "$BENCH" -q -H "$T/peer3.sh" "$T/five.tsv"
  expect_grep "HoDoKu peer $T/peer3.sh failed (exit status 3, 0 puzzles rated); no head-to-head" "$T/out"
fi
# ... and the shared ones
if [ -d "$HD" ] && [ -x "$BENCH" ]; then
  expect_status 0 "$BENCH" -c -q "$HD/hodoku-ratings-mixed-1090.tsv" "$HD/hodoku-ratings-top1465.tsv" \
    "$HD/hodoku-ratings-kaggle-5001-6000.tsv"
  # with the forcing nets every puzzle's path is in the table's scope
  expect_grep 'mixed-1090.tsv: 1090 puzzles, 1090 in scope' "$T/out"
  expect_grep 'top1465.tsv: 1465 puzzles, 1465 in scope' "$T/out"
  expect_grep 'kaggle-5001-6000.tsv: 1000 puzzles, 1000 in scope' "$T/out"
  expect_grep 'agreement (step list, score and level): 1000 / 1000' "$T/out"
  [ "$(grep -c 'in scope' "$T/out")" -ge 3 ] && ok || bad "bench_hodoku: $(cat "$T/out")"
  # every step's text as HoDoKu's /vp prints it
  expect_grep "step texts equal to HoDoKu's /vp (a forcing chain's or net's chains included) on 1090 of the 1090 agreeing" "$T/out"
  expect_grep "step texts equal to HoDoKu's /vp (a forcing chain's or net's chains included) on 1465 of the 1465 agreeing" "$T/out"
  # the /bs line and the /vp path, byte for byte, on every puzzle of
  # mixed-1090 and top1465: every step's line, and under a forcing chain or
  # net its chains, two spaces in (HoDoKu's "\r\n" between those lines
  # leaves a carriage return at the end of all but the last)
  for set in mixed-1090 top1465; do
    awk -F'\t' 'NR > 1 { print $1 }' "$HD/hodoku-ratings-$set.tsv" >"$T/m.txt"
    sed 's/^#\([0-9]*\) \(.*\) \([A-Z][a-z]*\) (\([0-9]*\))$/\2 #\1 \3 (\4)/' \
      "$HD/hodoku-paths-$set.txt" >"$T/theirs.txt"
    # the /bs line: the path's header, and " bf", " td", " gu" when it has
    # a Brute Force, a Template Set or Delete, a Give Up step
    awk 'function out() { if (h != "") print h (bf ? " bf" : "") (td ? " td" : "") (gu ? " gu" : "") }
         !/^  / { out(); h = $0; bf = td = gu = 0; next }
         /^   Brute Force:/ { bf = 1 } /^   Template (Set|Delete):/ { td = 1 } /^   Give Up/ { gu = 1 }
         END { out() }' "$T/theirs.txt" >"$T/theirs-bs.txt"
    # /bs /vp: each path under its /bs line
    awk 'NR == FNR { bs[NR] = $0; next } !/^  / { print bs[++k]; next } { print }' \
      "$T/theirs-bs.txt" "$T/theirs.txt" >"$T/theirs-vp.txt"
    [ "$(grep -c '^  [^ ]' "$T/theirs-vp.txt")" -gt 1000 ] && ok || bad "$set: no chain lines"
    expect_status 0 "$SUDOKIT" explain --policy hodoku -j 2 -i "$T/m.txt"
    expect_same "$T/out" "$T/theirs-vp.txt" "explain --policy hodoku against HoDoKu's /bs /vp on $set"
    expect_status 0 "$SUDOKIT" rate --policy hodoku -j 2 -i "$T/m.txt"
    expect_same "$T/out" "$T/theirs-bs.txt" "rate --policy hodoku against HoDoKu's /bs on $set"
  done
else
  echo "hodoku_rating.sh: $HD or $BENCH missing: HoDoKu comparisons skipped"
fi
finish
