-- Bura's pot, claims and the session (RULES.md §4.1, §4.4: BUR-R2,
-- BUR-R10 … BUR-R13; EXAMPLES.md BUR-05 … BUR-07).
--
-- The chips move on the table as the rules say (st.chips per seat and
-- st.pot, talon.score's ante and take_pot); the match scores are each
-- player's net chips, brought up to date in the `score` hook with the
-- reason of every change.
local score = require "talon.score"
local seats = require "talon.seats"
local actions = require "talon.actions"

local money = {}

money.CLAIM = actions.make("claim")
local PASS = actions.make("pass")

-- BUR-R2, B3: everyone pays the ante into the pot at the start of a deal;
-- with ante_when_carried off, not while a pot is carried over.
function money.ante(st)
  st.anted = nil
  if (st.pot or 0) > 0 and not st.opts.ante_when_carried then
    st:log("ante", {}, "BUR-R2: the pot of %d is carried over; no ante (option)", st.pot)
    return
  end
  score.ante(st, st.opts.ante)
  st.anted = st.opts.ante
end

-- BUR-R10: a claim of 31, judged at the end of the deal (score): the card
-- points in the claimer's tricks, face-down cards included.
function money.claim(st, seat)
  st.outcome = { kind = "claim", seat = seat, points = st.won[seat]:points() }
  st:log("claim", { seat = seat }, "BUR-R10: %s claims 31", st.names[seat])
  return "end"
end

-- After the last trick each player may claim, in turn from the last
-- trick's winner (BUR-R10); nobody claiming leaves the pot (BUR-R12).
money.claims_phase = {
  doc = "after the last trick: claim 31 or pass, in turn from the last winner (BUR-R10)",
  verbs = { "claim", "pass" },
  enter = function(st)
    st.claimers = st:order(st.leader)
    st.claim_i = 1
    return nil
  end,
  mover = function(st) return st.claimers[st.claim_i] end,
  legal = function() return { money.CLAIM, PASS } end,
  check = function(st, seat)
    return st:violation("BUR-R10", ("%s may claim 31 or pass"):format(st.names[seat]),
      "type claim or pass")
  end,
  apply = function(st, seat, a)
    if a.verb == "claim" then return money.claim(st, seat) end
    st.claim_i = st.claim_i + 1
    if st.claim_i <= #st.claimers then return nil end
    st.outcome = { kind = "none" }
    return "end"
  end,
}

-- The chips of the deal's outcome (BUR-R5, BUR-R11, BUR-R12) and the next
-- dealer; returns the rule and a note per seat whose chips it moved.
local function settle(st)
  local out, pot = st.outcome, st.pot or 0
  if out.kind == "bura" or out.kind == "aces" then
    score.take_pot(st, out.seat)
    st.next_dealer = out.seat -- B5: the Bura winner deals
    return out.kind == "bura" and "BUR-R5" or "BUR-R6", { [out.seat] = ("took the pot of %d"
      .. " with %s"):format(pot, out.kind == "bura" and "a Bura" or "three aces") }
  end
  if out.kind == "claim" then
    st.next_dealer = out.seat -- BUR-R11: the claimer deals in any case
    if out.points >= 31 then
      score.take_pot(st, out.seat)
      return "BUR-R11", { [out.seat] = ("took the pot of %d, claimed with %d card points")
        :format(pot, out.points) }
    end
    st.chips[out.seat] = (st.chips[out.seat] or 0) - pot
    st.pot = pot * 2
    st:log("pot", { seat = out.seat, amount = pot },
      "BUR-R11: %s claimed with only %d card points and pays %d into the pot (pot %d)",
      st.names[out.seat], out.points, pot, st.pot)
    return "BUR-R11", { [out.seat] = ("paid %d into the pot, claimed with only %d card points")
      :format(pot, out.points) }
  end
  st.next_dealer = st.dealer -- BUR-R12
  st:log("pot", {}, "BUR-R12: nobody claimed; the pot of %d stays and %s deals again", pot,
    st.names[st.dealer])
  return "BUR-R12", {}
end

-- Brings each player's match score (his net chips) up to his chips, with
-- the deal's ante and the note of 'notes[seat]' (under 'rule') as reason.
function money.sync(st, rule, notes)
  for s = 1, st.n do
    local delta = (st.chips[s] or 0) - st.scores[st.side_of[s]]
    if delta ~= 0 then
      local parts = {}
      if st.anted then parts[1] = ("ante %d"):format(st.anted) end
      parts[#parts + 1] = notes[s]
      score.add(st, st.side_of[s], delta, notes[s] and rule or "BUR-R2",
        table.concat(parts, "; "))
    end
  end
  st.deals_done = (st.deals_done or 0) + 1
end

-- The `score` hook: the chips of the deal, then each player's net chips
-- as his match score, with the ante and the pot in the reason.
function money.score(st)
  money.sync(st, settle(st))
end

-- BUR-R13: the session ends after the set number of deals, or when a player
-- cannot pay the next ante out of his stake; the most net chips win.
function money.match_over(st)
  local o, broke = st.opts, nil
  for s = 1, st.n do
    if o.stake + (st.chips[s] or 0) < o.ante then broke = broke or s end
  end
  if st.deals_done < o.deals and not broke then return nil end
  local best, tied
  for side = 1, #st.sides do
    local v = st.scores[side]
    if not best or v > st.scores[best] then best, tied = side, false
    elseif v == st.scores[best] then tied = true end
  end
  local why = broke and ("%s cannot pay the next ante"):format(st.names[broke])
    or ("after %d deals"):format(st.deals_done)
  return { winner = not tied and best or nil, winners = not tied and st.sides[best] or nil,
           scores = { table.unpack(st.scores) },
           text = ("%s%s: net chips %s, pot %d"):format(why,
             tied and "" or (", " .. seats.side_name(st, best) .. " is ahead"),
             score.text(st.scores), st.pot or 0) }
end

return money
