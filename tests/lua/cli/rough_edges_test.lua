-- Small rough edges of the program (issue "Teach with it"): --help of run
-- and test, records naming a variant by a relative path, variant errors
-- at the variant's line with strings quoted, a TALON_PATH folder holding
-- only games/, option ranges, --json of list and check, and the way to
-- run the program again said as it can be typed.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"
local program = require "tests.lua.repl.program"
local quote = program.quote

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

t.test("talon run --help and talon test --help print their usage", function()
  for _, cmd in ipairs { "run", "test" } do
    local code, out, err = run.talon { cmd, "--help" }
    t.eq(code, 0, err)
    t.ok(out:find("^usage: talon " .. cmd), out)
  end
end)

local VARIANT = [[
local variant = require "talon.variant"
return variant.of(require "games.hokm", {
  name = "Hokm v8", summary = "first to 3",
  options = { target = %s },
})
]]

t.test("a record naming a variant by a relative path replays from elsewhere", function()
  local dir = run.tmpdir()
  write(dir .. "/v8.lua", VARIANT:format("3"))
  local code, _, err = run.talon({ "play", "./v8.lua", "--auto", "--record", "r.rec" }, nil, dir)
  t.eq(code, 0, err)
  local rcode, out, rerr = run.talon({ "replay", "--quiet", dir .. "/r.rec" }, nil, "/")
  t.eq(rcode, 0, rerr)
  t.ok(out:find("the replay matches the recorded result.", 1, true), out)
  run.rmdir(dir)
end)

t.test("a variant's mistake names the variant's line; strings are quoted", function()
  local dir = run.tmpdir()
  write(dir .. "/bad.lua", VARIANT:format('"2000"'))
  local code, _, err = run.talon({ "rules", "./bad.lua" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("./bad.lua:4: variant: option 'target' must be a number, got \"2000\"", 1, true),
    err)
  t.ok(not err:find("stdlib/talon", 1, true), "no framework frames: " .. err)
  run.rmdir(dir)
end)

-- docs/variants.md: a variant's option defaults are checked as -o values
-- are (a value outside 'values' or the player counts was played, or
-- refused later without the file), and the line named is the one that
-- sets the key, not a comment that mentions it.
t.test("a variant's default outside the option's values is refused at its line", function()
  local dir = run.tmpdir()
  write(dir .. "/two.lua", "-- The base says removed_two = 2C; this one another.\n"
    .. VARIANT:gsub("target = %%s", "removed_two = %%s"):format('"3C"'))
  local code, _, err = run.talon({ "rules", "./two.lua" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("./two.lua:5: variant: option 'removed_two' cannot be 3C; allowed: 2C", 1, true),
    err)
  write(dir .. "/five.lua", VARIANT:gsub("target = %%s", "players = %%s"):format("5"))
  code, _, err = run.talon({ "rules", "./five.lua" }, nil, dir)
  t.eq(code, 1)
  t.ok(err:find("./five.lua:4: variant: option 'players' cannot be 5", 1, true), err)
  run.rmdir(dir)
end)

t.test("a TALON_PATH folder holding only games/ is searched for games", function()
  local dir = run.tmpdir()
  assert(os.execute("mkdir -p " .. quote(dir .. "/games")))
  write(dir .. "/games/mine.lua", VARIANT:format("3"))
  local env = ("NO_COLOR=1 LANG=C.UTF-8 TALON_PATH=%s:%s"):format(quote(dir), quote(run.root))
  local code, out, err = program.run({ "rules", "mine" }, nil, env)
  t.eq(code, 0, err)
  t.ok(out:find("Hokm v8 — first to 3", 1, true), out)
  local _, lout = program.run({ "list" }, nil, env)
  t.ok(lout:find("variant mine: first to 3", 1, true), lout)
  run.rmdir(dir)
end)

t.test("options declare their ranges: nonsense values are refused", function()
  for _, v in ipairs { "-3", "0" } do
    local code, _, err = run.talon { "play", "hokm", "-o", "target=" .. v }
    t.eq(code, 2, err)
    t.ok(err:find("option 'target' must be at least 1, not " .. v, 1, true), err)
  end
  local code, _, err = run.talon { "sim", "bura", "-o", "deals=0", "--games", "1" }
  t.eq(code, 2)
  t.ok(err:find("option 'deals' must be at least 1", 1, true), err)
  local _, out = run.talon { "list" }
  t.ok(out:find("-o target=7  points that win the match (HOK-R5) (at least 1)", 1, true), out)
end)

t.test("list --json and check --json", function()
  local code, out = run.talon { "list", "--json" }
  t.eq(code, 0)
  t.ok(out:find('"name":"Hokm"', 1, true) and out:find('"variants":[', 1, true), out:sub(1, 300))
  local ccode, cout = run.talon { "check", "hokm", "--games", "2", "--json" }
  t.eq(ccode, 0)
  t.ok(cout:find('"game":"Hokm","games":2', 1, true) and cout:find('"ok":true', 1, true), cout)
end)

t.test("after a game, the way to replay it is said as it can be typed", function()
  local dir = run.tmpdir()
  local _, out = run.talon({ "play", "hokm", "--record", "r.rec" }, "quit\n", dir)
  local on_path = os.execute("command -v talon >/dev/null 2>&1") == true
  local again = on_path and "talon" or run.program
  t.ok(out:find(("replay it with: %s replay r.rec, or go on with: %s play --resume r.rec")
    :format(again, again), 1, true), out)
  run.rmdir(dir)
end)

-- A variant says the rules it changes in its own words and keeps the
-- base game's text for the others.
t.test("a variant's rules are merged over the base game's", function()
  local dir = run.tmpdir()
  write(dir .. "/short.lua", [[
local variant = require "talon.variant"
return variant.of(require "games.hokm", {
  name = "Hokm (short)", summary = "first to 3",
  options = { target = 3 },
  rules = { ["HOK-R5"] = "The first side to reach 3 points wins the match." },
})
]])
  local code, out, err = run.talon({ "explain", "./short.lua", "HOK-R5", "HOK-R1" }, nil, dir)
  t.eq(code, 0, err)
  t.ok(out:find("HOK-R5  The first side to reach 3 points wins the match.", 1, true), out)
  t.ok(out:find("HOK-R1  52 cards", 1, true), "the base's other rules stay: " .. out)
  run.rmdir(dir)
end)
