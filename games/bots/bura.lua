-- A rule-of-thumb Bura player (RULES.md §4). It sees only its seat's view
-- (the bot interface of docs/cli.md: choose(view, rng) -> action, reason),
-- with the points it saw itself take (v.memory: nobody looks at won cards,
-- BUR-R10).
--   declarations: always, for the lead (BUR-R6);
--   claim: as soon as it has seen itself take 31 (BUR-R10, BUR-R11);
--   lead: a plain ace, else the cheapest single card;
--   follow: beat with the cheapest set that beats when the trick is worth
--     it or the set holds no trump, else give the cheapest cards.
local talon = require "talon"
local sets = require "games.bots.sets"
local declare = require "games.bura.declare"

local bot = { name = "rule-of-thumb bura" }

-- The trick so far rebuilt from the view, to ask which sets beat it
-- (BUR-R8: pairing as KOZ-R8; the rules as games/bura/declare.lua's).
-- A face-down play never wins, so leaving it out changes nothing.
local function trick_of(v)
  local t = talon.trick(declare.compiled(v.hand:deck(), v.options.face_down), v.trump)
  for i, cards in ipairs(v.trick.cards) do
    if cards then assert(t:play(v.trick.seats[i], cards)) end
  end
  return t
end

local points, cheapest, find = sets.points, sets.pick, sets.find

-- What keeping cards is worth: their points and ranks, more as trumps.
local function cost(cards, trump)
  return sets.cost(cards, function(c)
    return c.points + (8 - c.rank_index) + (c.suit == trump and 30 or 0)
  end)
end

local function has_trump(cards, trump)
  return sets.has(cards, function(c) return c.suit == trump end)
end

local function lead(v)
  local ace = cheapest(v.legal, "lead", function(cards)
    local c = #cards == 1 and cards:cards()[1]
    return (c and c.rank == "A" and c.suit ~= v.trump) and 0 or math.huge
  end)
  if ace and ace.arg:cards()[1].rank == "A" and ace.arg:cards()[1].suit ~= v.trump then
    return ace, "a plain ace takes points"
  end
  return cheapest(v.legal, "lead", function(cards)
    return #cards == 1 and cost(cards, v.trump) or math.huge
  end), "the cheapest single card"
end

local FACE_UP = { beat = true, play = true }

local function follow(v)
  local trump, t = v.trump, trick_of(v)
  local beat = cheapest(v.legal, FACE_UP, function(cards)
    return t:beats(cards) and cost(cards, trump) or math.huge
  end)
  beat = beat and t:beats(beat.arg) and beat or nil
  local on_table = 0
  for _, cards in ipairs(v.trick.cards) do
    if cards then on_table = on_table + points(cards) end
  end
  if beat and (on_table >= 10 or not has_trump(beat.arg, trump)) then
    return beat, ("the cheapest set that beats, for %d points on the table"):format(on_table)
  end
  local give = cheapest(v.legal, "down", function(cards) return cost(cards, trump) end)
    or cheapest(v.legal, "play", function(cards) return cost(cards, trump) end)
  return give, beat and "not worth a trump: the cheapest cards" or "cannot beat: the cheapest cards"
end

-- choose(view, rng) -> action, reason (the bot interface of docs/cli.md).
function bot.choose(v, rng)
  local claim = find(v.legal, "claim")
  if claim and (v.memory or 0) >= 31 then
    return claim, ("it has taken %d card points: claim 31 (BUR-R10)"):format(v.memory)
  end
  if v.phase == "declare" then
    return v.legal[1], "a declared combination takes the lead (BUR-R6)"
  end
  if v.phase == "claims" then
    return find(v.legal, "pass"), ("only %d card points seen taken: no claim"):format(v.memory or 0)
  end
  if v.phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    return follow(v)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this phase: a random legal action"
end

return bot
