-- talon.host.position: a position of a running game as plain data, and a
-- game started from one (docs/framework.md §4 "Positions").
--
-- A position is every place of the game's cards (hands, won piles, the
-- stock in order, discards, the trick in progress, cards set aside), the
-- scores, the seats' status, the phase, the match fields, the generator's
-- state and the game's own fields of the state, all as strings, numbers,
-- booleans and tables: g:position() writes one, game.new(def, {position
-- = p}) starts from it and continues exactly as the original game would,
-- and a teacher writes one by hand (position.parse reads the text).
-- Cards are strings ("AS KS"); a game field holding a card or a set of
-- cards is written { _card = "QS" }, { _hand = "AS KS" } or { _pile =
-- "AS KS" } (top first).
local sandbox = require "talon.host.sandbox"

local position = {}

position.FORMAT = 1

-- The state fields the framework owns; every other field is the game's
-- and travels in p.state. Those marked false are not part of a position
-- (caches, the deck, the log, the transient deal).
local FRAMEWORK = {
  n = false, n_in = false, opts = false, deck = false, full = false, rng = false,
  quiet = false, events = false, info = false, dealing = false, legal_into = false,
  quiet_stock = false, quiet_trick = false, log = false, tell = false, sides = false,
  side_of = false, ctrick = false,
  hand_credits = false, -- a game started from a position counts its hand's points from there
  hand_no = true, names = true, chips = true, dealer = true, scores = true, given = true,
  hands = true, won = true, tricks_won = true, known = true, discards = true, trump = true,
  leader = true, turn = true, tricks_played = true, stock = true, phase = true, out = true,
  passing = true, aside = true, pot = true,
}

-- ===== writing: values of the state as data

local function type_name(v)
  local mt = type(v) == "userdata" and getmetatable(v)
  return type(mt) == "table" and mt.__name or type(v)
end

-- "AS KS KS": every card of Hand 'h' (copies repeated), as hands parse.
local function cards_text(h)
  local l = {}
  for i, c in ipairs(h:cards()) do l[i] = c:name("ascii") end
  return table.concat(l, " ")
end

local function pile_text(p)
  local l = {}
  for i, c in ipairs(p:cards()) do l[i] = c:name("ascii") end
  return table.concat(l, " ")
end

local encode

local function encode_table(t, where, seen)
  if seen[t] then error(("position: %s: a table reached twice (cycles and shared tables"
    .. " cannot be written)"):format(where), 0) end
  seen[t] = true
  local out = {}
  for k, v in pairs(t) do
    if type(k) ~= "string" and math.type(k) ~= "integer" then
      error(("position: %s: a key of type %s cannot be written"):format(where, type(k)), 0)
    end
    out[k] = encode(v, where .. "." .. tostring(k), seen)
  end
  seen[t] = nil
  return out
end

encode = function(v, where, seen)
  local ty = type_name(v)
  if ty == "string" or ty == "number" or ty == "boolean" then return v end
  if ty == "table" then return encode_table(v, where, seen) end
  if ty == "talon.Card" then return { _card = v:name("ascii") } end
  if ty == "talon.Hand" then return { _hand = cards_text(v) } end
  if ty == "talon.Pile" then return { _pile = pile_text(v) } end
  error(("position: %s: a %s cannot be written"):format(where, ty), 0)
end

local function seat_texts(list, n)
  local out = {}
  for s = 1, n do out[s] = cards_text(list[s]) end
  return out
end

-- The trick in progress as data, nil when there is none or it is empty
-- and fresh.
local function trick_data(ct)
  if not ct then return nil end
  local done, closed = ct:progress()
  local plays = {}
  for i = 1, #ct do
    local seat, cards, down = ct:at(i)
    local text = type_name(cards) == "talon.Card" and cards:name("ascii") or cards_text(cards)
    plays[i] = { seat = seat, cards = text, down = down or nil }
  end
  return { trump = ct:trump(), plays = plays, done = done, closed = closed }
end

