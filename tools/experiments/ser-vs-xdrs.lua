-- ser-vs-xdrs.lua -- rate a corpus under SE (ratings/se.lua), XDRS
-- (ratings/xdrs.lua) and HoDoKu (ratings/hodoku.yaml's scored table) and
-- compare them.
--
--   sudokit run tools/experiments/ser-vs-xdrs.lua [options] CORPUS [OUTDIR]
--
-- Writes into OUTDIR:
--   ser-vs-xdrs.csv  one line a puzzle: ER, EP, ED (SE), P, D (XDRS), the
--                    XDRS pearl and diamond values, HoDoKu's level and score,
--                    and each system's hardest technique (XDRS's family too)
--   pairs.csv        every (SE hardest -> XDRS hardest) technique pair: count,
--                    mean ER, mean P, mean P - ER, mean D
--   bands.csv        D against ER per ER band (0.5 wide)
--   movers.csv       the puzzles whose rank moves most, with the hardest step
--                    of both paths (id, value, text)
--   er-vs-d.png      D against ER, coloured by the family of XDRS's hardest
--                    technique, with the line D would follow if P were ER
--   hist-er.png, hist-d.png, hist-delta.png   histograms of ER, D, P - ER
--   report.md        a one-page summary of all of this, beside the CSV
-- and prints the summary tables.  gnuplot draws the plots (left out, with a
-- warning, when it is not installed, or with --no-plots).
package.path = (arg[0]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local sk = require "sudokit"
local x = require "explib"
x.prog = "ser-vs-xdrs"

local usage = [[
usage: sudokit run tools/experiments/ser-vs-xdrs.lua [options] CORPUS [OUTDIR]
  -j N             rating threads (default: all CPUs)
  --movers N       how many rank movers to list (default 10)
  --pairs N        how many technique pairs to list (default 15)
  --no-hodoku      leave HoDoKu's level and score out (its rating is the
                   slowest of the three on hard puzzles)
  --drop-missing   rate with the techniques that are loaded (a table entry
                   no plugin provides is otherwise an error)
  --no-plots       do not run gnuplot
  --progress, --quiet   force progress on stderr on or off (default: on
                   when stderr is a terminal)
OUTDIR defaults to ser-vs-xdrs-out.
]]

local opts, pos = x.options({...}, {
  ["-j"] = "value", ["--movers"] = "value", ["--pairs"] = "value", ["--drop-missing"] = "flag",
  ["--no-plots"] = "flag", ["--no-hodoku"] = "flag",
  ["--progress"] = "flag", ["--quiet"] = "flag", ["-h"] = "flag", ["--help"] = "flag",
})
if not opts then x.usage_error(usage, "%s", pos) end
if opts["-h"] or opts["--help"] then io.write(usage) os.exit(0) end
if #pos < 1 or #pos > 2 then x.usage_error(usage, "expected CORPUS [OUTDIR]") end
local jobs, err = x.int_option(opts, "-j", 0, 0, 64)
if not jobs then x.usage_error(usage, "%s", err) end
local nmovers, npairs
nmovers, err = x.int_option(opts, "--movers", 10, 0, 1000000)
if not nmovers then x.usage_error(usage, "%s", err) end
npairs, err = x.int_option(opts, "--pairs", 15, 0, 1000000)
if not npairs then x.usage_error(usage, "%s", err) end
local corpus, outdir = pos[1], pos[2] or "ser-vs-xdrs-out"
local with_hodoku = not opts["--no-hodoku"]

