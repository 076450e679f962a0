-- Hokm (RULES.md §2, HOK-R1 … HOK-R20; EXAMPLES.md HOK-01 … HOK-18),
-- driven by explicit deals.
--
-- Most tests build a deal backwards from the trick winners they want: the
-- cards are cut into groups of one suit (one card per seat), the wanted
-- winner of trick k gets the highest card of group k, and everybody plays
-- his card of group k to trick k. Every player then follows suit, so the
-- trick goes to the wanted seat under HOK-R3/R4 and nothing else decides.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bot = require "talon.host.bot"
local talon = require "talon"
local invariants = require "talon.host.invariants"
local record = require "talon.host.record"

local def = assert(loader.load("hokm"))
local RANKS = { "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2" }

-- Card groups of n cards of one suit, highest first; leftovers form the
-- last, mixed group (clubs first, so a club trump wins it).
local function groups(n, strip)
  local gs, left = {}, {}
  for _, s in ipairs({ "C", "S", "H", "D" }) do
    local cards = {}
    for _, r in ipairs(RANKS) do
      if r .. s ~= strip then cards[#cards + 1] = r .. s end
    end
    local i = 1
    while i + n - 1 <= #cards do
      gs[#gs + 1] = { table.unpack(cards, i, i + n - 1) }
      i = i + n
    end
    for j = i, #cards do left[#left + 1] = cards[j] end
  end
  if #left > 0 then gs[#gs + 1] = left end
  return gs
end

-- A deal where trick k is won by winners[k]; returns the hands (by seat)
-- and the plays (per trick: seat -> card). The Hakem leads trick 1.
local function build(n, winners, strip)
  local gs = groups(n, strip)
  local hands, plays = {}, {}
  for s = 1, n do hands[s] = {} end
  for k, w in ipairs(winners) do
    local g, p = gs[k], {}
    p[w] = g[1]
    local j = 2
    for s = 1, n do
      if s ~= w then p[s] = g[j]; j = j + 1 end
    end
    plays[k] = p
  end
  for k = #winners + 1, #gs do            -- tricks never reached: any owner
    local g, p = gs[k], {}
    for s = 1, n do p[s] = g[s] end
    plays[k] = p
  end
  for k = 1, #gs do
    for s = 1, n do hands[s][#hands[s] + 1] = plays[k][s] end
  end
  for s = 1, n do hands[s] = table.concat(hands[s], " ") end
  return hands, plays
end

-- Plays tricks 1..upto of 'plays' (trick leader = previous winner).
local function play_tricks(g, plays, upto, hakem, winners)
  local leader = hakem
  for k = 1, upto do
    local s = leader
    for _ = 1, g.state.n do
      t.eq(g:mover(), s, "trick " .. k .. " mover")
      g:play(plays[k][s])
      s = s % g.state.n + 1
    end
    leader = winners[k]
  end
end

local function new_game(n, winners, opts, hakem)
  hakem = hakem or 1
  opts = opts or {}
  opts.players = n
  local strip = n == 3 and (opts.removed_two or "2C") or nil
  local hands, plays = build(n, winners, strip)
  local g = game.new(def, { options = opts, seed = 1, hands = 1,
                            deal = { hakem = hakem, hands = hands } })
  g:play("trump C")
  return g, plays
end

local function seq(spec)
  local w = {}
  for s, count in spec:gmatch("(%d+)x(%d+)") do
    for _ = 1, tonumber(count) do w[#w + 1] = tonumber(s) end
  end
  return w
end

-- ===== three players: HOK-01 … HOK-06 (HOK-R14)

local three = {
  -- id, winner sequence, tricks to play, expected: nil = continue, or {seat, points}
  { "HOK-01", "1x3 2x2 3x2 1x2 2x2 3x1 1x2", 14, nil },       -- 7-4-3, 3 left: P2 may tie
  { "HOK-02", "1x3 2x2 3x2 1x2 2x2 3x2 1x2", 15, { 1, 1 } },  -- 7-4-4, 2 left
  { "HOK-03", "1x3 2x2 3x1 1x5 2x1", 12, nil },               -- 8-3-1, 5 left: P2 may reach 8
  { "HOK-04", "1x3 2x2 3x2 1x5", 12, { 1, 1 } },              -- 8-2-2, 5 left
  { "HOK-05", "1x3 2x3 3x3 1x4 2x4", 17, { 3, 1 } },          -- 7-7-3 final: P3 scores
  { "HOK-06", "1x3 2x3 3x3 1x3 3x2 2x3", 17, { 3, 1 } },      -- 6-6-5 final: P3 (5) scores
}

for _, case in ipairs(three) do
  t.test(case[1] .. " three-player stop rule (HOK-R14)", function()
    local winners = seq(case[2])
    local g, plays = new_game(3, winners)
    play_tricks(g, plays, case[3], 1, winners)
    if not case[4] then
      t.ok(not g:over(), case[1] .. ": play continues")
      t.eq(g:phase(), "play", case[1] .. " phase")
    else
      t.ok(g:over(), case[1] .. ": hand over")
      t.eq(g:scores()[case[4][1]], case[4][2], case[1] .. " points of the scorer")
      local total = 0
      for _, v in ipairs(g:scores()) do total = total + v end
      t.eq(total, case[4][2], case[1] .. " nobody else scores")
    end
  end)
end

-- HOK-R14 (K4): Kot for three players: the first 7 tricks to one player;
-- Hakem 2, another player 3.
t.test("three-player Kot: Hakem 2, other player 3 (HOK-R14, K4)", function()
  local g, plays = new_game(3, seq("1x7"))
  play_tricks(g, plays, 7, 1, seq("1x7"))
  t.ok(g:over(), "Kot stops play after 7 tricks")
  t.eq(g:scores()[1], 2, "Hakem Kot")
  local w = seq("1x1 2x7")
  g, plays = new_game(3, w)
  play_tricks(g, plays, 7, 1, w)
  t.ok(not g:over(), "2 of the first 7 are not all to one player: play on")
end)

-- ===== four players: HOK-09 (HOK-R10), play stops at 7

local four = {
  { "7-0 Hakem side", "1x4 3x3", 2, 1 },
  { "0-7 opponents", "2x4 4x3", 3, 2 },
  { "7-4 Hakem side", "1x2 2x4 3x5", 1, 1 },
  { "7-1 Hakem side", "2x1 3x7", 1, 1 },
  { "3-7 opponents", "1x3 2x7", 1, 2 },
}

for _, case in ipairs(four) do
  t.test("HOK-09 four-player scoring " .. case[1] .. " (HOK-R10)", function()
    local w = seq(case[2])
    local g, plays = new_game(4, w)
    play_tricks(g, plays, #w, 1, w)
    t.ok(g:over(), "play stops as soon as a side has 7 tricks")
    t.eq(g:scores()[case[4]], case[3], "points")
    t.eq(g:scores()[3 - case[4]], 0, "the other side scores nothing")
  end)
end

-- K2: with play_all_tricks the hand goes on after 7 and Kot needs 13-0.
t.test("play_all_tricks plays 13 tricks; Kot is 13-0 (K2)", function()
  local w = seq("1x7 3x6")
  local g, plays = new_game(4, w, { play_all_tricks = true })
  play_tricks(g, plays, 7, 1, w)
  t.ok(not g:over(), "no stop at 7")
  play_tricks(g, { table.unpack(plays, 8) }, 6, 1, { table.unpack(w, 8) })
  t.ok(g:over(), "over after 13")
  t.eq(g:scores()[1], 2, "13-0 is Kot")
end)

-- ===== two players: HOK-10 (HOK-R19), HOK-14 (HOK-R17, HOK-R18)

-- A two-player deal: Hakem seat 1, dealer seat 2. Each keeps the first of
-- every pair he draws ("keep"), so the stock is built from the wanted
-- hands and junk cards.
local function new_two(winners)
  local gs = groups(2)
  local final = { {}, {} }
  local plays = {}
  for k = 1, 13 do
    local g, w = gs[k], winners[k] or 1
    plays[k] = { [w] = g[1], [3 - w] = g[2] }
    final[1][k], final[2][k] = plays[k][1], plays[k][2]
  end
  local junk = {}
  for k = 14, #gs do for _, c in ipairs(gs[k]) do junk[#junk + 1] = c end end
  local h1 = { final[1][1], final[1][2], junk[1], junk[2], junk[3] }
  local h2 = { final[2][1], final[2][2], final[2][3], junk[4], junk[5] }
  local stock, j, f1, f2 = {}, 6, 3, 4
  for turn = 1, 21 do
    if turn % 2 == 1 then stock[#stock + 1] = final[1][f1]; f1 = f1 + 1
    else stock[#stock + 1] = final[2][f2]; f2 = f2 + 1 end
    stock[#stock + 1] = junk[j]; j = j + 1
  end
  local g = game.new(def, { options = { players = 2 }, seed = 1, hands = 1,
    deal = { hakem = 1, hands = { table.concat(h1, " "), table.concat(h2, " ") },
             stock = table.concat(stock, " ") } })
  g:play("trump C")
  g:play("discard " .. table.concat({ junk[1], junk[2], junk[3] }, " "))
  g:play("discard " .. junk[4] .. " " .. junk[5])
  for _ = 1, 21 do g:play("keep") end
  return g, plays
end

t.test("HOK-14 two-player deal arithmetic (HOK-R17, HOK-R18)", function()
  local g = new_two(seq("1x7"))
  local st = g.state
  t.eq(#st.hands[1], 13, "Hakem holds 13")
  t.eq(#st.hands[2], 13, "dealer holds 13")
  t.eq(#st.stock, 0, "stock used up")
  t.eq(#st.discards, 26, "discard pile 5 + 21")
  t.eq(g:phase(), "play", "tricks follow the draw")
  t.eq(g:mover(), 1, "HOK-R19: the Hakem leads")
end)

t.test("HOK-R18 draw turns alternate, 11 for the Hakem and 10 for the dealer", function()
  local g = game.new(def, { options = { players = 2 }, seed = 5, hands = 1 })
  g:play("trump S")
  local counts = { 0, 0 }
  while g:phase() ~= "play" do
    local m = g:mover()
    if g:phase() == "draw" then counts[m] = counts[m] + 1 end
    g:play(g:legal()[1])
  end
  t.eq(g.state.dealer, 3 - g.state.hakem, "HOK-R16: the other player deals")
  t.eq(counts[g.state.hakem], 11, "Hakem draw turns")
  t.eq(counts[3 - g.state.hakem], 10, "dealer draw turns")
end)

local two = { { "7-0", "1x7", 1, 2 }, { "0-7", "2x7", 2, 3 }, { "6-7", "1x6 2x7", 2, 1 } }
for _, case in ipairs(two) do
  t.test("HOK-10 two-player scoring " .. case[1] .. " (HOK-R19)", function()
    local w = seq(case[2])
    local g, plays = new_two(w)
    play_tricks(g, plays, #w, 1, w)
    t.ok(g:over(), "stops at 7 tricks")
    t.eq(g:scores()[case[3]], case[4], "points")
  end)
end

-- HOK-R17: discards are never seen by the opponent.
t.test("two-player discards are hidden from the opponent (HOK-R17)", function()
  local g = game.new(def, { options = { players = 2 }, seed = 9, hands = 1 })
  g:play("trump H")
  local d = g:legal()[1]
  local text = g:text(d)
  local hakem = g:mover()
  g:play(d)
  for _, ev in ipairs(g:view(3 - hakem).events) do
    t.ok(not (ev.text or ""):find(text, 1, true), "dealer's view does not name the discards")
  end
  local found = false
  for _, ev in ipairs(g:view(hakem).events) do
    found = found or (ev.text or ""):find(text, 1, true)
  end
  t.ok(found, "the Hakem sees his own discards")
end)

-- ===== common rules

t.test("HOK-18 three-player deck: 2C removed, 51 cards, 17 each (HOK-R12, HOK-R13)", function()
  local g = game.new(def, { options = { players = 3 }, seed = 3, hands = 1 })
  t.eq(g:phase(), "trump", "trump is called first")
  t.eq(#g.state.hands[g.state.hakem], 5, "Hakem has 5 cards when choosing trump")
  t.eq(#g.state.full, 51, "51 cards")
  local clubs = g.state.full:suit("C")
  t.eq(#clubs, 12, "12 clubs")
  for _, c in ipairs(clubs:cards()) do t.ok(c.rank ~= "2", "2C removed") end
  g:play("trump D")
  for s = 1, 3 do t.eq(#g.state.hands[s], 17, "17 each") end
  local g2 = game.new(def, { options = { players = 3, removed_two = "2H" }, seed = 3, hands = 1 })
  t.eq(#g2.state.full:suit("H"), 12, "option removed_two (K1): 12 hearts")
  t.eq(g2.state.full:count("2C"), 1, "2C stays when another 2 is removed")
end)

t.test("HOK-R1/R9 four players: 52 cards, Hakem's 5 before trump, 13 each", function()
  local g = game.new(def, { seed = 11, hands = 1 })
  local st = g.state
  t.eq(#st.full, 52, "52 cards")
  t.eq(#st.hands[st.hakem], 5, "HOK-R2: Hakem sees 5 cards")
  for s = 1, 4 do
    if s ~= st.hakem then t.eq(#st.hands[s], 0, "others receive nothing before trump") end
  end
  t.eq(g:mover(), st.hakem, "the Hakem names trump")
  g:play("trump S")
  for s = 1, 4 do t.eq(#st.hands[s], 13, "13 each") end
  t.eq(g:mover(), st.hakem, "HOK-R2: the Hakem leads")
  t.eq(st.dealer, (st.hakem - 2) % 4 + 1, "HOK-R8: next(dealer) = Hakem")
end)

t.test("HOK-R3 follow suit; a void player may play any card (no duty to trump)", function()
  local w = seq("1x4")
  local g, plays = new_game(4, w)
  g:play(plays[1][1])                       -- Hakem leads a club
  local st = g.state
  local hand = st.hands[2]
  local off
  for _, c in ipairs(hand:cards()) do if c.suit ~= "C" then off = c break end end
  local ok, v = g:try(off)
  t.ok(not ok, "off-suit card refused while holding the led suit")
  t.eq(v.rule, "HOK-R3", "violation names the rule")
  t.ok(v.because:find("must follow", 1, true), "because: " .. v.because)
  t.ok(tostring(v):find("HOK-R3", 1, true), "printable violation")
  t.ok(v.satisfy, "says what would be legal")
  -- a void player: seat 2 holds no hearts in a spades-and-clubs deal? build one
  local g2 = game.new(def, { seed = 1, hands = 1, deal = { hakem = 1, hands = {
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C" } } })
  g2:play("trump C")
  g2:play("AS")
  t.ok(g2:try("2H"), "void in spades: any card (HOK-R3)")
  t.ok(g2:try("2D"), "no obligation to trump")
  t.ok(g2:try("2C"), "trumping allowed")
  t.eq(g2.state.tricks_won[4], 1, "HOK-R4: the trump wins the trick")
  t.eq(g2:mover(), 4, "HOK-R4: the winner leads")
end)

t.test("HOK-R6/R7 ace draw from the seed; partner opposite", function()
  for seed = 1, 20 do
    local p4 = game.new(def, { seed = seed, hands = 1 })
    local partner = p4:events()[2]
    t.eq(partner.kind, "partner", "HOK-R7: a second ace names the partner")
    local st4 = p4.state
    t.eq(st4.names[st4:opposite(st4.hakem)], "P" .. partner.data.partner,
      "HOK-R7: the partner now sits opposite the Hakem")
    local g = game.new(def, { options = { players = 3 }, seed = seed, hands = 1 })
    local st = g.state
    local ev = g:events()[1]
    t.eq(ev.kind, "hakem", "the ace draw is logged first")
    local shown = ev.data.shown
    local first_ace
    for i, s in ipairs(shown) do
      if s:match(" A.") or s:match(" A[♠♥♦♣]") then first_ace = first_ace or i end
    end
    t.eq(first_ace, #shown, "HOK-R6: dealing stops at the first ace")
    local again = game.new(def, { options = { players = 3 }, seed = seed, hands = 1 })
    t.eq(again.state.hakem, st.hakem, "same seed, same Hakem")
  end
end)

t.test("HOK-R11 rotation (four players)", function()
  local w = seq("2x7")
  local g, plays = new_game(4, w)
  g.params.hands = 2
  play_tricks(g, plays, 7, 1, w)
  local st = g.state
  t.eq(st.hakem, 2, "Hakem lost: next(old Hakem) is Hakem")
  t.eq(st.dealer, 1, "the old Hakem deals")
  local w2 = seq("1x7")
  local g2, plays2 = new_game(4, w2)
  g2.params.hands = 2
  play_tricks(g2, plays2, 7, 1, w2)
  t.eq(g2.state.hakem, 1, "Hakem's side won: same Hakem")
  t.eq(g2.state.dealer, 4, "same dealer")
end)

t.test("HOK-R15 rotation (three players): a third player scoring moves the Hakem", function()
  local w2 = seq("2x3 3x2 1x2 2x5")
  local g, plays = new_game(3, w2, nil, 2)
  g.params.hands = 2
  play_tricks(g, plays, #w2, 2, w2)
  t.eq(g.state.hakem, 2, "the Hakem scored: he stays")
  local w3 = seq("2x1 3x3 1x2 3x6")
  g, plays = new_game(3, w3, nil, 2)
  g.params.hands = 2
  play_tricks(g, plays, #w3, 2, w3)
  t.eq(g:scores()[3], 1, "P3 clinched")
  t.eq(g.state.hakem, 3, "old Hakem 2 lost: next(2) = 3 is Hakem")
  t.eq(g.state.dealer, 2, "the old Hakem deals")
end)

t.test("HOK-R20 rotation (two players)", function()
  local w = seq("2x7")
  local g, plays = new_two(w)
  g.params.hands = 2
  play_tricks(g, plays, 7, 1, w)
  t.eq(g.state.hakem, 2, "the Hakem lost: the other player is Hakem")
  t.eq(g.state.dealer, 1, "and the old Hakem deals")
end)

t.test("HOK-R5 match to 7 points; the last deal may overshoot", function()
  local g = game.new(def, { seed = 21 })
  bot.playout(g, talon.rng(4))
  local r = g:result()
  t.ok(r and r.winner, "the match has a winner")
  t.ok(g:scores()[r.winner] >= 7, "winner reached 7")
  t.ok(g:scores()[3 - r.winner] < 7, "loser below 7")
end)

-- ===== random games: invariants of all three forms (EMBEDDING.md)

for _, n in ipairs({ 4, 3, 2 }) do
  t.test(("%d-player random games keep every invariant"):format(n), function()
    local fail = invariants.run(def, { options = { players = n }, hands = 1 }, 200, 1)
    t.ok(not fail, fail and (fail.text .. "\n" .. fail.record) or "")
  end)
end

t.test("a record replays to the identical result", function()
  for _, n in ipairs({ 4, 3, 2 }) do
    local g = game.new(def, { options = { players = n }, seed = 77 })
    bot.playout(g, talon.rng(77))
    local text = record.write(g)
    local again = record.replay(text)
    t.eq(again:result().text, g:result().text, n .. " players: same result")
    t.eq(record.write(again), text, n .. " players: same record")
  end
end)

t.test("an explicit deal is kept in the record and replays", function()
  local w = seq("1x3 2x2 3x2 1x5")
  local g, plays = new_game(3, w)
  play_tricks(g, plays, #w, 1, w)
  local text = g:record()
  t.ok(text:find("deal hand 1", 1, true), "record carries the deal")
  t.eq(record.replay(text):result().text, g:result().text, "same result")
end)

-- HOK-R8: the dealer sits on the Hakem's right. An explicit deal naming
-- only its dealer names the Hakem by it (it was ignored: P1 was Hakem);
-- a dealer and a Hakem that disagree are refused, naming both.
t.test("HOK-R8: an explicit deal's dealer names the Hakem on his left", function()
  local hands = { "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C" }
  local g = game.new(def, { seed = 1, hands = 1, deal = { dealer = 2, hands = hands } })
  t.eq({ g.state.hakem, g.state.dealer, g:mover() }, { 3, 2, 3 })
  local agree = game.new(def, { seed = 1, hands = 1,
    deal = { dealer = 2, hakem = 3, hands = hands } })
  t.eq(agree.state.hakem, 3)
  local ok, err = pcall(game.new, def, { seed = 1,
    deal = { dealer = 2, hakem = 1, hands = hands } })
  t.ok(not ok and tostring(err):find("dealer 2 is not on the right of Hakem 1", 1, true),
    tostring(err))
end)

-- HOK-R6, HOK-R7 from a given ace-draw pile (an explicit deal's `draw`
-- and `drawer`): P1 deals face up to P2, P3, P4; P4 gets A♥ and is Hakem;
-- from P4's right, skipping him, P1, P2, P3: P3 gets A♦ and is his
-- partner, and moves opposite him (seat 2). The record replays it.
t.test("HOK-R6/R7: the ace draw from a given pile", function()
  local g = game.new(def, { seed = 1, deal = { draw = "2S 3S AH 4S 5S AD KS", drawer = 1 } })
  t.eq(g.state.hakem, 4)
  t.eq(g.state.names, { "P1", "P3", "P2", "P4" })
  t.ok(g:events()[1].text:find("P4 receives the first ace", 1, true), g:events()[1].text)
  local again = record.replay(g:record())
  t.eq(again.state.names, g.state.names)
  local ok, err = pcall(game.new, def, { deal = { draw = "2S 3S AH 4S", drawer = 1 } })
  t.ok(not ok and tostring(err):find("draw needs an ace", 1, true), tostring(err))
end)

-- HOK-R1 with HOK-R12: with three players the pack is 51 cards, one 2
-- taken out, and the rule's text says which (the base and both variants
-- that restate HOK-R1).
t.test("HOK-R1 names the 2 taken out for three players", function()
  for _, name in ipairs { "hokm", "hokm-ten-high", "hokm-jass-trumps" } do
    local d = assert(loader.load(name))
    local r3 = game.rule_text(d, "HOK-R1", { players = 3, removed_two = "2D" })
    t.ok(r3:find("^51 cards %(the 2D taken out, HOK%-R12%), "), name .. ": " .. r3)
    local r4 = game.rule_text(d, "HOK-R1", { players = 4, removed_two = "2C" })
    t.ok(r4:find("^52 cards, "), name .. ": " .. r4)
  end
end)
