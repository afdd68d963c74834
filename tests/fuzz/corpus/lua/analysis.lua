local sk = require "sudokit"
local g = sk.grid("...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8.........")
print(sk.singles(g), sk.backdoor(g), sk.backdoor(g, {set = "ssts", max_order = 1}),
      sk.redundant(g), sk.correlation(g), sk.correlation_grade(0.5), sk.solver_work(g))
local e = sk.engine{missing = "drop"}
if e then print(sk.classes(e:rate(g, {record = true}))) end
print(pcall(sk.backdoor, g, {max_order = 9}), pcall(sk.classes, {}), sk.backdoor(sk.grid()))
