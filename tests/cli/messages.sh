# messages.sh -- one style for the messages and markers of every command:
# "FILE:LINE: puzzle N: what" on stderr, the same '# invalid: REASON'
# marker in every output, a single-valued option given twice is a usage
# error, short options take their value glued (-c5, -fFMT, -j2), seconds
# are any positive number, and serate's -t / --threads are -j.
. "$(dirname "$0")/lib.sh"
sample=$SRC/tools/sample-puzzles.txt
D=$SRC/tests/data/cli

# {====== sudokit -c / -s
mkdir "$T/c" && cd "$T/c" || exit 1
"$SUDOKIT" -c 0 >"$T/out" 2>"$T/err"
[ $? = 2 ] && ok || bad "-c 0 should be a usage error"
[ "$(head -1 "$T/err")" = "sudokit -c: 0 is out of range (1..1000000)" ] && ok ||
  bad "-c 0 message: $(head -1 "$T/err")"
[ ! -e sudoku.txt ] && ok || bad "-c 0 wrote sudoku.txt"
expect_status 0 "$SUDOKIT" -c5
[ "$(grep -c . sudoku.txt)" = 45 ] && ok || bad "-c5: $(grep -c . sudoku.txt) lines, wanted 45"
expect_status 0 "$SUDOKIT" -c 2 --first=4
[ "$(head -c 1 sudoku.txt)" = 4 ] && ok || bad "-c 2 --first=4: $(head -1 sudoku.txt)"
expect_status 2 "$SUDOKIT" -c 2 --first 3 --first 4
expect_grep "given twice" "$T/err"
# -s: every message is FILE:LINE: puzzle N: what
cp "$SRC/tests/data/gen/classic.txt" .
expect_status 1 "$SUDOKIT" -s classic.txt
[ "$(grep -vc '^sudokit: classic.txt:[0-9]*: puzzle [0-9]*: ' "$T/err")" = 0 ] && ok ||
  bad "-s messages: $(cat "$T/err")"
expect_grep "classic.txt:13: puzzle 2: " "$T/err"
expect_grep "classic.txt:21: puzzle 3: no solution" "$T/err"
expect_status 1 "$SUDOKIT" -sclassic.txt
cd "$T" || exit 1
# }======

# {====== batch commands: the same style and the same marker
{
  head -1 "$sample"
  echo "12345"                                                                            # 2 malformed
  echo "11..............................................................................."  # 3 twice
  echo "12345678.........9..............................................................."  # 4 none
  echo "................................................................................."  # 5 several
} >"$T/bad.txt"
# hints lists every instance of every technique: on the empty grid that
# is seconds of chain searches (minutes under valgrind), so one technique
for c in rate explain analyze solve count hints; do
  only=""; [ $c = hints ] && only="--technique naked-single"
  "$SUDOKIT" $c $only -i "$T/bad.txt" >"$T/out" 2>"$T/err"
  [ $? = 1 ] && ok || bad "$c on bad puzzles should exit 1"
  # every message names the file and line first, then the puzzle
  [ "$(grep -vc "^sudokit: $T/bad.txt:[0-9]*: puzzle [0-9]*: " "$T/err")" = 0 ] && ok ||
    bad "$c messages: $(cat "$T/err")"
  expect_grep "bad.txt:2: puzzle 2: expected 81 characters" "$T/err" "$c: malformed"
  expect_grep "bad.txt:3: puzzle 3: digit 1 given twice" "$T/err" "$c: twice"
  [ "$(grep -c '# invalid: malformed$' "$T/out")" = 2 ] && ok || bad "$c markers: $(cat "$T/out")"
  # the reasons a marker may give, and nothing else after '# invalid'
  [ "$(grep 'invalid' "$T/out" | grep -vc '# invalid: \(malformed\|no solution\|several solutions\)$')" = 0 ] &&
    ok || bad "$c: another invalid marker: $(grep invalid "$T/out")"
done
for c in rate explain analyze; do
  "$SUDOKIT" $c -i "$T/bad.txt" >"$T/out" 2>"$T/err"
  expect_grep "bad.txt:4: puzzle 4: no solution" "$T/err" "$c: no solution"
  expect_grep "bad.txt:5: puzzle 5: several solutions" "$T/err" "$c: several"
  [ "$(grep -c '# invalid: no solution$' "$T/out")" = 1 ] && ok || bad "$c: no-solution marker: $(cat "$T/out")"
  [ "$(grep -c '# invalid: several solutions$' "$T/out")" = 1 ] && ok || bad "$c: several marker: $(cat "$T/out")"
done
"$SUDOKIT" solve -i "$T/bad.txt" >"$T/out" 2>"$T/err"
[ "$(sed -n 4p "$T/out")" = "# invalid: no solution" ] && ok || bad "solve: no-solution marker: $(cat "$T/out")"
expect_grep "bad.txt:4: puzzle 4: no solution" "$T/err" "solve: no solution"
expect_grep "bad.txt:5: puzzle 5: several solutions" "$T/err" "solve: several"
# }======

