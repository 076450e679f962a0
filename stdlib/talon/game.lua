-- talon.game: game definitions (data plus named hooks) and their checks;
-- game.new builds the running game (talon.host.running).
--
-- The framework knows every key a definition may have, which are required,
-- and what each is; an unknown or mistyped key is rejected with a sentence
-- naming the key and the file, before any hook runs.
local game = {}

-- key -> { kind = "data"|"hook", type = Lua type(s), required = bool, doc }
game.keys = {
  name = { kind = "data", type = "string", required = true, doc = "display name" },
  summary = { kind = "data", type = "string", required = true,
              doc = "one line: what the game or variant is" },
  players = { kind = "data", type = "table", required = true,
              doc = "list of allowed player counts" },
  direction = { kind = "data", type = "string", required = true,
                doc = "\"cw\" or \"ccw\": how seats are drawn" },
  options = { kind = "data", type = "table",
              doc = "name -> {default=, doc=, values=, min=, max=}" },
  deck = { kind = "data", type = "table|function", required = true,
           doc = "a talon.deck spec, or function(opts) returning one" },
  sides = { kind = "hook", type = "function", doc = "function(n, opts) -> partnerships" },
  rules = { kind = "data", type = "table",
            doc = "rule id -> sentence, or function(opts) -> sentence | nil (nil: the rule "
              .. "does not apply with these options)" },
  setup = { kind = "hook", type = "function", doc = "function(st): match start" },
  deal = { kind = "hook", type = "function", required = true,
           doc = "function(st) -> first phase: start a hand" },
  phases = { kind = "data", type = "table", required = true, doc = "phase name -> phase table" },
  score = { kind = "hook", type = "function", required = true,
            doc = "function(st): score a finished hand" },
  next_hand = { kind = "hook", type = "function", doc = "function(st): rotation between hands" },
  match_over = { kind = "hook", type = "function",
                 doc = "function(st) -> result or nil (default: target option)" },
  view = { kind = "hook", type = "function", doc = "function(st, seat, v): add to a seat's view" },
  zones = { kind = "hook", type = "function", doc = "function(st, add): extra card places" },
  visibility = { kind = "data", type = "table",
                 doc = "who sees each card place: {hands =, won =, stock =, discards =, aside =,"
                   .. " zones =, shown =} (talon.host.visibility)" },
  actions = { kind = "data", type = "table", doc = "extra verbs: verb -> argument type" },
  base = { kind = "data", type = "table", doc = "the game a variant changes (set by variant.of)" },
  check = { kind = "data", type = "table",
            doc = "{options = {...}, invariants = {...}, card_points = ...}: option defaults "
              .. "for random checks (where random play would never end a match), the game's "
              .. "own invariants, and the card points every scored hand leaves in the won "
              .. "piles (talon check, invariants.run)" },
  stats = { kind = "data", type = "table",
            doc = "statistics worth counting in simulations: a list of {name =, per = \"hand\" or "
              .. "\"match\", doc =, count = function(st) -> boolean, or value = function(st) -> "
              .. "integer}" },
  tools = { kind = "data", type = "table",
            doc = "name -> function (or data) for the REPL, bots and tests; never called by "
              .. "the framework" },
}

game.phase_keys = {
  mover = { type = "function", required = true, doc = "function(st) -> seat to act" },
  legal = { type = "function", required = true,
            doc = "function(st, seat) -> actions (a Hand when cards = true)" },
  apply = { type = "function", required = true,
            doc = "function(st, seat, action) -> next phase | nil | \"end\"" },
  check = { type = "function", doc = "function(st, seat, action) -> violation explaining why" },
  enter = { type = "function", doc = "function(st) -> nil or phase: runs on entry" },
  cards = { type = "boolean", doc = "actions are single cards from the mover's hand" },
  playout = { type = "function",
              doc = "function(st, seat, rng, act, act_seat, k, stop) -> k2, next phase | nil, "
                .. "mover: quiet random playouts let it play several actions at once "
                .. "(act[k+1..k2], act_seat[...], at most up to stop), drawing exactly as "
                .. "g:random would; the mover (what the phase's mover hook would say) counts "
                .. "when the phase stays; k2 == k falls back to one action (tricks.phase "
                .. "supplies it)" },
  step = { type = "function",
          doc = "function(st, seat, card) -> mover, legal Hand | nil: g:play's path for one "
            .. "card, playing it as apply, mover and legal would (nil: it did nothing, apply "
            .. "plays it); used only as tricks.phase supplies it, while the phase keeps the "
            .. "hooks it was made with" },
  draw = { type = "function",
           doc = "function(st, seat, rng[, extra]) -> action | nil, k: g:random's path in a "
             .. "set phase, the action a draw from the legal list gives, without the list "
             .. "(nil: draw from the list); used only as tricks.set_phase, window.force_lead "
             .. "and beside.action supply it, while the phase keeps the hooks it was made "
             .. "with" },
  allows = { type = "function",
             doc = "function(st, seat, action) -> boolean | nil: g:try's path in a set phase, "
               .. "whether the legal list holds the action, without the list (nil: the list "
               .. "decides); used only as tricks.set_phase, window.force_lead and "
               .. "beside.action supply it, with the phase's draw" },
  trick = { type = "function",
            doc = "function(st, trump) -> a new empty talon.Trick of this phase's rules: how a "
              .. "position in the middle of a trick is set up (tricks.phase supplies it)" },
  verbs = { type = "table", doc = "verbs typed in this phase" },
  private = { type = "boolean|function",
              doc = "actions seen only by the mover: true, or function(st, seat, action) -> "
                .. "boolean for some of them (face-down plays)" },
  doc = { type = "string|function",
          doc = "one line for the front end, or function(opts) -> line | nil (nil: the phase "
            .. "is not used with these options)" },
}

