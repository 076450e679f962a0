-- attack: reach the benchmarks' fine processor clock (talon.sandbox.cputime), through the talon module, require or a copied field: a clock would let a game's play depend on time
-- rule: talon.sandbox and the host's modules are not visible to games
-- expect: contained
-- never: ESCAPED
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
-- a game that reads a clock plays differently on every run: the seeded
-- game and its replay must not see one (os.clock is withheld with os)
local T = require "talon"
-- (an unknown global raises: each path is read in a protected call)
local function reach(f)
  local ok, v = pcall(f)
  return ok and v or nil
end
local paths = { reach(function() return T.sandbox end), reach(function() return T.cputime end),
                reach(function() return os end), reach(function() return _G.os end) }
for _, m in ipairs({ "talon.sandbox", "os" }) do
  local ok, mod = pcall(require, m)
  paths[#paths + 1] = ok and mod or nil
end
for i = 1, 6 do
  if paths[i] ~= nil then print("ESCAPED") end
end
if reach(function() return T.sandbox.cputime() end) ~= nil then print("ESCAPED") end
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