-- The position of running game 'g' (docs/framework.md §4).
function position.of(g)
  local st = g.state
  local p = {
    format = position.FORMAT, game = g.def.name, players = st.n,
    options = {}, phase = st.phase, rng = st.rng:state(), hands_done = g.hands_done,
    hands = seat_texts(st.hands, st.n), won = seat_texts(st.won, st.n),
    discards = cards_text(st.discards), stock = st.stock and pile_text(st.stock) or nil,
    trick = trick_data(st.ctrick), state = {},
  }
  for k in pairs(g.def.options or {}) do p.options[k] = st.opts[k] end
  local seen = {}
  for k, v in pairs(st) do
    local fw = FRAMEWORK[k]
    if fw == nil then
      p.state[k] = encode(v, "state." .. k, seen)
    elseif fw and p[k] == nil and k ~= "stock" then
      p[k] = encode(v, k, seen)
    end
  end
  if st.out then
    local out = {}
    for s = 1, st.n do if st.out[s] then out[#out + 1] = s end end
    p.out = out
  end
  return p
end

-- ===== reading

-- A Hand of 'deck' from a cards text; errors name 'where'.
local function hand_of(deck, text, where)
  if type(text) ~= "string" then
    error(("position: %s: expected cards such as \"AS KS\", got %s"):format(where,
      type(text)), 0)
  end
  local ok, h = pcall(deck.hand, deck, text)
  if not ok then error(("position: %s: %s"):format(where, tostring(h):gsub("^.-%((.*)%)$",
    "%1")), 0) end
  return h
end

local decode

local function decode_tagged(deck, v, where)
  if v._card ~= nil then
    local h = hand_of(deck, v._card, where)
    if #h ~= 1 then error(("position: %s: one card expected"):format(where), 0) end
    return h:nth(1)
  end
  if v._hand ~= nil then return hand_of(deck, v._hand, where) end
  local h = hand_of(deck, v._pile, where) -- checks the tokens
  local list = {}
  for tok in v._pile:gmatch("%S+") do list[#list + 1] = deck:card(tok) end
  assert(#list == #h)
  return deck:pile(list)
end

local MAX_DEPTH = 64 -- tables in tables; a state nests a few levels

-- A copy of position value 'v' with its tagged cards made real; read raw
-- (a position file's tables are data), and no deeper than MAX_DEPTH (a
-- table that holds itself is refused, not followed).
decode = function(deck, v, where, depth)
  if type(v) ~= "table" then return v end
  depth = (depth or 0) + 1
  if depth > MAX_DEPTH then
    error(("position: %s…: tables nested deeper than %d"):format(where:sub(1, 40), MAX_DEPTH), 0)
  end
  if rawget(v, "_card") ~= nil or rawget(v, "_hand") ~= nil or rawget(v, "_pile") ~= nil then
    return decode_tagged(deck, v, where)
  end
  local out = {}
  for k, x in next, v do
    out[k] = decode(deck, x, where .. "." .. tostring(k), depth)
  end
  return out
end

local function need(cond, where, msg, ...)
  if not cond then error(("position: %s: " .. msg):format(where, ...), 0) end
end

local function seat_list(p, key, n, want)
  local v = p[key]
  need(type(v) == "table", key, "a list of %d %s expected", n, want)
  for k in pairs(v) do
    need(math.type(k) == "integer" and k >= 1 and k <= n, key, "seats are 1 to %d, not %s", n,
      tostring(k))
  end
  return v
end

-- Fills the framework fields of 'st' from position 'p'.
local function fill(st, p)
  local deck, n = st.deck, st.n
  local hands, won = seat_list(p, "hands", n, "hands"), p.won or {}
  for s = 1, n do
    st.hands[s] = hand_of(deck, hands[s] or "", ("hands[%d]"):format(s))
    st.won[s] = hand_of(deck, won[s] or "", ("won[%d]"):format(s))
  end
  st.discards = hand_of(deck, p.discards or "", "discards")
  if p.stock then st.stock = decode(deck, { _pile = p.stock }, "stock") end
  for k, fw in pairs(FRAMEWORK) do
    if fw and p[k] ~= nil and k ~= "hands" and k ~= "won" and k ~= "discards"
        and k ~= "stock" and k ~= "out" then
      st[k] = decode(deck, p[k], k)
    end
  end
  st.tricks_won = st.tricks_won or {}
  for s = 1, n do st.tricks_won[s] = st.tricks_won[s] or 0 end
  st.known = st.known or {}
  for _, s in ipairs(p.out or {}) do
    need(math.type(s) == "integer" and s >= 1 and s <= n, "out", "seat %s is not 1 to %d",
      tostring(s), n)
    st:sit_out(s)
  end
  for k, v in pairs(p.state or {}) do
    need(FRAMEWORK[k] == nil, "state." .. tostring(k), "is a framework field")
    st[k] = decode(deck, v, "state." .. k)
  end
end

-- The phase whose trick hook makes the hand's Trick: the current phase's,
-- else (a trick kept into another phase) the first trick phase by name.
local function trick_maker(def, ph)
  if ph.trick then return ph.trick end
  local names = {}
  for name, other in pairs(def.phases) do
    if other.trick then names[#names + 1] = name end
  end
  table.sort(names)
  return names[1] and def.phases[names[1]].trick
end

-- The trick in progress: a new Trick of the phase, its plays added.
local function fill_trick(st, def, ph, t)
  if not t then
    -- a trick phase always has its trick: a position written by hand
    -- may leave out an empty one
    if ph.trick then st.ctrick = ph.trick(st, st.trump) end
    return
  end
  local make = trick_maker(def, ph)
  need(make, "trick", "%s has no trick phase (no phase gives a 'trick' hook)", def.name)
  local ct = make(st, t.trump or st.trump)
  need(type(t.plays) == "table", "trick.plays", "a list of plays expected")
  for i, play in ipairs(t.plays) do
    local where = ("trick.plays[%d]"):format(i)
    need(type(play) == "table" and math.type(play.seat) == "integer" and play.seat >= 1
      and play.seat <= st.n, where, "{seat = 1..%d, cards = ...} expected", st.n)
    local cards = hand_of(st.deck, play.cards, where .. ".cards")
    local ok, why = ct:play(play.seat, #cards == 1 and cards:nth(1) or cards, play.down and true)
    need(ok, where, "%s", tostring(why))
  end
  if t.done or t.closed then
    local ok, why = pcall(ct.set_progress, ct, t.done or 0, t.closed or {})
    need(ok, "trick.done", "%s", tostring(why):gsub("^bad argument #%d+ to '[^']*' %((.*)%)$",
      "%1"))
  end
  st.ctrick = ct
end

-- Checks what one position must hold beyond its types: every card in
-- exactly one place, one score per side, a known phase with a seat to
-- move. (A seat sitting out may keep cards: Euchre's lone hand's partner,
-- the seats outside Bura's showdown.)
local function validate(g, invariants)
  local st = g.state
  local bad = invariants.conservation(g)
  need(not bad, "cards", "%s", bad)
  need(type(st.scores) == "table" and #st.scores == #st.sides, "scores",
    "one score per side (%d) expected", #st.sides)
  for i = 1, #st.sides do
    need(math.type(st.scores[i]) == "integer", "scores", "score %d is not an integer", i)
  end
end

-- Starts running game 'g' (its state made empty by the caller) from
-- position 'p': fills the state, sets up the trick and resumes the phase
-- without running its `enter` hook. Raises "position: <field>: <what is
-- wrong>".
function position.restore(g, p, invariants)
  local st, def = g.state, g.def
  need(type(p) == "table", "position", "a table expected")
  need(p.format == nil or p.format == position.FORMAT, "format", "format %s is not %d",
    tostring(p.format), position.FORMAT)
  need(p.players == nil or p.players == st.n, "players", "the position is for %s players,"
    .. " the game has %d", tostring(p.players), st.n)
  local ph = def.phases[p.phase]
  need(ph ~= nil, "phase", "no phase %s in %s", tostring(p.phase), def.name)
  fill(st, p)
  if p.trick ~= nil then
    need(type(p.trick) == "table", "trick", "a table expected")
    local tr = p.trick.trump
    need(tr == nil or type(tr) == "string", "trick.trump", "a suit name expected, got %s",
      type(tr))
  end
  if p.rng then
    local ok, err = pcall(st.rng.set_state, st.rng, p.rng)
    need(ok, "rng", "%s", tostring(err))
  end
  st.phase, g.ph, g.phase_name = p.phase, ph, p.phase
  fill_trick(st, def, ph, p.trick)
  g.hands_done = math.type(p.hands_done) == "integer" and p.hands_done or 0
  validate(g, invariants)
  g.mover_seat = ph.mover(st)
  need(math.type(g.mover_seat) == "integer" and st:is_in(g.mover_seat), "phase",
    "nobody is to move in phase %s", p.phase)
end

-- ===== text: a position file is a Lua table constructor (`return { ... }`)

local function literal(v, indent, out, flat)
  local ty = type(v)
  if ty == "string" then out[#out + 1] = ("%q"):format(v)
  elseif ty ~= "table" then out[#out + 1] = tostring(v)
  else
    local keys, n = {}, #v
    for k in pairs(v) do
      if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    out[#out + 1] = "{"
    local pad = indent .. "  "
    for i = 1, n do
      out[#out + 1] = (i == 1 and " " or ", ")
      literal(v[i], pad, out, flat)
    end
    for i, k in ipairs(keys) do
      out[#out + 1] = ((n > 0 or i > 1) and "," or "") .. (flat and " " or ("\n" .. pad))
      if type(k) == "string" and k:match("^[%a_][%w_]*$") then out[#out + 1] = k
      else out[#out + 1] = "[" .. (type(k) == "string" and ("%q"):format(k) or tostring(k)) .. "]"
      end
      out[#out + 1] = " = "
      literal(v[k], pad, out, flat)
    end
    out[#out + 1] = ((#keys > 0 and not flat) and ("\n" .. indent) or " ") .. "}"
  end
end

-- Position 'p' as the text of a position file.
function position.text(p)
  local out = { "-- talon position (docs/framework.md §4)\nreturn " }
  literal(p, "", out)
  out[#out + 1] = "\n"
  return table.concat(out)
end

-- Position 'p' on one line (a record's `position` item).
function position.line(p)
  local out = {}
  literal(p, "", out, true)
  return table.concat(out)
end

-- The position of a position file's text (a table constructor, with or
-- without `return`), or nil and a message naming 'name'. The text is
-- data: it runs in an empty environment under the time budget, and must
-- give a table.
-- The longest position text, in bytes: a position of any table game is a
-- few kilobytes, and Lua's parser is quadratic in some constructs (a
-- chain of "or"), beyond any budget: 64 KiB of the worst parses in a fifth
-- of a second.
local MAX_FILE = 64 << 10

-- Why value 'v' of a position file is not data ('where' names it), or
-- nil: a position holds tables, texts, booleans and finite numbers, each
-- table reached once (a shared one would be written out once for every
-- path to it, and a function could not be written at all).
local function data_fault(v, where, seen, depth)
  local function at(what)
    local w = #where > 60 and (where:sub(1, 60) .. "…") or where
    return ("position: %s: %s"):format(w, what)
  end
  local ty = type(v)
  if ty == "table" then
    if seen[v] then return at("a table reached twice (a position is a tree of data)") end
    if depth > MAX_DEPTH then return at("tables nested too deep") end
    seen[v] = true
    for k, x in next, v do
      if type(k) ~= "string" and math.type(k) ~= "integer" then
        return at(("a key of type %s"):format(type(k)))
      end
      local path = where == "" and tostring(k) or (where .. "." .. tostring(k))
      local bad = data_fault(x, path, seen, depth + 1)
      if bad then return bad end
    end
    return nil
  end
  if ty == "number" and (v ~= v or v == math.huge or v == -math.huge) then
    return at("a number that is not finite")
  end
  if ty ~= "string" and ty ~= "number" and ty ~= "boolean" then
    return at(("a %s is not data"):format(ty))
  end
  return nil
end

function position.parse(text, name)
  if type(text) ~= "string" then return nil, name .. ": not a text" end
  if #text > MAX_FILE then
    return nil, ("%s: a position has at most %d KiB"):format(name, MAX_FILE >> 10)
  end
  -- a bare table constructor, or a chunk that returns one
  local chunk, err = load("return " .. text, "=" .. name, "t", {})
  if not chunk then chunk, err = load(text, "=" .. name, "t", {}) end
  if not chunk then return nil, err end
  local ok, p = sandbox.call(chunk)
  if not ok then return nil, ("%s: %s"):format(name, tostring(p)) end
  if type(p) ~= "table" then
    return nil, ("%s: a position file returns a table ({ phase = ..., hands = ... })"):format(name)
  end
  local bad = data_fault(p, "", {}, 0)
  if bad then return nil, ("%s: %s"):format(name, bad) end
  return p
end


-- The position in the file at 'path', or nil and a message naming it.
function position.load(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text = f:read(MAX_FILE + 1) -- one byte more than parse takes: it says so
  f:close()
  return position.parse(text or "", path)
end

return position
