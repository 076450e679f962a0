-- bench/strength.lua: the matches `talon sim` plays, with 95 % intervals.
--   talon run bench/strength.lua GAME --games N --bots LIST [--seed S]
--                                [--players N] [-o key=value]...
-- Match i is seeded exactly as `talon sim` seeds it (the i-th draw of a
-- generator seeded with --seed) and the bots draw from a generator of the
-- match seed, so the same arguments give the same matches as `talon sim`;
-- this prints, per side, the wins with a 95 % Wilson interval, and the
-- mean points a hand with a 95 % interval (normal, over matches: the
-- hands of one match are not independent). Progress goes to stderr every
-- tenth of the run. Budgets of one bot seat are lifted (a busy machine
-- must not turn a search bot into a random one half way).
local options = require "talon.cli.options"
local bots = require "talon.cli.bots"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local talon = require "talon"

sandbox.total_ms = 86400000 -- a day: the meters count wall time

local args = {}
for i = 1, #arg do args[i] = arg[i] end
local def, params, p = options.game(args, { games = "value", bots = "value" })
local n = options.int(p, "games", 100)
local probe = game.new(def, { options = params.options, seed = 1, quiet = true })
local nseats, sides = probe.state.n, probe.state.sides
local blist, names = bots.list(p.flags.bots, nseats, params.game or params.file, def)
local master = talon.rng(params.seed)

-- Wilson's 95 % interval of k successes in n trials.
local function wilson(k, m)
  if m == 0 then return 0, 0 end
  local z, ph = 1.96, k / m
  local d = 1 + z * z / m
  local c = (ph + z * z / (2 * m)) / d
  local h = z * math.sqrt(ph * (1 - ph) / m + z * z / (4 * m * m)) / d
  return math.max(0, c - h), math.min(1, c + h)
end

-- Mean and half-width of a 95 % normal interval.
local function mean_ci(list)
  local m, s = #list, 0
  if m == 0 then return 0, 0 end
  for _, v in ipairs(list) do s = s + v end
  local mean, ss = s / m, 0
  for _, v in ipairs(list) do ss = ss + (v - mean) ^ 2 end
  local sd = m > 1 and math.sqrt(ss / (m - 1)) or 0
  return mean, 1.96 * sd / math.sqrt(m)
end

local wins, per_hand, undecided, failures = {}, {}, 0, 0
for side = 1, #sides do wins[side], per_hand[side] = 0, {} end
local t0 = os.clock()
for i = 1, n do
  local seed = master:int(1, 1 << 40)
  local q = {}
  for k, v in pairs(params) do q[k] = v end
  q.seed, q.quiet = seed, true
  local g = game.new(def, q)
  local rng = talon.rng(seed)
  local left = 200000
  while not g:over() and left > 0 do
    left = left - 1
    local mover = g:mover()
    local _, _, failure = bots.move(blist[mover], g, mover, rng)
    if failure then failures = failures + 1 end
  end
  local res = g:result()
  if res and res.winner then wins[res.winner] = wins[res.winner] + 1
  else undecided = undecided + 1 end
  local hands, sum = #g:hand_points(), {}
  for side = 1, #sides do sum[side] = 0 end
  for _, h in ipairs(g:hand_points()) do
    for side, v in ipairs(h) do sum[side] = sum[side] + v end
  end
  for side = 1, #sides do
    local l = per_hand[side]
    l[#l + 1] = hands > 0 and sum[side] / hands or 0
  end
  if i % math.max(1, n // 10) == 0 then
    io.stderr:write(("%d/%d matches, %.0f s\n"):format(i, n, os.clock() - t0))
  end
end

print(("%s, %d players, %d matches (seed %s), bots: %s"):format(def.name, nseats, n,
  tostring(params.seed), table.concat(names, ", ")))
for side, members in ipairs(sides) do
  local who = {}
  for j, s in ipairs(members) do who[j] = probe.state.names[s] end
  local lo, hi = wilson(wins[side], n)
  local m, h = mean_ci(per_hand[side])
  print(("  side %d (%s): %d wins, %.1f%% [%.1f, %.1f]; points a hand %.3f ± %.3f")
    :format(side, table.concat(who, "+"), wins[side], 100 * wins[side] / n, 100 * lo, 100 * hi,
      m, h))
end
if undecided > 0 then print(("  %d matches without a winner"):format(undecided)) end
if failures > 0 then print(("  %d bot moves failed and were played at random"):format(failures)) end
print(("  %.0f s of processor time"):format(os.clock() - t0))
