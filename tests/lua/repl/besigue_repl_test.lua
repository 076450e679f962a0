-- docs/games/besigue.md "From the REPL": the meld bookkeeping on its own
-- (the definition's tools), a sequence of declarations on named cards
-- giving the points of each or the BES-R12 reason it is refused.
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"

t.test("repl: the bookkeeping tool as docs/games/besigue.md shows it", function()
  local code, out, err = program.run({}, table.concat({
    'besigue = require "games.besigue"',
    'print(besigue.tools.declare("KH QH QS JD KS KD KC", { "marriage KH QH", "besigue QS JD",'
      .. ' "kings KH KS KD KC", "marriage KH QH" }, { trump = "H" }))',
    'r = require("talon.host.loader").load("besigue").tools.declare("AH TH KH QH JH",'
      .. ' { "quint AH TH KH QH JH", "marriage KH QH" }, { trump = "H" })',
    "r.total, r.steps[2].refused",
  }, "\n") .. "\n", "NO_COLOR=1 LANG=C.UTF-8")
  t.eq(code, 0, "exit code")
  t.eq(err, "", "stderr")
  t.ok(out:find("1. marriage KH QH -> trump marriage ♥, 40\n2. besigue QS JD -> Besigue, 40\n"
    .. "3. kings KH KS KD KC -> four kings, 80\n4. marriage KH QH -> refused: BES-R12: K♥ is"
    .. " already married\ntotal 160; on the table: K♥ (married, four kings) Q♥ (married)", 1, true),
    out)
  t.ok(out:find("250\t\"BES-R12: K♥ is in the quint major, so it is never married afterwards\"",
    1, true), out)
end)
