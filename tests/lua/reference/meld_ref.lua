-- Naive reference meld scorers for differential tests (STYLE rule 22): the
-- formal rules transcribed line by line over a Lua count table
-- n[rank][suit], with no cleverness, so that the C scorer can be checked
-- against something obviously right.
local meld_ref = {}

local SUITS = { "S", "H", "D", "C" }

-- n[rank][suit] = copies held, for the given rank names, from a talon.Hand.
function meld_ref.counts(hand, ranks)
  local n = {}
  for _, r in ipairs(ranks) do
    n[r] = {}
    for _, s in ipairs(SUITS) do n[r][s] = 0 end
  end
  for card, k in hand:each() do n[card.rank][card.suit] = k end
  return n
end

local function min_over_suits(n, r)
  local m = math.huge
  for _, s in ipairs(SUITS) do m = math.min(m, n[r][s]) end
  return m
end

local SERIES = { { "J", 40 }, { "Q", 60 }, { "K", 80 }, { "A", 100 } }
local PINIK = { [0] = 0, 40, 300, 300, 0 } -- p = 4 is HOSGIN (§1.7, HOS-R24)

-- HOS-R19 for trump suit name `trump` (nil: none); multi = "double" or
-- "scaled" (HOS-R21).
function meld_ref.hosgin(n, trump, multi)
  local total, c = 0, math.huge
  for _, s in ipairs(SUITS) do
    local b = math.min(n.Q[s], n.K[s])
    total = total + b * (s == trump and 40 or 20)
    c = math.min(c, b)
  end
  if trump then
    local ts = math.huge
    for _, r in ipairs({ "J", "Q", "K", "T", "A" }) do ts = math.min(ts, n[r][trump]) end
    total = total + 110 * ts
  end
  for _, rs in ipairs(SERIES) do
    local m, single = min_over_suits(n, rs[1]), rs[2]
    if m == 1 then
      total = total + single
    elseif m >= 2 then
      local factor = 10
      if multi == "scaled" and m == 3 then factor = 15 end
      if multi == "scaled" and m >= 4 then factor = 20 end
      total = total + factor * single
    end
  end
  if c >= 2 then total = total + 800 end
  return total + PINIK[math.min(n.J.D, n.Q.S)]
end

-- §6.4 for a set of cards: marriages per suit, quint major (trump only
-- unless quint_any) counted over its marriage, quartets of any suits,
-- Besigue by level, trump sevens.
function meld_ref.besigue(n, trump, quint_any)
  local total = 0
  for _, s in ipairs(SUITS) do
    local marriages = math.min(n.K[s], n.Q[s])
    total = total + marriages * (s == trump and 40 or 20)
    if s == trump or quint_any then
      local q = math.huge
      for _, r in ipairs({ "A", "T", "K", "Q", "J" }) do q = math.min(q, n[r][s]) end
      total = total + q * (250 - (s == trump and 40 or 20))
    end
  end
  for _, rs in ipairs({ { "J", 40 }, { "Q", 60 }, { "K", 80 }, { "A", 100 } }) do
    local held = 0
    for _, s in ipairs(SUITS) do held = held + n[rs[1]][s] end
    total = total + (held // 4) * rs[2]
  end
  local b = math.min(n.Q.S, n.J.D)
  total = total + ({ [0] = 0, 40, 500, 1500 })[math.min(b, 3)]
  if trump then total = total + 10 * n["7"][trump] end
  return total
end

return meld_ref
