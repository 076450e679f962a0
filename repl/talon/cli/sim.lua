-- talon.cli.sim: bot self-play with a summary (`talon sim`).
--
-- Determinism: match i is seeded from the i-th draw of a master generator
-- seeded with --seed, and its bots draw from a generator of that same
-- match seed; nothing depends on `pairs` order or the clock, so the same
-- command prints the same results (timings aside) on every run.
local options = require "talon.cli.options"
local bots = require "talon.cli.bots"
local term = require "talon.cli.term"
local game = require "talon.game"
local json = require "talon.cli.json"

local sim = {}

-- Actions one match may take; a match still running then (bots that never
-- finish it) counts as undecided. --hands bounds matches by hands.
local ACTIONS = 200000

local function all_random(blist)
  for _, b in ipairs(blist) do
    if b ~= bots.random then return false end
  end
  return true
end

-- Plays one match with seed 'seed'; returns the finished game and the
-- number of bot moves that fell back to random.
local function one_match(def, params, seed, blist)
  local p = {}
  for k, v in pairs(params) do p[k] = v end
  p.seed, p.quiet = seed, true
  local g = game.new(def, p)
  local rng = require("talon").rng(seed)
  local failures, left = 0, ACTIONS
  if all_random(blist) then
    -- in slices: one g:playout is one protected call under the time budget
    while not g:over() and left > 0 do
      left = left - g:playout(rng, 5000)
    end
  else
    while not g:over() and left > 0 do
      left = left - 1
      local mover = g:mover()
      local _, _, failure = bots.move(blist[mover], g, mover, rng)
      if failure then failures = failures + 1 end
    end
  end
  return g, failures
end

local function progress(i, n)
  local w = 30
  local done = w * i // n
  io.stderr:write(("\r[%s%s] %d/%d"):format(("#"):rep(done), ("."):rep(w - done), i, n))
  if i == n then io.stderr:write("\n") end
end

