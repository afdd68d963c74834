# analyze.sh -- sudokit analyze: fields, CSV, bad input, minimality,
# backdoors (checked by placing the magic cells), blank correlation,
# SE and SDRS classes of puzzles whose SE paths are known.
. "$(dirname "$0")/lib.sh"
sample=$SRC/tools/sample-puzzles.txt
seventeen=$SRC/tests/data/cli/17clue-300.txt
solved=534678912672195348198342567859761423426853791713924856961537284287419635345286179

# default fields, one line per puzzle, -j keeps order
expect_status 0 "$SUDOKIT" analyze -i "$sample"
[ "$(wc -l <"$T/out")" -eq "$(grep -c . "$sample")" ] && ok || bad "one line per puzzle"
cp "$T/out" "$T/a1"
expect_grep "^[.1-9]\{81\} givens=[0-9]* level=[a-z-]* minimal=[a-z]* order=[0-9]" "$T/a1"
expect_status 0 "$SUDOKIT" analyze -j 2 -i "$sample"
expect_same "$T/out" "$T/a1" "analyze -j 2 vs -j 1"
expect_status 0 "$SUDOKIT" analyze -i "$sample" -o "$T/a.txt"
expect_same "$T/a.txt" "$T/a1" "-o file vs stdout"

# 17-clue puzzles are minimal (no 16-clue puzzle exists)
head -20 "$seventeen" >"$T/17.txt"
expect_status 0 "$SUDOKIT" analyze --fields minimal,nredundant,givens -i "$T/17.txt"
[ "$(grep -c '^minimal=yes nredundant=0 givens=17$' "$T/out")" -eq 20 ] && ok || bad "17-clue not minimal: $(head -2 "$T/out")"
# ... and one more given from the solution is redundant
p=$(head -1 "$seventeen")
s=$("$SUDOKIT" solve <<EOF
$p
EOF
)
# first blank cell of p gets its solution digit
i=$(awk -v p="$p" 'BEGIN { print index(p, ".") }')
p18=$(printf '%s' "$p" | awk -v i="$i" -v d="$(printf '%s' "$s" | cut -c"$i")" '{ print substr($0, 1, i - 1) d substr($0, i + 1) }')
r=$(( (i - 1) / 9 + 1 )); c=$(( (i - 1) % 9 + 1 )); d=$(printf '%s' "$s" | cut -c"$i")
echo "$p18" | "$SUDOKIT" analyze --fields minimal,redundant >"$T/r" 2>"$T/err" && ok || bad "analyze 18 clues"
grep -q "^minimal=no redundant=.*r${r}c${c}=${d}" "$T/r" && ok || bad "r${r}c${c}=$d not listed redundant: $(cat "$T/r")"

# blank correlation counted by hand: r1c1 and r1c9 blank share a row
two=$(echo "$solved" | sed 's/^./0/; s/^\(........\)./\10/')
echo "$two" | "$SUDOKIT" analyze --fields blanks,links,corr,grade >"$T/c" && ok || bad "corr run"
[ "$(cat "$T/c")" = "blanks=2 links=2 corr=0.0556 grade=I" ] && ok || bad "corr of two blanks: $(cat "$T/c")"
# empty grid but one row: 72 blanks
echo "123456789........................................................................" |
  "$SUDOKIT" analyze --fields blanks,grade --thresholds 0.1,0.2,2 >"$T/c" 2>"$T/err"
# (several solutions: reported and skipped)
grep -q "several solutions" "$T/err" && ok || bad "several solutions not reported"
echo "$two" | "$SUDOKIT" analyze --fields grade --thresholds 0.01,0.02,0.05 >"$T/c" && ok || bad "thresholds run"
[ "$(cat "$T/c")" = "grade=IV" ] && ok || bad "custom thresholds: $(cat "$T/c")"
expect_status 2 "$SUDOKIT" analyze --thresholds 0.5,0.4,0.9 -i "$sample"
expect_grep "thresholds" "$T/err"

# bad input is reported with its line and skipped; the rest is analysed
{
  head -1 "$sample"
  echo "123"
  echo "$solved" | sed 's/^\(...\)../\1../; s/^\(.\{30\}\)../\1../'
  head -1 "$sample"
} >"$T/bad.txt"
expect_status 1 "$SUDOKIT" analyze -i "$T/bad.txt"
[ "$(wc -l <"$T/out")" -eq 4 ] && ok || bad "bad input: $(wc -l <"$T/out") lines"
sed -n 2p "$T/out" | grep -q "# invalid: malformed" && ok || bad "line 2: $(sed -n 2p "$T/out")"
sed -n 3p "$T/out" | grep -q "# invalid: several solutions" && ok || bad "line 3: $(sed -n 3p "$T/out")"
expect_grep "bad.txt:2" "$T/err"
expect_grep "bad.txt:3: puzzle 3: several solutions" "$T/err"
[ "$(sed -n 4p "$T/out")" = "$(head -1 "$T/a1")" ] && ok || bad "good puzzle after bad ones"

