-- Besigue's scores (BES-R10, BES-R15 … BES-R17): melds are credited
-- when declared (score.add_now, games/besigue/declare.lua), card points of
-- tricks and the last trick's 10 at the end of the deal; partners pool
-- them; a declaration of out ends the match, a wrong one costs the deal or
-- the match (option wrong_out); without one, BES-R17 decides after the
-- deal (unless must_declare_out).
local score = require "talon.score"
local seats = require "talon.seats"
local rules = require "games.besigue.rules"

local scoring = {}

-- The card points side 'side' has taken in tricks so far this deal.
function scoring.trick_points(st, side)
  local p = 0
  for _, s in ipairs(st.sides[side]) do p = p + st.won[s]:points() end
  return p
end

-- The match total BES-R10 compares with the target: the account (previous
-- deals and this deal's melds, credited when declared) plus the card
-- points of the tricks won so far; a side that declared out wrongly
-- counts nothing of this deal (its melds were taken back then).
function scoring.total(st, side)
  if st.forfeit[side] then return st.scores[side] end
  return st.scores[side] + scoring.trick_points(st, side)
end

-- ===== the end of a deal (BES-R15, BES-R16)

-- Credits each side the card points of its tricks, and the last trick's
-- 10 to its winner's side, unless the side forfeited the deal (E9). Keeps
-- st.tally for the deal's invariant: what was credited and forfeited.
function scoring.score(st)
  local tally = { credited = {}, forfeited = {}, complete = st.outcome.kind == "played" }
  for side = 1, #st.sides do
    local p = scoring.trick_points(st, side)
    local why = ("card points of %s's tricks"):format(seats.side_name(st, side))
    if st.last_winner and st.side_of[st.last_winner] == side then
      p = p + 10
      why = why .. " and the last trick's 10 (BES-R15)"
    end
    if st.forfeit[side] then
      tally.credited[side], tally.forfeited[side] = 0, p
      st:log("forfeit", { side = side, points = p },
        "BES-R10: %s declared out wrongly and scores nothing of this deal (%d forfeited)",
        seats.side_name(st, side), p)
    else
      tally.credited[side], tally.forfeited[side] = p, 0
      score.add(st, side, p, "BES-R16", why)
    end
  end
  st.tally = tally
end

-- ===== the end of the match (BES-R10, BES-R17)

-- The side other than 'side' with the highest account, the first of the
-- tied in play order from the declarer's left ('seat''s next): the
-- winner when 'side' declared out wrongly under wrong_out = lose_match.
local function best_other(st, side, seat)
  local best, first, s = nil, nil, seat
  for _ = 1, st.n do
    s = st:next(s)
    local i = st.side_of[s]
    if i ~= side and (best == nil or st.scores[i] > best) then
      best, first = st.scores[i], i
    end
  end
  return first
end

function scoring.match_over(st)
  local out = st.outcome
  if out and out.kind == "out" then
    local res = score.result(st, out.side)
    res.text = ("%s declared out with %d (BES-R10): %s"):format(st.names[out.seat], out.total,
      res.text)
    return res
  end
  if out and out.kind == "lose" then
    -- the others' highest account wins; tied, the first of them from
    -- the declarer's left (a choice: the seed knows no wrong declaration)
    local res = score.result(st, best_other(st, out.side, out.seat))
    res.text = ("%s declared out wrongly and loses the match (E9): %s"):format(
      st.names[out.seat], res.text)
    return res
  end
  if st.opts.must_declare_out then return nil end -- E10: only a declaration ends it
  -- BES-R17: the highest total at or above the target; equal highest play on
  local leaders, best = score.leaders(st)
  if best < rules.target(st.opts) or #leaders > 1 then return nil end
  return score.result(st, leaders[1])
end

-- ===== the game's own invariants (talon check)

-- Every deal played to the end gives out the deck's card points and the
-- last trick's 10: 250 with two packs, 370 with three (BES-R3, BES-R15).
function scoring.gives_out_all(st)
  local t = st.tally
  if not (t and t.complete) then return nil end
  local sum = 0
  for side = 1, #st.sides do sum = sum + t.credited[side] + t.forfeited[side] end
  local want = st.full:points() + 10
  if sum ~= want then
    return ("deal %d gave out %d card points, not %d"):format(st.hand_no, sum, want)
  end
  return nil
end

return scoring
