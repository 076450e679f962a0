-- attack: a phase declares its own draw (tricks.declare_draw), which g:random would use and g:play trust, drawing an action table with a metatable of the game's own
-- rule: only the library declares draws (withheld from a game's copy of talon.tricks); the host meets no metamethod of a game's own in the actions it prints and compares
-- expect: error "attempt to call a nil value (field 'declare_draw')"
-- line: 20
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"

local loop = { __tostring = function() while true do end end,
  __index = function() while true do end end, __eq = function() while true do end end }
local declare = {
  doc = "pass before the play",
  mover = function(st) return st.turn end,
  legal = function() return { actions.make("pass") } end,
  apply = function() return "play" end,
  draw = function() return setmetatable({}, loop) end,
}
tricks.declare_draw(declare)
local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}
local def = {
  name = "Hostile",
  summary = "a small trick game carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Follow suit if you can." },
  deal = function(st)
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 5 })
    st.turn = st:next(st.dealer)
    return "declare"
  end,
  phases = { declare = declare, play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}

return game.define(def)
