# rate.sh -- sudokit rate / explain / techniques: serate compatibility,
# checks before rating, tables and plugins from the command line.
. "$(dirname "$0")/lib.sh"
sample=$SRC/tools/sample-puzzles.txt
tsv=$SRC/tests/data/se/se-ratings.tsv
TP=${BUILD:-$SRC/build}/test-plugins

# ratings of the sample equal SE's (the sample rows come from se-ratings.tsv)
expect_status 0 "$SUDOKIT" rate -i "$sample"
[ "$(wc -l <"$T/out")" -eq "$(wc -l <"$sample")" ] && ok || bad "one line per puzzle"
awk -F'\t' 'NR > 1 { print $1 " ED=" $2 "/" $3 "/" $4 }' "$tsv" | sort >"$T/se"
sort "$T/out" >"$T/ours"
join "$T/ours" "$T/se" >/dev/null 2>&1
missing=$(comm -23 "$T/ours" "$T/se" | wc -l)
[ "$missing" -eq 0 ] && ok || bad "$missing sample ratings differ from SE: $(comm -23 "$T/ours" "$T/se" | head -3)"
cp "$T/out" "$T/r1"

# -j 2 keeps input order and gives the same ratings
expect_status 0 "$SUDOKIT" rate -j 2 -i "$sample"
expect_same "$T/out" "$T/r1" "rate -j 2 vs -j 1"

# GNU parallel spreads a corpus over processes (or hosts); -k keeps order
if command -v parallel >/dev/null 2>&1; then
  parallel --will-cite --pipe -k -N 5 "$SUDOKIT" rate <"$sample" >"$T/par" 2>/dev/null && ok || bad "parallel run failed"
  expect_same "$T/par" "$T/r1" "parallel --pipe -k vs -j 1"
else
  bad "GNU parallel is not installed (tools/deps.sh test installs it)"
fi

# --profile: per technique to stderr; ratings unchanged; the steps column
# adds up to the steps of the paths (explain), the searches of the first
# technique to one per step, whatever -j
"$SUDOKIT" rate --profile -j 2 -i "$sample" >"$T/prof.out" 2>"$T/prof.err" && ok || bad "rate --profile failed"
expect_same "$T/prof.out" "$T/r1" "rate --profile vs rate"
expect_grep "^# profile: $(wc -l <"$sample") puzzles rated" "$T/prof.err"
"$SUDOKIT" explain -i "$sample" >"$T/paths" 2>/dev/null
nsteps=$(grep -cv '^#\|^ER/EP/ED\|^$\|^stuck' "$T/paths")
psteps=$(awk '!/^#/ { s += $3 } END { print s }' "$T/prof.err")
[ "$nsteps" -gt 0 ] && [ "$psteps" = "$nsteps" ] && ok || bad "profile steps $psteps, paths $nsteps"
first=$(awk '!/^#/ && $1 == "full-house" { print $2 }' "$T/prof.err")
[ "$first" = "$nsteps" ] && ok || bad "full-house searched $first times for $nsteps steps"
expect_status 2 "$SUDOKIT" rate --profile --policy se -i "$sample"

# serate's format directives
head -2 "$sample" | "$SUDOKIT" rate --format '%n:%r/%p/%d %% [%g]' >"$T/f" 2>"$T/err" && ok || bad "format run failed"
l1=$(head -1 "$sample")
r1=$(head -1 "$T/r1" | sed 's/.* ED=//')
[ "$(head -1 "$T/f")" = "1:$r1 % [$l1]" ] && ok || bad "format gave '$(head -1 "$T/f")'"
# the help shows the directives as they are typed
"$SUDOKIT" rate --help >"$T/help" 2>&1 && ok || bad "rate --help failed"
expect_grep '%g input line, %r ER, %p EP, %d ED' "$T/help" "rate --help: the format directives"
grep -q '%%g' "$T/help" && bad "rate --help shows a doubled percent sign" || ok
grep -q '^2:' "$T/f" && ok || bad "%n of the second puzzle"

