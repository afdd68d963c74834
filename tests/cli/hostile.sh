# hostile.sh -- hostile input for every way data enters the CLI (issue 9):
# odd files, broken puzzles, tables and Lua, and runs that are interrupted.
# Each case checks the exit status (0 ok, 1 data error, 2 usage error),
# the message, and that nothing else was lost.
. "$(dirname "$0")/lib.sh"
# as lib.sh's, and a sanitizer report fails the check even when the status
# is the one wanted (ASan exits 1, like a data error)
expect_status() {
  want=$1; shift
  "$@" >"$T/out" 2>"$T/err"; got=$?
  if grep -q 'Sanitizer\|runtime error: ' "$T/err"; then bad "'$*': $(grep -m 3 'Sanitizer\|runtime error' "$T/err")"
  elif [ "$got" = "$want" ]; then ok
  else bad "'$*' exited $got, wanted $want; stderr: $(head -c 400 "$T/err")"; fi
}
sample=$SRC/tools/sample-puzzles.txt
P1=$(sed -n 1p "$sample")
sed -n 1,10p "$sample" >"$T/good.txt"          # ten quick puzzles (ER <= 5.2)
BATCH="solve count rate explain analyze"          # the commands that read puzzles

# 81-character puzzles that are wrong in one way each
nosol=12345678.........9...............................................................
several=$(awk 'BEGIN { s = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  print substr(s, 1, 3) ".." substr(s, 6, 25) ".." substr(s, 33) }')   # a deadly rectangle
twice=123456789123456789...............................................................

# {====== empty files, huge lines, NUL bytes, CRLF

: >"$T/empty.txt"
for c in $BATCH; do
  expect_status 0 "$SUDOKIT" $c -i "$T/empty.txt"
  [ ! -s "$T/out" ] && ok || bad "$c on an empty file wrote: $(head -c 200 "$T/out")"
done
printf '# only a comment\n\n\n' >"$T/blank.txt"
expect_status 0 "$SUDOKIT" rate -i "$T/blank.txt"
[ ! -s "$T/out" ] && ok || bad "rate on comments and blank lines wrote something"

# a 10 MB line, then a good puzzle: the line is reported, the puzzle still done
{ head -c 10485760 /dev/zero | tr '\000' 1; echo; echo "$P1"; } >"$T/huge.txt"
for c in $BATCH; do
  expect_status 1 "$SUDOKIT" $c -i "$T/huge.txt"
  expect_grep "huge.txt:1: puzzle 1: expected 81 characters, got 10485760" "$T/err" "$c stderr (10 MB line)"
  [ "$(wc -c <"$T/out")" -lt 200000 ] && ok || bad "$c echoed the 10 MB line whole ($(wc -c <"$T/out") bytes)"
done
expect_status 1 "$SUDOKIT" rate -i "$T/huge.txt"
[ "$(sed -n 2p "$T/out")" = "$P1 ED=1.2/1.2/1.2" ] && ok || bad "puzzle after the 10 MB line: $(sed -n 2p "$T/out" | head -c 200)"
# a 10 MB line without any newline
head -c 10485760 /dev/zero | tr '\000' . >"$T/huge2.txt"
expect_status 1 "$SUDOKIT" count -i "$T/huge2.txt"
[ "$(cat "$T/out")" = "# invalid: malformed" ] && ok || bad "10 MB without newline: $(head -c 200 "$T/out")"

# NUL bytes inside a puzzle, alone on a line, and after a puzzle
{
  printf '%s\n' "$P1" | sed 's/^\(.\{40\}\)./\1@/' | tr @ '\000'
  printf '\000\000\000\n'
  printf '%s\n' "$P1"
  printf '%s\000\n' "$P1"
} >"$T/nul.txt"
for c in $BATCH; do
  expect_status 1 "$SUDOKIT" $c -i "$T/nul.txt"
  expect_grep "nul.txt:1: puzzle 1: bad character 0x00 at column 41" "$T/err" "$c stderr (NUL in a puzzle)"
  expect_grep "nul.txt:2: " "$T/err" "$c stderr (NUL line)"
  expect_grep "nul.txt:4: " "$T/err" "$c stderr (NUL after a puzzle)"