# CSV: a header, one row per good puzzle, lists quoted
expect_status 1 "$SUDOKIT" analyze --csv --fields puzzle,givens,redundant -i "$T/bad.txt"
[ "$(head -1 "$T/out")" = "puzzle,givens,redundant" ] && ok || bad "csv header: $(head -1 "$T/out")"
[ "$(wc -l <"$T/out")" -eq 3 ] && ok || bad "csv rows: $(wc -l <"$T/out")"
awk -F'"' 'NR > 1 && NF != 1 && NF != 3 { bad = 1 } END { exit bad }' "$T/out" && ok || bad "csv quoting"

# usage errors
expect_status 2 "$SUDOKIT" analyze --fields puzzle,nope -i "$sample"
expect_grep "unknown field 'nope'" "$T/err"
expect_status 2 "$SUDOKIT" analyze --max-order 5 -i "$sample"
expect_status 2 "$SUDOKIT" analyze --backdoor --set x-wing,no-such-id -i "$sample"
expect_grep "no-such-id" "$T/err"
# --backdoor adds its fields to the default ones, or to --fields
expect_status 0 "$SUDOKIT" analyze --backdoor --max-order 1 -i "$sample"
expect_grep "^[.1-9]\{81\} givens=[0-9]* level=[a-z-]* minimal=[a-z]* order=[0-9>]* nmagic=[0-9]* magic=[^ ]* corr=[0-9.]* grade=[IV]* nodes=[0-9]* guesses=[0-9]* magic_er=" "$T/out" "analyze --backdoor"
expect_status 0 "$SUDOKIT" analyze --backdoor --max-order 1 --fields givens -i "$sample"
[ "$(grep -vc '^givens=[0-9]* order=[0-9>]* nmagic=[0-9]* magic=[^ ]* magic_er=[^ ]*$' "$T/out")" = 0 ] && ok ||
  bad "--fields givens --backdoor: $(head -2 "$T/out")"
# an empty list is an error, not a line of nothing per puzzle
expect_status 2 "$SUDOKIT" analyze --fields "" -i "$sample"
expect_grep "empty" "$T/err"
[ ! -s "$T/out" ] && ok || bad "analyze --fields '' wrote: $(head -2 "$T/out")"
expect_status 0 "$SUDOKIT" analyze --help
expect_grep "sdrs_flags" "$T/out"

# backdoors: every magic cell, placed, leaves a puzzle that singles solve
# (order 0, ER at most 2.3); a puzzle of order 2 lists pairs
head -60 "$seventeen" >"$T/60.txt"
expect_status 0 "$SUDOKIT" analyze --backdoor --max-order 2 -i "$T/60.txt"
cp "$T/out" "$T/bd"
grep -q " order=1 " "$T/bd" && ok || bad "no order-1 puzzle among 60 17-clue puzzles"
grep -q " order=2 .*magic=r[1-9]c[1-9]=[1-9]+r[1-9]c[1-9]=[1-9]" "$T/bd" && ok || bad "no order-2 pair listed"
grep -q " order=0 nmagic=0 magic=- .* magic_er=-$" "$T/bd" && ok || bad "no order-0 puzzle"
: >"$T/placed"
grep " order=1 " "$T/bd" | head -5 | while read -r puz rest; do
  magic=$(printf '%s\n' "$rest" | tr ' ' '\n' | sed -n 's/^magic=//p')
  n=$(printf '%s\n' "$rest" | tr ' ' '\n' | sed -n 's/^nmagic=//p')
  [ "$(printf '%s' "$magic" | tr ',' '\n' | grep -c .)" -eq "$n" ] || echo "count $n vs list $magic" >>"$T/placed.bad"
  for m in $(printf '%s' "$magic" | tr ',' ' '); do
    r=${m#r}; r=${r%%c*}; c=${m#*c}; c=${c%%=*}; d=${m#*=}
    k=$(( (r - 1) * 9 + c ))
    printf '%s\n' "$puz" | awk -v k="$k" -v d="$d" '{ print substr($0, 1, k - 1) d substr($0, k + 1) }' >>"$T/placed"
  done
done
[ ! -s "$T/placed.bad" ] && ok || bad "nmagic vs magic list: $(cat "$T/placed.bad")"
[ -s "$T/placed" ] && ok || bad "no magic cell placed"
expect_status 0 "$SUDOKIT" analyze --fields order -i "$T/placed"
[ "$(grep -vc '^order=0$' "$T/out")" -eq 0 ] && ok || bad "a magic cell does not finish the puzzle: $(grep -v '^order=0$' "$T/out" | head -2)"
expect_status 0 "$SUDOKIT" rate -i "$T/placed" --format '%r'
awk '$1 > 2.3 { bad = 1 } END { exit bad }' "$T/out" && ok || bad "ER after a magic cell above 2.3"
# magic_er is the ER of the puzzle with the magic cell placed
grep " order=1 " "$T/bd" | head -1 | tr ' ' '\n' | sed -n 's/^magic_er=//p' | tr ',' '\n' | sed 's/.*://' >"$T/mer"
head -"$(wc -l <"$T/mer")" "$T/placed" | "$SUDOKIT" rate --format '%r' >"$T/rer"
expect_same "$T/mer" "$T/rer" "magic_er vs rate"

# ssts needs no more cells than singles
expect_status 0 "$SUDOKIT" analyze --fields order --set ssts --max-order 1 -i "$T/60.txt"
paste -d' ' "$T/out" "$T/bd" | awk '{ split($1, a, "="); split($3, b, "=");
  if (b[2] ~ /^[01]$/ && (a[2] !~ /^[01]$/ || a[2] > b[2])) bad = 1 } END { exit bad }' &&
  ok || bad "ssts order above singles order"

