-- attack: a game of set tricks sets st.playout_policy (the search's rule of thumb for followers) to a percent that is a string and sides whose __index loops
-- rule: the playout policy the engine reads for set tricks is checked like any argument, read raw: a clear error, never a crash or a hang
-- expect: error "policy.percent"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local play = tricks.set_phase {
  doc = "lead 1-2 cards of a suit; the others beat them or play as many face down",
  rules = { lead_sizes = { 1, 2 }, face_down = "allowed" },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

local def = {
  name = "Hostile",
  summary = "a small game of set tricks carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Beat the sets face up, or play as many face down." },
  deal = function(st)
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 8 })
    st.playout_policy = { percent = "all",
      sides = setmetatable({}, { __index = function() while true do end end }) }
    st.turn = st:next(st.dealer)
    return "play"
  end,
  phases = { play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}

return game.define(def)
