-- Trump orders as trick-rule data (docs/api.md "Trump orders"), seen from
-- Lua: the 'trumps' and per-suit 'ranks' keys and their errors, a trick's
-- trump choice by name, the suit a card counts as, and the engine against
-- the plain statements of tests/lua/reference/trump_order_ref.lua (STYLE
-- rule 22) over seeded random deals for every order: Euchre's four trump
-- suits, Skat's four suit games, Grand and Null, Doppelkopf's standard
-- game. A disagreement names the order and the seed.
local t = require "talon.host.testing"
local talon = require "talon"
local ref = require "tests.lua.reference.trump_order_ref"

talon.style("ascii")

local euchre = talon.deck { ranks = "A K Q J T 9" }
local skat = talon.deck { ranks = "A T K Q J 9 8 7", suits = "C S H D" }
local doko = talon.deck { ranks = "A T K Q J 9", suits = "C S H D", copies = 2 }

local EUCHRE = { follow = true,
                 trumps = { H = "JH JD", D = "JD JH", S = "JS JC", C = "JC JS" } }
local JACKS = "JC JS JH JD"
local SKAT = { follow = true, ranks = "A T K Q J 9 8 7",
               trumps = { C = JACKS, S = JACKS, H = JACKS, D = JACKS, grand = JACKS,
                          null = { cards = "", ranks = "A K Q J T 9 8 7" } } }
local DOKO = { follow = true, trumps = { D = "TH QC QS QH QD JC JS JH JD" } }

local function trick_of(rules, trump, cards)
  local tr = talon.trick(rules, trump)
  local seat = 0
  for tok in cards:gmatch("%S+") do seat = seat + 1; assert(tr:play(seat, tok)) end
  return tr
end

