-- Euchre (docs/games/euchre.md, EUC-R1 … EUC-R9), driven by explicit
-- deals: the bidding rounds, the dealer's discard, going alone and
-- defending alone (the partner sits out for the hand), the table-rule
-- switches, and the scoring. OpenSpiel's random hands are replayed move
-- for move by tests/parity/openspiel_euchre.lua; here random hands are
-- also played against the parity reference (tests/parity/euchre_ref.lua)
-- with every option set.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local record = require "talon.host.record"
local invariants = require "talon.host.invariants"
local talon = require "talon"
local ref = require "tests.parity.euchre_ref"

talon.style("ascii")

local def = assert(loader.load("euchre"))

-- Seat 4 deals and turns up 10♥; seat 1 holds both red jacks.
local DEAL = { dealer = 4, stock = "TH KH QH JS", hands = {
  "JH JD AH KD 9S", "9H TC JC QC KC", "AS KS QS TS AD", "9C AC QD TD 9D" } }

local function new(opts, hands)
  return game.new(def, { seed = 1, hands = hands or 1, options = opts or {}, deal = DEAL })
end

local function texts(g)
  local list = {}
  for i, a in ipairs(g:legal()) do list[i] = g:text(a) end
  table.sort(list)
  return table.concat(list, " ")
end

local function play(g, ...)
  for _, a in ipairs({ ... }) do g:play(a) end
end

t.test("EUC-R2: order up the up-card; the dealer takes it and discards another card", function()
  local g = new()
  t.eq({ g:mover(), g:phase(), texts(g) }, { 1, "bid", "pass trump H" }, "seat 1 bids first")
  play(g, "trump H")
  local st = g.state
  t.eq({ g:mover(), g:phase(), st.trump, st.maker }, { 4, "discard", "H", 1 })
  t.eq(tostring(st.hands[4]), "{TH QD TD 9D AC 9C}", "the dealer holds the up-card")
  t.eq(texts(g), "9C 9D AC QD TD", "any card but the up-card")
  local v = g:why("TH")
  t.eq({ v.rule, v.because }, { "EUC-R2", "you may not discard the up-card TH" })
  play(g, "9C")
  t.eq({ g:mover(), g:phase(), texts(g) }, { 1, "alone", "alone partner" }, "the maker's choice")
  t.eq(tostring(st.discards), "{9C}", "face down")
  local free = new({ discard_upcard = true })
  play(free, "trump H")
  t.eq(texts(free), "9C 9D AC QD TD TH", "discard_upcard: the up-card too")
end)

