-- talon.rules: a game's rules summary reflecting the chosen options
-- (`talon rules GAME [-o key=value]`), and single rules by id (`talon
-- explain GAME [RULE-ID...]`). Everything comes from the definition: its
-- summary, players, options, phase docs and `rules` table.
local options = require "talon.options"
local list = require "talon.list"
local game = require "talon.game"

local rules = {}

-- Rule ids in natural order: HOK-R2 before HOK-R17.
local function natural(keys)
  local function key(k)
    return (tostring(k):gsub("%d+", function(d) return ("%08d"):format(tonumber(d)) end))
  end
  table.sort(keys, function(a, b) return key(a) < key(b) end)
  return keys
end

local function phase_lines(def)
  local out = {}
  for _, name in ipairs(options.sorted_keys(def.phases)) do
    local doc = def.phases[name].doc
    out[#out + 1] = ("  %-8s %s"):format(name, doc or "")
  end
  return out
end

local function header(def, opts)
  print(("%s — %s"):format(def.name, def.summary))
  if def.base then print(("a variant of %s"):format(def.base.name)) end
  print(("players: %s (this table: %d); play goes %s"):format(list.players_text(def),
    opts.players, def.direction == "cw" and "clockwise" or "counter-clockwise"))
end

function rules.run(args)
  local def, params = options.game(args)
  local opts = game.options(def, params.options)
  header(def, opts)
  if def.options and next(def.options) then
    print("options in force (* = changed from the default):")
    for _, line in ipairs(list.option_lines(def, opts, "  ")) do print(line) end
  end
  print("phases:")
  for _, line in ipairs(phase_lines(def)) do print(line) end
  local ids = {}
  for id in pairs(def.rules or {}) do ids[#ids + 1] = id end
  if #ids > 0 then
    print("rules:")
    for _, id in ipairs(natural(ids)) do print(("  %s  %s"):format(id, def.rules[id])) end
  end
  return 0
end

-- `talon explain GAME [RULE-ID...]`: the named rules (all when none).
function rules.explain(args)
  local p = options.parse(args)
  local name = p.positional[1]
  if not name then options.usage_error("which game? (try 'talon list')") end
  local def = options.load(name)
  local want = { table.unpack(p.positional, 2) }
  if #want == 0 then
    for id in pairs(def.rules or {}) do want[#want + 1] = id end
    natural(want)
  end
  for _, id in ipairs(want) do
    local text = def.rules and (def.rules[id] or def.rules[id:upper()])
    if not text then
      local known = {}
      for k in pairs(def.rules or {}) do known[#known + 1] = k end
      options.usage_error("%s has no rule '%s'; its rules are %s", def.name, id,
        #known > 0 and table.concat(natural(known), ", ") or "(none)")
    end
    print(("%s  %s"):format(id:upper(), text))
  end
  return 0
end

return rules
