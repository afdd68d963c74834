# analysis_lua.sh -- the analysis facts in Lua (engine/lua_analysis.c) and
# the grade policies ratings/givens.lua, correlation.lua, classes.lua,
# checked against `sudokit analyze` on the same puzzles.
. "$(dirname "$0")/lib.sh"
seventeen=$SRC/tests/data/cli/17clue-300.txt
head -40 "$seventeen" >"$T/p.txt"
cat >>"$T/p.txt" <<'EOF'
..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56
.......71.2.8........4.3...7...6..5....2..3..9........6...7.....8....4......5....
....9.....69..1...21...39.43....746...........428....19.71...42...9..83.....5....
...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........
EOF

# the facts of `analyze`, recomputed from Lua, give the same lines
cat >"$T/facts.lua" <<'EOF'
local sk = require "sudokit"
local path = ...
local e = assert(sk.engine{})
for p in assert(sk.open(path)):lines() do
  local g = p.grid
  local red = assert(sk.redundant(g))
  local f, n, links = sk.correlation(g)
  local _, grade = sk.correlation_grade(f)
  local nodes, guesses, count = sk.solver_work(g)
  local bd = assert(sk.backdoor(g, {max_order = 2}))
  local magic = {}
  for _, set in ipairs(bd.sets) do
    local cells = {}
    for _, c in ipairs(set) do cells[#cells + 1] = ("r%dc%d=%d"):format(c.r, c.c, c.d) end
    magic[#magic + 1] = table.concat(cells, "+")
  end
  if bd.count > #bd.sets then magic[#magic + 1] = "..." end
  local r = e:rate(g, {record = true})
  local c = sk.classes(r)
  print(("minimal=%s nredundant=%d blanks=%d links=%d corr=%.4f grade=%s nodes=%d guesses=%d order=%s nmagic=%d magic=%s er=%s ep=%s ed=%s se_class=%s sdrs=%s"):format(
    #red == 0 and "yes" or "no", #red, n, links, f, grade, nodes, guesses,
    bd.order and tostring(bd.order) or ">2", bd.count, #magic > 0 and table.concat(magic, ",") or "-",
    sk.tenths(c.er), sk.tenths(c.ep), sk.tenths(c.ed), c.se, c.sdrs))
  assert(count == 1)
end
EOF
expect_status 0 "$SUDOKIT" run "$T/facts.lua" "$T/p.txt"
cp "$T/out" "$T/lua"
expect_status 0 "$SUDOKIT" analyze --max-order 2 -i "$T/p.txt" \
  --fields minimal,nredundant,blanks,links,corr,grade,nodes,guesses,order,nmagic,magic,er,ep,ed,se_class,sdrs
expect_same "$T/lua" "$T/out" "Lua facts vs analyze"

# sk.singles and a contradiction; errors come back as nil, msg
cat >"$T/misc.lua" <<'EOF'
local sk = require "sudokit"
local solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
local g = sk.grid("." .. solved:sub(2))
local how, after = sk.singles(g)
assert(how == "solved" and after:solved(), how)
local open = sk.grid("." .. solved:sub(2, 3) .. "......" .. solved:sub(10))
assert(sk.singles(open) == "solved")
local multi = sk.grid(solved:sub(1, 3) .. ".." .. solved:sub(6, 30) .. ".." .. solved:sub(33))
local r, msg = sk.redundant(multi)
assert(r == nil and msg:find("unique"), msg)
local bd, why = sk.backdoor(multi)
assert(bd == nil and why:find("several"), why)
bd, why = sk.backdoor(sk.grid(solved), {set = "x-wing,no-such-id"})
assert(bd == nil and why:find("no%-such%-id"), why)
assert(sk.backdoor(sk.grid(solved)).order == 0)
assert(select(2, sk.correlation_grade(0.9)) == "IV")
assert(select(2, sk.correlation_grade(0.1, {0.05, 0.2, 0.3})) == "II")
assert(not pcall(sk.correlation_grade, 0.1, {0.3, 0.2, 0.1}))
assert(not pcall(sk.classes, {er = 1}))
print("ok")
EOF
expect_status 0 "$SUDOKIT" run "$T/misc.lua"
expect_grep "^ok$" "$T/out"

# the grade policies
cat >"$T/pol.lua" <<'EOF'
local sk = require "sudokit"
local path = ...
local pol = {}
for _, n in ipairs{"givens", "correlation", "classes"} do pol[#pol + 1] = assert(sk.policy(n)) end
for p in assert(sk.open(path)):lines() do
  local parts = {}
  for _, q in ipairs(pol) do
    local line = assert(q:line(p.grid, p))
    parts[#parts + 1] = line:sub(83)
  end
  print(p.raw .. " " .. table.concat(parts, " "))
end
EOF
expect_status 0 "$SUDOKIT" run "$T/pol.lua" "$T/p.txt"
cp "$T/out" "$T/pol"
expect_status 0 "$SUDOKIT" analyze -i "$T/p.txt" --fields puzzle,givens,level,corr,grade,blanks,nodes,guesses,er,ep,ed,se_class,sdrs,sdrs_flags
# reshape analyze's line into the policies' wording
sed 's/ corr=/ F=/; s/ er=\([^ ]*\) ep=\([^ ]*\) ed=\([^ ]*\)/ ED=\1\/\2\/\3/; s/ se_class=/ se=/; s/ sdrs_flags=/ flags=/' "$T/out" >"$T/an"
awk '{ print $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }' "$T/an" | sort >"$T/an.s"
awk '{ print $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }' "$T/pol" | sort >"$T/pol.s"
tr ' ' '\n' <"$T/an.s" | sed 's/=.*//' | sort -u >"$T/an.k"
tr ' ' '\n' <"$T/pol.s" | sed 's/=.*//' | sort -u >"$T/pol.k"
expect_same "$T/an.k" "$T/pol.k" "policy field names vs analyze's"
for k in givens level F grade blanks nodes guesses ED se sdrs flags; do
  tr ' ' '\n' <"$T/an.s" | grep "^$k=" >"$T/a.$k"
  tr ' ' '\n' <"$T/pol.s" | grep "^$k=" >"$T/p.$k"
  expect_same "$T/a.$k" "$T/p.$k" "policy vs analyze: $k"
done

finish
