-- talon.deal: the shuffled stock of a hand, dealing by packets, and
-- explicit deals.
--
-- A game deals with deal.packets(st, order, pattern) whether the hand was
-- shuffled from the seed or given explicitly (a lesson, a test, a bug
-- report): with an explicit deal each seat's cards come from its given hand,
-- in the order listed, so the game's own dealing code serves both.
local deal = {}

local function ordered(deck, text, what)
  local ok, p = pcall(deck.pile, deck, text)
  if not ok then error(("explicit deal, %s: %s"):format(what, tostring(p)), 0) end
  return p:cards()
end

-- Checks that the given hands and stock use no card more often than the
-- deck holds it.
local function check_given(st, given)
  local used = st.deck:hand()
  for s, list in pairs(given.lists) do
    for _, c in ipairs(list) do
      used:add(c)
      if used:count(c) > st.full:count(c) then
        error(("explicit deal: %s is dealt more often than the deck holds it (seat %s)")
          :format(c:name("ascii"), tostring(s)), 0)
      end
    end
  end
  for _, c in ipairs(given.stock_list or {}) do
    used:add(c)
    if used:count(c) > st.full:count(c) then
      error(("explicit deal: stock card %s is already dealt"):format(c:name("ascii")), 0)
    end
  end
  return used
end

-- A quiet game refills one stock Pile at every hand instead of making a
-- new one: nothing outlives a hand in a quiet game (no events keep it).
-- It is kept in st.quiet_stock, not st.stock, which a game may replace.
local function fresh_stock(st)
  if not st.quiet then return st.deck:pile() end
  local p = st.quiet_stock
  if p then return p:reset() end
  p = st.deck:pile()
  st.quiet_stock = p
  return p
end

-- An explicit deal's dealer (a seat), which the hand starts with.
local function given_dealer(st, d)
  if math.type(d) ~= "integer" or d < 1 or d > st.n then
    error(("explicit deal: the dealer is a seat 1 to %d, not %s"):format(st.n, tostring(d)), 0)
  end
  st.dealer = d
end

-- Prepares st.stock for a new hand: a shuffle of the whole deck, or, with an
-- explicit deal, the given stock (or the cards nobody was given, in kind
-- order); an explicit deal's `dealer` becomes st.dealer. Called by the
-- framework before the game's deal hook.
function deal.start(st)
  st.dealing = nil
  local explicit = st.given -- read once: nil in a simulation
  if explicit and explicit.dealer ~= nil then given_dealer(st, explicit.dealer) end
  if not (explicit and explicit.hands) then
    st.stock = fresh_stock(st):shuffle(st.rng)
    return
  end
  local given = { lists = {}, pos = {} }
  for s = 1, st.n do
    given.lists[s] = ordered(st.deck, st.given.hands[s] or "", "hand " .. s)
    given.pos[s] = 0
  end
  if st.given.stock then given.stock_list = ordered(st.deck, st.given.stock, "stock") end
  st.dealing = given
  local used = check_given(st, given)
  if given.stock_list then
    st.stock = st.deck:pile(given.stock_list)
  else
    st.stock = st.deck:pile((st.full - used):cards())
  end
end

