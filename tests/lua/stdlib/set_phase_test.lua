-- tricks.set_phase and deal.replenish (docs/framework.md §1 "Phases"):
-- tricks of sets with face-down plays (RULES.md §7 "multi-card sets",
-- Kosel KOZ-R7 … R12) played through the framework. The game below is a
-- test game shaped like Kosel: 36 cards, four each, the next card turned
-- for trump and drawn last, set tricks, hands refilled from the trick's
-- winner, the deal over when all cards are played; each side scores its
-- card points.
local t = require "talon.host.testing"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local invariants = require "talon.host.invariants"
local talon = require "talon"

talon.style("ascii")

-- KOZ-R7 … R9: leads of 1 to 4 cards of a suit, the Schocha (6S) wild and
-- the highest trump, followers beat face up or play face down.
local KOSEL = { lead_sizes = { 1, 2, 3, 4 }, top = "6S", wild_top = true, face_down = "allowed",
  ranks = "A T K Q J 9 8 7 6" }

local play = tricks.set_phase {
  doc = "lead a set; beat it face up or play as many cards face down (KOZ-R7, KOZ-R9)",
  rules = KOSEL,
  rule = "KOZ-R9",
  on_trick = function(st, w)
    deal.replenish(st, w, 4) -- KOZ-R11
    if #st.hands[w] == 0 then return "end" end -- KOZ-R12
    return nil
  end,
}

local def = game.define {
  name = "Sets",
  summary = "a test game of set tricks shaped like Kosel",
  players = { 4, 3, 2 },
  direction = "cw",
  options = {
    players = { default = 4, values = { 2, 3, 4 }, doc = "players" },
    target = { default = 1000, doc = "points that win" },
  },
  deck = { ranks = "A T K Q J 9 8 7 6", -- KOZ-R2
           points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } },
  sides = function(n) if n == 4 then return { { 1, 3 }, { 2, 4 } } end end,
  deal = function(st)
    -- KOZ-R5: one card at a time from the dealer's left, then the next
    -- card turned: its suit is trump and it is drawn last
    local order = {}
    for i = 1, st.n do order[i] = (st.dealer + i - 1) % st.n + 1 end
    deal.packets(st, order, { 1, 1, 1, 1 })
    local turned = st.stock:draw()
    st.trump = turned.suit
    st.stock:put_bottom(turned)
    st.turn = st.given and st.given.leader or order[1]
    return "play"
  end,
  phases = { play = play },
  score = function(st) -- KOZ-R13's count: each side's card points, face-down ones included
    for side, list in ipairs(st.sides) do
      local points = 0
      for _, s in ipairs(list) do points = points + st.won[s]:points() end
      score.add(st, side, points, nil, "card points")
    end
  end,
}

-- KOZ-01 through the framework: Alina (1) leads AD KD JD, Boris (2) beats
-- with 7H 8H QH, Gelja (3) with 6S KH TH, Daniil (4) cannot beat and plays
-- face down; Gelja wins, the stock refills every hand from her on.
local function koz01()
  return game.new(def, { seed = 1, hands = 1, deal = { leader = 1,
    hands = { "AD KD JD 7S", "7H 8H QH 9S", "6S KH TH 9C", "7C 8C 9D QS" },
    stock = "AH 6D 6C 6H" } })
end

