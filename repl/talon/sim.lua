-- talon.sim: bot self-play with a summary (`talon sim`).
local options = require "talon.options"
local bots = require "talon.bots"
local term = require "talon.term"
local game = require "talon.game"
local json = require "talon.json"

local sim = {}

local function bot_list(spec, n, key)
  local list, names = {}, {}
  local parts = {}
  for w in (spec or "rule"):gmatch("[^,]+") do parts[#parts + 1] = w end
  for s = 1, n do
    local b = bots.get(parts[math.min(s, #parts)], key)
    list[s], names[s] = b, b.name
  end
  return list, names
end

-- Plays one match with seed 'seed'; returns the finished game and the
-- number of hands.
local function one_match(def, params, seed, blist)
  local p = {}
  for k, v in pairs(params) do p[k] = v end
  p.seed, p.quiet = seed, true
  local g = game.new(def, p)
  local rng = require("talon").rng(seed)
  local all_random = true
  for _, b in ipairs(blist) do all_random = all_random and b.name == "random" end
  if all_random then
    g:playout(rng)
  else
    while not g:over() do bots.move(blist[g:mover()], g, g:mover(), rng) end
  end
  return g, g.state.hand_no
end

local function progress(i, n)
  local w = 30
  local done = math.floor(w * i / n)
  io.stderr:write(("\r[%s%s] %d/%d"):format(("#"):rep(done), ("."):rep(w - done), i, n))
  if i == n then io.stderr:write("\n") end
end

local function summarize(stats, n, seconds)
  local out = { matches = n, hands = stats.hands, seconds = seconds,
    matches_per_second = n / seconds, deals_per_second = stats.hands / seconds,
    hands_per_match = stats.hands / n, wins = stats.wins, points = {} }
  for side, list in pairs(stats.points) do
    local sum, lo, hi = 0, math.huge, -math.huge
    for _, v in ipairs(list) do sum, lo, hi = sum + v, math.min(lo, v), math.max(hi, v) end
    out.points[side] = { mean = sum / #list, min = lo, max = hi }
  end
  return out
end

function sim.run(args)
  local def, params, p = options.game(args, { games = "value", bots = "value", json = "switch" })
  local n = math.tointeger(tonumber(p.flags.games or "100"))
  if not n or n < 1 then options.usage_error("--games needs a positive number") end
  local probe = game.new(def, { options = params.options, seed = 1, quiet = true })
  local seats, sides = probe.state.n, probe.state.sides
  local blist, names = bot_list(p.flags.bots, seats, params.game or params.file)
  local master = require("talon").rng(params.seed)
  local stats = { hands = 0, wins = {}, points = {} }
  for side = 1, #sides do stats.wins[side], stats.points[side] = 0, {} end
  local show = term.isatty(2)
  local t0 = os.clock()
  for i = 1, n do
    local g, hands = one_match(def, params, master:int(1, 2 ^ 40), blist)
    stats.hands = stats.hands + hands
    local res = g:result()
    if res and res.winner then stats.wins[res.winner] = stats.wins[res.winner] + 1 end
    for side, sc in ipairs(g:scores()) do stats.points[side][#stats.points[side] + 1] = sc end
    if show and (i % math.max(1, n // 100) == 0 or i == n) then progress(i, n) end
  end
  local sum = summarize(stats, n, math.max(os.clock() - t0, 1e-9))
  sum.game, sum.players, sum.seed, sum.bots = def.name, seats, params.seed, names
  if p.flags.json then
    sum.seconds, sum.matches_per_second, sum.deals_per_second = nil, nil, nil
    io.write(json.encode(sum), "\n")
    return 0
  end
  print(("%s, %d players, %d matches (seed %s), bots: %s"):format(def.name, seats, n,
    tostring(params.seed), table.concat(names, ", ")))
  for side, members in ipairs(sides) do
    local who = {}
    for i, s in ipairs(members) do who[i] = probe.state.names[s] end
    local pt = sum.points[side]
    print(("  side %d (%s): %d wins (%.1f%%), final points mean %.1f, min %d, max %d"):format(
      side, table.concat(who, "+"), stats.wins[side], 100 * stats.wins[side] / n,
      pt.mean, pt.min, pt.max))
  end
  print(("  %.2f hands per match; %.0f deals/s, %.1f matches/s"):format(sum.hands_per_match,
    sum.deals_per_second, sum.matches_per_second))
  return 0
end

return sim
