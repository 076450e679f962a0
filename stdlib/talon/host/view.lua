-- talon.host.view: what one seat may see.
--
-- Built from the state by copying only public facts and the seat's own
-- cards; hidden cards (other hands, the stock, the discards, private events
-- of others) never enter the table, so a front end or a bot given a view
-- cannot leak them.
local seats = require "talon.seats"
local tricks = require "talon.tricks"
local passing = require "talon.passing"
local actions = require "talon.actions"
local visibility = require "talon.host.visibility"
local sandbox = require "talon.host.sandbox"
local plain = sandbox.plain

local view = {}

-- A copy of t[1..n] (default #t), its array allocated once (a view is
-- made for every decision of a bot: filling an empty table would grow it
-- at every power of two).
local function copy_list(t, n)
  return { table.unpack(t, 1, n or #t) }
end

-- The mover's legal actions as a view holds them: copies of the game's
-- action tables and of their Hands (a card is a value), so what a bot or a
-- view hook does to them changes nothing of the game's (Hokm's trump
-- actions are made once per file, for every game).
local function legal_copies(list)
  local out = {}
  for i, a in ipairs(list) do
    if type(a) == "table" then
      local arg = rawget(a, "arg")
      if actions.is_hand(arg) then arg = arg:copy() end
      a = actions.make(rawget(a, "verb"), arg, rawget(a, "extra"))
    end
    out[i] = a
  end
  return out
end

-- The current trick 'ct' (st.ctrick, nil outside trick phases) as every
-- seat sees it: seats[i] and cards[i], a Card, a set as a new Hand (the
-- game's own cannot be reached), or false for a face-down play (KOZ-R10);
-- led, the suit the lead counts as (the trump suit after Euchre's left
-- bower); best, the index of the play winning so far.
local function trick_of(ct)
  local n = ct and #ct or 0
  local tseats, cards = {}, {}
  for i = 1, n do
    local seat, c, down = tricks.at(ct, i)
    tseats[i], cards[i] = seat, not down and c
  end
  local led, best
  if n > 0 then led, best = ct:led(), (ct:winner()) end
  return { seats = tseats, cards = cards, led = led, best = best }
end

-- The framework's fields of every view and their types (docs/framework.md
-- §6): a view hook may add fields and change values, not these kinds.
local KINDS = {
  seat = "number", n = "number", hand = "userdata", sizes = "table", tricks_won = "table",
  scores = "table", names = "table", trick = "table", sides = "table", side_of = "table",
  options = "table", events = "table", chips = "table", stock = "number",
}

-- The view 'v', or an error naming the field the game's view hook made
-- another kind of value (a front end draws the table from them).
local function checked(g, v)
  for k, kind in pairs(KINDS) do
    if type(v[k]) ~= kind then
      error(("%s: the view hook made v.%s a %s, not a %s (a view is plain data: values with"
        .. " a metatable of the game's, and functions, are left out; docs/framework.md §6)")
        :format(g.where, k, type(v[k]), kind), 0)
    end
  end
  local t = v.trick
  if type(t.cards) ~= "table" or type(t.seats) ~= "table" then
    error(("%s: the view hook left v.trick without its cards and seats"):format(g.where), 0)
  end
  return v
end

-- The view of 'seat' in running game 'g' as the game made it (its view
-- hook's values as they are): what bots read, under their own budgets.
function view.raw(g, seat)
  local st = g.state
  if type(seat) ~= "number" or seat < 1 or seat > st.n or seat % 1 ~= 0 then
    error(("bad argument #1 to 'view' (seat 1..%d expected, got %s)"):format(st.n,
      tostring(seat)), 3)
  end
  local v = {
    seat = seat, n = st.n, phase = st.phase, mover = g.mover_seat,
    hand = st.hands[seat]:copy(), sizes = seats.slots(st.n),
    tricks_won = copy_list(st.tricks_won, st.n),
    stock = st.stock and #st.stock or 0, trump = st.trump, dealer = st.dealer,
    leader = st.leader, scores = copy_list(st.scores), names = copy_list(st.names),
    hand_no = st.hand_no,
    trick = trick_of(st.ctrick),
    known = st.known[seat] and st.known[seat]:copy() or nil,
    pot = st.pot, chips = copy_list(st.chips, #st.chips),
    sides = {}, side_of = copy_list(st.side_of, st.n), -- partnerships are public
    out = nil, -- the seats sitting out, a list (public)
    passing = passing.seen(st, seat), -- the hand's pass as this seat knows it, or nil
    options = {}, -- the rules in force are public
    -- every card place, its size, and its cards where the game's
    -- visibility declaration lets this seat see them
    places = visibility.seen(g.def, st, seat),
  }
  for k, o in pairs(st.opts) do v.options[k] = o end
  for i, side in ipairs(st.sides) do v.sides[i] = copy_list(side) end
  for s = 1, st.n do v.sizes[s] = #st.hands[s] end
  if st.out then
    local out = {}
    for s = 1, st.n do
      if st.out[s] then out[#out + 1] = s end
    end
    v.out = out
  end
  local evs = {}
  for _, ev in ipairs(g:events()) do
    if ev.to == nil or ev.to == seat then
      evs[#evs + 1] = { kind = ev.kind, text = ev.text, hand = ev.hand }
    end
  end
  v.events = evs
  if g.mover_seat == seat then v.legal = legal_copies(g:legal()) end
  if g.def.view then g.def.view(st, seat, v) end
  return v
end

-- The view of 'seat' in running game 'g' (docs/framework.md §6), as plain
-- data: front ends print it outside the game's budget, so nothing in it
-- may run the game's code (talon.host.sandbox.plain), and the fields they
-- draw the table from must keep their kinds.
function view.of(g, seat)
  return checked(g, plain(view.raw(g, seat)))
end

-- The view a bot is handed: as the game made it (a plain copy per
-- decision would cost a rule-bot simulation a third of its speed, and the
-- bot reads it under its own budget), built as a walk charged to the
-- game's meter, as g:view is.
view.for_bot = sandbox.method(view.raw)

return view