-- Besigue's melds as declarations of identified cards (BES-R11 … BES-R13;
-- example BES-01): every re-use rule of BES-R12 allowed and
-- refused, through the bookkeeping tool (tools.declare: the code the game
-- declares with) and through games on explicit deals, and the `melds`
-- command's list with its reasons.
local t = require "talon.host.testing"
local talon = require "talon"
local support = require "tests.lua.games.besigue_support"

talon.style("ascii")

local def = support.def
local declare = def.tools.declare

-- The points of each step, or "refused: <reason>", as a list.
local function outcome(hand, steps, opts)
  local r = declare(hand, steps, opts)
  local out = {}
  for i, s in ipairs(r.steps) do out[i] = s.refused and ("refused: " .. s.refused) or s.points end
  return out, r
end

t.test("BES-01: meld values with trump H (E1, E2: the corrected seed)", function()
  local cases = {
    { "KS QS", "marriage KS QS", 20 }, { "KH QH", "marriage KH QH", 40 },
    { "JS JH JD JC", "jacks JS JH JD JC", 40 }, { "QH QD QC QC", "queens QH QD QC QC", 60 },
    { "KS KH KD KC", "kings KS KH KD KC", 80 }, { "AS AH AD AC", "aces AS AH AD AC", 100 },
    { "AH TH KH QH JH", "quint AH TH KH QH JH", 250 }, { "QS JD", "besigue QS JD", 40 },
    { "QS QS JD JD", "double-besigue QS QS JD JD", 500 },
    { "KS KS QS QS", "double-marriage KS KS QS QS", 40 },
    { "KH KH QH QH", "double-marriage KH KH QH QH", 80 },
  }
  for _, c in ipairs(cases) do
    t.eq(outcome(c[1], { c[2] }, { trump = "H" }), { c[3] }, c[2])
  end
end)

t.test("E1, E2: seed_literal restores the printed 30s", function()
  local o = { trump = "H", seed_literal = true }
  t.eq(outcome("KS KH KD KC", { "kings KS KH KD KC" }, o), { 30 }, "four kings")
  t.eq(outcome("KH KH QH QH", { "double-marriage KH KH QH QH" }, o), { 30 }, "double trump")
end)

-- The seed's own example: K♠ Q♠ married, then Q♠ J♦ as Besigue, then the
-- other three kings (or queens) for a quartet.
t.test("BES-R12: re-use across kinds (the seed's example)", function()
  local got = outcome("KS QS JD KH KD KC", { "marriage KS QS", "besigue QS JD",
    "kings KS KH KD KC" }, { trump = "C" })
  t.eq(got, { 20, 40, 80 })
end)

t.test("BES-R12: a married K or Q never takes a new partner", function()
  local got = outcome("KS QS QS", { "marriage KS QS", "marriage KS QS" }, { trump = "C" })
  t.eq(got, { 20, "refused: BES-R12: KS is already married" })
  got = outcome("KS KS QS QS", { "marriage KS QS", "marriage KS QS" }, { trump = "C" })
  t.eq(got, { 20, 20 }, "two new cards make a second marriage")
  got = outcome("KS KS QS QS", { "marriage KS QS", "double-marriage KS KS QS QS" }, { trump = "C" })
  t.eq(got, { 20, "refused: BES-R12: KS is already married" }, "not a double from a single")
  got = outcome("KS KS QS QS", { "double-marriage KS KS QS QS", "marriage KS QS" }, { trump = "C" })
  t.eq(got, { 40, "refused: BES-R12: KS is already married" }, "nor a single from a double")
end)

t.test("BES-R12: marriage then quint major; never a marriage after the quint", function()
  local got = outcome("KH QH", { "marriage KH QH", "draw AH TH JH", "quint AH TH KH QH JH" },
    { trump = "H" })
  t.eq(got, { 40, nil, 250 }, "the trump marriage completed (40 + 250)")
  got = outcome("AH TH KH QH JH", { "quint AH TH KH QH JH", "marriage KH QH" }, { trump = "H" })
  t.eq(got[2], "refused: BES-R12: KH is in the quint major, so it is never married afterwards")
  got = outcome("AH TH KH QH JH KH", { "quint AH TH KH QH JH", "quint AH TH KH QH JH" },
    { trump = "H" })
  t.eq(got[2], "refused: BES-R12: AH is already in a quint major", "one quint per card")
end)

t.test("BES-R13, E5: the quint major in trumps only; quint_any_suit: any suit", function()
  t.eq(outcome("AS TS KS QS JS", { "quint AS TS KS QS JS" }, { trump = "H" }),
    { "refused: BES-R12: a quint major is A 10 K Q J of trump (BES-R13)" })
  t.eq(outcome("AS TS KS QS JS", { "quint AS TS KS QS JS" },
    { trump = "H", quint_any_suit = true }), { 250 })
end)

