-- Explicit deals and plain play for the Besigue tests (BES-R1 … BES-R19):
-- the hands, the dealer, and a talon whose first card is turned for trump
-- and whose next cards are the first drawn (BES-R4, BES-R7).
local game = require "talon.game"
local talon = require "talon"
local actions = require "talon.actions"
local loader = require "talon.host.loader"

local support = {}

support.def = assert(loader.load("besigue"))

-- A game from an explicit first deal: 'hands' (one per player, eight
-- cards, dealt in the order listed), 'head' (the turned card, then the
-- cards drawn first, top first; the rest of the deck follows in kind
-- order), the dealer, options and starting scores.
function support.dealt(hands, head, dealer, options, scores)
  options = options or {}
  options.players = options.players or #hands
  local opts = game.options(support.def, options)
  local d = talon.deck(support.def.deck(opts))
  local used = d:hand(table.concat(hands, " ") .. " " .. head)
  local stock = { head }
  for _, c in ipairs((d:full() - used):cards()) do stock[#stock + 1] = c:name("ascii") end
  return game.new(support.def, { seed = 1, options = options, scores = scores,
    deal = { dealer = dealer, hands = hands, stock = table.concat(stock, " ") } })
end

-- One plain decision: the first card on offer (cards come before the
-- declarations in a lead), else pass.
function support.step(g)
  local list = g:legal()
  for _, a in ipairs(list) do
    if actions.is_card(a) then return g:play(a) end
  end
  for _, a in ipairs(list) do
    if a.verb == "pass" then return g:play(a) end
  end
  return g:play(list[1])
end

-- Plain decisions until 'done(g)' or the game is over.
function support.until_(g, done)
  local n = 0
  while not g:over() and not done(g) do
    support.step(g)
    n = n + 1
    assert(n < 5000, "no end")
  end
end

-- The texts of the mover's legal declarations (the cards left out).
function support.declarations(g)
  local out = {}
  for _, a in ipairs(g:legal()) do
    if not actions.is_card(a) then out[#out + 1] = g:text(a) end
  end
  table.sort(out)
  return out
end

-- Does the mover's legal list hold the action with this text?
function support.offers(g, text)
  for _, a in ipairs(g:legal()) do
    if g:text(a) == text then return true end
  end
  return false
end

return support
