-- Two actions are the same decision when they have the same verb, word
-- and argument, each compared on its own and read raw (docs/framework.md
-- §3): `g:try` finds an action in the legal list this way, and `talon
-- check` compares a replay's actions so. Two sets of cards are compared
-- by the engine's Hands of one deck without making their texts; the
-- answer must be the texts' answer wherever the parts cannot be mistaken
-- for one another.
local t = require "talon.host.testing"
local actions = require "talon.actions"
local talon = require "talon"

local deck = talon.deck { ranks = "A T K Q J 9 8 7 6", suits = "S H D C", copies = 2 }
local other = talon.deck { ranks = "A T K Q J 9 8 7 6", suits = "S H D C", copies = 2 }

local function set(d, text)
  local h = d:hand()
  for w in text:gmatch("%S+") do h:add(d:card(w)) end
  return h
end

local function by_text(a, b) return actions.text(a) == actions.text(b) end

t.test("sets of one deck: the same cards in other Hands are the same decision", function()
  local a = actions.make("play", set(deck, "AS TS 6S"))
  t.ok(actions.equal(a, actions.make("play", set(deck, "6S AS TS"))), "order of adding")
  t.ok(not actions.equal(a, actions.make("play", set(deck, "AS TS"))), "a card fewer")
  t.ok(not actions.equal(a, actions.make("play", set(deck, "AS TS 6S 6S"))), "a copy more")
  t.ok(not actions.equal(a, actions.make("lead", set(deck, "AS TS 6S"))), "another verb")
  t.ok(not actions.equal(a, actions.make("play", set(deck, "AS TS 6S"), "down")), "an extra word")
  t.ok(actions.equal(actions.make("play", set(deck, "AS"), "down"),
    actions.make("play", set(deck, "AS"), "down")), "the same extra word")
end)

t.test("part by part: other decks, words for cards, words beside cards, odd fields", function()
  local a = actions.make("play", set(deck, "AS TS"))
  t.ok(not rawequal(deck, other), "two decks of one spec are two decks")
  t.ok(not actions.equal(a, actions.make("play", set(other, "TS AS"))),
    "a Hand of another deck is another decision")
  t.ok(actions.equal(a, actions.make("play", "AS TS")), "the cards as a word")
  -- a word beside the cards that reads as one more card is not that card:
  -- the host plays the Hand, and records the text
  t.ok(not actions.equal(actions.make("lead", set(deck, "AS KS")),
    actions.make("lead", set(deck, "KS"), "AS")), "a card moved to the word")
  t.ok(not actions.equal(actions.make("play", set(deck, "AS"), "a b"),
    actions.make("play a", set(deck, "AS"), "b")), "a word moved into the verb")
  t.ok(actions.equal(actions.make("pass", nil, "x"), actions.make("pass")),
    "without an argument the verb alone decides, as the text has it")
  local odd = setmetatable({ verb = "play", arg = set(deck, "AS TS") },
    { __eq = function() error("a game's __eq ran") end })
  t.ok(actions.equal(a, odd), "a game's table is read raw")
  t.ok(not actions.equal(a, deck:card("AS")), "a card is only itself")
end)

t.test("on random sets, equal says what the texts say", function()
  local rng, kinds = talon.rng(11), deck:kinds()
  local function random_set()
    local h = deck:hand()
    for _ = 1, rng:int(0, 3) do h:add(kinds[rng:int(1, 6)]) end
    return actions.make(rng:int(1, 4) == 1 and "lead" or "play", h,
      rng:int(1, 4) == 1 and "down" or nil)
  end
  local same, n = 0, 3000
  for _ = 1, n do
    local a, b = random_set(), random_set()
    t.eq(actions.equal(a, b), by_text(a, b), actions.text(a) .. " / " .. actions.text(b))
    if by_text(a, b) then same = same + 1 end
  end
  t.ok(same > 50 and same < n - 50, ("both answers drawn (%d equal)"):format(same))
end)
