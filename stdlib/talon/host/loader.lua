-- talon.host.loader: finds and loads game and variant files, sandboxed.
--
-- A game file is loaded as text only into its own environment
-- (talon.host.sandbox: no io, os, debug or load; unknown globals raise),
-- runs under the sandbox's time budget, and may `require` only the game
-- library (frozen copies) and `games.*` (other game files, loaded the same
-- way: from the folder of the file loaded first, then from the data roots
-- on package.path). The host keeps its own copy of the returned
-- definition, validated with the file's name in every message.
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"
local explain = require "talon.explain"

-- Metatables of the library's own values (actions, violations), kept on
-- the host's copy of a definition.
local library_metatables = { [actions.Action] = true, [explain.Violation] = true }

local loader = {}

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

-- Resolves a game name ("hokm", "games.hokm") or a path to the file path
-- and the chunk name used in messages. A name is looked for first in the
-- folder 'from' (when given: the folder of the file a load started from,
-- so that a variant kept beside its own base game finds it), then as
-- games/<name>.lua in each data root on package.path. Returns nil,
-- message if not found.
function loader.find(name, from)
  if name:find("/", 1, true) or name:find("%.lua$") then
    if exists(name) then return name, name end
    return nil, ("cannot open %s: no such file"):format(name)
  end
  local mod = name:gsub("^games%.", "")
  local rel = mod:gsub("%.", "/") .. ".lua"
  local path = package.searchpath("games." .. mod, package.path)
  local own = from and (from .. "/" .. rel)
  if own and own ~= path and exists(own) then return own, own end
  if path then return path, "games/" .. rel end
  return nil, ("no game '%s' (looked for games/%s.lua on the data path%s)")
    :format(name, mod, from and (" and in " .. from) or "")
end

-- The folder of a file path ("." for a bare name).
local function folder(path)
  return path:match("^(.*)/[^/]*$") or "."
end

local run_file, key_line

-- The `require` of one game file. Library modules come from the sandbox as
-- frozen copies; modules of games (`games.hosgin.auction`, a bot, a base
-- game for a variant) are run sandboxed once per top-level load and shared
-- through 'cache' (whose field 'from' is the folder of a top-level file
-- loaded by path, searched first); only the top-level file is validated as
-- a definition.
local function make_require(depth, cache)
  return function(name)
    if type(name) ~= "string" then error("require: module name must be a string", 2) end
    local lib = sandbox.library(name)
    if lib then return lib end
    if name:match("^games%.[%w_]+[%w_%.]*$") and not name:find("..", 1, true) then
      if cache[name] == nil then
        local value, err = run_file(name, depth + 1, cache)
        if err then error(err, 0) end
        cache[name] = value == nil and true or value
      end
      return cache[name]
    end
    error(("require: '%s' is not available to games (the game library: %s; and games.*)")
      :format(name, table.concat(sandbox.library_names(), ", ")), 2)
  end
end

