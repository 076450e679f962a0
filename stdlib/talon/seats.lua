-- talon.seats: seat arithmetic and partnerships.
--
-- Seats are 1..n in the order of play, so next(s) = s % n + 1 whatever the
-- direction; the direction only says where a front end draws the seats.
local seats = {}

function seats.next(s, n) return s % n + 1 end
function seats.prev(s, n) return (s - 2) % n + 1 end
function seats.opposite(s, n) return (s + n // 2 - 1) % n + 1 end

-- An empty table with room for 'n' seats in its array part, so that
-- filling it does not rehash at every power of two (Lua 5.4 has no
-- table.create; a constructor of nils sizes the array).
function seats.slots(n)
  if n <= 4 then return { nil, nil, nil, nil } end
  if n <= 8 then return { nil, nil, nil, nil, nil, nil, nil, nil } end
  return {}
end
local slots = seats.slots

-- Seats in play order starting at 'first'.
function seats.from(first, n)
  local list = slots(n)
  for i = 0, n - 1 do list[i + 1] = (first + i - 1) % n + 1 end
  return list
end

-- Validates a list of sides (each a list of seats) covering 1..n exactly
-- once and returns side_of[seat]. With no sides, each seat is its own side.
-- (Numeric loops that stop at the first nil, as ipairs would: a game is
-- made a few hundred thousand times a second in a simulation.)
function seats.sides(n, sides)
  local side_of = slots(n)
  if not sides then
    sides = slots(n)
    for s = 1, n do
      sides[s], side_of[s] = { s }, s
    end
    return sides, side_of
  end
  local i, side = 1, sides[1]
  while side ~= nil do
    local j, s = 1, side[1]
    while s ~= nil do
      if side_of[s] then error(("seat %d is in two sides"):format(s), 3) end
      side_of[s] = i
      j = j + 1
      s = side[j]
    end
    i = i + 1
    side = sides[i]
  end
  for s = 1, n do
    if not side_of[s] then error(("seat %d belongs to no side"):format(s), 3) end
  end
  return sides, side_of
end

-- "P1+P3" for a side, or "P2" for a single seat.
function seats.side_name(st, side)
  local names = {}
  for i, s in ipairs(st.sides[side]) do names[i] = st.names[s] end
  return table.concat(names, "+")
end

-- The partner of the view's seat, from its public partnerships (sides);
-- nil when the seat plays alone. For bots, which see only views.
function seats.partner(v)
  for _, s in ipairs(v.sides[v.side_of[v.seat]]) do
    if s ~= v.seat then return s end
  end
  return nil
end

return seats
