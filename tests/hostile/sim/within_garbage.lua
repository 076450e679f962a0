-- attack: Hand:within (a hand against several patterns in one C call) called by the game itself with hostile arguments: lists that lie about their length or index, entries that are not Hands or are Hands of another deck, 65 Hands, a negative or huge spare, another deck's Hand as the hand
-- rule: a C primitive given hostile arguments raises a clean error naming the game line (or accepts them harmlessly), reads a list raw, and never runs a metamethod of it
-- expect: safe
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local d = talon.deck { ranks = "A K Q J T 9 8 7" }
local other = talon.deck { ranks = "A K Q" }
local function try(f) pcall(f) end
local function attack()
  local h = d:hand("AS KS")
  local many = {}
  for i = 1, 65 do many[i] = h end
  try(function() h:within(many) end)
  try(function() h:within({ h, other:hand("AS") }) end)
  try(function() h:within(other:hand("AS")) end)
  try(function() h:within({ h, "AS", 5 }) end)
  try(function() h:within(setmetatable({}, { __len = function() while true do end end })) end)
  try(function() h:within(setmetatable({}, { __index = function() while true do end end })) end)
  try(function() h:within({ h }, -1) end)
  try(function() h:within({ h }, math.mininteger) end)
  try(function() h:within({ h }, math.maxinteger) end)
  try(function() h:within({ h }, 0 / 0) end)
  try(function() h:within({ h }, "x") end)
  try(function() h:within(nil) end)
  try(function() h.within(other:hand("AS"), { h }) end)
  try(function() h.within({ h }, { h }) end)
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
