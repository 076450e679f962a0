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
-- card play begins, a seat picks a verb at random and, on a scale, its
-- lowest value (the smallest raise).
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
      local v = value.change(c.state, s0, look.dir)[side]
      if v > best_v then best, best_v = a, v end
    else
      going[#going + 1] = a
    end
  end
  if best and (best_v > 0 or #going == 0) then return best end
  return nil, best and going or nil
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
function policy.rollout(g, rng, model, look)
  while not g:over() do
    local ph = g.ph
    if ph.cards or ph.trick then
      -- with a look ahead, card play only: the choices after it are steps
      g:playout(rng, nil, look ~= nil)
      if not look then return end
    else
      step(g, rng, model, look)
    end
  end
end

-- The state of the look ahead for one search whose values run in
-- direction 'dir' (+1: the highest score wins).
function policy.look(dir)
  return { dir = dir, phases = {} }
end

return policy
