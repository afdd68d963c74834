# lua.sh -- `sudokit run`, the Lua module, the rating policies (issue 6).
. "$(dirname "$0")/lib.sh"
D=$SRC/tests/data/lua

# the Lua test scripts (API, policies); each prints its count of checks
for t in "$SRC"/tests/lua/test_*.lua; do
  expect_status 0 "$SUDOKIT" run "$t" "$SRC"
  expect_grep "checks passed" "$T/out" "$(basename "$t")"
done

# arguments: arg[0] is the script, arg[1..] and ... the rest
printf 'print(arg[0], #arg, arg[1], arg[2], select("#", ...), ...)\n' >"$T/args.lua"
expect_status 0 "$SUDOKIT" run "$T/args.lua" one "two words"
[ "$(cat "$T/out")" = "$(printf '%s\t2\tone\ttwo words\t2\tone\ttwo words' "$T/args.lua")" ] && ok \
  || bad "script arguments: $(cat "$T/out")"
expect_status 0 "$SUDOKIT" run -e 'print(#arg, ...)' a b
[ "$(cat "$T/out")" = "$(printf '2\ta\tb')" ] && ok || bad "-e arguments: $(cat "$T/out")"
printf 'print(require("sudokit").grid():empty())\n' | "$SUDOKIT" run - >"$T/out" 2>"$T/err" \
  && [ "$(cat "$T/out")" = 81 ] && ok || bad "script from stdin: $(cat "$T/out" "$T/err")"

# usage errors exit 2
expect_status 2 "$SUDOKIT" run
expect_status 2 "$SUDOKIT" run --timeout abc "$T/args.lua"
expect_status 2 "$SUDOKIT" run --limit-instructions 0 "$T/args.lua"
expect_status 2 "$SUDOKIT" run --bogus "$T/args.lua"
expect_status 0 "$SUDOKIT" run --help
expect_grep "limit-instructions" "$T/out" "run --help"

# a broken script: exit 1, file:line of the error, and a traceback
printf 'local sk = require "sudokit"\nlocal t = {}\nprint(t.x.y)\n' >"$T/rt.lua"
expect_status 1 "$SUDOKIT" run "$T/rt.lua"
expect_grep "sudokit run: $T/rt.lua:3: attempt to index a nil value" "$T/err" "runtime error message"
expect_grep "stack traceback" "$T/err" "runtime error traceback"
printf 'local x = 1\nlocal = 2\n' >"$T/syn.lua"
expect_status 1 "$SUDOKIT" run "$T/syn.lua"
expect_grep "$T/syn.lua:2: " "$T/err" "syntax error message"
expect_status 1 "$SUDOKIT" run "$T/missing.lua"
expect_grep "cannot open $T/missing.lua" "$T/err" "missing script"
# an error raised by the module names the script's line
printf 'local sk = require "sudokit"\nlocal g = sk.grid()\ng:get(10, 1)\n' >"$T/misuse.lua"
expect_status 1 "$SUDOKIT" run "$T/misuse.lua"
expect_grep "$T/misuse.lua:3: bad argument #1 to 'get' (row must be 1..9)" "$T/err" "misuse message"

# a broken table: its file:line:col reaches the script's error
printf 'local sk = require "sudokit"\nassert(sk.table(...))\n' >"$T/tab.lua"
expect_status 1 "$SUDOKIT" run "$T/tab.lua" "$D/broken-table.yaml"
expect_grep "$T/tab.lua:2: $D/broken-table.yaml:7:11: 'base' must be a number" "$T/err" "broken table message"
expect_status 1 "$SUDOKIT" run "$SRC/tests/lua/rate-policy.lua" "$D/bad-table-policy.lua" - "$D/se-basic.tsv"
expect_grep "broken-table.yaml:7:11:" "$T/err" "policy with a broken table"
expect_status 1 "$SUDOKIT" run "$SRC/tests/lua/rate-policy.lua" "$D/broken-policy.lua" - "$D/se-basic.tsv"
expect_grep "broken-policy.lua:4:" "$T/err" "broken policy"

