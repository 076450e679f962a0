-- talon.cli.rules: a game's rules summary reflecting the chosen options
-- (`talon rules GAME [-o key=value]`), and single rules by id (`talon
-- explain GAME [RULE-ID...]`). Everything comes from the definition: its
-- summary, players, options, phase docs and `rules` table.
local options = require "talon.cli.options"
local list = require "talon.cli.list"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"

local rules = {}

-- Rule ids in natural order: HOK-R2 before HOK-R17. Each id's sort key
-- is made once, not at every comparison (a game may state many rules).
local function natural(keys)
  local by = {}
  for _, k in ipairs(keys) do
    by[k] = (tostring(k):gsub("%d+", function(d) return ("%08d"):format(tonumber(d)) end))
  end
  table.sort(keys, function(a, b) return by[a] < by[b] end)
  return keys
end

-- The phases in the order play meets them: quiet random hands with these
-- options are played (one per seed, up to HANDS), each noting the order
-- in which its phases first come. One phase comes before another when
-- more of the hands that meet both meet it first, and a phase's place is
-- the number of phases it comes before less those it comes after (one
-- hand alone may skip a phase: a passed-out auction never names trump,
-- and an offer made after some deals only comes before the first lead).
-- The phases no hand met follow by name (and the set of those met, empty
-- when no hand could be played). Falls back to names when the game does
-- not start (the reason shows elsewhere).
local HANDS = 12
local function hand_order(def, opts, seed)
  local order, seen, given = {}, {}, {}
  -- 'opts' is resolved: it names the players, an option only where the
  -- game declares one
  for k, v in pairs(opts) do
    if k ~= "players" or (def.options and def.options.players) then given[k] = v end
  end
  local g = game.new(def, { options = given, seed = seed, quiet = true })
  local rng = require("talon").rng(seed)
  for _ = 1, 5000 do
    local ph = g:phase()
    if not ph or g.hands_done > 0 then break end
    if not seen[ph] then seen[ph] = #order + 1; order[#order + 1] = ph end
    g:play(g:random(rng))
  end
  return order, seen
end

-- The phases met, 'met' those of the first HANDS hands: a phase they did
-- not meet (a window that only some deals open) is looked for in up to
-- SEARCHED more hands, for the mark of a phase that may not come at all;
-- the order stays the first hands'. Empty when no hand could be played.
local SEARCHED = 60
local function rare_ones(def, opts, names, met)
  local all, missing = {}, 0
  for _, a in ipairs(names) do
    all[a] = met[a]
    if not met[a] then missing = missing + 1 end
  end
  if next(met) == nil then return all end
  for seed = HANDS + 1, SEARCHED do
    if missing == 0 then break end
    local ok, _, at = pcall(hand_order, def, opts, seed)
    if not ok then break end
    for a in pairs(at) do
      if not all[a] then all[a], missing = true, missing - 1 end
    end
  end
  return all
end

local function phase_order(def, opts)
  local names, first, met = options.sorted_keys(def.phases), {}, {}
  for seed = 1, HANDS do
    local ok, order, at = pcall(hand_order, def, opts, seed)
    if not ok then break end
    for _, a in ipairs(order) do
      met[a] = true
      first[a] = first[a] or {}
      for _, b in ipairs(order) do
        if at[a] < at[b] then first[a][b] = (first[a][b] or 0) + 1 end
      end
    end
  end
  local place, rank = {}, {}
  for i, a in ipairs(names) do
    rank[a], place[a] = i, 0
    for _, b in ipairs(names) do
      local ab, ba = (first[a] or {})[b] or 0, (first[b] or {})[a] or 0
      if ab > ba then place[a] = place[a] + 1 elseif ba > ab then place[a] = place[a] - 1 end
    end
  end
  table.sort(names, function(a, b)
    if (met[a] or false) ~= (met[b] or false) then return met[a] == true end
    if place[a] ~= place[b] then return place[a] > place[b] end
    return rank[a] < rank[b]
  end)
  return names, rare_ones(def, opts, names, met)
end

