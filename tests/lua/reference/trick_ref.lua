-- Naive pure-Lua transcription of the trick rules (RULES.md §0, HOK-R3,
-- HOS-R26/R27, BES-R6/R14, KOZ-R7..R10, BUR-R7/R8, KZM-R2), written for
-- obviousness, not speed: cards are Card userdata, sets are arrays, set
-- beating tries every permutation. The differential test compares the C
-- engine (talon.trick) with it. The rules table is the same one
-- talon.trickrules takes.
local trick_ref = {}

-- A context: the rules table, the trump suit name (or nil) and the trick
-- order of ranks (rank name -> place, 0 highest).
function trick_ref.context(deck, rules, trump)
  local order, names = {}, {}
  if rules.ranks then
    for name in rules.ranks:gmatch("[^%s,]+") do names[#names + 1] = name end
  else
    names = deck:ranks()
  end
  for i, name in ipairs(names) do order[deck:card(name .. "S").rank] = i - 1 end
  local sizes = rules.lead_sizes or { 1 }
  if type(sizes) == "number" then sizes = { sizes } end
  local top = rules.top and deck:card(rules.top) or nil
  return { rules = rules, trump = trump, order = order, sizes = sizes, top = top }
end

-- The suit a card plays as: the top card belongs to the trump suit.
function trick_ref.suit(ctx, c)
  if c == ctx.top and ctx.trump then return ctx.trump end
  return c.suit
end

-- c beats b (KOZ-R8, which for one card each is the §0 rule).
function trick_ref.beats(ctx, c, b)
  if c == ctx.top then return b ~= ctx.top end
  if b == ctx.top then return false end
  local cs, bs = trick_ref.suit(ctx, c), trick_ref.suit(ctx, b)
  if cs == bs then return ctx.order[c.rank] < ctx.order[b.rank] end
  return ctx.trump ~= nil and cs == ctx.trump
end

local function permutations(n)
  local out = {}
  local function go(prefix, used)
    if #prefix == n then out[#out + 1] = { table.unpack(prefix) }; return end
    for j = 1, n do
      if not used[j] then
        used[j] = true; prefix[#prefix + 1] = j
        go(prefix, used)
        prefix[#prefix] = nil; used[j] = false
      end
    end
  end
  go({}, {})
  return out
end

-- Set C beats set B: some pairing has every card of C beat its partner.
function trick_ref.set_beats(ctx, C, B)
  if #C ~= #B then return false end
  for _, perm in ipairs(permutations(#C)) do
    local all = true
    for i = 1, #C do
      if not trick_ref.beats(ctx, C[i], B[perm[i]]) then all = false; break end
    end
    if all then return true end
  end
  return false
end

-- plays: array of {seat=, cards={Card...}, down=bool}. Index of the winner:
-- the lead, replaced by each later face-up full set that beats the best.
function trick_ref.winner(ctx, plays)
  local best = 1
  for i = 2, #plays do
    local p = plays[i]
    if not p.down and #p.cards == #plays[1].cards
        and trick_ref.set_beats(ctx, p.cards, plays[best].cards) then
      best = i
    end
  end
  return best
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- A lead is valid: an allowed size, all cards of one suit (a wild top card
-- may join any suit).
function trick_ref.lead_ok(ctx, cards)
  if not contains(ctx.sizes, #cards) then return false end
  local suit
  for _, c in ipairs(cards) do
    if not (ctx.rules.wild_top and c == ctx.top) then
      local s = trick_ref.suit(ctx, c)
      if suit and s ~= suit then return false end
      suit = s
    end
  end
  return true
end

-- The card a follower must beat: the winner's, or the previous card.
local function reference(ctx, plays)
  local last = plays[#plays]
  if ctx.rules.head_reference == "previous" and not last.down then return last.cards[1] end
  return plays[trick_ref.winner(ctx, plays)].cards[1]
end

local function filter(list, pred)
  local out = {}
  for _, c in ipairs(list) do if pred(c) then out[#out + 1] = c end end
  return out
end

-- The legal cards (array, copies once) of a one-card follower holding
-- 'cards' (an array), transcribing HOS-R26 / BES-R14 / HOK-R3 literally.
function trick_ref.legal_cards(ctx, plays, cards)
  local r = ctx.rules
  if not r.follow or #plays == 0 then return cards end
  local led = trick_ref.suit(ctx, plays[1].cards[1])
  local ref = reference(ctx, plays)
  local same = filter(cards, function(c) return trick_ref.suit(ctx, c) == led end)
  if #same > 0 then
    local head = r.head == "always" or (r.head == "trump_led" and led == ctx.trump)
    if head then
      local up = filter(same, function(c) return trick_ref.beats(ctx, c, ref) end)
      if #up > 0 then return up end
    end
    return same
  end
  local trumps = {}
  if ctx.trump then
    trumps = filter(cards, function(c) return trick_ref.suit(ctx, c) == ctx.trump end)
  end
  if #trumps == 0 or (r.void or "any") == "any" then return cards end
  if r.void == "trump_beat" then
    local up = filter(trumps, function(c) return trick_ref.beats(ctx, c, ref) end)
    if #up > 0 then return up end
  end
  return trumps
end

-- Every k-card subset (as index arrays) of an array of n items.
local function combinations(n, k)
  local out = {}
  local function go(start, acc)
    if #acc == k then out[#out + 1] = { table.unpack(acc) }; return end
    for i = start, n do
      acc[#acc + 1] = i
      go(i + 1, acc)
      acc[#acc] = nil
    end
  end
  go(1, {})
  return out
end

-- Every legal play of a player holding 'cards' (an array of distinct
-- cards) after 'plays', as strings "KEY/up" or "KEY/down" in a set, where
-- KEY is the sorted card names. Leads: allowed size and one suit; followers
-- of sets: any cards of the lead's size (all of them if he holds fewer),
-- face up always (face_down = "never"), face down always and face up
-- only to beat (face_down = "allowed"), or face down exactly when he holds
-- fewer (face_down = "short").
function trick_ref.plays(ctx, plays, cards, key)
  local out = {}
  if #plays == 0 then
    for _, n in ipairs(ctx.sizes) do
      for _, idx in ipairs(combinations(#cards, n)) do
        local set = {}
        for i, j in ipairs(idx) do set[i] = cards[j] end
        if trick_ref.lead_ok(ctx, set) then out[key(set) .. "/up"] = true end
      end
    end
    return out
  end
  local size = #plays[1].cards
  if size == 1 and ctx.rules.follow then
    for _, c in ipairs(trick_ref.legal_cards(ctx, plays, cards)) do
      out[key({ c }) .. "/up"] = true
    end
    return out
  end
  local n = math.min(size, #cards)
  local best = plays[trick_ref.winner(ctx, plays)].cards
  for _, idx in ipairs(combinations(#cards, n)) do
    local set = {}
    for i, j in ipairs(idx) do set[i] = cards[j] end
    if ctx.rules.face_down == "allowed" then
      out[key(set) .. "/down"] = true
      if n == size and trick_ref.set_beats(ctx, set, best) then out[key(set) .. "/up"] = true end
    elseif ctx.rules.face_down == "short" then
      out[key(set) .. (n < size and "/down" or "/up")] = true
    else
      out[key(set) .. "/up"] = true
    end
  end
  return out
end

return trick_ref
