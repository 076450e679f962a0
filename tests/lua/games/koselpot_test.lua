-- Kosel, the pot game (RULES.md §5, KZM-R1 … KZM-R7; EXAMPLES.md KZM-01,
-- KZM-05): Bura with four cards, leads of one or three, pot combinations
-- and the cards played out. Explicit deals: four cards each, the dealer,
-- and the stock whose first card is turned.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"
local talon = require "talon"
local support = require "tests.lua.games.sets_support"

talon.style("ascii")

local def = assert(loader.load("koselpot"))

local function dealt(hands, turn, dealer, options)
  return support.dealt(def, hands, turn, dealer, options)
end

local no_declarations = support.no_declarations

t.test("KZM-R1: four cards each, a turned trump under the talon", function()
  for _, n in ipairs({ 2, 3, 4, 5 }) do
    local st = game.new(def, { seed = 2, options = { players = n } }).state
    for s = 1, n do t.eq(#st.hands[s], 4, n .. " players") end
    t.eq(#st.stock, 36 - 4 * n); t.eq(st.pot, 5 * n, "BUR-R2: the antes")
  end
end)

t.test("KZM-01, KZM-R2: leads of one or three cards", function()
  local g = dealt({ "AS KS QS JS", "7H 8H 9C TC", "7C 8C 9D TD" }, "6H", 3)
  no_declarations(g)
  t.eq(g:why("lead AS"), nil); t.eq(g:why("lead AS KS QS"), nil)
  t.eq(g:why("lead AS KS").rule, "KZM-R2"); t.eq(g:why("lead AS KS QS JS").rule, "KZM-R2")
end)

t.test("KZM-R3: a Bura among four cards or four aces win the pot at once", function()
  local bura = dealt({ "7S 8S 9C TC", "7H 8H 9H AC", "7C 8C 9D TD" }, "6H", 3)
  t.eq(bura.state.hand_no, 2, "the deal ended at once")
  t.eq(bura.state.scores, { -5, 10, -5 }, "three hearts: the pot of 15")
  t.eq(bura.state.dealer, 2, "KZM-R7: the winner deals")
  local aces = dealt({ "AS AH AD AC", "7H 8H 9H TC", "7C 8C 9D TD" }, "6H", 3)
  t.eq(aces.state.scores, { 10, -5, -5 }, "both hold one: the first from the leader")
  local over = dealt({ "7H 8H 9H TC", "AS AH AD AC", "7C 8C 9D TD" }, "6H", 3,
    { aces_over_bura = true })
  t.eq(over.state.scores, { -5, 10, -5 }, "M2: four aces above the Bura")
  local split = dealt({ "AS AH AD AC", "7H 8H 9H TC", "7C 8C 9D TD" }, "6H", 3,
    { multi = "split" })
  t.eq(split.state.scores, { 2, 2, -5 }, "M1: 7 each of 15")
  t.eq(split.state.pot, 1 + 15, "the odd chip stays, with the new antes")
  t.eq(split.state.dealer, 1, "KZM-R7: after a share, the dealer's left (dealer 3)")
end)

t.test("KZM-R4: three aces or a Molodka take the lead", function()
  local hands = { "7S 8C 9H TS", "AS AH AC 7D", "KC QC JC 9S" } -- trump H, seat 1 leads
  local g = dealt(hands, "6H", 3)
  t.eq({ g:phase(), g:mover() }, { "declare", 2 })
  g:play("aces"); g:play("molodka")
  t.eq({ g:phase(), g:mover() }, { "play", 2 }, "three aces outrank a Molodka")
  t.eq(dealt(hands, "6H", 3, { lead_combos = false }):phase(), "play", "M4 off")
  local forced = dealt(hands, "6H", 3, { lead_declared_combo = true })
  forced:play("pass"); forced:play("molodka")
  t.eq(forced:mover(), 3)
  t.eq(forced:legal(), { forced:parse("lead KC QC JC") }, "B7: the three of the Molodka, not 9S")
end)

t.test("KZM-05, KZM-R5, KZM-R7: played out, the most card points take the pot", function()
  local function end_of_deal(piles, pot, options)
    local g = game.new(def, { seed = 1, options = options })
    local st = g.state
    st.pot = pot
    for s = 1, 3 do
      st.won[s]:clear(); st.won[s]:add(piles[s]); st.chips[s] = -5
    end
    st.outcome = { kind = "played" }
    def.score(st)
    def.next_hand(st)
    return st
  end
  -- 55, 40, 25
  local st = end_of_deal({ "AS TS AH TH KS JS JH QH JD", "AD TD AC KD KH", "TC KC QS QD QC JC" },
    15)
  t.eq(st.chips, { 10, -5, -5 }); t.eq(st.pot, 0)
  t.eq(st.dealer, 1, "the winner deals next")
  -- 40, 40, 40: a share of 5 each
  local tie = end_of_deal({ "AS TS AH KS KH", "TH AD TD KD QD JD", "AC TC KC QC JC QS JS QH JH" },
    16)
  t.eq(tie.chips, { 0, 0, 0 }); t.eq(tie.pot, 1, "16 over 3: one chip stays")
  -- BUR-R13, final_pot: in the last deal of a session the chip that stays
  -- goes to the left of the next dealer (KZM-R7: after a share dealer 3's
  -- left, P1, deals next; P2 sits on his left)
  local last = end_of_deal({ "AS TS AH KS KH", "TH AD TD KD QD JD", "AC TC KC QC JC QS JS QH JH" },
    16, { deals = 1 })
  t.eq({ last.dealer, last.chips, last.pot }, { 1, { 0, 1, 0 }, 0 }, "the last chip to P2")
end)

-- KZM-R6's option: the Schocha of Kosel for points (KOZ-R3) belongs to
-- the trump suit whatever it is, and stands in combinations for a card
-- of a suit, not for an ace (our reading, docs/games/koselpot.md). So
-- 6S AH KH 7C with hearts trump is a Bura (KZM-R3), and 6S AC KC 7D a
-- Molodka of clubs (KZM-R4); without the option 6S is a plain spade.
t.test("KZM-R6, KZM-R3, KZM-R4: the Schocha is a trump of a Bura and wild in a Molodka", function()
  local hands = { "7S 8S 9C TC", "6S AH KH 7C", "7D 8C 9D TD" } -- trump H, seat 1 leads
  local g = dealt(hands, "QH", 3, { schocha = true })
  t.eq(g.state.hand_no, 2, "the Bura ended the deal at once")
  t.eq(g.state.scores, { -5, 10, -5 }, "6S, AH and KH: three trumps take the pot of 15")
  local plain = dealt(hands, "QH", 3)
  t.eq(plain.state.hand_no, 1, "without the option two trumps are no Bura")
  local molodka = { "7S 8S 9C TC", "6S AC KC 7D", "8D 8C 9S TD" }
  local m = dealt(molodka, "QH", 3, { schocha = true })
  t.eq({ m:phase(), m:mover() }, { "declare", 2 }, "two clubs and the Schocha")
  m:play("molodka")
  t.eq({ m:phase(), m:mover() }, { "play", 2 }, "the Molodka takes the lead")
  t.eq(dealt(molodka, "QH", 3):phase(), "play", "without the option no Molodka")
  local forced = dealt(molodka, "QH", 3, { schocha = true, lead_declared_combo = true })
  forced:play("molodka")
  t.ok(forced:why("lead AC KC 6S") == nil, "the declared Molodka may be led")
  t.eq(forced:why("lead AC").rule, "KZM-R4", "and must be")
  local aces = dealt({ "7S 8S 9C TC", "6S AC AD AH", "7D 8C 9D TD" }, "QS", 3,
    { schocha = true })
  t.eq(aces.state.hand_no, 1, "three aces and the Schocha are not four aces")
end)

-- KZM-R3: a Bura is three trumps or more among the four cards, four aces
-- win too; KZM-R4: three aces, else a Molodka, three of a suit other than
-- trump (the first in the order S H D C), give the lead; KZM-R6's option:
-- 6S is a trump whatever the trump suit, and stands for one card of a
-- suit in a Molodka, never for an ace. Random hands of four (and two
-- packs, copies counted), every trump, against the rule counted card by
-- card.
t.test("KZM-R3, KZM-R4, KZM-R6: combinations as the rule counts them", function()
  local combos = assert(loader.module("games.koselpot.combos"))
  local function by_rule(list, trump, wild)
    local aces, trumps, wilds, per = 0, 0, 0, {}
    for _, c in ipairs(list) do
      if c.rank == "A" then aces = aces + 1 end
      if c == wild or c.suit == trump then trumps = trumps + 1 end
      if c == wild then wilds = wilds + 1 else per[c.suit] = (per[c.suit] or 0) + 1 end
    end
    local pot = aces == 4 and "aces" or trumps >= 3 and "bura" or nil
    if aces >= 3 then return pot, "aces" end
    for _, su in ipairs { "S", "H", "D", "C" } do
      if su ~= trump and (per[su] or 0) + math.min(wilds, 1) >= 3 then return pot, "molodka", su end
    end
    return pot, nil
  end
  local r, seen = talon.rng(11), {}
  for _, copies in ipairs { 1, 2 } do
    local d = talon.deck { ranks = "A T K Q J 9 8 7 6", copies = copies }
    for _, schocha in ipairs { false, true } do
      local f, wild = combos.facts(d, schocha), schocha and d:card("6S") or nil
      for _ = 1, 1500 do
        local stock = d:full()
        local h = d:hand()
        for _ = 1, 4 do
          local c = stock:pick(r)
          stock:remove(c); h:add(c)
        end
        for _, trump in ipairs { "S", "H", "D", "C" } do
          local pot, lead, su = by_rule(h:cards(), trump, wild)
          local got_pot, got_lead, set = combos.pot_kind(h, trump, f), combos.lead_kind(h, trump, f)
          if got_pot ~= pot or got_lead ~= lead then
            t.eq({ got_pot, got_lead }, { pot, lead }, ("%s trump %s"):format(h, trump))
          end
          if lead then
            seen[lead] = true
            t.ok(#set == 3 and h:has(set), "the three cards are the hand's")
            for c in set:each() do
              t.ok(lead == "aces" and c.rank == "A" or c.suit == su or c == wild, tostring(set))
            end
          end
          if pot then seen[pot] = true end
        end
      end
    end
  end
  t.eq(seen, { aces = true, bura = true, molodka = true }, "every kind met")
end)

t.test("KZM-R6: with the schocha option 6S is the highest trump", function()
  local g = dealt({ "AD 7S 8S 9C", "6S 7H 8H 9H", "AC KC TH QC" }, "TD", 3, { schocha = true })
  no_declarations(g)
  g:play("lead AD"); g:play("play 6S")
  t.eq(g.state.ctrick:beats("AC"), false, "the Schocha stands")
  local plain = dealt({ "AD 7S 8S 9C", "6S 7H 8H 9H", "AC KC TH QC" }, "TD", 3)
  no_declarations(plain)
  plain:play("lead AD")
  t.eq(plain.state.ctrick:beats("6S"), false, "6S is an ordinary card")
end)

-- KZM-R8, five players: the talon (15 and the trump card) runs out in the
-- middle of a rotation, so hands end unequal. Explicit deal, dealer P5:
-- P1 leads AS, AH, then KD QD JD and wins each (the others play sets that
-- do not beat); the last six cards go P1, P2 … P5, P1, leaving P1 three
-- clubs and every other player two. P1 leads 8C 7C 6C: P2, short of cards,
-- must play both face down, unseen by P3, and cannot win.
local FIVE = { "AS AH KD QD", "7S 8S 9S 6H", "7H 8H 9H 6D", "7D 8D 9D 6S", "JS QS KS JH" }
local FIVE_STOCK = "6C JD TS TH KH QH 7C AD TD AC TC 8C KC QC JC 9C"

-- The first three tricks of FIVE, P1 winning each; one deal only.
local function three_tricks(options)
  options = options or {}
  options.players = 5
  local g = game.new(def, { seed = 1, options = options, hands = 1,
    deal = { dealer = 5, hands = FIVE, stock = FIVE_STOCK } })
  for _, lead in ipairs({ "lead AS", "lead AH", "lead KD QD JD" }) do
    no_declarations(g)
    g:play(lead)
    while g:mover() ~= 1 and g:phase() == "play" do -- a set that does not beat
      local pick
      for _, a in ipairs(g:legal()) do
        if not pick and not g.state.ctrick:beats(a.arg) then pick = a end
      end
      g:play(pick)
    end
  end
  return g
end

local function short_follower(options)
  local g = three_tricks(options)
  local st = g.state
  t.eq({ #st.hands[1], #st.hands[2], #st.stock }, { 3, 2, 0 }, "P1 three cards, P2 two")
  g:play("lead 8C 7C 6C")
  return g
end

t.test("KZM-R8: a follower short of cards plays them face down and cannot win", function()
  local g = short_follower()
  local legal = g:legal()
  t.eq(#legal, 1, "P2 has one play: both his cards")
  t.eq(legal[1].verb, "down", "face down")
  t.eq(g:why("play " .. tostring(legal[1].arg)).rule, "BUR-R8", "not face up")
  g:play(legal[1])
  t.eq(g:view(3).trick.cards[2], false, "P3 does not see P2's cards")
  t.eq(select(2, g.state.ctrick:winner()), 1, "P2's cards do not win")
  local hidden = short_follower({ face_down = true })
  t.eq(hidden:legal()[1].verb, "down", "the same with face_down (M5)")
end)

-- KZM-R8, option leftover = "last_trick": after the third trick of FIVE
-- the six cards left serve one round of five; the last card (the turned
-- 6C) stays in the talon, every hand stays equal, and the winner of the
-- last trick takes it: all 120 card points end in the won piles.
t.test("KZM-R8, leftover = last_trick: the rest of the talon to the last trick", function()
  local g = three_tricks({ leftover = "last_trick" })
  local st = g.state
  t.eq({ #st.hands[1], #st.hands[2], #st.hands[5], #st.stock }, { 2, 2, 2, 1 },
    "one whole round drawn, one card left")
  while not g:over() do g:play(g:legal()[1]) end
  local taker
  for _, ev in ipairs(g:events()) do
    if ev.kind == "leftover" then taker = ev.data.seat end
  end
  t.ok(taker, "the table is told who takes the leftover")
  t.eq(st.won[taker]:count("6C"), 1, "the last trick's winner has the turned card")
  local points = 0
  for s = 1, 5 do points = points + st.won[s]:points() end
  t.eq({ #st.stock, points }, { 0, 120 }, "every card point is in a won pile")
end)

-- KZM-R8, option remove_six: with five players the 6C is taken out, 15
-- cards remain after the deal and every draw is a whole round, so nobody
-- is ever short of cards; with fewer players the option changes nothing.
t.test("KZM-R8, remove_six: five players play 35 cards in equal hands", function()
  for seed = 1, 5 do
    local g = game.new(def, { seed = seed, hands = 1,
      options = { players = 5, remove_six = true } })
    local st = g.state
    local six = 0
    for _, c in ipairs(st.full:cards()) do
      if c.rank == "6" then six = six + 1; t.ok(c.suit ~= "C", "6C out") end
    end
    t.eq({ #st.full, six, #st.stock }, { 35, 3, 15 }, "one 6 out, 15 cards after the deal")
    local rng = talon.rng(seed)
    while not g:over() do
      if g:phase() == "play" and #st.ctrick == 0 then
        for s = 2, 5 do t.eq(#st.hands[s], #st.hands[1], "equal hands at every lead") end
      end
      g:play(g:random(rng))
    end
  end
  t.eq(#game.new(def, { seed = 1, options = { players = 4, remove_six = true } }).state.full, 36,
    "four players: the whole pack")
end)

t.test("every invariant holds over random sessions of 2 to 5", function()
  for _, n in ipairs({ 2, 3, 4, 5 }) do
    t.eq(invariants.run(def, { options = { players = n } }, 30), nil, n .. " players")
  end
  t.eq(invariants.run(def, { options = { multi = "split", face_down = true, schocha = true,
    lead_declared_combo = true } }, 30), nil)
  for _, o in ipairs({ { remove_six = true }, { leftover = "last_trick" },
                       { leftover = "last_trick", face_down = true } }) do
    o.players = 5
    t.eq(invariants.run(def, { options = o }, 30), nil, "five players, KZM-R8 options")
  end
end)
