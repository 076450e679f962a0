-- attack: the game logs events whose sentence (a function's answer) and data are tables whose every metamethod loops; talon play --auto prints the events as the bots play
-- rule: metamethods of values a game hands to the framework run under the time budget (or are not run)
-- expect: contained
-- args: --auto
local loop = function() while true do end end
local function trap()
  return setmetatable({}, { __index = loop, __len = loop, __pairs = loop, __tostring = loop,
    __concat = loop, __eq = loop, __lt = loop, __le = loop, __call = loop, __newindex = loop })
end
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    st:log("trick", trap(), function() return trap(), trap() end)
    st:log("note", { action = trap(), seat = trap() }, "%s", "a plain sentence")
    
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
  score = function(st)
    
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  
}

return game.define(def)
