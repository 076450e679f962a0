-- attack: a set phase whose follower holds 44 cards against a lead of 8 (C(44, 8) = 177,232,627 sets): the engine's walk of the plays, in C where no budget reaches, would run for hours
-- rule: no hang: the walk of a hand's plays stops at the engine's bound with a clear error
-- expect: error "a hand of 44 cards has too many plays to look at"
-- never: talon/tricks.lua
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local play = tricks.set_phase {
  doc = "lead 8, follow 8",
  rules = { lead_sizes = { 8 }, face_down = "allowed" },
  rule = "R1",
  on_trick = function() return "end" end,
}
return game.define {
  name = "Bigsets", summary = "a wide set phase", players = { 2 }, direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "players" },
              target = { default = 1, doc = "target" } },
  deck = { ranks = "A K Q J T 9 8 7 6", suits = "S H D C E F G" },
  rules = { R1 = "sets" },
  deal = function(st)
    local rest = {}
    while true do
      local c = deal.draw(st)
      if not c then break end
      if c.suit == "S" and #st.hands[1] < 8 then st.hands[1]:add(c) else rest[#rest + 1] = c end
    end
    for i, c in ipairs(rest) do
      if i <= 44 then st.hands[2]:add(c) else st.stock:push(c) end
    end
    st.turn = 1
    return "play"
  end,
  phases = { play = play },
  score = function() end,
}
