-- talon.host.policy: which actions the search tries, and how its futures
-- are played, from the grammar of actions alone (docs/search.md).
--
-- Most decisions offer a handful of actions and most of a hand is card
-- play, which the futures play uniformly at random on the fast quiet path
-- (g:playout). Bids are the exception: an auction lists every bid up to a
-- limit (Hosgin: pass and some 450 bids), too many to try one by one, and
-- random bidders raise to absurd heights, so every future would be an
-- overbid contract lost. Knowing nothing of any game, the policy reads
-- only the action grammar: a verb whose argument is an integer is a
-- scale. At the root the search tries the lowest few values of a scale
-- and then values spread out geometrically; in the futures, before the
-- card play begins, a seat tries its hand (below) and otherwise picks a
-- verb at random and, on a scale, its lowest value (the smallest raise).
local fork = require "talon.host.fork"
local value = require "talon.host.value"

local policy = {}

local function int_verb(a)
  return type(a) == "table" and math.type(a.arg) == "integer" and a.verb or nil
end

-- Whether action 'a' is a value of a scale (a verb with an integer
-- argument: a bid).
function policy.on_scale(a)
  return int_verb(a) ~= nil
end

-- The offsets kept on a scale: the lowest values one by one, then
-- doubling gaps (0 1 2 3 4 6 8 12 16 24 32 …).
local function kept(offset)
  if offset <= 4 then return true end
  local p = 1
  while p * 4 <= offset do p = p * 2 end
  return offset % p == 0
end

