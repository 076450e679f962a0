-- talon.cli.rules: a game's rules summary reflecting the chosen options
-- (`talon rules GAME [-o key=value]`), and single rules by id (`talon
-- explain GAME [RULE-ID...]`). Everything comes from the definition: its
-- summary, players, options, phase docs and `rules` table.
local options = require "talon.cli.options"
local list = require "talon.cli.list"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"

local rules = {}

-- Rule ids in natural order: HOK-R2 before HOK-R17.
local function natural(keys)
  local function key(k)
    return (tostring(k):gsub("%d+", function(d) return ("%08d"):format(tonumber(d)) end))
  end
  table.sort(keys, function(a, b) return key(a) < key(b) end)
  return keys
end

-- The phases used with 'opts' (a phase whose doc function says nil is not).
local function phase_lines(def, opts)
  local out = {}
  for _, name in ipairs(options.sorted_keys(def.phases)) do
    local doc = sandbox.text_of(game.phase_doc, def, name, opts)
    if doc or type(def.phases[name].doc) ~= "function" then
      out[#out + 1] = ("  %-8s %s"):format(name, doc or "")
    end
  end
  return out
end

-- The game's rule ids in natural order.
local function rule_ids(def)
  local ids = {}
  for id in pairs(def.rules or {}) do ids[#ids + 1] = id end
  return natural(ids)
end

-- Options as "players=3, target=7" for a sentence.
local function options_text(opts)
  local parts = {}
  for _, k in ipairs(options.sorted_keys(opts)) do
    parts[#parts + 1] = k .. "=" .. tostring(opts[k])
  end
  return table.concat(parts, ", ")
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
  for _, line in ipairs(phase_lines(def, opts)) do print(line) end
  local lines = {}
  for _, id in ipairs(rule_ids(def)) do
    local text = sandbox.text_of(game.rule_text, def, id, opts)
    if text then lines[#lines + 1] = ("  %-8s %s"):format(id, text) end
  end
  if #lines > 0 then
    print("rules:")
    for _, line in ipairs(lines) do print(line) end
  end
  return 0
end

-- The options whose one-line doc cites 'id' ("(HOK-R12, K1)"): the id of a
-- choice the rules leave open, which an option settles.
local function cites(doc, id)
  local text, at = doc:upper(), 1
  while true do
    local s, e = text:find(id, at, true)
    if not s then return false end
    if not text:sub(s - 1, s - 1):find("[%w%-]") and not text:sub(e + 1, e + 1):find("[%w%-]") then
      return true
    end
    at = s + 1
  end
end

local function options_citing(def, id)
  local found = {}
  for _, name in ipairs(options.sorted_keys(def.options or {})) do
    local doc = def.options[name].doc
    if type(doc) == "string" and id ~= "" and cites(doc, id:upper()) then
      found[#found + 1] = name
    end
  end
  return found
end

-- `talon explain GAME [RULE-ID...] [--players N] [-o k=v]`: the named rules
-- (all that apply when none) as they read with the chosen options; an id
-- that an option's doc cites instead ("K1") names that option, its value
-- and what it does.
function rules.explain(args)
  local def, params, p = options.game(args, nil, true)
  local opts = game.options(def, params.options)
  local want = { table.unpack(p.positional, 2) }
  local all = #want == 0
  if all then want = rule_ids(def) end
  for _, id in ipairs(want) do
    local key = def.rules and (def.rules[id] and id or (def.rules[id:upper()] and id:upper()))
    local cited = not key and options_citing(def, id) or {}
    for _, name in ipairs(cited) do
      print(("%s  option %s=%s: %s"):format(id:upper(), name, tostring(opts[name]),
        def.options[name].doc))
    end
    if not key and #cited == 0 then
      local known = rule_ids(def)
      options.usage_error("%s has no rule '%s'; its rules are %s", def.name, id,
        #known > 0 and table.concat(known, ", ") or "(none)")
    end
    local text = key and sandbox.text_of(game.rule_text, def, key, opts)
    if text then
      print(("%s  %s"):format(key, text))
    elseif key and not all then
      print(("%s  does not apply with these options (%s)"):format(key, options_text(opts)))
    end
  end
  return 0
end

return rules
