-- bench/rate.lua times the hands of one running match for any game
-- (docs/cli.md "Benchmark"): a match that ends by another rule than a
-- target (Kosel's penalty limit, the session of Bura and Kosel (pot)) is
-- given the options that keep it going for the hands asked for.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local RATE = run.root .. "/bench/rate.lua"

t.test("the one-match path plays the hands asked for in games that end by other rules", function()
  for _, name in ipairs { "bura", "kosel", "koselpot" } do
    local code, out, err = run.talon({ "run", RATE, name, "40", "1" })
    t.eq(code, 0, name .. ": " .. out .. err)
    t.ok(out:find("(40 hands of", 1, true), name .. ": " .. out)
    t.ok(out:find("framework: hands of one match, g:playout", 1, true), name .. ": " .. out)
  end
end)

-- An option given with -o is the user's: one that ends the match early
-- (an ante, which a doubled pot soon makes unpayable) says so.
t.test("a match that still ends early says after how many hands and why", function()
  local code, _, err = run.talon({ "run", RATE, "bura", "40", "1", "-o", "ante=5" })
  t.eq(code, 1, err)
  t.ok(err:find("^talon: Bura: the match ended after %d+ of 40 hands %("), err)
  t.ok(err:find("cannot pay the next ante", 1, true), err)
end)
