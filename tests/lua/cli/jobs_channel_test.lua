-- The workers of `talon sim --jobs` talk to their parent on a channel game
-- code cannot write to (docs/security.md): a game file is untrusted, and
-- when a worker's standard output was that channel, a game printing
-- "pid N" had the parent send SIGTERM to process N when a worker failed.
-- Here a game names a live process (a sleep started for the test) and
-- makes its worker fail: the process lives on, the run fails naming the
-- worker, and what the game printed reaches the user's stderr as text.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local GAME = [[
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local n = 0
return game.define {
  name = "Forger", summary = "prints a worker's lines", players = { 2 }, direction = "cw",
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["F-R1"] = "Follow suit if you can." },
  deal = function(st)
    print("pid %d")
    print("progress 99999")
    print('{"forged":true}')
    n = n + 1
    if n == 3 and %s then error("this worker stops") end
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 4 })
    st.turn = st:next(st.dealer)
    return "play"
  end,
  phases = { play = tricks.phase { doc = "play", rules = { follow = true }, rule = "F-R1",
    on_trick = function(st, w) if #st.hands[w] == 0 then return "end" end end } },
  score = function() end,
}
]]

local function alive(pid)
  return os.execute(("kill -0 %d 2>/dev/null"):format(pid)) == true
end

t.test("a game's prints cannot pass for a worker's lines (pid, progress, summary)", function()
  local p = assert(io.popen("sleep 120 >/dev/null 2>&1 & echo $!"))
  local victim = math.tointeger(tonumber(p:read("l")))
  p:close()
  t.ok(victim and alive(victim), "the victim runs")
  local dir = run.tmpdir()
  local f = assert(io.open(dir .. "/forger.lua", "w"))
  f:write(GAME:format(victim, "true"))
  f:close()
  local code, out, err = run.talon({ "sim", "./forger.lua", "--games", "8", "--jobs", "2",
    "--bots", "random", "--hands", "4" }, nil, dir)
  local still = alive(victim)
  os.execute(("kill %d 2>/dev/null"):format(victim))
  run.rmdir(dir)
  t.ok(still, "the process the game named was not signalled")
  t.eq(code, 1, out .. err)
  t.ok(err:find("talon sim: worker %d/2 ended with status 1"), err)
  t.ok(err:find("pid " .. victim, 1, true), "the game's print shows on stderr: " .. err)
end)

-- The same game printing forged progress and summary lines, without
-- failing: the merged summary is the workers' own, as one process makes it.
t.test("forged progress and summary lines do not reach the merged summary", function()
  local dir = run.tmpdir()
  local f = assert(io.open(dir .. "/forger.lua", "w"))
  f:write(GAME:format(1, "false"))
  f:close()
  local function summary(jobs)
    local code, out, err = run.talon({ "sim", "./forger.lua", "--games", "8", "--jobs", jobs,
      "--bots", "random", "--hands", "2", "--json" }, nil, dir)
    t.eq(code, 0, err)
    return out:match("\n({[^\n]*})\n$")
  end
  local one, two = summary("1"), summary("2")
  run.rmdir(dir)
  t.ok(one and one:find('"matches":8', 1, true), tostring(one))
  t.eq(two, one)
end)
