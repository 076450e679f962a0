-- attack: a bot used as the model of a search's futures answers an action of another phase, a made-up call and a card it does not hold
-- rule: a model's answer that is not legal is never played: the search's own policy chooses instead
-- expect: safe
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

local calls = { actions.make("call", "high"), actions.make("call", "low") }

-- each player calls in turn, so that a search's futures hold a call
local call = {
  doc = "each player calls high or low",
  verbs = { "call" },
  mover = function(st) return st.turn end,
  legal = function() return calls end,
  apply = function(st)
    st.calls = st.calls + 1
    st.turn = st:next(st.turn)
    if st.calls < st.n then return "call" end
    return "play"
  end,
}

local n = 0
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
    st.calls = 0
    return "call"
  end,
  phases = { call = call, play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  tools = { bot = { name = "liar", choose = function(view)
    n = n + 1
    local answers = { "play AS", "call sideways", { verb = "call", arg = "up" }, "AS", view }
    return answers[n % #answers + 1]
  end } },
}

return game.define(def)
