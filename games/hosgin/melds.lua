-- Hosgin's melds (RULES.md §1.6, HOS-R18 … HOS-R22) as data for
-- talon.melds, and a readable report of a hand's melds.
--
-- The meld table is the meld colleague's test data
-- (tests/lua/meld/hosgin_melds.lua), taken into the game. Subsumption
-- (HOS-R18) is expressed with `includes`: the complete series' 240 already
-- holds its four bellas and the single Q and K series, the double complete
-- series' 2400 the double ones, a trump series' 150 its trump bella. "A
-- double series replaces the single one" is the point list by level;
-- HOS-R21's option `multi_series` decides how long the lists are. The
-- compiled tables are cached per deck, so scoring a hand is one C call.
local talon = require "talon"
local glyph = require("talon.cards").glyph
local cached = require("talon.cards").cached

local melds = {}

melds.deck_spec = { ranks = "A T K Q J", points = "11 10 4 3 2", copies = 4 }


local function series(name, rank, single, multi_series)
  local points = { single, 10 * single }
  if multi_series == "scaled" then
    points = { single, 10 * single, 15 * single, 20 * single }
  end
  return { name = name, ranks = rank, suit = "all", points = points }
end

-- The meld list for talon.melds; multi_series is "double" (default) or
-- "scaled" (HOS-R21).
function melds.table(multi_series)
  multi_series = multi_series or "double"
  if multi_series ~= "double" and multi_series ~= "scaled" then
    error(("multi_series must be \"double\" or \"scaled\", got %s"):format(tostring(multi_series)),
      2)
  end
  return {
    { name = "bella", ranks = "Q K", suit = "each", points = 20, trump_points = 40 },
    { name = "trump series", ranks = "J Q K T A", suit = "trump", points = 150,
      includes = { "bella" } },
    { name = "complete series", ranks = "Q K", suit = "all", points = { 240, 2400 },
      includes = { "bella", "queen series", "king series" } },
    series("jack series", "J", 40, multi_series),
    series("queen series", "Q", 60, multi_series),
    series("king series", "K", 80, multi_series),
    series("ace series", "A", 100, multi_series),
    -- J♦/Q♠: a triple scores and locks as the double; four pairs are HOSGIN
    -- (§1.7), worth no meld points (HOS-R24) but locking all eight cards.
    { name = "pinik", cards = "JD QS", points = { 40, 300, 300, 0 }, uses = { 1, 2, 2, 4 } },
  }
end

local own_deck
-- The Hosgin deck used for cards given as text.
function melds.deck()
  own_deck = own_deck or talon.deck(melds.deck_spec)
  return own_deck
end

local function compile(deck, multi_series)
  return talon.melds(deck, melds.table(multi_series))
end

-- The compiled talon.Melds of 'deck' for 'multi_series' (cached).
function melds.compiled(deck, multi_series)
  return cached(deck, compile, multi_series or "double")
end

-- True when 'hand' holds four J♦ and four Q♠ (HOS-R23).
function melds.is_hosgin(hand)
  local deck = hand:deck()
  return hand:count(deck:card("JD")) >= 4 and hand:count(deck:card("QS")) >= 4
end

-- ===== the report: total and breakdown, meld by meld

local LEVEL = { "", "double ", "triple ", "quadruple " }

local function suit_text(s)
  return glyph(melds.deck(), s)
end

