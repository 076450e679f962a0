-- talon.host.running: the running game object that game.new returns.
--
-- It drives a definition's phases: asks the mover for a typed action,
-- checks it against the phase's legal actions (the authority; a phase's
-- `check` hook only explains a refusal), applies it through the one
-- protected call, and moves between phases, hands and the match end. The
-- record is the list of actions: undo and recovery from a failing hook both
-- rebuild the game by replaying it, so a game is never left half-updated.
-- Workload: random playouts call legal_hand/play once per card, so that
-- path touches no strings and allocates nothing but the cached legal Hand;
-- quiet playouts let a phase's `playout` hook play many actions at once
-- (tricks.phase: a trick per C call, the game's hook once per trick).
local game = require "talon.game"
local state = require "talon.host.state"
local deal = require "talon.deal"
local guard = require "talon.host.sandbox"
local actions = require "talon.actions"
local explain = require "talon.explain"
local score = require "talon.score"

local running = {}
local call = guard.call
local sandbox_call = guard.sandbox and guard.sandbox.call

local G = {}
G.__index = G
G.__metatable = false
running.G = G

-- The verbs a definition's actions may use, built once per definition.
local verbs_cache = setmetatable({}, { __mode = "k" })
local function verbs_of(def)
  local v = verbs_cache[def]
  if v then return v end
  v = {}
  for k, t in pairs(actions.verbs) do v[k] = t end
  for k, t in pairs(def.actions or {}) do v[k] = t end
  verbs_cache[def] = v
  return v
end

-- Score checking (params.checking): the scores are remembered before each
-- action and compared after it; only the `score` hook and the credits of
-- score.add_now (st.credited, per side, since the snapshot) may move them.
local function snapshot(g)
  local st = g.state
  local snap = g.score_snap or {}
  for i, v in ipairs(st.scores) do snap[i] = v end
  g.score_snap = snap
  st.credited = nil
end

local function scores_moved(g, where)
  local snap = g.score_snap
  if not snap or g.score_violation then return end
  local credited = g.state.credited
  for i, v in ipairs(g.state.scores) do
    local now = credited and credited[i] or 0
    if snap[i] + now ~= v then
      g.score_violation = ("scores changed outside 'score' (%s): side %d from %d to %d%s")
        :format(where, i, snap[i], v,
          now ~= 0 and (" (%d of it credited with score.add_now)"):format(now) or "")
      return
    end
  end
end

local begin_hand

local function finish_hand(g)
  local st, def = g.state, g.def
  if g.checking then scores_moved(g, "phase " .. tostring(st.phase)) end
  local before = { table.unpack(st.scores) }
  def.score(st)
  for i, v in ipairs(before) do before[i] = st.scores[i] - v end
  g.per_hand[#g.per_hand + 1] = before
  if g.checking then
    snapshot(g)
    -- the game's own invariants for the hand just scored, before the next
    -- hand resets the per-hand state; talon.host.invariants reports the first
    g.hand_violation = g.hand_violation or game.broken_invariant(def, st, "hand")
  end
  g.hands_done = g.hands_done + 1
  local res = (def.match_over or score.target_result)(st)
  local limit = g.params.hands
  if res or (limit and g.hands_done >= limit) then
    if not res then
      res = { scores = { table.unpack(st.scores) },
              text = ("after %d hand(s): %s"):format(g.hands_done, score.text(st.scores)) }
    end
    g.res, g.ph, g.mover_seat, st.phase = res, nil, nil, nil
    st:log("result", res, "%s", res.text)
    return
  end
  if def.next_hand then def.next_hand(st) else st.dealer = st:next(st.dealer) end
  begin_hand(g, nil)
end

-- Enters phase 'name' (running `enter` hooks, which may move on) and finds
-- the mover; "end" finishes the hand.
local function goto_phase(g, name)
  local st, phases = g.state, g.def.phases
  while true do
    if name == "end" then return finish_hand(g) end
    local ph = phases[name]
    if not ph then
      local list = {}
      for k in pairs(phases) do list[#list + 1] = k end
      table.sort(list)
      error(("%s: a hook moved to unknown phase '%s'; phases are %s")
        :format(g.where, tostring(name), table.concat(list, ", ")), 0)
    end
    st.phase, g.ph = name, ph
    local nxt = ph.enter and ph.enter(st)
    if nxt == nil or nxt == name then break end
    name = nxt
  end
  g.mover_seat = g.ph.mover(g.state)
end

begin_hand = function(g, given)
  local st = g.state
  state.new_hand(st, given)
  deal.start(st)
  goto_phase(g, g.def.deal(st))
end

-- params.scores: the match starts from these scores (one per side), set
-- before the first snapshot so they are not a change of score.
local function start_scores(g, st)
  local given = g.params.scores
  if type(given) ~= "table" or #given ~= #st.sides then
    error(("%s: params.scores needs %d starting scores (one per side), got %s")
      :format(g.where, #st.sides, type(given) == "table" and #given or tostring(given)), 0)
  end
  for i = 1, #st.sides do
    if math.type(given[i]) ~= "integer" then
      error(("%s: params.scores[%d] must be an integer, got %s")
        :format(g.where, i, tostring(given[i])), 0)
    end
    st.scores[i] = given[i]
  end
  st:log("scores", { scores = { table.unpack(st.scores) } }, "the match starts with scores %s",
    score.text(st.scores))
end

local function start(g)
  local talon = require "talon"
  local st = state.new(g.def, g.opts, talon.rng(g.seed), g.params.quiet, g.deck)
  g.state, g.deck = st, st.deck
  if g.params.scores then start_scores(g, st) end
  if g.checking then snapshot(g) end
  st.given = g.params.deal
  if g.def.setup then g.def.setup(st) end
  begin_hand(g, g.params.deal)
  if g.checking then scores_moved(g, "setup or the first deal") end
end

-- An empty table with room for 64 array items (Lua 5.4 has no
-- table.create): the action lists of a hand of most games then grow
-- without a rehash per power of two.
local function list64()
  return {
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
    nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil
  }
end

-- Creates a running game; see docs/framework.md §2. 'deck' (internal) reuses
-- a deck so rebuilt games share its interned cards.
function running.new(def, params, deck)
  params = params or {}
  local g = setmetatable({
    def = def, params = params, opts = game.options(def, params.options),
    seed = params.seed or 0, file = params.file, deck = deck,
    act = list64(), act_seat = list64(),
    nact = 0, hands_done = 0, per_hand = {},
    where = params.file or def.name, checking = params.checking,
    verbs = verbs_of(def),
    -- set later; named here so the table is built at its final size
    state = nil, ph = nil, mover_seat = nil, legal_h = nil, legal_list = nil,
    picked = nil, res = nil, score_snap = nil,
  }, G)
  g.meter = guard.meter("game " .. tostring(g.where))
  local ok, err = guard.charge(g.meter, start, g)
  if not ok then error(err, 0) end
  return g
end

function G:mover() return self.mover_seat end
function G:phase() return self.state.phase end
function G:over() return self.ph == nil end
function G:result() return self.res end
function G:scores() return self.state.scores end
-- What each side scored in each hand played so far: {{side1, side2, ...}, ...}
-- (the change of the account in the hand's `score` hook).
function G:hand_points() return self.per_hand end

local function call_legal(g)
  local ok, r = guard.call(g.ph.legal, g.state, g.mover_seat)
  if not ok then error(r, 0) end
  return r
end

-- In a card phase, the mover's legal cards as a Hand (cached).
function G:legal_hand()
  local ph = self.ph
  if not ph or not ph.cards then return nil end
  local h = self.legal_h
  if not h then
    h = call_legal(self)
    self.legal_h = h
  end
  return h
end

-- A uniformly random legal action drawn with 'rng'. In a card phase the
-- legal Hand is sampled directly and the card is remembered, so playing it
-- next skips the legality check (it cannot be illegal).
function G:random(rng)
  local ph = self.ph
  if not ph then return nil end
  if ph.cards then
    local card = (self.legal_h or self:legal_hand()):pick(rng)
    self.picked = card
    return card
  end
  local list = self:legal()
  return list[rng:int(1, #list)]
end

-- The mover's legal actions as an array (cached until the next action).
function G:legal()
  local l = self.legal_list
  if l then return l end
  if not self.ph then l = {}
  elseif self.ph.cards then l = self:legal_hand():cards()
  else l = call_legal(self) end
  self.legal_list = l
  return l
end

function G:parse(text)
  return actions.parse(self.deck, text, self.verbs)
end

function G.text(_, a) return actions.text(a) end

local function is_legal(g, a)
  if g.ph.cards then
    return actions.is_card(a) and a.deck == g.deck and g:legal_hand():count(a) > 0
  end
  for _, l in ipairs(g:legal()) do
    if actions.equal(l, a) then return true end
  end
  return false
end

local function legal_text(g)
  local parts, list = {}, g:legal()
  for i = 1, math.min(#list, 12) do parts[i] = actions.text(list[i]) end
  if #list > 12 then parts[#parts + 1] = "…" end
  return "legal now: " .. table.concat(parts, ", ")
end

-- The violation explaining why 'a' is not legal now.
local function why_illegal(g, a)
  local v
  if g.ph.cards and not actions.is_card(a) then
    v = explain.violation(nil, ("%s must play a card now, not '%s'")
      :format(g.state.names[g.mover_seat], actions.text(a)), legal_text(g))
  elseif g.ph.check then
    local ok, r = guard.call(g.ph.check, g.state, g.mover_seat, a)
    if not ok then error(r, 0) end
    v = r
  end
  if not explain.is_violation(v) then
    v = explain.violation(v and v.rule, ("'%s' is not legal in phase %s")
      :format(actions.text(a), g.state.phase), legal_text(g))
  end
  v.seat, v.action = g.mover_seat, a
  return v
end

local function log_action(st, ph, seat, a)
  if game.private(ph, st, seat, a) then
    st:tell(seat, "action", { seat = seat, action = a }, "%s: %s", st.names[seat],
      actions.text(a))
    st:log("action", { seat = seat }, "%s acts face down", st.names[seat])
  else
    st:log("action", { seat = seat, action = a }, "%s: %s", st.names[seat], actions.text(a))
  end
end

-- Applies action 'a' of 'seat' in phase 'ph'; returns the phase and the
-- mover after it.
local function step(g, ph, seat, a)
  local st = g.state
  if not st.quiet then log_action(st, ph, seat, a) end
  local checking = g.checking
  if checking then snapshot(g) end
  local nxt = ph.apply(st, seat, a)
  local mover
  if nxt == nil then
    mover = ph.mover(st)
    g.mover_seat = mover
  else
    goto_phase(g, nxt)
    ph, mover = g.ph, g.mover_seat
  end
  if checking then scores_moved(g, "after an action") end
  -- the next legal Hand is found inside this same protected call: one
  -- sandbox call per card instead of two
  g.legal_h = ph and ph.cards and ph.legal(st, mover) or nil
  return ph, mover
end

-- Rebuilds the game from its first 'k' actions (undo, recovery).
local function rebuild(g, k)
  local ng = running.new(g.def, g.params, g.deck)
  for i = 1, k do ng:play(g.act[i]) end
  for key in pairs(g) do g[key] = nil end
  for key, v in pairs(ng) do g[key] = v end
end

-- Plays the mover's action 'a' (already known to be legal) in the one
-- protected call and records it. A failing hook restores the position
-- before the action and re-raises.
local function commit(g, a)
  local ph, seat = g.ph, g.mover_seat
  g.legal_h, g.legal_list, g.picked = nil, nil, nil
  local ok, err -- guard.call(step, ...) without its vararg frame
  if sandbox_call then ok, err = sandbox_call(guard.budget_ms, step, g, ph, seat, a)
  else ok, err = call(step, g, ph, seat, a) end
  if not ok then
    local rok, rerr = pcall(rebuild, g, g.nact)
    if not rok then g.aborted = err; g.abort_cause = rerr end
    error(err, 0)
  end
  local n = g.nact + 1
  g.act[n], g.act_seat[n], g.nact = a, seat, n
  return true
end

-- Applies an action; returns true, or false and a violation if illegal.
-- A failing hook restores the position before the action and re-raises.
function G:try(a)
  if self.aborted then error(self.aborted, 0) end
  if not self.ph then return false, explain.violation(nil, "the game is over") end
  if type(a) == "string" then
    local pa, err = self:parse(a)
    if not pa then return false, explain.violation(nil, err) end
    a = pa
  end
  local ph = self.ph
  if ph.cards then
    if a ~= self.picked -- a card drawn from the current legal Hand by G:random is legal
      and (not actions.is_card(a) or a.deck ~= self.deck
        or (self.legal_h or self:legal_hand()):count(a) == 0) then
      return false, why_illegal(self, a)
    end
  elseif not is_legal(self, a) then
    return false, why_illegal(self, a)
  end
  return commit(self, a)
end

-- Applies an action or raises its violation (an error object).
function G:play(a)
  -- the card G:random just drew (the path of bots) needs no check; the
  -- pick is forgotten at every action, so it is always the current one's
  if a ~= nil and a == self.picked and not self.aborted then return commit(self, a) end
  local ok, v = self:try(a)
  if not ok then error(v, 2) end
  return true
end

-- The batch loop of quiet, unchecked games: step() without the event and
-- score-check branches, the position kept in locals, and the legal set of
-- the next position found when it is needed (one call per card either way).
local function quiet_playout(g, rng, k, stop)
  local st, act, act_seat = g.state, g.act, g.act_seat
  local ph, seat = g.ph, g.mover_seat
  local legal_h, list = g.legal_h, g.legal_list -- cached before the playout
  g.legal_h, g.legal_list, g.picked = nil, nil, nil
  while ph and k < stop do
    local batch = ph.playout
    if batch then -- several actions at once (tricks.phase: whole tricks in C)
      local k2, nxt, mover = batch(st, seat, rng, act, act_seat, k, stop)
      if k2 > k then
        k, g.nact, legal_h = k2, k2, nil
        if nxt == nil then
          seat = mover or ph.mover(st)
        else
          goto_phase(g, nxt)
          ph, seat = g.ph, g.mover_seat
        end
        goto continue
      end
    end
    local a
    if ph.cards then
      a = (legal_h or ph.legal(st, seat)):pick(rng)
      legal_h = nil
    else
      list = list or ph.legal(st, seat)
      a = list[rng:int(1, #list)]
      list = nil
    end
    local played, nxt = seat, ph.apply(st, seat, a)
    if nxt == nil then
      seat = ph.mover(st) -- g.mover_seat is set on the way out
    else
      goto_phase(g, nxt)
      ph, seat = g.ph, g.mover_seat
    end
    k = k + 1
    act[k], act_seat[k], g.nact = a, played, k
    ::continue::
  end
  g.mover_seat = seat
  return k
end

local function random_playout(g, rng, limit)
  local first = g.nact
  if g.state.quiet and not g.checking then
    return quiet_playout(g, rng, first, first + limit) - first
  end
  local st, act, act_seat = g.state, g.act, g.act_seat
  local ph, seat, k = g.ph, g.mover_seat, first
  local stop = k + limit
  local list = g.legal_list -- cached before the playout
  g.legal_list, g.picked = nil, nil
  while ph and k < stop do
    local a
    if ph.cards then
      a = (g.legal_h or ph.legal(st, seat)):pick(rng)
    else
      list = list or ph.legal(st, seat)
      a = list[rng:int(1, #list)]
      list = nil
    end
    local played = seat
    ph, seat = step(g, ph, seat, a)
    k = k + 1
    act[k], act_seat[k], g.nact = a, played, k
  end
  return k - first
end

-- Plays uniformly random legal actions until the game ends (or 'limit'
-- actions), all in one protected call: the batch path of simulations.
-- Returns the number of actions played.
function G:playout(rng, limit)
  if self.aborted then error(self.aborted, 0) end
  local ok, n = call(random_playout, self, rng, limit or 100000)
  if not ok then
    local rok, rerr = pcall(rebuild, self, self.nact)
    if not rok then self.aborted = n; self.abort_cause = rerr end
    error(n, 0)
  end
  return n
end

-- Takes back the last n actions (default 1).
function G:undo(n)
  n = n or 1
  if self.nact < n then return false end
  rebuild(self, self.nact - n)
  return true
end

function G:events(from)
  local evs = self.state.events
  for i = from or 1, #evs do explain.sentence(evs[i]) end
  return evs
end

-- A sentence explaining an event (by index), an action, or "score".
function G:explain(x)
  if type(x) == "number" then
    local ev = self.state.events[x]
    return ev and explain.sentence(ev)
  end
  if x == "score" then
    local lines = {}
    for _, ev in ipairs(self.state.events) do
      if ev.kind == "score" or ev.kind == "hand" then lines[#lines + 1] = explain.sentence(ev) end
    end
    return table.concat(lines, "\n")
  end
  if type(x) == "string" then
    local a, err = self:parse(x)
    if not a then return err end
    x = a
  end
  if not self.ph then return "the game is over" end
  local v = self:why(x)
  if not v then return ("'%s' is legal now"):format(actions.text(x)) end
  return tostring(v)
end

-- Nil when action 'x' (a value or its text) is legal now; else the
-- violation saying why not (rule, because, satisfy, seat, action), the
-- same object g:try would return, without playing anything.
function G:why(x)
  if self.aborted then error(self.aborted, 0) end
  if type(x) == "string" then
    local a, err = self:parse(x)
    if not a then return explain.violation(nil, err) end
    x = a
  end
  if not self.ph then return explain.violation(nil, "the game is over") end
  if is_legal(self, x) then return nil end
  return why_illegal(self, x)
end

function G:view(seat) return require("talon.host.view").of(self, seat) end
function G:record() return require("talon.host.record").write(self) end

-- The methods that run hooks or read the game's state (which game code may
-- have filled with anything) each run as one call charged to the game's
-- meter: its total budget, and the per-call one for every state walk.
local function rethrow(ok, ...)
  if ok then return ... end
  local msg, original, kind = ...
  if kind == "error" and original ~= nil then error(original, 0) end
  error(msg, 0)
end

for _, name in ipairs { "play", "try", "legal", "why", "explain", "view", "events",
                        "playout", "undo", "record" } do
  local method = G[name]
  G[name] = function(self, ...)
    return rethrow(guard.charge(self.meter, method, self, ...))
  end
end

return running
