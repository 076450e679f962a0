-- talon.cli.options: the command line shared by every game subcommand.
--
--   GAME_OR_FILE [--players N] [--seed S] [-o key=value]... [flags]
--
-- Option values are converted by the type of the option's default in the
-- game definition, so `-o target=10` is an integer and `-o
-- play_all_tricks=yes` a boolean. Mistakes raise a one-line message naming
-- the argument; cli.main prints it and exits 2 (usage) or 1 (a game file
-- that does not load, a record that does not replay).
local loader = require "talon.host.loader"
local sandbox = require "talon.host.sandbox"
local explain = require "talon.explain"
local game = require "talon.game"

local options = {}

-- Flags every game subcommand knows: name -> "value" (takes an argument)
-- or "switch". Subcommands pass their own extra flags.
-- --ascii and --no-color choose how cards print (talon.cli.term).
local COMMON = { players = "value", seed = "value", o = "value", ascii = "switch",
                 ["no-color"] = "switch" }

-- Raises a usage error (exit 2) with a message built from 'fmt'.
function options.usage_error(fmt, ...)
  error({ usage = fmt:format(...) }, 0)
end
local usage_error = options.usage_error

-- Raises a failure that is not a usage mistake (exit 1): a game file that
-- does not load, a record that does not replay.
function options.fail(fmt, ...)
  error({ usage = fmt:format(...), game_error = true }, 0)
end

local function add_opt(r, v)
  local k, val = v:match("^([%w_]+)=(.*)$")
  if not k then usage_error("-o needs key=value, got '%s'", v) end
  r.raw_opts[k] = val
end

