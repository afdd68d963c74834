# canon.sh -- sudokit canon and transform: isomorphs made by transform share
# the canonical form, --with-transform reproduces it through transform
# --spec, --dedup keeps the first of each class (any -j), --grid takes the
# solution's form; bad input and bad specs are reported.
. "$(dirname "$0")/lib.sh"

head -40 "$SRC/tools/sample-puzzles.txt" | grep -v '^#' | grep . | head -8 >"$T/base"
n=$(wc -l <"$T/base")
[ "$n" -ge 5 ] && ok || bad "sample: only $n puzzles"

# ten random isomorphs of each puzzle: one form per puzzle
expect_status 0 "$SUDOKIT" transform -n 10 --seed 3 -i "$T/base"
cp "$T/out" "$T/iso"
[ "$(wc -l <"$T/iso")" -eq $((10 * n)) ] && ok || bad "transform -n 10 wrote $(wc -l <"$T/iso") lines"
expect_status 0 "$SUDOKIT" canon -i "$T/iso" -j 2
cp "$T/out" "$T/forms"
[ "$(sort -u "$T/forms" | wc -l)" -eq "$n" ] && ok || bad "$(sort -u "$T/forms" | wc -l) forms for $n classes"
expect_status 0 "$SUDOKIT" canon -i "$T/base"
awk '{ for (i = 0; i < 10; i++) print }' "$T/out" >"$T/want"
expect_same "$T/forms" "$T/want" "forms of the isomorphs vs of the puzzles"
# the isomorphs are not all the same puzzle (transform moved them)
[ "$(sort -u "$T/iso" | wc -l)" -gt "$n" ] && ok || bad "transform made no new isomorphs"
# same seed, same isomorphs for any -j
expect_status 0 "$SUDOKIT" transform -n 10 --seed 3 -i "$T/base" -j 2
expect_same "$T/out" "$T/iso" "transform -j 2 vs -j 1"

# --with-transform: the spec printed takes the puzzle to its form
p=$(head -1 "$T/base" | cut -c1-81)
expect_status 0 "$SUDOKIT" canon --with-transform "$p"
form=$(cut -d' ' -f1 "$T/out"); spec=$(cut -d' ' -f2 "$T/out")
expect_status 0 "$SUDOKIT" transform --spec "$spec" "$p"
[ "$(cat "$T/out")" = "$form" ] && ok || bad "transform --spec $spec gave $(cat "$T/out"), not $form"
# a form is its own form
expect_status 0 "$SUDOKIT" canon "$form"
[ "$(cat "$T/out")" = "$form" ] && ok || bad "the form of a form changed"

# --dedup: the first of each class, as read, in input order, for any -j
awk 'NR == 3 || (NR > 10 && NR % 10 == 1)' "$T/iso" >"$T/firsts"
{ sed -n '3,$p' "$T/iso"; sed -n '1,2p' "$T/iso"; } >"$T/rot"
expect_status 0 "$SUDOKIT" canon --dedup -i "$T/rot" -j 2
cp "$T/out" "$T/dd"
expect_same "$T/dd" "$T/firsts" "--dedup: the first of each class"
expect_grep "$n puzzles kept, $((9 * n)) isomorphs" "$T/err"
expect_status 0 "$SUDOKIT" canon --dedup -i "$T/rot" -j 1
expect_same "$T/out" "$T/dd" "--dedup -j 1 vs -j 2"

# --grid: the solution grid's form, shared by the isomorphs; a complete grid
# is its own solution
expect_status 0 "$SUDOKIT" canon --grid -i "$T/iso"
[ "$(sort -u "$T/out" | wc -l)" -eq "$n" ] && ok || bad "--grid: $(sort -u "$T/out" | wc -l) grid forms"
g=$(head -1 "$T/out")
case "$g" in 123456789*) ok ;; *) bad "a grid form starts $g" ;; esac
"$SUDOKIT" solve "$p" >"$T/sol"
expect_status 0 "$SUDOKIT" canon -i "$T/sol"
expect_status 0 "$SUDOKIT" canon --grid "$p"
[ "$(cat "$T/out")" = "$("$SUDOKIT" canon -i "$T/sol")" ] && ok || bad "--grid vs the form of the solution"

# bad input: named by line, others processed; a multi-solution puzzle for --grid
printf '%s\n11.......%s\n%s\n' "$p" "$(printf '%072d' 0 | tr 0 .)" "$p" >"$T/bad"
expect_status 1 "$SUDOKIT" canon -i "$T/bad"
expect_grep "bad:2" "$T/err"
[ "$(grep -c invalid "$T/out")" -eq 1 ] && [ "$(wc -l <"$T/out")" -eq 3 ] && ok || bad "bad input: $(cat "$T/out")"
expect_status 1 "$SUDOKIT" canon --grid "$(printf '%081d' 0 | tr 0 .)"
expect_grep "several solutions" "$T/err"
# empty input: nothing written; CRLF lines and grid-format input read as usual
: >"$T/empty"
expect_status 0 "$SUDOKIT" canon -i "$T/empty"
[ ! -s "$T/out" ] && ok || bad "canon of an empty file wrote something"
expect_status 0 "$SUDOKIT" canon --dedup -i "$T/empty"
printf '%s\r\n' "$p" >"$T/crlf"
expect_status 0 "$SUDOKIT" canon -i "$T/crlf"
[ "$(cat "$T/out")" = "$form" ] && ok || bad "CRLF: $(cat "$T/out")"
echo "$p" | sed 's/\./0/g; s/\(.\)/\1 /g; s/ $//' | fold -w 18 | sed 's/ $//' >"$T/gridfmt"
expect_status 0 "$SUDOKIT" canon -i "$T/gridfmt"
[ "$(cat "$T/out")" = "$form" ] && ok || bad "grid format: $(cat "$T/out")"
# bad specs are usage errors
expect_status 2 "$SUDOKIT" transform --spec rows=412356789 "$p"
expect_grep "bands" "$T/err"
expect_status 2 "$SUDOKIT" transform --spec digits=12345678 "$p"
expect_status 2 "$SUDOKIT" transform --spec rows=123456789 -n 3 "$p"
expect_status 2 "$SUDOKIT" canon --frobnicate "$p"
finish