local function type_ok(v, want)
  for t in want:gmatch("[^|]+") do
    if type(v) == t then return true end
  end
  return false
end

local function sorted_keys(t)
  local list = {}
  for k in pairs(t) do list[#list + 1] = k end
  table.sort(list)
  return table.concat(list, ", ")
end

local function fail(where, msg)
  error((where and (where .. ": ") or "") .. msg, 0)
end

local function validate_phases(def, where)
  for pname, ph in pairs(def.phases) do
    if type(ph) ~= "table" then
      fail(where, ("phase '%s' must be a table, got %s"):format(tostring(pname), type(ph)))
    end
    for k, v in pairs(ph) do
      local spec = game.phase_keys[k]
      if not spec then
        fail(where, ("unknown key '%s' in phase '%s'; known keys are %s")
          :format(tostring(k), pname, sorted_keys(game.phase_keys)))
      end
      if not type_ok(v, spec.type) then
        fail(where, ("key '%s' of phase '%s' must be a %s, got %s")
          :format(k, pname, spec.type, type(v)))
      end
    end
    for k, spec in pairs(game.phase_keys) do
      if spec.required and ph[k] == nil then
        fail(where, ("phase '%s' lacks the required key '%s' (%s)"):format(pname, k, spec.doc))
      end
    end
  end
end

-- check.invariants: a list of {rule =, after = "action" | "hand",
-- test = function(st) -> nil | message}; check.card_points: an integer or
-- function(st) -> integer | nil (talon.host.invariants.after_hand).
local function validate_check(def, where)
  local c = def.check
  if not c then return end
  for k in pairs(c) do
    if k ~= "options" and k ~= "invariants" and k ~= "card_points" then
      fail(where, ("unknown key '%s' in check; known keys are card_points, invariants, options")
        :format(k))
    end
  end
  local cp = c.card_points
  if cp ~= nil and math.type(cp) ~= "integer" and type(cp) ~= "function" then
    fail(where, "check.card_points must be an integer or function(st) -> integer | nil")
  end
  for i, inv in ipairs(c.invariants or {}) do
    if type(inv) ~= "table" or type(inv.test) ~= "function"
        or (inv.after ~= "action" and inv.after ~= "hand") then
      fail(where, ("check.invariants[%d] must be {rule =, after = \"action\" or \"hand\","
        .. " test = function(st)}"):format(i))
    end
  end
end

local function validate_rules(def, where)
  for id, text in pairs(def.rules or {}) do
    if type(id) ~= "string" or not (type(text) == "string" or type(text) == "function") then
      fail(where, ("rule '%s' must map a string id to a sentence or a function(opts),"
        .. " got %s"):format(tostring(id), type(text)))
    end
  end
end

-- An option's value is a boolean, a finite number or a text: what a
-- command line gives and a record writes and reads back. (A table would
-- also hand the game the host's own copy of it, through st.opts.)
local function option_value_fault(v)
  local ty = type(v)
  if ty == "number" and (v ~= v or v == math.huge or v == -math.huge) then
    return "a number that is not finite"
  end
  if ty ~= "boolean" and ty ~= "number" and ty ~= "string" then return "a " .. ty end
  return nil
end

local function validate_options(def, where)
  for name, o in pairs(def.options or {}) do
    if type(o) ~= "table" or o.default == nil or type(o.doc) ~= "string" then
      fail(where, ("option '%s' needs a default and a one-line doc"):format(tostring(name)))
    end
    local bad = option_value_fault(o.default)
    if bad then
      fail(where, ("option '%s': a default is a boolean, a finite number or a text, not %s")
        :format(tostring(name), bad))
    end
    if o.values ~= nil then
      if type(o.values) ~= "table" then
        fail(where, ("option '%s': values must be a list"):format(tostring(name)))
      end
      for i, v in ipairs(o.values) do
        if type(v) ~= type(o.default) or option_value_fault(v) then
          fail(where, ("option '%s': values[%d] must be a %s like the default"):format(
            tostring(name), i, type(o.default)))
        end
      end
    end
    for k in pairs(o) do
      if k ~= "default" and k ~= "doc" and k ~= "values" and k ~= "min" and k ~= "max" then
        fail(where, ("unknown key '%s' in option '%s'; known keys are default, doc, max, min,"
          .. " values"):format(tostring(k), name))
      end
    end
    for _, k in ipairs { "min", "max" } do
      if o[k] ~= nil and (type(o[k]) ~= "number" or type(o.default) ~= "number") then
        fail(where, ("option '%s': %s bounds a number option with a number"):format(name, k))
      end
    end
    if (o.min and o.default < o.min) or (o.max and o.default > o.max) then
      fail(where, ("option '%s': the default %s is outside its range"):format(name,
        tostring(o.default)))
    end
  end
end

-- stats: the events and figures a simulation counts besides scores and
-- wins (`talon sim`, `talon compare`), each measured after every hand's
-- score or once at the end of the match. A count is a proportion (of
-- hands or matches), a value an integer whose mean and spread are shown.
local STAT_KEYS = { name = "string", per = "string", doc = "string", count = "function",
                    value = "function" }

local function validate_stat(s, i, seen, where)
  local what = ("stats[%d]"):format(i)
  if type(s) ~= "table" then fail(where, what .. " must be a table") end
  for k, v in pairs(s) do
    if not STAT_KEYS[k] then
      fail(where, ("unknown key '%s' in %s; known keys are count, doc, name, per, value")
        :format(tostring(k), what))
    end
    if type(v) ~= STAT_KEYS[k] then
      fail(where, ("key '%s' of %s must be a %s, got %s"):format(k, what, STAT_KEYS[k], type(v)))
    end
  end
  local name = s.name
  if not name or #name == 0 or #name > 40 or name:find("[%c]") or name:find("^%s")
      or name:find("%s$") then
    fail(where, what .. " needs a name: 1 to 40 characters, no control characters")
  end
  if seen[name] then fail(where, ("two statistics are named '%s'"):format(name)) end
  seen[name] = true
  if s.per ~= "hand" and s.per ~= "match" then
    fail(where, ("statistic '%s': per must be \"hand\" or \"match\""):format(name))
  end
  if not s.doc then fail(where, ("statistic '%s' needs a one-line doc"):format(name)) end
  if (s.count == nil) == (s.value == nil) then
    fail(where, ("statistic '%s' needs exactly one of count = function(st) -> boolean and"
      .. " value = function(st) -> integer"):format(name))
  end
end

local function validate_stats(def, where)
  local list, seen = def.stats, {}
  if not list then return end
  local n = 0
  for _ in pairs(list) do n = n + 1 end
  if n ~= #list then fail(where, "stats must be a list of statistics") end
  for i, s in ipairs(list) do validate_stat(s, i, seen, where) end
end

-- The argument types a verb may take (talon.actions' grammar).
local ARG_TYPES = { none = true, int = true, tricks = true, suit = true, cards = true,
                    word = true, wordcards = true }

local function validate_actions(def, where)
  for verb, kind in pairs(def.actions or {}) do
    if type(verb) ~= "string" or not verb:match("^%a[%w_]*$") or not ARG_TYPES[kind] then
      fail(where, ("actions: verb '%s' must name an argument type (none, int, tricks, suit,"
        .. " cards, word, wordcards), not %s"):format(tostring(verb), tostring(kind)))
    end
  end
end

-- The keys of a `visibility` declaration (talon.host.visibility reads it)
-- and what each takes.
local VIS_RULE = "\"owner\", \"all\", \"none\" or a function(st, seat, owner)"
local VIS_KEYS = { hands = "rule", won = "rule", stock = "rule", discards = "rule",
                   aside = "rule", zones = "zones", shown = "function" }

local function vis_rule(where, key, r)
  if r == "owner" or r == "all" or r == "none" or type(r) == "function" then return end
  fail(where, ("visibility.%s must be %s, not %s"):format(key, VIS_RULE, tostring(r)))
end

-- Checks a visibility declaration (nil: the default); raises naming the
-- key at fault and 'where'.
function game.check_visibility(vis, where)
  if vis == nil then return end
  for k, r in pairs(vis) do
    local want = VIS_KEYS[k]
    if not want then
      fail(where, ("unknown key '%s' in visibility; known keys are %s")
        :format(tostring(k), sorted_keys(VIS_KEYS)))
    elseif want == "rule" then
      vis_rule(where, k, r)
    elseif want == "function" and type(r) ~= "function" then
      fail(where, ("visibility.%s must be a function(st, seat, show)"):format(k))
    elseif want == "zones" then
      if type(r) ~= "table" then fail(where, "visibility.zones must be a table: zone -> rule") end
      for name, zr in pairs(r) do vis_rule(where, "zones." .. tostring(name), zr) end
    end
  end
end

-- The games a variant changes ('base', which variant.of sets): the front
-- ends read their names and option defaults, so each is checked as far as
-- they read it, and the chain must end.
local MAX_BASES = 16
local function validate_base(def, where)
  local b, seen, n = def.base, { [def] = true }, 0
  while b ~= nil do
    n = n + 1
    if type(b) ~= "table" then
      fail(where, ("key 'base' must be the definition of a game, got a %s"):format(type(b)))
    end
    if seen[b] or n > MAX_BASES then
      fail(where, ("key 'base': the games a variant changes must end within %d (a game"
        .. " is its own base)"):format(MAX_BASES))
    end
    if type(b.name) ~= "string" or (b.options ~= nil and type(b.options) ~= "table") then
      fail(where, "key 'base': the base game needs a name and a table of options")
    end
    validate_options(b, where)
    seen[b] = true
    b = b.base
  end
end

-- Checks a definition; raises a sentence naming the key and 'where' (the
-- file) on the first problem. Returns def.
function game.validate(def, where)
  if type(def) ~= "table" then
    fail(where, ("a game file must return a table, got %s"):format(type(def)))
  end
  for k, v in pairs(def) do
    local spec = game.keys[k]
    if not spec then
      fail(where, ("unknown key '%s' in the game definition; known keys are %s")
        :format(tostring(k), sorted_keys(game.keys)))
    end
    if not type_ok(v, spec.type) then
      fail(where, ("key '%s' must be a %s, got %s"):format(k, spec.type, type(v)))
    end
  end
  for k, spec in pairs(game.keys) do
    if spec.required and def[k] == nil then
      fail(where, ("the game definition lacks the required key '%s' (%s)"):format(k, spec.doc))
    end
  end
  if def.direction ~= "cw" and def.direction ~= "ccw" then
    fail(where, ("key 'direction' must be \"cw\" or \"ccw\", got %q"):format(def.direction))
  end
  validate_phases(def, where)
  validate_rules(def, where)
  validate_check(def, where)
  validate_options(def, where)
  validate_base(def, where)
  validate_actions(def, where)
  game.check_visibility(def.visibility, where)
  validate_stats(def, where)
  return def
end

-- The definition's source file as "games/x.lua", found from the caller.
local function caller_file(level)
  if not debug or not debug.getinfo then return nil end
  local info = debug.getinfo(level + 1, "S")
  local src = info and info.source
  if src and src:sub(1, 1) == "@" then return src:sub(2) end
  return nil
end

-- Declares a game: checks the table (naming the calling file in errors)
-- and returns it.
function game.define(def)
  return game.validate(def, caller_file(2))
end

-- The defaults of a definition's options, resolved once: a constructor
-- compiled for its option names (a table built at its final size, where
-- filling one key by key rehashes at every power of two) and the values it
-- copies. Nil when a name cannot be written as a constant (never for the
-- shipped games), or when the player counts do not allow the default.
local defaults_cache = setmetatable({}, { __mode = "k" })

local function quotable(k)
  return type(k) == "string" or math.type(k) == "integer"
end

local function compile_defaults(def)
  local values, fields = { players = def.players[1] }, { "[\"players\"] = v[\"players\"]" }
  for name, o in pairs(def.options or {}) do
    if not quotable(name) then return false end
    values[name] = o.default
    if name ~= "players" then fields[#fields + 1] = ("[%q] = v[%q]"):format(name, name) end
  end
  local allowed = false
  for _, n in ipairs(def.players) do allowed = allowed or n == values.players end
  if not allowed then return false end
  local make = load("local v = ... return { " .. table.concat(fields, ", ") .. " }",
    "=options", "t", {})
  return { make = make, values = values }
end

-- Why value 'v' (of the option's type) is not allowed for option 'name'
-- declared as 'o' (its min, max or values), or nil when it is.
function game.option_refusal(name, o, v)
  if o.min and v < o.min then
    return ("option '%s' must be at least %s, not %s"):format(name, tostring(o.min), tostring(v))
  end
  if o.max and v > o.max then
    return ("option '%s' must be at most %s, not %s"):format(name, tostring(o.max), tostring(v))
  end
  if o.values then
    local list = {}
    for i, a in ipairs(o.values) do
      if a == v then return nil end
      list[i] = tostring(a)
    end
    return ("option '%s' cannot be %s; allowed: %s"):format(name, tostring(v),
      table.concat(list, ", "))
  end
  return nil
end

-- The value of option 'o' (its declaration) written as 'text' (a command
-- line's -o, a record's option line), read as the type of its default: an
-- integer option takes an integer, a float one any number, a boolean one
-- true, yes, on or 1 and false, no, off or 0 (any case), a text one the
-- text itself; nil when the text is none of its type.
local BOOL = { ["true"] = true, yes = true, on = true, ["1"] = true,
               ["false"] = false, no = false, off = false, ["0"] = false }
function game.option_from_text(o, text)
  local kind = math.type(o.default) or type(o.default)
  if kind == "integer" then return math.tointeger(tonumber(text)) end
  if kind == "float" then return tonumber(text) end
  if kind == "boolean" then return BOOL[text:lower()] end
  return text
end

-- Is the game played by 'n' players (one of def.players)?
function game.plays_with(def, n)
  for _, k in ipairs(def.players) do
    if k == n then return true end
  end
  return false
end

-- Resolves options: every default, overridden by 'given'. Unknown names and
-- values outside `values` are errors naming the option. The second result
-- is true when nothing was given (nil or an empty table): every option is
-- at its default.
function game.options(def, given)
  local defaults = given == nil or (type(given) == "table" and getmetatable(given) == nil
    and next(given) == nil)
  if defaults then
    local d = defaults_cache[def]
    if d == nil then
      d = compile_defaults(def)
      defaults_cache[def] = d
    end
    if d then return d.make(d.values), true end
  end
  local opts = {}
  local decl = def.options or {}
  for name, o in pairs(decl) do opts[name] = o.default end
  for name, v in pairs(given or {}) do
    local o = decl[name]
    if not o then
      error(("%s has no option '%s'; options are %s"):format(def.name, tostring(name),
        sorted_keys(decl)), 0)
    end
    if type(v) ~= type(o.default) then
      error(("option '%s' must be a %s, got %s"):format(name, type(o.default),
        type(v) == "string" and ("%q"):format(v) or tostring(v)), 0)
    end
    local refused = game.option_refusal(name, o, v)
    if refused then error(refused, 0) end
    opts[name] = v
  end
  if opts.players == nil then opts.players = def.players[1] end
  if not game.plays_with(def, opts.players) then
    error(("%s is not played by %s players"):format(def.name, tostring(opts.players)), 0)
  end
  return opts, defaults
end

-- Is action 'a' of 'seat' in phase 'ph' seen only by its mover (the
-- phase's `private`: true, or a function of the action)?
function game.private(ph, st, seat, a)
  local p = ph.private
  if type(p) == "function" then return p(st, seat, a) and true or false end
  return p == true
end

-- The text of rule 'id' with options 'opts' (resolved by game.options),
-- or nil when the game has no such rule or it does not apply to them.
function game.rule_text(def, id, opts)
  local r = def.rules and def.rules[id]
  if type(r) == "function" then return r(opts) end
  return r
end

-- The first of the definition's own invariants (check.invariants) for
-- moment 'after' ("action" or "hand") that state 'st' breaks, as
-- "RULE: message"; nil when all hold.
function game.broken_invariant(def, st, after)
  local list = def.check and def.check.invariants
  if not list then return nil end -- most games: no list made to walk
  for _, inv in ipairs(list) do
    if inv.after == after then
      local msg = inv.test(st)
      if msg then return inv.rule and (inv.rule .. ": " .. msg) or msg end
    end
  end
  return nil
end

-- The one-line doc of phase 'name' with options 'opts', or nil when the
-- phase has none or is not used with them.
function game.phase_doc(def, name, opts)
  local ph = def.phases[name]
  local doc = ph and ph.doc
  if type(doc) == "function" then return doc(opts) end
  return doc
end

-- A running game; see talon.host.running and docs/framework.md §2.
-- (talon.host.running requires this module: found at the first game.)
local running
function game.new(def, params)
  running = running or require("talon.host.running")
  return running.new(def, params)
end

return game
