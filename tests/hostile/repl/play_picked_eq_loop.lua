-- attack: in the REPL: g:play of a table of the game's own whose metatable has a looping __eq, right after g:random drew an action table
-- rule: a hostile game's values in the REPL: errors are printed, the session goes on
-- expect: contained
-- stdin: def = assert(require("talon.host.loader").load("@FILE@"))
-- stdin: g = require('talon.game').new(def, { seed = 1 })
-- stdin: a = g:random(talon.rng(1))
-- stdin: print(pcall(g.play, g, g.state.evil))
-- stdin: print("after")
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
  check = function() return setmetatable({}, { __tostring = function() while true do end end, __index = function() while true do end end, __concat = function() while true do end end }) end,
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
    -- a value of the game's own that compares equal to anything, looping
    local loop = function() while true do end end
    st.evil = setmetatable({ verb = "pass" }, { __eq = loop })
    st.count = 0
    st.turn = 1
    return "bid"
  end,
  phases = { bid = bid },
  score = function(st) score.add(st, 1, 1, nil, "a point a hand") end,
  
}

return game.define(def)
