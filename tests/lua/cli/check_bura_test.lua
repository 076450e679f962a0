-- `talon check` on Bura: 200 random sessions of every form with the
-- invariants of talon.host.invariants asserted after every action. A file of
-- its own so that ctest runs the check tests side by side.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

-- BUR-R1, B8: Bura for 2 to 6 players, 200 sessions each: sets, claims,
-- Bura showdowns and the pot keep every card in its place.
t.test("every invariant holds for Bura with 2, 3, 4 and 6 players", function()
  for _, n in ipairs { "2", "3", "4", "5", "6" } do
    local code, out, err = run.talon { "check", "bura", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("Bura: 200 random games (seeds 1-200,", 1, true), out)
  end
end)
