-- talon.state: the table every hook receives ("st"), with its helpers.
--
-- One state per running game; a new hand resets the per-hand fields and
-- keeps the match fields (scores, names, dealer). Events are stored as
-- format + arguments and turned into sentences only when read.
local seats = require "talon.seats"
local explain = require "talon.explain"
local tricks = require "talon.tricks"

local state = {}

local St = {}
St.__index = St
state.St = St

function St:next(s) return s % self.n + 1 end
function St:prev(s) return (s - 2) % self.n + 1 end
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

-- Logs a public event; the sentence is fmt:format(...) when read.
function St:log(kind, data, fmt, ...)
  if self.quiet then return end
  local ev = explain.event(kind, data, nil, fmt, ...)
  ev.hand = self.hand_no
  local events = self.events
  events[#events + 1] = ev
end

-- Logs an event only 'seat' may see.
function St:tell(seat, kind, data, fmt, ...)
  if self.quiet then return end
  local ev = explain.event(kind, data, seat, fmt, ...)
  ev.hand = self.hand_no
  local events = self.events
  events[#events + 1] = ev
end

-- Shows 'cards' privately to 'seat' (a peeked stock, a drawn card).
function St:show(seat, cards)
  self.known[seat] = cards
end

-- Decks are immutable, so games of one definition with the same deck spec
-- share one deck (and its interned cards and trick info): a simulation
-- of many games builds it once.
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

local function deck_of(def, opts)
  local spec = def.deck
  if type(spec) == "function" then spec = spec(opts) end
  local per_def = deck_cache[def]
  if not per_def then
    per_def = {}
    deck_cache[def] = per_def
  end
  local key = spec_key(spec)
  local deck = per_def[key]
  if not deck then
    deck = require("talon").deck(spec)
    per_def[key] = deck
  end
  return deck
end

-- A new match state.
-- 'deck' (optional) reuses an existing deck so its interned cards stay valid.
function state.new(def, opts, rng, quiet, deck)
  local n = opts.players
  deck = deck or deck_of(def, opts)
  local st = setmetatable({
    n = n, opts = opts, deck = deck, full = deck:full(), rng = rng,
    quiet = quiet, events = {}, hand_no = 0, names = {}, chips = {},
    info = tricks.info(deck),
  }, St)
  for s = 1, n do st.names[s] = "P" .. s end
  st.sides, st.side_of = seats.sides(n, def.sides and def.sides(n, opts) or nil)
  st.scores = {}
  for i = 1, #st.sides do st.scores[i] = 0 end
  st.dealer = 1
  return st
end

-- Resets the per-hand fields for the next hand.
function state.new_hand(st, given)
  st.hand_no = st.hand_no + 1
  st.given = given
  local deck = st.deck
  st.hands, st.won, st.tricks_won, st.known = {}, {}, {}, {}
  for s = 1, st.n do
    st.hands[s] = deck:hand()
    st.won[s] = deck:hand()
    st.tricks_won[s] = 0
  end
  st.discards = deck:hand()
  st.trick = tricks.new()
  st.trump, st.leader, st.turn = nil, nil, nil
  st.tricks_played = 0
end

return state