# checks before rating: each case reported with its line, marked, never rated
solved=534678912672195348198342567859761423426853791713924856961537284287419635345286179
{
  head -1 "$sample"
  # r1c4,r1c5,r4c4,r4c5 emptied: a deadly rectangle, 2 solutions
  echo "$solved" | sed 's/^\(...\)../\1../; s/^\(.\{30\}\)../\1../'
  echo "12345678.........9..............................................................."
  echo "123"
  head -1 "$sample"
} >"$T/bad.txt"
expect_status 1 "$SUDOKIT" rate -i "$T/bad.txt"
[ "$(wc -l <"$T/out")" -eq 5 ] && ok || bad "bad input: $(wc -l <"$T/out") lines, wanted 5"
sed -n 2p "$T/out" | grep -q '# invalid: several solutions' && ok || bad "line 2: $(sed -n 2p "$T/out")"
sed -n 3p "$T/out" | grep -q '# invalid: no solution' && ok || bad "line 3: $(sed -n 3p "$T/out")"
sed -n 4p "$T/out" | grep -q '# invalid: malformed' && ok || bad "line 4: $(sed -n 4p "$T/out")"
[ "$(sed -n 5p "$T/out")" = "$(head -1 "$T/r1")" ] && ok || bad "good puzzle after bad ones"
expect_grep "bad.txt:2: puzzle 2: several solutions" "$T/err"
expect_grep "bad.txt:3: puzzle 3: no solution" "$T/err"
expect_grep "bad.txt:4" "$T/err"

# explain names each step as the table does: SE calls a full house a
# "Hidden Single", XDRS "Full House"; its hidden singles in a line are
# "Hidden Single (row/column)"
"$SUDOKIT" explain -i "$sample" >"$T/ex.se" 2>/dev/null
"$SUDOKIT" explain --table xdrs -i "$sample" >"$T/ex.xdrs" 2>/dev/null
grep -q '^1\.0 Full House:' "$T/ex.se" && bad "explain under se says Full House" || ok
expect_grep '^1\.0 Hidden Single: ' "$T/ex.se" "explain under se"
expect_grep '^1\.0 Full House: ' "$T/ex.xdrs" "explain under xdrs"
expect_grep '^1\.5 Hidden Single (row/column): ' "$T/ex.xdrs" "explain under xdrs"
grep -q '^1\.[25] Hidden Single: ' "$T/ex.xdrs" && bad "explain under xdrs uses SE's name" || ok
# explain: one step per line, then the rating
head -1 "$sample" | "$SUDOKIT" explain >"$T/ex" && ok || bad "explain failed"
[ "$(head -1 "$T/ex")" = "# $(head -1 "$sample")" ] && ok || bad "explain header"
grep -q '^[0-9]*\.[0-9] .* => r[1-9]c[1-9]' "$T/ex" && ok || bad "explain step lines: $(sed -n 2p "$T/ex")"
grep -q "^ER/EP/ED = $(head -1 "$T/r1" | sed 's/.* ED=//')\$" "$T/ex" && ok || bad "explain rating line"

# --verify on sound techniques passes; on a lying plugin it stops with an error
expect_status 0 "$SUDOKIT" rate --verify -i "$sample"
expect_same "$T/out" "$T/r1" "--verify output"
printf 'name: liar\ntechniques:\n  - id: full-house\n    base: 1.0\n  - id: bad-elim\n    base: 1.1\n' >"$T/liar.yaml"
mkdir "$T/liarplug" && cp "$TP/bad_hint.so" "$T/liarplug/"
sed -n 10p "$sample" | "$SUDOKIT" rate --verify --table "$T/liar.yaml" --plugins "$T/liarplug" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && ok || bad "--verify with a lying plugin should exit 1"
expect_grep "contradicts the solution" "$T/err"
expect_grep "# wrong step" "$T/out"

# --table: a changed copy changes ratings; errors name file:line:column
sed 's/^\(    base: \)1\.2$/\11.3/' "$SRC/ratings/se.yaml" >"$T/t13.yaml"
grep -q 'base: 1.3' "$T/t13.yaml" && ok || bad "test table edit failed"
head -1 "$sample" | "$SUDOKIT" rate --table "$T/t13.yaml" --format '%r' >"$T/out" 2>"$T/err"
[ "$(cat "$T/out")" = 1.3 ] && ok || bad "a 1.2 puzzle under the changed table rates $(cat "$T/out")"
printf 'name: x\ntechniques:\n  - id: full-house\n    base: 1.0\n    bse: 2\n' >"$T/badkey.yaml"
expect_status 2 "$SUDOKIT" rate --table "$T/badkey.yaml" -i "$sample"
expect_grep "badkey.yaml:5:5:" "$T/err"
printf 'name: x\ntechniques:\n  - id: full-house\n    base: 1.0\n  - id: no-such-thing\n    base: 2.0\n' >"$T/unknown.yaml"
expect_status 2 "$SUDOKIT" rate --table "$T/unknown.yaml" -i "$sample"
expect_grep "unknown.yaml:5:5: technique 'no-such-thing' is not provided by any loaded plugin" "$T/err"
expect_status 2 "$SUDOKIT" rate --table no-such-table -i "$sample"

