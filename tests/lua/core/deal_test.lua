-- Dealing every seed game's pattern from Lua (docs/api.md "Piles",
-- "Randomness"): the sizes each rule asks for, the same deal for the same
-- seed, a different deal for another seed, and failures that change
-- nothing.
local t = require "talon.host.testing"
local talon = require "talon"

local FRENCH = "A K Q J T 9 8 7 6 5 4 3 2"

local function hands(deck, n)
  local hs = {}
  for i = 1, n do hs[i] = deck:hand() end
  return hs
end

-- Each case deals with the given seed and returns the hands, the pile and
-- the turned-up card (if any); one entry per rule cited.
local CASES = {
  { -- HOK-R9: four players, 5 then 4 then 4, 13 each, nothing left.
    name = "hokm 4p", sizes = { 13, 13, 13, 13 }, left = 0,
    deal = function(seed)
      local d = talon.deck { ranks = FRENCH }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 4)
      p:deal(hs, { 5, 4, 4 })
      return hs, p
    end },
  { -- HOK-R12, HOK-R13: 2C out, 5 each, pause for trump, then 4-4-4: 17.
    name = "hokm 3p", sizes = { 17, 17, 17 }, left = 0,
    deal = function(seed)
      local d = talon.deck { ranks = FRENCH, strip = "2C" }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 3)
      p:deal(hs, { 5 })
      t.eq(#hs[1] + #hs[2] + #hs[3], 15, "hokm 3p: fives before the pause")
      p:deal(hs, { 4, 4, 4 })
      t.ok(not tostring(hs[1] + hs[2] + hs[3]):find("2C"), "hokm 3p: 2C was stripped")
      return hs, p
    end },
  { -- HOS-R7: five rounds of five to V, M, D; 5 cards form the stock.
    name = "hosgin", sizes = { 25, 25, 25 }, left = 5,
    deal = function(seed)
      local d = talon.deck { ranks = "A T K Q J", copies = 4, points = "11 10 4 3 2" }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 3)
      p:deal(hs, { 5, 5, 5, 5, 5 })
      return hs, p
    end },
  { -- BES-R4: 3-2-3 to two players, the 17th card turned and put under the
    -- talon (drawn last, BES-R7): 47 + 1 cards remain.
    name = "besigue 2p", sizes = { 8, 8 }, left = 48, turned = true,
    deal = function(seed)
      local d = talon.deck { ranks = "A T K Q J 9 8 7", copies = 2 }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 2)
      p:deal(hs, { 3, 2, 3 })
      local up = p:draw()
      p:put_bottom(up)
      return hs, p, up
    end },
  { -- BES-R4 with three packs: the 25th card is turned, 71 + 1 remain.
    name = "besigue 3p", sizes = { 8, 8, 8 }, left = 72, turned = true,
    deal = function(seed)
      local d = talon.deck { ranks = "A T K Q J 9 8 7", copies = 3 }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 3)
      p:deal(hs, { 3, 2, 3 })
      local up = p:draw()
      p:put_bottom(up)
      return hs, p, up
    end },
  { -- KOZ-R5: four cards one at a time to three players, then the trump card
    -- turned and put under the talon.
    name = "kosel 3p", sizes = { 4, 4, 4 }, left = 24, turned = true,
    deal = function(seed)
      local d = talon.deck { ranks = "A T K Q J 9 8 7 6" }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 3)
      p:deal(hs, { 1, 1, 1, 1 })
      local up = p:draw()
      p:put_bottom(up)
      return hs, p, up
    end },
  { -- BUR-R3: three cards singly to six players; 36 - 18 = 18 remain.
    name = "bura 6p", sizes = { 3, 3, 3, 3, 3, 3 }, left = 18, turned = true,
    deal = function(seed)
      local d = talon.deck { ranks = "A T K Q J 9 8 7 6" }
      local p, hs = d:pile():shuffle(talon.rng(seed)), hands(d, 6)
      p:deal(hs, { 1, 1, 1 })
      local up = p:draw()
      p:put_bottom(up)
      return hs, p, up
    end },
}