done
expect_status 1 "$SUDOKIT" solve -i "$T/nul.txt"
[ "$(sed -n 3p "$T/out")" = "$("$SUDOKIT" solve -i "$T/good.txt" | head -1)" ] && ok || bad "puzzle among NUL lines not solved"
[ "$(wc -l <"$T/out")" -eq 4 ] && ok || bad "solve with NULs: $(wc -l <"$T/out") records, wanted 4"

# CRLF line ends (lines and a grid) give the same output as LF
sed 's/$/\r/' "$T/good.txt" >"$T/crlf.txt"
for c in $BATCH; do
  expect_status 0 "$SUDOKIT" $c -i "$T/good.txt"
  mv "$T/out" "$T/lf.out"
  expect_status 0 "$SUDOKIT" $c -i "$T/crlf.txt"
  expect_same "$T/out" "$T/lf.out" "$c with CRLF"
done
printf '%s\n' "$P1" | awk '{ for (r = 0; r < 9; r++) { row = ""
    for (c = 1; c <= 9; c++) { d = substr($0, 9 * r + c, 1); row = row (c > 1 ? " " : "") (d == "." ? 0 : d) }
    printf "%s\r\n", row } }' >"$T/gridcrlf.txt"
expect_status 0 "$SUDOKIT" rate -i "$T/gridcrlf.txt" --format %r
[ "$(cat "$T/out")" = 1.2 ] && ok || bad "CRLF grid: $(cat "$T/out")"

# }======

# {====== broken puzzles: 80 and 82 characters, every digit given twice, no solution

{
  printf '%s\n' "$P1" | cut -c1-80
  printf '%s1\n' "$P1"
  printf '%s.\n' "$P1"
  echo "$twice"
  echo "$nosol"
  echo "$P1"
} >"$T/odd.txt"
for c in $BATCH; do
  expect_status 1 "$SUDOKIT" $c -i "$T/odd.txt"
  expect_grep "odd.txt:1: puzzle 1: expected 81 characters, got 80" "$T/err" "$c stderr (80 characters)"
  expect_grep "odd.txt:2: puzzle 2: expected 81 characters, got 82" "$T/err" "$c stderr (82 characters)"
  expect_grep "odd.txt:3: puzzle 3: expected 81 characters, got 82" "$T/err" "$c stderr (82 characters)"
  expect_grep "odd.txt:4: puzzle 4: digit 1 given twice" "$T/err" "$c stderr (every digit twice)"
done
# the unsolvable puzzle: rate, explain and analyze say so and rate nothing
for c in rate analyze; do
  expect_status 1 "$SUDOKIT" $c -i "$T/odd.txt"
  expect_grep "odd.txt:5: puzzle 5: no solution" "$T/err" "$c stderr (no solution)"
  [ "$(sed -n 5p "$T/out")" = "$nosol # invalid: no solution" ] && ok || bad "$c, no solution: $(sed -n 5p "$T/out")"
  [ "$(sed -n 4p "$T/out")" = "$twice # invalid: malformed" ] && ok || bad "$c, digits twice: $(sed -n 4p "$T/out")"
  sed -n 6p "$T/out" | grep -q "^$P1 " && ok || bad "$c: the good puzzle after the bad ones: $(sed -n 6p "$T/out")"
done
expect_status 1 "$SUDOKIT" explain -i "$T/odd.txt"
expect_grep "odd.txt:5: puzzle 5: no solution" "$T/err" "explain stderr (no solution)"
awk 'BEGIN { RS = "" } NR == 5' "$T/out" >"$T/block"
[ "$(cat "$T/block")" = "$(printf '# %s\n# invalid: no solution' "$nosol")" ] && ok || bad "explain, no solution: $(cat "$T/block")"
awk 'BEGIN { RS = "" } NR == 6' "$T/out" | grep -q '^ER/EP/ED = 1.2/1.2/1.2$' && ok || bad "explain: good puzzle after the bad ones"
expect_status 1 "$SUDOKIT" solve -i "$T/odd.txt"
[ "$(sed -n 5p "$T/out")" = "# invalid: no solution" ] && ok || bad "solve, no solution: $(sed -n 5p "$T/out")"
printf '%s\n' "$nosol" | "$SUDOKIT" count >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && [ "$(cat "$T/out")" = 0 ] && ok || bad "count of a contradiction: $(cat "$T/out" "$T/err")"
# several solutions: rated by nobody, solved with a warning
printf '%s\n' "$several" | "$SUDOKIT" rate >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q '# invalid: several solutions' "$T/out" && ok || bad "rate, several solutions: $(cat "$T/out")"
printf '%s\n' "$several" | "$SUDOKIT" solve >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && grep -q 'several solutions' "$T/err" && valid_solution "$several" "$(cat "$T/out")" \
  && ok || bad "solve, several solutions: $(cat "$T/out" "$T/err")"

