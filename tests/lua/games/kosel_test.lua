-- Kosel for points (RULES.md §3, KOZ-R1 … KOZ-R14; EXAMPLES.md KOZ-01,
-- KOZ-05, KOZ-07, KOZ-08, KOZ-10, KOZ-13), mostly driven by explicit
-- deals: four hands, the dealer, and the stock whose first card is turned.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"
local talon = require "talon"
local support = require "tests.lua.games.sets_support"

talon.style("ascii")

local def = assert(loader.load("kosel"))
local scoring = assert(loader.module("games.kosel.scoring"))
local combos = assert(loader.module("games.kosel.combos"))

-- Explicit deals: the hands, the turned card (first of the stock), the
-- dealer.
local function dealt(hands, turn, dealer, options)
  return support.dealt(def, hands, turn, dealer, options)
end

t.test("KOZ-R1, KOZ-R2, KOZ-13: seats, the pack and the talon", function()
  t.eq(def.direction, "cw", "KOZ-R1: clockwise")
  for _, n in ipairs({ 2, 3, 4 }) do
    local g = game.new(def, { seed = 3, options = { players = n } })
    local st = g.state
    t.eq(#st.full, 36); t.eq(st.full:points(), 120, "KOZ-R2: 120 card points")
    for s = 1, n do t.eq(#st.hands[s], 4, n .. " players: four cards each (KOZ-R5)") end
    t.eq(#st.stock, 36 - 4 * n, "the talon with the turned card")
    t.eq(#st.stock % n, 0, "KOZ-13: the talon divides by the players")
    t.eq(#st.sides, n == 4 and 2 or n, "KOZ-R1: partnerships with four")
  end
  t.eq(game.new(def, { seed = 3 }).state.sides, { { 1, 3 }, { 2, 4 } }, "partners opposite")
end)

-- KOZ-01: the seed's trick, trump hearts; Alina (1) leads after dealer 4.
local KOZ01 = { "AD KD JD 7S", "7H 8H QH 9S", "6S KH TH 9C", "7C 8C 9D QS" }

t.test("KOZ-01, KOZ-R8 … KOZ-R11: the seed's trick and the draw", function()
  local g = dealt(KOZ01, "9H", 4)
  local st = g.state
  t.eq(st.trump, "H", "KOZ-R5: the turned card's suit")
  t.eq(tostring(st.stock:bottom()), "9H", "and it is drawn last")
  t.eq({ g:phase(), g:mover() }, { "play", 1 }, "no combination: the dealer's left leads")
  g:play("lead AD KD JD")
  g:play("beat QH 8H 7H")                          -- hearts are trump
  t.eq(g:why("beat KH TH 9C").rule, "KOZ-R9", "9C beats none of the hearts")
  g:play("beat 6S KH TH")                          -- TH>QH, KH>8H, 6S>7H (KOZ-R8)
  t.ok(g:why("beat 7C 8C 9D") ~= nil, "Daniil cannot beat: face down only")
  g:play("down 7C 8C 9D")
  t.eq(st.tricks_won[3], 1, "KOZ-R10: Gelja's set stands")
  t.eq(st.won[3]:points(), 34, "visible 17 + 3 + 14, Daniil's cards add none")
  t.eq(#st.won[3], 12, "the face-down cards too")
  t.eq(g:mover(), 3, "KOZ-R12: the winner leads")
  local drawn = st.deck:hand(st.stock:cards()) -- none of it is in a hand yet
  t.eq(#st.stock, 20 - 12, "KOZ-R11: three cards each")
  for s = 1, 4 do t.eq(#st.hands[s], 4, "seat " .. s .. " is full again") end
  t.eq(drawn:count("9H"), 1, "the turned card is still under the talon")
end)

t.test("KOZ-R7, KOZ-05: lead shapes, the Schocha wild", function()
  local g = dealt({ "AH KH QH 6S", "7H 8H QS 9S", "AC KC TH 9C", "7C 8C 9D KS" }, "6D", 4)
  g:play("pass") -- the leader's Molodka (KOZ-R6), not declared
  for _, ok in ipairs({ "lead AH KH 6S", "lead 6S", "lead AH KH QH 6S", "lead AH KH QH" }) do
    t.eq(g:why(ok), nil, ok)
  end
  local g2 = dealt({ "AH KD QH JS", "7H 8H QS 9S", "AC KC TH 9C", "7C 8C 9D KS" }, "6D", 4)
  local v = g2:why("lead AH KD")
  t.eq(v.rule, "KOZ-R7", "two suits: " .. tostring(v))
end)

t.test("KOZ-R3: the Schocha is the highest trump whatever the trump", function()
  local g = dealt({ "AD 7S 8S 9S", "6S 7H 8H 9C", "AC KC TH QC", "7C 8C 9D KS" }, "TD", 4)
  g:play("lead AD")
  g:play("beat 6S")                                -- diamonds are trump, AD the best of them
  t.eq(g:why("beat AC").rule, "KOZ-R9", "nothing beats the Schocha")
  g:play("down AC"); g:play("down 7C")
  t.eq(g.state.tricks_won[2], 1)
end)

t.test("KOZ-R5, Z2: a turned Schocha makes spades trump, or a new deal", function()
  local seed
  for s = 1, 500 do
    local st = game.new(def, { seed = s }).state
    if st.trump_card:name("ascii") == "6S" then seed = s; break end
  end
  t.ok(seed, "some seed turns the Schocha")
  t.eq(game.new(def, { seed = seed }).state.trump, "S", "spades")
  local g = game.new(def, { seed = seed, options = { schocha_turnup = "redeal" } })
  t.ok(g.state.trump_card:name("ascii") ~= "6S", "dealt again")
  local said
  for i = 1, #g:events() do
    if g:explain(i):find("the Schocha is turned; the cards are dealt again", 1, true) then
      said = true
    end
  end
  t.ok(said, "the table is told why")
end)

t.test("KOZ-R4: the deal passes to the left", function()
  local g = game.new(def, { seed = 4 })
  local first = g.state.dealer
  local rng = talon.rng(4)
  while g.state.hand_no == 1 do g:play(g:random(rng)) end
  t.eq(g.state.dealer, first % 4 + 1)
end)

t.test("KOZ-10: Moskwa and Molodka", function()
  local d = talon.deck(def.deck)
  local cases = {
    { "AS AD TH 6S", "moskwa" }, { "TS TH TD 6S", nil }, { "AS AH AD AC", "moskwa" },
    { "AS AH KD TC", nil }, { "9C 8C 7C 6S", "molodka" }, { "AC KC QC JC", "molodka" },
    { "AC KC QC JD", nil },
  }
  for _, c in ipairs(cases) do t.eq(combos.of(d:hand(c[1])), c[2], c[1]) end
end)

-- KOZ-10 over every four cards of the pack, against the rule read card by
-- card: Moskwa when every card but the Schocha (6S, KOZ-R3) is an ace or a
-- ten and one is an ace; else Molodka when every card but the Schocha is
-- of one suit.
t.test("KOZ-10: every four cards of the pack, Moskwa and Molodka as the rule reads", function()
  local d = talon.deck(def.deck)
  local schocha, kinds = d:card("6S"), d:kinds()
  local function by_rule(list)
    local aces, high, suits = 0, true, {}
    for _, c in ipairs(list) do
      if c ~= schocha then
        if c.rank == "A" then aces = aces + 1 elseif c.rank ~= "T" then high = false end
        suits[c.suit] = true
      end
    end
    if high and aces >= 1 then return "moskwa" end
    local n = 0
    for _ in pairs(suits) do n = n + 1 end
    return n <= 1 and "molodka" or nil
  end
  local counts, k = { moskwa = 0, molodka = 0 }, #kinds
  for a = 1, k - 3 do
    for b = a + 1, k - 2 do
      for c = b + 1, k - 1 do
        for e = c + 1, k do
          local list = { kinds[a], kinds[b], kinds[c], kinds[e] }
          local want, got = by_rule(list), combos.of(d:hand(list))
          if got ~= want then
            t.eq(got, want, tostring(d:hand(list)))
          end
          if got then counts[got] = counts[got] + 1 end
        end
      end
    end
  end
  -- Moskwa: four of the 4 aces, 4 tens and the Schocha, C(9,4) = 126,
  -- less the C(5,4) = 5 with no ace. Molodka: four of a suit, 3 * C(9,4)
  -- + C(8,4) = 448 (spades without the Schocha), or three and the
  -- Schocha, 3 * C(9,3) + C(8,3) = 308; none of them is a Moskwa.
  t.eq(counts, { moskwa = 121, molodka = 756 }, "hands of each combination")
end)

-- KOZ-R6: the window before a lead, asked of the holders from the leader
-- on; Moskwa beats Molodka; the first from the leader among equals.
t.test("KOZ-R6: a declared combination takes the lead", function()
  -- leader 1; seat 2 holds Molodka, seat 3 Moskwa
  local g = dealt({ "7D 8D 9D KS", "AC KC QC JC", "AS AD TH 6S", "7H 8H QS 9S" }, "KH", 4)
  t.eq({ g:phase(), g:mover() }, { "combos", 2 }, "the first holder from the leader")
  t.eq(g:why("moskwa").rule, "KOZ-R6", "seat 2 holds no Moskwa")
  g:play("molodka")
  t.eq(g:mover(), 3)
  g:play("moskwa")
  t.eq({ g:phase(), g:mover() }, { "play", 3 }, "Moskwa outranks Molodka")
  -- two Molodkas: the leader's own keeps the lead (Z3)
  local g2 = dealt({ "AC KC QC JC", "AD KD QD JD", "AS 7D TH 9H", "7H 8H QS 9S" }, "KH", 4)
  g2:play("molodka"); g2:play("molodka")
  t.eq(g2:mover(), 1, "the leader first among equals")
  -- declaring is optional
  local g3 = dealt({ "7D 8D 9D KS", "AC KC QC JC", "AS 7S TH 9H", "7H 8H QS 9S" }, "KH", 4)
  g3:play("pass")
  t.eq({ g3:phase(), g3:mover() }, { "play", 1 }, "a pass leaves the lead")
end)

t.test("KOZ-R6, Z4: with lead_declared_combo a declared Molodka must be led", function()
  local hands = { "7D 8D 9D KS", "AC KC QC JC", "AS 7S TH 9H", "7H 8H QS 9S" }
  local g = dealt(hands, "KH", 4, { lead_declared_combo = true })
  g:play("molodka")
  t.eq(#g:legal(), 1, "one lead")
  t.eq(g:why("lead AC").rule, "KOZ-R6")
  g:play("lead AC KC QC JC")
  local free = dealt(hands, "KH", 4)
  free:play("molodka")
  t.eq(free:why("lead AC"), nil, "by default any lead")
end)

-- KOZ-R12: a deal ends when every card is played: every card in a won
-- pile, 120 points among them (KOZ-R2).
t.test("KOZ-R12: the deal ends with every card played", function()
  for _, n in ipairs({ 2, 3, 4 }) do
    local g = game.new(def, { seed = 8, options = { players = n }, hands = 1 })
    local rng = talon.rng(8)
    while not g:over() do g:play(g:random(rng)) end
    local st, total, cards = g.state, 0, 0
    for s = 1, n do
      t.eq(#st.hands[s], 0); total = total + st.won[s]:points(); cards = cards + #st.won[s]
    end
    t.eq({ #st.stock, cards, total }, { 0, 36, 120 }, n .. " players")
  end
end)

t.test("KOZ-R13, KOZ-07: penalties of two parties", function()
  local rows = { { 61, 59, true, 0, 2 }, { 60, 60, true, 2, 2 }, { 89, 31, true, 0, 2 },
                 { 90, 30, true, 0, 4 }, { 95, 25, true, 0, 4 }, { 120, 0, true, 0, 4 },
                 { 120, 0, false, 0, 6 } }
  for _, r in ipairs(rows) do
    local list = scoring.penalties({ { points = r[1], tricks = 3 },
                                     { points = r[2], tricks = r[3] and 1 or 0 } }, "both2")
    t.eq({ list[1].penalty, list[2].penalty }, { r[4], r[5] }, ("%d-%d"):format(r[1], r[2]))
  end
  local even = { { points = 60, tricks = 2 }, { points = 60, tricks = 2 } }
  local list, double = scoring.penalties(even, "none_double_next")
  t.eq({ list[1].penalty, list[2].penalty, double }, { 0, 0, true }, "Z6: none, the next doubles")
end)

t.test("KOZ-R13, KOZ-08: penalties of three parties", function()
  local rows = { { { 60, 40, 20 }, { 1, 1, 1 }, { 0, 2, 4 } },
                 { { 50, 50, 20 }, { 1, 1, 1 }, { 2, 2, 4 } },
                 { { 40, 40, 40 }, { 1, 1, 1 }, { 2, 2, 2 } },
                 { { 60, 39, 21 }, { 1, 1, 1 }, { 0, 2, 2 } },
                 { { 100, 20, 0 }, { 1, 1, 1 }, { 0, 4, 4 } },
                 { { 80, 40, 0 }, { 1, 1, 0 }, { 0, 2, 6 } },
                 { { 120, 0, 0 }, { 1, 0, 0 }, { 0, 6, 6 } } }
  for _, r in ipairs(rows) do
    local totals = {}
    for i = 1, 3 do totals[i] = { points = r[1][i], tricks = r[2][i] } end
    local list = scoring.penalties(totals, "both2")
    t.eq({ list[1].penalty, list[2].penalty, list[3].penalty }, r[3],
      table.concat(r[1], "-"))
  end
end)

-- KOZ-R14 deal by deal: the end of a deal scored on a state whose won
-- piles are set by hand (three players; points as given, one trick each).
local function end_of_deal(scores, piles)
  local g = game.new(def, { seed = 1, options = { players = 3 }, scores = scores })
  local st = g.state
  for s = 1, 3 do
    st.won[s]:clear(); st.won[s]:add(piles[s]); st.tricks_won[s] = 1
  end
  scoring.score(st)
  return st
end

local SIXTY = { "TD AC KH QH JH", "TC KD QD JD KC QC JC JS", "AS TS AH TH AD KS QS" } -- 30 30 60
local FORTY = { "AS TS AH KS KH", "TH AD TD KD QD JD", "AC TC KC QC JC QS JS QH JH" } -- 40 each

t.test("KOZ-R14: out at 12; two out at once and the third wins", function()
  local st = end_of_deal({ 10, 0, 0 }, SIXTY)
  t.eq(st.scores, { 12, 2, 0 })
  t.eq({ st:is_in(1), st.n_in, st.match_result }, { false, 2, nil }, "seat 1 out, two play on")
  st = end_of_deal({ 10, 10, 0 }, SIXTY)
  t.eq(st.match_result.winner, 3, "both others reached 12 in the same deal")
end)

t.test("KOZ-R14: all out at once, the fewest win; tied parties play on", function()
  local st = end_of_deal({ 11, 11, 10 }, FORTY) -- 40-40-40: 2 each (KOZ-08)
  t.eq(st.scores, { 13, 13, 12 })
  t.eq(st.match_result.winner, 3, "the fewest penalty points")
  st = end_of_deal({ 10, 10, 11 }, FORTY)
  t.eq({ st.match_result, st:is_in(1), st:is_in(2), st:is_in(3) }, { nil, true, true, false },
    "12-12 tied: those two play on, the third is out")
end)

-- KOZ-R14 over whole matches: with three players the first out sits out
-- and the other two play on to the end; the winner has the fewest points.
t.test("KOZ-R14: elimination to the last party in", function()
  local saw_two_left
  for seed = 1, 30 do
    local g = game.new(def, { seed = seed, options = { players = 3 }, quiet = true })
    local rng = talon.rng(seed)
    while not g:over() do
      g:play(g:random(rng))
      if g.state.n_in == 2 then saw_two_left = true end
    end
    local res, st = g:result(), g.state
    t.ok(res.winner, "seed " .. seed .. ": a winner")
    for side = 1, 3 do
      if side ~= res.winner then
        t.ok(st.scores[side] >= 12 or st.scores[side] > st.scores[res.winner],
          "seed " .. seed .. ": every other party is out or behind")
      end
    end
    t.ok(st.scores[res.winner] < 12 or st.scores[res.winner] <= math.min(st.scores[1],
      st.scores[2], st.scores[3]), "the winner is in, or the fewest")
  end
  t.ok(saw_two_left, "some match goes on with two players after one is out")
end)

-- KOZ-R14 with KOZ-R11, KOZ-R12 and KOZ-R2: after one of three players
-- goes out, the other two play on as a two-player game: the talon is
-- drawn by the two alone, and every deal still gives out all 36 cards and
-- 120 card points among them. Deal 1 is explicit: P1 (10 penalty points)
-- plays every set face down, takes no trick and goes out with 6 more.
t.test("KOZ-R14, KOZ-R11: a party that is out neither holds nor draws cards", function()
  local g = game.new(def, { seed = 1, options = { players = 3 }, scores = { 10, 0, 0 },
    hands = 2, deal = { dealer = 1, hands = { "7H 8D 9C JS", "AS AH KD QC", "TS TD KC QH" },
      stock = support.stock(def, { "7H 8D 9C JS", "AS AH KD QC", "TS TD KC QH" }, "9S") } })
  local st = g.state
  local function step()
    if g:mover() ~= 1 then return g:play(g:legal()[1]) end
    for _, a in ipairs(g:legal()) do
      if a.verb == "down" or a.verb == "pass" then return g:play(a) end
    end
    error("P1 has no face-down play")
  end
  while st.hand_no == 1 do step() end
  t.eq({ st:is_in(1), st.n_in, st.scores[1] }, { false, 2, 16 }, "P1 is out after deal 1")
  while not g:over() do
    t.eq(#st.hands[1], 0, ("deal 2, action %d: P1 holds no card"):format(g.nact))
    step()
  end
  local points, cards = 0, 0
  for s = 1, 3 do points, cards = points + st.won[s]:points(), cards + #st.won[s] end
  t.eq({ #st.hands[1], #st.won[1], #st.stock, cards, points }, { 0, 0, 0, 36, 120 },
    "deal 2: P1 took nothing, every card and point went to P2 and P3")
end)

t.test("every invariant holds over random matches of 2, 3 and 4", function()
  for _, n in ipairs({ 2, 3, 4 }) do
    t.eq(invariants.run(def, { options = { players = n } }, 60), nil, n .. " players")
  end
  for _, o in ipairs({ { schocha_turnup = "redeal" }, { lead_declared_combo = true },
                       { sixty_all = "none_double_next", players = 2 } }) do
    t.eq(invariants.run(def, { options = o }, 30), nil, "options")
  end
end)
