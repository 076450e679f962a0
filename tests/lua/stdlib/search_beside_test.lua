-- Declarations beside the cards in the search's futures, and an action
-- that wins the match at once (docs/search.md "The search"). A phase of
-- card play may offer other actions with the cards, as Besigue's lead
-- offers a meld, a seven shown or out (BES-R8 … BES-R10): a seat of the
-- futures tries each such verb once; one that scores at once (a meld) it
-- takes whenever offered, one that gains nothing (a wrong out forfeits
-- the deal's melds) it draws no more, and one that ends the hand stays
-- with chance. And a declaration of out that wins the match (BES-R10) is
-- taken over actions whose futures score more points.
local t = require "talon.host.testing"
local game = require "talon.game"
local score = require "talon.score"
local deal = require "talon.deal"
local actions = require "talon.actions"
local fork = require "talon.host.fork"
local policy = require "talon.host.policy"
local search = require "talon.host.search"
local knowledge = require "talon.host.knowledge"
local sandbox = require "talon.host.sandbox"
local toy = require "tests.lua.stdlib.toy_support"
local talon = require "talon"
local searchbot = require "talon.cli.searchbot"
local advice = require "talon.cli.advice"

local BOAST, BANK, CLAIM = actions.make("boast"), actions.make("bank"), actions.make("claim")


-- Two players, four cards each, tricks without obligations; at each turn
-- beside the cards: "boast" (nothing at once, 5 points off at the end of
-- the hand), "bank" (1 point at once, once a hand unless 'again') and
-- "claim" (ends the hand).
local function beside_game(again)
  local function play_card(st, seat, card)
    local w = toy.play(st, seat, card)
    if w and #st.hands[w] == 0 then return "end" end
    return nil
  end
  return game.define {
    name = "Beside", summary = "cards with declarations beside them", players = { 2 },
    direction = "cw",
    options = { players = { default = 2, values = { 2 }, doc = "players" } },
    deck = { ranks = "A K Q J", suits = "S H" },
    deal = function(st)
      deal.packets(st, st:next(st.dealer), { 4 })
      st.ctrick, st.turn = toy.trick(st, nil), st:next(st.dealer)
      st.boasts, st.banked = { 0, 0 }, { false, false }
      return "play"
    end,
    phases = {
      play = {
        doc = "a card, or boast, bank or claim", verbs = { "boast", "bank", "claim" },
        trick = toy.trick,
        mover = function(st) return st.turn end,
        legal = function(st, seat)
          local list = st.hands[seat]:cards()
          list[#list + 1] = BOAST
          if again or not st.banked[seat] then list[#list + 1] = BANK end
          list[#list + 1] = CLAIM
          return list
        end,
        apply = function(st, seat, a)
          if actions.is_card(a) then return play_card(st, seat, a) end
          if a.verb == "claim" then return "end" end
          if a.verb == "bank" then
            st.banked[seat] = true
            score.add_now(st, st.side_of[seat], 1, nil, "banked")
          else
            st.boasts[seat] = st.boasts[seat] + 1
          end
          return nil
        end,
      },
    },
    score = function(st)
      for s = 1, 2 do
        if st.boasts[s] > 0 then score.add(st, st.side_of[s], -5 * st.boasts[s], nil, "boasts") end
      end
    end,
  }
end

-- One future of a new game of 'def', with or without the futures' look:
-- its actions' verbs ("card" for a card) and seats, in order.
local function future(def, seed, look)
  local g = game.new(def, { seed = seed, hands = 1, quiet = true })
  local verbs, seats = {}, {}
  assert(sandbox.call(function()
    local w = fork.of(g, sandbox.meter("test"), true)
    policy.rollout(w, talon.rng(seed), nil, look and policy.look(1) or nil)
    for i = 1, w.nact do
      local a = w.act[i]
      verbs[i], seats[i] = actions.is_card(a) and "card" or a.verb, w.act_seat[i]
    end
  end))
  return verbs, seats
end

local function count(list, verb)
  local n = 0
  for _, v in ipairs(list) do
    if v == verb then n = n + 1 end
  end
  return n
end

t.test("a declaration beside the cards is taken, drawn no more or left to chance", function()
  local def = beside_game()
  local boasts, claims, plain_boasts, plain_first_banks = 0, 0, 0, 0
  for seed = 1, 60 do
    local verbs = future(def, seed, true)
    boasts, claims = boasts + count(verbs, "boast"), claims + count(verbs, "claim")
    t.eq(verbs[1], "bank", ("seed %d: a bank scores at once: the first mover takes it"):format(
      seed))
    local random_verbs = future(def, seed, false)
    plain_boasts = plain_boasts + count(random_verbs, "boast")
    if random_verbs[1] == "bank" then plain_first_banks = plain_first_banks + 1 end
  end
  t.eq(boasts, 0, "with the look no seat boasts: its one try gained nothing")
  t.ok(plain_boasts > 10, ("drawn at random, seats boast (%d times in 60)"):format(plain_boasts))
  t.ok(plain_first_banks < 30, ("at random a first bank is rarer (%d of 60)")
    :format(plain_first_banks))
  t.ok(claims > 10, ("a claim ends the hand and stays with chance (%d)"):format(claims))
end)

t.test("a declaration that scores at once is not taken twice in a row", function()
  local def = beside_game(true) -- bank offered at every turn
  local banks, again = 0, 0
  for seed = 1, 30 do
    local verbs, seats = future(def, seed, true)
    t.ok(#verbs < 100, ("seed %d: the future ends (%d actions)"):format(seed, #verbs))
    for i = 1, #verbs do
      if verbs[i] == "bank" then
        banks = banks + 1
        if i > 1 and verbs[i - 1] == "bank" and seats[i] == seats[i - 1] then
          again = again + 1
        end
      end
    end
  end
  -- taken at each turn, again only by chance (one action in six or so)
  t.ok(banks >= 30 and again * 3 < banks, ("%d banks, %d straight after the seat's own")
    :format(banks, again))
end)

t.test("g:playout's judge: a table judged 1 is taken, one judged -1 drawn again", function()
  local def = beside_game()
  for seed = 1, 30 do
    local g = game.new(def, { seed = seed, hands = 1, quiet = true })
    g:playout(talon.rng(seed), nil, false, function(_, a)
      t.ok(not actions.is_card(a), "only a table is judged")
      return a.verb == "claim" and 1 or -1
    end)
    t.eq(g.nact, 1, "the claim is taken at once")
    t.eq(g.act[1].verb, "claim")
    g = game.new(def, { seed = seed, hands = 1, quiet = true })
    g:playout(talon.rng(seed), nil, false, function() return -1 end)
    for i = 1, g.nact do
      t.ok(actions.is_card(g.act[i]), ("seed %d: only cards are played"):format(seed))
    end
    t.ok(g:over(), "the hand ends")
  end
end)

-- One phase: "go" scores 3 and ends the hand; a side with 12 wins the
-- match (the highest score wins, as random matches show the search).
-- "stop", offered to a side 3 or more ahead (never in a random match,
-- where the sides take turns to go), ends the match at once, won by the
-- mover's side ('mine') or by the other.
local function race(mine)
  local STOP, GO = actions.make("stop"), actions.make("go")
  return game.define {
    name = "Race", summary = "stop or go", players = { 2 }, direction = "cw",
    options = { players = { default = 2, values = { 2 }, doc = "players" } },
    deck = { ranks = "A K" },
    deal = function(st)
      st.turn = st:next(st.dealer)
      return "choose"
    end,
    phases = {
      choose = {
        doc = "stop or go", verbs = { "stop", "go" },
        mover = function(st) return st.turn end,
        legal = function(st, seat)
          local own = st.side_of[seat]
          if st.scores[own] >= st.scores[3 - own] + 3 then return { GO, STOP } end
          return { GO }
        end,
        apply = function(st, seat, a)
          if a.verb == "stop" then
            st.stopped = mine and seat or st:next(seat)
          else
            score.add(st, st.side_of[seat], 3, nil, "go")
          end
          return "end"
        end,
      },
    },
    score = function() end,
    match_over = function(st)
      if st.stopped then return score.result(st, st.side_of[st.stopped]) end
      for side = 1, 2 do
        if st.scores[side] >= 12 then return score.result(st, side) end
      end
      return nil
    end,
  }
end

local function best_of(def, tree)
  local g = game.new(def, { seed = 3, quiet = true, scores = { 3, 6 } })
  local seat = g:mover()
  t.eq(g.state.side_of[seat], 2, "the side 3 ahead moves")
  local r = search.estimate(g, seat, knowledge.new(g, seat), { playouts = 40, rng = talon.rng(3),
                                                               tree = tree })
  return g:text(r.actions[r.best]), r, g
end

t.test("an action that wins the match at once is taken over more points", function()
  local best, r, g = best_of(race(true))
  t.eq(best, "stop", "stop wins the match")
  t.eq(r.actions[r.wins].verb, "stop", "and the estimate says it wins")
  t.ok(searchbot.reason(g, r):find("stop wins the match at once", 1, true),
    "the bot's reason says why")
  t.ok(table.concat(advice.lines(r), "\n"):find("best, wins the match at once", 1, true),
    "and so does the table of `hint` and `talon analyse`")
  t.ok(r.mean[1] > r.mean[2], ("though go's futures score more (%s against %s)")
    :format(r.mean[1], r.mean[2]))
  best, r = best_of(race(false))
  t.eq(best, "go", "a stop that hands the match to the other side is not taken")
  t.eq(r.wins, nil)
  best, r = best_of(race(true), true)
  t.eq(best, "stop", "the tree search (ismcts) takes it too")
  t.eq(r.actions[r.wins].verb, "stop")
end)
