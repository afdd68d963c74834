-- ser-vs-xdrs.lua -- rate a corpus under SE (ratings/se.lua) and XDRS
-- (ratings/xdrs.lua) and compare the two.
--
--   sudokit run tools/experiments/ser-vs-xdrs.lua [options] CORPUS [OUTDIR]
--
-- Writes OUTDIR/ser-vs-xdrs.csv (puzzle, ER, EP, ED, P, D and the hardest
-- technique under each) and, with gnuplot, OUTDIR/er-vs-d.png (D against
-- ER, with the line D would follow if P were ER), OUTDIR/hist-er.png and
-- OUTDIR/hist-d.png.  Prints Spearman's rank correlation of ER and D, a
-- table of ER band x D band, and the puzzles whose rank moves most.
package.path = (arg[0]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local sk = require "sudokit"
local x = require "explib"
x.prog = "ser-vs-xdrs"

local usage = [[
usage: sudokit run tools/experiments/ser-vs-xdrs.lua [options] CORPUS [OUTDIR]
  -j N             rating threads (default: all CPUs)
  --movers N       how many rank movers to list (default 10)
  --drop-missing   rate with the techniques that are loaded (a table entry
                   no plugin provides is otherwise an error)
  --no-plots       do not run gnuplot
  --progress, --quiet   force progress on stderr on or off (default: on
                   when stderr is a terminal)
OUTDIR defaults to ser-vs-xdrs-out.
]]

local opts, pos = x.options({...}, {
  ["-j"] = "value", ["--movers"] = "value", ["--drop-missing"] = "flag", ["--no-plots"] = "flag",
  ["--progress"] = "flag", ["--quiet"] = "flag", ["-h"] = "flag", ["--help"] = "flag",
})
if not opts then x.usage_error(usage, "%s", pos) end
if opts["-h"] or opts["--help"] then io.write(usage) os.exit(0) end
if #pos < 1 or #pos > 2 then x.usage_error(usage, "expected CORPUS [OUTDIR]") end
local jobs, err = x.int_option(opts, "-j", 0, 0, 64)
if not jobs then x.usage_error(usage, "%s", err) end
local nmovers
nmovers, err = x.int_option(opts, "--movers", 10, 0, 1000000)
if not nmovers then x.usage_error(usage, "%s", err) end
local corpus, outdir = pos[1], pos[2] or "ser-vs-xdrs-out"

-- {====== rate
local popts = {missing = opts["--drop-missing"] and "drop" or nil}
local se, xdrs
se, err = sk.policy("se", popts)
if not se then x.warn("%s", err) x.warn("(--drop-missing rates with the techniques that are loaded)") os.exit(1) end
xdrs, err = sk.policy("xdrs", popts)
if not xdrs then x.warn("%s", err) os.exit(1) end
for _, p in ipairs{se, xdrs} do
  local dropped = p.engine:dropped()
  if #dropped > 0 then
    x.warn("%s: not loaded, left out: %s (puzzles that need them rate 20.0)", p.name, table.concat(dropped, ", "))
  end
end

local puzzles, skipped = x.load_corpus(corpus)
if not puzzles then x.warn("%s", skipped) os.exit(1) end
if #puzzles == 0 then x.warn("%s: no valid puzzle", corpus) os.exit(1) end
local grids = {}
for i, p in ipairs(puzzles) do grids[i] = p.grid end

local function rate(policy)
  local show, done = x.progress(policy.name, opts)
  local t0 = x.now()
  local fields, why = policy:rate_batch(grids, {jobs = jobs, progress = show})
  done(#grids)
  for i in pairs(why) do x.warn("%s: puzzle %d: %s", policy.name, i, why[i]) end
  return fields, x.now() - t0
end
local sef, setime = rate(se)
local xf, xtime = rate(xdrs)
-- }======

-- {====== CSV
assert(x.mkdir(outdir), "cannot create " .. outdir)
local csvname = outdir .. "/ser-vs-xdrs.csv"
local csv = assert(io.open(csvname, "w"))
csv:write("puzzle,ER,EP,ED,P,D,se_technique,xdrs_technique\n")
local er, d, rows, cols, kept = {}, {}, {}, {}, {}
for i, p in ipairs(puzzles) do
  local s, v = sef[i], xf[i]
  if s and v then
    csv:write(("%s,%s,%s,%s,%s,%.3f,%s,%s\n"):format(p.raw, sk.tenths(s.ER), sk.tenths(s.EP), sk.tenths(s.ED),
      sk.tenths(v.P), v.D, s.technique or "", v.technique or ""))
    kept[#kept + 1] = i
    er[#er + 1], d[#d + 1] = s.ER, (v.stuck and 1e9 or v.D)   -- a stuck puzzle ranks last
    rows[#rows + 1] = x.band(s.ER, s.ER >= 20)
    cols[#cols + 1] = x.dband(v.D, v.stuck)
  end
end
csv:close()
-- }======

-- {====== summary
local out = io.stdout
out:write(("ser-vs-xdrs: %d puzzles from %s (%d skipped), %d rated by both\n"):format(
  #puzzles + skipped, corpus, skipped, #kept))
out:write(("rating time: SE %.2f s, XDRS %.2f s (%s threads)\n"):format(setime, xtime,
  jobs > 0 and tostring(jobs) or "all"))
out:write(("Spearman rank correlation of ER and D: %.5f\n"):format(x.spearman(er, d)))
local same, stuck_se, stuck_x = 0, 0, 0
for _, i in ipairs(kept) do
  if sef[i].technique == xf[i].technique then same = same + 1 end
  if sef[i].ER >= 20 then stuck_se = stuck_se + 1 end
  if xf[i].stuck then stuck_x = stuck_x + 1 end
end
out:write(("same hardest technique: %d of %d; stuck (20.0): SE %d, XDRS %d\n\n"):format(same, #kept, stuck_se, stuck_x))
out:write("puzzles by ER band (rows) and D band (columns):\n")
x.crosstab(out, rows, cols, "ER", "D")

-- rank movers: rank by ER against rank by D (average ranks for ties)
local rer, rd = x.ranks(er), x.ranks(d)
local order = {}
for k = 1, #kept do order[k] = k end
table.sort(order, function(a, b)
  local ma, mb = math.abs(rd[a] - rer[a]), math.abs(rd[b] - rer[b])
  if ma ~= mb then return ma > mb end
  return a < b
end)
if nmovers > 0 then
  out:write(("\nlargest rank moves (of %d; rank 1 = easiest):\n"):format(#kept))
  out:write(("%-81s %5s %6s %8s %8s %8s  %s\n"):format("puzzle", "ER", "D", "rank ER", "rank D", "move", "hardest SE -> XDRS"))
  for k = 1, math.min(nmovers, #order) do
    local j = order[k]
    local i = kept[j]
    out:write(("%-81s %5s %6.3f %8.1f %8.1f %+8.1f  %s -> %s\n"):format(puzzles[i].raw, sk.tenths(sef[i].ER),
      xf[i].D, rer[j], rd[j], rd[j] - rer[j], sef[i].technique or "-", xf[i].technique or "-"))
  end
end
-- }======

-- {====== plots
local files = {csvname}
if opts["--no-plots"] then
  -- asked for
elseif not x.have_gnuplot() then
  x.warn("gnuplot not found: no plots (on Debian: apt-get install gnuplot-nox)")
else
  local q = x.gq
  local csvq = q(csvname)
  local script = ([[
set terminal pngcairo size 900,650
set datafile separator ","
set grid
set key top left
set output %s
set title "D (XDRS) against ER (SE), %d puzzles"
set xlabel "ER (Sudoku Explainer)"
set ylabel "D (XDRS)"
f(p) = (90*p + 19) / 109 > 10 ? 10 : (90*p + 19) / 109
plot [1:12] [1:10.2] %s every ::1 using ($2 < 20 && $5 < 20 ? $2 + (rand(0) - 0.5) * 0.08 : 1/0):6 with points pt 7 ps 0.6 title "puzzles (ER jittered by 0.04)", f(x) with lines lw 2 title "D if P were ER"
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
]]):format(q(outdir .. "/er-vs-d.png"), #kept, csvq, q(outdir .. "/hist-er.png"), csvq,
           q(outdir .. "/hist-d.png"), csvq)
  local ok, perr = x.gnuplot(script)
  if ok then
    for _, f in ipairs{"er-vs-d.png", "hist-er.png", "hist-d.png"} do files[#files + 1] = outdir .. "/" .. f end
  else
    x.warn("%s", perr)
  end
end
out:write("\nfiles: ", table.concat(files, " "), "\n")
-- }======
