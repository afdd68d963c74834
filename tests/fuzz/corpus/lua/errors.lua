local sk = require "sudokit"
local t = setmetatable({}, {__gc = function() error("in gc") end})
local co = coroutine.wrap(function(a) while true do a = coroutine.yield(a + 1) end end)
co(1); co(2)
print(pcall(error, {}), pcall(error, nil), pcall(error, setmetatable({}, {__tostring = function() return 1 end})))
print(pcall(sk.grid, {1, 2, 3}), pcall(sk.engine, 5), pcall(sk.policy, 5), pcall(sk.tenths, -1))
print(select("#", load("return ...")(1, 2)), load("\27Lua"), require "string")
local ok = pcall(require, "io")
error(sk.grid())
