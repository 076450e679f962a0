-- Hosgin deals set up on purpose (explicit deals, RULES.md §1.4 … §1.10):
-- concession, won and lost contracts, a defender without a trick, the
-- rounding exception, HOSGIN, the discard with locking, the peek, the
-- stock, the target and the money ledger.
local t = require "talon.host.testing"
local sup = require "tests.lua.games.hosgin_support"
local invariants = require "talon.host.invariants"
local record = require "talon.host.record"

local tools = sup.tools

local function melds_of(g, s, trump)
  return tools.melds(g.state.hands[s], trump).total
end

-- ===== concession (HOS-R14, HOS-R35)

t.test("HOS-R14 concession: declarer -bid and the fine; defenders melds + 100", function()
  local g = sup.new({}, { money = true })
  sup.run(g, { "bid 600", "pass", "pass", "trump H" })
  local m2, m3 = g.state.meld_points[2], g.state.meld_points[3]
  t.eq(m2, melds_of(g, 2, "H"), "P2's exposed melds (HOS-R13)")
  sup.run(g, { "concede" })
  t.eq(sup.account(g, 1), -600, "declarer")
  t.eq(sup.account(g, 2), m2 + 100, "defender P2")
  t.eq(sup.account(g, 3), m3 + 100, "defender P3")
  t.eq(g.state.chips[1], -12 - 4, "ante 12 and the fine A/3 = 4")
  t.eq(g.state.pot, 3 * 12 + 4, "pot")
  t.ok(sup.text(g):find("concedes his bid 600: %-600"), "the sentence")
  t.eq(g.state.hand_no, 2, "a new deal follows")
end)

-- HOS-R31: a conceded deal is scored by HOS-R14, not by HOS-R28 …
-- HOS-R30. No trick is played, yet the defender P2 keeps his melds (two
-- spade bellas; HOS-R28 would void them) and scores them + 100 instead of
-- rounded trick points; the declarer's melds (the double ace series, 1000,
-- above his bid) count for nothing (HOS-R29 would have him win).
t.test("HOS-R31: a conceded deal is scored by HOS-R14, not by the trick rules", function()
  local g = sup.new({ hands = { "ASx2 AHx2 ADx2 ACx2", "QSx2 KSx2" } })
  sup.run(g, { "bid 600", "pass", "pass", "trump H" })
  local st = g.state
  local m1, m2, m3 = st.meld_points[1], st.meld_points[2], st.meld_points[3]
  t.ok(m1 >= 1000 and m2 >= 40, ("melds %d and %d"):format(m1, m2))
  sup.run(g, { "concede" })
  t.eq(g:hand_points()[1], { -600, m2 + 100, m3 + 100 }, "HOS-R14, no trick played")
end)

t.test("HOS-R35 the fine is A/2 or A/4 by option", function()
  for fine, want in pairs({ ["A/2"] = 6, ["A/4"] = 3 }) do
    local g = sup.new({}, { money = true, fine = fine })
    sup.run(g, { "bid 600", "pass", "pass", "trump H", "concede" })
    t.eq(g.state.chips[1], -12 - want, fine)
  end
end)

-- HOS-R35 with an ante the part does not divide: the fine is rounded to
-- the nearest unit, at least one (our reading, docs/games/hosgin.md); the
-- seed's table plays for 5 € a match and 2 € a lost game (A/3 = 1.67).
t.test("HOS-R35 the fine is rounded to the nearest unit, at least one", function()
  local scoring = assert(require("talon.host.loader").module("games.hosgin.scoring"))
  for _, c in ipairs({ { 5, "A/3", 2 }, { 12, "A/3", 4 }, { 7, "A/2", 4 }, { 2, "A/4", 1 },
      { 1, "A/3", 1 }, { 0, "A/3", 0 } }) do
    t.eq(scoring.fine({ ante = c[1], fine = c[2] }), c[3], c[1] .. " " .. c[2])
  end
  local g = sup.new({}, { money = true, ante = 5 })
  sup.run(g, { "bid 600", "pass", "pass", "trump H", "concede" })
  t.eq(g.state.chips[1], -5 - 2, "ante 5, fine 2")
end)

-- ===== played deals (HOS-R28 … HOS-R30, HOS-R6, HOS-R16)

