-- euchre_trace: reads OpenSpiel Euchre traces (tests/parity/README.md,
-- "OpenSpiel Euchre") into plain tables, and checks that each hand is
-- consistent in itself.
--
-- The checks need no rules of play beyond the format's: the deal is 24
-- distinct cards (five to each player, the up-card, a kitty of three);
-- every action is one of its legal set, a legal set names each action
-- once, and every card in it is held by its player at that moment (the
-- dealer holds the up-card once it is ordered up in the first round, and
-- no longer holds the card he discards or plays). A trace that breaks one
-- is refused with "FILE:LINE: message", so a replayer never compares a
-- game with a garbled trace.
--
-- A card is a string as the trace writes it ("TC", "JH"); the other
-- actions are OpenSpiel's names (Pass, Clubs, Diamonds, Hearts, Spades,
-- Alone, Partner). Seats are OpenSpiel's players plus one.
local trace = {}

local RANKS = "9TJQKA" -- OpenSpiel's order, low to high
local SUITS = "CDHS"
trace.SUIT_NAMES = { C = "Clubs", D = "Diamonds", H = "Hearts", S = "Spades" }
-- OpenSpiel's parameters and their defaults (euchre.cc)
trace.DEFAULTS = { allow_lone_defender = false, stick_the_dealer = true }

local NAMED = { Pass = 1, Clubs = 2, Diamonds = 3, Hearts = 4, Spades = 5, Alone = 6,
                Partner = 7 }

local function is_card(s)
  return #s == 2 and RANKS:find(s:sub(1, 1), 1, true) ~= nil
    and SUITS:find(s:sub(2, 2), 1, true) ~= nil
end
trace.is_card = is_card

local function is_action(s) return NAMED[s] ~= nil or is_card(s) end

-- A sort key: the named actions first, then the cards in OpenSpiel's order
-- (rank major, suits C D H S).
function trace.index(a)
  if NAMED[a] then return NAMED[a] - 10 end
  return (RANKS:find(a:sub(1, 1), 1, true) - 1) * 4 + SUITS:find(a:sub(2, 2), 1, true) - 1
end

-- A copy of a list of actions in a fixed order, as one string.
function trace.set_text(list)
  local copy = { table.unpack(list) }
  table.sort(copy, function(a, b) return trace.index(a) < trace.index(b) end)
  return table.concat(copy, " ")
end

