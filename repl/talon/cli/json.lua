-- talon.cli.json: a small JSON encoder with sorted keys, so the same data
-- always prints the same text.
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
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c)
      return ESC[c] or ("\\u%04x"):format(c:byte())
    end) .. '"'
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

return json