# generate reads no puzzles: its bad options are usage errors that write nothing
echo keep >"$T/keep.txt"
for a in "--givens 10-12" "--givens 40-30" "--givens x" "--level impossible" "--symmetry spiral" \
         "-n 0" "-n -5" "-n 1e3" "--seed -1" "--seed 18446744073709551616" "--attempts 0" \
         "--er abc" "--er 5-3" "--sdrs bogus" "--xdrs 99-100" "--level easy --givens 30-31" "--bogus" \
         "-n"; do
  # shellcheck disable=SC2086
  expect_status 2 "$SUDOKIT" generate $a -o "$T/keep.txt"
  [ "$(cat "$T/keep.txt")" = keep ] && ok || bad "generate $a touched the output"
  [ -s "$T/err" ] && ok || bad "generate $a: no message"
done
expect_status 2 "$SUDOKIT" generate -o "$T/no/such/dir/g.txt"
expect_status 2 "$SUDOKIT" grids -n 0
expect_status 2 "$SUDOKIT" grids --first 10
expect_status 2 "$SUDOKIT" grids --start 135444234240
# a generation that cannot succeed: data error, no file
expect_status 1 "$SUDOKIT" generate --minimal --givens 17 --attempts 1 --seed 1 -o "$T/g17.txt"
expect_grep "no puzzle with 17-17 givens" "$T/err" "generate, impossible"
[ ! -e "$T/g17.txt" ] && [ -z "$(ls "$T" | grep 'g17.txt.tmp')" ] && ok || bad "failed generate left a file"

# }======

# {====== rating tables: anchors and aliases, deep nesting, huge numbers, negative difficulties

table() {   # table NAME TEXT: write $T/NAME.yaml
  printf '%s\n' "$2" >"$T/$1.yaml"
}
rate_table() {   # rate_table NAME WANT_STATUS PATTERN
  printf '%s\n' "$P1" | "$SUDOKIT" rate --table "$T/$1.yaml" >"$T/out" 2>"$T/err"
  got=$?
  [ "$got" = "$2" ] && ok || bad "rate --table $1.yaml exited $got, wanted $2: $(head -c 300 "$T/err")"
  expect_grep "$3" "$T/err" "rate --table $1.yaml"
  [ ! -s "$T/out" ] && ok || bad "rate --table $1.yaml rated with a bad table"
}
table anchor 'name: anchors
techniques:
  - &fh
    id: full-house
    base: 1.0
  - id: naked-single
    base: &b 2.3
  - id: hidden-single-block
    base: *b'
rate_table anchor 2 "anchor.yaml:3:5: anchors are not supported"
table alias 'name: alias
techniques:
  - {id: full-house, base: 1.0}
  - *nowhere'
rate_table alias 2 "alias.yaml:4:"
table merge 'name: merge
defaults: &d {base: 1.0}
techniques:
  - <<: *d
    id: full-house'
rate_table merge 2 "merge.yaml:2:"
# a billion laughs: nine levels of nine aliases
{
  echo "name: laughs"
  echo 'a0: &a0 [x, x, x, x, x, x, x, x, x]'
  i=1
  while [ $i -le 9 ]; do
    p=a$((i - 1))
    echo "a$i: &a$i [*$p, *$p, *$p, *$p, *$p, *$p, *$p, *$p, *$p]"
    i=$((i + 1))
  done
  echo "techniques: *a9"
} >"$T/laughs.yaml"
rate_table laughs 2 "laughs.yaml:2:"
# deep nesting: flow sequences and block mappings, far past any table's depth
awk 'BEGIN { s = "name: deep\ntechniques: "; for (i = 0; i < 100000; i++) s = s "["; for (i = 0; i < 100000; i++) s = s "]"; print s }' >"$T/deep.yaml"
rate_table deep 2 "deep.yaml:2:.*nested too deeply"
awk 'BEGIN { s = "name: deep2\ntechniques:\n  - id: full-house\n    base: 1.0\n    modifiers: ";
  for (i = 0; i < 50000; i++) s = s "{a: "; s = s "1"; for (i = 0; i < 50000; i++) s = s "}"; print s }' >"$T/deep2.yaml"
