-- talon.cli.replay: steps through a game record (`talon replay FILE`), prints
-- each action and the public events it caused, and checks that the game
-- replays to the recorded result. With --check every invariant of `talon
-- check` is asserted after every action (a check-failure record then shows
-- where it breaks). At a terminal, or with --step, the record is a lesson
-- to move through freely (talon.cli.lesson).
local options = require "talon.cli.options"
local record = require "talon.host.record"
local term = require "talon.cli.term"
local invariants = require "talon.host.invariants"
local lesson = require "talon.cli.lesson"
local ask = require "talon.cli.ask"
local tbl = require "talon.cli.table"
local sandbox = require "talon.host.sandbox"

local replay = {}

-- Prints the public events from index 'from'; returns the next index.
local function show_events(g, from, quiet)
  local evs = g:events(from)
  for i = from, #evs do
    local ev = evs[i]
    if ev.to == nil and ev.kind ~= "action" and not quiet then print("    · " .. ev.text) end
  end
  return #evs + 1
end

-- With --open: every seat's cards at the start of each hand.
local function show_hands(g)
  for s = 1, g:seats() do
    print(("    %s holds: %s"):format(g:name(s), tbl.hand_line(g:hand(s))))
  end
end

-- The invariants after action 'i' (a walk charged to the game's meter:
-- the game's own invariants and zones run under the budget); a hook that
-- raises or runs out of time fails the replay at that action.
local function check_now(g, file, i)
  local ok, bad = pcall(invariants.check, g)
  if not ok then
    options.fail("%s: after action %d: the check raised: %s", file, i,
      sandbox.error_text(bad))
  end
  if bad then options.fail("%s: after action %d: invariant broken: %s", file, i, bad) end
end

-- The whole record as data (--json): each action with its seat's name,
-- and the result with whether it matches the record.
local function json_run(r, def, file)
  local g = lesson.start(r, def, file)
  local acts = {}
  for i, a in ipairs(r.actions) do
    lesson.apply(g, file, i, a)
    acts[i] = { n = i, seat = a[1], name = g:name(a[1]), action = a[2] }
  end
  local res = g:result()
  local data = { game = def.name, actions = acts, result = res and res.text or nil,
                 recorded = r.result, matches = r.result == nil or (res and res.text) == r.result }
  print(require("talon.cli.json").encode(data))
  return data.matches and 0 or 1
end

local FLAGS = { step = "switch", quiet = "switch", check = "switch", open = "switch",
                seat = "value", json = "switch" }

function replay.run(args)
  local p = options.parse(args, FLAGS)
  local file = p.positional[1]
  if not file then options.usage_error("replay needs a record file") end
  if p.positional[2] then options.usage_error("unexpected argument '%s'", p.positional[2]) end
  local r, def = lesson.load(file)
  term.setup_style(p.flags)
  if p.flags.json then return json_run(r, def, file) end
  local plain = p.flags.quiet or p.flags.check
  if not plain and (p.flags.step or (term.isatty(0) and term.isatty(1))) then
    return lesson.run(r, def, file, p.flags)
  end
  local g = lesson.start(r, def, file, { checking = p.flags.check })
  local seen = show_events(g, 1, p.flags.quiet)
  local hand = -1 -- the hands finished (the host's count) when they were last shown
  for i, a in ipairs(r.actions) do
    if p.flags.open and g.hands_done ~= hand then
      hand = g.hands_done
      show_hands(g)
    end
    lesson.apply(g, file, i, a)
    if not p.flags.quiet then
      print(("%4d  %s: %s"):format(i, g:name(a[1]), ask.shown(g.act[g.nact])))
    end
    seen = show_events(g, seen, p.flags.quiet)
    if p.flags.check then check_now(g, file, i) end
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
