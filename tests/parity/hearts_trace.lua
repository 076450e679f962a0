-- hearts_trace: reads OpenSpiel Hearts traces (tests/parity/README.md) into
-- plain tables, and checks that each hand is consistent in itself.
--
-- The checks need no rules of play: the deal is 52 distinct cards, 13 to
-- each player; every card played or passed, and every card of a legal set,
-- is one its player holds at that moment; a pass's legal set is all he
-- holds; the passes come three per player in order, and every card is
-- played once. A trace that breaks one is refused with "FILE:LINE:
-- message", so a replayer never compares a game with a garbled trace.
--
-- A card is a string as the trace writes it ("TC", "QS"). Seats are
-- OpenSpiel's players plus one.
local trace = {}

local RANKS = "23456789TJQKA" -- OpenSpiel's order, low to high
local SUITS = "CDHS"
trace.PASS = { [0] = "none", "left", "across", "right" }
-- OpenSpiel's parameters and their defaults (hearts.cc)
trace.DEFAULTS = {
  pass_cards = true, no_pts_on_first_trick = true, can_lead_any_club = false,
  jd_bonus = false, avoid_all_tricks_bonus = false, must_break_hearts = true,
  qs_breaks_hearts = true, can_lead_hearts_instead_of_qs = false,
}

local function is_card(s)
  return #s == 2 and RANKS:find(s:sub(1, 1), 1, true) ~= nil
    and SUITS:find(s:sub(2, 2), 1, true) ~= nil
end
trace.is_card = is_card

-- 0..51 in OpenSpiel's order (rank major, suits C D H S): the order the
-- traces list legal sets in.
function trace.index(card)
  return (RANKS:find(card:sub(1, 1), 1, true) - 1) * 4 + SUITS:find(card:sub(2, 2), 1, true) - 1
end

-- A copy of the list of cards in OpenSpiel's order, as one string.
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

-- "hearts" or "hearts(jd_bonus=true,pass_cards=false)" -> name, options.
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
    if not k then fail("bad parameter '" .. item .. "'") end
    if v == "true" then v = true
    elseif v == "false" then v = false
    else v = math.tointeger(tonumber(v)) or v end
    opts[k] = v
  end
  return name, opts
end

local function integers(w, first, n, fail, what)
  if #w ~= first + n - 1 then fail(("%s needs %d numbers"):format(what, n)) end
  local list = {}
  for i = 1, n do
    list[i] = math.tointeger(tonumber(w[first + i - 1]))
    if not list[i] then fail(("%s: '%s' is not an integer"):format(what, w[first + i - 1])) end
  end
  return list
end

-- ===== consistency of one hand

-- Checks 'h' (a hand read from the trace); 'fail(msg, line)' raises.
local function check_hand(h, fail)
  local holder = {}
  for seat = 1, 4 do
    for _, c in ipairs(h.deal[seat]) do
      if holder[c] then fail(("card %s dealt twice"):format(c), h.deal_line[seat]) end
      holder[c] = seat
    end
  end
  local npass = h.passdir ~= 0 and 12 or 0
  if #h.acts ~= npass + 52 then
    fail(("%d act lines, expected %d"):format(#h.acts, npass + 52), h.end_line)
  end
  local passed = {}
  for i, a in ipairs(h.acts) do
    local seen = {}
    for _, c in ipairs(a.legal) do
      if seen[c] then fail(("card %s twice in the legal set"):format(c), a.line) end
      seen[c] = true
      if holder[c] ~= a.seat then
        fail(("legal card %s is not held by player %d"):format(c, a.seat - 1), a.line)
      end
    end
    if not seen[a.card] then fail(("card %s is not in its legal set"):format(a.card), a.line) end
    if i <= npass then
      local want = (i - 1) // 3 + 1
      if a.seat ~= want then fail(("pass %d must be player %d's"):format(i, want - 1), a.line) end
      local held = 0
      for _, s in pairs(holder) do if s == a.seat then held = held + 1 end end
      if held ~= #a.legal then
        fail(("a pass's legal set must be all %d cards held"):format(held), a.line)
      end
      passed[#passed + 1] = a.card
      holder[a.card] = 0 -- in transit until every pass is made
      if i == npass then
        for k, c in ipairs(passed) do
          local from = (k - 1) // 3 + 1
          holder[c] = (from - 1 + h.passdir) % 4 + 1
        end
      end
    else
      holder[a.card] = nil
    end
  end
end

-- ===== reading

-- Reads every hand of the trace at 'path'. Returns the list of hands:
--   { file, line, seed, game, options, passdir, deal = {seat -> {card...}},
--     acts = {{line, seat, card, legal = {card...}}...}, points, returns }
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
    if kind == "points" and expect == "act" then expect = "points" end
    if kind ~= expect then
      fail(("'%s' line where %s was expected")
        :format(kind, expect == "act" and "'act' or 'points'" or "'" .. expect .. "'"))
    end
    if kind == "game" then
      if #w ~= 3 then fail("a game line is 'game SEED GAME'") end
      local name, options = parse_game(w[3], fail)
      h = { file = path, line = ln, seed = math.tointeger(tonumber(w[2])), game = name,
            options = options, deal = {}, deal_line = {}, acts = {} }
      if not h.seed then fail("the seed must be an integer") end
      expect = "passdir"
    elseif kind == "passdir" then
      h.passdir = integers(w, 2, 1, fail, "passdir")[1]
      if not trace.PASS[h.passdir] then fail("passdir must be 0 to 3") end
      expect = "hand"
    elseif kind == "hand" then
      local seat = #h.deal + 1
      if w[2] ~= tostring(seat - 1) then
        fail(("expected the hand of player %d"):format(seat - 1))
      end
      if #w ~= 15 then fail(("player %d is dealt %d cards, not 13"):format(seat - 1, #w - 2)) end
      local cards = {}
      for i = 3, 15 do
        if not is_card(w[i]) then fail(("'%s' is not a card"):format(w[i])) end
        cards[#cards + 1] = w[i]
      end
      h.deal[seat], h.deal_line[seat] = cards, ln
      if seat == 4 then expect = "act" end
    elseif kind == "act" then
      local p = math.tointeger(tonumber(w[2] or ""))
      if not p or p < 0 or p > 3 or w[4] ~= ":" or not w[3] or not is_card(w[3]) then
        fail("an act line is 'act P CARD : LEGAL...'")
      end
      local legal = {}
      for i = 5, #w do
        if not is_card(w[i]) then fail(("'%s' is not a card"):format(w[i])) end
        legal[#legal + 1] = w[i]
      end
      h.acts[#h.acts + 1] = { line = ln, seat = p + 1, card = w[3], legal = legal }
    elseif kind == "points" then
      h.points, h.points_line = integers(w, 2, 4, fail, "points"), ln
      expect = "returns"
    elseif kind == "returns" then
      h.returns = {}
      for i = 2, #w do h.returns[#h.returns + 1] = tonumber(w[i]) end
      if #h.returns ~= 4 then fail("returns needs 4 numbers") end
      expect = "end"
    elseif kind == "end" then
      h.end_line = ln
      check_hand(h, fail)
      hands[#hands + 1] = h
      h, expect = nil, "game"
    end
    ::continue::
  end
  f:close()
  if expect ~= "game" then error(("%s:%d: the trace ends inside a hand"):format(path, ln), 0) end
  return hands
end

return trace
