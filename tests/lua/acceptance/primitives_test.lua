-- Acceptance check of the trick and meld primitives (issue B), through the
-- documented Lua API only (docs/api.md "Tricks", "Melds"): trick and meld
-- situations from the seeds (RULES.md §1.6, §1.8, §3–§6, EXAMPLES.md) and
-- several that no seed spells out (four copies of a card in one trick,
-- sets that first-fit pairing gets wrong, a joker deck, a stripped deck, a
-- partner's winning card), each citing the rule it checks.
local t = require "talon.host.testing"
local talon = require "talon"

talon.style("ascii")

-- Decks of the seeds, in their printed (natural) rank order where the seed
-- ranks the ten elsewhere: the trick order then comes from the rules.
local hosgin = talon.deck { ranks = "A K Q J T", copies = 4, points = { A = 11, T = 10, K = 4,
  Q = 3, J = 2 } }
local kosel = talon.deck { ranks = "A K Q J T 9 8 7 6", points = { A = 11, T = 10, K = 4, Q = 3,
  J = 2 } }
local besigue = talon.deck { ranks = "A K Q J T 9 8 7", copies = 2, points = { A = 11, T = 10,
  K = 4, Q = 3, J = 2 } }
local besigue3 = talon.deck { ranks = "A K Q J T 9 8 7", copies = 3, points = { A = 11, T = 10,
  K = 4, Q = 3, J = 2 } }
local french = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }

-- The trick orders of RULES.md, highest first: HOS-R5 (J Q K T A from
-- low to high), KOZ-R2 (6 7 8 9 J Q K T A), BES-R3 (7 8 9 J Q K T A).
local HOSGIN_ORDER = "A T K Q J"
local KOSEL_ORDER = "A T K Q J 9 8 7 6"
local BESIGUE_ORDER = "A T K Q J 9 8 7"

local HOSGIN = { follow = true, head = "trump_led", void = "trump", ranks = HOSGIN_ORDER }
local BESIGUE_TALON = { ranks = BESIGUE_ORDER }                         -- BES-R6
local BESIGUE_LAST8 = { follow = true, head = "always", void = "trump_beat",
  ranks = BESIGUE_ORDER }                                                -- BES-R14
local KOSEL = { lead_sizes = { 1, 2, 3, 4 }, top = "6S", wild_top = true, face_down = "allowed",
  ranks = KOSEL_ORDER }                                                  -- KOZ-R7..R9
local BURA = { lead_sizes = { 1, 2, 3 }, ranks = KOSEL_ORDER }           -- BUR-R7, BUR-R8
local KOSEL_POT = { lead_sizes = { 1, 3 }, ranks = KOSEL_ORDER }         -- KZM-R2

-- A trick of one-card plays, seats 1, 2, ... (each play must be legal).
local function trick_of(deck, spec, trump, cards)
  local tr = talon.trick(talon.trickrules(deck, spec), trump)
  local seat = 0
  for tok in cards:gmatch("%S+") do
    seat = seat + 1
    assert(tr:play(seat, tok))
  end
  return tr
end

local function legal(deck, spec, trump, played, hand)
  return trick_of(deck, spec, trump, played):legal(deck:hand(hand))
end

-- ===================================================================
-- Rank orders that are not the deck's printed order
-- ===================================================================

-- HOS-R5, KOZ-R2, BES-R3: the ten ranks between the king and the ace.
t.test("HOS-R5, KOZ-R2, BES-R3: ten above king, nine below jack", function()
  local function winner(deck, order, cards)
    local tr = trick_of(deck, { ranks = order }, nil, cards)
    local _, seat = tr:winner()
    return seat
  end
  t.eq(winner(hosgin, HOSGIN_ORDER, "KS TS"), 2, "Hosgin: T beats K")
  t.eq(winner(hosgin, HOSGIN_ORDER, "TS AS"), 2, "Hosgin: A beats T")
  t.eq(winner(hosgin, HOSGIN_ORDER, "JS QS KS"), 3, "Hosgin: J < Q < K")
  t.eq(winner(kosel, KOSEL_ORDER, "9S JS"), 2, "Kosel: J beats 9")
  t.eq(winner(kosel, KOSEL_ORDER, "6C 7C"), 2, "Kosel: 7 beats 6")
  t.eq(winner(kosel, KOSEL_ORDER, "KC TC 9C"), 2, "Kosel: T beats K and 9")
  t.eq(winner(besigue, BESIGUE_ORDER, "JH 9H TH KH"), 3, "Besigue: T is the best here")
  t.eq(winner(besigue, BESIGUE_ORDER, "7D 8D"), 2, "Besigue: 8 beats 7")
  -- The deck's own order is the natural one: without 'ranks' K beats T.
  t.eq(winner(hosgin, nil, "KS TS"), 1, "natural order: K beats T")
  -- The same order is reached whichever way the deck lists its ranks.
  local listed = talon.deck { ranks = "A T K Q J 9 8 7 6" }
  t.eq(winner(listed, nil, "KH TH"), 2, "deck already in trick order")
end)

