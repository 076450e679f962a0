-- talon.table: draws one seat's view of a game at the terminal.
--
-- Only the view is used (docs/framework.md §6), so nothing hidden can be
-- printed by mistake.
local term = require "talon.term"

local tbl = {}

local GLYPH = { S = "♠", H = "♥", D = "♦", C = "♣" }

local function suit_name(s)
  local style = require("talon").style()
  if not s then return "none" end
  if style == "ascii" or not GLYPH[s] then return s end
  if style == "color" and (s == "H" or s == "D") then return "\27[31m" .. GLYPH[s] .. "\27[0m" end
  return GLYPH[s]
end
tbl.suit_name = suit_name

local function seat_label(v, s)
  local name = v.names and v.names[s] or ("P" .. s)
  if s == v.seat then name = name .. " (you)" end
  return name
end

-- The hand grouped by suit: "♠ A K 7   ♥ 10 3".
local function hand_line(hand)
  local groups, order = {}, {}
  for c, n in hand:each() do
    local s = c.suit or "*"
    if not groups[s] then groups[s] = {}; order[#order + 1] = s end
    local name = c:name()
    for _ = 1, n do groups[s][#groups[s] + 1] = name end
  end
  local parts = {}
  for i, s in ipairs(order) do parts[i] = table.concat(groups[s], " ") end
  return #parts > 0 and table.concat(parts, "   ") or "(no cards)"
end
tbl.hand_line = hand_line

-- Lines describing the table from view 'v'.
function tbl.render(v, title)
  local out = {}
  local function add(fmt, ...) out[#out + 1] = fmt:format(...) end
  add("── %s ── hand %d, phase %s", title or "talon", v.hand_no or 1, v.phase or "over")
  local scores = {}
  for i, sc in ipairs(v.scores or {}) do scores[i] = tostring(sc) end
  add("trump %s   scores %s   dealer %s", suit_name(v.trump), table.concat(scores, "-"),
    v.dealer and seat_label(v, v.dealer) or "-")
  local seats = {}
  for s = 1, v.n do
    seats[s] = ("%s: %d cards, %d tricks"):format(seat_label(v, s), v.sizes[s] or 0,
      v.tricks_won[s] or 0)
  end
  add("%s", table.concat(seats, " | "))
  if v.stock and v.stock > 0 then add("stock: %d cards", v.stock) end
  if #v.trick.cards > 0 then
    local plays = {}
    for i, c in ipairs(v.trick.cards) do
      plays[i] = ("%s %s"):format(seat_label(v, v.trick.seats[i]),
        c and c:name() or "(face down)")
    end
    add("trick: %s", table.concat(plays, ", "))
  end
  add("%s", term.bold("your hand: " .. hand_line(v.hand)))
  return table.concat(out, "\n")
end

return tbl