-- The indices of 'actions' the search tries: all of them but the values
-- of a scale (a verb with integer arguments, in the list's order) beyond
-- the first few, of which a geometric spread remains.
function policy.candidates(actions)
  local out, seen = {}, {}
  for i, a in ipairs(actions) do
    local verb = int_verb(a)
    if not verb then
      out[#out + 1] = i
    else
      local k = seen[verb] or 0
      seen[verb] = k + 1
      if kept(k) then out[#out + 1] = i end
    end
  end
  return out
end

-- ===== a look one action ahead where an action ends the future
--
-- Choices made at random outside card play make careless futures: after
-- Bura's last trick any seat may claim 31, and a future in which a seat
-- claims with 20 card points (a wrong claim doubles the pot) or passes
-- with 40 says little about the cards that led there. Knowing no game, a
-- seat of a future can still see that an action ends the future at once
-- (the hand is over) and what that brings its side against the others:
-- it takes such an action when it gains, and leaves it when it does not
-- while another action goes on. Lists of up to LOOK actions are looked
-- at, and a phase only while its actions have been seen to end futures:
-- after PROBE looks in which none did, that phase is not looked at again
-- in this search ('look': { dir =, phases = {} }, one per search).
local LOOK, PROBE = 4, 8

-- The action of 'list' to play in future 'g'; else nil and the actions
-- left to choose from (nil: all of them).
local function look_ahead(g, list, look)
  if #list < 2 or #list > LOOK then return nil end
  local st = g.state
  local m = look.phases[st.phase]
  if not m then
    m = { looks = 0, ends = 0 }
    look.phases[st.phase] = m
  end
  if m.ends == 0 and m.looks >= PROBE then return nil end
  m.looks = m.looks + 1
  local s0, side = value.snapshot(st), st.side_of[g.mover_seat]
  local best, best_v, going = nil, -math.huge, {}
  for _, a in ipairs(list) do
    -- fork.of, not fork.again: the future's state has grown keys since
    -- its world's plan of a copy was made (a phase's own fields)
    local c = fork.of(g, g.meter, true)
    c.picked = a -- one of the game's own legal actions at this point
    c:play(a)
    if c:over() then
      m.ends = m.ends + 1
      local v = value.change_of(c.state, s0, look.dir, side)
      if v > best_v then best, best_v = a, v end
    else
      going[#going + 1] = a
    end
  end
  if best and (best_v > 0 or #going == 0) then return best end
  return nil, best and going or nil
end

-- ===== declarations beside the cards
--
-- A phase of card play may list other actions beside the cards: at
-- Besigue's lead a meld, a trump seven shown, or out (BES-R8 … BES-R10).
-- Drawn at random with the cards, a declaration is made at about one
-- lead in ten of every future: a wrong out, which forfeits the deal's
-- melds, spoilt most futures, and melds made one time in ten left little
-- worth in the cards that make them or the tricks that open a meld
-- opportunity. Knowing no game, the first time a seat of a search's
-- futures meets a verb beside the cards in a phase, it tries it once in a
-- fork: one that brings its side more than the others at once (a meld)
-- it takes whenever offered; one that neither ends the hand nor gains (a
-- wrong out) it draws no more; one that ends the hand (a claim) stays
-- with chance.
local function try_beside(g, a, dir)
  local st = g.state
  local side, s0 = st.side_of[g.mover_seat], value.snapshot(st)
  local c = fork.of(g, g.meter, true)
  c.picked = a -- one of the game's own legal actions at this point
  c:play(a)
  if c:over() then return 0 end
  return (value.change_of(c.state, s0, dir, side)) > 0 and 1 or -1
end

-- t[k], made an empty table the first time.
local function sub(t, k)
  local s = t[k]
  if not s then
    s = {}
    t[k] = s
  end
  return s
end

-- The 'judge' of g:playout for one search whose values run in 'dir':
-- what each seat found of each verb in each phase, tried once.
local function judge_of(dir)
  local memo = {}
  return function(g, a)
    local m = sub(sub(memo, g.mover_seat), g.state.phase)
    local v = m[a.verb]
    if v == nil then
      v = try_beside(g, a, dir)
      m[a.verb] = v
    end
    return v
  end
end

-- ===== a seat of a future tries its hand
--
-- Random choices before card play make careless futures: random bidders
-- raise past what their hands make, and a declarer who names a trump at
-- random plays a hand nobody would. Knowing no game, a seat of a future
-- can still try its hand, in forks played out by the policy (whose own
-- forks try nothing):
-- - on a scale that is offered with another action (a bid beside a
--   pass), the first time, it probes: it takes the lowest value and
--   every other seat keeps off the scale while it lasts. What the probe
--   brought its side in points is the most it stakes on that scale: it
--   raises by the smallest step while the lowest value is below it, and
--   keeps off the scale once it is not;
-- - among a few other actions (up to LOOK) none of which ends the hand
--   at once, such as the trump to name, it plays each once and takes the
--   one whose fork went best for its side (not in a phase that a seat
--   meets more than once a hand: that is a sequence of choices).
-- A seat's stake and choices are made once per world of the search and
-- kept in all its futures (policy.world), so that the actions tried at
-- the root meet the same players, at a fraction of the cost.
local rollout -- policy.rollout, below

-- The lowest value of a scale in 'list' and its first action off the
-- scale; nil when it has no scale or nothing else.
local function split_scale(list)
  local low, off
  for _, a in ipairs(list) do
    if int_verb(a) then
      if not low or a.arg < low.arg then low = a end
    elseif not off then
      off = a
    end
  end
  if low and off then return low, off end
  return nil
end

-- What action 'a' of future 'g', played out in a fork with look 'fl',
-- brings the side of the seat to move: its points (or, with 'in_tricks',
-- the tricks it took) and its value against the others.
local function try_one(g, rng, a, fl, in_tricks)
  local st = g.state
  local side = st.side_of[g.mover_seat]
  local s0 = value.snapshot(st)
  local c = fork.of(g, g.meter, true)
  c.picked = a -- one of the game's own legal actions at this point
  c:play(a)
  rollout(c, rng, nil, fl)
  local gain = in_tricks and value.snapshot(c.state).tricks[side] - s0.tricks[side]
    or c.state.scores[side] - s0.score[side]
  return gain, (value.change_of(c.state, s0, fl.dir, side))
end

-- The look of the forks of a probe by 'prober' (or of a try, nil): they
-- try nothing, and only the prober goes on a scale.
local function inner(look, prober)
  return { dir = look.dir, phases = look.phases, inner = true, prober = prober,
           judge = look.judge }
end

-- The memory of 'look' for future 'g': its seats' stakes and choices,
-- shared by the futures of one world (policy.world), else its own.
local function memo_of(g, look)
  if look.world then return look.world end
  local m = look.memo[g.state]
  if not m then
    m = {}
    look.memo[g.state] = m
  end
  return m
end

-- The action to take on a scale in 'list' (nil: no scale). A scale of
-- points (a verb of type "int": Hosgin's declarer scores only what he
-- makes above his bid) is climbed while its lowest value is below what
-- the probe made; a scale of tricks (type "tricks": a contract is made
-- by taking as many) while it is not above the tricks the probe took.
local function on_scale(g, rng, list, look)
  local low, off = split_scale(list)
  if not low then return nil end
  if look.inner then return g.mover_seat == look.prober and low or off end
  local m = memo_of(g, look)
  local key = g.mover_seat .. " " .. low.verb
  local in_tricks = g.verbs[low.verb] == "tricks"
  local stake = m[key]
  if not stake then
    stake = try_one(g, rng, low, inner(look, g.mover_seat), in_tricks)
    m[key] = stake
  end
  if in_tricks then return low.arg <= stake and low or off end
  return low.arg < stake and low or off
end

-- Whether future 'g''s seat to move meets phase 'phase' again: a phase
-- met twice by a seat in one future (Hokm's draw, a card at a time) is a
-- sequence of choices, which one choice tried cannot stand for; it is
-- not tried again in this search.
local function met_again(g, look, phase)
  local seen = look.seen[g.state]
  if not seen then
    seen = {}
    look.seen[g.state] = seen
  end
  local key = g.mover_seat .. " " .. phase
  if seen[key] then return true end
  seen[key] = true
  return false
end

-- The action of 'list' (2 to LOOK actions, none on a scale) whose fork
-- went best; nil where it is not tried.
local function tried(g, rng, list, look)
  if look.inner or #list < 2 or #list > LOOK then return nil end
  local phase = g.state.phase
  local pm = look.phases[phase]
  if pm.again then return nil end
  if met_again(g, look, phase) then
    pm.again = true
    return nil
  end
  local m = memo_of(g, look)
  local key = g.mover_seat .. " " .. phase
  local i = m[key]
  if not i or i > #list then
    local best = -math.huge
    for j, a in ipairs(list) do
      if int_verb(a) then return nil end
      local _, v = try_one(g, rng, a, inner(look))
      if v > best then i, best = j, v end
    end
    m[key] = i
  end
  return list[i]
end

-- One step of a future outside card play: the model's choice when one is
-- given and it answers with a legal action (g:try checks it once); else
-- an action that ends the future with a gain (look_ahead, when 'look' is
-- given), or, among the others, a verb at random among those offered (in
-- the order they first appear), then its lowest value on a scale, or one
-- of its actions at random.
local function step(g, rng, model, look)
  local chosen = model and model(g, rng)
  if chosen ~= nil and g:try(chosen) then return end
  local list = g:legal()
  if look then
    local ahead, going = look_ahead(g, list, look)
    if ahead ~= nil then
      g.picked = ahead
      g:play(ahead)
      return
    end
    list = going or list
    local pick = on_scale(g, rng, list, look) or tried(g, rng, list, look)
    if pick ~= nil then
      g.picked = pick
      g:play(pick)
      return
    end
  end
  local verbs, by = {}, {}
  for _, a in ipairs(list) do
    local v = type(a) == "table" and a.verb or "card"
    if not by[v] then
      by[v] = {}
      verbs[#verbs + 1] = v
    end
    local l = by[v]
    l[#l + 1] = a
  end
  local l = by[verbs[rng:int(1, #verbs)]]
  local pick = l[rng:int(1, #l)]
  if int_verb(pick) then
    for _, a in ipairs(l) do
      if a.arg < pick.arg then pick = a end
    end
  end
  g.picked = pick -- one of the game's own legal actions (running's mark)
  g:play(pick)
end

-- Plays game 'g' (a fork) to its end: the phases before card play by
-- step above, then uniformly random actions on the fast path. 'model'
-- (optional): function(g, rng) -> an action (played if legal) or nil, the
-- choices outside card play of every seat (talon.cli.searchbot: a game's
-- rule-of-thumb bot, for `--bots search:N+rule`). 'look' (optional,
-- policy.look): the one-action look ahead of the choices outside card
-- play after it.
function rollout(g, rng, model, look)
  while not g:over() do
    local ph = g.ph
    if ph.cards or ph.trick then
      -- with a look ahead, card play only: the choices after it are steps
      g:playout(rng, nil, look ~= nil, look and look.judge)
      if not look then return end
    else
      step(g, rng, model, look)
    end
  end
end

policy.rollout = rollout

-- Starts the futures of a new world of the search that made 'look': its
-- seats' stakes and choices are made once and kept for all of them, so
-- that the actions tried at the root meet the same players.
function policy.world(look)
  look.world = {}
end

-- The state of the look ahead for one search whose values run in
-- direction 'dir' (+1: the highest score wins).
function policy.look(dir)
  -- memo: per future's state, its seats' stakes and choices (where no
  -- world is given); seen: per future's state, the phases each seat met
  return { dir = dir, phases = {}, memo = setmetatable({}, { __mode = "k" }),
           seen = setmetatable({}, { __mode = "k" }), judge = judge_of(dir) }
end

return policy
