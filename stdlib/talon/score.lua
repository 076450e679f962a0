-- talon.score: score changes with their breakdown, targets and pots.
--
-- Scores belong to sides (a partnership or a single seat). Every change is
-- logged with the sentence that explains it, so `talon explain` can show how
-- a score was reached.
local seats = require "talon.seats"

local score = {}

local tointeger = math.tointeger

-- 'points' as an integer, or an error at the game's line (level 3: the
-- caller of score.add): scores are whole numbers, as the summaries,
-- records and sentences count them (5.0 is 5; 2.5 is refused).
local function whole(points)
  local n = type(points) == "number" and tointeger(points)
  if n then return n end
  error(("score: points must be a whole number, got %s"):format(tostring(points)), 3)
end

-- Adds 'points' to 'side' and logs why ('why' is a short sentence). Only
-- the game's `score` hook calls it (the checking mode holds to that).
function score.add(st, side, points, rule, why)
  points = whole(points)
  st.scores[side] = st.scores[side] + points
  if st.quiet then return end -- the sentence's arguments cost a table and a string
  st:log("score", { side = side, points = points, rule = rule, total = st.scores[side] },
    "%s scores %d (%s%s); total %d", seats.side_name(st, side), points,
    rule and (rule .. ": ") or "", why, st.scores[side])
end

-- Adds 'points' to side 'side' in st[field], a table by side made when
-- first needed.
local function accrue(st, field, side, points)
  local by_side = st[field] or {}
  by_side[side] = (by_side[side] or 0) + points
  st[field] = by_side
end

-- A score credited at once, during play (a rule that says "at once", such
-- as Hosgin's HOS-R24): like score.add, callable from any hook; the
-- credit is remembered in st.credited so the checking mode accepts it,
-- and in st.hand_credits so that it counts in the hand's points.
function score.add_now(st, side, points, rule, why)
  points = whole(points)
  st.scores[side] = st.scores[side] + points -- a side that is none fails here
  accrue(st, "credited", side, points)
  accrue(st, "hand_credits", side, points)
  st:log("score", { side = side, points = points, rule = rule, total = st.scores[side],
                    now = true },
    "%s is credited %d at once (%s%s); total %d", seats.side_name(st, side), points,
    rule and (rule .. ": ") or "", why, st.scores[side])
end

-- The sides whose score is the strictly highest, or all tied leaders.
-- The sides whose score is first by 'before' (a strict order), all of
-- them when tied, and that score.
local function firsts(st, before)
  local top, list = nil, {}
  for side, v in ipairs(st.scores) do
    if not top or before(v, top) then top, list = v, { side }
    elseif v == top then list[#list + 1] = side end
  end
  return list, top
end

local function higher(a, b) return a > b end
local function lower(a, b) return a < b end

function score.leaders(st) return firsts(st, higher) end

-- Default match end: a side at or above opts.target with the strictly
-- highest score wins; tied leaders play on.
function score.target_result(st)
  local target = st.opts.target
  if not target then return nil end
  local top -- the highest score, as score.leaders finds it: most hands
  local scores = st.scores -- leave it below the target, no list made
  if type(scores) == "table" then
    local i, v = 1, scores[1]
    while v ~= nil do -- as ipairs reads a table (no C iterator call per side)
      if not top or v > top then top = v end
      i = i + 1
      v = scores[i]
    end
  else
    for _, v in ipairs(scores) do -- what ipairs says of anything else
      if not top or v > top then top = v end
    end
  end
  if top ~= nil and top < target then return nil end
  local leaders, best = score.leaders(st)
  if best < target or #leaders > 1 then return nil end
  return score.result(st, leaders[1])
end

-- The sides whose score is the strictly lowest, or all tied for it.
function score.lowest(st) return firsts(st, lower) end

-- Match end for games where points are penalties (Hearts): once any side
-- is at or above opts.target, the side with the strictly lowest score
-- wins; sides tied for the lowest play on. A game uses it as its
-- `match_over` hook.
function score.lowest_result(st)
  local target = st.opts.target
  if not target then return nil end
  local reached = false
  for _, v in ipairs(st.scores) do reached = reached or v >= target end
  if not reached then return nil end
  local lowest = score.lowest(st)
  if #lowest > 1 then return nil end
  return score.result(st, lowest[1])
end

-- The text of an integer, as tostring writes it, kept for the integers a
-- score usually is: tostring goes through the C library's formatting
-- (some 1,800 machine instructions each), and a simulation writes the
-- result of every match. Immutable strings, never handed out but as
-- tostring would give them.
local INT_TEXT = {}
local math_type = math.type
local function text_of(v)
  if math_type(v) ~= "integer" then return tostring(v) end
  local t = INT_TEXT[v]
  if t then return t end
  t = tostring(v)
  if v >= -9999 and v <= 9999 then INT_TEXT[v] = t end
  return t
end

-- Scores as text: "7-3", but "-4020 / -3730 / 120" once one is negative.
function score.text(scores)
  local parts, negative = {}, false
  for i, v in ipairs(scores) do parts[i], negative = text_of(v), negative or v < 0 end
  return table.concat(parts, negative and " / " or "-")
end

-- A result table for a winning side.
function score.result(st, side)
  return {
    winner = side,
    winners = st.sides[side],
    scores = { table.unpack(st.scores) },
    text = seats.side_name(st, side) .. " wins " .. score.text(st.scores),
  }
end

-- Pots and stakes: every side's chips and a shared pot.
function score.ante(st, amount)
  for s = 1, st.n do
    st.chips[s] = (st.chips[s] or 0) - amount
    st.pot = (st.pot or 0) + amount
  end
  st:log("ante", { amount = amount }, "everyone pays %d into the pot (pot %d)", amount, st.pot)
end

function score.take_pot(st, seat)
  local pot = st.pot or 0
  st.chips[seat] = (st.chips[seat] or 0) + pot
  st.pot = 0
  st:log("pot", { seat = seat, amount = pot }, "%s takes the pot of %d", st.names[seat], pot)
end

return score
