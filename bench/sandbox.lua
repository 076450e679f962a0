-- bench/sandbox.lua: what a call into game code costs while its budget
-- holds (docs/api.md "sandbox.call"): pcall, sandbox.call without and
-- with a budget, per call; and a long loop run bare and under a budget.
--   talon run bench/sandbox.lua [N] [ROUNDS]
-- Every figure is the best of ROUNDS (default 5) runs, as other processes
-- share the machine.
local sandbox = require("talon").sandbox
local clock = sandbox.cputime -- (os.clock moves in ticks: bench/sim.lua)

local n = math.tointeger(tonumber(arg[1] or "")) or 2000000
local rounds = math.tointeger(tonumber(arg[2] or "")) or 5

local function best(f)
  local b
  for _ = 1, rounds do
    local dt = f()
    if not b or dt < b then b = dt end
  end
  return b
end

local function f(i) return i + 1 end

-- ns per call of 'call' over n calls of f
local function per_call(call)
  return best(function()
    local t0 = clock()
    for i = 1, n do call(i) end
    return (clock() - t0) / n * 1e9
  end)
end

local LOOP = 30000000
local function loop()
  local x = 0
  for i = 1, LOOP do x = x + i % 7 end
  return x
end

local function timed(call)
  return best(function()
    local t0 = clock()
    call()
    return clock() - t0
  end)
end

print(("sandbox calls, %d calls, best of %d runs"):format(n, rounds))
print(("  pcall(f, i)                  %6.1f ns"):format(per_call(function(i) pcall(f, i) end)))
print(("  sandbox.call(0, f, i)        %6.1f ns"):format(per_call(function(i)
  sandbox.call(0, f, i) end)))
print(("  sandbox.call(200, f, i)      %6.1f ns"):format(per_call(function(i)
  sandbox.call(200, f, i) end)))
print(("a loop of %d iterations"):format(LOOP))
print(("  bare                         %6.3f s"):format(timed(loop)))
print(("  sandbox.call(60000, loop)    %6.3f s"):format(timed(function()
  assert(sandbox.call(60000, loop)) end)))