t.test("BES-R12: each card in one quartet of its rank", function()
  local got = outcome("KS KH KD KC", { "kings KS KH KD KC", "draw KS", "kings KS KH KD KC" },
    { trump = "C" })
  t.eq(got[3], "refused: BES-R12: KS is already in four kings")
  got = outcome("KS KH KD KC KS KH KD KC", { "kings KS KH KD KC", "kings KS KH KD KC" },
    { trump = "C" })
  t.eq(got, { 80, 80 }, "a second four kings of four unused kings")
end)

t.test("BES-R12: Besigue, then double, then triple; never lower from higher", function()
  local got = outcome("QS JD QS JD", { "besigue QS JD", "double-besigue QS QS JD JD",
    "besigue QS JD" }, { trump = "C" })
  t.eq(got, { 40, 500, "refused: BES-R12: QS was in double Besigue: no lower level from its"
    .. " cards" })
  got = outcome("QS QS QS JD JD JD", { "besigue QS JD", "double-besigue QS QS JD JD",
    "triple-besigue QS QS QS JD JD JD", "double-besigue QS QS JD JD" }, { trump = "C", packs = 3 })
  t.eq(got, { 40, 500, 1500, "refused: BES-R12: QS was in triple Besigue: no lower level from"
    .. " its cards" })
  got = outcome("QS JD QS JD", { "besigue QS JD", "besigue QS JD" }, { trump = "C" })
  t.eq(got, { 40, 40 }, "a second single from two new cards")
  t.eq(outcome("QS QS QS JD JD JD", { "triple-besigue QS QS QS JD JD JD" }, { trump = "C" }),
    { "refused: BES-R12: triple Besigue needs 3 packs (three or four players)" }, "two packs")
end)

t.test("BES-R11, E12: a meld needs a card from the concealed hand", function()
  local steps = { "besigue QS JD", "besigue QS JD", "double-besigue QS QS JD JD" }
  local got = outcome("QS JD QS JD", steps, { trump = "C" })
  t.eq(got[3], "refused: every card of it is on the table already: a meld needs a card from"
    .. " the concealed hand (BES-R11)")
  t.eq(outcome("QS JD QS JD", steps, { trump = "C", require_new_card = false }),
    { 40, 40, 500 }, "require_new_card = false")
end)

t.test("BES-R11: table cards serve before concealed ones; played from the table first", function()
  local _, r = outcome("QS KS JD QS", { "marriage KS QS", "besigue QS JD", "play QS" },
    { trump = "C" })
  t.eq(r.hand, r.hand:deck():hand("QS"), "the married Q♠ served in Besigue, the other stays")
  t.eq(r.steps[3].name, "played from the table")
  t.ok(tostring(r):find("total 60", 1, true), tostring(r))
end)

t.test("BES-R9: trump sevens shown, 10 each, once", function()
  t.eq(outcome("7H 7H", { "show 7H 7H", "show 7H" }, { trump = "H" }),
    { 20, "refused: BES-R9: show sevens of the concealed hand" })
end)

-- ===== in a game: the same rules, and the `melds` command

t.test("BES-R12 in a game: allowed and refused declarations, with their reasons", function()
  local g = support.dealt({ "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D" },
    "9H AS 8H QH 9D AH JS", 2)
  g:play("meld marriage KS QS"); g:play("AC"); g:play("7C")
  g:play("meld besigue QS JD"); g:play("AD"); g:play("7D")
  g:play("meld kings KS KH KD KC"); g:play("AS"); g:play("7S")
  t.eq(g:scores(), { 140, 0 })
  t.eq(tostring(g:why("meld marriage KS QS")), "BES-R12: KS is already married")
  t.eq(tostring(g:why("meld kings KS KH KD KC")), "BES-R12: KS is already in four kings")
  t.eq(tostring(g:why("meld besigue QS JD")), "BES-R12: QS is already in a Besigue")
  t.eq(g:why("meld marriage KH QH"), nil, "K♥ of four kings and a new Q♥: a trump marriage")
  local text = def.tools.melds_text(g:view(1))
  t.ok(text:find("meld marriage KH QH%s+trump marriage H%s+40"), text)
  t.ok(text:find("not marriage S KS QS: BES-R12: KS is already married", 1, true), text)
  t.ok(text:find("your meld opportunity", 1, true), text)
  g:play("meld marriage KH QH")
  t.eq(g:scores(), { 180, 0 })
  t.ok(def.tools.melds_text(g:view(2)):find("not your meld opportunity", 1, true))
end)

t.test("three players: triple Besigue 1500, then no lower level from its cards", function()
  local g = support.dealt({ "QS QS QS JD JD JD AS AH", "7S 8S 9S 7C 8C 9C 7D 8D",
                            "7S 8S 9S 7C 8C 9C 7D 8D" }, "9H", 3)
  t.ok(support.offers(g, "meld besigue QS JD"), "single")
  t.ok(support.offers(g, "meld double-besigue QS QS JD JD"), "double")
  g:play("meld triple-besigue QS QS QS JD JD JD")
  t.eq(g:scores(), { 1500, 0, 0 })
  g:play("AS"); g:play("7S"); g:play("7S")
  t.eq(g:mover(), 1)
  t.eq(tostring(g:why("meld besigue QS JD")),
    "BES-R12: QS was in triple Besigue: no lower level from its cards")
end)
