-- Hands and piles from Lua (docs/api.md "Hands", "Piles", "Randomness").
local t = require "talon.host.testing"
local talon = require "talon"

local hosgin = talon.deck { ranks = "A T K Q J", copies = 4, points = "11 10 4 3 2" }
local french = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }

t.test("hands count copies and print in kind order", function()
  local h = hosgin:hand("QS KS 10H x2 Q♠")
  t.eq(#h, 5); t.eq(h:count("QS"), 2); t.eq(h:points(), 3 + 4 + 3 + 10 + 10)
  t.eq(talon.style("ascii"), "ascii")
  t.eq(tostring(h), "{KS QSx2 THx2}")
  talon.style("unicode")
  t.eq(tostring(h), "{K♠ Q♠×2 10♥×2}")
  talon.style("ascii")
end)

t.test("remove refuses a missing card and changes nothing", function()
  local h = hosgin:hand("QS KS")
  t.checkerror("AS is not in the hand {KS QS}", h.remove, h, "AS")
  t.checkerror("QS is not in the hand", h.remove, h, "QS", 2)
  t.eq(tostring(h), "{KS QS}")
  h:remove("QS")
  t.eq(tostring(h), "{KS}")
end)

t.test("hand operators follow the multiset laws", function()
  local a, b = hosgin:hand("QS QS KS AD"), hosgin:hand("QS JD")
  t.eq(tostring(a + b), "{KS QSx3 AD JD}")
  t.eq(tostring(a - b), "{KS QS AD}")
  t.eq(tostring(a * b), "{QS}")
  t.ok((a - b) + (a * b) == a, "(a-b)+(a*b) == a")
  t.ok(a + b == b + a, "commutative")
  t.ok((a + b):has(a), "a is in a+b")
  t.ok(not a:has(b), "JD not in a")
end)

-- docs/api.md "Hands": h:within(hands[, spare]) is the index of the first
-- of the Hands that holds every card of h but at most 'spare', copies
-- counted; h:within(p) answers p:has(h).
t.test("within: the first of several Hands that holds the hand", function()
  local suits = { hosgin:hand("AS TS KS QS JS"), hosgin:hand("AH TH KH QH JH"),
    hosgin:hand("AD TD KD QD JD") }
  t.eq(hosgin:hand("KH QH"):within(suits), 2)
  t.eq(hosgin:hand("KH QH x2"):within(suits), nil, "a copy more than the Hand holds")
  t.eq(hosgin:hand("KH QD"):within(suits), nil, "two suits")
  t.eq(hosgin:hand("KH QD"):within(suits, 1), 2, "one card spare: the first that has the other")
  t.eq(hosgin:hand("KC QC JC"):within(suits, 2), nil, "three outside every Hand, two spare")
  t.eq(hosgin:hand():within(suits), 1, "nothing is held by any Hand")
  t.eq(hosgin:hand("KS"):within({}), nil, "an empty list holds nothing")
  t.eq(hosgin:hand("AH AH"):within(hosgin:hand("AH x2 KS")), 1, "a Hand, not a list")
  t.eq(hosgin:hand("AH AH"):within(hosgin:hand("AH KS")), nil)
  -- random hands agree with the sub-multiset test and the difference
  local r = talon.rng(5)
  for _ = 1, 300 do
    local h, list = hosgin:hand(), {}
    for _ = 1, r:int(0, 6) do h:add(hosgin:full():pick(r)) end
    for i = 1, r:int(0, 5) do
      list[i] = hosgin:hand()
      for _ = 1, r:int(0, 30) do list[i]:add(hosgin:full():pick(r)) end
    end
    local spare = r:int(0, 3)
    local want
    for i = #list, 1, -1 do
      if #(h - list[i]) <= spare then want = i end
    end
    t.eq(h:within(list, spare), want, tostring(h))
    if spare == 0 and #list > 0 then t.eq(h:within(list[1]) == 1, list[1]:has(h)) end
  end
end)

t.test("within checks every entry and reads the list raw", function()
  local h = hosgin:hand("AS")
  local good = hosgin:hand("AS")
  t.checkerror("entry 2 is not a Hand of this deck", h.within, h, { good, french:hand("AS") })
  t.checkerror("entry 3 is not a Hand of this deck", h.within, h, { good, good, "AS" })
  t.checkerror("a Hand of this deck or a list of them", h.within, h, french:hand())
  t.checkerror("spare cards must be 0 or more", h.within, h, { good }, -1)
  local big = {}
  for i = 1, 65 do big[i] = good end
  t.checkerror("more than 64 Hands", h.within, h, big)
  big[65] = nil
  t.eq(h:within(big), 1, "64 Hands")
  local lying = setmetatable({ good }, {
    __len = function() error("__len ran") end,
    __index = function() error("__index ran") end,
  })
  t.eq(h:within(lying), 1, "its own length and items, no metamethod")
end)

t.test("each, cards, suit, nth", function()
  local h = french:hand("2C AS KS TH")
  local seen = {}
  for c, n in h:each() do seen[#seen + 1] = c:name() .. n end
  t.eq(table.concat(seen, " "), "AS1 KS1 TH1 2C1")
  t.eq(#h:cards(), 4); t.eq(h:cards()[1], french:card("AS"))
  t.eq(tostring(h:suit("S")), "{AS KS}")
  t.eq(h:nth(4), french:card("2C")); t.eq(h:nth(5), nil)
end)

-- h:kinds is the list of the cards h:each visits: a two-pack hand (two
-- copies of a card held, BES-R2) lists each card once, in kind order.
t.test("kinds: each card held once, in the order each visits them", function()
  local two = talon.deck { ranks = "A T K Q J 9 8 7", copies = 2 }
  local rng = talon.rng(3)
  for round = 1, 30 do
    local pile = two:pile():shuffle(rng)
    local h = two:hand()
    for _ = 1, rng:int(0, #pile) do h:add(pile:draw()) end
    local want = {}
    for c in h:each() do want[#want + 1] = c end
    local got = h:kinds()
    t.eq(#got, #want, "round " .. round)
    for i = 1, #want do t.ok(rawequal(got[i], want[i]), "round " .. round .. " card " .. i) end
  end
  t.eq(#two:hand("ASx2 KS"):kinds(), 2)
  t.eq(#two:hand():kinds(), 0)
end)

-- HOK-R3 and the like: follow suit if you can. h:follow writes into a
-- reused hand, and hands back the hand itself when it is void or leads.
t.test("follow: the suit's cards into the given hand, else the hand itself", function()
  local h = french:hand("AS 9S KH 2D")
  local into = french:hand("QC")
  t.ok(rawequal(h:follow("S", into), into), "written into 'into'")
  t.eq(tostring(into), "{AS 9S}", "only spades, QC overwritten")
  t.eq(tostring(h:follow("S")), "{AS 9S}", "a new hand without 'into'")
  t.ok(rawequal(h:follow("C", into), h), "void in clubs: the whole hand")
  t.ok(rawequal(h:follow(nil, into), h), "leading: the whole hand")
  t.eq(tostring(h), "{AS 9S KH 2D}", "the hand is unchanged")
  t.checkerror("must not be the hand itself", h.follow, h, "S", h)
  t.checkerror("another deck", h.follow, h, "S", hosgin:hand())
  t.checkerror("not a suit", h.follow, h, "Z", into)
end)

-- nth skips whole groups of kinds at once: it must still agree with the
-- kind-order list, copies counted, on hands of every size.
t.test("nth agrees with cards() on seeded random hands", function()
  local rng = talon.rng(5)
  for round = 1, 200 do
    local deck = round % 2 == 0 and hosgin or french
    local pile = deck:pile():shuffle(rng)
    local h = deck:hand()
    for _ = 1, rng:int(0, #pile) do h:add(pile:draw()) end
    local list = h:cards()
    for i = 1, #list do t.eq(h:nth(i), list[i], "round " .. round .. " card " .. i) end
    t.eq(h:nth(#list + 1), nil, "past the end")
  end
end)

-- RULES.md §0: every deal that names a seed is reproducible.
t.test("same seed, same deal for every seed pattern", function()
  local patterns = {
    { french, 4, { 5, 4, 4 } },              -- HOK-R9
    { hosgin, 3, { 5, 5, 5, 5, 5 } },        -- HOS-R7
    { talon.deck { ranks = "A T K Q J 9 8 7", copies = 2 }, 2, { 3, 2, 3 } }, -- BES-R4
    { talon.deck { ranks = "A T K Q J 9 8 7 6" }, 4, { 1, 1, 1, 1 } },       -- KOZ-R5
  }
  for _, p in ipairs(patterns) do
    local deck, n, pattern = table.unpack(p)
    local function deal(seed)
      local pile = deck:pile():shuffle(talon.rng(seed))
      local hands = {}
      for i = 1, n do hands[i] = deck:hand() end
      pile:deal(hands, pattern)
      local out = {}
      for i = 1, n do out[i] = tostring(hands[i]) end
      out[#out + 1] = tostring(pile)
      return table.concat(out, "|")
    end
    t.eq(deal(42), deal(42), "seed 42")
    t.eq(deal("lesson"), deal("lesson"), "string seed")
    t.ok(deal(42) ~= deal(43), "different seeds differ")
  end
end)

t.test("pile: deal, draw, put_bottom, errors", function()
  local pile = french:pile("AS KS QS JS TS")
  t.eq(#pile, 5); t.eq(pile:top(), french:card("AS")); t.eq(pile:bottom(), french:card("TS"))
  local a, b = french:hand(), french:hand()
  pile:deal({ a, b }, { 2 })
  t.eq(tostring(a), "{AS KS}"); t.eq(tostring(b), "{QS JS}")
  t.checkerror("needs 2 cards but the pile holds only 1", pile.deal, pile, { a, b }, { 1 })
  t.eq(#pile, 1)
  pile:put_bottom(pile:draw())
  t.eq(pile:draw(), french:card("TS")); t.eq(pile:draw(), nil)
  t.checkerror("not a hand of this deck", pile.deal, pile, { hosgin:hand() }, { 1 })
end)

-- HOK-R6: "deal face up until the first ace" is the position of that ace.
t.test("pile:find gives the position of the first card of a rank", function()
  local pile = french:pile("7S AH 2C AS 9D")
  t.eq(pile:find("A"), 2, "the first ace from the top")
  t.eq(pile:find("A", 3), 4, "the next one below position 3")
  t.eq(pile:find("A", 5), nil, "no ace at or below position 5")
  t.eq(pile:find("K"), nil, "no king at all")
  t.eq(#pile, 5, "the pile is unchanged")
  local rng = talon.rng(7)
  for _ = 1, 50 do -- agrees with drawing until the rank shows
    local p = french:pile():shuffle(rng)
    local list, k = p:cards(), p:find("Q")
    for i = 1, k - 1 do t.ok(list[i].rank ~= "Q", "no queen before") end
    t.eq(list[k].rank, "Q", "a queen at the position")
  end
  t.checkerror("not a rank of this deck", pile.find, pile, "Z")
  t.checkerror("at least 1", pile.find, pile, "A", 0)
end)

t.test("rng: bounds, state round trip, pick", function()
  local r = talon.rng(7)
  for _ = 1, 200 do
    local v = r:int(-3, 3); t.ok(v >= -3 and v <= 3, "int in range")
  end
  local s = r:state()
  local first = { r:int(1, 1000), r:below(10), r:int(1, 6) }
  r:set_state(s)
  t.eq({ r:int(1, 1000), r:below(10), r:int(1, 6) }, first, "restored")
  t.checkerror("interval is empty", r.int, r, 2, 1)
  t.checkerror("64 hex digits", r.set_state, r, "xyz")
  local h = hosgin:hand("QS")
  t.eq(r:pick(h), hosgin:card("QS")); t.eq(h:pick(r), hosgin:card("QS"))
  t.checkerror("empty", r.pick, r, hosgin:hand())
  local list = r:shuffle { 1, 2, 3, 4 }
  table.sort(list)
  t.eq(list, { 1, 2, 3, 4 }, "shuffle is a permutation")
end)
