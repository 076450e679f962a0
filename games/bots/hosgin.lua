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
local glyph = require("talon.cards").glyph
local cached = require("talon.cards").cached

local bot = { name = "rule-of-thumb hosgin" }

local RANK_VALUE = { A = 40, T = 5, K = 10, Q = 8, J = 6 }

local function find(legal, verb)
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == verb then return a end
  end
  return nil
end

-- The lowest bid allowed: the auction lists pass, then the bids in
-- ascending order (games/hosgin/auction.lua), so the first bid it meets;
-- the list runs to the bid limit, hundreds of bids.
local function lowest_bid(legal)
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == "bid" then return a end
  end
  return nil
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

-- The stages where opening low only hands the next player a cheap game:
-- the ceiling needed to open, and why (seed, "Taktische Hinweise").
local OPEN_NEEDS = {
  open_v = { 650, "Mittelhand must open at 650 if you pass: do not stop below that" },
  open_m = { 750, "the dealer must play for 750 if you pass: do not stop below that" },
}

local function choose_bid(v)
  local adv = advisor.advise(v.hand, { known = v.known })
  local best = adv.best
  local ceiling = best.ceiling
  local basis = ("with trump %s: safe bid %d = %s")
    :format(glyph(v.hand:deck(), best.trump), ceiling, best.why)
  local pass = find(v.legal, "pass")
  local bid = lowest_bid(v.legal)
  if not bid then return pass, "no higher bid is possible" end
  if bid.arg > ceiling then
    return pass, ("%d is above the safe bid (%s)"):format(bid.arg, basis)
  end
  if helps_leader(v, ceiling) then
    return pass, "another player is close to the target and this hand cannot overtake him"
  end
  local need = OPEN_NEEDS[v.auction and v.auction.stage]
  if need and ceiling < need[1] then
    return pass, ("%s (%s)"):format(need[2], basis)
  end
  return bid, ("%d is within the safe bid (%s)"):format(bid.arg, basis)
end

local function choose_trump(v)
  local best = advisor.advise(v.hand).best
  local why = ("%s gives the highest safe bid, %d = %s")
    :format(glyph(v.hand:deck(), best.trump), best.ceiling, best.why)
  for _, a in ipairs(v.legal) do
    if a.arg == best.trump then return a, why end
  end
  return v.legal[1]
end

local function choose_decide(v)
  local m = v.melds and v.melds[v.seat] and v.melds[v.seat].total or 0
  local bid = v.bid or 0
  if m + 300 <= bid then
    return find(v.legal, "concede"), ("melds %d + even 300 trick points do not beat %d;"
      .. " conceding costs only the bid (HOS-R14)"):format(m, bid)
  end
  return find(v.legal, "play"), ("melds %d: %d more in tricks make the bid of %d (HOS-R29)")
    :format(m, math.max(bid - m + 1, 0), bid)
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
  local why = best.suit == v.trump and "only trumps are left to lay away"
    or ("%s is the cheapest to lose: a short plain suit, and its %d points count for"
      .. " you in the discard (HOS-R16)"):format(tostring(best), best.points)
  return best, why
end

-- ===== trick play

-- The general rule (highest trump, else highest of the suit led).
local function plain_rules(deck) return talon.trickrules(deck, {}) end

-- A trick rebuilt from the view, to ask the engine which card beats.
local function current_trick(v, deck)
  local t = talon.trick(cached(deck, plain_rules, "plain"), v.trump)
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

-- Plain before trump, then fewer points, then lower rank: the card that
-- costs least to give away.
local function cheaper(trump)
  return function(c, p)
    local ct, pt = c.suit == trump, p.suit == trump
    if ct ~= pt then return pt end
    if c.points ~= p.points then return c.points < p.points end
    return c.rank_index > p.rank_index
  end
end

local function higher(c, p) return c.rank_index < p.rank_index end

local function lead(v)
  local legal = v.legal
  for _, c in ipairs(legal) do
    if c.rank == "A" and c.suit ~= v.trump then
      return c, "a plain ace is the safest lead: only a trump or an earlier identical ace beats it"
    end
  end
  if v.seat == v.declarer then
    local trumps = {}
    for _, c in ipairs(legal) do if c.suit == v.trump then trumps[#trumps + 1] = c end end
    if #trumps > 0 then
      return by(trumps, higher), "the declarer draws the defenders' trumps with his highest"
    end
  end
  return by(legal, cheaper(v.trump)), "no plain ace: lead the card that costs least"
end

local function follow(v)
  local deck = v.legal[1].deck
  local t = current_trick(v, deck)
  local _, winner = t:winner()
  local last = #v.trick.cards == v.n - 1
  local friend = v.seat ~= v.declarer and winner ~= v.declarer
  if friend and last then
    return by(v.legal, function(c, p) return c.points > p.points end),
      "the trick goes to the other defender: give him the most points"
  end
  local winners = {}
  for _, c in ipairs(v.legal) do
    if t:beats(c) then winners[#winners + 1] = c end
  end
  if #winners > 0 and not friend then
    if last then return by(winners, cheaper(v.trump)), "the cheapest card that takes the trick" end
    return by(winners, higher), "the highest card, so the next player cannot take the trick"
  end
  if friend then return by(v.legal, cheaper(v.trump)), "the other defender is winning: play low" end
  return by(v.legal, cheaper(v.trump)), "no card takes the trick: play the cheapest"
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
