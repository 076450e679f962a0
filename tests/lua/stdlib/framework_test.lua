-- The game framework (docs/framework.md): definitions are checked before
-- any hook runs, game files are sandboxed, hooks' errors carry their
-- traceback and leave the game as it was, variants load by path, actions
-- parse to their canonical text, and undo restores a position.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local actions = require "talon.actions"
local bot = require "talon.host.bot"
local talon = require "talon"

local FIX = "tests/fixtures/broken_games/"

-- docs/framework.md §1: unknown keys are rejected naming the key and file.
t.test("an unknown key is rejected with the key and the file", function()
  local def, err = loader.load(FIX .. "unknown_key.lua")
  t.eq(def, nil, "not loaded")
  t.ok(err:find("unknown_key.lua", 1, true), "names the file: " .. err)
  t.ok(err:find("'phasez'", 1, true), "names the key: " .. err)
end)

t.test("a missing required hook is named", function()
  local _, err = loader.load(FIX .. "missing_hook.lua")
  t.ok(err:find("missing_hook.lua", 1, true) and err:find("'score'", 1, true), err)
end)

t.test("an unknown phase key is named with its phase", function()
  local _, err = loader.load(FIX .. "bad_phase.lua")
  t.ok(err:find("'aply'", 1, true) and err:find("'play'", 1, true), err)
end)

-- STYLE.md 16: game files run sandboxed: no globals, no io.
t.test("a game file cannot set a global or reach io", function()
  local _, err = loader.load(FIX .. "global_write.lua")
  t.ok(err and err:find("leaked_value", 1, true), "global refused: " .. tostring(err))
  t.eq(rawget(_G, "leaked_value"), nil, "nothing leaked")
  local _, err2 = loader.load(FIX .. "uses_io.lua")
  t.ok(err2 and err2:find("io", 1, true), "io absent: " .. tostring(err2))
end)

t.test("require inside a game resolves only talon.* and games.*", function()
  local bad, msg = loader.load(FIX .. "bad_require.lua")
  t.eq(bad, nil, "require 'os' refused")
  t.ok(msg:find("'os' is not available", 1, true) and msg:find("bad_require.lua", 1, true), msg)
  t.ok(loader.load(FIX .. "runtime_error.lua"), "games.* and talon.* resolve")
  local def, err = loader.load("no_such_game")
  t.eq(def, nil, "unknown game")
  t.ok(err:find("no_such_game", 1, true), err)
end)

