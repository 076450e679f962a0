-- The engine's acceptance script (issue A), run with `talon run`: builds
-- every seed deck, deals each with a fixed seed twice and compares, and
-- feeds malformed cards to the parser expecting clean errors. It uses the
-- documented API only (docs/api.md), prints one line per check and ends
-- with "all ok"; the first failure raises, so `talon run` exits 1 with
-- file:line and a traceback. tests/lua/acceptance/engine_test.lua runs it.
local talon = require "talon"

talon.style("ascii")

local checks = 0

local function check(cond, what, ...)
  checks = checks + 1
  if not cond then error(what:format(...), 2) end
end

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i] ~= b[i] then return false end
  end
  return true
end

-- The seed decks (RULES.md): spec, size, rank order high to low, points
-- by rank, copies of each card, and the deal of the game.
local DECKS = {
  { name = "52 French cards (HOK-R1)",
    spec = { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }, size = 52, copies = 1,
    ranks = "A K Q J T 9 8 7 6 5 4 3 2", points = {},
    -- HOK-R9: 5, 4, 4 to each of four, Hakem first.
    deal = { hands = 4, packets = { { 5 }, { 4, 4 } }, left = 0 } },
  { name = "80 = four copies of T J Q K A (HOS-R4, HOS-R6)",
    spec = { ranks = "A T K Q J", copies = 4, points = "11 10 4 3 2" }, size = 80, copies = 4,
    ranks = "A T K Q J", points = { A = 11, T = 10, K = 4, Q = 3, J = 2 }, total = 480,
    -- HOS-R7: five rounds of five to V, M, D; 5 left for the stock.
    deal = { hands = 3, packets = { { 5, 5, 5, 5, 5 } }, left = 5 } },
  { name = "36 cards 6-A, Russian values (KOZ-R2)",
    spec = { ranks = "A T K Q J 9 8 7 6", points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } },
    size = 36, copies = 1, ranks = "A T K Q J 9 8 7 6",
    points = { A = 11, T = 10, K = 4, Q = 3, J = 2, ["9"] = 0, ["8"] = 0, ["7"] = 0, ["6"] = 0 },
    total = 120,
    -- KOZ-R5: four each to four players one at a time; the next card is
    -- turned for trump and put under the talon: 36 - 16 = 20 left.
    deal = { hands = 4, packets = { { 1, 1, 1, 1 } }, left = 20, turn_up = true } },
  { name = "two 32-card packs 7-A (BES-R2, BES-R3)",
    spec = { ranks = "A T K Q J 9 8 7", copies = 2, points = { 11, 10, 4, 3, 2, 0, 0, 0 } },
    size = 64, copies = 2, ranks = "A T K Q J 9 8 7",
    points = { A = 11, T = 10, K = 4, Q = 3, J = 2, ["9"] = 0, ["8"] = 0, ["7"] = 0 },
    total = 240,
    -- BES-R4: 3, 2, 3 to each of two, the 17th card turned: a talon of
    -- 47 with the turn-up under it.
    deal = { hands = 2, packets = { { 3, 2, 3 } }, left = 48, turn_up = true } },
  { name = "three 32-card packs 7-A (BES-R2, BES-R3)",
    spec = { ranks = "A T K Q J 9 8 7", copies = 3, points = "11 10 4 3 2 0 0 0" },
    size = 96, copies = 3, ranks = "A T K Q J 9 8 7",
    points = { A = 11, T = 10, K = 4, Q = 3, J = 2 }, total = 360,
    -- BES-R4: four players, 8 each, the 33rd card turned: 63 + 1.
    deal = { hands = 4, packets = { { 3, 2, 3 } }, left = 64, turn_up = true } },
  { name = "51 = 52 minus one 2 (HOK-R12)",
    spec = { ranks = "A K Q J T 9 8 7 6 5 4 3 2", strip = "2C" }, size = 51, copies = 1,
    ranks = "A K Q J T 9 8 7 6 5 4 3 2", points = {}, stripped = "2C",
    -- HOK-R13: 5, then 4, 4, 4 to three players: 17 each, none left.
    deal = { hands = 3, packets = { { 5 }, { 4, 4, 4 } }, left = 0 } },
}

-- Shuffles the deck with 'seed' and deals it as the game does. Returns the
-- shuffled order, the hands and what is left.
local function deal(deck, seed, how)
  local pile = deck:pile():shuffle(talon.rng(seed))
  local order = pile:cards()
  local hands = {}
  for i = 1, how.hands do hands[i] = deck:hand() end
  for _, packets in ipairs(how.packets) do pile:deal(hands, packets) end
  if how.turn_up then
    local up = pile:draw()
    pile:put_bottom(up)
    check(pile:bottom() == up, "the turned-up card is drawn last (KOZ-R5, BES-R7)")
  end
  return order, hands, pile
