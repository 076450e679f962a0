-- At the table of `talon play` (issue "Teach with it"): rules and explain
-- RULE without leaving, last (the last trick and why it was won), score
-- (how every score was reached, the same for every game), a question
-- before an action that can only lose (a Bura claim under 31), a bare
-- card where the plays carry a verb, help offering only the verbs legal
-- now, the human following their player when Hokm seats partners
-- opposite, and the card style chosen by flags and locale.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"
local program = require "tests.lua.repl.program"

t.test("rules, explain RULE, last and score at the table", function()
  local code, out, err = run.talon({ "play", "hokm", "--seed", "3" },
    "rules\nexplain HOK-R4\nexplain HOK-R12\nlast\n9♣\nlast\nscore\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("> rules\nHokm — Iranian trick game", 1, true), out)
  t.ok(out:find("phases (in the order of play):", 1, true), out)
  t.ok(out:find("> explain HOK-R4\nHOK-R4  The highest trump wins the trick", 1, true), out)
  t.ok(out:find("HOK-R12  does not apply with these options", 1, true), out)
  t.ok(out:find("> last\nno trick has been played yet.", 1, true), out)
  t.ok(out:find("> last\nlast trick: P2 K♣, P3 4♣, P4 2♣, P1 (you) 9♣\n"
    .. "  HOK-R4: P2 wins trick 1 with K♣", 1, true), out)
  t.ok(out:find("> score\nscores now: P1+P3 0  –  P2+P4 0\n", 1, true), out)
end)

-- BUR-R8 with face_down: the reader's own face-down play is listed once,
-- with its cards (it is logged twice: told to him, and "acts face down"
-- to all); the others' stay hidden, and so do they in the sentence saying
-- why the trick was won.
t.test("last lists the reader's own face-down play once, and names no hidden card", function()
  local code, out, err = run.talon({ "play", "bura", "--seed", "3", "--seat", "2", "--ascii",
    "-o", "face_down=true" }, "down 6S\nlast\nquit\n")
  t.eq(code, 0, err)
  local last = out:match("> last\n([^\n]*\n[^\n]*)\n") or ""
  t.ok(last:find("^last trick: P1 lead QD, P2 %(you%) down 6S, P3 acts face down\n"), last)
  t.ok(last:find("QD wins: the lead stands, every later play was face down", 1, true), last)
end)

-- docs/cli.md: a bare card plays the one action it names where plays carry
-- a verb (Bura's "lead 8D"), and why asks about the same action: it said
-- "8D is not allowed" of the card that typing then played.
t.test("why of a bare card answers for the play typing it makes", function()
  local code, out, err = run.talon({ "play", "bura", "--seed", "1", "--ascii" },
    "why 8D\n8D\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("> why 8D\nlead 8D is legal now", 1, true), out)
  t.ok(out:find("you: lead 8D", 1, true), out)
end)

-- A variant's rule is named by the variant ("Hokm (no trump lead)"), blanks
-- and all, as its refusals cite it: explain takes it as typed. And under
-- a variant the bots' reasons say they are the base game's rules of
-- thumb, as hint does (they misread a changed trick order).
t.test("under a variant: explain takes its rule's name; the bots' reasons say whose they are",
  function()
    local code, out, err = run.talon({ "play", "games/hokm-no-trump-lead.lua", "--seed", "3" },
      "explain Hokm (no trump lead)\nquit\n")
    t.eq(code, 0, err)
    t.ok(out:find("> explain Hokm (no trump lead)\nHokm (no trump lead)  the trump may not be led",
      1, true), out)
    code, out, err = run.talon({ "play", "games/hokm-ten-high.lua", "--seed", "3", "--explain",
      "--auto", "-o", "target=1" }, "")
    t.eq(code, 0, err)
    t.ok(out:find("P2: K♣ — lead high from the longest plain suit (a rule of thumb for Hokm)\n",
      1, true), out)
  end)

t.test("score shows each hand's points the same way in every game", function()
  for _, name in ipairs { "hokm", "bura", "kosel", "hosgin" } do
    local code, out, err = run.talon({ "play", name, "--seed", "2", "--auto" }, "")
    t.eq(code, 0, name .. err)
    t.ok(out:find("result:", 1, true), name)
  end
  local _, out = run.talon({ "play", "kosel", "--seed", "2" }, "score\nquit\n")
  t.ok(out:find("> score\nscores now: ", 1, true), out)
end)

t.test("a Bura claim under 31 asks first; no keeps the game as it was", function()
  local code, out, err = run.talon({ "play", "bura", "--seed", "2" },
    "claim\nno\nclaim\nyes\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("you saw yourself take 0 card points; a claim needs 31", 1, true), out)
  t.ok(out:find("Claim anyway? (yes/no) > no\nnot played.", 1, true), out)
  t.ok(out:find("(yes/no) > yes\nyou: claim", 1, true), out)
  -- only yes or y plays it: "yikes" does not
  local _, yout = run.talon({ "play", "bura", "--seed", "2" }, "claim\nyikes\nquit\n")
  t.ok(yout:find("(yes/no) > yikes\nnot played.", 1, true), yout)
end)

-- BES-R10: a side under the target that declares out loses this deal's
-- points (or the match, wrong_out = lose_match); the table asks first, as
-- for Bura's claim.
t.test("a Besigue out under the target asks first; no keeps the game as it was", function()
  local code, out, err = run.talon({ "play", "besigue", "--seed", "1" },
    "out\nno\nout\nyes\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("your side's total is 0, the target 1000: a wrong out costs your side every"
    .. " point of this deal (BES-R10). Declare out anyway? (yes/no) > no\nnot played.", 1, true),
    out)
  t.ok(out:find("(yes/no) > yes\nyou: out", 1, true), out)
end)

-- A game started from a position in the middle of a trick: the plays made
-- before it are not in the log, and `last` says so rather than list the
-- trick as if it had only the plays made since.
t.test("last after a position taken in mid-trick says plays came before it", function()
  local game = require "talon.game"
  local loader = require "talon.host.loader"
  local ask = require "talon.cli.ask"
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 3 })
  local rng = require("talon").rng(3)
  while g:phase() ~= "play" do g:play(g:random(rng)) end
  g:play(g:random(rng))
  g:play(g:random(rng))
  local g2 = game.new(def, { position = g:position() })
  g2:play(g2:random(rng))
  g2:play(g2:random(rng))
  local text = ask.last({ g = g2, def = def, seat = 1 })
  t.ok(text:find("^last trick: %(the plays before the position%), P%d [^,]+, P%d"), text)
  t.ok(text:find("wins trick 1 with", 1, true), text)
end)

-- The game's question fails (its confirm tool raises): the table asks in
-- its own words, and no keeps the game as it was.
t.test("a question that fails is asked in the program's words", function()
  local code, out, err = run.talon({ "play", run.root
    .. "/tests/fixtures/broken_games/confirm_raises.lua", "--seed", "2" }, "claim\nno\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("> claim\nthe game's question before this action failed: ", 1, true), out)
  t.ok(out:find("confirm_raises.lua:7: the question broke\nPlay it anyway? (yes/no) > no\n"
    .. "not played.\n", 1, true), out)
end)

-- A game's own view fields are shown under its tools.labels (BUR-R11's
-- memory, BES-R10's total and forfeit), a true flag by its words alone.
t.test("the table names a game's own view fields by its labels", function()
  local _, out = run.talon({ "play", "bura", "--seed", "1" }, "quit\n")
  t.ok(out:find("\ncard points you saw yourself take 0, turned 7♠\n", 1, true), out)
  local _, bout = run.talon({ "play", "besigue", "--seed", "1" }, "out\nyes\ntable\nquit\n")
  t.ok(bout:find("\nthis deal forfeit (a wrong out), target 1000, your side's total 0, turned J♦\n",
    1, true), bout)
  t.ok(not bout:find("forfeit true", 1, true) and not bout:find("memory", 1, true), bout)
  local tbl = require "talon.cli.table"
  local v = { seat = 1, n = 1, hand = require("talon").deck({ ranks = "A" }):hand(""),
    sizes = { 0 }, tricks_won = { 0 }, trick = { cards = {}, seats = {} }, up_card = "9S",
    gone = false }
  local text = tbl.render(v, "x", nil, { gone = "never shown" })
  t.ok(text:find("\nup card 9S\n", 1, true), text)
  t.ok(not text:find("never shown", 1, true), text)
  -- a long label is cut at 60 bytes, never inside a UTF-8 character
  v.up_card, v.gone = nil, nil
  v.note = "x"
  local cut = tbl.render(v, "x", nil, { note = string.rep("é", 40) })
  local line = cut:match("\n([^\n]*) x\n")
  t.ok(line and #line == 60 and utf8.len(line) == 30, cut)
end)

t.test("Bura, Kosel and Kosel pot take a bare card; help offers only what is legal", function()
  local _, out = run.talon({ "play", "bura", "--seed", "2" }, "9♠\nhelp\nquit\n")
  t.ok(out:find("> 9♠\nyou: play 9♠", 1, true), out)
  t.ok(out:find("; type lead, claim\n", 1, true), "no down without face-down play: " .. out)
  local _, kout = run.talon({ "play", "koselpot", "--seed", "2" }, "legal\nhelp\nquit\n")
  t.ok(kout:find("; type play\n", 1, true), kout)
  t.ok(not kout:find("play play", 1, true), kout)
end)

-- HOK-R7: partners are seated opposite before the first hand; the human
-- goes with their player, and the partnerships are named in order.
t.test("Hokm-4: the human stays P1 when the partners are re-seated", function()
  local _, out = run.talon({ "play", "hokm", "--seed", "9" }, "quit\n")
  t.ok(out:find("you are P1, at seat 2;", 1, true), out)
  t.ok(out:find("P1 (you): 13 cards", 1, true), out)
  t.ok(out:find("scores P2+P3 0  –  P1+P4 0", 1, true), out)
  t.ok(not out:find("P4+P3", 1, true) and not out:find("P2+P1", 1, true), out)
end)

-- Two copies of one card are one choice: legal names it once, as typed
-- (a count such as QH×2 would not parse as a play).
t.test("legal names copies of a card once, as the reader types it", function()
  local talon = require "talon"
  local ask = require "talon.cli.ask"
  local d = talon.deck { ranks = "A K Q", suits = "S H", copies = 2 }
  local cards = d:hand("QH QH KS"):cards()
  local g = { legal = function() return cards end }
  t.eq(ask.legal_text(g), "KS  QH")
end)

t.test("--ascii, --no-color and an LC_ALL=C locale print cards without glyphs", function()
  local _, out = program.run({ "play", "hokm", "--seed", "3" }, "quit\n",
    "NO_COLOR=1 LANG=C.UTF-8 LC_ALL=C")
  t.ok(out:find("trick: P2 KC, P3 4C, P4 2C", 1, true), out)
  local _, aout = run.talon({ "play", "hokm", "--seed", "3", "--ascii" }, "quit\n")
  t.ok(aout:find("trick: P2 KC", 1, true), aout)
  -- nothing beyond ASCII at all: the box lines, the mover's marker, the
  -- dashes and the score separators are spelt in ASCII too (docs/cli.md)
  for _, text in ipairs { out, aout } do
    t.ok(not text:find("[\128-\255]"), text)
  end
  t.ok(aout:find("\n-- Hokm -- hand 1, phase play\n", 1, true), aout)
  t.ok(aout:find("\n> P", 1, true), aout)
  t.ok(aout:find("scores P1+P3 0  -  P2+P4 0", 1, true), aout)
  local _, hout = run.talon({ "play", "hosgin", "--seed", "1", "--ascii" }, "quit\n")
  t.ok(hout:find("scores P1 0 / P2 0 / P3 0", 1, true), hout)
  t.ok(hout:find("Hosgin -- Turkish", 1, true), hout)
  local code, pout = run.pty({ "play", "hokm", "--seed", "3", "--no-color" }, [[
expect your move
ready
send quit\r
expect bye.
]])
  t.eq(code, 0, pout)
  t.ok(pout:find("trick: P2 K♣", 1, true) and not pout:find("\27[3", 1, true), pout)
end)
