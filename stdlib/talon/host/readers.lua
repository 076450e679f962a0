-- talon.host.readers: what the front ends read of a running game (its
-- scores, seat names and count, a seat's cards, the partnerships, whether
-- an action was played face down), as the methods g:scores, g:name,
-- g:seats, g:hand, g:sides and g:private. The state is the game's to fill
-- with anything, and the front ends print what these return outside any
-- budget: each either reads raw, returns the host's own count, or walks
-- the state under the game's meter (talon.host.running wraps g:hand,
-- g:sides and g:private with sandbox.method) and returns a checked copy.
-- Kept out of talon.host.running, as talon.host.why is: the hot path
-- plays, this file answers the front ends.
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"
local game = require "talon.game"

local readers = {}

-- The scores as a plain copy (talon.host.sandbox.plain): st.scores is the
-- game's, and front ends print what this returns outside its budget.
function readers.scores(g) return sandbox.plain(g.state.scores) end
-- Seat s's name as the game shows it (st.names, which a game may change:
-- Hokm reseats its players), read raw for the front ends, which print it
-- outside any budget: a name that is not a string is "P<s>".
function readers.name(g, s)
  local names = rawget(g.state, "names")
  local name = type(names) == "table" and rawget(names, s)
  if type(name) == "string" then return name end
  return "P" .. tostring(s)
end
-- The number of seats, as the game started with them (the host's own
-- count: st.n is the game's to change, and front ends compare with it).
function readers.seats(g) return #g.seat_ok end
-- A copy of seat s's cards, for the front ends that show every hand (open
-- replays and tables): read under the game's budget, as a view is.
function readers.hand(g, s)
  local h = g.state.hands[s]
  if not actions.is_hand(h) then
    error(("st.hands[%s] is not a Hand (a %s)"):format(tostring(s), type(h)), 0)
  end
  return h:copy()
end
-- The partnerships now, copied and checked: sides[i] the seats of side i
-- and side_of[s] seat s's side (st.sides and st.side_of are the game's to
-- change; front ends label sides and seats with them).
function readers.sides(g)
  local st, ok = g.state, g.seat_ok
  local sides, side_of = {}, {}
  for i, members in ipairs(st.sides) do
    local list = {}
    for j, s in ipairs(members) do
      if not ok[s] then error(("st.sides[%d][%d] is not a seat"):format(i, j), 0) end
      list[j] = s
    end
    sides[i] = list
  end
  for s = 1, #ok do
    local side = st.side_of[s]
    if not sides[side] then error(("st.side_of[%d] is not a side"):format(s), 0) end
    side_of[s] = side
  end
  return sides, side_of
end
-- Whether 'seat's action 'a' in phase 'name' (the phase it was played in)
-- is played face down (the phase's `private`): front ends hide it from
-- the other seats.
function readers.private(g, name, seat, a)
  local ph = g.def.phases[name]
  return ph ~= nil and game.private(ph, g.state, seat, a)
end

return readers
