-- A bot that fails has its move played at random (docs/cli.md, `talon
-- sim`), and the report says why: the run's earliest failure, its match,
-- action, seat, bot and message, kept the same however the run is split
-- (one process, --jobs, --shard and talon merge).
local t = require "talon.host.testing"
local lab = require "talon.cli.lab"
local summary = require "talon.cli.summary"
local report = require "talon.cli.report"
local json = require "talon.cli.json"
local loader = require "talon.host.loader"

-- A bot that answers a card no deck has.
local LIAR = { name = "liar", choose = function() return "nonsense" end }

local function side_with_liar()
  local side = lab.side(assert(loader.load("hokm")), { game = "hokm", options = {} }, "random")
  side.blist[2], side.bot_names[2], side.all_random = LIAR, "liar", false
  return side
end

local function run_slice(side, i, n, games)
  local s = summary.new({ command = "sim", games = games, seed = 1 }, { side }, i, n)
  lab.run(s, { side }, i, n)
  return s
end

t.test("the first failure names its match, action, seat, bot and message", function()
  local side = side_with_liar()
  local g, failures, first = lab.play(side, 7)
  t.ok(failures > 0, "the liar's moves all fail")
  t.eq(first.seat, 2)
  t.eq(first.bot, "liar")
  t.eq(g.act_seat[first.action], 2, "the action numbered is the liar's move")
  for k = 1, first.action - 1 do t.ne(g.act_seat[k], 2, "no earlier move of the liar's") end
  t.ok(first.message:find("nonsense", 1, true), first.message)
  local s = run_slice(side_with_liar(), 1, 1, 3)
  t.eq(s.sides[1].first_failure.match, 1, "the earliest match of the run")
  local text = report.sim(s)
  local line = text:match("first bot failure: [^\n]*")
  t.ok(line and line:find("^first bot failure: match 1, action %d+, P2 %(liar%): ")
    and line:find("'nonsense'", 1, true) and line:find("; played at random$"), text)
end)

t.test("slices merge to the earliest failure, and it survives JSON", function()
  local whole = run_slice(side_with_liar(), 1, 1, 4)
  local a, b = run_slice(side_with_liar(), 2, 2, 4), run_slice(side_with_liar(), 1, 2, 4)
  t.eq(a.sides[1].first_failure.match, 2, "slice 2/2 starts at match 2")
  local function through_json(s) return summary.from(json.decode(json.encode(summary.data(s)))) end
  local merged = summary.merge(through_json(a), through_json(b))
  t.eq(json.encode(summary.data(merged)), json.encode(summary.data(whole)), "as one process")
  t.eq(merged.sides[1].first_failure.match, 1)
end)

t.test("a summary file's failure is checked", function()
  local d = summary.data(run_slice(side_with_liar(), 1, 1, 1))
  d.sides[1].first_failure.seat = "two"
  local ok, err = pcall(summary.from, d)
  t.ok(not ok and err:find("sides[1].first_failure.seat must be a whole number", 1, true), err)
  d.sides[1].first_failure = nil
  t.ok(summary.from(d).sides[1].first_failure == nil, "none is no failure")
end)
