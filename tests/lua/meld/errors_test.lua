-- talon.melds rejects bad meld tables and bad arguments with a message
-- naming the meld and the key, or the argument (STYLE: bad input gets a
-- clear error, never a crash; the §1.6 / §6.4 tables need every key).
local t = require "talon.host.testing"
local talon = require "talon"
local hosgin_melds = require "tests.lua.meld.hosgin_melds"

local deck = talon.deck(hosgin_melds.deck)

local function bella(changes)
  local m = { name = "bella", ranks = "Q K", suit = "each", points = 20, trump_points = 40 }
  for k, v in pairs(changes) do m[k] = v end
  return m
end

-- talon.melds(deck, list) must fail with a message matching `pattern`.
local function rejects(pattern, list, label)
  local ok, err = pcall(talon.melds, deck, list)
  t.eq(ok, false, label .. ": rejected")
  t.ok(tostring(err):find(pattern), label .. ": '" .. tostring(err) .. "' lacks " .. pattern)
end

t.test("unknown keys name the meld and the key", function()
  rejects("meld 'bella': unknown key 'pionts'", { bella({ pionts = 3 }) }, "typo")
end)

t.test("bad rank, card and suit names name the meld, the key and the token", function()
  rejects("meld 'bella': key 'ranks': no rank \"Z\"", { bella({ ranks = "Q Z" }) }, "rank")
  rejects("meld 'pinik': key 'cards': .*ZD", {
    { name = "pinik", cards = "JD ZD", points = 40 } }, "card")
  rejects("meld 'bella': key 'suit': expected \"all\", \"each\", \"trump\" or \"any\", got every",
    { bella({ suit = "every" }) }, "suit")
  rejects("meld 'bella': give either 'ranks'", { bella({ cards = "QS" }) }, "both")
end)

t.test("bad point lists name the meld and the key", function()
  rejects("meld 'bella': key 'points': entry 2 is string",
    { bella({ points = { 20, "x" } }) }, "entry")
  rejects("meld 'bella': key 'points': a list of 1 to 8", { bella({ points = {} }) }, "empty")
  local no_points = bella({})
  no_points.points = nil
  rejects("meld 'bella': key 'points': missing", { no_points }, "missing")
  rejects("meld 'bella': key 'trump_points': must have the shape",
    { bella({ points = { 20, 40 } }) }, "shape")
  rejects("meld 'J': key 'trump_points': only a meld with suit",
    { { name = "J", ranks = "J", suit = "all", points = 40, trump_points = 80 } }, "trump on all")
  rejects("meld 'p': key 'uses': entry 2 is 3",
    { { name = "p", cards = "JD QS", points = { 40, 300 }, uses = { 1, 3 } } }, "uses")
  rejects("meld 'four': key 'size': missing",
    { { name = "four", ranks = "K", suit = "any", points = 80 } }, "size")
end)

t.test("includes name an existing meld whose cards are contained", function()
  rejects("meld 'bella': key 'includes': no meld named 'belle'",
    { bella({ includes = { "belle" } }) }, "unknown")
  rejects("meld 'bella': includes 'series'", {
    bella({ includes = { "series" } }),
    { name = "series", ranks = "Q K", suit = "all", points = 240 } }, "not contained")
  rejects("meld #2: duplicate name 'bella'", { bella({}), bella({}) }, "duplicate")
  rejects("meld #1: expected a table, got string", { "bella" }, "not a table")
end)

t.test("scoring arguments: trump suit, cards, the Melds itself", function()
  local m = talon.melds(deck, hosgin_melds.table())
  t.checkerror("no suit \"X\" in this deck %(suits are S H D C%)", m.score, m, "QS KS", "X")
  t.checkerror("suit name, Card or nil expected", m.score, m, "QS KS", 2)
  t.checkerror("ZS", m.score, m, "QS ZS", "S")
  t.checkerror("talon.Melds expected", m.score, {}, "QS")
  t.eq(m:score("QS KS", "S"), 40, "a good call still works")
  t.eq(#m, 8, "eight melds")
  t.eq(m.deck, deck, "the deck")
  t.eq(table.concat(m:names(), ","), "bella,trump series,complete series,jack series,"
    .. "queen series,king series,ace series,pinik", "names in order")
end)
