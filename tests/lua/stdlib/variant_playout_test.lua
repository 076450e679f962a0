-- A house rule holds on every path (docs/variants.md): a variant that
-- wraps a phase's legal hook is obeyed by quiet random playouts too, not
-- only by g:play. The batch playout of talon.tricks stands for the hooks
-- it was made with; once one is wrapped, every action goes through them.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local record = require "talon.host.record"

local FIX = "tests/fixtures/variants/no_trump_lead.lua"

-- Plays one quiet random hand with g:playout, then replays its actions one
-- by one with g:play in a game that checks every action against the
-- variant's legal hook. Returns the number of actions and the first
-- refusal (nil when the playout obeyed the rule).
local function playout_then_replay(def, seed)
  local quiet = game.new(def, { seed = seed, quiet = true, hands = 1, options = { players = 4 } })
  quiet:playout(talon.rng(seed))
  local g = game.new(def, { seed = seed, hands = 1, options = { players = 4 } })
  for i = 1, quiet.nact do
    local ok, v = g:try(quiet.act[i])
    if not ok then return i, tostring(v) end
  end
  return quiet.nact, nil
end

t.test("a wrapped legal hook holds in quiet playouts (no trump lead)", function()
  local def = assert(loader.load(FIX))
  for seed = 1, 40 do
    local n, refusal = playout_then_replay(def, seed)
    t.eq(refusal, nil, ("seed %d: the playout played an action the variant refuses"):format(seed))
    t.ok(n > 20, "a whole hand was played")
  end
end)

-- The check is not blind: the base game's playouts lead trump while
-- holding other suits, which the variant refuses.
t.test("the base game's playouts break the variant's rule, so the test can fail", function()
  local base = assert(loader.load("hokm"))
  local def = assert(loader.load(FIX))
  local broken = 0
  for seed = 1, 40 do
    local quiet = game.new(base, { seed = seed, quiet = true, hands = 1,
                                   options = { players = 4 } })
    quiet:playout(talon.rng(seed))
    local g = game.new(def, { seed = seed, hands = 1, options = { players = 4 } })
    for i = 1, quiet.nact do -- by text: the two loads have decks of their own
      if not g:try(actions.text(quiet.act[i])) then broken = broken + 1; break end
    end
  end
  t.ok(broken > 0, "some base playout led trump against the house rule")
end)

-- The same house rule as data (games/hokm-no-trump-lead.lua: trick rules
-- `unbroken = "trump", break_on_play = false`): the phase is made anew
-- from the declared rules, so it keeps its one-call playout, and that
-- playout obeys the rule.
t.test("a house rule as trick-rule data keeps the fast playout and holds in it", function()
  local tricks = require "talon.tricks"
  local def = assert(loader.load("hokm-no-trump-lead"))
  t.ok(tricks.batch_holds(def.phases.play), "the data variant's phase keeps its batch playout")
  local wrapped = assert(loader.load(FIX))
  t.ok(not tricks.batch_holds(wrapped.phases.play), "the wrapper variant's phase does not")
  local strict = assert(loader.load(FIX)) -- the wrapper is the rule's reference
  for seed = 1, 40 do
    local quiet = game.new(def, { seed = seed, quiet = true, hands = 1, options = { players = 4 } })
    quiet:playout(talon.rng(seed))
    local g = game.new(strict, { seed = seed, hands = 1, options = { players = 4 } })
    for i = 1, quiet.nact do
      local ok, v = g:try(actions.text(quiet.act[i]))
      t.ok(ok, ("seed %d, action %d: %s"):format(seed, i, tostring(v)))
      if not ok then break end
    end
  end
end)

-- Refusals a house rule makes are explained by the house rule, never by
-- an error or a generic line from the base game's check.
local function trump_lead_refusal(def)
  for seed = 1, 60 do
    local g = game.new(def, { seed = seed, hands = 1, options = { players = 4 } })
    while g.state.phase ~= "play" do g:play(g:legal()[1]) end
    local hand, trump = g.state.hands[g.mover_seat], g.state.trump
    local trumps = hand:suit(trump)
    if #trumps > 0 and #trumps < #hand then return g:why(trumps:nth(1)) end
  end
end

t.test("a refused trump lead cites the house rule (data and wrapper)", function()
  local v = trump_lead_refusal(assert(loader.load("hokm-no-trump-lead")))
  t.eq(v.rule, "Hokm (no trump lead)", "the data rule's refusal cites the variant")
  t.ok(tostring(v):find("may not be led while you hold another card", 1, true), tostring(v))
  local w = trump_lead_refusal(assert(loader.load(FIX)))
  t.ok(tostring(w):find("refused by the house rule of Hokm (no trump lead)", 1, true), tostring(w))
  t.ok(not tostring(w):find("bad argument", 1, true), "no error from the base game's check")
end)

