-- talon.cli.report: what `talon sim`, `talon compare` and `talon merge`
-- print from a summary (talon.cli.summary): every figure with its 95 %
-- interval (talon.host.estimate), and for a comparison the difference and
-- a verdict in words.
--
-- The text depends on the summary's integers alone (no clock, no order of
-- slices), so the same run prints the same bytes however it was split;
-- timings go to stderr (talon.cli.sim).
local estimate = require "talon.host.estimate"
local stats = require "talon.host.stats"

local report = {}

-- {================================================== numbers

-- Decimals that show an interval's half-width 'h' to two digits.
local function decimals(h, least)
  local d = 2
  if h and h > 0 then d = 1 - math.floor(math.log(h, 10)) end
  if d < (least or 0) then d = least or 0 end
  return d > 6 and 6 or d
end

local function fixed(v, d)
  local s = ("%." .. d .. "f"):format(v)
  if s:match("^%-0%.?0*$") then s = s:sub(2) end -- no "-0.0"
  return s
end

-- A figure of measure 'm' in 'side' of a summary over 'n' matches: value,
-- half-width (nil if unknown) and the unit; nil when nothing was observed.
function report.figure(m, acc, n)
  if acc.lost then return nil, nil, "lost" end
  if m.kind == "count" then
    local p, lo, hi = estimate.proportion(acc, n, m.per)
    if p == nil then return nil end
    local half = lo and math.max(p - lo, hi - p) or nil
    return 100 * p, half and 100 * half, "%", lo and 100 * lo, hi and 100 * hi
  end
  local v, half = estimate.mean(acc, n)
  if v == nil then return nil end
  return v, half, ""
end

-- "50.4 % ± 3.1", "5.54 ± 0.13", "0.0 % (no interval)".
function report.text(v, half, unit)
  if unit == "lost" then return "too large to add up" end
  if v == nil then return "—" end
  local d = decimals(half, unit == "%" and 1 or 0)
  local u = unit == "%" and " %" or ""
  if half == nil then return fixed(v, d) .. u .. " (no interval)" end
  return fixed(v, d) .. u .. " ± " .. fixed(half, d)
end

-- The spread of a value: its few values with their counts, or quantiles.
local function distribution(acc)
  local keys, exact = {}, true
  for k in pairs(acc.hist) do
    keys[#keys + 1] = k
    local lo, hi = stats.bucket_range(k)
    exact = exact and lo == hi
  end
  if #keys == 0 then return "" end
  table.sort(keys)
  if exact and #keys <= 8 then
    local parts = {}
    for i, k in ipairs(keys) do parts[i] = ("%d ×%d"):format(k, acc.hist[k]) end
    return table.concat(parts, ", ")
  end
  -- a bucket's smallest size, within what was observed ("≈": the bucket
  -- holds more than one value)
  local function q(p)
    local k = estimate.quantile(acc.hist, p)
    local lo, hi = stats.bucket_range(k)
    lo, hi = math.max(lo, acc.lo), math.min(hi, acc.hi)
    return lo == hi and tostring(lo) or ("≈%d"):format(lo)
  end
  return ("min %d, 10 %% %s, median %s, 90 %% %s, max %d"):format(acc.lo, q(0.1), q(0.5), q(0.9),
    acc.hi)
end

-- }==================================================

