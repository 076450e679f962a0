-- talon.trickrules / talon.trick seen from Lua: the worked examples of
-- EXAMPLES.md through the binding, the teaching answers (why a card is
-- illegal, why a play wins), the one-call paths a bot uses, and the
-- errors a bad rules table or argument gets.
local t = require "talon.host.testing"
local talon = require "talon"

talon.style("ascii")

local hosgin = talon.deck { ranks = "A T K Q J", copies = 4, points = "11 10 4 3 2" }
local besigue = talon.deck { ranks = "A T K Q J 9 8 7", copies = 2, points = "11 10 4 3 2 0 0 0" }
local kosel = talon.deck { ranks = "A T K Q J 9 8 7 6", points = "11 10 4 3 2 0 0 0 0" }

local HOSGIN = { follow = true, head = "trump_led", void = "trump" }
local KOSEL = { lead_sizes = { 1, 2, 3, 4 }, top = "6S", wild_top = true, face_down = "allowed" }

-- Plays each token of 'cards' as a one-card play, seats 1, 2, ...
local function trick_of(rules, trump, cards)
  local tr = talon.trick(rules, trump)
  local seat = 0
  for tok in cards:gmatch("%S+") do seat = seat + 1; assert(tr:play(seat, tok)) end
  return tr
end

-- HOS-19 (HOS-R26), all nine cases, the options of cases 8 and 9 included.
t.test("HOS-19: legal cards, trump D, defaults and options", function()
  local cases = {
    { "AS", "TS JS AD", "TS JS" }, { "AS", "JD AD KH", "JD AD" },
    { "AS KD", "JD AD KH", "JD AD" }, { "QD", "JD KD AD AS", "KD AD" },
    { "QD KD", "TD QD JD", "TD" }, { "QD", "JD AS", "JD" },
    { "QD", "AS KH", "AS KH" }, { "QD JD", "KD QD", "KD" }, { "KS", "TS JS", "TS JS" },
  }
  local rules = talon.trickrules(hosgin, HOSGIN)
  for i, c in ipairs(cases) do
    local legal = trick_of(rules, "D", c[1]):legal(hosgin:hand(c[2]))
    t.eq(legal, hosgin:hand(c[3]), "case " .. i)
  end
  local previous = talon.trickrules(hosgin, { follow = true, head = "trump_led", void = "trump",
    head_reference = "previous" })
  t.eq(trick_of(previous, "D", "QD JD"):legal(hosgin:hand("KD QD")), hosgin:hand("KD QD"),
    "case 8 previous")
  local plain = talon.trickrules(hosgin, { follow = true, head = "always", void = "trump" })
  t.eq(trick_of(plain, "D", "KS"):legal(hosgin:hand("TS JS")), hosgin:hand("TS"),
    "case 9 must_head_plain")
end)

-- BES-10 (BES-R14), all six cases, trump H.
t.test("BES-10: strict play after the talon", function()
  local rules = talon.trickrules(besigue, { follow = true, head = "always", void = "trump_beat" })
  local cases = {
    { "9S", "7S KS AH 8D", "KS" }, { "AS", "7S KS AH", "7S KS" }, { "AS", "AH 8H 8D", "AH 8H" },
    { "AS", "8D 9C", "8D 9C" }, { "TS", "TS 9S", "TS 9S" }, { "KH", "QH 8H AS", "QH 8H" },
  }
  for i, c in ipairs(cases) do
    t.eq(trick_of(rules, "H", c[1]):legal(besigue:hand(c[2])), besigue:hand(c[3]), "case " .. i)
  end
end)

