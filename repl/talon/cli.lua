-- talon.cli: the subcommands of the talon program written in Lua (play,
-- sim, check, replay, list, rules, explain). repl/main.c calls
-- cli.main(command, args) with the words after the command and uses the
-- returned integer as the exit code: 0 success, 1 a failure (a game file
-- that does not load, a broken invariant, a record that does not replay),
-- 2 a usage mistake (one line on stderr naming the argument at fault).
local cli = {}

local COMMON = [[
  GAME            a game name (hokm) or the path of a game or variant file
  --players N     number of players (one of the game's counts)
  --seed S        seed of the shuffles and bots (integer or text; default 1)
  -o key=value    a game option (see 'talon list'); repeatable]]

local USAGE = {
  play = "talon play GAME [--players N] [--seed S] [-o key=value] [--seat K]\n"
    .. "                 [--bots random|rule,...] [--record FILE] [--auto] [--explain]\n"
    .. "play at the terminal against bots; type 'help' at the prompt.\n" .. COMMON .. "\n"
    .. "  --seat K        your seat (default 1)\n"
    .. "  --bots LIST     the opponents, per seat, repeated (default rule)\n"
    .. "  --record FILE   write the game record to FILE at the end\n"
    .. "  --auto          the rule-of-thumb bot plays your seat too\n"
    .. "  --explain       show why each bot plays what it plays ('explain' toggles it)",
  sim = "talon sim GAME --games N [--seed S] [--bots random|rule,...] [--hands H] [--json]\n"
    .. "bot self-play with a summary (wins, points, hands, speed).\n" .. COMMON .. "\n"
    .. "  --games N       matches to play (default 100)\n"
    .. "  --bots LIST     seat k gets the k-th bot, the list repeated (default rule)\n"
    .. "  --hands H       stop each match after H hands (default: play it out)\n"
    .. "  --json          print the summary as JSON",
  check = "talon check GAME_OR_FILE [--games N] [--hands H] [--seed S] [--players N] [-o k=v]\n"
    .. "plays random games asserting the invariants after every action.\n" .. COMMON .. "\n"
    .. "  --games N       games to play, seeds S..S+N-1 (default 100)\n"
    .. "  --hands H       a game is a match of at most H hands (default 20)",
  replay = "talon replay FILE [--step] [--check] [--quiet]\n"
    .. "replays a game record and checks it ends with the recorded result.\n"
    .. "  --step          wait for Enter between actions (on a terminal)\n"
    .. "  --check         assert the invariants after every action\n"
    .. "  --quiet         print only the result",
  list = "talon list\nlists the games and variants found on the data path.",
  analyse = "talon analyse RECORD [--at N] [--budget B] [--seed S]\n"
    .. "the search's estimate of every legal action at one point of a game record.\n"
    .. "  --at N          after the first N actions (default: the record's last decision)\n"
    .. "  --budget B      futures to play out (2000) or milliseconds (500ms)\n"
    .. "  --seed S        seed of the search (default 1)",
  review = "talon review RECORD --seat S [--budget B] [--margin X] [--seed S]\n"
    .. "goes through a game record and marks each decision of seat S whose estimate was\n"
    .. "clearly worse than the best one, with both numbers and the better action.\n"
    .. "  --seat S        the seat to review\n"
    .. "  --budget B      futures per decision (1000) or milliseconds (200ms)\n"
    .. "  --margin X      points below the best before a decision is marked (0.1)\n"
    .. "  --seed S        seed of the search (default 1)",
  rules = "talon rules GAME [--players N] [-o key=value]\n"
    .. "prints a game's rules summary for the chosen options.",
  explain = "talon explain GAME [RULE-ID...] [--players N] [-o key=value]\n"
    .. "prints the named rules of a game as they read with the chosen options\n"
    .. "(all that apply if none are named).",
}

local COMMANDS = {
  play = function(args) return require("talon.cli.play").run(args) end,
  sim = function(args) return require("talon.cli.sim").run(args) end,
  check = function(args) return require("talon.cli.check").run(args) end,
  replay = function(args) return require("talon.cli.replay").run(args) end,
  list = function(args) return require("talon.cli.list").run(args) end,
  rules = function(args) return require("talon.cli.rules").run(args) end,
  explain = function(args) return require("talon.cli.rules").explain(args) end,
  analyse = function(args) return require("talon.cli.analyse").run(args) end,
  review = function(args) return require("talon.cli.review").run(args) end,
}

-- Keeps usage errors (tables) as they are; gives other errors a
-- traceback unless they carry one already (a game hook's error does).
local function traceback(e)
  if type(e) == "table" and e.usage then return e end
  local msg = tostring(e)
  if msg:find("\nstack traceback:", 1, true) then return msg end
  return debug.traceback(msg, 2)
end

local function wants_help(args)
  for _, a in ipairs(args) do
    if a == "--help" or a == "-h" then return true end
  end
  return false
end

-- Runs subcommand 'cmd' with the argument strings 'args'; returns the exit
-- code. Other errors (a bug, a game hook that raised) are printed with
-- their traceback and give 1.
function cli.main(cmd, args)
  args = args or {}
  local run = COMMANDS[cmd]
  if not run then
    io.stderr:write(("talon: unknown command '%s' (try 'talon --help')\n"):format(tostring(cmd)))
    return 2
  end
  if wants_help(args) then
    print("usage: " .. USAGE[cmd])
    return 0
  end
  local ok, r = xpcall(run, traceback, args)
  if ok then return math.tointeger(r) or (r == false and 1 or 0) end
  if type(r) == "table" and r.usage then
    io.stderr:write(("talon %s: %s\n"):format(cmd, r.usage))
    return r.game_error and 1 or 2
  end
  io.stderr:write(("talon %s: %s\n"):format(cmd, tostring(r)))
  return 1
end

return cli
