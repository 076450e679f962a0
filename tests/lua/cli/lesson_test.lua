-- `talon replay` as a lesson (talon.cli.lesson): the table as play shows
-- it, free moves (next and previous action, trick, hand, jump), why and
-- explain at any point, open hands, `branch` (a live what-if with its own
-- record) and `talon play --resume`. Driven through a pipe with --step;
-- the terminal itself is tested in play_terminal_test.lua.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- A finished Hokm match played by the bots (seed 9): r.rec in a new dir.
local function recorded()
  local dir = run.tmpdir()
  local code = run.talon({ "play", "hokm", "--seed", "9", "--auto", "--record", "r.rec" }, nil, dir)
  assert(code == 0)
  return dir
end

t.test("replay --step moves by action, trick and hand, and jumps", function()
  local dir = recorded()
  local code, out, err = run.talon({ "replay", "--step", "r.rec" },
    "\n\nt\npt\nh\nph\njump 30\np\nq\n", dir)
  t.eq(code, 0, err)
  t.ok(out:find("Hokm — 405 actions", 1, true), out)
  t.ok(out:find("[0/405] replay > \n   1  P4: trump D", 1, true), "Enter: the next action")
  t.ok(out:find("   2  P4: A♠\n── Hokm ── hand 1, phase play", 1, true), "the table after it")
  t.ok(out:find("[2/405] replay > t\nat action 5 of 405", 1, true), "t: the end of the trick")
  t.ok(out:find("[5/405] replay > pt\nat action 1 of 405", 1, true), "pt: back a trick")
  t.ok(out:find("[1/405] replay > h\nat action 41 of 405", 1, true), "h: the end of the hand")
  t.ok(out:find("── Hokm ── hand 2, phase trump", 1, true), "the next hand's table")
  t.ok(out:find("[41/405] replay > ph\nat action 0 of 405", 1, true), "ph: back a hand")
  t.ok(out:find("[30/405] replay > p\nat action 29 of 405", 1, true), "p: back an action")
  t.ok(out:find("next in the record: P4 plays trump D", 1, true), out)
  run.rmdir(dir)
end)

t.test("replay: why, hint, legal, open hands and another seat at any point", function()
  local dir = recorded()
  -- read as P2, the mover at action 30 (with seed 9 P2 sits at seat 1)
  local code, out, err = run.talon({ "replay", "--step", "--seat", "2", "r.rec" },
    "30\nwhy\nwhy K♦\nlegal\nhint\nopen\nseat 3\nexplain HOK-R4\nlast\nscore\nq\n", dir)
  t.eq(code, 0, err)
  t.ok(out:find("replay > why\n9♠ is legal now — tricks: follow suit", 1, true), out)
  t.ok(out:find("replay > why K♦\nK♦ is not allowed: HOK-R3: must follow ♠", 1, true), out)
  t.ok(out:find("legal for P2: 9♠", 1, true), out)
  t.ok(out:find("the bot would play 9♠ for P2", 1, true), out)
  t.ok(out:find("  P1 holds: J♥ 10♥ 9♥   J♦ 8♦ 5♦", 1, true), "open hands: " .. out)
  t.ok(out:find("P3 (you): 6 cards", 1, true), "seen from seat 3")
  t.ok(out:find("HOK-R4  The highest trump wins the trick", 1, true), out)
  t.ok(out:find("last trick: P3 6♣, P4 A♣, P2 K♣, P1 J♦", 1, true)
    or out:find("last trick: ", 1, true), out)
  t.ok(out:find("scores now: P2+P3 0  –  P1+P4 0", 1, true)
    or out:find("scores now: P1+P4 0  –  P2+P3 0", 1, true), out)
  run.rmdir(dir)
end)

