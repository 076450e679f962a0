-- talon.host.pretty: readable one-line text for any Lua value, for the REPL and
-- for test failure messages. Strings are quoted, values with __tostring
-- (cards, hands, violations) use it, tables are shown shallowly with the
-- array part first and the other keys sorted, cut at a depth and a length,
-- and a table met again on the current path prints as <cycle>.
--
-- The REPL prints values a game made, outside any budget: tables are read
-- raw (rawlen, rawget, next: no __len, __index or __pairs runs), and a
-- __tostring runs under the budget (talon.host.sandbox.text).
local sandbox = require "talon.host.sandbox"

local pretty = {}

local MAX_ITEMS = 40

local function quote(s)
  return (string.gsub(string.format("%q", s), "\\\n", "\\n"))
end

local function is_identifier(k)
  return type(k) == "string" and string.match(k, "^[%a_][%w_]*$") ~= nil
end

-- Keys of the hash part in a stable order: numbers, then strings, then
-- anything else by its text ('text': key -> its text, made once).
local function key_order(text)
  return function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then
      if ta == "number" then return true end
      if tb == "number" then return false end
      if ta == "string" then return true end
      if tb == "string" then return false end
      return ta < tb
    end
    if ta == "number" or ta == "string" then return a < b end
    return text[a] < text[b]
  end
end

local function has_tostring(v)
  local mt = debug.getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

local show

local function show_key(k, depth, seen)
  if is_identifier(k) then return k end
  return "[" .. show(k, depth, seen) .. "]"
end

local function show_table(t, depth, seen)
  if seen[t] then return "<cycle>" end
  if depth <= 0 then return next(t) == nil and "{}" or "{...}" end
  seen[t] = true
  local parts, n = {}, rawlen(t)
  for i = 1, math.min(n, MAX_ITEMS) do
    parts[#parts + 1] = show(rawget(t, i), depth - 1, seen)
  end
  local keys, text = {}, {}
  for k in next, t do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      keys[#keys + 1] = k
      local tk = type(k)
      if tk ~= "number" and tk ~= "string" then text[k] = sandbox.text(k) end
    end
  end
  table.sort(keys, key_order(text))
  for _, k in ipairs(keys) do
    if #parts >= MAX_ITEMS then break end
    parts[#parts + 1] = show_key(k, depth - 1, seen) .. " = "
      .. show(rawget(t, k), depth - 1, seen)
  end
  if n + #keys > #parts then parts[#parts + 1] = "..." end
  seen[t] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end

show = function(v, depth, seen)
  local tv = type(v)
  if tv == "string" then return quote(v) end
  if has_tostring(v) then
    local ok, s = sandbox.call(tostring, v)
    if ok and type(s) == "string" then return s end
    return "<" .. tv .. " whose __tostring failed>"
  end
  if tv == "table" then return show_table(v, depth, seen) end
  return tostring(v)
end

--- Text for `v`: strings quoted, tables shown to `depth` levels
-- (default 2).
function pretty.show(v, depth)
  return show(v, depth or 2, {})
end

return pretty