# runaway scripts are stopped, with the line they were on
printf 'local n = 0\nwhile true do n = n + 1 end\n' >"$T/loop.lua"
expect_status 1 timeout 60 "$SUDOKIT" run --limit-instructions 100000 "$T/loop.lua"
expect_grep "$T/loop.lua:2: instruction limit (100000) exceeded" "$T/err" "instruction limit"
expect_status 1 timeout 60 "$SUDOKIT" run --timeout 0.3 "$T/loop.lua"
expect_grep "$T/loop.lua:2: time limit (0.3 s) exceeded" "$T/err" "time limit"
# catching the error does not help
printf 'while true do\n  pcall(function() while true do end end)\nend\n' >"$T/catch.lua"
expect_status 1 timeout 60 "$SUDOKIT" run --limit-instructions 50000 "$T/catch.lua"
expect_grep "instruction limit (50000) exceeded" "$T/err" "instruction limit through pcall"
# coroutines count too
printf 'local co = coroutine.wrap(function() while true do end end)\nco()\n' >"$T/co.lua"
expect_status 1 timeout 60 "$SUDOKIT" run --timeout 0.3 "$T/co.lua"
expect_grep "$T/co.lua:1: time limit (0.3 s) exceeded" "$T/err" "time limit in a coroutine"
# a script under its limit is unaffected
expect_status 0 "$SUDOKIT" run --limit-instructions 100000000 --timeout 60 "$T/args.lua"

# se.lua prints what plain `rate` prints.  The table is se.yaml as far as
# the loaded plugins go (all of it once every technique plugin exists).
"$SUDOKIT" run -e 'local sk = require "sudokit"
local e = assert(sk.engine{missing = "drop"})
io.write(e:table():yaml())' >"$T/se-loaded.yaml" && ok || bad "writing the loaded table"
grep -v '^#' "$D/se-basic.tsv" | cut -f1 >"$T/corpus.txt"
cat "$SRC/tests/data/cli/17clue-300.txt" >>"$T/corpus.txt"
expect_status 0 "$SUDOKIT" rate -j 2 --table "$T/se-loaded.yaml" -i "$T/corpus.txt"
mv "$T/out" "$T/plain.txt"
expect_status 0 "$SUDOKIT" run "$SRC/tests/lua/rate-policy.lua" se "$T/se-loaded.yaml" "$T/corpus.txt"
mv "$T/out" "$T/policy.txt"
[ "$(wc -l <"$T/plain.txt")" -eq "$(wc -l <"$T/corpus.txt")" ] && ok || bad "plain rate: one line per puzzle"
expect_same "$T/policy.txt" "$T/plain.txt" "se.lua vs plain rate"

# the experiments, on the reference puzzles (techniques not loaded yet are
# left out with --drop-missing; these puzzles never need them)
EXP=$SRC/tools/experiments
grep -v '^#' "$D/se-basic.tsv" | cut -f1 >"$T/basic.txt"
n=$(wc -l <"$T/basic.txt")
expect_status 0 "$SUDOKIT" run "$EXP/ser-vs-xdrs.lua" --quiet --drop-missing -j 2 "$T/basic.txt" "$T/svx"
expect_grep "Spearman rank correlation of ER and D: 0\.9" "$T/out" "ser-vs-xdrs summary"
expect_grep "^D against ER" "$T/out" "ser-vs-xdrs band table"
expect_grep "largest rank moves" "$T/out" "ser-vs-xdrs rank movers"
[ "$(wc -l <"$T/svx/ser-vs-xdrs.csv")" -eq $((n + 1)) ] && ok || bad "ser-vs-xdrs.csv: one row per puzzle"
expect_grep "^puzzle,ER,EP,ED,P,D,se_technique,xdrs_technique," "$T/svx/ser-vs-xdrs.csv" "csv header"
# every CSV row: ER as SE rates it, D from P by the formula
awk -F, 'NR == FNR { split($0, f, "\t"); want[f[1]] = f[2]; next }
  FNR > 1 { if (want[$1] != $2) bad++; d = (90 * $5 + 19) / 109; if (d > 10) d = 10;
            if (sprintf("%.3f", d) != $6) bad++; rows++ }
  END { exit !(rows > 0 && bad == 0) }' "$D/se-basic.tsv" "$T/svx/ser-vs-xdrs.csv" \
  && ok || bad "ser-vs-xdrs.csv: ER or D wrong"
