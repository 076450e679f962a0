-- `talon check`: random games with the invariants of talon.host.invariants
-- asserted after every action (every card in exactly one place, the mover
-- always has a legal action, games end, scores change only in scoring).
-- Commands run in a temporary directory: check writes its failure records
-- to the current one.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local fixtures = run.root .. "/tests/fixtures/broken_games/"

-- HOK-R1: the three forms (2, 3, 4 players), 200 games each.
t.test("every invariant holds for all three forms of Hokm", function()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out, err = run.talon { "check", "hokm", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("Hokm: 200 random games (seeds 1-200,", 1, true), out)
  end
end)

-- HOS-R4, HOS-R6: 200 random Hosgin matches (the game's check.options),
-- card conservation after every action and 500 card points every deal;
-- a house rule that loses the last trick's 20 points is caught.
t.test("talon check hosgin: 200 matches, and a variant that loses points", function()
  local code, out, err = run.talon { "check", "hosgin", "--games", "200" }
  t.eq(code, 0, err)
  t.ok(out:find("Hosgin: 200 random games (seeds 1-200,", 1, true), out)
  t.ok(out:find("200 matches finished", 1, true), out)
  local dir = run.tmpdir()
  local bcode, _, berr = run.talon({ "check", fixtures .. "hosgin_loses_points.lua",
    "--games", "5" }, nil, dir)
  t.eq(bcode, 1, "a broken invariant exits 1")
  t.ok(berr:find("HOS%-R6: deal %d+ gave out 480 card points, not 500"), berr)
  run.rmdir(dir)
end)

-- HOK-R5: a match ends at the target; --hands bounds a game to fewer
-- hands, and every hand must still end.
t.test("--hands bounds the hands of each game", function()
  local code, out = run.talon { "check", "hokm", "--games", "20", "--hands", "1" }
  t.eq(code, 0)
  t.ok(out:find("0 matches finished, 20 stopped at --hands 1", 1, true), out)
end)

t.test("a variant file is checked by its path", function()
  local code, out = run.talon { "check", run.root .. "/games/hokm-all-tricks.lua",
    "--games", "20", "--seed", "50" }
  t.eq(code, 0)
  t.ok(out:find("Hokm (all tricks): 20 random games (seeds 50-69,", 1, true), out)
end)

-- A game that drops the cards of a trick breaks card conservation: the
-- report names the card, the seed and the record, and the record replays
-- to the same broken position.
t.test("a broken invariant is reported with its seed and a record", function()
  local dir = run.tmpdir()
  local code, out, err = run.talon({ "check", fixtures .. "lose_card.lua", "--games", "5" },
    nil, dir)
  t.eq(code, 1, "exit code")
  t.eq(out, "", "no success line")
  t.ok(err:find("invariant broken in game with seed 1:", 1, true), err)
  t.ok(err:find("card %w+ is in 0 places"), err)
  t.ok(err:find("talon replay --check check-failure-1.rec", 1, true), err)
  local rcode, _, rerr = run.talon({ "replay", "--check", "check-failure-1.rec" }, nil, dir)
  t.eq(rcode, 1, "the replay fails too")
  t.ok(rerr:find("after action %d+: invariant broken: card %w+ is in 0 places"), rerr)
  run.rmdir(dir)
end)

t.test("a score changed during play is reported", function()
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "check", fixtures .. "score_in_play.lua" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("scores changed outside 'score'", 1, true), err)
  run.rmdir(dir)
end)

-- Errors in a game file come out as file:line: message with the game's
-- part of the traceback, plus the seed and a record ending in the action
-- that raised.
t.test("a hook that raises is reported as file:line with a traceback", function()
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "check", fixtures .. "runtime_error.lua" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("game with seed 1 raised an error:", 1, true), err)
  t.ok(err:find("runtime_error.lua:14: attempt to index a nil value", 1, true), err)
  t.ok(err:find("stack traceback (game code):", 1, true), err)
  t.ok(not err:find("stdlib/talon/", 1, true), "framework frames left out")
  local f = assert(io.open(dir .. "/check-failure-1.rec"))
  local rec = f:read("a")
  f:close()
  t.ok(rec:find("# raised the error", 1, true), rec)
  local rcode, _, rerr = run.talon({ "replay", "check-failure-1.rec" }, nil, dir)
  t.eq(rcode, 1, "replay reproduces it")
  t.ok(rerr:find("raised an error:.*runtime_error.lua:14:"), rerr)
  run.rmdir(dir)
end)

-- What sim and the table meet is checked too: a view hook that raises
-- (play would stop at its first table), a refusal citing a rule the game
-- does not define (explain could not show it), half a point (scores are
-- whole numbers: docs/framework.md, "Scores").
t.test("check meets the view hook, the refusals' rules and whole scores", function()
  local dir = run.tmpdir()
  local cases = {
    { "view_raises.lua",
      "phase play, the view of seat 1: .-view_raises%.lua:10: attempt to index" },
    { "cites_unknown_rule.lua", "phase play: the refusal of %w+ cites rule HC%-R9, which the game"
      .. " does not define %(its rules are HC%-R1%)" },
    { "half_points.lua", "half_points%.lua:13: score: points must be a whole number, got 2%.5" },
  }
  for _, c in ipairs(cases) do
    local code, _, err = run.talon({ "check", fixtures .. c[1], "--games", "5" }, nil, dir)
    t.eq(code, 1, c[1])
    t.ok(err:find(c[2]), err)
    t.ok(err:find("check-failure-1.rec", 1, true), err)
  end
  run.rmdir(dir)
end)

-- docs/writing-a-game.md: a typo never silently does nothing, in a trick
-- phase's spec too ("evnet" would log no trick events); and a score set
-- directly to half a point is refused after the score hook, naming the side.
t.test("a trick phase's unknown key and a score that is not whole are refused", function()
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "check", fixtures .. "spec_typo.lua" }, nil, dir)
  t.eq(code, 1, err)
  t.ok(err:find("spec_typo.lua:11: tricks.phase: unknown key 'evnet' (known keys are check,", 1,
    true), err)
  code, _, err = run.talon({ "check", fixtures .. "half_score_set.lua", "--games", "2" }, nil, dir)
  t.eq(code, 1, err)
  t.ok(err:find("side %d's score is %d+%.5 after the score hook, not a whole number"), err)
  run.rmdir(dir)
end)

-- A hook that never returns is stopped by the time budget, not hung.
t.test("a game that hangs is stopped", function()
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "check", fixtures .. "endless.lua", "--games", "1" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("endless.lua:%d+: time budget of %d+ ms exceeded"), err)
  run.rmdir(dir)
end)
