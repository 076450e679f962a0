-- talon.host.value: what a future of the search is worth to each side,
-- from the rules alone.
--
-- A hand's points are a coarse value: a Hokm hand is worth 0 or 1, so a
-- few hundred random futures cannot tell a good card from a slightly
-- worse one. What every trick game also records is finer: the tricks and
-- the card points each side took. How much they are worth differs from
-- game to game (Hearts: a trick costs; Hokm: seven win the hand; Kosel:
-- the card points are the score), so the search does not assume it: over
-- the futures of each decision it fits the hand's value to the two by
-- least squares, and judges an action by half its mean value and half the
-- value its mean tricks and card points predict. Where they predict
-- nothing the fit is flat and the plain mean decides; where they do, a
-- trick more is seen even in futures whose points did not change.
local value = {}

value.BLEND = 0.5 -- the weight of the predicted value

-- Per side of state 'st': its score, tricks and card points taken.
function value.snapshot(st)
  local score, tricks, points = {}, {}, {}
  for side, v in ipairs(st.scores) do score[side], tricks[side], points[side] = v, 0, 0 end
  local side_of, tw, won = st.side_of, st.tricks_won, st.won
  for seat = 1, #side_of do
    local side = side_of[seat]
    if tricks[side] then
      local t = tw and tw[seat]
      if math.type(t) == "integer" then tricks[side] = tricks[side] + t end
      local pile = won and won[seat]
      if type(pile) == "userdata" then points[side] = points[side] + pile:points() end
    end
  end
  return { score = score, tricks = tricks, points = points }
end

-- x for each side less the mean of the others', times 'dir'.
local function relative(x, x0, dir, out)
  local n, total = #x, 0
  for side = 1, n do total = total + (x[side] - x0[side]) end
  for side = 1, n do
    local own = x[side] - x0[side]
    out[side] = dir * (n > 1 and own - (total - own) / (n - 1) or own)
  end
  return out
end

-- The change since snapshot 's0' of world state 'st', per side: the
-- value (score), the tricks and the card points, each the side's change
-- less the mean change of the others'; the value turned round by 'dir'
-- (+1 when the highest score wins, -1 when the lowest), so that more is
-- always better.
function value.change(st, s0, dir)
  local s = value.snapshot(st)
  return relative(s.score, s0.score, dir, {}), relative(s.tricks, s0.tricks, 1, {}),
    relative(s.points, s0.points, 1, {})
end

-- Side 'side''s three figures of value.change(st, s0, dir), without its
-- tables: the search asks them of every future. The sums are the same
-- (integers, in the same order where the order could matter).
local function relative_one(own, total, n, dir)
  return dir * (n > 1 and own - (total - own) / (n - 1) or own)
end

function value.change_of(st, s0, dir, side)
  local scores, x0 = st.scores, s0.score
  local n, total, own = 0, 0, 0
  local v = scores[1]
  while v ~= nil do -- the sides, as ipairs(st.scores) counts them
    n = n + 1
    local d = v - x0[n]
    total = total + d
    if n == side then own = d end
    v = scores[n + 1]
  end
  local side_of, tw, won = st.side_of, st.tricks_won, st.won
  local t_all, t_own, p_all, p_own = 0, 0, 0, 0
  for seat = 1, #side_of do
    local s = side_of[seat]
    -- a side of the scores (value.snapshot's test: anything else is not)
    if math.type(s) and s >= 1 and s <= n and s % 1 == 0 then
      local t = tw and tw[seat]
      if math.type(t) == "integer" then
        t_all = t_all + t
        if s == side then t_own = t_own + t end
      end
      local pile = won and won[seat]
      if type(pile) == "userdata" then
        local p = pile:points()
        p_all = p_all + p
        if s == side then p_own = p_own + p end
      end
    end
  end
  local t0, p0 = s0.tricks, s0.points
  local t0_all, p0_all = 0, 0
  for k = 1, n do t0_all, p0_all = t0_all + t0[k], p0_all + p0[k] end
  return relative_one(own, total, n, dir),
    relative_one(t_own - t0[side], t_all - t0_all, n, 1),
    relative_one(p_own - p0[side], p_all - p0_all, n, 1)
end

-- ===== the fit

-- An empty least-squares fit of a value on two features.
function value.fit()
  return { n = 0, v = 0, a = 0, b = 0, aa = 0, ab = 0, bb = 0, av = 0, bv = 0 }
end

-- Adds one future: value v, features a (tricks) and b (card points).
function value.add(f, v, a, b)
  f.n, f.v, f.a, f.b = f.n + 1, f.v + v, f.a + a, f.b + b
  f.aa, f.ab, f.bb = f.aa + a * a, f.ab + a * b, f.bb + b * b
  f.av, f.bv = f.av + a * v, f.bv + b * v
end

local TINY = 1e-9

-- The slopes of the value on the two features (0 where a feature does not
-- vary or the fit has too few futures).
function value.slopes(f)
  local n = f.n
  if n < 8 then return 0, 0 end
  local caa, cbb = f.aa - f.a * f.a / n, f.bb - f.b * f.b / n
  local cab = f.ab - f.a * f.b / n
  local cav, cbv = f.av - f.a * f.v / n, f.bv - f.b * f.v / n
  local det = caa * cbb - cab * cab
  if caa > TINY and cbb > TINY and det > TINY * caa * cbb then
    return (cav * cbb - cbv * cab) / det, (cbv * caa - cav * cab) / det
  end
  if caa > TINY then return cav / caa, 0 end
  if cbb > TINY then return 0, cbv / cbb end
  return 0, 0
end

-- The blended mean of an action from its futures' mean value 'mv' and
-- mean features 'ma', 'mb', under fit 'f'.
function value.blend(f, mv, ma, mb)
  if f.n == 0 then return mv end
  local sa, sb = value.slopes(f)
  local n = f.n
  local predicted = f.v / n + sa * (ma - f.a / n) + sb * (mb - f.b / n)
  return (1 - value.BLEND) * mv + value.BLEND * predicted
end

return value
