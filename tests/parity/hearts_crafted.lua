-- hearts_crafted.lua: writes hearts/crafted.txt, hands in the format of the
-- OpenSpiel traces that reach the rules random hands almost never reach.
--   talon run tests/parity/hearts_crafted.lua > tests/parity/hearts/crafted.txt
-- In the 1,300 random OpenSpiel hands a leader holding only Q♠ and hearts
-- before hearts are broken occurs three times, never in a hand played with
-- can_lead_hearts_instead_of_qs; a player who cannot follow the first
-- trick and holds only hearts and Q♠ never; a moon 13 times. Here each
-- deal gives one seat the cards that make the case likely, play is random,
-- and a hand is kept only when the case occurred. The legal sets and points
-- are hearts_ref.lua's, whose rules are OpenSpiel's (the replay of the real
-- traces checks them): this file is not OpenSpiel's output, and its first
-- lines say so. The same seed always writes the same file.
local dir = (arg[0] or ""):match("^(.*)/") or "."
local trace = dofile(dir .. "/hearts_trace.lua")
local ref = dofile(dir .. "/hearts_ref.lua")
local talon = require "talon"

local rng = talon.rng(20240601)

local ALL, HEARTS = {}, {}
for r in ("23456789TJQKA"):gmatch(".") do
  for s in ("CDHS"):gmatch(".") do ALL[#ALL + 1] = r .. s end
  HEARTS[#HEARTS + 1] = r .. "H"
end

local function by_index(a, b) return trace.index(a) < trace.index(b) end

-- A deal where seat 'seat' holds 'given' (and random cards up to 13), the
-- other seats random cards; every hand in random order.
local function deal_with(seat, given)
  local taken, rest = {}, {}
  for _, c in ipairs(given) do taken[c] = true end
  for _, c in ipairs(ALL) do
    if not taken[c] then rest[#rest + 1] = c end
  end
  rng:shuffle(rest)
  local deal, k = {}, 1
  for s = 1, 4 do
    local h = {}
    if s == seat then
      for _, c in ipairs(given) do h[#h + 1] = c end
    end
    while #h < 13 do
      h[#h + 1] = rest[k]
      k = k + 1
    end
    deal[s] = rng:shuffle(h)
  end
  return deal
end

-- 'n' random hearts besides the ones in 'except'.
local function some_hearts(n, except)
  local pool = {}
  for _, c in ipairs(HEARTS) do
    if c ~= except then pool[#pool + 1] = c end
  end
  rng:shuffle(pool)
  return { table.unpack(pool, 1, n) }
end

-- ===== the cases: what a kept hand must show

-- The mover's cards (a list).
local function held(r)
  local list = {}
  for c in pairs(r.held[r:mover()]) do list[#list + 1] = c end
  return list
end

-- Leading after the first trick, hearts unbroken, only Q♠ and hearts held.
local function qs_or_hearts(r)
  if r.passing or #r.trick > 0 or r.played == 0 or r.broken then return false end
  local h = held(r)
  for _, c in ipairs(h) do
    if c ~= "QS" and c:sub(2) ~= "H" then return false end
  end
  return r.held[r:mover()].QS ~= nil and #h > 1
end

-- On the first trick, unable to follow and holding only hearts and Q♠.
local function only_points_first_trick(r)
  if r.passing or #r.trick == 0 or r.played >= 4 then return false end
  local led = r.trick[1].card:sub(2)
  for _, c in ipairs(held(r)) do
    if c:sub(2) == led or (c ~= "QS" and c:sub(2) ~= "H") then return false end
  end
  return true
end

-- One seat took every heart and Q♠.
local function moon(r)
  for s = 1, 4 do
    local n = 0
    for _, c in ipairs(r.taken[s]) do
      if c == "QS" or c:sub(2) == "H" then n = n + 1 end
    end
    if n == 14 then return true end
  end
  return false
end

local function qs_and_hearts(n)
  return function()
    local seat = rng:int(1, 4)
    local given = some_hearts(n, nil)
    given[#given + 1] = "QS"
    return deal_with(seat, given)
  end
end

local function random_deal() return deal_with(1, {}) end

-- name, options, hands wanted, the deal, the test before each play (or
-- after the hand, 'after')
local CASES = {
  { options = "can_lead_hearts_instead_of_qs=true", want = 12, deal = qs_and_hearts(7),
    before = qs_or_hearts },
  { options = nil, want = 8, deal = qs_and_hearts(7), before = qs_or_hearts },
  { options = nil, want = 6, deal = qs_and_hearts(12), before = only_points_first_trick },
  { options = "no_pts_on_first_trick=false", want = 4, deal = qs_and_hearts(12),
    before = only_points_first_trick },
  { options = nil, want = 6, deal = random_deal, after = moon },
  { options = "jd_bonus=true", want = 6, deal = random_deal, after = moon },
  { options = "avoid_all_tricks_bonus=true", want = 6, deal = random_deal, after = moon },
}

-- ===== playing and writing

local function options_of(text)
  local o = {}
  for k, v in pairs(trace.DEFAULTS) do o[k] = v end
  if text then
    local k, v = text:match("^([%w_]+)=(%a+)$")
    o[k] = v == "true"
  end
  return o
end

-- Plays one random hand; returns the acts, the points and whether the
-- case occurred.
local function play(case, opts, deal, passdir)
  local r = ref.new(opts, deal, passdir)
  local acts, hit = {}, false
  while not r:over() do
    local legal = r:legal()
    table.sort(legal, by_index)
    if case.before and case.before(r) then hit = true end
    local card = legal[rng:int(1, #legal)]
    acts[#acts + 1] = { seat = r:mover(), card = card, legal = legal }
    r:play(card)
  end
  local pts = r:points()
  if case.after then hit = case.after(r, pts) end
  return acts, pts, hit
end

local out = {
  "# Written by tests/parity/hearts_crafted.lua, NOT by OpenSpiel: hands chosen to reach",
  "# rules that random OpenSpiel hands almost never reach, with the legal sets and points of",
  "# tests/parity/hearts_ref.lua (OpenSpiel's rules restated). See tests/parity/README.md.",
}
local seed = 90000
for _, case in ipairs(CASES) do
  local opts, kept = options_of(case.options), 0
  while kept < case.want do
    local deal = case.deal()
    local passdir = opts.pass_cards and rng:int(0, 3) or 0
    local acts, pts, hit = play(case, opts, deal, passdir)
    if hit then
      kept, seed = kept + 1, seed + 1
      local params = case.options and "(" .. case.options .. ")" or ""
      out[#out + 1] = ("game %d hearts%s"):format(seed, params)
      out[#out + 1] = "passdir " .. passdir
      for s = 1, 4 do out[#out + 1] = ("hand %d %s"):format(s - 1, table.concat(deal[s], " ")) end
      for _, a in ipairs(acts) do
        out[#out + 1] = ("act %d %s : %s"):format(a.seat - 1, a.card, table.concat(a.legal, " "))
      end
      local ret = {}
      for s = 1, 4 do ret[s] = 26 - pts[s] end
      out[#out + 1] = "points " .. table.concat(pts, " ")
      out[#out + 1] = "returns " .. table.concat(ret, " ")
      out[#out + 1] = "end"
    end
  end
end
io.write(table.concat(out, "\n"), "\n")