local function spread(list)
  local sum, lo, hi = 0, math.huge, -math.huge
  for _, v in ipairs(list) do sum, lo, hi = sum + v, math.min(lo, v), math.max(hi, v) end
  return { mean = #list > 0 and sum / #list or 0, min = #list > 0 and lo or 0,
           max = #list > 0 and hi or 0 }
end

-- The distribution of 'list': counts per value when there are few values
-- (Hokm's 0, 1, 2, 3 points a hand), else quantiles (Hosgin's deals).
local function distribution(list)
  local counts, values = {}, {}
  for _, v in ipairs(list) do
    if not counts[v] then values[#values + 1] = v end
    counts[v] = (counts[v] or 0) + 1
  end
  table.sort(values)
  if #values <= 8 then
    local out = {}
    for i, v in ipairs(values) do out[i] = { value = v, count = counts[v] } end
    return { counts = out }
  end
  -- copied item by item: a long run has more values than unpack may return
  local sorted = table.move(list, 1, #list, 1, {})
  table.sort(sorted)
  local function q(p) return sorted[math.max(1, math.ceil(p * #sorted))] end
  return { p10 = q(0.1), median = q(0.5), p90 = q(0.9), min = sorted[1], max = sorted[#sorted] }
end

local function distribution_text(d)
  if d.counts then
    local parts = {}
    for i, c in ipairs(d.counts) do parts[i] = ("%d ×%d"):format(c.value, c.count) end
    return table.concat(parts, ", ")
  end
  return ("min %d, 10%% %d, median %d, 90%% %d, max %d"):format(d.min, d.p10, d.median, d.p90,
    d.max)
end

local function new_stats(nsides, nseats)
  local st = { hands = {}, wins = {}, seat_wins = {}, points = {}, per_hand = {}, failures = 0,
               undecided = 0 }
  for side = 1, nsides do st.wins[side], st.points[side], st.per_hand[side] = 0, {}, {} end
  for s = 1, nseats do st.seat_wins[s] = 0 end
  return st
end

local function add_match(stats, g, failures)
  stats.hands[#stats.hands + 1] = g.state.hand_no
  stats.failures = stats.failures + failures
  local res = g:result()
  if res and res.winner then
    stats.wins[res.winner] = stats.wins[res.winner] + 1
  else
    stats.undecided = stats.undecided + 1
  end
  for _, s in ipairs(res and res.winners or {}) do
    stats.seat_wins[s] = stats.seat_wins[s] + 1
  end
  for side, sc in ipairs(g:scores()) do
    local l = stats.points[side]
    if l then l[#l + 1] = sc end
  end
  for _, hand in ipairs(g:hand_points()) do
    for side, v in ipairs(hand) do
      local l = stats.per_hand[side]
      l[#l + 1] = v
    end
  end
end

local function summarize(stats, n, seconds)
  local hands = spread(stats.hands)
  local total = 0
  for _, h in ipairs(stats.hands) do total = total + h end
  local out = { matches = n, hands = total, hands_per_match = hands, wins = stats.wins,
    seat_wins = stats.seat_wins, undecided = stats.undecided, points = {}, points_per_hand = {},
    bot_failures = stats.failures,
    timing = { seconds = seconds, matches_per_second = n / seconds,
               deals_per_second = total / seconds } }
  for side, list in ipairs(stats.points) do out.points[side] = spread(list) end
  for side, list in ipairs(stats.per_hand) do out.points_per_hand[side] = distribution(list) end
  return out
end

local function print_summary(sum, sides, names)
  print(("%s, %d players, %d matches (seed %s), bots: %s"):format(sum.game, sum.players,
    sum.matches, tostring(sum.seed), table.concat(sum.bots, ", ")))
  for side, members in ipairs(sides) do
    local who = {}
    for i, s in ipairs(members) do who[i] = names[s] end
    local pt = sum.points[side]
    print(("  side %d (%s): %d wins (%.1f%%); final points mean %.2f, min %d, max %d")
      :format(side, table.concat(who, "+"), sum.wins[side], 100 * sum.wins[side] / sum.matches,
        pt.mean, pt.min, pt.max))
    print(("      points per hand: %s"):format(distribution_text(sum.points_per_hand[side])))
  end
  if sum.undecided > 0 then print(("  %d matches without a winner"):format(sum.undecided)) end
  local h = sum.hands_per_match
  print(("  hands per match: mean %.2f, min %d, max %d"):format(h.mean, h.min, h.max))
  if sum.bot_failures > 0 then
    print(("  %d bot moves failed and were played at random"):format(sum.bot_failures))
  end
  local t = sum.timing
  print(("  %.2f s: %.0f deals/s, %.1f matches/s"):format(t.seconds, t.deals_per_second,
    t.matches_per_second))
end

function sim.run(args)
  local def, params, p = options.game(args, { games = "value", bots = "value", json = "switch",
    hands = "value" })
  local n = options.int(p, "games", 100)
  params.hands = options.int(p, "hands", nil)
  local probe = game.new(def, { options = params.options, seed = 1, quiet = true })
  local nseats, sides = probe.state.n, probe.state.sides
  local key = params.game or params.file
  local blist, names = bots.list(p.flags.bots, nseats, key, def)
  local master = require("talon").rng(params.seed)
  local stats = new_stats(#sides, nseats)
  local show = term.isatty(2)
  local t0 = os.clock()
  for i = 1, n do
    add_match(stats, one_match(def, params, master:int(1, 1 << 40), blist))
    if show and (i % math.max(1, n // 100) == 0 or i == n) then progress(i, n) end
  end
  local sum = summarize(stats, n, math.max(os.clock() - t0, 1e-9))
  sum.game, sum.players, sum.seed, sum.bots = def.name, nseats, params.seed, names
  if p.flags.json then
    io.write(json.encode(sum), "\n")
  else
    print_summary(sum, sides, probe.state.names)
  end
  return 0
end

return sim
