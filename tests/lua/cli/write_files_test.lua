-- Every file the program writes (`talon play --record`, the failing
-- record of `talon check`) is written whole or not at all: a write that
-- fails is an error naming the file, with a non-zero exit, never "record
-- written", and leaves no temporary file.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local fixtures = run.root .. "/tests/fixtures/broken_games/"

local function names(dir)
  local p = io.popen("ls -A '" .. dir .. "'")
  local list = {}
  for name in p:lines() do list[#list + 1] = name end
  p:close()
  return table.concat(list, " ")
end

local PLAY = { "play", "hokm", "--seed", "4", "--auto", "--record" }

local function play_to(target, dir)
  local args = { table.unpack(PLAY) }
  args[#args + 1] = target
  return run.talon(args, nil, dir)
end

-- /dev/full takes no byte; it was once reported as written.
t.test("play --record to a device, a directory or a missing directory fails", function()
  local dir = run.tmpdir()
  os.execute("mkdir '" .. dir .. "/sub'")
  for _, target in ipairs { "/dev/full", "sub", "missing/game.rec" } do
    local code, out, err = play_to(target, dir)
    t.ok(code ~= 0, target .. ": non-zero exit")
    t.ok(err:find("talon play: --record " .. target .. ": ", 1, true), target .. ": " .. err)
    t.ok(not out:find("record written", 1, true), target .. ": no success message")
  end
  t.eq(names(dir), "sub", "nothing left behind")
  run.rmdir(dir)
end)

-- A directory that takes no new file fails only when the record is written
-- at the end of the game: exit 1, the file named.
t.test("play --record whose write fails at the end exits 1 naming the file", function()
  local code, out, err = play_to("/proc/talon-game.rec")
  t.eq(code, 1, err)
  t.ok(err:find("^talon play: cannot write /proc/talon%-game%.rec: "), err)
  t.ok(not out:find("record written", 1, true), out:sub(-200))
end)

t.test("play --record into a read-only directory fails (unless root)", function()
  local dir = run.tmpdir()
  os.execute("mkdir '" .. dir .. "/ro' && chmod 555 '" .. dir .. "/ro'")
  local code, out, err = play_to("ro/game.rec", dir)
  local id = io.popen("id -u")
  local root = id:read("l") == "0" -- root writes anywhere
  id:close()
  if not root then
    t.eq(code, 1, err)
    t.ok(err:find("cannot write ro/game.rec: ", 1, true), err)
    t.ok(not out:find("record written", 1, true), "no success message")
  end
  t.eq(names(dir .. "/ro"), root and "game.rec" or "", "no temporary file")
  os.execute("chmod 755 '" .. dir .. "/ro'")
  run.rmdir(dir)
end)

t.test("a record is written whole, and nothing else", function()
  local dir = run.tmpdir()
  local code, out = play_to("game.rec", dir)
  t.eq(code, 0)
  t.ok(out:find("record written to game.rec", 1, true), out:sub(-200))
  t.eq(names(dir), "game.rec", "no temporary file")
  run.rmdir(dir)
end)

t.test("check's failing record that cannot be written is named", function()
  local dir = run.tmpdir()
  os.execute("mkdir '" .. dir .. "/check-failure-1.rec'")
  local code, _, err = run.talon({ "check", fixtures .. "lose_card.lua", "--games", "1" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("cannot write check-failure-1.rec: it is a directory", 1, true), err)
  t.ok(not err:find("record written", 1, true), err)
  t.eq(names(dir), "check-failure-1.rec", "nothing else")
  run.rmdir(dir)
end)
