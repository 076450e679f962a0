-- attack: the game declares a verb of an unknown argument type
-- rule: nothing typed at the prompt, and nothing a game does with it, can hang or crash the front end
-- expect: error
-- args: --bots random
-- stdin: bid 5
-- stdin: quit
local game = require "talon.game"
local actions = require "talon.actions"
local score = require "talon.score"

local bid = {
  doc = "pass (the only legal action); bid is refused",
  verbs = { "pass", "bid" },
  mover = function(st) return st.turn end,
  legal = function() return { actions.make("pass") } end,
  apply = function(st, seat)
    st.count = st.count + 1
    if st.count >= 4 then return "end" end
    st.turn = st:next(seat)
    return nil
  end,
  
}
local def = {
  name = "Hostile",
  summary = "a game of passes carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 2, doc = "points that win the match" } },
  deck = { ranks = "A K" },
  rules = { ["P-R1"] = "Only passes are legal." },
  deal = function(st)
    st.count = 0
    st.turn = 1
    return "bid"
  end,
  phases = { bid = bid },
  score = function(st) score.add(st, 1, 1, nil, "a point a hand") end,
  actions = { bid = "nonsense", [42] = {} },
}

return game.define(def)
