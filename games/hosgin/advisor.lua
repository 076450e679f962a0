-- A hand advisor for learners: the seed's "sample hand with calculations
-- from possible stock cards" rebuilt (seed §Taktische Hinweise).
--
-- For each possible trump: the meld total of the hand (HOS-R19), every
-- single card that would add points if found in the stock, with its
-- chance, and the safe bid ceiling of the seed's advice: melds + about 200
-- trick points, plus — only when at least two different cards could be
-- "hit" — the lesser of the two best gains. A hand that has seen the stock
-- (a pass, HOS-R10) is counted with the stock exactly. Used by the bot.
local melds = require "games.hosgin.melds"
local glyph = require("talon.cards").glyph

local advisor = {}

local SUITS = { "S", "H", "D", "C" }
local TRICK_POINTS = 200 -- the seed: "im Mittel also etwa 200 Punkte"

-- Chance that at least one of 'u' unseen copies lies in a stock of 5 drawn
-- from 'n' unseen cards (hypergeometric).
local function chance(u, n)
  if u <= 0 or n < 5 then return 0 end
  local miss = 1
  for i = 0, 4 do miss = miss * (n - u - i) / (n - i) end
  return 1 - math.max(miss, 0)
end

local function hits_for(m, hand, trump, base, unseen_n)
  local deck = hand:deck()
  local hits = {}
  for _, c in ipairs(deck:kinds()) do
    local u = 4 - hand:count(c)
    if u > 0 then
      hand:add(c)
      local gain = m:score(hand, trump) - base
      hand:remove(c)
      if gain > 0 then
        hits[#hits + 1] = { card = c, gain = gain, chance = chance(u, unseen_n) }
      end
    end
  end
  table.sort(hits, function(a, b)
    if a.gain ~= b.gain then return a.gain > b.gain end
    return a.card < b.card
  end)
  return hits
end

local function floor10(x) return 10 * (x // 10) end

-- Advice for one trump.
local function for_trump(m, hand, trump, known)
  local base = m:score(hand, trump)
  local a = { trump = trump, melds = base, trump_count = #hand:suit(trump) }
  if known then
    local with = m:score(hand + known, trump)
    a.with_stock, a.hits = with, {}
    a.ceiling = floor10(with + TRICK_POINTS)
    a.why = ("melds with the stock %d + about %d trick points"):format(with, TRICK_POINTS)
    return a
  end
  a.hits = hits_for(m, hand:copy(), trump, base, hand:deck().size - #hand)
  local extra = 0
  if #a.hits >= 2 then extra = a.hits[2].gain end -- the lesser of the two best
  a.ceiling = floor10(base + TRICK_POINTS + extra)
  if extra > 0 then
    a.why = ("melds %d + about %d trick points + %d (the lesser of %s +%d and %s +%d)")
      :format(base, TRICK_POINTS, extra, a.hits[1].card, a.hits[1].gain, a.hits[2].card, extra)
  else
    a.why = ("melds %d + about %d trick points%s"):format(base, TRICK_POINTS,
      #a.hits == 1 and " (one hoped-for card is too little: 25% or less)" or "")
  end
  return a
end

local Advice = {}
Advice.__index = Advice

local function hits_text(hits, k)
  local parts = {}
  for i = 1, math.min(#hits, k) do
    local h = hits[i]
    parts[i] = ("%s +%d (%d%%)"):format(tostring(h.card), h.gain, math.floor(h.chance * 100 + 0.5))
  end
  if #hits > k then parts[#parts + 1] = ("… %d more"):format(#hits - k) end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

function Advice.__tostring(adv)
  local lines = { ("advice for %d cards%s; best trump %s, bid up to %d"):format(adv.size,
    adv.known and " (stock seen)" or "", glyph(adv.deck, adv.best.trump), adv.best.ceiling) }
  for _, s in ipairs(SUITS) do
    local a = adv[s]
    lines[#lines + 1] = ("  trump %s: melds %d, safe bid %d = %s"):format(glyph(adv.deck, s),
      a.melds, a.ceiling, a.why)
    if not adv.known then
      lines[#lines + 1] = "      stock cards that add: " .. hits_text(a.hits, 8)
    end
  end
  return table.concat(lines, "\n")
end

-- Advice for 'cards' (text, list or Hand): per suit S H D C the fields
-- trump, melds, hits ({card, gain, chance} best first), ceiling and why;
-- `best` is the suit with the highest ceiling (ties: more trumps held).
-- 'opts': known (the stock, if seen), multi_series.
function advisor.advise(cards, opts)
  opts = opts or {}
  local hand = melds.hand(cards)
  local m = melds.compiled(hand:deck(), opts.multi_series)
  local known = opts.known
  if known and #known == 0 then known = nil end
  local adv = setmetatable({ size = #hand, known = known ~= nil, deck = hand:deck() },
    Advice)
  for _, s in ipairs(SUITS) do
    local a = for_trump(m, hand, s, known)
    adv[s] = a
    local b = adv.best
    if not b or a.ceiling > b.ceiling
        or (a.ceiling == b.ceiling and a.trump_count > b.trump_count) then
      adv.best = a
    end
  end
  return adv
end

-- After the auction and the trump (the stock is in the declarer's hand and
-- the melds are shown, HOS-R12/R13) the bidding advice no longer applies:
-- this says what the deal needs instead, from the view 'v' of a seat.
function advisor.standing(v)
  local d, seat = v.declarer, v.seat
  local shown = v.melds or {}
  local m = shown[d] and shown[d].total or 0
  local need = math.max(v.bid - m, 0)
  local took = v.trick_points[d] or 0
  local you = seat == d
  local lines = {
    ("the stock is taken: %s declared %d in %s with melds %d"):format(you and "you" or v.names[d],
      v.bid, glyph(v.hand:deck(), v.trump), m),
    ("  %s more than %d card points from tricks to win (HOS-R29): %d so far, about %d"
      .. " in an average deal (the seed)"):format(you and "you need" or "he needs", need, took,
      TRICK_POINTS) }
  local mine = shown[seat] and shown[seat].total
  if mine and mine > 0 and (v.tricks_won[seat] or 0) == 0 then
    lines[#lines + 1] = ("  your melds %d count only once you take a trick (HOS-R28)"):format(mine)
  end
  if v.phase == "decide" and seat == d then
    lines[#lines + 1] = ("  conceding now costs your bid %d%s; each defender scores his melds"
      .. " + 100 (HOS-R14)"):format(v.bid, v.options.money and " and the fine" or "")
  end
  return table.concat(lines, "\n")
end

return advisor