end

local function check_deck(case)
  local d = talon.deck(case.spec)
  check(#d == case.size, "%s: %d cards, not %d", case.name, #d, case.size)
  check(table.concat(d:ranks(), " ") == case.ranks, "%s: ranks %s", case.name,
    table.concat(d:ranks(), " "))
  local full = d:full()
  check(#full == case.size, "%s: full hand of %d", case.name, #full)
  for _, card in ipairs(d:kinds()) do
    local copies = case.stripped == tostring(card) and 0 or case.copies
    check(full:count(card) == copies, "%s: %s has %d copies", case.name, tostring(card),
      full:count(card))
    check(card.points == (case.points[card.rank] or 0), "%s: %s is worth %d", case.name,
      tostring(card), card.points)
  end
  check(full:points() == (case.total or 0), "%s: points %d", case.name, full:points())
  print(("deck  %-48s %3d cards, %3d points"):format(case.name, #d, full:points()))
  return d
end

local function check_deal(d, case)
  local how = case.deal
  local order1, hands1, rest1 = deal(d, "talon acceptance", how)
  local order2, hands2, rest2 = deal(d, "talon acceptance", how)
  check(same_list(order1, order2), "%s: the same seed shuffles alike", case.name)
  for i = 1, how.hands do
    check(hands1[i] == hands2[i], "%s: hand %d differs between two deals", case.name, i)
  end
  check(same_list(rest1:cards(), rest2:cards()), "%s: the rest differs", case.name)
  check(#rest1 == how.left, "%s: %d cards left, not %d", case.name, #rest1, how.left)
  -- Nothing is lost or made: the hands and the rest are the whole deck.
  local all = rest1:hand()
  for i = 1, how.hands do all = all + hands1[i] end
  check(all == d:full(), "%s: the deal does not add up to the deck", case.name)
  local other = deal(d, "another seed", how)
  check(not same_list(order1, other), "%s: another seed shuffles differently", case.name)
  print(("deal  %-48s hands of %d, %d left, same twice"):format(case.name, #hands1[1], #rest1))
end

-- Malformed cards: each must raise a plain Lua error that names the token
-- (docs/api.md "Decks and cards"), never crash or pass.
local BAD_CARDS = {
  "", " ", "Z", "ZS", "1S", "11S", "QZ", "QSS", "S", "10", "X", "JOKER", "Q♠♠", "♠Q", "-QS",
  "QS,", "AS KS", "Q\0S", "Q\1S", "\255\254", ("Q"):rep(300),
}

local function check_bad_cards()
  local d = talon.deck(DECKS[1].spec)
  for _, tok in ipairs(BAD_CARDS) do
    local ok, err = pcall(function() return d:card(tok) end)
    check(not ok, "card %q was accepted", tok)
    check(type(err) == "string" and err:find("bad argument #1 to 'card' (no card \"", 1, true),
      "card %q: unexpected error %s", tok, tostring(err))
    check(err:find("followed by a suit (S H D C)", 1, true), "card %q: no help in %s", tok, err)
    check(not err:find("[%z\1-\31\127]"), "card %q: raw control bytes in the message", tok)
  end
  for _, v in ipairs { 12, true, {}, 1.5 } do
    local ok, err = pcall(function() return d:card(v) end)
    check(not ok and err:find("expected, got " .. type(v), 1, true), "card of type %s: %s",
      type(v), tostring(err))
  end
  local hosgin = talon.deck(DECKS[2].spec)
  local cases = {
    { hosgin, "9S", '"9S"' },                  -- no nines in Hosgin (HOS-R4)
    { talon.deck(DECKS[6].spec), "2C", "2C was stripped" }, -- HOK-R12
  }
  for _, c in ipairs(cases) do
    local ok, err = pcall(function() return c[1]:card(c[2]) end)
    check(not ok and err:find(c[3], 1, true), "%s: %s", c[2], tostring(err))
  end
  -- In a list of cards the position is named, and the hand is unchanged.
  local h = hosgin:hand("QS")
  local ok, err = pcall(function() return h:add("KS ZZ AS") end)
  check(not ok and err:find("card 2: no card \"ZZ\"", 1, true), "list: %s", tostring(err))
  check(h == hosgin:hand("QS"), "a failed add changed the hand")
  ok, err = pcall(function() return h:add("QS x16") end)
  check(not ok and err:find("bad count 16", 1, true), "count: %s", tostring(err))
  print(("parse %d malformed tokens refused with the token named"):format(#BAD_CARDS))
end

for _, case in ipairs(DECKS) do
  check_deal(check_deck(case), case)
end
check_bad_cards()
print(("engine check: %d checks, all ok"):format(checks))
