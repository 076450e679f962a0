-- A rule-of-thumb Hokm player (RULES.md §2). It sees only its seat's view
-- (the bot interface of docs/cli.md: choose(view, rng) -> action, reason).
--   trump: the suit it holds most of among its first five, ties by
--     strength (HOK-R2);
--   discard (2 players): the weakest cards outside trump (HOK-R17);
--   draw (2 players): keep a card of ten or better, or a trump (HOK-R18);
--   lead: an ace of a plain suit if it has one, else the top card of its
--     longest plain suit, else its highest trump;
--   follow (HOK-R3, R4): the lowest card when the partner is already
--     winning, else the cheapest card that wins, else the lowest card.

local seats = require "talon.seats"
local glyph = require("talon.cards").glyph

local bot = { name = "rule-of-thumb hokm" }


local function rank(c) return c.rank_index end -- 0 = ace, the highest

-- Does card c beat the winning card b (HOK-R4)? Off-suit plain cards never do.
local function beats(c, b, trump)
  if c.suit == b.suit then return rank(c) < rank(b) end
  return c.suit == trump
end

local function winner_index(trick, trump)
  local best = 1
  for i = 2, #trick.cards do
    local c = trick.cards[i]
    if c and beats(c, trick.cards[best], trump) then best = i end
  end
  return best
end

-- The cheapest card of 'cards': plain before trump, then the lowest rank.
local function lowest(cards, trump)
  local pick
  for _, c in ipairs(cards) do
    local worse = not pick
      or (c.suit ~= trump and pick.suit == trump)
      or ((c.suit == trump) == (pick.suit == trump) and rank(c) > rank(pick))
    if worse then pick = c end
  end
  return pick
end

local function highest(cards)
  local top = cards[1]
  for _, c in ipairs(cards) do if rank(c) < rank(top) then top = c end end
  return top
end

local function choose_trump(v)
  local count, strength = {}, {}
  for c in v.hand:each() do
    count[c.suit] = (count[c.suit] or 0) + 1
    strength[c.suit] = (strength[c.suit] or 0) + (13 - rank(c))
  end
  local best, best_key = v.legal[1], -1
  for _, a in ipairs(v.legal) do
    local s = a.arg
    local key = (count[s] or 0) * 100 + (strength[s] or 0)
    if key > best_key then best, best_key = a, key end
  end
  local s = best.arg
  return best, ("%s is the longest and strongest suit of the first five (%d cards)")
    :format(glyph(v.hand:deck(), s), count[s] or 0)
end

local function cards_value(hand, trump)
  local sum = 0
  for c, n in hand:each() do
    sum = sum + n * ((c.suit == trump and 20 or 0) + 13 - rank(c))
  end
  return sum
end

local function choose_discard(v)
  local best, best_value = v.legal[1], math.huge
  for _, a in ipairs(v.legal) do
    local value = cards_value(a.arg, v.trump)
    if value < best_value then best, best_value = a, value end
  end
  return best, "the weakest cards outside trump"
end

local function choose_draw(v)
  local seen = v.known and v.known:nth(1)
  if seen and (rank(seen) <= 4 or seen.suit == v.trump) then
    return "keep", "a trump or a card of ten or better is worth keeping"
  end
  return "drop", "a low plain card: take the next one instead"
end

-- The legal cards grouped by suit.
local function by_suit(cards)
  local groups = {}
  for _, c in ipairs(cards) do
    groups[c.suit] = groups[c.suit] or {}
    table.insert(groups[c.suit], c)
  end
  return groups
end

local SUIT_ORDER = { "S", "H", "D", "C" } -- a fixed order: no dependence on pairs

local function lead(v)
  local groups = by_suit(v.legal)
  for _, s in ipairs(SUIT_ORDER) do
    local g = groups[s]
    if s ~= v.trump and g and rank(highest(g)) == 0 then
      return highest(g), "lead a plain ace: it wins unless someone trumps"
    end
  end
  local best
  for _, s in ipairs(SUIT_ORDER) do
    if s ~= v.trump and groups[s] and (not best or #groups[s] > #groups[best]) then best = s end
  end
  if best then return highest(groups[best]), "lead high from the longest plain suit" end
  return highest(v.legal), "only trumps left: lead the highest"
end

local function follow(v)
  local trick = v.trick
  local w = winner_index(trick, v.trump)
  local partner = seats.partner(v)
  if partner and trick.seats[w] == partner then
    return lowest(v.legal, v.trump), "the partner is winning the trick: play the lowest card"
  end
  local winners = {}
  for _, c in ipairs(v.legal) do
    if beats(c, trick.cards[w], v.trump) then winners[#winners + 1] = c end
  end
  if #winners > 0 then
    return lowest(winners, v.trump), "the cheapest card that wins the trick"
  end
  return lowest(v.legal, v.trump), "cannot win this trick: play the lowest card"
end

-- choose(view, rng) -> action, reason (the bot interface of docs/cli.md).
function bot.choose(v, rng)
  if v.phase == "trump" then return choose_trump(v) end
  if v.phase == "discard" then return choose_discard(v) end
  if v.phase == "draw" then return choose_draw(v) end
  if v.phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    return follow(v)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this phase: a random legal action"
end

return bot
