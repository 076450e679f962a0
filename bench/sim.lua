-- bench/sim.lua: random playouts of Hokm-4 hands through the Lua framework
-- and games/hokm.lua, side by side with bench_hokm (the same hands played
-- by a minimal C loop) when its path is given.
--   talon run bench/sim.lua [PATH_TO_bench_hokm] [N]
local game = require "talon.game"
local loader = require "talon.loader"
local talon = require "talon"

local c_bench, n = arg[1], tonumber(arg[2]) or 3000
local def = assert(loader.load("hokm"))

local function clock(f)
  local t0 = os.clock()
  local actions = f()
  return os.clock() - t0, actions
end

-- One hand per game: trump chosen at random, then random legal cards.
local rng = talon.rng(1)
local dt_batch, acts = clock(function()
  local total = 0
  for seed = 1, n do
    local g = game.new(def, { seed = seed, quiet = true, hands = 1 })
    total = total + g:playout(rng)
  end
  return total
end)
local dt_step = clock(function()
  for seed = 1, n do
    local g = game.new(def, { seed = seed, quiet = true, hands = 1 })
    while not g:over() do g:play(g:random(rng)) end
  end
end)
local lua_rate = n / dt_batch
print(("framework, g:playout:        %8.0f playouts/s, %6.0f ns per action (%.1f actions/hand)")
  :format(lua_rate, dt_batch / acts * 1e9, acts / n))
print(("framework, g:play per action: %7.0f playouts/s"):format(n / dt_step))
if c_bench then
  local p = assert(io.popen(('"%s" 200000'):format(c_bench)))
  local out = p:read("a")
  p:close()
  io.write(out)
  local c_rate = tonumber(out:match("([%d.]+) playouts/s"))
  if c_rate then
    print(("ratio C / Lua framework: %.1fx (target: within 10x)"):format(c_rate / lua_rate))
  end
end
