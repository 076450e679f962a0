-- Where games are found (docs/program.md "Finding stdlib/ and games/",
-- docs/framework.md §2): a file loaded by its path finds the games it
-- requires beside it first, then on the data roots, so a variant kept
-- outside games/ can require its own base game; and every TALON_PATH
-- entry that holds games/ is a further data root, whose games load and
-- list by name.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local run = require "tests.lua.cli.run"
local program = require "tests.lua.repl.program"

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

local function read(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  return text
end

-- The template game under another name, as a user's own game file.
local function own_game(name)
  return (read(run.root .. "/games/_template.lua"):gsub('name = "High card"',
    ('name = "%s"'):format(name)))
end

local function variant_of(base, name)
  return ([[
local variant = require "talon.variant"
return variant.of(require "games.%s", { name = "%s", summary = "a variant kept elsewhere" })
]]):format(base, name)
end

t.test("a variant loaded by path requires the base game beside it", function()
  local d = run.tmpdir()
  write(d .. "/mine.lua", own_game("Mine"))
  write(d .. "/mine-fast.lua", variant_of("mine", "Mine (fast)"))
  local def, chunk = loader.load(d .. "/mine-fast.lua")
  t.eq({ def and def.name, def and def.base.name, chunk },
    { "Mine (fast)", "Mine", d .. "/mine-fast.lua" })
  -- a shipped base game is still found on the data path
  write(d .. "/hokm-x.lua", variant_of("hokm", "Hokm (x)"))
  def = loader.load(d .. "/hokm-x.lua")
  t.eq({ def and def.name, def and def.base.name }, { "Hokm (x)", "Hokm" })
  -- the variant's own folder comes first
  write(d .. "/hearts.lua", own_game("Not Hearts"))
  write(d .. "/hearts-x.lua", variant_of("hearts", "Mine again"))
  def = loader.load(d .. "/hearts-x.lua")
  t.eq(def and def.base.name, "Not Hearts")
  -- a name not found anywhere says where it looked
  write(d .. "/lost.lua", variant_of("nowhere", "Lost"))
  local none, err = loader.load(d .. "/lost.lua")
  t.eq(none, nil)
  t.ok(err:find("no game 'games.nowhere' (looked for games/nowhere.lua on the data path and in "
    .. d .. ")", 1, true), err)
  -- a game loaded by name does not look beside itself (a bot's folder
  -- holds files named as the games)
  t.ok(loader.module("games.bots.euchre"), "the Euchre bot requires games.euchre")
  run.rmdir(d)
end)

t.test("a TALON_PATH entry holding games/ is a further data root", function()
  local d = run.tmpdir()
  assert(os.execute("mkdir -p '" .. d .. "/games'"))
  write(d .. "/games/solo.lua", own_game("Solo"))
  write(d .. "/games/euchre-ten.lua", variant_of("euchre", "Euchre (mine)"))
  local env = ("TALON_PATH='%s:%s' NO_COLOR=1"):format(run.root, d)
  local code, out = program.run({ "list" }, nil, env)
  t.eq(code, 0)
  t.ok(out:find("solo ", 1, true), out)
  t.ok(out:find("variant euchre-ten: a variant kept elsewhere", 1, true), out)
  code, out = program.run({ "check", "solo", "--games", "2" }, nil,
    "cd '" .. d .. "' && " .. env)
  t.eq(code, 0, out)
  code = program.run({ "-E", "list" }, nil, env)
  t.eq(code, 0, "-E: no TALON_PATH, and no further root")
  run.rmdir(d)
end)
