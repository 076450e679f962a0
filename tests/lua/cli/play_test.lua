-- `talon play` driven through a pipe, as a person would type (docs/cli.md
-- "play"). The facts of the position (hand, legal cards) are read from the
-- program's own table, so the tests check behaviour, not one deal.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function play(input, ...)
  local args = { "play", "hokm", "--seed", "3", ... }
  return run.talon(args, input)
end

local function words(s)
  local list = {}
  for w in s:gmatch("%S+") do list[#list + 1] = w end
  return list
end

-- The human's hand and legal cards at the first decision.
local function first_position()
  local code, out = play("legal\nquit\n")
  t.eq(code, 0, "exit code")
  local hand = words(out:match("your hand: ([^\n]+)"):gsub("   ", " "))
  local legal = words(out:match("legal: ([^\n]+)"))
  return hand, legal, out
end

local function illegal_card(hand, legal)
  local ok = {}
  for _, c in ipairs(legal) do ok[c] = true end
  for _, c in ipairs(hand) do
    if not ok[c] then return c end
  end
end

-- HOK-R3: a player who holds the led suit must follow it. Seed 3 puts the
-- human second to play after a lead, holding the led suit and others.
t.test("an illegal card is answered with the rule; the prompt repeats", function()
  local hand, legal = first_position()
  t.ok(#legal < #hand, "precondition: some held cards are illegal")
  local bad = illegal_card(hand, legal)
  local input = ("ZZ\n%s\nwhy %s\nwhy %s\nhint\nquit\n"):format(bad, bad, legal[1])
  local code, out, err = play(input)
  t.eq(code, 0, "exit code")
  t.eq(err, "", "nothing on stderr")
  t.eq(run.count(out, "your move (play) >"), 6, "one prompt per line typed")
  t.ok(out:find("not allowed: 'ZZ' is neither a card", 1, true), "bad token answered")
  t.ok(out:find("not allowed: HOK-R3: must follow", 1, true), "the rule and the evidence")
  t.ok(out:find("rule HOK-R3: Follow the suit led if you can", 1, true), "the rule's text")
  t.ok(out:find("instead: play one of {" .. table.concat(legal, " ") .. "}", 1, true),
    "what would satisfy it")
  t.ok(out:find(bad .. " is not allowed: HOK-R3", 1, true), "why names the rule")
  t.ok(out:find(legal[1] .. " is legal now", 1, true), "why a legal card is legal")
  local hint = out:match("hint: (%S+)")
  local found = false
  for _, c in ipairs(legal) do found = found or c == hint end
  t.ok(found, "the hint is a legal card: " .. tostring(hint))
  t.ok(out:find("hint: %S+ — "), "the hint says why")
end)

t.test("nonsense never crashes the game", function()
  local junk = { "", "   ", "why", "why ZZ", "trump X", "bid", "bid -5", "10", "♠", "discard",
    "AS AS", "why trump", "undo", ("x"):rep(3000), "\255\254", "q♠♠", "hint me", "legal now" }
  local code, out, err = play(table.concat(junk, "\n") .. "\n")
  t.eq(code, 0, "exit code")
  t.eq(err, "", "nothing on stderr")
  t.eq(run.count(out, "your move (play) >"), #junk + 1, "a prompt for every line, then EOF")
  t.ok(out:find("nothing of yours to undo", 1, true), "undo before any move")
  t.ok(out:find("bye%.%s*$"), "end of input quits cleanly")
end)

t.test("undo takes back the human's move and the bots' replies", function()
  local hand, legal, before = first_position()
  local input = ("%s\nundo\nlegal\nquit\n"):format(legal[1])
  local code, out = play(input)
  t.eq(code, 0)
  t.ok(out:find("you: " .. legal[1], 1, true), "the move was made")
  local after = out:match("undone: your " .. legal[1] .. " and the (%d+) move%(s%) after it")
  t.ok(after and tonumber(after) >= 1, "the bots' replies are undone too")
  t.eq(select(2, out:gsub("legal: ([^\n]+)", "")), 1, "one legal list")
  t.eq(words(out:match("legal: ([^\n]+)")), legal, "the same choice again")
  local last_hand = out:match(".*your hand: ([^\n]+)")
  t.eq(last_hand, before:match("your hand: ([^\n]+)"), "the hand is back: " .. #hand .. " cards")
end)

-- HOK-R17/R18: the two-player discards and the draw are face down: the
-- table never shows another seat's discarded or drawn cards.
t.test("the table never shows another seat's hidden actions", function()
  local code, out = run.talon { "play", "hokm", "--players", "2", "--seed", "5", "--auto" }
  t.eq(code, 0)
  t.ok(out:find("P2 acts face down", 1, true), "the opponent's discard is hidden")
  t.ok(not out:find("\nP2: discard", 1, true), "no card of it is shown")
  t.ok(not out:find("\nP2: keep", 1, true) and not out:find("\nP2: drop", 1, true),
    "nor the opponent's draw decisions")
  t.ok(out:find("P1 (you): discard", 1, true), "one's own discard is shown")
  t.ok(out:find("result: ", 1, true), "the game finished")
end)

t.test("--auto plays a whole match through a pipe", function()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out, err = run.talon { "play", "hokm", "--players", n, "--seed", "8", "--auto" }
    t.eq(code, 0, n .. " players: " .. err)
    t.ok(out:find("\nresult: [^\n]*wins"), n .. " players: a winner")
  end
end)

-- HOS-R2, HOS-R9: the table names the seats holding a role in the deal
-- (the game's view `roles`), by name and not by seat number.
t.test("roles are shown by seat name", function()
  local code, out = run.talon({ "play", "hosgin", "--seed", "7" }, "bid 560\nquit\n")
  t.eq(code, 0, "exit code")
  local roles = out:match("\n(declarer [^\n]+)")
  t.ok(roles, "a line of roles once there is a declarer:\n" .. out)
  t.ok(roles:find("declarer P1 (you)", 1, true), roles)
  t.ok(roles:find("vorhand P1 (you)", 1, true), "the first bidder is Vorhand: " .. roles)
  t.ok(not out:find("declarer 1", 1, true), "no bare seat number")
end)

-- A game's own commands (def.tools.commands) work at the table on the
-- human's view: Hosgin's hand advisor (seed "Taktische Hinweise") and meld
-- breakdown (HOS-R19); help lists them.
t.test("game commands: Hosgin's advise and melds", function()
  local code, out = run.talon({ "play", "hosgin", "--seed", "7" },
    "help\nadvise\nmelds S\nmelds x\nquit\n")
  t.eq(code, 0, "exit code")
  t.ok(out:find("Hosgin also offers:\n  advise ", 1, true), out)
  t.ok(out:find("advice for 25 cards; best trump ", 1, true), "the advisor on the human's 25 cards")
  t.ok(out:find("safe bid %d+ = melds %d+ %+ about 200 trick points"), "the ceiling's reasoning")
  t.ok(out:find("melds of 25 cards, trump [^:]+: %d+\n"), "the breakdown for one trump")
  t.ok(out:find("'x' is not a suit: S, H, D or C", 1, true), "a bad suit is named")
end)

-- Teaching: with --explain (or the 'explain' command) every bot move shows
-- the bot's reason; without it, only the move.
t.test("explain shows the bots' reasons", function()
  local code, out = run.talon { "play", "hokm", "--seed", "3", "--auto", "--explain" }
  t.eq(code, 0)
  local moves, reasons = 0, 0
  for line in out:gmatch("[^\n]+") do
    if line:match("^P%d: ") then
      moves = moves + 1
      if line:find(" — ", 1, true) then reasons = reasons + 1 end
    end
  end
  t.ok(moves > 20, "a whole match of moves: " .. moves)
  t.eq(reasons, moves, "every bot move has its reason")
  code, out = run.talon({ "play", "hokm", "--seed", "3" }, "explain\nexplain\nquit\n")
  t.eq(code, 0)
  t.ok(out:find("the bots' reasons are shown: a bot thinks aloud, and may name the cards it"
    .. " holds (a teaching view, like open hands).\n", 1, true), out)
  t.ok(out:find("the bots' reasons are hidden.\n", 1, true), out)
end)

-- HOK-R17: the two-player discard is an action with cards; the table shows
-- its cards as it shows the hand (the parser reads both spellings).
t.test("actions with cards are shown in the table's card style", function()
  local code, out = run.talon({ "play", "hokm", "--players", "2", "--seed", "5" },
    "legal\nhint\nquit\n")
  t.eq(code, 0)
  t.ok(not out:find("error", 1, true), out)
  local legal = out:match("legal: (discard [^\n]+)")
  t.ok(legal, "the dealer discards first here: " .. out)
  t.ok(legal:find("♦", 1, true) and not legal:find("%f[%w][2-9TJQKA][SHDC]%f[%W]"),
    "cards as glyphs, not ASCII tokens: " .. legal)
  t.ok(out:find("hint: discard [^\n]*♦"), "the hint too")
end)

-- `help` says what the game asks for now: the phase's line and the words
-- it takes now (KOZ-R9: beat or down, after a lead).
t.test("help names the current phase and its words", function()
  local code, out = run.talon({ "play", "kosel", "--seed", "11", "--players", "3" }, "help\nquit\n")
  t.eq(code, 0)
  t.ok(out:find("now, phase play: lead 1-4 cards of a suit", 1, true), out)
  t.ok(out:find("; type down, beat\n", 1, true), out)
end)

-- docs/cli.md: a position the game cannot start from is refused in one
-- line naming the field at fault (exit 1); the host's trace is not the
-- reader's business (it printed one).
t.test("--position with a field the game cannot take is refused in one line", function()
  local f = assert(io.open(run.root .. "/tests/fixtures/positions/hokm_last_tricks.lua"))
  local text = f:read("a"):gsub('phase = "play"', 'phase = "bidding"')
  f:close()
  local dir = run.tmpdir()
  local out_file = assert(io.open(dir .. "/bad.lua", "w"))
  out_file:write(text)
  out_file:close()
  local code, out, err = run.talon({ "play", "hokm", "--position", "bad.lua" }, "", dir)
  run.rmdir(dir)
  t.eq(code, 1, out .. err)
  t.eq(err, "talon play: --position bad.lua: position: phase: no phase bidding in Hokm\n")
end)

-- docs/cli.md: after a game the program says how to resume it, and --seat
-- says which player is yours: the hint keeps the seat (it dropped it, and
-- the resumed game seated the user as P1).
t.test("the resume hint keeps --seat, and resuming by it seats the same player", function()
  local dir = run.tmpdir()
  local code, out, err = run.talon({ "play", "hokm", "--seed", "3", "--seat", "2", "--record",
    "g.rec" }, "trump S\nquit\n", dir)
  t.eq(code, 0, err)
  local hint = out:match("go on with: %S+ (play %-%-resume g%.rec[^)]*)%)")
  t.eq(hint, "play --resume g.rec --seat 2", out)
  local args = {}
  for w in hint:gmatch("%S+") do args[#args + 1] = w end
  local code2, out2, err2 = run.talon(args, "quit\n", dir)
  run.rmdir(dir)
  t.eq(code2, 0, err2)
  t.ok(out2:find("you are P2, at seat 2", 1, true), out2)
end)

-- A Lua error inside a game script is reported with its traceback: the
-- game's own frames, as check and sim show them, not the front end's.
t.test("a game error at the table shows the game's frames only", function()
  local code, _, err = run.talon { "play", run.root
    .. "/tests/fixtures/broken_games/runtime_error.lua", "--auto" }
  t.eq(code, 1, err)
  t.ok(err:find("^talon play: .-runtime_error%.lua:14: attempt to index a nil value"), err)
  t.ok(err:find("\nstack traceback (game code):\n\t", 1, true), err)
  t.ok(not err:find("/repl/talon/", 1, true) and not err:find("/stdlib/talon/", 1, true), err)
end)
