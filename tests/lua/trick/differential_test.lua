-- The C trick engine (talon.trick) against the naive Lua transcription of
-- the rules in tests/lua/reference/trick_ref.lua (STYLE rule 22), over
-- seeded random deals and whole random tricks, for every rule set below:
-- legal cards / legal plays and the winner after every play must agree.
-- A disagreement reports the rule set and the seed that shows it first.
local t = require "talon.host.testing"
local talon = require "talon"
local ref = require "tests.lua.reference.trick_ref"

local SEEDS = 300

local function sorted_key(cards)
  local ids = {}
  for i, c in ipairs(cards) do ids[i] = c.id end
  table.sort(ids)
  return table.concat(ids, ",")
end

local function key_set(list)
  local keys = {}
  for k in pairs(list) do keys[#keys + 1] = k end
  table.sort(keys)
  return table.concat(keys, " ")
end

-- Deals 'each' cards to 'nseats' hands from a deck shuffled by r.
local function deal(deck, r, nseats, each)
  local hands = {}
  for i = 1, nseats do hands[i] = deck:hand() end
  deck:pile():shuffle(r):deal(hands, { each })
  return hands
end

local function pick_trump(r, deck, allow_none)
  local suits = deck:suits()
  if allow_none and r:int(1, 5) == 1 then return nil end
  return suits[r:int(1, #suits)]
end

-- One-card games (HOK-R3, HOS-R26, BES-R6, BES-R14, §0 winner): returns
-- nil or the first disagreement for this seed.
local function one_card_trick(deck, rules, spec, seed)
  local r = talon.rng(seed)
  local nseats = r:int(2, 4)
  local hands = deal(deck, r, nseats, r:int(1, 8))
  local trump = pick_trump(r, deck, true)
  local trick = talon.trick(rules, trump)
  local ctx = ref.context(deck, spec, trump)
  local plays = {}
  for seat = 1, nseats do
    local h = hands[seat]
    local want = {}
    for _, c in ipairs(ref.legal_cards(ctx, plays, (h:cards()))) do want[c] = true end
    local legal = trick:legal(h)
    for c in h:each() do
      local c_legal = legal:count(c) > 0
      if c_legal ~= (want[c] == true) or trick:allows(h, c) ~= c_legal then
        return string.format("seat %d hand %s, %s: C says %s is %s", seat,
          tostring(h), tostring(trick), tostring(c), c_legal and "legal" or "illegal")
      end
    end
    local card = legal:pick(r)
    assert(trick:play(seat, card, false, h))
    plays[#plays + 1] = { seat = seat, cards = { card } }
    local w = trick:winner()
    if w ~= ref.winner(ctx, plays) then
      return string.format("%s: C winner %d, reference %d", tostring(trick), w,
        ref.winner(ctx, plays))
    end
  end
  return nil
end

-- Multi-card games (KOZ-R7..R10, BUR-R7/R8, KZM-R2): the whole list of
-- legal plays (cards and face) and the winner must agree.
local function set_trick(deck, rules, spec, seed, each)
  local r = talon.rng(seed)
  local nseats = r:int(2, 4)
  local hands = deal(deck, r, nseats, each)
  if r:int(1, 4) == 1 then hands[nseats]:remove(hands[nseats]:nth(1)) end -- a short hand
  local trump = pick_trump(r, deck, false)
  local trick = talon.trick(rules, trump)
  local ctx = ref.context(deck, spec, trump)
  local plays = {}
  for seat = 1, nseats do
    local h = hands[seat]
    local sets, downs = trick:plays(h)
    local got = {}
    for i, set in ipairs(sets) do
      got[sorted_key(set:cards()) .. (downs[i] and "/down" or "/up")] = true
    end
    local want = ref.plays(ctx, plays, (h:cards()), sorted_key)
    if key_set(got) ~= key_set(want) then
      return string.format("seat %d hand %s, %s: C plays {%s}, reference {%s}", seat,
        tostring(h), tostring(trick), key_set(got), key_set(want))
    end
    if #sets == 0 then return "no legal play for " .. tostring(h) end
    local i = r:int(1, #sets)
    local cards = sets[i]:cards()
    assert(trick:play(seat, sets[i], downs[i], h))
    plays[#plays + 1] = { seat = seat, cards = cards, down = downs[i] }
    if trick:winner() ~= ref.winner(ctx, plays) then
      return string.format("%s: C winner %d, reference %d", tostring(trick),
        trick:winner(), ref.winner(ctx, plays))
    end
  end
  return nil
end

local hokm_deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
local hosgin_deck = talon.deck { ranks = "A T K Q J", copies = 4 }
local besigue_deck = talon.deck { ranks = "A T K Q J 9 8 7", copies = 2 }
local reordered_deck = talon.deck { ranks = "A K Q J T 9 8 7", copies = 2 }
local kosel_deck = talon.deck { ranks = "A T K Q J 9 8 7 6" }

local one_card = {
  { "HOK-R3 follow only", hokm_deck, { follow = true } },
  { "BES-R6 free play", besigue_deck, {} },
  { "HOS-R26 defaults", hosgin_deck, { follow = true, head = "trump_led", void = "trump" } },
  { "HOS-R26 overtrump_reference previous", hosgin_deck,
    { follow = true, head = "trump_led", void = "trump", head_reference = "previous" } },
  { "HOS-R26 must_head_plain", hosgin_deck, { follow = true, head = "always", void = "trump" } },
  { "BES-R14 strict play", besigue_deck, { follow = true, head = "always", void = "trump_beat" } },
  { "BES-R14 with ranks reordered (HOS-R5 style order)", reordered_deck,
    { follow = true, head = "always", void = "trump_beat", ranks = "A T K Q J 9 8 7" } },
}

for _, case in ipairs(one_card) do
  local name, deck, spec = case[1], case[2], case[3]
  t.test(name .. ": C = reference on " .. SEEDS .. " seeded tricks", function()
    local rules = talon.trickrules(deck, spec)
    local first
    for seed = 1, SEEDS do
      local bad = one_card_trick(deck, rules, spec, seed)
      if bad then first = "seed " .. seed .. ": " .. bad; break end
    end
    t.eq(first, nil, "first disagreement")
  end)
end

local sets = {
  { "KOZ-R7..R10 Kosel", { lead_sizes = { 1, 2, 3, 4 }, top = "6S", wild_top = true,
    face_down = "allowed" }, 4 },
  { "BUR-R7/R8 Bura", { lead_sizes = { 1, 2, 3 } }, 3 },
  { "BUR-R8 option face_down", { lead_sizes = { 1, 2, 3 }, face_down = "allowed" }, 3 },
  { "KZM-R2 Kosel pot", { lead_sizes = { 1, 3 } }, 4 },
  -- three cards each: the short hand (two) is short of a lead of three
  { "KZM-R8 Kosel pot, a short follower face down", { lead_sizes = { 1, 3 },
    face_down = "short" }, 3 },
  { "KZM-R6 Kosel pot with the Schocha",
    { lead_sizes = { 1, 3 }, top = "6S", wild_top = true }, 4 },
}

for _, case in ipairs(sets) do
  local name, spec, each = case[1], case[2], case[3]
  t.test(name .. ": C = reference on " .. SEEDS .. " seeded tricks", function()
    local rules = talon.trickrules(kosel_deck, spec)
    local first
    for seed = 1, SEEDS do
      local bad = set_trick(kosel_deck, rules, spec, seed, each)
      if bad then first = "seed " .. seed .. ": " .. bad; break end
    end
    t.eq(first, nil, "first disagreement")
  end)
end
