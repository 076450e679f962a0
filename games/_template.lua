-- The smallest complete Talon game, for authors: docs/writing-a-game.md
-- walks through it line by line.
--
-- "High card": two to four players each get 5 cards from a 32-card deck;
-- five tricks, follow suit if you can, no trumps; every trick won is a
-- point; the first to 10 points wins the match.
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

-- The only decision: which card to play. `cards = true` tells the framework
-- that the actions are cards from the mover's hand (the fast path).
local play = {
  doc = "play a card: follow suit if you can",
  cards = true,
  mover = function(st) return st.turn end,
  legal = tricks.follow_legal, -- follow suit if you can
  check = function(st, seat)
    local same = st.hands[seat]:suit(st.trick.led)
    return st:violation("follow", "must follow suit: you hold " .. tostring(same),
      "play one of " .. tostring(same))
  end,
  apply = function(st, seat, card)
    st.hands[seat]:remove(card)
    tricks.add(st.trick, seat, card, st.info.suit[card])
    if st.trick.n < st.n then
      st.turn = st:next(seat)
      return nil
    end
    local i = tricks.winner(st.trick, st.info, nil)
    local w = st.trick.seats[i]
    for k = 1, st.trick.n do st.won[w]:add(st.trick.cards[k]) end
    st.tricks_won[w] = st.tricks_won[w] + 1
    st:log("trick", { winner = w }, "%s wins the trick with %s", st.names[w], st.trick.cards[i])
    tricks.clear(st.trick)
    st.turn = w
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

return game.define {
  name = "High card",
  summary = "the smallest complete game: five tricks, a point per trick, first to 10",
  players = { 2, 3, 4 },
  direction = "cw",
  options = {
    players = { default = 2, values = { 2, 3, 4 }, doc = "number of players" },
    target = { default = 10, doc = "points that win the match" },
  },
  deck = { ranks = "A K Q J T 9 8 7" },
  deal = function(st)
    local first = st:next(st.dealer)
    local order = {}
    for i = 1, st.n do order[i] = (first + i - 2) % st.n + 1 end
    deal.packets(st, order, { 5 })
    st.turn = first
    return "play"
  end,
  phases = { play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "one point per trick")
      end
    end
  end,
}
