local sk = require "sudokit"
local rd, msg = sk.open("tests/fuzz/corpus/format/lines.txt")
if rd then
  for i = 1, 3 do local q = rd:read(); if not q then break end; local _ = q.ok, q.raw, q.grid, q.error end
  rd:close()
  print(pcall(rd.read, rd))
end
for p in pcall(sk.puzzles, "tools/sample-puzzles.txt") and sk.puzzles("tools/sample-puzzles.txt") or function() end do break end
print(sk.open("/no/such/file"), msg)
