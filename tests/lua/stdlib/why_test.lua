-- g:why(action) (docs/framework.md §2, §5): nil for a legal action, else
-- the violation object with its parts (rule, because, satisfy) — what
-- `talon play`'s `why` shows — and never a change to the game.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"

local def = assert(loader.load("hokm"))

-- A Hokm position (HOK-R3) where the mover holds a card of the led suit
-- and another card: the other card is illegal.
local function must_follow()
  for seed = 1, 50 do
    local g = game.new(def, { seed = seed, hands = 1 })
    g:play(g:legal()[1]) -- trump
    g:play(g:legal()[1]) -- the lead
    local legal = g:legal_hand()
    for c in g.state.hands[g:mover()]:each() do
      if legal:count(c) == 0 then return g, c end
    end
  end
  error("no position where the mover must follow suit")
end

t.test("why: nil when legal, the violation's parts when not (HOK-R2, HOK-R3)", function()
  local g = game.new(def, { seed = 8, hands = 1 })
  t.eq(g:why("trump S"), nil, "naming trump is legal now")
  local v = g:why("pass")
  t.eq(v.rule, "HOK-R2", "the trump rule")
  t.ok(type(v.because) == "string" and v.because ~= "", "because")
  t.eq(g.nact, 0, "nothing played")
  local pg, card = must_follow()
  local before = pg.nact
  local w = pg:why(card)
  t.eq(w.rule, "HOK-R3", "must follow suit")
  t.ok(w.because:find("must follow", 1, true), w.because)
  t.ok(w.satisfy and w.satisfy ~= "", "what would be legal")
  t.eq(w.seat, pg:mover(), "the seat")
  t.ok(w.action == card, "the action")
  t.eq(pg.nact, before, "nothing played")
  local _, tv = pg:try(card)
  t.eq(tostring(w), tostring(tv), "the same violation g:try returns")
  t.eq(pg:why(pg:legal()[1]), nil, "a legal card")
end)

t.test("why: text that is no action, and a finished game", function()
  local g = game.new(def, { seed = 8, hands = 1 })
  t.ok(g:why("ZZ").because:find("ZZ", 1, true), "names the bad text")
  g:playout(talon.rng(8))
  t.eq(g:why("trump S").because, "the game is over", "over")
end)
