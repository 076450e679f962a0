-- Not a case: a game (for records' `file` lines) that replaces st.hands
-- with a table whose every metamethod loops once it has dealt, then asks
-- seat 1 a question that reads no hand (the trick phase after it does).
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local YES = actions.make("yes")
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
    st.turn = 1
    local loop = function() while true do end end
    st.hands = setmetatable({}, { __index = loop, __len = loop, __pairs = loop, __newindex = loop })
    return "ask"
  end,
  phases = {
    ask = {
      doc = "say yes",
      mover = function(st) return st.turn end,
      legal = function() return { YES } end,
      apply = function() return "play" end,
    },
    play = play,
  },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}
return game.define(def)
