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
  t.checkerror("line 2: unknown item 'bogus'", record.read, "talon-record 1\nbogus 1\n")
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
  t.checkerror(("record line %d (action"):format(k), record.replay, table.concat(lines, "\n"))
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
