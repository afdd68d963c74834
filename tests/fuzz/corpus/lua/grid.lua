local sk = require "sudokit"
local g = assert(sk.grid("...........1.4.2..3..1.2..7.........64.....755..9.8..2.6843759.4.75296.8........."))
local s = assert(g:solve())
assert(s:solved() and g:count(5) == 1)
local h = g:copy()
for r = 1, 9 do
  for c = 1, 9 do
    if h:get(r, c) == 0 then
      local cs = h:candidates(r, c)
      h:eliminate(r, c, cs[#cs])
      h:set_candidates(r, c, cs)
      h:set(r, c, s:get(r, c))
    end
  end
end
assert(h == s and not h:given(1, 1) and g:has(1, 1, 9) ~= nil)
local k = g:format("candidates")
print(sk.grid(k) == g, sk.grid(g:values()) == g)
g:format("grid"); g:line("0"); tostring(g)
print(sk.grid("123"), sk.grid(("1"):rep(81)), pcall(g.get, g, 0, 10), pcall(g.set, {}, 1, 1, 1))
