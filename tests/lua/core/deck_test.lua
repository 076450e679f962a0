-- The deck, card and hand API seen from Lua (docs/api.md "Decks and cards",
-- "Hands"): every seed deck builds, cards are interned, malformed input
-- gives a clean error that names the token, and wrong argument types give
-- `bad argument` errors, never a crash.
local t = require "talon.host.testing"
local talon = require "talon"

local SEED_DECKS = {
  -- name, spec, cards, points (RULES.md ids)
  { "french 52 (HOK-R1)", { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }, 52, 0 },
  { "hokm 3p minus 2C (HOK-R12)",
    { ranks = "A K Q J T 9 8 7 6 5 4 3 2", strip = "2C" }, 51, 0 },
  { "hosgin 80 (HOS-R4, HOS-R6)",
    { ranks = "A T K Q J", copies = 4, points = "11 10 4 3 2" }, 80, 480 },
  { "kosel/bura 36 (KOZ-R2)",
    { ranks = "A T K Q J 9 8 7 6", points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } },
    36, 120 },
  { "besigue two packs (BES-R2)",
    { ranks = "A T K Q J 9 8 7", copies = 2, points = "11 10 4 3 2 0 0 0" }, 64, 240 },
  { "besigue three packs (BES-R2)",
    { ranks = "A T K Q J 9 8 7", copies = 3, points = "11 10 4 3 2 0 0 0" }, 96, 360 },
}

t.test("every seed deck builds with its size and point total", function()
  for _, case in ipairs(SEED_DECKS) do
    local name, spec, size, points = table.unpack(case)
    local d = talon.deck(spec)
    t.eq(#d, size, name .. " size")
    t.eq(d.size, size, name .. " size field")
    t.eq(d:full():points(), points, name .. " points")
    t.eq(#d:full(), size, name .. " full hand")
  end
end)

t.test("cards are interned and read their fields", function()
  local d = talon.deck(SEED_DECKS[1][2])
  local q = d:card("QS")
  t.ok(q == d:card("qs") and q == d:card("Q♠") and q == d:card("q♤"), "same card")
  t.ok(d:card("TH") == d:card("10H"), "T and 10")
  t.eq(q.rank, "Q"); t.eq(q.suit, "S"); t.eq(q.rank_index, 2); t.eq(q.suit_index, 0)
  t.eq(q:name("ascii"), "QS"); t.eq(q:name("unicode"), "Q♠")
  t.eq(d:card("TH"):name("unicode"), "10♥")
  t.ok(d:card("AS") < d:card("KS"), "kind order: high first")
  local seen = { [q] = true }
  t.ok(seen[d:card("QS")], "usable as a table key")
  t.ok(rawequal(q.deck, d), "card.deck")
end)

t.test("malformed cards are refused with the token named", function()
  local d = talon.deck(SEED_DECKS[3][2])
  for _, bad in ipairs { "ZS", "9S", "QX", "Q", "", "QSS", "Q♠♠" } do
    t.checkerror('no card "' .. bad:gsub("%p", "%%%0") .. '"', d.card, d, bad)
  end
  t.checkerror("ranks? %(A T K Q J%)", d.card, d, "9S")
  t.checkerror("card 2: no card \"ZZ\"", d.hand, d, "QS ZZ KS")
  local three = talon.deck(SEED_DECKS[2][2])
  t.checkerror("2C was stripped", three.card, three, "2C")
end)

t.test("bad deck specs are refused with the key named", function()
  t.checkerror("unknown key 'rank'", talon.deck, { rank = "A K" })
  t.checkerror("'ranks' %(a string, highest first%) is required", talon.deck, {})
  t.checkerror("listed twice", talon.deck, { ranks = "A A" })
  t.checkerror("'copies' must be 1 to 15", talon.deck, { ranks = "A K", copies = 0 })
  t.checkerror("strip: cannot strip AS", talon.deck, { ranks = "A K", strip = "AS AS" })
  t.checkerror("points: 'Z' is not a rank", talon.deck, { ranks = "A K", points = { Z = 1 } })
  t.checkerror("table expected", talon.deck, "A K")
end)

t.test("wrong argument types give bad argument errors", function()
  local d = talon.deck(SEED_DECKS[1][2])
  local other = talon.deck(SEED_DECKS[1][2])
  local h = d:hand("AS")
  local weird = { nil, true, 1.5, 0/0, math.huge, -0.0, -1, 0, 2^31,
                  math.maxinteger, math.mininteger, "3", {}, print,
                  coroutine.create(print), talon.rng(1), other:hand("AS") }
  for i = 1, #weird + 1 do
    local v = weird[i]
    -- an empty list is a valid (empty) set of cards for add
    if type(v) ~= "table" then t.ok(not pcall(h.add, h, v), "add " .. tostring(v)) end
    t.ok(not pcall(d.card, d, v), "card " .. tostring(v))
    t.ok(not pcall(h.count, h, v), "count " .. tostring(v))
  end
  t.checkerror("bad argument #%d to '.-' %(cards %(a card, hand, string or list of cards%) "
    .. "expected, got boolean%)", h.add, h, true)
  t.eq(#h, 1, "the hand is unchanged after the failures")
  t.checkerror("another deck", h.add, h, other:card("KS"))
  t.checkerror("talon.Hand expected", h.add, d, "AS")
  t.checkerror("talon.Deck expected", d.card, h, "AS")
end)

-- STYLE.md rule 5 / docs/api.md: any malformed deck spec, token or count
-- gives an error message (a string naming the argument), never a crash.
-- Seeded, so the same junk is tried on every run.
t.test("random junk in specs, tokens and counts fails cleanly", function()
  local r = talon.rng("junk")
  local bits = { "A", "K", "Q", "T", "10", "9", "S", "H", "C", "x", "*", "×", "♠",
                 "♤", " ", ",", "{", "}", "X", "0", "\0", "\255", "JOKER", "15" }
  local function junk(n)
    local out = {}
    for i = 1, r:int(0, n) do out[i] = bits[r:int(1, #bits)] end
    return table.concat(out)
  end
  local built = 0
  for _ = 1, 2000 do
    local ok, d = pcall(talon.deck, { ranks = junk(8), suits = junk(5),
      copies = r:int(0, 16), strip = junk(6), points = r:below(2) == 0 and junk(8) or nil })
    if not ok then
      t.ok(type(d) == "string" and d:find("^bad argument #1 to"), d)
    else
      built = built + 1
      local okh, h = pcall(d.hand, d, junk(8))
      if okh then
        local before = tostring(h)
        local okr, e = pcall(h.remove, h, junk(6), r:int(-1, 16))
        if not okr then t.eq(tostring(h), before, "failed remove: " .. e) end
        local p = d:pile():shuffle(r)
        pcall(p.deal, p, { h, d:hand(), h }, { r:int(-1, 20), r:int(0, 5) })
      else
        t.ok(h:find("^bad argument #2 to"), h)
      end
    end
  end
  t.ok(built > 20, "some junk specs are valid decks: " .. built)
end)
