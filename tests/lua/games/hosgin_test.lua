-- Hosgin's worked examples (EXAMPLES.md HOS-01 … HOS-05, HOS-13, HOS-18,
-- HOS-19, HOS-21) through the game: the meld function of games/hosgin.lua,
-- its rounding, the auction and the legal cards of running games.
local t = require "talon.host.testing"
local sup = require "tests.lua.games.hosgin_support"

local tools = sup.tools

local H2 = "KS QS KH QH KD QD KC QC JH TH AH TSx4 TDx4 TCx4 AS AD"
local H3 = "KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2 TSx4 TDx4 TC"
local H4 = "JS QS KS JH QH KH JD QD KD JC QC KC TSx4 THx4 TDx4 TC"

-- ===== melds (HOS-R19, HOS-R20)

t.test("HOS-01 a plain bella is 20", function()
  t.eq(tools.melds("QH KH", "D").total, 20, "QH KH, trump D")
end)

t.test("HOS-02 trump bella 40; trump series 150 including its bella", function()
  t.eq(tools.melds("QD KD", "D").total, 40, "(a)")
  t.eq(tools.melds("JD QD KD TD AD", "D").total, 150, "(b)")
end)

t.test("HOS-03 complete series + trump series = 350 (trump H), 240 otherwise", function()
  t.eq(tools.melds(H2, "H").total, 350, "trump H")
  for _, s in ipairs({ "S", "D", "C" }) do t.eq(tools.melds(H2, s).total, 240, "trump " .. s) end
end)

t.test("HOS-04 complete series + double trump series = 500 (trump H), 260 otherwise", function()
  t.eq(tools.melds(H3, "H").total, 500, "trump H")
  for _, s in ipairs({ "S", "D", "C" }) do t.eq(tools.melds(H3, s).total, 260, "trump " .. s) end
end)

t.test("HOS-05 J Q K of all suits = 320 for every trump", function()
  for _, s in ipairs({ "S", "H", "D", "C" }) do
    t.eq(tools.melds(H4, s).total, 320, "trump " .. s)
  end
end)

t.test("HOS-R19 the report lists every meld and its nets sum to the total", function()
  local r = tools.melds(H2, "H")
  local sum = 0
  for _, it in ipairs(r.items) do sum = sum + it.net end
  t.eq(sum, 350, "nets")
  local text = tostring(r)
  t.ok(text:find("trump series"), "trump series line: " .. text)
  t.ok(text:find("complete series"), "complete series line")
  t.ok(text:find("counted twice above: %-40"), "the shared trump bella")
  t.ok(r:line():find("= 350"), "one-line form")
end)

t.test("HOS-R19 melds of a Hand of the game's deck and of a card list", function()
  local g = sup.new({})
  local h = g.state.hands[1]
  t.eq(tools.melds(h, "S").total, tools.melds(h:cards(), "S").total, "Hand and list agree")
  t.checkerror("bad argument #1 to 'melds'", tools.melds, 42, "S")
end)

t.test("HOS-R21 scaled series through the option", function()
  t.eq(tools.melds("ASx3 AHx3 ADx3 ACx3", "S").total, 1000, "default: triple as double")
  t.eq(tools.melds("ASx3 AHx3 ADx3 ACx3", "S", "scaled").total, 1500, "scaled triple")
  -- the table's 'melds' command scores as the game does: with the option
  -- (the hosgin-scaled variant) a triple ace series is 1500 there too
  local run = sup.def.tools.commands.melds.run
  local deck = sup.new({}).state.deck
  local hand = deck:hand("ASx3 AHx3 ADx3 ACx3")
  t.ok(run({ hand = hand, trump = "S", options = { multi_series = "scaled" } }, "")
    :find("total%s+1500\n?$"), "scaled at the table")
  t.ok(run({ hand = hand, trump = "S", options = { multi_series = "double" } }, "")
    :find("total%s+1000\n?$"), "double at the table")
end)

t.test("HOS-R23 HOSGIN: four J♦ and four Q♠ flagged, no meld points for them", function()
  local r = tools.melds("JDx4 QSx4", "H")
  t.ok(r.hosgin, "flag")
  t.eq(r.total, 0, "HOSGIN is not meld points (HOS-R24)")
  t.ok(not tools.melds("JDx3 QSx4", "H").hosgin, "three J♦ are not HOSGIN")
end)

