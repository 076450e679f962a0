-- Besigue's tools (the definition's `tools`, never called by the
-- framework): the meld bookkeeping on its own, for teaching the re-use
-- rules of BES-R12, and the `melds` command at the table.
--
--   besigue = require "games.besigue"
--   print(besigue.tools.declare("KH QH QS JD KS KD KC",
--     { "marriage KH QH", "besigue QS JD", "kings KH KS KD KC", "marriage KH QH" },
--     { trump = "H" }))
local talon = require "talon"
local ledger = require "games.besigue.ledger"
local melds = require "games.besigue.melds"
local glyph = require("talon.cards").glyph
local actions = require "talon.actions"
local explain = require "talon.explain"

local tools = {}

local decks = {}
local function deck_of(packs)
  local d = decks[packs]
  if not d then
    d = talon.deck { ranks = "A T K Q J 9 8 7", points = "11 10 4 3 2 0 0 0", copies = packs }
    decks[packs] = d
  end
  return d
end

local function rule_of(reason)
  return reason:find("BES%-R11") and "" or "BES-R12: "
end

-- ===== the bookkeeping on its own

local Lesson = {}
Lesson.__index = Lesson

function Lesson.__tostring(r)
  local lines = {}
  for i, s in ipairs(r.steps) do
    local what = s.refused and ("refused: " .. s.refused)
      or s.points and ("%s, %d"):format(s.name, s.points) or s.name
    lines[i] = ("%d. %s -> %s"):format(i, s.text, what)
  end
  local laid = {}
  for i, e in ipairs(r.table.items) do laid[i] = ledger.describe(e) end
  lines[#lines + 1] = ("total %d; on the table: %s; concealed: %s"):format(r.total,
    #laid > 0 and table.concat(laid, " ") or "nothing",
    #r.hand > 0 and explain.cards(r.hand) or "nothing")
  return table.concat(lines, "\n")
end

-- One step of a lesson: a meld, `show 7H`, `draw CARDS` or `play CARD`.
local function step(pos, text)
  local deck = pos.hand:deck()
  local word, rest = text:match("^%s*(%S+)%s*(.-)%s*$")
  word = word and word:lower()
  if word == "draw" then
    pos.hand:add(rest)
    return { name = "drawn" }
  elseif word == "play" then
    local c = deck:card(rest)
    if ledger.take(pos.own, c) then return { name = "played from the table" } end
    if pos.hand:count(c) == 0 then return { refused = ("%s is not held"):format(tostring(c)) } end
    pos.hand:remove(c)
    return { name = "played from the hand" }
  elseif word == "show" then
    local n = #deck:hand(rest)
    if not pos.trump or deck:hand(rest) ~= deck:hand():add(deck:card("7" .. pos.trump), n) then
      return { refused = "BES-R9: only trump sevens are shown" }
    end
    if melds.sevens(pos) < n then
      return { refused = "BES-R9: show sevens of the concealed hand" }
    end
    melds.show_sevens(pos, n)
    return { name = "trump seven shown", points = 10 * n }
  end
  local kind, suit, need = melds.match(deck, word, deck:hand(rest), pos.trump, pos.opts)
  if not kind then return { refused = "BES-R12: " .. suit } end
  local ok = melds.allowed(pos, kind, need)
  if ok ~= true then return { refused = rule_of(ok) .. ok } end
  melds.lay(pos, kind, need)
  return { name = melds.name(deck, kind, suit, pos.trump),
           points = melds.points(kind, suit, pos.trump, pos.opts) }
end

-- A sequence of declarations on named cards, one player's: 'hand' (text,
-- a list or a Hand) is his concealed hand at the start, 'steps' a list of
-- "marriage KS QS", "besigue QS JD", "kings KS KH KD KC", "show 7H",
-- "draw KH" (a card drawn later) or "play KS" (a card played: from the
-- table first). 'opts': trump (a suit), packs (2 or 3), require_new_card
-- (default true), quint_any_suit, seed_literal. Returns a report: `steps`
-- ({text, name, points} or {text, refused}), `total`, `table` (the
-- ledger), `hand`; tostring prints one line per step.
function tools.declare(hand, steps, opts)
  opts = opts or {}
  local deck = deck_of(opts.packs or 2)
  local pos = { hand = deck:hand(hand), own = ledger.new(deck), trump = opts.trump,
                opts = { require_new_card = opts.require_new_card ~= false,
                         quint_any_suit = opts.quint_any_suit, seed_literal = opts.seed_literal } }
  local r = setmetatable({ steps = {}, total = 0, table = pos.own, hand = pos.hand }, Lesson)
  for i, text in ipairs(steps) do
    local s = step(pos, text)
    s.text = text
    r.steps[i] = s
    r.total = r.total + (s.points or 0)
  end
  return r
