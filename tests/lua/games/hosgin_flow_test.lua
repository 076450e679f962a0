-- The course of a Hosgin deal: seats and roles (HOS-R1, HOS-R2), who
-- speaks first, who leads the first trick (HOS-R17), and 25 tricks each led
-- by the winner of the last (HOS-R25), checked on seeded deals played by
-- random legal players through the public game API.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local sup = require "tests.lua.games.hosgin_support"

-- HOS-R1: three players, counter-clockwise; HOS-R2: V = next(D), M = next(V).
t.test("HOS-R1/R2 three seats, counter-clockwise; Vorhand speaks first", function()
  t.eq(sup.def.players[1], 3, "three players")
  t.eq(#sup.def.players, 1, "only three")
  t.eq(sup.def.direction, "ccw", "counter-clockwise")
  for seed = 1, 6 do
    local g = game.new(sup.def, { seed = seed, hands = 1 })
    local st = g.state
    local v = g:view(1)
    t.eq(v.roles.dealer, st.dealer, "the dealer's role")
    t.eq(v.roles.vorhand, st:next(st.dealer), "Vorhand is next after the dealer")
    t.eq(v.roles.mittelhand, st:next(v.roles.vorhand), "Mittelhand next after Vorhand")
    t.eq(st:next(v.roles.mittelhand), st.dealer, "and then the dealer again")
    t.eq(g:phase(), "auction", "the deal opens with the auction")
    t.eq(g:mover(), v.roles.vorhand, "HOS-R8: Vorhand speaks first")
  end
end)

-- Plays random legal actions until the card play starts; nil if the deal
-- was passed out or conceded first.
local function to_play(g, rng)
  local hand = g.state.hand_no
  while g:phase() ~= "play" do
    if g:over() or g.state.hand_no ~= hand then return nil end
    g:play(g:random(rng))
  end
  return g
end

-- HOS-R17: the declarer leads; HOS-R25: 25 tricks, the winner leads next.
t.test("HOS-R17/R25 the declarer leads; 25 tricks, each led by the last winner", function()
  local played = 0
  for seed = 1, 40 do
    local rng = talon.rng(seed)
    local g = to_play(game.new(sup.def, { seed = seed, hands = 1,
      options = { bid_limit = 700 } }), rng)
    if g then
      played = played + 1
      local st = g.state
      t.eq(g:mover(), st.declarer, "seed " .. seed .. ": the declarer leads the first trick")
      for s = 1, 3 do t.eq(#st.hands[s], 25, "HOS-R17: the laid-out cards are back: 25 each") end
      local tricks = 0
      while g:phase() == "play" do
        local before = { table.unpack(st.tricks_won) }
        g:play(g:random(rng))
        local winner
        for s = 1, 3 do if st.tricks_won[s] ~= before[s] then winner = s end end
        if winner then
          tricks = tricks + 1
          if g:phase() == "play" then
            t.eq(g:mover(), winner, ("seed %d: the winner of trick %d leads"):format(seed, tricks))
          end
        end
      end
      t.eq(tricks, 25, "seed " .. seed .. ": 25 tricks in a played deal")
    end
  end
  t.ok(played >= 10, ("enough deals were played out: %d"):format(played))
end)