-- ===== rounding (HOS-R29)

t.test("HOS-13 rounding to tens, x5 down", function()
  local input = { 0, 5, 6, 51, 55, 56, 59, 154, 155, 156, 185, 249, 500 }
  local want = { 0, 0, 10, 50, 50, 60, 60, 150, 150, 160, 180, 250, 500 }
  for i, x in ipairs(input) do t.eq(tools.round(x), want[i], "r(" .. x .. ")") end
end)

-- ===== HOS-R6: the card points

t.test("HOS-21 the deck holds 480 card points; with the last trick 500", function()
  t.eq(sup.deck:full():points() + 20, 500, "4 suits x 4 copies x 30 + 20")
  t.eq(#sup.deck, 80, "HOS-R4: 80 cards")
end)

-- ===== the auction (HOS-R8, HOS-R9, HOS-R3)

local function auction(list)
  local g = sup.new({ seed = 7 })
  sup.run(g, list)
  return g
end

t.test("HOS-18.1 V 550, M pass; D 600, V pass -> D declarer at 600", function()
  local g = auction({ "bid 550", "pass", "bid 600", "pass" })
  t.eq(g.state.declarer, 3, "declarer D")
  t.eq(g.state.bid, 600, "bid")
  t.eq(g:phase(), "trump", "trump next")
end)

t.test("HOS-18.2 V 550, M 560, V 600, M pass; D pass -> V declarer at 600", function()
  local g = auction({ "bid 550", "bid 560", "bid 600", "pass", "pass" })
  t.eq(g.state.declarer, 1, "declarer V")
  t.eq(g.state.bid, 600, "bid")
end)

t.test("HOS-18.3 V pass, M 650; D 660, M 700, D pass -> M declarer at 700", function()
  local g = auction({ "pass", "bid 650", "bid 660", "bid 700", "pass" })
  t.eq(g.state.declarer, 2, "declarer M")
  t.eq(g.state.bid, 700, "bid")
end)

t.test("HOS-18.4 V pass, M pass, D 750 -> D declarer at 750", function()
  local g = auction({ "pass", "pass", "bid 750" })
  t.eq(g.state.declarer, 3, "declarer D")
  t.eq(g.state.bid, 750, "bid")
end)

t.test("HOS-18.5 all pass -> no game; the next deal is dealt by old V (HOS-R3)", function()
  local g = auction({ "pass", "pass", "pass" })
  t.eq(g.state.hand_no, 2, "a new deal")
  t.eq(g.state.dealer, 1, "dealer = next(D) = old V")
  t.eq(g:phase(), "auction", "the new auction")
  t.eq(g:mover(), 2, "the new Vorhand speaks")
  t.eq(g:scores(), { 0, 0, 0 }, "nobody scores")
end)

local function refused(g, text, pattern)
  local ok, v = g:try(text)
  t.ok(not ok, text .. " refused")
  t.ok(tostring(v):find(pattern), ("'%s': %s"):format(text, tostring(v)))
  return v
end

t.test("HOS-18.6 rejected bids with their reasons", function()
  local g = sup.new({ seed = 7 })
  local v = refused(g, "bid 540", "Vorhand opens with at least 550, not 540")
  t.eq(v.rule, "HOS-R8", "rule")
  sup.run(g, { "pass" })
  refused(g, "bid 600", "Mittelhand opens with at least 650, not 600")
  g = sup.new({ seed = 7 })
  sup.run(g, { "bid 550" })
  refused(g, "bid 555", "multiples of 10, and 555 is not")
  refused(g, "bid 550", "higher than the standing bid 550")
  t.eq(g.state.auc.bid, 550, "nothing changed")
end)

t.test("HOS-R8 the dealer alone plays for exactly 750; phase B refuses equal bids", function()
  local g = auction({ "pass", "pass" })
  refused(g, "bid 760", "exactly 750")
  refused(g, "trump H", "must bid or pass")
  g = auction({ "bid 550", "pass" })
  local v = refused(g, "bid 550", "higher than the standing bid 550")
  t.eq(v.rule, "HOS-R9", "phase B")
end)

-- ===== legal cards (HOS-R26), trump D, declarer P1 leads

-- Takes a game to the first trick with P1 (V, declarer) holding 'lead',
-- then plays 'before' (cards of P1, P2 …) and returns the game.
local function trick_game(case, options)
  local spec = { hands = case.hands, avoid = case.avoid }
  local g = sup.new(spec, options)
  sup.run(g, { "bid 550", "pass", "pass", "trump D", "play" })
  sup.discard(g, case.hands[1])
  for _, c in ipairs(case.before) do g:play(c) end
  return g
end

local function legal_is(g, want, label)
  local got = g:legal_hand()
  t.ok(got == g.deck:hand(want), ("%s: legal %s, want %s"):format(label, tostring(got), want))
end

local NO_SD = { [2] = "SD" } -- the follower P2: only the cards of the case in S and D

t.test("HOS-19.1 lead AS; {TS JS AD}: follow, no heading", function()
  local g = trick_game({ hands = { "AS", "TS JS AD" }, avoid = NO_SD, before = { "AS" } })
  legal_is(g, "TS JS", "case 1")
end)

t.test("HOS-19.2 lead AS; {JD AD KH}: void, must trump", function()
  local g = trick_game({ hands = { "AS", "JD AD KH" }, avoid = NO_SD, before = { "AS" } })
  legal_is(g, "JD AD", "case 2")
end)

t.test("HOS-19.3 trick AS KD; {JD AD KH}: any trump, no overtrump", function()
  local g = trick_game({ hands = { "AS", "KD", "JD AD KH" }, avoid = { [2] = "S", [3] = "SD" },
                         before = { "AS", "KD" } })
  legal_is(g, "JD AD", "case 3")
end)

t.test("HOS-19.4 lead QD; {JD KD AD AS}: trump led, overtrump", function()
  local g = trick_game({ hands = { "QD", "JD KD AD AS" }, avoid = NO_SD, before = { "QD" } })
  legal_is(g, "KD AD", "case 4")
  local ok, v = g:try("JD")
  t.ok(not ok and v.rule == "HOS-R26", "JD refused under HOS-R26")
  t.ok(tostring(v):find("higher trump"), tostring(v))
end)

t.test("HOS-19.5 trick QD KD; {TD QD JD}: beat the highest trump", function()
  local g = trick_game({ hands = { "QD", "KD", "TD QD JD" }, avoid = { [3] = "SD" },
                         before = { "QD", "KD" } })
  legal_is(g, "TD", "case 5")
end)

t.test("HOS-19.6 lead QD; {JD AS}: cannot beat, must still follow", function()
  local g = trick_game({ hands = { "QD", "JD AS" }, avoid = NO_SD, before = { "QD" } })
  legal_is(g, "JD", "case 6")
end)

t.test("HOS-19.7 lead QD; no trump: any card", function()
  local g = trick_game({ hands = { "QD", "AS KH" }, avoid = NO_SD, before = { "QD" } })
  local hand = g.state.hands[2]
  t.ok(g:legal_hand() == hand, "case 7: the whole hand")
end)

t.test("HOS-19.8 trick QD JD; {KD QD}: {KD}; {KD QD} with overtrump_reference previous", function()
  local case = { hands = { "QD", "JD", "KD QD" }, avoid = { [2] = "D", [3] = "SD" },
                 before = { "QD", "JD" } }
  legal_is(trick_game(case), "KD", "highest")
  legal_is(trick_game(case, { overtrump_reference = "previous" }), "KD QD", "previous")
end)

t.test("HOS-19.9 lead KS; {TS JS}: both; {TS} with must_head_plain", function()
  local case = { hands = { "KS", "TS JS" }, avoid = NO_SD, before = { "KS" } }
  legal_is(trick_game(case), "TS JS", "default")
  legal_is(trick_game(case, { must_head_plain = true }), "TS", "must_head_plain")
end)

t.test("HOS-R27 identical cards: the first played wins", function()
  local g = trick_game({ hands = { "AS", "AS" }, avoid = { [2] = "D", [3] = "SD" },
                         before = { "AS", "AS" } })
  g:play(g:legal()[1])
  t.eq(g.state.tricks_won[1], 1, "the leader's A♠ wins the trick")
  t.eq(g:mover(), 1, "and he leads again")
end)

-- ===== options (§1, §1.11)

t.test("§1.11 every option of the rules exists with a one-line description", function()
  local names = { "target", "target_strict", "peek_stock_on_pass", "show_stock", "discard_from",
    "discard_points_to_declarer", "overtrump_reference", "must_head_plain", "multi_series",
    "money", "ante", "fine" }
  for _, n in ipairs(names) do
    local o = sup.def.options[n]
    t.ok(o, "option " .. n)
    t.ok(type(o.doc) == "string" and not o.doc:find("\n"), n .. " has a one-line doc")
  end
  t.eq(sup.def.options.target.default, 4555, "HOS-R32 target")
  t.eq(sup.def.options.fine.values, { "A/3", "A/2", "A/4" }, "HOS-R35 stakes")
end)

-- ===== the hand advisor (seed "Taktische Hinweise"; melds by HOS-R19)

local SAMPLE = "AS AS KS KS QS QS JS AH TH TH KH KH QH QH JH JH AD TD KD KD AC TC TC QC JC"

t.test("advisor: meld totals, single-card gains and the seed's safe ceiling", function()
  local adv = tools.advise(SAMPLE)
  for _, s in ipairs({ "S", "H", "D", "C" }) do
    local a = adv[s]
    t.eq(a.melds, tools.melds(SAMPLE, s).total, "melds, trump " .. s)
    for _, h in ipairs(a.hits) do
      local with = tools.melds(SAMPLE .. " " .. h.card:name("ascii"), s).total
      t.eq(h.gain, with - a.melds, "gain of " .. h.card:name("ascii"))
    end
    local extra = #a.hits >= 2 and a.hits[2].gain or 0
    t.eq(a.ceiling, 10 * ((a.melds + 200 + extra) // 10), "ceiling, trump " .. s)
    t.ok(adv.best.ceiling >= a.ceiling, "best is the highest ceiling")
  end
  t.near(adv.H.hits[1].chance, 1 - (52 * 51 * 50 * 49 * 48) / (55 * 54 * 53 * 52 * 51), 1e-9,
    "A♥ with 3 unseen copies: about 25%, as the seed says")
  t.ok(tostring(adv):find("bid up to " .. adv.best.ceiling), "printable")
end)

-- Once the stock is in the declarer's hand (HOS-R12) and the melds are
-- shown (HOS-R13), the bidding advice (stock cards that may add) is moot:
-- `advise` says what the deal needs by HOS-R29, the melds HOS-R28 voids
-- without a trick, and, to the declarer deciding, what HOS-R14 costs.
t.test("advise after the stock is taken: what the deal needs (HOS-R29, R28, R14)", function()
  local game = require "talon.game"
  local g = game.new(sup.def, { seed = 1 })
  local run = sup.def.tools.commands.advise.run
  t.ok(run(g:view(1)):find("stock cards that add", 1, true), "the auction: bidding advice")
  for _, a in ipairs { "bid 550", "bid 560", "bid 600", "pass", "bid 700", "pass", "trump C" } do
    g:play(g:parse(a))
  end
  local st = g.state
  local d = st.declarer
  t.eq(g:phase(), "decide", "precondition: the declarer decides")
  local need = st.bid - st.meld_points[d]
  for s = 1, 3 do
    local text = run(g:view(s))
    t.ok(not text:find("stock cards", 1, true), text)
    t.ok(text:find(("%s more than %d card points from tricks to win (HOS-R29)"):format(
      s == d and "you need" or "he needs", need), 1, true), text)
    t.ok(text:find(("your melds %d count only once you take a trick (HOS-R28)"):format(
      st.meld_points[s]), 1, true), text)
    t.eq(text:find("conceding now costs your bid 700", 1, true) ~= nil, s == d, text)
  end
end)

t.test("advisor: with the stock seen (HOS-R10) it counts the stock exactly", function()
  local stock = sup.deck:hand("KC QD JD AH TS")
  local adv = tools.advise(sup.deck:hand(SAMPLE), { known = stock })
  t.eq(adv.H.with_stock, tools.melds(SAMPLE .. " KC QD JD AH TS", "H").total, "melds with stock")
  t.eq(adv.H.ceiling, 10 * ((adv.H.with_stock + 200) // 10), "ceiling")
end)
