# gen.sh -- the generators on the command line: sudokit -c N / -s FILE
# (the classic assignment), sudokit grids, sudokit generate.
. "$(dirname "$0")/lib.sh"
D=$SRC/tests/data/gen
ROW='^[1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9] [1-9]$'

# check_grids FILE FIRST: the classic format, every grid valid, each
# starting with FIRST; prints the number of grids (awk: slow, for samples)
check_grids() {
  awk -v first="$2" -v row_re="$ROW" '
    BEGIN { n = 0; row = 0; bad = 0 }
    {
      if (row == 9) {
        if ($0 != "") { print "line " NR ": expected a blank line"; bad = 1; exit }
        row = 0; next
      }
      if ($0 !~ row_re) { print "line " NR ": bad grid row"; bad = 1; exit }
      if (row == 0) {
        n++; split("", R); split("", C); split("", B)
        if (substr($0, 1, 1) != first) { print "line " NR ": starts with " substr($0, 1, 1); bad = 1; exit }
      }
      for (c = 0; c < 9; c++) {
        d = substr($0, 2 * c + 1, 1); b = int(row / 3) * 3 + int(c / 3)
        if (R[row, d]++ || C[c, d]++ || B[b, d]++) { print "line " NR ": " d " repeated"; bad = 1; exit }
      }
      row++
    }
    END { if (!bad && row != 9) { print "incomplete last grid"; bad = 1 }
          if (!bad) print n; exit bad }' "$1"
}

# grid file -> one 81-character line per grid
to_lines() { tr -d ' \n' <"$1" | fold -w 81; echo; }

mkdir "$T/cwd"
cd "$T/cwd" || exit 1

# {====== -c N
expect_status 0 "$SUDOKIT" -c 3
[ "$(check_grids sudoku.txt 1)" = 3 ] && ok || bad "-c 3: $(check_grids sudoku.txt 1)"
[ "$(wc -l <sudoku.txt)" -eq 29 ] && ok || bad "-c 3: $(wc -l <sudoku.txt) lines, wanted 29"
[ "$(tail -n 1 sudoku.txt)" != "" ] && ok || bad "-c 3: file ends with a blank line"
[ "$(ls)" = sudoku.txt ] && ok || bad "-c 3 left other files: $(ls)"

expect_status 0 "$SUDOKIT" -c 2000 --first 7
[ "$(check_grids sudoku.txt 7)" = 2000 ] && ok || bad "-c 2000 --first 7: $(check_grids sudoku.txt 7)"
cp sudoku.txt "$T/g2000"

# a million: exact size, every row well formed, blank lines every tenth
# line, first digit of each grid, and all grids pairwise distinct
expect_status 0 "$SUDOKIT" -c 1000000
[ "$(wc -c <sudoku.txt)" -eq 162999999 ] && ok || bad "-c 1000000: $(wc -c <sudoku.txt) bytes"
[ "$(grep -c -v -e "$ROW" -e '^$' sudoku.txt)" -eq 0 ] && ok || bad "-c 1000000: malformed lines"
awk 'NR % 10 == 0 && $0 != "" { exit 1 } NR % 10 == 1 && substr($0, 1, 2) != "1 " { exit 1 }' sudoku.txt \
  && ok || bad "-c 1000000: blank lines or first digits out of place"
to_lines sudoku.txt >"$T/m.lines"
[ "$(grep -c . "$T/m.lines")" -eq 1000000 ] && ok || bad "-c 1000000: not 1000000 grids"
[ "$(LC_ALL=C sort -u "$T/m.lines" | grep -c .)" -eq 1000000 ] && ok || bad "-c 1000000: grids repeat"
head -n 99999 sudoku.txt >"$T/m.head"
[ "$(check_grids "$T/m.head" 1)" = 10000 ] && ok || bad "-c 1000000 (first 10000): $(check_grids "$T/m.head" 1)"
# the same grids through the ordinary interface
"$SUDOKIT" grids -n 1000000 --format line >"$T/g.lines" 2>"$T/err" && ok || bad "grids -n 1000000 failed"
expect_same "$T/g.lines" "$T/m.lines" "grids --format line vs -c"
rm -f "$T/m.lines" "$T/g.lines"
"$SUDOKIT" grids -n 1000000 -o "$T/g.txt" && ok || bad "grids -o failed"
expect_same "$T/g.txt" sudoku.txt "grids -o vs -c"
rm -f "$T/g.txt"

