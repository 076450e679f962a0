-- talon.host.state: the table every hook receives ("st"), with its helpers.
--
-- One state per running game; a new hand resets the per-hand fields and
-- keeps the match fields (scores, names, dealer). Events are stored as
-- format + arguments and turned into sentences only when read.
local seats = require "talon.seats"
local explain = require "talon.explain"
local tricks = require "talon.tricks"

local state = {}

local St = {}
state.St = St
-- Game code gets st, never the methods table every game shares: the
-- metatable is hidden, and no key leads back to it (St has no __index).
local st_mt = { __index = St, __metatable = false }

-- The seat after (before) 's' in the order of play, passing over the
-- seats sitting out (st.out, nil while everyone plays).
function St:next(s)
  local out, n = self.out, self.n
  s = s % n + 1
  if not out then return s end
  for _ = 1, n do
    if not out[s] then return s end
    s = s % n + 1
  end
  return s
end

function St:prev(s)
  local out, n = self.out, self.n
  s = (s - 2) % n + 1
  if not out then return s end
  for _ = 1, n do
    if not out[s] then return s end
    s = (s - 2) % n + 1
  end
  return s
end

local function check_seat(st, s, what)
  if math.type(s) ~= "integer" or s < 1 or s > st.n then
    error(("bad argument #1 to '%s' (a seat 1 to %d expected, got %s)")
      :format(what, st.n, tostring(s)), 3)
  end
end

