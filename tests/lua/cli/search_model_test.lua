-- `--bots search:N+rule` (docs/search.md "A model in the futures"): the
-- search with the game's rule-of-thumb bot making every seat's choices
-- outside card play in its futures (bids, trump, discards, the draw),
-- where the plain search picks a verb at random and the smallest raise.
-- The model is game code: it sees a view, runs under the budget, and an
-- answer that fails or is not legal leaves the choice to the search.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bots = require "talon.cli.bots"
local talon = require "talon"

-- A Hokm hand for two (HOK-R17, HOK-R18: the Hakem's trump, the discards,
-- then 21 turns of the draw before any trick), played by search bot 'b'
-- in both seats; returns the game and the number of failed moves.
local function hokm2_hand(b, seed)
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = seed, hands = 1, quiet = true, options = { players = 2 } })
  local rng = talon.rng(seed)
  local failures = 0
  for _ = 1, 500 do
    if g:over() then break end
    local _, _, failure = bots.move(b, g, g:mover(), rng)
    if failure then failures = failures + 1 end
  end
  return g, failures
end

t.test("the model makes the choices outside card play in the futures", function()
  local calls, verbs = 0, {}
  local model = { name = "counting", choose = function(view, rng)
    calls = calls + 1
    local a = view.legal[rng:int(1, #view.legal)]
    verbs[a.verb or "card"] = true
    return a
  end }
  local b = bots.search("6", false, model)
  t.ok(b.name:find("counting in its futures", 1, true), b.name)
  local g, failures = hokm2_hand(b, 4)
  t.eq(failures, 0, "every move legal")
  t.ok(g:over(), "the hand ended")
  t.ok(calls > 0, "the model was asked")
  t.ok(verbs.keep or verbs.drop, "it drew in the futures (HOK-R18)")
  t.ok(not verbs.card, "never asked for a card: the futures' card play stays on the fast path")
  local a = hokm2_hand(bots.search("6", false, model), 4)
  t.eq(a:record(), g:record(), "the same seed gives the same moves")
end)

t.test("a model that fails, answers nothing or no legal action leaves the choice", function()
  local answers = {
    function() error("the model fails") end,
    function() return nil end,
    function() return "nonsense" end,
    function() return { verb = "trump", arg = "Z" } end,
    function(view) return view.legal[1].verb == "keep" and "bid 100" or view.legal[1] end,
  }
  for i, f in ipairs(answers) do
    local g, failures = hokm2_hand(bots.search("4", false, { name = "bad", choose = f }), 9)
    t.eq(failures, 0, ("answer %d: the search still plays every move legally"):format(i))
    t.ok(g:over(), ("answer %d: the hand ended"):format(i))
  end
end)

-- A model that failed is not asked again in that decision: a bot that
-- loops costs one budget a decision, not one a future (Hokm for two, the
-- draw of HOK-R18 in every future).
t.test("a model that failed is asked once per decision", function()
  local calls, decisions = 0, 0
  local failing = { name = "failing", choose = function()
    calls = calls + 1
    error("the model fails")
  end }
  local b = bots.search("12", false, failing)
  local g = game.new(assert(loader.load("hokm")), { seed = 4, hands = 1, quiet = true,
                                                    options = { players = 2 } })
  local rng = talon.rng(4)
  for _ = 1, 500 do
    if g:over() then break end
    if #g:legal() > 1 and g:mover() == 1 then decisions = decisions + 1 end
    bots.move(g:mover() == 1 and b or bots.random, g, g:mover(), rng)
  end
  t.ok(decisions > 0 and calls > 0, ("%d calls in %d decisions"):format(calls, decisions))
  t.ok(calls <= decisions, ("at most one call a decision: %d in %d"):format(calls, decisions))
end)

t.test("search+rule names the game's rule-of-thumb bot", function()
  local def = assert(loader.load("hosgin"))
  local b = bots.get("search:10+rule", "hosgin", def)
  t.eq(b.opts.playouts, 10, "the budget before the model")
  t.ok(b.name:find("rule-of-thumb hosgin in its futures", 1, true), b.name)
  local ok, err = pcall(bots.get, "search:10+foo", "hosgin", def)
  t.ok(not ok and err.usage:find("unknown search model '+foo'", 1, true), "a usage error")
  -- the bot is looked up by the game's file and names (talon.cli.bots.rule)
  ok, err = pcall(bots.get, "search+rule", "nobot", { name = "Nobot" })
  t.ok(not ok and err.usage:find("no rule-of-thumb bot", 1, true),
    "a game without a rule-of-thumb bot: a usage error")
end)

-- `talon analyse` and `talon review` take the same model: --budget N+rule.
t.test("analyse and review: --budget N+rule", function()
  local run = require "tests.lua.cli.run"
  local dir = run.tmpdir()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 2, hands = 1, game = "hokm", options = { players = 2 } })
  local rng = talon.rng(2)
  while not g:over() do g:play(g:random(rng)) end
  local f = assert(io.open(dir .. "/h2.rec", "w"))
  f:write(g:record())
  f:close()
  local code, out, err = run.talon({ "analyse", "h2.rec", "--at", "3", "--budget", "40+rule" },
    nil, dir)
  t.eq(code, 0, err)
  t.ok(out:find("futures over", 1, true), out)
  code, out, err = run.talon({ "review", "h2.rec", "--seat", "1", "--budget", "20+rule" }, nil,
    dir)
  t.eq(code, 0, err)
  t.ok(out:find("decisions with a choice", 1, true), out)
  local code2, _, err2 = run.talon({ "analyse", "h2.rec", "--budget", "40+best" }, nil, dir)
  t.eq(code2, 2, "an unknown model is a usage error")
  t.ok(err2:find("+rule", 1, true), err2)
  run.rmdir(dir)
end)
