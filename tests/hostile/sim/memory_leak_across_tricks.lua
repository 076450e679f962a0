-- attack: each on_trick keeps 40 MB more, inside the C batch
-- rule: memory a game keeps across calls hits the cap in game code or host code: a clean error either way
-- expect: error
-- (a match has at least 8 tricks: over the 256 MB cap by what it keeps
-- alone, however soon the collector frees the garbage made on the way)
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local keep = {}
local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    keep[#keep + 1] = ("y"):rep(40e6) .. #keep
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
