-- talon.host.tree: information-set Monte Carlo tree search over sampled
-- worlds (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).
--
-- Flat Monte Carlo judges an action by random futures, in which every
-- seat plays at random to the end of the hand: with long hands (Hokm for
-- two, thirteen tricks to come) a random future says little about what a
-- careful opponent would do. The tree learns the replies instead: one
-- tree of action sequences from the decision, shared by every world;
-- each iteration deals a world, walks down the tree choosing, for
-- whichever seat is to move, among the actions legal in that world by
-- UCB (counting how often each was available, since another world
-- offers other actions), adds one node, plays the rest of the hand out
-- at random on the fast path, and adds the future's value for each
-- node's mover. The root's most visited action is played.
--
-- The job (talon.host.search) carries the plan, the base fork, the root
-- actions and the functions that play a root action in a world and give
-- a future's value for every side.
local sample = require "talon.host.sample"
local policy = require "talon.host.policy"
local value = require "talon.host.value"
local actions = require "talon.actions"
local talon = require "talon"

local tree = {}

local C = 0.7 -- exploration, in standard deviations of a future's value

local function node()
  return { n = 0, sum = 0, sq = 0, kids = {}, avail = {} }
end

-- The key of an action in a node: a card is itself, an action its text.
local function key_of(a)
  if actions.is_card(a) then return a end
  return actions.text(a)
end

-- The legal actions of world 'w' now that the tree tries: cards, or the
-- phase's list with a long scale of bids thinned (talon.host.policy).
local function legal_of(w)
  if w.ph.cards then return w:legal_hand():cards() end
  local list = w:legal()
  local keep = policy.candidates(list)
  if #keep == #list then return list end
  local out = {}
  for j, i in ipairs(keep) do out[j] = list[i] end
  return out
end

-- Plays 'a', one of w's own legal actions.
local function play(w, a)
  if not actions.is_card(a) then w.picked = a end -- running's mark: known legal
  w:play(a)
end

-- The child to walk into from 'nd' among 'list' (legal in this world):
-- an action never tried first (at random), else the best by UCB.
local function choose(job, nd, list)
  local fresh, best, best_u = nil, nil, -math.huge
  local nfresh = 0
  local scale = job.scale
  for i, a in ipairs(list) do
    local k = key_of(a)
    local av = (nd.avail[k] or 0) + 1
    nd.avail[k] = av
    local kid = nd.kids[k]
    if not kid then
      nfresh = nfresh + 1
      if job.rng:int(1, nfresh) == 1 then fresh = i end -- reservoir: uniform
    elseif not fresh then
      local u = kid.sum / kid.n + C * scale * math.sqrt(math.log(av) / kid.n)
      if u > best_u then best, best_u = i, u end
    end
  end
  if fresh then
    local k = key_of(list[fresh])
    local kid = node()
    nd.kids[k] = kid
    return fresh, kid, true
  end
  return best, nd.kids[key_of(list[best])], false
end

-- One iteration: a world, a walk down, a node added, a future, the values
-- back up. Runs as one call charged to the search's meter.
local function iterate(job, root)
  local world = sample.world(job.plan, sample.deal(job.plan, job.rng), job.base)
  local path, sides = {}, {}
  local nd = root
  local w = world
  -- the root: the seat's own actions, as the game lists them
  local i, kid, new = choose(job, nd, job.cand_actions)
  job.play_in(w, job, job.cand[i])
  if w:over() then job.won_at_once(job, w, job.cand[i]) end
  path[1], sides[1] = kid, w.state.side_of[job.seat]
  nd = kid
  while not new and not w:over() do
    local mover = w:mover()
    local list = legal_of(w)
    i, kid, new = choose(job, nd, list)
    play(w, list[i])
    path[#path + 1], sides[#sides + 1] = kid, w.state.side_of[mover]
    nd = kid
  end
  if not w:over() then
    policy.world(job.look)
    policy.rollout(w, talon.rng(job.rng:int(1, 1 << 40)), job.model, job.look)
  end
  local vs, as, bs = job.values(w, job.before, job.dir)
  local root_side = sides[1]
  value.add(job.fit, vs[root_side], as[root_side], bs[root_side])
  if job.fit.n % 16 == 0 then job.sa, job.sb = value.slopes(job.fit) end
  -- each future's value blended with what its tricks and card points
  -- predict (talon.host.value), with the slopes fitted so far
  local B, sa, sb = value.BLEND, job.sa, job.sb
  local v = {}
  for side, x in ipairs(vs) do v[side] = (1 - B) * x + B * (sa * as[side] + sb * bs[side]) end
  for j, p in ipairs(path) do
    local x = v[sides[j]]
    p.n, p.sum, p.sq = p.n + 1, p.sum + x, p.sq + x * x
  end
  -- the spread of a future's value, which scales the exploration
  local mine = v[sides[1]]
  job.vn, job.vs, job.vq = job.vn + 1, job.vs + mine, job.vq + mine * mine
  if job.vn >= 10 then
    local var = (job.vq - job.vs ^ 2 / job.vn) / (job.vn - 1)
    job.scale = math.max(math.sqrt(math.max(var, 0)), 1e-3)
  end
  job.playouts, job.deals = job.playouts + 1, job.deals + 1
end

-- Runs the search on 'job' until its budget is spent (walk(job, f, ...)
-- makes one charged call); fills job.sum, job.n (per root action index)
-- and job.best.
function tree.run(job, walk, spent)
  local root = node()
  job.cand_actions = {}
  for j, i in ipairs(job.cand) do job.cand_actions[j] = job.actions[i] end
  job.scale, job.vn, job.vs, job.vq = 1, 0, 0, 0
  job.sa, job.sb = 0, 0
  repeat walk(job, iterate, root) until spent(job)
  local best, most = job.cand[1], -1
  for j, i in ipairs(job.cand) do
    local kid = root.kids[key_of(job.cand_actions[j])]
    if kid then
      job.n[i], job.sum[i], job.sq[i] = kid.n, kid.sum, kid.sq
      if kid.n > most then best, most = i, kid.n end
    end
  end
  job.best = best
end

return tree
