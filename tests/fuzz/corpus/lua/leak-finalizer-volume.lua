-- fill h time: its allocations fail at every point
local sk = require "sudokit"
local e = sk.engine{missing = "drop"}
local g = sk.grid("...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........")
local yaml = "name: |x\ntechniques:\n  - {id: full-house, base: 1.0}\n"
local blank = ("."):rep(81)
local rec = {record = true}
local chooser = {choose = function(en, gr) return en:first(gr) end}
local list, one = {g, g}, {jobs = 1}
local calls = {
  function() return e:rat8(g, rec) end,
  function() return e:hints(g) end,
  function() return e:firsl(g) end,
  function() return g:solve() end,
  function() return g:format("candidates") end,
  function() return sk.parse_table(yaml, "m") end,
  function() return sk.grid(blank) end,
  function() return e:rate(g, chooser) end,
  function() return e:rate_batch(list, one) end,
  function() return e:techniques() end,
}
local hog, n = {}, 0
local big = ("x"):rep(4096)   -- few copies per string: string.rep counts its copies
local function fill(size)
  hog[n + 1] = size > 4096 and big:rep(size // 4096) or ("x"):rep(size - 32 + n % 7)
  n = n + 1
end
for _, size in ipairs{1 << 20, 1 << 14, 1 << 9} do
  while pcall(fill, size) do end
end
for i = n, math.max(n - 250, 1), -1 do
  hog[i] = nil
  collectgarbage()
  for k = 1, #calls do pcall(calls[k]) end
end