-- {====== families of XDRS's hardest technique (the plot's colours)
-- By id; ids not listed (techniques added later) fall back to a pattern on
-- the id, then to "other".
local families = {
  "singles", "intersections & subsets", "basic fish", "finned & complex fish",
  "single digit patterns", "wings", "uniqueness & BUG", "colouring", "chains & loops",
  "ALS & Sue de Coq", "aligned exclusion", "forcing chains", "dynamic & nested chains",
  "templates", "other",
}
-- one colour a family (gnuplot's own cycle repeats after eight)
local colours = {
  "#1f77b4", "#17becf", "#2ca02c", "#98df8a", "#ff7f0e", "#8c564b", "#e377c2", "#bcbd22",
  "#9467bd", "#d62728", "#7f7f7f", "#393b79", "#000000", "#ad494a", "#c7c7c7",
}
local family_index = {}
for i, f in ipairs(families) do family_index[f] = i end
local by_id = {
  ["full-house"] = "singles", ["hidden-single-block"] = "singles", ["hidden-single-line"] = "singles",
  ["naked-single"] = "singles", ["direct-pointing"] = "singles", ["direct-claiming"] = "singles",
  ["direct-hidden-pair"] = "singles", ["direct-hidden-triple"] = "singles",
  ["x-wing"] = "basic fish", swordfish = "basic fish", jellyfish = "basic fish",
  skyscraper = "single digit patterns", ["two-string-kite"] = "single digit patterns",
  ["turbot-fish"] = "single digit patterns", ["empty-rectangle"] = "single digit patterns",
  ["xy-wing"] = "wings", ["xyz-wing"] = "wings", ["w-wing"] = "wings",
  ["unique-loop"] = "uniqueness & BUG", bug = "uniqueness & BUG", ["bug-plus-1"] = "uniqueness & BUG",
  ["hidden-rectangle"] = "uniqueness & BUG",
  ["simple-colors"] = "colouring", ["multi-colors"] = "colouring",
  ["remote-pair"] = "chains & loops", ["x-chain"] = "chains & loops", ["xy-chain"] = "chains & loops",
  ["nice-loop"] = "chains & loops", ["grouped-nice-loop"] = "chains & loops",
  ["static-chains"] = "chains & loops",
  ["sue-de-coq"] = "ALS & Sue de Coq", ["death-blossom"] = "ALS & Sue de Coq",
  ["aligned-pair-exclusion"] = "aligned exclusion", ["aligned-triple-exclusion"] = "aligned exclusion",
  ["multiple-chains"] = "forcing chains", ["nishio-chains"] = "forcing chains",
  ["dynamic-chains"] = "dynamic & nested chains", ["dynamic-chains-plus"] = "dynamic & nested chains",
  ["template-set"] = "templates", ["template-delete"] = "templates",
}
local patterns = {
  {"^nested%-chains", "dynamic & nested chains"}, {"^uniqueness", "uniqueness & BUG"},
  {"^avoidable", "uniqueness & BUG"}, {"^als", "ALS & Sue de Coq"},
  {"^locked%-", "intersections & subsets"}, {"pointing$", "intersections & subsets"},
  {"claiming$", "intersections & subsets"}, {"%-pair$", "intersections & subsets"},
  {"%-triple$", "intersections & subsets"}, {"%-quad$", "intersections & subsets"},
  {"finned", "finned & complex fish"}, {"sashimi", "finned & complex fish"},
  {"franken", "finned & complex fish"}, {"mutant", "finned & complex fish"},
  {"^basic%-", "basic fish"}, {"wing$", "wings"}, {"chain", "chains & loops"},
}
local function family(id)
  if not id then return "other" end
  if by_id[id] then return by_id[id] end
  for _, p in ipairs(patterns) do
    if id:match(p[1]) then return p[2] end
  end
  return "other"
end
-- }======