-- One string for a whole deal: every hand, then the pile top to bottom.
local function snapshot(hs, p)
  local parts = {}
  for i, h in ipairs(hs) do parts[i] = tostring(h) end
  parts[#parts + 1] = tostring(p)
  return table.concat(parts, " | ")
end

t.test("every seed pattern deals the sizes its rule asks for", function()
  for _, case in ipairs(CASES) do
    local hs, p, up = case.deal(2024)
    for i, size in ipairs(case.sizes) do
      t.eq(#hs[i], size, case.name .. ": hand " .. i)
    end
    t.eq(#p, case.left, case.name .. ": cards left")
    if case.turned then
      t.ok(rawequal(p:bottom(), up), case.name .. ": the turn-up is drawn last")
    end
    local all = p:hand()
    for _, h in ipairs(hs) do all = all + h end
    t.ok(all == hs[1]:deck():full(), case.name .. ": no card lost or doubled")
  end
end)

-- RULES.md §0 "Seeded randomness": same seed, same deal, always.
t.test("the same seed deals the same cards; another seed does not", function()
  for _, case in ipairs(CASES) do
    local a, b = snapshot(case.deal(77)), snapshot(case.deal(77))
    t.eq(a, b, case.name .. ": same seed")
    t.ne(snapshot(case.deal("seventy-seven")), a, case.name .. ": other seed")
  end
end)

-- pile.h: packets come off the top in seat order, hands[1] first.
t.test("packets come off the top in seat order", function()
  local d = talon.deck { ranks = FRENCH }
  local p = d:pile("AS KS QS JS TS 9S 8S 7S")
  local hs = hands(d, 2)
  p:deal(hs, { 2, 1 })
  t.eq(tostring(hs[1]), "{AS KS TS}")
  t.eq(tostring(hs[2]), "{QS JS 9S}")
  t.eq(tostring(p), "[8S 7S]")
end)

-- docs/api.md "Piles": with an order, the hands it names (seats into
-- 'hands', read raw; one may come twice) receive the packets in its order.
t.test("an order deals to the hands it names, in its order", function()
  local d = talon.deck { ranks = FRENCH }
  local p = d:pile("AS KS QS JS TS 9S 8S 7S")
  local hs = hands(d, 3)
  t.eq(p:deal(hs, { 2 }, { 3, 1 }), p, "returns the pile")
  t.eq(tostring(hs[3]), "{AS KS}")
  t.eq(tostring(hs[1]), "{QS JS}")
  t.eq(#hs[2], 0, "a hand the order leaves out gets nothing")
  p:deal(hs, { 1 }, { 2, 2 })
  t.eq(tostring(hs[2]), "{TS 9S}")
  for _, bad in ipairs { { 4 }, { 0 }, { "1" }, { 1.5 }, {} } do
    t.checkerror("bad argument", p.deal, p, hs, { 1 }, bad)
  end
  t.eq(tostring(p), "[8S 7S]", "a refused order deals nothing")
end)

-- docs/api.md "Piles": a deal the pile cannot serve raises and changes
-- neither the pile nor the hands.
t.test("a failed deal changes nothing", function()
  local d = talon.deck { ranks = "A T K Q J 9 8 7 6" }
  local p = d:pile():shuffle(talon.rng(5))
  local hs = hands(d, 3)
  hs[1]:add("AS")
  local before = snapshot(hs, p)
  t.checkerror("the pattern needs 39 cards but the pile holds only 36",
    p.deal, p, hs, { 13 })
  t.checkerror("packet 2 must be an integer", p.deal, p, hs, { 1, -1 })
  t.checkerror("packet 1 must be an integer", p.deal, p, hs, { 1.5 })
  t.checkerror("entry 2 is not a hand of this deck", p.deal, p,
    { hs[1], talon.deck { ranks = "A K" }:hand() }, { 1 })
  t.checkerror("1 to 16 hands", p.deal, p, {}, { 1 })
  t.eq(snapshot(hs, p), before, "pile and hands unchanged")
end)

-- docs/api.md "Piles": reset refills a pile with the whole deck, as
-- deck:pile() makes it, so a new hand can shuffle the same Pile.
t.test("reset gives the whole deck again", function()
  local d = talon.deck { ranks = "A K Q", suits = "S H" }
  local p = d:pile():shuffle(talon.rng(3))
  p:draw(); p:draw()
  t.eq(#p, 4)
  t.eq(p:reset(), p, "returns the pile")
  t.eq(tostring(p), tostring(d:pile()), "the deck in kind order")
  t.eq(p:reset():shuffle(talon.rng(9)):cards(), d:pile():shuffle(talon.rng(9)):cards(),
    "shuffles as a new pile does")
end)

-- docs/api.md "Piles": cut moves the top k cards under the rest.
t.test("cut and the pile's ends", function()
  local d = talon.deck { ranks = FRENCH }
  local p = d:pile("AS KS QS JS")
  p:cut(1)
  t.eq(tostring(p), "[KS QS JS AS]")
  t.eq(tostring(p:top()), "KS"); t.eq(tostring(p:bottom()), "AS")
  t.checkerror("cannot cut 5 cards from a pile of 4", p.cut, p, 5)
  t.eq(#p:cards(), 4)
  for _ = 1, 4 do p:draw() end
  t.eq(p:draw(), nil, "drawing from an empty pile gives nil")
end)