-- P1 holds the double ace series and the trump ace leads every trick he
-- can: his melds alone beat a bid of 550.
local STRONG = { hands = { "ASx2 AHx2 ADx2 ACx2 THx4 KHx4 QHx4" } }

t.test("HOS-R29 a won contract: melds + unrounded tricks > bid; +melds +rounded tricks", function()
  local g = sup.new(STRONG)
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  sup.discard(g, "ASx2 AHx2 ADx2 ACx2 THx4 KHx4 QHx4")
  sup.play_out(g, sup.highest)
  local st = g.state
  local tally = st.tally
  t.ok(tally.won, "won")
  local pts = tally.points
  t.eq(pts[1] + pts[2] + pts[3], 500, "HOS-21: 500 points in the deal")
  t.eq(sup.account(g, 1), tally.melds[1] + tools.round(pts[1]), "declarer's score")
  local line = ("P1 %%(declarer%%) bid 550, melds %d %%+ tricks %d %%(rounded %d%%) = %d > 550: "
    .. "wins"):format(tally.melds[1], pts[1], tools.round(pts[1]), tally.melds[1] + pts[1])
  t.ok(sup.text(g):find(line), "breakdown sentence " .. line)
end)

t.test("HOS-R29 a lost contract: -bid and the fine; defenders score as usual", function()
  local g = sup.new(STRONG, { money = true })
  sup.run(g, { "bid 5000", "pass", "pass", "trump H", "play" })
  sup.discard(g)
  sup.play_out(g, sup.first)
  local st, tally = g.state, g.state.tally
  t.ok(not tally.won, "lost")
  t.eq(sup.account(g, 1), -5000, "declarer -bid, melds and tricks void")
  t.eq(st.chips[1], -12 - 4, "the fine")
  for s = 2, 3 do
    local m = tally.tricks[s] > 0 and tally.exposed[s] or 0
    t.eq(sup.account(g, s), m + tools.round(tally.points[s]), "defender " .. s)
  end
  t.ok(sup.text(g):find("not more than 5000: loses, %-5000"), "sentence")
end)

t.test("HOS-R16 without discard_points_to_declarer the deal distributes 500 - discards", function()
  local g = sup.new(STRONG, { discard_points_to_declarer = false })
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  sup.discard(g, "ASx2 AHx2 ADx2 ACx2 THx4 KHx4 QHx4")
  sup.play_out(g, sup.highest)
  local p = g.state.tally.points
  t.ok(g.state.tally.discard_points > 0, "the discards hold points")
  t.eq(p[1] + p[2] + p[3], 500 - g.state.tally.discard_points, "total")
end)

-- P2 holds no trump (H) and only J, Q, K of the other suits; the others
-- lead their highest cards and P2 plays his lowest: he never wins a trick.
t.test("HOS-R28 a defender without a trick loses his melds", function()
  local g = sup.new({ hands = { "AH", "JSx4 JDx4 JCx4 QDx4 QCx4 QSx2 KS KD KC" } })
  sup.run(g, { "bid 5000", "pass", "pass", "trump H", "play" })
  local m2 = g.state.meld_points[2]
  t.ok(m2 > 0, "P2 has melds: " .. m2)
  sup.discard(g, "AH")
  sup.play_out(g, function(gg, seat, legal)
    if seat == 2 then return sup.lowest(gg, seat, legal) end
    return sup.highest(gg, seat, legal)
  end)
  t.eq(g.state.tally.tricks[2], 0, "construction: P2 took no trick")
  t.eq(sup.account(g, 2), 0, "no melds, no trick points")
  t.ok(sup.text(g):find(("defender without a trick: melds %d void"):format(m2)), "sentence")
end)

-- ===== the rounding exception (HOS-R33) and the target (HOS-R32, R34)

-- A seeded deal played by simple rules; returns the game.
local function simple_deal(seed, scores, options)
  local g = sup.new({ seed = seed, scores = scores }, options)
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  sup.discard(g)
  sup.play_out(g, sup.first)
  return g
end

-- A seed where a defender's trick points end in 1..5, and that defender.
local function rounding_case()
  for seed = 1, 40 do
    local g = simple_deal(seed)
    for s = 2, 3 do
      local p = g.state.tally.points[s]
      if p % 10 >= 1 and p % 10 <= 5 then return seed, s, p, sup.account(g, s) end
    end
  end
  error("no deal with a defender's points ending in 1..5")