# {====== seconds: any positive number; the message says what is wrong
# the reference set's hardest puzzle (ER 11.1, about 0.1 s): its first ER 9.0 puzzle rated
# within 0.01 s on a fast machine
hard=$(awk -F"\t" 'NR > 1 && $2 > m { m = $2; p = $1 } END { print p }' "$SRC/tests/data/se/se-ratings.tsv")
echo "$hard" | "$SUDOKIT" rate --budget 0.01 >"$T/out" 2>"$T/err"
expect_grep "over budget (0.01 s)" "$T/err" "--budget 0.01 message"
expect_grep "# over budget (0.01 s)" "$T/out" "--budget 0.01 marker"
head -3 "$sample" >"$T/three.txt"
"$SUDOKIT" rate -i "$T/three.txt" >"$T/plain" 2>/dev/null
expect_status 0 "$SUDOKIT" rate --budget 1e9 -i "$T/three.txt"
expect_same "$T/out" "$T/plain" "--budget 1e9"
expect_status 0 "$SUDOKIT" analyze --fields er --budget 1e9 -i "$T/three.txt"
for b in 0 -1 nan inf x ""; do
  expect_status 2 "$SUDOKIT" rate --budget "$b" -i "$T/three.txt"
  expect_grep "not a positive number of seconds\|needs a number of seconds" "$T/err" "--budget '$b'"
done
expect_status 0 "$SUDOKIT" rate --policy se --timeout 1e9 -i "$T/three.txt"
# }======

# {====== a single-valued option given twice is a usage error
once() {   # once WHAT CMD...: exit 2, the message says "given twice", nothing written
  what=$1; shift
  "$@" >"$T/out" 2>"$T/err"
  [ $? = 2 ] && ok || bad "$what: '$*' should be a usage error"
  expect_grep "given twice" "$T/err" "$what"
  [ ! -s "$T/out" ] && ok || bad "$what wrote: $(head -c 200 "$T/out")"
}
cp "$T/three.txt" "$T/other.txt"
for c in rate explain analyze solve count hints; do
  once "$c -i -i" "$SUDOKIT" $c -i "$T/three.txt" -i "$T/other.txt"
  once "$c -o -o" "$SUDOKIT" $c -o "$T/o1" -o "$T/o2" -i "$T/three.txt"
done
once "rate -i --input" "$SUDOKIT" rate -i "$T/three.txt" --input "$T/other.txt"
expect_grep "--input given twice (first as -i)" "$T/err"
once "rate --in=" "$SUDOKIT" rate --in="$T/three.txt" -i "$T/other.txt"
once "rate -j -t" "$SUDOKIT" rate -j 2 -t 1 -i "$T/three.txt"
once "rate --table" "$SUDOKIT" rate --table se --table=xdrs -i "$T/three.txt"
once "rate -f" "$SUDOKIT" rate -f '%r' --format '%p' -i "$T/three.txt"
once "rate --budget" "$SUDOKIT" rate --budget 1 --budget 2 -i "$T/three.txt"
once "analyze --fields" "$SUDOKIT" analyze --fields givens --fields er -i "$T/three.txt"
once "grids -n" "$SUDOKIT" grids -n 2 -n 3
once "generate -n" "$SUDOKIT" generate -n 2 -n 3 --seed 1
once "generate --er -n" "$SUDOKIT" generate --er 1-2 -n 2 -n 3 --seed 1
once "run --timeout" "$SUDOKIT" run --timeout 1 --timeout 2 -e 'print(1)'
# a flag given twice is harmless, and so is an option inside run's script arguments
expect_status 0 "$SUDOKIT" rate --verify --verify -i "$T/three.txt"
expect_status 0 "$SUDOKIT" run -e 'print(...)' --timeout 1 --timeout 2
# the value of an option is not an option: the format '--table' is no second --table
expect_status 0 "$SUDOKIT" rate --table se --format --table -i "$T/three.txt"
[ "$(grep -c '^--table$' "$T/out")" = 3 ] && ok || bad "rate --format --table: $(cat "$T/out")"
# }======

# {====== serate's -t N and --threads N are -j N (rate, explain, analyze, solve, count)
for c in rate explain analyze solve count; do
  "$SUDOKIT" $c -j 2 -i "$sample" >"$T/j" 2>/dev/null
  expect_status 0 "$SUDOKIT" $c -t 2 -i "$sample"
  expect_same "$T/out" "$T/j" "$c -t 2 vs -j 2"
  expect_status 0 "$SUDOKIT" $c --threads=2 -i "$sample"
  expect_same "$T/out" "$T/j" "$c --threads=2 vs -j 2"
  expect_status 0 "$SUDOKIT" $c -t1 -i "$sample"
  expect_same "$T/out" "$T/j" "$c -t1 vs -j 2"
  expect_status 2 "$SUDOKIT" $c -t 0x -i "$sample"
done
# }======

finish
