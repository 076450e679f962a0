-- What a game raises reaches its author as the game said it, on every
-- command that plays a game (docs/cli.md "Errors in game code"): a table
-- (not a text) by its fields, read raw, and with the game's own frames,
-- not the program's. Commands run in a temporary directory: check writes
-- its failure record to the current one.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local fixtures = run.root .. "/tests/fixtures/broken_games/"
local FILE = fixtures .. "table_error.lua"
local SAID = "T-R1: no second card today {hand = 1}\nstack traceback (game code):\n\t"

-- 'err' shows the table error of table_error.lua with what it says, its
-- line, and no frame of the program's own.
local function says(err, what)
  t.ok(err:find(SAID, 1, true), what .. ": " .. err)
  t.ok(err:find("table_error.lua:13:", 1, true), what .. " names the line: " .. err)
  t.ok(not err:find("error object is a table value", 1, true), what .. ": " .. err)
  t.ok(not err:find("/stdlib/talon/", 1, true) and not err:find("/repl/talon/", 1, true),
    what .. " shows the game's frames only: " .. err)
end

-- The rule: a game error is shown with what it says.
t.test("a game error raised as a table is shown with what it says", function()
  local dir = run.tmpdir()
  for _, args in ipairs {
    { "sim", FILE, "--games", "2" },
    { "compare", FILE, FILE, "--games", "2" },
    { "check", FILE, "--games", "2" },
    { "play", FILE, "--auto" },
    -- the record check wrote, up to the action that raised
    { "replay", "check-failure-1.rec" },
    { "replay", "--check", "check-failure-1.rec" },
    { "analyse", "check-failure-1.rec" },
    { "review", "check-failure-1.rec", "--seat", "1" },
  } do
    local code, _, err = run.talon(args, nil, dir)
    local what = table.concat(args, " ", 1, 1)
    t.eq(code, 1, what .. ": " .. err)
    says(err, what)
  end
  run.rmdir(dir)
end)

