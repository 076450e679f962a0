-- A rule-of-thumb Hearts player (docs/games/hearts.md). It sees only its
-- seat's view (the bot interface of docs/cli.md: choose(view, rng) ->
-- action, reason) and gives the reason for every card:
--   pass (HRT-R2): Q♠, then A♠ and K♠ while Q♠ is not in hand to guard
--     them, then high hearts, then the highest card of the shortest suit;
--   lead: the lowest card of the shortest suit it may lead (to get void),
--     never a spade above J while Q♠ is still out;
--   follow (HRT-R7): the highest card that still loses to the winning
--     card; when every card wins, the highest if it plays last to a trick
--     with no points, else the lowest;
--   discard (cannot follow): Q♠, then the highest heart, then the highest
--     card of its shortest suit.
local glyph = require("talon.cards").glyph

local bot = { name = "rule-of-thumb hearts" }

local function rank(c) return c.rank_index end -- 0 = ace, the highest

local function is_qs(c) return c.suit == "S" and c.rank == "Q" end

-- Cards of the hand per suit.
local function suit_counts(hand)
  local n = {}
  for c, k in hand:each() do n[c.suit] = (n[c.suit] or 0) + k end
  return n
end

-- The card of 'cards' with the best key(c) (highest); ties keep the first.
local function best_by(cards, key)
  local pick, best
  for _, c in ipairs(cards) do
    local k = key(c)
    if not best or k > best then pick, best = c, k end
  end
  return pick
end

local function danger(c, hold_qs, counts)
  if is_qs(c) then return 1000 end
  if c.suit == "S" and rank(c) < 2 and not hold_qs then return 900 - rank(c) end
  if c.suit == "H" then return 500 - rank(c) end
  return 100 - rank(c) * 4 - (counts[c.suit] or 0) * 2
end

local function pass(v)
  local hold_qs = v.hand:count(v.hand:deck():card("QS")) > 0
  local counts = suit_counts(v.hand)
  local c = best_by(v.legal, function(x) return danger(x, hold_qs, counts) end)
  local why
  if is_qs(c) then why = "Q♠ is 13 points: pass it on"
  elseif c.suit == "S" and rank(c) < 2 then why = "a high spade without Q♠ draws Q♠: pass it"
  elseif c.suit == "H" then why = "a high heart takes points: pass it"
  else why = ("the highest card of a short suit (%s): pass it to get void"):format(
    glyph(v.hand:deck(), c.suit)) end
  return c, why
end

-- Whether Q♠ has been played in this hand, from the trick events the seat
-- saw (its own hand and the current trick count too).
local function queen_gone(v)
  if v.hand:count(v.hand:deck():card("QS")) > 0 then return true end
  for _, c in ipairs(v.trick.cards) do
    if c and is_qs(c) then return true end
  end
  for _, ev in ipairs(v.events) do
    if ev.kind == "trick" and ev.hand == v.hand_no and ev.text:find("Q♠", 1, true) then
      return true
    end
  end
  return false
end

local function lead(v)
  local counts, safe = suit_counts(v.hand), queen_gone(v)
  local c = best_by(v.legal, function(x)
    local risky = (not safe and x.suit == "S" and rank(x) <= 2) and -1000 or 0
    local heart = x.suit == "H" and -100 or 0
    return risky + heart - (counts[x.suit] or 0) * 20 + rank(x)
  end)
  return c, ("lead low from the short suit %s to get void in it"):format(
    glyph(v.hand:deck(), c.suit))
end

-- The card winning the trick so far (the highest of the suit led).
local function winning(trick)
  local led, w = trick.cards[1], trick.cards[1]
  for i = 2, #trick.cards do
    local c = trick.cards[i]
    if c and c.suit == led.suit and rank(c) < rank(w) then w = c end
  end
  return w
end

local function trick_points(trick)
  local p = 0
  for _, c in ipairs(trick.cards) do
    if c then p = p + c.points end
  end
  return p
end

local function follow(v)
  local w, last = winning(v.trick), #v.trick.cards == v.n - 1
  local under = {}
  for _, c in ipairs(v.legal) do
    if c.suit == w.suit and rank(c) > rank(w) then under[#under + 1] = c end
  end
  if #under > 0 then
    return best_by(under, function(c) return -rank(c) end),
      ("the highest card below %s: it loses the trick"):format(tostring(w))
  end
  if last and trick_points(v.trick) <= 0 then
    return best_by(v.legal, function(c) return -rank(c) end),
      "last to play to a trick without points: win it with the highest card"
  end
  return best_by(v.legal, function(c) return rank(c) end),
    "every card wins this trick: play the lowest"
end

local function discard(v)
  local counts = suit_counts(v.hand)
  local c = best_by(v.legal, function(x)
    if is_qs(x) then return 1000 end
    if x.suit == "H" then return 500 - rank(x) end
    return 100 - rank(x) - (counts[x.suit] or 0) * 10
  end)
  if is_qs(c) then return c, "cannot follow: give Q♠ away" end
  if c.suit == "H" then return c, "cannot follow: discard the highest heart" end
  return c, "cannot follow: discard the highest card of a short suit"
end

-- choose(view, rng) -> action, reason (the bot interface of docs/cli.md).
function bot.choose(v, rng)
  if v.phase == "pass" then return pass(v) end
  if v.phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    local led = v.trick.cards[1].suit
    for _, c in ipairs(v.legal) do
      if c.suit == led then return follow(v) end
    end
    return discard(v)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this phase: a random legal action"
end

return bot
