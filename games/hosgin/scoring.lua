-- Scoring a Hosgin deal and the end of the match (RULES.md §1.9, §1.10:
-- HOS-R14, HOS-R28 … HOS-R35; the HOSGIN credit of HOS-R24 is booked at
-- once, in play.lua).
--
-- Every change of an account is one talon.score.add with the rule and the
-- whole computation in its sentence, so `talon play` and `score` show how
-- each number came about. st.tally keeps the numbers of the last deal
-- scored for views and tests: kind, declarer, bid, exposed (melds shown),
-- tricks (taken), melds (counted), points (card points), rounded, won.
local score = require "talon.score"

local scoring = {}

-- Rounds trick points to tens, x1-x5 down, x6-x9 up (HOS-R29, HOS-13).
function scoring.round(t)
  return 10 * ((t + 4) // 10)
end
local round = scoring.round

-- Has account 'x' reached the target (HOS-R32)?
function scoring.reached(opts, x)
  if opts.target_strict then return x > opts.target end
  return x >= opts.target
end

local FINE_DIVISOR = { ["A/3"] = 3, ["A/2"] = 2, ["A/4"] = 4 }

-- The lost-game fine of the money ledger (HOS-R35): the ante's part
-- rounded to the nearest unit (halves up), at least one unit of a
-- non-zero ante: the seed's own table plays for 5 € and 2 € a lost game.
function scoring.fine(opts)
  local a, d = opts.ante, FINE_DIVISOR[opts.fine]
  if a == 0 then return 0 end
  return math.max(1, (2 * a + d) // (2 * d))
end

local function pay_fine(st, d, why)
  if not st.opts.money then return end
  local f = scoring.fine(st.opts)
  st.chips[d] = (st.chips[d] or 0) - f
  st.pot = (st.pot or 0) + f
  st:log("fine", { seat = d, amount = f }, "HOS-R35: %s pays the fine %d for a %s game (pot %d)",
    st.names[d], f, why, st.pot)
end

local function add(st, seat, points, rule, why)
  score.add(st, st.side_of[seat], points, rule, why)
end

-- Card points of every seat: tricks, the last trick's 20, and the discards
-- for the declarer (HOS-R6, HOS-R16).
local function trick_points(st)
  local t = {}
  for s = 1, st.n do t[s] = st.won[s]:points() end
  if st.last_winner then t[st.last_winner] = t[st.last_winner] + 20 end
  if st.opts.discard_points_to_declarer and st.declarer then
    t[st.declarer] = t[st.declarer] + st.discards:points()
  end
  return t
end

local function defenders(st)
  local list = {}
  for _, s in ipairs({ st.roles.v, st.roles.m, st.roles.d }) do
    if s ~= st.declarer then list[#list + 1] = s end
  end
  return list
end

local function concession(st, tally)
  local d, b = st.declarer, st.bid
  add(st, d, -b, "HOS-R14", ("%s (declarer) concedes his bid %d: -%d"):format(st.names[d], b, b))
  pay_fine(st, d, "conceded")
  for _, s in ipairs(defenders(st)) do
    local m = st.meld_points[s]
    tally.melds[s] = m
    add(st, s, m + 100, "HOS-R14", ("defender after a concession: melds %d + 100 = %d")
      :format(m, m + 100))
  end
end

local function score_defender(st, s, t, tally)
  local took = st.tricks_won[s] > 0
  local m = took and st.meld_points[s] or 0
  tally.melds[s], tally.rounded[s] = m, round(t[s])
  local why
  if took then
    why = ("defender: melds %d + tricks %d (rounded %d) = %d"):format(m, t[s], round(t[s]),
      m + round(t[s]))
  else
    why = ("defender without a trick: melds %d void (HOS-R28), tricks %d (rounded %d)")
      :format(st.meld_points[s], t[s], round(t[s]))
  end
  add(st, s, m + round(t[s]), "HOS-R30", why)
  tally.crossing[#tally.crossing + 1] = s
end

local function score_declarer(st, t, tally)
  local d, b = st.declarer, st.bid
  local took = st.tricks_won[d] > 0
  local m = took and st.meld_points[d] or 0
  local void = took and "" or (" (no trick: melds %d void, HOS-R28)"):format(st.meld_points[d])
  tally.melds[d] = m
  if m + t[d] > b then
    tally.rounded[d], tally.won = round(t[d]), true
    add(st, d, m + round(t[d]), "HOS-R29", ("%s (declarer) bid %d, melds %d + tricks %d "
      .. "(rounded %d) = %d > %d: wins, +%d%s"):format(st.names[d], b, m, t[d], round(t[d]),
      m + t[d], b, m + round(t[d]), void))
    tally.crossing[#tally.crossing + 1] = d
  else
    tally.won = false
    add(st, d, -b, "HOS-R29", ("%s (declarer) bid %d, melds %d + tricks %d = %d, not more than %d:"
      .. " loses, -%d (melds and tricks void)%s"):format(st.names[d], b, m, t[d], m + t[d], b, b,
      void))
    pay_fine(st, d, "lost")
  end
end

-- HOS-R33: a player whose rounded account misses the target but whose
-- account with this deal's unrounded trick points reaches it crosses.
local function rounding_exception(st, t, tally)
  for _, s in ipairs(tally.crossing) do
    local acc = st.scores[st.side_of[s]]
    local diff = t[s] - round(t[s])
    if diff > 0 and not scoring.reached(st.opts, acc) and scoring.reached(st.opts, acc + diff) then
      add(st, s, diff, "HOS-R33", ("unrounded trick points %d instead of %d cross the target %d")
        :format(t[s], round(t[s]), st.opts.target))
    end
  end
end

local function result(st, seat, why)
  local parts = {}
  for s = 1, st.n do parts[s] = ("%s %d"):format(st.names[s], st.scores[st.side_of[s]]) end
  local res = score.result(st, st.side_of[seat])
  res.text = ("%s wins the match (%s): %s"):format(st.names[seat], why, table.concat(parts, ", "))
  if st.opts.money then score.take_pot(st, seat) end
  return res
end

-- HOS-R34: after a deal, if anyone reached the target the highest account
-- wins; equal highest accounts play another deal.
local function match_end(st)
  if st.outcome.kind == "hosgin" then
    return result(st, st.outcome.seat, "HOSGIN, HOS-R24")
  end
  local any = false
  for s = 1, st.n do any = any or scoring.reached(st.opts, st.scores[st.side_of[s]]) end
  if not any then return nil end
  local leaders, best = score.leaders(st)
  if #leaders > 1 then
    st:log("tie", { best = best }, "HOS-R34: the target is reached but %d players share the "
      .. "highest account %d: another deal", #leaders, best)
    return nil
  end
  return result(st, st.sides[leaders[1]][1], ("target %d reached, highest account, HOS-R34")
    :format(st.opts.target))
end

-- The score hook: books the deal and decides the end of the match.
function scoring.score(st)
  local out = st.outcome or { kind = "void" }
  local tally = { kind = out.kind, melds = {}, rounded = {}, crossing = {},
                  declarer = st.declarer, bid = st.bid, exposed = {}, tricks = {},
                  discard_points = st.discards:points() }
  for s = 1, st.n do
    tally.exposed[s], tally.tricks[s] = st.meld_points and st.meld_points[s], st.tricks_won[s]
  end
  st.tally = tally
  if out.kind == "concede" then
    concession(st, tally)
  elseif out.kind == "played" then
    local t = trick_points(st)
    tally.points = t
    for _, s in ipairs(defenders(st)) do score_defender(st, s, t, tally) end
    score_declarer(st, t, tally)
    rounding_exception(st, t, tally)
  end
  st.match_result = match_end(st)
end

-- Invariant for random checks (HOS-R6, HOS-R16, EXAMPLES.md HOS-21): a
-- played deal gives out exactly 500 card points, the discards' included.
function scoring.gives_out_500(st)
  local tl = st.tally
  if not tl or tl.kind ~= "played" then return nil end
  local sum = 0
  for s = 1, st.n do sum = sum + tl.points[s] end
  if not st.opts.discard_points_to_declarer then sum = sum + tl.discard_points end
  if sum == 500 then return nil end
  return ("deal %d gave out %d card points, not 500"):format(st.hand_no, sum)
end

function scoring.match_over(st)
  return st.match_result
end

return scoring