-- The phases used with 'opts' (a phase whose doc function says nil is
-- not); one no sample hand met (rare_ones) is marked so, as it may not
-- come with these options.
local function phase_lines(def, opts)
  local out = {}
  local names, met = phase_order(def, opts)
  local sampled = next(met) ~= nil
  for _, name in ipairs(names) do
    local doc = sandbox.text_of(game.phase_doc, def, name, opts)
    if doc or type(def.phases[name].doc) ~= "function" then
      local unmet = sampled and not met[name]
        and (" (random play with these options met it in none of %d hands: it comes rarely,"
          .. " or these options leave it out)"):format(SEARCHED) or ""
      out[#out + 1] = ("  %-8s %s%s"):format(name, doc or "", unmet)
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

local function header(def, opts, out)
  out[#out + 1] = ("%s — %s"):format(def.name, def.summary)
  if def.base then out[#out + 1] = ("a variant of %s"):format(def.base.name) end
  out[#out + 1] = ("players: %s (this table: %d); play goes %s"):format(list.players_text(def),
    opts.players, def.direction == "cw" and "clockwise" or "counter-clockwise")
end

-- The rules that apply with 'opts' as {id, text} in natural order.
local function applying(def, opts)
  local out = {}
  for _, id in ipairs(rule_ids(def)) do
    local text = sandbox.text_of(game.rule_text, def, id, opts)
    if text then out[#out + 1] = { id = id, text = text } end
  end
  return out
end

-- The rules summary of 'def' with options 'opts' (resolved), as lines:
-- what `talon rules` prints and the `rules` command at the table shows.
function rules.summary(def, opts)
  local out = {}
  header(def, opts, out)
  if def.options and next(def.options) then
    out[#out + 1] = "options in force (* = changed from the default):"
    for _, line in ipairs(list.option_lines(def, opts, "  ")) do out[#out + 1] = line end
  end
  out[#out + 1] = "phases (in the order of play):"
  for _, line in ipairs(phase_lines(def, opts)) do out[#out + 1] = line end
  local ruled = applying(def, opts)
  if #ruled > 0 then
    out[#out + 1] = "rules:"
    for _, r in ipairs(ruled) do out[#out + 1] = ("  %-8s %s"):format(r.id, r.text) end
  end
  out[#out + 1] = "hooks a variant may wrap (variant.of, wrap = {…}): "
    .. table.concat(rules.hooks(def), ", ")
  return out
end

-- The hooks of a definition that variant.of can wrap: its own ("score")
-- and its phases' ("play.apply"), by name; a phase's doc line and the
-- framework's fast paths (playout, step, draw, allows, trick) are not rules
-- to wrap (a variant that wraps one turns it off: the list decides).
local NOT_WRAPPED = { doc = true, playout = true, step = true, draw = true, allows = true,
                      trick = true }

function rules.hooks(def)
  local found = {}
  for _, k in ipairs(options.sorted_keys(game.keys)) do
    if game.keys[k].kind == "hook" and type(def[k]) == "function" then found[#found + 1] = k end
  end
  for _, name in ipairs(options.sorted_keys(def.phases)) do
    for _, k in ipairs(options.sorted_keys(def.phases[name])) do
      if type(def.phases[name][k]) == "function" and not NOT_WRAPPED[k] then
        found[#found + 1] = name .. "." .. k
      end
    end
  end
  return found
end

-- The rules summary as data, for --json.
local function summary_data(def, opts)
  local opt = {}
  for _, name in ipairs(options.sorted_keys(def.options)) do
    local o = def.options[name]
    opt[#opt + 1] = { name = name, value = opts[name], default = o.default, doc = o.doc }
  end
  local phases = {}
  for _, name in ipairs(phase_order(def, opts)) do
    local doc = sandbox.text_of(game.phase_doc, def, name, opts)
    if doc or type(def.phases[name].doc) ~= "function" then
      phases[#phases + 1] = { name = name, doc = doc }
    end
  end
  return { name = def.name, summary = def.summary, base = def.base and def.base.name or nil,
           players = def.players, table_players = opts.players, direction = def.direction,
           options = opt, phases = phases, rules = applying(def, opts),
           hooks = rules.hooks(def) }
end

function rules.run(args)
  local def, params, p = options.game(args, { json = "switch" })
  local opts = game.options(def, params.options)
  if p.flags.json then
    print(require("talon.cli.json").encode(summary_data(def, opts)))
    return 0
  end
  for _, line in ipairs(rules.summary(def, opts)) do print(line) end
  return 0
end

-- The other values worth trying for option 'name': its listed values, the
-- other boolean; none for a free number or text.
local function alternatives(o, current)
  local out = {}
  if o.values then
    for _, v in ipairs(o.values) do
      if v ~= current then out[#out + 1] = v end
    end
  elseif type(o.default) == "boolean" then
    out[1] = not current
  elseif math.type(o.default) == "integer" and math.type(current) == "integer" then
    -- a number: its neighbours, its bounds and its default, as allowed
    local seen = { [current] = true }
    local function add(v)
      if v and not seen[v] and not (o.min and v < o.min) and not (o.max and v > o.max) then
        seen[v] = true
        out[#out + 1] = v
      end
    end
    add(current < math.maxinteger and current + 1 or nil)
    add(current > math.mininteger and current - 1 or nil)
    add(o.min)
    add(o.max)
    add(o.default)
  end
  return out
end

-- The settings ("-o name=value") under which rule 'id', which does not
-- apply with 'opts', would apply: one option changed at a time; and the
-- rule's text under the first of them.
local function enabling(def, id, opts)
  local found, first = {}, nil
  for _, name in ipairs(options.sorted_keys(def.options)) do
    for _, v in ipairs(alternatives(def.options[name], opts[name])) do
      local try = {}
      for k, x in pairs(opts) do try[k] = x end
      try[name] = v
      local text = sandbox.text_of(game.rule_text, def, id, try)
      if text then
        found[#found + 1] = ("-o %s=%s"):format(name, tostring(v))
        first = first or text
      end
    end
  end
  return found, first
end

-- An option explained: its doc, its value, and the rules whose text it
-- changes (each rule read with its alternatives).
local function option_lines(def, name, opts, out)
  local o = def.options[name]
  out[#out + 1] = ("option %s = %s (default %s): %s"):format(name, tostring(opts[name]),
    tostring(o.default), o.doc)
  if o.values then
    local vals = {}
    for i, v in ipairs(o.values) do vals[i] = tostring(v) end
    out[#out + 1] = "  values: " .. table.concat(vals, ", ")
  end
  for _, id in ipairs(rule_ids(def)) do
    local now = sandbox.text_of(game.rule_text, def, id, opts)
    for _, v in ipairs(alternatives(o, opts[name])) do
      local try = {}
      for k, x in pairs(opts) do try[k] = x end
      try[name] = v
      local other = sandbox.text_of(game.rule_text, def, id, try)
      if other ~= now then
        out[#out + 1] = ("  with %s=%s, %s %s"):format(name, tostring(v), id,
          other and ("reads: " .. other) or "does not apply")
        break
      end
    end
  end
end

-- The lines explaining rule ids or option names 'want' of 'def' with
-- options 'opts'; every rule that applies when 'want' is empty. A word
-- that is neither raises a usage error listing the rules.
function rules.explain_lines(def, opts, want)
  local out, all = {}, #want == 0
  if all then want = rule_ids(def) end
  for _, id in ipairs(want) do
    local key = def.rules and (def.rules[id] and id or (def.rules[id:upper()] and id:upper()))
    if not key and def.options and def.options[id] then
      option_lines(def, id, opts, out)
    elseif not key then
      local known = rule_ids(def)
      options.usage_error("%s has no rule or option '%s'; its rules are %s", def.name, id,
        #known > 0 and table.concat(known, ", ") or "(none)")
    else
      local text = sandbox.text_of(game.rule_text, def, key, opts)
      if text then
        out[#out + 1] = ("%s  %s"):format(key, text)
      elseif not all then
        local with, first = enabling(def, key, opts)
        out[#out + 1] = ("%s  does not apply with these options (%s)%s"):format(key,
          options_text(opts), #with > 0 and ("; it applies with " .. table.concat(with, " or "))
          or "")
        if first then out[#out + 1] = ("  with %s it reads: %s"):format(with[1], first) end
      end
    end
  end
  return out
end

-- `talon explain GAME [RULE-ID|OPTION...] [--players N] [-o k=v]`: the
-- named rules or options (every rule that applies when none) as they read
-- with the chosen options.
function rules.explain(args)
  local def, params, p = options.game(args, nil, true)
  local opts = game.options(def, params.options)
  for _, line in ipairs(rules.explain_lines(def, opts, { table.unpack(p.positional, 2) })) do
    print(line)
  end
  return 0
end

return rules