-- ===================================================================
-- Follow, free play, must-trump, overtrump (one-card tricks)
-- ===================================================================

-- HOK-R3: follow if able, otherwise any card (no duty to trump).
t.test("HOK-R3: follow suit, else any card", function()
  local spec = { follow = true }
  t.eq(legal(french, spec, "H", "5S", "2S AS 3H KD"), french:hand("2S AS"), "follow")
  t.eq(legal(french, spec, "H", "5S 9H", "3H KD 4C"), french:hand("3H KD 4C"), "void: any card")
  t.eq(legal(french, spec, "H", "", "3H KD 4C"), french:hand("3H KD 4C"), "leading: any card")
  -- The lead of a trump is followed like any suit.
  t.eq(legal(french, spec, "H", "2H", "AS 3H"), french:hand("3H"), "trump led: follow")
end)

-- BES-R6: while the talon lasts any card, even holding the led suit.
t.test("BES-R6: free play while the talon lasts", function()
  local h = "7S KS AH 8D"
  t.eq(legal(besigue, BESIGUE_TALON, "H", "9S", h), besigue:hand(h), "any card")
  local tr = trick_of(besigue, BESIGUE_TALON, "H", "9S")
  t.eq(tr:why(besigue:hand(h), "8D"), nil, "discarding is legal")
  tr:play(2, "8D")
  t.eq(select(2, tr:winner()), 1, "a discard does not win")
end)

