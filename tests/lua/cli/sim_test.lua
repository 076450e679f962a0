-- `talon sim`: bot self-play is deterministic for a seed, every figure has
-- its interval, the summary is the same however the run is split (--jobs,
-- --shard and talon merge), Ctrl-C prints the summary so far, and the
-- rule-of-thumb Hokm bot (games/bots/hokm.lua) beats the random player.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"
local program = require "tests.lua.repl.program"

local function sim_json(...)
  local code, out, err = run.talon { "sim", "hokm", "--json", ... }
  t.eq(code, 0, "exit code: " .. err)
  t.ok(err:find("matches in", 1, true), "the timing goes to stderr")
  return out
end

-- Same seed, same matches: match k is seeded from the seed and k alone.
t.test("the same seed gives the same results", function()
  local args = { "--games", "40", "--seed", "5", "--bots", "random" }
  local a, b = sim_json(table.unpack(args)), sim_json(table.unpack(args))
  t.eq(a, b, "identical summaries")
  t.ok(a:find('"matches":40', 1, true), a)
  t.ok(a:find('"seed":5', 1, true), a)
  t.ne(sim_json("--games", "40", "--seed", "6", "--bots", "random"), a, "another seed differs")
  local r1 = sim_json("--games", "15", "--seed", "x", "--players", "3")
  t.eq(sim_json("--games", "15", "--seed", "x", "--players", "3"), r1, "rule bots, text seed")
end)

-- HOK-R10: a match is won by the side that reaches the target first; the
-- summary counts each match once, for one side.
t.test("the summary adds up", function()
  local out = sim_json("--games", "30", "--seed", "2", "--bots", "random", "--players", "3")
  local total = 0
  for wins in out:match('"wins":%[([%d,]+)%]'):gmatch("%d+") do total = total + tonumber(wins) end
  t.eq(total, 30, "every match has one winner")
  local code, text = run.talon { "sim", "hokm", "--games", "30", "--seed", "2",
    "--bots", "random", "--players", "3" }
  t.eq(code, 0)
  t.ok(text:find("side 1 (P1) wins", 1, true), text)
  t.ok(text:find("hands per match%s+[%d.]+ ± [%d.]+"), "a mean with its interval: " .. text)
  t.ok(text:find("wins%s+[%d.]+ %% ± [%d.]+"), "a proportion with its interval")
end)

