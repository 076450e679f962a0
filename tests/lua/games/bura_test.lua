-- Bura (RULES.md §4, BUR-R1 … BUR-R13; EXAMPLES.md BUR-01, BUR-03,
-- BUR-05 … BUR-07), mostly driven by explicit deals: three cards each,
-- the dealer, and the stock whose first card is turned for trump.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"
local talon = require "talon"
local support = require "tests.lua.games.sets_support"

talon.style("ascii")

local def = assert(loader.load("bura"))
local declare = assert(loader.module("games.bura.declare"))

-- Explicit deals: the hands, the turned card (first of the stock), the
-- dealer.
local function dealt(hands, turn, dealer, options)
  return support.dealt(def, hands, turn, dealer, options)
end

local no_declarations = support.no_declarations

-- Plays the current deal to its end without a claim: the first legal
-- action that is not a claim, which after the last trick is a pass.
local function deal_without_claims(g)
  local hand = g.state.hand_no
  while g.state.hand_no == hand and not g:over() do
    for _, a in ipairs(g:legal()) do
      if not (type(a) == "table" and a.verb == "claim") then
        g:play(a)
        break
      end
    end
  end
end

t.test("BUR-R1 … BUR-R4: players, ante, the deal and the first leader", function()
  for _, n in ipairs({ 2, 3, 4, 5, 6 }) do
    local g = game.new(def, { seed = 2, options = { players = n } })
    local st = g.state
    for s = 1, n do t.eq(#st.hands[s], 3, n .. " players: three cards each (BUR-R3)") end
    t.eq(st.pot, 5 * n, "BUR-R2: everyone's ante in the pot")
    t.eq(st.full:points(), 120)
    t.eq(#st.stock, 36 - 3 * n, "the talon with the turned card under it")
    t.eq(g.state.leader, st:next(st.dealer), "BUR-R4: the dealer's left leads")
  end
  t.eq(def.direction, "cw")
end)

-- BUR-01: trump diamonds; A leads QS 7S, B plays 9D JS and beats; C can
-- beat B only with KD 8D (a set with 9S cannot), and may show any two.
t.test("BUR-01: sets beat card by card; a set that does not beat is shown and loses", function()
  local hands = { "QS 7S AH", "9D JS 7C", "KD 8D 9S" }
  for _, c_plays in ipairs({ { "play KD 8D", 3 }, { "play 8D 9S", 2 } }) do
    local g = dealt(hands, "TD", 3)
    no_declarations(g)
    g:play("lead QS 7S")
    g:play("play 9D JS")
    local ct = g.state.ctrick
    t.eq(ct:beats("KD 8D"), true, "KD beats 9D, 8D beats JS")
    t.eq(ct:beats("8D 9S"), false, "9S beats neither")
    t.eq(g:why("play 8D 9S"), nil, "BUR-R8: any two cards may be shown")
    g:play(c_plays[1])
    t.eq(g.state.tricks_won[c_plays[2]], 1, c_plays[1] .. ": the trick to seat " .. c_plays[2])
  end
end)

t.test("BUR-03: lead shapes", function()
  local g = dealt({ "AS KS 9C", "9D JS 7C", "KD 8D 9S" }, "TD", 3)
  no_declarations(g)
  t.eq(g:why("lead AS KS"), nil); t.eq(g:why("lead 9C"), nil)
  t.eq(g:why("lead AS 9C").rule, "BUR-R7", "two suits")
end)

-- BUR-05: two players, ante 5 each; A takes 33 card points, claims, and
-- takes the pot of 10 (net +5); he deals next.
t.test("BUR-05: a claim with 31 or more takes the pot", function()
  local g = dealt({ "AS TS KS", "KC JC JH" }, "9D", 2)
  no_declarations(g)
  g:play("lead AS TS KS"); g:play("play KC JC JH") -- 25 + 8 to A
  t.eq({ #g.state.hands[1], #g.state.hands[2], #g.state.stock }, { 3, 3, 30 - 6 },
    "BUR-R9: both filled to three from the talon")
  no_declarations(g)
  t.eq(g:mover(), 1, "BUR-R9: the winner leads")
  g:play("claim")
  local st = g.state
  t.eq(st.scores, { 5, -5 }, "net chips after the antes")
  t.eq(st.pot, 10, "the next deal's antes")
  t.eq(st.dealer, 1, "BUR-R11: the claimer deals next")
end)

-- BUR-06: a claim with fewer than 31 pays the pot's amount into it; the
-- claimer deals next and the antes go on top.
t.test("BUR-06: a wrong claim doubles the pot", function()
  local g = dealt({ "7S 8S 9S", "JS QS KS" }, "9D", 2)
  no_declarations(g)
  g:play("lead 7S 8S 9S"); g:play("play JS QS KS") -- B takes 9
  no_declarations(g)
  t.eq(g:mover(), 2)
  g:play("claim")
  local st = g.state
  t.eq(st.scores, { -5, -15 }, "B paid the pot of 10 on top of his ante")
  t.eq(st.pot, 20 + 10, "the doubled pot and the new antes")
  t.eq(st.dealer, 2)
end)

-- BUR-07 (with BUR-R9, BUR-R10): all cards played, nobody claims; the pot
-- stays and the same dealer deals again.
t.test("BUR-07: no claim leaves the pot and the dealer", function()
  local g = game.new(def, { seed = 3, options = { players = 3 } })
  local dealer = g.state.dealer
  deal_without_claims(g)
  local st = g.state
  t.eq({ st.dealer, st.pot }, { dealer, 30 }, "same dealer; the pot of 15 and new antes")
  t.eq(st.scores, { -5, -5, -5 })
end)

-- BUR-R12: a deal played to the end without a claim has no winner: the
-- pot stays whole, nobody's chips move but for the antes, the same dealer
-- deals the next deal, and the table is told so. Explicit deal, two
-- players, dealer P2, trump hearts, a talon in which nobody ever holds a
-- Bura: both pass after the last trick.
t.test("BUR-R12: no claim: no winner, the pot stays, the same dealer deals again", function()
  local g = game.new(def, { seed = 1, options = { players = 2 }, deal = { dealer = 2,
    hands = { "AS TS KS", "KC JC JH" }, stock = "9H TH AH AD QH 8D 9S 7C TC 7S QD QS 6S AC 6H"
      .. " 6D 9C 8C 6C QC 7H 9D KH JS 8S JD 8H KD TD 7D" } })
  local st = g.state
  t.eq({ st.dealer, st.pot }, { 2, 10 })
  deal_without_claims(g)
  t.eq(st.hand_no, 2, "the next deal began")
  t.eq({ st.dealer, st.pot, st.scores }, { 2, 20, { -5, -5 } },
    "the same dealer; the pot of 10 and the new antes; only the antes paid")
  local told
  for i = 1, #g:events() do
    told = told or g:explain(i):find("BUR-R12: nobody claimed; the pot of 10 stays and P2 deals"
      .. " again", 1, true)
  end
  t.ok(told, "the table is told why")
end)

t.test("BUR-R5: a Bura wins the pot at once; several play a showdown", function()
  local g = dealt({ "AD TD KD", "9S JS 7C", "KS 8C 9H" }, "6D", 3)
  local st = g.state
  t.eq(st.hand_no, 2, "the deal ended before any card was played")
  t.eq(st.scores, { 10, -5, -5 }, "the pot of 15 to the Bura")
  t.eq(st.dealer, 1, "the Bura winner deals (B5)")
  local sd = dealt({ "QD JD 9D", "AD TD KD", "KS 8C 9H" }, "6D", 3)
  t.eq(sd.state.scores, { -5, 10, -5 }, "the second holder's set beats the first's")
  local stands = dealt({ "AD TD KD", "QD JD 9D", "KS 8C 9H" }, "6D", 3, { face_down = true })
  t.eq(stands.state.scores, { 10, -5, -5 }, "shown face up even with the face_down option")
end)

t.test("BUR-R6: three aces or a Molodka take the lead; options", function()
  local hands = { "7S 8C 9H", "AS AH AC", "KC QC JC" } -- seat 1 leads; trump D
  local g = dealt(hands, "6D", 3)
  t.eq({ g:phase(), g:mover() }, { "declare", 2 })
  g:play("aces"); g:play("molodka")
  t.eq({ g:phase(), g:mover() }, { "play", 2 }, "three aces outrank a Molodka")
  t.eq(dealt(hands, "6D", 3, { three_aces = "pot" }).state.scores, { -5, 10, -5 },
    "three_aces = pot: they win it at once")
  local off = dealt(hands, "6D", 3, { three_aces = "off", molodka = false })
  t.eq(off:phase(), "play", "nothing to declare")
  local forced = dealt(hands, "6D", 3, { lead_declared_combo = true })
  forced:play("pass"); forced:play("molodka")
  t.eq(forced:why("lead KC").rule, "BUR-R6", "B7: the declared Molodka is led")
  t.eq(declare.combo(talon.deck(def.deck(game.options(def))):hand("KD QD JD"), "D"), nil,
    "a trump Molodka is a Bura")
end)

-- BUR-R5: a Bura is three trumps; BUR-R6: three aces, or a Molodka of
-- three cards of one suit other than trump. Every hand of three cards of
-- the deck (and of the 32-card pack, B9), with every trump, against the
-- rule counted card by card.
t.test("BUR-R5, BUR-R6: every hand of three, every trump, as the rule counts", function()
  local function by_rule(list, trump)
    local aces, trumps, suit = 0, 0, {}
    for _, c in ipairs(list) do
      if c.rank == "A" then aces = aces + 1 end
      if c.suit == trump then trumps = trumps + 1 end
      suit[c.suit] = (suit[c.suit] or 0) + 1
    end
    local kind = nil
    if aces == 3 then
      kind = "aces"
    elseif suit[list[1].suit] == 3 and list[1].suit ~= trump then
      kind = "molodka"
    end
    return trumps == 3, kind
  end
  for _, pack32 in ipairs { false, true } do
    local d = talon.deck(def.deck(game.options(def, { pack32 = pack32 })))
    local kinds, seen = d:kinds(), { aces = 0, molodka = 0, bura = 0 }
    for a = 1, #kinds - 2 do
      for b = a + 1, #kinds - 1 do
        for c = b + 1, #kinds do
          local list = { kinds[a], kinds[b], kinds[c] }
          local h = d:hand(list)
          for _, trump in ipairs { "S", "H", "D", "C" } do
            local bura, kind = by_rule(list, trump)
            local got_bura, got = declare.is_bura(h, trump), declare.combo(h, trump)
            if got_bura ~= bura or got ~= kind then
              t.eq({ got_bura, got }, { bura, kind }, tostring(h) .. " trump " .. trump)
            end
            if kind then seen[kind] = seen[kind] + 1 end
            if bura then seen.bura = seen.bura + 1 end
          end
        end
      end
    end
    local per_suit = #kinds // 4
    t.eq(seen.aces, 4 * 4, "four hands of three aces, each with four trumps")
    t.eq(seen.bura, 4 * (per_suit * (per_suit - 1) * (per_suit - 2) // 6), "three of the trump")
    t.eq(seen.molodka, 3 * seen.bura, "three of each other suit")
  end
  t.eq(declare.is_bura(talon.deck(def.deck(game.options(def))):hand("KD QD JD TD"), "D"), false,
    "four cards are no Bura")
end)

t.test("BUR-R2, B3: ante_when_carried = false: no ante on a carried pot", function()
  local g = game.new(def, { seed = 3, options = { players = 3, ante_when_carried = false } })
  deal_without_claims(g)
  t.eq(g.state.pot, 15, "the pot of the first deal, no new antes")
  t.eq(g.state.scores, { -5, -5, -5 })
end)

t.test("B6: with face_down a set that does not beat goes face down, unseen", function()
  local g = dealt({ "QS 7S AH", "9D JS 7C", "KD 8D 9S" }, "TD", 3, { face_down = true })
  no_declarations(g)
  g:play("lead QS 7S")
  t.ok(g:why("beat 7C AH") ~= nil, "a face-up set must beat")
  g:play("down JS 7C")
  t.eq(g:view(3).trick.cards[2], false, "hidden")
end)

t.test("BUR-R13: the session ends after the set deals, or when a stake runs out", function()
  local g = game.new(def, { seed = 4, quiet = true,
    options = { players = 2, deals = 3, stake = 1000000 } })
  g:playout(talon.rng(4))
  t.eq(g.state.deals_done, 3)
  t.ok(g:result().text:find("^after 3 deals"), g:result().text)
  local broke = game.new(def, { seed = 4, options = { players = 2, stake = 5 } })
  deal_without_claims(broke)
  t.ok(broke:over(), "a stake of 5 pays one ante only")
  t.ok(broke:result().text:find("^P1 cannot pay the next ante"), broke:result().text)
  -- the event names the figures it was decided on, the net chips before
  -- the pot left is shared out (the result's net chips are after it)
  local said
  for _, e in ipairs(broke:events()) do
    if e.kind == "session" then said = e.text end
  end
  t.eq(said, "BUR-R13: the session ends; P1 cannot pay the next ante of 5: stake 5,"
    .. " net chips -5 (before the pot is shared)")
end)

-- BUR-R13 with the option final_pot (the rules are silent): a pot still
-- carried when the session ends is shared equally among the players, the
-- odd chips one each from the left of the player who would deal next;
-- with final_pot = "unpaid" it stays, and the summary says so.
t.test("BUR-R13, final_pot: the pot left at the session's end is shared out", function()
  local g = game.new(def, { seed = 3, options = { players = 3, deals = 1 } })
  deal_without_claims(g) -- BUR-R12: nobody claims, the pot of 15 stays
  local st = g.state
  t.ok(g:over(), "one deal: the session ends")
  t.eq({ st.scores, st.pot }, { { 0, 0, 0 }, 0 }, "5 each: every ante back")
  t.ok(g:result().text:find("the pot of 15 shared out, 5 each", 1, true), g:result().text)
  local odd = game.new(def, { seed = 3, options = { players = 3, deals = 1 } })
  odd.state.pot = 16 -- a chip more than the antes, as a share of Kosel (pot) leaves (KZM-R5)
  local dealer = odd.state.dealer
  deal_without_claims(odd)
  local left = dealer % 3 + 1 -- BUR-R12: the same dealer would deal again
  for s = 1, 3 do
    t.eq(odd.state.scores[s], s == left and 1 or 0, "seat " .. s .. ": the odd chip to the left")
  end
  t.ok(odd:result().text:find("and 1 odd chip(s) from the next dealer's left", 1, true),
    odd:result().text)
  local unpaid = game.new(def, { seed = 3,
    options = { players = 3, deals = 1, final_pot = "unpaid" } })
  deal_without_claims(unpaid)
  t.eq({ unpaid.state.scores, unpaid.state.pot }, { { -5, -5, -5 }, 15 }, "unpaid: it stays")
  t.ok(unpaid:result().text:find("the pot of 15 left unpaid", 1, true), unpaid:result().text)
end)

-- B8: with five players the hands end unequal; a player without cards
-- sits out the rest of the deal, and the next player with cards leads in
-- place of a winner who has none (our reading, docs/games/bura.md).
t.test("B8: five players, a winner without cards", function()
  local short = assert(loader.module("games.common.short"))
  local st = game.new(def, { seed = 1, options = { players = 5 } }).state
  local hands = { "", "AS", "", "KS", "QS" }
  for s = 1, 5 do st.hands[s]:clear(); st.hands[s]:add(hands[s]) end
  short.after_draw(st, 1)
  t.eq({ st:is_in(1), st:is_in(2), st:is_in(3), st.n_in }, { false, true, false, 3 })
  t.eq(st.turn, 2, "the next player with cards leads")
  short.all_in(st)
  t.eq(st.n_in, 5, "everyone plays the next deal")
end)

-- B8 (strip_for_even) and B9 (pack32): the lowest cards that keep the
-- talon from dividing among the players are taken out, clubs first, so
-- the hands stay equal to the last trick: a six with five players of 36
-- cards; two sevens of 32 with three, five or six. Nobody is ever short.
t.test("B8, B9: strip_for_even and pack32 keep the hands equal", function()
  local cases = { { 5, false, 35, "6C" }, { 4, false, 36, "" }, { 3, true, 30, "7C 7D" },
                  { 5, true, 30, "7C 7D" }, { 6, true, 30, "7C 7D" }, { 2, true, 32, "" } }
  for _, c in ipairs(cases) do
    local n, label = c[1], ("%d players%s"):format(c[1], c[2] and ", 32 cards" or "")
    local g = game.new(def, { seed = 5, hands = 1,
      options = { players = n, strip_for_even = true, pack32 = c[2] } })
    local st = g.state
    local gone = {}
    for _, r in ipairs(c[2] and { "7" } or { "6", "7" }) do
      for _, suit in ipairs({ "C", "D", "H", "S" }) do
        if not tostring(st.full):find(r .. suit, 1, true) then gone[#gone + 1] = r .. suit end
      end
    end
    t.eq({ #st.full, table.concat(gone, " "), #st.stock % n }, { c[3], c[4], 0 }, label)
    local rng = talon.rng(5)
    while not g:over() do
      if g:phase() == "play" and #st.ctrick == 0 then
        for s = 2, n do t.eq(#st.hands[s], #st.hands[1], label .. ": equal hands") end
      end
      g:play(g:random(rng))
    end
  end
  local six = game.new(def, { seed = 5, options = { pack32 = true } }).state.full
  t.eq({ #six, tostring(six):find("6", 1, true) }, { 32, nil }, "B9: no sixes")
end)

t.test("every invariant holds over random sessions of 2 to 6", function()
  for _, n in ipairs({ 2, 3, 4, 5, 6 }) do
    t.eq(invariants.run(def, { options = { players = n } }, 40), nil, n .. " players")
  end
  t.eq(invariants.run(def, { options = { face_down = true, three_aces = "pot" } }, 30), nil)
  for _, n in ipairs({ 3, 5, 6 }) do
    t.eq(invariants.run(def, { options = { players = n, pack32 = true } }, 20), nil, "B9")
    t.eq(invariants.run(def, { options = { players = n, pack32 = true, strip_for_even = true } },
      20), nil, "B8, B9")
  end
end)
