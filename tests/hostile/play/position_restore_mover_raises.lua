-- attack: the play phase's mover hook raises while `talon play --position` restores a position (this file is its own position file: in a position's empty environment `require` is nil, and it returns the position)
-- rule: a hook that fails while a position is restored reads like other game errors: what the game said and the game's frames, naming the file and line, not the host's
-- expect: error "no mover today"
-- line: 33
-- args: --position FILE
-- never: /stdlib/talon/
if require == nil then
  return {
    phase = "play", dealer = 1, turn = 1, hand_no = 1,
    hands = { "AS 8H 9D QC JC", "TH AD TD KC" },
    stock = "JH KD JD QH KS 8C 7H JS 7S 8D AC 8S 9S 7C TS QS TC AH 7D 9H QD 9C",
    trick = { plays = { { seat = 2, cards = "KH" } } },
  }
end
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
local mover_raises = {}
for k, v in pairs(play) do mover_raises[k] = v end
mover_raises.mover = function()
  error("no mover today")
end
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
  phases = { play = mover_raises },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}
return game.define(def)
