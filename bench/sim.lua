-- bench/sim.lua: random playouts of one Hokm-4 hand through the Lua
-- framework and games/hokm.lua (quiet mode), side by side with bench_hokm
-- (the same hand played by a minimal C loop over talon_core) when its path
-- is given, and the ratio; the target is the Lua game within 10x of C.
--   talon run bench/sim.lua [PATH_TO_bench_hokm] [N]
-- Both modes are measured: the hand stops when a side has 7 tricks (the
-- rule), and all 13 tricks are played (option play_all_tricks, Hokm K2).
local game = require "talon.game"
local loader = require "talon.loader"
local talon = require "talon"

local c_bench, n = arg[1], math.tointeger(tonumber(arg[2] or "")) or 3000
local def = assert(loader.load("hokm"))

-- Plays n one-hand games with 'options'; 'step' uses g:play per action
-- (the path of bots and the front end) instead of the batch g:playout.
-- Returns playouts per second and actions per hand.
local function measure(options, step)
  local rng = talon.rng(1)
  local t0, actions, t_new = os.clock(), 0, 0
  for seed = 1, n do
    local t1 = os.clock()
    local g = game.new(def, { seed = seed, quiet = true, hands = 1, options = options })
    t_new = t_new + os.clock() - t1
    if step then
      while not g:over() do
        g:play(g:random(rng))
        actions = actions + 1
      end
    else
      actions = actions + g:playout(rng)
    end
  end
  local dt = os.clock() - t0
  return n / dt, actions / n, (dt - t_new) / actions * 1e9, t_new / n * 1e6
end

local function c_rate(all)
  if not c_bench then return nil end
  local p = assert(io.popen(('"%s" 200000 %s'):format(c_bench, all and "all" or "")))
  local out = p:read("a")
  p:close()
  io.write(out)
  return tonumber(out:match("([%d.]+) playouts/s"))
end

local MODES = {
  { name = "to 7 tricks", options = nil, all = false },
  { name = "all 13 tricks", options = { play_all_tricks = true }, all = true },
}

for _, m in ipairs(MODES) do
  local rate, per_hand, ns, us_new = measure(m.options, false)
  local step_rate = measure(m.options, true)
  print(("framework (Lua, %s), g:playout: %8.0f playouts/s (game.new %.1f us, then %.0f ns"
    .. " per action, %.1f actions/hand)"):format(m.name, rate, us_new, ns, per_hand))
  print(("framework (Lua, %s), g:play:    %8.0f playouts/s"):format(m.name, step_rate))
  local c = c_rate(m.all)
  if c then
    print(("ratio C / Lua framework (%s): %.1fx with g:playout, %.1fx with g:play"
      .. " (target: within 10x)"):format(m.name, c / rate, c / step_rate))
  end
end