-- {====== rate
local popts = {missing = opts["--drop-missing"] and "drop" or nil}
local se, xdrs, hod
se, err = sk.policy("se", popts)
if not se then x.warn("%s", err) x.warn("(--drop-missing rates with the techniques that are loaded)") os.exit(1) end
xdrs, err = sk.policy("xdrs", popts)
if not xdrs then x.warn("%s", err) os.exit(1) end
local engines = {se.engine, xdrs.engine}
if with_hodoku then
  hod, err = sk.engine{table = "hodoku", missing = popts.missing}
  if not hod then x.warn("%s", err) os.exit(1) end
  engines[3] = hod
end
for k, e in ipairs(engines) do
  local dropped = e:dropped()
  if #dropped > 0 then
    x.warn("%s: not loaded, left out: %s (puzzles that need them rate 20.0)", ({"se", "xdrs", "hodoku"})[k],
      table.concat(dropped, ", "))
  end
end

local puzzles, skipped = x.load_corpus(corpus)
if not puzzles then x.warn("%s", skipped) os.exit(1) end
if #puzzles == 0 then x.warn("%s: no valid puzzle", corpus) os.exit(1) end
local grids = {}
for i, p in ipairs(puzzles) do grids[i] = p.grid end

-- wall-clock and CPU seconds (CPU summed over the rating threads)
local times = {}
local function timed(name, f)
  local show, done = x.progress(name, opts)
  local t0, c0 = x.now(), os.clock()
  local a, b = f(show)
  done(#grids)
  times[#times + 1] = {name = name, wall = x.now() - t0, cpu = os.clock() - c0}
  for i in pairs(b or {}) do x.warn("%s: puzzle %d: %s", name, i, b[i]) end
  return a
end
local sef = timed("SE", function(show) return se:rate_batch(grids, {jobs = jobs, progress = show}) end)
local xf = timed("XDRS", function(show) return xdrs:rate_batch(grids, {jobs = jobs, progress = show}) end)
local hf = {}
if with_hodoku then
  hf = timed("HoDoKu", function(show) return hod:rate_batch(grids, {jobs = jobs, progress = show}) end)
end
-- }======

-- {====== per puzzle
assert(x.mkdir(outdir), "cannot create " .. outdir)
local function path(f) return outdir .. "/" .. f end
local tenths = sk.tenths
local rows = {}          -- the puzzles rated by SE and XDRS
for i, p in ipairs(puzzles) do
  local s, v, h = sef[i], xf[i], hf[i]
  if s and v then
    rows[#rows + 1] = {
      i = i, raw = p.raw, ER = s.ER, EP = s.EP, ED = s.ED, se_tech = s.technique or "",
      P = v.P, D = v.D, XEP = v.EP, XED = v.ED, x_tech = v.technique or "", stuck = v.stuck,
      fam = family(v.technique),
      level = h and h.level or "", score = h and h.score or nil,
      h_tech = h and h.hardest and h.hardest.id or "",
    }
  end
end
local csvname = path("ser-vs-xdrs.csv")
local csv = assert(io.open(csvname, "w"))
csv:write("puzzle,ER,EP,ED,P,D,se_technique,xdrs_technique,xdrs_family,xdrs_EP,xdrs_ED,",
  "hodoku_level,hodoku_score,hodoku_technique\n")
for _, r in ipairs(rows) do
  csv:write(("%s,%s,%s,%s,%s,%.3f,%s,%s,%s,%s,%s,%s,%s,%s\n"):format(r.raw, tenths(r.ER), tenths(r.EP),
    tenths(r.ED), tenths(r.P), r.D, r.se_tech, r.x_tech, r.fam, tenths(r.XEP), tenths(r.XED), r.level,
    r.score and tostring(r.score) or "", r.h_tech))
end
csv:close()
-- the plot's data: ER, D, family index (stuck puzzles left out)
local dat = assert(io.open(path("points.dat"), "w"))
for _, r in ipairs(rows) do
  if r.ER < 20 and r.P < 20 then dat:write(("%s %.3f %d\n"):format(tenths(r.ER), r.D, family_index[r.fam])) end
end
dat:close()
-- }======

-- {====== statistics
local function mean(t) local s = 0 for _, v in ipairs(t) do s = s + v end return #t > 0 and s / #t or 0 / 0 end
local er, d, pmer = {}, {}, {}
local same, stuck_se, stuck_x, up, down = 0, 0, 0, 0, 0
for k, r in ipairs(rows) do
  er[k], d[k] = r.ER, (r.stuck and 1e9 or r.D)      -- a stuck puzzle ranks last
  if r.se_tech == r.x_tech then same = same + 1 end
  if r.ER >= 20 then stuck_se = stuck_se + 1 end
  if r.stuck then stuck_x = stuck_x + 1 end
  if r.ER < 20 and r.P < 20 then
    pmer[#pmer + 1] = r.P - r.ER
    if r.P > r.ER + 1e-9 then up = up + 1 elseif r.P < r.ER - 1e-9 then down = down + 1 end
  end
end
local rho = x.spearman(er, d)
local hs, her, hd = {}, {}, {}
for _, r in ipairs(rows) do
  if r.score then hs[#hs + 1], her[#her + 1], hd[#hd + 1] = r.score, r.ER, r.D end
end
local rho_h_er, rho_h_d = x.spearman(her, hs), x.spearman(hd, hs)
-- by HoDoKu's level: mean ER, D and score
local level_order = {Easy = 1, Medium = 2, Hard = 3, Unfair = 4, Extreme = 5}
local levels, llist = {}, {}
for _, r in ipairs(rows) do
  if r.score then
    local l = levels[r.level]
    if not l then
      l = {name = r.level, n = 0, er = 0, d = 0, score = 0}
      levels[r.level] = l
      llist[#llist + 1] = l
    end
    l.n, l.er, l.d, l.score = l.n + 1, l.er + math.min(r.ER, 20), l.d + r.D, l.score + r.score
  end
end
table.sort(llist, function(a, b) return (level_order[a.name] or 9) < (level_order[b.name] or 9) end)
local dten = 0
for _, r in ipairs(rows) do if r.D >= 10 and not r.stuck then dten = dten + 1 end end

-- (SE hardest -> XDRS hardest) pairs
local pairs_of, plist = {}, {}
for _, r in ipairs(rows) do
  local key = r.se_tech .. " -> " .. r.x_tech
  local q = pairs_of[key]
  if not q then
    q = {se = r.se_tech, xd = r.x_tech, n = 0, er = 0, p = 0, d = 0}
    pairs_of[key] = q
    plist[#plist + 1] = q
  end
  q.n, q.er, q.p, q.d = q.n + 1, q.er + r.ER, q.p + r.P, q.d + r.D
end
table.sort(plist, function(a, b)
  if a.n ~= b.n then return a.n > b.n end
  if a.se ~= b.se then return a.se < b.se end
  return a.xd < b.xd
end)
local pcsv = assert(io.open(path("pairs.csv"), "w"))
pcsv:write("se_technique,xdrs_technique,puzzles,mean_ER,mean_P,mean_P_minus_ER,mean_D\n")
for _, q in ipairs(plist) do
  pcsv:write(("%s,%s,%d,%.3f,%.3f,%+.3f,%.3f\n"):format(q.se, q.xd, q.n, q.er / q.n, q.p / q.n,
    (q.p - q.er) / q.n, q.d / q.n))
end
pcsv:close()

-- D against ER per band of 0.5 (stuck puzzles in a band of their own)
local bands, blist = {}, {}
for _, r in ipairs(rows) do
  local key = r.ER >= 20 and "stuck" or ("%.1f-%.1f"):format(math.floor(r.ER * 2 + 1e-9) / 2,
    math.floor(r.ER * 2 + 1e-9) / 2 + 0.5)
  local b = bands[key]
  if not b then
    b = {key = key, lo = r.ER >= 20 and math.huge or math.floor(r.ER * 2 + 1e-9) / 2, n = 0, d = {}, pm = {}, diff = 0}
    bands[key] = b
    blist[#blist + 1] = b
  end
  b.n = b.n + 1
  b.d[#b.d + 1] = r.D
  if r.ER < 20 and r.P < 20 then b.pm[#b.pm + 1] = r.P - r.ER end
  if r.se_tech ~= r.x_tech then b.diff = b.diff + 1 end
end
table.sort(blist, function(a, b) return a.lo < b.lo end)
local bcsv = assert(io.open(path("bands.csv"), "w"))
bcsv:write("ER_band,puzzles,mean_D,min_D,max_D,D_if_P_were_ER,mean_P_minus_ER,other_hardest_technique\n")
local function dof(p) local v = (90 * p + 19) / 109 return v > 10 and 10 or v < 1 and 1 or v end
for _, b in ipairs(blist) do
  table.sort(b.d)
  b.mean_d, b.min_d, b.max_d = mean(b.d), b.d[1], b.d[#b.d]
  b.ref = b.lo < math.huge and dof(b.lo + 0.25) or 10
  b.mean_pm = #b.pm > 0 and mean(b.pm) or 0
  bcsv:write(("%s,%d,%.3f,%.3f,%.3f,%.3f,%+.3f,%d\n"):format(b.key, b.n, b.mean_d, b.min_d, b.max_d, b.ref,
    b.mean_pm, b.diff))
end
bcsv:close()

-- rank movers: rank by ER against rank by D (average ranks for ties); the
-- hardest step of both paths, re-rated with their steps recorded
local rer, rd = x.ranks(er), x.ranks(d)
local order = {}
for k = 1, #rows do order[k] = k end
table.sort(order, function(a, b)
  local ma, mb = math.abs(rd[a] - rer[a]), math.abs(rd[b] - rer[b])
  if ma ~= mb then return ma > mb end
  return a < b
end)
local movers = {}
local function hardest_step(e, g)
  local r = e:rate(g, {record = true})
  local h = r and r.hardest
  if not h then return "-" end
  return ("%s %s: %s"):format(h.id, tenths(h.difficulty), (h.text or h.name or ""):gsub("%s+", " "))
end
for k = 1, math.min(nmovers, #order) do
  local j = order[k]
  local r = rows[j]
  movers[k] = {r = r, rank_er = rer[j], rank_d = rd[j],
    se_step = hardest_step(se.engine, puzzles[r.i].grid), x_step = hardest_step(xdrs.engine, puzzles[r.i].grid)}
end
local mcsv = assert(io.open(path("movers.csv"), "w"))
mcsv:write("puzzle,ER,P,D,rank_ER,rank_D,move,se_hardest_step,xdrs_hardest_step\n")
local function csvq(s) return '"' .. s:gsub('"', '""') .. '"' end
for _, m in ipairs(movers) do
  mcsv:write(("%s,%s,%s,%.3f,%.1f,%.1f,%+.1f,%s,%s\n"):format(m.r.raw, tenths(m.r.ER), tenths(m.r.P), m.r.D,
    m.rank_er, m.rank_d, m.rank_d - m.rank_er, csvq(m.se_step), csvq(m.x_step)))
end
mcsv:close()
-- }======

-- {====== summary on stdout
local out = io.stdout
out:write(("ser-vs-xdrs: %d puzzles from %s (%d skipped), %d rated by SE and XDRS\n"):format(
  #puzzles + skipped, corpus, skipped, #rows))
for _, t in ipairs(times) do
  out:write(("rating time %-6s %7.2f s wall, %7.2f s CPU (%s threads)\n"):format(t.name, t.wall, t.cpu,
    jobs > 0 and tostring(jobs) or "all"))
end
out:write(("Spearman rank correlation of ER and D: %.5f\n"):format(rho))
if with_hodoku then
  out:write(("Spearman rank correlation with HoDoKu's score: ER %.5f, D %.5f\n"):format(rho_h_er, rho_h_d))
end
out:write(("same hardest technique: %d of %d; P above ER %d, below %d, mean P - ER %+.3f; stuck (20.0): SE %d, XDRS %d\n\n"):format(
  same, #rows, up, down, mean(pmer), stuck_se, stuck_x))
if npairs > 0 then
  out:write(("hardest technique, SE -> XDRS (%d pairs; the %d commonest):\n"):format(#plist, math.min(npairs, #plist)))
  out:write(("%-26s %-26s %6s %7s %7s %8s %7s\n"):format("SE", "XDRS", "puzzles", "ER", "P", "P-ER", "D"))
  for k = 1, math.min(npairs, #plist) do
    local q = plist[k]
    out:write(("%-26s %-26s %6d %7.2f %7.2f %+8.2f %7.3f\n"):format(q.se, q.xd, q.n, q.er / q.n, q.p / q.n,
      (q.p - q.er) / q.n, q.d / q.n))
  end
  out:write("\n")
end
if #llist > 0 then
  out:write("by HoDoKu's level:\n")
  out:write(("%-8s %7s %7s %7s %9s\n"):format("level", "puzzles", "ER", "D", "score"))
  for _, l in ipairs(llist) do
    out:write(("%-8s %7d %7.2f %7.3f %9.1f\n"):format(l.name, l.n, l.er / l.n, l.d / l.n, l.score / l.n))
  end
  out:write("\n")
end
out:write("D against ER (bands of 0.5):\n")
out:write(("%-10s %7s %7s %7s %7s %9s %7s %9s\n"):format("ER", "puzzles", "mean D", "min D", "max D", "D(ER)", "P-ER", "other"))
for _, b in ipairs(blist) do
  out:write(("%-10s %7d %7.3f %7.3f %7.3f %9.3f %+7.2f %9d\n"):format(b.key, b.n, b.mean_d, b.min_d, b.max_d,
    b.ref, b.mean_pm, b.diff))
end
if nmovers > 0 then
  out:write(("\nlargest rank moves (of %d; rank 1 = easiest):\n"):format(#rows))
  for k, m in ipairs(movers) do
    out:write(("%2d %s ER %s D %.3f rank %.1f -> %.1f (%+.1f)\n     SE:   %s\n     XDRS: %s\n"):format(k, m.r.raw,
      tenths(m.r.ER), m.r.D, m.rank_er, m.rank_d, m.rank_d - m.rank_er, m.se_step, m.x_step))
  end
end
-- }======

-- {====== plots
local files = {csvname, path("pairs.csv"), path("bands.csv"), path("movers.csv")}
local pngs = {}
if opts["--no-plots"] then
  -- asked for
elseif not x.have_gnuplot() then
  x.warn("gnuplot not found: no plots (on Debian: apt-get install gnuplot-nox)")
else
  local q = x.gq
  local csvq_ = q(csvname)
  local present = {}
  for _, r in ipairs(rows) do present[family_index[r.fam]] = true end
  local plots = {}
  for i, f in ipairs(families) do
    if present[i] then
      plots[#plots + 1] = ("%s using ($3 == %d ? $1 + (rand(0) - 0.5) * 0.08 : 1/0):2 with points pt 7 ps 0.6 lc rgb '%s' title %s")
        :format(q(path("points.dat")), i, colours[i], q(f))
    end
  end
  plots[#plots + 1] = "f(x) with lines lw 2 lc rgb 'black' title 'D if P were ER'"
  local script = ([[
set terminal pngcairo size 1000,700 noenhanced
set datafile separator whitespace
set grid
set key outside right top
set output %s
set title "D (XDRS) against ER (SE), %d puzzles, by XDRS's hardest technique (ER jittered by 0.04)"
set xlabel "ER (Sudoku Explainer)"
set ylabel "D (XDRS)"
f(p) = (90*p + 19) / 109 > 10 ? 10 : (90*p + 19) / 109
plot [1:12] [0.8:10.2] %s
set terminal pngcairo size 900,650 noenhanced
set datafile separator ","
set key top right
set style fill solid 0.6
set boxwidth 0.09
set output %s
set title "ER (SE): puzzles per 0.1, stuck (20.0) left out"
set xlabel "ER"
set ylabel "puzzles"
plot %s every ::1 using ($2 < 20 ? $2 : 1/0):(1) smooth frequency with boxes title "ER"
set boxwidth 0.22
set output %s
set title "D (XDRS): puzzles per 0.25, stuck (P = 20.0) left out"
set xlabel "D"
bin(v) = 0.25 * floor(v / 0.25) + 0.125
plot [0.5:10.5] %s every ::1 using ($5 < 20 ? bin($6) : 1/0):(1) smooth frequency with boxes title "D"
set boxwidth 0.09
set output %s
set title "P - ER: the puzzle's XDRS value minus its SE rating, per 0.1"
set xlabel "P - ER"
plot %s every ::1 using ($2 < 20 && $5 < 20 ? 0.1 * floor(($5 - $2) * 10 + 0.5) : 1/0):(1) smooth frequency with boxes title "P - ER"
]]):format(q(path("er-vs-d.png")), #pmer, table.concat(plots, ", \\\n     "), q(path("hist-er.png")), csvq_,
           q(path("hist-d.png")), csvq_, q(path("hist-delta.png")), csvq_)
  local ok, perr = x.gnuplot(script)
  if ok then
    for _, f in ipairs{"er-vs-d.png", "hist-er.png", "hist-d.png", "hist-delta.png"} do
      pngs[#pngs + 1] = f
      files[#files + 1] = path(f)
    end
  else
    x.warn("%s", perr)
  end
end
-- }======

-- {====== report.md
local md = assert(io.open(path("report.md"), "w"))
local function w(...) md:write(...) end
w(("# SE against XDRS%s on %s\n\n"):format(with_hodoku and " and HoDoKu" or "", corpus:match("[^/]*$")))
w(("%d puzzles (%d skipped as malformed or not unique), %d rated by both SE and XDRS. "):format(
  #puzzles + skipped, skipped, #rows))
w("SE: `ratings/se.yaml`; XDRS: `ratings/xdrs.yaml` (a reconstruction, see its header); D = (90P + 19)/109, clamped to [1, 10].\n\n")
w("Rating time:")
for k, t in ipairs(times) do w(("%s %s %.1f s CPU (%.1f s wall)"):format(k > 1 and "," or "", t.name, t.cpu, t.wall)) end
w(".\n\n## Headline\n\n")
w(("- Spearman ρ(ER, D) = %.4f"):format(rho))
if with_hodoku then w(("; ρ(ER, HoDoKu score) = %.4f, ρ(D, HoDoKu score) = %.4f"):format(rho_h_er, rho_h_d)) end
w(".\n")
w(("- The hardest technique is the same in %d of %d puzzles (%.1f %%).\n"):format(same, #rows,
  #rows > 0 and 100 * same / #rows or 0))
w(("- P is above ER in %d puzzles, below in %d, equal in %d; mean P − ER = %+.3f.\n"):format(up, down,
  #pmer - up - down, mean(pmer)))
w(("- Stuck (20.0): SE %d, XDRS %d; D = 10 without being stuck (P 11.9 or more): %d.\n"):format(stuck_se, stuck_x, dten))
if #llist > 0 then
  w("\n## By HoDoKu's level\n\n| level | puzzles | mean ER | mean D | mean score |\n|---|---:|---:|---:|---:|\n")
  for _, l in ipairs(llist) do
    w(("| %s | %d | %.2f | %.3f | %.1f |\n"):format(l.name, l.n, l.er / l.n, l.d / l.n, l.score / l.n))
  end
end
if npairs > 0 then
  w("\n## Hardest technique: SE → XDRS\n\n")
  w(("The %d commonest of %d pairs (all in `pairs.csv`).\n\n"):format(math.min(npairs, #plist), #plist))
  w("| SE | XDRS | puzzles | mean ER | mean P | P − ER | mean D |\n|---|---|---:|---:|---:|---:|---:|\n")
  for k = 1, math.min(npairs, #plist) do
    local q = plist[k]
    w(("| %s | %s | %d | %.2f | %.2f | %+.2f | %.3f |\n"):format(q.se, q.xd, q.n, q.er / q.n, q.p / q.n,
      (q.p - q.er) / q.n, q.d / q.n))
  end
end
w("\n## D against ER\n\nD(ER) is what D would be if P equalled the band's middle ER; \"other\" counts the puzzles whose hardest technique differs.\n\n")
w("| ER | puzzles | mean D | min D | max D | D(ER) | mean P − ER | other |\n|---|---:|---:|---:|---:|---:|---:|---:|\n")
for _, b in ipairs(blist) do
  w(("| %s | %d | %.3f | %.3f | %.3f | %.3f | %+.2f | %d |\n"):format(b.key, b.n, b.mean_d, b.min_d, b.max_d, b.ref,
    b.mean_pm, b.diff))
end
if nmovers > 0 then
  w(("\n## Largest rank moves\n\nRank 1 = easiest of %d; the hardest step of each path.\n\n"):format(#rows))
  w("| puzzle | ER | D | rank ER → D | SE's hardest step | XDRS's hardest step |\n|---|---:|---:|---|---|---|\n")
  for _, m in ipairs(movers) do
    local function cell(s) return (s:gsub("|", "\\|")) end
    w(("| `%s` | %s | %.3f | %.0f → %.0f | %s | %s |\n"):format(m.r.raw, tenths(m.r.ER), m.r.D, m.rank_er, m.rank_d,
      cell(m.se_step), cell(m.x_step)))
  end
end
if #pngs > 0 then
  w("\n## Plots\n\n")
  for _, f in ipairs(pngs) do w(("![%s](%s)\n"):format(f, f)) end
end
w("\nFiles: `ser-vs-xdrs.csv` (per puzzle), `pairs.csv`, `bands.csv`, `movers.csv`.\n")
md:close()
files[#files + 1] = path("report.md")
out:write("\nfiles: ", table.concat(files, " "), "\n")
-- }======
