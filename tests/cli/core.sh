# core.sh -- sudokit solve / count: correctness, bad input, order, atomic output.
. "$(dirname "$0")/lib.sh"
D=$SRC/tests/data/cli

# solve: every solution checked cell by cell against its puzzle and the rules
expect_status 0 "$SUDOKIT" solve -i "$D/17clue-300.txt"
cp "$T/out" "$T/sol1"
n=$(wc -l <"$T/sol1")
[ "$n" -eq 300 ] && ok || bad "solve printed $n lines for 300 puzzles"
paste -d ' ' "$D/17clue-300.txt" "$T/sol1" >"$T/pairs"
bads=0
while read -r p s; do valid_solution "$p" "$s" || bads=$((bads + 1)); done <"$T/pairs"
[ "$bads" -eq 0 ] && ok || bad "$bads invalid solutions"

# -j 2 output identical to -j 1 (order kept)
expect_status 0 "$SUDOKIT" solve -j 2 -i "$D/17clue-300.txt"
expect_same "$T/out" "$T/sol1" "solve -j 2 vs -j 1"
expect_status 0 "$SUDOKIT" count -j 3 -i "$D/17clue-300.txt"
[ "$(sort -u "$T/out")" = 1 ] && ok || bad "17-clue puzzles must count 1"

# count: unique, several, contradictory, limits
solved=534678912672195348198342567859761423426853791713924856961537284287419635345286179
empty=.................................................................................
printf '%s\n%s\n' "$solved" "$empty" >"$T/c.txt"
# contradictory without duplicate givens: r1c1..r1c8 = 1..8 and r2c9 = 9 leave r1c9 no value
printf '12345678.........9...............................................................\n' >"$T/x.txt"
cat "$T/x.txt" >>"$T/c.txt"
expect_status 0 "$SUDOKIT" count -i "$T/c.txt"
[ "$(tr '\n' ' ' <"$T/out")" = "1 2 0 " ] && ok || bad "count gave '$(tr '\n' ' ' <"$T/out")', wanted '1 2 0 '"
expect_status 0 "$SUDOKIT" count --limit 1000 -i "$T/c.txt"
[ "$(tr '\n' ' ' <"$T/out")" = "1 1000 0 " ] && ok || bad "count --limit 1000 gave '$(tr '\n' ' ' <"$T/out")'"

# malformed input: reported with the line, marked in the output, others still processed
{
  echo "# a comment"
  sed -n 1p "$D/17clue-300.txt"
  echo ""
  sed -n 2p "$D/17clue-300.txt" | cut -c1-80
  sed -n 3p "$D/17clue-300.txt" | sed 's/^./x/'
  echo "11...............................................................................";
  sed -n 4p "$D/17clue-300.txt"
} >"$T/bad.txt"
expect_status 1 "$SUDOKIT" solve -i "$T/bad.txt"
[ "$(wc -l <"$T/out")" -eq 5 ] && ok || bad "solve on bad input: $(wc -l <"$T/out") output lines, wanted 5"
expect_grep "bad.txt:4" "$T/err" "stderr (wrong length)"
expect_grep "bad.txt:5" "$T/err" "stderr (bad character)"
expect_grep "bad.txt:6" "$T/err" "stderr (duplicate given)"
[ "$(sed -n 2p "$T/out")" = "# invalid: malformed" ] && ok || bad "line 2 of output should say invalid: $(sed -n 2p "$T/out")"
valid_solution "$(sed -n 4p "$D/17clue-300.txt")" "$(sed -n 5p "$T/out")" && ok || bad "good puzzle after bad ones not solved"
expect_status 1 "$SUDOKIT" count -i "$T/bad.txt"
[ "$(tr '\n' ' ' <"$T/out")" = "1 # invalid: malformed # invalid: malformed # invalid: malformed 1 " ] && ok || bad "count on bad input: $(tr '\n' ' ' <"$T/out")"
expect_status 1 "$SUDOKIT" solve -i "$T/x.txt"
[ "$(cat "$T/out")" = "# invalid: no solution" ] && ok || bad "unsolvable: $(cat "$T/out")"

