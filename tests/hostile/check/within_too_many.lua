-- attack: a game's hook asks Hand:within over a list of 100,000 Hands (a walk in C the budget cannot stop while it runs)
-- rule: a C primitive bounds the work one call may do: more than 64 Hands is a clean error naming the game line, never a long walk
-- expect: error "more than 64 Hands"
-- line: 14
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local d = talon.deck { ranks = "A K Q J T 9 8 7" }
local function attack()
  local h, many = d:hand("AS KS"), {}
  for i = 1, 100000 do many[i] = h end
  return h:within(many)
end

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
    attack()
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
