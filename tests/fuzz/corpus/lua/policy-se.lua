-- se.lua -- the default rating policy: Sudoku Explainer 1.2.1.3 (serate).
--
-- At each step the techniques are asked in the table's order and the first
-- hint found is applied ("first").  The puzzle gets ER (the hardest step,
-- 20.0 when the techniques get stuck), EP (the hardest step up to the first
-- placed value) and ED (the first step).  The line is serate's
-- "%g ED=%r/%p/%d", byte for byte what `sudokit rate` prints.
local sk = require "sudokit"

return {
  name = "se",
  table = "se",
  choose = "first",
  fields = {"ER", "EP", "ED"},

  result = function(r, ctx)
    if r.over_budget then return nil, ("over budget (%g s)"):format(ctx.budget or 0) end
    if r.wrong then return nil, ("wrong step %d"):format(r.wrong_step) end
    -- technique: the id of the hardest step (for experiments; not printed)
    return {ER = r.er, EP = r.ep, ED = r.ed, technique = r.hardest and r.hardest.id or nil}
  end,

  format = function(f, puzzle)
    return ("%s ED=%s/%s/%s"):format(puzzle.raw, sk.tenths(f.ER), sk.tenths(f.EP), sk.tenths(f.ED))
  end,
}