# every usage error: status 2, a message, no file created or changed
for args in "abc" "0" "-1" "1000001" "" "5 extra" "5 --first 0" "5 --first" "5 --first x" "1e3" "5 -o x"; do
  rm -f ./*
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" -c $args
  [ -s "$T/err" ] && ok || bad "-c '$args': no message"
  [ -z "$(ls)" ] && ok || bad "-c '$args' created $(ls)"
  echo precious >sudoku.txt
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" -c $args
  [ "$(cat sudoku.txt)" = precious ] && [ "$(ls)" = sudoku.txt ] && ok || bad "-c '$args' touched sudoku.txt"
done
expect_status 2 "$SUDOKIT" -c ""
expect_grep "needs a number\|not a whole number" "$T/err"
expect_status 2 "$SUDOKIT" -c 1000001
expect_grep "out of range" "$T/err"
expect_status 0 "$SUDOKIT" -c --help
expect_grep "sudoku.txt" "$T/out"
# }======

# {====== -s FILE
rm -f ./*
cp "$T/g2000" full.txt
expect_status 0 "$SUDOKIT" -s full.txt
expect_same sudoku.txt full.txt "-s of complete grids"

# puzzles made by generate, solved back to their solutions
"$SUDOKIT" generate -n 60 --seed 3 --with-solution >"$T/pairs" && ok || bad "generate --with-solution"
awk '{ print $1 }' "$T/pairs" | sed 's/\./0/g' >"$T/p.lines"
awk '{ print $2 }' "$T/pairs" >"$T/s.lines"
lines_to_grids() {
  awk '{ if (NR > 1) print ""; for (r = 0; r < 9; r++) { s = ""
         for (c = 1; c <= 9; c++) s = s (c > 1 ? " " : "") substr($0, 9 * r + c, 1); print s } }' "$1"
}
lines_to_grids "$T/p.lines" >puzzles.txt
lines_to_grids "$T/s.lines" >"$T/expected"
expect_status 0 "$SUDOKIT" -s puzzles.txt
expect_same sudoku.txt "$T/expected" "-s of generated puzzles"
# the same puzzles written by generate --format grid
"$SUDOKIT" generate -n 60 --seed 3 --format grid -o puzzles2.txt && ok || bad "generate --format grid"
expect_same puzzles2.txt puzzles.txt "generate --format grid vs line"
"$SUDOKIT" generate -n 60 --seed 3 --format grid --with-solution -o both.txt && ok || bad "grid --with-solution"
to_lines both.txt | awk 'NR % 2 == 1' | grep . >"$T/bp"
to_lines both.txt | awk 'NR % 2 == 0' >"$T/bs"
expect_same "$T/bp" "$T/p.lines" "grid --with-solution: puzzles"
expect_same "$T/bs" "$T/s.lines" "grid --with-solution: solutions"

# bad puzzles: reported with number and line, a zero grid keeps the
# positions, the others are solved, status 1
cp "$D/classic.txt" .
expect_status 1 "$SUDOKIT" -s classic.txt
expect_same sudoku.txt "$D/classic.expected" "-s classic.txt"
expect_grep "classic.txt:13: puzzle 2: " "$T/err" "bad row message"
expect_grep "classic.txt:21: puzzle 3: no solution" "$T/err" "no-solution message"
[ "$(grep -c . "$T/err")" -eq 2 ] && ok || bad "-s classic.txt: $(cat "$T/err")"

# several solutions: one of them, a warning, status 0
for i in 1 2 3 4 5 6 7 8 9; do echo "0 0 0 0 0 0 0 0 0"; done >empty.txt
expect_status 0 "$SUDOKIT" -s empty.txt
expect_grep "several solutions" "$T/err"
[ "$(check_grids sudoku.txt "$(head -c 1 sudoku.txt)")" = 1 ] && ok || bad "-s empty grid: no valid solution"

# usage errors leave sudoku.txt alone
echo precious >sudoku.txt
for args in "" "missing.txt" "a b"; do
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" -s $args
  [ "$(cat sudoku.txt)" = precious ] && ok || bad "-s '$args' touched sudoku.txt"
done
: >nothing.txt
expect_status 1 "$SUDOKIT" -s nothing.txt
expect_grep "no puzzle" "$T/err"
[ "$(cat sudoku.txt)" = precious ] && ok || bad "-s of an empty file touched sudoku.txt"
[ -z "$(ls | grep tmp)" ] && ok || bad "temporary files left: $(ls)"
# }======

# {====== grids
expect_status 0 "$SUDOKIT" grids -n 5 --format line
[ "$(grep -c '^1[1-9]\{80\}$' "$T/out")" -eq 5 ] && ok || bad "grids --format line: $(head -c 200 "$T/out")"
expect_status 0 "$SUDOKIT" grids
[ "$(check_grids "$T/out" 1)" = 1 ] && ok || bad "grids: default one grid"
# numbering: a window is the same grids as the same part of a longer run
"$SUDOKIT" grids -n 40330 --format line --first 4 | tail -n 20 >"$T/a" && ok || bad "grids -n 40330"
"$SUDOKIT" grids -n 20 --start 40310 --format line --first 4 >"$T/b" && ok || bad "grids --start"
expect_same "$T/a" "$T/b" "grids --start window"
# the last grid there is; one past it is an error
expect_status 0 "$SUDOKIT" grids -n 1 --start 135444234239 --format line
expect_status 2 "$SUDOKIT" grids -n 2 --start 135444234239
expect_grep "135444234240" "$T/err"
expect_status 2 "$SUDOKIT" grids -n 135444234241
for args in "-n 0" "-n x" "--first 10" "--format candidates" "--start -1" "-o" "--bogus"; do
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" grids $args
done
expect_status 0 "$SUDOKIT" grids --help
expect_grep "135444234240" "$T/out"
# }======

# {====== generate
# -j 1 and -j 2 give the same puzzles for one seed; other seeds differ
"$SUDOKIT" generate -n 300 --seed 42 -j 1 >"$T/j1" && ok || bad "generate -j 1"
"$SUDOKIT" generate -n 300 --seed 42 -j 2 >"$T/j2" && ok || bad "generate -j 2"
expect_same "$T/j1" "$T/j2" "generate -j 1 vs -j 2"
"$SUDOKIT" generate -n 300 --seed 42 -j 2 >"$T/j3" && ok || bad "generate again"
expect_same "$T/j1" "$T/j3" "generate run to run"
"$SUDOKIT" generate -n 300 --seed 43 >"$T/j4"
[ "$(cat "$T/j1" "$T/j4" | sort -u | grep -c .)" -eq 600 ] && ok || bad "seeds 42 and 43 share puzzles"
# every puzzle has exactly one solution, by the counter
"$SUDOKIT" count -i "$T/j1" >"$T/c" && ok || bad "count failed"
[ "$(sort -u "$T/c")" = 1 ] && ok || bad "generated puzzles without a unique solution: $(sort "$T/c" | uniq -c)"

givens() { awk '{ print gsub(/[1-9]/, "", $1) }' "$1"; }
for spec in "easy 36 40" "medium 30 35" "hard 24 29"; do
  set -- $spec
  "$SUDOKIT" generate -n 100 --level "$1" --seed 9 >"$T/l" && ok || bad "--level $1"
  out=$(givens "$T/l" | awk -v lo="$2" -v hi="$3" '$1 < lo || $1 > hi { print }')
  [ -z "$out" ] && ok || bad "--level $1: givens $out outside $2-$3"
  "$SUDOKIT" count -i "$T/l" >"$T/c"
  [ "$(sort -u "$T/c")" = 1 ] && ok || bad "--level $1: not unique"
done
"$SUDOKIT" generate -n 50 --givens 31 --seed 1 >"$T/l" && ok || bad "--givens 31"
[ "$(givens "$T/l" | sort -u)" = 31 ] && ok || bad "--givens 31: $(givens "$T/l" | sort -u | tr '\n' ' ')"

# symmetry of the givens' pattern (line: cell i is character i+1)
sym_ok() {   # sym_ok FILE KIND
  awk -v kind="$2" '{
    for (i = 0; i < 81; i++) {
      r = int(i / 9); c = i % 9
      if (kind == "rot180") j = 80 - i
      else if (kind == "rot90") j = 9 * c + (8 - r)
      else if (kind == "mirror") j = 9 * r + (8 - c)
      else j = 9 * c + r
      if ((substr($1, i + 1, 1) == ".") != (substr($1, j + 1, 1) == ".")) exit 1
    } }' "$1"
}
for s in rot180 rot90 mirror diagonal; do
  "$SUDOKIT" generate -n 40 --symmetry "$s" --seed 4 >"$T/s" && ok || bad "--symmetry $s"
  sym_ok "$T/s" "$s" && ok || bad "--symmetry $s: asymmetric puzzle"
  "$SUDOKIT" count -i "$T/s" >"$T/c"
  [ "$(sort -u "$T/c")" = 1 ] && ok || bad "--symmetry $s: not unique"
done
if sym_ok "$T/j1" rot180; then bad "--symmetry none gave only rot180 patterns"; else ok; fi

# --with-solution: the second field solves the first
"$SUDOKIT" generate -n 30 --seed 8 --with-solution --level medium >"$T/w" && ok || bad "--with-solution"
bads=0
while read -r p s; do valid_solution "$p" "$s" || bads=$((bads + 1)); done <"$T/w"
[ "$bads" -eq 0 ] && ok || bad "--with-solution: $bads wrong solutions"

# impossible combinations fail cleanly and leave -o alone
echo precious >keep.txt
expect_status 1 "$SUDOKIT" generate --minimal --level easy --attempts 3 --seed 1 -o keep.txt
expect_grep "try a wider range" "$T/err"
[ "$(cat keep.txt)" = precious ] && ok || bad "failed generate touched -o file"
for args in "--level expert" "--givens 10-20" "--givens 40-30" "--givens 30-x" "--level easy --givens 30-31" \
            "--symmetry rot90 --givens 30" "--symmetry spiral" "--seed -1" "--seed 18446744073709551616" \
            "-n 0" "--format candidates" "--attempts 0" "--bogus"; do
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" generate $args
  [ -s "$T/err" ] && ok || bad "generate $args: no message"
done
expect_status 0 "$SUDOKIT" generate --seed 18446744073709551615
expect_status 0 "$SUDOKIT" generate --help
expect_grep "not the techniques\|nothing about the solving techniques" "$T/out"
# }======

cd / || exit 1
finish
