-- talon.cli: the subcommands of the talon program written in Lua (play,
-- sim, compare, merge, check, replay, list, rules, explain). repl/main.c calls
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

local RUN = [[
  --games N       matches to play (default 100)
  --bots LIST     seat k gets the k-th bot, the list repeated (default rule)
  --hands H       stop each match after H hands (default: play it out)
  --jobs N        play on N cores (worker processes); the same output as one
  --shard i/N     play only slice i of N (matches i, i+N, ...) and print its
                  summary as JSON, for 'talon merge'
  --json          print the summary as JSON]]

local USAGE = {
  play = "talon play GAME [--players N] [--seed S] [-o key=value] [--seat K]\n"
    .. "                 [--bots random|rule,...] [--record FILE] [--auto] [--explain]\n"
    .. "       talon play --resume FILE [--seat K] [--record FILE]\n"
    .. "play at the terminal against bots; type 'help' at the prompt.\n" .. COMMON .. "\n"
    .. "  --seat K        your seat (default 1)\n"
    .. "  --bots LIST     the opponents, per seat, repeated (default rule)\n"
    .. "  --record FILE   write the game record to FILE, after every action\n"
    .. "  --resume FILE   go on with the game recorded in FILE (and keep writing it)\n"
    .. "  --position FILE start from a position (talon.host.position)\n"
    .. "  --ascii, --no-color   print cards as letters / without colour\n"
    .. "  --auto          the rule-of-thumb bot plays your seat too\n"
    .. "  --explain       show why each bot plays what it plays ('explain' toggles it)",
  sim = "talon sim GAME [--games N] [--seed S] [--bots random|rule,...] [--hands H]\n"
    .. "                [--jobs N] [--shard i/N] [--json]\n"
    .. "bot self-play: wins, points, hands and the game's own statistics, each with\n"
    .. "its 95 % interval; Ctrl-C stops after the match in play and prints the\n"
    .. "summary so far.\n" .. COMMON .. "\n" .. RUN,
  compare = "talon compare A [-o key=value] [--players N] B [-o key=value] [--players N]\n"
    .. "                    [--games N] [--seed S] [--bots LIST] [--hands H] [--jobs N] [--json]\n"
    .. "simulates two games, variants or option sets on the same seeds and shows\n"
    .. "every statistic side by side with the difference B - A, its 95 % interval\n"
    .. "and a verdict. -o and --players belong to the game they follow.\n" .. RUN,
  merge = "talon merge FILES... [--json]\n"
    .. "combines the JSON summaries of slices of one run (--shard i/N) into the\n"
    .. "summary the whole run prints.\n"
    .. "  --json          print the merged summary as JSON (it merges again)",
  check = "talon check GAME_OR_FILE [--games N] [--hands H] [--seed S] [--players N] [-o k=v]\n"
    .. "plays random games asserting the invariants after every action.\n" .. COMMON .. "\n"
    .. "  --games N       games to play, seeds S..S+N-1 (default 100; S an integer here)\n"
    .. "  --hands H       a game is a match of at most H hands (default 20)\n"
    .. "  --json          print the outcome as JSON",
  replay = "talon replay FILE [--step] [--open] [--seat K] [--check] [--quiet] [--json]\n"
    .. "replays a game record and checks it ends with the recorded result. At a\n"
    .. "terminal (or with --step) it is a lesson: move through it action by action,\n"
    .. "trick by trick or hand by hand, ask why, and branch into a live game;\n"
    .. "type 'help' there.\n"
    .. "  --step          the lesson, also when input is not a terminal\n"
    .. "  --open          show every hand\n"
    .. "  --seat K        the seat the table is seen from (default 1)\n"
    .. "  --check         assert the invariants after every action\n"
    .. "  --quiet         print only the result\n"
    .. "  --json          print the actions and the result as JSON",
  list = "talon list [--json]\nlists the games and variants found on the data path.",
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
  rules = "talon rules GAME [--players N] [-o key=value] [--json]\n"
    .. "prints a game's rules summary for the chosen options.\n"
    .. "  --json          print the summary as JSON",
  explain = "talon explain GAME [RULE-ID|OPTION...] [--players N] [-o key=value]\n"
    .. "prints the named rules of a game as they read with the chosen options\n"
    .. "(all that apply if none are named); a rule that does not apply names the\n"
    .. "option that would make it apply; an option name shows the rules it changes.",
}

local COMMANDS = {
  play = function(args) return require("talon.cli.play").run(args) end,
  sim = function(args) return require("talon.cli.sim").run(args) end,
  compare = function(args) return require("talon.cli.compare").run(args) end,
  merge = function(args) return require("talon.cli.merge").run(args) end,
  check = function(args) return require("talon.cli.check").run(args) end,
  replay = function(args) return require("talon.cli.replay").run(args) end,
  list = function(args) return require("talon.cli.list").run(args) end,
  rules = function(args) return require("talon.cli.rules").run(args) end,
  explain = function(args) return require("talon.cli.rules").explain(args) end,
  analyse = function(args) return require("talon.cli.analyse").run(args) end,
  review = function(args) return require("talon.cli.review").run(args) end,
}

local function wants_help(args)
  for _, a in ipairs(args) do
    if a == "--help" or a == "-h" then return true end
  end
  return false
end

-- Runs subcommand 'cmd' with the argument strings 'args'; returns the exit
-- code. Other errors (a bug, a game hook that raised) are printed with
-- their traceback (a game's with its own frames alone) and give 1.
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
  local options = require "talon.cli.options"
  local ok, r = xpcall(run, options.traceback, args)
  if ok then return math.tointeger(r) or (r == false and 1 or 0) end
  if type(r) == "table" and r.usage then
    io.stderr:write(("talon %s: %s\n"):format(cmd, r.usage))
    return r.game_error and 1 or 2
  end
  io.stderr:write(("talon %s: %s\n"):format(cmd, options.shown_error(tostring(r))))
  return 1
end

return cli
