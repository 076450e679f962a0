-- talon.cli.json: a small JSON encoder with sorted keys, so the same data
-- always prints the same text, and a strict decoder for the summaries
-- `talon merge` reads back (files from anywhere: every mistake is a
-- message with its byte offset, never a Lua error of the decoder's own).
local json = {}

local ESC = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }

local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if #v > 0 or next(v) == nil then
      out[#out + 1] = "["
      for i, x in ipairs(v) do
        if i > 1 then out[#out + 1] = "," end
        encode(x, out)
      end
      out[#out + 1] = "]"
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out)
        out[#out + 1] = ":"
        local x = v[k]
        if x == nil then x = v[math.tointeger(tonumber(k))] end
        encode(x, out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then
    -- control characters escaped, the C1 ones too (U+0080 to U+009F, as
    -- UTF-8): the JSON then reaches a terminal as text, and a worker's
    -- summary passes the program's output filter unchanged (--jobs)
    local text = v:gsub('[%c"\\]', function(c)
      return ESC[c] or ("\\u%04x"):format(c:byte())
    end):gsub("\194([\128-\159])", function(c) return ("\\u%04x"):format(c:byte()) end)
    out[#out + 1] = '"' .. text .. '"'
  elseif t == "number" then
    out[#out + 1] = (v ~= v or v == math.huge or v == -math.huge) and "null"
      or (math.type(v) == "integer" and tostring(v) or ("%.6g"):format(v))
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  else
    out[#out + 1] = "null"
  end
end

function json.encode(v)
  local out = {}
  encode(v, out)
  return table.concat(out)
end

-- {================================================== decoding

local MAX_DEPTH = 64
local UNESC = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r",
                t = "\t" }

local function bad(_, i, what)
  error({ json = ("%s at byte %d"):format(what, i) }, 0)
end

local function skip(s, i)
  return string.find(s, "[^ \t\r\n]", i) or #s + 1
end

local value

local function str(s, i)
  local out, j = {}, i + 1
  while true do
    local k = string.find(s, '["\\%c]', j)
    if not k then bad(s, i, "unfinished string") end
    out[#out + 1] = string.sub(s, j, k - 1)
    local c = string.sub(s, k, k)
    if c == '"' then return table.concat(out), k + 1 end
    if c ~= "\\" then bad(s, k, "control character in a string") end
    local e = string.sub(s, k + 1, k + 1)
    if e == "u" then
      local hex = string.match(s, "^%x%x%x%x", k + 2)
      if not hex then bad(s, k, "bad \\u escape") end
      out[#out + 1] = utf8.char(tonumber(hex, 16))
      j = k + 6
    elseif UNESC[e] then
      out[#out + 1] = UNESC[e]
      j = k + 2
    else
      bad(s, k, "bad escape")
    end
  end
end

local function number(s, i)
  local text = string.match(s, "^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  local v = text and (math.tointeger(tonumber(text)) or tonumber(text))
  if not v then bad(s, i, "bad number") end
  return v, i + #text
end

local function list(s, i, depth)
  local out = {}
  i = skip(s, i + 1)
  if string.sub(s, i, i) == "]" then return out, i + 1 end
  while true do
    out[#out + 1], i = value(s, i, depth + 1)
    i = skip(s, i)
    local c = string.sub(s, i, i)
    if c == "]" then return out, i + 1 end
    if c ~= "," then bad(s, i, "',' or ']' expected") end
    i = skip(s, i + 1)
  end
end

local function object(s, i, depth)
  local out = {}
  i = skip(s, i + 1)
  if string.sub(s, i, i) == "}" then return out, i + 1 end
  while true do
    if string.sub(s, i, i) ~= '"' then bad(s, i, "a key expected") end
    local k
    k, i = str(s, i)
    i = skip(s, i)
    if string.sub(s, i, i) ~= ":" then bad(s, i, "':' expected") end
    out[k], i = value(s, skip(s, i + 1), depth + 1)
    i = skip(s, i)
    local c = string.sub(s, i, i)
    if c == "}" then return out, i + 1 end
    if c ~= "," then bad(s, i, "',' or '}' expected") end
    i = skip(s, i + 1)
  end
end

local WORDS = { ["true"] = true, ["false"] = false }

value = function(s, i, depth)
  if depth > MAX_DEPTH then bad(s, i, "nested too deeply") end
  local c = string.sub(s, i, i)
  if c == "{" then return object(s, i, depth) end
  if c == "[" then return list(s, i, depth) end
  if c == '"' then return str(s, i) end
  if c == "-" or string.find(c, "^%d") then return number(s, i) end
  for w, v in pairs(WORDS) do
    if string.sub(s, i, i + #w - 1) == w then return v, i + #w end
  end
  if string.sub(s, i, i + 3) == "null" then return nil, i + 4 end
  bad(s, i, "a value expected")
end

-- The value of JSON text 's' (null becomes nil, numbers integers where
-- they are), or nil and a message with the byte offset of the mistake.
function json.decode(s)
  local ok, v, i = pcall(value, s, skip(s, 1), 1)
  if not ok then
    if type(v) == "table" and v.json then return nil, v.json end
    error(v, 0)
  end
  i = skip(s, i)
  if i <= #s then return nil, ("text after the value at byte %d"):format(i) end
  return v
end

-- }==================================================

return json