end

t.test("HOS-R33 unrounded trick points may cross the target", function()
  local seed, s, p, gain = rounding_case()
  local diff = p - tools.round(p)
  local scores = { 0, 0, 0 }
  scores[s] = 4555 - gain - diff
  local g = simple_deal(seed, scores)
  t.eq(sup.account(g, s), 4555, "crossed with the unrounded points")
  t.ok(sup.text(g):find("HOS%-R33: unrounded trick points"), "sentence")
  t.ok(g:over(), "HOS-R34: the match ends")
  t.eq(g:result().winner, s, "the crossing player wins")
end)

t.test("HOS-R32 target_strict: 4555 is not enough, and the exception has no effect", function()
  local seed, s, p, gain = rounding_case()
  local scores = { 0, 0, 0 }
  scores[s] = 4555 - gain - (p - tools.round(p))
  local g = simple_deal(seed, scores, { target_strict = true })
  t.eq(sup.account(g, s), 4555 - (p - tools.round(p)), "rounded account kept")
  t.ok(not g:over(), "the match goes on")
end)

-- A concession lets two defenders reach chosen accounts.
local function concession_to(a2, a3)
  local g0 = sup.new({})
  sup.run(g0, { "bid 600", "pass", "pass", "trump H" })
  local m2, m3 = g0.state.meld_points[2], g0.state.meld_points[3]
  local g = sup.new({ scores = { 0, a2 - m2 - 100, a3 - m3 - 100 } }, { money = true })
  sup.run(g, { "bid 600", "pass", "pass", "trump H", "concede" })
  return g
end

t.test("HOS-R34 equal highest accounts over the target: another deal", function()
  local g = concession_to(4560, 4560)
  t.eq(sup.account(g, 2), 4560, "P2")
  t.eq(sup.account(g, 3), 4560, "P3")
  t.ok(not g:over(), "no winner yet")
  t.eq(g.state.hand_no, 2, "another deal")
  t.ok(sup.text(g):find("share the highest account 4560"), "sentence")
end)

t.test("HOS-R34 several over the target: the highest wins and takes the pot", function()
  local g = concession_to(4600, 4570)
  t.ok(g:over(), "match over")
  t.eq(g:result().winner, 2, "P2 with the highest account")
  t.eq(g.state.chips[2], -12 + 3 * 12 + 4, "HOS-R35: the pot with the fine")
end)

-- ===== HOSGIN (HOS-R23, HOS-R24)

t.test("HOS-R24 HOSGIN after the deal with account >= 0 wins the match at once", function()
  local g = sup.new({ hands = { nil, "JDx4 QSx4" } })
  t.ok(g:over(), "over before any bid")
  t.eq(g:result().winner, 2, "P2 wins")
  t.ok(sup.text(g):find("HOSGIN"), "sentence")
end)

-- The credit comes at once (talon.score.add_now): a view taken during the
-- deal shows it, the checking mode accepts it, and the record (with its
-- starting accounts) replays to the same accounts.
t.test("HOS-R24 HOSGIN with a negative account: +3500 at once, the deal goes on", function()
  local g = sup.new({ hands = { nil, "JDx4 QSx4" }, scores = { 0, -300, 0 } })
  t.ok(not g:over(), "the match goes on")
  t.eq(g:phase(), "auction", "the deal goes on")
  t.eq(invariants.check(g), nil, "a credit at once is no illegal score change")
  for s = 1, 3 do
    t.eq(g:view(s).scores, { 0, 3200, 0 }, "seat " .. s .. " sees -300 + 3500 before any bid")
  end
  t.ok(sup.text(g):find("P2 is credited 3500 at once (HOS-R24: HOSGIN with a negative "
    .. "account); total 3200", 1, true), "a score event with its reason")
  sup.run(g, { "pass", "pass", "pass" })
  t.eq(sup.account(g, 2), 3200, "booked once, even in a void deal")
  t.eq(g.state.hand_no, 2, "next deal")
  local again = record.replay(g:record())
  t.eq(again:scores(), g:scores(), "the record replays from the starting accounts")
end)

