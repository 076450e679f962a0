-- talon.cli.list: the games found on the data path (`talon list`): every
-- games/*.lua that loads as a game (templates starting with '_' and the
-- bots/ directory excluded), with players, summary and options; variants
-- are listed under the game they change.
local loader = require "talon.host.loader"
local options = require "talon.cli.options"

local list = {}

-- Game file names (without .lua) in ROOT/games of every data root, the
-- first root winning for a name.
function list.files()
  local files, seen = {}, {}
  for _, root in ipairs(loader.roots()) do
    local p = io.popen(("ls '%s/games' 2>/dev/null"):format(root:gsub("'", "'\\''")))
    if p then
      for name in p:lines() do
        local base = name:match("^([%w][%w_-]*)%.lua$")
        if base and not seen[base] then seen[base] = true; files[#files + 1] = base end
      end
      p:close()
    end
  end
  table.sort(files)
  return files
end

-- The player counts in order: "2-6" for a run, else "2, 4"; the list's
-- first (the default) in brackets when it is not the smallest.
function list.players_text(def)
  local l = { table.unpack(def.players) }
  table.sort(l)
  local run = #l > 2
  for i = 2, #l do run = run and l[i] == l[i - 1] + 1 end
  local text = run and ("%d-%d"):format(l[1], l[#l]) or table.concat(l, ", ")
  if def.players[1] ~= l[1] then text = ("%s (default %d)"):format(text, def.players[1]) end
  return text
end

-- "-o name=value  doc" for each option, sorted by name; 'values' are the
-- options in force (default: the defaults), changed ones marked with '*'.
function list.option_lines(def, values, indent)
  local out = {}
  for _, name in ipairs(options.sorted_keys(def.options)) do
    local o = def.options[name]
    local v = values and values[name]
    if v == nil then v = o.default end
    local mark = v ~= o.default and "*" or " "
    local range = (o.min and o.max and (" (%s to %s)"):format(o.min, o.max))
      or (o.min and (" (at least %s)"):format(o.min))
      or (o.max and (" (at most %s)"):format(o.max)) or ""
    out[#out + 1] = ("%s%s-o %s=%s  %s%s"):format(indent, mark, name, tostring(v), o.doc or "",
      range)
  end
  return out
end

-- The options whose defaults a variant changes: "play_all_tricks=true".
local function changes(def)
  local out = {}
  for _, name in ipairs(options.sorted_keys(def.options)) do
    local b = def.base.options and def.base.options[name]
    local v = def.options[name].default
    if not b or b.default ~= v then out[#out + 1] = ("%s=%s"):format(name, tostring(v)) end
  end
  return table.concat(out, ", ")
end

-- Loads every game file: games by display name order of files, variants
-- grouped under the base game's file name.
local function load_all()
  local games, variants, by_name = {}, {}, {}
  for _, name in ipairs(list.files()) do
    local def, err = loader.load(name)
    if not def then
      io.stderr:write(("talon list: skipping %s: %s\n"):format(name, (err:gsub("\n.*", ""))))
    elseif def.base then
      variants[#variants + 1] = { name = name, def = def }
    else
      games[#games + 1] = { name = name, def = def, variants = {} }
      by_name[def.name] = games[#games]
    end
  end
  local orphans = {}
  for _, v in ipairs(variants) do
    local g = by_name[v.def.base.name]
    if g then table.insert(g.variants, v) else orphans[#orphans + 1] = v end
  end
  return games, orphans
end

local function print_variant(v, indent)
  print(("%svariant %s: %s"):format(indent, v.name, v.def.summary))
  local c = changes(v.def)
  if c ~= "" then print(("%s  defaults: %s"):format(indent, c)) end
end

-- A game or variant as data, for --json.
local function game_data(name, def)
  local opts = {}
  for _, k in ipairs(options.sorted_keys(def.options)) do
    local o = def.options[k]
    opts[#opts + 1] = { name = k, default = o.default, doc = o.doc, values = o.values,
                        min = o.min, max = o.max }
  end
  return { file = name, name = def.name, summary = def.summary, players = def.players,
           options = opts, base = def.base and def.base.name or nil }
end

local function json_list(games, orphans)
  local out = {}
  for _, g in ipairs(games) do
    local d = game_data(g.name, g.def)
    d.variants = {}
    for i, v in ipairs(g.variants) do d.variants[i] = game_data(v.name, v.def) end
    out[#out + 1] = d
  end
  for _, v in ipairs(orphans) do out[#out + 1] = game_data(v.name, v.def) end
  print(require("talon.cli.json").encode(out))
  return 0
end

function list.run(args)
  local p = options.parse(args or {}, { json = "switch" })
  if p.positional[1] then options.usage_error("unexpected argument '%s'", p.positional[1]) end
  local games, orphans = load_all()
  if p.flags.json then return json_list(games, orphans) end
  for _, g in ipairs(games) do
    print(("%-10s %s players  %s"):format(g.name, list.players_text(g.def), g.def.summary))
    for _, line in ipairs(list.option_lines(g.def, nil, "            ")) do print(line) end
    for _, v in ipairs(g.variants) do print_variant(v, "  ") end
  end
  for _, v in ipairs(orphans) do print_variant(v, "") end
  if #games == 0 and #orphans == 0 then print("no games found on the data path") end
  return 0
end

return list
