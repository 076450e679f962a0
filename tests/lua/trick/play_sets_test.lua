-- t:play_sets, the batch of set tricks (tricks.set_phase's quiet
-- playouts): each play is the set t:random draws, played as t:play with
-- the hand plays it (KOZ-R7 … R10 under Kosel's rules), recorded as the
-- action the legal list would hold, and a full trick goes to its winner
-- and the hook, exactly as the per-play path does.
local t = require "talon.host.testing"
local talon = require "talon"
local actions = require "talon.actions"

local deck = talon.deck { ranks = "A T K Q J 9 8 7 6", points = "11 10 4 3 2 0 0 0 0" }
local KOSEL = talon.trickrules(deck, { lead_sizes = { 1, 2, 3, 4 }, top = "6S",
  wild_top = true, face_down = "allowed" })
local HOW = { lead = "lead", up = "beat", down = "down", meta = actions.Action }

-- Four hands of four cards and empty won piles, from 'seed'.
local function deal(seed)
  local hands, won = {}, {}
  for s = 1, 4 do hands[s], won[s] = deck:hand(), deck:hand() end
  deck:pile():shuffle(talon.rng(seed)):deal(hands, { 4 })
  return hands, won
end

-- The per-play path: t:random, then t:play with the hand, one play at a
-- time; returns the record and the winner.
local function by_hand(tr, hands, seat, rng, act, act_seat, k)
  for _ = 1, #hands do
    local cards, down = tr:random(hands[seat], rng)
    if type(cards) == "userdata" and not actions.is_hand(cards) then cards = deck:hand(cards) end
    local verb = #tr == 0 and "lead" or (down and "down" or "beat")
    assert(tr:play(seat, cards, down, hands[seat]))
    k = k + 1
    act[k], act_seat[k] = actions.text(actions.make(verb, cards)), seat
    seat = seat % #hands + 1
  end
  return k, select(2, tr:winner())
end

t.test("play_sets: the plays, record, won pile and hook of the per-play path", function()
  for seed = 1, 30 do
    local hands, won = deal(seed)
    local tr, rng, act, act_seat = talon.trick(KOSEL, "H"), talon.rng(seed), {}, {}
    local k, w = by_hand(tr, hands, 2, rng, act, act_seat, 0)
    tr:add_to(won[w])
    local bh, bw = deal(seed)
    local bt, brng, bact, bseat, calls = talon.trick(KOSEL, "H"), talon.rng(seed), {}, {}, 0
    local at, result, nxt = bt:play_sets(bh, 2, brng, bact, bseat, 0, 99, bw,
      function(arg, winner, trick)
        calls = calls + 1
        t.eq(arg, "st", "the hook gets 'arg'")
        t.eq(winner, w, "the trick's winner")
        t.eq(#trick, 4, "the full trick")
        t.eq(bw[winner], won[w], "the cards are in the won pile before the hook")
        return nil, 3
      end, "st", nil, HOW)
    t.eq(at, k); t.eq(result, nil); t.eq(nxt, 3, "the hook's next seat"); t.eq(calls, 1)
    t.eq(#bt, 0, "the trick is emptied after the hook")
    for i = 1, k do
      t.eq(actions.text(bact[i]), act[i], "seed " .. seed .. ": play " .. i)
      t.ok(actions.is_hand(bact[i].arg), "a set of one card is a Hand too")
      t.eq(getmetatable(bact[i]), false, "the actions' locked metatable")
      t.eq(bseat[i], act_seat[i])
    end
    for s = 1, 4 do t.eq(bh[s], hands[s]); t.eq(bw[s], won[s]) end
    t.eq(brng:int(1, 1000), rng:int(1, 1000), "the same draws")
  end
end)

t.test("play_sets: 'stop' ends inside the trick; a result passes through", function()
  local hands, won = deal(3)
  local tr, act, seats = talon.trick(KOSEL, "S"), {}, {}
  local at, result, nxt = tr:play_sets(hands, 4, talon.rng(3), act, seats, 5, 7, won,
    function() error("no full trick") end, nil, nil, HOW)
  t.eq(at, 7, "two plays fit after 5"); t.eq(result, nil); t.eq(nxt, 2, "the seat after 1")
  t.eq(#tr, 2); t.eq(seats[6], 4); t.eq(seats[7], 1); t.eq(act[6].verb, "lead")
  at, result, nxt = tr:play_sets(hands, 2, talon.rng(4), act, seats, at, 99, won,
    function() return "end" end, nil, nil, HOW)
  t.eq(at, 9); t.eq(result, "end"); t.eq(nxt, nil); t.eq(#tr, 0)
end)

t.test("play_sets: the seats sitting out play nothing", function()
  local hands, won = deal(5)
  local tr, seats = talon.trick(KOSEL, "S"), {}
  local at = tr:play_sets(hands, 1, talon.rng(5), {}, seats, 0, 99, won,
    function(_, w) return nil, w end, nil, { [2] = true }, HOW)
  t.eq(at, 3); t.eq(seats, { 1, 3, 4 }); t.eq(#hands[2], 4)
end)

t.test("play_sets: bad arguments and hooks are refused", function()
  local function call(how, hook, hands, won, seat)
    local h, w = deal(1)
    local tr = talon.trick(KOSEL, "S")
    return tr:play_sets(hands or h, seat or 1, talon.rng(1), {}, {}, 0, 99, won or w,
      hook or function() return "end" end, nil, nil, how or HOW)
  end
  t.checkerror("how.up: a verb expected", call, { lead = "lead", down = "down" })
  t.checkerror("boom", call, nil, function() error("boom") end)
  t.checkerror("next seat is outside", call, nil, function() return nil, 5 end)
  t.checkerror("one Hand per seat", call, nil, nil, nil, { deck:hand() })
  t.checkerror("is not a Hand of the trick's deck", call, nil, nil, { 1, 2, 3, 4 })
  t.checkerror("seat outside", call, nil, nil, nil, nil, 9)
end)

-- With a policy (a search's futures, docs/search.md "The search") the
-- followers play by the engine's rule of thumb: an opponent's lead is
-- beaten by the lowest set that beats it (KOZ-R8: card by card), and a
-- set that cannot be beaten gets the follower's lowest cards face down.
t.test("play_sets with a policy: the followers' rule of thumb", function()
  local policy = { percent = 100, sides = { 1, 2, 1, 2 } }
  local hands = { deck:hand("9S 8S"), deck:hand("AS TS KS 7H"), deck:hand("QS JS 7C 7D"),
                  deck:hand("6C 7S 8C 9C") }
  local won = { deck:hand(), deck:hand(), deck:hand(), deck:hand() }
  local tr, act, act_seat = talon.trick(KOSEL, "H"), {}, {}
  assert(tr:play(1, deck:hand("9S 8S"), false, hands[1]))
  local at = tr:play_sets(hands, 2, talon.rng(1), act, act_seat, 0, 1, won,
    function() return nil, 1 end, nil, nil, HOW, policy)
  t.eq(at, 1, "one play")
  t.eq(actions.text(act[1]), "beat TS KS", "the lowest two spades above 9S and 8S, not the ace")
  local at2 = tr:play_sets(hands, 3, talon.rng(1), act, act_seat, 1, 2, won,
    function() return nil, 1 end, nil, nil, HOW, policy)
  t.eq(at2, 2)
  t.eq(actions.text(act[2]), "down 7D 7C",
    "an opponent's TS KS cannot be beaten with QS JS: the two lowest, face down")
  local ok, err = pcall(tr.play_sets, tr, hands, 4, talon.rng(1), act, act_seat, 2, 3, won,
    function() return nil, 1 end, nil, nil, HOW, { percent = "all", sides = {} })
  t.ok(not ok and tostring(err):find("policy.percent", 1, true), tostring(err))
end)

-- With 'extra' (talon.beside: a claim listed after the plays) one draw
-- covers the plays and the extra actions, as g:random's one draw over the
-- legal list does: a lead of one card among two extras is drawn a third
-- of the time, and the k-th extra drawn for a seat (leader or follower)
-- stops the call before it, with nothing recorded for it; the followers'
-- rule of thumb plays cards.
t.test("play_sets with extra actions: one draw over the plays and the extras", function()
  local counts, n = { [0] = 0, 0, 0 }, 3000
  local rng = talon.rng(7)
  for _ = 1, n do
    local hands, won = { deck:hand("AS"), deck:hand("KS"), deck:hand("QS"), deck:hand("JS") },
      { deck:hand(), deck:hand(), deck:hand(), deck:hand() }
    local tr, act, seats = talon.trick(KOSEL, "H"), {}, {}
    local at, result, nxt, k = tr:play_sets(hands, 1, rng, act, seats, 0, 99, won,
      function() return "end" end, nil, nil, HOW, nil, 2)
    if k then -- every seat's turn draws among the extras too (a claim at any turn)
      t.eq({ result, nxt, #tr, #act }, { nil, at % 4 + 1, at, at },
        "stopped before the seat that drew it, nothing recorded for it")
    else
      t.eq({ at, result }, { 4, "end" }, "no extra drawn: the trick played out")
    end
    local first = at == 0 and k or 0
    counts[first] = counts[first] + 1
  end
  for k = 0, 2 do
    t.ok(math.abs(counts[k] / n - 1 / 3) < 0.04, ("outcome %d: %d of %d"):format(k, counts[k], n))
  end
  -- the leader's draw (stop after one action) is exactly rng:below over
  -- the one play of the lead and three extras
  for seed = 1, 50 do
    local hands = { deck:hand("AS"), deck:hand("KS"), deck:hand("QS"), deck:hand("JS") }
    local won = { deck:hand(), deck:hand(), deck:hand(), deck:hand() }
    local _, _, _, k = talon.trick(KOSEL, "H"):play_sets(hands, 1, talon.rng(seed), {}, {}, 0,
      1, won, function() return "end" end, nil, nil, HOW, nil, 3)
    local i = talon.rng(seed):below(4)
    t.eq(k, i >= 1 and i or nil, "seed " .. seed)
  end
  local policy = { percent = 100, sides = { 1, 2, 1, 2 } }
  for seed = 1, 200 do
    local hands, won = deal(seed)
    local tr, r = talon.trick(KOSEL, "H"), talon.rng(seed)
    local cards, down = tr:random(hands[1], r)
    if not actions.is_hand(cards) then cards = deck:hand(cards) end
    assert(tr:play(1, cards, down, hands[1]))
    local at, _, _, drawn = tr:play_sets(hands, 2, r, {}, {}, 0, 99, won,
      function() return "end" end, nil, nil, HOW, policy, 16)
    t.eq({ at, drawn }, { 3, nil }, "seed " .. seed .. ": the followers' rule of thumb plays cards")
  end
  local hands, won = deal(1)
  for _, bad in ipairs { -1, 17, 2.5, "x" } do
    t.checkerror("", talon.trick(KOSEL, "H").play_sets, talon.trick(KOSEL, "H"), hands, 1,
      talon.rng(1), {}, {}, 0, 99, won, function() return "end" end, nil, nil, HOW, nil, bad)
  end
end)

-- t:draw, g:random's path in a set phase: the play a draw from the list
-- of t:plays (then 'extra' actions listed after them) takes with the same
-- generator, always as a Hand; nil and k for the k-th action after them;
-- nothing, and no number drawn, from an empty list.
t.test("draw: the list's draw without the list, extra actions after the plays", function()
  local kinds = 0
  for seed = 1, 40 do
    local hands = deal(seed)
    local tr = talon.trick(KOSEL, "H")
    for k = 0, 2 do
      local seat = 1 + seed % 4
      local plays, downs = tr:plays(hands[seat])
      local a, b = talon.rng(seed * 3 + k), talon.rng(seed * 3 + k)
      local cards, down = tr:draw(hands[seat], a, k)
      local i = b:int(1, #plays + k)
      if i > #plays then
        t.eq({ cards, down }, { nil, i - #plays }, "an action after the plays: nil and k")
        kinds = kinds | 2
      else
        t.ok(actions.is_hand(cards), "a play is a Hand, a set of one too")
        t.eq(tostring(cards), tostring(plays[i]), "the list's play")
        t.eq(down, downs[i], "face down as the list says")
        kinds = kinds | 1
      end
      t.eq(a:state(), b:state(), "one number drawn, as the list's draw")
      if k == 0 and i <= #plays then assert(tr:play(seat, cards, down, hands[seat])) end
    end
  end
  t.eq(kinds, 3, "plays and actions after them were both drawn")
  local rng = talon.rng(1)
  local before = rng:state()
  t.eq(select("#", talon.trick(KOSEL, "H"):draw(deck:hand(), rng)), 0, "an empty hand: nothing")
  t.eq(rng:state(), before, "and no number drawn")
  local tr, other = talon.trick(KOSEL, "H"), talon.deck { ranks = "A K" }
  t.checkerror("0 to 16 actions expected", tr.draw, tr, deck:hand("AS"), rng, 17)
  t.checkerror("0 to 16 actions expected", tr.draw, tr, deck:hand("AS"), rng, -1)
  t.checkerror("another deck", tr.draw, tr, other:hand("AS"), rng)
end)
