-- a policy that rates itself, returning odd types
local sk = require "sudokit"
return {
  name = "odd",
  table = "se",
  fields = {"A", "B"},
  rate = function(engine, grid, ctx)
    local r = engine:rate(grid, {budget = ctx.budget})
    if grid:empty() > 60 then return 42 end
    return {A = r.er, B = {nested = true}}
  end,
  format = function(f, puzzle) return {f.A} end,
}
