-- The one-card step of tricks.phase (g:play in a quiet, unchecked game:
-- t:step, docs/framework.md "Trick phases") against the ordinary path
-- (the same game checked: apply, mover and legal, one protected call per
-- action). Every game and house rule must give the same records, scores
-- and refusals both ways, and a state the step does not know must go the
-- ordinary way, its errors included.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"

local GAMES = {
  { "hokm" }, { "hokm", 3 }, { "hokm", 2 }, { "hokm-must-trump" }, { "hokm-no-trump-lead" },
  { "hokm-jass-trumps" }, { "hokm-ten-high" }, { "hokm-all-tricks" },
  { "hokm-trump-after-four" }, { "hearts" }, { "euchre" },
}

-- Plays one hand with g:play(g:random(rng)); after every action, the
-- refusal of each card of the mover's hand that is not legal (its text).
-- Returns the record's texts, the refusals and the scores.
local function hand(def, players, seed, checking)
  local options = players and { players = players } or nil
  local g = game.new(def, { seed = seed, quiet = true, hands = 1, options = options,
                            checking = checking })
  local rng, texts, refusals = talon.rng(seed), {}, {}
  while not g:over() do
    local h = g:legal_hand()
    if h then
      local st = g.state
      for _, c in ipairs(st.hands[g:mover()]:cards()) do
        if h:count(c) == 0 then
          local ok, v = g:try(c)
          refusals[#refusals + 1] = tostring(ok) .. " " .. tostring(v) .. " " .. tostring(v.rule)
        end
      end
    end
    local a = g:random(rng)
    texts[#texts + 1] = actions.text(a)
    g:play(a)
  end
  return table.concat(texts, " "), table.concat(refusals, "\n"), table.concat(g:scores(), " ")
end

t.test("the step plays every game and house rule as the ordinary path does", function()
  for _, case in ipairs(GAMES) do
    local def = assert(loader.load(case[1]))
    for seed = 1, 12 do
      local fast, fast_no, fast_scores = hand(def, case[2], seed, nil)
      local slow, slow_no, slow_scores = hand(def, case[2], seed, true)
      local what = ("%s %s seed %d"):format(case[1], tostring(case[2] or ""), seed)
      t.eq(fast, slow, what .. ": the record")
      t.eq(fast_no, slow_no, what .. ": the refusals")
      t.eq(fast_scores, slow_scores, what .. ": the scores")
    end
  end
end)

t.test("the step is taken in a quiet game of tricks.phase, and kept by trick-rule data", function()
  for _, name in ipairs { "hokm", "hokm-must-trump", "hokm-no-trump-lead", "hearts" } do
    local def = assert(loader.load(name))
    local ph = def.phases.play
    t.ok(ph.step ~= nil and tricks.step_holds(ph), name .. ": the play phase keeps its step")
  end
  local def = assert(loader.load("hokm"))
  local wrapped = {}
  for k, v in pairs(def.phases.play) do wrapped[k] = v end
  local legal = wrapped.legal
  wrapped.legal = function(st, seat) return legal(st, seat) end
  t.eq(tricks.step_holds(wrapped), false, "a wrapped legal hook turns the step off")
end)

-- A state the step does not know (the won counts replaced by the game
-- with a table that answers through __index) goes the ordinary way: the
-- game's own values are met inside the protected call, as before.
t.test("a replaced count table goes the ordinary way, with its error", function()
  local def = assert(loader.load("hokm"))
  for _, checking in ipairs { false, true } do
    local g = game.new(def, { seed = 3, quiet = true, hands = 1, checking = checking or nil })
    local rng = talon.rng(3)
    g:play(g:random(rng)) -- trump
    local st = g.state
    st.tricks_won = setmetatable({}, { __index = function() error("counts read") end })
    local ok, err
    for _ = 1, 8 do
      local k = g.nact
      ok, err = pcall(g.play, g, g:random(rng))
      if not ok then
        t.eq(g.nact, k, "the failing action is not recorded")
        break
      end
    end
    t.eq(ok, false, "the end of the first trick reads the counts")
    t.ok(tostring(err):find("counts read", 1, true), tostring(err))
  end
end)

t.test("t:step refuses what it does not know and changes nothing", function()
  local d = talon.deck { ranks = "A K Q J" }
  local rules = talon.trickrules(d, { follow = true })
  local tr = talon.trick(rules, "S")
  local hands, won = { d:hand("AS KS"), d:hand("AH KH") }, { d:hand(), d:hand() }
  local into = d:hand()
  local AS = d:card("AS")
  t.eq(tr:step(hands, 1, AS, 2, 2, into, { true }, won, { 0, 0 }, { 1, 2 }, nil, 0), false,
    "a seat out")
  t.eq(tr:step(hands, 1, d:card("QS"), 2, 2, into, nil, won, { 0, 0 }, { 1, 2 }, nil, 0), false,
    "a card not held")
  t.eq(tr:step(hands, 1, AS, 2, 2, hands[2], nil, won, { 0, 0 }, { 1, 2 }, nil, 0), false,
    "the legal Hand is a hand")
  t.eq(tr:step(hands, 1, AS, 2.0, 2, into, nil, won, { 0, 0 }, { 1, 2 }, nil, 0), false,
    "a count that is a float")
  t.eq(#tr, 0, "nothing played")
  t.eq(tostring(hands[1]), tostring(d:hand("AS KS")), "nothing taken")
  t.eq(tr:step(hands, 1, AS, 2, 2, into, nil, won, { 0, 0 }, { 1, 2 }, nil, 0), 2,
    "seat 2 plays next")
  t.eq(tostring(into), tostring(d:hand("AH KH")), "void in spades: any card")
  -- the last card of the trick: seat 1 wins (AS, trump), counts[1] + 1
  local counts = { 0, 0 }
  local w, played = tr:step(hands, 2, d:card("KH"), 2, 2, into, nil, won, counts, { 1, 2 }, nil, 4)
  t.eq(w, 1, "the winner")
  t.eq(played, 5, "tricks played")
  t.eq(counts[1], 1, "counted")
  t.eq(tostring(won[1]), tostring(d:hand("AS KH")), "won")
  t.eq(#tr, 0, "the trick emptied")
  t.eq(tostring(into), tostring(d:hand("KS")), "the winner's legal cards")
  -- the hand's last trick: the hook is due, nothing changes
  t.eq(tr:step(hands, 1, d:card("KS"), 2, 2, into, nil, won, counts, { 1, 2 }, nil, 5), 2)
  t.eq(tr:step(hands, 2, d:card("AH"), 2, 2, into, nil, won, counts, { 1, 2 }, nil, 5), false,
    "the last trick: due")
  t.eq(#tr, 1, "still one card in the trick")
  t.eq(counts[1], 1, "not counted")
  t.eq(tr:step(hands, 2, d:card("AH"), 2, 2, into, nil, won, false, { 1, 2 }, nil, 5), false,
    "no counts: due after every trick")
end)
