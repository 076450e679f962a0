-- The draw of a set phase (tricks.set_phase's `draw`, docs/framework.md
-- "Phases"): g:random in a trick phase of sets draws the action a draw from
-- the legal list gives (the same index of the same distinct plays, t:draw)
-- without making the list, so that a bot, `talon check` and a search pay
-- for one play per decision and not for every play. It must give exactly
-- what the list gives, beside actions (Bura's claim, BUR-R10) and forced
-- leads (Kosel's Z4, KOZ-R6; Bura's B7) included, and a house rule on the
-- legal hook must hold for it (one source of legality).
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"

-- Plays games of 'def' by g:play(g:random(rng)); at every decision of a
-- phase whose draw holds, the action drawn is compared with the one a
-- clone of the generator draws from the legal list (and the generators
-- after the draws). Returns the number of draws made without a list, and
-- of those that were an action listed beside the plays (a table that is
-- not a play of cards).
local function compare(def, options, seeds, quiet)
  local drawn, beside = 0, 0
  for seed = 1, seeds do
    local g = game.new(def, { seed = seed, quiet = quiet, hands = 3, options = options })
    local rng = talon.rng(seed)
    while not g:over() do
      local ph = g.ph
      if ph.draw and tricks.draw_holds(ph) then
        local other = rng:clone()
        local a = g:random(rng)
        local listless = g.legal_list == nil
        local list = g:legal()
        local b = list[other:int(1, #list)]
        t.eq(actions.text(a), actions.text(b), ("seed %d, action %d: the list's draw"):format(
          seed, g.nact + 1))
        t.eq(rng:state(), other:state(), "the generators drew alike")
        if listless then
          drawn = drawn + 1
          if not actions.is_hand(a.arg) then beside = beside + 1 end
        end
        g:play(a)
      else
        g:play(g:random(rng))
      end
    end
  end
  return drawn, beside
end

t.test("Kosel's g:random draws what the legal list would, without it (KOZ-R7 … R10)", function()
  local def = assert(loader.load("kosel"))
  for _, n in ipairs { 4, 3, 2 } do
    for _, quiet in ipairs { true, false } do
      local drawn = compare(def, { players = n }, 4, quiet)
      t.ok(drawn > 100, ("%d players: the draw made no list (%d draws)"):format(n, drawn))
    end
  end
  -- Z4 (KOZ-R6): a declared Molodka is led from its list of one
  local drawn = compare(def, { lead_declared_combo = true }, 8, true)
  t.ok(drawn > 100, "with the forced lead too")
end)

t.test("Bura's g:random draws the claim beside the plays as the list would (BUR-R10)", function()
  local def = assert(loader.load("bura"))
  local drawn, claims = 0, 0
  for _, options in ipairs { {}, { lead_declared_combo = true } } do
    local d, c = compare(def, options, 12, true)
    drawn, claims = drawn + d, claims + c
  end
  t.ok(drawn > 100, "the draw made no list")
  t.ok(claims > 0, ("a claim was drawn without the list (%d of %d)"):format(claims, drawn))
end)

t.test("Kosel (pot)'s g:random draws what the legal list would", function()
  local drawn = compare(assert(loader.load("koselpot")), nil, 3, true)
  t.ok(drawn > 100, "the draw made no list")
end)

-- A house rule written on the legal hook (here: only the first play of
-- the list is legal) turns the draw off: g:random draws from the list as
-- the rule leaves it, in every phase where the rule applies.
t.test("a house rule on a set phase's legal hook holds for g:random", function()
  local def = assert(loader.load("kosel"))
  local d, ph = {}, {}
  for k, v in pairs(def) do d[k] = v end
  for k, v in pairs(def.phases.play) do ph[k] = v end
  local legal = ph.legal
  ph.legal = function(st, seat) return { legal(st, seat)[1] } end
  d.phases = {}
  for k, v in pairs(def.phases) do d.phases[k] = v end
  d.phases.play = ph
  local house = game.define(d)
  t.ok(not tricks.draw_holds(house.phases.play), "the wrapped phase's draw does not hold")
  local played = 0
  for seed = 1, 3 do
    local g = game.new(house, { seed = seed, quiet = true, hands = 1 })
    local rng = talon.rng(seed)
    while not g:over() do
      if g:phase() == "play" then
        local a = g:random(rng)
        local first = legal(g.state, g:mover())[1]
        t.eq(actions.text(a), actions.text(first), "only the first play is drawn")
        played = played + 1
        g:play(a)
      else
        g:play(g:random(rng))
      end
    end
  end
  t.ok(played > 20, "the house rule's phase was played")
end)

-- A small set game for the cases below: two players, four cards each,
-- leads of one or two cards, the trick's winner leads (docs/framework.md
-- "Phases": tricks.set_phase), 'phase' its play phase.
local deal = require "talon.deal"
local score = require "talon.score"
local function set_game(phase, deal_more)
  return game.define {
    name = "Sets", summary = "a set phase under test", players = { 2 }, direction = "cw",
    options = { players = { default = 2, values = { 2 }, doc = "players" },
                target = { default = 6, doc = "target" } },
    deck = { ranks = "A K Q J T 9 8 7" },
    actions = { say = "int" },
    rules = { R1 = "sets" },
    deal = function(st)
      deal.packets(st, { 1, 2 }, { 4 })
      st.turn, st.leader = 1, 1
      if deal_more then deal_more(st) end
      return "play"
    end,
    phases = { play = phase },
    score = function(st)
      for s = 1, st.n do
        if st.tricks_won[s] > 0 then score.add(st, st.side_of[s], st.tricks_won[s], nil, "t") end
      end
    end,
  }
end
local function sets(on_trick)
  return tricks.set_phase { doc = "sets", rules = { lead_sizes = { 1, 2 }, face_down = "allowed" },
    rule = "R1", verbs = { "lead", "beat", "down", "say" },
    on_trick = on_trick or function(st, w) if #st.hands[w] == 0 then return "end" end end }
end

-- The records of seeds 1..n played by g:play(g:random(rng)), with the
-- legal list made first ('list') or not.
local function records(def, n, list)
  local out = {}
  for seed = 1, n do
    local g = game.new(def, { seed = seed, hands = 3 })
    local rng = talon.rng(seed)
    while not g:over() do
      if list then g:legal() end
      g:play(g:random(rng))
    end
    out[seed] = g:record()
  end
  return out
end

-- Z4's forced lead (KOZ-R6, window.force_lead) asks the game's 'enabled'
-- once per decision, as the legal hook does: a hook that draws from st.rng
-- (always true here) leaves the same game either way.
t.test("a forced lead's hook runs once per draw, as the legal hook runs it", function()
  local window = require "talon.window"
  local play = window.force_lead(sets(function(st, w)
    st.declared = nil
    if #st.hands[w] == 0 then return "end" end
  end), "molodka", function(st) return st.rng:int(1, 2) >= 1 end, "R1")
  local def = set_game(play, function(st)
    st.declared = { seat = 1, kind = "molodka", cards = st.deck:hand(st.hands[1]:cards()[1]) }
  end)
  t.ok(tricks.draw_holds(def.phases.play), "the wrapped phase keeps its draw")
  local drawn = records(def, 6, false)
  t.eq(drawn, records(def, 6, true), "the same records")
  -- and so does the quiet playout's batch: it draws and plays a forced
  -- lead itself, asking 'enabled' once, so it plays the same games
  for seed = 1, 6 do
    local q = game.new(def, { seed = seed, hands = 3, quiet = true })
    q:playout(talon.rng(seed))
    t.eq(q:record(), drawn[seed], ("seed %d: g:playout plays what g:play plays"):format(seed))
  end
end)

-- t:draw and t:play_sets draw over at most 16 actions listed after the
-- plays: with more, g:random draws from the list and a playout plays one
-- action at a time, giving the same games.
t.test("more than 16 actions beside the plays: the list's way, the same games", function()
  local beside = require "talon.beside"
  local play = sets()
  for i = 1, 17 do
    beside.action(play, actions.make("say", i), function(st, seat)
      st.turn = st:next(seat)
      return nil
    end)
  end
  local def = set_game(play)
  local drawn = records(def, 4, false)
  t.eq(drawn, records(def, 4, true), "g:random: the same records as from the list")
  for seed = 1, 4 do
    local g = game.new(def, { seed = seed, hands = 3, quiet = true })
    g:playout(talon.rng(seed))
    t.eq(g:record(), drawn[seed], "g:playout: the same record")
  end
end)

-- g:play trusts a drawn table as it trusts one drawn from the list, so a
-- draw is checked as a list's item is: a table carrying a metatable of
-- its own is refused naming the phase, and anything but a table is played
-- only after g:play finds it legal. (Only the library declares draws: a
-- game's copy of talon.tricks has no declare_draw,
-- tests/hostile/check/draw_action_own_metatable.lua.)
t.test("a declared draw's value is checked as a legal list's item", function()
  local function with_draw(value)
    local play = sets()
    play.draw = function() return value end
    tricks.declare_draw(play)
    return game.new(set_game(play), { seed = 1 })
  end
  local loop = setmetatable({ verb = "lead" }, { __index = function() error("ran") end })
  local g = with_draw(loop)
  t.checkerror("phase play: the drawn action is a table with a metatable of its own", g.random, g,
    talon.rng(1))
  g = with_draw("lead 7S 7H")
  t.eq(g:random(talon.rng(1)), "lead 7S 7H", "a text is returned")
  t.eq(g.picked, nil, "and not trusted")
  local ok, v = pcall(g.play, g, "lead 7S 7H") -- seat 1 holds no 7S
  t.ok(not ok and tostring(v):find("you do not hold 7S", 1, true), "g:play checks it: " ..
    tostring(v))
end)

-- The same through variant.of, as a house-rule file writes it (docs/
-- variants.md): a follower who can beat must beat, so face-down plays
-- leave Kosel's list while a beat is possible; no drawn play breaks it,
-- per action or in a playout.
t.test("a variant.of house rule on play.legal holds for g:random and playouts", function()
  local variant = require "talon.variant"
  local def = variant.of(assert(loader.load("kosel")), {
    name = "Kosel (beat when you can)", summary = "a follower who can beat must beat",
    wrap = { ["play.legal"] = function(orig, st, seat)
      local list, up = orig(st, seat), {}
      for _, a in ipairs(list) do if a.verb ~= "down" then up[#up + 1] = a end end
      if #up > 0 then return up end
      return list
    end },
  })
  t.ok(not tricks.draw_holds(def.phases.play), "the variant's play phase has no draw")
  local n = 0
  for seed = 1, 6 do
    local g = game.new(def, { seed = seed, hands = 2 })
    local rng = talon.rng(seed)
    while not g:over() do
      local a = g:random(rng)
      if g:phase() == "play" then
        local listed = false
        for _, b in ipairs(g.ph.legal(g.state, g:mover())) do
          listed = listed or actions.text(b) == actions.text(a)
        end
        t.ok(listed, "drawn from the wrapped list: " .. actions.text(a))
        n = n + 1
      end
      g:play(a)
    end
    local q = game.new(def, { seed = seed, hands = 2, quiet = true })
    q:playout(talon.rng(seed))
    t.eq(q:record(), g:record(), "a quiet playout plays the same game")
  end
  t.ok(n > 50, "the play phase was played")
end)

-- `talon check` asks before every step whether the mover has a legal
-- action; in a set phase whose draw holds it asks the engine
-- (tricks.surely_legal: some card of the hand is in a legal play) and
-- makes no list, so that g:random draws without one. It must never say
-- so of a mover whose list is empty, and the check must still find a
-- mover with no legal action (a lead of two cards from a hand of one).
t.test("check's legal-action test of a set phase: without the list, never wrong", function()
  local invariants = require "talon.host.invariants"
  local surely, listed = 0, 0
  for _, name in ipairs { "kosel", "bura", "koselpot" } do
    local def = assert(loader.load(name))
    for seed = 1, 4 do
      local g = game.new(def, { seed = seed, hands = 2 })
      local rng = talon.rng(seed)
      while not g:over() do
        if tricks.surely_legal(g.ph, g.state, g:mover()) then
          surely = surely + 1
          t.ok(#g:legal() > 0, "a legal action is listed")
        end
        listed = listed + 1
        g:play(g:random(rng))
      end
    end
  end
  t.ok(surely > listed // 2, ("found without the list (%d of %d)"):format(surely, listed))
  local pairs_only = tricks.set_phase { doc = "pairs", rules = { lead_sizes = { 2 } }, rule = "R1",
    on_trick = function(st, w) if #st.hands[w] == 0 then return "end" end end }
  local def = set_game(pairs_only, function(st)
    for _, c in ipairs(st.hands[1]:cards()) do -- all but one aside
      if #st.hands[1] > 1 then
        st.hands[1]:remove(c)
        st.discards:add(c)
      end
    end
  end)
  local g = game.new(def, { seed = 1 })
  t.eq(#g.state.hands[1], 1, "the leader holds one card")
  t.eq(tricks.surely_legal(g.ph, g.state, 1), nil, "nothing to say without the list")
  t.eq(invariants.check(g), "seat 1 must move in phase play but has no legal action",
    "the check finds it")
end)
