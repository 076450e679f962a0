-- hearts_ref: OpenSpiel's Hearts (one hand) restated in plain Lua, slow and
-- obvious, for the parity replayer (openspiel_hearts.lua --reference).
--
-- It is here to test the trace reader and the replayer before and beside
-- games/hearts.lua: replaying the traces through it must give no mismatch,
-- and through it the negative control must find the one it is given. It
-- knows nothing of Talon: cards are the traces' strings ("TC", "QS"),
-- seats 1..4 in the order of play. The rules are those of
-- tests/parity/README.md, option by option.
local ref = {}

local RANKS = "23456789TJQKA"
local QS, JD = "QS", "JD"

local function rank(c) return RANKS:find(c:sub(1, 1), 1, true) end
local function suit(c) return c:sub(2, 2) end
local function is_point(c) return suit(c) == "H" or c == QS end

local R = {}
local r_mt = { __index = R }

-- A hand dealt 'deal' (seat -> list of cards) with 'opts' (every OpenSpiel
-- parameter by name) and pass direction 'passdir' (0 to 3).
function ref.new(opts, deal, passdir)
  local held = {}
  for s = 1, 4 do
    held[s] = {}
    for _, c in ipairs(deal[s]) do held[s][c] = true end
  end
  local r = setmetatable({
    opts = opts, held = held, passdir = passdir, passed = {},
    passing = passdir ~= 0 and opts.pass_cards,
    broken = not opts.must_break_hearts, trick = {}, played = 0,
    tricks = { 0, 0, 0, 0 }, taken = { {}, {}, {}, {} }, turn = nil,
  }, r_mt)
  if not r.passing then r:start_play() end
  return r
end

-- The holder of 2C leads the first trick.
function R:start_play()
  self.passing = false
  for s = 1, 4 do
    if self.held[s]["2C"] then self.turn = s end
  end
end

function R:mover()
  if self.passing then return #self.passed // 3 + 1 end
  return self.turn
end

function R:over() return self.played == 52 end

-- The cards of seat 's' for which keep(c) holds.
local function cards_of(held, keep)
  local list = {}
  for c in pairs(held) do
    if keep(c) then list[#list + 1] = c end
  end
  return list
end

local function any() return true end

function R:legal()
  if self:over() then return {} end
  local held, o = self.held[self:mover()], self.opts
  if self.passing then return cards_of(held, any) end
  local first_trick = self.played < 4
  if #self.trick > 0 then
    local led = suit(self.trick[1].card)
    local follow = cards_of(held, function(c) return suit(c) == led end)
    if #follow > 0 then return follow end
    if first_trick and o.no_pts_on_first_trick then
      local safe = cards_of(held, function(c) return not is_point(c) end)
      if #safe > 0 then return safe end
    end
    return cards_of(held, any)
  end
  if self.played == 0 then
    if o.can_lead_any_club then return cards_of(held, function(c) return suit(c) == "C" end) end
    return { "2C" }
  end
  if not self.broken then
    local plain = cards_of(held, function(c) return suit(c) ~= "H" end)
    if o.can_lead_hearts_instead_of_qs and #plain == 1 and plain[1] == QS then
      return cards_of(held, any)
    end
    if #plain > 0 then return plain end
  end
  return cards_of(held, any)
end

-- The seat holding the highest card of the led suit in the full trick.
local function winner(trick)
  local best = trick[1]
  for i = 2, 4 do
    local p = trick[i]
    if suit(p.card) == suit(best.card) and rank(p.card) > rank(best.card) then best = p end
  end
  return best.seat
end

local function legal_has(list, card)
  for _, c in ipairs(list) do
    if c == card then return true end
  end
  return false
end

-- Plays (or passes) 'card' for the mover; raises if it is not legal.
function R:play(card)
  if not legal_has(self:legal(), card) then error(("%s is not legal"):format(card), 2) end
  local seat = self:mover()
  self.held[seat][card] = nil
  if self.passing then
    local passed = self.passed
    passed[#passed + 1] = card
    if #passed == 12 then
      for k, c in ipairs(passed) do
        local from = (k - 1) // 3 + 1
        self.held[(from - 1 + self.passdir) % 4 + 1][c] = true
      end
      self:start_play()
    end
    return
  end
  if suit(card) == "H" or (card == QS and self.opts.qs_breaks_hearts) then self.broken = true end
  local trick = self.trick
  trick[#trick + 1] = { seat = seat, card = card }
  self.played = self.played + 1
  if #trick < 4 then
    self.turn = seat % 4 + 1
    return
  end
  local w = winner(trick)
  self.tricks[w] = self.tricks[w] + 1
  for _, p in ipairs(trick) do table.insert(self.taken[w], p.card) end
  self.trick, self.turn = {}, w
end

-- The hand's points by seat: hearts 1, QS 13, JD -10 (jd_bonus); the moon
-- (one seat took every heart and QS) -26 to him, +26 to the others; with
-- avoid_all_tricks_bonus and no moon, -5 to a seat that took no trick.
function R:points()
  local pts, moon = {}, nil
  for s = 1, 4 do
    local p, hearts_qs = 0, 0
    for _, c in ipairs(self.taken[s]) do
      if suit(c) == "H" then p, hearts_qs = p + 1, hearts_qs + 1 end
      if c == QS then p, hearts_qs = p + 13, hearts_qs + 1 end
      if c == JD and self.opts.jd_bonus then p = p - 10 end
    end
    pts[s] = p
    if hearts_qs == 14 then moon = s end
  end
  for s = 1, 4 do
    if moon then
      pts[s] = pts[s] + (s == moon and -26 or 26)
    elseif self.opts.avoid_all_tricks_bonus and self.tricks[s] == 0 then
      pts[s] = pts[s] - 5
    end
  end
  return pts
end

return ref
