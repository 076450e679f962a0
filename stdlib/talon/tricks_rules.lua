-- talon.tricks_rules: the compiled talon.TrickRules of a trick phase's
-- spec (its `rules`: a talon.trickrules table, or a function of st
-- returning one or a TrickRules), for talon.tricks. A table is compiled
-- once per deck, and a function's tables once per deck and content, so a
-- rules function that builds a new table at every hand costs a compare,
-- not a compile. A mistake in the rules names the line that declared the
-- phase (tricks_rules.where_of).
local tricks_rules = {}

local rules_cache = setmetatable({}, { __mode = "k" })

-- ----- trickrules tables by content
-- A rules function may build a new table at every hand; the framework
-- compiles each content once per deck. Rules tables nest three levels at
-- most (trumps -> order -> cards and ranks).
local MAX_NEST = 4

local function same(a, b, depth)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" or depth > MAX_NEST then return false end
  for k, v in pairs(a) do
    if not same(v, b[k], depth + 1) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

local function deep_copy(t, depth)
  if type(t) ~= "table" or depth > MAX_NEST then return t end
  local c = {}
  for k, v in pairs(t) do c[k] = deep_copy(v, depth + 1) end
  return c
end

-- A string that two tables of the same content share: keys sorted.
local function content_key(v, depth)
  if type(v) ~= "table" or depth > MAX_NEST then
    return type(v) == "string" and ("%q"):format(v) or tostring(v)
  end
  local keys, parts = {}, {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for i, k in ipairs(keys) do
    parts[i] = content_key(k, depth + 1) .. "=" .. content_key(v[k], depth + 1)
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

-- deck -> { last = copy of the last table, last_rules, [content key] = rules }
local by_content = setmetatable({}, { __mode = "k" })

-- spec -> where its phase was declared ("games/x.lua:12"): trick rules
-- compile only once a game has a deck, and their mistakes must still name
-- the line that wrote them.
local where_of = setmetatable({}, { __mode = "k" })

local function declared_at(level)
  local info = debug and debug.getinfo and debug.getinfo(level + 1, "Sl")
  if info and info.source:sub(1, 1) == "@" then
    return ("%s:%d"):format(info.source:sub(2), info.currentline)
  end
  return nil
end

-- talon.trickrules(deck, tbl), or its argument error raised as 'prefix'
-- and the message alone; any other error (a time budget) passes unchanged.
local function checked(deck, tbl, prefix)
  local ok, r = pcall(require("talon").trickrules, deck, tbl)
  if ok then return r end
  local msg = type(r) == "string" and r:match("^bad argument #2 to '[%w._]*trickrules' %((.*)%)$")
  if not msg then error(r, 0) end
  error(prefix .. msg, 0)
end

-- The rules of 'spec' compiled; a mistake names the phase's declaration.
local function trickrules(spec, deck, tbl)
  return checked(deck, tbl, ("%s: trick rules: "):format(where_of[spec] or "tricks.phase"))
end

-- The TrickRules of trickrules table 'tbl' on 'deck', compiled once per
-- content: the table of the last hand is compared first (a few reads),
-- then the content key.
local function compiled(spec, deck, tbl)
  local per = by_content[deck]
  if not per then
    per = {}
    by_content[deck] = per
  end
  if per.last and same(tbl, per.last, 1) then return per.last_rules end
  local key = content_key(tbl, 1)
  local r = per[key]
  if not r then
    r = trickrules(spec, deck, tbl)
    per[key] = r
  end
  per.last, per.last_rules = deep_copy(tbl, 1), r
  return r
end

-- The compiled TrickRules of 'spec' (a talon.trickrules table, compiled
-- once per deck) or of spec.rules(st) (a trickrules table, compiled once
-- per deck and content, or a TrickRules).
local function rules_of(spec, st)
  local r = spec.rules
  if type(r) == "function" then
    r = r(st)
    if type(r) == "table" then return compiled(spec, st.deck, r) end
    return r
  end
  local per = rules_cache[spec]
  if not per then
    per = setmetatable({}, { __mode = "k" })
    rules_cache[spec] = per
  end
  local c = per[st.deck]
  if not c then
    c = trickrules(spec, st.deck, r)
    per[st.deck] = c
  end
  return c
end

tricks_rules.where_of = where_of
tricks_rules.declared_at = declared_at
tricks_rules.checked = checked
tricks_rules.of = rules_of

return tricks_rules
