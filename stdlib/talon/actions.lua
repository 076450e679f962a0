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
  local ta = type(arg)
  if is_hand(arg) then
    local parts = {}
    for _, c in ipairs(arg:cards()) do parts[#parts + 1] = c:name(style) end
    arg = table.concat(parts, " ")
  elseif ta == "number" then
    arg = tostring(arg)
  elseif ta ~= "string" then
    arg = ("(a %s)"):format(ta)
  end
  if extra ~= nil then
    if type(extra) ~= "string" then extra = ("(a %s)"):format(type(extra)) end
    return verb .. " " .. extra .. " " .. arg
  end
  return verb .. " " .. arg
end

-- Two sets of cards of one deck: their texts list the cards' names in
-- the deck's order, so the texts are equal exactly when the engine's
-- Hands hold the same cards (its __eq, in C).
local function same_sets(a, b)
  local x, y = rawget(a, "arg"), rawget(b, "arg")
  if not (is_hand(x) and is_hand(y) and rawequal(x:deck(), y:deck())) then return nil end
  local v = rawget(a, "verb")
  if type(v) ~= "string" or v ~= rawget(b, "verb") then return nil end
  local e = rawget(a, "extra")
  if not rawequal(e, rawget(b, "extra")) or (e ~= nil and type(e) ~= "string") then return nil end
  return x == y
end

-- True when two actions are the same decision. Compared by their texts
-- (raw reads), never with a game's __eq; two sets of cards of one deck
-- without making their texts.
function actions.equal(a, b)
  if rawequal(a, b) then return true end
  if is_card(a) or is_card(b) then return false end
  if type(a) == "table" and type(b) == "table" then
    local same = same_sets(a, b)
    if same ~= nil then return same end
  end
  return actions.text(a) == actions.text(b)
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
