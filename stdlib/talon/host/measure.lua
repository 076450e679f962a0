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

-- A value must stay small enough that sums of squares over millions of
-- matches keep to 64-bit integers (talon.host.stats flags an overflow).
local LIMIT = 2147483647

-- What statistic 's' measures now: 1 or 0 for a count, the integer of a
-- value, nil when it does not apply (it then counts in no denominator).
local function value_of(g, s, st)
  if s.count then
    local v = s.count(st)
    if v == nil then return nil end
    if type(v) ~= "boolean" then
      error(("%s: statistic '%s' must give true, false or nil, got a %s"):format(g.where, s.name,
        type(v)), 0)
    end
    return v and 1 or 0
  end
  local v = s.value(st)
  if v == nil then return nil end
  if math_type(v) == "float" then v = math.tointeger(v) or v end
  if math_type(v) ~= "integer" or v < -LIMIT or v > LIMIT then
    error(("%s: statistic '%s' must give an integer from -%d to %d, got %s"):format(g.where,
      s.name, LIMIT, LIMIT, math_type(v) and tostring(v) or type(v)), 0)
  end
  return v
end

-- The row of the statistics measured 'per' ("hand" or "match"): value i
-- for the definition's statistic i, nil for those measured otherwise or
-- that did not apply.
local function row(g, st, per)
  local r = {}
  for i, s in ipairs(g.def.stats) do
    if s.per == per then r[i] = value_of(g, s, st) end
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