if command -v gnuplot >/dev/null 2>&1; then
  for f in er-vs-d hist-er hist-d; do
    [ "$(head -c 4 "$T/svx/$f.png" | od -An -c | tr -d ' ')" = "211PNG" ] && ok || bad "$f.png is not a PNG"
  done
else
  echo "lua.sh: gnuplot not installed, plots not checked (apt-get install gnuplot-nox)"
fi
expect_status 2 "$SUDOKIT" run "$EXP/ser-vs-xdrs.lua"
expect_status 2 "$SUDOKIT" run "$EXP/ser-vs-xdrs.lua" --bogus "$T/basic.txt"

expect_status 0 "$SUDOKIT" run "$EXP/tweak-one.lua" --quiet --drop-missing "$T/basic.txt" x-wing +0.5 "$T/tw"
expect_grep "x-wing 3.2 -> 3.7" "$T/out" "tweak-one header"
expect_grep "^changed: ER [1-9]" "$T/out" "tweak-one: some puzzles change"
[ "$(wc -l <"$T/tw/tweak.csv")" -eq $((n + 1)) ] && ok || bad "tweak.csv: one row per puzzle"
# a change is +0.1 .. +0.5 and only where x-wing is the hardest step after
awk -F, 'FNR > 1 && $2 != $3 { d = $3 - $2; if (d < 0.05 || d > 0.55 || $9 != "x-wing") bad++; n++ }
  END { exit !(n > 0 && bad == 0) }' "$T/tw/tweak.csv" && ok || bad "tweak.csv: unexpected changes"
# the saved table reproduces the "after" column
"$SUDOKIT" run -e 'local sk = require "sudokit"
local csv, yaml = ...
local e = assert(sk.engine{table = yaml, missing = "drop"})
assert(e:table():get("x-wing").base == 3.7, "x-wing is 3.7 in the saved table")
local first = true
for line in io.lines(csv) do
  if not first then
    local p, after = line:match("^([^,]+),[^,]+,([^,]+)")
    assert(sk.tenths(e:rate(sk.grid(p)).er) == after, p)
  end
  first = false
end' "$T/tw/tweak.csv" "$T/tw/se-x-wing-3.7.yaml" >"$T/out" 2>"$T/err" && ok || bad "saved tweaked table: $(cat "$T/err")"
expect_status 2 "$SUDOKIT" run "$EXP/tweak-one.lua" --drop-missing "$T/basic.txt" no-such-technique 1
expect_grep "no technique 'no-such-technique'" "$T/err" "tweak-one unknown technique"

# the loadable module: a plain lua5.4 finds it (not with sanitizers, whose
# runtime must be loaded first)
if command -v lua5.4 >/dev/null 2>&1 && [ -f "$BUILD/lua/sudokit.so" ]; then
  LUA_CPATH="$BUILD/lua/?.so" lua5.4 -e '
    local sk = require "sudokit"
    local g = assert(sk.grid("...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8........."))
    local e = assert(sk.engine{missing = "drop"})
    local r = e:rate(g)
    print(sk.version, g:count(), sk.tenths(r.er))' >"$T/out" 2>"$T/err"
  if grep -q "AddressSanitizer\|ASan runtime" "$T/err"; then
    echo "lua.sh: skipping the plain lua5.4 check (sanitizer build)"
  else
    [ "$(cut -f2,3 "$T/out")" = "$(printf '1\t1.2')" ] && ok || bad "lua5.4 require: $(cat "$T/out" "$T/err")"
  fi
else
  bad "no lua5.4 or no $BUILD/lua/sudokit.so"
fi

finish
