-- attack: reading st.sides raises a plain table, which reaches the host as it was raised (a walk of the game's state)
-- rule: a game's table raised through a walk of its state is shown with what it says, read raw, never as "table: 0x..."
-- expect: error "sides refused {seat = 1}"
-- never: table: 0x
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local E = "ok"

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    st:log("note", nil, "the trick goes to %s " .. E, st.names[w])
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}
local def = {
  name = "Hostile" .. E,
  summary = "a small trick game " .. E,
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Follow suit if you can." },
  deal = function(st)
    st.names[1] = "Mallory" .. E
    local ERR = { because = "sides refused", seat = 1 }
    st.sides = setmetatable({}, { __index = function() error(ERR) end })
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 5 })
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
