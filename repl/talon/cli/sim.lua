-- talon.cli.sim: bot self-play with a summary (`talon sim`).
--
-- Every figure comes with its 95 % interval (talon.cli.report); the
-- summary is streaming (talon.host.stats: flat memory however many
-- matches), and the same for one process, --jobs N worker processes or
-- shards merged later (talon.cli.driver, talon merge): match k is seeded
-- from --seed and k alone (talon.cli.lab).
local options = require "talon.cli.options"
local lab = require "talon.cli.lab"
local driver = require "talon.cli.driver"
local report = require "talon.cli.report"

local sim = {}

-- What a run records of a side, so that slices of it can be told apart
-- from slices of another run (talon.cli.summary.merge).
function sim.side_run(side, params)
  return { game = side.key, options = params.options, players = side.nseats }
end

-- The fields of the JSON summary that earlier versions printed, for the
-- scripts that read them: wins and seat wins, undecided matches, bot
-- failures and hands; and every figure with its interval.
function sim.extra(s)
  local side = s.sides[1]
  local out = { game = side.name, players = side.players, seed = s.run.seed, bots = side.bots,
                wins = {}, seat_wins = {}, figures = report.figures(s)[1] }
  for j, m in ipairs(side.measures) do
    local x = side.accs[j].x
    local what, k = m.id:match("^([%w_]+)%.(%d+)$")
    if what == "wins" then out.wins[tonumber(k)] = x
    elseif what == "seat_wins" then out.seat_wins[tonumber(k)] = x
    elseif m.id == "undecided" then out.undecided = x
    elseif m.id == "bot_failures" then out.bot_failures = x
    elseif m.id == "hands" then out.hands = x end
  end
  return out
end

function sim.run(args)
  local def, params, p = options.game(args, driver.FLAGS)
  local f = driver.flags(p)
  params.hands = options.int(p, "hands", nil)
  local spec = p.flags.bots or "rule"
  local side = lab.side(def, params, spec)
  local run = { command = "sim", games = f.games, seed = params.seed, hands = params.hands,
                bots = spec, sides = { sim.side_run(side, params) } }
  return driver.go("sim", args, run, { side }, f, { text = report.sim, extra = sim.extra })
end

return sim
