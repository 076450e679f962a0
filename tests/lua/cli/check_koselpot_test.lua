-- `talon check` on Kosel, the pot game: 200 random sessions of every form
-- with the invariants of talon.host.invariants asserted after every action. A
-- file of its own so that ctest runs the check tests side by side.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

-- KZM-R1, KZM-R8: Kosel, the pot game, for 2 to 5 players, 200 sessions each.
t.test("every invariant holds for Kosel (pot) with 2 to 5 players", function()
  for _, n in ipairs { "2", "3", "4", "5" } do
    local code, out, err = run.talon { "check", "koselpot", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("Kosel (pot): 200 random games (seeds 1-200,", 1, true), out)
  end
end)
