-- Seats sitting out (docs/framework.md §1 "The state"): an eliminated
-- player (KOZ-R14: with three players one is eliminated and the other two
-- play on) or the seats outside a showdown trick (BUR-R5). st:next and
-- st:prev pass over them, trick phases wait only for the seats in play,
-- and views say who sits out.
local t = require "talon.host.testing"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local record = require "talon.host.record"
local invariants = require "talon.host.invariants"
local tbl = require "talon.cli.table"
local talon = require "talon"

talon.style("ascii")

-- A test game: five one-card tricks a hand among the seats in play; the
-- seats in play with the fewest tricks take a penalty point, two points
-- sit a seat out for good, and the last seat in play wins.
local def = game.define {
  name = "Last one standing",
  summary = "a test game of elimination",
  players = { 3, 4 },
  direction = "cw",
  options = { players = { default = 3, values = { 3, 4 }, doc = "players" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  deal = function(st)
    local first = st:next(st.dealer)
    deal.packets(st, st:order(first), { 5 })
    st.turn = first
    return "play"
  end,
  phases = { play = tricks.phase {
    rules = { follow = true }, rule = "follow",
    on_trick = function(st, w) if #st.hands[w] == 0 then return "end" end end,
  } },
  score = function(st)
    local low
    for s = 1, st.n do
      if st:is_in(s) and (not low or st.tricks_won[s] < low) then low = st.tricks_won[s] end
    end
    for s = 1, st.n do
      if st:is_in(s) and st.tricks_won[s] == low then score.add(st, s, 1, nil, "fewest tricks") end
    end
  end,
  next_hand = function(st)
    for s = 1, st.n do
      if st:is_in(s) and st.scores[s] >= 2 and st.n_in > 1 then st:sit_out(s) end
    end
    st.dealer = st:next(st.dealer)
  end,
  match_over = function(st)
    if st.n_in > 1 then return nil end
    for s = 1, st.n do
      if st:is_in(s) then return score.result(st, s) end
    end
  end,
}

t.test("st:next and st:prev pass over the seats sitting out", function()
  local st = game.new(def, { seed = 1, options = { players = 4 } }).state
  t.eq({ st:next(4), st:prev(1), st.n_in, st.out }, { 1, 4, 4, nil }, "everyone in play")
  st:sit_out(2)
  t.eq({ st:next(1), st:prev(3), st.n_in, st:is_in(2) }, { 3, 1, 3, false })
  st:sit_out(3)
  t.eq({ st:next(1), st:next(4), st:prev(1) }, { 4, 1, 4 })
  st:sit_out(3)
  t.eq(st.n_in, 2, "sitting out twice counts once")
  t.eq(st:order(4), { 4, 1 }, "the order to deal in")
  st:sit_out(4)
  t.checkerror("seat 1 cannot sit out: nobody else is in play", st.sit_out, st, 1)
  st:sit_in(2); st:sit_in(3); st:sit_in(4)
  t.eq({ st.n_in, st.out, st:next(1) }, { 4, nil, 2 }, "all back in play")
end)

-- A hand among the seats in play only: with seat 2 out of three after the
-- first hand, seat 2 gets no cards and never moves, and every trick ends
-- after the two cards of seats 1 and 3.
t.test("a trick phase waits only for the seats in play", function()
  local d = {}
  for k, v in pairs(def) do d[k] = v end
  d.next_hand = function(st)
    st:sit_out(2)
    st.dealer = st:next(st.dealer)
  end
  local g = game.new(game.define(d), { seed = 1, hands = 2 })
  local rng = talon.rng(1)
  while g.state.hand_no == 1 do g:play(g:random(rng)) end
  local st = g.state
  t.eq(#st.hands[2], 0, "no cards for the seat sitting out")
  t.eq(g:view(1).out, { 2 }, "views list the seats sitting out")
  t.ok(tbl.render(g:view(1), "Last"):find("P2: sits out", 1, true), "the table says so")
  local played = st.tricks_played
  while not g:over() do
    t.ok(g:mover() ~= 2, "seat 2 never moves")
    g:play(g:random(rng))
    if #st.ctrick == 0 and st.tricks_played == played + 1 then
      played = played + 1
    end
  end
  t.eq(played, 5, "five tricks of two cards: ten cards for two seats")
end)

t.test("random matches eliminate to the last seat in play, every invariant holding", function()
  for _, n in ipairs({ 3, 4 }) do
    t.eq(invariants.run(def, { options = { players = n } }, 40), nil, n .. " players")
    local g = game.new(def, { seed = 9, options = { players = n }, quiet = true })
    g:playout(talon.rng(9))
    local res = g:result()
    t.ok(res and res.winner and g.state:is_in(res.winner), "the last seat in play wins")
    t.eq(g.state.n_in, 1)
  end
end)

-- The batch path of tricks.phase plays every seat; with seats out the
-- playout plays one card at a time and the record is that of g:play.
t.test("with seats out a quiet playout equals g:play card by card", function()
  for seed = 1, 8 do
    local a = game.new(def, { seed = seed, quiet = true })
    local b = game.new(def, { seed = seed, quiet = true })
    local ra, rb = talon.rng(seed), talon.rng(seed)
    a:playout(ra)
    while not b:over() do b:play(b:random(rb)) end
    t.eq(record.write(a), record.write(b), "seed " .. seed)
  end
end)

-- A seat may sit out for one hand (a lone player's partner, EUC-R4): it
-- plays no card in that hand, is back in play for the next, and the deal
-- still rotates round every seat. Here the seat after the dealer sits out
-- of each hand.
t.test("sitting out for one hand: back next hand, the dealer's rotation unchanged", function()
  local d = {}
  for k, v in pairs(def) do d[k] = v end
  local dealers, out = {}, {}
  d.deal = function(st)
    dealers[#dealers + 1] = st.dealer
    t.eq({ st.out, st.n_in }, { nil, st.n }, "everyone in play at the deal")
    local first = st:next(st.dealer)
    st:sit_out(first, "hand")
    out[#out + 1] = first
    deal.packets(st, st:order(st:next(first)), { 5 })
    st.turn = st:next(first)
    return "play"
  end
  d.next_hand = nil
  d.match_over = function() return nil end
  local g = game.new(game.define(d), { seed = 3, hands = 5, options = { players = 4 } })
  local rng = talon.rng(3)
  while not g:over() do
    local seat = g:mover()
    t.ok(seat ~= out[#out], "the seat out never moves")
    g:play(g:random(rng))
  end
  t.eq(dealers, { 1, 2, 3, 4, 1 }, "the deal passes to the left, every seat in turn")
  t.eq(out, { 2, 3, 4, 1, 2 }, "a seat out for one hand")
  t.eq({ g.state.out, g.state.n_in }, { nil, 4 }, "back in play after the hand")
  t.checkerror('"hand" or nil expected', g.state.sit_out, g.state, 1, "match")
  t.checkerror("a seat 1 to 4 expected, got 5", g.state.sit_out, g.state, 5)
end)

-- The batch path stays on while a seat sits out: on_trick is then called
-- from the one C call that plays the tricks, and the record is the same as
-- g:play's, card by card.
t.test("with a seat out for the hand the quiet playout still plays whole tricks in C", function()
  local d = {}
  for k, v in pairs(def) do d[k] = v end
  local batched = 0
  d.deal = function(st)
    st:sit_out(2, "hand")
    deal.packets(st, st:order(1), { 5 })
    st.turn = 1
    return "play"
  end
  d.phases = { play = tricks.phase {
    rules = { follow = true }, rule = "follow",
    on_trick = function(st, w)
      if debug.traceback():find("play_tricks", 1, true) then batched = batched + 1 end
      if #st.hands[w] == 0 then return "end" end
    end,
  } }
  d.next_hand, d.match_over = nil, function() return nil end
  local dd = game.define(d)
  for seed = 1, 6 do
    local a = game.new(dd, { seed = seed, quiet = true, hands = 3, options = { players = 3 } })
    local b = game.new(dd, { seed = seed, quiet = true, hands = 3, options = { players = 3 } })
    local ra, rb = talon.rng(seed), talon.rng(seed)
    a:playout(ra)
    while not b:over() do b:play(b:random(rb)) end
    t.eq(record.write(a), record.write(b), "seed " .. seed)
    t.eq(#a.act, 3 * 10, "two seats of three play five cards in each of three hands")
  end
  t.ok(batched > 0, "on_trick was called from t:play_tricks")
end)
