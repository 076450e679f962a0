-- `talon sim`: bot self-play is deterministic for a seed, and the
-- rule-of-thumb Hokm bot (games/bots/hokm.lua) beats the random player.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function sim_json(...)
  local code, out, err = run.talon { "sim", "hokm", "--json", ... }
  t.eq(code, 0, "exit code: " .. err)
  t.ok(out:find('"timing":{', 1, true), "the summary has timings")
  -- timings differ run to run; everything else must not
  return (out:gsub('"timing":%b{},?', ""))
end

-- Same seed, same matches: match i is seeded from the master seed alone.
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
  local code, out = run.talon { "sim", "hokm", "--games", "30", "--seed", "2",
    "--bots", "random", "--players", "3" }
  t.eq(code, 0)
  local total = 0
  for wins in out:gmatch("side %d %(P%d%): (%d+) wins") do total = total + tonumber(wins) end
  t.eq(total, 30, "every match has one winner")
  t.ok(out:find("hands per match: mean", 1, true), out)
  t.ok(out:find("deals/s", 1, true) and out:find("matches/s", 1, true), "speed")
end)

-- HOK-R10: in every four-player hand exactly one side scores, 1, 2 (Kot) or
-- 3 (Hakem Koti) points; the per-hand distribution shows it.
t.test("points per hand: one side scores 1 to 3 in every hand", function()
  local code, out = run.talon { "sim", "hokm", "--games", "20", "--seed", "4", "--json" }
  t.eq(code, 0)
  local hands = tonumber(out:match('"hands":(%d+)'))
  local per_side = {}
  for side in out:match('"points_per_hand":(%b[])'):gmatch("%b{}") do
    per_side[#per_side + 1] = side
  end
  t.eq(#per_side, 2, "two sides")
  local scored, total = 0, { 0, 0 }
  for i, side in ipairs(per_side) do
    for count, value in side:gmatch('{"count":(%d+),"value":(%-?%d+)}') do
      value, count = tonumber(value), tonumber(count)
      t.ok(value >= 0 and value <= 3, "HOK-R10 scores are 0 to 3, got " .. value)
      total[i] = total[i] + count
      if value > 0 then scored = scored + count end
    end
  end
  t.eq(total[1], hands, "side 1: one entry per hand")
  t.eq(total[2], hands, "side 2: one entry per hand")
  t.eq(scored, hands, "exactly one side scores in each hand")
  code, out = run.talon { "sim", "hokm", "--games", "5", "--seed", "4" }
  t.eq(code, 0)
  t.ok(out:find("points per hand: 0 ×%d+, 1 ×%d+"), out)
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