t.test("KOZ-01: a set trick through the framework", function()
  local g = koz01()
  local st = g.state
  t.eq(st.trump, "H", "KOZ-R5: the turned card names trump")
  t.eq(tostring(st.stock:bottom()), "AH", "and is drawn last")
  t.eq(g:mover(), 1)
  t.eq(g:why("lead AD KD JD"), nil, "KOZ-R7: three of one suit lead")
  t.eq(g:why("lead AD 7S").rule, "KOZ-R9", "two suits do not")
  g:play("lead AD KD JD")
  t.eq(g:why("lead 7H 8H QH").because,
    "the trick is already led: type beat CARDS (face up) or down CARDS (face down)")
  t.eq(g:why("beat 7H 8H").rule, "KOZ-R9", "as many cards as the lead")
  g:play("beat 7H 8H QH") -- KOZ-R8: every heart trumps a diamond
  local v = g:why("beat KH TH 9C")
  t.ok(v and v.because:find("beat", 1, true), "9C beats nothing: " .. tostring(v and v.because))
  g:play("beat 6S KH TH") -- TH>QH, KH>8H, 6S>7H
  t.ok(g:why("beat 7C 8C 9D") ~= nil, "Daniil cannot beat face up")
  local legal = g:legal()
  for _, a in ipairs(legal) do t.eq(a.verb, "down", "only face down is left: " .. g:text(a)) end
  t.eq(#legal, 4, "any three of his four cards")
  g:play("down 7C 8C 9D")
  t.eq(st.tricks_won[3], 1, "KOZ-R10: Gelja's set stands")
  t.eq(st.won[3]:points(), 17 + 3 + 14, "the visible 34 points, the face-down ones are 0")
  t.eq(#st.won[3], 12, "and all twelve cards")
  t.eq(g:mover(), 3, "KOZ-R12: the winner leads")
  -- KOZ-R11: from Gelja on, one card each in rotation, the turned card last
  t.eq(st.hands[3], st.deck:hand("6D 9C"), "Gelja drew first")
  t.eq(st.hands[4], st.deck:hand("6C QS"))
  t.eq(st.hands[1], st.deck:hand("6H 7S"))
  t.eq(st.hands[2], st.deck:hand("AH 9S"), "Boris drew the turned trump card")
  t.eq(#st.stock, 0)
end)

t.test("a set of one card is a Hand in the trick of views (tricks.at)", function()
  local g = koz01()
  g:play("lead 7S")
  local _, card = g.state.ctrick:at(1)
  t.eq(getmetatable(card).__name, "talon.Card", "the engine gives the card")
  local _, set = tricks.at(g.state.ctrick, 1)
  t.eq(getmetatable(set).__name, "talon.Hand", "tricks.at gives the set")
  t.eq(tostring(g:view(2).trick.cards[1]), "{7S}", "and so does the view")
  t.eq(g:view(2).trick.seats, { 1 }, "with its seat")
end)

t.test("face-down plays are hidden in views and events (KOZ-R10)", function()
  local g = koz01()
  g:play("lead AD KD JD")
  g:play("down 7H 8H QH")
  local other, own = g:view(1), g:view(2)
  t.eq(other.trick.cards[2], false, "the others see a face-down set")
  t.eq(own.trick.cards[2], false, "nobody looks at it, its player included")
  t.eq(tostring(other.trick.cards[1]), "{AD KD JD}", "the lead is face up")
  other.trick.cards[1]:add("AS")
  t.eq(tostring(select(2, g.state.ctrick:at(1))), "{AD KD JD}", "a view cannot change the trick")
  local public = g:explain(#g:events())
  t.eq(public, "P2 acts face down", "the table is told only that")
  local told
  for _, ev in ipairs(g:view(2).events) do
    if ev.text == "P2: down QH 8H 7H" then told = true end
  end
  t.ok(told, "the player is told what he played")
  for _, ev in ipairs(g:view(1).events) do
    t.ok(not ev.text:find("7H", 1, true), "no other seat reads the cards: " .. ev.text)
  end
end)

t.test("a set game keeps every invariant in random play", function()
  for _, n in ipairs({ 4, 3, 2 }) do
    local fail = invariants.run(def, { options = { players = n }, hands = 2 }, 40)
    t.eq(fail, nil, n .. " players: " .. tostring(fail and fail.text))
  end
end)

-- deal.replenish (KOZ-R11, BES-R7): from the given seat on, one card at a
-- time to each hand short of the size, until all are full or the stock is
-- empty.
t.test("replenish draws in rotation from the winner", function()
  local g = game.new(def, { seed = 1, hands = 1, options = { players = 3 } })
  local st = g.state
  for s = 1, 3 do st.hands[s]:clear() end
  st.hands[1]:add("AS"); st.hands[2]:add("QS JS TS"); st.hands[3]:add("9S")
  st.stock = st.deck:pile("AD KD QD JD TD")
  t.eq(deal.replenish(st, 2, 3), 4, "four cards drawn")
  t.eq(st.hands[2], st.deck:hand("QS JS TS"), "seat 2 is full and draws nothing")
  t.eq(st.hands[3], st.deck:hand("9S AD QD"), "seat 3 draws first, in each round")
  t.eq(st.hands[1], st.deck:hand("AS KD JD"), "then seat 1")
  t.eq(tostring(st.stock), "[TD]", "the rest stays")
  st.hands[1]:remove("AS")
  st.stock = st.deck:pile()
  for _ = 1, #st.deck:pile() do st.stock:draw() end
  t.eq(deal.replenish(st, 1, 3), 0, "an empty stock: nothing drawn")
end)
