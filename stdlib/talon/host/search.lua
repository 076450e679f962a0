-- talon.host.search: a player that knows nothing but the rules.
--
-- Determinised Monte Carlo: for a decision of one seat, deal the cards it
-- cannot see uniformly among the deals consistent with what it knows
-- (talon.host.knowledge, talon.host.sample), try each legal action in
-- that world and play the rest of the hand out at random on the fast
-- quiet path (g:playout; talon.host.policy: bids at the smallest raise
-- before card play, and only some of a long scale of bids tried), and
-- average what the hand brought the seat's side against the others over
-- many deals. Every action of one deal is
-- tried in the same world with the same random future (common random
-- numbers: the differences are less noisy than the values), and when
-- there are many actions, sequential halving spends the budget on the
-- better half, round after round. Nothing here knows a game: the rules
-- are the definition's hooks, the hidden cards its visibility
-- declaration, the value its scores.
--
-- The value of a future is the change of the seat's side's score in the
-- hand less the mean change of the other sides', turned round for games
-- whose lowest score wins (found once per game and options from random
-- matches: search.direction).
local fork = require "talon.host.fork"
local sample = require "talon.host.sample"
local policy = require "talon.host.policy"
local tree = require "talon.host.tree"
local value = require "talon.host.value"
local sandbox = require "talon.host.sandbox"
local talon = require "talon"
local actions_of = require "talon.actions"

local search = {}

local clock = talon.sandbox.clock

-- ===== which way the scores go

local directions = setmetatable({}, { __mode = "k" })

