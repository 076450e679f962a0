-- `talon check` plays every game it was asked for: a seed range that
-- would wrap past the largest integer is refused as a usage mistake, and
-- a check that plays fewer games than asked is a failure, never "every
-- invariant held".
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local MAX = "9223372036854775807"

-- Seeds S..S+N-1 once wrapped, and the check played no game at all.
t.test("--seed near the largest integer plays its games or is refused", function()
  local code, out, err = run.talon({ "check", "hokm", "--seed", MAX })
  t.eq(code, 2, "usage error: " .. out)
  t.ok(err:find("--seed " .. MAX .. " with --games 100 goes past the largest seed; use --seed "
    .. "9223372036854775708 or less", 1, true), err)
  t.ok(not out:find("every invariant held", 1, true), out)
  code, out, err = run.talon({ "check", "_template", "--seed", "9223372036854775805",
    "--games", "3", "--hands", "1" })
  t.eq(code, 0, err)
  t.ok(out:find("3 random games (seeds 9223372036854775805-" .. MAX, 1, true), out)
  code, out, err = run.talon({ "check", "_template", "--seed", "-9223372036854775808",
    "--games", "2", "--hands", "1" })
  t.eq(code, 0, err)
  t.ok(out:find("2 random games", 1, true), out)
end)

t.test("a seed beyond any integer is a usage error", function()
  local code, _, err = run.talon({ "check", "hokm", "--seed", "9223372036854775808" })
  t.eq(code, 2)
  t.ok(err:find("check needs an integer --seed", 1, true), err)
end)
