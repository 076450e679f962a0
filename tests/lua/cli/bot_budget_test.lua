-- Budgets on game code (docs/security.md): every call into a bot runs
-- under the per-call budget, and each seat's bot has a total budget per
-- game, so a bot that loops costs its per-call budget until the total is
-- spent and nothing after that: its moves are then made at random.
local t = require "talon.host.testing"
local sandbox = require "talon.host.sandbox"
local loader = require "talon.host.loader"
local bots = require "talon.cli.bots"
local game = require "talon.game"
local talon = require "talon"

local looping = { name = "looping", choose = function() while true do end end }

t.test("a looping bot is stopped by its total budget, then costs nothing", function()
  local budget, total = sandbox.budget(), sandbox.total_ms
  sandbox.set_budget(40)
  sandbox.total_ms = 150
  local ok, err = pcall(function()
    local g = game.new(assert(loader.load("hokm")), { seed = 1, quiet = true })
    local rng = talon.rng(1)
    local reasons = {}
    for i = 1, 24 do -- six moves per seat: each seat's bot has its own meter
      local _, _, failure = bots.move(looping, g, g:mover(), rng)
      reasons[i] = failure
    end
    local stopped = 0 -- moves that ran into the per-call budget
    for _, r in ipairs(reasons) do
      if r:find("ms exceeded", 1, true) then stopped = stopped + 1 end
    end
    t.ok(reasons[1]:find("time budget of 40 ms exceeded", 1, true), reasons[1])
    t.ok(reasons[24]:find("bot 'looping' (seat", 1, true)
      and reasons[24]:find("total time budget of 150 ms used up", 1, true), reasons[24])
    -- about four calls of 40 ms spend a seat's 150 ms (fewer on a machine
    -- busy with other work, where a call's wall time outgrows its share);
    -- its later moves fail at once, without running the bot
    t.ok(stopped >= 4 and stopped <= 4 * 5, ("%d of 24 moves ran the bot"):format(stopped))
    t.eq(g.nact, 24, "every move was made (at random)")
  end)
  sandbox.set_budget(budget)
  sandbox.total_ms = total
  if not ok then error(err, 0) end
end)

-- The program's --budget sets the per-call budget: a hook that never
-- returns is stopped after it, and the message says so.
t.test("talon --budget MS sets the budget of one call into game code", function()
  local run = require "tests.lua.cli.run"
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "--budget", "150", "check",
    run.root .. "/tests/fixtures/broken_games/endless.lua", "--games", "1" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("endless.lua:%d+: time budget of 150 ms exceeded"), err)
  local bcode, _, berr = run.talon({ "--budget", "0", "list" })
  t.eq(bcode, 2, "a budget of 0 is a usage error")
  t.ok(berr:find("bad budget", 1, true), berr)
  run.rmdir(dir)
end)
