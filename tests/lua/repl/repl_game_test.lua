-- A game at the REPL (talon.cli.live through the REPL's talon.play): one
-- call starts it against bots, printing shows the table, actions by text,
-- undo, fork (a what-if copy), open hands, explanations; help(topic),
-- and help, quit and exit typed alone.
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"
local run = require "tests.lua.cli.run"

local function repl(lines)
  return program.run({}, table.concat(lines, "\n") .. "\n", "NO_COLOR=1 LANG=C.UTF-8")
end

t.test("talon.play starts a game; printing shows the table", function()
  local code, out, err = repl { 't = talon.play("hokm", {seed = 1, players = 3})', "t" }
  t.eq(code, 0, err)
  t.eq(err, "")
  t.ok(out:find("HOK-R6: P1 deals face up", 1, true), "the deal's events: " .. out)
  t.ok(out:find("── Hokm ── hand 1, phase trump", 1, true), out)
  t.ok(out:find("your hand: 10♠ 8♠ 7♠   9♥   A♣", 1, true), out)
  t.ok(out:find("legal: trump S  trump H  trump D  trump C", 1, true), out)
end)

t.test("play by text, the bots answer; undo takes it back", function()
  local code, out, err = repl { 't = talon.play("hokm", {seed = 1, players = 3})',
    't:play("trump S")', 't:play("J♠")', "t:undo()", "t.game.nact" }
  t.eq(code, 0, err)
  t.ok(out:find("you: trump S\n", 1, true), out)
  t.ok(out:find("you: J♠\nP2: ", 1, true), "a bot answered: " .. out)
  t.ok(out:find("undone: your J♠ and the moves after it.", 1, true), out)
  t.ok(out:find("\n1\n$"), "back before J♠: " .. out)
end)

-- docs/program.md: talon.play(NAME, {position = p}) starts from a position
-- of t:position(), with the position's own options (three players here)
-- unless the call changes them, as talon play --position does.
t.test("talon.play starts from a position with its options", function()
  local code, out, err = repl { 't = talon.play("hokm", {seed = 1, players = 3})',
    't:play("trump S")', "p = t:position()", 't2 = talon.play("hokm", {position = p})',
    "t2.game:seats()", "tostring(t2.game:hand(1)) == tostring(t.game:hand(1))" }
  t.eq(code, 0, err)
  t.eq(err, "")
  t.ok(out:find("the game starts from a position", 1, true), out)
  t.ok(out:find("\n3\ntrue\n$"), "three seats, the same hand: " .. out)
end)

t.test("fork is a copy that goes its own way", function()
  local code, out, err = repl { 't = talon.play("hokm", {seed = 1, players = 3})',
    "u = t:fork()", 'u:play("trump H")', "t.game.nact", "u.game.nact > 0",
    'print(t.game:phase(), u.game:phase())' }
  t.eq(code, 0, err)
  t.ok(out:find("\n0\ntrue\ntrump\tplay\n", 1, true), out)
end)

t.test("open hands, why, explain, hint, a refusal explained", function()
  local code, out, err = repl { 't = talon.play("hokm", {seed = 1, players = 3, open = true})',
    't:play("trump S")', 't:why("QD")', 't:explain("HOK-R4")', "t:hint()", 't:play("ZZ")' }
  t.eq(code, 0, err)
  t.ok(out:find("  P2 holds: ", 1, true), "open: " .. out)
  t.ok(out:find("HOK-R4  The highest trump wins", 1, true), out)
  t.ok(out:find("hint: ", 1, true), out)
  t.ok(out:find("not allowed: ", 1, true), out)
end)

t.test("help(topic), help, quit and exit typed alone", function()
  local code, out = repl { 'help("play")', 'help("melds")', 'help("nothing")', "help",
    "quit", 'print("after quit")' }
  t.eq(code, 0)
  t.ok(out:find("A game at the REPL: t = talon.play(NAME, {options})", 1, true), out)
  t.ok(out:find("Melds: m = talon.melds(d,", 1, true), out)
  t.ok(out:find("no help on 'nothing'; topics: decks, games, hands, melds, play", 1, true), out)
  t.ok(out:find("Talon REPL: Lua 5.4", 1, true), "help alone: " .. out)
  t.ok(not out:find("after quit", 1, true), "quit ends the REPL: " .. out)
  local _, out2 = repl { "exit", 'print("after exit")' }
  t.ok(not out2:find("after exit", 1, true), out2)
  local _, out3 = repl { "x = 1; quit()", 'print("after quit()")' }
  t.ok(not out3:find("after quit()", 1, true), out3)
end)

-- Games get a frozen copy of the library: talon.play stays the REPL's.
t.test("talon.play is the REPL's, not the library's", function()
  local _, out = repl { 'print(rawget(talon, "play") ~= nil, require("talon").play)' }
  t.ok(out:find("true\tnil\n", 1, true), out)
end)

t.test("a game at the REPL in a terminal", function()
  local code, out = run.pty({}, [[
expect talon>
ready
send t = talon.play("hokm", {seed = 1, players = 3})\r
expect is Hakem
ready
send t\r
expect legal: trump S
ready
send t:play("trump S")\r
expect you: trump S
ready
send quit\r
]])
  t.eq(code, 0, out)
  t.ok(out:find("[exit 0]", 1, true), out)
end)

-- A colour terminal in a locale without UTF-8 prints letters (the REPL
-- chose colour, and so glyphs, whatever the locale said).
t.test("the REPL in a terminal with LC_ALL=C prints cards as letters", function()
  local driver = assert(os.getenv("TALON_PTYDRIVE"))
  local script = program.file("expect talon>\nsend talon.deck{ranks = \"A K Q\"}:hand(\"QS\")"
    .. "\\r\nexpect }\nsend quit\\r\n")
  local out = os.tmpname()
  os.execute(("TERM=xterm LANG=C.UTF-8 LC_ALL=C TALON_PATH=%s %s -t 60 -- %s <%s >%s 2>&1")
    :format(program.quote(run.root), program.quote(driver), program.quote(program.path), script,
      out))
  local f = assert(io.open(out, "rb"))
  local text = f:read("a")
  f:close()
  os.remove(out)
  os.remove(script)
  t.ok(text:find("{QS}", 1, true), text)
end)
