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

-- One step of a future outside card play: the model's choice when one is
-- given and it answers with a legal action (g:try checks it once), else a
-- verb at random among those offered (in the order they first appear),
-- then its lowest value on a scale, or one of its actions at random.
local function step(g, rng, model)
  local chosen = model and model(g, rng)
  if chosen ~= nil and g:try(chosen) then return end
  local list = g:legal()
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
-- rule-of-thumb bot, for `--bots search:N+rule`).
function policy.rollout(g, rng, model)
  while not g:over() do
    local ph = g.ph
    if ph.cards or ph.trick then
      g:playout(rng)
      return
    end
    step(g, rng, model)
  end
end

return policy
