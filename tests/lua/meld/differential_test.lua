-- The C meld scorer against naive Lua transcriptions of the rules
-- (tests/lua/reference/meld_ref.lua; STYLE rule 22): Hosgin's HOS-R19
-- (with HOS-R21 both ways) and Besigue's §6.4, on seeded random deals and
-- on exhaustive small cases, for every trump. A disagreement reports the
-- seed (or case) that shows it first.
local t = require "talon.host.testing"
local talon = require "talon"
local hosgin_melds = require "tests.lua.meld.hosgin_melds"
local besigue_melds = require "tests.lua.meld.besigue_melds"
local meld_ref = require "tests.lua.reference.meld_ref"

local SUITS = { "S", "H", "D", "C" }
local deck = talon.deck(hosgin_melds.deck)
local HRANKS = deck:ranks()
local tables = {
  double = talon.melds(deck, hosgin_melds.table("double")),
  scaled = talon.melds(deck, hosgin_melds.table("scaled")),
}

-- nil when the C scorer agrees with HOS-R19 on h for all trumps and both
-- options, else a sentence saying where it does not.
local function hosgin_disagreement(h)
  local n = meld_ref.counts(h, HRANKS)
  for option, m in pairs(tables) do
    local got = { m:score_all(h) }
    for i, s in ipairs(SUITS) do
      local want = meld_ref.hosgin(n, s, option)
      if got[i] ~= want or m:score(h, s) ~= want then
        return string.format("%s trump %s option %s: C %d, HOS-R19 %d",
          tostring(h), s, option, got[i], want)
      end
    end
  end
  return nil
end

t.test("HOS-R19 = C on 5000 seeded deals of 25 and 30 cards, 4 trumps, both HOS-R21", function()
  local first
  for seed = 1, 5000 do
    local p = deck:pile():shuffle(talon.rng(seed))
    local h25 = deck:hand()
    p:deal({ h25 }, { 25 })
    local h30 = h25:copy()
    p:deal({ h30 }, { 5 })
    local bad = hosgin_disagreement(h25) or hosgin_disagreement(h30)
    if bad then first = "seed " .. seed .. ": " .. bad; break end
  end
  t.eq(first, nil, "first disagreement")
end)

t.test("HOS-R19 = C on 3000 dense random counts (triples, quadruples, HOSGIN)", function()
  local first
  local kinds = deck:kinds()
  for seed = 1, 3000 do
    local r, h = talon.rng("dense" .. seed), deck:hand()
    for _, c in ipairs(kinds) do
      local k = r:int(0, 4)
      if k > 0 then h:add(c, k) end
    end
    local bad = hosgin_disagreement(h)
    if bad then first = "seed dense" .. seed .. ": " .. bad; break end
  end
  t.eq(first, nil, "first disagreement")
end)

-- Calls f(h) for every hand with 0..max copies of each listed card.
local function each_hand(cards, max, f)
  local counts = {}
  for i = 1, #cards do counts[i] = 0 end
  while true do
    local h = deck:hand()
    for i, c in ipairs(cards) do
      if counts[i] > 0 then h:add(c, counts[i]) end
    end
    if f(h) then return end
    local i = 1
    while i <= #cards and counts[i] == max do counts[i] = 0; i = i + 1 end
    if i > #cards then return end
    counts[i] = counts[i] + 1
  end
end

t.test("HOS-R19 = C scorer on every hand of 0..2 Q and K per suit (3^8 hands)", function()
  local first
  each_hand({ "QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC" }, 2, function(h)
    first = hosgin_disagreement(h)
    return first
  end)
  t.eq(first, nil, "first disagreement")
end)

t.test("HOS-R19 = C scorer on every hand of 0..2 J Q K T A of H with 0..4 JD and QS", function()
  local first
  each_hand({ "JH", "QH", "KH", "TH", "AH", "JD", "QS" }, 4, function(h)
    if h:count("JH") + h:count("QH") + h:count("KH") + h:count("TH") + h:count("AH") <= 10 then
      first = hosgin_disagreement(h)
    end
    return first
  end)
  t.eq(first, nil, "first disagreement")
end)

t.test("§6.4 Besigue = C scorer on 3000 seeded 8- to 24-card hands of 2 and 3 packs", function()
  local first
  for _, packs in ipairs({ 2, 3 }) do
    local bdeck = talon.deck(besigue_melds.deck(packs))
    local plain = talon.melds(bdeck, besigue_melds.table())
    local any = talon.melds(bdeck, besigue_melds.table({ quint_any_suit = true }))
    for seed = 1, 1500 do
      local r = talon.rng(seed)
      local h = bdeck:hand()
      bdeck:pile():shuffle(r):deal({ h }, { r:int(8, 24) })
      local n = meld_ref.counts(h, bdeck:ranks())
      for _, s in ipairs(SUITS) do
        local a, b = plain:score(h, s), any:score(h, s)
        if a ~= meld_ref.besigue(n, s, false) or b ~= meld_ref.besigue(n, s, true) then
          first = string.format("packs %d seed %d trump %s: %s", packs, seed, s, tostring(h))
          break
        end
      end
      if first then break end
    end
  end
  t.eq(first, nil, "first disagreement")
end)
