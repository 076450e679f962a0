-- talon.actions: typed actions and their canonical text.
--
-- An action is either a Card (a card play, text "QS") or a small table
-- {verb = "bid", arg = 560} whose text is "bid 560". The verb decides the
-- argument type; the table below is the whole grammar, games add verbs with
-- their definition's `actions` key. Cards stay plain interned userdata so the
-- card path of a playout allocates nothing.
local actions = {}

-- verb -> argument type: "none", "int", "tricks", "suit", "cards", "word",
-- "wordcards". "int" and "tricks" are both a whole number; "tricks" says
-- it counts tricks (a bid of four: four tricks to take) and not points,
-- which is what the search's bidders read a scale in (docs/search.md).
actions.verbs = {
  pass = "none", keep = "none", drop = "none", claim = "none",
  concede = "none", yes = "none", no = "none",
  bid = "int", trump = "suit",
  discard = "cards", lead = "cards", beat = "cards", down = "cards",
  declare = "cards", show = "cards",
  meld = "wordcards",
}

local Action = {}
-- Shared by every game: none may reach or change it (no __index back to
-- it, and getmetatable shows false).
Action.__metatable = false
actions.Action = Action

function Action.__tostring(a)
  return actions.text(a)
end

function Action.__eq(a, b)
  return actions.text(a) == actions.text(b)
end

-- Makes an action table; 'arg' depends on the verb's type.
function actions.make(verb, arg, extra)
  return setmetatable({ verb = verb, arg = arg, extra = extra }, Action)
end

-- The real metatable (game code sees a locked one): a Card is a userdata
-- whose metatable is named talon.Card, and nothing a game made can pass.
local rawgetmetatable = debug.getmetatable

local function is_card(a)
  if type(a) ~= "userdata" then return false end
  local mt = rawgetmetatable(a)
  return mt ~= nil and rawget(mt, "__name") == "talon.Card"
end
actions.is_card = is_card

local function is_hand(x) -- a real talon.Hand, never a table that says it is one
  if type(x) ~= "userdata" then return false end
  local mt = rawgetmetatable(x)
  return mt ~= nil and rawget(mt, "__name") == "talon.Hand"
end
actions.is_hand = is_hand

-- The text of an action's argument, read raw: a real Hand's cards by name
-- in the deck's order, a number or a string as it is, anything else as
-- what it is; and of its word (the name of a meld), nil when it has none.
local function part(x, style)
  if is_hand(x) then
    local parts = {}
    for _, c in ipairs(x:cards()) do parts[#parts + 1] = c:name(style) end
    return table.concat(parts, " ")
  end
  local tx = type(x)
  if tx == "number" then return tostring(x) end
  if tx == "string" then return x end
  return ("(a %s)"):format(tx)
end

local function word(e)
  if e == nil or type(e) == "string" then return e end
  return ("(a %s)"):format(type(e))
end

-- Canonical text of an action: "QS", "pass", "bid 560", "trump H",
-- "discard QS KS", "meld bezique QS JD". 'style' (a talon.style name,
-- default "ascii") spells its cards for a reader: "discard Q♠ K♠".
-- An action table is read raw (a game's table may carry metamethods, and
-- the host prints and compares what legal hooks return): a verb or word
-- that is not a string, or an argument that is neither a number, a string
-- nor a real Hand, is shown as what it is, never through its metamethods.
function actions.text(a, style)
  if type(a) == "string" then return a end
  style = style or "ascii"
  if is_card(a) then return a:name(style) end
  if type(a) ~= "table" then return ("(a %s, not an action)"):format(type(a)) end
  local verb, arg, extra = rawget(a, "verb"), rawget(a, "arg"), rawget(a, "extra")
  if type(verb) ~= "string" then return ("(an action whose verb is a %s)"):format(type(verb)) end
  if arg == nil then return verb end
  arg = part(arg, style)
  if extra ~= nil then return verb .. " " .. word(extra) .. " " .. arg end
  return verb .. " " .. arg
end

-- True when two actions are the same decision: a card the same card; a
-- table the same verb, word and argument, each compared on its own (a
-- word beside the cards never makes other cards the same action: "lead"
-- with the word TH and the cards QH is not "lead TH QH", though both read
-- so), sets of cards as the engine's Hands of one deck (its __eq, in C).
-- Read raw, never with a game's __eq.
function actions.equal(a, b)
  if rawequal(a, b) then return true end
  if is_card(a) or is_card(b) then return false end
  local va, vb = type(a) == "table" and rawget(a, "verb"), type(b) == "table" and rawget(b, "verb")
  if type(va) ~= "string" or type(vb) ~= "string" then return actions.text(a) == actions.text(b) end
  if va ~= vb then return false end
  local x, y = rawget(a, "arg"), rawget(b, "arg")
  -- without an argument the text is the verb alone
  if x == nil or y == nil then return x == nil and y == nil end
  if word(rawget(a, "extra")) ~= word(rawget(b, "extra")) then return false end
  if is_hand(x) and is_hand(y) then return rawequal(x:deck(), y:deck()) and x == y end
  return part(x, "ascii") == part(y, "ascii")
end

local function words(text)
  local w = {}
  for tok in text:gmatch("%S+") do w[#w + 1] = tok end
  return w
end

local parsers = {}
function parsers.none(_, w)
  if #w > 1 then return nil, "takes no argument, got '" .. w[2] .. "'" end
  return nil, nil, true
end
function parsers.int(_, w)
  local n = math.tointeger(tonumber(w[2] or ""))
  if not n or #w ~= 2 then return nil, "needs one whole number" end
  return n
end
parsers.tricks = parsers.int
function parsers.suit(deck, w)
  if #w ~= 2 then return nil, "needs one suit (" .. table.concat(deck:suits(), " ") .. ")" end
  for _, s in ipairs(deck:suits()) do
    if s:upper() == w[2]:upper() then return s end
  end
  return nil, "no suit '" .. w[2] .. "' (suits are " .. table.concat(deck:suits(), " ") .. ")"
end
function parsers.cards(deck, w, first)
  local ok, h = pcall(deck.hand, deck, table.concat(w, " ", first or 2))
  if not ok then return nil, (tostring(h):gsub("^.-:%d+: ", "")) end
  return h
end
function parsers.word(_, w)
  if #w ~= 2 then return nil, "needs one word" end
  return w[2]:lower()
end
function parsers.wordcards(deck, w)
  if #w < 3 then return nil, "needs a name and cards" end
  local h, err = parsers.cards(deck, w, 3)
  if not h then return nil, err end
  return h, nil, nil, w[2]:lower()
end

-- Parses typed text into an action. 'verbs' maps verb -> type (the game's
-- merged table). Returns the action, or nil and a sentence naming the token.
function actions.parse(deck, text, verbs)
  verbs = verbs or actions.verbs
  local w = words(text)
  if #w == 0 then return nil, "empty action" end
  local verb = w[1]:lower()
  local kind = verbs[verb]
  if not kind then
    local ok, card = pcall(deck.card, deck, w[1])
    if ok and #w == 1 then return card end
    if ok then -- "QS QS": the card is one, the line is not
      return nil, "'" .. table.concat(w, " ") .. "' is cards without a verb: type one card"
        .. " alone, or a verb and its cards"
    end
    return nil, "'" .. w[1] .. "' is neither a card nor a known action"
  end
  local arg, err, _, extra = parsers[kind](deck, w)
  if err then return nil, "'" .. verb .. "' " .. err end
  return actions.make(verb, arg, extra)
end

return actions
