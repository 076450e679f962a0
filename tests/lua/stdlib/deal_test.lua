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

-- deal.turn_up and deal.exchange_turn_up (RULES.md §7, BES-R9): a card of
-- a hand takes the turned card's place under the stock, drawn last; the
-- order of the other cards is kept; a card not held changes nothing.
t.test("exchange_turn_up swaps a hand's card for the turned card under the stock", function()
  local talon = require "talon"
  local deal = require "talon.deal"
  local deck = talon.deck { ranks = "A K Q J T 9 8 7" }
  local st = { stock = deck:pile("JD AS KS QS"), trump = nil }
  local hand = deck:hand("7D 8C")
  t.eq(deal.turn_up(st):name("ascii"), "JD")
  t.eq(tostring(st.stock), tostring(deck:pile("AS KS QS JD")), "turned and put under")
  t.eq(deal.exchange_turn_up(st, hand, deck:card("7D")):name("ascii"), "JD")
  t.eq(tostring(st.stock), tostring(deck:pile("AS KS QS 7D")), "the seven in its place")
  t.eq(st.trump_card:name("ascii"), "7D")
  t.eq(hand, deck:hand("JD 8C"))
  t.checkerror("7D is not in the hand", deal.exchange_turn_up, st, hand, deck:card("7D"))
  t.eq(tostring(st.stock), tostring(deck:pile("AS KS QS 7D")), "unchanged")
  t.checkerror("stock is empty", deal.exchange_turn_up, { stock = deck:pile({}) }, hand,
    deck:card("8C"))
end)

-- An explicit deal's dealer is honoured by the framework: it is st.dealer
-- when the game's deal hook runs, whatever setup chose (the template deals
-- from the seat after the dealer: that seat is dealt the first hand).
t.test("an explicit deal sets the dealer; a seat that is not one is refused", function()
  local g = game.new(def, { seed = 1, hands = 1,
    deal = { dealer = 2, hands = { "AS KS QS JS TS", "AH KH QH JH TH" } } })
  t.eq(g.state.dealer, 2, "st.dealer")
  t.eq(g:mover(), 1, "the seat after the dealer leads")
  t.checkerror("explicit deal: the dealer is a seat 1 to 2, not 3", game.new, def,
    { deal = { dealer = 3 } })
  t.checkerror("explicit deal: the dealer is a seat 1 to 2, not x", game.new, def,
    { deal = { dealer = "x" } })
end)

-- A turned-up card is the stock's top card: an explicit stock lists it
-- first (Euchre's up-card, then the kitty).
t.test("an explicit stock is dealt from its top: the up-card first", function()
  local euchre = assert(loader.load("euchre"))
  local g = game.new(euchre, { seed = 1, hands = 1, deal = { dealer = 3,
    hands = { "9S AH KD TH AD", "JS QC TC JH KC", "9C 9H QH TS TD", "JD QS AC JC QD" },
    stock = "KS 9D KH AS" } })
  local st = g.state
  t.eq({ st.dealer, tostring(st.upcard), tostring(st.stock:top()), #st.stock },
    { 3, "KS", "KS", 4 })
  t.eq(g:mover(), 4, "the seat left of the dealer bids first")
end)
