-- talon.host.fork: an independent copy of a running game at the same
-- point, for search.
--
-- A search plays thousands of short futures from one position; starting
-- each from g:position() (text, checks) costs more than the future itself.
-- A fork copies the state directly: Hands, Piles and the generator are
-- copied, the current Trick is made anew by its phase and given the same
-- plays, the game's own tables are copied deeply (shared and nested tables
-- stay shared and nested), and immutable values (cards, decks, rules,
-- functions) are kept. The fork is quiet and unchecked (the batch path of
-- g:playout), starts an empty record, and stops at the end of the hand
-- when asked; its calls are charged to the meter it is given. The game
-- forked from is not touched.
local fork = {}

local getmt, setmt = debug.getmetatable, debug.setmetatable
-- A shallow raw copy made at its final size (vm/lua/sandbox_lib.c): a
-- fork copies the game object, its state and their tables per future.
local rawcopy = require("talon").sandbox.copy
local wake = require "talon.tricks_wake"
local list64 = require("talon.host.running").list64

local function silent() end

-- The type name of userdata 'v' ("talon.Hand"), or nil.
local function udname(v)
  local mt = getmt(v)
  return type(mt) == "table" and rawget(mt, "__name") or nil
end

-- State fields a fork shares with its original (never changed during a
-- game, or caches) or sets itself.
local SHARED = {
  opts = true, deck = true, full = true, info = true, sides = true, side_of = true,
  given = true, events = true, log = true, tell = true, quiet = true, legal_into = true,
  quiet_trick = true, quiet_stock = true, ctrick = true, playout_policy = true,
}

local copy

-- (a raw copy of the whole table at once, then the tables and userdata in
-- it, keys or values, replaced by their copies)
local function copy_table(t, memo)
  local c = rawcopy(t)
  memo[t] = c
  for k, v in next, t do
    local tk, tv = type(k), type(v)
    if tk == "table" or tk == "userdata" then
      local ck, cv = copy(k, memo), copy(v, memo)
      if not rawequal(ck, k) then c[k] = nil end
      c[ck] = cv
    elseif tv == "table" or tv == "userdata" then
      c[k] = copy(v, memo)
    end
  end
  local mt = getmt(t)
  if mt ~= nil then setmt(c, mt) end
  return c
end

copy = function(v, memo)
  local ty = type(v)
  if ty ~= "table" and ty ~= "userdata" then return v end
  local c = memo[v]
  if c ~= nil then return c end
  if ty == "table" then return copy_table(v, memo) end
  local name = udname(v)
  if name == "talon.Hand" or name == "talon.Pile" then
    c = v:copy()
  elseif name == "talon.Rng" then
    c = v:clone()
  else
    c = v -- cards, decks, rules, melds, frozen library views: never change
  end
  memo[v] = c
  return c
end

