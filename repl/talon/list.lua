-- talon.list: the games on the data path (`talon list`) and a rules
-- summary that reflects chosen options (`talon rules`).
local loader = require "talon.loader"
local options = require "talon.options"

local list = {}

local function sorted(t)
  local keys = {}
  for k in pairs(t or {}) do keys[#keys + 1] = k end
  -- natural order: HOK-R2 before HOK-R17
  local function key(k)
    return (tostring(k):gsub("%d+", function(d) return ("%08d"):format(d) end))
  end
  table.sort(keys, function(a, b) return key(a) < key(b) end)
  return keys
end

local function game_files()
  local files, seen = {}, {}
  for _, root in ipairs(loader.roots()) do
    local p = io.popen(('ls "%s/games" 2>/dev/null'):format(root))
    for name in p:lines() do
      local base = name:match("^([%w][%w_-]*)%.lua$")
      if base and not seen[base] then seen[base] = true; files[#files + 1] = base end
    end
    p:close()
  end
  table.sort(files)
  return files
end

local function players_text(def)
  local list_ = {}
  for i, n in ipairs(def.players) do list_[i] = tostring(n) end
  return table.concat(list_, "/")
end

local function option_lines(def, values, indent)
  local out = {}
  for _, name in ipairs(sorted(def.options)) do
    local o = def.options[name]
    local v = values and values[name]
    if v == nil then v = o.default end
    out[#out + 1] = ("%s-o %s=%s  %s"):format(indent, name, tostring(v), o.doc or "")
  end
  return out
end

function list.run()
  local games, variants = {}, {}
  for _, name in ipairs(game_files()) do
    local def, err = loader.load(name)
    if not def then
      io.stderr:write(("talon list: skipping %s: %s\n"):format(name, err))
    elseif def.base then
      local base = name:gsub("%-.*$", "")
      variants[base] = variants[base] or {}
      table.insert(variants[base], { name = name, def = def })
    else
      games[#games + 1] = { name = name, def = def }
    end
  end
  for _, g in ipairs(games) do
    print(("%-10s %s players  %s"):format(g.name, players_text(g.def), g.def.summary))
    for _, line in ipairs(option_lines(g.def, nil, "             ")) do print(line) end
    for _, v in ipairs(variants[g.name] or {}) do
      print(("  variant %s: %s"):format(v.name, v.def.summary))
    end
  end
  return 0
end

function list.rules(args)
  local def, params = options.game(args)
  local opts = require("talon.game").options(def, params.options)
  print(("%s — %s"):format(def.name, def.summary))
  print(("players: %s; play goes %s"):format(players_text(def),
    def.direction == "cw" and "clockwise" or "counter-clockwise"))
  print("options in force:")
  for _, line in ipairs(option_lines(def, opts, "  ")) do print(line) end
  if def.phases then
    print("phases:")
    for _, name in ipairs(sorted(def.phases)) do
      local doc = def.phases[name].doc
      if doc then print(("  %-8s %s"):format(name, doc)) end
    end
  end
  if def.rules then
    print("rules:")
    for _, id in ipairs(sorted(def.rules)) do print(("  %s  %s"):format(id, def.rules[id])) end
  end
  return 0
end

return list
