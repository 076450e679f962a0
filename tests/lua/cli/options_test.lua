-- The command line shared by play, sim, check and rules (docs/cli.md
-- "Common options"): every mistake is one line on stderr naming the
-- argument at fault, with exit code 2; a game file that does not load is
-- exit 1 with the file and line.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function usage(args, pattern)
  local code, out, err = run.talon(args)
  t.eq(code, 2, table.concat(args, " ") .. ": exit code")
  t.ok(err:find(pattern), ("'%s' in: %s"):format(pattern, err))
  t.eq(run.count(err, "\n"), 1, "one line: " .. err)
  t.eq(out, "", "nothing on stdout")
end

-- HOK-R1: Hokm is played by 2, 3 or 4; other counts are refused by name.
t.test("--players outside the game's counts", function()
  usage({ "sim", "hokm", "--players", "5" }, "Hokm is for 4, 3, 2 players, not 5")
  usage({ "play", "hokm", "--players", "four" }, "%-%-players needs a number, got 'four'")
end)

t.test("-o: unknown option lists the game's options", function()
  usage({ "sim", "hokm", "-o", "nosuch=1" },
    "Hokm has no option 'nosuch'; its options are play_all_tricks, players, removed_two, target")
  usage({ "check", "hokm", "-o", "target" }, "%-o needs key=value, got 'target'")
end)

t.test("-o values are parsed by the type of the option's default", function()
  usage({ "sim", "hokm", "-o", "target=ten" }, "option 'target' needs an integer, got 'ten'")
  usage({ "sim", "hokm", "-o", "play_all_tricks=maybe" },
    "option 'play_all_tricks' needs true or false, got 'maybe'")
  -- HOK-R12: the removed two is one of the four twos (the option's values)
  usage({ "rules", "hokm", "-o", "removed_two=3C" }, "option 'removed_two' cannot be 3C")
  local code, out = run.talon { "rules", "hokm", "-oplay_all_tricks=yes", "-o", "target=5" }
  t.eq(code, 0, "valid values")
  t.ok(out:find("*-o play_all_tricks=true", 1, true), out)
  t.ok(out:find("*-o target=5", 1, true), out)
end)

t.test("unknown flags, missing values and games", function()
  usage({ "check", "hokm", "--frobnicate" }, "unknown option '%-%-frobnicate'")
  usage({ "sim", "hokm", "--seed" }, "option '%-%-seed' needs a value")
  usage({ "sim", "hokm", "--games", "0" }, "%-%-games needs an integer of at least 1, got '0'")
  usage({ "sim", "hokm", "--bots", "clever" }, "unknown bot 'clever'")
  usage({ "play", "nosuchgame" }, "no game 'nosuchgame'")
  usage({ "play" }, "which game%?")
  usage({ "sim", "hokm", "hosgin" }, "unexpected argument 'hosgin'")
  usage({ "play", "hokm", "--players", "3", "--seat", "4" }, "%-%-seat must be 1..3, got 4")
end)

-- --bots gives seat k the k-th name, the list repeated: a name past the
-- last seat plays nowhere, and a note says so (one list may serve several
-- table sizes; in a comparison, past the larger table's seats).
t.test("--bots with more names than seats", function()
  local code, _, err = run.talon { "sim", "hokm", "--bots", "rule,random,rule,random,rule",
    "--games", "1" }
  t.eq(code, 0, err)
  t.ok(err:find("^note: %-%-bots names 5 bots for 4 seats; the last 1 play no seat\n"), err)
  code, _, err = run.talon { "compare", "hokm", "hokm", "--players", "3", "--bots",
    "random,random,random,random,rule", "--games", "1" }
  t.eq(code, 0, err)
  t.ok(err:find("^note: %-%-bots names 5 bots for 4 seats; the last 1 play no seat\n"), err)
  code, _, err = run.talon { "compare", "hokm", "hokm", "--players", "3", "--bots",
    "random,random,random,random", "--games", "2" }
  t.eq(code, 0, err)
  t.ok(not err:find("note:", 1, true), "four names: every one plays at the larger table")
end)

t.test("--help shows the command's own options", function()
  local code, out = run.talon { "sim", "--help" }
  t.eq(code, 0)
  t.ok(out:find("usage: talon sim GAME", 1, true), out)
  t.ok(out:find("--json", 1, true), out)
end)

-- A game file with a mistake: the message names the file and the line.
t.test("a broken game file is exit 1 with file:line", function()
  local dir = run.root .. "/tests/fixtures/broken_games/"
  local code, _, err = run.talon { "check", dir .. "syntax_error.lua" }
  t.eq(code, 1, "exit code")
  t.ok(err:find("syntax_error.lua:3: '}' expected", 1, true), err)
  code, _, err = run.talon { "rules", dir .. "unknown_global.lua" }
  t.eq(code, 1, "exit code")
  t.ok(err:find("unknown_global.lua:4: unknown global 'sets'", 1, true), err)
  t.ok(err:find("stack traceback", 1, true), "with a traceback")
end)
