-- A game's record is never lost: `talon play --record FILE` writes it after
-- every action, atomically (a temporary file beside it, renamed over it),
-- so a session that ends any way at all, even a killed process, leaves the
-- record of what was played, and it replays.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local quote = require("tests.lua.repl.program").quote

t.test("a killed talon play leaves the record of what was played", function()
  local dir = run.tmpdir()
  -- the human's turn comes and the program waits at the prompt (its input
  -- stays open): the process is killed there, in the middle of the game
  os.execute(("cd %s && (sleep 4 | TALON_PATH=%s NO_COLOR=1 timeout -s KILL 3 %s play hosgin"
    .. " --seat 3 --record r.rec >/dev/null 2>&1)"):format(quote(dir), quote(run.root),
    quote(run.program)))
  local f = io.open(dir .. "/r.rec")
  t.ok(f, "the record is there")
  local text = f and f:read("a") or ""
  if f then f:close() end
  t.ok(text:find("^talon%-record 1\ngame hosgin\n"), text:sub(1, 80))
  t.ok(run.count(text, "\nact ") > 0, "with the bots' actions before the human's turn")
  local p = io.popen("ls -A " .. quote(dir))
  local listing = p:read("a")
  p:close()
  t.eq(listing, "r.rec\n", "and no temporary file beside it")
  local code, out, err = run.talon({ "replay", "r.rec" }, nil, dir)
  t.eq(code, 0, err)
  t.ok(out:find("result: no result (the record stops before the end)", 1, true)
    or out:find("result:", 1, true), out)
  run.rmdir(dir)
end)

-- Ctrl-C stops the program at once (the sandbox's interrupt cannot be
-- caught in Lua), so the record must already hold every move the table
-- has shown: each action is written before anything is printed after it.
-- Checked in-process on every line printed: the record on disk then has
-- exactly the actions played so far, with the bots on every seat and with
-- a human seat answering from the legal list (a bot move shown before its
-- record was written once lost a move to a Ctrl-C).
local function session_checked(auto)
  -- luacheck: ignore 122 (io.write and io.read are replaced for the session)
  local game = require "talon.game"
  local loader = require "talon.host.loader"
  local play = require "talon.cli.play"
  local dir = run.tmpdir()
  local file = dir .. "/r.rec"
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 3, hands = 1, game = "hokm" })
  local c = play.context(g, def, { auto = auto, record = file, key = "hokm", seed = 3 })
  local lines, behind = 0, nil
  local write, read = io.write, io.read
  io.write = function(...)
    local f = io.open(file)
    local acts = f and run.count(f:read("a"), "\nact ") or 0
    if f then f:close() end
    lines = lines + 1
    if acts ~= g.nact and not behind then
      behind = ("%d action(s) played, %d in the record, at %q"):format(g.nact, acts,
        table.concat({ ... }))
    end
    return io.stdout -- the session's text is not the test's output
  end
  io.read = function() return g:text(g:legal()[1]) end
  local ok, err = pcall(play.go, c)
  io.write, io.read = write, read
  run.rmdir(dir)
  t.ok(ok, tostring(err))
  t.ok(g:over(), "the hand was played out")
  t.ok(lines > 20 and g.nact > 20, "lines printed and actions played")
  t.eq(behind, nil, "the record is never behind the table")
end

t.test("talon play writes each action to the record before it shows it (bots)", function()
  session_checked(true)
end)

t.test("talon play writes each action to the record before it shows it (a human seat)", function()
  session_checked(false)
end)
