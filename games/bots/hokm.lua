-- A rule-of-thumb Hokm player (RULES.md §2). It sees only its seat's view.
--   trump: the suit it holds most of among its first five, ties by strength;
--   discard (2 players): the weakest cards outside trump;
--   draw (2 players): keep a card of ten or better, or a trump;
--   play: lead its best card of its longest plain suit; follow by winning
--   as cheaply as possible unless the partner is already winning, else
--   throw its lowest card.
local bot = { name = "rule-of-thumb hokm" }

local function rank(c) return c.rank_index end -- 0 = ace, the highest

-- Does card c beat the winning card b (HOK-R4)? Off-suit plain cards never do.
local function beats(c, b, trump)
  if c.suit == b.suit then return rank(c) < rank(b) end
  if c.suit == trump then return true end
  return false
end

local function winner_index(trick, trump)
  local best = 1
  for i = 2, #trick.cards do
    if beats(trick.cards[i], trick.cards[best], trump) then best = i end
  end
  return best
end

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
  return best
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
  return best
end

local function choose_draw(v)
  local seen = v.known and v.known:nth(1)
  if seen and (rank(seen) <= 4 or seen.suit == v.trump) then return "keep" end
  return "drop"
end

local function lead(v)
  local by_suit = {}
  for _, c in ipairs(v.legal) do
    by_suit[c.suit] = by_suit[c.suit] or {}
    table.insert(by_suit[c.suit], c)
  end
  local best
  for s, cards in pairs(by_suit) do
    if s ~= v.trump and (not best or #cards > #by_suit[best]
        or (#cards == #by_suit[best] and s < best)) then best = s end
  end
  local pool = by_suit[best] or v.legal
  local top = pool[1]
  for _, c in ipairs(pool) do if rank(c) < rank(top) then top = c end end
  return top
end

local function follow(v)
  local trick = v.trick
  local w = winner_index(trick, v.trump)
  local partner = v.n == 4 and (v.seat + 1) % 4 + 1 or nil
  if partner and trick.seats[w] == partner then return lowest(v.legal, v.trump) end
  local winners = {}
  for _, c in ipairs(v.legal) do
    if beats(c, trick.cards[w], v.trump) then winners[#winners + 1] = c end
  end
  if #winners > 0 then return lowest(winners, v.trump) end
  return lowest(v.legal, v.trump)
end

function bot.choose(v, rng)
  if v.phase == "trump" then return choose_trump(v) end
  if v.phase == "discard" then return choose_discard(v) end
  if v.phase == "draw" then return choose_draw(v) end
  if v.phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    return follow(v)
  end
  return v.legal[rng:int(1, #v.legal)]
end

return bot
