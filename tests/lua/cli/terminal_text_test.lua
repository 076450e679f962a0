-- What the program prints of a game's texts reaches the terminal as text
-- (docs/security.md, "What reaches the terminal"): a game file may come
-- from anyone, and a terminal obeys the control sequences it is sent (OSC
-- 52 writes the clipboard, CSI moves the cursor and clears the screen).
-- Every command but `run` and `test` shows them escaped, "\27]52;…"; the
-- colours and bold (SGR) pass. The game: tests/fixtures/terminal/escapes.lua.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local GAME = run.root .. "/tests/fixtures/terminal/escapes.lua"
local RAW = { ["OSC"] = "\27]", ["clear screen"] = "\27[2J", ["BEL"] = "\7",
              ["C1 CSI"] = "\194\155", ["DEL"] = "\127", ["backspace"] = "\8" }

-- 'text' holds no raw sequence of the game's, and shows the first escaped.
local function shown_as_text(text, what)
  for name, raw in pairs(RAW) do
    t.ok(not text:find(raw, 1, true), ("%s: a raw %s reached the output"):format(what, name))
  end
  t.ok(text:find("\\27]52;c;ZWNobyBwd25lZA==\\7\\27[2J", 1, true),
    what .. ": the sequence shown escaped: " .. text)
end

t.test("talon rules, explain, play, sim and check show a game's sequences as text", function()
  for _, args in ipairs {
    { "rules", GAME }, { "explain", GAME, "E-R1" }, { "play", GAME, "--auto" },
    { "sim", GAME, "--games", "3" }, { "check", GAME, "--games", "3" },
  } do
    local code, out, err = run.talon(args)
    t.eq(code, 0, table.concat(args, " ") .. ": " .. err)
    shown_as_text(out, table.concat(args, " "))
  end
end)

t.test("a game's error message on stderr is shown as text", function()
  local dir = run.tmpdir()
  local code, _, err = run.talon({ "check", GAME, "-o", "fail=true" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("the score hook fails", 1, true), err)
  shown_as_text(err, "stderr")
  run.rmdir(dir)
end)

t.test("colours pass, and talon run prints what the user's own script prints", function()
  local _, out = run.talon { "rules", GAME }
  t.ok(out:find("\27[31mred\27[0m", 1, true), "an SGR sequence passes: " .. out)
  local dir = run.tmpdir()
  local script = dir .. "/raw.lua"
  local f = assert(io.open(script, "w"))
  f:write('print("a\\27]0;t\\7b")\n')
  f:close()
  local code, rout = run.talon { "run", script }
  t.eq(code, 0)
  t.ok(rout:find("a\27]0;t\7b", 1, true), "talon run prints what the user's script prints")
  run.rmdir(dir)
end)

t.test("the JSON of sim escapes C1 controls, so --jobs gives the same bytes", function()
  local _, one = run.talon { "sim", GAME, "--games", "4", "--json" }
  local _, two = run.talon { "sim", GAME, "--games", "4", "--json", "--jobs", "2" }
  t.ok(one:find("\\u009b", 1, true), one)
  t.eq(two, one, "--jobs 2 as --jobs 1")
end)

t.test("the play prompt names a phase of the game's as text", function()
  local dir = run.tmpdir()
  local src = assert(io.open(GAME)):read("a")
  local f = assert(io.open(dir .. "/phase.lua", "w"))
  f:write((src:gsub('phases = { play = play }', 'phases = { ["pl\\27]0;t\\7ay"] = play }')
    :gsub('return "play"', 'return "pl\\27]0;t\\7ay"')))
  f:close()
  local code, out, err = run.pty({ "play", "phase.lua", "--seed", "2" }, [[
expect your move
ready
send quit\r
expect bye.
]], dir)
  t.eq(code, 0, err .. out)
  t.ok(out:find("your move (pl\\27]0;t\\7ay) >", 1, true), out)
  t.ok(not out:find("\27]0;", 1, true), "no raw title sequence: " .. out)
  run.rmdir(dir)
end)