t.test("branch plays on from the current point with its own record", function()
  local dir = recorded()
  local code, out, err = run.talon({ "replay", "--step", "r.rec" },
    "30\nseat 2\nbranch\nlegal\n9♠\nquit\nq\n", dir) -- seat 2: player P2, the mover
  t.eq(code, 0, err)
  t.ok(out:find("branch from action 30: you play P2; the record goes to r-branch-30.rec", 1, true),
    out)
  -- the player sitting where the reader looks from (Hokm seated P2 at
  -- seat 1), not player 1 (it said "you play P2" and seated P1)
  t.ok(out:find("you are P2, at seat 1;", 1, true), out)
  t.ok(out:find("you: 9♠", 1, true), out)
  t.ok(out:find("play --resume r-branch-30.rec --seat 2)", 1, true), out)
  t.ok(out:find("back in the replay at action 30.", 1, true), out)
  local rec = read(dir .. "/r-branch-30.rec") or ""
  local acts = run.count(rec, "\nact ")
  t.ok(acts > 30, "the branch's record holds the game from its start: " .. acts)
  t.eq(select(1, run.talon({ "replay", "--quiet", "r-branch-30.rec" }, nil, dir)), 0)
  -- and it goes on with --resume, writing the same file
  local rcode, rout, rerr = run.talon({ "play", "--resume", "r-branch-30.rec", "--seat", "2" },
    "legal\nquit\n", dir)
  t.eq(rcode, 0, rerr)
  t.ok(rout:find("legal: ", 1, true), rout)
  t.ok(rout:find("or go on with: ", 1, true), rout)
  t.ok(run.count(read(dir .. "/r-branch-30.rec") or "", "\nact ") >= acts, "kept")
  run.rmdir(dir)
end)

t.test("play --resume continues a saved game; a finished one is refused", function()
  local dir = run.tmpdir()
  run.talon({ "play", "hokm", "--seed", "4", "--record", "g.rec" }, "quit\n", dir)
  local before = run.count(read(dir .. "/g.rec") or "", "\nact ")
  local code, out, err = run.talon({ "play", "--resume", "g.rec" }, "hint\nquit\n", dir)
  t.eq(code, 0, err)
  t.ok(out:find("you are P1", 1, true), out)
  t.ok(out:find("hint: ", 1, true), out)
  t.eq(run.count(read(dir .. "/g.rec") or "", "\nact "), before, "nothing new was played")
  local _, _, e2 = run.talon({ "play", "--resume", "g.rec", "--seed", "3" }, "", dir)
  t.ok(e2:find("--resume takes the game from the record, not --seed", 1, true), e2)
  run.rmdir(dir)
  dir = recorded()
  local c3, _, e3 = run.talon({ "play", "--resume", "r.rec" }, "", dir)
  t.eq(c3, 1)
  t.ok(e3:find("r.rec: the game is over", 1, true), e3)
  run.rmdir(dir)
end)

t.test("replay prints cards in the style of its events; --open shows every hand", function()
  local dir = recorded()
  local code, out = run.talon({ "replay", "r.rec", "--open" }, nil, dir)
  t.eq(code, 0)
  t.ok(out:find("   2  P4: A♠\n", 1, true), "A♠, not AS: " .. out:sub(1, 600))
  t.ok(out:find("    P1 holds: ", 1, true), "open hands at each deal")
  local jcode, json = run.talon({ "replay", "r.rec", "--json" }, nil, dir)
  t.eq(jcode, 0)
  t.ok(json:find('"matches":true', 1, true), json:sub(1, 200))
  t.ok(json:find('{"action":"trump D","n":1,"name":"P4","seat":4}', 1, true), json:sub(1, 300))
  run.rmdir(dir)
end)

-- A jump outside the record is refused with the range; one to where the
-- lesson stands says so; why about another seat's move says whose it is
-- ("you" in the answer is the mover, not the reader).
t.test("jump out of range, jump in place, and why about the mover", function()
  local dir = recorded()
  local code, out, err = run.talon({ "replay", "--step", "r.rec" },
    "jump -3\njump 0\njump 2\nwhy 2C\nq\n", dir)
  t.eq(code, 0, err)
  t.ok(out:find("> jump -3\njump to which action? 0 to 405 (or end)\n", 1, true), out)
  t.ok(out:find("> jump 0\nalready at action 0 of 405\n", 1, true), out)
  t.ok(out:find("> why 2C\n%(P%d, to move%) "), out)
  run.rmdir(dir)
end)

-- HOK-R7 seats partners opposite before the first hand: with seed 9 player
-- P1 sits at seat 2. --seat 1 names the player in replay and review, as it
-- does in play ("you are P1, at seat 2").
t.test("replay and review: --seat names a player, as play does", function()
  local dir = recorded()
  local code, out, err = run.talon({ "replay", "--step", "--seat", "1", "r.rec" }, "\nq\n", dir)
  t.eq(code, 0, err)
  t.ok(out:find("P1 (you): 13 cards", 1, true), out)
  t.ok(not out:find("P2 (you)", 1, true), out)
  local rcode, rout, rerr = run.talon({ "review", "r.rec", "--seat", "1", "--budget", "4" }, nil,
    dir)
  t.eq(rcode, 0, rerr)
  t.ok(rout:find("^Review of P1 in r.rec"), rout)
  run.rmdir(dir)
end)
