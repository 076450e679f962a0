-- Hosgin's meld table (RULES.md §1.6) through the talon.melds binding:
-- the seed's totals (EXAMPLES.md HOS-01 … HOS-05), subsumption (HOS-R18),
-- both HOS-R21 options, the breakdown and discard locking (HOS-R15).
local t = require "talon.host.testing"
local talon = require "talon"
local hosgin_melds = require "tests.lua.meld.hosgin_melds"

local deck = talon.deck(hosgin_melds.deck)
local melds = talon.melds(deck, hosgin_melds.table())
local scaled = talon.melds(deck, hosgin_melds.table("scaled"))

-- The four totals of score_all as one string, "S H D C" order.
local function all4(...)
  return table.concat({ ... }, " ")
end

local H2 = "KS QS KH QH KD QD KC QC JH TH AH TSx4 TDx4 TCx4 AS AD"
local H3 = "KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2 TSx4 TDx4 TC"
local H4 = "JS QS KS JH QH KH JD QD KD JC QC KC TSx4 THx4 TDx4 TC"

t.test("HOS-01 a plain bella is 20 (HOS-R19 BELLAS)", function()
  t.eq(melds:score(deck:hand("QH KH"), "D"), 20, "QH KH, trump D")
end)

t.test("HOS-02 trump bella 40, trump series 150 with its bella (HOS-R18c)", function()
  t.eq(melds:score(deck:hand("QD KD"), "D"), 40, "trump bella")
  t.eq(melds:score(deck:hand("JD QD KD TD AD"), "D"), 150, "trump series")
  t.eq(melds:score("JD QD KD TD AD", "H"), 20, "same cards, trump H: a bella")
end)

t.test("HOS-03 complete + trump series = 350 in trump H, 240 otherwise (HOS-R20)", function()
  t.eq(all4(melds:score_all(deck:hand(H2))), "240 350 240 240", "S H D C")
  t.eq(melds:score(deck:hand(H2), "H"), 350, "single trump")
end)

t.test("HOS-04 complete + double trump series = 500, 260 otherwise (HOS-R20, R22)", function()
  t.eq(all4(melds:score_all(deck:hand(H3))), "260 500 260 260", "S H D C")
end)

t.test("HOS-05 J Q K of every suit = 320 for every trump (HOS-R20)", function()
  t.eq(all4(melds:score_all(deck:hand(H4))), "320 320 320 320", "S H D C")
end)

t.test("HOS-R18a double series replaces the single; 3 or 4 count as double (HOS-R21)", function()
  t.eq(melds:score("JSx2 JHx2 JDx2 JCx2", "S"), 400, "double J series, no JD/QS pair")
  t.eq(melds:score("JSx3 JHx3 JDx3 JCx3", "S"), 400, "triple as double")
  t.eq(melds:score("ASx4 AHx4 ADx4 ACx4", "S"), 1000, "quadruple as double")
  t.eq(melds:score("JS JHx2 JDx2 JCx2", "S"), 40, "one suit single: single series")
end)

t.test("HOS-R21 scaled: triple 1.5x, quadruple 2x the double", function()
  t.eq(scaled:score("ASx3 AHx3 ADx3 ACx3", "S"), 1500, "triple A")
  t.eq(scaled:score("ASx4 AHx4 ADx4 ACx4", "S"), 2000, "quadruple A")
  t.eq(scaled:score("KSx3 KHx3 KDx3 KCx3", "S"), 1200, "triple K")
  t.eq(scaled:score("JSx4 JHx4 JDx4 JCx4", "S"), 800 + 0, "quadruple J; JD without QS")
  t.eq(scaled:score("QSx3 JDx3", "S"), 300, "a triple J♦/Q♠ stays 300")
end)

t.test("§1.6 double complete series = 2400 with its 8 bellas and double Q/K series", function()
  t.eq(melds:score("QSx2 KSx2 QHx2 KHx2 QDx2 KDx2 QCx2 KCx2", "C"), 2400, "no trump series")
end)

t.test("HOS-R19 PINIK 40/300/300 for 1..3 pairs; 4 pairs are HOSGIN, no meld points", function()
  for p, want in ipairs({ 40, 300, 300, 0 }) do
    local h = deck:hand()
    h:add("JD QS", p)
    t.eq(melds:score(h, "H"), want, p .. " pairs")
  end
end)

t.test("breakdown: melds with count, level, points; nets sum to the total (HOS-R20)", function()
  local total, items = melds:breakdown(deck:hand(H2), "H")
  t.eq(total, 350, "total")
  local sum, by = 0, {}
  for _, it in ipairs(items) do
    sum = sum + it.net
    by[it.name .. (it.suit or "")] = it
    t.eq(it.net, it.points - it.included, it.name .. " net")
  end
  t.eq(sum, total, "nets sum to the total")
  t.eq(by["complete series"].points, 240, "complete series points")
  t.eq(by["trump series" .. "H"].points, 150, "trump series points")
  t.eq(by["bellaH"].included, 80, "the shared trump bella is in both series")
  t.eq(by["bellaS"].net, 0, "a plain bella inside the complete series")
  t.ok(by["trump seriesH"].cards == deck:hand("JH QH KH TH AH"), "cards the trump series uses")
  t.eq(by["queen series"].level, 1, "single Q series")
  t.eq(by["jack series"], nil, "no J series: JS JD JC missing")
end)

t.test("breakdown level and count: a triple scores at level 2 under 'double'", function()
  local _, items = melds:breakdown("JSx3 JHx3 JDx3 JCx3", "S")
  t.eq(items[1].name, "jack series", "one meld")
  t.eq(items[1].count, 3, "count 3")
  t.eq(items[1].level, 2, "level 2")
  t.eq(items[1].uses, 2, "uses 2 copies")
  t.eq(#items, 1, "only the series")
end)

t.test("HOS-R15 locked copies: per card the largest requirement of the scored melds", function()
  t.ok(melds:locked(deck:hand(H3), "H") ==
       deck:hand("KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2"), "H3, trump H")
  t.ok(melds:locked("JSx3 JHx3 JDx3 JCx3 QS", "S") ==
       deck:hand("JSx2 JHx2 JDx2 JCx2 QS"), "double series locks 2, pinik 1")
  t.ok(melds:locked("JDx4 QSx4", "S") == deck:hand("JDx4 QSx4"), "HOSGIN locks all")
  t.ok(melds:locked("JDx3 QSx3", "S") == deck:hand("JDx2 QSx2"), "triple pinik locks 2")
  t.eq(#melds:locked("AS TS KH", "S"), 0, "no meld, nothing locked")
end)

t.test("no trump: trump series and trump points vanish", function()
  t.eq(melds:score("JD QD KD TD AD"), 20, "nil trump")
  t.eq(melds:score("JD QD KD TD AD", false), 20, "false trump")
end)

t.test("a Card names the trump by its suit", function()
  t.eq(melds:score("JD QD KD TD AD", deck:card("AD")), 150, "card trump")
end)
