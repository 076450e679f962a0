-- Kosel's combinations and their window (RULES.md §3.3, KOZ-R6, EXAMPLES.md
-- KOZ-10): before a lead, while every hand is full, a player holding
-- Moskwa (four aces and tens, the Schocha standing for a ten, at least one
-- real ace) or Molodka (four of one suit, or three and the Schocha) may
-- declare it, shown to all; the highest declared combination, the first in
-- play order from the leader among equals (Z3), takes the lead.
local window = require "talon.window"
local cards = require "talon.cards"

local combos = {}

-- The rank of each combination: the higher wins the lead.
combos.RANK = { moskwa = 2, molodka = 1 }
combos.NAME = { moskwa = "Moskwa", molodka = "Molodka" }

-- What each card of a deck is to the combinations, made once per deck:
-- role[c] is "schocha" (KOZ-R3), "ace", "ten" or "other", suit[c] its
-- suit.
local function named(deck)
  local schocha = deck:card("6S")
  local ace, ten = deck:card("AS").rank_index, deck:card("TS").rank_index
  local role, suit = {}, {}
  for _, c in ipairs(deck:kinds()) do
    local r = c.rank_index
    role[c] = c == schocha and "schocha" or (r == ace and "ace") or (r == ten and "ten")
      or "other"
    suit[c] = c.suit or "joker"
  end
  return { role = role, suit = suit }
end

-- The combination of a hand of four cards ("moskwa", "molodka") or nil,
-- given named(its deck). A hand is given up on at the first card that
-- leaves it neither one suit nor aces and tens only, as most hands are.
local function form(hand, k)
  local role, suit_of = k.role, k.suit
  local aces, suit, one_suit, high = 0, nil, true, true
  for c in hand:each() do
    local r = role[c]
    if r ~= "schocha" then -- the Schocha stands for a ten or a card of the suit
      if r == "ace" then aces = aces + 1 elseif r ~= "ten" then high = false end
      local s = suit_of[c]
      if suit == nil then suit = s elseif s ~= suit then one_suit = false end
      if not (one_suit or high) then return nil end
    end
  end
  -- Moskwa: every card but the Schocha an ace or a ten, one ace at least
  if high and aces >= 1 then return "moskwa" end
  if one_suit then return "molodka" end -- four of one suit, or three and the Schocha
  return nil
end

-- The combination four cards form ("moskwa", "molodka"), or nil; a hand
-- other than four cards forms none. No hand of one pack forms both.
function combos.of(hand)
  if #hand ~= 4 then return nil end
  return form(hand, cards.cached(hand:deck(), named, "combos"))
end

-- Are all hands of the seats in play full (four cards), so the window opens?
local function hands_full(st)
  for s = 1, st.n do
    if #st.hands[s] ~= 4 and st:is_in(s) then return false end
  end
  return true
end

-- The seats in play holding a combination, in play order from the leader;
-- none unless every hand is full.
local function holders(st)
  local list = {}
  if not hands_full(st) then return list end
  for _, s in ipairs(st:order(st.turn)) do
    local kind = combos.of(st.hands[s])
    if kind then list[#list + 1] = { seat = s, kind = kind } end
  end
  return list
end

-- Does a window open before this lead (KOZ-R6)?
function combos.window_open(st)
  if not hands_full(st) then return false end
  local k = cards.cached(st.deck, named, "combos")
  for s = 1, st.n do
    if st:is_in(s) and form(st.hands[s], k) then return true end
  end
  return false
end

-- The phase: each holder in turn from the leader declares or passes; among
-- equals the first from the leader keeps the lead (Z3).
combos.phase = window.phase {
  doc = "before a lead with full hands: declare Moskwa or Molodka to take the lead (KOZ-R6)",
  holders = holders,
  rank = combos.RANK,
  name = combos.NAME,
  rule = "KOZ-R6",
  next = "play",
}

return combos
