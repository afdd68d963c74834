-- explib.lua -- what the difficulty experiments share: options, reading a
-- corpus, progress on stderr, rank statistics, bands, CSV and gnuplot.
-- The experiments load it from their own directory:
--   package.path = (arg[0]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local sk = require "sudokit"

local M = {}

M.prog = "experiment"

function M.warn(fmt, ...)
  io.stderr:write(M.prog, ": ", fmt:format(...), "\n")
end

-- A usage error: message, the usage text, exit 2.
function M.usage_error(usage, fmt, ...)
  M.warn(fmt, ...)
  io.stderr:write(usage)
  os.exit(2)
end

-- Options before, between or after positional arguments.  known maps an
-- option to "flag" or "value"; a negative number ("-0.2") is positional.
function M.options(args, known)
  local opts, pos, i = {}, {}, 1
  while i <= #args do
    local a = args[i]
    if a == "--" then
      table.move(args, i + 1, #args, #pos + 1, pos)
      break
    elseif a:match("^%-%-?%a") then
      local kind = known[a]
      if not kind then return nil, "unknown option '" .. a .. "'" end
      if kind == "flag" then
        opts[a] = true
      else
        i = i + 1
        if args[i] == nil then return nil, a .. " needs a value" end
        opts[a] = args[i]
      end
    else
      pos[#pos + 1] = a
    end
    i = i + 1
  end
  return opts, pos
end

-- A whole number option in [lo, hi], or nil, msg.
function M.int_option(opts, name, default, lo, hi)
  local v = opts[name]
  if v == nil then return default end
  local n = math.tointeger(tonumber(v))
  if not n or n < lo or n > hi then
    return nil, ("%s: '%s' is not a whole number in %d..%d"):format(name, v, lo, hi)
  end
  return n
end

-- The puzzles of a corpus with exactly one solution, in order.  Malformed
-- and non-unique puzzles are reported on stderr and left out.
function M.load_corpus(path)
  local list, skipped = {}, 0
  local reader, err = sk.open(path)
  if not reader then return nil, err end
  for p in reader:lines() do
    if not p.grid then
      M.warn("%s", p.error)
      skipped = skipped + 1
    else
      local n = p.grid:count(2)
      if n ~= 1 then
        M.warn("%s:%d: puzzle has %s", path, p.line, n == 0 and "no solution" or "several solutions")
        skipped = skipped + 1
      else
        list[#list + 1] = {raw = p.raw, grid = p.grid, line = p.line}
      end
    end
  end
  reader:close()
  return list, skipped
end

-- Progress on stderr: on when stderr is a terminal, unless forced by
-- --progress / --quiet.  Returns a function(done, total) and a finisher.
function M.progress(label, opts)
  local on = opts["--progress"] or (not opts["--quiet"] and os.execute("test -t 2") == true)
  if not on then return nil, function() end end
  local t0 = os.time()
  local function show(done, total)
    io.stderr:write(("\r%s: %d/%d puzzles (%d%%) %ds "):format(label, done, total,
      total > 0 and done * 100 // total or 100, os.time() - t0))
    io.stderr:flush()
  end
  return show, function(total) show(total, total); io.stderr:write("\n") end
end

-- Wall-clock seconds (os.clock is CPU time, summed over threads).
function M.now()
  local p = io.popen("date +%s.%N")
  local t = p and tonumber(p:read("l"))
  if p then p:close() end
  return t or os.time()
end

-- {====== statistics

-- Average ranks (1-based; ties share the mean of their ranks).
function M.ranks(x)
  local idx = {}
  for i = 1, #x do idx[i] = i end
  table.sort(idx, function(a, b) if x[a] ~= x[b] then return x[a] < x[b] end return a < b end)
  local r, i = {}, 1
  while i <= #idx do
    local j = i
    while j < #idx and x[idx[j + 1]] == x[idx[i]] do j = j + 1 end
    local avg = (i + j) / 2
    for k = i, j do r[idx[k]] = avg end
    i = j + 1
  end
  return r
end

function M.pearson(x, y)
  local n = #x
  if n < 2 then return 0 / 0 end
  local mx, my = 0, 0
  for i = 1, n do mx, my = mx + x[i], my + y[i] end
  mx, my = mx / n, my / n
  local sxy, sxx, syy = 0, 0, 0
  for i = 1, n do
    local dx, dy = x[i] - mx, y[i] - my
    sxy, sxx, syy = sxy + dx * dy, sxx + dx * dx, syy + dy * dy
  end
  if sxx == 0 or syy == 0 then return 0 / 0 end
  return sxy / math.sqrt(sxx * syy)
end

-- Spearman's rank correlation: Pearson's on average ranks.
function M.spearman(x, y)
  return M.pearson(M.ranks(x), M.ranks(y))
end

-- }======

-- {====== bands and tables

-- Integer bands "1-2" .. "11-12" of a difficulty; "stuck" for 20.0.
function M.band(x, stuck)
  if stuck then return "stuck" end
  local b = math.floor(x + 1e-9)
  return ("%d-%d"):format(b, b + 1)
end

-- Bands of D: 1-2 .. 9-10, with D = 10 in the last one.
function M.dband(d, stuck)
  if stuck then return "stuck" end
  local b = math.min(math.floor(d + 1e-9), 9)
  return ("%d-%d"):format(b, b + 1)
end

local function band_key(b)
  if b == "stuck" then return math.huge end
  return tonumber(b:match("^(%d+)"))
end

-- Print a count table of row band x column band.
function M.crosstab(out, rows, cols, rowname, colname)
  local rset, cset, count = {}, {}, {}
  for i = 1, #rows do
    rset[rows[i]], cset[cols[i]] = true, true
    local k = rows[i] .. "|" .. cols[i]
    count[k] = (count[k] or 0) + 1
  end
  local function sorted(set)
    local l = {}
    for k in pairs(set) do l[#l + 1] = k end
    table.sort(l, function(a, b) return band_key(a) < band_key(b) end)
    return l
  end
  local rl, cl = sorted(rset), sorted(cset)
  out:write(("%-10s"):format(rowname .. "\\" .. colname))
  for _, c in ipairs(cl) do out:write(("%7s"):format(c)) end
  out:write(("%8s\n"):format("all"))
  for _, r in ipairs(rl) do
    out:write(("%-10s"):format(r))
    local total = 0
    for _, c in ipairs(cl) do
      local n = count[r .. "|" .. c] or 0
      total = total + n
      out:write(("%7s"):format(n > 0 and tostring(n) or "."))
    end
    out:write(("%8d\n"):format(total))
  end
end

-- }======

-- {====== files

function M.mkdir(dir)
  return os.execute("mkdir -p '" .. dir:gsub("'", "'\\''") .. "'")
end

function M.have_gnuplot()
  return os.execute("command -v gnuplot >/dev/null 2>&1") == true
end

-- Run a gnuplot script; true, or nil and a message.
function M.gnuplot(script)
  local p = io.popen("gnuplot 2>&1", "w")
  if not p then return nil, "cannot start gnuplot" end
  p:write(script)
  local ok, how, code = p:close()
  if not ok then return nil, ("gnuplot failed (%s %s)"):format(how, code) end
  return true
end

-- Quote a path for a gnuplot string.
function M.gq(s)
  return '"' .. s:gsub('\\', '\\\\'):gsub('"', '\\"') .. '"'
end

-- }======

return M
