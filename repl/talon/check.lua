-- talon.check: random games with every invariant asserted (`talon check`),
-- the tool for people who write house rules.
local options = require "talon.options"
local invariants = require "talon.invariants"

local check = {}

function check.run(args)
  local def, params, p = options.game(args, { games = "value" })
  local n = math.tointeger(tonumber(p.flags.games or "100"))
  if not n or n < 1 then options.usage_error("--games needs a positive number") end
  local first = math.tointeger(params.seed) or 1
  local t0 = os.clock()
  local ok, failure = pcall(invariants.run, def, params, n, first)
  if not ok then -- a game hook raised: report it with its traceback
    io.stderr:write(("talon check: %s failed with an error:\n%s\n"):format(def.name,
      tostring(failure)))
    return 1
  end
  if failure then
    local file = ("check-failure-%s.rec"):format(tostring(failure.seed))
    local f = io.open(file, "w")
    if f then f:write(failure.record); f:close() end
    io.stderr:write(("talon check: %s: invariant broken in game with seed %s:\n  %s\n")
      :format(def.name, tostring(failure.seed), failure.message))
    io.stderr:write(("record written to %s; reproduce with: talon replay %s\n"):format(file, file))
    return 1
  end
  print(("%s: %d random games (seeds %d-%d), every invariant held (%.2f s)"):format(def.name, n,
    first, first + n - 1, os.clock() - t0))
  return 0
end

return check