-- Seats sitting out (an eliminated player, the seats outside a showdown
-- trick, a lone player's partner): st:next and st:prev pass over them and
-- the trick phases wait only for the st.n_in seats in play. At least one
-- seat stays in. With span "hand" the seat is back in play when the hand
-- has been scored (state.end_hand), before the next dealer is chosen;
-- otherwise it sits out until st:sit_in.
function St:sit_out(s, span)
  check_seat(self, s, "sit_out")
  if span ~= nil and span ~= "hand" then
    error(("bad argument #2 to 'sit_out' (\"hand\" or nil expected, got %s)")
      :format(tostring(span)), 2)
  end
  local out = self.out or {}
  if out[s] then return end
  if self.n_in <= 1 then error(("seat %d cannot sit out: nobody else is in play"):format(s), 2) end
  out[s] = true
  self.out, self.n_in = out, self.n_in - 1
  if span then
    local h = self.out_hand or {}
    h[s] = true
    self.out_hand = h
  end
end

function St:sit_in(s)
  check_seat(self, s, "sit_in")
  local out = self.out
  if not (out and out[s]) then return end
  out[s] = nil
  if self.out_hand then self.out_hand[s] = nil end
  self.n_in = self.n_in + 1
  if self.n_in == self.n then self.out = nil end
end

function St:is_in(s) return not (self.out and self.out[s]) end

-- The seats in play from 'first' (a seat in play) on, in the order of play:
-- the order to deal in.
function St:order(first)
  local list, s, n, n_in = {}, first, self.n, self.n_in
  -- St:next without seats out is s % n + 1, inlined (Kosel asks for the
  -- order at every trick)
  if not self.out and self.next == St.next then
    for i = 1, n_in do
      list[i] = s
      s = s % n + 1
    end
    return list
  end
  for i = 1, n_in do
    list[i] = s
    s = self:next(s)
  end
  return list
end
function St:opposite(s) return seats.opposite(s, self.n) end
function St:partner(s)
  for _, o in ipairs(self.sides[self.side_of[s]]) do
    if o ~= s then return o end
  end
  return nil
end
function St:name(s) return self.names[s] end
function St:card(token) return self.deck:card(token) end
function St.violation(_, rule, because, satisfy)
  return explain.violation(rule, because, satisfy)
end

-- Events. A game logs with one call whose arguments are plain values and
-- never asks whether anyone reads: in a quiet game (a simulation) st:log
-- returns at once and nothing is built. Otherwise 'fmt' is either
--  * a format: the sentence is fmt:format(...) when read; an argument that
--    changes later is read now: a Trick (the framework reuses it) stands
--    for its explanation, t:explain();
--  * a function (a named one beside the rule, not a closure made per
--    call): the sentence is fmt(...), called now, and its second result,
--    if any, is the event's data when 'data' is nil. For sentences that
--    take work (a list of cards dealt, a meld report).
local function event(st, to, kind, data, fmt, ...)
  local ev
  if type(fmt) == "function" then
    local text, made = fmt(...)
    ev = { kind = kind, data = data or made, to = to, text = text }
  else
    ev = explain.event(kind, data, to, fmt, ...)
    local args = ev.args
    for i = 1, ev.nargs do
      local a = args[i]
      if type(a) == "userdata" then
        local mt = getmetatable(a)
        if type(mt) == "table" and mt.__name == "talon.Trick" then args[i] = a:explain() end
      end
    end
  end
  ev.hand = st.hand_no
  local events = st.events
  events[#events + 1] = ev
end

-- Logs a public event.
function St:log(kind, data, fmt, ...)
  if self.quiet then return end
  event(self, nil, kind, data, fmt, ...)
end

-- Logs an event only 'seat' may see.
function St:tell(seat, kind, data, fmt, ...)
  if self.quiet then return end
  event(self, seat, kind, data, fmt, ...)
end

-- A quiet game's state carries its own st.log and st.tell that do
-- nothing at all: found without the metatable and called without the
-- varargs, an event a quiet game logs costs ~300 machine instructions
-- instead of ~700 (a Hokm playout, per trick).
local function silent() end

-- Shows 'cards' privately to 'seat' (a peeked stock, a drawn card).
function St:show(seat, cards)
  self.known[seat] = cards
end

-- Decks are immutable, so games of one definition with the same deck spec
-- share one deck (and its interned cards and trick info): a simulation
-- of many games builds it once. Each definition remembers its decks by
-- spec; a new game compares its spec with the last one used (a few field
-- reads) before building the sorted key.
local deck_cache = setmetatable({}, { __mode = "k" })

local function spec_key(spec)
  local keys = {}
  for k in pairs(spec) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local v = spec[k]
    if type(v) == "table" then
      local sub = {}
      for sk, sv in pairs(v) do sub[#sub + 1] = tostring(sk) .. "=" .. tostring(sv) end
      table.sort(sub)
      v = table.concat(sub, ",")
    end
    parts[i] = k .. ":" .. tostring(v)
  end
  return table.concat(parts, ";")
end

-- Does every field of 'a' equal that of 'b' (nested tables compared one
-- level down)? Called both ways round for equality.
local function covered(a, b)
  for k, v in pairs(a) do
    local w = b[k]
    if v ~= w then
      if type(v) ~= "table" or type(w) ~= "table" then return false end
      for sk, sv in pairs(v) do
        if w[sk] ~= sv then return false end
      end
      for sk in pairs(w) do
        if v[sk] == nil then return false end
      end
    end
  end
  return true
end

-- A copy of a spec to compare later ones with (the game may reuse and
-- change its own table).
local function spec_copy(spec)
  local c = {}
  for k, v in pairs(spec) do
    if type(v) == "table" then
      local sub = {}
      for sk, sv in pairs(v) do sub[sk] = sv end
      v = sub
    end
    c[k] = v
  end
  return c
end

local function deck_of(def, opts)
  local spec = def.deck
  if type(spec) == "function" then spec = spec(opts) end
  local per_def = deck_cache[def]
  if not per_def then
    per_def = { by_key = {} }
    deck_cache[def] = per_def
  end
  local last = per_def.last_spec
  if last and covered(spec, last) and covered(last, spec) then return per_def.last_deck end
  local key = spec_key(spec)
  local deck = per_def.by_key[key]
  if not deck then
    deck = require("talon").deck(spec)
    per_def.by_key[key] = deck
  end
  per_def.last_spec, per_def.last_deck = spec_copy(spec), deck
  return deck
end

-- Seat names "P1", "P2" ... built once.
local NAMES = setmetatable({}, { __index = function(t, s)
  local name = "P" .. s
  t[s] = name
  return name
end })

-- What a definition's hooks derive from its default options, found at the
-- first game with them and kept (weak keys): the deck (the `deck` hook)
-- and the checked partnerships (the `sides` hook, seats.sides) as plain
-- lists of seats, of which every game gets fresh copies. A simulation
-- then calls neither hook per game; the hooks are functions of the
-- options (game.keys), so the games are the same.
local derived = setmetatable({}, { __mode = "k" })

local function derive(def, opts, n)
  local given, side_of = seats.sides(n, def.sides and def.sides(n, opts) or nil)
  local sides = {}
  for i, side in ipairs(given) do
    local list = {}
    for j, s in ipairs(side) do list[j] = s end
    sides[i] = list
  end
  local d = { deck = deck_of(def, opts), sides = sides, side_of = side_of }
  derived[def] = d
  return d
end

-- Fresh copies of the derived partnerships for one game, each list made
-- at its final size (filling an empty table rehashes at 1, 2, 4 ...).
local function sides_of(d, n)
  local from, slots = d.sides, seats.slots
  local sides, side_of = slots(#from), slots(n)
  for s = 1, n do side_of[s] = d.side_of[s] end
  for i = 1, #from do
    local side = from[i]
    local list = slots(#side)
    for j = 1, #side do list[j] = side[j] end
    sides[i] = list
  end
  return sides, side_of
end

-- A new match state. 'deck' (optional) reuses an existing deck so its
-- interned cards stay valid; 'defaults' says the options are the
-- definition's defaults (game.options' second result).
function state.new(def, opts, rng, quiet, deck, defaults)
  local n = opts.players
  local d = defaults and (derived[def] or derive(def, opts, n))
  if d and deck and not rawequal(deck, d.deck) then d = nil end
  deck = deck or (d and d.deck) or deck_of(def, opts)
  local st = setmetatable({
    n = n, n_in = n, opts = opts, deck = deck, full = deck:full(), rng = rng,
    quiet = quiet, events = {}, hand_no = 0, names = seats.slots(n), chips = {},
    info = tricks.info(deck), dealer = 1,
    -- set later; named here so the table is built at its final size
    -- (with room for a few fields of the game's own)
    sides = nil, side_of = nil, scores = nil, given = nil, hands = nil, won = nil,
    tricks_won = nil, known = nil, discards = nil, trump = nil,
    leader = nil, turn = nil, tricks_played = nil, stock = nil, dealing = nil,
    phase = nil, ctrick = nil, out = nil, out_hand = nil,
    passing = nil, aside = nil, -- the hand's pass (talon.passing) and the cards set aside
    legal_into = nil, -- the Hand the trick phases write legal cards into
    quiet_stock = nil, quiet_trick = nil, -- kept by a quiet game for the next hand
    hand_credits = nil, -- score.add_now's credits in this hand (its points count them)
    log = quiet and silent or nil, tell = quiet and silent or nil,
  }, st_mt)
  local names = st.names
  for s = 1, n do names[s] = NAMES[s] end
  if d then
    st.sides, st.side_of = sides_of(d, n)
  else
    st.sides, st.side_of = seats.sides(n, def.sides and def.sides(n, opts) or nil)
  end
  local scores = seats.slots(#st.sides)
  for i = 1, #st.sides do scores[i] = 0 end
  st.scores = scores
  return st
end

-- An empty Hand per deck, never changed: new hands are copies of it.
local blanks = setmetatable({}, { __mode = "k" })

-- The per-hand reset of a quiet game: the same hands, piles and Trick,
-- emptied. Nothing keeps them past their hand (no events are stored), and
-- allocating and collecting them was a tenth of a simulated Hokm hand.
local clear_hands -- deck:clear_hands, found on the first reuse (a Deck's
-- methods are looked up by a C function)
local function reuse_hand(st, n)
  local tricks_won, deck = st.tricks_won, st.deck
  clear_hands = clear_hands or deck.clear_hands
  clear_hands(deck, st.hands, st.won, st.discards) -- the 2n + 1 Hands in one call
  for s = 1, n do tricks_won[s] = 0 end
  local known = st.known
  if next(known) ~= nil then
    for k in pairs(known) do known[k] = nil end
  end
  st.quiet_trick = st.ctrick or st.quiet_trick
  st.ctrick, st.trump, st.leader, st.turn = nil, nil, nil, nil
  st.passing, st.aside = nil, nil
  st.tricks_played = 0
end

-- The end of a scored hand: the seats that sat out for this hand only
-- (st:sit_out(s, "hand")) are back in play, before the next dealer is
-- chosen, so the rotation goes round every seat.
function state.end_hand(st)
  local h = st.out_hand
  if not h then return end
  for s = 1, st.n do
    if h[s] then st:sit_in(s) end
  end
  st.out_hand = nil
end

-- Resets the per-hand fields for the next hand.
function state.new_hand(st, given)
  st.hand_no = st.hand_no + 1
  st.given = given
  local n = st.n
  if st.quiet and st.hands then return reuse_hand(st, n) end
  local deck = st.deck
  local blank = blanks[deck] -- copies of an empty Hand are the cheapest new hands
  if not blank then
    blank = deck:hand()
    blanks[deck] = blank
  end
  local hands, won, tricks_won = seats.slots(n), seats.slots(n), seats.slots(n)
  local copy = blank.copy -- Hand:copy of the framework's own Hand, found once
  for s = 1, n do
    hands[s] = copy(blank)
    won[s] = copy(blank)
    tricks_won[s] = 0
  end
  st.hands, st.won, st.tricks_won, st.known = hands, won, tricks_won, {}
  st.discards = copy(blank)
  st.ctrick, st.trump, st.leader, st.turn = nil, nil, nil, nil
  st.passing, st.aside = nil, nil
  st.tricks_played = 0
end

return state
