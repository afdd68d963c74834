-- a policy that chooses its steps in Lua: SE's rule written as a script
-- (engine:first), plus a result computed from the steps (the number of
-- steps that place a value), to check the Lua chooser against the C one.
local sk = require "sudokit"
return {
  name = "custom",
  table = "se",
  record = true,
  choose = function(engine, grid, step) return engine:first(grid) end,
  fields = {"ER", "EP", "ED", "placed"},
  result = function(r)
    local placed = 0
    for _, s in ipairs(r.steps) do if s.digit then placed = placed + 1 end end
    return {ER = r.er, EP = r.ep, ED = r.ed, placed = placed}
  end,
  format = function(f, puzzle)
    return ("%s ED=%s/%s/%s placed=%d"):format(puzzle.raw, sk.tenths(f.ER), sk.tenths(f.EP),
                                                sk.tenths(f.ED), f.placed)
  end,
}
