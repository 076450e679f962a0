-- Besigue's melds (RULES.md §6.4, corrected seed §6.1) through talon.melds:
-- every value of the table, EXAMPLES.md BES-01, and option quint_any_suit
-- (BES-R13). Which melds a set of cards forms; declaring is the game's job.
local t = require "talon.host.testing"
local talon = require "talon"
local besigue_melds = require "tests.lua.meld.besigue_melds"

local deck2 = talon.deck(besigue_melds.deck(2))
local deck3 = talon.deck(besigue_melds.deck(3))
local melds = talon.melds(deck2, besigue_melds.table())
local melds3 = talon.melds(deck3, besigue_melds.table())
local any_suit = talon.melds(deck2, besigue_melds.table({ quint_any_suit = true }))

t.test("BES-01 meld values, trump H (E1, E2: 80 for four kings, trump marriage 40)", function()
  local cases = {
    { "KS QS", 20, "marriage" },
    { "KH QH", 40, "trump marriage" },
    { "JS JH JD JC", 40, "four jacks" },
    { "QH QD QC QC", 60, "four queens" },
    { "KS KH KD KC", 80, "four kings" },
    { "AS AH AD AC", 100, "four aces" },
    { "AH TH KH QH JH", 250, "quint major" },
    { "QS JD", 40, "besigue" },
    { "QSx2 JDx2", 500, "double besigue" },
  }
  for _, c in ipairs(cases) do
    t.eq(melds:score(c[1], "H"), c[2], c[3])
  end
end)

t.test("§6.4 double marriages 40 / 80 in trump; triple Besigue 1500 with three packs", function()
  t.eq(melds:score("KSx2 QSx2", "H"), 40, "double marriage")
  t.eq(melds:score("KHx2 QHx2", "H"), 80, "double trump marriage")
  t.eq(melds3:score("QSx3 JDx3", "H"), 1500, "triple besigue")
end)

t.test("§6.4 four of a rank: any suits, copies count; eight are two quartets", function()
  t.eq(melds:score("KSx2 KHx2", "C"), 80, "two pairs of kings")
  t.eq(melds:score("ASx2 AHx2 ADx2 ACx2", "C"), 200, "eight aces")
  t.eq(melds:score("AS AH AD", "C"), 0, "three aces")
end)

t.test("BES-R12: the quint major contains its trump marriage (250, not 290)", function()
  local total, items = melds:breakdown("AH TH KH QH JH", "H")
  t.eq(total, 250, "total")
  local names = {}
  for _, it in ipairs(items) do names[#names + 1] = it.name .. "=" .. it.net end
  t.eq(table.concat(names, " "), "marriage=0 quint major=250", "breakdown")
end)

t.test("BES-R13: quint major in trump only by default; quint_any_suit: any suit", function()
  t.eq(melds:score("AS TS KS QS JS", "H"), 20, "default: a plain marriage")
  t.eq(any_suit:score("AS TS KS QS JS", "H"), 250, "any suit")
  t.eq(any_suit:score("AH TH KH QH JH", "H"), 250, "trump still 250")
end)

t.test("BES-R9 trump seven is 10 each", function()
  t.eq(melds:score("7H", "H"), 10, "one")
  t.eq(melds:score("7Hx2 7S", "H"), 20, "two trump sevens, plain seven nothing")
end)

t.test("score_all gives the totals for S H D C in one call", function()
  local s, h, d, c = melds:score_all("KH QH AH TH JH 7D")
  t.eq(table.concat({ s, h, d, c }, " "), "20 250 30 20", "S H D C")
end)
