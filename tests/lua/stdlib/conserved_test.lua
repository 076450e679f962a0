-- talon.conserved (docs/api.md "Hands"): the one-call card count behind
-- the conservation check of `talon check` (talon.host.invariants). It says
-- true only when every place is the engine's own object of the deck and
-- the places hold the deck exactly; anything else is false, for the slow
-- path to name, and never an error.
local t = require "talon.host.testing"
local talon = require "talon"

local deck = talon.deck { ranks = "A K Q J" }

-- Two seats holding the whole deck between their hands, won piles, a
-- stock, the discards and a trick of two cards (one face down).
local function places()
  local rules = talon.trickrules(deck, { face_down = "allowed", lead_sizes = { 1 } })
  local trick = talon.trick(rules)
  assert(trick:play(1, "JH"))
  assert(trick:play(2, "JD", true))
  return {
    full = deck:hand(deck:full()),
    hands = { deck:hand("AS KS"), deck:hand("AH KH QH") },
    won = { deck:hand("QS JS"), deck:hand() },
    stock = deck:pile("AD KD QD"),
    discards = deck:hand("AC KC QC JC"),
    trick = trick,
  }
end

local function conserved(p, n, sizes)
  return talon.conserved(p.full, deck, n or 2, p.hands, p.won, p.stock, p.discards, p.trick,
    p.aside, sizes)
end

t.test("every card in exactly one place: true, and the hand sizes are written", function()
  local p, sizes = places(), { 9, 9, 9 }
  t.eq(conserved(p, 2, sizes), true, "the deck")
  t.eq(sizes[1], 2, "seat 1 holds 2")
  t.eq(sizes[2], 3, "seat 2 holds 3")
  t.eq(sizes[3], 9, "only seats 1..n are written")
  p.stock, p.trick = nil, nil
  p.discards:add("AD KD QD JH JD")
  t.eq(conserved(p), true, "no stock and no trick: nil places are skipped")
end)

t.test("twenty seats: every size is written, past the ones kept while summing", function()
  local big = talon.deck { ranks = "A K Q J T 9 8 7" }
  local hands, won, sizes = {}, {}, {}
  local cards = big:hand(big:full()):cards()
  for s = 1, 20 do
    hands[s] = big:hand(cards[s])
    if s % 3 == 0 then hands[s]:add(cards[20 + s // 3]) end
    won[s] = big:hand()
  end
  local rest = big:hand()
  for i = 27, #cards do rest:add(cards[i]) end
  t.eq(talon.conserved(big:hand(cards), big, 20, hands, won, nil, rest, nil, nil, sizes), true,
    "the deck")
  for s = 1, 20 do t.eq(sizes[s], s % 3 == 0 and 2 or 1, "seat " .. s) end
end)

t.test("cards set aside count, a seat without any too", function()
  local p = places()
  p.hands[2]:remove("QH")
  p.aside = { nil, deck:hand("QH") }
  t.eq(conserved(p), true, "QH set aside by seat 2")
  p.aside = { deck:hand("QH"), deck:hand("QH") }
  t.eq(conserved(p), false, "QH set aside twice")
end)

t.test("a card missing or doubled: false, and no size is written", function()
  local p, sizes = places(), {}
  p.hands[1]:remove("AS")
  t.eq(conserved(p, 2, sizes), false, "AS missing")
  t.eq(next(sizes), nil, "nothing written")
  p.hands[1]:add("AS", 2)
  t.eq(conserved(p), false, "AS twice")
  p = places()
  p.won[2] = p.hands[2]
  t.eq(conserved(p), false, "a Hand in two places")
end)

t.test("more copies than a hand holds are a false, not an error", function()
  local p = places()
  local many = {}
  for s = 1, 20 do many[s] = deck:hand("AS") end
  p.hands = many
  t.eq(conserved(p, 20), false, "AS twenty times")
end)

t.test("anything not the engine's own object of the deck is a false", function()
  local other = talon.deck { ranks = "A K Q J" }
  local function with(field, v)
    local p = places()
    p[field] = v
    return conserved(p)
  end
  t.eq(with("hands", { { "AS", "KS" }, deck:hand("AH KH QH") }), false, "a list of cards")
  t.eq(with("hands", { deck:hand("AS KS") }), false, "a seat missing")
  t.eq(with("won", { other:hand("QS JS"), other:hand() }), false, "another deck's hands")
  t.eq(with("stock", { hand = function() return deck:hand("AD KD QD") end }), false, "a table")
  t.eq(with("discards", nil), false, "no discards")
  t.eq(with("full", other:hand(other:full())), false, "another deck's full hand")
  local p = places()
  t.eq(conserved(p, 2.5), false, "a seat count that is not an integer")
  t.eq(conserved(p, "2"), false, "a seat count that is a string")
  t.eq(talon.conserved(), false, "no argument at all")
end)

t.test("tables are read raw: no metamethod runs", function()
  local touched = false
  local liar = setmetatable({}, { __index = function() touched = true end,
    __len = function() touched = true; return 2 end })
  local p = places()
  p.hands = liar
  t.eq(conserved(p), false, "the liar holds no hand")
  t.eq(touched, false, "no metamethod ran")
end)

t.test("the checked games agree with the slow path on every shipped position", function()
  local loader = require "talon.host.loader"
  local invariants = require "talon.host.invariants"
  local game = require "talon.game"
  local g = game.new(assert(loader.load("hokm")), { seed = 3, quiet = true, checking = true })
  local rng = talon.rng(3)
  for _ = 1, 60 do
    if g:over() then break end
    g:play(g:random(rng))
    local st = g.state
    local fast = talon.conserved(st.full, st.deck, st.n, st.hands, st.won, st.stock, st.discards,
      st.ctrick, st.aside)
    t.eq(fast, invariants.conservation(g) == nil, "one answer")
  end
end)
