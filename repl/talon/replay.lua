-- talon.replay: steps through a game record (`talon replay FILE`).
local options = require "talon.options"
local record = require "talon.record"
local loader = require "talon.loader"
local game = require "talon.game"
local term = require "talon.term"

local replay = {}

function replay.run(args)
  local p = options.parse(args, { step = "switch", quiet = "switch" })
  local file = p.positional[1]
  if not file then options.usage_error("replay needs a record file") end
  local f, err = io.open(file, "r")
  if not f then error({ usage = err }, 0) end
  local text = f:read("a")
  f:close()
  local r = record.read(text)
  term.setup_style()
  local def, where = loader.load(r.file or r.game)
  if not def then error({ usage = where }, 0) end
  local g = game.new(def, { options = r.options, seed = r.seed, deal = r.deal,
    hands = r.hands, file = r.file, game = r.game })
  local step = p.flags.step and term.isatty(0)
  local seen = 1
  local function show()
    local evs = g:events(seen)
    for i = seen, #evs do
      if evs[i].to == nil and not p.flags.quiet then print("  · " .. evs[i].text) end
    end
    seen = #evs + 1
  end
  show()
  for i, a in ipairs(r.actions) do
    if g:mover() ~= a[1] then
      error(("%s: action %d: seat %d acts but seat %s is to move"):format(file, i, a[1],
        tostring(g:mover())), 0)
    end
    local ok, v = g:try(a[2])
    if not ok then error(("%s: action %d (%s) is illegal: %s"):format(file, i, a[2],
      tostring(v)), 0) end
    show()
    if step then io.write("-- Enter for the next action --"); io.read("l") end
  end
  local res = g:result()
  local got = res and res.text or "no result"
  print("result: " .. got)
  if r.result and r.result ~= got then
    io.stderr:write(("talon replay: the record says '%s' but the replay gives '%s'\n")
      :format(r.result, got))
    return 1
  end
  if r.result then print("the replay matches the recorded result.") end
  return 0
end

return replay
