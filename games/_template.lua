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

-- A trick's event: the sentence and its data, made only when someone reads
-- the log (st:log calls it; a simulation never does).
local function trick_event(st, w, t)
  local _, card = t:at((t:winner()))
  return ("%s wins the trick with %s"):format(st.names[w], card), { winner = w }
end

-- The only decision: which card to play. tricks.phase makes a card phase
-- of one-card tricks from the obligations as data (talon.trickrules): it
-- finds the legal cards, explains a refusal under the rule id given, gives
-- each trick to its winner (highest card of the suit led: no trumps here)
-- and calls on_trick once per trick; random playouts play each trick in
-- one C call.
local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true }, -- follow suit if you can, else any card
  rule = "follow",
  -- the winner has the trick's cards in st.won[w], a count in
  -- st.tricks_won[w], and leads the next trick (st.turn)
  event = trick_event, -- the "trick" event, built only when someone reads it
  on_trick = function(st, w)
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
    target = { default = 10, min = 1, doc = "points that win the match" },
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
