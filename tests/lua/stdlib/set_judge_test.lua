-- The judge of a set phase (tricks.set_phase's `allows`, docs/framework.md
-- "Phases"): g:try of one set of cards asks whether the legal list holds it
-- without making the list (the verb the list would give the cards, and the
-- engine's check of them), so that `talon check`'s replays and a typed
-- play pay for one play and not for every play. Its answer must be the
-- list's in every position, forced leads (Kosel's Z4, KOZ-R6; Bura's B7)
-- and Bura's claim (BUR-R10) included, and a house rule on the legal hook
-- must hold for it (one source of legality): the list then decides.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"

local VERBS = { "lead", "beat", "down", "play" }

-- Whether the legal list holds an item equal to 'a' (g:try's old way).
local function listed(list, a)
  for _, l in ipairs(list) do
    if actions.equal(l, a) then return true end
  end
  return false
end

-- Actions to judge in game g's position: each legal item, its cards under
-- every verb, and random sets of the mover's cards under every verb.
local function candidates(g, rng)
  local out, hand = {}, g.state.hands[g:mover()]
  for _, l in ipairs(g:legal()) do
    out[#out + 1] = l
    if actions.is_hand(l.arg) then
      for _, v in ipairs(VERBS) do out[#out + 1] = actions.make(v, l.arg:copy()) end
    end
  end
  local cards = hand:cards()
  for _ = 1, 6 do
    local h = g.deck:hand()
    for _ = 1, rng:int(1, math.min(4, #cards)) do h:add(cards[rng:int(1, #cards)]) end
    out[#out + 1] = actions.make(VERBS[rng:int(1, #VERBS)], h)
  end
  return out
end

-- Plays games of 'def' at random; at every decision of a set phase whose
-- draw holds, the judge's answer for each candidate is the list's.
-- Returns the numbers of actions judged legal and illegal.
local function compare(def, options, seeds)
  local yes, no = 0, 0
  for seed = 1, seeds do
    local g = game.new(def, { seed = seed, quiet = true, hands = 2, options = options })
    local rng = talon.rng(seed)
    while not g:over() do
      if g.ph.allows and tricks.draw_holds(g.ph) then
        local list = g:legal()
        for _, a in ipairs(candidates(g, rng)) do
          local judged = tricks.judge(g.ph, g.state, g:mover(), a)
          local want = listed(list, a)
          if judged ~= nil or actions.is_hand(a.arg) then
            t.eq(judged, want, ("seed %d, action %d: %s"):format(seed, g.nact + 1,
              actions.text(a)))
          end
          if judged then yes = yes + 1 elseif judged == false then no = no + 1 end
        end
      end
      g:play(g:random(rng))
    end
  end
  return yes, no
end

t.test("Kosel: the judge of one set says what the legal list says (KOZ-R7 … R10)", function()
  local def = assert(loader.load("kosel"))
  for _, n in ipairs { 4, 3, 2 } do
    local yes, no = compare(def, { players = n }, 3)
    t.ok(yes > 100 and no > 100, ("%d players: both answers (%d legal, %d not)"):format(n,
      yes, no))
  end
  -- Z4 (KOZ-R6): a declared Molodka must be led as it is
  local yes, no = compare(def, { lead_declared_combo = true }, 6)
  t.ok(yes > 100 and no > 100, "with the forced lead too")
end)

t.test("Bura: the claim beside the plays is judged as the list has it (BUR-R10)", function()
  local def = assert(loader.load("bura"))
  for _, options in ipairs { {}, { lead_declared_combo = true } } do
    local yes, no = compare(def, options, 6)
    t.ok(yes > 100 and no > 100, ("both answers (%d legal, %d not)"):format(yes, no))
  end
  local g = game.new(def, { seed = 1, quiet = true })
  local rng = talon.rng(1)
  while not (g.ph.allows and tricks.draw_holds(g.ph)) do g:play(g:random(rng)) end
  local claim = actions.make("claim")
  t.eq(tricks.judge(g.ph, g.state, g:mover(), claim), listed(g:legal(), claim), "the claim")
end)

t.test("Kosel (pot): the judge of one set says what the legal list says", function()
  local yes, no = compare(assert(loader.load("koselpot")), nil, 2)
  t.ok(yes > 100 and no > 100, ("both answers (%d legal, %d not)"):format(yes, no))
end)

-- The calls of function 'f' while 'run' runs.
local function calls_of(f, run)
  local n = 0
  debug.sethook(function()
    if debug.getinfo(2, "f").func == f then n = n + 1 end
  end, "c")
  local ok, err = pcall(run)
  debug.sethook()
  assert(ok, err)
  return n
end

t.test("g:try of a set makes no legal list", function()
  local def = assert(loader.load("kosel"))
  local g = game.new(def, { seed = 5, quiet = true })
  local rng = talon.rng(5)
  while not (g.ph.allows and tricks.draw_holds(g.ph)) do g:play(g:random(rng)) end
  local legal_hook, played = g.ph.legal, 0
  for _ = 1, 300 do
    if g:over() then break end
    if g.ph.allows and tricks.draw_holds(g.ph) then
      local text = actions.text(g:random(rng))
      local n = calls_of(legal_hook, function() t.ok(g:try(g:parse(text)), text) end)
      t.eq(n, 0, "no legal list made for " .. text)
      played = played + 1
    else
      g:play(g:random(rng))
    end
  end
  t.ok(played > 30, ("sets tried (%d)"):format(played))
end)

-- A bot is handed its view with the legal list made: its answer, asked
-- about (g:why) and played (g:try), is judged as one set all the same,
-- the made list never walked action by action (docs/framework.md §1).
t.test("a set is judged without walking a list already made", function()
  local def = assert(loader.load("kosel"))
  local g = game.new(def, { seed = 7, quiet = true })
  local rng = talon.rng(7)
  local judged = 0
  for _ = 1, 300 do
    if g:over() then break end
    if g.ph.allows and tricks.draw_holds(g.ph) then
      local list = g:legal()
      local a = list[rng:int(1, #list)]
      local answer = actions.make(a.verb, a.arg:copy(), a.extra) -- the bot's own copy
      local n = calls_of(actions.equal, function()
        t.eq(g:why(answer), nil, actions.text(answer))
        t.ok(g:try(answer), actions.text(answer))
      end)
      t.eq(n, 0, "no listed action compared with " .. actions.text(answer))
      judged = judged + 1
    else
      g:play(g:random(rng))
    end
  end
  t.ok(judged > 30, ("sets judged (%d)"):format(judged))
end)

t.test("a house rule on the legal hook: no judge, g:try follows the house rule", function()
  local variant = require "talon.variant"
  local def = variant.of(assert(loader.load("kosel")), {
    name = "Kosel (beat when you can)", summary = "a follower who can beat must beat",
    wrap = { ["play.legal"] = function(orig, st, seat)
      local list, up = orig(st, seat), {}
      for _, a in ipairs(list) do if a.verb ~= "down" then up[#up + 1] = a end end
      if #up > 0 then return up end
      return list
    end },
  })
  local refused = 0
  for seed = 1, 12 do
    local g = game.new(def, { seed = seed, hands = 3, quiet = true })
    local rng = talon.rng(seed)
    while not g:over() do
      if g:phase() == "play" then
        t.eq(tricks.judge(g.ph, g.state, g:mover(), g:random(rng)), nil, "the judge says nothing")
        local list, up = g:legal(), false
        for _, a in ipairs(list) do up = up or a.verb ~= "down" end
        local hand = g.state.hands[g:mover()]
        local down = actions.make("down", hand:copy())
        if up and #g.state.ctrick > 0 and #hand == g.state.ctrick:size() then
          local ok = g:try(down)
          t.ok(not ok, "the house rule refuses a face-down play: " .. actions.text(down))
          refused = refused + 1
        end
      end
      g:play(g:random(rng))
    end
  end
  t.ok(refused > 5, ("face-down plays refused (%d)"):format(refused))
end)

t.test("a judge the game wrote itself is never asked", function()
  local def = assert(loader.load("kosel"))
  local d, ph = {}, {}
  for k, v in pairs(def) do d[k] = v end
  for k, v in pairs(def.phases.play) do ph[k] = v end
  ph.allows = function() return true end
  d.phases = {}
  for k, v in pairs(def.phases) do d.phases[k] = v end
  d.phases.play = ph
  local house = game.define(d)
  t.ok(not tricks.draw_holds(house.phases.play), "the phase's draw no longer holds")
  local g = game.new(house, { seed = 2, quiet = true })
  local rng = talon.rng(2)
  while g:phase() ~= "play" do g:play(g:random(rng)) end
  t.eq(tricks.judge(g.ph, g.state, g:mover(), g:random(rng)), nil, "not asked")
  t.eq(#g.state.ctrick, 0, "a lead is due")
  local wrong = actions.make("beat", g.deck:hand(g.state.hands[g:mover()]:cards()[1]))
  t.ok(not g:try(wrong), "a set under the wrong verb is still refused: " .. actions.text(wrong))
end)
