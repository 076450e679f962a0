-- The search's futures look one action ahead where an action ends the
-- hand (docs/search.md "The search"): outside card play a seat of a
-- future takes an action that ends the hand with a gain for its side, and
-- leaves one that ends it with a loss while another goes on, as a Bura
-- player claims 31 only with the card points (RULES.md §4.1, BUR-R10,
-- BUR-R11: a wrong claim doubles the pot).
local t = require "talon.host.testing"
local game = require "talon.game"
local score = require "talon.score"
local actions = require "talon.actions"
local fork = require "talon.host.fork"
local policy = require "talon.host.policy"
local sandbox = require "talon.host.sandbox"
local talon = require "talon"

-- A test game of one phase of choices: "take" ends the hand with
-- 'take' points for the mover's side, "give" with 'give', "wait" passes
-- the turn on; after six waits the hand ends with nothing.
local function choices(take, give)
  local TAKE, GIVE, WAIT = actions.make("take"), actions.make("give"), actions.make("wait")
  local function finish(st, seat, points)
    if points ~= 0 then score.add(st, st.side_of[seat], points, nil, "the choice") end
    return "end"
  end
  return game.define {
    name = "Choices", summary = "take, give or wait", players = { 3 }, direction = "cw",
    options = { players = { default = 3, values = { 3 }, doc = "players" } },
    deck = { ranks = "A K Q" },
    deal = function(st)
      st.turn, st.waits = 1, 0
      return "choose"
    end,
    phases = {
      choose = {
        doc = "take, give or wait", verbs = { "take", "give", "wait" },
        mover = function(st) return st.turn end,
        legal = function() return { TAKE, GIVE, WAIT } end,
        apply = function(st, seat, a)
          if a.verb == "take" then return finish(st, seat, take) end
          if a.verb == "give" then return finish(st, seat, give) end
          st.waits, st.turn = st.waits + 1, st:next(seat)
          if st.waits == 6 then return "end" end
          return nil
        end,
      },
    },
    score = function() end,
  }
end

-- The first mover's side's score after one future of a game of 'def'
-- from its start, played with or without the look ahead.
local function future(def, seed, look)
  local g = game.new(def, { seed = seed, hands = 1, quiet = true })
  local s
  assert(sandbox.call(function()
    local w = fork.of(g, sandbox.meter("test"), true)
    policy.rollout(w, talon.rng(seed), nil, look and policy.look(1) or nil)
    s = w.state.scores[w.state.side_of[1]]
  end))
  return s
end

t.test("a future takes an action that ends the hand with a gain", function()
  local def, random_gains = choices(5, -5), 0
  for seed = 1, 40 do
    t.eq(future(def, seed, true), 5, "seed " .. seed .. ": the first mover takes")
    if future(def, seed, false) == 5 then random_gains = random_gains + 1 end
  end
  t.ok(random_gains < 30, ("without the look a third take at once (%d of 40)")
    :format(random_gains))
end)

t.test("an action that ends the hand with a loss is left while another goes on", function()
  local def = choices(-5, -3)
  for seed = 1, 40 do
    t.eq(future(def, seed, true), 0, "seed " .. seed .. ": everyone waits")
  end
  local losses = 0
  for seed = 1, 40 do
    if future(def, seed, false) < 0 then losses = losses + 1 end
  end
  t.ok(losses > 10, ("without the look some end it with a loss (%d of 40)"):format(losses))
end)
