-- talon.host.loader: finds and loads game and variant files, sandboxed.
--
-- A game file is loaded as text only into its own environment (no io, os,
-- debug or load; unknown globals raise), runs under the sandbox's time
-- budget, and may `require` only `talon.*` (the framework) and `games.*`
-- (other game files, loaded the same way). The returned definition is
-- validated with the file's name in every message.
local game = require "talon.game"
local guard = require "talon.host.sandbox"

local loader = {}

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

-- Resolves a game name ("hokm", "games.hokm") or a path to the file path
-- and the chunk name used in messages. Returns nil, message if not found.
function loader.find(name)
  if name:find("/", 1, true) or name:find("%.lua$") then
    if exists(name) then return name, name end
    return nil, ("cannot open %s: no such file"):format(name)
  end
  local mod = name:gsub("^games%.", "")
  local path = package.searchpath("games." .. mod, package.path)
  if path then return path, "games/" .. mod:gsub("%.", "/") .. ".lua" end
  return nil, ("no game '%s' (looked for games/%s.lua on the data path)"):format(name, mod)
end

local run_file

-- The `require` of one game file; 'env_of' returns that file's environment
-- (whose `talon` is the sandbox's copy without talon.sandbox). Modules of
-- games (`games.hosgin.auction`, a bot, a base game for a variant) are run
-- sandboxed once per top-level load and shared through 'cache'; only the
-- top-level file is validated as a game definition.
local function make_require(depth, env_of, cache)
  return function(name)
    if type(name) ~= "string" then error("require: module name must be a string", 2) end
    if name == "talon" then return env_of().talon end
    if name:match("^talon%.") then return require(name) end
    if name:match("^games%.") then
      if cache[name] == nil then
        local value, err = run_file(name, depth + 1, cache)
        if err then error(err, 0) end
        cache[name] = value == nil and true or value
      end
      return cache[name]
    end
    error(("require: '%s' is not available to games (only talon.* and games.*)"):format(name), 2)
  end
end

-- A plain-Lua stand-in for sandbox.env when the program's sandbox is absent.
local function fallback_env(extra)
  local base = { string = string, table = table, math = math, utf8 = utf8,
    coroutine = coroutine, talon = package.loaded.talon, assert = assert, error = error,
    pcall = pcall, xpcall = xpcall, select = select, type = type, pairs = pairs,
    ipairs = ipairs, next = next, tostring = tostring, tonumber = tonumber,
    setmetatable = setmetatable, rawequal = rawequal, rawget = rawget, rawset = rawset,
    rawlen = rawlen, print = print }
  for k, v in pairs(extra) do base[k] = v end
  return setmetatable({}, {
    __index = function(_, k)
      local v = base[k]
      if v == nil then error(("unknown global '%s'"):format(tostring(k)), 2) end
      return v
    end,
    __newindex = function(_, k) error(("cannot assign global '%s' (use a local)"):format(k), 2) end,
    __metatable = false,
  })
end

local function load_chunk(path, chunkname, env_extra)
  local sandbox = guard.sandbox
  if sandbox then
    local env = sandbox.env(env_extra)
    return sandbox.load(path, chunkname, env)
  end
  local f, err = io.open(path, "r")
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  local env = fallback_env(env_extra)
  local chunk, lerr = load(text, "@" .. chunkname, "t", env)
  if not chunk then return nil, lerr end
  return chunk, env
end

-- Runs a game file or game module sandboxed; returns its value, or nil and
-- a message naming the file.
run_file = function(name, depth, cache)
  if depth > 8 then return nil, ("%s: games require each other too deeply"):format(name) end
  local path, chunkname = loader.find(name)
  if not path then return nil, chunkname end
  local env
  local chunk, err = load_chunk(path, chunkname,
    { require = make_require(depth, function() return env end, cache) })
  if not chunk then return nil, err end
  env = err
  local ok, value = guard.call(chunk)
  if not ok then return nil, value end
  return value, nil, chunkname
end

local function load_file(name)
  local def, err, chunkname = run_file(name, 0, {})
  if err then return nil, err end
  local vok, verr = pcall(game.validate, def, chunkname)
  if not vok then return nil, verr end
  return def, chunkname
end

-- Loads a game module (not a game definition: a bot, a helper) by name,
-- sandboxed like a game file. Returns its value or nil, message.
function loader.module(name)
  if type(name) ~= "string" then
    error(("bad argument #1 to 'module' (module name expected, got %s)"):format(type(name)), 2)
  end
  local value, err = run_file(name, 0, {})
  if err then return nil, err end
  return value
end

-- The data roots on package.path (directories holding games/), in order;
-- a front end lists games from ROOT/games/*.lua.
function loader.roots()
  local roots, seen = {}, {}
  for entry in package.path:gmatch("[^;]+") do
    local root = entry:match("^(.-)/%?%.lua$")
    if root and not seen[root] and not root:find("/stdlib$") and not root:find("/repl$") then
      seen[root] = true
      roots[#roots + 1] = root
    end
  end
  return roots
end

-- Loads a game or variant by name or path. Returns the definition and its
-- chunk name ("games/hokm.lua"), or nil and a message naming the file.
function loader.load(name)
  if type(name) ~= "string" then
    error(("bad argument #1 to 'load' (game name expected, got %s)"):format(type(name)), 2)
  end
  return load_file(name)
end

return loader
