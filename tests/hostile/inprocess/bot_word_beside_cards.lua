-- attack: a bot answers a set of cards with a word beside it that reads as one more card: the table {verb = "lead", extra = "AS", arg = KS} has the text "lead AS KS" of a legal lead of two cards
-- rule: an action is compared with the legal list part by part (verb, word, cards), never by its whole text: the host plays what it recorded
-- expect: contained
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"

local play = tricks.set_phase {
  doc = "lead one or two cards of a suit; follow with as many, face up to beat or face down",
  rules = { lead_sizes = { 1, 2 }, face_down = "allowed" },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

-- The bot: a legal lead of two cards, its first card moved to the word.
local function forge(view)
  for _, a in ipairs(view.legal) do
    if type(a) == "table" and a.verb == "lead" and #a.arg == 2 then
      local cards = a.arg:cards()
      local rest = a.arg:copy()
      rest:remove(cards[1])
      return { verb = "lead", extra = cards[1]:name("ascii"), arg = rest }
    end
  end
  return view.legal[1]
end

local def = {
  name = "Hostile",
  summary = "a small set game carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Lead a set of one suit; follow with as many cards." },
  deal = function(st)
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 6 })
    st.turn = st:next(st.dealer)
    return "play"
  end,
  phases = { play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  tools = { bot = { name = "forger", choose = function(view) return forge(view) end } },
}

return game.define(def)
