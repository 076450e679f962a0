-- talon.passing (docs/framework.md "Passing cards"): every seat in turn,
-- from the seat after the dealer on, sets aside its cards one card per
-- action; when all have chosen, the cards go left (st:next), right
-- (st:prev) or across, or no pass at all. Which card was passed is seen
-- only by the passer and the receiver; undo, records, random players and
-- `talon check` treat the pass as any card phase.
local t = require "talon.host.testing"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local passing = require "talon.passing"
local record = require "talon.host.record"
local invariants = require "talon.host.invariants"
local tbl = require "talon.cli.table"
local talon = require "talon"

talon.style("ascii")

local ROTATION = { "left", "right", "across", "none" }

-- A test game: six cards each, three passed, six one-card tricks; a point
-- per trick, and the fewest points win once a side reaches the target.
local function pass_game(direction)
  return game.define {
    name = "Pass and play",
    summary = "a test game: pass three cards, then six tricks; fewest points win",
    players = { 4, 3 },
    direction = "cw",
    options = { players = { default = 4, values = { 3, 4 }, doc = "players" },
                target = { default = 10, doc = "points that end the match" } },
    deck = { ranks = "A K Q J T 9" },
    rules = { ["PASS-R1"] = "Before play each player passes three cards.",
              follow = "Follow the suit led if you can." }, -- the play's refusals cite it
    deal = function(st)
      deal.packets(st, st:order(st:next(st.dealer)), { 6 })
      return "pass"
    end,
    phases = {
      pass = passing.phase {
        count = 3, direction = direction or ROTATION, after = "play", rule = "PASS-R1",
        on_done = function(st) st.turn = st:next(st.dealer) end,
      },
      play = tricks.phase {
        rules = { follow = true }, rule = "follow",
        on_trick = function(st, w) if #st.hands[w] == 0 then return "end" end end,
      },
    },
    score = function(st)
      for s = 1, st.n do
        if st.tricks_won[s] > 0 then
          score.add(st, s, st.tricks_won[s], nil, "a point per trick")
        end
      end
    end,
    match_over = score.lowest_result,
  }
end

local def = pass_game()
local HANDS = { "AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D",
                "AC KC QC JC TC 9C" }

local function dealt(pass, params)
  local p = params or {}
  p.seed, p.deal = p.seed or 1, { pass = pass, hands = HANDS }
  return game.new(def, p)
end

local function hand(g, s) return tostring(g.state.hands[s]) end
local DECK = talon.deck { ranks = "A K Q J T 9" }
local function cards(text) return tostring(DECK:hand(text)) end

-- Passes the three highest cards of each seat (the dealt hands above), the
-- movers checked against 'order'.
local function pass_all(g, order)
  for _, s in ipairs(order) do
    for _, rank in ipairs { "A", "K", "Q" } do
      t.eq(g:mover(), s, "mover")
      local suit = HANDS[s]:sub(2, 2)
      g:play(rank .. suit)
    end
  end
end

t.test("one card per action, from the seat after the dealer, in the order of play", function()
  local g = dealt("left")
  t.eq(g:phase(), "pass", "the hand starts with the pass")
  t.eq(g.state.dealer, 1, "seat 1 deals")
  t.eq(tostring(g:legal_hand()), hand(g, 2), "legal: the mover's whole hand")
  g:play("AH")
  t.eq(hand(g, 2), cards("KH QH JH TH 9H"), "the chosen card leaves the hand at once")
  t.eq(tostring(g.state.aside[2]), cards("AH"), "and is set aside for the receiver")
  t.eq(g:mover(), 2, "the same seat chooses its next card")
  g:play("KH")
  g:play("QH")
  t.eq(g:mover(), 3, "after three cards the next seat in the order of play")
  pass_all(g, { 3, 4, 1 })
  t.eq(g:phase(), "play", "after the last seat, the phase named by after")
  t.eq(g:mover(), 2, "on_done ran: the player after the dealer leads")
  t.eq(g.nact, 12, "twelve actions: one per card")
end)