rate_table deep2 2 "deep2.yaml:5:.*nested too deeply"
# huge numbers
table huge1 'name: huge
techniques:
  - {id: full-house, base: 1e400}'
rate_table huge1 2 "huge1.yaml:3:"
table huge2 'name: huge
techniques:
  - {id: full-house, base: 99999999999999999999999999}'
rate_table huge2 2 "huge2.yaml:3:.*out of range"
table huge3 'name: huge
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: length, steps: {99999999999999999999: 0.1}}'
rate_table huge3 2 "huge3.yaml:6:.*out of range"
table huge4 'name: huge
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: size, linear: 0.1, from: 4294967297}'
rate_table huge4 2 "huge4.yaml:6:.*out of range"
table huge5 'name: huge
techniques:
  - {id: full-house, base: 1.00000000000000000000000000000000000001}'
rate_table huge5 2 "huge5.yaml:3:"
table huge6 "name: $(head -c 100000 /dev/zero | tr '\000' n)
techniques:
  - {id: full-house, base: 1.0}"
printf '%s\n' "$P1" | "$SUDOKIT" rate --table "$T/huge6.yaml" --format %r >"$T/out" 2>"$T/err"
[ $? -eq 0 ] || grep -q "huge6.yaml:1:" "$T/err" && ok || bad "a 100 kB table name: $(head -c 300 "$T/err")"
# negative difficulties: base, steps, map, linear and chain additions
table neg1 'name: neg
techniques:
  - {id: full-house, base: -1.0}'
rate_table neg1 2 "neg1.yaml:3:.*out of range"
table neg2 'name: neg
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: length, steps: {6: -0.5}}'
rate_table neg2 2 "neg2.yaml:6:.*out of range"
table neg3 'name: neg
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: size, linear: -0.1, from: 1}'
rate_table neg3 2 "neg3.yaml:6:.*out of range"
table neg4 'name: neg
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: type, map: {1: -2.0}}'
rate_table neg4 2 "neg4.yaml:6:.*out of range"
table neg5 'name: neg
techniques:
  - id: full-house
    base: 1.0
    modifiers:
      - {figure: complexity, chain: {offset: 2, first: 4, step: -0.1}}'
rate_table neg5 2 "neg5.yaml:6:"
table neg6 'name: neg
techniques:
  - {id: full-house, base: 1.0}
  - {id: naked-single, base: -0.001}'
rate_table neg6 2 "neg6.yaml:4:"
# a table that is not YAML at all, and one that is binary
printf 'name: [unclosed\n' >"$T/broken.yaml"
rate_table broken 2 "broken.yaml:"
printf '\377\376\000\001\033[0m\n\000' >"$T/binary.yaml"
rate_table binary 2 "binary.yaml"
expect_status 2 "$SUDOKIT" rate --table "$T" -i "$T/good.txt"     # a directory
expect_status 2 "$SUDOKIT" rate --table "$T/empty.txt" -i "$T/good.txt"

# }======

# {====== Lua: errors, runaway loops, wrong types

