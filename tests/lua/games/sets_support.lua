-- Explicit deals for the tests of the games with a turned trump card
-- (Kosel KOZ-R5, Bura BUR-R3): the hands, the dealer, and a stock whose
-- first card is turned.
local game = require "talon.game"
local talon = require "talon"

local support = {}

-- The cards of the deck of 'def' (with 'options', for a deck that depends
-- on them) nobody was given, 'turn' first.
function support.stock(def, hands, turn, options)
  local spec = def.deck
  if type(spec) == "function" then spec = spec(game.options(def, options)) end
  local d = talon.deck(spec)
  local used = d:hand(table.concat(hands, " ") .. " " .. turn)
  local rest = { turn }
  for _, c in ipairs((d:full() - used):cards()) do rest[#rest + 1] = c:name("ascii") end
  return table.concat(rest, " ")
end

-- A game of 'def' from an explicit first deal, one hand per player; 'dealer'
-- deals, the seat after him leads.
function support.dealt(def, hands, turn, dealer, options)
  options = options or {}
  options.players = options.players or #hands
  return game.new(def, { seed = 1, options = options, deal = { dealer = dealer,
    hands = hands, stock = support.stock(def, hands, turn, options) } })
end

-- Passes every declaration window of game 'g' (the phase "declare"; a
-- declaration is optional, BUR-R6, KZM-R4).
function support.no_declarations(g)
  while g:phase() == "declare" do g:play("pass") end
end

return support