-- The display name of one breakdown item ("bella ♥ (trump)", "double ace
-- series", "J♦/Q♠ ×4 = HOSGIN").
local function item_name(it, trump)
  if it.name == "pinik" then
    local jq = ("J%s/Q%s"):format(suit_text("D"), suit_text("S"))
    if it.level == 4 then return jq .. " x4 = HOSGIN (HOS-R23)" end
    if it.count == 3 then return "triple " .. jq .. " (as double)" end
    return (LEVEL[it.level] or "") .. jq
  end
  if it.suit then
    local name = it.name .. " " .. suit_text(it.suit)
    if it.count > 1 then name = name .. " x" .. it.count end
    if it.suit == trump and it.name == "bella" then name = name .. " (trump)" end
    return name
  end
  local name = (LEVEL[it.level] or "") .. it.name
  if it.count > it.uses then name = name .. (" (%d of every suit)"):format(it.count) end
  return name
end

local Report = {}
Report.__index = Report

-- Pads by characters, not bytes (suit glyphs are three bytes).
local function pad(text, width)
  local n = utf8.len(text) or #text
  return text .. (" "):rep(math.max(1, width - n))
end

-- Items that stand on their own first, then those another meld already
-- contains (HOS-R18): the order in which the seed's shortcuts add up.
local function ordered(items)
  local out = {}
  for _, it in ipairs(items) do if it.included == 0 then out[#out + 1] = it end end
  for _, it in ipairs(items) do if it.included > 0 then out[#out + 1] = it end end
  return out
end

local function inside_text(it)
  if it.net == 0 then return "already counted above: +0" end
  if it.included == 2 * it.points then return ("counted twice above: %d"):format(it.net) end
  return ("%d counted above: %+d"):format(it.included, it.net)
end

-- One line per meld: its points, and for a meld inside another (a bella in
-- the complete series) what it still adds; then the total.
function Report.__tostring(r)
  local lines = {}
  local trump = r.trump and suit_text(r.trump) or "none"
  lines[1] = ("melds of %d cards, trump %s: %d"):format(r.size, trump, r.total)
  for _, it in ipairs(ordered(r.items)) do
    local line = "  " .. pad(item_name(it, r.trump), 32) .. ("%5d"):format(it.points)
    if it.included > 0 then line = line .. "  " .. inside_text(it) end
    lines[#lines + 1] = line
  end
  if #r.items == 0 then lines[#lines + 1] = "  (no melds)" end
  lines[#lines + 1] = "  " .. pad("total", 32) .. ("%5d"):format(r.total)
  return table.concat(lines, "\n")
end

-- A one-line breakdown for the event log: "complete series 240 + trump
-- series ♥ 150 + bella ♥ (trump) -40 = 350 (inside: bella ♠, …)".
function Report.line(r)
  local parts, inside = {}, {}
  for _, it in ipairs(ordered(r.items)) do
    local name = item_name(it, r.trump)
    if it.included == 0 then parts[#parts + 1] = name .. " " .. it.points
    elseif it.net ~= 0 then
      parts[#parts + 1] = ("%s %d - %d already counted"):format(name, it.points, it.included)
    else inside[#inside + 1] = name end
  end
  if #parts == 0 then return "no melds = 0" end
  local text = table.concat(parts, " + ") .. " = " .. r.total
  if #inside > 0 then text = text .. " (already inside: " .. table.concat(inside, ", ") .. ")" end
  return text
end

-- 'cards' as a Hand: text or a list on the Hosgin deck, a Card, or a Hand
-- as it is.
local function as_hand(cards)
  local kind = type(cards)
  if kind == "table" and type(cards[1]) == "userdata" then -- a list of Cards
    local ok, deck = pcall(function() return cards[1].deck end)
    if ok and deck then return deck:hand(cards) end
  end
  if kind == "string" or kind == "table" then return melds.deck():hand(cards) end
  if kind == "userdata" then
    local ok, deck = pcall(function() return cards:deck() end) -- a Hand
    if ok and deck then return cards end
    ok, deck = pcall(function() return cards.deck end)       -- a Card
    if ok and deck then return deck:hand(cards) end
  end
  error(("bad argument #1 to 'melds' (cards as text, a list or a Hand expected, got %s)")
    :format(kind), 3)
end

melds.hand = as_hand

-- The melds of 'cards' (text, a list or a Hand of any size) with 'trump'
-- (a suit, or nil): a report with `total`, `items` (talon.melds breakdown
-- items), `hosgin`, `locked` (cards laid out, HOS-R15) and a printable
-- table. 'multi_series' is the HOS-R21 option.
function melds.report(cards, trump, multi_series)
  local hand = as_hand(cards)
  local m = melds.compiled(hand:deck(), multi_series)
  local total, items = m:breakdown(hand, trump)
  if type(trump) ~= "string" then trump = trump and trump.suit or nil end
  return setmetatable({
    total = total, items = items, trump = trump, size = #hand,
    hosgin = melds.is_hosgin(hand), locked = m:locked(hand, trump),
  }, Report)
end

return melds
