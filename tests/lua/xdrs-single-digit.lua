-- xdrs-single-digit.lua -- where SE's path takes a turbot-like X-chain
-- (static-chains: "Turbot Fish", "Forcing X-Chain", 6.6-6.7), XDRS's path
-- takes a one-digit pattern of HoDoKu's library instead.
--
--   sudokit run tests/lua/xdrs-single-digit.lua CASES
--
-- CASES: lines "PUZZLE ER P D XDRS_HARDEST" (# comments), the values worked
-- out by hand from ratings/xdrs.yaml (D = (90 P + 19) / 109).  For each:
--   - SE: ER as given, its hardest step static-chains, and a step of SE's
--     path that is an X-chain of static-chains ("Turbot Fish" or "Forcing
--     X-Chain");
--   - XDRS: P and D (three decimals) and the hardest technique as given, no
--     step of 6.0 or more, every step checked against the solution;
--   - on the grid where SE takes its first X-chain, XDRS's first hint is a
--     one-digit pattern of 4.6 or less (finned, sashimi or Franken X-Wing,
--     finned or sashimi Swordfish, Skyscraper, 2-String Kite, Turbot Fish,
--     Empty Rectangle); where SE's chain is its Turbot Fish, HoDoKu's turbot
--     fish (4.2) applies there too; each of them is sound.
-- Prints one line a case; raises an error at the first failure.
local sk = require "sudokit"
local se = assert(sk.engine{table = "se"})
local xd = assert(sk.engine{table = "xdrs"})
local policy = assert(sk.policy("xdrs"))

local one_digit = {
  ["finned-x-wing"] = true, ["sashimi-x-wing"] = true, ["finned-franken-x-wing"] = true,
  ["franken-x-wing"] = true, skyscraper = true, ["two-string-kite"] = true,
  ["turbot-fish"] = true, ["empty-rectangle"] = true, ["finned-swordfish"] = true,
  ["sashimi-swordfish"] = true,
}

local function check(cond, fmt, ...)
  if not cond then error(fmt:format(...), 2) end
end

-- every elimination of a hint keeps the solution's digit
local function sound(h, sol, what)
  for _, e in ipairs(h.eliminations) do
    check(sol:get(e.r, e.c) ~= e.d, "%s: %s removes r%dc%d=%d, the solution", what, h.id, e.r, e.c, e.d)
  end
  if h.r then check(sol:get(h.r, h.c) == h.digit, "%s: %s places a wrong digit", what, h.id) end
end

local cases = 0
for line in io.lines(arg[1]) do
  if not line:match("^%s*#") and line:match("%S") then
    local raw, er, p, d, tech = line:match("^(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s+(%S+)%s*$")
    check(raw, "%s: bad line '%s'", arg[1], line)
    local g = assert(sk.grid(raw))
    local sol = assert(g:solve())
    local rs = assert(se:rate(g, {record = true, solution = sol}))
    check(sk.tenths(rs.er) == er and not rs.wrong, "%s: SE ER %s, wanted %s", raw, sk.tenths(rs.er), er)
    check(rs.hardest.id == "static-chains", "%s: SE's hardest is %s", raw, rs.hardest.id)
    local rx = assert(xd:rate(g, {record = true, solution = sol}))
    check(not rx.wrong and not rx.stuck, "%s: XDRS wrong or stuck", raw)
    check(sk.tenths(rx.er) == p, "%s: P %s, wanted %s", raw, sk.tenths(rx.er), p)
    local f = assert(policy:rate(g))
    check(sk.tenths(f.P) == p and ("%.3f"):format(f.D) == d, "%s: policy xdrs gives P %s D %.3f, wanted %s %s",
      raw, sk.tenths(f.P), f.D, p, d)
    check(rx.hardest.id == tech, "%s: XDRS's hardest is %s, wanted %s", raw, rx.hardest.id, tech)
    for i, s in ipairs(rx.steps) do
      check(s.id ~= "static-chains" and s.difficulty < 6.0, "%s: XDRS step %d is %s %.1f", raw, i, s.id, s.difficulty)
    end
    -- the grid of SE's first X-chain
    local found
    for i, hint, before in se:walk(g) do
      if hint.id == "static-chains" and (hint.name == "Turbot Fish" or hint.name == "Forcing X-Chain") then
        found = i
        sound(hint, sol, raw .. " SE")
        local f = xd:first(before)
        check(one_digit[f.id] and f.difficulty <= 4.6, "%s: at SE's X-chain (step %d) XDRS takes %s %.1f",
          raw, i, f.id, f.difficulty)
        sound(f, sol, raw .. " XDRS")
        if hint.name == "Turbot Fish" then     -- SE's three-link X-chain: HoDoKu's turbot fish is there
          local tf = xd:hints(before, "turbot-fish")
          check(#tf > 0 and tf[1].difficulty == 4.2, "%s: no turbot fish at SE's Turbot Fish (step %d)", raw, i)
          for _, h in ipairs(tf) do sound(h, sol, raw .. " turbot") end
        end
        print(("%s ER %s P %s D %s %s; SE step %d %s %s -> XDRS %s %s"):format(raw, er, p, d, tech, i,
          hint.name, sk.tenths(hint.difficulty), f.id, sk.tenths(f.difficulty)))
        break
      end
    end
    check(found, "%s: SE's path has no Turbot Fish or Forcing X-Chain", raw)
    cases = cases + 1
  end
end
check(cases >= 5, "only %d cases", cases)
print(("%d cases"):format(cases))
