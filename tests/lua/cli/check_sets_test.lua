-- `talon check` on the set-trick games (Kosel, Bura): 200 random matches
-- of every form with the invariants of talon.invariants asserted after
-- every action. Apart from tests/lua/cli/check_test.lua so that ctest
-- runs the two files side by side.
local t = require "talon.testing"
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

-- BUR-R1: Bura for 2, 3, 4 and 6 players, 200 sessions each: sets, claims,
-- Bura showdowns and the pot keep every card in its place.
t.test("every invariant holds for Bura with 2, 3, 4 and 6 players", function()
  for _, n in ipairs { "2", "3", "4", "6" } do
    local code, out, err = run.talon { "check", "bura", "--players", n, "--games", "200" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("Bura: 200 random games (seeds 1-200,", 1, true), out)
  end
end)