-- The lines of Lua source 'text' with its comments and long strings left
-- out (a key named in a comment, a header saying what the base sets, or
-- in a text, is not where it is set); short strings stay, as keys in
-- brackets are set with them, and are stepped over whole (a "--" inside
-- one starts no comment). Lines keep their numbers.
local function code_lines(text)
  local out, cur, i, n = {}, {}, 1, #text
  local function newlines(from, to) -- the lines a skipped stretch ends
    for _ in string.gmatch(string.sub(text, from, to), "\n") do
      out[#out + 1] = table.concat(cur)
      cur = {}
    end
  end
  while i <= n do
    local s = string.find(text, "[%-%[\"'\n]", i)
    if not s then
      cur[#cur + 1] = string.sub(text, i)
      break
    end
    cur[#cur + 1] = string.sub(text, i, s - 1)
    local c = string.sub(text, s, s)
    local long = c == "[" and string.match(text, "^%[(=*)%[", s)
    local comment = c == "-" and string.sub(text, s, s + 1) == "--"
    local block = comment and string.match(text, "^%[(=*)%[", s + 2)
    if c == "\n" then
      out[#out + 1] = table.concat(cur)
      cur, i = {}, s + 1
    elseif long or block then -- a long string or block comment: to its close
      local open = long and s or s + 2
      local _, e = string.find(text, "]" .. (long or block) .. "]", open, true)
      e = e or n
      newlines(open, e)
      i = e + 1
    elseif comment then -- to the end of the line
      i = string.find(text, "\n", s, true) or n + 1
    elseif c == "-" or c == "[" then
      cur[#cur + 1] = c
      i = s + 1
    else -- a short string: to its closing quote, escapes stepped over
      local j = s + 1
      while j <= n do
        local d = string.sub(text, j, j)
        if d == "\\" then j = j + 2
        elseif d == c or d == "\n" then break
        else j = j + 1 end
      end
      local e = math.min(j, n)
      if string.sub(text, e, e) == "\n" then e = e - 1 end -- unclosed: the line goes on
      cur[#cur + 1] = string.sub(text, s, e)
      newlines(s, e)
      i = e + 1
    end
  end
  out[#out + 1] = table.concat(cur)
  return out
end

-- The line of file 'path' where the key a library error names ("option
-- 'target'", "wrap 'nohook'", "rule 'HOK-R3'", "wrap 'play.legl'") is
-- set, or nil: the place to look at when the stack cannot tell (a tail
-- call). A key that is no name ("play.legl") can only be set in brackets.
-- Read only on an error; a file of more than a megabyte is not searched.
function key_line(path, msg)
  local first = string.match(string.sub(msg, 1, 400), "^[^\n]*")
  local key = first and string.match(first, "'([%a_][%w_%.%-]*)'")
  if not key then return nil end
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read(1024 * 1024) or ""
  f:close()
  local name = string.find(key, "^[%a_][%w_]*$") ~= nil
  local quoted = string.gsub(key, "%p", "%%%0")
  for n, line in ipairs(code_lines(text)) do
    if (name and string.find(line, "%f[%w_]" .. quoted .. "%s*="))
        or string.find(line, "%[[\"']" .. quoted .. "[\"']%]") then
      return n
    end
  end
  return nil
end

-- Runs a game file or game module sandboxed; returns its value, or nil and
-- a message naming the file.
run_file = function(name, depth, cache)
  if depth > 8 then return nil, ("%s: games require each other too deeply"):format(name) end
  local path, chunkname = loader.find(name, cache.from)
  if not path then return nil, chunkname end
  -- a file loaded by its path: the games it requires are looked for
  -- beside it first (a file found by name needs no more than the roots)
  if depth == 0 and chunkname == path then cache.from = folder(path) end
  local env = sandbox.env { require = make_require(depth, cache) }
  local chunk, err = sandbox.load(path, chunkname, env)
  if not chunk then return nil, err end
  local ok, value = sandbox.call(chunk)
  if not ok then
    -- an error raised where no line is known (a library function called
    -- in a tail call: return variant.of(…)) still names the file, and the
    -- line of the key it names when the file has one
    if string.sub(value, 1, #chunkname + 1) ~= chunkname .. ":" then
      local line = key_line(path, value)
      value = chunkname .. (line and (":" .. line) or "") .. ": " .. value
    end
    return nil, value
  end
  return value, nil, chunkname, path
end

-- The host's own copy of a definition: plain tables read raw, so no
-- metamethod of the game's runs when the host reads it, and the game
-- cannot change it behind the host's back. Functions and userdata are
-- kept; a table met twice is copied once. Nesting deeper than MAX_DEPTH
-- is refused: no game needs it, and copying it would overflow the stack.
local MAX_DEPTH = 200

local function adopt(v, seen, depth)
  if type(v) ~= "table" then return v end
  local c = seen[v]
  if c then return c end
  if depth > MAX_DEPTH then
    error(("the definition nests tables more than %d deep"):format(MAX_DEPTH), 0)
  end
  c = {}
  seen[v] = c
  local k, x = next(v)
  while k ~= nil do
    rawset(c, adopt(k, seen, depth + 1), adopt(x, seen, depth + 1))
    k, x = next(v, k)
  end
  local mt = debug.getmetatable(v)
  if mt ~= nil and library_metatables[mt] then setmetatable(c, mt) end
  return c
end

-- A definition's refusal "NAME: message" with the line of the key it
-- names added when the file has one ("NAME:4: message").
local function with_line(err, chunkname, path)
  local prefix = chunkname .. ": "
  if type(err) ~= "string" or string.sub(err, 1, #prefix) ~= prefix then return err end
  local msg = string.sub(err, #prefix + 1)
  local line = key_line(path, msg)
  return line and ("%s:%d: %s"):format(chunkname, line, msg) or err
end

local function load_file(name)
  local def, err, chunkname, path = run_file(name, 0, {})
  if err then return nil, err end
  if type(def) == "table" then
    local ok, copy = pcall(adopt, def, {}, 1)
    if not ok then return nil, ("%s: %s"):format(chunkname, copy) end
    def = copy
  end
  local vok, verr = pcall(game.validate, def, chunkname)
  if not vok then return nil, with_line(verr, chunkname, path) end
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
  local ok, copy = pcall(adopt, value, {}, 1)
  if not ok then return nil, ("%s: %s"):format(name, copy) end
  return copy
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
