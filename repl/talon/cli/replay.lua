-- talon.cli.replay: steps through a game record (`talon replay FILE`), prints
-- each action and the public events it caused, and checks that the game
-- replays to the recorded result. With --check every invariant of `talon
-- check` is asserted after every action (a check-failure record then shows
-- where it breaks); with --step it waits for Enter between actions when
-- standard input is a terminal.
local options = require "talon.cli.options"
local record = require "talon.host.record"
local term = require "talon.cli.term"
local actions = require "talon.actions"
local invariants = require "talon.host.invariants"

local replay = {}

local MAX_BYTES = 64 * 1024 * 1024 -- far above any record talon writes

-- The text of record file 'file'; every failure names the file.
local function read_text(file)
  local f, err = io.open(file, "rb")
  if not f then options.fail("%s", err) end
  local text, rerr = f:read(MAX_BYTES + 1)
  f:close()
  if not text and rerr then options.fail("%s:1: cannot read the record (%s)", file, rerr) end
  text = text or ""
  if #text > MAX_BYTES then
    options.fail("%s:1: larger than %d MiB, not a record", file, MAX_BYTES // (1024 * 1024))
  end
  return text
end

local function read_record(file)
  local ok, r = pcall(record.read, read_text(file), file)
  if not ok then options.fail("%s", tostring(r)) end
  return r
end

local function shown(a)
  if actions.is_card(a) then return a:name() end
  return actions.text(a)
end

-- Prints the public events from index 'from'; returns the next index.
local function show_events(g, from, quiet)
  local evs = g:events(from)
  for i = from, #evs do
    local ev = evs[i]
    if ev.to == nil and ev.kind ~= "action" and not quiet then print("    · " .. ev.text) end
  end
  return #evs + 1
end

-- Applies action i of the record; fails with a message naming its line
-- ("file:12: action 8 (ZZ) is illegal: …").
local function apply(g, file, i, a)
  local at = ("%s:%d: action %d"):format(file, a.line or 1, i)
  if g:mover() ~= a[1] then
    options.fail("%s: seat %d acts but %s", at, a[1],
      g:mover() and ("seat %d is to move"):format(g:mover()) or "the game is over")
  end
  local ok, played, v = pcall(g.try, g, a[2])
  if not ok then
    options.fail("%s (%s) raised an error:\n%s", at, record.clip(a[2]),
      options.trim_traceback(tostring(played)))
  end
  if not played then
    options.fail("%s (%s) is illegal: %s", at, record.clip(a[2]), tostring(v))
  end
end

local function check_now(g, file, i)
  local bad = invariants.check(g)
  if bad then options.fail("%s: after action %d: invariant broken: %s", file, i, bad) end
end

local function new_game(r, file, checking)
  local ok, g = pcall(function()
    return record.start(record.load_game(r, file), r, file, { checking = checking })
  end)
  if not ok then options.fail("%s", options.trim_traceback(tostring(g))) end
  return g
end

function replay.run(args)
  local p = options.parse(args, { step = "switch", quiet = "switch", check = "switch" })
  local file = p.positional[1]
  if not file then options.usage_error("replay needs a record file") end
  if p.positional[2] then options.usage_error("unexpected argument '%s'", p.positional[2]) end
  local r = read_record(file)
  term.setup_style()
  local g = new_game(r, file, p.flags.check)
  local step = p.flags.step and term.isatty(0)
  local seen = show_events(g, 1, p.flags.quiet)
  for i, a in ipairs(r.actions) do
    apply(g, file, i, a)
    if not p.flags.quiet then
      print(("%4d  %s: %s"):format(i, g.state.names[a[1]], shown(g.act[g.nact])))
    end
    seen = show_events(g, seen, p.flags.quiet)
    if p.flags.check then check_now(g, file, i) end
    if step and i < #r.actions then
      io.write("-- Enter for the next action, q to stop -- ")
      io.flush()
      local line = io.read("l")
      if not line or line:match("^%s*q") then return 0 end
    end
  end
  return replay.verdict(g, r, file)
end

-- Compares the replayed result with the record's 'result' line.
function replay.verdict(g, r, file)
  local res = g:result()
  local got = res and res.text or "no result (the record stops before the end)"
  print("result: " .. got)
  if r.result and (not res or r.result ~= res.text) then
    io.stderr:write(("talon replay: %s:%d: the record says '%s' but the replay gives '%s'\n")
      :format(file, r.lines.result, record.clip(r.result), got))
    return 1
  end
  if r.result then print("the replay matches the recorded result.") end
  return 0
end

return replay
