-- tweak-one.lua -- change one technique's difficulty in a copy of a table
-- and see which puzzles of a corpus change rating, and by how much.
--
--   sudokit run tools/experiments/tweak-one.lua [options] CORPUS TECHNIQUE VALUE [OUTDIR]
--
-- VALUE is a new base value ("3.5") or a change of it ("+0.3", "-0.2").
-- The technique keeps its place in the table (SE asks techniques in table
-- order), so only the values of its steps change -- and through ER/EP/ED
-- the ratings of the puzzles whose paths use it.  Writes OUTDIR/tweak.csv
-- (before and after, per puzzle) and the tweaked table as YAML, which
-- `sudokit rate --table FILE` reads.
package.path = (arg[0]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local sk = require "sudokit"
local x = require "explib"
x.prog = "tweak-one"

local usage = [[
usage: sudokit run tools/experiments/tweak-one.lua [options] CORPUS TECHNIQUE VALUE [OUTDIR]
  VALUE            new base difficulty (3.5), or a change (+0.3, -0.2)
  --table T        rating table to start from: a name or a path (default se)
  --choose RULE    first (SE, default) or cheapest
  -j N             rating threads (default: all CPUs)
  --list N         how many changed puzzles to list (default 10)
  --drop-missing   rate with the techniques that are loaded
  --progress, --quiet   force progress on stderr on or off
OUTDIR defaults to tweak-out.
]]

local opts, pos = x.options({...}, {
  ["--table"] = "value", ["--choose"] = "value", ["-j"] = "value", ["--list"] = "value",
  ["--drop-missing"] = "flag", ["--progress"] = "flag", ["--quiet"] = "flag",
  ["-h"] = "flag", ["--help"] = "flag",
})
if not opts then x.usage_error(usage, "%s", pos) end
if opts["-h"] or opts["--help"] then io.write(usage) os.exit(0) end
if #pos < 3 or #pos > 4 then x.usage_error(usage, "expected CORPUS TECHNIQUE VALUE [OUTDIR]") end
local corpus, id, value, outdir = pos[1], pos[2], pos[3], pos[4] or "tweak-out"
local jobs, err = x.int_option(opts, "-j", 0, 0, 64)
if not jobs then x.usage_error(usage, "%s", err) end
local nlist
nlist, err = x.int_option(opts, "--list", 10, 0, 1000000)
if not nlist then x.usage_error(usage, "%s", err) end
local choose = opts["--choose"] or "first"
if choose ~= "first" and choose ~= "cheapest" then x.usage_error(usage, "--choose: first or cheapest") end

-- {====== the two tables
local base
base, err = sk.table(opts["--table"] or "se")
if not base then x.warn("%s", err) os.exit(1) end
local entry = base:get(id)
if not entry then
  x.warn("no technique '%s' in table %s; it has: %s", id, base:name(), table.concat(base:ids(), " "))
  os.exit(2)
end
local new = tonumber(value)
if not new then x.usage_error(usage, "VALUE: '%s' is not a number", value) end
if value:match("^[+-]") then new = entry.base + new end
new = math.floor(new * 1000 + 0.5) / 1000
if new < 0 or new > 100 then x.usage_error(usage, "the new value %g is outside [0, 100]", new) end
local tweaked = base:copy()
assert(tweaked:set(id, new))

local missing = opts["--drop-missing"] and "drop" or nil
local before, after
before, err = sk.engine{table = base, missing = missing}
if not before then x.warn("%s", err) x.warn("(--drop-missing rates with the techniques that are loaded)") os.exit(1) end
after = assert(sk.engine{table = tweaked, missing = missing})
if #before:dropped() > 0 then
  x.warn("not loaded, left out: %s (puzzles that need them rate 20.0)", table.concat(before:dropped(), ", "))
end
-- }======

-- {====== rate
local puzzles, skipped = x.load_corpus(corpus)
if not puzzles then x.warn("%s", skipped) os.exit(1) end
if #puzzles == 0 then x.warn("%s: no valid puzzle", corpus) os.exit(1) end
local grids = {}
for i, p in ipairs(puzzles) do grids[i] = p.grid end
local function rate(e, label)
  local show, done = x.progress(label, opts)
  local t0 = x.now()
  local r = e:rate_batch(grids, {jobs = jobs, choose = choose, progress = show})
  done(#grids)
  return r, x.now() - t0
end
local rb, tb = rate(before, "before")
local ra, ta = rate(after, "after")
-- }======

-- {====== compare
assert(x.mkdir(outdir), "cannot create " .. outdir)
local stem = ("%s/%s-%s-%s"):format(outdir, base:name(), id, sk.tenths(new))
local yaml = assert(io.open(stem .. ".yaml", "w"))
yaml:write(("# %s with %s's base changed from %s to %s (tweak-one.lua)\n"):format(base:name(), id,
  sk.tenths(entry.base), sk.tenths(new)))
yaml:write(tweaked:yaml())
yaml:close()

local csvname = outdir .. "/tweak.csv"
local csv = assert(io.open(csvname, "w"))
csv:write("puzzle,ER_before,ER_after,EP_before,EP_after,ED_before,ED_after,hardest_before,hardest_after\n")
local changed = {er = 0, ep = 0, ed = 0, any = 0}
local deltas, list, erb, era, uses = {}, {}, {}, {}, 0
for i, p in ipairs(puzzles) do
  local b, a = rb[i], ra[i]
  local hb, ha = b.hardest and b.hardest.id or "", a.hardest and a.hardest.id or ""
  csv:write(("%s,%s,%s,%s,%s,%s,%s,%s,%s\n"):format(p.raw, sk.tenths(b.er), sk.tenths(a.er), sk.tenths(b.ep),
    sk.tenths(a.ep), sk.tenths(b.ed), sk.tenths(a.ed), hb, ha))
  erb[i], era[i] = b.er, a.er
  if hb == id or ha == id then uses = uses + 1 end
  local der = a.er - b.er
  local any = false
  for _, k in ipairs{"er", "ep", "ed"} do
    if sk.tenths(a[k]) ~= sk.tenths(b[k]) then changed[k] = changed[k] + 1; any = true end
  end
  if any then changed.any = changed.any + 1 end
  if sk.tenths(a.er) ~= sk.tenths(b.er) then
    local key = ("%+.1f"):format(der)
    deltas[key] = (deltas[key] or 0) + 1
    list[#list + 1] = i
  end
end
csv:close()

local out = io.stdout
out:write(("tweak-one: table %s, %s %s -> %s (%+.3g), choose %s\n"):format(base:name(), id, sk.tenths(entry.base),
  sk.tenths(new), new - entry.base, choose))
out:write(("%d puzzles from %s (%d skipped); rating time %.2f s before, %.2f s after\n"):format(#puzzles + skipped,
  corpus, skipped, tb, ta))
out:write(("hardest step is %s (before or after): %d puzzles\n"):format(id, uses))
out:write(("changed: ER %d, EP %d, ED %d; any of them %d of %d (%.1f%%)\n"):format(changed.er, changed.ep, changed.ed,
  changed.any, #puzzles, 100 * changed.any / #puzzles))
if changed.er > 0 then
  out:write("ER change  puzzles\n")
  local keys = {}
  for k in pairs(deltas) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tonumber(a) < tonumber(b) end)
  for _, k in ipairs(keys) do out:write(("%9s  %d\n"):format(k, deltas[k])) end
  local sum = 0
  for _, i in ipairs(list) do sum = sum + math.abs(ra[i].er - rb[i].er) end
  out:write(("mean |ER change| of the changed puzzles: %.3f\n"):format(sum / #list))
end
out:write(("Spearman rank correlation of ER before and after: %.5f\n"):format(x.spearman(erb, era)))
table.sort(list, function(a, b)
  local da, db = math.abs(ra[a].er - rb[a].er), math.abs(ra[b].er - rb[b].er)
  if da ~= db then return da > db end
  return a < b
end)
if nlist > 0 and #list > 0 then
  out:write(("\nlargest ER changes:\n%-81s %6s %6s  %s\n"):format("puzzle", "before", "after", "hardest before -> after"))
  for k = 1, math.min(nlist, #list) do
    local i = list[k]
    out:write(("%-81s %6s %6s  %s -> %s\n"):format(puzzles[i].raw, sk.tenths(rb[i].er), sk.tenths(ra[i].er),
      rb[i].hardest and rb[i].hardest.id or "-", ra[i].hardest and ra[i].hardest.id or "-"))
  end
end
out:write(("\nfiles: %s %s.yaml\n"):format(csvname, stem))
-- }======
