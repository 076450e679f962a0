-- The cards a Besigue player has declared and laid face up on the table
-- (BES-R11), each one a physical card with the meld kinds it has served in
-- (BES-R12: "identified" cards; two K♠ of one deal are not the same card).
--
-- A ledger is { cards = Hand, items = {entry, ...} }: 'cards' is the
-- multiset the table shows (the card place the framework's conservation
-- check counts, games/besigue.lua `zones`), 'items' one entry per physical
-- card:
--   { card = Card, married = bool, quint = bool, quartet = bool,
--     besigue = 0 | 1 | 2 | 3 (the highest Besigue level it was in),
--     seven = bool (a trump seven that has scored, BES-R9), seq = n }
-- The two always hold the same cards (a game invariant checks it).
-- Identical copies are told apart by their marks only: when one copy must
-- leave (a card played from the table) or serve (a meld), the most marked
-- one goes first, so the copies with fewer marks, which can still serve in
-- more meld kinds, stay (docs/games/besigue.md "Our interpretations").
local ledger = {}

local MARKS = { "married", "quint", "quartet", "seven" }

-- How many meld kinds an entry has served in: the order copies are used.
function ledger.weight(e)
  local w = e.besigue
  for _, k in ipairs(MARKS) do
    if e[k] then w = w + 1 end
  end
  return w
end

-- An empty ledger for cards of 'deck'.
function ledger.new(deck)
  return { cards = deck:hand(), items = {}, seq = 0 }
end

-- Empties the ledger (a new deal, or the table cards going back to the
-- hand for the last tricks, BES-R14). Returns its cards as they were.
function ledger.clear(l)
  local cards = l.cards:copy()
  l.cards:clear()
  for i = #l.items, 1, -1 do l.items[i] = nil end
  return cards
end

-- Lays 'card' on the table unmarked; returns its entry.
function ledger.put(l, card)
  l.seq = l.seq + 1
  local e = { card = card, married = false, quint = false, quartet = false, besigue = 0,
              seven = false, seq = l.seq }
  l.items[#l.items + 1] = e
  l.cards:add(card)
  return e
end

-- The entries of 'card', most marked first, then the earliest laid.
function ledger.copies(l, card)
  local list = {}
  for _, e in ipairs(l.items) do
    if e.card == card then list[#list + 1] = e end
  end
  table.sort(list, function(a, b)
    local wa, wb = ledger.weight(a), ledger.weight(b)
    if wa ~= wb then return wa > wb end
    return a.seq < b.seq
  end)
  return list
end

-- Takes 'card' off the table (played to a trick): the most marked copy.
-- Returns its entry, or nil when no copy lies there.
function ledger.take(l, card)
  local e = ledger.copies(l, card)[1]
  if not e then return nil end
  for i, x in ipairs(l.items) do
    if x == e then
      table.remove(l.items, i)
      break
    end
  end
  l.cards:remove(card)
  return e
end

-- A copy that shares nothing with 'l' (for views: what everybody sees).
function ledger.copy(l)
  local c = { cards = l.cards:copy(), items = {}, seq = l.seq }
  for i, e in ipairs(l.items) do
    c.items[i] = { card = e.card, married = e.married, quint = e.quint, quartet = e.quartet,
                   besigue = e.besigue, seven = e.seven, seq = e.seq }
  end
  return c
end

-- Nil, or why 'l.items' and 'l.cards' disagree (an invariant).
function ledger.broken(l)
  local h = l.cards:deck():hand()
  for _, e in ipairs(l.items) do h:add(e.card) end
  if h == l.cards then return nil end
  return ("the table shows %s but its entries are %s"):format(tostring(l.cards), tostring(h))
end

-- "K♠ (married, four kings)": an entry with its marks, for reports.
local BESIGUE = { "Besigue", "double Besigue", "triple Besigue" }
local PLURAL = { A = "aces", K = "kings", Q = "queens", J = "jacks" }
function ledger.describe(e)
  local marks = {}
  if e.married then marks[#marks + 1] = "married" end
  if e.quint then marks[#marks + 1] = "quint major" end
  if e.quartet then marks[#marks + 1] = "four " .. PLURAL[e.card.rank] end
  if e.besigue > 0 then marks[#marks + 1] = BESIGUE[e.besigue] end
  if e.seven then marks[#marks + 1] = "scored seven" end
  if #marks == 0 then return tostring(e.card) end
  return ("%s (%s)"):format(tostring(e.card), table.concat(marks, ", "))
end

return ledger
