-- The generator from Lua (docs/api.md "Randomness"; RULES.md §0 "Seeded
-- randomness"): seeds as integers or strings, exact save and restore for
-- replays, bounds, and clean errors.
local t = require "talon.host.testing"
local talon = require "talon"

local function draws(r, n, hi)
  local out = {}
  for i = 1, n do out[i] = r:int(1, hi) end
  return table.concat(out, " ")
end

t.test("a seed fixes the sequence; strings are seeds too", function()
  t.eq(draws(talon.rng(7), 20, 100), draws(talon.rng(7), 20, 100), "integer seed")
  t.eq(draws(talon.rng("deal-3"), 20, 100), draws(talon.rng("deal-3"), 20, 100),
    "string seed")
  t.ne(draws(talon.rng("deal-3"), 20, 100), draws(talon.rng("deal-4"), 20, 100),
    "another string")
  t.ne(draws(talon.rng(0), 20, 100), draws(talon.rng(1), 20, 100), "another integer")
end)

t.test("state and set_state round-trip exactly; clone continues alike", function()
  local r = talon.rng(99)
  r:below(6)
  local saved = r:state()
  t.eq(#saved, 64, "64 hex digits")
  local first = draws(r, 30, 1 << 40)
  r:set_state(saved)
  t.eq(r:state(), saved, "state read back")
  t.eq(draws(r, 30, 1 << 40), first, "same draws after restore")
  local c = r:clone()
  t.eq(draws(c, 10, 52), draws(r, 10, 52), "clone")
  t.checkerror("not a state from rng:state%(%)", r.set_state, r, saved:sub(2))
  t.checkerror("not a state from rng:state%(%)", r.set_state, r,
    "-" .. saved:sub(2))
end)

t.test("bounds hold, shuffle permutes, pick picks members", function()
  local r = talon.rng(3)
  for _ = 1, 500 do
    local v = r:int(-3, 3)
    t.ok(v >= -3 and v <= 3 and math.type(v) == "integer", "int in range")
    t.ok(r:below(7) < 7, "below in range")
  end
  local a = { 1, 2, 3, 4, 5, 6, 7, 8 }
  r:shuffle(a)
  local seen = {}
  for _, v in ipairs(a) do seen[v] = (seen[v] or 0) + 1 end
  for i = 1, 8 do t.eq(seen[i], 1, "shuffle keeps element " .. i) end
  local d = talon.deck { ranks = "A T K Q J", copies = 4 }
  local h = d:hand("QS x3 KH")
  for _ = 1, 50 do
    local c = r:pick(h)
    t.ok(h:count(c) > 0, "picked card is in the hand")
  end
  t.checkerror("interval is empty", r.int, r, 2, 1)
  t.checkerror("must be positive", r.below, r, 0)
  t.checkerror("cannot pick from an empty hand", r.pick, r, d:hand())
  t.checkerror("integer or string seed expected", talon.rng, 1.5)
  t.checkerror("integer or string seed expected", talon.rng, {})
end)
