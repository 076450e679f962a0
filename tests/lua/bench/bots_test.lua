-- bench/bots.lua times the rule-of-thumb bots' quiet self-play per game
-- (docs/cli.md "Benchmark"): a line per game named, with its decisions a
-- second, the time of one and the hands a second, each a positive figure
-- that agrees with the others; a bad argument is refused by name.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local BOTS = run.root .. "/bench/bots.lua"

t.test("a line of figures per game, the hands asked for played by its bots", function()
  local code, out, err = run.talon({ "run", BOTS, "kosel", "bura", "--hands", "3",
    "--rounds", "1" })
  t.eq(code, 0, out .. err)
  t.ok(out:find("(3 hands per game, best of 1 runs)", 1, true), out)
  for _, name in ipairs { "kosel", "bura" } do
    local rate, us, hands = out:match("\n  " .. name .. "%s+([%d.]+) decisions/s%s+([%d.]+) us each"
      .. "%s+([%d.]+) hands/s")
    t.ok(rate and tonumber(rate) > 0 and tonumber(hands) > 0, name .. ": " .. out)
    t.ok(math.abs(tonumber(rate) * tonumber(us) / 1e6 - 1) < 0.05, name .. ": us = 1/rate")
  end
end)

t.test("a count that is not a positive integer is refused", function()
  local code, _, err = run.talon({ "run", BOTS, "kosel", "--hands", "0" })
  t.eq(code, 1, err)
  t.ok(err:find("--hands needs a positive integer", 1, true), err)
end)
