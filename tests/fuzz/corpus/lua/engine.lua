local sk = require "sudokit"
local e = assert(sk.engine{missing = "drop"})
local g = sk.grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
local r = e:rate(g, {record = true, verify = true, budget = 0.1})
for i, s in ipairs(r.steps or {}) do local _ = s.id, s.description, s.difficulty, s.digit end
local h = e:first(g)
local c = e:cheapest(g)
if h then g:copy():apply(h); tostring(h); local _ = h.figures, h.eliminations end
e:hints(g); e:hints(g, "x-wing", true); e:hints(g, "no-such")
for i, hint, before in e:walk(g) do if i > 3 then break end end
e:rate(g, {choose = function(en, grid, step) if step > 2 then return nil end return en:first(grid) end})
e:rate_batch({g, sk.grid()}, {jobs = 2, choose = "cheapest"})
e:techniques(); e:dropped(); e:table():ids()
e:use_table("xdrs", "drop")
pcall(e.rate, e, g, {choose = function() return 42 end})
e:close()
print(pcall(e.rate, e, g))
