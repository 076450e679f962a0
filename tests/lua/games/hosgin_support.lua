-- Helpers for the Hosgin tests: explicit deals built from the cards a test
-- cares about plus filler, and simple drivers that take a game through the
-- auction, trump, the decision and the discard.
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"

local support = {}

support.def = assert(loader.load("hosgin"))
support.tools = support.def.tools -- melds, round, advise (docs/games/hosgin.md)
support.deck = talon.deck(support.def.deck)

-- Hands for an explicit deal. 'spec.hands[s]' and 'spec.stock' are the
-- cards that matter (text); 'spec.avoid[s]' a string of suits seat s must
-- not be filled with. The rest of the deck fills the hands to 25 (most
-- constrained seats first) and the stock to 5, in kind order.
function support.fill(spec)
  local deck = support.deck
  local pool = deck:full()
  local hands, order = {}, {}
  for s = 1, 3 do
    hands[s] = deck:hand(spec.hands and spec.hands[s] or "")
    pool:remove(hands[s])
    order[s] = s
  end
  local stock = deck:hand(spec.stock or "")
  pool:remove(stock)
  local avoid = spec.avoid or {}
  table.sort(order, function(a, b) return #(avoid[a] or "") > #(avoid[b] or "") end)
  local function take(h, size, banned)
    for _, c in ipairs(pool:cards()) do
      if #h >= size then break end
      if not (banned and banned:find(c.suit, 1, true)) then
        h:add(c)
        pool:remove(c)
      end
    end
    assert(#h == size, "cannot fill a hand: " .. tostring(h))
  end
  for _, s in ipairs(order) do take(hands[s], 25, avoid[s]) end
  take(stock, 5)
  local function text(h)
    local names = {}
    for i, c in ipairs(h:cards()) do names[i] = c:name("ascii") end
    return table.concat(names, " ")
  end
  local texts = {}
  for s = 1, 3 do texts[s] = text(hands[s]) end
  return texts, text(stock)
end

-- A game on an explicit deal (dealer 3 unless given: V = 1, M = 2, D = 3),
-- starting from the accounts 'spec.scores' (by seat; sides are seats),
-- with the framework's checks on (cards, movers, score changes).
function support.new(spec, options)
  local hands, stock = support.fill(spec)
  local deal = { dealer = spec.dealer or 3, hands = hands, stock = stock }
  return game.new(support.def, { deal = deal, options = options, seed = spec.seed or 1,
    scores = spec.scores, checking = true })
end

-- Plays a list of action texts, checking that each is legal and that
-- every invariant holds after it.
function support.run(g, list)
  for _, a in ipairs(list) do
    local ok, v = g:try(a)
    if not ok then error(("action '%s' refused: %s"):format(a, tostring(v)), 2) end
    local bad = invariants.check(g)
    if bad then error(("after '%s': %s"):format(a, bad), 2) end
  end
end

-- Lays away the first legal cards, avoiding the cards in 'keep' (text).
function support.discard(g, keep)
  local deck = g.deck
  local kept = deck:hand(keep or "")
  while g:phase() == "discard" do
    local pick
    for _, c in ipairs(g:legal()) do
      if kept:count(c) == 0 then pick = c break end
    end
    g:play(pick or g:legal()[1])
  end
end

-- Plays the tricks to the end with 'policy(g, seat, legal) -> card'.
function support.play_out(g, policy)
  while g:phase() == "play" do
    local seat = g:mover()
    g:play(policy(g, seat, g:legal()))
  end
end

-- Card policies: the first legal card; the highest / lowest by rank.
function support.first(_, _, legal) return legal[1] end

function support.highest(_, _, legal)
  local best = legal[1]
  for _, c in ipairs(legal) do if c.rank_index < best.rank_index then best = c end end
  return best
end

function support.lowest(_, _, legal)
  local best = legal[1]
  for _, c in ipairs(legal) do if c.rank_index > best.rank_index then best = c end end
  return best
end

-- The events' sentences joined, for searching.
function support.text(g)
  local parts = {}
  for i, ev in ipairs(g:events()) do parts[i] = ev.text end
  return table.concat(parts, "\n")
end

-- The account of seat s.
function support.account(g, s)
  return g.state.scores[g.state.side_of[s]]
end

return support
