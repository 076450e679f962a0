-- `talon compare A B`: two sides on the same seeds, every statistic side by
-- side with the paired difference, its interval and a verdict.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function compare(...)
  local code, out, err = run.talon { "compare", ... }
  t.eq(code, 0, "exit code: " .. err)
  return out
end

-- The same game twice: common random numbers make every match identical,
-- so every difference is exactly 0 ("the same"), never noise.
t.test("a game against itself is the same, exactly", function()
  local out = compare("hokm", "hokm", "--games", "40", "--bots", "random")
  t.ok(out:find("Verdict: no real difference shown", 1, true), out)
  t.ok(not out:find("no difference shown", 1, true), "every row: the same")
  local _, n = out:gsub("the same", "")
  t.ok(n >= 10, "every statistic is the same: " .. out)
end)

-- HOK-R5: a target of 10 makes matches longer, and the verdict says so.
t.test("a longer target: more hands per match, a real difference", function()
  local out = compare("hokm", "hokm", "-o", "target=10", "--games", "200", "--bots", "random")
  t.ok(out:find("B: Hokm (hokm, 4 players) -o target=10", 1, true), out)
  t.ok(out:find("hands per match: [%d.]+ ± [%d.]+ instead of [%d.]+ ± [%d.]+: a real difference"),
    out)
  t.ok(out:find("Hakem's side wins%s+[%d.]+ %% ± [%d.]+%s+[%d.]+ %% ± [%d.]+%s+[-+][%d.]+ %% ± "),
    "a proportion's row: " .. out)
end)

-- HOK-R1: with four players side 1 is P1+P3, with three P1 alone; the
-- two "side 1 wins" are different figures and are never paired (their
-- difference would be a partnership's rate against a player's).
t.test("sides of other players are not paired: each its own row", function()
  local out = compare("hokm", "hokm", "--players", "3", "--games", "40", "--bots", "random")
  t.ok(out:find("\n  side 1 %(P1%+P3%) wins +[%d.]+ %% ± [%d.]+ +— +—\n"), out)
  t.ok(out:find("\n  side 1 %(P1%) wins +— +[%d.]+ %% ± [%d.]+ +— *\n"), out)
  t.ok(out:find("hands per match +[%d.]+ ± [%d.]+ +[%d.]+ ± [%d.]+ +[-+]"), out)
end)

-- A variant file against its base, and a statistic only one side has.
t.test("a variant file against its base; the options go with their game", function()
  local out = compare("games/hokm.lua", "-o", "target=3", "games/hokm-all-tricks.lua",
    "-o", "target=3", "--games", "60", "--bots", "random")
  t.ok(out:find("A: Hokm (games/hokm.lua, 4 players) -o target=3", 1, true), out)
  t.ok(out:find("tricks per hand%s+[%d.]+ ± [%d.]+%s+13%.0+ ± 0%.0+"), "13 tricks in B: " .. out)
  t.ok(out:find("tricks per hand: 13", 1, true), "listed among the real differences")
  local code, _, err = run.talon { "compare", "hokm" }
  t.eq(code, 2)
  t.ok(err:find("compare needs two games", 1, true), err)
  code, _, err = run.talon { "compare", "hokm", "nosuch" }
  t.eq(code, 2, err)
end)

-- --jobs and --shard work as in sim: the same bytes, slices that merge.
t.test("jobs and shards give the one-process comparison", function()
  local args = { "hokm", "hokm", "--players", "3", "--games", "21", "--bots", "random",
                 "--seed", "4" }
  local one = compare(table.unpack(args))
  args[#args + 1], args[#args + 2] = "--jobs", "2"
  t.eq(compare(table.unpack(args)), one, "--jobs 2")
  local dir = run.tmpdir()
  local files = {}
  for i = 1, 2 do
    args[#args - 1], args[#args] = "--shard", i .. "/2"
    files[i] = dir .. "/c" .. i .. ".json"
    local f = assert(io.open(files[i], "w"))
    f:write(compare(table.unpack(args)))
    f:close()
  end
  local code, merged = run.talon { "merge", files[2], files[1] }
  t.eq(code, 0)
  t.eq(merged, one, "merged shards")
  local json = compare("hokm", "hokm", "-o", "target=2", "--games", "10", "--json")
  t.ok(json:find('"differences":{', 1, true), "JSON: the differences")
  t.ok(json:find('"verdict":"', 1, true), "with verdicts")
  run.rmdir(dir)
end)
