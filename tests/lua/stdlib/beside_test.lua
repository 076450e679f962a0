-- talon.beside (docs/api.md "Tricks"): an action a set phase lists after
-- the card plays, as Bura's claim of 31 at the start of a turn (RULES.md
-- §4.1, BUR-R10). Declared so, the quiet playout's batch stays on and
-- draws the action as g:random draws it from the legal list: the record
-- of a batched playout is the record of the same playout action by action.
local t = require "talon.host.testing"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local beside = require "talon.beside"
local loader = require "talon.host.loader"
local record = require "talon.host.record"
local talon = require "talon"

-- The record of one quiet game of 'def' played out from 'seed', by the
-- batch (g:playout) or one g:random action at a time; and how many of its
-- actions have verb 'verb'.
local function played(def, seed, batched, verb, options)
  local g = game.new(def, { seed = seed, quiet = true, hands = 1, options = options })
  local rng = talon.rng(seed)
  if batched then
    g:playout(rng)
  else
    while not g:over() do g:play(g:random(rng)) end
  end
  local n = 0
  for i = 1, g.nact do
    local a = g.act[i]
    if type(a) == "table" and a.verb == verb then n = n + 1 end
  end
  return record.write(g), n
end

t.test("BUR-R10: Bura's claim keeps the batch, drawn as g:random draws it", function()
  local def = assert(loader.load("bura"))
  t.ok(tricks.batch_holds(def.phases.play), "the play phase's batch holds with the claim")
  t.ok(tricks.takes_extra(def.phases.play.playout), "and its playout draws the claim too")
  local claims = 0
  for seed = 1, 60 do
    local fast, n = played(def, seed, true, "claim")
    local slow = played(def, seed, false, "claim")
    t.eq(fast, slow, "seed " .. seed .. ": the same record either way")
    claims = claims + n
  end
  t.ok(claims > 10, ("random players claim in the play phase (%d claims)"):format(claims))
end)

-- A test game of set tricks with two actions beside the plays: "knock"
-- (the phase goes on, the next seat moves) and "fold" (the deal ends).
local KOSEL = { lead_sizes = { 1, 2, 3 }, face_down = "allowed", ranks = "A T K Q J 9 8 7 6" }
local KNOCK, FOLD = actions.make("knock"), actions.make("fold")

local function sets_game(with_actions)
  local play = tricks.set_phase {
    doc = "lead a set; beat it or play as many face down", rules = KOSEL, rule = "T1",
    verbs = { "lead", "beat", "down", "knock", "fold" },
    on_trick = function(st, w)
      if #st.hands[w] == 0 then return "end" end
      return nil
    end,
  }
  if with_actions then
    beside.action(play, KNOCK, function(st, seat)
      st.knocks = (st.knocks or 0) + 1
      st.turn = st:next(seat)
      return nil
    end)
    beside.action(play, FOLD, function() return "end" end)
  end
  return game.define {
    name = "Sets beside", summary = "set tricks with a knock and a fold", players = { 3 },
    direction = "cw",
    options = { players = { default = 3, values = { 3 }, doc = "players" } },
    deck = { ranks = "A T K Q J 9 8 7 6", points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } },
    deal = function(st)
      deal.packets(st, st:order(st.dealer % st.n + 1), { 3, 3 })
      st.trump, st.turn = "H", st.dealer % st.n + 1
      return "play"
    end,
    phases = { play = play },
    score = function(st)
      for side, list in ipairs(st.sides) do
        score.add(st, side, st.won[list[1]]:points(), nil, "card points")
      end
    end,
  }
end

t.test("two actions beside the plays: listed in order, drawn in the batch as in g:random",
  function()
    local def = sets_game(true)
    t.ok(tricks.batch_holds(def.phases.play), "the batch holds")
    local g = game.new(def, { seed = 1, quiet = true, hands = 1 })
    local list = g:legal()
    t.eq(actions.text(list[#list - 1]), "knock", "the first declared comes first")
    t.eq(actions.text(list[#list]), "fold", "the second after it")
    local knocks, folds = 0, 0
    for seed = 1, 80 do
      local fast, k = played(def, seed, true, "knock")
      local slow, f = played(def, seed, false, "fold")
      t.eq(fast, slow, "seed " .. seed .. ": the same record either way")
      knocks, folds = knocks + k, folds + f
    end
    t.ok(knocks > 0 and folds > 0, ("both drawn (%d knocks, %d folds)"):format(knocks, folds))
  end)

-- A hand-written wrapper of legal (what beside replaces) turns the batch
-- off: it would never draw the wrapper's action.
t.test("a hand-made wrapper of legal turns the batch off; beside keeps it", function()
  local def = sets_game(false)
  local play = def.phases.play
  t.ok(tricks.batch_holds(play), "a plain set phase batches")
  local plain = sets_game(false)
  local legal = plain.phases.play.legal
  plain.phases.play.legal = function(st, seat)
    local list = legal(st, seat)
    list[#list + 1] = KNOCK
    return list
  end
  t.ok(not tricks.batch_holds(plain.phases.play), "by hand: no batch")
end)