-- BUR-R13: a Bura session ends with the chips counted, and when the most
-- are tied nobody wins (games/common/pot.lua); the report then gives each
-- side's wins among the matches that had a winner as well.
t.test("a pot game's wins of the matches with a winner", function()
  local code, text = run.talon { "sim", "bura", "--games", "60", "--seed", "3", "--bots",
    "random" }
  t.eq(code, 0, text)
  local und = tonumber(text:match("matches without a winner%s+([%d.]+) %%"))
  t.ok(und and und > 0, "some sessions end tied at seed 3: " .. text)
  local decided = 60 - math.floor(und * 60 / 100 + 0.5)
  local sum = 0
  for s = 1, 3 do
    local all = tonumber(text:match(("side %d %%(P%d%%) wins%%s+([%%d.]+) %%%%"):format(s, s)))
    local label = ("side %d (P%d) wins of the %d with a winner"):format(s, s, decided)
    local at = text:find(label, 1, true)
    t.ok(at, label .. " in: " .. text)
    local share = tonumber(text:match("^%s+([%d.]+) %%", at + #label))
    t.ok(math.abs(share - all * 60 / decided) < 0.2,
      ("side %d: %.1f %% of all matches is %.1f %% of the decided"):format(s, all, share))
    sum = sum + share
  end
  t.ok(math.abs(sum - 100) < 0.2, "the decided matches are all won by someone: " .. sum)
  local _, plain = run.talon { "sim", "hokm", "--games", "10", "--bots", "random" }
  t.ok(not plain:find("with a winner", 1, true), "no such rows when every match has a winner")
end)

-- HOK-R10: in every four-player hand exactly one side scores, 1, 2 (Kot) or
-- 3 (Hakem Koti) points; the per-hand distribution shows it.
t.test("points per hand: one side scores 1 to 3 in every hand", function()
  local out = sim_json("--games", "20", "--seed", "4")
  local hands = tonumber(out:match('"hands":(%d+)'))
  local scored, total = 0, { 0, 0 }
  local all = out:match('"sums":(%b{})')
  for side = 1, 2 do
    local sums = all:match('"hand_points%.' .. side .. '":(%b{})')
    for value, count in sums:match('"hist":(%b[])'):gmatch('%[(%-?%d+),(%d+)%]') do
      value, count = tonumber(value), tonumber(count)
      t.ok(value >= 0 and value <= 3, "HOK-R10 scores are 0 to 3, got " .. value)
      total[side] = total[side] + count
      if value > 0 then scored = scored + count end
    end
  end
  t.eq(total[1], hands, "side 1: one entry per hand")
  t.eq(total[2], hands, "side 2: one entry per hand")
  t.eq(scored, hands, "exactly one side scores in each hand")
  local code, text = run.talon { "sim", "hokm", "--games", "5", "--seed", "4" }
  t.eq(code, 0)
  t.ok(text:find("points per hand%s+[%d.]+ ± [%d.]+%s+0 ×%d+, 1 ×%d+"), text)
end)

-- The statistics Hokm declares (games/hokm.lua) are counted and printed.
t.test("the game's own statistics", function()
  local code, text = run.talon { "sim", "hokm", "--games", "50", "--bots", "random" }
  t.eq(code, 0)
  for _, name in ipairs { "Hakem's side wins (of hands)", "Kot (of hands)",
                          "Hakem Koti (of hands)", "tricks per hand" } do
    t.ok(text:find(name, 1, true), name .. " in " .. text)
  end
end)

-- The issue's promise: --jobs N prints byte for byte what one process
-- prints, text and JSON, because matches are seeded by their index.
t.test("--jobs 2 and --jobs 3 print what --jobs 1 prints", function()
  for _, extra in ipairs { {}, { "--json" } } do
    local base = { "sim", "hokm", "--games", "31", "--seed", "9", "--bots", "random,rule" }
    local function with(jobs)
      local args = { table.unpack(base) }
      for _, a in ipairs(extra) do args[#args + 1] = a end
      args[#args + 1], args[#args + 2] = "--jobs", jobs
      local code, out, err = run.talon(args)
      t.eq(code, 0, err)
      return out, err
    end
    local one = with("1")
    local two, err = with("2")
    t.eq(two, one, "--jobs 2")
    t.ok(err:find("(2 jobs)", 1, true), err)
    t.eq((with("3")), one, "--jobs 3")
  end
end)

-- A worker that fails says why on stderr; the parent stops the others and
-- adds one line, exit 1.
t.test("a failing worker fails the run with its own message", function()
  local code, _, err = run.talon { "--budget", "300", "sim",
    run.root .. "/tests/hostile/sim/bad_stat_count.lua", "--games", "4", "--jobs", "2" }
  t.eq(code, 1, err)
  t.ok(err:find("statistic 'many' must give true, false or nil", 1, true), err)
  t.ok(err:find("talon sim: worker %d/2 ended with status 1\n$"), err)
end)

-- A game hook that raises stops the run with the match named, the game's
-- own frames (none of the framework's) and how to play that match alone.
t.test("a game error names its match and how to play it alone", function()
  for _, bots in ipairs { "random", "random,rule" } do
    local code, _, err = run.talon { "sim", run.root
      .. "/tests/fixtures/broken_games/runtime_error.lua", "--games", "3", "--bots", bots }
    t.eq(code, 1, err)
    t.ok(err:find("^talon sim: Runtime error: match 1 raised an error: .-runtime_error%.lua:14:"
      .. " attempt to index a nil value"), err)
    t.ok(err:find("\nstack traceback (game code):\n\t", 1, true), err)
    t.ok(not err:find("/stdlib/talon/", 1, true) and not err:find("/repl/talon/", 1, true), err)
    t.ok(err:find("(this match alone: the same command with --games 1 --shard 1/1)\n", 1, true),
      err)
  end
end)

-- --shard i/N prints a slice as JSON; talon merge adds slices up to the
-- one-process summary, byte for byte, in any order and in steps.
t.test("shards merged give the whole run", function()
  local dir = run.tmpdir()
  local base = { "sim", "hokm", "--games", "25", "--seed", "3", "--bots", "random" }
  local files = {}
  for i = 1, 3 do
    local args = { table.unpack(base) }
    args[#args + 1], args[#args + 2] = "--shard", i .. "/3"
    local code, out, err = run.talon(args)
    t.eq(code, 0, err)
    files[i] = dir .. "/s" .. i .. ".json"
    local f = assert(io.open(files[i], "w"))
    f:write(out)
    f:close()
  end
  local _, whole = run.talon(base)
  local code, merged = run.talon { "merge", files[3], files[1], files[2] }
  t.eq(code, 0)
  t.eq(merged, whole, "merged text")
  local _, whole_json = run.talon { "sim", "hokm", "--games", "25", "--seed", "3", "--bots",
    "random", "--json" }
  local _, part = run.talon { "merge", "--json", files[1], files[3] }
  local f = assert(io.open(dir .. "/p.json", "w"))
  f:write(part)
  f:close()
  local _, again = run.talon { "merge", "--json", dir .. "/p.json", files[2] }
  t.eq(again, whole_json, "merged in two steps, as JSON")
  local _, some, err = run.talon { "merge", files[1] }
  t.ok(some:find("9 of 25 matches (shards 1/3; seed 3)", 1, true), some)
  t.ok(err:find("cover 9 of the 25 matches", 1, true), err)
  run.rmdir(dir)
end)

t.test("merge refuses what is not slices of one run", function()
  local dir = run.tmpdir()
  local function save(name, args)
    local code, out = run.talon(args)
    t.eq(code, 0)
    local f = assert(io.open(dir .. "/" .. name, "w"))
    f:write(out)
    f:close()
    return dir .. "/" .. name
  end
  local a = save("a.json", { "sim", "hokm", "--games", "6", "--bots", "random", "--shard", "1/2" })
  local b = save("b.json", { "sim", "hokm", "--games", "6", "--bots", "random", "--shard", "2/2",
    "--seed", "7" })
  local code, _, err = run.talon { "merge", a, a }
  t.eq(code, 1)
  t.ok(err:find("shards 1/2 and 1/2 share matches", 1, true), err)
  code, _, err = run.talon { "merge", a, b }
  t.eq(code, 1)
  t.ok(err:find("different runs", 1, true), err)
  local bad = save("bad.json", { "list" })
  code, _, err = run.talon { "merge", bad }
  t.eq(code, 1)
  t.ok(err:find("bad.json: not JSON", 1, true), err)
  local f = assert(io.open(dir .. "/lie.json", "w"))
  local text = assert(io.open(a)):read("a"):gsub('"matches":3', '"matches":-3')
  f:write(text)
  f:close()
  code, _, err = run.talon { "merge", dir .. "/lie.json" }
  t.eq(code, 1)
  t.ok(err:find("matches must be a whole number", 1, true), err)
  code, _, err = run.talon { "merge" }
  t.eq(code, 2, err)
  code, _, err = run.talon { "sim", "hokm", "--shard", "3/2" }
  t.eq(code, 2)
  t.ok(err:find("--shard needs i/n", 1, true), err)
  run.rmdir(dir)
end)

-- Ctrl-C (SIGINT) ends the match in play, prints the summary so far and
-- exits 130; with --jobs the workers stop too and their slices merge.
t.test("Ctrl-C prints the summary so far", function()
  for _, jobs in ipairs { "1", "2" } do
    local out, err = os.tmpname(), os.tmpname()
    local cmd = ("%s sim hokm --games 10000000 --bots random --jobs %s >%s 2>%s & pid=$!; "
      .. "sleep 2; kill -INT $pid; wait $pid; echo $?"):format(program.quote(program.path),
      jobs, out, err)
    local p = assert(io.popen("NO_COLOR=1 " .. cmd))
    local code = p:read("a")
    p:close()
    local text = assert(io.open(out)):read("a")
    local errors = assert(io.open(err)):read("a")
    os.remove(out)
    os.remove(err)
    t.eq(tonumber(code), 130, jobs .. " job(s): exit code; " .. errors)
    t.ok(text:find("of 10000000 matches %(interrupted; seed 1%)"), text)
    t.ok(text:find("hands per match", 1, true), text)
    t.ok(not errors:find("traceback", 1, true), errors)
  end
end)

-- The bot follows HOK-R3 and plays sensibly (lowest winning card, lead
-- from long suits): partnered with itself against two random players it
-- must win clearly more than the 50% a random pair would. 200 matches and
-- a fixed seed make the check deterministic; the threshold is generous.
t.test("the rule-of-thumb bot beats random players", function()
  local out = sim_json("--games", "200", "--seed", "1", "--bots", "rule,random")
  local w1, w2 = out:match('"wins":%[(%d+),(%d+)%]')
  t.ok(tonumber(w1) >= 150, ("rule bots won %s of 200 (random won %s)"):format(w1, w2))
  t.ok(out:find('"bot_failures":0', 1, true), "the bot never answered an illegal move")
  out = sim_json("--games", "60", "--seed", "2", "--bots", "random,rule")
  w2 = out:match('"wins":%[%d+,(%d+)%]')
  t.ok(tonumber(w2) >= 45, ("in the other seats too: %s of 60"):format(w2))
end)
