-- Kosel (pot)'s combinations among four cards (RULES.md §5, KZM-R3,
-- KZM-R4, KZM-R6): a Bura or four aces win the pot at once; three aces or
-- a Molodka give the lead. Each is a test of the hand against Hands of the
-- deck, made once, in one call into C (Hand:within), with no card walked
-- in Lua: the window asks for every seat at every trick while the hands
-- are full.
local cards = require "talon.cards"

local combos = {}

local SUITS = { "S", "H", "D", "C" }

-- What the combinations ask of a deck, made once per deck and key
-- ("plain" or "+6S") as Hands that hold every copy the deck has: 'aces';
-- per suit, 'trumps' (its cards; with the Schocha, KZM-R6's option, every
-- 6♠ too: the Schocha of Kosel for points, KOZ-R3, is a trump whatever the
-- trump suit) and 'molodka' (its cards other than the Schocha, and one
-- Schocha: a wildcard standing for one card of a suit, as in Kosel's
-- Molodka, never for an ace, as Kosel's Moskwa wants a real one); per
-- trump suit (false for none, or a suit not among S H D C), 'plain', the
-- Molodka Hands of the other suits in the order S H D C, and
-- 'plain_suits', their suits.
local function facts(deck, key)
  local wild = key == "+6S" and deck:card("6S") or nil
  local full, aces = deck:full(), deck:hand()
  for c, n in full:each() do
    if c.rank == "A" then aces:add(c, n) end
  end
  local trumps, molodka = {}, {}
  for _, s in ipairs(deck:suits()) do
    local own = full:suit(s)
    if wild then own:remove(wild, own:count(wild)) end
    trumps[s], molodka[s] = own:copy(), own
    if wild then
      trumps[s]:add(wild, full:count(wild))
      molodka[s]:add(wild)
    end
  end
  local plain, plain_suits = {}, {}
  for _, t in ipairs { false, table.unpack(SUITS) } do
    plain[t], plain_suits[t] = {}, {}
    for _, s in ipairs(SUITS) do
      if s ~= t and molodka[s] then
        table.insert(plain[t], molodka[s])
        table.insert(plain_suits[t], s)
      end
    end
  end
  return { aces = aces, trumps = trumps, plain = plain, plain_suits = plain_suits, wild = wild }
end

-- The facts of 'deck' with the Schocha wild or not (the schocha option).
function combos.facts(deck, schocha)
  return cards.cached(deck, facts, schocha and "+6S" or "plain")
end

-- Are 'm' cards of 'hand' at least in 'pattern' (a Hand or a list of
-- them; the index of the first that holds them)?
local function holds(hand, pattern, m)
  if pattern == nil or #hand < m then return nil end
  return hand:within(pattern, #hand - m)
end

-- KZM-R3: the pot combination of four cards, "bura" (three trumps or
-- more, the Schocha one of them) or "aces" (four aces), or nil; copies
-- counted. 'f' is combos.facts of the hand's deck.
function combos.pot_kind(hand, trump, f)
  if holds(hand, f.aces, 4) then return "aces" end
  if holds(hand, f.trumps[trump], 3) then return "bura" end
  return nil
end

-- The first three cards of 'hand' (in kind order: the highest of a suit
-- first) passing test(card), as a Hand.
local function three(hand, test)
  local picked = {}
  for _, c in ipairs(hand:cards()) do
    if test(c) and #picked < 3 then picked[#picked + 1] = c end
  end
  return hand:deck():hand(picked)
end

-- KZM-R4: the lead combination among the cards of 'hand', "aces" (three
-- aces) or "molodka" (three cards of one suit, not trump, the first in
-- the order S H D C; or two and the Schocha, KZM-R6's option), with its
-- three cards as a Hand; nil when there is none.
function combos.lead_kind(hand, trump, f)
  if holds(hand, f.aces, 3) then
    return "aces", three(hand, function(c) return c.rank == "A" end)
  end
  local t = f.plain[trump] and trump or false
  local i = holds(hand, f.plain[t], 3)
  if not i then return nil end
  local su, wild = f.plain_suits[t][i], f.wild
  local set = three(hand, function(c) return c ~= wild and c.suit == su end)
  if #set < 3 then set:add(wild) end
  return "molodka", set
end

return combos
