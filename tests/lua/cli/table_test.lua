-- The terminal table of `talon play` (repl/talon/table.lua) draws the score
-- line from the view alone: partnerships from the view's public sides
-- (HOK-R1), and accounts readable when some are negative (HOS-R24).
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local tbl = require "talon.cli.table"

t.test("the score line names partnerships from the view's sides", function()
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local text = tbl.render(g:view(1), "Hokm")
  local v = g:view(1)
  local first = v.names[v.sides[1][1]] .. "+" .. v.names[v.sides[1][2]]
  t.ok(text:find("scores " .. first:gsub("%+", "%%+") .. " 0  –  ", 1), text)
end)

t.test("single-seat sides are named with their scores, negative ones too", function()
  local g = game.new(assert(loader.load("hosgin")), { seed = 3, scores = { -300, 120, 0 } })
  local text = tbl.render(g:view(1), "Hosgin")
  -- in ASCII a slash between players (a dash would read as a minus)
  local sep = require("talon").style() == "ascii" and " / " or " · "
  t.ok(text:find(("scores P1 -300%sP2 120%sP3 0"):format(sep, sep), 1, true), text)
end)

-- KOZ-R9, KOZ-R10: a trick of sets shows each set's cards, and a face-down
-- set only as "(face down)" (tricks.set_phase; the view holds Hands and false).
t.test("a trick of sets: each set's cards, face-down ones hidden", function()
  local talon = require "talon"
  talon.style("ascii")
  local deck = talon.deck { ranks = "A T K Q J 9 8 7 6" }
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local v = g:view(1)
  v.trick = { seats = { 2, 3, 4 }, cards = { deck:hand("AD KD JD"), false, deck:hand("7H") } }
  local text = tbl.render(v, "Sets"):gsub("\27%[[%d;]*m", "")
  local line = text:match("trick: ([^\n]*)")
  t.eq(line, "P2 AD KD JD, P3 (face down), P4 7H")
end)

-- BES-R11: cards laid face up stay part of the hand; the view's `exposed`
-- (seat -> Hand) is drawn on a line of its own, and only when some are.
t.test("cards laid face up in front of the seats are drawn on their own line", function()
  local talon = require "talon"
  talon.style("ascii")
  local support = require "tests.lua.games.besigue_support"
  local g = support.dealt({ "KS QS JD KH KD KC AC AD", "7S 8S 9S 7C 8C 9C 7D 8D" }, "9H", 2)
  local text = tbl.render(g:view(1), "Besigue"):gsub("\27%[[%d;]*m", "")
  t.ok(not text:find("on the table", 1, true), "nothing laid yet")
  t.ok(text:find("turned 9H", 1, true), "the turn-up: " .. text)
  g:play("meld marriage KS QS")
  text = tbl.render(g:view(2), "Besigue"):gsub("\27%[[%d;]*m", "")
  t.eq(text:match("on the table: ([^\n]*)"), "P1 KS QS | P2 (you) -")
end)

-- The numbers that decide a game are on the table: each partnership's
-- tricks (Hokm), the card points in tricks (Hosgin), the pot (Bura, Kosel
-- pot), what the scores are (Kosel's penalty points); counts read "1
-- card", and four seats fit 80 columns.
t.test("the table shows the numbers that decide the game, within 80 columns", function()
  local run = require "tests.lua.cli.run"
  local function table_of(name)
    local _, out = run.talon({ "play", name, "--seed", "3" }, "quit\n")
    return out
  end
  local hokm = table_of("hokm")
  t.ok(hokm:find("\ntricks P1+P3 0  –  P2+P4 0\n", 1, true), hokm)
  local drawn = hokm:match("── Hokm ──.-\nto move: [^\n]*")
  for line in drawn:gmatch("[^\n]+") do
    t.ok(utf8.len(line) <= 80, "fits 80 columns: " .. line)
  end
  t.ok(table_of("hosgin"):find("card points in tricks: P1 0 · P2 0 · P3 0", 1, true), "Hosgin")
  t.ok(table_of("hosgin"):find("scores P1 0 · P2 0 · P3 0", 1, true), "named scores")
  t.ok(table_of("bura"):find("net chips P1 0 · P2 0 · P3 0   dealer P3   pot 15", 1, true), "Bura")
  t.ok(table_of("koselpot"):find("   pot 15\n", 1, true), "Kosel pot")
  t.ok(table_of("kosel"):find("trump ♥   penalty points P1+P3 0", 1, true), "Kosel")
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local v = g:view(1)
  v.sizes[2], v.tricks_won[2] = 1, 1
  local text = tbl.render(v, "Hokm")
  t.ok(text:find("P2: 1 card, 1 trick", 1, true), text)
end)

-- HOK-R7: the event shows the cards dealt to find the second ace, as
-- HOK-R6's shows those to the first.
t.test("HOK-R7 tells the cards dealt to the second ace", function()
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local text
  for _, ev in ipairs(g:events()) do
    if ev.text:find("^HOK%-R7") then text = ev.text end
  end
  t.ok(text and text:find("^HOK%-R7: the dealing goes on %(P%d [^)]+%); P%d receives the second"),
    tostring(text))
end)