-- At the table the refused move says the same, and the game goes on.
t.test("at the table, a move whose hook raises a table says what it says", function()
  local cards = {}
  for _, r in ipairs { "A", "K", "Q", "J", "10", "9", "8", "7" } do
    for _, s in ipairs { "S", "H", "D", "C" } do cards[#cards + 1] = r .. s end
  end
  local code, out, err = run.talon({ "play", FILE, "--bots", "random" },
    table.concat(cards, "\n") .. "\nquit\n")
  t.eq(code, 0, err)
  local at = out:find("error (the game is unchanged): ", 1, true)
  t.ok(at, out)
  says(out:sub(at or 1), "play at the table")
  t.ok(out:find("\nbye.\n", 1, true), "the game went on to quit: " .. out)
end)

-- A game that fails as it starts (its deal hook raises) ends sim and play
-- with the game's frames alone, as a failing match does.
t.test("a game error that ends a command shows the game's frames only", function()
  local dir = run.tmpdir()
  local file = dir .. "/no_deal.lua"
  local f = assert(io.open(file, "w"))
  f:write([[
local variant = require "talon.variant"
return variant.of(require "games._template", {
  name = "No deal", summary = "a deal hook that raises",
  wrap = { deal = function() error("no deal today") end },
})
]])
  f:close()
  for _, args in ipairs { { "sim", file, "--games", "1" }, { "play", file, "--auto" } } do
    local code, _, err = run.talon(args, nil, dir)
    t.eq(code, 1, args[1] .. ": " .. err)
    t.ok(err:find("^talon " .. args[1] .. ": .-no_deal%.lua:4: no deal today\n"
      .. "stack traceback %(game code%):\n\t.-no_deal%.lua:4:"), err)
    t.ok(not err:find("/stdlib/talon/", 1, true) and not err:find("/repl/talon/", 1, true), err)
  end
  run.rmdir(dir)
end)

-- docs/cli.md `talon play … --position FILE`: a hook of the game that
-- raises while the position is restored (here the phase's mover) is shown
-- as the game's other errors are, naming the game's file and line; so is
-- a position file whose own code raises.
t.test("a hook that raises while a position is restored shows the game's message and frames",
    function()
  local dir = run.tmpdir()
  local function write(name, text)
    local f = assert(io.open(dir .. "/" .. name, "w"))
    f:write(text)
    f:close()
  end
  write("mover_raises.lua", [[
local variant = require "talon.variant"
return variant.of(require "games._template", {
  name = "Mover raises", summary = "a mover hook that raises",
  wrap = { ["play.mover"] = function() error({ message = "no mover today" }) end },
})
]])
  write("second_card.lua", [[
return {
  phase = "play", dealer = 1, turn = 1, hand_no = 1,
  hands = { "AS 8H 9D QC JC", "TH AD TD KC" },
  stock = "JH KD JD QH KS 8C 7H JS 7S 8D AC 8S 9S 7C TS QS TC AH 7D 9H QD 9C",
  trick = { plays = { { seat = 2, cards = "KH" } } },
}
]])
  write("raises.lua", "return { phase = 'play', hands = { (nil)() } }\n")
  local code, _, err = run.talon({ "play", "mover_raises.lua", "--position", "second_card.lua" },
    nil, dir)
  t.eq(code, 1, err)
  t.eq(err, "talon play: --position second_card.lua: mover_raises.lua:4: no mover today\n"
    .. "stack traceback (game code):\n\tmover_raises.lua:4: in function <mover_raises.lua:4>\n"
  )
  code, _, err = run.talon({ "play", "_template", "--position", "raises.lua" }, nil, dir)
  t.eq(code, 1, err)
  t.ok(err:find("^talon play: %-%-position raises%.lua: raises%.lua:1: attempt to call a nil"
    .. " value\nstack traceback %(game code%):\n\traises%.lua:1: in main chunk\n$"), err)
  run.rmdir(dir)
end)

-- A table a game raises where the program meets it while walking the
-- game's state (a view hook; the partnerships, read for the table or a
-- summary) names the game's file and line, as a text raised there does
-- ("FILE:LINE: boom"), and is read raw (no metamethod of it runs).
t.test("a table raised during a walk of the game's state names the file and line", function()
  local dir = run.tmpdir()
  local function write(name, text)
    local f = assert(io.open(dir .. "/" .. name, "w"))
    f:write(text)
    f:close()
  end
  write("view_table.lua", [[
local variant = require "talon.variant"
return variant.of(require "games._template", {
  name = "View table", summary = "a view hook that raises a table",
  view = function(_, seat) error({ message = "no view today", seat = seat }) end,
})
]])
  write("sides_table.lua", [[
local variant = require "talon.variant"
local NO = setmetatable({ because = "no sides today" },
  { __index = function() error("ran __index") end })
local function refuse() error(NO) end
return variant.of(require "games._template", {
  name = "Sides table", summary = "partnerships that raise a table when read",
  wrap = { deal = function(orig, st)
    st.sides = setmetatable({}, { __index = refuse })
    return orig(st)
  end },
})
]])
  for _, c in ipairs {
    { { "check", "view_table.lua", "--games", "1" }, "view_table.lua:4: no view today {seat = 1}" },
    { { "play", "view_table.lua", "--auto" }, "view_table.lua:4: no view today {seat = 1}" },
    { { "check", "sides_table.lua", "--games", "1" }, "sides_table.lua:4: no sides today" },
    { { "sim", "sides_table.lua", "--games", "1" }, "sides_table.lua:4: no sides today" },
    { { "play", "sides_table.lua", "--auto" }, "sides_table.lua:4: no sides today" },
  } do
    local code, _, err = run.talon(c[1], nil, dir)
    local what = table.concat(c[1], " ")
    t.eq(code, 1, what .. ": " .. err)
    t.ok(err:find(c[2], 1, true), what .. ": " .. err)
    t.ok(not err:find("ran __index", 1, true), what .. " read the table raw: " .. err)
  end
  run.rmdir(dir)
end)
