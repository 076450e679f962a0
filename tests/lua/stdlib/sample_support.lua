-- Helpers of the sampler's tests (sample_test.lua): random points of
-- games, and the proof of a sampled deal: the public history replayed on
-- it with the game's own rules.
local game = require "talon.game"
local talon = require "talon"
local fork = require "talon.host.fork"
local knowledge = require "talon.host.knowledge"
local sample = require "talon.host.sample"
local actions = require "talon.actions"

local support = {}

-- A game of 'def' with 'params' played at random (seed 'seed') until
-- stop(g) holds; nil when it ended first.
function support.reach(def, params, seed, stop)
  local p = {}
  for k, v in pairs(params or {}) do p[k] = v end
  p.seed = seed
  local g = game.new(def, p)
  local rng = talon.rng(seed)
  for _ = 1, 5000 do
    if g:over() then return nil end
    if stop(g) then return g end
    g:play(g:random(rng))
  end
  return nil
end

local function sizes(st)
  local l = {}
  for s = 1, st.n do l[s] = #st.hands[s] end
  return l
end

-- The origin of the present stretch of card play in game 'g': the
-- position from which, in the current hand and trick phase, only plays
-- happened and no hand received a card (the start of the play for games
-- that deal everything first, the start of the trick after a draw), and
-- the number of actions before it; it starts after the last trick with
-- face-down sets, whose cards the won piles keep unseen. Found by
-- replaying g's record.
function support.origin(g)
  local g2 = game.new(g.def, g.params)
  local target = g.state.hand_no
  local k0, p0, hidden
  for i = 0, g.nact do
    local grew = false
    if i > 0 then
      local before = sizes(g2.state)
      hidden = hidden or game.private(g2.ph, g2.state, g.act_seat[i], g.act[i])
      g2:play(g.act[i])
      for s, n in ipairs(sizes(g2.state)) do grew = grew or n > before[s] end
    end
    if not g2:over() and g2.ph.trick and g2.state.hand_no == target then
      -- a trick with face-down sets gathered: they are in the won piles,
      -- unseen, and the proof starts after it
      local gathered = hidden and #g2.state.ctrick == 0
      if k0 == nil or grew or gathered then k0, p0, hidden = i, g2:position(), false end
    else
      k0 = nil
    end
  end
  return p0, k0
end

local function text(h)
  local l = {}
  for i, c in ipairs(h:cards()) do l[i] = c:name("ascii") end
  return table.concat(l, " ")
end

-- The proof of world 'w' (a determinisation of game 'g' for 'seat'): the
-- hands of the origin rebuilt from the world's hands and the cards each
-- seat played since, the public history replayed from there with g:try
-- (a face-down play of another seat with the world's cards). Returns nil,
-- or what went wrong.
local origins = setmetatable({}, { __mode = "k" })

function support.prove(g, w, seat)
  local o = origins[g]
  if not o or o.nact ~= g.nact then
    local p, k = support.origin(g)
    o = { p0 = p, k0 = k, nact = g.nact }
    origins[g] = o
  end
  local p0, k0 = o.p0, o.k0
  if not p0 then return "no origin" end
  local st, ws = g.state, w.state
  local deck = st.deck
  local hands = {}
  for s = 1, st.n do hands[s] = ws.hands[s]:copy() end
  -- the plays since the origin, as the world has them: a face-down play
  -- of another seat with the world's cards for it (plays of the current
  -- trick only: its sets are still there to read)
  local plays, first = {}, g.nact - #st.ctrick
  local g2 = game.new(g.def, { position = p0 })
  for i = k0 + 1, g.nact do
    local a, s = g.act[i], g.act_seat[i]
    if game.private(g2.ph, g2.state, s, a) and s ~= seat then
      if i <= first then return "a hidden play outside the current trick" end
      local _, cards = ws.ctrick:at(i - first)
      a = actions.make(a.verb, deck:hand(cards))
    end
    plays[#plays + 1] = { seat = s, a = a }
    g2:play(g.act[i])
  end
  for _, p in ipairs(plays) do
    local c = p.a
    if type(c) == "table" then c = c.arg end
    hands[p.seat]:add(c)
  end
  local q = {}
  for k, v in pairs(p0) do q[k] = v end
  q.hands, q.won = {}, {}
  for s = 1, st.n do
    q.hands[s] = text(hands[s])
    -- the won piles at the origin: the world's, less what was won since
    local since = st.won[s] - deck:hand(p0.won[s])
    q.won[s] = text(ws.won[s] - since)
  end
  q.stock = ws.stock and (function()
    local l = {}
    for i, c in ipairs(ws.stock:cards()) do l[i] = c:name("ascii") end
    return table.concat(l, " ")
  end)() or nil
  q.discards = text(ws.discards)
  local ok, g3 = pcall(game.new, g.def, { position = q })
  if not ok then return "origin refused: " .. tostring(g3) end
  for i, p in ipairs(plays) do
    local done, why = g3:try(p.a)
    if not done then
      return ("play %d (%s by P%d) refused on the sampled deal: %s"):format(i, g3:text(p.a),
        p.seat, tostring(why))
    end
  end
  for s = 1, st.n do
    if g3.state.hands[s] ~= ws.hands[s] then
      return ("hand %d: replayed %s, world %s"):format(s, tostring(g3.state.hands[s]),
        tostring(ws.hands[s]))
    end
  end
  if ws.hands[seat] ~= st.hands[seat] then return "the seat's own hand changed" end
  return nil
end

-- The key of the true deal of a decision: each group's share of the
-- place's true cards (the place less what the seat knows lies there).
function support.truth_key(g, plan, key_of)
  local st = g.state
  local deal = {}
  for i, gr in ipairs(plan.groups) do
    local h = gr.place
    local cards
    if h.key == "trick" then
      local _, c = st.ctrick:at(h.play)
      cards = st.deck:hand(c)
    elseif h.key == "stock" then
      cards = st.stock:hand()
    elseif h.key == "zone" then
      g.def.zones(st, function(name, z) if name == h.zone then cards = z end end)
    else
      local key = h.key == "hands" and "hands" or h.key
      local v = st[key]
      cards = h.seat and v[h.seat] or v
    end
    deal[i] = (cards - h.known):cards()
  end
  return key_of(deal)
end

-- A tracker, plan and base of a decision of 'seat' in 'g'.
function support.prepare(g, seat)
  local tr = knowledge.new(g, seat)
  local plan = sample.plan(g, tr:now())
  return tr, plan, fork.of(g, nil, true)
end

return support
