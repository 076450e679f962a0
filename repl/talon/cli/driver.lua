-- talon.cli.driver: what `talon sim` and `talon compare` share once their
-- sides are set up: the run's own flags, one process or worker processes
-- (talon.cli.jobs), the progress bar, Ctrl-C, and the output.
--
-- The whole run is one talon.sandbox.deferred call: Ctrl-C does not stop
-- the match in play (a half-played match cannot be counted), it waits
-- until the match is folded into the summary; then the run stops and
-- prints the summary so far, marked interrupted, and exits 130.
local talon = require "talon"
local options = require "talon.cli.options"
local term = require "talon.cli.term"
local json = require "talon.cli.json"
local lab = require "talon.cli.lab"
local jobs = require "talon.cli.jobs"
local summary = require "talon.cli.summary"

local driver = {}

-- Flags of every run, besides the game's own (talon.cli.options).
driver.FLAGS = { games = "value", bots = "value", json = "switch", hands = "value",
                 jobs = "value", shard = "value", ["progress-lines"] = "switch" }

-- The run's flags from parsed command line 'p': games, jobs, shard i/n,
-- json, worker (the --progress-lines of a worker of --jobs).
function driver.flags(p)
  local f = { games = options.int(p, "games", 100), jobs = options.int(p, "jobs", 1),
              i = 1, n = 1, worker = p.flags["progress-lines"] == true }
  local sh = p.flags.shard
  if sh then
    local i, n = sh:match("^(%d+)/(%d+)$")
    i, n = math.tointeger(tonumber(i)), math.tointeger(tonumber(n))
    if not i or i < 1 or i > n or n > 1000000 then
      options.usage_error("--shard needs i/n with 1 <= i <= n, got '%s'", sh)
    end
    f.i, f.n = i, n
  end
  f.json = p.flags.json == true or sh ~= nil or f.worker
  if f.worker then
    -- the parent's pipe (talon.cli.jobs): descriptor 3, which no game
    -- code writes to; the worker's standard output is the parent's stderr
    f.channel = io.open("/dev/fd/3", "w")
    if not f.channel then options.usage_error("--progress-lines is for the workers of --jobs") end
  end
  f.planned = summary.planned(f.games, f.i, f.n)
  if f.jobs > f.planned then f.jobs = math.max(1, f.planned) end
  return f
end

-- {================================================== progress

local function bar(done, total)
  local w = 30
  local filled = total > 0 and w * done // total or w
  io.stderr:write(("\r[%s%s] %d/%d"):format(("#"):rep(filled), ("."):rep(w - filled), done,
    total))
end

-- The function told after each match (or worker line): a bar on a
-- terminal, "progress K" lines for the parent of a worker, else nothing.
local function ticker(f)
  local step = math.max(1, f.planned // 100)
  if f.worker then
    return function(done)
      if done % step == 0 or done == f.planned then
        f.channel:write("progress ", done, "\n")
        f.channel:flush()
      end
    end
  end
  if not term.isatty(2) then return nil end
  local shown = -1
  return function(done)
    local at = done // step
    if at ~= shown or done == f.planned then
      shown = at
      bar(done, f.planned)
    end
  end
end

-- }==================================================

local function timing(s, f, ms)
  local secs = math.max(ms / 1000, 1e-9)
  local hands = 0
  for j, m in ipairs(s.sides[1].measures) do
    if m.id == "hands" then hands = s.sides[1].accs[j].x end
  end
  io.stderr:write(("%d matches%s in %.2f s: %.0f hands/s, %.1f matches/s%s\n"):format(s.matches,
    #s.sides == 2 and " per side" or "", secs, hands / secs, s.matches / secs,
    f.jobs > 1 and (" (%d jobs)"):format(f.jobs) or ""))
end

local function body(cmd, args, run, sides, f, out)
  local t0 = talon.sandbox.clock()
  local tick = ticker(f)
  local s, interrupted
  if f.jobs > 1 then
    s, interrupted = jobs.run(cmd, args, f.i, f.n, f.jobs, tick)
    if json.encode(s.run) ~= json.encode(run) then
      error("the workers ran something else than asked (another talon or game files?)", 0)
    end
    -- a Ctrl-C after the last match is no interruption
    s.interrupted = s.interrupted or (interrupted and s.matches < s.planned)
  else
    s = summary.new(run, sides, f.i, f.n)
    lab.run(s, sides, f.i, f.n, tick, talon.sandbox.interrupted)
  end
  if tick and not f.worker then io.stderr:write("\n") end
  if f.json then
    local to = f.worker and f.channel or io.stdout
    to:write(json.encode(summary.data(s, out.extra(s))), "\n")
    to:flush()
  else
    print(out.text(s))
  end
  io.stdout:flush()
  if not f.worker then timing(s, f, talon.sandbox.clock() - t0) end
  talon.sandbox.interrupted() -- a late Ctrl-C: the summary is out already
  return s.interrupted and 130 or 0
end

-- Runs command 'cmd' (its words 'args') for 'run' (what summary.new
-- records) with 'sides' (talon.cli.lab) and flags 'f' (driver.flags);
-- out.text(s) is the summary as text, out.extra(s) the fields added to
-- its JSON. Returns the exit code.
function driver.go(cmd, args, run, sides, f, out)
  local ok, r, original = talon.sandbox.deferred(body, cmd, args, run, sides, f, out)
  if ok then return r end
  -- the error as it was raised: a game's carries its own traceback, a
  -- usage error is a table; talon.cli adds a traceback to the others
  error(original, 0)
end

return driver
