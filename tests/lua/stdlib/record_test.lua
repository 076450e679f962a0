-- Records (docs/framework.md §7): written, read back, replayed to the
-- identical result; bad records are refused naming the line.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bot = require "talon.host.bot"
local record = require "talon.host.record"
local talon = require "talon"

t.test("write/read/replay gives the identical record and result", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { options = { players = 3 }, seed = 31 })
  bot.playout(g, talon.rng(31))
  local text = record.write(g)
  local r = record.read(text)
  t.eq(r.game, "hokm", "game line")
  t.eq(r.options.players, 3, "option line")
  t.eq(r.seed, 31, "seed line")
  t.eq(#r.actions, g.nact, "every action")
  local again = record.replay(text)
  t.eq(again:result().text, g:result().text, "same result")
  t.eq(record.write(again), text, "same record")
end)

t.test("a variant's record names its file and replays", function()
  local def, file = assert(loader.load("games/hokm-all-tricks.lua"))
  local g = game.new(def, { seed = 4, hands = 1, file = file })
  bot.playout(g, talon.rng(4))
  local text = g:record()
  t.ok(text:find("\nfile games/hokm-all-tricks.lua  # Hokm (all tricks)\n", 1, true),
    "file line, with the display name as a comment: " .. text)
  t.ok(not text:find("\ngame ", 1, true), "no game line: the display name loads nothing")
  t.eq(record.read(text).file, "games/hokm-all-tricks.lua", "the comment is not part of the path")
  t.eq(record.replay(text):result().text, g:result().text, "same result")
end)

t.test("a tampered record is refused", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 6, hands = 1 })
  bot.playout(g, talon.rng(6))
  local text = g:record():gsub("result [^\n]*", "result P9 wins 99-0")
  t.checkerror("the record says", record.replay, text)
  t.checkerror("record:2: unknown item 'bogus'", record.read, "talon-record 1\nbogus 1\n")
  -- an action that cannot be played names its line in the record
  local lines = {}
  for line in g:record():gmatch("[^\n]+") do lines[#lines + 1] = line end
  local k = 0
  for i, line in ipairs(lines) do
    if line:match("^act %d+ %w%w$") then
      k = i
      break
    end
  end
  lines[k] = lines[k]:gsub("%S+$", "ZZ")
  t.checkerror(("record:%d: action"):format(k), record.replay, table.concat(lines, "\n"))
end)

-- EMBEDDING.md determinism: the batch path g:playout draws the same random
-- actions as playing g:random one by one, so both give the same record.
t.test("g:playout equals g:play(g:random(rng)) step by step", function()
  local def = assert(loader.load("hokm"))
  for _, n in ipairs({ 4, 3, 2 }) do
    local a = game.new(def, { options = { players = n }, seed = 50 + n })
    local b = game.new(def, { options = { players = n }, seed = 50 + n })
    local ra, rb = talon.rng(n), talon.rng(n)
    local count = a:playout(ra)
    while not b:over() do b:play(b:random(rb)) end
    t.eq(count, b.nact, n .. " players: same number of actions")
    t.eq(record.write(a), record.write(b), n .. " players: same record")
  end
end)