printf 'local sk = require "sudokit"\nerror("deliberate")\n' >"$T/err.lua"
expect_status 1 "$SUDOKIT" run "$T/err.lua"
expect_grep "sudokit run: $T/err.lua:2: deliberate" "$T/err" "script error"
printf 'error({code = 7})\n' >"$T/errtab.lua"
expect_status 1 "$SUDOKIT" run "$T/errtab.lua"
expect_grep "error object is a table value" "$T/err" "non-string error object"
printf 'error(setmetatable({}, {__tostring = function() return "custom text" end}))\n' >"$T/errts.lua"
expect_status 1 "$SUDOKIT" run "$T/errts.lua"
expect_grep "custom text" "$T/err" "error object with __tostring"
printf 'local t = setmetatable({}, {__gc = function() error("in a finaliser") end})\nt = nil\ncollectgarbage()\nprint("after")\n' >"$T/gc.lua"
expect_status 0 "$SUDOKIT" run "$T/gc.lua"
expect_grep "^after$" "$T/out" "script goes on after a failing finaliser"
printf 'return 1 +\n' >"$T/syntax.lua"
expect_status 1 "$SUDOKIT" run "$T/syntax.lua"
expect_grep "$T/syntax.lua:" "$T/err" "syntax error"
printf 'local x = "\000" .. nil\n' >"$T/nulsrc.lua"
expect_status 1 "$SUDOKIT" run "$T/nulsrc.lua"
expect_status 1 "$SUDOKIT" run "$T/empty.txt/nothing.lua"
expect_status 0 "$SUDOKIT" run "$T/empty.txt"                      # an empty script does nothing
# a script that asks for a terabyte string gets an error, not a crash
printf 'local s = ("x"):rep(1 << 40)\n' >"$T/mem.lua"
expect_status 1 "$SUDOKIT" run "$T/mem.lua"
expect_grep "mem.lua:1: .*\(not enough memory\|too large\)" "$T/err" "a terabyte string"

# runaway loops: in the script, in a policy callback, in a chooser called from C
printf 'while true do end\n' >"$T/spin.lua"
expect_status 1 timeout 120 "$SUDOKIT" run --limit-instructions 200000 "$T/spin.lua"
expect_grep "$T/spin.lua:1: instruction limit (200000) exceeded" "$T/err" "instruction limit"
expect_status 1 timeout 120 "$SUDOKIT" run --timeout 0.5 "$T/spin.lua"
expect_grep "$T/spin.lua:1: time limit (0.5 s) exceeded" "$T/err" "time limit"
printf 'local function f(n) return f(n + 1) end\nreturn f(1)\n' >"$T/tail.lua"
expect_status 1 timeout 120 "$SUDOKIT" run --limit-instructions 100000 "$T/tail.lua"
expect_grep "instruction limit" "$T/err" "endless tail calls"
printf 'local function f() return 1 + f() end\nf()\n' >"$T/deep.lua"
expect_status 1 timeout 120 "$SUDOKIT" run "$T/deep.lua"
expect_grep "stack overflow" "$T/err" "endless recursion"
# the policies below are driven the way `rate --policy` drives one
cat >"$T/drive.lua" <<'EOF'
local sk = require "sudokit"
local path, puzzle = ...
local p = assert(sk.policy(path, {missing = "drop"}))
local g = assert(sk.grid(puzzle))
print(assert(p:line(g, {raw = puzzle, extra = "", index = 1, line = 1}, {})))
EOF
printf 'return {name = "spin", result = function(r)\n  while true do end\nend}\n' >"$T/spinpol.lua"
expect_status 1 timeout 120 "$SUDOKIT" run --limit-instructions 200000 "$T/drive.lua" "$T/spinpol.lua" "$P1"
expect_grep "$T/spinpol.lua:2: instruction limit (200000) exceeded" "$T/err" "loop in a policy"
printf 'return {name = "spin", choose = function(e, g)\n  while true do end\nend, result = function(r) return {} end}\n' >"$T/spinchoose.lua"
expect_status 1 timeout 120 "$SUDOKIT" run --timeout 1 "$T/drive.lua" "$T/spinchoose.lua" "$P1"
expect_grep "$T/spinchoose.lua:2: time limit (1 s) exceeded" "$T/err" "loop in a chooser"
cat >"$T/spinrate.lua" <<'EOF'
local sk = require "sudokit"
local e = assert(sk.engine{missing = "drop"})
local g = assert(sk.grid(...))
e:rate(g, {choose = function(en, grid, step)
  if step > 3 then while true do end end
  return en:first(grid)
end})
EOF
expect_status 1 timeout 120 "$SUDOKIT" run --limit-instructions 300000 "$T/spinrate.lua" "$P1"
expect_grep "$T/spinrate.lua:5: instruction limit (300000) exceeded" "$T/err" "loop in a chooser called by e:rate"

