-- Hosgin from the trump call to the last trick (RULES.md §1.5, §1.7, §1.8):
-- trump before the stock (HOS-R11), the stock shown (HOS-R12), melds
-- exposed (HOS-R13), HOSGIN (HOS-R23/R24), concession (HOS-R14), the
-- discard with locking (HOS-R15), and the tricks (HOS-R25 … HOS-R27).
--
-- The card-play obligations are data for talon.trickrules, compiled once
-- per deck and option set; legality, the reasons for a refusal and the
-- trick winner (the first of identical cards wins) come from the engine,
-- and tricks.phase plays them (a trick per C call in random playouts).
local talon = require "talon"
local actions = require "talon.actions"
local tricks = require "talon.tricks"
local rules = require "games.hosgin.rules"
local score = require "talon.score"
local melds = require "games.hosgin.melds"
local cards = require "talon.cards"

local play = {}

local TRUMPS = {}
for i, s in ipairs({ "S", "H", "D", "C" }) do TRUMPS[i] = actions.make("trump", s) end
local DECIDE = { actions.make("play"), actions.make("concede") }

-- ===== HOSGIN (HOS-R23, HOS-R24)

-- Records that 'seat' holds HOSGIN ('when' for the sentence). Returns true
-- when the match is won at once (account >= 0); a negative account is
-- credited +3500 at once (score.add_now) and the deal goes on.
function play.hosgin(st, seat, when)
  st.had_hosgin[seat] = true
  local account = st.scores[st.side_of[seat]]
  if account >= 0 then
    st.outcome = { kind = "hosgin", seat = seat }
    st:log("hosgin", { seat = seat, when = when },
      "HOS-R24: %s holds HOSGIN (four J♦ and four Q♠) %s with account %d >= 0: "
        .. "he wins the match at once", st.names[seat], when, account)
    return true
  end
  st:log("hosgin", { seat = seat, when = when },
    "HOS-R24: %s holds HOSGIN %s with a negative account (%d): +3500 at once; the deal goes on",
    st.names[seat], when, account)
  score.add_now(st, st.side_of[seat], 3500, "HOS-R24", "HOSGIN with a negative account")
  return false
end

-- The check right after the deal, for all three players (HOS-R23a).
function play.hosgin_after_deal(st)
  for s = 1, st.n do
    if melds.is_hosgin(st.hands[s]) and play.hosgin(st, s, "after the deal") then
      return true
    end
  end
  return false
end

-- ===== trump, stock, exposure (HOS-R11 … HOS-R13)

