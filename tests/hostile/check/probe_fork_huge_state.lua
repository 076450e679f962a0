-- attack: a state of 300,000 tables and a legal Hand larger than the hand, so that no refusal is ever found to probe
-- rule: check's probes copy the game at most twice a phase, charged to the game's budget: never the host's time at every action
-- expect: safe
-- the legal Hand holds more than the hand, so no refusal is ever found
local game = require "talon.game"
local deal = require "talon.deal"
local score = require "talon.score"
local N = 300000
local def = {
  name = "Forkcost",
  summary = "a card game whose state is large",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 100000, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["F-R1"] = "Play any card." },
  deal = function(st)
    if not st.big then
      local t = {}
      for i = 1, N do t[i] = { i } end
      st.big = t
    end
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 16 })
    st.turn = st:next(st.dealer)
    return "play"
  end,
  phases = {
    play = {
      doc = "play a card",
      cards = true,
      mover = function(st) return st.turn end,
      legal = function(st, s)
        local h = st.hands[s]:copy()
        h:add(h:cards()[1])
        return h
      end,
      apply = function(st, s, c)
        st.hands[s]:remove(c)
        st.discards:add(c)
        st.turn = st:next(s)
        if #st.hands[st.turn] == 0 then return "end" end
        return "play"
      end,
    },
  },
  score = function(st)
    score.add(st, st.side_of[1], 1, nil, "a point")
  end,
}
return game.define(def)