# plugins: --plugins and SUDOKIT_PLUGIN_PATH add techniques; failures name the file
mkdir "$T/extra" && cp "$TP/template.so" "$T/extra/"
expect_status 0 "$SUDOKIT" techniques --plugins "$T/extra"
expect_grep "template-full-house" "$T/out"
SUDOKIT_PLUGIN_PATH="$T/extra" expect_status 0 "$SUDOKIT" techniques
expect_grep "template-full-house" "$T/out"
mkdir "$T/dup" && cp "${BUILD:-$SRC/build}/plugins/singles.so" "$T/dup/singles.so"
expect_status 2 "$SUDOKIT" rate --plugins "$T/dup" -i "$sample"
expect_grep "$T/dup/singles.so: .*duplicate technique id 'full-house'" "$T/err"
mkdir "$T/abi" && cp "$TP/bad_abi.so" "$T/abi/"
expect_status 2 "$SUDOKIT" techniques --plugins "$T/abi"
expect_grep "bad_abi.so: built for plugin ABI 99" "$T/err"

# techniques: table order with each difficulty rule
expect_status 0 "$SUDOKIT" techniques
[ "$(sed -n 2p "$T/out" | awk '{print $2}')" = full-house ] && ok || bad "first technique: $(sed -n 2p "$T/out")"
expect_grep "unique-loop .*4.5 + steps(length)" "$T/out"

# --budget: a puzzle over budget is marked, exit 1
# the reference set's hardest puzzle (ER 11.1, about 0.1 s), well over any budget below
hard=$(awk -F"\t" "NR > 1 && \$2 > m { m = \$2; p = \$1 } END { print p }" "$tsv")
echo "$hard" | "$SUDOKIT" rate --budget 0.001 >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && ok || bad "--budget should exit 1"
expect_grep "# over budget" "$T/out"
# --policy: Lua rating policies; se.lua equals plain rate, xdrs.lua prints P and D
expect_status 0 "$SUDOKIT" rate --policy se -j 2 -i "$sample"
expect_same "$T/out" "$T/r1" "rate --policy se vs rate"
expect_status 0 "$SUDOKIT" rate --policy xdrs -i "$sample"
[ "$(grep -c ' P=[0-9.]* D=[0-9]*\.[0-9][0-9][0-9]$' "$T/out")" -eq "$(wc -l <"$sample")" ] && ok || bad "xdrs lines: $(head -2 "$T/out")"
printf 'return {name = "broken", result = function(r) return r.er + nil end}\n' >"$T/broken.lua"
head -1 "$sample" | "$SUDOKIT" rate --policy "$T/broken.lua" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && ok || bad "a failing policy should exit 1"
expect_grep "broken.lua:1:" "$T/err"
expect_grep "# not rated: policy error" "$T/out"
printf 'return {name = "c", result = function(r) return {L = tostring(package.loadlib), C = package.cpath} end, fields = {"L", "C"}}\n' >"$T/cpol.lua"
head -1 "$sample" | "$SUDOKIT" rate --policy "$T/cpol.lua" >"$T/out" 2>"$T/err"
grep -q 'L=nil C=$' "$T/out" && ok || bad "a policy must not load C code: $(cat "$T/out" "$T/err")"
expect_status 2 "$SUDOKIT" rate --policy se --format '%r' -i "$sample"
expect_status 2 "$SUDOKIT" rate --policy no-such-policy -i "$sample"
# --header: one '#' line saying how the ratings were made (build, table or
# policy, plugins, format, each file with a hash of its bytes); the ratings
# below it are unchanged, and the output stays valid input
hx='fnv1a64=[0-9a-f]\{16\}'
expect_status 0 "$SUDOKIT" rate --header -o "$T/hdr" -i "$sample"
head -1 "$T/hdr" >"$T/hdr1"
expect_grep "^# sudokit [0-9.]* rate; binary $hx; table [^ ]*/se.yaml $hx;" "$T/hdr1"
expect_grep " plugin [^ ]*chains[^ ]* \($hx\|built in\);" "$T/hdr1"
expect_grep ' format "%g ED=%r/%p/%d"$' "$T/hdr1"
tail -n +2 "$T/hdr" >"$T/hdr.rest"
expect_same "$T/hdr.rest" "$T/r1" "rate --header: the lines after the header"
expect_status 0 "$SUDOKIT" rate -i "$T/hdr"
[ "$(wc -l <"$T/out")" -eq "$(wc -l <"$sample")" ] && ok ||
  bad "the header line was read as a puzzle"
