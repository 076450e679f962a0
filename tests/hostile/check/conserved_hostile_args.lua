-- attack: talon.conserved (the check's one-call card count) given lying tables, a huge seat count, cards of another deck and places counted twice
-- rule: a primitive reads tables raw, is bounded by the real table, and answers false for anything it cannot vouch for
-- expect: contained
-- never: ESCAPED
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local talon = require "talon"

local function attack(st)
  local full, deck = st.full, st.deck
  local other = talon.deck { ranks = "A K" }
  local liar = setmetatable({}, { __index = function() print("ESCAPED") while true do end end,
    __len = function() print("ESCAPED") return 2 ^ 40 end })
  local hands = { deck:hand(full), deck:hand() }
  local tries = {
    { full, deck, 2, liar, liar, nil, deck:hand(), nil, nil, {} },
    { full, deck, math.maxinteger, hands, hands, nil, deck:hand(), nil, liar, {} },
    { full, deck, 2, { full, full }, { deck:hand(), deck:hand() }, nil, deck:hand(), nil, nil },
    { full, other, 2, hands, { deck:hand(), deck:hand() }, nil, deck:hand(), nil, nil },
    { other:hand("AS"), deck, 1, { other:hand("AS") }, { other:hand() }, nil, other:hand() },
    { full, deck, 0 / 0, hands, hands, nil, deck:hand(), nil, nil },
    { full, deck, 2, hands, { deck:hand(), deck:hand() }, deck:pile(), deck:hand(), nil, nil },
    { liar, liar, liar, liar, liar, liar, liar, liar, liar, liar },
  }
  for i, args in ipairs(tries) do
    if talon.conserved(table.unpack(args, 1, 10)) ~= false then
      print("ESCAPED " .. i)
    end
  end
  if talon.conserved(full, deck, 2, hands, { deck:hand(), deck:hand() }, nil, deck:hand(), nil,
      nil, liar) ~= true then
    error("the good places were not counted as the deck", 0)
  end
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
    attack(st)
    
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
