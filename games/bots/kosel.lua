-- A rule-of-thumb Kosel player (RULES.md §3). It sees only its seat's view
-- (the bot interface of docs/cli.md: choose(view, rng) -> action, reason).
--   combinations: always declared, for the lead (KOZ-R6);
--   lead: the longest set with the Schocha, which nothing beats (KOZ-R9),
--     else the cheapest single card outside trump;
--   follow: the partner winning, give him the richest cards face down;
--     else beat with the cheapest set that beats when the trick is worth
--     it or the set holds no trump; else the cheapest cards face down.
local sets = require "games.bots.sets"
local seats = require "talon.seats"

local bot = { name = "rule-of-thumb kosel" }

local points, pick = sets.points, sets.pick

local function is_schocha(c) return c.rank == "6" and c.suit == "S" end

-- What keeping cards is worth: their points and ranks, more as trumps and
-- most as the Schocha (KOZ-R3).
local function cost(cards, trump)
  return sets.cost(cards, function(c)
    if is_schocha(c) then return 100 end
    return c.points + (8 - c.rank_index) + (c.suit == trump and 30 or 0)
  end)
end

local function has_trump(cards, trump)
  return sets.has(cards, function(c) return c.suit == trump or is_schocha(c) end)
end

-- The size of a set holding the Schocha, else 0.
local function schocha_size(cards)
  for c in cards:each() do
    if is_schocha(c) then return #cards end
  end
  return 0
end

local function lead(v)
  local best = pick(v.legal, "lead", schocha_size, true)
  if best and schocha_size(best.arg) > 0 then
    return best, "a lead with the Schocha cannot be beaten (KOZ-R9)"
  end
  local single = pick(v.legal, "lead", function(cards)
    return #cards == 1 and cost(cards, v.trump) or math.huge
  end)
  return single, "the cheapest single card, to see what the others hold"
end

-- The seat whose set is best so far: the last face-up play (KOZ-R9).
local function winning_seat(v)
  local seat
  for i, cards in ipairs(v.trick.cards) do
    if cards then seat = v.trick.seats[i] end
  end
  return seat
end

local function follow(v)
  local trump = v.trump
  local partner = seats.partner(v)
  if partner and winning_seat(v) == partner then
    return pick(v.legal, "down", points, true),
      "the partner is winning: give him the richest cards face down"
  end
  local beat = pick(v.legal, "beat", function(cards) return cost(cards, trump) end)
  local on_table = 0
  for _, cards in ipairs(v.trick.cards) do
    if cards then on_table = on_table + points(cards) end
  end
  if beat and (on_table >= 10 or not has_trump(beat.arg, trump)) then
    return beat, ("the cheapest set that beats, for %d points on the table"):format(on_table)
  end
  return pick(v.legal, "down", function(cards) return cost(cards, trump) end),
    beat and "not worth a trump: the cheapest cards face down"
      or "cannot beat: the cheapest cards face down"
end

-- choose(view, rng) -> action, reason (the bot interface of docs/cli.md).
function bot.choose(v, rng)
  if v.phase == "combos" then
    return v.legal[1], "a declared combination takes the lead (KOZ-R6)"
  end
  if v.phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    return follow(v)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this phase: a random legal action"
end

return bot
