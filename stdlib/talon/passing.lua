-- talon.passing: a phase in which every seat passes cards to another
-- before play (Hearts' pass), and the direction of each hand's pass.
--
-- A card phase, one card per action, so a random player, `talon check`
-- and a parity test with other engines (OpenSpiel's Hearts plays the pass
-- the same way) see one decision per card: each seat in turn, from the
-- seat after the dealer on in the order of play, chooses its cards one by
-- one. A chosen card leaves the hand at once and waits, face down, in
-- st.aside[seat] (a place the card count of `talon check` includes);
-- when every seat has chosen, each seat's cards go to its receiver. The
-- actions are private: the other seats see that a card was set aside,
-- never which.
--
-- Directions are named as in a clockwise game, where play goes to the
-- left: "left" is the next seat in the order of play (st:next), "right"
-- the previous one (st:prev), "across" the seat halfway round, "none" no
-- pass at all.
local explain = require "talon.explain"

local passing = {}

-- The direction names, in the order Hearts rotates them.
passing.directions = { "left", "right", "across", "none" }
local KNOWN = { left = true, right = true, across = true, none = true }

-- 'd' when it is a direction name; else an error naming 'what'.
local function checked(d, what)
  if KNOWN[d] then return d end
  error(("%s: a pass direction is left, right, across or none, not %s"):format(what,
    tostring(d)), 0)
end

-- The direction of the current hand from 'list' (such as {"left",
-- "right", "across", "none"}): hand 1 takes list[1], hand 2 list[2], and
-- so on round the list (st.hand_no). A hand fixed by an explicit deal
-- whose `pass` field names a direction takes that one instead.
function passing.rotation(st, list)
  local given = st.given and st.given.pass
  if given ~= nil then return checked(given, "explicit deal, pass") end
  return list[(st.hand_no - 1) % #list + 1]
end

-- The seat that receives what 'seat' passes in 'direction', nil for
-- "none". Seats sitting out are passed over; "across" needs an even
-- number of seats in play.
function passing.receiver(st, seat, direction)
  if direction == "left" then return st:next(seat) end
  if direction == "right" then return st:prev(seat) end
  if direction == "across" then
    local n = st.n_in
    if n % 2 ~= 0 then
      error(("passing across needs an even number of seats in play, not %d"):format(n), 0)
    end
    local s = seat
    for _ = 1, n // 2 do s = st:next(s) end
    return s
  end
  checked(direction, "passing")
  return nil
end

-- ===== events (built only in a game someone reads: never in a simulation)

-- "hand 2: each player passes 3 cards right: P1 to P4, P2 to P1, ...".
local function passing_event(st, p)
  local list = {}
  for i, s in ipairs(p.order) do list[i] = st.names[s] .. " to " .. st.names[p.to[s]] end
  return ("hand %d: each player passes %d cards %s: %s"):format(st.hand_no, p.count,
    p.direction, table.concat(list, ", ")),
    { direction = p.direction, count = p.count, first = p.order[1] }
end

local function no_pass_event(st)
  return ("hand %d: no cards are passed"):format(st.hand_no), { direction = "none" }
end

-- What the table sees of a seat's pass: how many cards, to whom.
local function pass_event(st, seat, to, count)
  return ("%s passes %d cards to %s"):format(st.names[seat], count, st.names[to]),
    { seat = seat, to = to, count = count }
end

-- What only the receiver sees: the cards.
local function receive_event(st, seat, from, cards)
  return ("%s receives %s from %s"):format(st.names[seat], explain.cards(cards),
    st.names[from]), { seat = seat, from = from, cards = cards:copy() }
end

-- ===== the phase: passing.phase(spec)

-- spec.x, which is a value or function(st) returning one.
local function value(x, st)
  if type(x) == "function" then return x(st) end
  return x
end

-- The direction spec as a function of the state: a name and a rotation
-- list go through passing.rotation, so an explicit deal's `pass` field
-- overrides them too.
local function direction_of(d)
  if type(d) == "function" then return d end
  if type(d) == "string" then d = { checked(d, "passing.phase, direction") } end
  if type(d) ~= "table" or #d == 0 then
    error("passing.phase: direction must be a name, a rotation list or function(st)", 3)
  end
  for _, name in ipairs(d) do checked(name, "passing.phase, direction") end
  return function(st) return passing.rotation(st, d) end
end

-- Checks a spec; returns its direction function.
local function check_spec(spec)
  if type(spec) ~= "table" then error("passing.phase: a spec table needed", 3) end
  if type(spec.after) ~= "string" then
    error("passing.phase: after (the name of the phase that follows) needed", 3)
  end
  local c = spec.count
  if not ((math.type(c) == "integer" and c > 0) or type(c) == "function") then
    error("passing.phase: count must be a positive integer or function(st)", 3)
  end
  for _, k in ipairs { "on_done", "first", "check" } do
    if spec[k] ~= nil and type(spec[k]) ~= "function" then
      error(("passing.phase: %s must be a function"):format(k), 3)
    end
  end
  return direction_of(spec.direction)
end

-- The refusal of a card the mover may not pass: one he does not hold (or
-- has already set aside), under spec.rule. Nil for a held card (a variant
-- that narrows legal explains its own refusals).
local function refusal(spec, st, seat, card)
  local hand = st.hands[seat]
  if hand:count(card) > 0 then return nil end
  local because
  if st.aside and st.aside[seat]:count(card) > 0 then
    because = ("you have already set %s aside to pass"):format(tostring(card))
  else
    because = ("you do not hold %s"):format(tostring(card))
  end
  return st:violation(spec.rule, because, ("pass one of %s"):format(tostring(hand)))
end

-- Builds the phase; spec fields:
--   count      cards each seat passes: an integer, or function(st)
--   direction  "left" | "right" | "across" | "none"; a rotation list such
--              as {"left", "right", "across", "none"} (passing.rotation);
--              or function(st) -> one of them
--   after      the phase that follows the pass
--   rule       the rule id refusals cite
--   doc        (optional) the phase's line for the front end
--   first      (optional) function(st) -> the first seat to pass
--              (default st:next(st.dealer))
--   on_done    (optional) function(st) -> nil | phase: runs once the pass
--              is over (the cards delivered, or at once when the direction
--              is "none"); a phase it returns replaces `after`
--   check      (optional) replaces the default refusal
-- The hand's pass is described in st.passing (docs/framework.md).
function passing.phase(spec)
  local direction = check_spec(spec)
  local after, on_done, first_of = spec.after, spec.on_done, spec.first

  local function done(st)
    local nxt = on_done and on_done(st)
    return nxt or after
  end

  -- each seat's cards to its receiver, then on_done
  local function exchange(st, p)
    local hands, aside = st.hands, st.aside
    for _, s in ipairs(p.order) do hands[p.to[s]]:add(aside[s]) end
    p.passed, p.done, st.aside = aside, true, nil
    if not st.quiet then
      for _, s in ipairs(p.order) do
        local r = p.to[s]
        st:tell(r, "receive", nil, receive_event, st, r, s, aside[s])
      end
    end
    return done(st)
  end

  local function enter(st)
    local dir = checked(direction(st), "passing")
    local count = value(spec.count, st)
    if math.type(count) ~= "integer" or count < 1 then
      error(("passing: count must be a positive integer, not %s"):format(tostring(count)), 0)
    end
    local p = { direction = dir, count = count, order = nil, seat = nil,
                to = {}, from = {}, passed = nil, done = false }
    st.passing, st.aside = p, nil
    if dir == "none" then
      p.done = true
      st:log("passing", nil, no_pass_event, st)
      return done(st)
    end
    local first = first_of and first_of(st) or st:next(st.dealer)
    p.order, p.seat = st:order(first), first
    local aside = {}
    for _, s in ipairs(p.order) do
      local r = passing.receiver(st, s, dir)
      p.to[s], p.from[r] = r, s
      if #st.hands[s] < count then
        error(("passing: %s holds %d cards but must pass %d"):format(st.names[s],
          #st.hands[s], count), 0)
      end
      aside[s] = st.deck:hand()
    end
    st.aside = aside
    st:log("passing", nil, passing_event, st, p)
    return nil
  end

  local function apply(st, seat, card)
    local p = st.passing
    st.hands[seat]:remove(card)
    local mine = st.aside[seat]
    mine:add(card)
    if #mine < p.count then return nil end
    st:log("pass", nil, pass_event, st, seat, p.to[seat], p.count)
    local nxt = st:next(seat)
    if nxt ~= p.order[1] then
      p.seat = nxt
      return nil
    end
    return exchange(st, p)
  end

  -- quiet random playouts: the rest of the pass in one loop, each card
  -- drawn as g:random draws it (a pick from the mover's hand)
  local function playout(st, seat, rng, act, act_seat, k, stop)
    local hands = st.hands
    while k < stop do
      local card = hands[seat]:pick(rng)
      k = k + 1
      act[k], act_seat[k] = card, seat
      local nxt = apply(st, seat, card)
      if nxt ~= nil then return k, nxt, nil end
      seat = st.passing.seat
    end
    return k, nil, seat
  end

  return require("talon.tricks").declare_batch {
    doc = spec.doc or ("pass %s cards, one at a time"):format(
      type(spec.count) == "number" and tostring(spec.count) or "the"),
    cards = true,
    private = true, -- which card was passed is the passer's and the receiver's
    enter = enter,
    mover = function(st) return st.passing.seat end,
    legal = function(st, seat) return st.hands[seat] end,
    check = spec.check or function(st, seat, card) return refusal(spec, st, seat, card) end,
    apply = apply,
    playout = playout,
  }
end

-- What seat 'seat' knows of the hand's pass, for its view (nil before a
-- passing phase this hand): the direction and count, the seat it passes
-- to and the one it receives from, the cards it has set aside or passed,
-- and once the cards are delivered those it received (copies).
function passing.seen(st, seat)
  local p = st.passing
  if not p then return nil end
  local v = { direction = p.direction, count = p.count, done = p.done,
              to = p.to[seat], from = p.from[seat] }
  local mine = (st.aside and st.aside[seat]) or (p.passed and p.passed[seat])
  v.passed = mine and mine:copy() or nil
  local got = p.passed and v.from and p.passed[v.from]
  v.received = got and got:copy() or nil
  return v
end

return passing
