-- talon.host.running: the running game object that game.new returns.
--
-- It drives a definition's phases: asks the mover for a typed action,
-- checks it against the phase's legal actions (the authority; a phase's
-- `check` hook only explains a refusal), applies it through the one
-- protected call, and moves between phases, hands and the match end. The
-- record is the list of actions: undo and recovery from a failing hook both
-- rebuild the game by replaying it, so a game is never left half-updated.
-- The course between actions (phases entered, hands begun and finished,
-- the match's start and end) is talon.host.flow.
-- Workload: random playouts call legal_hand/play once per card, so that
-- path touches no strings and allocates nothing but the cached legal Hand;
-- quiet playouts let a phase's `playout` hook play many actions at once
-- (tricks.phase: a trick per C call, the game's hook once per trick).
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"
local explain = require "talon.explain"
local why = require "talon.host.why"
local tricks = require "talon.tricks"
local measure = require "talon.host.measure"
local scorewatch = require "talon.host.scorewatch"
local flow = require "talon.host.flow"
local readers = require "talon.host.readers"

local running = {}
-- Score checking (params.checking): talon.host.scorewatch.
local snapshot, scores_moved = scorewatch.snapshot, scorewatch.moved
-- Entering a phase, and through it the end of a hand: talon.host.flow.
local goto_phase = flow.goto_phase
local math_type, rawequal = math.type, rawequal
local call = sandbox.call

-- Hand:pick and Hand:count called as functions on a card phase's legal
-- Hand outside a protected call (g:random, g:try): what a game's legal
-- hook made up in its place is refused by the C check, never indexed (its
-- metamethods would run outside the time budget).
local pick, count
do
  local h = require("talon").deck { ranks = "A", suits = "S" }:hand()
  pick, count = h.pick, h.count
end

local G = {}
running.G = G
local g_mt = { __index = G, __metatable = false } -- no key leads back to G

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
running.list64 = list64

-- Creates a running game; see docs/framework.md §2. 'deck' (internal) reuses
-- a deck so rebuilt games share its interned cards.
function running.new(def, params, deck)
  params = params or {}
  -- the options, and whether they are the definition's defaults (whose
  -- deck and sides talon.host.state derives once)
  local opts, default_opts = game.options(def, params.options
    or (type(params.position) == "table" and params.position.options or nil))
  local g = setmetatable({
    def = def, params = params, opts = opts, default_opts = default_opts,
    seed = params.seed or 0, file = params.file, deck = deck,
    act = list64(), act_seat = list64(),
    nact = 0, hands_done = 0, per_hand = {},
    -- false until a failing action cannot be undone (read at every
    -- action: a key present is found without the metatable's lookup)
    aborted = false,
    where = params.file or def.name, checking = params.checking or false,
    verbs = verbs_of(def),
    -- set later; named here so the table is built at its final size
    state = nil, ph = nil, phase_name = nil, mover_seat = nil, legal_h = nil, legal_list = nil,
    picked = nil, res = nil, score_snap = nil, meter = nil, seat_ok = nil,
    -- the declared statistics, when asked for (talon.host.measure)
    stat_hands = nil, stat_match = nil,
  }, g_mt)
  if measure.wanted(def, params) then g.stat_hands = {} end
  g.meter = sandbox.meter(g.where) -- its message names the game's file
  local ok, err = sandbox.charge(g.meter, flow.start, g)
  if not ok then error(err, 0) end
  return g
end

function G:mover() return self.mover_seat end
-- The phase's name as the host entered it (st.phase is the game's to
-- overwrite, and front ends print this outside its budget).
function G:phase() return self.phase_name end
function G:over() return self.ph == nil end
function G:result() return self.res end
-- What front ends read of the game (scores, names, seats, hands,
-- partnerships, face-down plays): talon.host.readers.
G.scores, G.name, G.seats = readers.scores, readers.name, readers.seats
G.hand, G.sides, G.private = readers.hand, readers.sides, readers.private
-- What each side scored in each hand played so far: {{side1, side2, ...}, ...}
-- (the change of the account in the hand's `score` hook).
function G:hand_points() return self.per_hand end
-- The declared statistics measured so far (params.stats): one row per
-- hand, and the match's row once it is over (value i for the definition's
-- stats[i]; a count is 1 or 0). Nil when nothing is measured.
function G:measured() return self.stat_hands, self.stat_match end

local function call_legal(g)
  local ok, r = sandbox.charge(g.meter, g.ph.legal, g.state, g.mover_seat)
  if not ok then error(r, 0) end
  return r
end

-- 'h', what a card phase's legal hook of game 'g' returned, if it is a
-- Hand (the host reads it as one); else an error naming the phase.
local function legal_cards(g, h)
  if actions.is_hand(h) then return h end
  error(("%s: phase %s: legal must return a Hand of the legal cards (a card phase), got %s")
    :format(g.where, g.state.phase, type(h) == "userdata" and "another userdata"
      or "a " .. type(h)), 0)
end

-- In a card phase, the mover's legal cards as a Hand (cached).
function G:legal_hand()
  local ph = self.ph
  if not ph or not ph.cards then return nil end
  local h = self.legal_h
  if not h then
    h = legal_cards(self, call_legal(self))
    self.legal_h = h
  end
  return h
end

-- The draws that hold (talon.tricks: a set phase's, none of the hooks it
-- stands for replaced), found once per phase table, as the steps are.
local draws = setmetatable({}, { __mode = "k" })
local getmt = debug.getmetatable
local function draw_of(ph)
  local d = draws[ph]
  if d == nil then
    d = ph.draw ~= nil and tricks.draw_holds(ph) and ph.draw
    draws[ph] = d
  end
  return d
end

-- What draw 'd' (of the current phase) draws for the mover, checked as an
-- item of a legal list is (checked_list, below), though only the library
-- declares draws (tricks.declare_draw is withheld from games).
local function drawn(g, d, rng)
  local a = d(g.state, g.mover_seat, rng)
  local mt = type(a) == "table" and getmt(a)
  if mt and not rawequal(mt, actions.Action) then
    error(("%s: phase %s: the drawn action is a table with a metatable of its own (make"
      .. " actions with actions.make)"):format(g.where, g.state.phase), 0)
  end
  return a
end

-- A uniformly random legal action drawn with 'rng'. The card or action
-- table drawn is remembered, so playing it next skips the legality check
-- (it cannot be illegal: a card is drawn from the legal Hand, a table is
-- one of the game's own legal actions, as talon.host.policy marks them).
-- A set phase draws with its draw, the action the legal list would give
-- without the list (one protected call, as g:legal's), unless the list is
-- already made.
function G:random(rng)
  local ph = self.ph
  if not ph then return nil end
  if ph.cards then
    local card = pick(self.legal_h or self:legal_hand(), rng)
    self.picked = card
    return card
  end
  local d = not self.legal_list and draw_of(ph)
  if d then
    local ok, a = sandbox.charge(self.meter, drawn, self, d, rng)
    if not ok then error(a, 0) end
    if a ~= nil then
      if type(a) == "table" then self.picked = a end -- as from the list, below
      return a
    end
  end
  local list = self:legal()
  local a = list[rng:int(1, #list)]
  if type(a) == "table" then self.picked = a end
  return a
end

-- A non-card phase's legal list, read raw: an action table carrying a
-- metatable of the game's own (whose metamethods the host would meet when
-- it prints or compares the list) is refused, naming the phase, and so is
-- a list with a metatable (the host reads its length and items outside
-- any budget: g:random, the front ends' lists of what is legal). One C
-- call walks the items (talon.sandbox.foreign), comparing metatables raw:
-- Lua's ~= would run an __eq the game gave a metatable's own metatable.
local foreign = require("talon").sandbox.foreign
local function checked_list(g, l)
  if type(l) ~= "table" then
    error(("phase %s: legal must return a list of actions, got a %s")
      :format(g.state.phase, type(l)), 0)
  end
  if getmt(l) ~= nil then
    error(("phase %s: legal must return a plain list of actions, not a table with a"
      .. " metatable"):format(g.state.phase), 0)
  end
  local i = foreign(l, actions.Action)
  if i then
    error(("phase %s: legal action %d is a table with a metatable of its own "
      .. "(make actions with actions.make)"):format(g.state.phase, i), 0)
  end
  return l
end

-- The mover's legal actions as an array (cached until the next action).
function G:legal()
  local l = self.legal_list
  if l then return l end
  if not self.ph then l = {}
  elseif self.ph.cards then l = self:legal_hand():cards()
  else l = checked_list(self, call_legal(self)) end
  self.legal_list = l
  return l
end

function G:parse(text)
  return actions.parse(self.deck, text, self.verbs)
end

function G.text(_, a) return actions.text(a) end

local function log_action(st, ph, seat, a)
  if game.private(ph, st, seat, a) then
    st:tell(seat, "action", { seat = seat, action = a }, "%s: %s", st.names[seat],
      actions.text(a))
    st:log("action", { seat = seat }, "%s acts face down", st.names[seat])
  else
    st:log("action", { seat = seat, action = a }, "%s: %s", st.names[seat], actions.text(a))
  end
end

-- ===== one step for every way of playing: advance

-- The step g:play (commit) and g:playout take for each action: 'a'
-- (legal) of 'seat' in phase 'ph' is told (unless quiet), applied, the
-- next phase entered or the next mover found, and recorded; the checking
-- mode watches the scores around it. Then the next legal Hand is found,
-- unless 'lazy' (a playout draws from the legal set when it needs it).
-- It runs inside the caller's protected call; an action is recorded only
-- once it and the phase change it causes have succeeded.
local function advance(g, ph, seat, a, lazy)
  local st = g.state
  if not st.quiet then log_action(st, ph, seat, a) end
  local checking = g.checking
  -- the snapshot stands from the last check (scorewatch.moved)
  if checking and not g.score_snap then snapshot(g) end
  local nxt = ph.apply(st, seat, a)
  if nxt == nil then g.mover_seat = ph.mover(st) else goto_phase(g, nxt) end
  if checking then scores_moved(g, "after an action") end
  local k = g.nact + 1
  g.act[k], g.act_seat[k], g.nact = a, seat, k
  if lazy then return end
  -- inside the same protected call: one sandbox call per card, not two
  ph = g.ph
  g.legal_h = ph and ph.cards and legal_cards(g, ph.legal(st, g.mover_seat)) or nil
end

-- The fast path of quiet, unchecked playouts, declared beside advance
-- rather than threaded through it: phase 'ph's `playout` hook plays
-- several actions at once (tricks.phase: whole tricks in one C call that
-- writes the record itself), drawing as g:random would, so the record is
-- the same either way. Returns false when it played nothing (one action
-- then goes the ordinary way).
local function batch(g, ph, rng, stop)
  local k = g.nact
  local k2, nxt, mover = ph.playout(g.state, g.mover_seat, rng, g.act, g.act_seat, k, stop)
  if k2 == k then return false end
  -- what a playout hook answers is checked as any hook's result is: a
  -- count within the slice, a mover that is a seat (once per batch: this
  -- is the fast path; a hook that records nonsense fails when the record
  -- is written or replayed)
  local seat_ok = g.seat_ok
  if math_type(k2) ~= "integer" or k2 < k or k2 > stop then
    error(("%s: phase %s: playout returned %s actions played, not %d to %d")
      :format(g.where, g.state.phase, tostring(k2), k, stop), 0)
  end
  if mover ~= nil and not seat_ok[mover] then
    error(("%s: phase %s: playout returned mover %s, not a seat"):format(g.where, g.state.phase,
      tostring(mover)), 0)
  end
  g.legal_h, g.legal_list = nil, nil
  if nxt == nil then g.mover_seat = mover or ph.mover(g.state) else goto_phase(g, nxt) end
  g.nact = k2
  return true
end

-- A random action of 'list' as 'judge' (host code: the search's futures)
-- would have it: judge(g, a) -> 1, 0 or -1 for each action table. One of
-- those judged 1 is taken at once (at random among them), unless the
-- mover's last action was of the same verb; else the draw is uniform,
-- and an action judged -1 is drawn again among the others. Cards are
-- never judged.
local function repeats(g, a)
  local k = g.nact
  local last = g.act[k]
  return g.act_seat[k] == g.mover_seat and type(last) == "table" and last.verb == a.verb
end

local function judged(g, rng, list, judge)
  local take
  for _, a in ipairs(list) do
    if type(a) == "table" and judge(g, a) > 0 and not repeats(g, a) then
      take = take or {}
      take[#take + 1] = a
    end
  end
  if take then return take[rng:int(1, #take)] end
  local a = list[rng:int(1, #list)]
  if type(a) ~= "table" or judge(g, a) >= 0 then return a end
  local keep = {}
  for _, b in ipairs(list) do
    if type(b) ~= "table" or judge(g, b) >= 0 then keep[#keep + 1] = b end
  end
  if #keep == 0 then return a end
  return keep[rng:int(1, #keep)]
end

-- A uniformly random legal action of the mover, drawn as g:random draws
-- it, from the legal set cached for this position if any (which it
-- spends: the next position has its own); with 'judge', as judged says.
local function draw(g, rng, judge)
  local ph = g.ph
  local h, list = g.legal_h, g.legal_list
  g.legal_h, g.legal_list = nil, nil
  if ph.cards then return (h or ph.legal(g.state, g.mover_seat)):pick(rng) end
  local d = not (list or judge) and draw_of(ph)
  if d then
    local a = drawn(g, d, rng)
    if a ~= nil then return a end
  end
  list = list or ph.legal(g.state, g.mover_seat)
  if judge then return judged(g, rng, list, judge) end
  return list[rng:int(1, #list)]
end

-- Rebuilds the game from its first 'k' actions (undo, recovery).
local function rebuild(g, k)
  local ng = running.new(g.def, g.params, g.deck)
  for i = 1, k do ng:play(g.act[i]) end
  for key in pairs(g) do g[key] = nil end
  for key, v in pairs(ng) do g[key] = v end
end

-- The card phases whose step holds (talon.tricks: one made by
-- tricks.phase, none of the hooks it stands for replaced), found once per
-- phase table, as the playouts are.
local steps = setmetatable({}, { __mode = "k" })
local function step_of(ph)
  local s = ph.cards and ph.step ~= nil and tricks.step_holds(ph) and ph.step
  steps[ph] = s
  return s
end

-- Plays the mover's action 'a' (already known to be legal) and records it:
-- in one C call when the phase's step can play it (a card in a quiet
-- game, no hook of the game due: nothing to protect), else in the one
-- protected call. A checked game takes the step too: no game code runs in
-- it, so the scores cannot move there, and the score watch of the next
-- action that runs a hook (a phase's end at the latest, before `score`)
-- still compares with the snapshot taken before this one. A failing hook
-- restores the position before the action and re-raises.
local function commit(g, a)
  local ph, seat = g.ph, g.mover_seat
  local step = steps[ph]
  if step == nil then step = step_of(ph) end
  if step then
    local mover, h = step(g.state, seat, a)
    if mover then
      local k = g.nact + 1
      g.act[k], g.act_seat[k], g.nact = a, seat, k
      g.mover_seat, g.legal_h, g.legal_list, g.picked = mover, h, nil, nil
      return true
    end
  end
  local k = g.nact
  g.legal_h, g.legal_list, g.picked = nil, nil, nil
  local ok, err = sandbox.charge(g.meter, advance, g, ph, seat, a)
  if not ok then
    local rok, rerr = pcall(rebuild, g, k)
    if not rok then g.aborted = err; g.abort_cause = rerr end
    error(err, 0)
  end
  return true
end

-- The host's own copy of an action given to g:try or g:play: a card as it
-- is, text parsed, and a table (a bot's answer, say) rebuilt from its raw
-- fields, so no metamethod of the caller's runs when the host compares or
-- prints it. Nil and a message when it is no action at all.
local ARG_TYPES = { ["nil"] = true, number = true, string = true, userdata = true }
local function own_action(g, a)
  local ta = type(a)
  if ta == "userdata" then return a end
  if ta == "string" then return g:parse(a) end
  if ta ~= "table" then
    return nil, ("an action is a card, a text or a table, not a %s"):format(ta)
  end
  local verb, arg, extra = rawget(a, "verb"), rawget(a, "arg"), rawget(a, "extra")
  if type(verb) ~= "string" or not ARG_TYPES[type(arg)]
      or (extra ~= nil and type(extra) ~= "string") then
    return nil, "an action table needs a verb (a string) and an argument (a number, text or cards)"
  end
  return actions.make(verb, arg, extra)
end

-- Is 'a' a card of this game's deck in the legal Hand 'h'?
local function in_hand(g, h, a)
  return actions.is_card(a) and a.deck == g.deck and count(h, a) > 0
end

-- The comparison with a non-card phase's legal list (the game's values)
-- under the budget, and the refusal's explanation, which reads the
-- game's state (its hands, the cards set aside) and asks its check hook.
local is_legal_walked = sandbox.method(why.is_legal)
local illegal_walked = sandbox.method(why.illegal)

-- Applies an action; returns true, or false and a violation if illegal.
-- A failing hook restores the position before the action and re-raises.
function G:try(a)
  if self.aborted then error(self.aborted, 0) end
  if not self.ph then return false, explain.violation(nil, "the game is over") end
  local pa, err = own_action(self, a)
  if not pa then return false, explain.violation(nil, err) end
  a = pa
  local ph = self.ph
  if ph.cards then
    if not rawequal(a, self.picked) -- a card G:random drew from the current legal Hand is legal
      and not in_hand(self, self.legal_h or self:legal_hand(), a) then
      return false, illegal_walked(self, a)
    end
  elseif not is_legal_walked(self, a) then
    return false, illegal_walked(self, a)
  end
  return commit(self, a)
end

-- Applies an action or raises its violation (an error object).
function G:play(a)
  -- the card or action G:random just drew (the path of bots) needs no
  -- check; the pick is forgotten at every action, so it is always the
  -- current one's. The very value, compared raw: a table of the game's
  -- own may carry an __eq, which must not run here, outside any budget.
  if a ~= nil and rawequal(a, self.picked) and not self.aborted then return commit(self, a) end
  local ok, v = self:try(a)
  if not ok then error(v, 2) end
  return true
end

-- The playout loop: up to 'limit' random legal actions, fewer if the game
-- ends, each by advance, or many at once by a batch when the game is quiet
-- and unchecked. Returns the number played.
-- The phases whose playout holds (talon.tricks: none of the hooks it
-- stands for was replaced), found once per phase table: a definition is
-- the host's own copy and does not change.
local holds = setmetatable({}, { __mode = "k" })
local function fast_phase(ph)
  local h = holds[ph]
  if h == nil then
    h = ph.playout ~= nil and tricks.batch_holds(ph)
    holds[ph] = h
  end
  return h
end

local function random_playout(g, rng, limit, card_play, judge)
  local first, fast = g.nact, g.state.quiet and not g.checking
  local stop = first + limit
  g.picked = nil
  while g.ph and g.nact < stop do
    local ph = g.ph
    if card_play and not (ph.cards or ph.trick) then break end
    if not (fast and fast_phase(ph) and batch(g, ph, rng, stop)) then
      advance(g, ph, g.mover_seat, draw(g, rng, judge), true)
    end
  end
  return g.nact - first
end

-- Plays uniformly random legal actions until the game ends (or 'limit'
-- actions), all in one protected call: the batch path of simulations.
-- Returns the number of actions played. 'card_play': stop before a phase
-- that is neither a card phase nor a trick's. 'judge' (host code, the
-- search's futures): function(g, a) -> 1 (take it when offered), 0
-- (chance) or -1 (draw another) for an action table of a list (a
-- declaration beside the cards); see judged.
function G:playout(rng, limit, card_play, judge)
  if self.aborted then error(self.aborted, 0) end
  local ok, n = call(random_playout, self, rng, limit or 100000, card_play, judge)
  if not ok then
    local rok, rerr = pcall(rebuild, self, self.nact)
    if not rok then self.aborted = n; self.abort_cause = rerr end
    error(n, 0)
  end
  return n
end

-- The current position as data (talon.host.position): game.new(def,
-- {position = g:position()}) continues exactly as this game would. It
-- walks the game's state, under the budget (the methods below).
function G:position()
  if self.aborted then error(self.aborted, 0) end
  if not self.ph then error("the game is over: a position needs a phase", 2) end
  return require("talon.host.position").of(self)
end

-- Takes back the last n actions (default 1).
function G:undo(n)
  n = n or 1
  if self.nact < n then return false end
  rebuild(self, self.nact - n)
  return true
end

G.why, G.explain, G.events = why.why, why.explain, why.events

function G:view(seat) return require("talon.host.view").of(self, seat) end
function G:record() return require("talon.host.record").write(self) end

-- The methods that run hooks or read the game's state (which game code may
-- have filled with anything) each run as one call charged to the game's
-- meter: its total budget, and the per-call one for every state walk. One
-- called inside another charged call (a view asks for the legal actions)
-- runs in that call (sandbox.method, vm/lua/sandbox_charge.c).
-- (g:play and g:try need no wrapper: they take their own copy of the
-- action, and charge the meter for the one call that plays it.)
for _, name in ipairs { "legal", "why", "explain", "view", "events", "playout", "undo",
                        "record", "position", "hand", "sides", "private" } do
  G[name] = sandbox.method(G[name])
end

-- A card of the current legal Hand needs no walk to be found legal (the
-- path of a bot's answer, checked before it is played).
local why_walk = G.why
function G:why(x)
  local h = self.legal_h
  if h and not self.aborted and in_hand(self, h, x) then return nil end
  return why_walk(self, x)
end

return running
