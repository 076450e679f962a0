-- Bura's claims and the chips of a deal's outcome (RULES.md §4.1: BUR-R10
-- … BUR-R12; EXAMPLES.md BUR-05 … BUR-07); the pot, the ante and the
-- session are the pot table's (games/common/pot.lua).
local score = require "talon.score"
local actions = require "talon.actions"
local pot = require "games.common.pot"

local money = {}

money.CLAIM = actions.make("claim")
local PASS = actions.make("pass")

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
  local out, amount = st.outcome, st.pot or 0
  if out.kind == "bura" or out.kind == "aces" then
    score.take_pot(st, out.seat)
    st.next_dealer = out.seat -- B5: the Bura winner deals
    return out.kind == "bura" and "BUR-R5" or "BUR-R6", { [out.seat] = ("took the pot of %d"
      .. " with %s"):format(amount, out.kind == "bura" and "a Bura" or "three aces") }
  end
  if out.kind == "claim" then
    st.next_dealer = out.seat -- BUR-R11: the claimer deals in any case
    if out.points >= 31 then
      score.take_pot(st, out.seat)
      return "BUR-R11", { [out.seat] = ("took the pot of %d, claimed with %d card points")
        :format(amount, out.points) }
    end
    st.chips[out.seat] = (st.chips[out.seat] or 0) - amount
    st.pot = amount * 2
    st:log("pot", { seat = out.seat, amount = amount },
      "BUR-R11: %s claimed with only %d card points and pays %d into the pot (pot %d)",
      st.names[out.seat], out.points, amount, st.pot)
    return "BUR-R11", { [out.seat] = ("paid %d into the pot, claimed with only %d card points")
      :format(amount, out.points) }
  end
  st.next_dealer = st.dealer -- BUR-R12
  st:log("pot", {}, "BUR-R12: nobody claimed; the pot of %d stays and %s deals again", amount,
    st.names[st.dealer])
  return "BUR-R12", {}
end

-- The `score` hook: the chips of the deal, then each player's net chips
-- as his match score, with the ante and the pot in the reason.
function money.score(st)
  pot.sync(st, settle(st))
end


return money
