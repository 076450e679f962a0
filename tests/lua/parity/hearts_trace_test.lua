-- The reader of OpenSpiel Hearts traces (tests/parity/hearts_trace.lua) and
-- the reference rules the replayer is tested with (tests/parity/hearts_ref.lua):
-- what a hand reads as, the traces it refuses and why, and the reference
-- replaying a hand to OpenSpiel's points. The full replay of both traces is
-- the ctest parity/hearts-reference.
local t = require "talon.host.testing"
local trace = require "tests.parity.hearts_trace"
local ref = require "tests.parity.hearts_ref"

local DIR = "tests/parity/hearts/"

-- The lines of the first hand of default.txt (seed 1, no passing).
local function first_hand_lines()
  local lines = {}
  for line in io.lines(DIR .. "default.txt") do
    lines[#lines + 1] = line
    if line == "end" then break end
  end
  return lines
end

-- Reads 'lines' as a trace file; returns the hands or raises as trace.read.
local function read_lines(lines)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  local ok, res = pcall(trace.read, path)
  os.remove(path)
  if not ok then error((res:gsub("^[^:]*:", "TRACE:")), 0) end
  return res
end

t.test("a hand reads as its seed, options, deal, acts and points", function()
  local hands = trace.read(DIR .. "default.txt")
  t.eq(#hands, 500, "hands in default.txt")
  local h = hands[1]
  t.eq({ h.seed, h.game, h.passdir, h.line }, { 1, "hearts", 0, 1 }, "game and passdir")
  t.eq(h.options, {}, "plain 'hearts': the defaults")
  t.eq(table.concat(h.deal[1], " "), "3S KS TH 5C QS QC 3H JH 7S 7D 9D AS 4D", "player 0 is seat 1")
  t.eq(#h.acts, 52, "no passing: 52 plays")
  t.eq(h.acts[2], { line = 8, seat = 3, card = "3C", legal = { "3C", "AC" } }, "second act")
  t.eq({ h.points, h.points_line }, { { 1, 0, 0, 25 }, 59 }, "points")
  local passing = hands[2]
  t.eq({ passing.passdir, #passing.acts, passing.acts[13].card }, { 3, 64, "2C" },
    "with passing, 12 passes then 52 plays")
end)

t.test("a game line gives the options, as booleans", function()
  local hands = trace.read(DIR .. "options.txt")
  t.eq(#hands, 800, "hands in options.txt")
  t.eq({ hands[1].seed, hands[1].options }, { 1001, { pass_cards = false } }, "first hand")
  t.eq(hands[800].options, { can_lead_hearts_instead_of_qs = true }, "last hand")
end)

t.test("legal sets print in OpenSpiel's order: rank, then clubs diamonds hearts spades", function()
  t.eq(trace.set_text({ "AS", "2C", "TD", "TC", "9H", "2S" }), "2C 2S 9H TC TD AS", "order")
  t.eq({ trace.index("2C"), trace.index("2S"), trace.index("AS") }, { 0, 3, 51 }, "indexes")
end)

t.test("malformed and inconsistent traces are refused at their line", function()
  local cases = {
    { 3, "hand 0 3S KS TH 5C QS QC 3H JH 7S 7D 9D AS",
      "TRACE:3: player 0 is dealt 12 cards, not 13" },
    { 3, "hand 0 3S KS TH 5C QS QC 3H JH 7S 7D 9D AS 2C", "TRACE:4: card 2C dealt twice" },
    { 3, "hand 0 3S KS TH 5C QS QC 3H JH 7S 7D 9D AS 1D", "TRACE:3: '1D' is not a card" },
    { 4, "hand 2 8C 8H 3D 7H 8S 9C 4C KH 4H 2C JC KC TD",
      "TRACE:4: expected the hand of player 1" },
    { 8, "act 2 3C : AC", "TRACE:8: card 3C is not in its legal set" },
    { 8, "act 2 3C : 3C AC KC", "TRACE:8: legal card KC is not held by player 2" },
    { 8, "act 2 3C : 3C 3C", "TRACE:8: card 3C twice in the legal set" },
    { 8, "act 2 3C AC", "TRACE:8: an act line is 'act P CARD : LEGAL...'" },
    { 1, "game 1 hearts(pass_cards)", "TRACE:1: bad parameter 'pass_cards'" },
    { 2, "passdir 4", "TRACE:2: passdir must be 0 to 3" },
    { 59, "returns 25 26 26 1", "TRACE:59: 'returns' line where 'act' or 'points' was expected" },
  }
  for _, c in ipairs(cases) do
    local lines = first_hand_lines()
    lines[c[1]] = c[2]
    t.eq(select(2, pcall(read_lines, lines)), c[3], c[2])
  end
  local lines = first_hand_lines()
  table.remove(lines, 58)                                  -- one play less
  t.eq(select(2, pcall(read_lines, lines)), "TRACE:60: 51 act lines, expected 52", "a missing act")
  lines = first_hand_lines()
  lines[#lines] = nil
  t.eq(select(2, pcall(read_lines, lines)), "TRACE:60: the trace ends inside a hand", "no end")
  lines = first_hand_lines()
  lines[2] = "passdir 1"                                   -- the passes are missing
  t.eq(select(2, pcall(read_lines, lines)), "TRACE:61: 52 act lines, expected 64", "passes missing")
end)

t.test("the passes: three per player in order, each from everything held", function()
  local lines = {}
  for line in io.lines(DIR .. "default.txt") do
    lines[#lines + 1] = line
    if line == "end" and #lines > 61 then break end
  end
  local second = {}
  for i = 62, #lines do second[#second + 1] = lines[i] end -- the hand of seed 2 (passdir 3)
  t.eq(#read_lines(second), 1, "the hand as it is")
  local swapped = { table.unpack(second) }
  swapped[9], swapped[12] = second[12], second[9]           -- player 1 passes before player 0
  t.eq(select(2, pcall(read_lines, swapped)), "TRACE:9: pass 3 must be player 0's", "order")
  local short = { table.unpack(second) }
  short[7] = second[7]:gsub(" KC$", "")                      -- a pass's legal set lacks KC
  t.eq(select(2, pcall(read_lines, short)), "TRACE:7: a pass's legal set must be all 13 cards held",
    "a pass's legal set")
end)

t.test("the reference replays a hand to OpenSpiel's legal sets and points", function()
  local two = { trace.read(DIR .. "default.txt")[2], trace.read(DIR .. "options.txt")[401] }
  for _, h in ipairs(two) do
    local opts = {}
    for k, v in pairs(trace.DEFAULTS) do opts[k] = v end
    for k, v in pairs(h.options) do opts[k] = v end
    local r = ref.new(opts, h.deal, h.passdir)
    for i, a in ipairs(h.acts) do
      t.eq(r:mover(), a.seat, "mover at step " .. i)
      t.eq(trace.set_text(r:legal()), trace.set_text(a.legal), "legal at step " .. i)
      r:play(a.card)
    end
    t.ok(r:over(), "over")
    t.eq(r:points(), h.points, "points of seed " .. h.seed)
  end
  local r = ref.new(trace.DEFAULTS, trace.read(DIR .. "default.txt")[1].deal, 0)
  t.checkerror("3C is not legal", r.play, r, "3C")
end)