-- Records are untrusted: every malformed line is refused as
-- "name:line: what is wrong", never a raw internal error.
t.test("every malformed record line is refused as name:line", function()
  local head = "talon-record 1\ngame hokm\nseed 4\n"
  local cases = {
    { "", "r.rec:1: not a talon record" },
    { "game hokm\n", "r.rec:1: not a talon record" },
    { "talon-record 7\ngame hokm\n", "r.rec:1: record version '7' is not known" },
    { head .. "talon-record 1\n", "r.rec:4: 'talon-record' must be the first line" },
    { head .. "seed 5\n", "r.rec:4: 'seed' is given twice (first at line 3)" },
    { head .. "game hokm\n", "r.rec:4: 'game' is given twice" },
    { "talon-record 1\nfile a.lua\nfile b.lua\n", "r.rec:3: 'file' is given twice" },
    { "talon-record 1\ngame hokm\nseed\n", "r.rec:3: seed needs an integer or a text" },
    { head .. "hands 0\n", "r.rec:4: hands needs a positive integer, got '0'" },
    { head .. "hands -2\n", "r.rec:4: hands needs a positive integer" },
    { head .. "hands 1.5\n", "r.rec:4: hands needs a positive integer" },
    { head .. "deal hands 5\n", "r.rec:4: 'deal hands' is not a field" },
    { head .. "deal hand x AS\n", "r.rec:4: deal hand needs a seat (1 to 64), got 'x'" },
    { head .. "deal hand 1 AS\ndeal hand 1 KS\n", "r.rec:5: deal hand 1 is given twice" },
    { head .. "deal hakem\n", "r.rec:4: deal needs a field and a value" },
    { head .. "act 99999999999999999999 AS\n", "r.rec:4: act needs a seat (1 to 64)" },
    { head .. "act 0 AS\n", "r.rec:4: act needs a seat" },
    { head .. "act 3\n", "r.rec:4: act needs a seat (1 to 64) and an action, got '3'" },
    { head .. "option players\n", "r.rec:4: option needs a name and a value" },
    { head .. "option players 3\noption players 4\n", "r.rec:5: option 'players' is given twice" },
    { head .. "result\n", "r.rec:4: result needs the result's text" },
    { "talon-record 1\nfile /etc/passwd\n", "r.rec:2: 'file' needs the path of a game file" },
    { "talon-record 1\ngame ../../etc/passwd\n", "r.rec:2: 'game' needs a game name or the path" },
    { "talon-record 1\ngame x/y\n", "r.rec:2: 'game' needs a game name" },
    { "talon-record 1\nseed 1\n", "r.rec:2: the record names no game" },
    { "talon-record 1\n\0game hokm\n", "r.rec:2: not text: byte 0 at column 1" },
    { "talon-record 1\ngame h\255\n", "r.rec:2: not text: invalid UTF-8 at column 7" },
    { head .. ("x"):rep(70000) .. "\n", "r.rec:4: line of 70000 bytes" },
  }
  for _, c in ipairs(cases) do
    local ok, err = pcall(record.read, c[1], "r.rec")
    t.ok(not ok, "refused: " .. c[2])
    t.eq(tostring(err):sub(1, #c[2]), c[2], "the message")
  end
  t.checkerror("record:2: unknown item", record.read, "talon-record 1\nbogus\n")
end)

-- The record's seed reads like --seed: an integer, else the text itself;
-- `--seed true` is written 'seed true' and must replay as the text "true".
t.test("a seed that is not an integer is its text, as on the command line", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = "true", hands = 1, game = "hokm" })
  bot.playout(g, talon.rng(1))
  local text = g:record()
  t.ok(text:find("\nseed true\n", 1, true), text)
  t.eq(record.read(text).seed, "true", "the text, not the boolean")
  t.eq(record.write(record.replay(text)), text, "replays to the same record")
end)

-- The reader is linear in its input: trimming a line by a pattern anchored
-- at its end ("%s+$") once took 49 s on a line with 100k blanks inside.
-- The bound is far above a linear read (0.1-0.5 s in the sanitized build,
-- with other tests beside it) and far below the quadratic one.
t.test("reading a line with 65000 blanks inside takes no time", function()
  local text = "talon-record 1\ngame hokm\nseed 1" .. (" "):rep(65000) .. "x   \n"
    .. ("act 1 AS  " .. (" "):rep(50) .. "  # a comment\n"):rep(20000)
  local t0 = os.clock()
  local r = record.read(text, "r.rec")
  local took = os.clock() - t0
  t.eq(r.seed, "1" .. (" "):rep(65000) .. "x", "blanks inside are kept, the ends trimmed")
  t.eq(#r.actions, 20000, "every act line")
  t.ok(took < 5, ("read in %.2f s"):format(took))
end)

-- A game that does not start from the record names the item at fault.
t.test("options, scores and deals that do not fit the game name their line", function()
  local head = "talon-record 1\ngame hokm\nseed 4\n"
  t.checkerror("r.rec:4: option 'players' cannot be 7", record.replay,
    head .. "option players 7\n", nil, "r.rec")
  t.checkerror("r.rec:4: Hokm has no option 'bogus'", record.replay,
    head .. "option bogus 1\n", nil, "r.rec")
  t.checkerror("r.rec:4: Hokm: params.scores needs 2", record.replay,
    head .. "scores 1 2 3\n", nil, "r.rec")
  t.checkerror("r.rec:5: seat 9 is not at this table (seats 1 to 4)", record.replay,
    head .. "deal hand 1 AS\ndeal hand 9 KS\n", nil, "r.rec")
  t.checkerror("r.rec:4: explicit deal: AS is dealt more often", record.replay,
    head .. "deal hand 1 AS AS\n", nil, "r.rec")
  local msg = t.checkerror("r.rec:4: explicit deal, hand 1: card 1: no card \"ZZ\"", record.replay,
    head .. "deal hand 1 ZZ\n", nil, "r.rec")
  t.ok(not msg:find("bad argument", 1, true), msg)
  t.checkerror("r.rec:4: action 1: seat 1 acts but seat 3 is to move", record.replay,
    head .. "act 1 AS\n", nil, "r.rec")
  t.checkerror("r.rec:5: the record says 'X wins' but the replay gives 'no result'",
    record.replay, head .. "act 3 trump H\nresult X wins\n", nil, "r.rec")
end)
