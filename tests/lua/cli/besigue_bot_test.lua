-- The rule-of-thumb Besigue bot (games/bots/besigue.lua) through real
-- games, seat views only, as `talon play`'s `hint` asks it: a reason for
-- every decision; the seven exchanged (BES-R9); out declared exactly when
-- the side's total reaches the target (BES-R10); the meld worth most when
-- several are allowed, and the BES-R12 reason when none is; legal plays
-- under BES-R14.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local bots = require "talon.cli.bots"
local support = require "tests.lua.games.besigue_support"
local run = require "tests.lua.cli.run"

talon.style("ascii")

local def = support.def
local bot = assert(bots.rule("besigue", def))
local melds = require "games.besigue.melds"
local tools = require "games.besigue.tools"

-- Plays 'deals' deals with the bot in every seat, calling inspect(view,
-- action, reason) before each decision is played.
local function play(seed, players, deals, inspect)
  local g = game.new(def, { seed = seed, options = { players = players }, hands = deals })
  local rng = talon.rng(seed)
  while not g:over() do
    local seat = g:mover()
    local v = g:view(seat)
    local a, reason = bots.suggest(bot, g, seat, rng)
    t.ok(a, "the bot found a legal action: " .. tostring(reason))
    inspect(v, a, reason)
    g:play(a)
  end
  return g
end

t.test("every decision comes with a reason, with 2, 3 and 4 players", function()
  for n = 2, 4 do
    local count = 0
    play(n, n, 1, function(v, a, reason)
      t.ok(type(reason) == "string" and #reason > 0,
        ("phase %s, %s: no reason"):format(v.phase, tostring(a)))
      count = count + 1
    end)
    t.ok(count >= 32 * 2, n .. " players: a whole deal of decisions")
  end
end)

t.test("BES-R9, BES-R10, BES-R12: exchange, out only at the target, the best meld", function()
  local exchanges, melds_seen, outs = 0, 0, 0
  for seed = 1, 6 do
    play(seed, 2, 6, function(v, a, reason)
      if type(a) ~= "table" then return end
      if a.verb == "exchange" then
        exchanges = exchanges + 1
        t.ok(reason:find("BES-R9", 1, true), reason)
      elseif a.verb == "out" then
        outs = outs + 1
        t.ok(v.total >= v.target, ("out with %d of %d"):format(v.total, v.target))
      elseif a.verb == "meld" then
        melds_seen = melds_seen + 1
        local best = 0
        for _, m in ipairs(melds.survey(tools.position(v))) do best = math.max(best, m.points) end
        t.ok(reason:find(tostring(best), 1, true), ("the best meld (%d): %s"):format(best, reason))
      end
    end)
  end
  t.ok(exchanges > 0 and melds_seen > 0, ("exchanges %d, melds %d"):format(exchanges, melds_seen))
  t.ok(outs > 0, "some matches were won by declaring out")
end)

t.test("declares out at a meld opportunity once the total reaches the target", function()
  local g = support.dealt({ "KS QS JD KH KD KC AC AD", "7S 8S TS 7C 8C 9C 7D 8D" }, "9H", 2, {},
    { 990, 0 })
  local a, why = bots.suggest(bot, g, 1, talon.rng(1))
  t.eq(g:text(a), "meld kings KS KH KD KC", "the best meld first: the total is 990")
  t.ok(why:find("80 now", 1, true), why)
  g:play(a)
  a, why = bots.suggest(bot, g, 1, talon.rng(1))
  t.eq(g:text(a), "out", why)
  t.ok(why:find("1070", 1, true), why)
end)

t.test("keeps its cards and names the BES-R12 rule that stops the nearest meld", function()
  local g = support.dealt({ "KS QS QS 7C 8S 9S AC AD", "7S 8S 9H 7C 8C 9C 7D 8D" }, "9H", 2)
  g:play("meld marriage KS QS"); g:play("AC"); g:play("7C")
  local _, why = bots.suggest(bot, g, 1, talon.rng(1))
  t.ok(why:find("KS is already married", 1, true), why)
end)

t.test("hint at the table gives the bot's move and reason", function()
  local code, out = run.talon({ "play", "besigue", "--seed", "2" }, "hint\nmelds\nquit\n")
  t.eq(code, 0, out)
  t.ok(out:find("hint: 7♥ — let the trick go", 1, true), out)
  t.ok(out:find("melds with trump", 1, true), out)
end)
