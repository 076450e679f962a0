-- talon.host.record: the human-readable record of a game, and its replay.
--
-- Format (docs/framework.md §7): one item per line, '#' starts a comment.
--   talon-record 1
--   game <name>                the name it was loaded by (params.game)
--   file <path>                when loaded from a path (then no game line)
--   option <name> <value>      one per option that differs from the default
--   seed <integer or string>
--   scores <n> <n> ...         starting scores per side (params.scores)
--   deal <field> <value>       explicit first deal; 'deal hand <seat> <cards>'
--   act <seat> <action text>   every action, in order
--   result <text>
-- The record stores actions as text only when written; the running game
-- keeps the action values themselves.
local actions = require "talon.actions"

local record = {}

local function optval(v)
  return tostring(v)
end

local function deal_lines(out, d)
  local keys = {}
  for k in pairs(d) do
    if k ~= "hands" then keys[#keys + 1] = k end
  end
  table.sort(keys)
  for _, k in ipairs(keys) do out[#out + 1] = ("deal %s %s"):format(k, tostring(d[k])) end
  for s, h in pairs(d.hands or {}) do out[#out + 1] = ("deal hand %d %s"):format(s, h) end
end

-- The record text of running game 'g'.
function record.write(g)
  local out = { "talon-record 1" }
  -- a game loaded from a path has no name to load it by: its file line
  -- replays it, with the display name as a comment
  if g.params.game or not g.file then
    out[#out + 1] = "game " .. (g.params.game or g.def.name:lower())
  end
  if g.file then
    out[#out + 1] = ("file %s%s"):format(g.file, g.params.game and "" or ("  # " .. g.def.name))
  end
  local names = {}
  for name in pairs(g.def.options or {}) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local v = g.opts[name]
    if v ~= g.def.options[name].default then
      out[#out + 1] = ("option %s %s"):format(name, optval(v))
    end
  end
  out[#out + 1] = "seed " .. tostring(g.seed)
  if g.params.hands then out[#out + 1] = "hands " .. g.params.hands end
  if g.params.scores then
    out[#out + 1] = "scores " .. table.concat(g.params.scores, " ", 1, #g.state.sides)
  end
  if g.params.deal then deal_lines(out, g.params.deal) end
  for i = 1, g.nact do
    out[#out + 1] = ("act %d %s"):format(g.act_seat[i], actions.text(g.act[i]))
  end
  if g.res then out[#out + 1] = "result " .. g.res.text end
  return table.concat(out, "\n") .. "\n"
end

local function parse_value(s)
  if s == "true" then return true end
  if s == "false" then return false end
  return math.tointeger(tonumber(s)) or s
end

local handlers = {}
function handlers.game(r, rest) r.game = rest end
function handlers.file(r, rest) r.file = rest end
function handlers.option(r, rest)
  local name, v = rest:match("^(%S+)%s+(.+)$")
  if not name then return "option needs a name and a value" end
  r.options[name] = parse_value(v)
end
function handlers.seed(r, rest) r.seed = parse_value(rest) end
function handlers.hands(r, rest) r.hands = math.tointeger(tonumber(rest)) end
function handlers.scores(r, rest)
  local list = {}
  for word in rest:gmatch("%S+") do
    local v = math.tointeger(tonumber(word))
    if not v then return ("scores must be integers, got '%s'"):format(word) end
    list[#list + 1] = v
  end
  if #list == 0 then return "scores needs one integer per side" end
  r.scores = list
end
function handlers.deal(r, rest)
  r.deal = r.deal or {}
  local seat, cards = rest:match("^hand%s+(%d+)%s+(.*)$")
  if seat then
    r.deal.hands = r.deal.hands or {}
    r.deal.hands[tonumber(seat)] = cards
    return
  end
  local k, v = rest:match("^(%S+)%s+(.+)$")
  if not k then return "deal needs a field and a value" end
  r.deal[k] = parse_value(v)
end
function handlers.act(r, rest, line)
  local seat, text = rest:match("^(%d+)%s+(.+)$")
  if not seat then return "act needs a seat and an action" end
  r.actions[#r.actions + 1] = { tonumber(seat), text, line = line }
end
function handlers.result(r, rest) r.result = rest end

-- Parses record text into a table; raises naming the line at fault. Each
-- action is {seat, text, line = its line number}.
function record.read(text)
  local r = { options = {}, actions = {} }
  local n = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = line:gsub("#.*$", ""):gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" then
      local key, rest = line:match("^(%S+)%s*(.*)$")
      if key == "talon-record" then
        r.version = tonumber(rest)
      else
        local h = handlers[key]
        if not h then error(("record line %d: unknown item '%s'"):format(n, key), 2) end
        local err = h(r, rest, n)
        if err then error(("record line %d: %s"):format(n, err), 2) end
      end
    end
  end
  if not r.game and not r.file then error("record: no 'game' line", 2) end
  return r
end

-- The params of game.new that rebuild the game of record 'r' (read).
function record.params(r)
  return { options = r.options, seed = r.seed, deal = r.deal, hands = r.hands,
           scores = r.scores, file = r.file, game = r.game }
end

-- Replays a record: loads the game, applies every action and checks the
-- result line. Returns the running game; raises on an illegal action or a
-- different result.
function record.replay(text, load)
  local r = type(text) == "table" and text or record.read(text)
  load = load or require("talon.host.loader").load
  local def, file = load(r.file or r.game)
  if not def then error(file, 0) end
  local g = require("talon.game").new(def, record.params(r))
  for i, a in ipairs(r.actions) do
    if g:mover() ~= a[1] then
      error(("record line %d (action %d): seat %d acts but seat %s is to move")
        :format(a.line or 0, i, a[1], tostring(g:mover())), 0)
    end
    local ok, v = g:try(a[2])
    if not ok then
      error(("record line %d (action %d, %s): %s"):format(a.line or 0, i, a[2], tostring(v)), 0)
    end
  end
  if r.result and (not g.res or g.res.text ~= r.result) then
    error(("replay ended with '%s', the record says '%s'")
      :format(g.res and g.res.text or "no result", r.result), 0)
  end
  return g
end

return record
