-- The rule-of-thumb Hokm bot (games/bots/hokm.lua) through the bot
-- interface of docs/cli.md: choose(view, rng) -> action, reason. Views are
-- built by hand, as the framework would give them to one seat.
local t = require "talon.host.testing"
local talon = require "talon"
local loader = require "talon.host.loader"
local run = require "tests.lua.cli.run"

local bot = assert(loader.module("games.bots.hokm"))
local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2", suits = "S H D C" }

local function cards(s)
  local list = {}
  for w in s:gmatch("%S+") do list[#list + 1] = deck:card(w) end
  return list
end

-- A four-player view for 'seat' holding 'hand', with the trick so far
-- given as "seat:card" words and the legal cards; partners sit opposite
-- (HOK-R1), as the view's public sides say.
local function view(seat, hand, trick, legal, trump)
  local v = { seat = seat, n = 4, phase = "play", trump = trump or "S", hand = deck:hand(hand),
    legal = cards(legal or hand), trick = { seats = {}, cards = {} },
    sides = { { 1, 3 }, { 2, 4 } }, side_of = { 1, 2, 1, 2 } }
  for s, c in (trick or ""):gmatch("(%d):(%S+)") do
    v.trick.seats[#v.trick.seats + 1] = tonumber(s)
    v.trick.cards[#v.trick.cards + 1] = deck:card(c)
  end
  return v
end

local function choose(v)
  local a, why = bot.choose(v, talon.rng(1))
  return a, why
end

-- HOK-R3 + HOK-R4: following, it wins as cheaply as it can.
t.test("follows with the lowest card that wins", function()
  local a, why = choose(view(3, "AC QC 5C 9H", "2:KC", "AC QC 5C"))
  t.eq(a, deck:card("AC"), "only the ace beats the king")
  t.ok(why:find("wins"), why)
  a = choose(view(3, "AC QC JC 5C", "2:TC", "AC QC JC 5C"))
  t.eq(a, deck:card("JC"), "the jack is the cheapest winner over the ten")
end)

t.test("plays the lowest card when it cannot win", function()
  t.eq(choose(view(3, "9C 7C 5C AH", "2:KC", "9C 7C 5C")), deck:card("5C"))
end)

-- Partners sit opposite (HOK-R1): seat 3 plays with seat 1.
t.test("does not overtake a partner who is winning", function()
  local a, why = choose(view(3, "AC 5C 9H", "1:KC 2:4C", "AC 5C"))
  t.eq(a, deck:card("5C"))
  t.ok(why:find("partner"), why)
end)

-- The bot asks the view who its partner is: without a partnership (each
-- seat its own side) seat 1 winning is an opponent to beat.
t.test("takes its partner from the view's sides, not from the seat numbers", function()
  local v = view(3, "AC 5C 9H", "1:KC 2:4C", "AC 5C")
  v.sides, v.side_of = { { 1 }, { 2 }, { 3 }, { 4 } }, { 1, 2, 3, 4 }
  local a, why = choose(v)
  t.eq(a, deck:card("AC"), "seat 1 is no partner: win the trick")
  t.ok(why:find("wins"), why)
end)

-- HOK-R3/R4: void in the led suit, the cheapest trump wins the trick.
t.test("trumps low when void in the led suit", function()
  t.eq(choose(view(3, "2S 9S AH 3D", "2:KC")), deck:card("2S"), "the 2 of trump")
  t.eq(choose(view(3, "2S 9S AH 3D", "2:KC 4:5S")), deck:card("9S"), "over a trump")
end)

t.test("leads a plain ace, else high from its longest plain suit", function()
  t.eq(choose(view(1, "AS KH 2H 3D", nil, nil, "S")), deck:card("KH"), "not the trump ace")
  t.eq(choose(view(1, "AD KH 2H 3D", nil, nil, "S")), deck:card("AD"), "a plain ace")
  t.eq(choose(view(1, "KH 2H 9D 3D 4D", nil, nil, "S")), deck:card("9D"), "longest: ♦")
end)

-- HOK-R2: the Hakem names trump from his first five cards.
t.test("names the longest, then strongest suit of the first five", function()
  local legal = {}
  for _, s in ipairs { "S", "H", "D", "C" } do
    legal[#legal + 1] = { verb = "trump", arg = s }
  end
  local function trump(hand)
    local v = { seat = 1, n = 4, phase = "trump", hand = deck:hand(hand), legal = legal,
                trick = { seats = {}, cards = {} } }
    return choose(v).arg
  end
  t.eq(trump("2H 3H 5H AS KD"), "H", "three hearts")
  t.eq(trump("2H 3H AS KS 9D"), "S", "two and two: the stronger spades")
end)

-- HOK-R17/R18: the two- and three-player forms too, with no illegal move.
t.test("plays every form legally and beats random", function()
  for _, n in ipairs { "2", "3" } do
    local code, out = run.talon { "sim", "hokm", "--players", n, "--games", "40", "--seed", "3",
      "--bots", "rule,random,random", "--json" }
    t.eq(code, 0)
    t.ok(out:find('"bot_failures":0', 1, true), n .. " players: no failed move")
    local first = tonumber(out:match('"wins":%[(%d+)'))
    t.ok(first >= 30, ("%s players: the bot won %d of 40"):format(n, first))
  end
end)

-- docs/cli.md, Bots: a bot file returns a table with a 'choose' function
-- and, if it names itself, a name that is a text; one that does not is
-- refused naming the file before any match is played (a table for a name
-- used to fail at the report, after every match, with a traceback).
t.test("a bot file whose name is not a text is refused naming the file", function()
  local root = run.tmpdir()
  os.execute(("mkdir -p %s/games/bots"):format(root))
  local function put(path, text)
    local f = assert(io.open(root .. "/" .. path, "w"))
    f:write(text)
    f:close()
  end
  put("games/badname.lua", assert(io.open(run.root .. "/tests/fixtures/terminal/escapes.lua"))
    :read("a"))
  put("games/bots/badname.lua", "return { name = { 'a table' }, "
    .. "choose = function(v) return v.legal[1] end }\n")
  local program = require "tests.lua.repl.program"
  local code, out, err = program.run({ "sim", "badname", "--games", "2", "--bots", "rule" }, nil,
    ("cd %s && TALON_PATH=%s:%s NO_COLOR=1"):format(root, root, run.root))
  t.eq(code, 1, out .. err)
  t.ok(err:find("games/bots/badname.lua: a bot's name must be a text", 1, true), err)
  t.ok(not err:find("traceback", 1, true), "a clean refusal: " .. err)
  put("games/bots/badname.lua", "return { choose = function(v) return v.legal[1] end }\n")
  code, out, err = program.run({ "sim", "badname", "--games", "2", "--bots", "rule" }, nil,
    ("cd %s && TALON_PATH=%s:%s NO_COLOR=1"):format(root, root, run.root))
  t.eq(code, 0, err)
  t.ok(out:find("bots: rule-of-thumb badname", 1, true), "a bot without a name is named: " .. out)
  run.rmdir(root)
end)

-- A bot is game code (docs/security.md): the legal actions in its view are
-- copies, so a bot file for Hokm that renames the trump action it is given
-- changes nothing of the game's (it renamed Hokm's own action table, made
-- once per file: the table printed "P2: pass S", the record held it, and
-- the record did not replay). Its choice is then simply not legal.
t.test("a bot that changes the legal actions of its view changes nothing of the game's", function()
  local root = run.tmpdir()
  os.execute(("mkdir -p %s/games/bots"):format(root))
  local f = assert(io.open(root .. "/games/bots/hokm.lua", "w"))
  f:write([[return { name = "renamer", choose = function(v, rng)
  local a = v.legal[1]
  if type(a) == "table" and a.verb == "trump" then a.verb = "pass"; return a end
  return v.legal[rng:int(1, #v.legal)]
end }
]])
  f:close()
  local program = require "tests.lua.repl.program"
  local env = ("cd %s && TALON_PATH=%s:%s NO_COLOR=1"):format(root, root, run.root)
  local code, out, err = program.run({ "play", "hokm", "--auto", "--seed", "3", "--record",
    "m.rec" }, nil, env)
  t.eq(code, 0, err)
  t.ok(not out:find("P2: pass", 1, true), out)
  t.ok(out:find("the bot chose 'pass S', which is not legal", 1, true), out)
  code, out, err = program.run({ "replay", "m.rec", "--quiet" }, nil, env)
  t.eq(code, 0, err)
  t.ok(out:find("the replay matches the recorded result.", 1, true), out)
  run.rmdir(root)
end)