# other formats: grid in, grid and candidates out
sed -n 1p "$D/17clue-300.txt" | "$SUDOKIT" solve --format grid >"$T/g.txt"
[ "$(wc -l <"$T/g.txt")" -eq 10 ] && ok || bad "grid output should be 9 lines and a blank"
"$SUDOKIT" solve -i "$T/g.txt" >"$T/g2.txt" && ok || bad "grid input not read back"
[ "$(cat "$T/g2.txt")" = "$(sed -n 1p "$T/sol1")" ] && ok || bad "grid round trip"
sed -n 1p "$D/17clue-300.txt" | "$SUDOKIT" solve --format candidates >"$T/k.txt"
[ "$(head -1 "$T/k.txt" | tr -d '\n' | wc -c)" -eq 729 ] && ok || bad "candidates output is not 729 characters"

# usage errors: exit 2, nothing written
echo keep >"$T/keep.txt"
expect_status 2 "$SUDOKIT" solve -j x -i "$D/17clue-300.txt" -o "$T/keep.txt"
[ "$(cat "$T/keep.txt")" = keep ] && ok || bad "usage error clobbered the output file"
expect_status 2 "$SUDOKIT" count --limit 0
expect_status 2 "$SUDOKIT" solve --bogus
expect_status 2 "$SUDOKIT" frobnicate
expect_status 0 "$SUDOKIT" --help
expect_status 0 "$SUDOKIT" --version
expect_grep "sudokit " "$T/out"

# atomic output: complete file on success, nothing left behind on failure or interruption
expect_status 0 "$SUDOKIT" solve -i "$D/17clue-300.txt" -o "$T/o.txt"
expect_same "$T/o.txt" "$T/sol1" "-o file"
expect_status 2 "$SUDOKIT" solve -i "$D/17clue-300.txt" -o "$T/no/such/dir/o.txt"
[ -z "$(ls "$T" | grep '\.tmp\.')" ] && ok || bad "temporary file left behind"
# interrupted: an endless input keeps the run busy; SIGTERM must leave no file
mkfifo "$T/fifo"
( "$SUDOKIT" solve -i "$T/fifo" -o "$T/int.txt" 2>/dev/null & echo $! >"$T/pid"; wait ) &
exec 3>"$T/fifo"
sed -n 1,50p "$D/17clue-300.txt" >&3
sleep 0.3
kill -TERM "$(cat "$T/pid")" 2>/dev/null
exec 3>&-
wait
[ ! -e "$T/int.txt" ] && ok || bad "interrupted run left $T/int.txt"
[ -z "$(ls "$T" | grep 'int.txt.tmp')" ] && ok || bad "interrupted run left its temporary file"

# puzzles as arguments, in order, as from a file; '--name=value' and -jN
sed -n 1,3p "$D/17clue-300.txt" >"$T/three.txt"
"$SUDOKIT" solve --format=grid -i "$T/three.txt" >"$T/s-file" 2>&1 && ok || bad "solve -i failed"
"$SUDOKIT" solve --format=grid -j2 $(cat "$T/three.txt") >"$T/s-args" 2>&1 && ok || bad "solve PUZZLE... failed"
expect_same "$T/s-args" "$T/s-file" "solve PUZZLE... vs solve -i FILE"
# a two-line argument stays one record (its position is its line)
expect_status 1 "$SUDOKIT" count --limit=5 "$(sed -n 1p "$T/three.txt")" "$(printf '12\n34')" x
[ "$(cat "$T/out" | tr '\n' ' ')" = "1 # invalid: malformed # invalid: malformed " ] && ok || bad "count of 3 arguments: $(cat "$T/out")"
expect_grep '<arguments>:2: ' "$T/err"
expect_grep '<arguments>:3: ' "$T/err"
expect_status 2 "$SUDOKIT" count --limit "$(sed -n 1p "$T/three.txt")"
expect_status 2 "$SUDOKIT" solve --format=none "$(sed -n 1p "$T/three.txt")"

finish
