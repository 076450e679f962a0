-- The talon program's game commands through the real binary: option
-- errors, play through a pipe, sim determinism, check, records and replay.
local t = require "talon.testing"
local program = require "tests.lua.repl.program"

local function talon(args, input)
  return program.run(args, input, "NO_COLOR=1 LANG=C.UTF-8")
end

t.test("usage mistakes are one line naming the argument, exit 2", function()
  local code, _, err = talon { "sim", "hokm", "--players", "5" }
  t.eq(code, 2, "exit code"); t.ok(err:find("Hokm is for 4, 3, 2 players, not 5"), err)
  code, _, err = talon { "sim", "hokm", "-o", "nosuch=1" }
  t.eq(code, 2); t.ok(err:find("has no option 'nosuch'; options are play_all_tricks"), err)
  code, _, err = talon { "sim", "hokm", "-o", "target=ten" }
  t.eq(code, 2); t.ok(err:find("option 'target' needs an integer, got 'ten'"), err)
  code, _, err = talon { "play", "nosuchgame" }
  t.eq(code, 1); t.ok(err:find("no game 'nosuchgame'"), err)
  code, _, err = talon { "check", "hokm", "--frobnicate" }
  t.eq(code, 2); t.ok(err:find("unknown option '%-%-frobnicate'"), err)
end)

-- HOK-R3 through the terminal table: an illegal card is answered with the
-- rule and the cards that would do; the game goes on.
t.test("play answers illegal input with the reason and goes on", function()
  -- seed 3: the Hakem leads K♣; seat 1 holds 9♣ 7♣ 5♣ and K♦ among others
  local code, out = talon({ "play", "hokm", "--seed", "3" },
    "ZZ\nKD\nwhy 2C\nhint\nlegal\nquit\n")
  t.eq(code, 0, "exit code")
  t.ok(out:find("you are seat 1"), "greeting")
  t.ok(out:find("not allowed: 'ZZ'"), "bad token answered")
  t.ok(out:find("not allowed: HOK%-R3: must follow ♣: you hold {9♣ 7♣ 5♣}"), "evidence")
  t.ok(out:find("HOK%-R3: you do not hold 2♣"), "why names the rule")
  t.ok(out:find("hint: 5C"), "hint from the rule-of-thumb bot: the lowest club")
  t.ok(out:find("legal: 9C 7C 5C"), "legal list (must follow ♣)")
  t.ok(out:find("bye%."), "quit")
end)

t.test("play --auto finishes a match and writes a record that replays", function()
  local rec = os.tmpname()
  local code, out = talon { "play", "hokm", "--seed", "11", "--auto", "--record", rec }
  t.eq(code, 0, "exit code")
  local result = out:match("result: ([^\n]+)")
  t.ok(result and result:find("wins"), "a result")
  local rcode, rout = talon { "replay", rec }
  os.remove(rec)
  t.eq(rcode, 0, "replay exit code")
  t.ok(rout:find("the replay matches the recorded result"), rout:sub(-200))
end)

t.test("undo takes back the human's decision", function()
  -- seed 3: seat 1 must follow ♣ with 9C, 7C or 5C
  local code, out = talon({ "play", "hokm", "--seed", "3" }, "9C\nundo\nlegal\nquit\n")
  t.eq(code, 0)
  t.ok(out:find("undone%."), "undone")
  t.ok(out:find("legal: 9C 7C 5C"), "the same choice again")
end)

-- The same seed gives the same results, always.
t.test("sim is deterministic and reports per side", function()
  local args = { "sim", "hokm", "--games", "30", "--seed", "5", "--json", "--bots", "random" }
  local c1, o1 = talon(args)
  local c2, o2 = talon(args)
  t.eq(c1, 0); t.eq(c2, 0)
  t.eq(o1, o2, "identical output")
  t.ok(o1:find('"matches":30'), o1)
  local _, o3 = talon { "sim", "hokm", "--games", "30", "--seed", "6", "--json",
    "--bots", "random" }
  t.ok(o3 ~= o1, "another seed differs")
end)

t.test("the rule-of-thumb bot beats random players", function()
  local _, out = talon { "sim", "hokm", "--games", "100", "--seed", "1", "--json",
    "--bots", "rule,random" }
  local wins = out:match('"wins":%[(%d+),')
  t.ok(tonumber(wins) >= 70, "side with the bot won " .. tostring(wins) .. " of 100")
end)

-- Invariants over random games of every form (issue: >= 200 games each).
t.test("check holds for all three forms of Hokm", function()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out, err = talon { "check", "hokm", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("200 random games"), out)
  end
end)

t.test("check reports a broken game with its seed and record", function()
  local code, _, err = talon { "check", "tests/fixtures/broken_games/lose_card.lua",
    "--games", "5" }
  t.eq(code, 1, "exit code")
  t.ok(err:find("invariant broken in game with seed 1"), err)
  t.ok(err:find("talon replay check%-failure%-1%.rec"), err)
  os.remove("check-failure-1.rec")
end)

t.test("list and rules show games and chosen options", function()
  local code, out = talon { "list" }
  t.eq(code, 0); t.ok(out:find("hokm%s+4/3/2 players"), out)
  t.ok(out:find("variant hokm%-all%-tricks"), "variants listed")
  code, out = talon { "rules", "hokm", "-o", "target=5" }
  t.eq(code, 0); t.ok(out:find("%-o target=5"), out)
end)
