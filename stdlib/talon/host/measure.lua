-- talon.host.measure: the statistics a game declares (the definition's
-- `stats`, talon.game), measured in a running game that asks for them
-- (game.new(def, {stats = true}): `talon sim` and `talon compare` do).
--
-- A statistic is game code: it runs where the `score` hook runs, inside
-- the protected call of the action that ended the hand, under the same
-- time budget and memory cap; an error or a value of the wrong type
-- fails that action like any hook's. What it measured stays in the game
-- object (g:measured()), so a game rebuilt by undo or recovery measures
-- again from its record, and the simulation folds one finished match at a
-- time into its summary (talon.host.stats) and forgets it.
local measure = {}

local math_type = math.type
local slots = require("talon.seats").slots -- a table with room for n

-- A value must stay small enough that sums of squares over millions of
-- matches keep to 64-bit integers (talon.host.stats flags an overflow).
local LIMIT = 2147483647

-- A count's answer that is neither true, false nor nil: an error naming
-- the statistic.
local function bad_count(g, s, v)
  error(("%s: statistic '%s' must give true, false or nil, got a %s"):format(g.where, s.name,
    type(v)), 0)
end

-- A value's answer that is not an integer in range: the integer of an
-- integral float, else an error naming the statistic.
local function checked_value(g, s, v)
  if math_type(v) == "float" then v = math.tointeger(v) or v end
  if math_type(v) ~= "integer" or v < -LIMIT or v > LIMIT then
    error(("%s: statistic '%s' must give an integer from -%d to %d, got %s"):format(g.where,
      s.name, LIMIT, LIMIT, math_type(v) and tostring(v) or type(v)), 0)
  end
  return v
end

-- Per definition (the host's own copy, which does not change; weak
-- keys), the positions of its statistics measured per hand and per
-- match: a simulation measures every hand, so the row is filled without
-- looking at the others.
local plans = setmetatable({}, { __mode = "k" })

local function plan_of(def)
  local p = plans[def]
  if p then return p end
  p = { hand = {}, match = {}, n = #def.stats }
  for i, s in ipairs(def.stats) do
    local list = p[s.per]
    list[#list + 1] = i
  end
  plans[def] = p
  return p
end

-- The row of the statistics measured 'per' ("hand" or "match"): value i
-- for the definition's statistic i, nil for those measured otherwise or
-- that did not apply.
local function row(g, st, per)
  local p = plan_of(g.def)
  local r, list, stats = slots(p.n), p[per], g.def.stats
  for k = 1, #list do
    local i = list[k]
    local s = stats[i]
    local f, v = s.count
    if f then -- 1 or 0 for a count, nil when it does not apply
      v = f(st)
      if v == true then v = 1
      elseif v == false then v = 0
      elseif v ~= nil then bad_count(g, s, v) end
    else -- an integer; nil when it does not apply (no denominator then)
      v = s.value(st)
      if v ~= nil and (math_type(v) ~= "integer" or v < -LIMIT or v > LIMIT) then
        v = checked_value(g, s, v)
      end
    end
    r[i] = v
  end
  return r
end

-- After the `score` hook of a hand.
function measure.hand(g, st)
  local list = g.stat_hands
  list[#list + 1] = row(g, st, "hand")
end

-- When the match ends (its result decided, or the --hands limit reached).
function measure.match(g, st)
  g.stat_match = row(g, st, "match")
end

-- Whether game 'g' measures: asked for, and the game declares something.
function measure.wanted(def, params)
  return params.stats == true and type(def.stats) == "table" and #def.stats > 0
end

return measure
