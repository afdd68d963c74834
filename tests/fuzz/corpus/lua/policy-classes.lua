-- classes.lua -- pearl and diamond classes of a puzzle's SE solving path.
--
-- The path is rated as SE does (table se, first technique in table order
-- each step); a step "places" when it names a cell, the rule SE's EP uses.
--   SE    diamond  ED = EP = ER;  pearl  EP = ER and not a diamond
--   SDRS  (document 000; with j = the first step that places nothing and
--         k = the first placing step after it)
--         pearl            j = 0: the first step places nothing
--         diamond          j = 0 and that first step is rated ER
--         extreme pearl    the hardest step among j..k-1 is rated ER: the
--                          hardest step lies in the first run of
--                          eliminations, and only placements precede it
--         extreme diamond  step j is rated ER
-- Stuck or unfinished paths have no class.  The classes are computed in C
-- (sk.classes); "sdrs" is the most specific of the four (diamond, then
-- extreme diamond, extreme pearl, pearl) and "flags" lists them all.
-- The line is "<puzzle> ED=9.3/9.3/2.6 se=pearl sdrs=extreme-pearl flags=pearl,extreme-pearl".
local sk = require "sudokit"

local policy = {
  name = "classes",
  table = "se",
  choose = "first",
  record = true,
  fields = {"ER", "EP", "ED", "se", "sdrs", "flags"},
}

function policy.result(r, ctx)
  if r.over_budget then return nil, ("over budget (%g s)"):format(ctx.budget or 0) end
  if r.wrong then return nil, ("wrong step %d"):format(r.wrong_step) end
  local c = sk.classes(r)
  local flags = {}
  for _, k in ipairs{"pearl", "diamond", "extreme_pearl", "extreme_diamond"} do
    if c[k] then flags[#flags + 1] = (k:gsub("_", "-")) end
  end
  return {ER = r.er, EP = r.ep, ED = r.ed, se = c.se, sdrs = c.sdrs,
          flags = #flags > 0 and table.concat(flags, ",") or "-"}
end

function policy.format(f, puzzle)
  return ("%s ED=%s/%s/%s se=%s sdrs=%s flags=%s"):format(puzzle.raw, sk.tenths(f.ER),
    sk.tenths(f.EP), sk.tenths(f.ED), f.se, f.sdrs, f.flags)
end

return policy
