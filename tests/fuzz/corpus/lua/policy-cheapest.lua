-- cheapest.lua -- SE's table, but each step takes the cheapest hint over
-- all techniques instead of the first technique in table order.
--
-- The two differ where SE's producer order is not sorted by value: a long
-- unique loop (up to 5.3) is taken before a naked quad (5.0), a long
-- forcing chain before an aligned triple exclusion (7.5), a multiple chain
-- of 8.6 before a dynamic one of 8.5.  So ER here is at most SE's ER, and
-- often equal.  The line has the shape of `sudokit rate`'s.
local sk = require "sudokit"

return {
  name = "cheapest",
  table = "se",
  choose = "cheapest",
  fields = {"ER", "EP", "ED"},

  result = function(r, ctx)
    if r.over_budget then return nil, ("over budget (%g s)"):format(ctx.budget or 0) end
    if r.wrong then return nil, ("wrong step %d"):format(r.wrong_step) end
    return {ER = r.er, EP = r.ep, ED = r.ed}
  end,

  format = function(f, puzzle)
    return ("%s ED=%s/%s/%s"):format(puzzle.raw, sk.tenths(f.ER), sk.tenths(f.EP), sk.tenths(f.ED))
  end,
}