end

-- ===== the `melds` command: what may be declared now, and why not

-- The meld position of the view's seat (games/besigue/melds.lua).
function tools.position(v)
  local o = v.options or {}
  local other
  if o.partner_melds and v.n == 4 then
    for _, s in ipairs(v.sides[v.side_of[v.seat]]) do
      if s ~= v.seat then other = v.laid[s] end
    end
  end
  return { hand = v.hand, own = v.laid[v.seat], other = other, trump = v.trump, opts = o }
end

-- Where the seat stands: a sentence, and whether it may declare now.
local function status(v)
  local c = v.chance
  if (v.stock or 0) == 0 then return "the talon is empty: no more melds (BES-R14)" end
  if not c then return "not your meld opportunity now: melds are declared at lead (BES-R8)" end
  local mine = (c.by or c.seat) == v.seat
  if not mine then return "not your meld opportunity now (BES-R8)" end
  if v.forfeit then return "your side declared out wrongly: no more melds this deal (BES-R10)" end
  if c.melded then return "you have declared your one meld of this opportunity (BES-R8)" end
  return "your meld opportunity: one meld before you lead (BES-R8)", true
end

-- Pads by characters, not bytes (suit glyphs are three bytes).
local function pad(text, width)
  local n = utf8.len(text) or #text
  return text .. (" "):rep(math.max(1, width - n))
end

-- The text of the `melds` command for view 'v'.
function tools.melds_text(v)
  local pos = tools.position(v)
  local deck = v.hand:deck()
  local ok, near = melds.survey(pos)
  local said, now = status(v)
  local lines = { ("melds with trump %s — %s"):format(glyph(deck, v.trump), said) }
  if (v.stock or 0) == 0 then return lines[1] end
  if #ok == 0 then lines[#lines + 1] = "  none you could declare"
  elseif not now then lines[#lines + 1] = "  as your cards lie, at a meld opportunity:" end
  local style = talon.style()
  for _, m in ipairs(ok) do
    local action = actions.text(actions.make("meld", m.cards, m.kind.word), style)
    lines[#lines + 1] = ("  %s%s%5d"):format(pad(action, 36),
      pad(melds.name(deck, m.kind, m.suit, pos.trump), 20), m.points)
  end
  for _, m in ipairs(near) do
    lines[#lines + 1] = ("  not %s%s: %s%s"):format(melds.name(deck, m.kind, m.suit, pos.trump),
      #m.cards > 0 and (" " .. explain.cards(m.cards)) or "", rule_of(m.reason), m.reason)
  end
  if pos.trump and melds.sevens(pos) > 0 then
    lines[#lines + 1] = ("  trump sevens in hand: %d (show or exchange, 10 each, BES-R9)")
      :format(melds.sevens(pos))
  end
  return table.concat(lines, "\n")
end

tools.commands = {
  melds = {
    doc = "the melds you may declare now with their points, and why others are refused",
    run = function(v) return tools.melds_text(v) end,
  },
}

-- The front end asks before an action that can only lose: an out while the
-- side's total (what BES-R10 compares, in the view) is under the target.
function tools.confirm(v, a)
  if type(a) ~= "table" or a.verb ~= "out" or (v.total or 0) >= (v.target or 0) then
    return nil
  end
  local cost = v.options.wrong_out == "lose_match" and "loses the match"
    or v.forfeit and "gains nothing (this deal is already forfeit)"
    or "costs your side every point of this deal"
  return ("your side's total is %d, the target %d: a wrong out %s (BES-R10). Declare out"
    .. " anyway?"):format(v.total or 0, v.target or 0, cost)
end

tools.kinds = melds.KINDS -- the meld table (BES-R12) as data

-- The table's words for the view's own fields (BES-R10's total).
tools.labels = { total = "your side's total", forfeit = "this deal forfeit (a wrong out)" }

return tools