# wrong types from a policy and its callbacks: an error that says what was expected
wrong() {   # wrong NAME POLICY-SOURCE PATTERN
  printf '%s\n' "$2" >"$T/$1.lua"
  expect_status 1 "$SUDOKIT" run "$T/drive.lua" "$T/$1.lua" "$P1"
  expect_grep "$3" "$T/err" "policy $1"
  [ ! -s "$T/out" ] && ok || bad "policy $1 printed a line: $(cat "$T/out")"
}
wrong notable 'return 17' "notable.lua: a policy must return a table, not number"
wrong noresult 'return {name = "x"}' "noresult.lua: a policy needs 'result'"
wrong badname 'return {name = 5, result = function() end}' "badname.lua: 'name' must be a string"
wrong badchoose 'return {choose = "random", result = function() end}' "badchoose.lua: 'choose' must be"
wrong badfields 'return {fields = "ER", result = function() end}' "badfields.lua: 'fields' must be"
wrong resultnum 'return {result = function(r) return 42 end}' "must give a table of fields, not number"
wrong formattab 'return {result = function(r) return {ER = r.er} end, format = function() return {} end}' \
  "format must return a string, not table"
wrong choosestr 'return {choose = function() return "a hint" end, result = function(r) return {} end}' \
  "choose must return a hint or nil, not string"
wrong ratestr 'return {rate = function() return "fields" end}' "must give a table of fields, not string"
wrong badtable 'return {table = 42, result = function() end}' "badtable.lua: 'table' must be a string"
wrong errresult 'return {result = function(r) error("no result today") end}' "errresult.lua:1: no result today"
# a declined puzzle is not an error for the policy: the line says why
printf 'return {result = function(r) return nil, "declined here" end}\n' >"$T/decline.lua"
expect_status 0 "$SUDOKIT" run -e 'local sk = require "sudokit"
local path, puzzle = ...
local p = assert(sk.policy(path, {missing = "drop"}))
print(p:line(sk.grid(puzzle), {raw = puzzle}))' "$T/decline.lua" "$P1"
expect_grep "declined here" "$T/out" "declining policy"

# `rate --policy`, when the rate command has it
if "$SUDOKIT" rate --help 2>/dev/null | grep -q -- --policy; then
  expect_status 0 "$SUDOKIT" rate --policy se -i "$T/good.txt"
  expect_status 0 "$SUDOKIT" rate -i "$T/good.txt"
  mv "$T/out" "$T/plain.out"
  expect_status 0 "$SUDOKIT" rate --policy se -i "$T/good.txt"
  expect_same "$T/out" "$T/plain.out" "rate --policy se"
  for w in resultnum formattab choosestr errresult; do
    expect_status 1 "$SUDOKIT" rate --policy "$T/$w.lua" -i "$T/good.txt"
    [ -s "$T/err" ] && ok || bad "rate --policy $w.lua: no message"
  done
  # a policy that fails as it loads does nothing: a usage error, like a bad table
  expect_status 2 "$SUDOKIT" rate --policy "$T/err.lua" -i "$T/good.txt"
  expect_grep "err.lua:2: deliberate" "$T/err" "rate --policy with a failing script"
  expect_status 2 "$SUDOKIT" rate --policy "$T/notable.lua" -i "$T/good.txt"
  expect_status 2 "$SUDOKIT" rate --policy "$T/no-such-policy.lua" -i "$T/good.txt"
  expect_status 1 "$SUDOKIT" rate --policy se -i "$T/odd.txt"
  [ "$(sed -n 5p "$T/out")" = "$nosol # invalid: no solution" ] && ok || bad "rate --policy, no solution: $(sed -n 5p "$T/out")"
  sed -n 6p "$T/out" | grep -q "^$P1 ED=1.2/1.2/1.2" && ok || bad "rate --policy: good puzzle after bad ones"
  expect_status 1 "$SUDOKIT" rate --policy "$T/decline.lua" -i "$T/good.txt"
  [ "$(grep -c 'declined here' "$T/out")" -eq 10 ] && ok || bad "rate --policy decline: $(head -3 "$T/out")"
  # a policy that loops must be stopped: by rate's own Lua limit when it
  # has one, else by --budget (the time allowed per puzzle)
  lim="--budget 1"
  if "$SUDOKIT" rate --help | grep -q -- '--limit-instructions'; then lim="--limit-instructions 200000"
  elif "$SUDOKIT" rate --help | grep -q -- '--timeout'; then lim="--timeout 1"; fi
  # shellcheck disable=SC2086
  expect_status 1 timeout 30 "$SUDOKIT" rate --policy "$T/spinpol.lua" $lim -i "$T/good.txt"
  expect_grep "spinpol.lua:2: " "$T/err" "rate --policy $lim with a looping policy"
  # the limits cover the policy's load: a top level that loops is stopped
  # (a usage error, like any policy that fails as it loads)
  printf 'while true do end\nreturn {result = function(r) return {} end}\n' >"$T/spintop.lua"
  expect_status 2 timeout 30 "$SUDOKIT" rate --policy "$T/spintop.lua" --timeout 1 -i "$T/good.txt"
  expect_grep "spintop.lua:1: time limit (1 s) exceeded" "$T/err" "rate --policy --timeout, a looping load"
  expect_status 2 timeout 30 "$SUDOKIT" rate --policy "$T/spintop.lua" --limit-instructions 100000 -j 2 -i "$T/good.txt"
  expect_grep "spintop.lua:1: instruction limit (100000) exceeded" "$T/err" "rate --policy --limit-instructions, a looping load"
  # a policy error costs only its own puzzle: the first fails, the rest are rated
  printf 'local n = 0\nreturn {result = function(r)\n  n = n + 1\n  if n == 1 then error("only the first") end\n  return {ER = r.er}\nend, fields = {"ER"}}\n' >"$T/once.lua"
  expect_status 1 "$SUDOKIT" rate --policy "$T/once.lua" -i "$T/good.txt"
  [ "$(grep -c '# not rated: policy error$' "$T/out")" = 1 ] && ok || bad "one policy error, lines: $(head -3 "$T/out")"
  [ "$(grep -c ' ER=[0-9]' "$T/out")" = "$(($(wc -l <"$T/good.txt") - 1))" ] && ok ||
    bad "the puzzles after a policy error must be rated: $(head -3 "$T/out")"
  expect_grep "good.txt:1: puzzle 1: policy error: .*once.lua:4: only the first" "$T/err" "a policy error names the puzzle"