-- STYLE.md 18: a runtime error in a hook names file:line, carries a
-- traceback, and leaves the game as before the call.
t.test("a hook's runtime error has a traceback; the game is unchanged", function()
  local def = assert(loader.load(FIX .. "runtime_error.lua"))
  local g = game.new(def, { seed = 5, hands = 1 })
  local first = g:legal()[1]
  g:play(first)
  local mover, size = g:mover(), #g.state.hands[g:mover()]
  local ok, err = pcall(g.play, g, g:legal()[1])
  t.ok(not ok, "the hook failed")
  err = tostring(err)
  t.ok(err:find("runtime_error.lua:%d+"), "file and line: " .. err)
  t.ok(err:find("traceback", 1, true), "traceback: " .. err)
  t.eq(g:mover(), mover, "same mover")
  t.eq(#g.state.hands[mover], size, "hand unchanged")
  t.eq(g.nact, 1, "the failed action is not recorded")
  t.eq(#g.state.ctrick, 1, "trick as before")
end)

-- STYLE.md 18: a hook that never returns is stopped by the time budget
-- and the game stays usable at the position before the action.
t.test("a hanging hook is stopped by the budget; the game is unchanged", function()
  local sandbox = require "talon.host.sandbox"
  t.ok(sandbox.budget() > 0, "talon test runs in a sandbox state with budgets")
  local def = assert(loader.load(FIX .. "endless.lua"))
  local g = game.new(def, { seed = 5, hands = 1 })
  local saved = sandbox.budget()
  sandbox.set_budget(100)
  local mover = g:mover()
  local ok, err = pcall(g.play, g, g:legal()[1])
  sandbox.set_budget(saved)
  t.ok(not ok, "stopped")
  t.ok(tostring(err):find("budget", 1, true), tostring(err))
  t.eq(g:mover(), mover, "same mover")
  t.eq(g.nact, 0, "nothing recorded")
  t.eq(#g.state.hands[mover], 5, "hand unchanged")
end)

-- docs/framework.md §2: g:random's card skips the re-check only while it
-- is the current position's; a playout in between makes it stale.
t.test("a random pick made stale by a playout is checked again", function()
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local rng = talon.rng(3)
  g:play(g:legal()[1]) -- trump: the play phase begins
  local seat = g:mover()
  local card = g:random(rng)
  t.eq(g:playout(rng, 1), 1, "one card played")
  t.ok(g:mover() ~= seat, "another seat moves")
  local ok, v = g:try(card)
  t.ok(not ok, "refused")
  t.ok(tostring(v):find("do not hold", 1, true), tostring(v))
end)

t.test("a variant file loads by path and changes only its option", function()
  local v = assert(loader.load("games/hokm-all-tricks.lua"))
  local base = assert(loader.load("hokm"))
  t.eq(v.options.play_all_tricks.default, true, "variant default")
  t.eq(base.options.play_all_tricks.default, false, "base untouched")
  t.ok(v.summary:find("13"), "one-line description")
  local g = game.new(v, { seed = 2, hands = 1 })
  t.eq(g.opts.play_all_tricks, true, "option active")
  bot.playout(g, talon.rng(2))
  t.eq(g.state.tricks_played, 13, "K2: all 13 tricks are played")
end)

-- docs/framework.md §10: the invariants catch a score changed in play and a
-- card that vanished, and report the seed and the record.
t.test("invariants report scores changed in play, and lost cards", function()
  local invariants = require "talon.host.invariants"
  local bad = invariants.run(assert(loader.load(FIX .. "score_in_play.lua")), { hands = 1 }, 3)
  t.ok(bad and bad.message:find("outside 'score'", 1, true), bad and bad.message)
  t.eq(bad.seed, 1, "first seed")
  t.ok(bad.record:find("talon-record", 1, true), "record attached")
  local lost = invariants.run(assert(loader.load(FIX .. "lose_card.lua")), { hands = 1 }, 3)
  t.ok(lost and lost.message:find("0 places", 1, true), lost and lost.message)
  t.eq(invariants.run(assert(loader.load("_template")), { hands = 1 }, 20), nil,
    "the template keeps every invariant")
end)

t.test("options: unknown names and bad values are refused by name", function()
  local def = assert(loader.load("hokm"))
  t.checkerror("no option 'playerz'", game.new, def, { options = { playerz = 3 } })
  t.checkerror("option 'players' cannot be 5", game.new, def, { options = { players = 5 } })
  t.checkerror("'target' must be a number", game.new, def, { options = { target = "x" } })
end)

t.test("game.define rejects an unknown key naming it", function()
  t.checkerror("unknown key 'colour'", game.define, { colour = 1 })
end)

t.test("typed actions: canonical text and parsing", function()
  local deck = talon.deck({ ranks = "A K Q J T 9 8 7 6 5 4 3 2" })
  t.eq(actions.text(deck:card("QS")), "QS", "a card")
  t.eq(actions.text(actions.make("bid", 560)), "bid 560", "a bid")
  t.eq(actions.text(actions.make("pass")), "pass", "pass")
  t.eq(actions.text(actions.parse(deck, "TRUMP h")), "trump H", "suit, case-insensitive")
  t.eq(actions.text(actions.parse(deck, "discard QS KS JD")), "discard KS QS JD", "cards")
  t.ok(actions.parse(deck, "qs") == deck:card("QS"), "card parsed to the interned card")
  local a, err = actions.parse(deck, "bid many")
  t.eq(a, nil, "bad bid")
  t.ok(err:find("bid", 1, true), err)
  local _, err2 = actions.parse(deck, "ZZ")
  t.ok(err2:find("ZZ", 1, true), err2)
  -- several cards without a verb: the first is a card, so the refusal says
  -- what is missing (not "'QS' is neither a card …")
  local _, err4 = actions.parse(deck, "QS QS")
  t.eq(err4, "'QS QS' is cards without a verb: type one card alone, or a verb and its cards")
  -- a verb of type "tricks" is a whole number, as "int" is
  local verbs = { contract = "tricks" }
  t.eq(actions.text(actions.parse(deck, "Contract 4", verbs)), "contract 4", "tricks")
  local _, err3 = actions.parse(deck, "contract four", verbs)
  t.ok(err3:find("whole number", 1, true), err3)
  t.checkerror("must name an argument type (none, int, tricks", game.define,
    { name = "X", summary = "x", players = { 2 }, direction = "cw", deck = { ranks = "A" },
      deal = function() end, score = function() end, phases = {},
      actions = { contract = "trick" } })
end)

t.test("undo takes back actions exactly", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 8, hands = 1 })
  g:play("trump S")
  local before = tostring(g.state.hands[g:mover()])
  local mover = g:mover()
  g:play(g:legal()[1])
  t.ok(g:undo(), "undo")
  t.eq(g:mover(), mover, "same mover")
  t.eq(tostring(g.state.hands[mover]), before, "card back in hand")
  t.eq(g.nact, 1, "one action left")
  t.ok(g:undo() and g:phase() == "trump", "back to the trump call")
  t.eq(g:undo(), false, "nothing more to undo")
end)

t.test("explain: events have sentences; illegal actions say why", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 8, hands = 1 })
  t.ok(g:explain(1):find("Hakem", 1, true), "ace draw sentence")
  t.ok(g:explain("bid 5"):find("HOK-R2", 1, true), "a bid in the trump phase")
  t.ok(g:explain("trump S"):find("legal", 1, true), "a legal action")
  local ok, v = g:try("pass")
  t.ok(not ok and v.rule == "HOK-R2", "violation with rule")