# the table's hash follows its bytes, not its path
cp "$SRC/ratings/se.yaml" "$T/a.yaml"; cp "$T/a.yaml" "$T/c.yaml"
cp "$T/a.yaml" "$T/b.yaml"; echo "# one more byte" >>"$T/b.yaml"
for t in a b c; do
  head -1 "$sample" | "$SUDOKIT" rate --header --table "$T/$t.yaml" | head -1 |
    sed -n 's/.* table [^ ]* fnv1a64=\([0-9a-f]*\);.*/\1/p' >"$T/h.$t"
done
[ -s "$T/h.a" ] && cmp -s "$T/h.a" "$T/h.c" && ok || bad "one table's bytes, two hashes"
cmp -s "$T/h.a" "$T/h.b" && bad "two tables, one hash" || ok
"$SUDOKIT" explain --header -i "$sample" 2>/dev/null | head -1 >"$T/hdr1"
expect_grep "^# sudokit [0-9.]* explain; binary $hx; table " "$T/hdr1"
head -1 "$sample" | "$SUDOKIT" rate --header --policy xdrs | head -1 >"$T/hdr1"
expect_grep "; policy [^ ]*/xdrs.lua $hx; table [^ ]*/xdrs.yaml $hx; plugin " "$T/hdr1"
# the policy's own table is named with its hash: editing it shows
mkdir "$T/pol"
cp "$SRC/ratings/xdrs.lua" "$SRC/ratings/xdrs.yaml" "$T/pol/"
sed -i 's|table *= *"xdrs"|table = "xdrs.yaml"|' "$T/pol/xdrs.lua"
for k in 1 2; do
  [ "$k" = 2 ] && echo "# one more byte" >>"$T/pol/xdrs.yaml"
  head -1 "$sample" | "$SUDOKIT" rate --header --policy "$T/pol/xdrs.lua" | head -1 >"$T/hdr.p$k"
done
expect_grep "; table $T/pol/xdrs.yaml $hx;" "$T/hdr.p1" "the policy's table in the header"
cmp -s "$T/hdr.p1" "$T/hdr.p2" && bad "editing the policy's table leaves the header as it was" || ok
head -1 "$sample" | "$SUDOKIT" rate --header --policy xdrs --table se | head -1 >"$T/hdr1"
expect_grep "; policy [^ ]*/xdrs.lua $hx; table [^ ]*/se.yaml $hx; plugin " "$T/hdr1"
expect_status 2 "$SUDOKIT" techniques --header
# a newline or quote in the format is escaped: the header stays one line
head -1 "$sample" | "$SUDOKIT" rate --header --format "$(printf '"%%r"\nnext')" >"$T/out"
[ "$(grep -c '^#' "$T/out")" = 1 ] && [ "$(wc -l <"$T/out")" = 3 ] && ok ||
  bad "header: $(cat "$T/out")"
