-- talon.cli: the subcommands of the talon program that are written in Lua
-- (play, sim, check, replay, list, rules); repl/main.c calls cli.main.
local cli = {}

local COMMANDS = {
  play = function(args) return require("talon.play").run(args) end,
  sim = function(args) return require("talon.sim").run(args) end,
  check = function(args) return require("talon.check").run(args) end,
  replay = function(args) return require("talon.replay").run(args) end,
  list = function() return require("talon.list").run() end,
  rules = function(args) return require("talon.list").rules(args) end,
  explain = function(args) return require("talon.list").rules(args) end,
}

-- Runs subcommand 'cmd' with the argument strings 'args'; returns the exit
-- code. Usage mistakes print one line and give 2.
function cli.main(cmd, args)
  local run = COMMANDS[cmd]
  if not run then
    io.stderr:write(("talon: unknown command '%s'\n"):format(tostring(cmd)))
    return 2
  end
  local ok, r = pcall(run, args or {})
  if ok then return r or 0 end
  if type(r) == "table" and r.usage then
    io.stderr:write(("talon %s: %s\n"):format(cmd, r.usage))
    return r.game_error and 1 or 2
  end
  error(r, 0)
end

return cli
