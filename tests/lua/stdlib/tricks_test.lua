-- talon.tricks beside its phases: the per-deck card cache of the per-card
-- path (st.info), the plays of the current trick as the table saw them
-- (tricks.at), and the legal cards of tricks.phase written into one Hand
-- the state keeps (HOK-R3). The trick itself is the C engine's
-- (tests/lua/trick/).
local t = require "talon.host.testing"
local tricks = require "talon.tricks"
local game = require "talon.game"
local talon = require "talon"

local deck = talon.deck({ ranks = "A K Q J T 9 8 7 6 5 4 3 2" })

t.test("info: suit and rank of every card, cached per deck", function()
  local inf = tricks.info(deck)
  t.eq(inf.suit[deck:card("QH")], "H", "suit")
  t.eq(inf.rank[deck:card("AS")], 0, "the highest rank is 0")
  t.eq(inf.rank[deck:card("2S")], 12, "the lowest")
  t.ok(rawequal(tricks.info(deck), inf), "one table per deck")
end)

t.test("at: a one-card trick gives Cards, as t:at does (RULES.md §0)", function()
  local tr = talon.trick(talon.trickrules(deck, { follow = true }), "H")
  tr:play(2, "QS")
  tr:play(3, "KS")
  local seat, card, down = tricks.at(tr, 2)
  t.eq(seat, 3, "the seat")
  t.ok(card == deck:card("KS"), "the card: " .. tostring(card))
  t.eq(down, false, "face up")
end)

-- the smallest follow-suit game: two seats, three cards each, one hand
local def = game.define {
  name = "Follow",
  summary = "two seats follow suit for three tricks",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "players" } },
  deck = { ranks = "A K Q J T 9 8 7 6 5 4 3 2" },
  deal = function(st)
    st.hands[1]:add("AS KH 3H")
    st.hands[2]:add("QS 2H 5D")
    st.turn = 2
    return "play"
  end,
  phases = {
    play = tricks.phase {
      doc = "follow suit",
      rules = { follow = true }, -- HOK-R3
      rule = "HOK-R3",
      on_trick = function(st) if #st.hands[1] == 0 then return "end" end end,
    },
  },
  score = function() end,
}

t.test("tricks.phase: legal cards in one Hand the state keeps (HOK-R3)", function()
  local g = game.new(def, { seed = 1, hands = 1 })
  local st = g.state
  t.ok(g:legal_hand() == st.hands[2], "leading: the whole hand")
  g:play("2H")
  local l1 = g:legal_hand()
  t.eq(tostring(l1), "{KH 3H}", "seat 1 must follow hearts")
  t.ok(rawequal(l1, st.legal_into), "written into the state's Hand")
  g:play("KH")
  g:play("AS")
  t.ok(rawequal(g:legal_hand(), st.legal_into), "the same Hand, rewritten")
  t.eq(tostring(g:legal_hand()), "{QS}", "now seat 2's spades")
end)
