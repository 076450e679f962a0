-- talon.host.flow: the course of a running game (talon.host.running)
-- between its actions: entering phases (their `enter` hooks may move on),
-- starting a hand (the framework's reset, the shuffle, the game's deal),
-- finishing one (its score, the statistics and checks, the match's end or
-- the next dealer), and starting the match (setup, given scores, or a
-- position). Everything here runs inside the running game's one protected
-- call, as part of the action (or the game.new) that caused it.
-- Workload: a simulation's hands of a running match pass here once per
-- hand, between the tricks the C batch plays.
local state = require "talon.host.state"
local deal = require "talon.deal"
local score = require "talon.score"
local measure = require "talon.host.measure"
local scorewatch = require "talon.host.scorewatch"
local talon = require "talon"
local plain = require("talon.host.sandbox").plain

local flow = {}

-- Score checking (params.checking): talon.host.scorewatch.
local snapshot, scores_moved = scorewatch.snapshot, scorewatch.moved

local begin_hand

-- A count of hands as "%d" writes it, kept for the counts a match
-- usually has: string.format goes through the C library (some 2,500
-- machine instructions), at the end of every simulated match.
local COUNT_TEXT = {}
local function count_text(k)
  local t = COUNT_TEXT[k]
  if not t then
    t = ("%d"):format(k)
    if k <= 1000 then COUNT_TEXT[k] = t end
  end
  return t
end

-- The hand's points 'points' (the score hook's change) with the credits
-- made at once during the hand (score.add_now's st.hand_credits: a meld),
-- read raw: the field is the framework's, and game code that put
-- something else there gets an error naming it.
local function add_credits(g, points, credits)
  g.state.hand_credits = nil
  local bad = type(credits) ~= "table" and ("a " .. type(credits)) or nil
  if not bad then
    for side, v in next, credits do
      if type(points[side]) ~= "number" or type(v) ~= "number" then
        local key = type(side) == "number" and tostring(side) or ("a " .. type(side))
        bad = ("a %s for side %s"):format(type(v), key)
        break
      end
      points[side] = points[side] + v
    end
  end
  if bad then
    error(("%s: st.hand_credits is the framework's (score.add_now's credits by side),"
      .. " but holds %s"):format(g.where, bad), 0)
  end
end

-- The match's result as the host keeps it (g:result(); front ends print
-- it outside the game's budget): a plain copy (talon.host.sandbox.plain)
-- of what the game's match_over returned, which must carry its text.
local function result_of(g, res)
  local r = plain(res)
  if type(r) ~= "table" or type(r.text) ~= "string" then
    local got = type(r) == "table" and "a table without one"
      or type(res) == "table" and "a table with a metatable of its own (a result is plain data)"
      or type(res)
    error(("%s: match_over must return nil or a result table with a text (a string), got %s")
      :format(g.where, got), 0)
  end
  return r
end

local function finish_hand(g)
  local st, def = g.state, g.def
  if g.checking then scores_moved(g, "phase " .. tostring(st.phase)) end
  local before = { table.unpack(st.scores) }
  def.score(st)
  local scores = st.scores
  for i = 1, #before do -- as ipairs would: up to the first nil
    local v = before[i]
    if v == nil then break end
    -- a whole number, as score.add keeps it (set by other means too); what
    -- a hand brought (g:hand_points) is printed outside the budget
    local s = scores[i]
    if math.type(s) ~= "integer" then
      local n = type(s) == "number" and math.tointeger(s)
      if not n then
        error(("%s: side %d's score is %s after the score hook, not a whole number")
          :format(g.where, i, type(s) == "number" and tostring(s) or "a " .. type(s)), 0)
      end
      scores[i], s = n, n
    end
    before[i] = s - v
  end
  local credits = st.hand_credits
  if credits ~= nil then add_credits(g, before, credits) end
  g.per_hand[#g.per_hand + 1] = before
  if g.stat_hands then measure.hand(g, st) end
  if g.checking then
    snapshot(g)
    -- the declared card points and the game's own invariants for the hand
    -- just scored, before the next hand resets the per-hand state;
    -- talon.host.invariants reports the first
    g.hand_violation = g.hand_violation
      or require("talon.host.invariants").after_hand(def, st, g)
  end
  state.end_hand(st)
  g.hands_done = g.hands_done + 1
  local res = (def.match_over or score.target_result)(st)
  local limit = g.params.hands
  if res or (limit and g.hands_done >= limit) then
    if not res then
      res = { scores = { table.unpack(st.scores) },
              text = "after " .. count_text(g.hands_done) .. " hand(s): " .. score.text(st.scores) }
    end
    res = result_of(g, res)
    if g.stat_hands then measure.match(g, st) end
    g.res, g.ph, g.mover_seat, st.phase, g.phase_name = res, nil, nil, nil, nil
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
    st.phase, g.ph, g.phase_name = name, ph, name
    local nxt = ph.enter and ph.enter(st)
    if nxt == nil or nxt == name then break end
    name = nxt
  end
  g.mover_seat = g.ph.mover(g.state)
end

flow.goto_phase = goto_phase

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

-- Per table size, the seats 1..n as keys: the check of a playout's seats
-- is one lookup (host tables, never handed to game code).
local SEATS = setmetatable({}, { __index = function(t, n)
  local ok = {}
  for s = 1, n do ok[s] = true end
  t[n] = ok
  return ok
end })

-- A game started from params.position (talon.host.position): the state
-- filled from it, the phase resumed where it stood.
local function start_at(g, st)
  local position = require "talon.host.position"
  state.new_hand(st, nil)
  position.restore(g, g.params.position, require "talon.host.invariants")
  if g.checking then snapshot(g) end
  st:log("position", nil, "the game starts from a position: hand %d, phase %s, %s to move",
    st.hand_no, st.phase, st.names[g.mover_seat])
end

function flow.start(g)
  local st = state.new(g.def, g.opts, talon.rng(g.seed), g.params.quiet, g.deck, g.default_opts)
  g.state, g.deck, g.seat_ok = st, st.deck, SEATS[st.n]
  if g.params.position then
    if g.params.deal or g.params.scores then
      error(("%s: a game starts from a position or from a deal and scores, not both")
        :format(g.where), 0)
    end
    return start_at(g, st)
  end
  if g.params.scores then start_scores(g, st) end
  if g.checking then snapshot(g) end
  st.given = g.params.deal
  if g.def.setup then g.def.setup(st) end
  begin_hand(g, g.params.deal)
  if g.checking then scores_moved(g, "setup or the first deal") end
end

return flow
