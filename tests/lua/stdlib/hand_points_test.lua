-- What a hand brings each side (g:hand_points(), the "points per hand" of
-- talon sim and the variant lab) is the whole change of the accounts from
-- the deal to the scoring: points credited during play count with the
-- score hook's, as a Besigue meld is credited when it is declared
-- (BES-R16) and a Hosgin declaration of HOSGIN at once (HOS-R24). A hand
-- that counted the score hook alone showed a Besigue deal as its card
-- points only.
local t = require "talon.host.testing"
local game = require "talon.game"
local score = require "talon.score"
local deal = require "talon.deal"
local actions = require "talon.actions"
local fork = require "talon.host.fork"
local sandbox = require "talon.host.sandbox"
local loader = require "talon.host.loader"
local toy = require "tests.lua.stdlib.toy_support"
local talon = require "talon"

local BANK = actions.make("bank")


-- Two players, four cards each, tricks without obligations; once a hand
-- a player may "bank" 3 points at once; the score hook gives each side
-- 1 point a trick.
local bank_game = game.define {
  name = "Bank", summary = "points at once and at the end", players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "players" } },
  deck = { ranks = "A K Q J", suits = "S H" },
  deal = function(st)
    deal.packets(st, st:next(st.dealer), { 4 })
    st.ctrick, st.turn, st.banked, st.taken = toy.trick(st, nil), st:next(st.dealer),
      { false, false }, { 0, 0 }
    return "play"
  end,
  phases = {
    play = {
      doc = "a card, or bank", verbs = { "bank" }, trick = toy.trick,
      mover = function(st) return st.turn end,
      legal = function(st, seat)
        local list = st.hands[seat]:cards()
        if not st.banked[seat] then list[#list + 1] = BANK end
        return list
      end,
      apply = function(st, seat, a)
        if not actions.is_card(a) then
          st.banked[seat] = true
          score.add_now(st, st.side_of[seat], 3, nil, "banked")
          return nil
        end
        local w = toy.play(st, seat, a)
        if not w then return nil end
        st.taken[w] = st.taken[w] + 1
        if #st.hands[w] == 0 then return "end" end
        return nil
      end,
    },
  },
  score = function(st)
    for s = 1, 2 do score.add(st, st.side_of[s], st.taken[s], nil, "tricks") end
  end,
}

-- Plays the hand: the first mover banks, then cards at random.
local function banked_hand(g, rng)
  g:play(BANK)
  while not g:over() do
    local a = g:random(rng)
    if actions.is_card(a) then g:play(a) else g:play(g:legal()[1]) end
  end
end

t.test("points credited during the hand count in its points, with the score hook's", function()
  for seed = 1, 20 do
    local g = game.new(bank_game, { seed = seed, hands = 1, scores = { 10, 20 } })
    local banker = g:mover()
    banked_hand(g, talon.rng(seed))
    local pts, taken = g:hand_points()[1], g.state.taken
    t.eq(pts[g.state.side_of[banker]], 3 + taken[banker],
      ("seed %d: the banker's side: 3 banked and a point a trick"):format(seed))
    local other = banker % 2 + 1
    t.eq(pts[g.state.side_of[other]], taken[other],
      ("seed %d: the other side: a point a trick"):format(seed))
    t.eq(pts[1] + pts[2], 7, "4 tricks and the 3 banked")
  end
end)

t.test("a fork made during the hand leaves the game's hand points as they were", function()
  local g = game.new(bank_game, { seed = 5, hands = 1, quiet = true, scores = { 10, 20 } })
  g:play(BANK)
  local f
  assert(sandbox.call(function()
    f = fork.of(g, sandbox.meter("test"), true)
    f:playout(talon.rng(9))
  end))
  local fs = f:scores()
  t.eq(f:hand_points(), { { fs[1] - 10, fs[2] - 20 } }, "the fork's hand, from the deal")
  g:playout(talon.rng(3))
  local s = g:scores()
  t.eq(g:hand_points(), { { s[1] - 10, s[2] - 20 } }, "the game's hand, from the deal")
  t.ok(s[1] + s[2] >= 37, "4 tricks and at least the 3 banked")
end)

-- The first meld on offer, else a random action other than a declaration
-- of out (a wrong one forfeits the deal, BES-R10).
local function melding(g, rng)
  local list = g:legal()
  for _, a in ipairs(list) do
    if type(a) == "table" and a.verb == "meld" then return a, true end
  end
  local a = g:random(rng)
  if type(a) == "table" and a.verb == "out" then
    for _, b in ipairs(list) do
      if not (type(b) == "table" and b.verb == "out") then return b, false end
    end
  end
  return a, false
end

t.test("BES-R16: a Besigue deal's points hold its melds as well as its card points", function()
  local def = assert(loader.load("besigue"))
  local seen = 0
  for seed = 1, 6 do
    local g = game.new(def, { seed = seed, hands = 1, quiet = true })
    local rng, melded = talon.rng(seed), 0
    while not g:over() do
      local a, meld = melding(g, rng)
      if meld then melded = melded + 1 end
      g:play(a)
    end
    local pts, scores = g:hand_points()[1], g:scores()
    t.eq(pts, scores, ("seed %d: one deal from nothing: its points are the scores"):format(seed))
    local card_points = 0
    for side = 1, 2 do card_points = card_points + g.state.won[side]:points() end
    t.ok(pts[1] + pts[2] > card_points + 10 or melded == 0,
      ("seed %d: %d melds: more than the card points and the last trick"):format(seed, melded))
    if melded > 0 then seen = seen + 1 end
  end
  t.eq(seen, 6, "every deal had a meld")
end)
