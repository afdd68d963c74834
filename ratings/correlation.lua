-- correlation.lua -- the grade by blank correlation ("grading by blank
-- correlation", document 001 of the project's seeds).
--
-- B is the set of the N blank cells, g(a) the number of other blanks that
-- share a row, a column or a box with a, and
--     F(A) = sum of g(a) over B / (18 N)
-- as the paper writes it (F reaches 20/18 on an empty grid).  The paper
-- cuts F into grades I..IV; its threshold table is garbled in our copy, so
-- the cuts below (0.25, 0.55, 0.725) are our reading of it -- change them
-- here or with `sudokit analyze --thresholds`.  The paper's other factors
-- come along: the blank count N and the solver's work (search nodes and
-- guesses to solve and prove uniqueness), its machine-independent stand-in
-- for solving time.  F, N and the work are computed in C (sk.correlation,
-- sk.solver_work); the engine is not used.
-- The line is "<puzzle> F=0.7393 grade=IV blanks=52 nodes=1 guesses=0".
local sk = require "sudokit"

local policy = {
  name = "correlation",
  fields = {"F", "grade", "blanks", "nodes", "guesses"},
  thresholds = {0.25, 0.55, 0.725},
}

function policy.rate(engine, grid, ctx)
  local f, n = sk.correlation(grid)
  local _, roman = sk.correlation_grade(f, policy.thresholds)
  local nodes, guesses, count = sk.solver_work(grid)
  if count ~= 1 then return nil, count == 0 and "no solution" or "several solutions" end
  return {F = f, grade = roman, blanks = n, nodes = nodes, guesses = guesses}
end

function policy.format(f, puzzle)
  return ("%s F=%.4f grade=%s blanks=%d nodes=%d guesses=%d"):format(
    puzzle.raw, f.F, f.grade, f.blanks, f.nodes, f.guesses)
end

return policy
