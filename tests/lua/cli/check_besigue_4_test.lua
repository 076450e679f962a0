-- `talon check besigue --players 4`: 200 random matches with the
-- invariants of talon.host.invariants asserted after every action (every
-- card in one place, the table cards of BES-R11 included through the
-- game's zones) and the game's own: the hand size with the table cards
-- (BES-R11), and every deal played out giving the deck's card points and
-- the last trick's 10 (BES-R3, BES-R15). One file per number of players,
-- so that ctest runs them side by side.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

t.test("every invariant holds for Besigue with 4 players, 200 matches", function()
  local code, out, err = run.talon { "check", "besigue", "--players", "4", "--games", "200" }
  t.eq(code, 0, err)
  t.ok(out:find("Besigue: 200 random games (seeds 1-200,", 1, true), out)
  t.ok(out:find("200 matches finished", 1, true), out)
end)