-- {================================================== layout

local function width(s) return utf8.len(s) or #s end

local function pad(s, w)
  return s .. (" "):rep(math.max(0, w - width(s)))
end

local function lpad(s, w)
  return (" "):rep(math.max(0, w - width(s))) .. s
end

-- Shown in text: seat wins repeat the sides' wins; an empty count of
-- failures or undecided matches says nothing.
local function shown(m, acc)
  if m.id:match("^seat_wins%.") then return false end
  if (m.id == "undecided" or m.id == "bot_failures") and acc.x == 0 then return false end
  return true
end

-- "1000 matches (seed 1)", "523 of 1000 matches (interrupted; seed 1)".
local function how_many(s)
  local games = s.run.games
  local text = s.matches == games and tostring(games) or ("%d of %d"):format(s.matches, games)
  local notes = {}
  if s.interrupted then notes[#notes + 1] = "interrupted" end
  if s.planned < games then notes[#notes + 1] = ("shards %s"):format(report.shards(s.shards)) end
  notes[#notes + 1] = "seed " .. tostring(s.run.seed)
  return text .. (games == 1 and " match (" or " matches (") .. table.concat(notes, "; ") .. ")"
end

function report.shards(list)
  local parts = {}
  for i, sh in ipairs(list) do parts[i] = sh[1] .. "/" .. sh[2] end
  return table.concat(parts, " ")
end

-- Why a side's bots played moves at random: the run's earliest failure
-- (talon.cli.lab), after 'who' ("" or "A: ").
local function failure_line(side, who)
  local f = side.first_failure
  if not f then return nil end
  return ("  %sfirst bot failure: match %d, action %d, P%d (%s): %s; played at random")
    :format(who, f.match, f.action, f.seat, f.bot, f.message)
end

local FOOT = "  ± 95 %% intervals: Wilson for proportions, normal for means, matches as units"

-- }==================================================

-- {================================================== sim

-- When some matches had no winner (a pot game's session ending with the
-- most chips tied), each side's share of the matches that had one: rows
-- { label, text, "" } after the count of those without.
local function decided_rows(by_id)
  local und, rows = by_id.undecided, {}
  local d = und and und.acc.n - und.acc.x or 0
  if not und or und.acc.x == 0 or d <= 0 or und.acc.lost then return rows end
  local k = 1
  while by_id["wins." .. k] do
    local w = by_id["wins." .. k]
    k = k + 1
    local p = w.acc.x / d
    local lo, hi = estimate.wilson(p, d)
    local half = lo and math.max(p - lo, hi - p)
    rows[#rows + 1] = { ("%s of the %d with a winner"):format(w.m.label, d),
                        report.text(100 * p, half and 100 * half, "%"), "" }
  end
  return rows
end

-- The text of a one-side summary.
function report.sim(s)
  local side, n = s.sides[1], s.matches
  local out = { ("%s, %d players, %s, bots: %s"):format(side.name, side.players, how_many(s),
    table.concat(side.bots, ", ")) }
  local rows, lw, by_id = {}, 0, {}
  for j, m in ipairs(side.measures) do by_id[m.id] = { m = m, acc = side.accs[j] } end
  for j, m in ipairs(side.measures) do
    local acc = side.accs[j]
    if shown(m, acc) then
      local v, half, unit = report.figure(m, acc, n)
      local label = m.label .. (m.kind == "count" and m.per == "hand" and " (of hands)" or "")
      rows[#rows + 1] = { label, report.text(v, half, unit),
                          m.kind == "value" and distribution(acc) or "" }
      if m.id == "undecided" then
        for _, r in ipairs(decided_rows(by_id)) do rows[#rows + 1] = r end
      end
    end
  end
  for _, r in ipairs(rows) do lw = math.max(lw, width(r[1])) end
  local vw = 0
  for _, r in ipairs(rows) do vw = math.max(vw, width(r[2])) end
  for _, r in ipairs(rows) do
    local line = "  " .. pad(r[1], lw) .. "  " .. (r[3] ~= "" and pad(r[2], vw) or r[2])
    if r[3] ~= "" then line = line .. "  " .. r[3] end
    out[#out + 1] = line
  end
  out[#out + 1] = failure_line(side, "")
  out[#out + 1] = FOOT:format()
  return table.concat(out, "\n")
end

-- The figures of every measure, for the JSON of programs: per side, by id,
-- { value, half } (a proportion as a fraction, its interval lo, hi).
function report.figures(s)
  local out = {}
  for k, side in ipairs(s.sides) do
    local f = {}
    for j, m in ipairs(side.measures) do
      local v, half, unit, lo, hi = report.figure(m, side.accs[j], s.matches)
      if v ~= nil then
        local scale = unit == "%" and 0.01 or 1
        f[m.id] = { value = v * scale, half = half and half * scale,
                    low = lo and lo * scale, high = hi and hi * scale }
      end
    end
    out[k] = f
  end
  return out
end

-- }==================================================

-- {================================================== compare

local function verdict(d, half)
  if d == nil then return "" end
  if half == nil then return "no interval" end
  if half == 0 and d == 0 then return "the same" end
  if math.abs(d) > half then return "a real difference" end
  return "no difference shown"
end

local function signed(d, half, unit)
  local t = report.text(d, half, unit)
  if d ~= nil and d >= 0 and t:sub(1, 1) ~= "-" then t = "+" .. t end
  return t
end

-- The differences B - A of a comparison for the JSON of programs: by id,
-- { value, half, verdict } (proportions as fractions).
function report.differences(s)
  local out, A, B = {}, s.sides[1], s.sides[2]
  for _, slot in ipairs(s.pairs) do
    local d, half = estimate.difference(A.accs[slot.a], B.accs[slot.b], slot.pair, s.matches)
    if d ~= nil then out[slot.id] = { value = d, half = half, verdict = verdict(d, half) } end
  end
  return out
end

-- The rows of a comparison: measures of side A in order, then those only
-- B has; each { label, a text, b text, difference text, verdict, sentence }.
local function compare_rows(s)
  local A, B, n = s.sides[1], s.sides[2], s.matches
  local slot_of = {}
  for _, slot in ipairs(s.pairs) do slot_of[slot.id] = slot end
  local order = {}
  for j, m in ipairs(A.measures) do order[#order + 1] = { m = m, a = j } end
  for j, m in ipairs(B.measures) do -- B's own, and those A names alike but measures otherwise
    local slot = slot_of[m.id]
    if not (slot and slot.b == j) then order[#order + 1] = { m = m, b = j, alone = true } end
  end
  local rows = {}
  for _, o in ipairs(order) do
    local m, slot = o.m, not o.alone and slot_of[o.m.id] or nil
    local ja, jb = o.a, slot and slot.b or o.b
    local accA, accB = ja and A.accs[ja], jb and B.accs[jb]
    if (accA and shown(m, accA)) or (accB and shown(m, accB)) then
      local unit = m.kind == "count" and "%" or ""
      local va, ha, ua, vb, hb, ub
      if accA then va, ha, ua = report.figure(m, accA, n) end
      if accB then vb, hb, ub = report.figure(m, accB, n) end
      local d, dh
      if slot then
        d, dh = estimate.difference(accA, accB, slot.pair, n)
        if d and unit == "%" then d, dh = 100 * d, dh and 100 * dh end
      end
      local v = slot and verdict(d, dh) or ""
      rows[#rows + 1] = { m.label, report.text(va, ha, ua or unit), report.text(vb, hb, ub or unit),
                          slot and signed(d, dh, unit) or "—", v }
    end
  end
  return rows
end

-- A side's name as the comparison shows it: the game and its options.
local function side_name(run_side, side)
  local opts = {}
  local keys = {}
  for k in pairs(run_side.options or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    opts[#opts + 1] = ("%s=%s"):format(k, tostring(run_side.options[k]))
  end
  local name = ("%s (%s, %d players)"):format(side.name, run_side.game, side.players)
  if #opts > 0 then name = name .. " -o " .. table.concat(opts, " -o ") end
  return name
end

-- The text of a comparison.
function report.compare(s)
  local A, B = s.sides[1], s.sides[2]
  local out = {
    ("A: %s, bots: %s"):format(side_name(s.run.sides[1], A), table.concat(A.bots, ", ")),
    ("B: %s, bots: %s"):format(side_name(s.run.sides[2], B), table.concat(B.bots, ", ")),
    ("Each side: %s, the same seeds for both"):format(how_many(s)),
  }
  local rows = compare_rows(s)
  local w = { width("statistic"), width("A"), width("B"), width("B - A") }
  for _, r in ipairs(rows) do
    for c = 1, 4 do w[c] = math.max(w[c], width(r[c])) end
  end
  local function line(r)
    return ("  %s  %s  %s  %s  %s"):format(pad(r[1], w[1]), lpad(r[2], w[2]), lpad(r[3], w[3]),
      lpad(r[4], w[4]), r[5]):gsub("%s+$", "")
  end
  out[#out + 1] = line { "statistic", "A", "B", "B - A", "" }
  for _, r in ipairs(rows) do out[#out + 1] = line(r) end
  local real = {}
  for _, r in ipairs(rows) do
    if r[5] == "a real difference" then
      real[#real + 1] = ("  %s: %s instead of %s: a real difference (%s)"):format(r[1], r[3], r[2],
        r[4])
    end
  end
  out[#out + 1] = #real > 0 and "Verdict: B differs from A here:" or
    "Verdict: no real difference shown between A and B."
  for _, r in ipairs(real) do out[#out + 1] = r end
  out[#out + 1] = failure_line(A, "A: ")
  out[#out + 1] = failure_line(B, "B: ")
  out[#out + 1] = FOOT:format()
  out[#out + 1] = "  (B - A: paired over the same seeds; a real difference when its interval"
    .. " leaves out 0)"
  return table.concat(out, "\n")
end

-- }==================================================

return report