expect_grep ' format "\\"%r\\"\\x0anext"$' "$T/out"
# --pearl, --diamond: serate's early stops, compared with serate's own
# output (tests/data/se/se-pearl-diamond.tsv: 88 puzzles, 9 diamonds, 19
# pearls, 60 neither; a diamond rating that stops at its first placement
# says EP 0.0, as serate does)
pd=$SRC/tests/data/se/se-pearl-diamond.tsv
awk -F'\t' 'NR > 1 { print $1 }' "$pd" >"$T/pd.in"
for mode in pearl diamond; do
  col=2; [ $mode = diamond ] && col=3
  awk -F'\t' -v c=$col 'NR > 1 { print $1 " " $c }' "$pd" >"$T/pd.se"
  expect_status 0 "$SUDOKIT" rate --$mode --format '%g %r/%p/%d' -i "$T/pd.in"
  expect_same "$T/out" "$T/pd.se" "rate --$mode vs serate --$mode"
done
[ "$(grep -c ' 20\.0/0\.0/' "$T/pd.se")" -gt 0 ] && ok ||
  bad "no diamond stop at a first placement in $pd"
head -3 "$sample" | tail -1 | "$SUDOKIT" explain --pearl >"$T/out" 2>&1
expect_grep "^not a pearl$" "$T/out"
expect_grep "^ER/EP/ED = 20.0/1.2/1.2$" "$T/out"
expect_status 2 "$SUDOKIT" rate --pearl --policy se -i "$sample"

# serate's own command lines work as they are: --name=VALUE, -f/-p/-d,
# and puzzles given as arguments (each compared with serate's output)
awk -F'\t' 'NR > 1 { print $1 " " $2 }' "$pd" >"$T/pd.pearl"
awk -F'\t' 'NR > 1 { print $1 " " $3 }' "$pd" >"$T/pd.diamond"
expect_status 0 "$SUDOKIT" rate --pearl --format=%g\ %r/%p/%d --input="$T/pd.in" --output="$T/eq.out"
expect_same "$T/eq.out" "$T/pd.pearl" "rate --pearl --format=... --input=... --output=..."
expect_status 0 "$SUDOKIT" rate -d -f '%g %r/%p/%d' $(head -5 "$T/pd.in")
head -5 "$T/pd.diamond" >"$T/pd5"
expect_same "$T/out" "$T/pd5" "rate -d -f FMT PUZZLE..."
expect_status 0 "$SUDOKIT" rate -p -f'%g %r/%p/%d' -- $(sed -n 6,8p "$T/pd.in")
sed -n 6,8p "$T/pd.pearl" >"$T/pd3"
expect_same "$T/out" "$T/pd3" "rate -p -fFMT -- PUZZLE..."
# a bad argument is reported by its position; the others are still rated
p1=$(sed -n 1p "$T/pd.in"); p2=$(sed -n 2p "$T/pd.in")
expect_status 1 "$SUDOKIT" rate --format='%r/%p/%d' "$p1" 12345 "$p2"
expect_grep '<arguments>:2: puzzle 2: expected 81 characters, got 5' "$T/err"
[ "$(wc -l <"$T/out")" -eq 3 ] && ok || bad "three lines for three arguments: $(cat "$T/out")"
[ "$(sed -n 2p "$T/out")" = "12345 # invalid: malformed" ] && ok || bad "the bad argument is marked: $(cat "$T/out")"
# the same puzzles from a file and as arguments: the same output
head -5 "$T/pd.in" >"$T/pd5.in"
"$SUDOKIT" rate -i "$T/pd5.in" >"$T/from-file" 2>&1 && ok || bad "rate -i failed"
"$SUDOKIT" rate $(cat "$T/pd5.in") >"$T/from-args" 2>&1 && ok || bad "rate PUZZLE... failed"
expect_same "$T/from-args" "$T/from-file" "rate PUZZLE... vs rate -i FILE"
"$SUDOKIT" explain "$p1" >"$T/ex-args" 2>&1 && ok || bad "explain PUZZLE failed"
echo "$p1" | "$SUDOKIT" explain >"$T/ex-in" 2>&1
expect_same "$T/ex-args" "$T/ex-in" "explain PUZZLE vs explain <FILE"
# what cannot work is a usage error, said as such
expect_status 2 "$SUDOKIT" rate --verify=yes "$p1"
expect_grep "--verify takes no value (given 'yes')" "$T/err"
expect_status 2 "$SUDOKIT" rate -i "$T/pd5.in" "$p1"
expect_grep "puzzles given both as arguments and with -i" "$T/err"
expect_status 2 "$SUDOKIT" techniques "$p1"
expect_status 2 "$SUDOKIT" rate --budget= "$p1"
finish
