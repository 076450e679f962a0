-- attack: a hook's error message carries terminal control sequences, which talon check prints with the failure
-- rule: what the program prints of a game's texts reaches the terminal as text (docs/security.md)
-- expect: error "the score hook fails"
-- output: \27]52;c;
-- never: ]52
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local GO = actions.make("go")
local E = "\27]52;c;ZWNobyBwd25lZA==\7\27[2J\194\155"
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
    return "ask"
  end,
  phases = {
    ask = {
      doc = "say go",
      mover = function(st) return st.turn end,
      legal = function() return { GO } end,
      apply = function() return "play" end,
    },
    play = play,
  },
  score = function(st)
    error("the score hook fails " .. E)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}
return game.define(def)
