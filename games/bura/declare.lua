-- Bura's declarations at the start of every trick while the hands are full
-- (RULES.md §4.2, BUR-R5, BUR-R6): three trumps (a Bura) win the pot at
-- once, several Bura holders play a showdown trick; then three aces or a
-- Molodka (three cards of one plain suit) may be declared for the lead.
local window = require "talon.window"
local talon = require "talon"
local cards = require "talon.cards"
local pot = require "games.common.pot"

local declare = {}

-- BUR-R7, BUR-R8 as trick rules (KOZ-R8 pairing, no Schocha): leads of 1
-- to 3 cards of a suit; with the face_down option (B6) a set that does not
-- beat goes face down. The rank order is the deck's own, A T K Q J 9 8 7
-- (6), with or without the sixes (B9's pack32).
local function compile(deck, key)
  return talon.trickrules(deck, { lead_sizes = { 1, 2, 3 },
    face_down = key == "down" and "allowed" or "never" })
end

-- The trick rules of 'deck', with sets face down when 'down' (the
-- face_down option); Bura's bot reads the same.
function declare.compiled(deck, down)
  return cards.cached(deck, compile, down and "down" or "open")
end

-- 'open' (optional): every set face up whatever the option, as in the
-- showdown of several Buras (BUR-R5).
function declare.rules(st, open)
  return declare.compiled(st.deck, st.opts.face_down and not open)
end

declare.RANK = { aces = 2, molodka = 1 }
declare.NAME = { aces = "three aces", molodka = "Molodka" }

-- What the declarations ask of a deck, made once per deck as Hands that
-- hold every copy the deck has: 'aces', and one Hand per suit, in
-- 'suited' (with its suit in 'suits') and by suit name in 'suit'. Whether
-- three cards are a Bura, three aces or a Molodka is then a sub-multiset
-- test in C (Hand:has, Hand:within), with no card walked in Lua: the
-- window is asked for every seat at every trick while the hands are full.
local function named(deck)
  local full, aces = deck:full(), deck:hand()
  for c, n in full:each() do
    if c.rank == "A" then aces:add(c, n) end
  end
  local suit, suited, suits = {}, {}, deck:suits()
  for i, s in ipairs(suits) do
    suit[s] = full:suit(s)
    suited[i] = suit[s]
  end
  return { aces = aces, suit = suit, suited = suited, suits = suits }
end

local function named_of(hand)
  return cards.cached(hand:deck(), named, "declare")
end

-- Does a hand of three hold a Bura (three trumps, BUR-R5)?
function declare.is_bura(hand, trump)
  if #hand ~= 3 then return false end
  local trumps = named_of(hand).suit[trump]
  return trumps ~= nil and trumps:has(hand)
end

-- The lead combination of a hand of three (BUR-R6), or nil: three aces, or
-- a Molodka of three cards of one suit other than trump.
function declare.combo(hand, trump)
  if #hand ~= 3 then return nil end
  local k = named_of(hand)
  if k.aces:has(hand) then return "aces" end
  local i = hand:within(k.suited)
  if i and k.suits[i] ~= trump then return "molodka" end
  return nil
end

-- The seats in play from the leader whose hand passes 'test'.
local function from_leader(st, test)
  local list = {}
  for _, s in ipairs(st:order(st.turn)) do
    local v = test(st.hands[s], s)
    if v then list[#list + 1] = { seat = s, kind = v } end
  end
  return list
end

-- BUR-R5: the Bura holders play their three trumps face up in turn from
-- the leader; the set that stands wins.
local function showdown(st, holders)
  local t = talon.trick(declare.rules(st, true), st.trump)
  local shown = {}
  for _, h in ipairs(holders) do
    assert(t:play(h.seat, st.hands[h.seat]:copy()))
    shown[#shown + 1] = ("%s %s"):format(st.names[h.seat], st.hands[h.seat])
  end
  local _, w = t:winner()
  st:log("showdown", { seats = #holders, winner = w },
    "BUR-R5: %d Bura holders play them out: %s; %s's stands", #holders,
    table.concat(shown, ", "), st.names[w])
  return w
end

-- Ends the deal when a Bura (or three aces, three_aces = "pot") wins the
-- pot at once; the name of the next phase otherwise.
local function pot_combination(st)
  local trump = st.trump
  local bura = from_leader(st, function(h) return declare.is_bura(h, trump) and "bura" end)
  if #bura > 0 then
    local w = #bura == 1 and bura[1].seat or showdown(st, bura)
    st:log("bura", { seat = w }, "BUR-R5: %s holds a Bura (%s) and wins the pot", st.names[w],
      st.hands[w])
    st.outcome = { kind = "bura", seat = w }
    return "end"
  end
  if st.opts.three_aces == "pot" then
    local aces = from_leader(st, function(h)
      return declare.combo(h, trump) == "aces" and "aces" or nil
    end)
    if #aces > 0 then
      local w = aces[1].seat
      st:log("aces", { seat = w }, "BUR-R6: %s holds three aces and wins the pot (option)",
        st.names[w])
      st.outcome = { kind = "aces", seat = w }
      return "end"
    end
  end
  return nil
end

-- The holders of a lead combination the options allow, from the leader.
local function lead_holders(st)
  local o, trump = st.opts, st.trump
  return from_leader(st, function(h)
    local kind = declare.combo(h, trump)
    if kind == "aces" and o.three_aces == "lead" then return kind end
    if kind == "molodka" and o.molodka then return kind end
    return nil
  end)
end

declare.phase = window.phase {
  doc = "at the start of a trick: a Bura wins the pot; three aces or a Molodka may be"
    .. " declared for the lead (BUR-R5, BUR-R6)",
  before = function(st)
    if not pot.hands_full(st, 3) then return "play" end
    return pot_combination(st)
  end,
  holders = lead_holders,
  rank = declare.RANK,
  name = declare.NAME,
  rule = "BUR-R6",
  next = "play",
}

return declare
