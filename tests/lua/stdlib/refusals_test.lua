-- Refusals that name the real reason (issue "Teach with it", rough edges 1,
-- 5 and 9): a bid over the limit names bid_limit, a card not held says so
-- instead of citing a rule of play, and a phase of single cards answers a
-- typed set ("discard QD QD") with what to type, in the print style.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"

-- A game of 'name' played at random (seed 'seed') until phase 'phase'.
local function at_phase(name, phase, params)
  local def = assert(loader.load(name))
  for seed = 1, 50 do
    local p = { seed = seed }
    for k, v in pairs(params or {}) do p[k] = v end
    local g = game.new(def, p)
    local rng = talon.rng(seed)
    for _ = 1, 400 do
      if g:phase() == phase or g:over() then break end
      g:play(g:random(rng))
    end
    if g:phase() == phase then return g end
  end
  error("no game reached phase " .. phase)
end

t.test("Hosgin: a bid over bid_limit is refused for the limit, at the opening too", function()
  local g = at_phase("hosgin", "auction")
  local v = g:why("bid 6000")
  t.ok(v, "refused")
  t.ok(tostring(v):find("bids stop at 5000 (option bid_limit), not 6000", 1, true), tostring(v))
  t.ok(not tostring(v):find("opens with at least", 1, true), tostring(v))
end)

t.test("a card not held is refused as not held, with the legal cards", function()
  local old = talon.style()
  talon.style("unicode")
  local g = at_phase("hokm", "play", { options = { players = 3 } })
  local mover = g:mover()
  local absent
  for _, c in ipairs(g.deck:full():cards()) do
    if g.state.hands[mover]:count(c) == 0 then absent = c; break end
  end
  local v = g:why(absent)
  talon.style(old)
  t.ok(v, "refused")
  local text = tostring(v)
  t.ok(text:find(("you do not hold %s"):format(absent:name("unicode")), 1, true), text)
  t.ok(not text:find("HOK-R3", 1, true), "no rule of play is cited: " .. text)
  t.ok(text:find("legal now: ", 1, true), text)
end)

t.test("Hosgin's discard answers 'discard QD QD' with one card to type, in the style", function()
  local old = talon.style()
  talon.style("unicode")
  local g = at_phase("hosgin", "discard")
  local card = g:legal()[1]
  local v = g:why(("discard %s %s"):format(card:name(), card:name()))
  talon.style(old)
  local text = tostring(v)
  t.ok(text:find(("in phase discard each action is one card: type %s alone"):format(
    card:name("unicode")), 1, true), text)
  t.ok(not text:find("must play a card now", 1, true), text)
  t.ok(not text:find("legal now: .*%u[SHDC],"), "legal cards in the style: " .. text)
end)
