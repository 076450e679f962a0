-- attack: in the REPL: g:try of a refused action whose check returns a table whose metatable compares equal to anything (a looping __eq of its own metatable)
-- rule: a hostile game's values in the REPL: errors are printed, the session goes on
-- expect: contained
-- stdin: def = assert(require("talon.host.loader").load("@FILE@"))
-- stdin: g = require('talon.game').new(def, { seed = 1 })
-- stdin: print(pcall(g.try, g, "bid 5"))
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
  -- a table of the game's own whose metatable says it is the framework's
  -- Violation when compared (the __eq of its own metatable) and loops
  check = function()
    local loop = function() while true do end end
    local mt = { __tostring = loop, __index = loop, __newindex = loop, __concat = loop }
    setmetatable(mt, { __eq = loop })
    return setmetatable({}, mt)
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
  
}

return game.define(def)
