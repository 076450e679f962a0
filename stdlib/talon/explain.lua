-- talon.explain: rule violations as error objects, and event sentences.
--
-- A violation is what `g:play` raises for an illegal action: a table the
-- front end can both print (tostring) and explain (rule, because, satisfy).
-- Event sentences are built only when read: an event keeps its format and
-- arguments, so a simulation that never reads them pays for no strings.
local explain = {}

-- The real metatable, which __metatable hides from game code.
local rawgetmetatable = debug.getmetatable

local Violation = {}
-- Shared by every game: none may reach or change it (no __index back to
-- it, and getmetatable shows false).
Violation.__metatable = false
explain.Violation = Violation

-- Only string fields are shown, read raw: a game may fill a violation's
-- fields with anything, and the host prints violations outside any budget.
local function field(v, k)
  local x = rawget(v, k)
  if type(x) == "string" then return x end
  return nil
end

function Violation.__tostring(v)
  local rule, because, satisfy = field(v, "rule"), field(v, "because"), field(v, "satisfy")
  local s = (rule and (rule .. ": ") or "") .. (because or "illegal action")
  if satisfy then s = s .. " (" .. satisfy .. ")" end
  return s
end

-- A rule violation: 'rule' is a rule id ("HOK-R3"), 'because' the evidence
-- ("must follow ♠: you hold 9♠"), 'satisfy' what would be legal.
function explain.violation(rule, because, satisfy)
  return setmetatable({ rule = rule, because = because, satisfy = satisfy }, Violation)
end

-- Compared raw: a game's table may carry a metatable whose own
-- metatable's __eq says it equals anything, and runs when compared.
function explain.is_violation(x)
  return rawequal(rawgetmetatable(x), Violation)
end

local function fmt_arg(a)
  if type(a) == "userdata" or type(a) == "table" then return tostring(a) end
  return a
end

-- The sentence of an event, built on first use and cached.
function explain.sentence(ev)
  local t = ev.text
  if t then return t end
  if not ev.fmt then return ev.kind end
  local args = {}
  for i = 1, ev.nargs or 0 do args[i] = fmt_arg(ev.args[i]) end
  t = ev.fmt:format(table.unpack(args, 1, ev.nargs or 0))
  ev.text = t
  return t
end

-- Builds an event record; 'to' is nil for a public event or the one seat
-- that may see it.
function explain.event(kind, data, to, fmt, ...)
  return { kind = kind, data = data, to = to, fmt = fmt,
           args = { ... }, nargs = select("#", ...) }
end

-- A list of cards as "A♠ 9♠" in the current print style.
function explain.cards(cards)
  local parts = {}
  local list = type(cards) == "table" and cards or cards:cards()
  for i, c in ipairs(list) do parts[i] = tostring(c) end
  return table.concat(parts, " ")
end

return explain
