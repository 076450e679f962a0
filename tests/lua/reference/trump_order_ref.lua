-- Naive pure-Lua statements of the trump orders of Euchre (EUC-R6), Skat
-- (suit games, Grand, Null) and Doppelkopf (the standard game), written
-- from each game's rules and not from Talon's trump-order data: each game
-- says, per card, the suit it belongs to and its power there (higher
-- wins). The differential test (tests/lua/trick/trump_orders_test.lua)
-- compares the engine's legal cards, winner and led suit with them.
local ref = {}

local function rank_value(order, rank)
  local i = order:find(rank, 1, true)
  return #order - i -- the first letter of 'order' is the highest
end

-- Euchre with trump suit 'trump': the jack of trump (right bower), the
-- other jack of its colour (left bower), then A K Q 10 9 of trump; other
-- suits A K Q J 10 9.
local COLOUR = { S = "black", C = "black", H = "red", D = "red" }
function ref.euchre(trump)
  return {
    trump = trump,
    of = function(c)
      if c.rank == "J" and c.suit == trump then return trump, 100 end
      if c.rank == "J" and COLOUR[c.suit] == COLOUR[trump] then return trump, 99 end
      return c.suit, rank_value("AKQJT9", c.rank)
    end,
  }
end

-- Skat: in a suit game the four jacks (clubs highest, then spades, hearts,
-- diamonds) are the highest trumps, then the trump suit's A 10 K Q 9 8 7;
-- in Grand the jacks alone are trump (a suit of their own, "trump"); in
-- Null there is no trump and every suit runs A K Q J 10 9 8 7. Plain suits
-- of suit games and Grand run A 10 K Q 9 8 7.
local JACKS = { C = 4, S = 3, H = 2, D = 1 }
function ref.skat(game)
  if game == "null" then
    return { trump = nil, of = function(c) return c.suit, rank_value("AKQJT987", c.rank) end }
  end
  local trump = game == "grand" and "trump" or game
  return {
    trump = trump,
    of = function(c)
      if c.rank == "J" then return trump, 100 + JACKS[c.suit] end
      return c.suit, rank_value("ATKQ987", c.rank)
    end,
  }
end

-- Doppelkopf, the standard game: trumps are 10♥, the queens (clubs,
-- spades, hearts, diamonds), the jacks (same order), then diamonds A 10 K
-- 9; clubs and spades run A 10 K 9 and hearts A K 9.
function ref.doppelkopf()
  return {
    trump = "D",
    of = function(c)
      if c.rank == "T" and c.suit == "H" then return "D", 300 end
      if c.rank == "Q" then return "D", 200 + JACKS[c.suit] end
      if c.rank == "J" then return "D", 100 + JACKS[c.suit] end
      return c.suit, rank_value("ATK9", c.rank)
    end,
  }
end

-- The index of the winning card of 'cards' (a list): the highest trump,
-- else the highest card of the suit of the first card; among equal cards
-- the first.
function ref.winner(g, cards)
  local best = 1
  for i = 2, #cards do
    local cs, cp = g.of(cards[i])
    local bs, bp = g.of(cards[best])
    if (cs == bs and cp > bp) or (cs ~= bs and g.trump ~= nil and cs == g.trump) then
      best = i
    end
  end
  return best
end

-- The cards of 'hand' (a list) that may follow 'cards' (the trick so
-- far): those of the led suit, else any.
function ref.legal(g, cards, hand)
  if #cards == 0 then return hand end
  local led = g.of(cards[1])
  local same = {}
  for _, c in ipairs(hand) do
    if g.of(c) == led then same[#same + 1] = c end
  end
  return #same > 0 and same or hand
end

return ref
