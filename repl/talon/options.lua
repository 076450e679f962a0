-- talon.options: the command line shared by every game subcommand.
--
--   GAME_OR_FILE [--players N] [--seed S] [-o key=value]... [flags]
--
-- Option values are converted by the type of the option's default in the
-- game definition, so `-o target=10` is a number and `-o play_all_tricks=yes`
-- a boolean. Mistakes raise a one-line message naming the argument.
local loader = require "talon.loader"

local options = {}

-- Flags every subcommand knows: name -> "value" (takes an argument) or
-- "switch". Subcommands pass their own extra flags.
local COMMON = { players = "value", seed = "value", o = "value" }

local function usage_error(fmt, ...)
  error({ usage = fmt:format(...) }, 0)
end
options.usage_error = usage_error

-- Splits 'args' into {game = name, flags = {...}, opts = {k = string}}.
function options.parse(args, extra)
  local r = { flags = {}, raw_opts = {}, positional = {} }
  local i = 1
  local function add_opt(v)
    local k, val = v:match("^([%w_]+)=(.*)$")
    if not k then usage_error("-o needs key=value, got '%s'", v) end
    r.raw_opts[k] = val
  end
  while i <= #args do
    local a = args[i]
    local glued = a:match("^%-o(.+)$") -- -okey=value
    local name, inline = a:match("^%-%-?([%w_-]+)=(.*)$")
    name = name or a:match("^%-%-?([%w_-]+)$")
    if glued then
      add_opt(glued)
    elseif name then
      local kind = COMMON[name] or (extra or {})[name]
      if not kind then usage_error("unknown option '%s'", a) end
      if kind == "switch" then
        r.flags[name] = true
      else
        local v = inline
        if v == nil then
          i = i + 1
          v = args[i]
          if v == nil then usage_error("option '%s' needs a value", a) end
        end
        if name == "o" then add_opt(v) else r.flags[name] = v end
      end
    else
      r.positional[#r.positional + 1] = a
    end
    i = i + 1
  end
  return r
end

local BOOL = { ["true"] = true, yes = true, on = true, ["1"] = true,
               ["false"] = false, no = false, off = false, ["0"] = false }

-- Converts the raw -o strings by the declared option types.
local function convert(def, raw)
  local out = {}
  for k, s in pairs(raw) do
    local decl = (def.options or {})[k]
    if not decl then
      local names = {}
      for n in pairs(def.options or {}) do names[#names + 1] = n end
      table.sort(names)
      usage_error("%s has no option '%s'; options are %s", def.name, k,
        #names > 0 and table.concat(names, ", ") or "(none)")
    end
    local kind = type(decl.default)
    if kind == "number" then
      local v = math.tointeger(tonumber(s))
      if not v then usage_error("option '%s' needs an integer, got '%s'", k, s) end
      out[k] = v
    elseif kind == "boolean" then
      if BOOL[s] == nil then usage_error("option '%s' needs true or false, got '%s'", k, s) end
      out[k] = BOOL[s]
    else
      out[k] = s
    end
  end
  return out
end

local function seed_of(s)
  if s == nil then return 1 end
  return math.tointeger(tonumber(s)) or s
end

-- Loads the game named by the first positional argument and builds the
-- parameters of game.new. Returns def, params, parsed.
function options.game(args, extra)
  local p = options.parse(args, extra)
  local name = p.positional[1]
  if not name then usage_error("which game? (try 'talon list')") end
  local def, where = loader.load(name)
  if not def then error({ usage = where, game_error = true }, 0) end
  local opts = convert(def, p.raw_opts)
  if p.flags.players then
    local n = math.tointeger(tonumber(p.flags.players))
    if not n then usage_error("--players needs a number, got '%s'", p.flags.players) end
    local ok = false
    for _, allowed in ipairs(def.players) do ok = ok or allowed == n end
    if not ok then
      local list = {}
      for i, v in ipairs(def.players) do list[i] = tostring(v) end
      usage_error("%s is for %s players, not %d", def.name, table.concat(list, ", "), n)
    end
    if def.options and def.options.players then opts.players = n end
  end
  local is_path = name:find("/", 1, true) or name:find("%.lua$")
  local params = { options = opts, seed = seed_of(p.flags.seed),
                   game = is_path and nil or name, file = is_path and name or nil }
  -- validate the options now, with the game's own message
  local ok, err = pcall(require("talon.game").options, def, opts)
  if not ok then usage_error("%s", err) end
  return def, params, p
end

return options
