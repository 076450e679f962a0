-- attack: a rule function walks the options table it is given
-- rule: nothing reachable from values handed to hooks leads to the host
-- expect: contained
-- never: ESCAPED
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
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

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

local def = {
  name = "Hostile",
  summary = "a small trick game carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Follow suit if you can." },
  deal = function(st)
    
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 5 })
    st.turn = st:next(st.dealer)
    return "play"
  end,
  phases = { play = play },
  score = function(st)
    
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  
}
def.rules["H-R2"] = function(opts) walk(opts, 0) return "walked" end
return game.define(def)