else
  echo "hostile.sh: rate has no --policy yet; policies checked through 'run' only"
fi

# usage errors of run
expect_status 2 "$SUDOKIT" run --limit-instructions -5 "$T/spin.lua"
expect_status 2 "$SUDOKIT" run --limit-instructions 99999999999999999999 "$T/spin.lua"
expect_status 2 "$SUDOKIT" run --timeout nan "$T/spin.lua"
expect_status 2 "$SUDOKIT" run --timeout -1 "$T/spin.lua"
expect_status 2 "$SUDOKIT" run -e

# }======

# {====== nothing lost: every good puzzle of a batch with bad lines is done, in order

# good puzzles at positions 2, 4, 5, 8, 10, 11, 13, 14, 16, 18 of 18 records
{
  echo "# a comment"
  printf '%s\n' "$P1" | cut -c1-80                     #  1 short
  sed -n 1p "$T/good.txt"                              #  2
  echo "$nosol"                                        #  3 no solution
  sed -n 2p "$T/good.txt"                              #  4
  sed -n 3p "$T/good.txt"                              #  5
  echo ""
  echo "$twice"                                        #  6 digits twice
  printf 'x%s\n' "$(printf '%s' "$P1" | cut -c2-)"     #  7 bad character
  sed -n 4p "$T/good.txt"                              #  8
  printf '%s\n' "$P1" | tr . '\000'                    #  9 NUL bytes
  sed -n 5p "$T/good.txt"                              # 10
  sed -n 6p "$T/good.txt"                              # 11
  head -c 100000 /dev/zero | tr '\000' 5; echo         # 12 a long line
  sed -n 7p "$T/good.txt"                              # 13
  sed -n 8p "$T/good.txt"                              # 14
  echo "$several"                                      # 15 several solutions
  sed -n 9p "$T/good.txt"                              # 16
  printf '%s2\n' "$P1"                                 # 17 long by one
  sed -n 10p "$T/good.txt"                             # 18
} >"$T/mixed.txt"
goodpos="2 4 5 8 10 11 13 14 16 18"
badpos="1 3 6 7 9 12 17"
pick() {   # pick FILE POSITIONS: records (lines, or blank-line blocks for explain) at POSITIONS
  awk -v want=" $2 " -v blocks="$blocks" 'BEGIN { if (blocks) RS = "" }
    index(want, " " NR " ") { print; if (blocks) print "" }' "$1"
}
for c in $BATCH; do
  blocks=; [ $c = explain ] && blocks=1
  expect_status 0 "$SUDOKIT" $c -i "$T/good.txt"
  mv "$T/out" "$T/alone.out"
  for j in 1 2 3; do
    expect_status 1 "$SUDOKIT" $c -j $j -i "$T/mixed.txt"
    if [ $c = explain ]; then n=$(awk 'BEGIN { RS = "" } END { print NR }' "$T/out"); else n=$(wc -l <"$T/out"); fi
    [ "$n" -eq 18 ] && ok || bad "$c -j $j: $n records for 18 puzzles"
    pick "$T/out" "$goodpos" >"$T/picked"
    expect_same "$T/picked" "$T/alone.out" "$c -j $j: the good puzzles among bad ones"
    pick "$T/out" "$badpos" | grep -q . && ok || bad "$c -j $j: no records for the bad lines"
    # a message for each bad record, naming its line (count has no
    # message for no or several solutions: 0 and 2 are its answers)
    for k in 1 6 7 9 12 17; do
      grep -q "mixed.txt:$((k + 1 + (k > 5))): " "$T/err" && ok || bad "$c -j $j: no message for record $k"
    done
    [ $c = count ] || { expect_grep "4: .*no solution" "$T/err" "$c -j $j: no solution"; }
  done
