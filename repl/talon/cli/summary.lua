-- talon.cli.summary: the summary of a run of `talon sim` or `talon
-- compare` (or a slice of one), as the program keeps it and as JSON.
--
-- A summary says what was run ('run': the command, the games with their
-- options, the bots, the seed, the number of matches, the hand limit),
-- which slices of the matches it holds ('shards': match k, counted from 1,
-- belongs to shard i of n when (k - 1) % n == i - 1), how many it was to
-- play and played, and per side the measures and their accumulators
-- (talon.host.stats) and the earliest bot failure (talon.cli.lab); a
-- comparison adds the pairs of the statistics both sides have. Slices of
-- one run merge into exactly the summary one process would have made
-- (summary.merge), shards and all: a complete set of shards becomes "1 of
-- 1" again.
local stats = require "talon.host.stats"
local json = require "talon.cli.json"

local summary = {}

summary.FORMAT = "talon summary 1"

-- {================================================== shards

-- The matches of 1..games in shard i of n.
function summary.planned(games, i, n)
  if i > games then return 0 end
  return (games - i) // n + 1
end

-- Shard j of 'jobs' inside shard i of n (the workers of a sharded run).
function summary.subshard(i, n, j, jobs)
  return i + n * (j - 1), n * jobs
end

local function gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local function overlap(a, b)
  return (a[1] - b[1]) % gcd(a[2], b[2]) == 0
end

local function sort_shards(list)
  table.sort(list, function(a, b)
    if a[2] ~= b[2] then return a[2] < b[2] end
    return a[1] < b[1]
  end)
  return list
end

-- Replaces every complete family (all f shards i + M*j of n = M*f) by the
-- shard of M it makes up, until none is left.
local function coarsen(list)
  local have = {}
  for _, s in ipairs(list) do have[s[1] .. "/" .. s[2]] = true end
  for _, s in ipairs(list) do
    local i, n = s[1], s[2]
    for f = 2, n do
      if n % f == 0 then
        local m = n // f
        local r = (i - 1) % m
        local all = true
        for j = 0, f - 1 do all = all and have[(r + m * j + 1) .. "/" .. n] == true end
        if all then
          local out = { { r + 1, m } }
          for _, t in ipairs(list) do
            if not (t[2] == n and (t[1] - 1) % m == r) then out[#out + 1] = t end
          end
          return coarsen(out)
        end
      end
    end
  end
  return sort_shards(list)
end

-- }==================================================

-- {================================================== making and merging

-- A new, empty summary of shard i of n of 'run' for 'sides' (from
-- talon.cli.lab: name, key, nseats, sides, bot_names, measures).
function summary.new(run, sides, i, n)
  local s = { run = run, shards = { { i, n } }, planned = summary.planned(run.games, i, n),
              matches = 0, interrupted = false, sides = {} }
  for k, side in ipairs(sides) do
    local accs = {}
    for j, m in ipairs(side.measures) do accs[j] = stats.new_acc(m.kind) end
    s.sides[k] = { name = side.name, key = side.key, players = side.nseats,
                   partners = side.sides, bots = side.bot_names, measures = side.measures,
                   accs = accs }
  end
  if #sides == 2 then s.pairs = summary.pair_slots(s) end
  return s
end

-- The pairs of a comparison: for every measure both sides have, by id,
-- { a = position in side 1, b = position in side 2, pair = sums }. One
-- measure is the same on both sides when its label is too: "side 1 wins"
-- is P1+P3's in Hokm-4 and P1's alone in Hokm-3, two different figures.
function summary.pair_slots(s)
  local at, slots = {}, {}
  for j, m in ipairs(s.sides[1].measures) do at[m.id] = j end
  for j, m in ipairs(s.sides[2].measures) do
    local a = at[m.id] and s.sides[1].measures[at[m.id]]
    if a and a.kind == m.kind and a.per == m.per and a.label == m.label then
      slots[#slots + 1] = { id = m.id, a = at[m.id], b = j, pair = stats.new_pair() }
    end
  end
  return slots
end

local function same(a, b, what)
  if json.encode(a) ~= json.encode(b) then
    error(("the summaries are of different runs (%s differ)"):format(what), 0)
  end
end

-- Keeps bot failure 'f' ({ match = k, ... } or nil) in summary side
-- 'side' when it is the earliest of the run so far, by match number: a
-- run, its slices and their merge keep the same one.
function summary.keep_failure(side, f)
  if f and not (side.first_failure and side.first_failure.match <= f.match) then
    side.first_failure = f
  end
end

-- Adds summary b into a (slices of the same run); raises a sentence when
-- they are not slices of one run or share matches.
function summary.merge(a, b)
  same(a.run, b.run, "what was run")
  for k, side in ipairs(a.sides) do
    same(side.measures, b.sides[k].measures, "the statistics")
  end
  for _, s in ipairs(b.shards) do
    for _, t in ipairs(a.shards) do
      if overlap(s, t) then
        error(("shards %d/%d and %d/%d share matches"):format(s[1], s[2], t[1], t[2]), 0)
      end
    end
  end
  local list = {}
  for _, s in ipairs(a.shards) do list[#list + 1] = s end
  for _, s in ipairs(b.shards) do list[#list + 1] = s end
  a.shards = coarsen(list)
  a.planned, a.matches = a.planned + b.planned, a.matches + b.matches
  a.interrupted = a.interrupted or b.interrupted
  for k, side in ipairs(a.sides) do
    for j, acc in ipairs(side.accs) do stats.merge_acc(acc, b.sides[k].accs[j]) end
    summary.keep_failure(side, b.sides[k].first_failure)
  end
  for j, slot in ipairs(a.pairs or {}) do stats.merge_pair(slot.pair, b.pairs[j].pair) end
  return a
end

-- }==================================================

-- {================================================== as data

-- The summary as JSON-ready data: what merge needs, then 'extra' fields
-- (figures for programs that read the JSON).
function summary.data(s, extra)
  local d = { format = summary.FORMAT, run = s.run, shards = s.shards, planned = s.planned,
              matches = s.matches, interrupted = s.interrupted, sides = {} }
  for k, side in ipairs(s.sides) do
    local sums = {}
    for j, m in ipairs(side.measures) do sums[m.id] = stats.acc_data(side.accs[j]) end
    d.sides[k] = { name = side.name, key = side.key, players = side.players,
                   partners = side.partners, bots = side.bots, measures = side.measures,
                   sums = sums, first_failure = side.first_failure }
  end
  if s.pairs then
    d.pairs = {}
    for _, slot in ipairs(s.pairs) do d.pairs[slot.id] = stats.pair_data(slot.pair) end
  end
  for k, v in pairs(extra or {}) do d[k] = v end
  return d
end

local function need(v, kind, what)
  if type(v) ~= kind then error(("%s must be a %s"):format(what, kind), 0) end
  return v
end

local function count(v, what)
  if math.type(v) ~= "integer" or v < 0 then
    error(("%s must be a whole number"):format(what), 0)
  end
  return v
end

-- A side's first bot failure as a summary file gives it (optional).
local function failure_from(f, what)
  if f == nil then return nil end
  need(f, "table", what)
  for _, key in ipairs { "match", "action", "seat" } do
    local w = what .. "." .. key
    if count(f[key], w) < 1 then error(w .. " must be 1 or more", 0) end
  end
  return { match = f.match, action = f.action, seat = f.seat,
           bot = need(f.bot, "string", what .. ".bot"),
           message = need(f.message, "string", what .. ".message") }
end

local function side_from(d, k)
  local what = ("sides[%d]"):format(k)
  need(d, "table", what)
  local side = { name = need(d.name, "string", what .. ".name"), key = d.key,
                 players = count(d.players, what .. ".players"),
                 partners = need(d.partners, "table", what .. ".partners"),
                 bots = need(d.bots, "table", what .. ".bots"),
                 measures = need(d.measures, "table", what .. ".measures"), accs = {},
                 first_failure = failure_from(d.first_failure, what .. ".first_failure") }
  local sums = need(d.sums, "table", what .. ".sums")
  for j, m in ipairs(side.measures) do
    local mw = ("%s.measures[%d]"):format(what, j)
    need(m, "table", mw)
    need(m.id, "string", mw .. ".id")
    need(m.label, "string", mw .. ".label")
    if m.kind ~= "count" and m.kind ~= "value" then error(mw .. ".kind is not known", 0) end
    if m.per ~= "hand" and m.per ~= "match" then error(mw .. ".per is not known", 0) end
    side.accs[j] = stats.acc_from(sums[m.id], m.kind, ("%s.sums[%q]"):format(what, m.id))
  end
  return side
end

local function shards_from(list, games)
  local out = {}
  for i, s in ipairs(need(list, "table", "shards")) do
    local what = ("shards[%d]"):format(i)
    need(s, "table", what)
    local a, n = count(s[1], what .. "[1]"), count(s[2], what .. "[2]")
    if a < 1 or a > n then error(what .. " is not a shard i/n", 0) end
    out[i] = { a, n }
  end
  if #out == 0 then error("shards must not be empty", 0) end
  local planned = 0
  for _, s in ipairs(out) do planned = planned + summary.planned(games, s[1], s[2]) end
  return out, planned
end

-- The summary data 'd' describes (decoded from a file), checked; raises a
-- sentence naming the field at fault.
function summary.from(d)
  need(d, "table", "the summary")
  if d.format ~= summary.FORMAT then
    error(("not a talon summary (format %s, expected %q)"):format(tostring(d.format),
      summary.FORMAT), 0)
  end
  local run = need(d.run, "table", "run")
  local games = count(run.games, "run.games")
  local s = { run = run, planned = count(d.planned, "planned"),
              matches = count(d.matches, "matches"), interrupted = d.interrupted == true,
              sides = {} }
  local planned
  s.shards, planned = shards_from(d.shards, games)
  if planned ~= s.planned or s.matches > s.planned then
    error("the counts of matches do not agree with the shards", 0)
  end
  need(d.sides, "table", "sides")
  if #d.sides ~= 1 and #d.sides ~= 2 then error("a summary has one or two sides", 0) end
  for k, side in ipairs(d.sides) do s.sides[k] = side_from(side, k) end
  if #s.sides == 2 then
    s.pairs = summary.pair_slots(s)
    local pairs = need(d.pairs, "table", "pairs")
    for _, slot in ipairs(s.pairs) do
      slot.pair = stats.pair_from(pairs[slot.id], ("pairs[%q]"):format(slot.id))
    end
  end
  return s
end

-- }==================================================

return summary
