local sk = require "sudokit"
local e = sk.engine{missing = "drop"}
local g = sk.grid("....41...9..5...81.7...96.....4.....3..6..14..8.1....3......83579.........2....1.")
local contra = sk.grid("12345678.........9" .. ("."):rep(63))
if e then
  print(e:rate(g, {want = "pearl"}).unwanted, e:rate(g, {want = "diamond", max_steps = 2}).er)
  print(pcall(e.rate, e, g, {want = 7}), pcall(e.rate, e, contra, {want = "diamond"}))
  print(#e:rate_batch({g, contra, sk.grid()}, {jobs = 2, want = "pearl", budget = 0.01}))
end
