-- attack: t:play_sets called by the game itself with hostile arguments: lying lengths, huge and negative indexes, verbs that are not strings or that only a looping __index answers, a metatable that is not a table, hands of another deck
-- rule: a C primitive given hostile arguments raises a clean error naming the game line (or accepts them harmlessly)
-- expect: safe
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local d = talon.deck { ranks = "A K Q J T 9 8 7" }
local other = talon.deck { ranks = "A K Q" }
local r = talon.trickrules(d, { lead_sizes = { 1, 2 }, face_down = "allowed" })
local how = { lead = "lead", up = "beat", down = "down" }
local function hook() return "end" end
local function try(f) pcall(f) end
local function attack()
  local t = talon.trick(r, "S")
  local rng = talon.rng(1)
  local h = { d:hand("AS KS"), d:hand("QS JS") }
  local w = { d:hand(), d:hand() }
  try(function() t:play_sets(h, 1, rng, {}, {}, math.maxinteger, math.maxinteger, w, hook, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, -5, 10, w, hook, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, math.mininteger, w, hook, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, hook, nil, nil, { lead = 1, up = {}, down = false }) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, hook, nil, nil, { lead = "a", up = "b", down = "c", meta = 5 }) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, hook, nil, nil, setmetatable({}, { __index = function() while true do end end })) end)
  try(function() t:play_sets({ other:hand("AS"), other:hand("KS") }, 1, rng, {}, {}, 0, 10, w, hook, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, hook, nil, { true, true }, how) end)
  try(function() t:play_sets(h, 3, rng, {}, {}, 0, 10, w, hook, nil, nil, how) end)
  try(function() t:play_sets(setmetatable({}, { __len = function() return 2 end }), 1, rng, {}, {}, 0, 10, w, hook, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, function() t:clear(); h[1] = nil; return nil, 2 end, nil, nil, how) end)
  try(function() t:play_sets(h, 1, rng, {}, {}, 0, 10, w, function() return nil, 2 ^ 63 end, nil, nil, how) end)
end

local play = tricks.set_phase {
  doc = "lead 1-2 cards of a suit; the others beat them or play as many face down",
  rules = { lead_sizes = { 1, 2 }, face_down = "allowed" },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

local def = {
  name = "Hostile",
  summary = "a small game of set tricks carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Beat the sets face up, or play as many face down." },
  deal = function(st)
    attack()
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 8 })
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
