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
--   position <table>           the position the game started from, on one
--                              line (talon.host.position)
--   act <seat> <action text>   every action, in order
--   result <text>
-- The record stores actions as text only when written; the running game
-- keeps the action values themselves.
local actions = require "talon.actions"

local record = {}

-- {================================================== a value in a line

-- A value written into a record line (a path, a seed, an option's value,
-- an action, the result, a position) keeps the line one item of plain
-- text: a backslash, '#' (which starts a comment), a control character,
-- a C1 control, a byte that is not UTF-8, and a blank at either end are
-- written as a backslash and the byte's three decimal digits ("\035").
-- Reading undoes it; a record without such bytes reads as it is written.
local function byte_code(c) return ("\\%03d"):format(c:byte()) end

local function not_utf8(s)
  local out, i = {}, 1
  while true do
    local ok, bad = utf8.len(s, i)
    if ok then break end
    out[#out + 1] = s:sub(i, bad - 1) .. byte_code(s:sub(bad, bad))
    i = bad + 1
  end
  out[#out + 1] = s:sub(i)
  return table.concat(out)
end

function record.escape(s)
  s = s:gsub("[\\#%c]", byte_code):gsub("\194[\128-\159]", function(c)
    return byte_code(c:sub(1, 1)) .. byte_code(c:sub(2))
  end)
  s = not_utf8(s)
  return (s:gsub("^ ", "\\032"):gsub(" $", "\\032"))
end

-- The value 'text' of a line, its escapes undone; nil and why when one is
-- not a byte.
function record.unescape(text)
  if not text:find("\\", 1, true) then return text end
  local bad
  local out = text:gsub("\\(%d%d%d)", function(d)
    local v = tonumber(d)
    if v <= 255 then return string.char(v) end
    bad = bad or d
  end)
  if bad then return nil, ("\\%s is not a byte (\\000 to \\255)"):format(bad) end
  return out
end
local escape, unescape = record.escape, record.unescape

-- }==================================================

-- A value as a record writes it; a number reads back as the same number
-- (tostring rounds a float to 14 digits).
local function optval(v)
  local s = tostring(v)
  if math.type(v) == "float" and tonumber(s) ~= v then s = ("%.17g"):format(v) end
  return escape(s)
end

local function deal_lines(out, d)
  local keys = {}
  for k in pairs(d) do
    if k ~= "hands" then keys[#keys + 1] = k end
  end
  table.sort(keys)
  for _, k in ipairs(keys) do out[#out + 1] = ("deal %s %s"):format(k, optval(d[k])) end
  for s, h in pairs(d.hands or {}) do out[#out + 1] = ("deal hand %d %s"):format(s, escape(h)) end
end

-- The record text of running game 'g'.
function record.write(g)
  local out = { "talon-record 1" }
  -- a game loaded from a path has no name to load it by: its file line
  -- replays it, with the display name as a comment
  if g.params.game or not g.file then
    out[#out + 1] = "game " .. escape(g.params.game or g.def.name:lower())
  end
  if g.file then
    out[#out + 1] = ("file %s%s"):format(escape(g.file),
      g.params.game and "" or ("  # " .. escape(g.def.name)))
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
  out[#out + 1] = "seed " .. escape(tostring(g.seed))
  if g.params.hands then out[#out + 1] = "hands " .. g.params.hands end
  if g.params.scores then
    -- (one per side: game.new checked that; st.sides is the game's)
    out[#out + 1] = "scores " .. table.concat(g.params.scores, " ")
  end
  if g.params.deal then deal_lines(out, g.params.deal) end
  if g.params.position then
    out[#out + 1] = "position " .. escape(require("talon.host.position").line(g.params.position))
  end
  for i = 1, g.nact do
    out[#out + 1] = ("act %d %s"):format(g.act_seat[i], escape(actions.text(g.act[i])))
  end
  if g.res then out[#out + 1] = "result " .. escape(g.res.text) end
  return table.concat(out, "\n") .. "\n"
end

local function parse_value(s)
  if s == "true" then return true end
  if s == "false" then return false end
  return math.tointeger(tonumber(s)) or s
end

-- Record text quoted in a message: at most 40 characters, so a hostile
-- line of megabytes does not flood the terminal.
local function clip(s)
  s = tostring(s)
  if #s > 40 then s = s:sub(1, 40) .. "…" end
  return s
end
record.clip = clip
local function shown(s) return "'" .. clip(s) .. "'" end

local MAX_SEAT = 64 -- no table seats more; a larger seat is a typo or an attack

-- The seat number 'word' or nil: digits only, 1..MAX_SEAT.
local function seat_of(word)
  local n = word and word:match("^%d%d?%d?$") and tonumber(word)
  if n and n >= 1 and n <= MAX_SEAT then return n end
  return nil
end

-- Items that may appear once; a second one is an error, not an override.
local ONCE = { game = true, file = true, seed = true, hands = true, scores = true,
               result = true, position = true }

local handlers = {}
-- Whether the loader takes 'key' as a path rather than a game name.
local function is_path(key)
  return key:find("/", 1, true) ~= nil or key:match("%.lua$") ~= nil
end

-- Nil, or why 'path' is not a game file a record may name: only *.lua
-- files, so a device (/dev/stdin), a directory or a system file
-- (/etc/passwd) is never read or run as a game.
local function bad_path(what, path)
  if path:match("%.lua$") then return nil end
  return ("'%s' needs %sthe path of a game file (*.lua), got %s")
    :format(what, what == "game" and "a game name or " or "", shown(path))
end

function handlers.game(r, rest)
  -- the name it was loaded by; an embedder may have loaded it by path
  if is_path(rest) then
    local bad = bad_path("game", rest)
    if bad then return bad end
  elseif not rest:match("^[%w_][%w_.%-]*$") or rest:find("..", 1, true) then
    return ("'game' needs a game name such as hokm, got %s"):format(shown(rest))
  end
  r.game = rest
end
function handlers.file(r, rest)
  local path, err = unescape(rest)
  if not path then return err end
  if path:find("%c") then return "'file' needs a path without control characters" end
  local bad = bad_path("file", path)
  if bad then return bad end
  r.file = path
end
function handlers.option(r, rest, n)
  local name, v = rest:match("^([%a_][%w_]*)%s+(.+)$")
  if not name then return "option needs a name and a value" end
  if r.options[name] ~= nil then return ("option '%s' is given twice"):format(name) end
  local text, err = unescape(v)
  if not text then return err end
  r.options[name] = parse_value(text)
  r.texts.options[name] = text
  r.lines.options[name] = n
end
-- Like --seed: an integer, else the text itself (`--seed true` is
-- recorded as 'seed true' and means the text "true").
function handlers.seed(r, rest)
  if rest == "" then return "seed needs an integer or a text" end
  local text, err = unescape(rest)
  if not text then return err end
  r.seed = math.tointeger(tonumber(text)) or text
end
function handlers.hands(r, rest)
  local v = rest:match("^%d+$") and math.tointeger(tonumber(rest))
  if not v or v < 1 then return ("hands needs a positive integer, got %s"):format(shown(rest)) end
  r.hands = v
end
function handlers.scores(r, rest)
  local list = {}
  for word in rest:gmatch("%S+") do
    local v = math.tointeger(tonumber(word))
    if not v then return ("scores must be integers, got %s"):format(shown(word)) end
    list[#list + 1] = v
  end
  if #list == 0 then return "scores needs one integer per side" end
  r.scores = list
end
local function deal_hand(r, rest, n)
  local word, cards = rest:match("^(%S+)%s*(.*)$")
  local seat = seat_of(word)
  if not seat then
    return ("deal hand needs a seat (1 to %d), got %s"):format(MAX_SEAT, shown(word or ""))
  end
  r.deal.hands = r.deal.hands or {}
  if r.deal.hands[seat] then return ("deal hand %d is given twice"):format(seat) end
  local text, err = unescape(cards)
  if not text then return err end
  r.deal.hands[seat] = text
  r.lines.deal_hands[seat] = n
end
function handlers.deal(r, rest, n)
  r.deal = r.deal or {}
  r.lines.deal = r.lines.deal or n
  local k, v = rest:match("^(%S+)%s*(.*)$")
  if k == "hand" then return deal_hand(r, rest:match("^hand%s*(.*)$"), n) end
  if not k or v == "" or not k:match("^[%a_][%w_]*$") then
    return "deal needs a field and a value ('deal hand <seat> <cards>' for a hand)"
  end
  if k == "hands" then
    return "'deal hands' is not a field: a hand is 'deal hand <seat> <cards>'"
  end
  if r.deal[k] ~= nil then return ("deal %s is given twice"):format(k) end
  local text, err = unescape(v)
  if not text then return err end
  r.deal[k] = parse_value(text)
end
function handlers.position(r, rest)
  local text, bad = unescape(rest)
  if not text then return bad end
  local p, err = require("talon.host.position").parse(text, "position")
  if not p then return err end
  r.position = p
end
function handlers.act(r, rest, n)
  local word, text = rest:match("^(%S+)%s+(.+)$")
  local seat = seat_of(word)
  if not seat then
    return ("act needs a seat (1 to %d) and an action, got %s"):format(MAX_SEAT, shown(rest))
  end
  local action, err = unescape(text)
  if not action then return err end
  r.actions[#r.actions + 1] = { seat, action, line = n }
end
function handlers.result(r, rest)
  if rest == "" then return "result needs the result's text" end
  local text, err = unescape(rest)
  if not text then return err end
  r.result = text
end

local MAX_LINE = 65536 -- bytes; talon's longest lines (a dealt hand) are a few hundred

local function is_space(b) return b == 32 or (b >= 9 and b <= 13) end

-- Line 's' without its comment and surrounding blanks; by byte, not by
-- pattern, since a pattern anchored at the end ("%s+$") backtracks over
-- every run of blanks and takes quadratic time.
local function content(s)
  local hash = s:find("#", 1, true)
  local j = (hash or #s + 1) - 1
  local i = 1
  while i <= j and is_space(s:byte(i)) do i = i + 1 end
  while j >= i and is_space(s:byte(j)) do j = j - 1 end
  return s:sub(i, j)
end

-- Nil, or why line 's' is not text.
local function not_text(s)
  if #s > MAX_LINE then
    return ("line of %d bytes (a record line has at most %d)"):format(#s, MAX_LINE)
  end
  local at = s:find("[\0-\8\14-\31\127]")
  if at then return ("not text: byte %d at column %d"):format(s:byte(at), at) end
  local ok, bad = utf8.len(s)
  if not ok then return ("not text: invalid UTF-8 at column %d"):format(bad) end
  return nil
end

local NOT_RECORD = "not a talon record: it must start with 'talon-record 1'"

-- Item 'key' with the rest of line 'n'; returns an error or nil.
local function item(r, key, rest, n)
  if key == "talon-record" then
    if n ~= r.first then return "'talon-record' must be the first line" end
    if rest ~= "1" then return ("record version %s is not known (only 1)"):format(shown(rest)) end
    r.version = 1
    return nil
  end
  if not r.version then return NOT_RECORD end
  local h = handlers[key]
  if not h then return ("unknown item %s"):format(shown(key)) end
  if ONCE[key] then
    local first = r.lines[key]
    if first then return ("'%s' is given twice (first at line %d)"):format(key, first) end
    r.lines[key] = n
  end
  return h(r, rest, n)
end

-- Parses record text into a table; raises "name:line: what is wrong"
-- ('name' defaults to "record"). Each action is {seat, text, line = its
-- line number}; r.lines gives the line of each item, for later messages.
-- Linear in the text's length.
function record.read(text, name)
  name = name or "record"
  local r = { options = {}, actions = {}, lines = { options = {}, deal_hands = {} },
              texts = { options = {} } }
  local function fail(n, msg) error(("%s:%d: %s"):format(name, n, msg), 0) end
  if type(text) ~= "string" then fail(1, "no record text") end
  local n, pos = 0, 1
  while pos <= #text do
    local nl = text:find("\n", pos, true) or #text + 1
    local s = text:sub(pos, nl - 1)
    n, pos = n + 1, nl + 1
    local bad = not_text(s)
    if bad then fail(n, bad) end
    local line = content(s)
    if line ~= "" then
      r.first = r.first or n
      local key, rest = line:match("^(%S+)%s*(.*)$")
      local err = item(r, key, rest, n)
      if err then fail(n, err) end
    end
  end
  if not r.version then fail(math.max(n, 1), NOT_RECORD) end
  if not r.game and not r.file then
    fail(n, "the record names no game (no 'game' or 'file' line)")
  end
  r.first = nil
  return r
end

-- The params of game.new that rebuild the game of record 'r' (read).
function record.params(r)
  return { options = r.options, seed = r.seed, deal = r.deal, hands = r.hands,
           scores = r.scores, file = r.file, game = r.game, position = r.position }
end

-- The definition of the game that record 'r' names, loaded by 'load'
-- (default talon.host.loader.load); raises "name:line: what is wrong". A record
-- may name any file, and a loader message can quote the file's text (a
-- syntax error "near 'secret'"), so for a file that exists only where it
-- broke is told, never what it holds.
-- The game file a record names by a relative path, found from here, else
-- beside the record (a variant played as ./v8.lua and replayed from
-- elsewhere), else under a data root (games/hokm-all-tricks.lua).
local function find_file(file, name)
  local loader = require "talon.host.loader"
  if file:sub(1, 1) == "/" or loader.find(file) then return file end
  local dir = name and name:match("^(.*)/[^/]*$")
  local tries = { dir and (dir .. "/" .. file) }
  for _, root in ipairs(loader.roots()) do tries[#tries + 1] = root .. "/" .. file end
  for _, path in ipairs(tries) do
    if loader.find(path) then return path end
  end
  return file
end

function record.load_game(r, name, load)
  local loader = require "talon.host.loader"
  local key, lines = r.file and find_file(r.file, name) or r.game, r.lines or {}
  local n = (r.file and lines.file or lines.game) or 1
  local def, err = (load or loader.load)(key)
  if def then return def end
  err = tostring(err)
  if is_path(key) and loader.find(key) then
    local at = err:sub(1, #key + 1) == key .. ":" and err:match("^(%d+):", #key + 2)
    error(("%s:%d: %s does not load as a game%s (talon rules %s tells why)")
      :format(name, n, shown(key), at and (", error at its line " .. at) or "", key), 0)
  end
  error(("%s:%d: %s"):format(name, n, err:match("^[^\n]*")), 0)
end

-- A game of 'def' started with 'params' less the keys 'drop', or nil.
local function started(def, params, drop)
  local p = {}
  for k, v in pairs(params) do p[k] = v end
  for _, k in ipairs(drop) do p[k] = nil end
  p.quiet = true
  local ok, g = pcall(require("talon.game").new, def, p)
  return ok and g or nil
end

-- The line and message for a game that does not start: the deal or the
-- scores when it starts without them, else the game's own line.
local function start_fault(def, r, params, err)
  local lines, first = r.lines or { deal_hands = {} }, tostring(err):match("^[^\n]*")
  if r.deal then
    local g = started(def, params, { "deal" })
    if g then
      for seat = g.state.n + 1, MAX_SEAT do
        if lines.deal_hands[seat] then
          return lines.deal_hands[seat], ("seat %d is not at this table (seats 1 to %d)")
            :format(seat, g.state.n)
        end
      end
      -- a card dealt too often: the line of the hand the message names
      local seat = string.match(first, "^explicit deal: %S+ is dealt more often.*%(seat (%d+)%)$")
      local at = seat and lines.deal_hands[tonumber(seat)]
      if at then return at, first end
      -- a card the deck does not know comes back as a C argument error
      return lines.deal, (first:gsub("bad argument #%d+ to '[^']*' %((.*)%)$", "%1"))
    end
  end
  if r.scores and started(def, params, { "deal", "scores" }) then return lines.scores, first end
  return (r.file and lines.file or lines.game), tostring(err)
end

-- Starts the game of record 'r' with definition 'def'; 'extra' adds
-- params (checking, quiet). Raises "name:line: what is wrong", naming the
-- option, the scores or the deal at fault, else the game's line.
function record.start(def, r, name, extra)
  local game = require "talon.game"
  local lines = r.lines or { options = {} }
  -- an option line's text read as the option's own type, as -o is (a
  -- text option whose value looks like a number stays a text); a text of
  -- another type stays as it is, for game.options to refuse naming it
  local texts = r.texts and r.texts.options or {}
  for k, text in pairs(texts) do
    local o = type(def.options) == "table" and def.options[k]
    if type(o) == "table" then
      local v = game.option_from_text(o, text)
      if v == nil then v = text end
      r.options[k] = v
    end
  end
  local names = {}
  for k in pairs(r.options) do names[#names + 1] = k end
  table.sort(names, function(a, b) return (lines.options[a] or 0) < (lines.options[b] or 0) end)
  for _, k in ipairs(names) do
    local ok, err = pcall(game.options, def, { [k] = r.options[k] })
    if not ok then
      local why = tostring(err):gsub("^[^\n]-:%d+: ", "")
      error(("%s:%d: %s"):format(name, lines.options[k] or 1, why), 0)
    end
  end
  local params = record.params(r)
  for k, v in pairs(extra or {}) do params[k] = v end
  local ok, g = pcall(game.new, def, params)
  if ok then return g end
  local n, msg = start_fault(def, r, params, g)
  error(("%s:%d: %s"):format(name, n or 1, msg), 0)
end

-- Replays a record: loads the game, applies every action and checks the
-- result line. Returns the running game; raises "name:line: what is
-- wrong" ('name' defaults to "record") on an illegal action or a
-- different result.
function record.replay(text, load, name)
  name = name or "record"
  local r = type(text) == "table" and text or record.read(text, name)
  local g = record.start(record.load_game(r, name, load), r, name)
  for i, a in ipairs(r.actions) do
    local at = ("%s:%d: action %d"):format(name, a.line or 1, i)
    if g:mover() ~= a[1] then
      error(("%s: seat %d acts but %s"):format(at, a[1],
        g:mover() and ("seat %d is to move"):format(g:mover()) or "the game is over"), 0)
    end
    local ok, v = g:try(a[2])
    if not ok then error(("%s (%s) is illegal: %s"):format(at, clip(a[2]), tostring(v)), 0) end
  end
  if r.result and (not g.res or g.res.text ~= r.result) then
    error(("%s:%d: the record says '%s' but the replay gives '%s'"):format(name,
      r.lines and r.lines.result or 1, clip(r.result), g.res and g.res.text or "no result"), 0)
  end
  return g
end

return record
