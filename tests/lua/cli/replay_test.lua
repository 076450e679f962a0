-- Game records (docs/framework.md §7): `talon play --record` writes one,
-- `talon replay` steps through it and checks it ends with the recorded
-- result; a record that was tampered with is refused, naming the action.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function read(path)
  local f = assert(io.open(path))
  local s = f:read("a")
  f:close()
  return s
end

local function write(path, s)
  local f = assert(io.open(path, "w"))
  f:write(s)
  f:close()
end

-- HOK-R10: the match result (the side reaching the target) is part of
-- the record, and replaying the same actions reaches the same one.
t.test("a played match replays to the identical result", function()
  local dir = run.tmpdir()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out, err = run.talon({ "play", "hokm", "--players", n, "--seed", "11", "--auto",
      "--record", "game.rec" }, nil, dir)
    t.eq(code, 0, err)
    local result = out:match("\nresult: ([^\n]+)")
    t.ok(out:find("record written to game.rec", 1, true), out:sub(-300))
    local rec = read(dir .. "/game.rec")
    t.eq(rec:match("\nresult ([^\n]+)"), result, n .. " players: the record's result")
    local rcode, rout, rerr = run.talon({ "replay", "--check", "game.rec" }, nil, dir)
    t.eq(rcode, 0, rerr)
    t.ok(rout:find("result: " .. result, 1, true), "the same result")
    t.ok(rout:find("the replay matches the recorded result.", 1, true), rout:sub(-200))
    t.ok(rout:find("\n%s+1  P%d: trump [SHDC]"), "each action is printed")
  end
  run.rmdir(dir)
end)

t.test("a tampered record is refused, naming the action", function()
  local dir = run.tmpdir()
  assert(run.talon({ "play", "hokm", "--seed", "4", "--auto", "--record", "a.rec" }, nil, dir) == 0)
  local rec = read(dir .. "/a.rec")
  -- a different result line
  write(dir .. "/b.rec", (rec:gsub("\nresult [^\n]+", "\nresult Nobody wins 9-9")))
  local code, _, err = run.talon({ "replay", "b.rec" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("the record says 'Nobody wins 9%-9' but the replay gives"), err)
  -- a card play replaced by a card that does not exist
  local lines, n = {}, nil
  for line in rec:gmatch("[^\n]+") do
    lines[#lines + 1] = line
    if not n and line:match("^act %d+ %w%w?$") then n = #lines end
  end
  local index = 0 -- the action number of that line
  for i = 1, n do if lines[i]:match("^act ") then index = index + 1 end end
  lines[n] = lines[n]:gsub("%S+$", "ZZ")
  write(dir .. "/c.rec", table.concat(lines, "\n") .. "\n")
  code, _, err = run.talon({ "replay", "c.rec" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find(("c.rec:%d: action %d (ZZ) is illegal"):format(n, index), 1, true),
    "the error names the record's line: " .. err)
  write(dir .. "/d.rec", "talon-record 1\ngame hokm\nfrobnicate 3\n")
  code, _, err = run.talon({ "replay", "d.rec" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("d.rec:3: unknown item 'frobnicate'", 1, true), err)
  code, _, err = run.talon({ "replay", "missing.rec" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("missing.rec", 1, true), err)
  run.rmdir(dir)
end)

t.test("--step does not wait when input is not a terminal", function()
  local dir = run.tmpdir()
  run.talon({ "play", "hokm", "--seed", "9", "--auto", "--record", "s.rec" }, nil, dir)
  local code, out = run.talon({ "replay", "--step", "--quiet", "s.rec" }, nil, dir)
  t.eq(code, 0)
  t.ok(not out:find("Enter", 1, true), "no pause")
  t.ok(out:find("the replay matches the recorded result.", 1, true), out)
  run.rmdir(dir)
end)
