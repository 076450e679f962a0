-- replay.lua: the replay and the command line shared by the OpenSpiel
-- parity replayers (openspiel_hearts.lua, openspiel_euchre.lua). A
-- replayer gives its trace reader, the field of an act holding the action,
-- the hand's result (a subject method and the trace fields holding the
-- expected values and their line) and its two subjects (the game through
-- the framework, and the plain Lua reference); replay.main reads the
-- arguments, replays every hand of every trace and prints
-- "N hands, M steps, K mismatches", exiting 1 on any mismatch.
local replay = {}

local mismatches, shown, max_shown = 0, 0, 10

local function mismatch(h, line, step, what, want, got)
  mismatches = mismatches + 1
  if shown >= max_shown then return end
  shown = shown + 1
  print(("%s:%d: seed %d, step %d: %s: expected %s, got %s")
    :format(h.file, line, h.seed, step, what, want, got))
end

local function seat_text(s) return s == nil and "none (game over)" or "seat " .. tostring(s) end

-- Calls f(...) and returns true and its results, or false and the error
-- text.
local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  if not r[1] then return false, tostring(r[2]) end
  return table.unpack(r, 1, r.n)
end

-- Replays hand 'h' on a subject made by 'new'; returns the steps compared.
local function replay_hand(spec, h, new)
  local set_text = spec.trace.set_text
  local ok, sub = try(new, h)
  if not ok then
    mismatch(h, h.line, 0, "setup", "a new game", "error: " .. sub)
    return 0
  end
  for step, a in ipairs(h.acts) do
    local mok, mover = try(sub.mover, sub)
    if not mok or mover ~= a.seat then
      mismatch(h, a.line, step, "mover", seat_text(a.seat), mok and seat_text(mover) or mover)
      return step
    end
    local lok, legal = try(sub.legal, sub)
    if not lok then
      mismatch(h, a.line, step, "legal", "{" .. set_text(a.legal) .. "}", "error: " .. legal)
      return step
    end
    local want, got = set_text(a.legal), set_text(legal)
    if want ~= got then
      mismatch(h, a.line, step, "legal", "{" .. want .. "}", "{" .. got .. "}")
    end
    local action = a[spec.act]
    local pok, err = try(sub.play, sub, action)
    if not pok then
      mismatch(h, a.line, step, "play " .. action, "accepted", "error: " .. err)
      return step
    end
  end
  local steps = #h.acts
  local ook, over = try(sub.over, sub)
  if not (ook and over) then
    mismatch(h, h.end_line, steps, "after the last act", "the hand over",
      ook and "the game goes on" or over)
    return steps
  end
  local r = spec.result
  local rok, got_list = try(sub[r.method], sub)
  local want = table.concat(h[r.field], " ")
  local got = rok and table.concat(got_list, " ", 1, math.min(#got_list, 8))
    or "error: " .. got_list
  if want ~= got then mismatch(h, h[r.field .. "_line"], steps, r.field, want, got) end
  return steps
end

-- The command line: [--reference] [--game NAME] [--max K] TRACE...
function replay.main(spec, args)
  local files, game_name, use_ref = {}, spec.name, false
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--reference" then use_ref = true
    elseif a == "--game" then i = i + 1; game_name = args[i]
    elseif a == "--max" then i = i + 1; max_shown = math.tointeger(tonumber(args[i] or "")) or 10
    elseif a:sub(1, 2) == "--" then error("unknown option " .. a, 0)
    else files[#files + 1] = a end
    i = i + 1
  end
  if #files == 0 or not game_name then
    io.stderr:write(("usage: talon run openspiel_%s.lua [--reference] [--game NAME] "
      .. "[--max K] TRACE...\n"):format(spec.name))
    os.exit(2, true)
  end
  local new, problems
  if use_ref then
    new, problems = spec.reference_subject()
  else
    new, problems = spec.talon_subject(game_name)
  end
  for _, p in ipairs(problems) do
    mismatches = mismatches + 1
    print(game_name .. ": " .. p)
  end
  local nhands, nsteps = 0, 0
  for _, path in ipairs(files) do
    for _, h in ipairs(spec.trace.read(path)) do
      if h.game ~= spec.name then
        error(("%s:%d: not a %s trace"):format(path, h.line, spec.title), 0)
      end
      nhands = nhands + 1
      nsteps = nsteps + replay_hand(spec, h, new)
    end
  end
  if mismatches > shown + #problems then
    print(("(%d more mismatches not shown)"):format(mismatches - shown - #problems))
  end
  print(("%d hands, %d steps, %d mismatches"):format(nhands, nsteps, mismatches))
  if mismatches > 0 then os.exit(1, true) end
end

return replay
