-- talon.cli.analyse: the search's estimate of every legal action at one
-- point of a game record (`talon analyse RECORD [--at N]`).
--
-- The record is replayed to the point after its first N actions (by
-- default the record's last decision: before the last action whose mover
-- had more than one choice) and
-- the search, knowing only what the mover knew there, plays out futures
-- of every legal action under the record's own rules (a variant's house
-- rules included). The action the record played next is marked.
local options = require "talon.cli.options"
local advice = require "talon.cli.advice"
local term = require "talon.cli.term"
local search = require "talon.host.search"

local analyse = {}

-- The number of actions before the record's last decision: the last
-- action whose mover had more than one choice (copies of a card are one);
-- before the last action when none had.
local function last_decision(r, file)
  local g, at = advice.start(r, file), math.max(0, #r.actions - 1)
  local found
  for i = 1, #r.actions do
    if not g:over() and #search.distinct(g:legal(), 2) > 1 then found = i - 1 end
    advice.step(g, r, file, i)
  end
  return found or at
end

function analyse.run(args)
  local p = options.parse(args, { at = "value", budget = "value" })
  local file = p.positional[1]
  if not file then options.usage_error("analyse needs a record file") end
  if p.positional[2] then options.usage_error("unexpected argument '%s'", p.positional[2]) end
  local r = advice.read(file)
  term.setup_style(p.flags)
  local n = #r.actions
  local at = p.flags.at and options.int(p, "at", 0, 0) or last_decision(r, file)
  if at > n then
    options.usage_error("--at %d: the record has %d actions", at, n)
  end
  local opts = advice.budget(p.flags.budget)
  opts.seed = options.seed(p.flags.seed or "1")
  local g = advice.start(r, file)
  opts.model = advice.model(opts, r, g)
  for i = 1, at do advice.step(g, r, file, i) end
  if g:over() then options.fail("%s: the game is over after %d actions", file, at) end
  local seat = g:mover()
  local next_a = r.actions[at + 1]
  local played = next_a and next_a[1] == seat and g:parse(next_a[2]) or nil
  local probe = advice.estimate(g, { playouts = 1, seed = opts.seed })
  opts.keep = played and advice.index(probe, played) or nil
  opts.even = true -- a table whose rows can be compared
  local est = advice.estimate(g, opts)
  print(("%s, %d players: %s after %d of %d actions; %s, %s to move"):format(g.def.name,
    g:seats(), file, at, n, advice.where(g), g:name(seat)))
  print(("  %s holds %s"):format(g:name(seat), tostring(g:hand(seat))))
  if #est.actions == 1 then
    print("  one legal action: " .. advice.shown(est.actions[1]))
    return 0
  end
  print(("search: %d futures over %d deals of the unseen cards (seed %s)"):format(est.playouts,
    est.deals, tostring(opts.seed)))
  print("  " .. advice.unit(g, seat))
  for _, line in ipairs(advice.lines(est, opts.keep)) do print(line) end
  return 0
end

return analyse
