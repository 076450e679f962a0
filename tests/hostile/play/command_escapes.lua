-- attack: a tools.commands entry that walks the view and words for the host
-- rule: a command sees only the human's view
-- expect: contained
-- args: --bots random
-- stdin: look a b
-- stdin: quit
-- never: ESCAPED
-- output: looked
local game = require "talon.game"
local actions = require "talon.actions"
local score = require "talon.score"
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

local bid = {
  doc = "pass (the only legal action); bid is refused",
  verbs = { "pass", "bid" },
  mover = function(st) return st.turn end,
  legal = function() return { actions.make("pass") } end,
  apply = function(st, seat)
    st.count = st.count + 1
    if st.count >= 4 then return "end" end
    st.turn = st:next(seat)
    return nil
  end,
  
}
local def = {
  name = "Hostile",
  summary = "a game of passes carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 2, doc = "points that win the match" } },
  deck = { ranks = "A K" },
  rules = { ["P-R1"] = "Only passes are legal." },
  deal = function(st)
    st.count = 0
    st.turn = 1
    return "bid"
  end,
  phases = { bid = bid },
  score = function(st) score.add(st, 1, 1, nil, "a point a hand") end,
  tools = { commands = { look = { doc = "walks", run = function(v, w) walk(v, 0) walk(w, 0) return "looked" end } } },
}

return game.define(def)
