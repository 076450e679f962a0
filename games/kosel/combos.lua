-- Kosel's combinations and their window (RULES.md §3.3, KOZ-R6, EXAMPLES.md
-- KOZ-10): before a lead, while every hand is full, a player holding
-- Moskwa (four aces and tens, the Schocha standing for a ten, at least one
-- real ace) or Molodka (four of one suit, or three and the Schocha) may
-- declare it, shown to all; the highest declared combination, the first in
-- play order from the leader among equals (Z3), takes the lead.
local window = require "talon.window"

local combos = {}

-- The rank of each combination: the higher wins the lead.
combos.RANK = { moskwa = 2, molodka = 1 }
combos.NAME = { moskwa = "Moskwa", molodka = "Molodka" }

-- The combination four cards form ("moskwa", "molodka"), or nil; a hand
-- other than four cards forms none. No hand of one pack forms both.
function combos.of(hand)
  if #hand ~= 4 then return nil end
  local aces, tens, schocha, per_suit = 0, 0, false, {}
  for c in hand:each() do
    if c.rank == "6" and c.suit == "S" then -- the Schocha (KOZ-R3)
      schocha = true
    else
      if c.rank == "A" then aces = aces + 1 elseif c.rank == "T" then tens = tens + 1 end
      per_suit[c.suit] = (per_suit[c.suit] or 0) + 1
    end
  end
  local plain = 4 - (schocha and 1 or 0)
  if aces >= 1 and aces + tens == plain then return "moskwa" end
  for _, n in pairs(per_suit) do
    if n == plain then return "molodka" end
  end
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
  return #holders(st) > 0
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
