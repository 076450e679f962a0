-- `talon play` at a real terminal (a pseudo-terminal driven by
-- tests/pty/ptydrive.c): Ctrl-C at the prompt clears the line and asks
-- again, as the REPL does, and never ends the program with "interrupted!";
-- the prompt edits lines (history, TAB); the record is kept on every way
-- out: quit, Ctrl-D, and Ctrl-C while the bots play.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

t.test("Ctrl-C at the play prompt clears the line; the game goes on", function()
  local dir = run.tmpdir()
  local code, out, err = run.pty({ "play", "hokm", "--seed", "3", "--record", "r.rec" }, [[
expect your move
ready
send 9x
sleep 200
send \x03
expect your move
ready
send legal\r
expect legal:
ready
send 9♣\r
expect you: 9♣
expect your move
ready
send quit\r
expect bye.
]], dir)
  t.eq(code, 0, err .. out)
  t.ok(not out:find("interrupted", 1, true), out)
  t.ok(not out:find("not allowed", 1, true), "the cleared '9x' was never read: " .. out)
  t.ok(out:find("%[exit 0%]"), out)
  local rec = read(dir .. "/r.rec") or ""
  t.ok(rec:find("\nact 1 9C\n", 1, true), rec)
  run.rmdir(dir)
end)

t.test("the play prompt edits lines: the up arrow recalls, TAB completes", function()
  local code, out, err = run.pty({ "play", "hokm", "--seed", "3" }, [[
expect your move
ready
send lega\t\r
expect legal: 9♣  7♣  5♣
expect your move
ready
send \e[A\r
expect legal: 9♣  7♣  5♣
expect your move
ready
send \x04
expect bye.
]])
  t.eq(code, 0, err .. out)
  t.ok(not out:find("^[[A", 1, true), out)
  t.ok(out:find("%[exit 0%]"), "a clean exit (no leak report): " .. out)
end)

t.test("Ctrl-D at the prompt ends the game and writes the record", function()
  local dir = run.tmpdir()
  local code, out, err = run.pty({ "play", "hokm", "--seed", "3", "--record", "r.rec" }, [[
expect your move
ready
send \x04
expect record written to r.rec
]], dir)
  t.eq(code, 0, err .. out)
  t.ok(out:find("%[exit 0%]"), "a clean exit (no leak report): " .. out)
  t.ok((read(dir .. "/r.rec") or ""):find("^talon%-record 1\n"), "the record")
  run.rmdir(dir)
end)

t.test("Ctrl-C while the bots play ends cleanly and keeps the record", function()
  local dir = run.tmpdir()
  -- --auto: the bots play every seat, pausing between moves on a terminal
  local code, out, err = run.pty({ "play", "hokm", "--seed", "3", "--auto", "--record", "r.rec" },
    [[
expect P2: K♣
send \x03
]], dir)
  t.eq(code, 0, err .. out)
  t.ok(out:find("talon: interrupted\n", 1, true), out)
  t.ok(out:find("[exit 130]", 1, true), out)
  t.ok(not out:find("traceback", 1, true), out)
  local rec = read(dir .. "/r.rec") or ""
  t.ok(rec:find("\nact 2 KC\n", 1, true), rec)
  local rcode, rout, rerr = run.talon({ "replay", "r.rec", "--quiet" }, nil, dir)
  t.eq(rcode, 0, rerr .. rout)
  run.rmdir(dir)
end)

-- At a terminal `talon replay FILE` is the lesson itself: Enter steps,
-- the arrow recalls a command, Ctrl-C clears the line, q leaves.
t.test("talon replay at a terminal moves through the record", function()
  local dir = run.tmpdir()
  run.talon({ "play", "hokm", "--seed", "9", "--auto", "--record", "r.rec" }, nil, dir)
  local code, out, err = run.pty({ "replay", "r.rec" }, [[
expect [0/405] replay >
ready
send \r
expect [1/405] replay >
ready
send h\r
expect [41/405] replay >
ready
send zz
sleep 200
send \x03
expect [41/405] replay >
ready
send q\r
]], dir)
  t.eq(code, 0, err .. out)
  t.ok(out:find("   1  P4: trump D", 1, true), out)
  t.ok(not out:find("unknown command", 1, true), "the cleared line was not read: " .. out)
  t.ok(out:find("[exit 0]", 1, true), out)
  run.rmdir(dir)
end)
