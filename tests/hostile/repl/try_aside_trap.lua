-- attack: in the REPL: g:try of cards not held, in a game whose st.aside (read to explain a refusal) has looping metamethods
-- rule: a hostile game's values in the REPL: errors are printed, the session goes on
-- expect: contained
-- stdin: def = assert(require("talon.host.loader").load("@FILE@"))
-- stdin: g = require('talon.game').new(def, { seed = 1 })
-- stdin: for _, c in ipairs({ "AS", "KS", "QS", "JS", "TS", "9S", "8S" }) do print(c, pcall(g.try, g, c)) end
-- stdin: print("after")
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
play.playout = nil
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
    local loop = function() while true do end end
    st.aside = setmetatable({}, { __index = loop, __len = loop, __pairs = loop })
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
