-- talon.host.pretty: readable one-line text for any Lua value, for the REPL and
-- for test failure messages. Strings are quoted, values with __tostring
-- (cards, hands, violations) use it, tables are shown shallowly with the
-- array part first and the other keys sorted, cut at a depth and a length,
-- and a table met again on the current path prints as <cycle>.
local pretty = {}

local MAX_ITEMS = 40

local function quote(s)
  return (string.format("%q", s):gsub("\\\n", "\\n"))
end

local function is_identifier(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

-- Keys of the hash part in a stable order: numbers, then strings, then
-- anything else by its text.
local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    if ta == "number" then return true end
    if tb == "number" then return false end
    if ta == "string" then return true end
    if tb == "string" then return false end
    return ta < tb
  end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function has_tostring(v)
  local mt = debug.getmetatable(v)
  return type(mt) == "table" and mt.__tostring ~= nil
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
  local parts, n = {}, #t
  for i = 1, math.min(n, MAX_ITEMS) do
    parts[#parts + 1] = show(t[i], depth - 1, seen)
  end
  local keys = {}
  for k in pairs(t) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys, key_order)
  for _, k in ipairs(keys) do
    if #parts >= MAX_ITEMS then break end
    parts[#parts + 1] = show_key(k, depth - 1, seen) .. " = "
      .. show(t[k], depth - 1, seen)
  end
  if n + #keys > #parts then parts[#parts + 1] = "..." end
  seen[t] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end

show = function(v, depth, seen)
  local tv = type(v)
  if tv == "string" then return quote(v) end
  if has_tostring(v) then
    local ok, s = pcall(tostring, v)
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
