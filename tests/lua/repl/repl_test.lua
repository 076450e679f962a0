-- The talon program seen from the shell (docs/program.md): --help,
-- --version, usage errors, `talon run`, and the REPL driven through a pipe.
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"

local run = program.run

-- program.md "Exit codes": --help and --version succeed and print to stdout.
t.test("--help lists every command and exits 0", function()
  local code, out, err = run({ "--help" })
  t.eq(code, 0, "exit code")
  t.eq(err, "", "stderr")
  for _, cmd in ipairs { "run FILE", "test FILE", "play GAME", "sim GAME",
      "check GAME_OR_FILE", "replay FILE", "list", "rules GAME",
      "--players N", "--seed S", "-o key=value", "--mem-limit MB", "-E" } do
    t.ok(out:find(cmd, 1, true), "help mentions " .. cmd)
  end
end)

t.test("--version prints the version and exits 0", function()
  local code, out = run({ "--version" })
  t.eq(code, 0, "exit code")
  t.ok(out:match("^talon %d+%.%d+%.%d+ %(Lua 5%.4"), "version line: " .. out)
end)

-- program.md "Exit codes": a usage error is one line on stderr and exit 2.
t.test("an unknown option is a one-line usage error", function()
  local code, out, err = run({ "--frobnicate" })
  t.eq(code, 2, "exit code")
  t.eq(out, "", "stdout")
  t.eq(err, "talon: unknown option '--frobnicate' (try 'talon --help')\n")
end)

t.test("an unknown command is a usage error", function()
  local code, _, err = run({ "fly" })
  t.eq(code, 2, "exit code")
  t.eq(err, "talon: unknown command 'fly' (try 'talon --help')\n")
end)

t.test("run and test without FILE are usage errors", function()
  t.eq((run({ "run" })), 2, "run")
  t.eq((run({ "test" })), 2, "test")
end)

-- program.md "Finding stdlib/ and games/": a front-end command names the
-- missing file and the data root that was searched.
t.test("a missing front end is named with the root", function()
  local root = os.tmpname()
  os.remove(root)
  assert(os.execute("mkdir -p '" .. root .. "/stdlib'"))
  local code, _, err = run({ "play", "hokm" }, nil, "TALON_PATH='" .. root .. "'")
  os.execute("rm -rf '" .. root .. "'")
  t.eq(code, 1, "exit code")
  t.eq(err, "talon: the 'play' command needs repl/talon/cli.lua, which was "
    .. "not found in " .. root .. "\n")
end)

-- program.md "talon run": a failing script exits 1 with file:line and a
-- traceback on stderr.
t.test("run: a failing script exits 1 with file:line and traceback", function()
  local path = program.file("local function inner()\n  error('it broke')\nend\ninner()\n")
  local code, _, err = run({ "run", path })
  os.remove(path)
  t.eq(code, 1, "exit code")
  t.ok(err:find(path .. ":2: it broke", 1, true), "file:line in " .. err)
  t.ok(err:find("stack traceback:", 1, true), "traceback")
  t.ok(err:find("in local 'inner'", 1, true), "names the function")
end)

t.test("run: an error object whose __tostring raises does not crash", function()
  local path = program.file("error(setmetatable({}, {__tostring = function() "
    .. "error('again') end}))\n")
  local code, _, err = run({ "run", path })
  os.remove(path)
  t.eq(code, 1, "exit code")
  t.ok(err:find("its __tostring failed", 1, true), err)
end)

t.test("run: arguments arrive in arg and ...; full stdlib; talon.root", function()
  local path = program.file("local a, b = ...\n"
    .. "print(arg[0] == arg[0], arg[1], arg[2], a, b, #arg)\n"
    .. "print(type(io.open), type(os.time), type(require('talon').root))\n")
  local code, out = run({ "run", path, "x", "y z" })
  os.remove(path)
  t.eq(code, 0, "exit code")
  t.eq(out, "true\tx\ty z\tx\ty z\t2\nfunction\tfunction\tstring\n")
end)

t.test("run: a missing script is an error naming it", function()
  local code, _, err = run({ "run", "/nonexistent/script.lua" })
  t.eq(code, 1, "exit code")
  t.ok(err:find("cannot open /nonexistent/script.lua", 1, true), err)
end)

-- program.md "The REPL": expressions print their value, statements run,
-- multi-line input continues while the chunk is incomplete.
t.test("repl: expressions, statements and multi-line input", function()
  local code, out, err = run({}, "x = 20\nx + 1\nfunction f(a)\n  return a * 2\nend\nf(21)\n")
  t.eq(code, 0, "exit code")
  t.eq(err, "", "stderr")
  t.eq(out, "21\n42\n")
end)

t.test("repl: survives an error and goes on", function()
  local code, out, err = run({}, "error('boom')\n1 + 1\nnil + 1\n'still here'\n")
  t.eq(code, 0, "exit code")
  t.ok(err:find("repl:1: boom", 1, true), "first error: " .. err)
  t.ok(err:find("attempt to perform arithmetic on a nil value", 1, true), "second error")
  t.ok(err:find("stack traceback:", 1, true), "traceback")
  t.eq(out, "2\n\"still here\"\n")
end)

t.test("repl: values print readably", function()
  local code, out = run({}, table.concat({
    "{3, 2, 1, name = 'x', [10] = true}",
    "t = {}; t.self = t",
    "t",
    "'a\\nb'",
    "1, 'two', nil",
    "{}",
  }, "\n") .. "\n")
  t.eq(code, 0, "exit code")
  t.eq(out, '{3, 2, 1, [10] = true, name = "x"}\n{self = <cycle>}\n"a\\nb"\n'
    .. '1\t"two"\tnil\n{}\n')
end)

t.test("repl: an unfinished statement at end of input is reported", function()
  local code, out, err = run({}, "function f(\n")
  t.eq(code, 0, "exit code")
  t.eq(out, "", "stdout")
  t.ok(err:find("<eof>", 1, true), err)
end)

t.test("repl: help() prints a guide", function()
  local code, out = run({}, "help()\n")
  t.eq(code, 0, "exit code")
  t.ok(out:find("talon.deck", 1, true), "mentions decks")
  t.ok(out:find("talon play GAME", 1, true), "mentions commands")
  t.ok(out:find('hosgin.tools.melds("QS KS JD", "H")', 1, true), "shows a game's tools")
end)

-- docs/games/hosgin.md "From the REPL": the lines shown there work in the
-- REPL as written (a game's `tools`, docs/framework.md §1; HOS-R19 melds,
-- HOS-R29 rounding, HOS-R21 scaled series through a variant).
t.test("repl: Hosgin's tools score a hand as docs/games/hosgin.md shows", function()
  local code, out, err = run({}, table.concat({
    'hosgin = require "games.hosgin"',
    'print(hosgin.tools.melds("KS QS KH QH KD QD KC QC JH TH AH", "H"))',
    'hosgin.tools.melds("QH KH", "D").total',
    "hosgin.tools.round(155)",
    'require("talon.host.loader").load("hosgin-scaled").tools.melds("ASx3 AHx3 ADx3 ACx3", "S", '
      .. '"scaled").total',
    "g = require(\"talon.game\").new(hosgin, {seed = 7})",
    'hosgin.tools.melds(g.state.hands[1], "H").total > 0',
  }, "\n") .. "\n")
  t.eq(code, 0, "exit code")
  t.eq(err, "", "stderr")
  t.ok(out:find("^melds of 11 cards, trump ♥: 350\n  trump series ♥%s+150\n"), out)
  t.ok(out:find("\n20\n150\n1500\ntrue\n$"), out)
end)
