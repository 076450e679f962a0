-- Hearts (docs/games/hearts.md, HRT-R1 … HRT-R11), driven by explicit
-- deals. OpenSpiel's random hands are replayed move for move by
-- tests/parity/openspiel_hearts.lua; these tests pin single rules.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"

local def = assert(loader.load("hearts"))

-- Four hands of 13 cards, one suit per seat, ranks as written.
local SUITED = {
  "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
  "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
  "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
  "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
}

local function new(hands, opts, pass)
  return game.new(def, { seed = 1, options = opts or {},
                         deal = { hands = hands, pass = pass or "none" } })
end

local function legal_text(g)
  return tostring(g:legal_hand())
end

-- HRT-R4: the holder of 2♣ leads it; nothing else is legal; with
-- can_lead_any_club any club is.
t.test("HRT-R4: the holder of 2C leads it to the first trick", function()
  local g = new(SUITED)
  t.eq(g.mover_seat, 4, "seat 4 holds 2C and leads")
  t.eq(legal_text(g), "{2C}", "only 2C may lead")
  local v = g:why("AC")
  t.eq(v.rule, "HRT-R4", tostring(v))
  local any = new(SUITED, { can_lead_any_club = true })
  t.eq(#any:legal_hand(), 13, "any club leads with can_lead_any_club")
end)

-- HRT-R5: on the first trick a player who cannot follow may not play a
-- heart or Q♠ unless he holds nothing else.
t.test("HRT-R5: no points on the first trick while other cards are held", function()
  local hands = {
    "AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2D",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS AH KH QH JH TH 9H 8H 7H 6H 5H AD KD",
    "4H 3H 2H QD JD TD 9D 8D 7D 6D 5D 4D 3D",
  }
  local g = new(hands)
  t.eq(g.mover_seat, 2)
  g:play("2C")
  t.eq(legal_text(g), "{AD KD}", "seat 3 cannot follow: no heart, no Q♠")
  t.eq(g:why("QS").rule, "HRT-R5")
  local free = new(hands, { no_pts_on_first_trick = false })
  free:play("2C")
  t.eq(#free:legal_hand(), 13, "with the option off any card may be discarded")
end)

-- HRT-R6: hearts may not be led before a heart (or Q♠, by option) has
-- been played, unless the leader holds only hearts. Seat 4 wins the
-- first trick with A♣ and leads holding clubs, 2♠ 2♦ 2♥.
local CLOSED = {
  "2C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
  "3C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
  "4C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
  "5C 6C 7C 8C 9C TC JC QC KC AC 2S 2D 2H",
}

local function after_first_trick(opts)
  local g = new(CLOSED, opts)
  for _, c in ipairs { "2C", "3C", "4C", "AC" } do g:play(c) end
  return g
end

t.test("HRT-R6: a leader with other suits may not lead a heart until broken", function()
  local g = after_first_trick()
  t.eq(g.mover_seat, 4, "A♣ won the first trick")
  local v = g:why("2H")
  t.eq(v and v.rule, "HRT-R6", tostring(v))
  t.ok(tostring(v):find("may not be led until broken", 1, true), tostring(v))
  t.eq(g:why("2S"), nil)
  -- a heart discarded breaks hearts: 2♦ led, seat 1 follows, seat 2
  -- discards a spade, seat 3 a heart
  g:play("2D"); g:play("3D"); g:play("3S"); g:play("3H")
  local _, closed = g.state.ctrick:progress()
  t.eq(#closed, 0, "hearts are broken")
  t.eq(g.mover_seat, 1, "3♦ won")
  t.eq(g:legal_hand():count(g.deck:card("AD")), 1)
  local open = after_first_trick { must_break_hearts = false }
  t.eq(open:why("2H"), nil, "must_break_hearts = false: hearts lead at once")
end)

t.test("HRT-R6: Q-spades breaks hearts only with qs_breaks_hearts", function()
  for _, on in ipairs { true, false } do
    local g = after_first_trick { qs_breaks_hearts = on }
    g:play("2D"); g:play("3D"); g:play("QS"); g:play("4H")
    local _, closed = g.state.ctrick:progress()
    t.eq(#closed, 0, "broken either way by 4♥")
    g = after_first_trick { qs_breaks_hearts = on }
    g:play("2D"); g:play("3D"); g:play("QS")
    _, closed = g.state.ctrick:progress()
    t.eq(#closed, on and 0 or 1, "Q♠ alone breaks hearts: " .. tostring(on))
  end
end)

-- HRT-R8, HRT-R9, HRT-R11: seat 1 holds every club, leads 2♣ and wins
-- every trick (nobody can follow), so it takes all 26 points and shoots
-- the moon: 0 for it, 26 for every other player; with a target of 26 the
-- match ends and the lowest score wins.
t.test("HRT-R8/R9/R11: shooting the moon, and the lowest score wins", function()
  local hands = { SUITED[4], SUITED[1], SUITED[2], SUITED[3] }
  local g = new(hands, { target = 26 })
  while not g:over() do g:play(g:legal_hand():nth(1)) end
  t.eq(g.state.hand_points, { 0, 26, 26, 26 })
  t.eq(g.state.scores, { 0, 26, 26, 26 })
  local res = g:result()
  t.eq(res and res.winner, 1, "the lowest score wins")
end)
-- HRT-R8 with jd_bonus: J♦ counts −10 in the deck's card points.
t.test("HRT-R8: J-diamonds is -10 with jd_bonus", function()
  local g = new(SUITED, { jd_bonus = true })
  t.eq(g.deck:card("JD").points, -10)
  t.eq(g.deck:card("QS").points, 13)
  t.eq(g.deck:card("5H").points, 1)
  t.eq(new(SUITED).deck:card("JD").points, 0)
end)

-- HRT-R2: the pass direction rotates left, right, across, none.
t.test("HRT-R2: the pass rotates left, right, across, none", function()
  local g = game.new(def, { seed = 3, options = { target = 10000 } })
  local rng, dirs = require("talon").rng(5), {}
  while g.state.hand_no <= 5 do
    local p = g.state.passing
    if p then dirs[g.state.hand_no] = p.direction end
    g:play(g:random(rng))
  end
  t.eq(dirs, { "left", "right", "across", "none", "left" })
end)

-- HRT-R10, on a position (docs/framework.md §4): the last trick, P4 has
-- taken no trick; hearts and Q♠ are spread, so nobody shot the moon.
local LAST_TRICK = {
  phase = "play", dealer = 4, hand_no = 1, leader = 1, turn = 1,
  hands = { "AC", "2D", "2S", "3S" },
  won = { "AH KH QH JH TH 9H 8H KC QC JC TC 9C 8C 7C 6C 5C",
          "7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D 6D 5D",
          "QS AS KS JS TS 9S 8S 7S 6S 5S 4S 4D 3D 4C 3C 2C", "" },
  tricks_won = { 4, 4, 4, 0 }, tricks_played = 12,
  trick = { plays = {}, done = 12, closed = {} },
}

t.test("HRT-R10: -5 for taking no trick, with avoid_all_tricks_bonus", function()
  for _, on in ipairs { true, false } do
    local p = { options = { avoid_all_tricks_bonus = on } }
    for k, v in pairs(LAST_TRICK) do p[k] = v end
    local g = game.new(def, { position = p, hands = 1 })
    g:play("AC"); g:play("2D"); g:play("2S"); g:play("3S")
    t.eq(g.state.hand_points, { 7, 6, 13, on and -5 or 0 }, "bonus " .. tostring(on))
  end
end)

-- HRT-R1: 13 cards each, dealt from the dealer's left (seat 1 sits left
-- of the first dealer, seat 4); the deal passes to the left.
t.test("HRT-R1: thirteen cards each; the deal passes to the left", function()
  local g = game.new(def, { seed = 2, options = { target = 1000 } })
  t.eq(g.state.dealer, 4)
  for s = 1, 4 do t.eq(#g.state.hands[s], 13) end
  local rng = require("talon").rng(2)
  while g.state.hand_no == 1 do g:play(g:random(rng)) end
  t.eq(g.state.dealer, 1)
end)

-- HRT-R3: passed cards arrive only when everyone has passed.
t.test("HRT-R3: the passed cards arrive when everyone has passed", function()
  local g = new(SUITED, nil, "left")
  for _, c in ipairs { "AS", "KS", "QS" } do g:play(c) end
  t.eq(g.state.hands[2]:count(g.deck:card("AS")), 0, "not yet with seat 2")
  for _, c in ipairs { "AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "QC" } do g:play(c) end
  t.eq(g.state.hands[2]:count(g.deck:card("AS")), 1, "seat 1's cards went left, to seat 2")
  t.eq(g.state.hands[1]:count(g.deck:card("AC")), 1, "seat 4's cards went to seat 1")
end)

-- HRT-R7: follow suit if you can; the highest card of the suit led wins
-- (a higher card of another suit does not: there is no trump).
t.test("HRT-R7: follow suit; the highest card of the led suit wins", function()
  local g = new(CLOSED)
  g:play("2C")
  t.eq(legal_text(g), "{3C}", "seat 2 holds a club: it must follow")
  t.eq(g:why("AS").rule, "HRT-R7")
  g:play("3C"); g:play("4C"); g:play("5C")
  t.eq(g:mover(), 4, "5♣ is the highest club: seat 4 wins and leads")
end)
