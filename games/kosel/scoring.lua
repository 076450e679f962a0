-- Kosel's penalties and the end of the match (RULES.md §3.4, KOZ-R13,
-- KOZ-R14; EXAMPLES.md KOZ-07, KOZ-08). The match scores are penalty
-- points: the fewest win. A party is a player, or a partnership of four.
local score = require "talon.score"
local seats = require "talon.seats"

local scoring = {}

-- The parties in play: side, card points and tricks of the deal.
function scoring.totals(st)
  local list = {}
  for side, members in ipairs(st.sides) do
    local in_play, points, tricks = false, 0, 0
    for _, s in ipairs(members) do
      if st:is_in(s) then
        in_play = true
        points = points + st.won[s]:points() -- face-down cards included (KOZ-R13)
        tricks = tricks + st.tricks_won[s]
      end
    end
    if in_play then list[#list + 1] = { side = side, points = points, tricks = tricks } end
  end
  return list
end

-- KOZ-R13: the penalty of each party given its points and tricks, and why.
-- 'sixty_all' is the option for 60-60 between two parties (Z6): "both2",
-- or "none_double_next" (no penalty, the next deal counts double; the
-- second result is then true).
function scoring.penalties(totals, sixty_all)
  local n, top, at_top = #totals, -1, 0
  local low = n == 2 and 31 or 21
  for _, p in ipairs(totals) do
    if p.points > top then
      top, at_top = p.points, 1
    elseif p.points == top then
      at_top = at_top + 1
    end
  end
  if n == 2 and at_top == 2 and sixty_all == "none_double_next" then
    return { { penalty = 0, why = "60-60: no penalty, the next deal counts double (Z6)" },
             { penalty = 0, why = "60-60: no penalty, the next deal counts double (Z6)" } }, true
  end
  local out = {}
  for i, p in ipairs(totals) do
    if p.points == top and at_top == 1 then
      out[i] = { penalty = 0,
                 why = ("%d card points, more than every other party"):format(p.points) }
    elseif p.tricks == 0 then
      out[i] = { penalty = 6, why = "no trick" }
    elseif p.points < low then
      out[i] = { penalty = 4, why = ("%d card points, below %d"):format(p.points, low) }
    else
      out[i] = { penalty = 2, why = ("%d card points"):format(p.points) }
    end
  end
  return out, false
end

local function result(st, side, how)
  return { winner = side, winners = st.sides[side], scores = { table.unpack(st.scores) },
           text = ("%s wins (%s): penalty points %s"):format(seats.side_name(st, side), how,
             score.text(st.scores)) }
end

local function sit_out(st, side)
  for _, s in ipairs(st.sides[side]) do st:sit_out(s) end
end

-- KOZ-R14 after the deal's penalties: who is out, and whether the match is
-- decided (st.match_result).
local function eliminate(st)
  local limit, in_play, over, left = st.opts.penalty_limit, {}, {}, {}
  for _, p in ipairs(scoring.totals(st)) do
    in_play[#in_play + 1] = p.side
    if st.scores[p.side] >= limit then over[#over + 1] = p.side else left[#left + 1] = p.side end
  end
  if #over == 0 then return end
  if #left == 0 then -- everyone left went out at once: the fewest win, tied parties play on
    local best
    for _, side in ipairs(in_play) do
      if not best or st.scores[side] < best then best = st.scores[side] end
    end
    local tied = {}
    for _, side in ipairs(in_play) do
      if st.scores[side] == best then tied[#tied + 1] = side else sit_out(st, side) end
    end
    if #tied == 1 then
      st.match_result = result(st, tied[1], "fewest penalty points when all reached "
        .. limit)
    else
      st:log("tie", { sides = tied }, "KOZ-R14: all reached %d; the tied parties play on", limit)
    end
    return
  end
  for _, side in ipairs(over) do
    st:log("out", { side = side }, "KOZ-R14: %s has %d penalty points and is out",
      seats.side_name(st, side), st.scores[side])
    if #left > 1 then sit_out(st, side) end
  end
  if #left == 1 then st.match_result = result(st, left[1], "the last party in") end
end

-- The `score` hook: penalties of the deal (doubled after a 60-60 under
-- Z6's other reading), then eliminations.
function scoring.score(st)
  local totals = scoring.totals(st)
  local list, double_next = scoring.penalties(totals, st.opts.sixty_all)
  local factor = st.double and 2 or 1
  for i, p in ipairs(totals) do
    local pen = list[i]
    if pen.penalty > 0 then
      score.add(st, p.side, pen.penalty * factor, "KOZ-R13",
        factor == 2 and (pen.why .. ", doubled after 60-60") or pen.why)
    else
      st:log("safe", { side = p.side }, "KOZ-R13: %s scores no penalty (%s)",
        seats.side_name(st, p.side), pen.why)
    end
  end
  st.double = double_next or nil
  st.deal_result = { totals = totals, penalties = list } -- for the statistics (kosel.lua)
  eliminate(st)
end

function scoring.match_over(st)
  return st.match_result
end

return scoring