end)

-- docs/framework.md §2 g:name: the names the game gives its players, as
-- Hokm moves them (HOK-R7: the Hakem's partner sits opposite), read raw;
-- a name the game made something else shows as the seat's.
t.test("g:name: the game's names of its players, read raw", function()
  local def = assert(loader.load("hokm"))
  local moved = false
  for seed = 1, 20 do
    local g = game.new(def, { seed = seed, options = { players = 4 } })
    for s = 1, 4 do t.eq(g:name(s), g.state.names[s], "seed " .. seed .. " seat " .. s) end
    moved = moved or g:name(2) ~= "P2"
  end
  t.ok(moved, "some deal reseats the players (HOK-R7)")
  local g = game.new(def, { seed = 1, options = { players = 4 } })
  g.state.names[3] = setmetatable({}, { __tostring = function() error("ran") end })
  t.eq(g:name(3), "P3")
  g.state.names = setmetatable({}, { __index = function() error("ran") end })
  t.eq(g:name(1), "P1")
end)

-- docs/framework.md §2: what the front ends read of the state (the seats,
-- every hand of an open table, the partnerships, whether a play is face
-- down) comes as the host's own copies, read under the game's budget:
-- the state is the game's to change, and a value it put there must not
-- run outside the budget or change what the host keeps.
t.test("g:seats, g:phase, g:hand, g:sides, g:private: the host's copies, read under the budget",
  function()
    local sandbox = require "talon.host.sandbox"
    local def = assert(loader.load("hokm"))
    local g = game.new(def, { seed = 3, options = { players = 4 } })
    local st = g.state
    t.eq(g:seats(), 4)
    local h = g:hand(2)
    t.eq(tostring(h), tostring(st.hands[2]), "seat 2's cards")
    h:clear()
    t.ok(#st.hands[2] > 0, "a copy: clearing it leaves the game's hand")
    local sides, side_of = g:sides()
    -- HOK-R7: four players, fixed partnerships, partners opposite
    t.eq(#sides, 2)
    for s = 1, 4 do
      t.eq(side_of[s], st.side_of[s], "seat " .. s .. "'s side")
      t.eq(sides[side_of[s]][1] % 2, s % 2, "partners opposite")
    end
    sides[1][1] = 99
    t.ok(st.sides[1][1] ~= 99, "a copy: the game's sides are unchanged")
    -- HOK-R17/R18: two players discard and draw face down; a card play is seen
    t.eq(g:private("discard", 1, actions.make("discard", st.hands[1]:copy())), true)
    t.eq(g:private("play", 1, st.hands[1]:cards()[1]), false)
    t.eq(g:private("no such phase", 1, "x"), false)
    st.n = 9
    t.eq(g:seats(), 4, "st.n changed by the game: the host's count stands")
    local phase = g:phase()
    st.phase = setmetatable({}, { __tostring = function() error("ran") end })
    t.eq(g:phase(), phase, "st.phase changed by the game: the phase the host entered stands")
    st.sides = { { 1, 3 }, { 2, 9 } }
    t.checkerror("st.sides[2][2] is not a seat", g.sides, g)
    st.hands[1] = {}
    t.checkerror("st.hands[1] is not a Hand", g.hand, g, 1)
    local saved = sandbox.budget()
    sandbox.set_budget(50)
    st.hands = setmetatable({}, { __index = function() while true do end end })
    local ok, err = pcall(g.hand, g, 1)
    sandbox.set_budget(saved)
    t.ok(not ok and tostring(err):find("time budget", 1, true), tostring(err))
  end)
