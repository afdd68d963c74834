-- measures.lua -- how four measures of difficulty relate on a corpus:
-- the given-count grade (ratings/givens.lua), the blank-correlation grade
-- F(A) (ratings/correlation.lua), the singles backdoor order (how many
-- cells must be given away before hidden and naked singles finish the
-- puzzle) and SE's ER (ratings/se.lua).
--
--   sudokit run tools/experiments/measures.lua [options] CORPUS [OUTDIR]
--
-- Prints Spearman's rank correlations between every pair of measures
-- (also givens, F, blanks and the solver's nodes as plain numbers), count
-- tables of each grade against ER bands, the mean ER per grade, and writes
-- OUTDIR/measures.csv and, with gnuplot, OUTDIR/measures.png.
package.path = (arg[0]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local sk = require "sudokit"
local x = require "explib"
x.prog = "measures"

local usage = [[
usage: sudokit run tools/experiments/measures.lua [options] CORPUS [OUTDIR]
  -j N             rating threads (default: all CPUs)
  --max-order K    largest backdoor order tried (default 3; above: K+1)
  --set S          backdoor technique set: singles (default), ssts, or ids
  --drop-missing   rate with the techniques that are loaded
  --no-plots       do not run gnuplot
  --progress, --quiet   force progress on stderr on or off
OUTDIR defaults to measures-out.
]]

local opts, pos = x.options({...}, {
  ["-j"] = "value", ["--max-order"] = "value", ["--set"] = "value", ["--drop-missing"] = "flag",
  ["--no-plots"] = "flag", ["--progress"] = "flag", ["--quiet"] = "flag",
  ["-h"] = "flag", ["--help"] = "flag",
})
if not opts then x.usage_error(usage, "%s", pos) end
if opts["-h"] or opts["--help"] then io.write(usage) os.exit(0) end
if #pos < 1 or #pos > 2 then x.usage_error(usage, "expected CORPUS [OUTDIR]") end
local jobs, err = x.int_option(opts, "-j", 0, 0, 64)
if not jobs then x.usage_error(usage, "%s", err) end
local maxk
maxk, err = x.int_option(opts, "--max-order", 3, 0, 4)
if not maxk then x.usage_error(usage, "%s", err) end
local set = opts["--set"] or "singles"
local corpus, outdir = pos[1], pos[2] or "measures-out"
if not sk.backdoor then
  x.warn("this sudokit has no analysis functions in its Lua module (sk.backdoor)")
  os.exit(1)
end

-- {====== measure
local popts = {missing = opts["--drop-missing"] and "drop" or nil}
local se, givens, corr
se, err = sk.policy("se", popts)
if not se then x.warn("%s", err) os.exit(1) end
givens, err = sk.policy("givens", popts)
if not givens then x.warn("%s", err) os.exit(1) end
corr, err = sk.policy("correlation", popts)
if not corr then x.warn("%s", err) os.exit(1) end

local puzzles, skipped = x.load_corpus(corpus)
if not puzzles then x.warn("%s", skipped) os.exit(1) end
if #puzzles == 0 then x.warn("%s: no valid puzzle", corpus) os.exit(1) end
local grids = {}
for i, p in ipairs(puzzles) do grids[i] = p.grid end

local show, done = x.progress("ER", opts)
local t0 = x.now()
local ser, why = se:rate_batch(grids, {jobs = jobs, progress = show})
done(#grids)
for i in pairs(why) do x.warn("se: puzzle %d: %s", i, why[i]) end
local rate_time = x.now() - t0

show, done = x.progress("facts", opts)
t0 = x.now()
local level_rank = {easy = 1, medium = 2, hard = 3}
local rows = {}
for i, g in ipairs(grids) do
  local gv = assert(givens:rate(g))
  local cf = assert(corr:rate(g))
  local bd, berr = sk.backdoor(g, {set = set, max_order = maxk})
  if not bd then x.warn("%s", berr) os.exit(1) end
  local s = ser[i]
  if s then
    rows[#rows + 1] = {
      raw = puzzles[i].raw, givens = gv.givens, level = gv.level, F = cf.F, grade = cf.grade,
      blanks = cf.blanks, nodes = cf.nodes, guesses = cf.guesses,
      order = bd.order or maxk + 1, nmagic = bd.count, er = s.ER, ep = s.EP, ed = s.ED,
      stuck = s.ER >= 20,
    }
  end
  if show and i % 200 == 0 then show(i, #grids) end
end
done(#grids)
local fact_time = x.now() - t0
-- }======

-- {====== CSV
assert(x.mkdir(outdir), "cannot create " .. outdir)
local csvname = outdir .. "/measures.csv"
local csv = assert(io.open(csvname, "w"))
csv:write("puzzle,givens,level,F,grade,blanks,nodes,guesses,order,nmagic,ER,EP,ED\n")
for _, r in ipairs(rows) do
  csv:write(("%s,%d,%s,%.4f,%s,%d,%d,%d,%d,%d,%s,%s,%s\n"):format(r.raw, r.givens, r.level, r.F,
    r.grade, r.blanks, r.nodes, r.guesses, r.order, r.nmagic, sk.tenths(r.er), sk.tenths(r.ep),
    sk.tenths(r.ed)))
end
csv:close()
-- }======

-- {====== summary
local out = io.stdout
local roman = {I = 1, II = 2, III = 3, IV = 4}
out:write(("measures: %d puzzles from %s (%d skipped); ER in %.2f s, facts in %.2f s; backdoor set %s, orders 0..%d (%d = more)\n\n"):format(
  #rows, corpus, skipped, rate_time, fact_time, set, maxk, maxk + 1))

-- rank correlations over every puzzle (a stuck ER ranks last; for the
-- given-count grade, puzzles outside the three bands are left out)
local names = {"givens", "F", "grade", "order", "nodes", "ER"}
local value = {
  givens = function(r) return r.givens end,
  F = function(r) return r.F end,
  grade = function(r) return roman[r.grade] end,
  order = function(r) return r.order end,
  nodes = function(r) return r.nodes end,
  ER = function(r) return r.stuck and 1e9 or r.er end,
  level = function(r) return level_rank[r.level] end,
}
local function column(name, keep)
  local v = {}
  for _, r in ipairs(rows) do
    if not keep or keep(r) then v[#v + 1] = value[name](r) end
  end
  return v
end
out:write("Spearman rank correlations (all puzzles):\n")
out:write(("%-8s"):format(""))
for _, b in ipairs(names) do out:write(("%9s"):format(b)) end
out:write("\n")
for _, a in ipairs(names) do
  out:write(("%-8s"):format(a))
  local va = column(a)
  for _, b in ipairs(names) do out:write(("%9.3f"):format(x.spearman(va, column(b)))) end
  out:write("\n")
end
local inband = function(r) return level_rank[r.level] ~= nil end
local nlev = #column("level", inband)
out:write(("\ngiven-count level (easy < medium < hard; %d puzzles in a band) vs ER: %.3f, vs order: %.3f, vs F grade: %.3f\n"):format(
  nlev, x.spearman(column("level", inband), column("ER", inband)),
  x.spearman(column("level", inband), column("order", inband)),
  x.spearman(column("level", inband), column("grade", inband))))

local function erband(r) return x.band(r.er, r.stuck) end
local function table_of(title, key)
  local a, b = {}, {}
  for _, r in ipairs(rows) do a[#a + 1], b[#b + 1] = key(r), erband(r) end
  out:write("\n", title, " (rows) by ER band (columns):\n")
  x.crosstab(out, a, b, title, "ER")
end
-- crosstab sorts rows by their leading number: give the grades one
table_of("level", function(r) return ({easy = "1 easy", medium = "2 medium", hard = "3 hard"})[r.level] or "0 none" end)
table_of("grade", function(r) return roman[r.grade] .. " " .. r.grade end)
table_of("order", function(r) return r.order > maxk and (maxk + 1) .. " >" .. maxk or tostring(r.order) end)

local function means(title, key)
  local sum, n, keys = {}, {}, {}
  for _, r in ipairs(rows) do
    if not r.stuck then
      local k = key(r)
      if not sum[k] then keys[#keys + 1] = k sum[k], n[k] = 0, 0 end
      sum[k], n[k] = sum[k] + r.er, n[k] + 1
    end
  end
  table.sort(keys, function(p, q) return tostring(p) < tostring(q) end)
  out:write(("\nmean ER by %s:"):format(title))
  for _, k in ipairs(keys) do out:write(("  %s: %.2f (%d)"):format(k, sum[k] / n[k], n[k])) end
  out:write("\n")
end
means("level", function(r) return r.level end)
means("F grade", function(r) return r.grade end)
means("backdoor order", function(r) return r.order end)
-- }======

-- {====== plots
local files = {csvname}
if opts["--no-plots"] then
  -- asked for
elseif not x.have_gnuplot() then
  x.warn("gnuplot not found: no plots (on Debian: apt-get install gnuplot-nox)")
else
  local q = x.gq
  local c = q(csvname)
  local script = ([[
set terminal pngcairo size 1200,900
set output %s
set datafile separator ","
set grid
set multiplot layout 2,2 title "%d puzzles of %s: measures against ER (stuck left out; points jittered)"
set key off
set ylabel "ER (Sudoku Explainer)"
set xlabel "givens"
plot %s every ::1 using ($11 < 20 ? $2 + (rand(0) - 0.5) * 0.5 : 1/0):11 with points pt 7 ps 0.4
set xlabel "F(A), blank correlation"
plot %s every ::1 using ($11 < 20 ? $4 : 1/0):11 with points pt 7 ps 0.4
set xlabel "backdoor order (%s; %d = more than %d)"
set xtics 1
plot %s every ::1 using ($11 < 20 ? $9 + (rand(0) - 0.5) * 0.4 : 1/0):11 with points pt 7 ps 0.4
set xtics autofreq
set logscale x
set xlabel "solver nodes (solve and prove uniqueness)"
plot %s every ::1 using ($11 < 20 ? $7 : 1/0):11 with points pt 7 ps 0.4
unset multiplot
]]):format(q(outdir .. "/measures.png"), #rows, corpus:match("[^/]*$"), c, c, set, maxk + 1, maxk, c, c)
  local ok, perr = x.gnuplot(script)
  if ok then files[#files + 1] = outdir .. "/measures.png" else x.warn("%s", perr) end
end
out:write("\nfiles: ", table.concat(files, " "), "\n")
-- }======
