local sk = require "sudokit"
local e = sk.engine{missing = "drop"}
local g = sk.grid()
local contra = sk.grid("12345678.........9" .. ("."):rep(63))
print(g:count(), g:solve(), contra:solve(), contra:count())
local k = ("123456789"):rep(81)
k = k:sub(1, 9) .. ("........."):rep(80)
local x = sk.grid(k)
if e then e:rate(g, {max_steps = 3}); e:rate(contra); if x then e:first(x); e:rate(x) end end
