-- attack: the score hook leaves side 1's score a table whose difference with the old score (what the hand brought) is a table that loops when shown; talon sim reads what each hand brought
-- rule: metamethods of values a game hands to the framework run under the time budget (or are not run)
-- expect: error "side 1's score is a table after the score hook, not a whole number"
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
  -- the match ends after one hand without reading the scores
  match_over = function() return { winner = 1, winners = { 1 }, text = "P1 wins" } end,
  score = function(st)
    -- side 1's score becomes a table whose difference with the old score
    -- is a table that loops when shown
    local loop = function() while true do end end
    local shown = setmetatable({}, { __tostring = loop, __concat = loop, __index = loop })
    st.scores[1] = setmetatable({}, { __sub = function() return shown end, __tostring = loop,
      __concat = loop, __lt = loop, __le = loop, __index = loop })
    do return end
    
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  
}

return game.define(def)
