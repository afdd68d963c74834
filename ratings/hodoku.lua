-- hodoku.lua -- HoDoKu 2.2.0's rating (its /bs batch line).
--
-- Steps are chosen as HoDoKu's solver does: the techniques of table hodoku
-- in their order index, the first that finds a step supplies it, then the
-- search restarts from the top (choose "first"; each plugin takes HoDoKu's
-- own first step, or the best of all for the techniques HoDoKu sorts).  The
-- table is a scored one (its levels:): the score is the sum of the steps'
-- attrs.score, the level the highest attrs.level of a step, raised while
-- the score exceeds that level's max -- the engine computes both
-- (sk_table_score), so r.score and r.level come with every rating of the
-- table, in e:rate and e:rate_batch alike.
--
-- The line is HoDoKu's: "<puzzle> #<n> <Level> (<score>)" and " bf" when a
-- Brute Force step was used, " td" for a template step, " gu" for Give Up
-- (Main.java BatchSolveThread), n being the puzzle's number in the input.
-- `sudokit explain --policy hodoku` adds HoDoKu's /vp path: each step on a
-- line of its own, indented by three spaces, as step.toString(2) prints it
-- (the step's `compact` text), so that a path diffs against HoDoKu's; a
-- forcing chain's or net's chains follow their step as HoDoKu prints
-- them, each on a line two spaces in, the lines ending in "\r" as the
-- "\r\n" HoDoKu puts between them leaves them (the step's `detail`).
-- HoDoKu refuses puzzles with fewer than 10 givens and then prints the
-- previous puzzle's level and score; sudokit rates every puzzle with one
-- solution (and such a puzzle never has one), so the quirk never shows.
local sk = require "sudokit"

local policy = {
  name = "hodoku",
  table = "hodoku",
  choose = "first",
  record = true,
  fields = {"level", "score", "flags"},
}

-- HoDoKu's step names of the steps that set a flag
local flag_of = {
  ["Brute Force"] = "bf",
  ["Template Set"] = "td", ["Template Delete"] = "td",
  ["Give Up"] = "gu",
}

function policy.flags(steps)
  local seen = {}
  for _, s in ipairs(steps or {}) do
    local f = flag_of[s.name]
    if f then seen[f] = true end
  end
  local out = {}
  for _, f in ipairs{"bf", "td", "gu"} do
    if seen[f] then out[#out + 1] = f end
  end
  return table.concat(out, " ")
end

function policy.result(r, ctx)
  if r.over_budget then return nil, ("over budget (%g s)"):format(ctx.budget or 0) end
  if r.wrong then return nil, ("wrong step %d"):format(r.wrong_step) end
  if not r.level then return nil, "the table has no levels: (not a scored table)" end
  local f = {level = r.level, score = r.score, flags = policy.flags(r.steps), stuck = r.stuck}
  if ctx.explain then               -- explain: HoDoKu's /vp lines
    f.path = {}
    for i, s in ipairs(r.steps or {}) do
      f.path[i] = s.compact or s.text
      if s.detail then f.path[i] = f.path[i] .. "\r\n  " .. s.detail:gsub("\n", "\r\n  ") end
    end
  end
  return f
end

function policy.format(f, puzzle)
  local line = ("%s #%d %s (%d)"):format(puzzle.raw, puzzle.index or 0, f.level, f.score)
  if f.flags ~= "" then line = line .. " " .. f.flags end
  if f.path and #f.path > 0 then line = line .. "\n   " .. table.concat(f.path, "\n   ") end
  return line
end

return policy
