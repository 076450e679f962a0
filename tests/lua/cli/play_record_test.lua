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
