-- The one-card step of tricks.phase (g:play in a quiet game, checked or
-- not: t:step, docs/framework.md "Phases") against the ordinary path (the
-- same game not quiet: apply, mover and legal, one protected call per
-- action, each action logged). Every game and house rule must give the
-- same records, scores and refusals both ways, and a state the step does
-- not know must go the ordinary way, its errors included. `talon check`
-- plays the step where it holds, so this test is where apply is held to
-- it for every shipped game.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"

-- Every game file of games/ with a phase that keeps its step (found, not
-- listed: a new game or variant is compared as soon as it ships), each
-- at every player count its `players` option offers.
local function stepping_games()
  local list = {}
  for _, name in ipairs(require("talon.cli.list").files()) do
    local def = assert(loader.load(name))
    local any = false
    for _, ph in pairs(def.phases) do
      any = any or (ph.step ~= nil and tricks.step_holds(ph))
    end
    if any then
      for _, n in ipairs(def.players) do
        list[#list + 1] = { name, #def.players > 1 and n or nil, def = def }
      end
    end
  end
  return list
end

-- Plays one hand with g:play(g:random(rng)); after every action, the
-- refusal of each card of the mover's hand that is not legal (its text).
-- Returns the record's texts, the refusals, the scores, and the numbers
-- of actions played and logged.
local function hand(def, players, seed, quiet)
  local options = players and { players = players } or nil
  local g = game.new(def, { seed = seed, quiet = quiet, hands = 1, options = options })
  local rng, texts, refusals = talon.rng(seed), {}, {}
  while not g:over() do
    local h = g:legal_hand()
    if h then
      local st = g.state
      for _, c in ipairs(st.hands[g:mover()]:cards()) do
        if h:count(c) == 0 then
          local ok, v = g:try(c)
          refusals[#refusals + 1] = tostring(ok) .. " " .. tostring(v) .. " " .. tostring(v.rule)
        end
      end
    end
    local a = g:random(rng)
    texts[#texts + 1] = actions.text(a)
    g:play(a)
  end
  local logged = 0
  for _, ev in ipairs(g.state.events) do
    if ev.kind == "action" then logged = logged + 1 end
  end
  return table.concat(texts, " "), table.concat(refusals, "\n"), table.concat(g:scores(), " "),
    #texts, logged
end

t.test("the step plays every game and house rule as the ordinary path does", function()
  local games = stepping_games()
  t.ok(#games >= 14, "the games with a step: " .. #games)
  for _, case in ipairs(games) do
    for seed = 1, 6 do
      local fast, fast_no, fast_scores = hand(case.def, case[2], seed, true)
      local slow, slow_no, slow_scores, played, logged = hand(case.def, case[2], seed, false)
      local what = ("%s %s seed %d"):format(case[1], tostring(case[2] or ""), seed)
      -- an action the step plays is not logged (a game may log more of its own)
      t.ok(logged >= played, what .. ": every action went the ordinary way")
      t.eq(fast, slow, what .. ": the record")
      t.eq(fast_no, slow_no, what .. ": the refusals")
      t.eq(fast_scores, slow_scores, what .. ": the scores")
    end
  end
end)

t.test("the step is taken in a quiet game of tricks.phase, and kept by trick-rule data", function()
  for _, name in ipairs { "hokm", "hokm-must-trump", "hokm-no-trump-lead", "hearts" } do
    local def = assert(loader.load(name))
    local ph = def.phases.play
    t.ok(ph.step ~= nil and tricks.step_holds(ph), name .. ": the play phase keeps its step")
  end
  local def = assert(loader.load("hokm"))
  local wrapped = {}
  for k, v in pairs(def.phases.play) do wrapped[k] = v end
  local legal = wrapped.legal
  wrapped.legal = function(st, seat) return legal(st, seat) end
  t.eq(tricks.step_holds(wrapped), false, "a wrapped legal hook turns the step off")
end)

-- A state the step does not know (the won counts replaced by the game
-- with a table that answers through __index) goes the ordinary way: the
-- game's own values are met inside the protected call, as before.
t.test("a replaced count table goes the ordinary way, with its error", function()
  local def = assert(loader.load("hokm"))
  for _, checking in ipairs { false, true } do
    local g = game.new(def, { seed = 3, quiet = true, hands = 1, checking = checking or nil })
    local rng = talon.rng(3)
    g:play(g:random(rng)) -- trump
    local st = g.state
    st.tricks_won = setmetatable({}, { __index = function() error("counts read") end })
    local ok, err
    for _ = 1, 8 do
      local k = g.nact
      ok, err = pcall(g.play, g, g:random(rng))
      if not ok then
        t.eq(g.nact, k, "the failing action is not recorded")
        break
      end
    end
    t.eq(ok, false, "the end of the first trick reads the counts")
    t.ok(tostring(err):find("counts read", 1, true), tostring(err))
  end
end)

t.test("t:step refuses what it does not know and changes nothing", function()
  local d = talon.deck { ranks = "A K Q J" }
  local rules = talon.trickrules(d, { follow = true })
  local tr = talon.trick(rules, "S")
  local hands, won = { d:hand("AS KS"), d:hand("AH KH") }, { d:hand(), d:hand() }
  local into = d:hand()
  local AS = d:card("AS")
  -- a state as tricks.phase keeps it, with the fields a test changes
  local function st(fields)
    local s = { hands = hands, n = 2, n_in = 2, legal_into = into, won = won,
                tricks_won = { 0, 0 }, side_of = { 1, 2 }, tricks_played = 0 }
    for k, v in pairs(fields or {}) do s[k] = v end
    return s
  end
  local wake = {}
  t.eq(tr:step(st { out = { true } }, 1, AS, wake), false, "a seat out")
  t.eq(tr:step(st(), 1, d:card("QS"), wake), false, "a card not held")
  t.eq(tr:step(st { legal_into = hands[2] }, 1, AS, wake), false, "the legal Hand is a hand")
  t.eq(tr:step(st { n = 2.0 }, 1, AS, wake), false, "a count that is a float")
  t.eq(tr:step(setmetatable({}, { __index = st() }), 1, AS, wake), false,
    "fields are read raw: none behind __index")
  t.eq(#tr, 0, "nothing played")
  t.eq(tostring(hands[1]), tostring(d:hand("AS KS")), "nothing taken")
  local nxt, h = tr:step(st(), 1, AS, wake)
  t.eq(nxt, 2, "seat 2 plays next")
  t.eq(rawequal(h, into), true, "the legal Hand returned")
  t.eq(tostring(into), tostring(d:hand("AH KH")), "void in spades: any card")
  -- the last card of the trick: seat 1 wins (AS, trump), counts[1] + 1
  local counts = { 0, 0 }
  local w, h2, played = tr:step(st { tricks_won = counts, tricks_played = 4 }, 2,
    d:card("KH"), wake)
  t.eq(w, 1, "the winner")
  t.eq(rawequal(h2, into), true, "the legal Hand returned")
  t.eq(played, 5, "tricks played")
  t.eq(counts[1], 1, "counted")
  t.eq(tostring(won[1]), tostring(d:hand("AS KH")), "won")
  t.eq(#tr, 0, "the trick emptied")
  t.eq(tostring(into), tostring(d:hand("KS")), "the winner's legal cards")
  -- the hand's last trick: the hook is due, nothing changes
  local last = st { tricks_won = counts, tricks_played = 5 }
  t.eq(tr:step(last, 1, d:card("KS"), wake), 2)
  t.eq(tr:step(last, 2, d:card("AH"), wake), false, "the last trick: due")
  t.eq(#tr, 1, "still one card in the trick")
  t.eq(counts[1], 1, "not counted")
  t.eq(tr:step(last, 2, d:card("AH"), false), false, "no wake: due after every trick")
  t.eq(tr:step(last, 2, d:card("AH"), { to = 1.5 }), false, "a wake whose to is a float")
end)
