-- talon.cards: what games derive from their deck and would otherwise each
-- write again: a suit's glyph in the program's print style, and tables
-- built once per deck (compiled trick rules, meld tables).
--
-- Decks are immutable and shared by the games of one definition, so what
-- is built from a deck and the game's options holds for every game on it.
local talon = require "talon"

local cards = {}

-- deck -> build -> key -> value; a deck nobody uses any more takes its
-- tables with it.
local built = setmetatable({}, { __mode = "k" })

-- The value build(deck, key) returns, made on the first call for this
-- deck, builder and key and kept for the deck's life. 'key' (not nil)
-- tells the variants apart (an option's value, a string naming the
-- rules); 'build' must depend on nothing else. Builders never share
-- values: each has its own keys.
function cards.cached(deck, build, key)
  local per_deck = built[deck]
  if not per_deck then
    per_deck = {}
    built[deck] = per_deck
  end
  local per = per_deck[build]
  if not per then
    per = {}
    per_deck[build] = per
  end
  local v = per[key]
  if v == nil then
    v = build(deck, key)
    per[key] = v
  end
  return v
end

-- suit name -> glyph as cards print in Unicode ("S" -> "♠"; a suit the
-- deck does not draw with a French glyph is its own name).
local function glyphs(deck, style)
  local map = {}
  for _, card in ipairs(deck:kinds()) do
    local s = card.suit
    if s and not map[s] then
      local rank = card.rank == "T" and "10" or card.rank
      map[s] = card:name(style):sub(#rank + 1)
    end
  end
  return map
end

-- A suit ("S") as cards print now (talon.style): "S" in ASCII, "♠" in
-- Unicode and colour (sentences carry no colour codes). A name the deck
-- does not know comes back as given.
function cards.glyph(deck, suit)
  if talon.style() == "ascii" then return suit end
  return cards.cached(deck, glyphs, "unicode")[suit] or suit
end

return cards
