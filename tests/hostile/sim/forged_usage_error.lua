-- attack: a hook raises {usage = ...}, the program's own form of a usage error, to forge its message and exit code
-- rule: a game's error is never taken for the program's own; its value reaches the host as a message
-- expect: error "(error object is a table value: {usage = "--games must be a positive number (forged by the game)"})"
-- never: talon sim: --games must
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local GO = actions.make("go")
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
  actions = { go = "none" },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Follow suit if you can." },
  deal = function(st)
    st.names[1] = "Mallory" .. E
    local ERR = { usage = "--games must be a positive number (forged by the game)" }
    st.sides = setmetatable({}, { __index = function() error(ERR) end })
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
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
}
return game.define(def)