-- The phase whose `trick` hook makes the hand's Trick: the current one's,
-- else the first trick phase by name (as talon.host.position finds it).
local function trick_maker(def, ph)
  if ph and ph.trick then return ph.trick end
  local names = {}
  for name, other in pairs(def.phases) do
    if other.trick then names[#names + 1] = name end
  end
  table.sort(names)
  return names[1] and def.phases[names[1]].trick
end

-- A new Trick for state 'st' with the plays and progress of 'ct';
-- 'replace' (optional) gives the cards of some plays by index (a
-- determinisation's face-down sets).
function fork.trick(def, ph, st, ct, replace)
  local make = trick_maker(def, ph)
  if not make then return ct end -- no trick phase: nothing to copy
  local t = make(st, ct:trump())
  for i = 1, #ct do
    local seat, cards, down = ct:at(i)
    local r = replace and replace[i]
    if r then cards = #r == 1 and r:nth(1) or r end
    assert(t:play(seat, cards, down))
  end
  local done, closed = ct:progress()
  if done > 0 or #closed > 0 then t:set_progress(done, closed) end
  return t
end

-- A copy of state 'st' (quiet: it logs nothing).
local function copy_state(def, ph, st)
  local memo = {}
  local c = rawcopy(st)
  memo[st] = c
  for k, v in next, st do
    local ty = type(v)
    if (ty == "table" or ty == "userdata") and not SHARED[k] then c[k] = copy(v, memo) end
  end
  c.events, c.quiet, c.log, c.tell = {}, true, silent, silent
  c.legal_into, c.quiet_trick, c.quiet_stock = nil, nil, nil
  if st.ctrick then c.ctrick = fork.trick(def, ph, c, st.ctrick) end
  wake.inherit(ph and ph.step, st, c)
  setmt(c, getmt(st))
  return c
end

-- A fork of running game 'g' (not over): an independent game at the same
-- point whose calls are charged to 'meter' (default: a new one). With
-- 'one_hand' it ends at the end of the current hand, else where 'g' would.
function fork.of(g, meter, one_hand)
  assert(g.ph, "fork: the game is over")
  local f = rawcopy(g)
  f.state = copy_state(g.def, g.ph, g.state)
  -- (a record with room for a hand: grown from empty, it is resized at
  -- 1, 2, 4 ... 64 in every future)
  f.act, f.act_seat, f.nact = list64(), list64(), 0
  f.legal_h, f.legal_list, f.picked, f.res = nil, nil, nil, nil
  f.per_hand, f.score_snap, f.checking = {}, nil, nil
  f.score_violation, f.hand_violation, f.fork_plan = nil, nil, nil
  f.stat_hands, f.stat_match = nil, nil -- a future is not measured with the game
  f.params = { quiet = true, seed = g.seed,
                hands = one_hand and g.hands_done + 1 or g.params.hands }
  f.meter = meter or require("talon.host.sandbox").meter(g.where .. " (fork)")
  return setmt(f, getmt(g))
end

-- ===== forks of a fork, by plan
--
-- The many futures of one world are forks of it: its state has one shape
-- (the same keys holding the same kinds of value), so a plan made once
-- copies each field the direct way, with no test of types per value.
-- A state where one table or Hand is reached twice keeps the deep copy,
-- which keeps such sharing.

-- Is every value of table 't' (no metatable) a plain value?
local function flat(t)
  if getmt(t) ~= nil then return false end
  for _, v in next, t do
    local ty = type(v)
    if ty == "table" or ty == "userdata" then return false end
  end
  return true
end

-- Is 't' (no metatable) a list of Hands, and nothing else?
local function hand_list(t)
  if getmt(t) ~= nil or #t == 0 then return false end
  for k, v in next, t do
    if math.type(k) ~= "integer" or udname(v) ~= "talon.Hand" then return false end
  end
  return true
end

-- Is any table or userdata reached twice from state 'st'?
local function shares(st)
  local seen = {}
  local function walk(v)
    local ty = type(v)
    if ty ~= "table" and ty ~= "userdata" then return false end
    if seen[v] then return true end
    seen[v] = true
    if ty == "table" then
      for k, x in next, v do
        if walk(k) or walk(x) then return true end
      end
    end
    return false
  end
  for k, v in next, st do
    if not SHARED[k] and walk(v) then return true end
  end
  return false
end

-- The keys of table 't' outside its array part (1 .. its raw length):
-- the size of a copy's hash part (talon.sandbox.copy's hint).
local function hashed(t)
  local n, len = 0, rawlen(t)
  for k in next, t do
    if not (math.type(k) == "integer" and k >= 1 and k <= len) then n = n + 1 end
  end
  return n
end

local function copy_hands(t)
  local c = rawcopy(t, 0)
  for i = 1, #t do c[i] = t[i]:copy() end
  return c
end

-- How a plan copies a field the raw copy of the state cannot share, by
-- the kind of its value.
local COPIER = {
  copy = function(v) return v:copy() end, -- a Hand or a Pile
  rng = function(v) return v:clone() end,
  hands = copy_hands,
  flat = rawcopy, -- (t, size of its hash part)
  deep = function(v) return copy(v, {}) end,
}

-- The kind of state field 'k' holding 'v' for a plan: nil when the raw
-- copy of the state may share it (a plain value, a shared field, an
-- immutable userdata).
local function kind_of(k, v)
  local ty = type(v)
  if SHARED[k] then return nil end
  if ty == "userdata" then
    local name = udname(v)
    if name == "talon.Hand" or name == "talon.Pile" then return "copy" end
    return name == "talon.Rng" and "rng" or nil
  end
  if ty ~= "table" then return nil end
  return flat(v) and "flat" or hand_list(v) and "hands" or "deep"
end

-- The plan of state 'st' of game 'g': a list of { key, copier, hint }
-- for the fields the raw copy of the state cannot share (the rest are
-- copied with it), or false when only the deep copy keeps its sharing;
-- with the sizes of the copies' hash parts (state, game, each flat
-- table: a copy of a copy has the same shape, and a size that is off
-- merely costs a rehash). The state and the game get room for the few
-- fields a future sets as it plays (the hand's outcome, the legal set),
-- so that they are not rehashed at the first of them.
local function plan_of(g, st)
  if shares(st) then return false end
  local plan = { state_n = hashed(st) + 8, game_n = hashed(g) + 8 }
  for k, v in next, st do
    local kind = kind_of(k, v)
    if kind then plan[#plan + 1] = { k, COPIER[kind], kind == "flat" and hashed(v) or nil } end
  end
  return plan
end

-- A copy of state 'st' by 'plan' (quiet like the state it copies).
local function copy_planned(def, ph, st, plan)
  local c = rawcopy(st, plan.state_n) -- every plain value and shared field at once
  local into = st.legal_into -- the trick phases' legal Hand: each fork its own
  if into ~= nil then c.legal_into = into:copy() end
  for i = 1, #plan do
    local e = plan[i]
    local k = e[1]
    local v = st[k]
    if v ~= nil then c[k] = e[2](v, e[3]) end
  end
  c.events = {}
  if st.ctrick then c.ctrick = fork.trick(def, ph, c, st.ctrick) end
  wake.inherit(ph and ph.step, st, c)
  setmt(c, getmt(st))
  return c
end

-- A fork of a fork made with fork.of (a world of the search), the same
-- as fork.of(f, meter) and cheaper: the futures of one world.
function fork.again(f, meter)
  local plan = f.fork_plan
  if plan == nil then
    plan = plan_of(f, f.state)
    f.fork_plan = plan
  end
  if not plan then return fork.of(f, meter or f.meter) end
  local c = rawcopy(f, plan.game_n)
  c.state = copy_planned(f.def, f.ph, f.state, plan)
  c.act, c.act_seat, c.nact, c.per_hand = list64(), list64(), 0, {}
  c.legal_h, c.picked = nil, nil
  -- the mover's legal actions as found in 'f', which the fork shares (it
  -- is at the same point; nothing the host hands a list to changes it),
  -- so that its first action is checked without asking the phase again;
  -- a legal Hand only when it is the state's own (a trick phase's), whose
  -- copy holds the same cards
  local h = f.legal_h
  if h ~= nil and h == f.state.legal_into then c.legal_h = c.state.legal_into end
  c.meter = meter or f.meter
  return setmt(c, getmt(f))
end

return fork
