-- Kosel's combinations and their window (RULES.md §3.3, KOZ-R6, EXAMPLES.md
-- KOZ-10): before a lead, while every hand is full, a player holding
-- Moskwa (four aces and tens, the Schocha standing for a ten, at least one
-- real ace) or Molodka (four of one suit, or three and the Schocha) may
-- declare it, shown to all; the highest declared combination, the first in
-- play order from the leader among equals (Z3), takes the lead.
local window = require "talon.window"
local tricks = require "talon.tricks"
local cards = require "talon.cards"

local combos = {}

-- The rank of each combination: the higher wins the lead.
combos.RANK = { moskwa = 2, molodka = 1 }
combos.NAME = { moskwa = "Moskwa", molodka = "Molodka" }

-- The cards the combinations name, per deck: the Schocha (KOZ-R3) and the
-- rank places of the ace and the ten (st.info's rank indexes).
local function named(deck)
  return { schocha = deck:card("6S"), ace = deck:card("AS").rank_index,
           ten = deck:card("TS").rank_index }
end

-- The combination four cards form ("moskwa", "molodka"), or nil; a hand
-- other than four cards forms none. No hand of one pack forms both.
function combos.of(hand)
  if #hand ~= 4 then return nil end
  local deck = hand:deck()
  local info, k = tricks.info(deck), cards.cached(deck, named, "combos")
  local aces, tens, schocha, suit, one_suit = 0, 0, false, nil, true
  for c in hand:each() do
    if c == k.schocha then
      schocha = true
    else
      local r, s = info.rank[c], info.suit[c]
      if r == k.ace then aces = aces + 1 elseif r == k.ten then tens = tens + 1 end
      if suit == nil then suit = s elseif s ~= suit then one_suit = false end
    end
  end
  local plain = 4 - (schocha and 1 or 0)
  if aces >= 1 and aces + tens == plain then return "moskwa" end
  if one_suit then return "molodka" end -- four of one suit, or three and the Schocha
  return nil
end

-- Are all hands of the seats in play full (four cards), so the window opens?
local function hands_full(st)
  for s = 1, st.n do
    if st:is_in(s) and #st.hands[s] ~= 4 then return false end
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
  for s = 1, st.n do
    if st:is_in(s) and combos.of(st.hands[s]) then return true end
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
