-- attack: pile:replenish (the draw after a trick) called by the game itself with hostile arguments: seats out of range, huge and negative sizes, lying lengths, a looping __index for the seats sitting out, hands of another deck, hands full to the copy limit
-- rule: a C primitive given hostile arguments raises a clean error naming the game line (or accepts them harmlessly)
-- expect: safe
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local d = talon.deck { ranks = "A K Q J T 9 8 7" }
local other = talon.deck { ranks = "A K Q" }
local many = talon.deck { ranks = "A K", suits = "S", copies = 15 }
local function try(f) pcall(f) end
local function attack()
  local p = d:pile()
  local h = { d:hand(), d:hand() }
  try(function() p:replenish(h, 0, 4) end)
  try(function() p:replenish(h, 3, 4) end)
  try(function() p:replenish(h, math.mininteger, 4) end)
  try(function() p:replenish(h, 1, math.maxinteger) end)
  try(function() p:replenish(h, 1, -1) end)
  try(function() p:replenish(h, 1, 0 / 0) end)
  try(function() p:replenish(h, 1, 4, true, setmetatable({}, { __index = function() while true do end end })) end)
  try(function() p:replenish(h, 1, 4, false, { true, true, true }) end)
  try(function() p:replenish(h, 1, 4, false, 5) end)
  try(function() p:replenish({ other:hand(), other:hand() }, 1, 4) end)
  try(function() p:replenish({ d:hand(), "AS" }, 1, 4) end)
  try(function() p:replenish(setmetatable({}, { __len = function() return 2 end }), 1, 4) end)
  try(function() p:replenish({}, 1, 4) end)
  local full = many:hand()
  full:add(many:card("AS"), 15)
  try(function() many:pile():replenish({ full }, 1, 40) end)
  try(function() d:pile():replenish({ h[1], h[1] }, 2, 40) end)
end

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    deal.replenish(st, w, 5)
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
