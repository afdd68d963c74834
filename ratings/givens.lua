-- givens.lua -- the given-count grade: a puzzle is "easy" with 36-40
-- givens, "medium" with 30-35, "hard" with 24-29, and has no level
-- otherwise.  These bands measure only how many clues a puzzle shows, not
-- which techniques it needs; `sudokit analyze --fields givens,level,er`
-- or tools/experiments/measures.lua show how loosely the two are tied.
-- The engine is not used.  The line is "<puzzle> givens=N level=L".
local sk = require "sudokit"

local levels = {{"easy", 36, 40}, {"medium", 30, 35}, {"hard", 24, 29}}

local policy = {
  name = "givens",
  fields = {"givens", "level"},
  levels = levels,
}

function policy.level(n)
  for _, l in ipairs(levels) do
    if n >= l[2] and n <= l[3] then return l[1] end
  end
  return "-"
end

function policy.rate(engine, grid, ctx)
  local n = 81 - grid:empty()
  return {givens = n, level = policy.level(n)}
end

function policy.format(f, puzzle)
  return ("%s givens=%d level=%s"):format(puzzle.raw, f.givens, f.level)
end

return policy
