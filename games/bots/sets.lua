-- Helpers of the rule-of-thumb bots of the set-trick games (Kosel, Bura):
-- card points and costs of sets as views give them, and the choice among
-- legal actions. Not a bot itself: no game is named "sets".
local sets = {}

-- Card points of a Hand, or of a Card (a one-card play in a view's trick).
function sets.points(cards)
  if cards.rank then return cards.points end
  local sum = 0
  for c, n in cards:each() do sum = sum + n * c.points end
  return sum
end

-- What keeping the cards is worth, card by card: the sum of worth(card).
function sets.cost(cards, worth)
  local sum = 0
  for c, n in cards:each() do sum = sum + n * worth(c) end
  return sum
end

-- Does any card of the set pass test(card)?
function sets.has(cards, test)
  for c in cards:each() do
    if test(c) then return true end
  end
  return false
end

-- The action of 'list' whose verb is 'verb' (or in the set 'verb') with
-- the least f of its cards, or with 'most' the greatest; nil if none.
function sets.pick(list, verb, f, most)
  local best, best_v
  for _, a in ipairs(list) do
    if a.verb == verb or (type(verb) == "table" and verb[a.verb]) then
      local v = f(a.arg)
      if not best or (most and v > best_v) or (not most and v < best_v) then best, best_v = a, v end
    end
  end
  return best
end

-- The first action of 'list' with verb 'verb', or nil.
function sets.find(list, verb)
  for _, a in ipairs(list) do
    if a.verb == verb then return a end
  end
  return nil
end

return sets
