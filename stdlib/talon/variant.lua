-- talon.variant: a house-rule variant is a game that starts from another
-- and changes option defaults or wraps hooks, never editing the base.
--
--   return variant.of(require "games.hokm", {
--     name = "Hokm (all tricks)", summary = "…one line…",
--     options = { play_all_tricks = true },
--     wrap = { score = function(orig, st) return orig(st) end },
--   })
local game = require "talon.game"

local variant = {}

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

local function set_defaults(def, changes)
  local opts = {}
  for name, o in pairs(def.options or {}) do opts[name] = copy(o) end
  for name, v in pairs(changes) do
    local o = opts[name]
    if not o then
      error(("variant: %s has no option '%s'"):format(def.name, tostring(name)), 3)
    end
    if type(v) ~= type(o.default) then
      error(("variant: option '%s' must be a %s, got %s"):format(name, type(o.default),
        type(v) == "string" and ("%q"):format(v) or tostring(v)), 3)
    end
    local refused = game.option_refusal(name, o, v)
    if refused then error("variant: " .. refused, 3) end
    if name == "players" and not game.plays_with(def, v) then
      error(("variant: option 'players': %s is not played by %s players"):format(def.name,
        tostring(v)), 3)
    end
    o.default = v
  end
  return opts
end

-- Wraps top-level hooks ("score") or phase hooks ("play.apply"): the new
-- function receives the original first.
local function wrap_hooks(def, wraps)
  for key, w in pairs(wraps) do
    if type(key) ~= "string" or type(w) ~= "function" then
      error(("variant: wrap '%s' must be a function (orig, ...), got %s"):format(tostring(key),
        type(w)), 3)
    end
    local pname, hook = key:match("^([%w_]+)%.([%w_]+)$")
    if pname then
      local ph = def.phases[pname]
      if not ph or type(ph[hook]) ~= "function" then
        error(("variant: cannot wrap '%s': no such phase hook"):format(key), 3)
      end
      ph = copy(ph)
      local orig = ph[hook]
      ph[hook] = function(...) return w(orig, ...) end
      def.phases = copy(def.phases)
      def.phases[pname] = ph
    else
      local orig = def[key]
      if type(orig) ~= "function" then
        error(("variant: cannot wrap '%s': the game has no such hook"):format(key), 3)
      end
      def[key] = function(...) return w(orig, ...) end
    end
  end
end

-- The deck of 'def' under its default options, or nil when it cannot be
-- made here: the added trick rules are checked against it as the variant
-- loads, so a mistake names the variant's line.
local function default_deck(def)
  local spec = def.deck
  if type(spec) == "function" then
    local ok, opts = pcall(game.options, def)
    local made
    if ok then ok, made = pcall(spec, opts) end
    spec = ok and made
  end
  if type(spec) ~= "table" then return nil end
  local ok, deck = pcall(require("talon").deck, spec)
  return ok and deck or nil
end

-- A phase's doc with the house rule after it, as the doc reads with the
-- options ('doc' a sentence or a function of them; one that says nil, a
-- phase not used with them, stays nil): what the table says of the phase
-- and of a legal card then names the rule that changed it.
local function doc_with(doc, summary)
  return function(o)
    local d = doc
    if type(d) == "function" then d = d(o) end
    if type(d) ~= "string" then return d end
    return d .. "; house rule: " .. summary
  end
end

-- Trick rules added as data, by phase name: { play = { unbroken = "trump",
-- break_on_play = false } } remakes the phase from its own declared rules
-- and these (tricks.with_rules), so fast playouts obey them; refusals
-- under them cite the variant's name, whose text is its summary.
local function add_trick_rules(def, changes)
  local tricks = require "talon.tricks"
  local id = changes.name or "house rule"
  def.phases = copy(def.phases)
  for pname, extra in pairs(changes.trick_rules) do
    local ph = def.phases[pname]
    if type(extra) ~= "table" or not ph then
      error(("variant: trick_rules: '%s' is %s"):format(tostring(pname),
        ph and "not a table of rules" or "not a phase of the game"), 0)
    end
    local ok, made = pcall(tricks.with_rules, ph, extra, id, default_deck(def))
    if not ok then error(("variant: trick_rules.%s: %s"):format(pname, made), 0) end
    made.doc = doc_with(ph.doc, changes.summary)
    def.phases[pname] = made
  end
  local rules = copy(def.rules or {})
  rules[id] = changes.summary
  def.rules = rules
end

-- Statistics add to the base's, so a variant can name what its house rule
-- changes and still be compared on the base's; one of the same name
-- replaces the base's in its place. (game.validate checks each entry.)
local function add_stats(def, list)
  if type(list) ~= "table" then error("variant: stats must be a list of statistics", 3) end
  local out, at = {}, {}
  for i, s in ipairs(def.stats or {}) do
    out[i] = s
    if type(s) == "table" and type(s.name) == "string" then at[s.name] = i end
  end
  for _, s in ipairs(list) do
    local i = type(s) == "table" and type(s.name) == "string" and at[s.name]
    if i then out[i] = s else out[#out + 1] = s end
  end
  def.stats = out
end

-- Keys a variant changes entry by entry: its rules say in their own words
-- the rules it changes (a sentence, or a function of the options) and keep
-- the base's for the rest; its tools add to the base's or replace one.
local MERGED = { rules = true, tools = true }

local function merged(old, new)
  local t = copy(old)
  for k, v in pairs(new) do t[k] = v end
  return t
end

-- A new definition: 'base' with the changes applied. 'changes' must carry
-- name and summary; options sets new defaults; wrap wraps hooks; stats
-- adds statistics to the base's; rules and tools are merged entry by entry
-- over the base's; any other game key replaces the base's.
function variant.of(base, changes)
  if type(base) ~= "table" then error("variant.of: the base game must be a table", 2) end
  if type(changes) ~= "table" or type(changes.summary) ~= "string" then
    error("variant.of: a variant needs a one-line 'summary'", 2)
  end
  local def = copy(base)
  def.base = base
  for k, v in pairs(changes) do
    if k ~= "options" and k ~= "wrap" and k ~= "trick_rules" and k ~= "stats" then
      if not game.keys[k] then
        error(("variant: unknown key '%s'"):format(tostring(k)), 2)
      end
      if MERGED[k] and type(v) == "table" and type(base[k]) == "table" then
        v = merged(base[k], v)
      end
      def[k] = v
    end
  end
  if changes.options then def.options = set_defaults(base, changes.options) end
  if changes.trick_rules then add_trick_rules(def, changes) end
  if changes.wrap then wrap_hooks(def, changes.wrap) end
  if changes.stats ~= nil then add_stats(def, changes.stats) end
  return def
end

return variant
