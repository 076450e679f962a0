-- attack: t:step called by the game itself with hostile arguments: tables whose __index loops or whose __len lies, hands shared between seats or with the legal Hand, floats and huge counts, another deck's hands, a seat outside the table
-- rule: a C primitive given hostile arguments raises a clean error naming the game line, or refuses them and changes nothing, and never runs a metamethod
-- expect: safe
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local d = talon.deck { ranks = "A K Q J T 9 8 7" }
local other = talon.deck { ranks = "A K Q" }
local r = talon.trickrules(d, { follow = true })
local loop = setmetatable({}, { __index = function() while true do end end,
  __len = function() while true do end end })
local function try(f) pcall(f) end
local function attack()
  local t = talon.trick(r, "S")
  local AS = d:card("AS")
  local h = { d:hand("AS KS"), d:hand("QS JS") }
  local w = { d:hand(), d:hand() }
  local into = d:hand()
  local function st(fields)
    local s = { hands = h, n = 2, n_in = 2, legal_into = into, won = w, tricks_won = { 0, 0 },
                side_of = { 1, 2 }, tricks_played = 0 }
    for k, v in pairs(fields) do s[k] = v end
    return s
  end
  local wake = {}
  try(function() t:step(loop, 1, AS, wake) end)
  try(function() t:step(st { hands = loop }, 1, AS, wake) end)
  try(function() t:step(st { legal_into = loop }, 1, AS, wake) end)
  try(function() t:step(st { out = loop }, 1, AS, wake) end)
  try(function() t:step(st { n = 2 ^ 63 }, 1, AS, wake) end)
  try(function() t:step(st { n_in = 0 / 0 }, 1, AS, wake) end)
  try(function() t:step(st {}, math.maxinteger, AS, wake) end)
  try(function() t:step(st {}, 1, other:card("AS"), wake) end)
  try(function() t:step(st { hands = { other:hand("AS"), other:hand("KS") } }, 1, AS, wake) end)
  try(function() t:step(st { hands = { h[1], h[1] } }, 1, AS, wake) end)
  try(function() t:step(st { legal_into = h[2] }, 1, AS, wake) end)
  t:play(1, "KS")
  local QS = d:card("QS")
  try(function() t:step(st { won = loop, tricks_won = loop, side_of = loop, tricks_played = loop },
    2, QS, loop) end)
  try(function() t:step(st { won = { h[1], h[2] } }, 2, QS, wake) end)
  try(function() t:step(st { tricks_won = { 0.5, 0 } }, 2, QS, { to = 2 }) end)
  try(function() t:step(st { tricks_won = { math.maxinteger, 0 }, tricks_played = math.maxinteger },
    2, QS, { to = 1 }) end)
  try(function() t:step(st { side_of = { 300, 2 } }, 2, QS, { to = -1 }) end)
  try(function() t:step(st {}, 2, QS, { to = 2 }) end)
  try(function() t.step(d:hand("AS"), st {}, 1, AS, wake) end)
end

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
  on_trick_when = {},
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
