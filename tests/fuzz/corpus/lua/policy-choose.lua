local sk = require "sudokit"
local n = 0
return {
  name = "chooser",
  table = "xdrs",
  record = true,
  choose = function(engine, grid, step)
    n = n + 1
    if n % 7 == 0 then error({code = n}) end
    local hs = engine:hints(grid)
    return hs and hs[#hs] or nil
  end,
  result = function(r, ctx)
    if r.stuck then return nil, "stuck" end
    return setmetatable({ER = r.er}, {__index = function(t, k) return k end})
  end,
}
