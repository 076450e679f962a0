-- attack: a hook raises a table whose message, rule and another field are megabytes long
-- rule: a game error raised as a table is shown with what it says, read raw, escaped and bounded, with the game's file and line
-- expect: error "AAAAAAAAAAAAAAAA… {note = "NNNNNNNN"
-- line: 19
-- never: TAIL
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local E = "ok"
local HUGE = { message = string.rep("A", 1 << 22) .. "TAIL", rule = string.rep("R", 1 << 20) .. "TAIL",
  note = string.rep("N", 1 << 20) .. "TAIL" }
local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    st:log("note", nil, "the trick goes to %s " .. E, st.names[w])
    if st.tricks_played == 2 then error(HUGE) end
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