-- A trump order as a house rule (docs/api.md "Trump orders"): Hokm where
-- the jack of the trump's colour is the second trump, as Euchre's left
-- bower. The phase is made anew from its rules and the variant's, so the
-- one-call playout plays under the new order too.
t.test("a trump order added by a variant holds per card and in the fast playout", function()
  local variant = require "talon.variant"
  local hokm = assert(loader.load("hokm"))
  local def = variant.of(hokm, { summary = "the left bower", trick_rules = { play = {
    trumps = { H = "AH JD", D = "AD JH", S = "AS JC", C = "AC JS" } } } })
  local g = game.new(def, { seed = 3, hands = 1, options = { players = 4 } })
  g:play("trump H") -- the Hakem names hearts
  local st = g.state
  t.eq({ g:phase(), st.ctrick:trump(), (st.ctrick:suit(st.deck:card("JD"))) },
    { "play", "H", "H" }, "J♦ counts as a heart in the hand's trick")
  local ct = talon.trick(st.ctrick:rules(), "H")
  assert(ct:play(1, "KH")); assert(ct:play(2, "JD"))
  t.eq((ct:winner()), 2, "J♦ beats K♥: it is the second trump")
  for seed = 1, 6 do
    local a = game.new(def, { seed = seed, quiet = true, hands = 1, options = { players = 4 } })
    local b = game.new(def, { seed = seed, quiet = true, hands = 1, options = { players = 4 } })
    local ra, rb = talon.rng(seed), talon.rng(seed)
    a:playout(ra)
    while not b:over() do b:play(b:random(rb)) end
    t.eq(record.write(a), record.write(b), "seed " .. seed)
  end
end)

-- The shipped house rule games/hokm-jass-trumps.lua: the jack of trumps
-- is the highest trump and the nine the next, above the ace (the Jass
-- order); the other suits keep Hokm's (HOK-R3: the highest trump wins).
t.test("Jass trumps: J and 9 of trumps above the ace, other suits as before", function()
  local def = assert(loader.load("hokm-jass-trumps"))
  local g = game.new(def, { seed = 3, hands = 1, options = { players = 4 } })
  g:play("trump S")
  local rules = g.state.ctrick:rules()
  local function winner(...)
    local ct = talon.trick(rules, "S")
    for i, c in ipairs { ... } do assert(ct:play(i, c)) end
    return (ct:winner())
  end
  t.eq(winner("AS", "JS"), 2, "J♠ beats A♠ in trumps")
  t.eq(winner("JS", "9S", "AS"), 1, "J♠ above 9♠ above A♠")
  t.eq(winner("AH", "JH"), 1, "J♥ is below A♥ outside trumps")
  t.eq(winner("AH", "9S"), 2, "a trump beats the ace led")
end)

-- What a user reads under a house rule says the house rule: the phase a
-- trick-rule variant remakes carries its summary after the base's doc (the
-- legal card's explanation quotes that doc), and the shipped variants
-- rewrite the base's rule texts their rule changes (HOK-R3 under must
-- trump, HOK-R1 under Jass trumps and ten high, the deal's HOK-R2/R9/R13/
-- R17 under trump after four); none of them still reads as the base.
t.test("a variant's phase doc and rule texts say its house rule", function()
  local base = assert(loader.load("hokm"))
  local must = assert(loader.load("hokm-must-trump"))
  local doc = game.phase_doc(must, "play", game.options(must))
  t.ok(doc:find("; house rule: a player who cannot follow suit must play a trump", 1, true), doc)
  local function changed(name, ids, players)
    local def = assert(loader.load(name))
    local opts = game.options(def, { players = players })
    for _, id in ipairs(ids) do
      local text = game.rule_text(def, id, opts)
      t.ok(text and text ~= game.rule_text(base, id, opts), name .. " " .. id)
    end
  end
  changed("hokm-must-trump", { "HOK-R3" }, 4)
  changed("hokm-jass-trumps", { "HOK-R1" }, 4)
  changed("hokm-ten-high", { "HOK-R1" }, 3)
  changed("hokm-trump-after-four", { "HOK-R2", "HOK-R9" }, 4)
  changed("hokm-trump-after-four", { "HOK-R13" }, 3)
  changed("hokm-trump-after-four", { "HOK-R17" }, 2)
end)