-- HOS-R13's event: the melds a player lays out, as a report line (the
-- view's meld text comes from it).
local function melds_event(st, s, h, ms)
  local r = melds.report(h, st.trump, ms)
  local line = r:line()
  return ("HOS-R13: %s%s shows melds from %d cards: %s"):format(st.names[s],
    s == st.declarer and " (declarer)" or "", #h, line), { seat = s, total = r.total, text = line }
end

local function expose(st)
  local ms = st.opts.multi_series
  for _, s in ipairs({ st.roles.v, st.roles.m, st.roles.d }) do
    local h = st.hands[s]
    local m = melds.compiled(st.deck, ms)
    st.meld_points[s] = m:score(h, st.trump)
    st.exposed[s] = m:locked(h, st.trump) -- the cards laid out (HOS-R15)
    st:log("melds", nil, melds_event, st, s, h, ms)
  end
end

local function take_stock(st)
  local d = st.declarer
  local stock = st.stock:hand()
  while #st.stock > 0 do st.hands[d]:add(st.stock:draw()) end
  if st.opts.show_stock then
    st.stock_shown = stock
    for s = 1, st.n do st.known[s] = nil end -- public now
    st:log("stock", { cards = stock }, "HOS-R12: %s takes the stock, shown to all: %s",
      st.names[d], stock)
  else
    st:log("stock", {}, "HOS-R12: %s takes the stock face down", st.names[d])
    st:tell(d, "stock", { cards = stock }, "the stock held %s", stock)
  end
end

play.trump = {
  doc = "the declarer names trump before seeing the stock (HOS-R11)",
  verbs = { "trump" },
  mover = function(st) return st.declarer end,
  legal = function() return TRUMPS end,
  check = function(st, seat)
    return st:violation("HOS-R11", ("%s (declarer) must name the trump suit now")
      :format(st.names[seat]), "type trump S, trump H, trump D or trump C")
  end,
  apply = function(st, seat, a)
    st.trump = a.arg
    st:log("trump", { suit = a.arg }, "HOS-R11: %s names %s trump before seeing the stock",
      st.names[seat], cards.glyph(st.deck, a.arg))
    take_stock(st)
    local d = st.declarer
    if not st.had_hosgin[d] and melds.is_hosgin(st.hands[d])
        and play.hosgin(st, d, "after taking the stock") then
      return "end"
    end
    expose(st)
    return "decide"
  end,
}

-- ===== concession and discard (HOS-R14, HOS-R15)

play.decide = {
  doc = "the declarer plays on (play) or gives up (concede) (HOS-R14)",
  verbs = { "play", "concede" },
  mover = function(st) return st.declarer end,
  legal = function() return DECIDE end,
  check = function(st, seat)
    return st:violation("HOS-R14", ("%s (declarer) must decide now"):format(st.names[seat]),
      "type play, or concede (you lose your bid and pay the fine)")
  end,
  apply = function(st, seat, a)
    if a.verb == "concede" then
      st.outcome = { kind = "concede" }
      st:log("concede", { seat = seat }, "HOS-R14: %s concedes", st.names[seat])
      return "end"
    end
    st.discarded = 0
    return "discard"
  end,
}

-- The cards the declarer may lay away now: unlocked ones while any are
-- left, then any (HOS-R15); option discard_from = "any" frees all.
local function discardable(st, seat)
  local h = st.hands[seat]
  if st.opts.discard_from == "any" then return h end
  local free = h - st.exposed[seat]
  if #free > 0 then return free end
  return h
end

local function start_tricks(st)
  local d = st.declarer
  st:log("discarded", { seat = d }, "HOS-R15: %s has laid away 5 cards; %s leads (HOS-R17)",
    st.names[d], st.names[d])
  st.leader, st.turn = d, d
  return "play"
end

play.discard = {
  doc = "the declarer lays away 5 cards face down, one at a time (HOS-R15)",
  cards = true,
  private = true,
  mover = function(st) return st.declarer end,
  legal = discardable,
  check = function(st, seat, card)
    -- a card not held is refused by the framework before this is asked
    return st:violation("HOS-R15", ("%s belongs to your exposed melds; lay away unlocked cards "
      .. "first"):format(tostring(card)), "lay away one of " .. tostring(discardable(st, seat)))
  end,
  apply = function(st, seat, card)
    st.hands[seat]:remove(card)
    st.discards:add(card)
    st.discarded = st.discarded + 1
    if st.discarded < 5 then return nil end
    return start_tricks(st)
  end,
}

-- ===== tricks (HOS-R25 … HOS-R27)

-- 'key' is "head/reference": the must_head_plain and overtrump_reference
-- options.
local function compile(deck, key)
  local head, ref = key:match("^(.-)/(.*)$")
  return talon.trickrules(deck, { follow = true, head = head, head_reference = ref,
                                  void = "trump", ranks = "A T K Q J" })
end

-- HOS-R26 as data: follow; overtrump when trump is led (reference: the
-- winning trump, or the previous card); void: any trump, no overtrump duty.
function play.rules(st)
  local o = st.opts
  local head = o.must_head_plain and "always" or "trump_led"
  local ref = o.overtrump_reference == "previous" and "previous" or "winner"
  return cards.cached(st.deck, compile, head .. "/" .. ref)
end

-- HOS-R27's event: the trick's points and why it won.
local function trick_event(st, w, ct)
  return ("HOS-R27: %s wins trick %d (%d points): %s"):format(st.names[w], st.tricks_played,
    ct:points(), ct:explain()), { winner = w, points = ct:points() }
end

-- Once per trick, after tricks.phase has given it to its winner (HOS-R27:
-- the general rule, the first of identical cards wins) and counted it.
local function on_trick(st, w)
  if st.tricks_played < 25 then return nil end
  st.last_winner = w
  st:log("last", { seat = w }, "HOS-R6: %s takes the last trick: +20", st.names[w])
  st.outcome = { kind = "played" }
  return "end"
end

play.play = tricks.phase {
  doc = function(o) return rules["HOS-R26"](o) .. " (HOS-R26)" end,
  rules = play.rules,
  rule = "HOS-R26",
  on_trick = on_trick,
  event = trick_event,
}

return play
