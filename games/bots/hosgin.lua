-- A Hosgin player that follows the seed's advice (RULES.md §1; seed
-- "Taktische Hinweise"). It sees only its seat's view.
--   bidding: the advisor's safe ceiling (melds + about 200 trick points +
--     the lesser of two hoped-for stock cards); it opens only when it
--     would go on at least to the next player's forced opening (V to 650,
--     M to 750: "do not quit below the minimum the other must open with"),
--     and it does not bid when another player is about to cross the line
--     and it cannot overtake him;
--   trump: the advisor's best suit;
--   concede: only when even 300 trick points would not make the bid;
--   discard: short plain suits first, tens before low cards (their points
--     are safe in the discard, HOS-R16), never trumps or aces if avoidable;
--   play: lead plain aces, then (declarer) high trumps, else a low card;
--     follow by winning as cheaply as possible when the trick goes to an
--     opponent, give points to a winning fellow defender, else play low.
local talon = require "talon"
local advisor = require "games.hosgin.advisor"

local bot = { name = "rule-of-thumb hosgin" }

local RANK_VALUE = { A = 40, T = 5, K = 10, Q = 8, J = 6 }

local function find(legal, verb)
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == verb then return a end
  end
  return nil
end

local function lowest_bid(legal)
  local best
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == "bid" and (not best or a.arg < best.arg) then best = a end
  end
  return best
end

-- Is another player within reach of the target while we cannot get there?
local function helps_leader(v, ceiling)
  local mine = v.scores[v.seat] or 0
  for s = 1, v.n do
    if s ~= v.seat and (v.scores[s] or 0) + 250 >= v.target and mine + ceiling < v.target then
      return true
    end
  end
  return false
end

local function choose_bid(v)
  local adv = advisor.advise(v.hand, { known = v.known })
  local ceiling = adv.best.ceiling
  local pass = find(v.legal, "pass")
  local bid = lowest_bid(v.legal)
  if not bid or bid.arg > ceiling or helps_leader(v, ceiling) then return pass end
  local stage = v.auction and v.auction.stage
  if stage == "open_v" and ceiling < 650 then return pass end
  if stage == "open_m" and ceiling < 750 then return pass end
  return bid
end

local function choose_trump(v)
  local best = advisor.advise(v.hand).best.trump
  for _, a in ipairs(v.legal) do
    if a.arg == best then return a end
  end
  return v.legal[1]
end

local function choose_decide(v)
  local m = v.melds and v.melds[v.seat] and v.melds[v.seat].total or 0
  if m + 300 <= (v.bid or 0) then return find(v.legal, "concede") end
  return find(v.legal, "play")
end

local function suit_lengths(hand)
  local len = {}
  for c, n in hand:each() do len[c.suit] = (len[c.suit] or 0) + n end
  return len
end

local function choose_discard(v)
  local len = suit_lengths(v.hand)
  local best, best_value
  for _, c in ipairs(v.legal) do
    local value = RANK_VALUE[c.rank] + 3 * len[c.suit] + (c.suit == v.trump and 200 or 0)
    if not best or value < best_value then best, best_value = c, value end
  end
  return best
end

-- ===== trick play

local rules_of = setmetatable({}, { __mode = "k" })

-- A trick rebuilt from the view, to ask the engine which card beats.
local function current_trick(v, deck)
  local rules = rules_of[deck]
  if not rules then
    rules = talon.trickrules(deck, {})
    rules_of[deck] = rules
  end
  local t = talon.trick(rules, v.trump)
  for i, c in ipairs(v.trick.cards) do t:play(v.trick.seats[i], c) end
  return t
end

local function by(cards, better)
  local pick
  for _, c in ipairs(cards) do
    if not pick or better(c, pick) then pick = c end
  end
  return pick
end

local function lead(v)
  local legal = v.legal
  local aces = {}
  for _, c in ipairs(legal) do
    if c.rank == "A" and c.suit ~= v.trump then aces[#aces + 1] = c end
  end
  if #aces > 0 then return aces[1] end
  if v.seat == v.declarer then
    local trumps = {}
    for _, c in ipairs(legal) do if c.suit == v.trump then trumps[#trumps + 1] = c end end
    if #trumps > 0 then
      return by(trumps, function(c, p) return c.rank_index < p.rank_index end)
    end
  end
  return by(legal, function(c, p)
    local ct, pt = c.suit == v.trump, p.suit == v.trump
    if ct ~= pt then return pt end
    if c.points ~= p.points then return c.points < p.points end
    return c.rank_index > p.rank_index
  end)
end

local function follow(v)
  local deck = v.legal[1].deck
  local t = current_trick(v, deck)
  local _, winner = t:winner()
  local last = #v.trick.cards == v.n - 1
  local friend = v.seat ~= v.declarer and winner ~= v.declarer
  if friend and last then
    return by(v.legal, function(c, p) return c.points > p.points end) -- give points
  end
  local winners = {}
  for _, c in ipairs(v.legal) do
    if t:beats(c) then winners[#winners + 1] = c end
  end
  local low = function(c, p)
    local ct, pt = c.suit == v.trump, p.suit == v.trump
    if ct ~= pt then return pt end
    if c.points ~= p.points then return c.points < p.points end
    return c.rank_index > p.rank_index
  end
  if #winners > 0 and not friend then
    if last then return by(winners, low) end
    return by(winners, function(c, p) return c.rank_index < p.rank_index end)
  end
  return by(v.legal, low)
end

function bot.choose(v, rng)
  local phase = v.phase
  if phase == "auction" then return choose_bid(v) end
  if phase == "trump" then return choose_trump(v) end
  if phase == "decide" then return choose_decide(v) end
  if phase == "discard" then return choose_discard(v) end
  if phase == "play" then
    if #v.trick.cards == 0 then return lead(v) end
    return follow(v)
  end
  return v.legal[rng:int(1, #v.legal)]
end

return bot
