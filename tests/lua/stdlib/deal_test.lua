-- talon.deal and explicit deals (docs/framework.md §4): a given deal is
-- dealt in the order listed, a card given twice is refused naming it, and
-- a seeded deal is reproducible.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"

local def = assert(loader.load("_template"))

t.test("explicit hands are dealt as given", function()
  local g = game.new(def, { seed = 1, hands = 1,
    deal = { hands = { "AS KS QS JS TS", "AH KH QH JH TH" } } })
  t.eq(tostring(g.state.hands[1]), tostring(g.state.deck:hand("AS KS QS JS TS")), "seat 1")
  t.eq(tostring(g.state.hands[2]), tostring(g.state.deck:hand("AH KH QH JH TH")), "seat 2")
  t.eq(#g.state.stock, 22, "the rest is the stock")
end)

t.test("a card given twice is refused naming the card", function()
  t.checkerror("AS", game.new, def, { deal = { hands = { "AS KS QS JS TS", "AS KH QH JH TH" } } })
end)

t.test("a short explicit hand is refused naming the seat", function()
  t.checkerror("seat 2", game.new, def, { deal = { hands = { "AS KS QS JS TS", "AH" } } })
end)

t.test("the same seed deals the same cards; another seed does not", function()
  local a = game.new(def, { seed = 12, hands = 1 })
  local b = game.new(def, { seed = 12, hands = 1 })
  local c = game.new(def, { seed = 13, hands = 1 })
  t.eq(tostring(a.state.hands[1]), tostring(b.state.hands[1]), "reproducible")
  t.ok(tostring(a.state.hands[1]) ~= tostring(c.state.hands[1])
    or tostring(a.state.hands[2]) ~= tostring(c.state.hands[2]), "seed matters")
end)

-- RULES.md §7 "draw rotation from the trick winner" (KOZ-R11) among the
-- seats in play only: a seat sitting out (an eliminated player, KOZ-R14)
-- neither holds nor draws cards, so every card of the stock stays in play.
t.test("replenish passes over the seats sitting out", function()
  local deal = require "talon.deal"
  local g = game.new(def, { seed = 1, options = { players = 3 }, hands = 1 })
  local st = g.state
  for s = 1, 3 do st.hands[s]:clear() end
  st:sit_out(2)
  local drawn = deal.replenish(st, 1, 4)
  t.eq({ drawn, #st.hands[1], #st.hands[2], #st.hands[3] }, { 8, 4, 0, 4 },
    "seats 1 and 3 draw four each, seat 2 none")
  st:sit_in(2)
  t.eq(deal.replenish(st, 3, 4), 4, "back in play, seat 2 draws again")
  t.eq(#st.hands[2], 4)
end)

-- KZM-R8's leftover option: with 'whole' the draw stops when the stock
-- cannot give a card to every seat short of cards; the rest stays.
t.test("replenish with whole rounds leaves what cannot serve everyone", function()
  local deal = require "talon.deal"
  local g = game.new(def, { seed = 1, options = { players = 3 }, hands = 1 })
  local st = g.state
  for s = 1, 3 do st.hands[s]:clear() end
  while #st.stock > 7 do st.stock:draw() end
  t.eq(deal.replenish(st, 2, 4, true), 6, "two rounds of three; one card is too few")
  t.eq({ #st.hands[1], #st.hands[2], #st.hands[3], #st.stock }, { 2, 2, 2, 1 })
  t.eq(deal.replenish(st, 2, 4), 1, "without 'whole' the last card goes to seat 2")
end)