t.test("an order lists the trumps above the rest of its suit: the bowers", function()
  local rules = talon.trickrules(euchre, EUCHRE)
  t.eq(tostring(rules), "TrickRules{ follow=true trumps={C,D,H,S} lead_sizes={1} }")
  local tr = trick_of(rules, "H", "AD JD")
  t.eq({ tr:winner() }, { 2, 2 }, "the left bower is a trump")
  t.eq(tr:explain(), "JD wins: highest trump (JD counts as H)")
  t.eq({ tr:trump(), tr:led() }, { "H", "D" })
  t.eq({ tr:suit(euchre:card("JD")) }, { "H", 2 }, "J♦ is the second trump")
  t.eq({ tr:suit(euchre:card("JH")) }, { "H", 1 })
  t.eq({ tr:suit(euchre:card("9H")) }, { "H", 7 })
  t.eq({ tr:suit(euchre:card("TD")) }, { "D", 4 }, "diamonds lost their jack")
  tr = trick_of(rules, "H", "JD")
  t.eq(tr:led(), "H", "the left bower leads trumps")
  t.eq(tr:legal(euchre:hand("AH QD")), euchre:hand("AH"))
  tr = trick_of(rules, "H", "AD")
  local why = tr:why(euchre:hand("JD QD AS"), "JD")
  t.eq({ why.rule, why.because }, { "must_follow", "must follow D: you hold QD (JD counts as H)" })
  tr:reset("S")
  t.eq({ tr:trump(), #tr, (tr:suit(euchre:card("JD"))) }, { "S", 0, "D" }, "reset to spades")
end)

t.test("orders of their own name: Grand's jacks, Null's natural order", function()
  local rules = talon.trickrules(skat, SKAT)
  local tr = trick_of(rules, "grand", "JH")
  t.eq({ tr:trump(), tr:led() }, { "grand", "trump" }, "the jacks are a suit of their own")
  t.eq(tostring(tr), "trick (grand): [1] JH *")
  t.eq(tr:legal(skat:hand("JS AC AS")), skat:hand("JS"))
  t.eq(trick_of(rules, "grand", "AC TC JD"):explain(),
    "JD wins: highest trump (JD counts as trump)")
  tr = trick_of(rules, "null", "9S TS JS")
  t.eq({ tr:trump(), (tr:winner()) }, { "null", 3 }, "10 between 9 and J, no trump")
  t.eq(tostring(trick_of(rules, "NULL", "AS")), "trick (null): [1] AS *", "names ignore case")
  t.eq(trick_of(rules, "C", "AC JD"):winner(), 2, "a suit game: the jacks on top")
  t.eq(trick_of(rules, nil, "AC JD"):winner(), 1, "no trump: the rules' own ranks")
  t.checkerror("no suit or trump order \"ramsch\" %(the rules' orders are C D H S grand null%)",
    talon.trick, rules, "ramsch")
  t.checkerror("no suit or trump order", tr.reset, tr, "ramsch")
  t.checkerror("item 1 is not a suit of this deck", tr.set_progress, tr, 0, { "trump" })
  tr:reset("grand"):set_progress(0, { "trump" })
  t.eq(select(2, tr:progress()), { "trump" }, "the trump suit of its own can be closed")
end)

t.test("Doppelkopf: 10♥ and the queens and jacks above the diamonds", function()
  local rules = talon.trickrules(doko, DOKO)
  t.eq(trick_of(rules, "D", "AH TH"):winner(), 2)
  t.eq(trick_of(rules, "D", "TH TH"):winner(), 1, "the first of identical cards")
  local tr = trick_of(rules, "D", "AH")
  t.eq(tr:legal(doko:hand("TH KH QC")), doko:hand("KH"), "10♥ is no heart")
  t.eq(trick_of(rules, "D", "QC"):led(), "D", "a queen leads trumps")
end)

t.test("per-suit rank orders, in the rules and in an order", function()
  local deck = talon.deck { ranks = "K Q J 7 6 5" }
  local rules = talon.trickrules(deck, { ranks = { H = "K Q J 5 6 7", D = "K Q J 5 6 7" } })
  t.eq(trick_of(rules, nil, "7H 5H"):winner(), 2, "red suits: 5 above 7")
  t.eq(trick_of(rules, nil, "5S 7S"):winner(), 2, "black suits: 7 above 5")
  local o = talon.trickrules(deck, { trumps = { S = { cards = { deck:card("5S") },
    ranks = { S = "K Q J 5 6 7" } } } })
  t.eq(trick_of(o, "S", "KS 5S"):winner(), 2, "the listed card on top")
  t.eq(trick_of(o, "S", "7S 6S"):winner(), 2, "the order's own ranks below it")
end)

t.test("bad trump orders name the key and the order", function()
  local function bad(pattern, spec) t.checkerror(pattern, talon.trickrules, euchre, spec) end
  bad("key 'trumps': expected a table of trump orders", { trumps = "JH" })
  bad("key 'trumps': order H lists JH twice", { trumps = { H = "JH JD JH" } })
  bad("key 'trumps': order H: no card \"ZZ\"", { trumps = { H = "JH ZZ" } })
  bad("key 'trumps': order H: unknown key card %(known keys: cards, ranks%)",
    { trumps = { H = { card = "JH" } } })
  bad("key 'trumps': orders are named by strings", { trumps = { [1] = "JH", H = "JD" } })
  bad("key 'trumps' order 'H': 'ranks': name all 6 ranks", { trumps = { H = { ranks = "A K" } } })
  bad("key 'ranks': a table of rank orders is keyed by suit names, not X",
    { ranks = { X = "A K Q J T 9" } })
  bad("key 'trumps': an order's name has 1 to 15 bytes", { trumps = { [""] = "JH" } })
  local many = {}
  for i = 1, 13 do many["o" .. i] = "" end
  bad("key 'trumps': at most 12 trump orders", { trumps = many })
end)

-- ===== the engine against the reference, over random deals

local ORDERS = {
  { name = "Euchre H", deck = euchre, spec = EUCHRE, trump = "H", ref = ref.euchre("H") },
  { name = "Euchre D", deck = euchre, spec = EUCHRE, trump = "D", ref = ref.euchre("D") },
  { name = "Euchre S", deck = euchre, spec = EUCHRE, trump = "S", ref = ref.euchre("S") },
  { name = "Euchre C", deck = euchre, spec = EUCHRE, trump = "C", ref = ref.euchre("C") },
  { name = "Skat C", deck = skat, spec = SKAT, trump = "C", ref = ref.skat("C") },
  { name = "Skat S", deck = skat, spec = SKAT, trump = "S", ref = ref.skat("S") },
  { name = "Skat H", deck = skat, spec = SKAT, trump = "H", ref = ref.skat("H") },
  { name = "Skat D", deck = skat, spec = SKAT, trump = "D", ref = ref.skat("D") },
  { name = "Skat Grand", deck = skat, spec = SKAT, trump = "grand", ref = ref.skat("grand") },
  { name = "Skat Null", deck = skat, spec = SKAT, trump = "null", ref = ref.skat("null") },
  { name = "Doppelkopf", deck = doko, spec = DOKO, trump = "D", ref = ref.doppelkopf() },
}

local SEEDS = 200

-- The set of a list of cards as a sorted string.
local function set_of(list)
  local names = {}
  for i, c in ipairs(list) do names[i] = c:name("ascii") end
  table.sort(names)
  return table.concat(names, " ")
end

-- One random hand of tricks under order 'o' from seed 'seed': the engine's
-- legal cards, led suit and winner against the reference after every
-- play. Returns nil or the first disagreement.
local function one_deal(o, rules, seed)
  local r = talon.rng(seed)
  local nseats = r:int(3, 4)
  local hands = {}
  for i = 1, nseats do hands[i] = o.deck:hand() end
  o.deck:pile():shuffle(r):deal(hands, { r:int(3, math.min(8, #o.deck:full() // nseats)) })
  local tr = talon.trick(rules, o.trump)
  local leader = 1
  while #hands[1] > 0 do
    local cards = {}
    for k = 0, nseats - 1 do
      local seat = (leader + k - 1) % nseats + 1
      local h = hands[seat]
      local want = set_of(ref.legal(o.ref, cards, h:cards()))
      local got = set_of(tr:legal(h):cards())
      if got ~= want then
        return ("%s, seat %d holding %s: legal %s, reference %s"):format(tostring(tr), seat,
          tostring(h), got, want)
      end
      local c = tr:play_random(seat, h, r)
      cards[#cards + 1] = c
      local led = o.ref.of(cards[1])
      if tr:led() ~= led then
        return ("%s: led %s, reference %s"):format(tostring(tr), tostring(tr:led()), led)
      end
      local w = tr:winner()
      if w ~= ref.winner(o.ref, cards) then
        return ("%s: winner %d, reference %d"):format(tostring(tr), w, ref.winner(o.ref, cards))
      end
    end
    leader = select(2, tr:winner())
    tr:clear()
  end
  return nil
end

t.test("the engine's legal cards, led suit and winner equal the reference, every order", function()
  for _, o in ipairs(ORDERS) do
    local rules = talon.trickrules(o.deck, o.spec)
    for seed = 1, SEEDS do
      local bad = one_deal(o, rules, seed)
      if bad then t.fail(("%s, seed %d: %s"):format(o.name, seed, bad)) end
    end
  end
end)

t.test("the one-call playout follows the same orders (the batch path)", function()
  for _, o in ipairs(ORDERS) do
    local rules = talon.trickrules(o.deck, o.spec)
    for seed = 1, 40 do
      local r = talon.rng(seed)
      local hands, won = {}, {}
      for i = 1, 4 do hands[i], won[i] = o.deck:hand(), o.deck:hand() end
      o.deck:pile():shuffle(r):deal(hands, { 5 })
      local tr = talon.trick(rules, o.trump)
      local cards, seats = {}, {}
      local seat = 1
      for trick = 1, 5 do
        local _, w = tr:play_out(hands, seat, r, 4, cards, seats, (trick - 1) * 4, won)
        local list = { table.unpack(cards, (trick - 1) * 4 + 1, trick * 4) }
        local want = seats[(trick - 1) * 4 + ref.winner(o.ref, list)]
        if w ~= want then
          t.fail(("%s, seed %d, trick %d: winner %d, reference %d"):format(o.name, seed, trick,
            w, want))
        end
        seat = w
      end
    end
  end
end)
