-- euchre_ref: OpenSpiel's Euchre restated in plain Lua, as short and as
-- literal as the README's rules (tests/parity/README.md "OpenSpiel
-- Euchre"), to test the trace reader and the replayer themselves: a
-- replay through it must agree with every trace. Cards and actions are
-- the traces' strings; seats 1..4 are OpenSpiel's players 0..3.
local ref = {}

local SUIT_OF = { Clubs = "C", Diamonds = "D", Hearts = "H", Spades = "S" }
local NAME_OF = { C = "Clubs", D = "Diamonds", H = "Hearts", S = "Spades" }
local SAME_COLOUR = { C = "S", S = "C", D = "H", H = "D" }
local RANK_VALUE = { ["9"] = 1, T = 2, J = 3, Q = 4, K = 5, A = 6 }

local R = {}
R.__index = R

local function next_seat(s) return s % 4 + 1 end
local function partner(s) return (s + 1) % 4 + 1 end

-- The suit card c belongs to: the left bower (the jack of trump's colour)
-- is a trump.
function R:suit(c)
  local s = c:sub(2, 2)
  if c:sub(1, 1) == "J" and SAME_COLOUR[s] == self.trump then return self.trump end
  return s
end

-- The card's strength within its suit: right bower 100, left bower 99,
-- else by rank.
function R:strength(c)
  if c:sub(1, 1) == "J" and self:suit(c) == self.trump then
    return c:sub(2, 2) == self.trump and 100 or 99
  end
  return RANK_VALUE[c:sub(1, 1)]
end

-- new(options, h): a hand of the trace 'h' (dealer, deal, up-card) under
-- OpenSpiel's parameters 'options'.
function ref.new(options, h)
  local self = setmetatable({ o = options, dealer = h.dealer, up = h.upcard, passes = 0,
                              hands = {}, active = { true, true, true, true },
                              phase = "bid", won = { 0, 0, 0, 0 }, trick = {} }, R)
  for s = 1, 4 do
    self.hands[s] = {}
    for _, c in ipairs(h.deal[s]) do self.hands[s][c] = true end
  end
  self.turn = next_seat(h.dealer)
  return self
end

function R:mover()
  if self.phase == "over" then return nil end
  return self.turn
end

function R:over() return self.phase == "over" end

local function held(hand)
  local list = {}
  for c in pairs(hand) do list[#list + 1] = c end
  return list
end

function R:legal()
  local p = self.phase
  if p == "bid" then
    local list = {}
    if not (self.o.stick_the_dealer and self.passes == 7) then list[1] = "Pass" end
    local up = self.up:sub(2, 2)
    for _, s in ipairs({ "C", "D", "H", "S" }) do
      if (self.passes < 4) == (s == up) then list[#list + 1] = NAME_OF[s] end
    end
    return list
  elseif p == "discard" then
    local list = {}
    for c in pairs(self.hands[self.turn]) do
      if c ~= self.up then list[#list + 1] = c end
    end
    return list
  elseif p == "alone" or p == "defend" then
    return { "Alone", "Partner" }
  end
  -- play: follow the led suit (the left bower counts as trump), else any card
  local hand = self.hands[self.turn]
  if #self.trick > 0 then
    local led, follow = self:suit(self.trick[1].card), {}
    for c in pairs(hand) do
      if self:suit(c) == led then follow[#follow + 1] = c end
    end
    if #follow > 0 then return follow end
  end
  return held(hand)
end

-- The first active player from the dealer's left.
function R:first_active()
  local s = next_seat(self.dealer)
  while not self.active[s] do s = next_seat(s) end
  return s
end

function R:start_play()
  self.phase, self.turn = "play", self:first_active()
end

-- After the maker's choice: the defenders' turn (allow_lone_defender) or
-- play.
function R:after_maker()
  if not self.o.allow_lone_defender then return self:start_play() end
  local s = next_seat(self.dealer)
  if s == self.maker or s == partner(self.maker) then s = next_seat(s) end
  self.phase, self.turn, self.first_defender = "defend", s, s
end

-- Index of the winning play of the full trick.
function R:winner()
  local best = 1
  for i = 2, #self.trick do
    local c, b = self.trick[i].card, self.trick[best].card
    local cs, bs = self:suit(c), self:suit(b)
    if cs == bs then
      if self:strength(c) > self:strength(b) then best = i end
    elseif cs == self.trump then
      best = i
    end
  end
  return self.trick[best].seat
end

function R:play(a)
  local p, s = self.phase, self.turn
  if p == "bid" then
    if a == "Pass" then
      self.passes = self.passes + 1
      if self.passes == 8 then self.phase = "over" return end
      self.turn = next_seat(s)
      return
    end
    self.trump, self.maker = SUIT_OF[a], s
    if self.passes < 4 then
      self.hands[self.dealer][self.up] = true
      self.phase, self.turn = "discard", self.dealer
    else
      self.phase = "alone"
    end
  elseif p == "discard" then
    self.hands[s][a] = nil
    self.phase, self.turn = "alone", self.maker
  elseif p == "alone" then
    if a == "Alone" then
      self.alone = true
      self.active[partner(s)] = false
    end
    self:after_maker()
  elseif p == "defend" then
    if a == "Alone" then
      self.lone_defender = s
      self.active[partner(s)] = false
      return self:start_play()
    end
    if s == self.first_defender then self.turn = partner(s) return end
    self:start_play()
  else
    self.hands[s][a] = nil
    self.trick[#self.trick + 1] = { seat = s, card = a }
    local n = 0
    for i = 1, 4 do if self.active[i] then n = n + 1 end end
    if #self.trick < n then
      repeat s = next_seat(s) until self.active[s]
      self.turn = s
      return
    end
    local w = self:winner()
    self.won[w] = self.won[w] + 1
    self.trick, self.turn = {}, w
    self.tricks = (self.tricks or 0) + 1
    if self.tricks == 5 then self.phase = "over" end
  end
end

-- OpenSpiel's returns: the makers' score for each maker, its negation for
-- each defender; 0 for all when the hand was thrown in.
function R:returns()
  if not self.maker then return { 0, 0, 0, 0 } end
  local m = self.maker
  local won = self.won[m] + self.won[partner(m)]
  local score
  if won <= 2 then score = self.lone_defender and -4 or -2
  elseif won <= 4 then score = 1
  else score = self.alone and 4 or 2 end
  local out = {}
  for s = 1, 4 do out[s] = (s == m or s == partner(m)) and score or -score end
  return out
end

return ref
