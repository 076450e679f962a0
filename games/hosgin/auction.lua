-- Hosgin's auction (RULES.md §1.4, HOS-R8 … HOS-R10) as a small state
-- machine over st.auc.
--
-- Stages: "open_v" (Vorhand opens at 550 or passes), "duel_vm" (V and M
-- alternate), "open_m" (V passed: Mittelhand opens at 650 or passes),
-- "alone" (both passed: the dealer plays for exactly 750 or passes),
-- "duel_d" (the survivor against the dealer, who speaks first). Bids are
-- multiples of 10; a raise must be strictly higher; a pass is final. The
-- legal list holds every bid up to the `bid_limit` option (the seed sets no
-- ceiling; see docs/games/hosgin.md).
local actions = require "talon.actions"

local auction = {}

local PASS = actions.make("pass")
local bids = {} -- bid value -> shared action
local function bid_action(b)
  local a = bids[b]
  if not a then
    a = actions.make("bid", b)
    bids[b] = a
  end
  return a
end

local OPEN_V, OPEN_M, ALONE = 550, 650, 750

local function role(st, seat)
  local r = st.roles
  if seat == r.v then return "Vorhand" end
  if seat == r.m then return "Mittelhand" end
  return "dealer"
end
auction.role = role

local function who(st, seat)
  return ("%s (%s)"):format(st.names[seat], role(st, seat))
end

-- Starts the auction of a deal: Vorhand speaks first (HOS-R8).
function auction.start(st)
  st.auc = { stage = "open_v", mover = st.roles.v, bid = nil, holder = nil,
             history = {} }
end

-- The lowest bid allowed now, and whether it is the only one (the dealer
-- alone plays for exactly 750).
local function minimum(auc)
  if auc.stage == "open_v" then return OPEN_V, false end
  if auc.stage == "open_m" then return OPEN_M, false end
  if auc.stage == "alone" then return ALONE, true end
  return auc.bid + 10, false
end

function auction.mover(st) return st.auc.mover end

-- The legal actions: pass, then every bid from the lowest allowed up to
-- the limit in ascending order (the rule-of-thumb bot relies on the order).
-- The lists are kept by their lowest and highest bid: a list is the same
-- for every position with the same range (g:legal's lists are read-only),
-- and building hundreds of bids at every call was most of a random deal's work.
local lists = {}

function auction.legal(st)
  local lo, exact = minimum(st.auc)
  local hi = exact and lo or st.opts.bid_limit
  local key = lo * 1000000 + hi
  local list = lists[key]
  if list then return list end
  list = { PASS }
  for b = lo, hi, 10 do list[#list + 1] = bid_action(b) end
  lists[key] = list
  return list
end

-- Why a bid or another action is refused (EXAMPLES.md HOS-18 case 6).
function auction.check(st, seat, a)
  local auc = st.auc
  local lo, exact = minimum(auc)
  local want = exact and "bid 750 or pass"
    or ("bid %d or more in steps of 10, or pass"):format(lo)
  if type(a) ~= "table" or a.verb ~= "bid" then
    return st:violation("HOS-R8", ("%s must bid or pass now"):format(who(st, seat)), want)
  end
  local b = a.arg
  local because
  if b > st.opts.bid_limit and not exact then -- over the limit whatever the stage
    because = ("bids stop at %d (option bid_limit), not %d"):format(st.opts.bid_limit, b)
  elseif b % 10 ~= 0 then
    because = ("bids are multiples of 10, and %d is not"):format(b)
  elseif exact then
    because = ("Vorhand and Mittelhand passed, so the dealer may only play for exactly 750, not %d")
      :format(b)
  elseif auc.stage == "open_v" then
    because = ("Vorhand opens with at least 550, not %d"):format(b)
  elseif auc.stage == "open_m" then
    because = ("Vorhand passed, so Mittelhand opens with at least 650, not %d"):format(b)
  elseif b <= auc.bid then
    return st:violation(auc.stage == "duel_d" and "HOS-R9" or "HOS-R8",
      ("a bid must be higher than the standing bid %d (there is no holding), not %d")
        :format(auc.bid, b), want)
  else
    because = ("bids stop at %d (option bid_limit), not %d"):format(st.opts.bid_limit, b)
  end
  return st:violation("HOS-R8", because, want)
end

local function peek(st, seat)
  if not st.opts.peek_stock_on_pass then return end
  local stock = st.stock:hand()
  st:show(seat, stock) -- HOS-R10: private knowledge only
  st:tell(seat, "peek", { cards = stock }, "HOS-R10: you passed and look at the stock: %s", stock)
end

local function other_of(st, seat)
  local r = st.roles
  return seat == r.v and r.m or r.v
end

-- The survivor of phase A bids against the dealer, who speaks first.
local function to_dealer(st, survivor)
  local auc = st.auc
  auc.stage, auc.holder, auc.survivor, auc.mover = "duel_d", survivor, survivor, st.roles.d
  st:log("survivor", { seat = survivor, bid = auc.bid },
    "HOS-R9: %s holds %d; the dealer %s must bid higher or pass", who(st, survivor), auc.bid,
    st.names[st.roles.d])
end

local function declarer(st, seat, bid)
  st.auc.stage, st.auc.mover = "done", nil
  st.declarer, st.bid = seat, bid
  st:log("declarer", { seat = seat, bid = bid }, "HOS-R9: %s is declarer at %d", who(st, seat),
    bid)
  return "trump"
end

local function on_pass(st, seat)
  local auc = st.auc
  peek(st, seat)
  local r = st.roles
  if auc.stage == "open_v" then
    auc.stage, auc.mover = "open_m", r.m
    return nil
  elseif auc.stage == "open_m" then
    auc.stage, auc.mover = "alone", r.d
    return nil
  elseif auc.stage == "alone" then
    auc.stage, auc.mover = "done", nil
    st:log("passed_out", { dealer = r.d },
      "HOS-R8: nobody bids; the deal is void and %s deals next", st.names[st:next(r.d)])
    st.outcome = { kind = "void" }
    return "end"
  elseif auc.stage == "duel_vm" then
    to_dealer(st, other_of(st, seat))
    return nil
  end
  -- duel_d: the other one is declarer at the standing bid
  return declarer(st, auc.holder, auc.bid)
end

local function on_bid(st, seat, b)
  local auc = st.auc
  local r = st.roles
  auc.bid, auc.holder = b, seat
  if auc.stage == "alone" then return declarer(st, seat, b) end
  if auc.stage == "open_v" then
    auc.stage, auc.mover = "duel_vm", r.m
  elseif auc.stage == "open_m" then
    to_dealer(st, seat)
  elseif auc.stage == "duel_vm" then
    auc.mover = other_of(st, seat)
  else -- duel_d
    auc.mover = seat == r.d and auc.survivor or r.d
  end
  return nil
end

function auction.apply(st, seat, a)
  local auc = st.auc
  auc.history[#auc.history + 1] = { seat = seat, text = actions.text(a) }
  if a.verb == "pass" then return on_pass(st, seat) end
  return on_bid(st, seat, a.arg)
end

-- The public part of the auction for a view.
function auction.view(st)
  local auc = st.auc
  if not auc then return nil end
  local lo, exact = minimum(auc.stage == "done" and { stage = "duel", bid = auc.bid or 0 } or auc)
  local h = {}
  for i, e in ipairs(auc.history) do h[i] = { seat = e.seat, text = e.text } end
  return { stage = auc.stage, bid = auc.bid, holder = auc.holder, history = h,
           minimum = lo, exact = exact }
end

return auction
