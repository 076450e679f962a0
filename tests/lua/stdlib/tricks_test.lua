-- talon.tricks: the general trick winner of RULES.md §0 (highest trump,
-- else the highest card of the suit led; identical cards: first played
-- wins) and follow-suit legality (HOK-R3), checked against a naive
-- reference over seeded random tricks.
local t = require "talon.host.testing"
local tricks = require "talon.tricks"
local talon = require "talon"

local deck = talon.deck({ ranks = "A K Q J T 9 8 7 6 5 4 3 2" })
local inf = tricks.info(deck)

local function trick_of(tokens)
  local tr = tricks.new()
  for i, tok in ipairs(tokens) do
    local c = deck:card(tok)
    tricks.add(tr, i, c, c.suit)
  end
  return tr
end

t.test("trump beats the suit led; off-suit cards never win (§0, HOK-R4)", function()
  t.eq(tricks.winner(trick_of({ "2S", "AS", "3H", "KS" }), inf, "H"), 3, "the only trump")
  t.eq(tricks.winner(trick_of({ "2S", "AS", "AD", "KS" }), inf, "H"), 2, "highest spade")
  t.eq(tricks.winner(trick_of({ "2S", "AD", "AC", "AH" }), inf, nil), 1, "no trump: led suit")
  local _, why = tricks.winner(trick_of({ "2S", "3H", "4H" }), inf, "H")
  t.eq(why, "trump", "reason")
end)

-- the reference: scan for the best card by (is trump, is led, rank)
local function reference(cards, trump)
  local best, key = 1, -1
  for i, c in ipairs(cards) do
    local k = -1
    if c.suit == trump then k = 200 - c.rank_index
    elseif c.suit == cards[1].suit then k = 100 - c.rank_index end
    if k > key then best, key = i, k end
  end
  return best
end

t.test("winner agrees with the naive reference on 2000 random tricks", function()
  local rng = talon.rng(99)
  local kinds = deck:kinds()
  for round = 1, 2000 do
    local pool = rng:shuffle({ table.unpack(kinds) })
    local n = rng:int(2, 4)
    local cards = { table.unpack(pool, 1, n) }
    local tr = tricks.new()
    for i, c in ipairs(cards) do tricks.add(tr, i, c, c.suit) end
    local trump = ({ "S", "H", "D", "C" })[rng:int(1, 4)]
    t.eq(tricks.winner(tr, inf, trump), reference(cards, trump), "round " .. round)
  end
end)

t.test("follow: the led suit if held, else the whole hand (HOK-R3)", function()
  local h = deck:hand("AS 9S KH 2D")
  t.eq(tostring(tricks.follow(h, "S")), tostring(deck:hand("AS 9S")), "spades only")
  t.eq(#tricks.follow(h, "C"), 4, "void: anything")
  t.eq(#tricks.follow(h, nil), 4, "leading: anything")
end)

t.test("legal: follow suit into one Hand the trick reuses (HOK-R3)", function()
  local tr = trick_of({ "2S" })
  local a, b = deck:hand("AS 9S KH"), deck:hand("QS 2D")
  local la = tricks.legal(tr, a)
  t.eq(tostring(la), "{AS 9S}", "spades only")
  t.ok(rawequal(tricks.legal(tr, b), la), "the same Hand, rewritten")
  t.eq(tostring(la), "{QS}", "now the second hand's spades")
  local void = deck:hand("KH 2D")
  t.ok(rawequal(tricks.legal(tr, void), void), "void: the whole hand")
end)

t.test("follow_legal: the legal hook of follow-suit play (HOK-R3)", function()
  local st = { trick = trick_of({ "2H" }), hands = { deck:hand("AS KH 3H"), deck:hand("QS") } }
  local l1 = tricks.follow_legal(st, 1)
  t.eq(tostring(l1), "{KH 3H}", "seat 1 must follow hearts")
  t.ok(rawequal(l1, st.trick.legal_hand), "written into the trick's Hand")
  t.ok(rawequal(tricks.follow_legal(st, 2), st.hands[2]), "seat 2 is void: any card")
end)

t.test("clear empties a trick for reuse", function()
  local tr = trick_of({ "2S", "AS" })
  tricks.clear(tr)
  t.eq(tr.n, 0, "no cards")
  t.eq(tr.cards[1], nil, "array cleared")
  t.eq(tr.led, nil, "no suit led")
end)
