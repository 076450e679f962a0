-- talon.cli.check: random games with every invariant asserted after every
-- action (`talon check`), the tool for people who write house rules.
--
-- Game i is played with seed S+i-1 (S = --seed, default 1) by the random
-- bot drawing from a generator of the same seed, so `--seed K --games 1`
-- replays game K alone. A game is a match of at most --hands hands
-- (default 20): random players may never finish a match (Hosgin's random
-- bids lose without end), but every hand must end. The games are
-- talon.host.invariants.run; the first broken invariant, or the first error a
-- game hook raises, is reported with the seed, and the record up to that
-- point (and the failing action) is written to check-failure-<seed>.rec.
local options = require "talon.cli.options"
local invariants = require "talon.host.invariants"

local check = {}

local LIMIT = 20000 -- actions in one hand; a hand that runs longer does not end
local HANDS = 20 -- default bound on the hands of one match (--hands)

local function report(def, f)
  local err = io.stderr
  if f.kind == "error" then
    err:write(("talon check: %s: game with seed %s raised an error:\n%s\n")
      :format(def.name, tostring(f.seed), options.trim_traceback(f.message)))
  else
    err:write(("talon check: %s: invariant broken in game with seed %s:\n  %s\n")
      :format(def.name, tostring(f.seed), f.message))
  end
  if not f.record then return end
  local file = ("check-failure-%s.rec"):format(tostring(f.seed))
  local ok, why = require("talon.host.files").write(file, f.record)
  if not ok then return err:write(why, "\n") end
  err:write(("record written to %s; reproduce with: talon replay --check %s\n"):format(file, file))
end

function check.run(args)
  local def, params, p = options.game(args, { games = "value", hands = "value", json = "switch" })
  local n = options.int(p, "games", 100)
  params.hands = options.int(p, "hands", HANDS)
  local first = math.tointeger(params.seed)
  if not first then options.usage_error("check needs an integer --seed, got '%s'", params.seed) end
  if first > math.maxinteger - (n - 1) then
    -- seeds first..first+n-1 would wrap past the largest integer
    options.usage_error("--seed %d with --games %d goes past the largest seed; use --seed %d"
      .. " or less", first, n, math.maxinteger - (n - 1))
  end
  local t0 = os.clock()
  local failure, stats = invariants.run(def, params, n, first, LIMIT)
  if p.flags.json then
    local json = require "talon.cli.json"
    print(json.encode { game = def.name, games = stats and stats.games or 0, first_seed = first,
      hands = params.hands, actions = stats and stats.actions, ended = stats and stats.ended,
      ok = failure == nil and stats.games == n,
      failure = failure and { kind = failure.kind, seed = failure.seed,
                              message = string.match(failure.message, "^[^\n]*") } or nil })
  end
  if failure then
    report(def, failure)
    return 1
  end
  if stats.games ~= n then
    io.stderr:write(("talon check: %s: only %d of %d games were played\n")
      :format(def.name, stats.games, n))
    return 1
  end
  if p.flags.json then return 0 end
  print(("%s: %d random games (seeds %d-%d, %d actions; %d matches finished, %d stopped at"
    .. " --hands %d), every invariant held (%.2f s)"):format(def.name, stats.games, first,
    first + n - 1, stats.actions, stats.ended, n - stats.ended, params.hands, os.clock() - t0))
  return 0
end

return check
