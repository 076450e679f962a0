-- attack: reach the host's raw copy (talon.sandbox.copy, which reads a table without its metamethods) or the forks' registry of trick declarations (talon.tricks_wake.inherit), through the talon module or require
-- rule: talon.sandbox and the host's modules are not visible to games
-- expect: contained
-- never: ESCAPED
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
-- the host copies a game's state raw for every future of a search; the
-- copy, and the module a fork uses to carry a phase's declaration, must
-- be out of reach by every path a game has
local T = require "talon"
local tricks_mod = require "talon.tricks"
local paths = { T.sandbox, T.copy, tricks_mod.inherit }
for _, m in ipairs({ "talon.sandbox", "talon.host.sandbox", "talon.host.fork",
                     "talon.tricks_wake", "talon.tricks_sets" }) do
  local ok, mod = pcall(require, m)
  paths[#paths + 1] = ok and mod or nil
end
for i = 1, 8 do
  if paths[i] ~= nil then print("ESCAPED") end
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
