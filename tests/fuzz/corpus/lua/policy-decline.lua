-- a policy that declines puzzles with fewer than 25 givens, and fails with
-- a runtime error (line 7) on puzzles whose first cell holds 9
return {
  name = "decline",
  rate = function(engine, grid)
    if grid:get(1, 1) == 9 then
      error("first cell holds 9")
    end
    if 81 - grid:empty() < 25 then return nil, "declined: too few givens" end
    return {ER = engine:rate(grid).er}
  end,
  fields = {"ER"},
}