t.test("HOS-R23/R24 HOSGIN completed by the stock with a negative account: +3500", function()
  local g = sup.new({ hands = { "JDx3 QSx4" }, stock = "JD", scores = { -500, 0, 0 } })
  sup.run(g, { "bid 550", "pass", "pass", "trump C" })
  t.ok(not g:over(), "the deal goes on")
  t.eq(g:phase(), "decide", "the declarer decides")
  t.eq(g:view(2).scores[1], 3000, "credited during the deal: -500 + 3500")
end)

t.test("HOS-R23 HOSGIN completed by the stock wins at once", function()
  local g = sup.new({ hands = { "JDx3 QSx4" }, stock = "JD" })
  sup.run(g, { "bid 550", "pass", "pass", "trump C" })
  t.ok(g:over(), "won after taking the stock")
  t.eq(g:result().winner, 1, "the declarer")
end)

-- ===== trump, stock, peek (HOS-R10 … HOS-R12)

t.test("HOS-R10 a passed player sees the stock; nobody else does", function()
  local g = sup.new({})
  local stock = g.state.stock:hand()
  sup.run(g, { "pass" })
  t.ok(g:view(1).known == stock, "V knows the stock")
  t.eq(g:view(2).known, nil, "M does not")
  for _, ev in ipairs(g:view(2).events) do t.ok(ev.kind ~= "peek", "no peek event for M") end
  local g2 = sup.new({}, { peek_stock_on_pass = false })
  sup.run(g2, { "pass" })
  t.eq(g2:view(1).known, nil, "option off")
end)

t.test("HOS-R11 trump is named with 25 cards; HOS-R12 the stock is then shown", function()
  local g = sup.new({})
  local stock = g.state.stock:hand()
  sup.run(g, { "bid 550", "pass", "pass" })
  t.eq(#g:view(1).hand, 25, "before the stock")
  sup.run(g, { "trump S" })
  t.eq(#g:view(1).hand, 30, "with the stock")
  t.ok(g:view(2).stock_cards == stock, "shown to all")
  local g2 = sup.new({}, { show_stock = false })
  sup.run(g2, { "bid 550", "pass", "pass", "trump S" })
  t.eq(g2:view(2).stock_cards, nil, "show_stock = false")
end)

-- ===== discard (HOS-R15)

-- 29 of these 30 cards are locked with trump H: double complete series,
-- double J series, a trump series, the ace series, double J♦/Q♠; TS is free.
local LOCKED = "QSx2 KSx2 QHx2 KHx2 QDx2 KDx2 QCx2 KCx2 JSx2 JHx2 JDx2 JCx2 TS"
local LOCKED_STOCK = "TH AH AS AD AC"

t.test("HOS-R15 unlocked cards first; when they run out, any card", function()
  local g = sup.new({ hands = { LOCKED }, stock = LOCKED_STOCK })
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  t.ok(g:legal_hand() == g.deck:hand("TS"), "only TS is free: " .. tostring(g:legal_hand()))
  local ok, v = g:try("QS")
  t.ok(not ok and v.rule == "HOS-R15", "QS is locked: " .. tostring(v))
  g:play("TS")
  t.ok(g:legal_hand() == g.state.hands[1], "then any card")
  t.eq(#g:view(2).hand, 25, "defenders keep 25")
end)

t.test("HOS-R15 discard_from = any frees every card", function()
  local g = sup.new({ hands = { LOCKED }, stock = LOCKED_STOCK }, { discard_from = "any" })
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  t.ok(g:legal_hand() == g.state.hands[1], "the whole hand")
end)

t.test("HOS-R15 the discard is private: others see only that it happened", function()
  local g = sup.new({})
  sup.run(g, { "bid 550", "pass", "pass", "trump H", "play" })
  local c = g:legal()[1]
  g:play(c)
  local mine, theirs = false, false
  local said = "P1: " .. c:name("ascii")
  for _, ev in ipairs(g:view(1).events) do mine = mine or ev.text == said end
  for _, ev in ipairs(g:view(2).events) do theirs = theirs or ev.text == said end
  t.ok(mine, "the declarer is told his discard")
  t.ok(not theirs, "P2 is not")
  t.eq(g:view(2).discards, nil, "no discards in a defender's view")
  t.ok(g:view(1).discards:count(c) == 1, "the declarer sees his own")
end)
