-- rate-policy.lua -- rate a corpus with a policy, one line per puzzle, as
-- `sudokit rate --policy` will:  sudokit run rate-policy.lua POLICY TABLE|- CORPUS
-- (TABLE '-' keeps the policy's own table).  Used by tests/cli/lua.sh.
local sk = require "sudokit"
local name, tab, corpus = ...
assert(name and tab and corpus, "usage: rate-policy.lua POLICY TABLE|- CORPUS")
local p = assert(sk.policy(name, {table = tab ~= "-" and tab or nil}))
for q in sk.puzzles(corpus) do
  if q.grid then
    local line, why = p:line(q.grid, q)
    print(line or (q.raw .. " # " .. why))
  else
    print(q.raw .. " # invalid")
  end
end
