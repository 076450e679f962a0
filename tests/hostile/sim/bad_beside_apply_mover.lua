-- attack: the apply of an action beside the plays (talon.beside) sets the turn to seat 99, and the batch hands the mover on
-- rule: what a playout answers is checked: a mover that is not a seat is a clean error naming the phase
-- expect: error "not a seat"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local beside = require "talon.beside"
local actions = require "talon.actions"

local play = tricks.set_phase {
  doc = "lead 1-2 cards of a suit; the others beat them or play as many face down",
  rules = { lead_sizes = { 1, 2 }, face_down = "allowed" },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

beside.action(play, actions.make("knock"), function(st)
  st.turn = 99
  return nil
end)

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
