-- talon.cli.jobs: `--jobs N` runs a simulation in N worker processes.
--
-- Plain Lua cannot fork, so each worker is the talon program itself
-- (talon.program), started through io.popen with the parent's words and
-- `--shard j/N --json --progress-lines`. The shell that starts it says
-- "pid P" (its own, which the worker takes over by exec); the worker then
-- writes "progress K" as it goes, and last its summary as one line of
-- JSON (talon.cli.summary), on file descriptor 3, the pipe, while its
-- standard output goes to the parent's standard error: what a game prints
-- cannot pass for a line of the worker's (a forged "pid" had the parent
-- signal a process of the game's choosing). The parent reads the workers in turn (a
-- blocking read of one waits for its next line; a slice is a 1/N share of
-- the matches, so they keep pace), shows their progress added up, and
-- merges the summaries: matches are seeded by their index alone, so the
-- merged summary is the one a single process makes, byte for byte.
--
-- Ctrl-C on a terminal reaches the workers too (one process group); a
-- SIGINT sent to the parent alone is passed on to them. Either way each
-- worker ends its match, prints what it has, and the parent merges that.
local talon = require "talon"
local guard = require "talon.host.sandbox"
local json = require "talon.cli.json"
local options = require "talon.cli.options"
local summary = require "talon.cli.summary"

local jobs = {}

local function quote(s)
  return "'" .. tostring(s):gsub("'", [['\'']]) .. "'"
end

-- Words of the parent's command line a worker must not get: the parent's
-- own run of its workers. Flags taking a value keep their value as it is.
local DROP = { jobs = "value", shard = "value", json = "switch",
               ["progress-lines"] = "switch" }
local VALUE = { o = true, players = true, seed = true, games = true, bots = true, hands = true }

local function worker_words(args)
  local out, i = {}, 1
  while i <= #args do
    local a = args[i]
    local name, inline = a:match("^%-%-?([%a][%w_-]*)(=?)")
    if name and DROP[name] then
      if DROP[name] == "value" and inline == "" then i = i + 1 end
    else
      out[#out + 1] = a
      if name and VALUE[name] and inline == "" and args[i + 1] then
        i = i + 1
        out[#out + 1] = args[i]
      end
    end
    i = i + 1
  end
  return out
end

-- The shell command of one worker: the same program, data root and
-- limits as this one.
local function command(cmd, words, a, b)
  local _, limit = talon.sandbox.memory()
  if not talon.program then error("--jobs needs the talon program (talon.program)", 0) end
  local parts = { "echo pid $$; exec env", "TALON_PATH=" .. quote(talon.root or "."),
                  quote(talon.program),
                  "--mem-limit", tostring(limit // (1024 * 1024)),
                  "--budget", tostring(guard.budget()),
                  "--total-budget", tostring(guard.total_ms), cmd }
  for _, w in ipairs(words) do parts[#parts + 1] = quote(w) end
  parts[#parts + 1] = ("--shard %d/%d --json --progress-lines 3>&1 1>&2"):format(a, b)
  return table.concat(parts, " ")
end

local function signal(list, sig)
  local pids = {}
  for _, w in ipairs(list) do
    if w.pid and not w.closed then pids[#pids + 1] = tostring(w.pid) end
  end
  if #pids > 0 then os.execute(("kill -%s %s 2>/dev/null"):format(sig, table.concat(pids, " "))) end
end

-- Reads one line of worker 'w'; returns false once it has ended.
local function read_line(w)
  local line = w.pipe:read("l")
  if line == nil then
    local _, how, code = w.pipe:close()
    w.closed = true
    -- a summary read is what counts: a late second Ctrl-C may still make
    -- a worker's exit status 1 after it printed everything
    if not w.json then
      w.failed = ("worker %d/%d %s %s"):format(w.shard[1], w.shard[2],
        how == "signal" and "was killed by signal" or "ended with status", tostring(code))
    end
    return false
  end
  -- the first line is the shell's, before the worker ran any game code
  if not w.started then
    w.started = true
    w.pid = math.tointeger(tonumber(line:match("^pid (%d+)$")))
    return true
  end
  local done = line:match("^progress (%d+)$")
  if done then w.done = tonumber(done)
  elseif line:sub(1, 1) == "{" then w.json = line end
  return true
end

-- Runs shard i of n of command 'cmd' (the parent's words 'args') in
-- 'count' workers; tick(matches played by all) as they go. Returns the
-- merged summary and whether the parent saw Ctrl-C. Raises a sentence when
-- a worker fails (its own message went to stderr).
function jobs.run(cmd, args, i, n, count, tick)
  local words, list = worker_words(args), {}
  for j = 1, count do
    local a, b = summary.subshard(i, n, j, count)
    local pipe = assert(io.popen(command(cmd, words, a, b), "r"))
    list[j] = { pipe = pipe, shard = { a, b }, done = 0 }
  end
  local open, interrupted, failed = count, false, nil
  while open > 0 do
    for _, w in ipairs(list) do
      if not w.closed and not read_line(w) then
        open = open - 1
        if w.failed and not failed then
          failed = w.failed
          signal(list, "TERM")
        end
      end
    end
    if tick then
      local sum = 0
      for _, w in ipairs(list) do sum = sum + w.done end
      tick(sum)
    end
    if not interrupted and talon.sandbox.interrupted() then
      interrupted = true
      signal(list, "INT")
    end
  end
  -- the worker said what went wrong on stderr; this is the parent's line
  if failed then options.fail("%s", failed) end
  local merged
  for _, w in ipairs(list) do
    local d, err = json.decode(w.json)
    if not d then options.fail("worker %d/%d: %s", w.shard[1], w.shard[2], err) end
    local ok, s = pcall(summary.from, d)
    if ok and merged then ok, s = pcall(summary.merge, merged, s) end
    if not ok then options.fail("worker %d/%d: %s", w.shard[1], w.shard[2], tostring(s)) end
    merged = s
  end
  return merged, interrupted
end

return jobs
