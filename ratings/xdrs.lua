-- xdrs.lua -- XDRS, the Xiaoxiang Difficulty Rating System (reconstructed;
-- see ratings/xdrs.yaml for where each value comes from).
--
-- Steps are chosen as in SE: the first technique in table order that has
-- a hint.  xdrs.yaml lists SE's techniques and HoDoKu's library by
-- increasing base value, so this is the forum's search "from low- to
-- high-difficulty techniques"; a technique that collects its hints gives
-- the one with the least value (xdrs.yaml's header has the tie rules).  The
-- puzzle's P is its hardest step on SE's scale (20.0 when the techniques
-- get stuck), and its final difficulty is
--     D = (90 P + 19) / 109, clamped to [1, 10]
-- so P = 1.0 gives 1, P = 9.6 gives 8.101 and P = 11.9 (or more) gives 10.
-- The forum's "P = 12 for 577 nodes or more" is not a rule of its own: by
-- the forum's argument no step uses 577 nodes (a grid has at most 576
-- candidates), and sudokit's node figures count implications, which do
-- pass 576 in nested chains, so a step keeps its table value and the clamp
-- gives D = 10 wherever P = 12 would (xdrs.yaml's header says why).
-- The line is "<puzzle> P=9.6 D=8.101": P with one decimal, D with three.
local sk = require "sudokit"

local policy = {
  name = "xdrs",
  table = "xdrs",
  choose = "first",
  fields = {"P", "D"},
}

-- The forum's formula; anything from P = 11.9 on (the reserved 12, a
-- nested chain's long bonus, a stuck 20.0) clamps to 10.
function policy.D(p)
  local d = (90 * p + 19) / 109
  if d < 1 then return 1.0 end
  if d > 10 then return 10.0 end
  return d
end

function policy.result(r, ctx)
  if r.over_budget then return nil, ("over budget (%g s)"):format(ctx.budget or 0) end
  if r.wrong then return nil, ("wrong step %d"):format(r.wrong_step) end
  return {
    P = r.er, D = policy.D(r.er), EP = r.ep, ED = r.ed, stuck = r.stuck,
    technique = r.hardest and r.hardest.id or nil,
  }
end

function policy.format(f, puzzle)
  return ("%s P=%s D=%.3f"):format(puzzle.raw, sk.tenths(f.P), f.D)
end

return policy
