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
