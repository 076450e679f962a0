-- The reader of OpenSpiel Euchre traces (tests/parity/euchre_trace.lua)
-- and the reference rules the replayer is tested with
-- (tests/parity/euchre_ref.lua): what a hand reads as, the traces it
-- refuses and why, and the reference replaying hands to OpenSpiel's
-- legal sets and returns. The full replays are the ctests parity/euchre
-- and parity/euchre-reference.
local t = require "talon.host.testing"
local trace = require "tests.parity.euchre_trace"
local ref = require "tests.parity.euchre_ref"

local DIR = "tests/parity/euchre/"

-- The lines of the first hand of default.txt (seed 1).
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

t.test("a hand reads as its seed, dealer, deal, up-card, kitty, acts and returns", function()
  local hands = trace.read(DIR .. "default.txt")
  t.eq(#hands, 500, "hands in default.txt")
  local h = hands[1]
  t.eq({ h.seed, h.game, h.dealer, h.line, h.options }, { 1, "euchre", 1, 1, {} },
    "OpenSpiel's player 0 deals: seat 1")
  t.eq(table.concat(h.deal[2], " "), "JS QC TC JH KC", "player 1 is seat 2")
  t.eq({ h.upcard, table.concat(h.kitty, " ") }, { "KS", "9D KH AS" })
  t.eq(h.acts[7], { line = 15, seat = 4, action = "Diamonds",
                    legal = { "Pass", "Clubs", "Diamonds", "Hearts" } }, "the seventh act")
  t.eq({ h.returns, h.returns_line, h.end_line }, { { -1, 1, -1, 1 }, 37, 38 })
  local opts = trace.read(DIR .. "options.txt")
  t.eq(#opts, 500, "hands in options.txt")
  t.eq({ opts[1].options, opts[201].options },
    { { allow_lone_defender = true }, { allow_lone_defender = true, stick_the_dealer = false } },
    "the parameters of the game line")
end)

t.test("legal sets print in one order: the named actions, then OpenSpiel's card order", function()
  t.eq(trace.set_text({ "AS", "Partner", "9C", "TD", "Pass", "Spades", "JH" }),
    "Pass Spades Partner 9C TD JH AS")
end)

t.test("malformed and inconsistent traces are refused at their line", function()
  local cases = {
    { 3, "hand 0 9S AH KD TH", "TRACE:3: a hand needs 5 cards" },
    { 3, "hand 0 9S AH KD TH KS", "TRACE:7: card KS dealt twice" },
    { 3, "hand 0 9S AH KD TH 8D", "TRACE:3: '8D' is not a card" },
    { 4, "hand 2 9C 9H QH TS TD", "TRACE:4: expected the hand of player 1" },
    { 2, "dealer 4", "TRACE:2: a dealer line is 'dealer 0..3'" },
    { 9, "act 1 Hearts : Pass Spades", "TRACE:9: Hearts is not in its legal set" },
    { 9, "act 1 Pass : Pass Pass", "TRACE:9: Pass twice in the legal set" },
    { 9, "act 1 Pass Spades", "TRACE:9: an act line is 'act P ACTION : LEGAL...'" },
    { 17, "act 1 QC : TC JH JS QC KC AD", "TRACE:17: legal card AD is not held by player 1" },
    { 1, "game 1 euchre(stick_the_dealer)", "TRACE:1: bad parameter 'stick_the_dealer'" },
    { 37, "returns -1 1 -1", "TRACE:37: returns needs 4 integers" },
    { 8, "act 1 Pass : Pass Spades", "TRACE:8: 'act' line where 'kitty' was expected" },
  }
  for _, c in ipairs(cases) do
    local lines = first_hand_lines()
    lines[c[1]] = c[2]
    t.eq(select(2, pcall(read_lines, lines)), c[3], c[2])
  end
  local lines = first_hand_lines()
  lines[#lines] = nil
  t.eq(select(2, pcall(read_lines, lines)), "TRACE:37: the trace ends inside a hand", "no end")
end)

t.test("the dealer holds the up-card once it is ordered up, not the card he discards", function()
  local lines = {}
  for line in io.lines(DIR .. "default.txt") do
    lines[#lines + 1] = line
    if line == "end" and #lines > 38 then break end
  end
  local second = {}
  for i = 39, #lines do second[#second + 1] = lines[i] end -- seed 2: ordered up, discard TC
  t.eq(#read_lines(second), 1, "the hand as it is")
  local bad = { table.unpack(second) }
  for i, line in ipairs(bad) do -- the dealer plays the card he discarded
    if line == "act 3 QS : 9H QS AC" then bad[i] = "act 3 TC : 9H TC AC" end
  end
  t.eq(select(2, pcall(read_lines, bad)), "TRACE:20: legal card TC is not held by player 3",
    "a discarded card")
end)

t.test("the reference replays hands to OpenSpiel's legal sets and returns", function()
  local hands = { trace.read(DIR .. "default.txt")[2], trace.read(DIR .. "options.txt")[1],
                  trace.read(DIR .. "options.txt")[202] }
  for _, h in ipairs(hands) do
    local opts = {}
    for k, v in pairs(trace.DEFAULTS) do opts[k] = v end
    for k, v in pairs(h.options) do opts[k] = v end
    local r = ref.new(opts, h)
    for i, a in ipairs(h.acts) do
      t.eq(r:mover(), a.seat, "mover at step " .. i)
      t.eq(trace.set_text(r:legal()), trace.set_text(a.legal), "legal at step " .. i)
      r:play(a.action)
    end
    t.ok(r:over(), "over")
    t.eq(r:returns(), h.returns, "returns of seed " .. h.seed)
  end
end)