local function words(line)
  local w = {}
  for tok in line:gmatch("%S+") do w[#w + 1] = tok end
  return w
end

-- "euchre" or "euchre(allow_lone_defender=true)" -> name, options.
local function parse_game(text, fail)
  local name, inner = text:match("^([%w_]+)%((.*)%)$")
  if not name then
    name = text:match("^[%w_]+$")
    if not name then fail("bad game string '" .. text .. "'") end
    return name, {}
  end
  local opts = {}
  for item in inner:gmatch("[^,]+") do
    local k, v = item:match("^%s*([%w_]+)=(%S+)%s*$")
    if not k or (v ~= "true" and v ~= "false") then fail("bad parameter '" .. item .. "'") end
    opts[k] = v == "true"
  end
  return name, opts
end

local function cards_of(w, first, n, fail, what)
  if #w ~= first + n - 1 then fail(("%s needs %d cards"):format(what, n)) end
  local list = {}
  for i = first, #w do
    if not is_card(w[i]) then fail(("'%s' is not a card"):format(w[i])) end
    list[#list + 1] = w[i]
  end
  return list
end

-- ===== consistency of one hand

local function check_deal(h, fail)
  local holder = {}
  local function give(c, who, line)
    if holder[c] then fail(("card %s dealt twice"):format(c), line) end
    holder[c] = who
  end
  for seat = 1, 4 do
    for _, c in ipairs(h.deal[seat]) do give(c, seat, h.deal_line[seat]) end
  end
  give(h.upcard, "up", h.upcard_line)
  for _, c in ipairs(h.kitty) do give(c, "kitty", h.kitty_line) end
  return holder
end

-- Checks 'h' (a hand read from the trace); 'fail(msg, line)' raises.
local function check_hand(h, fail)
  local holder = check_deal(h, fail)
  local passes = 0
  for _, a in ipairs(h.acts) do
    local seen = {}
    for _, x in ipairs(a.legal) do
      if seen[x] then fail(("%s twice in the legal set"):format(x), a.line) end
      seen[x] = true
      if is_card(x) and holder[x] ~= a.seat then
        fail(("legal card %s is not held by player %d"):format(x, a.seat - 1), a.line)
      end
    end
    if not seen[a.action] then fail(("%s is not in its legal set"):format(a.action), a.line) end
    if a.action == "Pass" then
      passes = passes + 1
    elseif trace.SUIT_NAMES[a.action:sub(1, 1)] == a.action and passes < 4 then
      holder[h.upcard] = h.dealer -- ordered up: the dealer takes it
    elseif is_card(a.action) then
      holder[a.action] = nil
    end
  end
end

-- ===== reading

-- The line kinds of a hand, in order; "act" repeats.
local NEXT = { game = "dealer", dealer = "hand", upcard = "kitty", kitty = "act",
               returns = "end", ["end"] = "game" }

-- Reads every hand of the trace at 'path'. Returns the list of hands:
--   { file, line, seed, game, options, dealer (a seat), deal = {seat ->
--     {card...}}, upcard, kitty = {card...}, acts = {{line, seat, action,
--     legal = {action...}}...}, returns = {r1..r4}, returns_line, end_line }
-- Raises "path:line: message" on the first malformed or inconsistent line.
function trace.read(path)
  local f, err = io.open(path, "r")
  if not f then error(err, 0) end
  local hands, h, expect, ln = {}, nil, "game", 0
  local function fail(msg, at)
    f:close()
    error(("%s:%d: %s"):format(path, at or ln, msg), 0)
  end
  for line in f:lines() do
    ln = ln + 1
    local w = words(line)
    local kind = w[1]
    if kind == nil or kind:sub(1, 1) == "#" then goto continue end
    if kind == "returns" and expect == "act" then expect = "returns" end
    if kind ~= expect then
      fail(("'%s' line where '%s' was expected"):format(kind, expect))
    end
    if kind == "game" then
      if #w ~= 3 then fail("a game line is 'game SEED GAME'") end
      local name, options = parse_game(w[3], fail)
      h = { file = path, line = ln, seed = math.tointeger(tonumber(w[2])), game = name,
            options = options, deal = {}, deal_line = {}, acts = {} }
      if not h.seed then fail("the seed must be an integer") end
    elseif kind == "dealer" then
      local d = math.tointeger(tonumber(w[2] or ""))
      if #w ~= 2 or not d or d < 0 or d > 3 then fail("a dealer line is 'dealer 0..3'") end
      h.dealer = d + 1
    elseif kind == "hand" then
      local seat = #h.deal + 1
      if w[2] ~= tostring(seat - 1) then
        fail(("expected the hand of player %d"):format(seat - 1))
      end
      h.deal[seat] = cards_of(w, 3, 5, fail, "a hand")
      h.deal_line[seat] = ln
      if seat == 4 then expect = "upcard" end
    elseif kind == "upcard" then
      h.upcard, h.upcard_line = cards_of(w, 2, 1, fail, "the up-card")[1], ln
    elseif kind == "kitty" then
      h.kitty, h.kitty_line = cards_of(w, 2, 3, fail, "the kitty"), ln
    elseif kind == "act" then
      local p = math.tointeger(tonumber(w[2] or ""))
      if not p or p < 0 or p > 3 or w[4] ~= ":" or not w[3] or not is_action(w[3]) then
        fail("an act line is 'act P ACTION : LEGAL...'")
      end
      local legal = {}
      for i = 5, #w do
        if not is_action(w[i]) then fail(("'%s' is not an action"):format(w[i])) end
        legal[#legal + 1] = w[i]
      end
      h.acts[#h.acts + 1] = { line = ln, seat = p + 1, action = w[3], legal = legal }
    elseif kind == "returns" then
      h.returns, h.returns_line = {}, ln
      for i = 2, #w do h.returns[#h.returns + 1] = math.tointeger(tonumber(w[i])) end
      if #h.returns ~= 4 or #w ~= 5 then fail("returns needs 4 integers") end
    elseif kind == "end" then
      h.end_line = ln
      check_hand(h, fail)
      hands[#hands + 1] = h
      h = nil
    end
    if kind ~= "hand" and kind ~= "act" then expect = NEXT[kind] end
    ::continue::
  end
  f:close()
  if expect ~= "game" then error(("%s:%d: the trace ends inside a hand"):format(path, ln), 0) end
  return hands
end

return trace
