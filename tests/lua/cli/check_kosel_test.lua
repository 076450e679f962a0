-- `talon check` on Kosel for points: 200 random matches of every form
-- with the invariants of talon.host.invariants asserted after every action. A
-- file of its own so that ctest runs the check tests side by side.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

-- KOZ-R1: Kosel for 2, 3 and 4 players, 200 matches each: sets, face-down
-- plays, the draw and eliminations keep every card in its place.
t.test("every invariant holds for Kosel with 2, 3 and 4 players", function()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out, err = run.talon { "check", "kosel", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("Kosel: 200 random games (seeds 1-200,", 1, true), out)
    t.ok(out:find("200 matches finished", 1, true), out)
  end
end)
