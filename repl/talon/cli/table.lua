-- talon.cli.table: draws one seat's view of a game at the terminal.
--
-- Only the view (docs/framework.md §6) and public facts (the sides) are
-- used, so nothing hidden can be printed by mistake. Cards print in the
-- current talon.style: colour, plain Unicode or ASCII.
local term = require "talon.cli.term"
local score = require "talon.score"

local tbl = {}

local GLYPH = { S = "♠", H = "♥", D = "♦", C = "♣" }

-- Between the players' figures: a middle dot, or in ASCII a slash (the
-- dot's ASCII spelling, a dash, would read as a minus: "P1 -5 - P2 5").
local function between()
  return require("talon").style() == "ascii" and " / " or " · "
end

-- The view fields the framework defines; anything else is the game's own
-- (Hokm's hakem) and is shown on a line of its own.
local KNOWN = { seat = true, n = true, phase = true, mover = true, hand = true,
  sizes = true, stock = true, trick = true, tricks_won = true, pot = true, chips = true,
  trump = true, dealer = true, leader = true, scores = true, events = true, known = true,
  legal = true, names = true, hand_no = true, roles = true, passing = true, exposed = true,
  score_name = true }

function tbl.suit_name(s)
  local style = require("talon").style()
  if not s then return "none" end
  if style == "ascii" or not GLYPH[s] then return s end
  if style == "color" and (s == "H" or s == "D") then return "\27[31m" .. GLYPH[s] .. "\27[39m" end
  return GLYPH[s]
end

local function seat_label(v, s)
  local name = v.names and v.names[s] or ("P" .. s)
  if s == v.seat then name = name .. " (you)" end
  return name
end
tbl.seat_label = seat_label

-- The hand grouped by suit, highest first: "A♠ K♠ 7♠   10♥ 3♥"; copies of
-- a card counted as legal lists them: "Q♠×3".
function tbl.hand_line(hand)
  local groups, order = {}, {}
  for c, n in hand:each() do
    local s = c.suit or "*"
    if not groups[s] then groups[s] = {}; order[#order + 1] = s end
    groups[s][#groups[s] + 1] = c:name() .. (n > 1 and ("×%d"):format(n) or "")
  end
  local parts = {}
  for i, s in ipairs(order) do parts[i] = table.concat(groups[s], " ") end
  return #parts > 0 and table.concat(parts, "   ") or "(no cards)"
end

-- "P1+P3 2  –  P2+P4 5" (partners in order, however they were seated),
-- or "P1 2 · P2 5 · P3 -1" when every seat is its own side; 'values'
-- (default the scores) per side.
function tbl.scores_line(v, sides, values)
  sides = sides or v.sides
  values = values or v.scores or {}
  if not (sides and sides[1] and #sides[1] > 1) then
    if not (sides and #sides == #values) then return score.text(values) end
    local parts = {}
    for i, sc in ipairs(values) do
      local s = sides[i][1]
      parts[i] = ("%s %s"):format(v.names and v.names[s] or ("P" .. s), tostring(sc))
    end
    return table.concat(parts, between())
  end
  local parts = {}
  for i, sc in ipairs(values) do
    local members = sides and sides[i]
    if members and #members > 1 then
      local who = {}
      for k, s in ipairs(members) do who[k] = v.names and v.names[s] or ("P" .. s) end
      table.sort(who) -- P1+P3, however the players were seated
      parts[i] = ("%s %d"):format(table.concat(who, "+"), sc)
    else
      parts[i] = tostring(sc)
    end
  end
  return table.concat(parts, "  –  ")
end

-- The seats with a role in this hand (v.roles: role -> seat), by name:
-- "declarer P1 (you), vorhand P2"; nil when the game names none. The
-- framework's own roles (dealer, leader) have their place elsewhere.
local function roles_line(v)
  local names = {}
  for role, s in pairs(v.roles or {}) do
    if math.type(s) == "integer" and not KNOWN[role] then names[#names + 1] = role end
  end
  table.sort(names)
  for i, role in ipairs(names) do names[i] = role .. " " .. seat_label(v, v.roles[role]) end
  return #names > 0 and table.concat(names, ", ") or nil
end

-- The words for the game's view field 'k': its tools.labels entry (read
-- raw, a text only, cut short), else the name with spaces for underscores.
local function label_of(labels, k)
  local l = type(labels) == "table" and rawget(labels, k)
  if type(l) == "string" and l ~= "" then -- cut short, never inside a UTF-8 character
    if #l <= 60 then return l end
    local cut = 61 -- the first byte left out: move it back to a character's start
    while cut > 1 and string.byte(l, cut) >= 0x80 and string.byte(l, cut) < 0xC0 do
      cut = cut - 1
    end
    return string.sub(l, 1, cut - 1)
  end
  return (k:gsub("_", " "))
end

-- The game's own scalar view fields under their labels ('labels', the
-- game's tools.labels); a field that is true shows its label alone, one
-- that is false nothing. A field that is also a role is shown by
-- roles_line with the seat's name instead of its number.
local function extras_line(v, labels)
  local keys = {}
  local roles = v.roles or {}
  for k, x in pairs(v) do
    local t = type(x)
    if type(k) == "string" and not KNOWN[k] and roles[k] == nil and x ~= false
        and (t == "number" or t == "string" or t == "boolean") then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys)
  for i, k in ipairs(keys) do
    local x, words = v[k], label_of(labels, k)
    keys[i] = x == true and words or ("%s %s"):format(words, tostring(x))
  end
  return #keys > 0 and table.concat(keys, ", ") or nil
end

-- The hand's pass as this seat knows it (v.passing, talon.passing):
-- what it sets aside or passed, and what it received; nil without one.
local function passing_line(v)
  local p = v.passing
  if not (p and p.to) then return nil end
  local mine = p.passed and #p.passed > 0 and tbl.hand_line(p.passed) or "-"
  if not p.done then
    return ("pass %s to %s: %s (%d of %d chosen)"):format(p.direction, seat_label(v, p.to), mine,
      p.passed and #p.passed or 0, p.count)
  end
  return ("passed %s to %s: %s; received from %s: %s"):format(p.direction, seat_label(v, p.to),
    mine, seat_label(v, p.from), p.received and tbl.hand_line(p.received) or "-")
end

local WIDTH = 80 -- a line of the table fits a terminal of 80 columns

local function plural(n, word)
  return ("%d %s%s"):format(n, word, n == 1 and "" or "s")
end

-- The seats, as many per line as fit in WIDTH columns.
local function seats_line(v)
  local seats, out = {}, {}
  for _, s in ipairs(v.out or {}) do out[s] = true end
  for s = 1, v.n do
    local mark = s == v.mover and "▶ " or ""
    if out[s] then
      seats[s] = ("%s: sits out"):format(seat_label(v, s))
    else
      seats[s] = ("%s%s: %s, %s"):format(mark, seat_label(v, s), plural(v.sizes[s] or 0, "card"),
        plural(v.tricks_won[s] or 0, "trick"))
    end
  end
  local lines, line = {}, nil
  for _, text in ipairs(seats) do
    if line and utf8.len(line) + 3 + utf8.len(text) > WIDTH then
      lines[#lines + 1] = line
      line = nil
    end
    line = line and (line .. " | " .. text) or text
  end
  lines[#lines + 1] = line
  return table.concat(lines, "\n")
end

-- The tricks of each partnership: "tricks P1+P3 3  –  P2+P4 2"; nil when
-- every seat plays for itself (the seats line says it all).
local function side_tricks_line(v, sides)
  if not (sides and sides[1] and #sides[1] > 1) then return nil end
  local per = {}
  for i, side in ipairs(sides) do
    per[i] = 0
    for _, s in ipairs(side) do per[i] = per[i] + (v.tricks_won[s] or 0) end
  end
  return "tricks " .. tbl.scores_line(v, sides, per)
end

-- The card points each seat has taken in tricks, when the game shows them
-- (v.trick_points: Hosgin's declarer counts toward the bid).
local function trick_points_line(v)
  local tp = v.trick_points
  if type(tp) ~= "table" or rawlen(tp) ~= v.n then return nil end
  for s = 1, v.n do -- the game's values: numbers only, read raw
    if not math.type(rawget(tp, s)) then return nil end
  end
  local parts = {}
  for s = 1, v.n do
    parts[s] = ("%s %s"):format(v.names and v.names[s] or ("P" .. s), tostring(tp[s]))
  end
  return "card points in tricks: " .. table.concat(parts, between())
end

-- The cards each seat has face up in front of him (v.exposed: seat ->
-- Hand, e.g. Besigue's declared melds, which stay part of the hand):
-- "on the table: P1 (you) K♠ Q♠ | P2 -"; nil when nobody has any.
local function exposed_line(v)
  local ex = v.exposed
  if type(ex) ~= "table" then return nil end
  local parts, any = {}, false
  for s = 1, v.n do
    local h = ex[s]
    local shown = h and #h > 0 and tbl.hand_line(h) or "-"
    any = any or shown ~= "-"
    parts[s] = ("%s %s"):format(seat_label(v, s), shown)
  end
  return any and ("on the table: " .. table.concat(parts, " | ")) or nil
end

-- A play of the trick: a card, a set (a Hand, tricks.set_phase) or false
-- (face down).
local function play_text(c)
  if not c then return "(face down)" end
  if c.name then return c:name() end
  local names = {}
  for card, n in c:each() do
    for _ = 1, n do names[#names + 1] = card:name() end
  end
  return table.concat(names, " ")
end

local function trick_line(v)
  local plays = {}
  for i, c in ipairs(v.trick.cards) do
    plays[i] = ("%s %s"):format(seat_label(v, v.trick.seats[i]), play_text(c))
  end
  return table.concat(plays, ", ")
end

-- The game's tools.labels of definition 'def' (read raw: game data), or nil.
function tbl.labels(def)
  local tools = type(def) == "table" and rawget(def, "tools")
  local labels = type(tools) == "table" and rawget(tools, "labels")
  return type(labels) == "table" and labels or nil
end

-- The table as text, from view 'v' (its public sides name the
-- partnerships on the score line; 'sides' may override them); 'labels'
-- (the game's tools.labels) names its own view fields.
function tbl.render(v, title, sides, labels)
  sides = sides or v.sides
  local out = {}
  local function add(fmt, ...) out[#out + 1] = fmt:format(...) end
  add("── %s ── hand %d, phase %s", title or "talon", v.hand_no or 1, v.phase or "over")
  -- the game's own words and numbers, taken only as plain values
  local label = type(v.score_name) == "string" and v.score_name:sub(1, 40) or "scores"
  add("trump %s   %s %s   dealer %s%s", tbl.suit_name(v.trump), label,
    tbl.scores_line(v, sides), v.dealer and seat_label(v, v.dealer) or "-",
    math.type(v.pot) and ("   pot %s"):format(tostring(v.pot)) or "")
  local roles, extra = roles_line(v), extras_line(v, labels)
  if roles then add("%s", roles) end
  if extra then add("%s", extra) end
  add("%s", seats_line(v))
  local exposed = exposed_line(v)
  if exposed then add("%s", exposed) end
  local side_tricks, points = side_tricks_line(v, sides), trick_points_line(v)
  if side_tricks then add("%s", side_tricks) end
  if points then add("%s", points) end
  if v.stock and v.stock > 0 then add("stock: %s", plural(v.stock, "card")) end
  if v.known and #v.known > 0 then add("you see: %s", tbl.hand_line(v.known)) end
  local pass = passing_line(v)
  if pass then add("%s", pass) end
  if #v.trick.cards > 0 then add("trick: %s", trick_line(v)) end
  add("%s", term.bold("your hand: " .. tbl.hand_line(v.hand)))
  if v.mover then
    add("to move: %s", v.mover == v.seat and "you" or seat_label(v, v.mover))
  end
  return table.concat(out, "\n")
end

return tbl