-- left: to st:next(seat); right: to st:prev(seat); across: two seats on.
t.test("the cards arrive: left, right, across", function()
  local receivers = { left = { 2, 3, 4, 1 }, right = { 4, 1, 2, 3 }, across = { 3, 4, 1, 2 } }
  for dir, to in pairs(receivers) do
    local g = dealt(dir)
    pass_all(g, { 2, 3, 4, 1 })
    for s = 1, 4 do
      local from = HANDS[s]:sub(2, 2)
      local kept = HANDS[to[s]]:sub(10)
      t.eq(hand(g, to[s]), cards(("A%s K%s Q%s "):format(from, from, from) .. kept),
        ("%s: seat %d's cards reach seat %d"):format(dir, s, to[s]))
    end
    t.eq(g.state.aside, nil, dir .. ": nothing is left aside")
    t.eq(g.state.passing.direction, dir, dir .. ": st.passing names the direction")
  end
end)

t.test("none: the phase is skipped, the hands stay, on_done still runs", function()
  local g = dealt("none")
  t.eq(g:phase(), "play", "straight to play")
  for s = 1, 4 do t.eq(hand(g, s), cards(HANDS[s]), "seat " .. s .. " keeps its cards") end
  t.eq(g:mover(), 2, "on_done set the leader")
  t.ok(g:explain(#g:events()):find("no cards are passed", 1, true), g:explain(#g:events()))
end)

-- The pass of hand k is ROTATION[k], round the list; an explicit deal's
-- `pass` fixes the hand it deals, and later hands follow the rotation.
t.test("rotation by hand number, overridden by the explicit deal's pass", function()
  local function directions(params)
    local g = game.new(def, params)
    local rng, seen, hand_no = talon.rng(params.seed), {}, 0
    while not g:over() do
      if g.state.hand_no ~= hand_no then
        hand_no = g.state.hand_no
        seen[hand_no] = g.state.passing.direction
      end
      g:play(g:random(rng))
    end
    return seen
  end
  local far = { target = 1000 } -- no match ends before its hands are played
  t.eq(directions { seed = 3, hands = 5, options = far },
    { "left", "right", "across", "none", "left" }, "the rotation")
  t.eq(directions { seed = 3, hands = 2, options = far, deal = { pass = "across" } },
    { "across", "right" },
    "hand 1 as the deal says, hand 2 from the rotation")
  t.eq(passing.rotation({ hand_no = 6 }, ROTATION), "right", "hand 6 is the list's second")
  t.checkerror("explicit deal, pass: a pass direction is left, right, across or none, not up",
    game.new, def, { deal = { pass = "up" } })
end)

t.test("a card not held is refused as not held, no rule cited; one set aside says so", function()
  local g = dealt("left")
  local v = g:why("AS")
  t.eq(v.rule, nil, "no rule is at stake")
  t.eq(v.because, "you do not hold AS", "the reason")
  t.ok(v.satisfy:find("^legal now: "), "what would do: " .. v.satisfy)
  g:play("AH")
  t.eq(g:why("AH").because, "you have already set AH aside to pass", "a card already chosen")
  local ok, refused = g:try("pass")
  t.ok(not ok and tostring(refused):find("each action is one card", 1, true), tostring(refused))
  t.eq(g.nact, 1, "nothing played by the refusals")
end)

-- Every card Hand or Card reachable from a view, as a Hand.
local function view_cards(g, v)
  local all, seen = g.deck:hand(), {}
  local function walk(x)
    if type(x) == "userdata" then
      local name = getmetatable(x).__name
      if name == "talon.Hand" then all:add(x) elseif name == "talon.Card" then all:add(x) end
    elseif type(x) == "table" and not seen[x] then
      seen[x] = true
      for _, y in pairs(x) do walk(y) end
    end
  end
  walk(v)
  return all
end

-- The event texts seat 's' sees that name card 'c'.
local function told(g, s, c)
  local found = {}
  for _, ev in ipairs(g:view(s).events) do
    if ev.text:find("%f[%w]" .. c .. "%f[%W]") then found[#found + 1] = ev.text end
  end
  return found
end

t.test("privacy: only the passer and, after the exchange, the receiver see the cards", function()
  local g = dealt("left")
  g:play("AH")
  for s = 1, 4 do
    local sees = view_cards(g, g:view(s)):count(g.deck:card("AH")) > 0
    t.eq(sees, s == 2, ("seat %d's view %s the card set aside"):format(s,
      sees and "has" or "lacks"))
    t.eq(#told(g, s, "AH") > 0, s == 2, "events naming AH, seat " .. s)
  end
  t.eq(tostring(g:view(2).passing.passed), cards("AH"), "the passer's view: his card aside")
  t.eq(g:view(2).passing.to, 3, "and where it goes")
  t.eq(#g:view(3).passing.passed, 0, "seat 3 has set nothing aside")
  t.eq(g:view(3).passing.received, nil, "nor received anything yet")
  t.eq(g:view(3).sizes[2], 5, "the count is public")
  g:play("KH"); g:play("QH")
  pass_all(g, { 3, 4, 1 })
  for s = 1, 4 do
    t.eq(#told(g, s, "AH") > 0, s == 2 or s == 3,
      "after the exchange, events naming AH, seat " .. s)
  end
  t.eq(tostring(g:view(3).passing.received), cards("AH KH QH"), "the receiver's view")
  t.eq(g:view(3).passing.from, 2, "from seat 2")
  t.ok(told(g, 3, "KH")[1]:find("P3 receives AH KH QH from P2", 1, true), told(g, 3, "KH")[1])
  local public = {}
  for _, ev in ipairs(g:events()) do
    if ev.to == nil and (ev.kind == "pass" or ev.kind == "passing") then
      public[#public + 1] = ev.text
    end
  end
  t.eq(public[1], "hand 1: each player passes 3 cards left: P2 to P3, P3 to P4, P4 to P1, P1 to P2",
    "the public announcement")
  t.eq(public[2], "P2 passes 3 cards to P3", "who passed how many to whom")
  local text = tbl.render(g:view(3), "Pass"):gsub("\27%[[%d;]*m", "")
  t.ok(text:find("passed left to P4: AD KD QD; received from P2: AH KH QH", 1, true), text)
end)

t.test("undo takes back single cards, and the exchange", function()
  local g = dealt("across")
  g:play("AH"); g:play("KH"); g:play("QH"); g:play("AD")
  t.ok(g:undo(), "undo one")
  t.eq(g:mover(), 3, "seat 3 to choose again")
  t.eq(hand(g, 3), cards(HANDS[3]), "its card back in hand")
  t.eq(#g.state.aside[3], 0, "nothing aside for seat 3")
  t.ok(g:undo(), "undo another")
  t.eq(g:mover(), 2, "seat 2 to choose its third card")
  t.eq(tostring(g.state.aside[2]), cards("AH KH"), "two cards aside")
  g:play("QH")
  pass_all(g, { 3, 4, 1 })
  t.eq(g:phase(), "play", "the pass is over")
  g:undo()
  t.eq(g:phase(), "pass", "undoing the last card undoes the exchange")
  t.eq(g:mover(), 1, "seat 1 to choose its third card")
  t.eq(hand(g, 3), cards("JD TD 9D"), "seat 3 holds only what it kept")
  t.eq(tostring(g.state.aside[1]), cards("AS KS"), "seat 1's two cards aside")
end)

t.test("records replay the pass, the explicit deal's pass included", function()
  local g = dealt("right", { hands = 1, game = "pass" })
  g:playout(talon.rng(4))
  local text = g:record()
  t.ok(text:find("\ndeal pass right\n", 1, true), text)
  local again = record.replay(text, function() return def end)
  t.eq(record.write(again), text, "same record")
  t.eq(again:scores(), g:scores(), "same scores")
end)

-- `talon check`: every card is in one place while cards are set aside
-- (st.aside counts), the mover always has a legal card, and the quiet
-- playout plays the pass as the per-action path does.
t.test("talon check holds during the pass; random players draw from the hand", function()
  local g = dealt("left", { checking = true })
  g:play("AH")
  local names = {}
  for _, z in ipairs(invariants.zones(g)) do names[z[1]] = tostring(z[2]) end
  t.eq(names["aside 2"], cards("AH"), "the set-aside cards are a zone")
  t.eq(invariants.check(g), nil, "conservation holds")
  local bad, stats = invariants.run(def, { hands = 6 }, 8)
  t.eq(bad, nil, bad and bad.text)
  t.eq(stats.games, 8, "eight games")
  local r = talon.rng(5)
  while g:phase() == "pass" do
    local h = g.state.hands[g:mover()]:copy()
    local a = g:random(r)
    t.ok(h:count(a) > 0, "a random pass is a card of the mover's hand")
    g:play(a)
  end
  t.eq(g.nact, 12, "twelve random passes")
end)

t.test("across needs an even number of seats; a bad spec is refused", function()
  t.checkerror("passing across needs an even number of seats in play, not 3", game.new,
    pass_game("across"), { options = { players = 3 } })
  local g = game.new(pass_game("right"), { options = { players = 3 }, seed = 2 })
  t.eq(g.state.passing.direction, "right", "three players pass right")
  t.checkerror("direction: a pass direction is left, right, across or none, not up",
    passing.phase, { count = 3, direction = "up", after = "play" })
  t.checkerror("after %(the name of the phase that follows%) needed", passing.phase,
    { count = 3, direction = "left" })
  t.checkerror("count must be a positive integer", passing.phase,
    { count = 0, direction = "left", after = "play" })
  local zero = pass_game("left")
  zero.phases.pass = passing.phase { count = function() return 0 end, direction = "left",
    after = "play" }
  t.checkerror("passing: count must be a positive integer, not 0", game.new, zero)
end)

-- score.lowest_result as the match end: a finished match's winner has the
-- strictly lowest score and some side reached the target.
t.test("a match of the test game ends with the lowest score winning", function()
  local g = game.new(def, { seed = 11 })
  g:playout(talon.rng(11))
  local res = g:result()
  t.ok(res and res.winner, "a winner")
  local sc = g:scores()
  local top = math.max(table.unpack(sc))
  t.ok(top >= 10, "some side reached the target")
  for side, v in ipairs(sc) do
    if side ~= res.winner then t.ok(v > sc[res.winner], "strictly lowest: " .. res.text) end
  end
end)

-- A quiet playout passes in one loop (the phase's playout), drawing each
-- card as g:random does: the same seed gives the same actions as a game
-- played action by action; once a variant wraps the phase's legal hook
-- the loop is off and the wrapper is obeyed.
t.test("the quiet pass loop draws as g:random does, and yields to a wrapped hook", function()
  for seed = 1, 5 do
    local quiet = game.new(def, { seed = seed, quiet = true, hands = 1 })
    quiet:playout(talon.rng(seed))
    local loud = game.new(def, { seed = seed, hands = 1 })
    local rng = talon.rng(seed)
    while not loud:over() do loud:play(loud:random(rng)) end
    t.eq(quiet.nact, loud.nact, "as many actions")
    for i = 1, loud.nact do
      t.eq(tostring(quiet.act[i]), tostring(loud.act[i]), ("seed %d, action %d"):format(seed, i))
    end
  end
  t.ok(tricks.batch_holds(def.phases.pass), "the pass phase's loop stands for its hooks")
  local variant = require "talon.variant"
  local strict = variant.of(def, { summary = "never pass an ace", wrap = {
    ["pass.legal"] = function(orig, st, seat)
      local held = orig(st, seat)
      local h = held:copy()
      for c in held:each() do if c.rank == "A" and #h > 1 then h:remove(c) end end
      return h
    end } })
  t.ok(not tricks.batch_holds(strict.phases.pass), "a wrapped legal turns the loop off")
  local g = game.new(strict, { seed = 2, quiet = true, hands = 1 })
  g:playout(talon.rng(2))
  for i = 1, 12 do t.ok(g.act[i].rank ~= "A", "no ace passed: " .. tostring(g.act[i])) end
end)