-- Splits 'args' into {positional = {...}, flags = {...}, raw_opts = {k =
-- string}}. 'extra' adds the subcommand's own flags.
function options.parse(args, extra)
  local r = { flags = {}, raw_opts = {}, positional = {} }
  local i = 1
  while i <= #args do
    local a = args[i]
    local name, inline = a:match("^%-%-?([%a][%w_-]*)=(.*)$")
    name = name or a:match("^%-%-?([%a][%w_-]*)$")
    if a:match("^%-o.") and not a:match("^%-%-") then
      add_opt(r, a:sub(3)) -- -okey=value
    elseif name then
      local kind = COMMON[name] or (extra or {})[name]
      if not kind then usage_error("unknown option '%s'", a) end
      if kind == "switch" then
        if inline then usage_error("option '%s' takes no value", a) end
        r.flags[name] = true
      else
        local v = inline
        if v == nil then
          i = i + 1
          v = args[i]
          if v == nil then usage_error("option '%s' needs a value", a) end
        end
        if name == "o" then add_opt(r, v) else r.flags[name] = v end
      end
    elseif a:match("^%-.") then
      usage_error("unknown option '%s'", a)
    else
      r.positional[#r.positional + 1] = a
    end
    i = i + 1
  end
  return r
end

-- The value of integer flag 'name' (default 'default'), at least 'min'.
function options.int(p, name, default, min)
  local s = p.flags[name]
  if s == nil then return default end
  local v = math.tointeger(tonumber(s))
  if not v or v < (min or 1) then
    usage_error("--%s needs an integer of at least %d, got '%s'", name, min or 1, s)
  end
  return v
end

local function sorted_keys(t)
  local names = {}
  for n in pairs(t or {}) do names[#names + 1] = n end
  table.sort(names)
  return names
end
options.sorted_keys = sorted_keys

-- Converts one raw -o string by the type of the option's default.
local function convert_one(def, k, s)
  local decl = (def.options or {})[k]
  if not decl then
    local names = sorted_keys(def.options)
    usage_error("%s has no option '%s'; its options are %s", def.name, k,
      #names > 0 and table.concat(names, ", ") or "(none)")
  end
  local v = game.option_from_text(decl, s)
  if v == nil then
    local kind = math.type(decl.default) or type(decl.default)
    usage_error("option '%s' needs %s, got '%s'", k, kind == "integer" and "an integer"
      or kind == "float" and "a number" or "true or false", s)
  end
  return v
end

local function convert(def, raw)
  local out = {}
  for _, k in ipairs(sorted_keys(raw)) do out[k] = convert_one(def, k, raw[k]) end
  return out
end

local function players_option(def, opts, s)
  local n = math.tointeger(tonumber(s))
  if not n then usage_error("--players needs a number, got '%s'", s) end
  local ok, list = false, {}
  for i, allowed in ipairs(def.players) do
    ok = ok or allowed == n
    list[i] = tostring(allowed)
  end
  if not ok then
    usage_error("%s is for %s players, not %d", def.name, table.concat(list, ", "), n)
  end
  if def.options and def.options.players then opts.players = n end
end

-- The traceback lines of a hook error that point into game files (not the
-- framework or the front end), or the whole message when none do. The
-- message may carry text a game made, of any size: it is cut with plain
-- finds, never a pattern over the whole of it.
local TRACEBACK = "\nstack traceback:\n"
local GAME_TRACEBACK = "\nstack traceback (game code):\n"

local function framework_line(line)
  return line == "stack traceback:" -- a nested call's traceback follows the first
    or string.find(line, "/stdlib/talon/", 1, true) ~= nil
    or string.find(line, "/repl/talon/", 1, true) ~= nil
    or string.find(line, "tail calls", 1, true) ~= nil
    or string.find(line, "^%s*%[C%]") ~= nil
end

function options.trim_traceback(msg)
  local at = string.find(msg, TRACEBACK, 1, true)
  if not at then return msg end
  local head = string.sub(msg, 1, at - 1)
  local keep, pos, n = {}, at + #TRACEBACK, #msg
  while pos <= n do
    local e = string.find(msg, "\n", pos, true) or n + 1
    if e > pos then
      local line = string.sub(msg, pos, e - 1)
      if not framework_line(line) then keep[#keep + 1] = line end
    end
    pos = e + 1
  end
  if #keep == 0 then return head end -- the framework's own frames tell a player nothing
  return head .. GAME_TRACEBACK .. table.concat(keep, "\n")
end

-- What a game's error 'e' says (a table read raw: sandbox.error_text),
-- with the game's own frames alone: how the commands that replay or play
-- a game show an error its hooks raised.
function options.game_error_text(e)
  return options.trim_traceback(sandbox.error_text(e))
end

-- An error that ended a command, as printed: one that passed through game
-- code with the game's frames alone, as check and sim show it; one with no
-- frame in a game file (the program's own) whole.
function options.shown_error(msg)
  local cut = options.trim_traceback(msg)
  if string.find(cut, GAME_TRACEBACK, 1, true) then return cut end
  return msg
end

-- The seat of player "PK" in running game 'g' (--seat K names a player,
-- not a chair: Hokm seats partners opposite before the first hand), or K
-- when no seat has that name (a game's own names).
function options.player_seat(g, k)
  for s = 1, g:seats() do
    if g:name(s) == "P" .. k then return s end
  end
  return k
end

-- A message handler's answer: a usage error (a table) as it is; a game's
-- table (raised again as it was raised by a walk of the game's state,
-- sandbox.method) as what it says after the game's line that raised it,
-- read raw (sandbox.error_text), without the frames here,
-- which are the host's alone; any other error as a text with its
-- traceback, added where it carries none (a game hook's error does).
function options.traceback(e)
  if type(e) == "table" and rawget(e, "usage") then return e end
  if type(e) == "table" and not explain.is_violation(e) then return sandbox.error_text(e) end
  local msg = sandbox.error_text(e)
  if string.find(msg, "\nstack traceback:", 1, true) then return msg end
  return debug.traceback(msg, 2)
end

-- A seed as given: an integer, else the text itself (hashed by talon.rng).
function options.seed(s)
  if s == nil then return 1 end
  return math.tointeger(tonumber(s)) or s
end

-- Loads a game by name or path: a name that is not found is a usage error
-- (exit 2); a file that fails to load is a failure (exit 1) whose message
-- names the file and line.
function options.load(name)
  if not loader.find(name) then
    local _, why = loader.find(name)
    usage_error("%s (try 'talon list')", why)
  end
  local def, err = loader.load(name)
  if not def then options.fail("%s", options.trim_traceback(err)) end
  return def
end

-- Loads the game named by the first positional argument and builds the
-- parameters of game.new. Returns def, params, parsed. More positional
-- words are a usage error unless 'more_words' (they stay in parsed).
function options.game(args, extra, more_words)
  local p = options.parse(args, extra)
  local name = p.positional[1]
  if not name then usage_error("which game? (try 'talon list')") end
  if p.positional[2] and not more_words then
    usage_error("unexpected argument '%s'", p.positional[2])
  end
  local def = options.load(name)
  local opts = convert(def, p.raw_opts)
  if p.flags.players then players_option(def, opts, p.flags.players) end
  local is_path = name:find("/", 1, true) or name:find("%.lua$")
  local params = { options = opts, seed = options.seed(p.flags.seed),
                   game = not is_path and name or nil, file = is_path and name or nil }
  -- the game's own check of the values (e.g. a value outside 'values')
  local ok, err = pcall(require("talon.game").options, def, opts)
  if not ok then usage_error("%s", tostring(err):gsub("^[^:]*:%d+: ", "")) end
  return def, params, p
end

return options
