-- The search's futures try their seats' hands before card play
-- (docs/search.md "The search"): on a scale offered beside another
-- action (a bid beside a pass) a seat probes what taking the lowest value
-- brings its side and stakes no more than that, and among a few actions
-- none of which ends the hand (the trump to name) it takes the one whose
-- fork went best. This is what makes a Hosgin future's auction like one
-- at the table: a declarer scores what he makes only when he makes more
-- than his bid, and loses his bid otherwise (RULES.md §1.9, HOS-R29).
local t = require "talon.host.testing"
local game = require "talon.game"
local score = require "talon.score"
local actions = require "talon.actions"
local fork = require "talon.host.fork"
local policy = require "talon.host.policy"
local sandbox = require "talon.host.sandbox"
local talon = require "talon"

local PASS = actions.make("pass")

-- A test game of one auction, as Hosgin's in small: in turn each seat
-- raises ('verb' v, any v above the highest, up to 'top') or passes for
-- good; once the last bidder is left, settle(st, seat, high) scores his
-- contract. 'verbs': the definition's `actions`.
local function auction(name, verb, top, settle, verbs)
  local bids = {}
  for v = 1, top do bids[v] = actions.make(verb, v) end
  return game.define {
    name = name, summary = "contract for what your hand makes", players = { 3 },
    direction = "cw",
    options = { players = { default = 3, values = { 3 }, doc = "players" } },
    deck = { ranks = "A K Q" },
    actions = verbs,
    deal = function(st)
      st.turn, st.high, st.holder, st.out = 1, 0, nil, {}
      return "auction"
    end,
    phases = {
      auction = {
        doc = "raise or pass", verbs = { verb, "pass" },
        mover = function(st) return st.turn end,
        legal = function(st)
          local list = { PASS }
          for v = st.high + 1, top do list[#list + 1] = bids[v] end
          return list
        end,
        apply = function(st, seat, a)
          if a.verb == verb then
            st.high, st.holder = a.arg, seat
          else
            st.out[seat] = true
          end
          local left = 0
          for s = 1, 3 do if not st.out[s] then left = left + 1 end end
          local d = st.holder
          if left == 0 or (left == 1 and d and not st.out[d]) then
            if d then settle(st, d, st.high) end
            return "end"
          end
          repeat st.turn = st:next(st.turn) until not st.out[st.turn]
          return nil
        end,
      },
    },
    score = function() end,
  }
end

-- Bids of points: the last bidder scores what his hand is worth (4, 12
-- and 0 for seats 1 to 3) when it is worth more than his bid, and loses
-- his bid otherwise.
local WORTH = { 4, 12, 0 }
local stakes = auction("Stakes", "bid", 20, function(st, d, high)
  local w = WORTH[d]
  score.add(st, st.side_of[d], w > high and w or -high, nil, "the contract")
end)

-- Contracts in tricks (a verb of type "tricks", docs/framework.md §3):
-- the last bidder takes the tricks his hand takes (2, 5 and 0 for seats
-- 1 to 3) and scores ten a trick of his contract and one an overtrick
-- when he takes as many as he contracted for, else loses ten a trick of
-- it. Read in points, a probe of contract 1 would make 11 or 14 and both
-- first seats would raise past what they take.
local TAKES = { 2, 5, 0 }
local contracts = auction("Contracts", "contract", 8, function(st, d, high)
  local took = TAKES[d]
  st.tricks_won[d] = took
  score.add(st, st.side_of[d], took >= high and 10 * high + took - high or -10 * high, nil,
    "the contract")
end, { contract = "tricks" })

-- A test game of one choice that does not end the hand: seat 1 names a,
-- b or c (worth 1, 5 and -3 to its side), then seat 2 says "ok", which
-- ends it.
local NAMES = { a = 1, b = 5, c = -3 }
local NAME_LIST = { actions.make("name", "a"), actions.make("name", "b"),
                    actions.make("name", "c") }
local OK = actions.make("ok")
local naming = game.define {
  name = "Naming", summary = "name the best", players = { 3 }, direction = "cw",
  options = { players = { default = 3, values = { 3 }, doc = "players" } },
  deck = { ranks = "A K Q" },
  deal = function() return "name" end,
  phases = {
    name = {
      doc = "name one", verbs = { "name" },
      mover = function() return 1 end,
      legal = function() return NAME_LIST end,
      apply = function(st, _, a)
        st.named = NAMES[a.arg]
        return "ok"
      end,
    },
    ok = {
      doc = "say ok", verbs = { "ok" },
      mover = function() return 2 end,
      legal = function() return { OK } end,
      apply = function(st)
        score.add(st, st.side_of[1], st.named, nil, "the name")
        return "end"
      end,
    },
  },
  score = function() end,
}

-- A test game of a sequence of choices: seat 1 says "up" or "down" three
-- times (as Hokm's draw keeps or drops a card at a time), each "up"
-- worth a point.
local UP, DOWN = actions.make("up"), actions.make("down")
local sequence = game.define {
  name = "Sequence", summary = "three choices in a row", players = { 3 }, direction = "cw",
  options = { players = { default = 3, values = { 3 }, doc = "players" } },
  deck = { ranks = "A K Q" },
  deal = function(st)
    st.said = 0
    return "say"
  end,
  phases = {
    say = {
      doc = "up or down", verbs = { "up", "down" },
      mover = function() return 1 end,
      legal = function() return { UP, DOWN } end,
      apply = function(st, _, a)
        if a == UP then score.add(st, st.side_of[1], 1, nil, "up") end
        st.said = st.said + 1
        if st.said == 3 then return "end" end
        return nil
      end,
    },
  },
  score = function() end,
}

-- The scores of one future of a game of 'def' from its start, played with
-- or without the seats trying their hands (and the look used).
local function future(def, seed, look)
  local g = game.new(def, { seed = seed, hands = 1, quiet = true })
  local scores
  local l = look and policy.look(1) or nil
  assert(sandbox.call(function()
    local w = fork.of(g, sandbox.meter("test"), true)
    policy.rollout(w, talon.rng(seed), nil, l)
    scores = { table.unpack(w.state.scores) }
  end))
  return scores, l
end

t.test("a seat of a future stakes on a scale what its probe made", function()
  -- seat 1 (worth 4) raises to 3 and passes at 5; seat 2 (worth 12)
  -- outbids it at 4 and makes 12; seat 3 (worth 0) never bids
  for seed = 1, 30 do
    t.eq(table.concat(future(stakes, seed, true), " "), "0 12 0", "seed " .. seed)
  end
  local like = 0
  for seed = 1, 30 do
    local s = future(stakes, seed, false)
    if s[2] == 12 and s[1] == 0 and s[3] == 0 then like = like + 1 end
  end
  t.ok(like < 20, ("random bidders seldom end so (%d of 30)"):format(like))
end)

t.test("a scale of tricks is staked in the tricks the probe took", function()
  -- seat 1 (takes 2) contracts for 1, seat 2 (takes 5) for 2, seat 3
  -- (takes 0) passes, seat 1 passes at 3 (more than it takes); seat 2
  -- makes its 2 with 3 overtricks
  for seed = 1, 30 do
    t.eq(table.concat(future(contracts, seed, true), " "), "0 23 0", "seed " .. seed)
  end
end)

t.test("a seat of a future tries a few actions and takes the best", function()
  for seed = 1, 30 do
    t.eq(future(naming, seed, true)[1], 5, "seed " .. seed .. ": seat 1 names b")
  end
  local best = 0
  for seed = 1, 30 do
    if future(naming, seed, false)[1] == 5 then best = best + 1 end
  end
  t.ok(best < 20, ("a random seat names b a third of the time (%d of 30)"):format(best))
end)

t.test("the same seed gives the same future", function()
  for seed = 1, 10 do
    for _, def in ipairs({ stakes, naming }) do
      t.eq(table.concat(future(def, seed, true), " "), table.concat(future(def, seed, true), " "),
        "seed " .. seed)
    end
  end
end)

t.test("a phase a seat meets again in a hand is left to chance after the first time", function()
  local ups = 0
  for seed = 1, 30 do
    local s, look = future(sequence, seed, true)
    t.ok(look.phases.say.again, "seed " .. seed .. ": the phase is marked as met again")
    t.ok(s[1] >= 1, "seed " .. seed .. ": the first choice, tried, is up")
    ups = ups + s[1]
  end
  t.ok(ups < 80, ("the later choices are random (%d ups of 90)"):format(ups))
end)
