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

-- What the combinations ask of a deck, made once per deck as Hands that
-- hold every copy the deck has: 'high', the aces, tens and Schochas
-- (KOZ-R3: the Schocha stands for a ten); 'low', the tens and Schochas;
-- 'suited', one per suit, its cards and the Schochas (the Schocha stands
-- for a card of the suit); 'patterns', 'high' then the suits. Whether four
-- cards form a combination is then one sub-multiset test in C over the
-- patterns (Hand:within), with no card walked in Lua: the window is asked
-- for every seat before every lead while the hands are full.
local function named(deck)
  local schocha = deck:card("6S")
  local ace, ten = deck:card("AS").rank_index, deck:card("TS").rank_index
  local full = deck:full()
  local high, low, by_suit, suited = deck:hand(), deck:hand(), {}, {}
  for c, n in full:each() do
    local r = c.rank_index
    if c == schocha or r == ten then
      high:add(c, n)
      low:add(c, n)
    elseif r == ace then
      high:add(c, n)
    end
    if c ~= schocha then
      local s = c.suit or "joker"
      local h = by_suit[s]
      if not h then
        h = deck:hand()
        by_suit[s] = h
        suited[#suited + 1] = h
      end
      h:add(c, n)
    end
  end
  local patterns = { high }
  for _, h in ipairs(suited) do
    h:add(schocha, full:count(schocha))
    patterns[#patterns + 1] = h
  end
  return { high = high, low = low, suited = suited, patterns = patterns }
end

-- The combination of a hand of four cards ("moskwa", "molodka") or nil,
-- given named(its deck).
local function form(hand, k)
  local i = hand:within(k.patterns)
  if i == nil then return nil end
  -- Moskwa: every card but the Schocha an ace or a ten, one ace at least
  if i == 1 then
    if not k.low:has(hand) then return "moskwa" end
    i = hand:within(k.suited) -- tens and Schochas only: of one suit?
    if i == nil then return nil end
  end
  -- Molodka: four of one suit, or three and the Schocha
  return "molodka"
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