local function options_key(opts)
  local keys = {}
  for k in pairs(opts) do keys[#keys + 1] = k end
  table.sort(keys)
  for i, k in ipairs(keys) do keys[i] = k .. "=" .. tostring(opts[k]) end
  return table.concat(keys, ";")
end

-- The options of 'opts' (resolved) that 'def' declares: resolved options
-- also name the number of players, which a game without a `players`
-- option refuses when given back.
local function declared(def, opts)
  local out, decl = {}, def.options or {}
  for k, v in pairs(opts) do
    if decl[k] ~= nil then out[k] = v end
  end
  return out
end

-- +1 when the winners of a match have the highest scores, -1 when the
-- lowest (penalty points): the vote of up to 24 random matches of 'def'
-- with options 'opts' (resolved); +1 when none ends.
function search.direction(def, opts)
  local per = directions[def] or {}
  directions[def] = per
  local key = options_key(opts)
  if per[key] then return per[key] end
  local running = require "talon.host.running"
  local votes = 0
  local ok = sandbox.call(function()
    for seed = 1, 24 do
      local g = running.new(def, { options = declared(def, opts), seed = seed, quiet = true })
      local rng = talon.rng(seed)
      local left = 20000
      while not g:over() and left > 0 do left = left - g:playout(rng, 2000) end
      local res = g:result()
      if res and res.winner then
        local sc, others, n = g:scores(), 0, 0
        local own = sc[res.winner]
        for side, v in ipairs(sc) do
          if side ~= res.winner then others, n = others + v, n + 1 end
        end
        if n > 0 then
          local mean = others / n
          if own > mean then votes = votes + 1 elseif own < mean then votes = votes - 1 end
        end
      end
    end
  end)
  local dir = (ok and votes < 0) and -1 or 1
  per[key] = dir
  return dir
end

-- ===== one decision

-- Plays the seat's action i in world 'w'. The world shows the seat what
-- the game shows it, so its legal actions are the game's, in the same
-- order: the world's own i-th action is played without a second check
-- (a set of cards compared by its text costs more than the future).
local function play_in(w, job, i)
  local a = job.actions[i]
  if w.ph.cards then return w:play(a) end
  local list = w:legal()
  if #list ~= #job.actions then
    error(("search: the sampled world offers %d actions, the game %d: the game's legal hook"
      .. " reads cards the seat cannot see"):format(#list, #job.actions), 0)
  end
  local b = list[i]
  w.picked = b -- running's mark of an action known to be legal
  return w:play(b)
end

-- The change of world 'w' for every side since snapshot 's0': value,
-- tricks and card points (talon.host.value.change).
local function values(w, s0, dir)
  return value.change(w.state, s0, dir)
end

-- Counts future 'w' of action i, over at once, when it ended the match
-- with the seat's side the winner.
local function won_at_once(job, w, i)
  local res = w:result() -- the game's own table, read raw
  if type(res) == "table" and rawget(res, "winner") == job.side then
    job.won[i] = job.won[i] + 1
  end
end

-- One deal tried with every candidate action: adds to sum, sq and n.
-- Runs as one call charged to the search's meter.
local function try_deal(job, cand)
  local plan, rng = job.plan, job.rng
  local deal = sample.deal(plan, rng)
  local world = sample.world(plan, deal, job.base)
  local future = rng:int(1, 1 << 40)
  policy.world(job.look)
  -- the mover's legal actions found once in the world: its futures keep them
  if world.ph.cards then world:legal_hand() else world:legal() end
  for j, i in ipairs(cand) do
    local w = j < #cand and fork.again(world) or world
    play_in(w, job, i)
    if w:over() then
      won_at_once(job, w, i)
    else
      policy.rollout(w, talon.rng(future), job.model, job.look)
    end
    local v, a, b = value.change_of(w.state, job.before, job.dir, job.side)
    job.sum[i], job.sq[i], job.n[i] = job.sum[i] + v, job.sq[i] + v * v, job.n[i] + 1
    job.fa[i], job.fb[i] = job.fa[i] + a, job.fb[i] + b
    value.add(job.fit, v, a, b)
    job.playouts = job.playouts + 1
  end
  job.deals = job.deals + 1
end

-- Action i's mean value blended with the value its mean tricks and card
-- points predict (talon.host.value).
local function mean(job, i)
  local n = job.n[i]
  if n == 0 then return -math.huge end
  if job.tree then return job.sum[i] / n end -- the tree's values are blended as they come
  return value.blend(job.fit, job.sum[i] / n, job.fa[i] / n, job.fb[i] / n)
end

-- The better half of the candidates (rounded up), by estimate.
local function halve(job, cand)
  table.sort(cand, function(a, b)
    local ma, mb = mean(job, a), mean(job, b)
    if ma ~= mb then return ma > mb end
    return a < b
  end)
  local keep, has = {}, false
  for i = 1, (#cand + 1) // 2 do
    keep[i] = cand[i]
    has = has or cand[i] == job.keep
  end
  -- the action a review asks about stays in to the end
  if job.keep and not has and #keep > 1 then keep[#keep + 1] = job.keep end
  return keep
end

-- Is round r of 'rounds' over (it began at 'start' futures)? Each round
-- has its share of the budget, and at least one deal.
local function round_over(job, r, rounds, start)
  if job.ms then return clock() - job.t0 >= job.ms * r / rounds end
  return job.playouts - start >= job.budget // rounds
end

-- One call of f(job, ...) charged to the search's meter.
local function walk(job, f, ...)
  local ok, err = sandbox.walk(job.meter, f, job, ...)
  if not ok then error(err, 0) end
end

-- Whether the budget is spent.
local function spent(job)
  if job.ms then return clock() - job.t0 >= job.ms end
  return job.playouts >= job.budget
end

-- ===== how the followers of a future play
--
-- Futures in which every follower plays at random judge a card by what
-- careless players would do next. The followers of a future play by the
-- engine's rule of thumb instead (the `policy` of t:play_tricks): where
-- taking tricks pays, take the trick as cheaply as possible, let a
-- partner's winning card stand, else throw the lowest; where tricks cost
-- (Hearts), duck under the winning card with the highest card that does
-- not beat it. Which of the two is seen, not assumed: the covariance of a
-- side's tricks and its value in random hands of the game.

local pays = setmetatable({}, { __mode = "k" })

-- Whether taking tricks pays in 'def' with options 'opts' (resolved): +1
-- when the covariance of a side's tricks and its value over the first
-- hands of 96 random games is positive, -1 when negative, 0 when the
-- probe could not tell (fixed seeds: the answer does not depend on what
-- was searched before). Found once per game and options.
function search.tricks_pay(def, opts)
  local per = pays[def] or {}
  pays[def] = per
  local key = options_key(opts)
  if per[key] ~= nil then return per[key] end
  local running = require "talon.host.running"
  local f = value.fit()
  local dir = search.direction(def, opts)
  local ok = sandbox.call(function()
    for seed = 1, 96 do
      local g = running.new(def, { options = declared(def, opts), seed = seed, quiet = true })
      local w = fork.of(g, sandbox.meter("search probe"), true)
      local s0 = value.snapshot(w.state)
      policy.rollout(w, talon.rng(seed))
      local vs, as = value.change(w.state, s0, dir)
      local side = 1 + seed % #vs
      value.add(f, vs[side], as[side], 0)
    end
  end)
  local cov = ok and f.n > 1 and f.av - f.a * f.v / f.n or 0
  local sign = cov > 0 and 1 or cov < 0 and -1 or 0
  per[key] = sign
  return sign
end

-- Sets the followers' policy of the job's futures (job.base's state,
-- shared by every world forked from it).
local function tune_followers(job)
  local sign = search.tricks_pay(job.base.def, job.base.opts)
  job.base.state.playout_policy = { percent = sign ~= 0 and 100 or 0, duck = sign < 0,
                                    sides = { table.unpack(job.base.state.side_of) } }
end

-- Sequential halving over the candidates: each round shares its part of
-- the budget out in deals that try every candidate still in, then keeps
-- the better half, until two are left for the last round (one round for
-- all when the budget is to be spent evenly); or, with job.tree, the
-- information-set tree search (talon.host.tree).
local function run(job)
  local cand = policy.candidates(job.actions)
  tune_followers(job)
  if job.keep then
    local has = false
    for _, i in ipairs(cand) do has = has or i == job.keep end
    if not has then cand[#cand + 1] = job.keep end
  end
  if job.tree then
    job.cand, job.play_in, job.values, job.won_at_once = cand, play_in, values, won_at_once
    tree.run(job, walk, spent)
  else
    local rounds = 1
    while not job.even and (1 << rounds) < #cand do rounds = rounds + 1 end
    for r = 1, rounds do
      local start = job.playouts
      repeat walk(job, try_deal, cand) until round_over(job, r, rounds, start)
      if r < rounds then cand = halve(job, cand) end
    end
    job.best = halve(job, cand)[1]
  end
  -- an action that ended the match at once with the seat's side the
  -- winner, in every future it was tried in, is taken: no points a
  -- future brings are worth more (a right declaration of out, BES-R10)
  for i = 1, #job.actions do
    if job.n[i] > 0 and job.won[i] == job.n[i] then
      job.best, job.wins = i, i
      break
    end
  end
end

-- Where action 'a' of a legal list is remembered, and under which key:
-- a card (or another plain value) by itself; a table's verb and scalar
-- argument (read raw, with no text built: an argument may be a long text
-- shared by many actions); else by its text (a set of cards, a small one).
local NOARG = {}
local function slot_of(a, seen)
  if actions_of.is_card(a) or type(a) ~= "table" then return seen.values, a end
  local verb, arg = rawget(a, "verb"), rawget(a, "arg")
  local ta = type(arg)
  if type(verb) == "string" and rawget(a, "extra") == nil
      and (ta == "nil" or ta == "string" or ta == "number" or ta == "boolean") then
    local per = seen.verbs[verb]
    if not per then
      per = {}
      seen.verbs[verb] = per
    end
    return per, arg == nil and NOARG or arg
  end
  return seen.texts, actions_of.text(a)
end

-- The decisions of legal list 'list', each once, in order (at most
-- 'limit' of them, default all): two copies of one card (Hosgin's,
-- Besigue's packs) are one choice, and a search that counted them twice
-- would share its futures among duplicates.
function search.distinct(list, limit)
  local out, seen = {}, { values = {}, verbs = {}, texts = {} }
  limit = limit or math.huge
  for _, a in ipairs(list) do
    local set, key = slot_of(a, seen)
    if key ~= key then key = "nan" end -- a NaN cannot be a key
    if not set[key] then
      set[key] = true
      out[#out + 1] = a
      if #out >= limit then break end
    end
  end
  return out
end

-- The search's estimates for the mover 'seat' of running game 'g'
-- (tracker: a talon.host.knowledge tracker of that seat, brought up to
-- date here). 'opts': playouts (a budget of played-out futures, default
-- 1000) or ms (a budget of milliseconds), rng (a talon.Rng: the same
-- generator state gives the same answer under a playout budget), meter
-- (what the game's hooks are charged to), keep (the index of an action
-- that stays in every round: the one a review asks about), even (true:
-- every action gets the same number of futures, for a table of
-- estimates that can be compared; else sequential halving). Returns { actions =, mean =,
-- sd =, n =, best = index, deals =, playouts = }: per legal action its
-- mean value, the standard deviation of one future, and the futures
-- tried; best is the action chosen (the last of the halving, which may
-- trail one left out early on fewer futures); actions keep the order of
-- g:legal(), each decision once (search.distinct).
function search.estimate(g, seat, tracker, opts)
  opts = opts or {}
  local actions = search.distinct(g:legal())
  local job = {
    actions = actions, seat = seat, rng = opts.rng or talon.rng(1),
    budget = not opts.ms and (opts.playouts or 1000) or nil, ms = opts.ms, t0 = clock(),
    sum = {}, sq = {}, n = {}, fa = {}, fb = {}, won = {}, fit = value.fit(), playouts = 0,
    deals = 0,
    best = 1, keep = opts.keep, even = opts.even, tree = opts.tree, model = opts.model,
  }
  for i = 1, #actions do
    job.sum[i], job.sq[i], job.n[i], job.fa[i], job.fb[i], job.won[i] = 0, 0, 0, 0, 0, 0
  end
  if #actions > 1 then
    tracker:update()
    local meter = opts.meter or sandbox.meter("search")
    job.meter = meter
    local ok, err = sandbox.walk(meter, function()
      job.plan = sample.plan(g, tracker:now())
      job.base = fork.of(g, meter, true)
      job.before = value.snapshot(g.state)
      job.side = g.state.side_of[seat]
      job.dir = search.direction(g.def, g.opts)
      job.look = policy.look(job.dir)
    end)
    if not ok then error(err, 0) end
    run(job) -- a call per deal: a long search is many short calls
  end
  local out = { actions = actions, mean = {}, sd = {}, n = job.n, best = job.best,
                wins = job.wins, deals = job.deals, playouts = job.playouts }
  for i = 1, #actions do
    local n = job.n[i]
    out.mean[i] = n > 0 and mean(job, i) or nil
    out.sd[i] = n > 1 and math.sqrt(math.max(0, (job.sq[i] - job.sum[i] ^ 2 / n) / (n - 1)))
      or nil
  end
  return out
end

return search
