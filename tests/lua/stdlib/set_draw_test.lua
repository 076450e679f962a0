-- The draw of a set phase (tricks.set_phase's `draw`, docs/framework.md
-- "Phases"): g:random in a trick phase of sets draws the action a draw from
-- the legal list gives (the same index of the same distinct plays, t:draw)
-- without making the list, so that a bot, `talon check` and a search pay
-- for one play per decision and not for every play. It must give exactly
-- what the list gives, beside actions (Bura's claim, BUR-R10) and forced
-- leads (Kosel's Z4, KOZ-R6; Bura's B7) included, and a house rule on the
-- legal hook must hold for it (one source of legality).
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"

-- Plays games of 'def' by g:play(g:random(rng)); at every decision of a
-- phase whose draw holds, the action drawn is compared with the one a
-- clone of the generator draws from the legal list (and the generators
-- after the draws). Returns the number of draws made without a list, and
-- of those that were an action listed beside the plays (a table that is
-- not a play of cards).
local function compare(def, options, seeds, quiet)
  local drawn, beside = 0, 0
  for seed = 1, seeds do
    local g = game.new(def, { seed = seed, quiet = quiet, hands = 3, options = options })
    local rng = talon.rng(seed)
    while not g:over() do
      local ph = g.ph
      if ph.draw and tricks.draw_holds(ph) then
        local other = rng:clone()
        local a = g:random(rng)
        local listless = g.legal_list == nil
        local list = g:legal()
        local b = list[other:int(1, #list)]
        t.eq(actions.text(a), actions.text(b), ("seed %d, action %d: the list's draw"):format(
          seed, g.nact + 1))
        t.eq(rng:state(), other:state(), "the generators drew alike")
        if listless then
          drawn = drawn + 1
          if not actions.is_hand(a.arg) then beside = beside + 1 end
        end
        g:play(a)
      else
        g:play(g:random(rng))
      end
    end
  end
  return drawn, beside
end

t.test("Kosel's g:random draws what the legal list would, without it (KOZ-R7 … R10)", function()
  local def = assert(loader.load("kosel"))
  for _, n in ipairs { 4, 3, 2 } do
    for _, quiet in ipairs { true, false } do
      local drawn = compare(def, { players = n }, 4, quiet)
      t.ok(drawn > 100, ("%d players: the draw made no list (%d draws)"):format(n, drawn))
    end
  end
  -- Z4 (KOZ-R6): a declared Molodka is led from its list of one
  local drawn = compare(def, { lead_declared_combo = true }, 8, true)
  t.ok(drawn > 100, "with the forced lead too")
end)

t.test("Bura's g:random draws the claim beside the plays as the list would (BUR-R10)", function()
  local def = assert(loader.load("bura"))
  local drawn, claims = 0, 0
  for _, options in ipairs { {}, { lead_declared_combo = true } } do
    local d, c = compare(def, options, 12, true)
    drawn, claims = drawn + d, claims + c
  end
  t.ok(drawn > 100, "the draw made no list")
  t.ok(claims > 0, ("a claim was drawn without the list (%d of %d)"):format(claims, drawn))
end)

t.test("Kosel (pot)'s g:random draws what the legal list would", function()
  local drawn = compare(assert(loader.load("koselpot")), nil, 3, true)
  t.ok(drawn > 100, "the draw made no list")
end)

-- A house rule written on the legal hook (here: only the first play of
-- the list is legal) turns the draw off: g:random draws from the list as
-- the rule leaves it, in every phase where the rule applies.
t.test("a house rule on a set phase's legal hook holds for g:random", function()
  local def = assert(loader.load("kosel"))
  local d, ph = {}, {}
  for k, v in pairs(def) do d[k] = v end
  for k, v in pairs(def.phases.play) do ph[k] = v end
  local legal = ph.legal
  ph.legal = function(st, seat) return { legal(st, seat)[1] } end
  d.phases = {}
  for k, v in pairs(def.phases) do d.phases[k] = v end
  d.phases.play = ph
  local house = game.define(d)
  t.ok(not tricks.draw_holds(house.phases.play), "the wrapped phase's draw does not hold")
  local played = 0
  for seed = 1, 3 do
    local g = game.new(house, { seed = seed, quiet = true, hands = 1 })
    local rng = talon.rng(seed)
    while not g:over() do
      if g:phase() == "play" then
        local a = g:random(rng)
        local first = legal(g.state, g:mover())[1]
        t.eq(actions.text(a), actions.text(first), "only the first play is drawn")
        played = played + 1
        g:play(a)
      else
        g:play(g:random(rng))
      end
    end
  end
  t.ok(played > 20, "the house rule's phase was played")
end)
