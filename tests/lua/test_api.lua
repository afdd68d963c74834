-- test_api.lua -- the sudokit Lua module: grids, files, tables, engines,
-- hints, rating, generation.  Run by tests/cli/lua.sh as
--   sudokit run tests/lua/test_api.lua SRC_DIR
-- Expected ratings come from Sudoku Explainer 1.2.1.3 itself
-- (tests/data/lua/se-basic.tsv, puzzles that need no chains).
local sk = require "sudokit"
local src = assert(arg[1], "usage: test_api.lua SRC_DIR")
local data = src .. "/tests/data/lua/"

local checks = 0
local function check(cond, what)
  checks = checks + 1
  if not cond then error("check failed: " .. tostring(what), 2) end
end
local function eq(got, want, what)
  checks = checks + 1
  if got ~= want then
    error(("%s: got %s, want %s"):format(what, tostring(got), tostring(want)), 2)
  end
end
local function raises(pattern, f, ...)
  checks = checks + 1
  local ok, msg = pcall(f, ...)
  if ok then error("expected an error matching '" .. pattern .. "'", 2) end
  if not tostring(msg):find(pattern, 1, true) then
    error(("error '%s' lacks '%s'"):format(tostring(msg), pattern), 2)
  end
end

-- reference puzzles
local refs = {}
for line in io.lines(data .. "se-basic.tsv") do
  if line:sub(1, 1) ~= "#" then
    local p, er, ep, ed = line:match("^(%S+)\t(%S+)\t(%S+)\t(%S+)$")
    refs[#refs + 1] = {p = p, er = er, ep = ep, ed = ed}
  end
end
check(#refs >= 100, "se-basic.tsv has the reference puzzles")

-- {====== grids
local p = refs[60].p
local g = assert(sk.grid(p))
eq(g:line(), p, "line round trip")
eq(tostring(g), p, "__tostring")
eq(g:line("0"), (p:gsub("%.", "0")), "line with '0' blanks")
local givens = 0
for i = 1, 81 do
  local ch = p:sub(i, i)
  local r, c = (i - 1) // 9 + 1, (i - 1) % 9 + 1
  eq(g:get(r, c), ch == "." and 0 or tonumber(ch), "value r" .. r .. "c" .. c)
  eq(g:given(r, c), ch ~= ".", "given r" .. r .. "c" .. c)
  if ch ~= "." then givens = givens + 1 end
end
eq(g:empty(), 81 - givens, "empty cells")
check(not g:solved(), "a puzzle is not solved")

local e81 = sk.grid()
eq(e81:empty(), 81, "empty grid")
eq(#e81:candidates(5, 5), 9, "empty grid: nine candidates")
eq(e81:count(5), 5, "count stops at the limit")
local none, why = e81:solve()
check(none == nil and why == "several solutions", "empty grid: several solutions")

local bad, msg = sk.grid(p:sub(1, 80))
check(bad == nil and type(msg) == "string" and #msg > 0, "80 characters: nil, message")
bad, msg = sk.grid("11" .. ("."):rep(79))
check(bad == nil and msg:find("given twice", 1, true), "duplicate givens: " .. tostring(msg))
local contra = assert(sk.grid("12345678.........9" .. ("."):rep(63)))
bad, msg = contra:solve()
check(bad == nil and msg == "no solution", "contradiction: no solution")
eq(contra:count(), 0, "contradiction: count 0")

check(sk.grid(p .. "  # comment") == g, "text after the puzzle is ignored")
eq(select("#", sk.grid(p)), 1, "sk.grid returns the grid alone")

-- other formats and constructors
local cand = g:format("candidates")
eq(#cand, 729, "candidates format")
check(sk.grid(cand) == g, "candidates round trip (__eq)")
local gridtext = g:format("grid")
eq(select(2, gridtext:gsub("\n", "")), 8, "grid format: nine lines")
check(sk.grid(g:values()) == g, "grid from a list of values")
raises("81 values", sk.grid, {1, 2, 3})

-- solving
local sol = assert(g:solve())
check(sol:solved(), "solution is complete")
eq(g:count(), 1, "reference puzzles are unique")
for r = 1, 9 do
  for c = 1, 9 do
    if g:get(r, c) ~= 0 then eq(sol:get(r, c), g:get(r, c), "solution keeps the givens") end
  end
end

-- editing: set, eliminate, set_candidates, copy
local h = g:copy()
local r0, c0
for i = 1, 81 do
  if p:sub(i, i) == "." then r0, c0 = (i - 1) // 9 + 1, (i - 1) % 9 + 1; break end
end
local d0 = sol:get(r0, c0)
local other
for _, d in ipairs(h:candidates(r0, c0)) do if d ~= d0 then other = d end end
local ok, m = h:set(r0, c0, other)
check(ok and h:get(r0, c0) == other, "placing any candidate works: " .. tostring(m))
h = g:copy()
-- a digit seen in the row is not a candidate
local seen
for c = 1, 9 do if g:get(r0, c) ~= 0 then seen = g:get(r0, c) end end
if seen then
  ok, m = h:set(r0, c0, seen)
  check(ok == nil and m:find("not a candidate", 1, true), "placing a non-candidate: " .. tostring(m))
end
check(h:set(r0, c0, d0), "place the solution digit")
eq(h:get(r0, c0), d0, "placed")
eq(h:empty(), g:empty() - 1, "one cell less")
eq(g:get(r0, c0), 0, "copies are independent")
ok, m = h:set(r0, c0, other)
check(ok == nil and m:find("already holds", 1, true), "placing on a filled cell: " .. tostring(m))
for c = 1, 9 do
  if h:get(r0, c) == 0 then check(not h:has(r0, c, d0), "row peers lose the digit") end
end
check(h:set(r0, c0, 0), "clear the cell")
check(h == g, "clearing gives the puzzle back")
local dd = h:candidates(r0, c0)[1]
check(h:eliminate(r0, c0, dd), "eliminate a candidate")
check(not h:eliminate(r0, c0, dd), "eliminate it again: nothing")
check(not h:has(r0, c0, dd), "eliminated")
check(h:set_candidates(r0, c0, {dd}), "set_candidates")
eq(table.concat(h:candidates(r0, c0), ","), tostring(dd), "set_candidates result")
raises("row must be 1..9", g.get, g, 0, 1)
raises("digit must be 0..9", g.set, g, 1, 1, 10)
raises("sudokit.grid expected", g.get, {}, 1, 1)
-- }======

-- {====== reading files
local tmp = os.tmpname()
local f = assert(io.open(tmp, "w"))
f:write("# comment\n", refs[1].p, "\n", refs[2].p:sub(1, 80), "\n\n", refs[3].p, " extra text\n",
        "11" .. ("."):rep(79), "\n")
f:close()
local rd = assert(sk.open(tmp))
local q = rd:read()
eq(q.raw, refs[1].p, "first puzzle")
eq(q.line, 2, "its line")
check(q.ok and q.grid and q.grid:line() == refs[1].p, "its grid")
q = rd:read()
check(not q.ok and q.grid == nil and q.line == 3 and q.error:find(":3:", 1, true), "bad line: " .. tostring(q.error))
q = rd:read()
eq(q.extra, "extra text", "extra text kept")
eq(q.index, 3, "third puzzle")
q = rd:read()
check(not q.ok and q.error:find("twice", 1, true), "duplicate givens in a file")
check(rd:read() == nil, "end of file")
rd:close()
raises("closed reader", rd.read, rd)
local n = 0
for pz in sk.puzzles(tmp) do n = n + 1; check(pz.index == n, "puzzles in order") end
eq(n, 4, "sk.puzzles yields every puzzle")
os.remove(tmp)
local no, nomsg = sk.open(tmp .. ".missing")
check(no == nil and nomsg:find("No such file", 1, true), "sk.open of a missing file")
check(not pcall(sk.puzzles, tmp .. ".missing"), "sk.puzzles raises on a missing file")
-- }======

-- {====== tables
local se = assert(sk.table("se"))
eq(se:name(), "se", "table name")
check(#se >= 30, "se has its techniques")
check(tostring(se):find("se", 1, true), "__tostring")
local xw = se:get("x-wing")
eq(xw.base, 3.2, "x-wing base")
eq(xw.id, "x-wing", "id")
eq(se:get(xw.index).id, "x-wing", "get by index")
check(se:get("no-such") == nil, "absent technique")
eq(se:difficulty("unique-loop", {length = 8, type = 1}), 4.7, "unique loop of 8 cells")
eq(se:difficulty("unique-loop", {length = 6, type = 3, size = 3}), 4.8, "type 3 with a set of 3")
local cp = se:copy()
check(cp:set("x-wing", 3.5), "set a base")
eq(cp:get("x-wing").base, 3.5, "set took")
eq(se:get("x-wing").base, 3.2, "a copy is independent")
local nok, nmsg = cp:set("no-such", 1.0)
check(nok == nil and nmsg:find("no-such", 1, true), "set on an unknown id")
raises("[0, 100]", cp.set, cp, "x-wing", 101)
check(cp:remove("x-wing") and cp:get("x-wing") == nil and #cp == #se - 1, "remove")
local rt = assert(sk.parse_table(se:yaml(), "copy"))
for i = 1, #se do eq(rt:get(i).rule, se:get(i).rule, "yaml round trip " .. se:get(i).id) end
local missing, mmsg = sk.table("no-such-table")
check(missing == nil and mmsg:find("not found", 1, true), "missing table")
local broken, bmsg = sk.table(data .. "broken-table.yaml")
check(broken == nil and bmsg:find("broken-table.yaml:7:11:", 1, true), "broken table names file:line:col: " .. tostring(bmsg))
broken, bmsg = sk.parse_table("name: x\ntechniques:\n  - id: a\n    bse: 1\n", "inline")
check(broken == nil and bmsg:find("inline:4:5:", 1, true), "parse_table error position: " .. tostring(bmsg))
cp:close()
raises("closed table", cp.get, cp, 1)
-- }======

-- {====== engines, hints, rating
local e = assert(sk.engine{missing = "drop"})
check(tostring(e):find("sudokit.engine", 1, true), "engine __tostring")
local techs = e:techniques()
local loaded = {}
for _, t in ipairs(techs) do loaded[t.id] = t; check(t.file and t.name, "technique has file and name") end
for _, id in ipairs(e:dropped()) do check(not loaded[id], "dropped id is not loaded: " .. id) end
eq(#e:table() + #e:dropped(), #se, "kept + dropped = the table")
for i, id in ipairs(e:table():ids()) do eq(loaded[id].index, i, "bound index of " .. id) end
local ne, nemsg = sk.engine{table = "no-such-table"}
check(ne == nil and nemsg:find("not found", 1, true), "engine with a missing table")
ne, nemsg = sk.engine{table = data .. "broken-table.yaml"}
check(ne == nil and nemsg:find("broken-table.yaml:7:11:", 1, true), "engine with a broken table")
if #e:dropped() > 0 then
  ne, nemsg = sk.engine{}
  check(ne == nil and nemsg:find("not provided by any loaded plugin", 1, true), "missing plugins are an error by default")
end
raises("missing", sk.engine, {missing = "maybe"})

for i, ref in ipairs(refs) do
  local pg = sk.grid(ref.p)
  local r = e:rate(pg)
  eq(sk.tenths(r.er) .. "/" .. sk.tenths(r.ep) .. "/" .. sk.tenths(r.ed),
     ref.er .. "/" .. ref.ep .. "/" .. ref.ed, "rating of reference " .. i)
  check(r.final:solved() and not r.stuck, "solved")
  check(r.steps == nil, "no steps unless recorded")
  eq(r.hardest.difficulty, r.er, "hardest step is rated ER")
end

local r = e:rate(g, {record = true, verify = true})
eq(#r.steps, r.nsteps, "recorded steps")
check(not r.wrong, "verified")
local placed = 0
for _, s in ipairs(r.steps) do
  check(s.difficulty <= r.er and s.id and s.description:find(sk.tenths(s.difficulty), 1, true), "step fields")
  if s.digit then placed = placed + 1 end
end
eq(placed, g:empty(), "every empty cell is filled by a placement step")
-- walk: the same path, one hint at a time
local w, last = 0, nil
for i, hint, before in e:walk(g) do
  w = i
  eq(hint.id, r.steps[i].id, "walk step " .. i)
  eq(hint.difficulty, r.steps[i].difficulty, "walk difficulty " .. i)
  eq(hint.description, r.steps[i].description, "walk description " .. i)
  check(before:copy():apply(hint), "a hint acts on the grid before it")
  last = before
end
eq(w, r.nsteps, "walk length")
check(last:empty() <= 1, "walk ends at the solution")
-- hints
local first = assert(e:first(g))
eq(first.id, r.steps[1].id, "first = step 1")
check(tostring(first):sub(1, 4) == sk.tenths(first.difficulty) .. " ", "hint __tostring")
local cheap = assert(e:cheapest(g))
check(cheap.difficulty <= first.difficulty, "cheapest is not dearer than first")
local hs = e:hints(g, first.id, true)
check(#hs >= 1, "hints of the first technique")
for _, x in ipairs(hs) do eq(x.id, first.id, "hint id") end
-- every technique's hints, on a table without chains and exclusions
-- (their search on an open grid costs seconds)
local light = se:copy()
for _, id in ipairs(light:ids()) do
  if id:find("chain", 1, true) or id:find("exclusion", 1, true) then light:remove(id) end
end
local le = assert(sk.engine{table = light, missing = "drop"})
local all = le:hints(g)
check(#all >= 1, "hints of every technique")
for k = 2, #all do check(all[k].technique >= all[k - 1].technique, "hints in table order") end
local nh, nhmsg = e:hints(g, "no-such")
check(nh == nil and nhmsg:find("no-such", 1, true), "hints of an unknown technique")
local gg = g:copy()
check(gg:apply(first), "apply acts")
check(not gg:apply(first), "applying twice does nothing")
check(first.figures and first.eliminations, "hint figures and eliminations")
-- a chooser written in Lua gives SE's path when it picks engine:first
local rl = e:rate(g, {choose = function(en, grid) return en:first(grid) end, record = true})
eq(rl.nsteps, r.nsteps, "Lua chooser: same number of steps")
eq(rl.er, r.er, "Lua chooser: same ER")
raises("choose must return a hint", e.rate, e, g, {choose = function() return 42 end})
raises("changes nothing", e.rate, e, g, {choose = function() return first end})
raises("option 'choose'", e.rate, e, g, {choose = "random"})
raises("option 'solution' must be a solved grid", e.rate, e, g, {solution = g})
local rs = e:rate(g, {solution = sol})
check(not rs.wrong and rs.final == sol, "rating checked against the solution")
-- a grid with no solution or several is refused as the CLI refuses it
-- ("# invalid: no solution" / "several solutions"), never rated 20.0 as stuck
local nosol = assert(sk.grid("12345678.........9" .. ("."):rep(63)))
local emptyg = sk.grid()
for _, x in ipairs{{emptyg, "several solutions"}, {nosol, "no solution"}} do
  local rr, why = e:rate(x[1])
  check(rr == nil, "e:rate refuses a grid with " .. x[2])
  eq(why, x[2], "e:rate's reason")
  rr, why = e:rate(x[1], {choose = "cheapest", record = true})
  eq(why, x[2], "e:rate cheapest's reason")
  rr, why = e:rate(x[1], {choose = function(en, grid) return en:first(grid) end})
  eq(why, x[2], "e:rate with a Lua chooser: reason")
end
raises("option 'choose'", e.rate, e, emptyg, {choose = "random"})
local mixed, mwhy = e:rate_batch({g, emptyg, nosol, g}, {jobs = 2})
check(mixed[1] and mixed[4] and mixed[1].er == mixed[4].er, "rate_batch rates the good grids")
check(mixed[2] == false and mixed[3] == false, "rate_batch refuses the others")
eq(mwhy[2], "several solutions", "rate_batch: reason 2")
eq(mwhy[3], "no solution", "rate_batch: reason 3")
check(mwhy[1] == nil, "rate_batch: no reason for a rated grid")
-- one name per step: the description (what explain prints) opens with
-- step.name, the table entry's name unless the hint names itself, under
-- SE's table (full house is "Hidden Single", as SE names it) and XDRS's
local xe = assert(sk.engine{table = "xdrs", missing = "drop"})
local named = {}
for _, en in ipairs{e, xe} do
  for i = 1, 60 do
    local rr = en:rate(sk.grid(refs[i].p), {record = true})
    for _, st in ipairs(rr.steps) do
      local head = sk.tenths(st.difficulty) .. " " .. st.name .. ": "
      check(st.description:sub(1, #head) == head, "description '" .. st.description .. "' names the step '" .. st.name .. "'")
      named[en:table():name() .. "/" .. st.id] = st.name
    end
  end
end
eq(named["se/full-house"], "Hidden Single", "SE's name of a full house")
eq(named["xdrs/full-house"], "Full House", "XDRS's name of a full house")
eq(named["xdrs/hidden-single-line"], "Hidden Single (row/column)", "XDRS's name of a hidden single in a line")
xe:close()
-- a candidates string that sudokit wrote reads back as the same state:
-- a cell left with one candidate is not taken for a given, so a puzzle and
-- its own candidates string rate the same, and so do the states of a path
local pending = 0
for i = 1, 40 do
  local pg = sk.grid(refs[i].p)
  local text = pg:format("candidates")
  local back = assert(sk.grid(text))
  check(back == pg, "candidates round trip of reference " .. i)
  eq(back:empty(), pg:empty(), "candidates keep the empty cells, reference " .. i)
  local a, b = e:rate(pg), e:rate(back)
  eq(sk.tenths(b.er) .. "/" .. sk.tenths(b.ep) .. "/" .. sk.tenths(b.ed),
     sk.tenths(a.er) .. "/" .. sk.tenths(a.ep) .. "/" .. sk.tenths(a.ed),
     "rating of reference " .. i .. " from its candidates string")
  for c = 0, 80 do
    local k = text:sub(c * 9 + 1, c * 9 + 9)
    if k:match("^0*[1-9]0*$") then pending = pending + 1 end
  end
  for k, _, before in e:walk(pg) do
    if k > 12 then break end
    check(sk.grid(before:format("candidates")) == before, "state " .. k .. " of reference " .. i)
  end
end
check(pending > 0, "some reference puzzles have cells left with one candidate")
-- budget: a tiny budget stops after the first step
local rb = e:rate(g, {budget = 1e-9})
check(rb.over_budget and not rb.final:solved(), "over budget")
-- want = "pearl" | "diamond": serate's own --pearl/--diamond output, every row
local pd = {}
for line in io.lines(src .. "/tests/data/se/se-pearl-diamond.tsv") do
  local p, pearl, diamond = line:match("^(%S+)\t(%S+)\t(%S+)$")
  if p and p ~= "puzzle" then pd[#pd + 1] = {g = sk.grid(p), pearl = pearl, diamond = diamond} end
end
check(#pd >= 80, "se-pearl-diamond.tsv has its rows")
local function erpd(r)
  return ("%s/%s/%s"):format(sk.tenths(r.er), sk.tenths(r.ep), sk.tenths(r.ed))
end
local stopped = 0
for i, x in ipairs(pd) do
  local rp, rd = e:rate(x.g, {want = "pearl"}), e:rate(x.g, {want = "diamond"})
  eq(erpd(rp), x.pearl, "want pearl, row " .. i)
  eq(erpd(rd), x.diamond, "want diamond, row " .. i)
  eq(rp.unwanted, rp.er == 20, "want pearl: unwanted, row " .. i)
  if rd.unwanted then stopped = stopped + 1 end
  if not rd.unwanted then
    local full = e:rate(x.g)
    check(full.er == rd.er and full.ep == rd.ep and full.ed == rd.ed,
          "a diamond rates in full " .. i)
  end
end
check(stopped > 0 and stopped < #pd, "some ratings stopped, some not")
local pdgrids = {}
for i, x in ipairs(pd) do pdgrids[i] = x.g end
for i, b in ipairs(e:rate_batch(pdgrids, {jobs = 2, want = "diamond"})) do
  eq(erpd(b), pd[i].diamond, "rate_batch want diamond, row " .. i)
  eq(b.unwanted, b.er == 20, "rate_batch unwanted, row " .. i)
end
raises("option 'want' must be", e.rate, e, g, {want = "ruby"})
raises("option 'want' needs choose", e.rate, e, g, {want = "pearl", choose = "cheapest"})
raises("option 'want' needs choose", e.rate_batch, e, pdgrids,
       {want = "pearl", choose = "cheapest"})
-- batch rating in threads equals one by one
local grids = {}
for i = 1, 40 do grids[i] = sk.grid(refs[i * 2].p) end
local batch = e:rate_batch(grids, {jobs = 2})
eq(#batch, 40, "batch size")
for i, b in ipairs(batch) do
  local one = e:rate(grids[i])
  check(b.er == one.er and b.ep == one.ep and b.ed == one.ed, "batch rating " .. i)
  eq(b.hardest.id, one.hardest.id, "batch hardest " .. i)
end
local calls = 0
e:rate_batch(grids, {jobs = 1, progress = function(done, total) calls = calls + 1; check(done <= total, "progress") end})
local cheapb = e:rate_batch(grids, {choose = "cheapest"})
for i, b in ipairs(cheapb) do check(b.er <= batch[i].er, "cheapest ER <= first ER " .. i) end
raises("rate_batch", e.rate_batch, e, grids, {choose = function() end})
-- another table on the same engine
check(e:use_table("xdrs", "drop"), "use_table xdrs")
eq(e:table():name(), "xdrs", "bound table")
local un, unmsg = e:use_table("no-such-table")
check(un == nil and unmsg:find("not found", 1, true) and e:table():name() == "xdrs", "failed use_table keeps the table")
e:close()
raises("closed engine", e.rate, e, g)
do
  local scoped <close> = assert(sk.engine{missing = "drop"})
  check(scoped:rate(g).er > 0, "to-be-closed engine")
end
-- }======

-- {====== generation
local pz, solution = sk.generate{seed = 7}
check(pz and solution and solution:solved(), "generate gives a puzzle and its solution")
eq(pz:count(), 1, "generated puzzle is unique")
check(pz:solve() == solution, "its solution")
eq(sk.generate{seed = 7}:line(), pz:line(), "same seed, same puzzle")
check(sk.generate{seed = 7, stream = 1}:line() ~= pz:line(), "another stream, another puzzle")
local ranged = sk.generate{seed = 3, givens = {30, 32}}
check(81 - ranged:empty() >= 30 and 81 - ranged:empty() <= 32, "givens in range")
local sym = sk.generate{seed = 4, symmetry = "rot180"}
for i = 1, 81 do
  local a, b = sym:get((i - 1) // 9 + 1, (i - 1) % 9 + 1), sym:get((81 - i) // 9 + 1, (81 - i) % 9 + 1)
  check((a == 0) == (b == 0), "rot180 symmetric givens")
end
raises("unknown level", sk.generate, {level = "impossible"})
local rng = sk.rng(5)
local x1 = rng:below(10)
check(x1 >= 0 and x1 < 10, "rng:below")
eq(sk.rng(5):below(10), x1, "rng is deterministic")
check(sk.generate{rng = sk.rng(9)}:count() == 1, "generate with an rng")
local full = sk.grid_at(0)
check(full:solved() and full:count() == 1, "grid_at gives a complete grid")
-- }======

eq(sk.tenths(4.45), "4.5", "tenths round half up")
eq(sk.tenths(20), "20.0", "tenths of 20")
print(("test_api.lua: %d checks passed"):format(checks))
