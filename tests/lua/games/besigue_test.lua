-- Besigue (docs/games/besigue.md; BES-R1 … BES-R19) on explicit deals: the
-- deal and its arithmetic (BES-14), the trump seven (BES-03), free play and
-- the draw, meld opportunities, declaring out, the strict last tricks
-- (BES-10) with partners, and the match end. The meld bookkeeping of
-- BES-R12 is in besigue_melds_test.lua.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"
local support = require "tests.lua.games.besigue_support"

talon.style("ascii")

local def = support.def
local dealt, until_ = support.dealt, support.until_
local scoring = assert(loader.module("games.besigue.scoring"))

local function phase_is(name) return function(g) return g:phase() == name end end

t.test("BES-R1, BES-R2, BES-R3: seats, packs, card points, partnerships", function()
  t.eq(def.direction, "cw", "BES-R1: clockwise")
  for _, c in ipairs({ { 2, 64, 240 }, { 3, 96, 360 }, { 4, 96, 360 } }) do
    local g = game.new(def, { seed = 3, options = { players = c[1] } })
    t.eq(#g.state.full, c[2], c[1] .. " players: BES-R2 packs")
    t.eq(g.state.full:points(), c[3], "BES-R3: card points")
    t.eq(#g.state.sides, c[1] == 4 and 2 or c[1], "BES-R1: partnerships with four")
  end
  t.eq(game.new(def, { options = { players = 4 } }).state.sides, { { 1, 3 }, { 2, 4 } },
    "BES-R1: partners opposite")
end)

-- BES-14: the turned card and the talon; tricks with drawing, then strict
-- (E4: "3 cards each" is 3 + 2 + 3 = 8; E3: the last 8 tricks are strict).
t.test("BES-R4, BES-R7, BES-14, E3, E4: deal arithmetic, 2 to 4 players, six cards", function()
  local cases = { { 2, 8, 48, 24, 8 }, { 3, 8, 72, 24, 8 }, { 4, 8, 64, 16, 8 },
                  { 4, 6, 72, 18, 6, { four_hand_size = 6 } } }
  for _, c in ipairs(cases) do
    local options = c[6] or {}
    options.players = c[1]
    local g = game.new(def, { seed = 7, options = options, hands = 1 })
    local st = g.state
    local label = ("%d players, %d cards"):format(c[1], c[2])
    for s = 1, c[1] do t.eq(#st.hands[s], c[2], label .. ": hand " .. s) end
    t.eq(#st.stock, c[3], label .. ": the talon with the turn-up")
    t.eq(st.stock:bottom(), st.trump_card, label .. ": the turn-up lies under it (BES-R7)")
    t.eq(st.trump, st.trump_card.suit, "its suit is trump")
    until_(g, phase_is("last"))
    t.eq(st.tricks_played, c[4], label .. ": tricks with drawing")
    until_(g, function() return false end)
    t.eq(st.tricks_played, c[4] + c[5], label .. ": then the strict tricks")
  end
end)

t.test("BES-R4: the card after the deal is turned (17th, 25th, 33rd)", function()
  local g = dealt({ "AS AS TS TS KS KS QS QS", "AH AH TH TH KH KH QH QH" }, "JD", 2)
  t.eq(g.state.trump_card:name("ascii"), "JD", "the 17th card")
  t.eq(g.state.trump, "D")
  t.eq(g:mover(), 1, "E14: the dealer's left leads")
end)

-- BES-03 (a): a seven turned scores 10 for the dealer.
t.test("BES-R5, BES-03a: a turned seven scores 10 for the dealer", function()
  local g = dealt({ "AS AS TS TS KS KS QS QS", "AH AH TH TH KH KH QH QH" }, "7D", 2)
  t.eq(g:scores(), { 0, 10 }, "the dealer (P2) +10")
  t.eq(g:phase(), "lead", "no exchange: the turn-up is a seven")
end)

-- BES-03 (b): turn-up KD; the dealer exchanges his 7D before the first
-- lead, the non-dealer later shows the other 7D.
t.test("BES-R9, BES-03b: the seven exchanged by the dealer, then shown", function()
  local g = dealt({ "7D AS TS KS QS JS 9S 8S", "7D AH TH 9H 8H 7H 9C 8C" }, "KD", 2)
  local st = g.state
  t.eq({ g:phase(), g:mover() }, { "seven", 2 }, "offered to the dealer first")
  g:play("exchange")
  t.eq(g:scores(), { 0, 10 }, "dealer +10")
  t.eq(st.hands[2]:count("KD"), 1, "he takes the turn-up")
  t.eq(st.hands[2]:count("7D"), 0)
  t.eq(st.stock:bottom():name("ascii"), "7D", "the seven lies under the talon, drawn last")
  t.eq({ g:phase(), g:mover() }, { "lead", 1 }, "the non-dealer's first lead")
  t.eq(g:why("exchange").rule, "BES-R9", "the turn-up is a seven now")
  g:play("show 7D")
  t.eq(g:scores(), { 10, 10 }, "non-dealer +10")
  t.eq(st.laid[1].cards, st.deck:hand("7D"), "the shown seven lies on the table")
  t.ok(g:why("show 7D"), "each seven scores once")
  g:play("meld marriage KS QS") -- E7: the seven is not the one meld
  t.eq(g:scores(), { 30, 10 })
end)

t.test("BES-R9: the exchange offered in turn; passing it keeps the seven", function()
  local g = dealt({ "7D AS TS KS QS JS 9S 8S", "7D AH TH 9H 8H 7H 9C 8C" }, "KD", 2)
  g:play("pass")
  t.eq({ g:phase(), g:mover() }, { "seven", 1 }, "then to the non-dealer")
  g:play("exchange")
  t.eq(g:scores(), { 10, 0 })
  t.eq(g:phase(), "lead")
  t.ok(not support.offers(g, "exchange"), "one exchange per deal: the turn-up is a seven")
  t.ok(support.offers(g, "meld marriage KS QS"), "the first lead's meld opportunity")
end)

t.test("BES-R6: free play while the talon lasts; the first of identical cards wins", function()
  local g = dealt({ "AS JS TS KS QS JC 9S 8S", "AS AH TH 9H 8H 7H 9C 8C" }, "9D", 2)
  g:play("AS")
  t.eq(#g:legal(), 8, "any of P2's cards, though he holds a spade")
  g:play("AS")
  t.eq(g.state.tricks_won, { 1, 0 }, "the first AS wins")
  t.eq(g:mover(), 1, "the winner leads")
  g:play("9S"); g:play("9C")
  t.eq(g.state.tricks_won, { 2, 0 }, "a discard of another suit never wins")
end)

t.test("BES-R7: the winner draws first, then in the order of play", function()
  local g = dealt({ "7S 8S 9S JS QS KS TS AS", "7H 8H 9H JH QH KH TH AS",
                    "7C 8C 9C JC QC KC TC AC" }, "9D AD TD KD", 3)
  g:play("7S"); g:play("AS"); g:play("7C") -- P2 wins the spade trick
  local st = g.state
  t.eq(st.tricks_won, { 0, 1, 0 })
  t.eq(st.hands[2]:count("AD"), 1, "P2, the winner, draws first")
  t.eq(st.hands[3]:count("TD"), 1, "then P3")
  t.eq(st.hands[1]:count("KD"), 1, "then P1")
  t.eq(g:mover(), 2)
end)

t.test("BES-R8, BES-R11: one meld at lead; laid cards stay in the hand and are played", function()
  local g = dealt({ "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D" }, "9H AS 8H", 2)
  local st = g.state
  t.ok(support.offers(g, "meld marriage KS QS"), "the non-dealer before the first trick")
  g:play("meld marriage KS QS")
  t.eq(g:scores(), { 20, 0 }, "scored when declared (BES-R16)")
  t.eq(st.laid[1].cards, st.deck:hand("KS QS"), "laid on the table")
  t.eq(#st.hands[1] + #st.laid[1].cards, 8, "still part of the hand")
  t.eq(g:why("meld besigue QS JD").rule, "BES-R8", "one meld per opportunity")
  t.eq(g:view(2).exposed[1], st.deck:hand("KS QS"), "everybody sees them")
  t.eq(g:view(2).hand, st.hands[2], "but not the concealed hand")
  g:play("AC")
  t.ok(not support.offers(g, "meld besigue QS JD"), "the follower does not declare")
  t.ok(tostring(g:why("meld besigue QS JD")):find("each action is one card", 1, true))
  g:play("7C")
  t.ok(support.offers(g, "meld besigue QS JD"), "the winner at lead, after the draw")
  g:play("meld besigue QS JD")
  t.eq(g:scores(), { 60, 0 }, "Q♠ of the marriage serves in Besigue (BES-R12)")
  g:play("KS")
  t.eq(st.laid[1].cards, st.deck:hand("QS JD"), "K♠ played from the table")
  t.eq(#st.hands[1], 5, "the concealed hand unchanged")
end)

t.test("E6: meld_timing after_trick_before_draw: the winner declares before drawing", function()
  local g = dealt({ "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D" }, "9H AS 8H", 2,
    { meld_timing = "after_trick_before_draw" })
  t.ok(not support.offers(g, "meld marriage KS QS"), "nobody declares before the first trick")
  g:play("AC"); g:play("7C")
  t.eq({ g:phase(), g:mover() }, { "declare", 1 }, "the winner, before the draw")
  t.eq(#g.state.hands[1], 7, "he has not drawn yet")
  g:play("meld marriage KS QS")
  g:play("pass")
  t.eq({ g:phase(), g:mover() }, { "lead", 1 })
  t.eq(#g.state.hands[1] + #g.state.laid[1].cards, 8, "drawn")
  t.ok(not support.offers(g, "meld besigue QS JD"), "no declaration at the lead")
  -- and the refusal says who declares under this timing (E6), as does the
  -- lead's doc
  local why = g:why("meld besigue QS JD")
  t.eq(why.rule, "BES-R8")
  t.ok(tostring(why):find("only the winner of a trick declares, once, before he draws", 1, true),
    tostring(why))
  t.ok(game.phase_doc(g.def, "lead", g.opts):find("the winner of a trick declares before he draws",
    1, true), "the lead phase's doc")
end)

t.test("E7, E8: the seven as the one meld; a seven scoring when played", function()
  local hands = { "7H KS QS JD AC AD 8S 9S", "7S 8H 9C 7C 8C 9D 7D 8D" }
  local g = dealt(hands, "9H", 2, { seven_counts_as_meld = true })
  g:play("pass") -- the exchange after the deal (BES-R9)
  g:play("show 7H")
  t.eq(g:why("meld marriage KS QS").rule, "BES-R8", "the seven was the one meld")
  g = dealt(hands, "9H", 2, { seven_on_play = true })
  g:play("pass"); g:play("7H")
  t.eq(g:scores(), { 10, 0 }, "a trump seven played scores 10")
  g = dealt(hands, "9H", 2, { seven_on_play = true })
  g:play("pass"); g:play("show 7H"); g:play("7H")
  t.eq(g:scores(), { 10, 0 }, "played from the table after showing: it scored already")
  g = dealt(hands, "9H", 2)
  g:play("pass"); g:play("7H")
  t.eq(g:scores(), { 0, 0 }, "by default a played seven scores nothing")
end)

-- ===== declaring out (BES-R10)

local OUT_HANDS = { "KS QS JD KH KD KC AC AD", "7S 8S TS 7C 8C 9C 7D 8D" }

t.test("BES-R10: declaring out with the target reached wins the match", function()
  local g = dealt(OUT_HANDS, "9H", 2, {}, { 960, 0 })
  g:play("AC"); g:play("TS") -- 21 card points in the trick: 981
  t.eq(g:view(1).total, 981, "account + tricks so far")
  g:play("meld marriage KS QS") -- 1001
  g:play("out")
  t.ok(g:over(), "the match is over")
  t.eq(g:result().winner, 1)
  t.ok(g:result().text:find("declared out with 1001", 1, true), g:result().text)
end)

t.test("BES-R10, E9: a wrong declaration forfeits the deal; lose_match loses it", function()
  local g = dealt(OUT_HANDS, "9H", 2, {}, { 900, 0 })
  g:play("meld marriage KS QS")
  g:play("out")
  t.ok(not g:over(), "play goes on")
  t.eq(g:scores(), { 900, 0 }, "this deal's melds are taken back")
  t.ok(not support.offers(g, "show 7H") and #support.declarations(g) == 1, "only out is left")
  -- and the refusal says why: the forfeit, not the sevens' own rule
  t.eq(g:why("show 7H").rule, "BES-R10", tostring(g:why("show 7H")))
  t.eq(g:why("exchange").rule, "BES-R10", tostring(g:why("exchange")))
  until_(g, function() return g.state.hand_no > 1 end)
  t.eq(g:hand_points()[1][1], 0, "nothing for the deal's tricks")
  t.eq(g:scores()[1], 900)
  g = dealt(OUT_HANDS, "9H", 2, { wrong_out = "lose_match" }, { 900, 0 })
  g:play("out")
  t.ok(g:over(), "the match is lost")
  t.eq(g:result().winner, 2)
end)

-- E9 with three players (docs/games/besigue.md, our interpretation): a
-- wrong declaration under lose_match hands the match to the others'
-- highest account; tied, to the first of them from the declarer's left.
-- P1 deals, P2 leads and declares out wrongly; P1 and P3 hold 500 each:
-- P3 sits on P2's left (play is clockwise).
t.test("E9: lose_match with the others tied goes to the first from the declarer's left",
  function()
    local hands = { "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D",
      "AS TS 9D 9H 8H JC QC JH" }
    local g = dealt(hands, "TH", 1, { players = 3, wrong_out = "lose_match" }, { 500, 800, 500 })
    t.eq({ g:mover(), g.state:next(2) }, { 2, 3 })
    g:play("out")
    t.ok(g:over(), "the match is lost")
    t.eq(g:result().winner, 3, g:result().text)
    g = dealt(hands, "TH", 1, { players = 3, wrong_out = "lose_match" }, { 600, 800, 500 })
    g:play("out")
    t.eq(g:result().winner, 1, "the highest other account, wherever it sits")
  end)

-- ===== the match end (BES-R16, BES-R17)

t.test("BES-R15, BES-R16, BES-R17: card points and 10 at the end; highest at the target wins",
  function()
    local g = dealt(OUT_HANDS, "9H", 2, {}, { 995, 0 })
    until_(g, function() return g.state.outcome ~= nil end)
    local pts = g:hand_points()[1]
    t.eq(pts[1] + pts[2], 250, "240 card points and the last trick's 10")
    t.ok(g:over(), "a side at 1000 or more after the deal")
    t.eq(g:result().winner, g:scores()[1] > g:scores()[2] and 1 or 2)
    g = dealt(OUT_HANDS, "9H", 2, { must_declare_out = true }, { 995, 0 })
    until_(g, function() return g.state.hand_no > 1 end)
    t.ok(not g:over(), "E10: only a declaration of out ends the match")
    local st = game.new(def, {}).state
    st.scores[1], st.scores[2] = 1200, 1200
    t.eq(scoring.match_over(st), nil, "equal highest: another deal")
    st.scores[2] = 1100
    t.eq(scoring.match_over(st).winner, 1)
    st.scores[1], st.scores[2] = 900, 990
    t.eq(scoring.match_over(st), nil, "nobody at the target")
  end)

t.test("BES-R16, BES-R19: partners pool; only the player at lead declares", function()
  local g = dealt({ "KS QS AC 7S 8S 9S 7D 8D", "7C 7S 8H 9H JH JH JH 8C",
                    "9C JD QD KD AD TD 9D 7S", "8C 8S 8H 9H QH QH QH 9C" }, "TH", 4,
    { players = 4 })
  g:play("meld marriage KS QS")
  t.eq(g:scores(), { 20, 0 }, "side P1+P3")
  g:play("AC")
  for _, c in ipairs({ "7C", "9C", "8C" }) do
    t.eq(#support.declarations(g), 0, "the followers declare nothing")
    g:play(c)
  end
  t.eq(g:mover(), 1)
  t.ok(not support.offers(g, "partner"), "partner_melds is off")
end)

t.test("BES-R19: partner_melds: the right passed to the partner, who uses the table", function()
  local g = dealt({ "KS QS AC 7S 8S 9S 7D 8D", "7C 7S 8H 9H JH JH JH 8C",
                    "9C JD QD KD AD TD 9D 7S", "8C 8S 8H 9H QH QH QH 9C" }, "TH", 4,
    { players = 4, partner_melds = true })
  g:play("meld marriage KS QS")
  g:play("AC"); g:play("7C"); g:play("9C"); g:play("8C")
  t.eq(g:mover(), 1)
  g:play("partner")
  t.eq(g:mover(), 3, "the partner declares")
  t.ok(support.offers(g, "meld besigue QS JD"), "with Q♠ from P1's table")
  g:play("meld besigue QS JD")
  t.eq(g:scores(), { 60, 0 })
  t.eq(g:mover(), 1, "the winner leads")
  t.eq(g.state.laid[3].cards, g.state.deck:hand("JD"), "J♦ on P3's table")
  t.eq(g:why("meld marriage KD QD").rule, "BES-R8", "the one meld is spent")
end)

-- ===== the last tricks (BES-R14, BES-10)

-- BES-R14 written out: follow and win if able, else follow; else trump
-- and win if able, else trump; else any card.
local function ref_legal(deck, hand, plays, trump)
  local cards = hand:cards()
  if #plays == 0 then return deck:hand(cards) end
  local led, best = plays[1].suit, plays[1]
  local function beats(c, b)
    if c.suit == b.suit then return c.rank_index < b.rank_index end
    return c.suit == trump
  end
  for i = 2, #plays do
    if beats(plays[i], best) then best = plays[i] end
  end
  local function pick(suit)
    local all, win = deck:hand(), deck:hand()
    for _, c in ipairs(cards) do
      if c.suit == suit then
        all:add(c)
        if beats(c, best) then win:add(c) end
      end
    end
    if #win > 0 then return win end
    return #all > 0 and all or nil
  end
  return pick(led) or pick(trump) or deck:hand(cards)
end

-- E13: the rules of 1001 that apply are these strict rules after the talon.
t.test("BES-R14, BES-10, E13: the game's strict rules on the seed's cases (trump H)", function()
  local g = dealt({ "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D" }, "9H", 2)
  until_(g, phase_is("last"))
  local rules, deck = g.state.ctrick:rules(), g.state.deck
  local cases = { { "9S", "7S KS AH 8D", "KS" }, { "AS", "7S KS AH", "7S KS" },
                  { "AS", "AH 8H 8D", "AH 8H" }, { "AS", "8D 9C", "8D 9C" },
                  { "TS", "TS 9S", "TS 9S" }, { "KH", "QH 8H AS", "QH 8H" } }
  for i, c in ipairs(cases) do
    local tr = talon.trick(rules, "H")
    tr:play(1, c[1])
    t.eq(tr:legal(deck:hand(c[2])), deck:hand(c[3]), "BES-10." .. i)
  end
end)

-- Four players from an explicit deal (partners P1+P3, P2+P4), then
-- seeded deals of two and four players, played at random once strict.
local STRICT_DEAL = { "AH TH KH QH JH 9H 8H 7H", "AS TS KS QS JS 9S 8S 7S",
                      "AD TD KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C" }

local function strict_games()
  local list = { { dealt(STRICT_DEAL, "9C", 4, { players = 4 }), 4, 1 } }
  for _, n in ipairs({ 2, 4 }) do
    for seed = 1, 6 do
      list[#list + 1] = { game.new(def, { seed = seed, options = { players = n }, hands = 1 }),
                          n, seed }
    end
  end
  return list
end

t.test("BES-R14: every strict position of random deals, partners' cards beaten too", function()
  local partner_beaten = 0
  for _, case in ipairs(strict_games()) do
    local g, n, seed = case[1], case[2], case[3]
    local rng = talon.rng(seed)
    until_(g, phase_is("last"))
    while g:phase() == "last" do
      local st, seat = g.state, g:mover()
      local plays = {}
      for i = 1, #st.ctrick do plays[i] = select(2, st.ctrick:at(i)) end
      local want = ref_legal(st.deck, st.hands[seat], plays, st.trump)
      t.eq(g:legal_hand(), want, ("%d players, seed %d, seat %d"):format(n, seed, seat))
      if n == 4 and #plays >= 2 then
        local _, w = st.ctrick:winner()
        if st.side_of[w] == st.side_of[seat] and #g:legal_hand() < #st.hands[seat]
            and st.ctrick:beats(g:legal_hand():nth(1)) then
          partner_beaten = partner_beaten + 1
        end
      end
      g:play(g:random(rng))
    end
  end
  t.ok(partner_beaten > 0, "positions where the partner's card must be beaten were seen")
end)

t.test("BES-R15, BES-R3: every played deal gives out the card points and 10", function()
  local invariants = require "talon.host.invariants"
  for _, n in ipairs({ 2, 3, 4 }) do
    local bad, stats = invariants.run(def, { options = { players = n }, hands = 2 }, 4, 1)
    t.eq(bad and bad.text, nil, n .. " players")
    t.eq(stats.games, 4)
  end
end)

t.test("rules and options read as the options say (BES-R12, BES-R17, BES-R18, BES-R19)",
  function()
    local text = function(id, o) return game.rule_text(def, id, game.options(def, o)) end
    t.ok(text("BES-R12", {}):find("kings 80", 1, true), "E1: 80")
    t.ok(text("BES-R12", { seed_literal = true }):find("kings 30", 1, true), "seed_literal")
    t.ok(text("BES-R17", {}):find("Target 1000", 1, true))
    t.ok(text("BES-R17", { players = 3 }):find("Target 1500", 1, true))
    t.ok(text("BES-R18", {}):find("cannot arise", 1, true))
    t.eq(text("BES-R19", {}), nil, "two players: no such rule")
    t.ok(text("BES-R4", { players = 4, four_hand_size = 6 }):find("card 25", 1, true), "E11")
    for i = 1, 19 do t.ok(def.rules["BES-R" .. i], "BES-R" .. i .. " has a text") end
  end)