-- HOS-R26 with four copies of every card (not in the seeds' examples):
-- an identical trump does not beat, so it does not satisfy the overtrump.
t.test("HOS-R26, HOS-R27: identical trumps never overtrump", function()
  t.eq(legal(hosgin, HOSGIN, "D", "QD", "QD KD JD"), hosgin:hand("KD"),
    "trump led: only a higher trump; the second QD is not higher")
  t.eq(legal(hosgin, HOSGIN, "D", "AD", "AD AD TD"), hosgin:hand("AD AD TD"),
    "nothing beats AD: any trump, the identical AD included")
  local tr = trick_of(hosgin, HOSGIN, "D", "AD AD AD")
  t.eq(tr:winner(), 1, "the first of identical cards wins")
  t.ok(tr:explain():find("the first of identical cards wins", 1, true), tr:explain())
  -- Three players each with a copy of the led card: the first still wins.
  tr = trick_of(hosgin, HOSGIN, "D", "KS KS KS")
  t.eq(select(2, tr:winner()), 1, "three identical KS: the leader wins")
end)

-- HOS-R26 rule 4: a plain suit was led and someone trumped; a void
-- follower must trump but need not overtrump (the seed's "both cannot
-- follow" case). Besigue's last eight (BES-R14) must overtrump if able.
t.test("HOS-R26 rule 4 vs BES-R14: trumping over a trump", function()
  t.eq(legal(hosgin, HOSGIN, "D", "AS KD", "JD QD KH"), hosgin:hand("JD QD"),
    "Hosgin: any trump, even below KD")
  t.eq(legal(besigue, BESIGUE_LAST8, "D", "AS KD", "JD AD KH"), besigue:hand("AD"),
    "Besigue: the trump that beats KD")
  t.eq(legal(besigue, BESIGUE_LAST8, "D", "AS AD", "JD QD KH"), besigue:hand("JD QD"),
    "Besigue: no trump beats AD, so any trump")
  t.eq(legal(besigue, BESIGUE_LAST8, "D", "AS", "KH 9C"), besigue:hand("KH 9C"),
    "Besigue: no spade, no trump: any card")
  local tr = trick_of(hosgin, HOSGIN, "D", "AS KD")
  local why = tr:why(hosgin:hand("JD QD KH"), "KH")
  t.eq(why.rule, "must_trump", "the rule named")
  t.eq(why.satisfy, hosgin:hand("JD QD"), "the cards that satisfy it")
  tr = trick_of(besigue, BESIGUE_LAST8, "D", "AS KD")
  why = tr:why(besigue:hand("JD AD KH"), "JD")
  t.eq(why.rule, "must_trump_and_beat")
  t.eq(why.satisfy, besigue:hand("AD"))
  t.eq(why.because, "cannot follow S, so must play a trump that beats KD, the card winning "
    .. "so far: you hold AD")
end)

-- BES-R14 rule 1: holding the led suit, a card that would win the trick
-- so far, else any card of it. After a trump the led suit cannot win, so
-- any card of the led suit will do (not in the seeds' examples).
t.test("BES-R14: must win if possible, else follow", function()
  t.eq(legal(besigue, BESIGUE_LAST8, "H", "9S", "7S KS AH 8D"), besigue:hand("KS"), "BES-10.1")
  t.eq(legal(besigue, BESIGUE_LAST8, "H", "9S 7H", "7S KS AS"), besigue:hand("7S KS AS"),
    "led suit trumped: any spade (none can win)")
  t.eq(legal(besigue, BESIGUE_LAST8, "H", "9S JS", "TS 8S"), besigue:hand("TS"),
    "must beat the winner JS, not merely the lead 9S")
  t.eq(legal(besigue, BESIGUE_LAST8, "H", "TS TS", "TS 9S"), besigue:hand("TS 9S"),
    "a third TS does not win: any spade")
  -- "Win the trick so far" includes beating a partner's card (4 players,
  -- three packs; seats 1 and 3 are partners).
  t.eq(legal(besigue3, BESIGUE_LAST8, "H", "9S AS KS", "TS 7S"), besigue3:hand("TS 7S"),
    "partner's AS cannot be beaten: any spade")
  t.eq(legal(besigue3, BESIGUE_LAST8, "H", "9S JS 8S", "QS 7S"), besigue3:hand("QS"),
    "partner's JS winning: still must beat it")
  local tr = trick_of(besigue, BESIGUE_LAST8, "H", "9S JS")
  local why = tr:why(besigue:hand("TS 8S"), "8S")
  t.eq(why.rule, "must_head")
  t.eq(why.satisfy, besigue:hand("TS"))
  t.eq(why.because, "must follow S with a card that beats JS, the card winning so far: you hold TS")
end)

-- HOS-R26 option overtrump_reference = "previous" (H7), and a face-down
-- previous play falling back to the winner is docs/api.md's rule; here
-- with three copies of a trump in the trick.
t.test("HOS-R26 option: overtrump the previous card", function()
  local spec = { follow = true, head = "trump_led", void = "trump", ranks = HOSGIN_ORDER,
    head_reference = "previous" }
  t.eq(legal(hosgin, spec, "D", "AD JD", "QD JD"), hosgin:hand("QD"),
    "previous card JD: QD beats it, though AD wins")
  t.eq(legal(hosgin, HOSGIN, "D", "AD JD", "QD JD"), hosgin:hand("QD JD"),
    "default: nothing beats AD, any trump")
end)

-- ===================================================================
-- Multi-card sets (Kosel, Bura, Kosel for the pot)
-- ===================================================================

-- KOZ-R7, BUR-R7, KZM-R2: lead sizes and shapes, the Schocha as a wild
-- card of any suit and alone.
t.test("KOZ-R7, BUR-R7, KZM-R2: lead shapes and sizes", function()
  local function lead_ok(spec, trump, cards)
    return talon.trick(talon.trickrules(kosel, spec), trump):allows(nil, cards)
  end
  for _, c in ipairs {
    { KOSEL, "AH", true }, { KOSEL, "AH KH", true }, { KOSEL, "AH KH QH", true },
    { KOSEL, "AH KH QH JH", true }, { KOSEL, "AH KH QH JH TH", false },
    { KOSEL, "6S", true }, { KOSEL, "6S AD", true }, { KOSEL, "6S AD KD QD", true },
    { KOSEL, "6S AD KC", false }, { KOSEL, "AS 6S", true },
    { BURA, "AS KS QS", true }, { BURA, "AS KS QS JS", false }, { BURA, "AS KD", false },
    { KOSEL_POT, "9C", true }, { KOSEL_POT, "9C 8C", false }, { KOSEL_POT, "9C 8C 7C", true },
    { KOSEL_POT, "9C 8C 7C 6C", false },
  } do
    t.eq(lead_ok(c[1], "C", c[2]), c[3], c[2])
  end
  local tr = talon.trick(talon.trickrules(kosel, KOSEL), "C")
  local why = tr:why(nil, "6S AD KC")
  t.eq(why.rule, "lead_suit")
  t.eq(why.because, "the cards of a lead must all be of one suit; AD and KC differ "
    .. "(6S may join any suit)")
  why = talon.trick(talon.trickrules(kosel, BURA), "C"):why(nil, "AS KS QS JS")
  t.eq(why.rule, "lead_size")
  t.eq(why.because, "a lead is 1, 2 or 3 cards, not 4")
end)

-- Lead sizes without 1 (no seed has them): a hand with no two cards of a
-- suit has no lead, and the engine says so instead of picking one.
t.test("lead sizes {2, 3}: no legal lead is reported, not invented", function()
  local tr = talon.trick(talon.trickrules(kosel, { lead_sizes = { 2, 3 }, ranks = KOSEL_ORDER }),
    "H")
  local h = kosel:hand("AS KH QD JC")
  t.eq(#tr:legal(h), 0, "no card can start a lead")
  t.eq(select("#", tr:random(h, talon.rng(1))), 0, "no random play")
  t.checkerror("the hand has no legal play", tr.play_random, tr, 1, h, talon.rng(1))
  t.eq(#h, 4, "the hand is untouched")
  t.eq(tr:why(h, "AS").because, "a lead is 2 or 3 cards, not 1")
  t.eq(tr:why(h, "AS").satisfy, kosel:hand(), "nothing satisfies it")
end)

-- HOK-R3 and docs/api.md t:why: the rule, the sentence and the cards that
-- would satisfy it, for following and for a card not held.
t.test("HOK-R3: why a card is illegal, and which cards would do", function()
  local tr = trick_of(french, { follow = true }, "H", "5S")
  local h = french:hand("2S AS 3H KD")
  local why = tr:why(h, "KD")
  t.eq(why.rule, "must_follow")
  t.eq(why.because, "must follow S: you hold AS 2S")
  t.eq(why.satisfy, french:hand("AS 2S"))
  t.eq(why.cards, "KD", "the play as passed")
  why = tr:why(h, "QS")
  t.eq(why.rule, "not_in_hand")
  t.eq(why.because, "you do not hold QS")
  talon.style("unicode")
  t.eq(tr:why(h, "KD").because, "must follow ♠: you hold A♠ 2♠", "sentences follow the style")
  talon.style("ascii")
end)

-- KOZ-R3: the Schocha is the highest trump whatever the trump is, and not
-- a spade unless spades are trump.
t.test("KOZ-R3: the Schocha beats everything and belongs to trump", function()
  local tr = trick_of(kosel, KOSEL, "H", "AH 6S")
  t.eq(select(2, tr:winner()), 2, "6S beats the ace of trumps")
  t.eq(tr:explain(), "6S wins: the top card beats every other card")
  tr = talon.trick(talon.trickrules(kosel, KOSEL), "H")
  tr:play(1, "6S")
  t.eq(tr:led(), "H", "a lone 6S leads trump (hearts), not spades")
  t.eq(tr:beats("AH"), false, "nothing beats it")
  t.eq(tr:beats("7S"), false)
  tr = talon.trick(talon.trickrules(kosel, KOSEL), "H")
  tr:play(1, "AS 6S")
  t.eq(tr:led(), "S", "6S joins a spade lead as a wild card")
  t.eq(tr:beats("7H 8H"), false, "a set with the Schocha cannot be beaten (KOZ-R9)")
end)

-- KOZ-R8: a set beats a set by a perfect matching, tried in full. Here
-- the trick order (T above K) differs from the deck's kind order, so
-- pairing first-fit in kind order fails (AH takes QH, leaving KH to face
-- TH) while AH>TH, KH>QH works. Not in the seeds' examples.
t.test("KOZ-R8: perfect matching where first-fit pairing fails", function()
  local tr = talon.trick(talon.trickrules(kosel, BURA), "S")
  t.eq(tr:play(1, "QH TH"), true, "a lead of one suit")
  t.eq(tr:beats("AH KH"), true, "AH>TH, KH>QH")
  tr:play(2, "AH KH")
  t.eq(select(2, tr:winner()), 2)
  t.eq(tr:explain(), "AH KH wins: it beats QH TH card for card (AH>TH, KH>QH)")
  -- Every card beats some card of the set, yet no pairing works (Hall):
  -- KH and TH both beat only QH.
  tr = talon.trick(talon.trickrules(kosel, BURA), "D")
  tr:play(1, "AH QH")
  t.eq(tr:beats("KH TH"), false, "two cards that both need QH")
  t.eq(tr:beats("KH 7D"), true, "7D>AH, KH>QH")
  -- Four-card sets with trumps and the Schocha (KOZ-R8: at most 4! pairings).
  tr = talon.trick(talon.trickrules(kosel, KOSEL), "D")
  t.eq(tr:play(1, "AC KC QC JC"), true)
  t.eq(tr:beats("6S 7D 8D TC"), true, "6S>AC, TC>KC, trumps take the rest")
  t.eq(tr:beats("6S 7D 8D 8C"), false, "8C beats no club of the lead")
  t.eq(tr:beats("6S 7D TC 9C"), false, "9C beats nothing either")
  t.eq(tr:beats("6S AD TC 9D"), true)
  -- A follower's mixed set becomes the set to beat.
  tr:play(2, "6S 7D 8D TC")
  t.eq(tr:beats("AD KD QD JD"), false, "nothing beats the Schocha")
end)

-- KOZ-01 extended: face-down plays never win, even a set that would beat
-- (KOZ-R9, KOZ-R10), and their points still count for the winner.
t.test("KOZ-R9, KOZ-R10: face-down sets never win; points all count", function()
  local tr = talon.trick(talon.trickrules(kosel, KOSEL), "H")
  tr:play(1, "AD KD JD")
  tr:play(2, "TH 9H 8H", true)
  t.eq(tr:winner(), 1, "a face-down beating set does not win")
  t.eq(tr:points(), 11 + 4 + 2 + 10, "face-down cards count in the trick's points")
  tr:play(3, "7C 8C 9C", true)
  tr:play(4, "QH 7H 6H")
  t.eq(select(2, tr:winner()), 4, "the face-up set that beats wins")
  local _, cards, down = tr:at(2)
  t.eq(cards, kosel:hand("TH 9H 8H")); t.eq(down, true)
  t.eq(tostring(tr), "trick (trump H): [1] AD KD JD; [2] 3 face down; [3] 3 face down; "
    .. "[4] QH 7H 6H *")
  -- Face up is allowed only to beat; face down is always allowed.
  local h = kosel:hand("AS KS QS JS")
  t.eq(tr:why(h, "AS KS QS").rule, "must_beat", "cannot show a losing set")
  t.eq(tr:allows(h, "AS KS QS", true), true, "may hide any three")
  t.eq(tr:why(h, "AS KS").rule, "play_size", "must play as many cards as the lead")
  t.eq(talon.trick(talon.trickrules(kosel, KOSEL), "H"):why(nil, "AS", true).rule,
    "lead_face_up", "the lead is face up")
end)

-- KZM-R8: a follower holding fewer cards than the lead plays them all and
-- cannot win (5 players, not in the seeds' examples).
t.test("KZM-R8: a short follower plays all his cards and cannot win", function()
  local tr = talon.trick(talon.trickrules(kosel, KOSEL_POT), "S")
  tr:play(1, "9C 8C 7C")
  local short = kosel:hand("AS KS")
  t.eq(tr:why(short, "AS").rule, "play_size", "must play both")
  t.eq(tr:allows(short, "AS KS"), true, "both, face up")
  tr:play(2, "AS KS", false, short)
  t.eq(#short, 0, "the cards left the hand")
  t.eq(tr:winner(), 1, "two trumps against three clubs: fewer cards never win")
end)

-- BUR-R8 default: losing sets are shown face up; face down is refused.
t.test("BUR-R8: non-beating sets face up; face down refused", function()
  local tr = talon.trick(talon.trickrules(kosel, BURA), "D")
  tr:play(1, "QS 7S")
  t.eq(tr:allows(kosel:hand("8C 9C"), "8C 9C"), true, "a losing set face up")
  local why = tr:why(kosel:hand("8C 9C"), "8C 9C", true)
  t.eq(why.rule, "no_face_down")
  local sets, downs = tr:plays(kosel:hand("8C 9C KD"))
  t.eq(#sets, 3, "three pairs of three cards")
  for i = 1, #sets do t.eq(downs[i], false, "all face up") end
end)

-- ===================================================================
-- Winner so far, at the end, and points
-- ===================================================================

-- §0, HOS-R27: the winner after each play, and the card points (HOS-R6).
t.test("§0, HOS-R6: winner so far and card points", function()
  local tr = talon.trick(talon.trickrules(hosgin, HOSGIN), "C")
  t.eq(tr:winner(), nil, "empty trick: nothing")
  tr:play(7, "KH")
  t.eq({ tr:winner() }, { 1, 7 }, "the lead wins so far")
  tr:play(8, "TH")
  t.eq({ tr:winner() }, { 2, 8 }, "T beats K")
  tr:play(9, "JC")
  t.eq({ tr:winner() }, { 3, 9 }, "a trump beats them")
  t.eq(tr:points(), 4 + 10 + 2, "K 4, T 10, J 2")
  t.eq(hosgin:full():points() + 20, 500, "HOS-21: 480 card points + 20 for the last trick")
  t.eq(kosel:full():points(), 120, "KOZ-13")
  t.eq(besigue:full():points(), 240, "BES-R3: two packs")
  t.eq(besigue3:full():points(), 360, "BES-R3: three packs")
end)

-- A joker deck (no seed has one): a joker is a suit of its own, so it
-- wins a trick it leads unless someone trumps, and never wins otherwise;
-- as the top card it is the highest trump.
t.test("jokers in tricks (not in the seeds)", function()
  local jd = talon.deck { ranks = "A K Q J", jokers = 2, joker_points = 50 }
  local tr = trick_of(jd, { follow = true }, "H", "X AS")
  t.eq(select(2, tr:winner()), 1, "a plain card does not beat a led joker")
  t.eq(tr:led(), "joker")
  tr:play(3, "X")
  t.eq(select(2, tr:winner()), 1, "a second joker is identical: the first wins")
  tr:play(4, "JH")
  t.eq(select(2, tr:winner()), 4, "a trump beats it")
  t.eq(tr:points(), 50 + 50, "joker points")
  t.eq(legal(jd, { follow = true }, "H", "X", "X AS"), jd:hand("X"), "a joker lead is followed")
  t.eq(legal(jd, { follow = true }, "H", "AS", "X KS"), jd:hand("KS"), "a joker is not a spade")
  -- The joker as the top card: the highest trump whatever the trump is.
  local top = { follow = true, void = "trump", top = "X" }
  tr = trick_of(jd, top, "S", "AS X")
  t.eq(select(2, tr:winner()), 2, "the joker beats the ace of trumps")
  t.eq(tr:explain(), "X wins: the top card beats every other card")
  t.eq(legal(jd, top, "S", "KS", "X AH"), jd:hand("X"), "it follows a trump lead")
  t.eq(legal(jd, top, "S", "KH", "X AD"), jd:hand("X"), "void in hearts: it is the trump to play")
  t.eq(trick_of(jd, top, "S", "X"):led(), "S", "a joker lead is a trump lead")
  t.eq(select(2, trick_of(jd, top, nil, "AH X"):winner()), 2, "no trump: it still beats all")
end)

-- A stripped deck (HOK-R12, 3-player Hokm): the stripped 2C is not a card
-- of the deck, and the trick works on the rest.
t.test("HOK-R12: a stripped deck in tricks", function()
  local d51 = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2", strip = "2C" }
  t.checkerror("2C was stripped", function() return d51:card("2C") end)
  t.eq(legal(d51, { follow = true }, "S", "3C", "4C 2D AS"), d51:hand("4C"), "follow clubs")
  t.eq(#d51:full():suit("C"), 12, "twelve clubs")
end)

-- ===================================================================
-- Melds as data
-- ===================================================================

-- RULES.md §1.6: Hosgin's whole meld table with subsumption (HOS-R18) as
-- includes, double series as levels (HOS-R21), the triple J♦/Q♠ as the
-- double, and HOSGIN (four pairs) scoring nothing here (HOS-R24): the
-- tests' data table, written from the rules, not the game's.
local hosgin_melds = require "tests.lua.meld.hosgin_melds"
local function hosgin_table(scaled) return hosgin_melds.table(scaled and "scaled" or nil) end

local H2 = "KS QS KH QH KD QD KC QC JH TH AH TSx4 TDx4 TCx4 AS AD"
local H3 = "KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2 TSx4 TDx4 TC"
local H4 = "JS QS KS JH QH KH JD QD KD JC QC KC TSx4 THx4 TDx4 TC"

-- HOS-01 … HOS-05, HOS-R20: the seed's values and shortcuts.
t.test("HOS-01..05, HOS-R20: bellas, trump series, 350/500/320", function()
  local m = talon.melds(hosgin, hosgin_table())
  t.eq(m:score("QH KH", "D"), 20, "HOS-01")
  t.eq(m:score("QD KD", "D"), 40, "HOS-02a")
  t.eq(m:score("JD QD KD TD AD", "D"), 150, "HOS-02b")
  t.eq(m:score(H2, "H"), 350, "HOS-03: complete + trump series")
  t.eq({ m:score_all(H2) }, { 240, 350, 240, 240 }, "HOS-03: 240 with another trump")
  t.eq(m:score(H3, "H"), 500, "HOS-04: complete + double trump series")
  t.eq({ m:score_all(H3) }, { 260, 500, 260, 260 }, "HOS-04 other trumps")
  t.eq({ m:score_all(H4) }, { 320, 320, 320, 320 }, "HOS-05: 320 for every trump")
  -- HOS-R20's note: with trump D the complete + trump series cards hold JD
  -- and QS, so the hand is worth 390.
  t.eq(m:score("KS QS KH QH KD QD KC QC JD TD AD", "D"), 390, "HOS-R20 note")
end)

-- HOS-R18 (subsumption) read from the breakdown: every meld present, what
-- the including melds already counted, and nets that sum to the total.
t.test("HOS-R18: subsumption in the breakdown", function()
  local m = talon.melds(hosgin, hosgin_table())
  local total, items = m:breakdown(H2, "H")
  t.eq(total, 350)
  local net, by = 0, {}
  for _, it in ipairs(items) do
    net = net + it.net
    by[it.name .. (it.suit and (" " .. it.suit) or "")] = it
  end
  t.eq(net, total, "nets sum to the total")
  t.eq(by["complete series"].net, 240, "the complete series scores in full")
  t.eq(by["trump series H"].net, 150, "the trump series in full")
  t.eq(by["bella H"].points, 40, "trump bella")
  t.eq(by["bella H"].included, 80, "included twice: complete and trump series")
  t.eq(by["bella S"].net, 0, "a plain bella inside the complete series adds nothing")
  t.eq(by["queen series"].net, 0, "queen series inside the complete series")
  t.eq(by["trump series H"].cards, hosgin:hand("JH QH KH TH AH"), "the cards it uses")
end)

-- HOS-R21 (not in the seed's examples): three of each queen and king,
-- with the default and the "scaled" option, checked against HOS-R19.
t.test("HOS-R21: three of each queen and king", function()
  local hand = "QSx3 QHx3 QDx3 QCx3 KSx3 KHx3 KDx3 KCx3"
  -- HOS-R19: bellas 3 per suit: 3*(3*20) + 3*40 = 300; Q and K series
  -- triple = double 600 + 800; c = 3: double complete 800; no J or A.
  local m = talon.melds(hosgin, hosgin_table())
  t.eq(m:score(hand, "H"), 300 + 600 + 800 + 800, "default: triples count as doubles")
  -- Scaled: queen 900 and king 1200 instead of 600 and 800; the double
  -- complete series (level 2 of a two-level list) includes them only at
  -- the double, so the extra 300 + 400 shows.
  local scaled = talon.melds(hosgin, hosgin_table(true))
  t.eq(scaled:score(hand, "H"), 2500 + 300 + 400, "scaled triples")
  -- Three queens of each suit alone: only the queen series.
  t.eq(m:score("QSx3 QHx3 QDx3 QCx3", "S"), 600, "triple queen series = double")
  t.eq(scaled:score("QSx3 QHx3 QDx3 QCx3", "S"), 900, "scaled: 1.5x the double")
  -- Queens of each suit 3, kings 1: one bella each, a single complete.
  t.eq(m:score("QSx3 QHx3 QDx3 QCx3 KS KH KD KC", "S"), 40 + 60 + 600 + 80,
    "bellas 100 (trump S), Q double 600, K single 80")
end)

-- HOS-R19 PINIK and HOS-R15 locking: triple as double, four pairs lock all.
t.test("HOS-R19, HOS-R15: J♦/Q♠ levels and locked cards", function()
  local m = talon.melds(hosgin, hosgin_table())
  t.eq(m:score("JD QS", "H"), 40, "single")
  t.eq(m:score("JDx2 QSx2", "H"), 300, "double")
  t.eq(m:score("JDx3 QSx3", "H"), 300, "triple counts as the double")
  t.eq(m:score("JDx4 QSx4", "H"), 0, "HOSGIN: no meld points (HOS-R24)")
  t.eq(m:locked("JDx3 QSx3 AH", "H"), hosgin:hand("JDx2 QSx2"), "a triple locks two pairs")
  t.eq(m:locked("JDx4 QSx4", "H"), hosgin:hand("JDx4 QSx4"), "HOSGIN locks all eight")
  -- HOS-R15: the trump series locks one of each, bellas their Q and K.
  t.eq(m:locked("JH QHx2 KHx2 TH AH AS", "H"), hosgin:hand("JH QHx2 KHx2 TH AH"),
    "two trump bellas lock two Q and K, the series one J T A")
end)

-- BES-01 and BES-R12 (corrected seed, §6.1): Besigue's melds as data.
local function besigue_table()
  return {
    { name = "marriage", ranks = "K Q", suit = "each", points = 20, trump_points = 40 },
    { name = "quint major", ranks = "A T K Q J", suit = "trump", points = 250,
      includes = { "marriage" } },
    { name = "four jacks", ranks = "J", suit = "any", size = 4, points = 40 },
    { name = "four queens", ranks = "Q", suit = "any", size = 4, points = 60 },
    { name = "four kings", ranks = "K", suit = "any", size = 4, points = 80 },
    { name = "four aces", ranks = "A", suit = "any", size = 4, points = 100 },
    { name = "besigue", cards = "QS JD", points = { 40, 500, 1500 } },
  }
end

t.test("BES-01, BES-R12: Besigue melds", function()
  local m = talon.melds(besigue, besigue_table())
  for _, c in ipairs {
    { "KS QS", 20, "marriage" }, { "KH QH", 40, "trump marriage" },
    { "KSx2 QSx2", 40, "double marriage" }, { "KHx2 QHx2", 80, "double trump marriage" },
    { "JS JH JC JC", 40, "four jacks, suits free" }, { "QH QD QC QC", 60, "four queens" },
    { "KD KD KC KC", 80, "four kings (seed prints 30)" }, { "AS AH AD AC", 100, "four aces" },
    { "AH TH KH QH JH", 250, "quint major, its marriage included" },
    { "QS JD", 40, "besigue" }, { "QSx2 JDx2", 500, "double besigue" },
    { "KSx2 KHx2 KDx2 KCx2", 160, "eight kings: four kings twice (BES-R12)" },
  } do
    t.eq(m:score(c[1], "H"), c[2], c[3])
  end
  t.eq(m:score("AS TS KS QS JS", "H"), 20, "quint major only in trumps (BES-R13)")
  local m3 = talon.melds(besigue3, besigue_table())
  t.eq(m3:score("QSx3 JDx3", "H"), 1500, "triple besigue, three packs")
  t.eq(m3:score("QS KS JD", "H"), 20 + 40, "QS in a marriage and in besigue (BES-R12)")
end)

-- Errors name the meld and the key (docs/api.md).
t.test("melds: bad tables are refused with the meld named", function()
  t.checkerror("meld 'x': key 'ranks': no rank \"Z\"", talon.melds, hosgin,
    { { name = "x", ranks = "Z", suit = "each", points = 1 } })
  t.checkerror("no meld named 'belle'", talon.melds, hosgin,
    { { name = "x", ranks = "Q K", suit = "all", points = 1, includes = { "belle" } } })
end)
