-- talon.cli.compare: two games, variants or option sets simulated on the
-- same seeds, side by side (`talon compare A B`).
--
--   talon compare hokm hokm -o target=10
--   talon compare games/hokm.lua games/hokm-all-tricks.lua --games 100000
--
-- -o and --players belong to the game they follow (before the second
-- game: A; after it: B); every other flag (--games, --seed, --bots,
-- --hands, --jobs, --shard, --json) is the run's. Match k of both sides
-- has the same seed (talon.cli.lab), so where their rules deal alike they
-- deal the same cards and the paired difference of every statistic is
-- sharper than either figure (talon.host.estimate).
local options = require "talon.cli.options"
local lab = require "talon.cli.lab"
local driver = require "talon.cli.driver"
local report = require "talon.cli.report"
local sim = require "talon.cli.sim"

local compare = {}

local SIDE = { o = true, players = true }
local VALUE = { seed = true, games = true, bots = true, hands = true, jobs = true, shard = true }

-- Splits the words into those of A, of B, and of the run. A game's
-- options stay with it, the run's flags go to both parsers.
local function split(args)
  local a, b, common, games = {}, {}, {}, 0
  local i = 1
  while i <= #args do
    local w = args[i]
    local name, inline = w:match("^%-%-?([%a][%w_-]*)(=?)")
    if w:match("^%-o.") and not w:match("^%-%-") then name, inline = "o", "=" end
    local take = name and (SIDE[name] or VALUE[name]) and inline == "" and args[i + 1]
    local words = { w, take and args[i + 1] or nil }
    if take then i = i + 1 end
    local into = common
    if not name and not w:match("^%-.") then
      games = games + 1
      into = games == 1 and a or games == 2 and b or common
    elseif name and SIDE[name] then
      into = games >= 2 and b or a
    end
    for _, x in ipairs(words) do into[#into + 1] = x end
    i = i + 1
  end
  if games < 2 then
    options.usage_error("compare needs two games, e.g. 'talon compare hokm hokm -o target=10'")
  end
  for _, x in ipairs(common) do
    a[#a + 1], b[#b + 1] = x, x
  end
  return a, b
end

function compare.extra(s)
  local f = report.figures(s)
  return { figures = { a = f[1], b = f[2] }, differences = report.differences(s) }
end

function compare.run(args)
  local wa, wb = split(args)
  local def_a, params_a, p = options.game(wa, driver.FLAGS)
  local def_b, params_b = options.game(wb, driver.FLAGS)
  local f = driver.flags(p)
  local hands = options.int(p, "hands", nil)
  params_a.hands, params_b.hands = hands, hands
  local spec = p.flags.bots or "rule"
  local a = lab.side(def_a, params_a, spec, math.huge)
  local b = lab.side(def_b, params_b, spec, math.huge)
  local bots = require "talon.cli.bots"
  local names, most = #bots.names(spec), math.max(a.nseats, b.nseats)
  if names > most then bots.unused_note(names, most) end -- as bots.list notes it
  local run = { command = "compare", games = f.games, seed = params_a.seed, hands = hands,
                bots = spec, sides = { sim.side_run(a, params_a), sim.side_run(b, params_b) } }
  return driver.go("compare", args, run, { a, b }, f,
    { text = report.compare, extra = compare.extra })
end

return compare
