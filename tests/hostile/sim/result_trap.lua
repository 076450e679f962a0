-- attack: match_over returns a result whose __index answers the framework's first reads (its text) and loops on the next; talon sim reads the winner to count wins
-- rule: metamethods of values a game hands to the framework run under the time budget (or are not run)
-- expect: error "match_over must return nil or a result table"
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
    return "play"
  end,
  phases = { play = play },
  match_over = function(st)
    if st.scores[1] + st.scores[2] < 3 then return nil end
    -- answers the framework's first reads, then loops
    local reads = 0
    return setmetatable({}, { __index = function(_, k)
      reads = reads + 1
      if reads > 2 then while true do end end
      if k == "text" then return "somebody wins" end
      return nil
    end })
  end,
  score = function(st)
    
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  
}

return game.define(def)