# ratings and classes of puzzles whose SE paths are known
cat >"$T/cls.txt" <<'EOF'
..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56
.......71.2.8........4.3...7...6..5....2..3..9........6...7.....8....4......5....
...4..9.1..12...5..5...1.6.5.2...39...9...1...13...8.5.2.9...3..3...42..6.4..7...
....9.....69..1...21...39.43....746...........428....19.71...42...9..83.....5....
...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........
EOF
expect_status 0 "$SUDOKIT" analyze --fields er,ep,ed,se_class,sdrs,sdrs_flags -i "$T/cls.txt"
cat >"$T/want" <<'EOF'
er=8.4 ep=2.6 ed=2.6 se_class=- sdrs=pearl sdrs_flags=pearl
er=2.6 ep=1.2 ed=1.2 se_class=- sdrs=extreme-diamond sdrs_flags=extreme-pearl,extreme-diamond
er=2.8 ep=1.2 ed=1.2 se_class=- sdrs=extreme-pearl sdrs_flags=extreme-pearl
er=9.2 ep=9.2 ed=2.6 se_class=pearl sdrs=extreme-pearl sdrs_flags=pearl,extreme-pearl
er=1.2 ep=1.2 ed=1.2 se_class=diamond sdrs=- sdrs_flags=-
EOF
expect_same "$T/out" "$T/want" "classes of SE-known puzzles"
# er/ep/ed agree with 'sudokit rate' on the sample
expect_status 0 "$SUDOKIT" analyze --fields puzzle,er,ep,ed -i "$sample"
sed 's/ er=/ ED=/; s/ ep=/\//; s/ ed=/\//' "$T/out" >"$T/mine"
"$SUDOKIT" rate -i "$sample" | awk '{ print $1, $NF }' >"$T/theirs"
awk '{ print $1, $NF }' "$T/mine" | cmp -s - "$T/theirs" && ok || bad "analyze er/ep/ed differ from rate"

# steps, hardest, techniques: per puzzle, the path's steps (explain), and
# the steps per technique that rate --profile counts for that puzzle
i=0
while read -r pz; do
  i=$((i + 1)); [ $((i % 4)) = 1 ] || continue
  echo "$pz" | "$SUDOKIT" analyze --fields steps,hardest,techniques,er >"$T/a1" || bad "analyze $pz"
  steps=$(sed 's/.*steps=\([0-9]*\).*/\1/' "$T/a1")
  paths=$(echo "$pz" | "$SUDOKIT" explain | grep -cv '^#\|^ER/EP/ED\|^$\|^stuck')
  [ "$steps" = "$paths" ] && ok || bad "$pz: steps=$steps, explain has $paths"
  sed 's/.*techniques=\([^ ]*\).*/\1/' "$T/a1" | tr ',' '\n' | sort >"$T/t1"
  echo "$pz" | "$SUDOKIT" rate --profile 2>&1 >/dev/null |
    awk '!/^#/ && $3 > 0 { print $1 ":" $3 }' | sort >"$T/t2"
  expect_same "$T/t1" "$T/t2" "$pz: techniques vs rate --profile"
  sum=$(awk -F: '{ s += $2 } END { print s }' "$T/t1")
  [ "$sum" = "$steps" ] && ok || bad "$pz: techniques add up to $sum, steps=$steps"
  hardest=$(sed 's/.*hardest=\([^ ]*\).*/\1/' "$T/a1")
  grep -q "^$hardest:" "$T/t1" && ok || bad "$pz: hardest=$hardest is not among its techniques"
done <"$sample"
expect_status 0 "$SUDOKIT" analyze --fields er,hardest -i "$sample"
grep -q 'er=1.2 hardest=hidden-single-block$' "$T/out" && ok ||
  bad "an ER 1.2 puzzle's hardest step"
grep -q 'er=6.6 hardest=static-chains$' "$T/out" && ok || bad "an ER 6.6 puzzle's hardest step"

finish