t.test("EUC-R3: a second round; stick the dealer, or eight passes throw the hand in", function()
  local g = new()
  for _ = 1, 4 do g:play("pass") end
  t.eq({ g:mover(), texts(g) }, { 1, "pass trump C trump D trump S" }, "another suit than ♥")
  for _ = 1, 3 do g:play("pass") end
  t.eq({ g:mover(), texts(g) }, { 4, "trump C trump D trump S" }, "the dealer is stuck")
  t.eq(g:why("pass").rule, "EUC-R3")
  local loose = new({ stick_the_dealer = false }, 2)
  for _ = 1, 8 do loose:play("pass") end
  t.eq({ loose:hand_points()[1], loose.state.dealer, loose.state.hand_no }, { { 0, 0 }, 1, 2 },
    "thrown in: nobody scores, the deal passes on")
  t.ok(loose:events()[#loose:events() - 1].text:find("thrown in", 1, true) or
    loose:explain(#loose:events()):find("thrown in", 1, true), "the table says so")
end)

t.test("EUC-R4: a lone maker's partner sits out this hand only", function()
  local g = new(nil, 2)
  play(g, "trump H", "9C", "alone")
  local st = g.state
  t.eq({ st:is_in(3), st.n_in, g:mover(), g:phase() }, { false, 3, 1, "play" })
  t.eq(g:view(2).out, { 3 }, "views say who sits out")
  play(g, "JH")
  t.eq({ g:mover(), texts(g) }, { 2, "9H" }, "trumps led: 9♥ is seat 2's only trump")
  play(g, "9H")
  t.eq(g:mover(), 4, "seat 3 is passed over")
  play(g, "TH")
  t.eq({ st.tricks_won[1], #st.ctrick }, { 1, 0 }, "a trick of three cards")
  local rng = talon.rng(2)
  while st.hand_no == 1 do g:play(g:random(rng)) end
  t.eq({ st.out, st.n_in, st.dealer }, { nil, 4, 1 }, "back in play; seat 1 deals next")
  local pts = g:hand_points()[1]
  local won = 0
  for _, ev in ipairs(g:events()) do
    if ev.kind == "score" then won = ev.data.points end
  end
  t.ok((pts[1] == 1 or pts[1] == 4 or pts[2] == 2) and won > 0, "a lone hand's points")
end)

t.test("EUC-R5: the defenders are asked in turn; a lone defender's partner sits out", function()
  local g = new({ allow_lone_defender = true })
  play(g, "trump H", "9C", "partner")
  t.eq({ g:phase(), g:mover() }, { "defend", 2 }, "the first defender left of the dealer")
  play(g, "partner")
  t.eq(g:mover(), 4, "then his partner")
  play(g, "alone")
  local st = g.state
  t.eq({ st.lone_defender, st:is_in(2), g:phase(), g:mover() }, { 4, false, "play", 1 })
  local h = new({ allow_lone_defender = true })
  play(h, "trump H", "9C", "partner", "partner", "partner")
  t.eq({ h:phase(), h.state.n_in }, { "play", 4 }, "both declined")
end)

t.test("alone_before_discard: the maker chooses before the dealer discards", function()
  local g = new({ alone_before_discard = true })
  play(g, "trump H")
  t.eq({ g:phase(), g:mover() }, { "alone", 1 })
  play(g, "alone")
  t.eq({ g:phase(), g:mover() }, { "discard", 4 })
  play(g, "9C")
  t.eq({ g:phase(), g:mover() }, { "play", 1 })
end)

t.test("EUC-R6, R7: the left bower follows trumps, not its printed suit", function()
  local g = new()
  play(g, "trump H", "9C", "partner", "KD")
  t.eq({ g:mover(), texts(g) }, { 2, "9H JC KC QC TC" }, "void in ♦")
  play(g, "TC")
  t.eq(texts(g), "AD", "seat 3 follows ♦")
  play(g, "AD")
  t.eq(texts(g), "9D QD TD", "the dealer too")
  play(g, "QD")
  t.eq(g.state.ctrick:led(), nil, "the trick went to its winner")
  -- seat 3 leads spades; seat 1 holds J♦ and 9♠: the bower is no spade
  t.eq(g:mover(), 3)
  play(g, "AS")
  t.eq(g:mover(), 4)
  play(g, "TH") -- the dealer trumps with the up-card
  t.eq(texts(g), "9S", "seat 1 must follow ♠")
  local v = g:why("JD")
  t.eq({ v.rule, v.because }, { "EUC-R7", "must follow S: you hold 9S (JD counts as H)" })
end)

t.test("EUC-R8: the makers score 1, 2 or 4; the defenders 2 or 4 when they euchre", function()
  -- { the maker's choice, a lone defender, the makers' tricks, side scoring, points }
  local cases = {
    { "partner", false, 5, 1, 2 }, { "alone", false, 5, 1, 4 }, { "partner", false, 4, 1, 1 },
    { "alone", false, 3, 1, 1 }, { "partner", false, 2, 2, 2 }, { "alone", false, 0, 2, 2 },
    { "partner", true, 2, 2, 4 }, { "alone", true, 5, 1, 4 },
  }
  for _, c in ipairs(cases) do
    local g = new({ allow_lone_defender = true })
    play(g, "trump H", "9C", c[1], c[2] and "alone" or "partner")
    if not c[2] then play(g, "partner") end
    local st = g.state
    st.tricks_won = { c[3], 5 - c[3], 0, 0 } -- the makers (seats 1, 3) and seat 2
    st.scores[1], st.scores[2] = 0, 0
    def.score(st)
    local want = { 0, 0 }
    want[c[4]] = c[5]
    t.eq(st.scores, want, ("%s%s, %d tricks"):format(c[1], c[2] and ", a lone defender" or "",
      c[3]))
  end
end)

-- ===== random hands against the reference, and the fast path

-- Plays hand after hand of random legal actions in Talon's game and in
-- the reference, comparing the mover and the legal set at every step and
-- OpenSpiel's returns at the end (tests/parity/openspiel_euchre.lua's
-- mapping). Returns the steps compared.
local NAMES = { pass = "Pass", alone = "Alone", partner = "Partner",
                ["trump C"] = "Clubs", ["trump D"] = "Diamonds",
                ["trump H"] = "Hearts", ["trump S"] = "Spades" }

local function names(g)
  local list, by = {}, {}
  for i, a in ipairs(g:legal()) do
    local n = NAMES[g:text(a)] or g:text(a)
    list[i], by[n] = n, a
  end
  table.sort(list)
  return list, by
end

local function against_reference(opts, seed)
  local g = game.new(def, { seed = seed, hands = 1, options = opts })
  local st = g.state
  local h = { dealer = st.dealer, deal = {}, upcard = st.upcard:name("ascii") }
  for s = 1, 4 do
    h.deal[s] = {}
    for i, c in ipairs(st.hands[s]:cards()) do h.deal[s][i] = c:name("ascii") end
  end
  local r = ref.new(opts, h)
  local rng, steps = talon.rng(seed), 0
  while not g:over() do
    local list, by = names(g)
    local want = r:legal()
    table.sort(want)
    t.eq({ g:mover(), table.concat(list, " ") }, { r:mover(), table.concat(want, " ") },
      ("seed %d step %d"):format(seed, steps + 1))
    local pick = list[rng:int(1, #list)]
    g:play(by[pick])
    r:play(pick)
    steps = steps + 1
  end
  t.ok(r:over(), "the reference's hand is over too")
  local pts, ret = g:hand_points()[1], r:returns()
  for s = 1, 4 do
    local side = st.side_of[s]
    t.eq(pts[side] - pts[3 - side], ret[s], ("seed %d: seat %d's return"):format(seed, s))
  end
  return steps
end

t.test("random hands: the game equals the parity reference at every step", function()
  local sets = {
    { allow_lone_defender = false, stick_the_dealer = true },
    { allow_lone_defender = true, stick_the_dealer = true },
    { allow_lone_defender = false, stick_the_dealer = false },
    { allow_lone_defender = true, stick_the_dealer = false },
  }
  local steps = 0
  for i, opts in ipairs(sets) do
    for seed = 1, 40 do steps = steps + against_reference(opts, i * 1000 + seed) end
  end
  t.ok(steps > 2000, "steps compared: " .. steps)
end)

t.test("quiet playouts (the batch path, seats out included) equal g:play card by card", function()
  for _, opts in ipairs({ {}, { allow_lone_defender = true }, { alone_before_discard = true,
                                                                  discard_upcard = true } }) do
    for seed = 1, 8 do
      local a = game.new(def, { seed = seed, quiet = true, options = opts })
      local b = game.new(def, { seed = seed, quiet = true, options = opts })
      local ra, rb = talon.rng(seed), talon.rng(seed)
      a:playout(ra)
      while not b:over() do b:play(b:random(rb)) end
      t.eq(record.write(a), record.write(b), "seed " .. seed)
    end
  end
end)

t.test("random matches keep every invariant, with every switch", function()
  for _, opts in ipairs({ {}, { allow_lone_defender = true, stick_the_dealer = false },
                          { alone_before_discard = true, discard_upcard = true } }) do
    t.eq(invariants.run(def, { options = opts }, 8), nil)
  end
end)
