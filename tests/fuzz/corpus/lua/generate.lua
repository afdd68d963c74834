local sk = require "sudokit"
local p, s = sk.generate{seed = 7, givens = {30, 32}, symmetry = "rot180"}
local q = sk.generate{rng = sk.rng(3), minimal = true}
local r = sk.rng(5)
print(p, s, q, r:below(10), r:next(), sk.grid_at(12345, 3), pcall(sk.generate, {level = "x"}),
      sk.tenths(4.45), sk.version)