done

# }======

# {====== interrupted runs leave neither the output nor its temporary file

# wait_tmp NAME: wait (up to 60 s) for $T/NAME.tmp.* to exist; polled
# often, as grids writes more than a gigabyte a second
wait_tmp() {
  i=0
  while [ $i -lt 6000 ]; do
    for f in "$T/$1".tmp.*; do [ -e "$f" ] && return 0; done
    sleep 0.01
    i=$((i + 1))
  done
  return 1
}
alive() {   # the process runs and is not a zombie
  s=$(ps -o stat= -p "$1" 2>/dev/null)
  [ -n "$s" ] && [ "${s#Z}" = "$s" ]
}
# interrupt SIGNAL NAME CMD...: start CMD (which writes $T/NAME), signal it
# once its temporary exists, and check that nothing is left
interrupt() {
  sig=$1 name=$2
  shift 2
  "$@" >/dev/null 2>"$T/int.err" &
  pid=$!
  if wait_tmp "$name"; then ok; else bad "$name: no temporary file appeared"; fi
  kill -"$sig" $pid 2>/dev/null
  i=0
  while alive $pid && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
  if alive $pid; then kill -KILL $pid; bad "$name: still running 60 s after SIG$sig"; fi
  wait $pid
  st=$?
  [ $st -gt 128 ] && ok || bad "$name after SIG$sig: exit $st (wanted death by the signal)"
  [ ! -e "$T/$name" ] && ok || bad "$name: output left after SIG$sig"
  for f in "$T/$name".tmp.*; do
    [ ! -e "$f" ] && ok || bad "$name: temporary $f left after SIG$sig"
  done
}
# rate: an input that never ends keeps it busy (the fifo is held open
# for reading and writing here, so opening it never blocks)
mkfifo "$T/fifo"
for sig in INT TERM; do
  exec 3<>"$T/fifo"
  cat "$T/good.txt" >&3
  interrupt $sig rate-$sig.txt "$SUDOKIT" rate -i "$T/fifo" -o "$T/rate-$sig.txt"
  exec 3>&-
  interrupt $sig gen-$sig.txt "$SUDOKIT" generate -n 100000000 --seed 1 -o "$T/gen-$sig.txt"
  interrupt $sig grids-$sig.txt "$SUDOKIT" grids -n 100000000000 -o "$T/grids-$sig.txt"
done
# and a finished run leaves only its output
expect_status 0 "$SUDOKIT" generate -n 3 --seed 1 -o "$T/gen-ok.txt"
[ "$(wc -l <"$T/gen-ok.txt")" -eq 3 ] && [ -z "$(ls "$T" | grep 'gen-ok.txt.tmp')" ] && ok || bad "generate -o: finished run"

# }======

finish