-- HOS-R26 rule 4 and the teaching answer: the table names the rule, says
-- why in a sentence naming the cards, and gives the cards that satisfy it.
t.test("HOS-R26: why a card is illegal", function()
  local tr = trick_of(talon.trickrules(hosgin, HOSGIN), "D", "AS")
  local h = hosgin:hand("JD AD KH")
  local why = tr:why(h, "KH")
  t.eq(why.rule, "must_trump")
  t.eq(why.because, "cannot follow S, so must play a trump: you hold AD JD")
  t.eq(why.satisfy, hosgin:hand("JD AD"))
  t.eq(tostring(why), why.because, "tostring")
  t.eq(tr:why(h, "JD"), nil, "a legal card has no reason")
  t.eq(tr:allows(h, "KH"), false)
  t.eq(tr:allows(h, "AD"), true)
  local ok, w = tr:play(2, "KH", false, h)
  t.eq(ok, false, "play refuses")
  t.eq(w.rule, "must_trump")
  t.eq(#tr, 1, "nothing played")
  t.eq(#h, 3, "hand untouched")
  t.eq(tr:play(2, "AD", false, h), true)
  t.eq(h, hosgin:hand("JD KH"), "the card left the hand")
  -- four copies of every card (HOS-R4): the evidence counts them, as the
  -- hand and the "instead" list do
  local h4 = hosgin:hand("QS QS TS AH")
  local w4 = trick_of(talon.trickrules(hosgin, HOSGIN), "D", "AS"):why(h4, "AH")
  t.eq(w4.because, "must follow S: you hold TS QSx2")
  t.eq(w4.satisfy, hosgin:hand("TS QS QS"))
  t.eq(tr:why(hosgin:hand("JD"), "KH").because, "you do not hold KH")
end)

-- §0 / HOS-R27: the winner, its seat and why; first of identical wins.
t.test("HOS-R27: winner, seat and reason", function()
  local tr = trick_of(talon.trickrules(hosgin, HOSGIN), "D", "KS AS AS")
  local i, seat = tr:winner()
  local why = tr:explain()
  t.eq(i, 2); t.eq(seat, 2)
  t.eq(why, "AS wins: highest card of the led suit S; no trump was played; "
    .. "the later identical AS does not beat it (the first of identical cards wins)")
  tr:play(4, "JD")
  i, seat = tr:winner()
  t.eq(i, 4); t.eq(seat, 4); t.eq(tr:explain(), "JD wins: highest trump")
  t.eq(tr:points(), 4 + 11 + 11 + 2, "card points")
  t.eq(tr:cards(), hosgin:hand("KS AS AS JD"))
  t.eq(tostring(tr), "trick (trump D): [1] KS; [2] AS; [3] AS; [4] JD *")
  t.eq(tr:clear(), tr); t.eq(#tr, 0); t.eq(tr:winner(), nil)
end)

-- t:reset(trump): the trick of a new hand with another trump, as a new
-- talon.trick would be (RULES.md §0: a trump beats the suit led).
t.test("reset: an empty trick with another trump", function()
  local rules = talon.trickrules(hosgin, HOSGIN)
  local tr = trick_of(rules, "D", "KS JD")
  t.eq(select(2, tr:winner()), 2, "JD trumps KS with diamonds trump")
  t.eq(tr:reset("S"), tr, "returns the trick")
  t.eq(#tr, 0); t.eq(tr:trump(), "S")
  t.eq(tr:rules(), rules, "the same rules")
  tr:play(1, "JD"); tr:play(2, "KS")
  t.eq(select(2, tr:winner()), 2, "now KS trumps the JD led")
  tr:reset(false)
  t.eq(tr:trump(), nil, "false: no trump")
  t.checkerror('no suit "X"', tr.reset, tr, "X")
end)

-- KOZ-01 (KOZ-R8..R10): the seed's trick through the binding.
t.test("KOZ-01: the Kosel example trick", function()
  local tr = talon.trick(talon.trickrules(kosel, KOSEL), "H")
  t.eq(tr:play(1, "AD KD JD"), true)
  t.eq(tr:points(), 17)
  t.eq(tr:beats("7H 8H QH"), true, "Boris beats Alina")
  tr:play(2, "7H 8H QH")
  t.eq(tr:beats("6S KH TH"), true, "Gelja beats Boris")
  tr:play(3, "6S KH TH")
  t.eq(tr:points(), 34, "visible points 17 + 3 + 14")
  local daniil = kosel:hand("AS TS KC QC")
  t.eq(tr:allows(daniil, "AS TS KC"), false, "face up only to beat")
  t.eq(tr:why(daniil, "AS TS KC").rule, "must_beat")
  t.eq(tr:allows(daniil, "AS TS KC", true), true, "face down")
  local sets, downs = tr:plays(daniil)
  t.eq(#sets, 4, "four sets of three, all face down")
  for i = 1, #sets do t.eq(downs[i], true) end
  tr:play(4, "AS TS KC", true, daniil)
  local i, seat = tr:winner()
  t.eq(i, 3); t.eq(seat, 3)
  t.eq(tr:points(), 34 + 25)
  local s, cards, down = tr:at(4)
  t.eq(s, 4); t.eq(cards, kosel:hand("AS TS KC")); t.eq(down, true)
  t.eq(tostring(tr), "trick (trump H): [1] AD KD JD; [2] QH 8H 7H; [3] 6S TH KH *; [4] 3 face down")
end)

-- KOZ-05, BUR-03, KZM-01 (KOZ-R7, BUR-R7, KZM-R2): lead shapes.
t.test("KOZ-05, BUR-03, KZM-01: lead shapes", function()
  local function shapes(spec, trump, cases)
    local rules = talon.trickrules(kosel, spec)
    for lead, valid in pairs(cases) do
      t.eq(talon.trick(rules, trump):allows(nil, lead), valid, lead)
    end
  end
  shapes(KOSEL, "C", { ["AH KH 6S"] = true, ["AH KD"] = false, ["6S"] = true,
    ["AH KH QH JH"] = true, ["AH KH QH 6S"] = true, ["AH KH QH JH TH"] = false })
  shapes({ lead_sizes = { 1, 2, 3 } }, "D", { ["AS KS QS"] = true, ["AS KD"] = false,
    ["AS KS QS JS"] = false, ["9C"] = true })
  shapes({ lead_sizes = { 1, 3 } }, "D", { AS = true, ["AS KS"] = false, ["AS KS QS"] = true,
    ["AS KS QS JS"] = false })
  local why = talon.trick(talon.trickrules(kosel, { lead_sizes = { 1, 3 } }), "D"):why(nil, "AS KS")
  t.eq(why.because, "a lead is 1 or 3 cards, not 2")
end)

-- BUR-01 (BUR-R8): only KD 8D beats 9D JS; non-beating sets stay face up
-- and do not win (Bura's default).
t.test("BUR-01: the Bura example trick", function()
  local tr = talon.trick(talon.trickrules(kosel, { lead_sizes = { 1, 2, 3 } }), "D")
  tr:play(1, "QS 7S"); tr:play(2, "9D JS")
  t.eq(tr:winner(), 2)
  t.eq(tr:beats("KD 8D"), true); t.eq(tr:beats("8D 9S"), false); t.eq(tr:beats("KD 9S"), false)
  t.eq(tr:allows(kosel:hand("KD 8D 9S"), "8D 9S"), true, "face up, losing")
  t.eq(tr:why(nil, "8D 9S", true).rule, "no_face_down")
  tr:play(3, "KD 8D")
  local _, seat = tr:winner()
  t.eq(seat, 3)
  t.eq(tr:explain(), "KD 8D wins: it beats JS 9D card for card (KD>9D, 8D>JS)")
end)

-- A bot's random legal play: always legal, and one call plays it.
t.test("KOZ-R9 / HOS-R26: random plays are legal", function()
  local rng = talon.rng(11)
  local rules = talon.trickrules(hosgin, HOSGIN)
  for _ = 1, 200 do
    local tr = talon.trick(rules, "D")
    local hands = {}
    for s = 1, 3 do hands[s] = hosgin:hand() end
    hosgin:pile():shuffle(rng):deal(hands, { 5 })
    for s = 1, 3 do
      local legal = tr:legal(hands[s])
      local card = tr:play_random(s, hands[s], rng)
      t.ok(legal:count(card) > 0, "legal")
      t.eq(#hands[s], 4, "removed from the hand")
    end
  end
  local kt = talon.trick(talon.trickrules(kosel, KOSEL), "S")
  local h = kosel:hand("AH KH QH 9C")
  local cards, down = kt:random(h, rng)
  t.eq(kt:allows(h, cards, down), true)
end)

-- t:play_out (HOK-R3 rules, explicit deal): the rest of a trick in one
-- call, each card the one t:legal(hand):pick(rng) draws with the same rng,
-- written after 'at' into the two tables; t:add_to gives the cards to a
-- won pile.
t.test("play_out: the rest of a trick as legal picks would draw it (HOK-R3)", function()
  local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
  local rules = talon.trickrules(deck, { follow = true })
  local function deal() return { deck:hand("AS 3S KD"), deck:hand("QS 2H 4C"),
                                 deck:hand("5H 6H 7C"), deck:hand("9S TD JD") } end
  for seed = 1, 20 do
    local hands, want = deal(), deal()
    local tr, ref = talon.trick(rules, "D"), talon.trick(rules, "D")
    assert(tr:play(3, "7C")); hands[3]:remove("7C")
    assert(ref:play(3, "7C")); want[3]:remove("7C")
    local cards, seats = { "x" }, { 0 }
    t.eq(tr:play_out(hands, 4, talon.rng(seed), nil, cards, seats, 1), 3, "three seats left")
    local rng = talon.rng(seed)
    for i, s in ipairs({ 4, 1, 2 }) do
      local c = ref:legal(want[s]):pick(rng)
      assert(ref:play(s, c)); want[s]:remove(c)
      t.ok(cards[i + 1] == c, "seed " .. seed .. ": card " .. i)
      t.eq(seats[i + 1], s, "seat order 4, 1, 2")
      t.eq(hands[s], want[s], "removed from its hand")
    end
    t.eq(cards[1], "x", "the tables are written after 'at'")
    t.eq(select(2, tr:winner()), select(2, ref:winner()), "the same winner")
    local pile = deck:hand("2S")
    t.eq(tr:add_to(pile), pile, "returns the pile")
    t.eq(#pile, 5, "the four cards added to the pile")
    t.eq(pile:count("7C"), 1, "with the lead")
  end
end)

-- Calls in a row play trick after trick (HOK-R3, HOK-R4): a full trick is
-- emptied by the next call, and with 'won' each trick goes to its winner.
t.test("play_out: trick after trick, each added to its winner's pile", function()
  local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
  local rules = talon.trickrules(deck, { follow = true })
  for seed = 1, 10 do
    local rng = talon.rng(seed)
    local p = deck:pile():shuffle(rng)
    local hands, won = {}, {}
    for s = 1, 4 do hands[s], won[s] = deck:hand(), deck:hand() end
    p:deal(hands, { 13 })
    local tr, cards, seats, leader = talon.trick(rules, "H"), {}, {}, 1
    for trick = 1, 13 do
      local before = {}
      for s = 1, 4 do before[s] = #won[s] end
      local n, w = tr:play_out(hands, leader, rng, nil, cards, seats, (trick - 1) * 4, won)
      t.eq(n, 4, "a whole trick each call")
      t.eq(#tr, 4, "the trick is kept full for its caller")
      t.eq(select(2, tr:winner()), w)
      for s = 1, 4 do
        t.eq(#won[s] - before[s], s == w and 4 or 0, "trick " .. trick .. " to its winner only")
      end
      leader = w
    end
    local total = deck:hand()
    for s = 1, 4 do
      t.eq(#hands[s], 0, "every card played")
      total = total + won[s]
    end
    t.eq(total, deck:full(), "every card won exactly once")
    t.eq(#cards, 52); t.eq(#seats, 52)
  end
end)

-- t:play_tricks: the same tricks as play_out calls in a row (HOK-R3
-- follow suit, HOK-R4 winner), with the hook after every trick deciding
-- who leads next and when to stop, and 'stop' never passed.
t.test("play_tricks: trick after trick with a hook, as play_out plays them", function()
  local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
  local rules = talon.trickrules(deck, { follow = true })
  local function deal(seed)
    local hands, won = {}, {}
    for s = 1, 4 do hands[s], won[s] = deck:hand(), deck:hand() end
    deck:pile():shuffle(talon.rng(seed)):deal(hands, { 13 })
    return hands, won
  end
  for seed = 1, 8 do
    -- by hand: play_out per trick, the winner leads
    local hands, won = deal(seed)
    local rng, tr, cards, seats, leader = talon.rng(seed), talon.trick(rules, "S"), {}, {}, 2
    local winners = {}
    for i = 1, 9 do
      local _, w = tr:play_out(hands, leader, rng, nil, cards, seats, (i - 1) * 4, won)
      winners[i], leader = w, w
    end
    -- batched: the hook sees each full trick and stops after the ninth
    local bh, bw = deal(seed)
    local brng, bt, bcards, bseats, seen = talon.rng(seed), talon.trick(rules, "S"), {}, {}, {}
    local at, result, nxt = bt:play_tricks(bh, 2, brng, bcards, bseats, 0, 52, bw,
      function(arg, w, trick)
        t.eq(arg, "st", "the hook gets 'arg'")
        t.eq(#trick, 4, "the full trick")
        t.eq(select(2, trick:winner()), w)
        seen[#seen + 1] = w
        if #seen == 9 then return "end" end
        return nil, w
      end, "st")
    t.eq(at, 36, "nine tricks recorded"); t.eq(result, "end"); t.eq(nxt, nil)
    t.eq(seen, winners, "seed " .. seed .. ": the same winners")
    t.eq(bcards, cards); t.eq(bseats, seats)
    for s = 1, 4 do t.eq(bh[s], hands[s]); t.eq(bw[s], won[s]) end
    t.eq(#bt, 0, "the trick is left empty")
    -- 'stop' ends the batch before a trick that would pass it
    local sh, sw = deal(seed)
    local calls = 0
    local s_at, s_res, s_next = talon.trick(rules, "S"):play_tricks(sh, 2, talon.rng(seed),
      {}, {}, 3, 13, sw, function(_, w) calls = calls + 1; return nil, w end)
    t.eq(s_at, 11, "two tricks fit between 3 and 13"); t.eq(calls, 2); t.eq(s_res, nil)
    t.eq(s_next, winners[2], "the next leader is returned")
  end
end)

t.test("play_tricks: a hook error passes through; replacing a Hand is refused", function()
  local deck = talon.deck { ranks = "A K Q J" }
  local rules = talon.trickrules(deck, { follow = true })
  local function hands() return { deck:hand("AS KS"), deck:hand("QS JS") },
                                { deck:hand(), deck:hand() } end
  local h, w = hands()
  local tr = talon.trick(rules, nil)
  t.checkerror("boom", tr.play_tricks, tr, h, 1, talon.rng(1), {}, {}, 0, 99, w,
    function() error("boom") end)
  h, w = hands()
  tr:clear()
  t.checkerror("replaced hands%[2%]", tr.play_tricks, tr, h, 1, talon.rng(1), {}, {}, 0, 99, w,
    function() h[2] = deck:hand("QS"); return "end" end)
  h, w = hands()
  tr:clear()
  t.checkerror("next seat is outside", tr.play_tricks, tr, h, 1, talon.rng(1), {}, {}, 0, 99, w,
    function() return nil, 3 end)
  h = hands()
  tr:clear()
  t.checkerror("one Hand per seat", tr.play_tricks, tr, h, 1, talon.rng(1), {}, {}, 0, 99,
    { deck:hand() }, function() return "end" end)
end)

-- Hooks that raise, reset the trick, empty hands, collect garbage or name
-- a bad seat: t:play_tricks raises or returns, and whenever it returns no
-- card was lost or doubled (run under ASan in the test build).
t.test("play_tricks: hostile hooks never lose a card", function()
  local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
  local rules = talon.trickrules(deck, { follow = true })
  local rng = talon.rng(42)
  local returned = 0
  for _ = 1, 400 do
    local n, hands, won = rng:int(1, 6), {}, {}
    for s = 1, n do hands[s], won[s] = deck:hand(), deck:hand() end
    deck:pile():shuffle(rng):deal(hands, { math.min(13, 52 // n) })
    local dealt = deck:hand()
    for s = 1, n do dealt:add(hands[s]) end
    local tr, mode, calls = talon.trick(rules, "H"), rng:int(1, 5), 0
    local function hook(_, w, trick)
      calls = calls + 1
      collectgarbage("step", 10)
      if mode == 1 and calls == 2 then error("boom") end
      if mode == 2 then trick:reset("D") end
      if mode == 3 then return nil, rng:int(0, n + 1) end
      if #hands[w] == 0 then return "end" end
      return nil, w
    end
    local ok = pcall(tr.play_tricks, tr, hands, rng:int(1, n), rng, {}, {}, 0,
      rng:int(0, 60), won, hook)
    if ok then
      returned = returned + 1
      local all = tr:cards()
      for s = 1, n do all:add(hands[s]); all:add(won[s]) end
      t.eq(all, dealt, "every dealt card in a hand, a won pile or the trick")
    end
  end
  t.ok(returned > 100, "most batches return: " .. returned)
end)

t.test("play_out: bad hands, seats and rules are argument errors", function()
  local deck = talon.deck { ranks = "A K Q" }
  local rules = talon.trickrules(deck, { follow = true })
  local rng = talon.rng(1)
  local tr = talon.trick(rules, nil)
  t.checkerror("seat outside 1..#hands", tr.play_out, tr, { deck:hand("AS") }, 2, rng)
  t.checkerror("1 to 16 hands", tr.play_out, tr, {}, 1, rng)
  t.checkerror("hands%[2%] is not a Hand", tr.play_out, tr, { deck:hand("AS"), "KS" }, 1, rng)
  t.checkerror("seat 2 has no card", tr.play_out, tr, { deck:hand("AS"), deck:hand() }, 1, rng)
  t.checkerror("hands%[1%] is not a Hand of the trick.s deck", tr.play_out, tr,
    { kosel:hand("AS") }, 1, rng)
  t.checkerror("won%[1%] is not a Hand", tr.play_out, tr, { deck:hand("AS") }, 1, rng, nil,
    nil, nil, nil, { "AS" })
  t.eq(#tr, 0, "nothing played")
  t.eq(select("#", tr:play_out({ deck:hand("AS") }, 1, rng, 0)), 1, "max 0: no winner yet")
  local sets = talon.trick(talon.trickrules(kosel, KOSEL), "S")
  t.checkerror("one%-card face%-up", sets.play_out, sets, { kosel:hand("AS") }, 1, rng)
end)

-- The rules table is validated: unknown keys and bad values name the key
-- and the valid values.
t.test("trickrules: errors name the key", function()
  t.checkerror("unknown key 'folow' %(known keys: follow, head", talon.trickrules, hosgin,
    { folow = true })
  t.checkerror([[key 'head': expected "never", "trump_led" or "always", got "sometimes"]],
    talon.trickrules, hosgin, { follow = true, head = "sometimes" })
  t.checkerror([[key 'void': expected "any", "trump" or "trump_beat", got boolean]],
    talon.trickrules, hosgin, { follow = true, void = true })
  t.checkerror("key 'head': needs follow = true", talon.trickrules, hosgin, { head = "always" })
  t.checkerror("key 'follow': suit obligations apply to one%-card tricks only",
    talon.trickrules, kosel, { follow = true, lead_sizes = { 1, 3 } })
  t.checkerror([[key 'ranks': no rank "Z" in this deck]], talon.trickrules, hosgin,
    { ranks = "A T K Q Z" })
  t.checkerror("key 'ranks': name all 5 ranks", talon.trickrules, hosgin, { ranks = "A T K" })
  t.checkerror([[key 'top': no card "ZS"]], talon.trickrules, kosel, { top = "ZS" })
  t.checkerror("key 'lead_sizes': sizes are integers 1..8, got 9", talon.trickrules, kosel,
    { lead_sizes = { 1, 9 } })
  t.checkerror("key 'wild_top': needs a 'top' card", talon.trickrules, kosel, { wild_top = true })
  t.checkerror("key 'follow': expected true or false", talon.trickrules, kosel, { follow = "yes" })
  local rules = talon.trickrules(hosgin, HOSGIN)
  t.checkerror([[no suit "X" in this deck]], talon.trick, rules, "X")
  local tr = talon.trick(rules, "D")
  t.checkerror("talon.Hand expected", tr.legal, tr, "AS")
  t.checkerror("hand belongs to another deck", tr.legal, tr, kosel:hand("AS"))
  t.checkerror("a play needs at least one card", tr.play, tr, 1, "")
  t.checkerror("number expected", tr.play, tr, "north", "AS")
end)

-- HOS-R5: the trick order may differ from the order the deck lists.
t.test("HOS-R5: ranks override the deck's order", function()
  local deck = talon.deck { ranks = "A K Q J T" }
  local tr = trick_of(talon.trickrules(deck, { ranks = "A T K Q J" }), nil, "KS TS")
  t.eq(tr:winner(), 2, "T beats K")
  t.eq(tr:explain(), "TS wins: highest card of the led suit S; there is no trump")
end)

-- t:resolve: a whole trick in one call, the same winner and checks as
-- clear + play + winner (§0, KOZ-R8, KZM-R2).
t.test("resolve: one call for a trick", function()
  local tr = talon.trick(talon.trickrules(hosgin, HOSGIN), "D")
  tr:play(1, "AS")
  t.eq({ tr:resolve("KS", "AS", hosgin:card("AS"), "JD") }, { 4, 4 }, "the trump wins")
  t.eq(#tr, 4, "the trick was emptied first and keeps the plays")
  t.eq(tr:explain(), "JD wins: highest trump")
  t.eq({ tr:resolve("KS", "AS", "AS") }, { 2, 2 }, "first of identical cards")
  t.eq(tr:points(), 4 + 11 + 11)
  local kt = talon.trick(talon.trickrules(kosel, KOSEL), "H")
  t.eq({ kt:resolve("AD KD JD", "7H 8H QH", "6S KH TH") }, { 3, 3 }, "KOZ-01 sets")
  t.checkerror("play 2: a face%-up play must beat", kt.resolve, kt, "AD KD JD", "AS TS KC")
  t.eq(#kt, 1, "the plays before the illegal one stay")
  local pot = talon.trick(talon.trickrules(kosel, { lead_sizes = { 1, 3 } }), "D")
  t.checkerror("play 1: a lead is 1 or 3 cards, not 2", pot.resolve, pot, "AS KS")
  t.checkerror("1 to 16 plays", pot.resolve, pot)
end)
