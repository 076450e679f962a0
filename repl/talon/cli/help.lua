-- talon.cli.help: help() and help(topic) at the REPL, and the REPL's own
-- globals (help, and talon with talon.play added). The REPL's `talon` is a
-- table of its own whose other fields come from the library: the library
-- module itself is left as it is, since games get a frozen copy of it and
-- must not reach talon.play.
local help = {}

local GENERAL = [[
Talon REPL: Lua 5.4 with the card library loaded as 'talon'.

  t = talon.play("hokm", {seed = 1, players = 3})   a game against bots
  t                                        the table; t:play("QS") plays
  d = talon.deck{ranks = "A K Q J T 9 8 7"}          a 32-card deck
  h = d:hand("AS KS QH"); h:add("7C")              a hand (a multiset)
  h:has("KS"), #h, h:points()                      asked at once
  r = talon.rng(42); p = d:pile():shuffle(r)         a shuffled deck
  hosgin = require("games.hosgin")                   a game's own tools:
  print(hosgin.tools.melds("QS KS JD", "H"))         (docs/games/hosgin.md)

help(topic) tells more: help("play"), help("decks"), help("hands"),
help("tricks"), help("trickrules"), help("melds"), help("games"),
help("variants"). TAB completes names (talon.de<TAB>); Ctrl-C stops a
running loop or clears the line; quit, exit or Ctrl-D leaves.
From the shell: talon play GAME, talon replay FILE, talon rules GAME,
talon list (talon --help for every command).]]

local TOPICS = {
  play = [[
A game at the REPL: t = talon.play(NAME, {options})
  options: seed = 1, players = N, options = {target = 5}, seat = 1 (yours),
  bots = "rule" | "random", open = true (every hand), reasons = true (the
  bots' reasons), position = p (from t:position()).
The bots play up to your turn; the value printed is the table.
  t:play("QS")        your action by text ("bid 560", "trump H", a bare card)
  t:why("AS")         why that is legal or not       t:legal()   t:hint()
  t:undo()            take back your last decision (and the bots' since)
  u = t:fork()        a copy at this point: try something else in u
  t:open()            show every hand (t:open(false) hides them)
  t:auto(n)           let the bot play your seat n times
  t:last()  t:score()  t:rules()  t:explain("HOK-R4")
  t:position()        the position as data; t:record("f.rec") writes the record
  t.game              the running game (docs/framework.md §2)]],
  decks = [[
Decks: d = talon.deck{ranks = "A K Q J T 9 8 7", suits = "S H D C",
copies = 2, points = {A = 11, T = 10}}.
  d:card("QS") (also "10s", "q♠"), d:hand("AS KS"), d:full(), d:pile()
  d:kinds(), d:suits(), d:ranks(), d:points(cards), #d
  talon.style("unicode" | "color" | "ascii") changes how cards print.]],
  hands = [[
Hands are multisets of one deck's cards: h = d:hand("QS KS 10H×2").
  h:add(cards[, n]), h:remove(cards[, n]), h:count(card), h:has(cards)
  #h, h:copy(), h:cards(), for card, n in h:each() do … end
  h:suit("S"), h:follow("S"), h:points(), h + g, h - g, h * g, h == g]],
  tricks = [[
Tricks: rules = talon.trickrules(d, {follow = true, void = "trump"})
  t = talon.trick(rules, "H")       a trick with hearts trump
  t:legal(hand), t:why(hand, cards), t:play(seat, cards, false, hand)
  t:winner(), t:explain(), t:at(i), t:points(), t:clear(), #t
See help("trickrules") for the rules' keys; docs/api.md "Tricks".]],
  trickrules = [[
talon.trickrules(deck, spec): spec keys (all optional):
  follow, head, void, ranks, top, wild_top   what a follower must play
  lead_sizes, face_down                      set games (several cards a play)
  first_lead, not_on_first_trick, unbroken, breaks   hand rules (Hearts)
Every key is checked in C; docs/api.md "Tricks" lists them with defaults.]],
  melds = [[
Melds: m = talon.melds(d, {{name = "bella", ranks = "Q K", suit = "each",
points = 20, trump_points = 40}, …})
  m:score(cards, trump) -> total; m:breakdown(cards, trump) -> total, items
  m:locked(cards, trump) -> the cards the scored melds use; m:names()
Try a game's own: hosgin = require("games.hosgin"); hosgin.tools.melds("QS KS", "H")]],
  games = [[
Games are files in games/: a table of data and named hooks (docs/
writing-a-game.md). From the REPL:
  def = require("games.hokm")        the definition
  t = talon.play("hokm")            play it (help("play"))
  g = require("talon.game").new(def, {seed = 1})   the bare running game
From the shell: talon list, talon rules GAME, talon explain GAME RULE.]],
  variants = [[
A variant is a small file that starts from a game and changes options or
wraps one hook (docs/variants.md):
  local variant = require("talon.variant")
  return variant.of(require("games.hokm"), {name = …, summary = …,
    options = {play_all_tricks = true}})
Play it by path: talon.play("games/hokm-all-tricks.lua").]],
}

-- help() prints the guide; help(topic) one topic; an unknown topic lists
-- the topics.
function help.show(topic)
  if topic == nil then return print(GENERAL) end
  local text = TOPICS[tostring(topic):lower()]
  if text then return print(text) end
  local names = {}
  for k in pairs(TOPICS) do names[#names + 1] = k end
  table.sort(names)
  print(("no help on '%s'; topics: %s"):format(tostring(topic), table.concat(names, ", ")))
end

-- Sets the REPL's globals: help, and talon (the library with talon.play).
-- talon.cli.live (and the game framework behind it) is loaded on the
-- first talon.play, not at every start of the REPL.
function help.install()
  local lib = require "talon"
  local function play(...) return require("talon.cli.live").play(...) end
  _G.talon = setmetatable({ play = play }, { __index = lib })
  _G.help = help.show
end

return help
