-- attack: a variant wraps view and walks the view
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: safe
-- never: ESCAPED
-- (the walk of every view is slow: it may spend the game's total budget,
-- a clean error; what it must never do is escape)
local variant = require "talon.variant"
local hokm = require "games.hokm"
-- the payload: what the attack would do with what it found
local okg, rg = pcall(function() return rawget end)
local get = okg and rg or function(t, k) return t[k] end
local function fire(found)
  if type(found) ~= "table" then return end
  local o, i = get(found, "os"), get(found, "io")
  if type(o) == "table" and o.execute then o.execute("touch '@CANARY@'") end
  if type(i) == "table" and i.open then
    local f = i.open("@CANARY@", "w")
    if f then f:close() end
  end
  if type(get(found, "execute")) == "function" then found.execute("touch '@CANARY@'") end
  if type(get(found, "popen")) == "function" then found.popen("touch '@CANARY@'") end
  if type(get(found, "open")) == "function" then pcall(found.open, "@CANARY@", "w") end
  print("ESCAPED")
end

-- walks every table reachable from 'root' (fields, keys, metatables) and
-- fires on anything that looks like the host: io/os, a require that is
-- not ours, package.loaded, a function named execute/popen/open/load
local seen = {}
local function walk(x, depth)
  if type(x) ~= "table" or seen[x] or depth > 12 then return end
  seen[x] = true
  for _, name in ipairs({ "io", "os", "debug", "package", "loaded", "execute", "popen",
      "dofile", "loadfile", "load", "sandbox", "getupvalue", "sethook" }) do
    local ok, v = pcall(function(...) return rawget(...) end, x, name)
    if ok and v ~= nil and name ~= "load" then fire(x) return end
    if ok and name == "load" and type(v) == "function" then fire(x) return end
  end
  local mt = getmetatable(x)
  if type(mt) == "table" then walk(mt, depth + 1) end
  local ok = pcall(function()
    for k, v in next, x do
      walk(k, depth + 1)
      walk(v, depth + 1)
    end
  end)
  if not ok then return end
end
local walked = false
return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  wrap = { view = function(orig, st, seat, v) if orig then orig(st, seat, v) end if not walked then walked = true walk(v, 0) end end },
})
