-- bench/rate.lua: random hands per second of any game through the Lua
-- framework (quiet mode), side by side with a C yardstick when one is
-- given (bench_hearts for Hearts, bench_euchre for Euchre, bench_hokm for
-- Hokm, bench_kosel for Kosel), and the ratio.
--   talon run bench/rate.lua GAME [N] [ROUNDS] [--c PATH] [-o key=value]...
-- Three framework paths, each over N hands (default 3000): the hands of
-- one running match in one g:playout (a target nobody reaches, or the
-- options of ENDLESS below for a match that ends by another rule: the C
-- programs also play hand after hand); a new game per hand
-- (params.hands = 1) then g:playout, the path of simulations; and the
-- same with g:random and g:play per action, the path of bots and front
-- ends. `-o` sets a game option (true, false, an integer or a word), for
-- every path, over ENDLESS's. With --c, the program is
-- run as `PATH 200000` and its "X hands/s" (or "X playouts/s") read.
-- Every figure is the best of ROUNDS (default 5) runs, as other processes
-- share the machine.
--   talon run bench/rate.lua hearts --c build/release/bench/bench_hearts
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"
local clock = talon.sandbox.cputime -- (os.clock moves in ticks: bench/sim.lua)

local positional, options, c_bench = {}, {}, nil
local i = 1
while i <= #arg do
  local a = arg[i]
  if a == "--c" then
    i = i + 1
    c_bench = arg[i]
  elseif a == "-o" then
    i = i + 1
    local k, v = (arg[i] or ""):match("^([%w_]+)=(.*)$")
    if not k then error("-o needs key=value", 0) end
    if v == "true" then v = true
    elseif v == "false" then v = false
    else v = math.tointeger(tonumber(v)) or v end
    options[k] = v
  else
    positional[#positional + 1] = a
  end
  i = i + 1
end
local name = positional[1] or error("usage: talon run bench/rate.lua GAME [N] [ROUNDS] "
  .. "[--c PATH] [-o key=value]...", 0)
local n = math.tointeger(tonumber(positional[2] or "")) or 3000
local rounds = math.tointeger(tonumber(positional[3] or "")) or 5
local def = assert(loader.load(name))

local function best(f)
  local b
  for _ = 1, rounds do
    local dt = f()
    if not b or dt < b then b = dt end
  end
  return b
end

-- Plays n one-hand games; 'step' plays action by action. Returns the
-- seconds taken and the actions per hand.
local function one_hand_games(step)
  local rng = talon.rng(1)
  local t0, actions = clock(), 0
  for seed = 1, n do
    local g = game.new(def, { seed = seed, quiet = true, hands = 1, options = options })
    if step then
      while not g:over() do
        g:play(g:random(rng))
        actions = actions + 1
      end
    else
      actions = actions + g:playout(rng)
    end
  end
  return clock() - t0, actions / n
end

-- The options that keep one match going for n hands where its end is not
-- a target, by the game's name; -o overrides them.
local ENDLESS = {
  -- KOZ-R14: a party that reaches the penalty limit goes out
  Kosel = { penalty_limit = 1000000000 },
  -- BUR-R13: a session ends after `deals` deals, or when a player cannot
  -- pay the next ante out of his stake. No stake keeps it going: a wrong
  -- claim doubles the pot (BUR-R11), random players claim at random, and
  -- the pot passes a stake of 10^9 within some thirty deals (and 2^63
  -- within some sixty). Without an ante nothing ever enters the pot: each
  -- deal is dealt, declared, played and claimed as before, the chips stay
  -- at 0, and only `deals` ends the session.
  Bura = { ante = 0, deals = math.maxinteger },
  -- the same session (games/common/pot.lua), whose pot never doubles
  ["Kosel (pot)"] = { deals = math.maxinteger, stake = 1000000000 },
}

-- The options of the one-match path: the game's ENDLESS ones, a target
-- nobody reaches, then those given with -o.
local function one_match_options()
  local opts = {}
  for k, v in pairs(ENDLESS[def.name] or {}) do opts[k] = v end
  if def.options and def.options.target then opts.target = math.maxinteger end
  for k, v in pairs(options) do opts[k] = v end
  return opts
end

-- Plays n hands of one match in one g:playout. Returns the seconds taken.
local function one_match()
  local g = game.new(def, { seed = 1, quiet = true, hands = n, options = one_match_options() })
  local t0 = clock()
  g:playout(talon.rng(1), n * 10000)
  if g.hands_done ~= n then
    local r = g:result()
    error(("%s: the match ended after %d of %d hands (%s): its end is not a target; give"
      .. " options that keep it going (-o key=value), or add them to ENDLESS in"
      .. " bench/rate.lua"):format(def.name, g.hands_done, n,
      type(r) == "table" and tostring(r.text) or tostring(r)), 0)
  end
  return clock() - t0
end

local function c_rate()
  local rate
  for _ = 1, rounds do
    local p = assert(io.popen(('"%s" 200000'):format(c_bench)))
    local out = p:read("a")
    p:close()
    local r = tonumber(out:match("([%d.]+) hands/s") or out:match("([%d.]+) playouts/s"))
    if r and (not rate or r > rate) then rate = r end
  end
  return rate
end

local function line(label, rate, c)
  local ratio = c and ("%6.1fx C"):format(c / rate) or ""
  print(("  %-40s %9.0f hands/s %8.2f us  %s"):format(label, rate, 1e6 / rate, ratio))
end

local per_hand
local playout_rate = n / best(function()
  local dt, k = one_hand_games(false)
  per_hand = k
  return dt
end)
local step_rate = n / best(function() return (one_hand_games(true)) end)
local match_rate = n / best(one_match)
local c = c_bench and c_rate()
print(("%s random hands (%d hands of %.1f actions, best of %d runs):")
  :format(def.name, n, per_hand, rounds))
if c then line("C yardstick (" .. c_bench:match("[^/]*$") .. ")", c, nil) end
line("framework: hands of one match, g:playout", match_rate, c)
line("framework: new game, then g:playout", playout_rate, c)
line("framework: new game, g:play per action", step_rate, c)
