-- What the framework derives once per definition from its default options
-- (talon.host.state: the deck of the `deck` hook, the partnerships of the
-- `sides` hook) is the same for every game, and each game gets its own
-- copy: a game that changes its st.sides or st.side_of changes no other
-- game, and a game with other options derives its own.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"

local hokm = assert(loader.load("hokm"))

-- Hokm with a setup that, while 'scribble' is set, writes over the
-- partnerships it was given (after the real setup, HOK-R6/R7), and a
-- sides hook that counts its calls.
local calls, scribble = 0, false
local def = {}
for k, v in pairs(hokm) do def[k] = v end
def.sides = function(n, opts)
  calls = calls + 1
  return hokm.sides(n, opts)
end
def.setup = function(st)
  hokm.setup(st)
  if not scribble then return end
  st.sides[1][1], st.sides[2] = 99, nil
  st.side_of[1], st.side_of[2] = 7, 7
end

t.test("a game's changes to its partnerships reach no other game", function()
  scribble = true
  local first = game.new(def, { seed = 1, quiet = true })
  scribble = false
  t.eq(first.state.sides[1][1], 99, "the first game changed its own")
  for seed = 2, 4 do
    local g = game.new(def, { seed = seed, quiet = true })
    t.eq(g.state.sides[2] ~= nil, true, "seed " .. seed .. ": side 2 is there")
    -- seats 1 and 3 against 2 and 4 (HOK-R7: partners sit opposite)
    t.eq(g.state.sides[1][1], 1, "seed " .. seed .. ": side 1 is seats 1 and 3")
    t.eq(g.state.sides[1][2], 3, "seed " .. seed .. ": side 1 is seats 1 and 3")
    t.eq(g.state.side_of[1], 1, "seed " .. seed .. ": seat 1 is on side 1")
    t.eq(g.state.side_of[3], 1, "seed " .. seed .. ": seat 3 is on side 1")
    t.eq(g.state.side_of[4], 2, "seed " .. seed .. ": seat 4 is on side 2")
  end
end)

t.test("the default options' partnerships are derived once; other options derive theirs",
  function()
    calls = 0
    for seed = 1, 3 do game.new(def, { seed = seed, quiet = true }) end
    t.ok(calls <= 1, ("the sides hook ran %d times for three games"):format(calls))
    local three = game.new(def, { seed = 1, quiet = true, options = { players = 3 } })
    t.eq(#three.state.sides, 3, "three players, each his own side")
    t.eq(three.state.side_of[3], 3)
  end)