local function from_given(st, order, pattern)
  local given = st.dealing
  for _, k in ipairs(pattern) do
    for _, s in ipairs(order) do
      local list, p = given.lists[s], given.pos[s]
      if p + k > #list then
        error(("explicit deal: seat %d is given %d cards but the deal needs more")
          :format(s, #list), 0)
      end
      local h = st.hands[s]
      for i = p + 1, p + k do h:add(list[i]) end
      given.pos[s] = p + k
    end
  end
end

-- The seats in play from seat 'first' on, 'count' of them (every seat in
-- play when nil): the order of deal.packets given a seat. The framework's
-- own lists, never handed to game code, made once per table size, first
-- seat and count (ORDERS[n][first][count]) while every seat plays; built
-- afresh when some sit out.
local ORDERS = {}

local function new_order(st, first, count)
  local n, n_in = st.n, st.n_in
  local f = math.tointeger(first)
  if not f or f < 1 or f > n then
    error(("bad argument #2 to 'packets' (a list of seats or a seat 1 to %d expected, got %s)")
      :format(n, tostring(first)), 3)
  end
  local c = count == nil and n_in or math.tointeger(count)
  if not c or c < 1 or c > n_in then
    error(("bad argument #4 to 'packets' (a count of seats 1 to %d expected, got %s)")
      :format(n_in, tostring(count)), 3)
  end
  local list, s = {}, f
  for i = 1, c do
    list[i] = s
    s = st:next(s)
  end
  if st.out then return list end
  local per_n = ORDERS[n] or {}
  ORDERS[n] = per_n
  local per_first = per_n[f] or {}
  per_n[f] = per_first
  per_first[c] = list
  return list
end

-- Deals 'pattern' (packet sizes) to the seats in 'order': for each packet,
-- every seat in order receives that many cards. 'order' is a list of seats,
-- or a seat: then the 'count' seats in play from it (every seat in play
-- when 'count' is nil), as st:order(first) lists them, with no list made
-- per deal. One C call (pile:deal with the order) deals to st.hands.
function deal.packets(st, order, pattern, count)
  -- a seat's list found with no call (this runs at every deal of a
  -- simulation); a list given as it is
  local per_n = ORDERS[st.n]
  local lists = per_n and not st.out and per_n[order]
  if lists then
    order = lists[count or st.n] or new_order(st, order, count)
  elseif type(order) ~= "table" then
    order = new_order(st, order, count)
  end
  if st.dealing then return from_given(st, order, pattern) end
  st.stock:deal(st.hands, pattern, order)
end

-- Draws one card from the stock (nil when empty).
function deal.draw(st)
  return st.stock:draw()
end

-- Turns the next card of the stock for trump (RULES.md §7 "turn-up trump
-- card that is drawn last"; KOZ-R5, BUR-R3, BES-R4): its suit becomes
-- st.trump, the card st.trump_card, and it goes under the stock, to be
-- drawn last. Returns the card.
function deal.turn_up(st)
  local card = st.stock:draw()
  st.trump, st.trump_card = card.suit, card
  st.stock:put_bottom(card)
  return card
end

-- Exchanges 'card' of 'hand' for the turned-up card under the stock
-- (deal.turn_up): 'card' goes under the stock in its place, to be drawn
-- last, and becomes st.trump_card; the turned card joins 'hand' (BES-R9:
-- the trump seven for the turn-up). Returns the card taken. Raises, and
-- changes nothing, when the stock is empty or 'hand' lacks 'card'.
function deal.exchange_turn_up(st, hand, card)
  local stock = st.stock
  local n = #stock
  if n == 0 then error("exchange_turn_up: the stock is empty", 2) end
  hand:remove(card) -- raises when it is not held, before anything moves
  stock:cut(n - 1) -- the bottom card comes on top, the order otherwise kept
  local up = stock:draw()
  stock:put_bottom(card)
  hand:add(up)
  st.trump_card = card
  return up
end

-- Refills the hands after a trick (RULES.md §7 "draw rotation from the
-- trick winner, one card at a time"; KOZ-R11, BUR-R9, BES-R7): from seat
-- 'first' on in the order of play, each seat in play short of 'size' cards
-- draws one card from the top of the stock, round after round, until every
-- hand holds 'size' or the stock is empty. A seat sitting out (st.out: an
-- eliminated party, KOZ-R14) draws nothing: its cards would never be
-- played. With 'whole', only whole rounds are drawn: a round begins only
-- when the stock holds a card for every seat in play short of 'size', and
-- the cards too few for a round stay in the stock (KZM-R8's `leftover`
-- option). Returns the number of cards drawn. One C call (pile:replenish)
-- instead of four per seat and round: it runs after every trick.
function deal.replenish(st, first, size, whole)
  return st.stock:replenish(st.hands, first, size, whole, st.out)
end

return deal
