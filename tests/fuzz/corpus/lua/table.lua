local sk = require "sudokit"
local t = assert(sk.parse_table([[
name: fz
techniques:
  - id: full-house
    base: 1.0
  - id: unique-loop
    base: 4.5
    modifiers:
      - {figure: length, steps: {6: 0.1, 8: 0.2, 10: 0.5}}
      - {figure: size, linear: 0.1, from: 1}
  - id: forcing-x-chain
    base: 6.6
    modifiers:
      - {figure: complexity, chain: {offset: 2, first: 4, step: 0.1}}
]], "inline"))
local c = t:copy()
c:set("full-house", 2.5)
c:remove("unique-loop")
local d = t:difficulty("unique-loop", {length = 8, size = 3})
local y = sk.parse_table(c:yaml(), "again")
for i, id in ipairs(t:ids()) do local e = t:get(i); local _ = e.rule, e.base, id end
print(#t, t:name(), t:path(), d, y, sk.table("se"), sk.table("no-such"), pcall(c.set, c, "x", -1))
c:close()
print(pcall(c.get, c, 1))
