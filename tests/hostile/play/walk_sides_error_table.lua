-- attack: reading st.sides raises a plain table, which talon play meets while it walks the game's state (g:sides, the view) and raises again as it was raised
-- rule: a table a game raises names the game's file and line, as a text raised there does, and is shown by what it says (docs/cli.md "Errors in game code")
-- expect: error "partnerships refused {seat = 1}"
-- args: --auto
-- line: 33
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

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
    local refusal = { because = "partnerships refused", seat = 1 }
    st.sides = setmetatable({}, { __index = function() error(refusal) end })
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
