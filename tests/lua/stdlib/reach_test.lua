-- Game code reaches only the game library (docs/security.md): this test
-- loads a game that keeps everything the host hands it (its environment,
-- its require, every library module, and in its hooks the state, the
-- trick, views, actions and violations), then walks all of it the way game
-- code could (raw keys and values, __index chains, pairs on frozen copies,
-- the metatables getmetatable would show) and fails on any value that
-- belongs to the host: a host or front-end module or one of its functions,
-- the real (writable) library tables, _G, package, io, os, debug, load,
-- require, rawset, string.dump, talon.sandbox, game.new. Upvalues are not
-- walked: without the debug library no game code can read them.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"

-- Everything game code must never hold, each with a name for the message.
local function forbidden_values()
  local bad = {}
  local function mark(v, name)
    if (type(v) == "table" or type(v) == "function" or type(v) == "userdata")
        and bad[v] == nil then
      bad[v] = name
    end
  end
  for name, mod in pairs(package.loaded) do
    if type(name) == "string" and (name:match("^talon%.host") or name:match("^talon%.cli")) then
      mark(mod, name)
      if type(mod) == "table" then
        for k, v in pairs(mod) do mark(v, name .. "." .. tostring(k)) end
      end
    elseif type(name) == "string" and name:match("^talon%.") and type(mod) == "table" then
      mark(mod, name .. " (the writable module)")
    end
  end
  for _, lib in ipairs { "io", "os", "debug", "package", "coroutine" } do
    mark(_G[lib], lib)
    for k, v in pairs(_G[lib]) do mark(v, lib .. "." .. k) end
  end
  for _, k in ipairs { "load", "loadfile", "dofile", "require", "collectgarbage", "rawset",
                       "rawget" } do
    mark(_G[k], k)
  end
  mark(_G, "_G")
  mark(debug.getregistry(), "the registry")
  mark(string, "string (the writable table)")
  mark(string.dump, "string.dump")
  mark(table, "table (the writable table)")
  mark(math, "math (the writable table)")
  mark(math.random, "math.random")
  mark(talon, "talon (the writable module)")
  mark(talon.sandbox, "talon.sandbox")
  for k, v in pairs(talon.sandbox) do mark(v, "talon.sandbox." .. k) end
  mark(game.new, "game.new")
  mark(debug.getmetatable(""), "the string metatable")
  return bad
end

-- Walks what game code can reach from 'roots'; returns the first path to a
-- forbidden value, or nil, and the number of values seen.
local function walk(roots, bad, seen)
  local queue, n = {}, 0
  seen = seen or {}
  local function push(v, path)
    local tv = type(v)
    if tv ~= "table" and tv ~= "function" and tv ~= "userdata" then return end
    if seen[v] then return end
    seen[v] = true
    queue[#queue + 1] = { v, path }
  end
  for name, v in pairs(roots) do push(v, name) end
  local i = 1
  while i <= #queue do
    local v, path = queue[i][1], queue[i][2]
    i, n = i + 1, n + 1
    if bad[v] then return ("%s is %s"):format(path, bad[v]), n end
    local mt = debug.getmetatable(v)
    if type(v) == "table" then
      for k, x in next, v do
        push(k, path .. "[key]")
        push(x, path .. "." .. tostring(k))
      end
    end
    if mt then
      local shown = rawget(mt, "__metatable")
      if type(v) == "table" then -- getmetatable gives tables' metatables (or __metatable)
        if shown == nil then push(mt, "getmetatable(" .. path .. ")")
        else push(shown, "getmetatable(" .. path .. ")") end
      end
      if type(v) == "userdata" and rawget(mt, "__pairs") then -- a frozen copy: pairs works
        for k, x in pairs(v) do push(x, path .. "." .. tostring(k)) end
      end
      local index = rawget(mt, "__index")
      if type(index) == "table" and index ~= v then -- what indexing by any key reaches
        for k, x in next, index do push(x, path .. ":" .. tostring(k)) end
        local imt = debug.getmetatable(index)
        local up = imt and rawget(imt, "__index")
        if type(up) == "table" then
          for k, x in next, up do push(x, path .. ":" .. tostring(k)) end
        end
      end
    end
  end
  return nil, n, seen
end

local function collect()
  local def = assert(loader.load("tests/fixtures/reach/collector.lua"))
  local g = game.new(def, { seed = 3 })
  local rng = talon.rng(3)
  for _ = 1, 12 do
    if g:over() then break end
    g:view(g:mover())
    for _, c in ipairs(g.deck:kinds()) do -- a refused card: the phase's check hook runs
      if g:why(c) then break end
    end
    g:play(g:random(rng))
  end
  local seen = def.tools.seen()
  t.ok(seen.st and seen.view and seen.trick and seen.refusal,
    "the hooks ran and kept the state, a view, the trick and a refusal")
  return seen
end

t.test("nothing reachable from a game leads outside the game library", function()
  local seen = collect()
  local bad = forbidden_values()
  local found, n = walk({ game = seen }, bad)
  t.eq(found, nil, "a host value within reach of game code")
  t.ok(n > 200, ("the walk saw %d values: it reached the library"):format(n))
end)

-- The walk is not blind: handed a host value, it finds it.
t.test("the walk finds a host value placed within reach", function()
  local bad = forbidden_values()
  local found = walk({ game = { deep = { deeper = setmetatable({}, {
    __index = { leak = require("talon.host.loader").load } }) } } }, bad)
  t.ok(found and found:find("talon.host.loader.load", 1, true), found)
  found = walk({ game = { _G } }, bad)
  t.ok(found and found:find("_G", 1, true), found)
end)

-- Two games loaded apart share no table either can change: whatever both
-- can reach is frozen, a function, or a userdata of the engine, never a
-- plain table (a cache, a schema, a method table) one could write into
-- and so change the other.
t.test("two games share no table that either could change", function()
  local bad = forbidden_values()
  local _, _, first = walk({ game = collect() }, bad)
  local _, _, second = walk({ game = collect() }, bad)
  local shared = {}
  for v in pairs(first) do
    if second[v] and type(v) == "table" then shared[#shared + 1] = v end
  end
  local names = {}
  for i = 1, math.min(#shared, 5) do
    local keys = {}
    for k in next, shared[i] do
      keys[#keys + 1] = tostring(k)
      if #keys == 6 then break end
    end
    names[i] = "{" .. table.concat(keys, ", ") .. "}"
  end
  t.eq(#shared, 0, "tables both games reach: " .. table.concat(names, "; "))
end)
