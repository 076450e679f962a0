-- A record is text, one item per line, '#' starting a comment
-- (docs/framework.md §7): a value written into a line (a seed, an action,
-- the result) that holds a '#', a backslash, a control character, a byte
-- that is not UTF-8 or a blank at either end is written escaped ("\035")
-- and read back as it was, so every record the program writes replays.
-- A result text with '#' used to lose everything after it, and one with a
-- control character made the record unreadable ("not text").
local t = require "talon.host.testing"
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local loader = require "talon.host.loader"
local record = require "talon.host.record"
local talon = require "talon"

-- Two players, five cards each; the match's result text is 'text'.
local function game_with_result(text)
  return game.define {
    name = "Result", summary = "a match whose result text is chosen", players = { 2 },
    direction = "cw",
    options = { players = { default = 2, values = { 2 }, doc = "players" } },
    deck = { ranks = "A K Q J T 9 8 7" },
    rules = { ["R-1"] = "Follow suit if you can." },
    deal = function(st)
      deal.packets(st, { st:next(st.dealer), st.dealer }, { 5 })
      st.turn = st:next(st.dealer)
      return "play"
    end,
    phases = { play = tricks.phase {
      doc = "play a card", rules = { follow = true }, rule = "R-1",
      on_trick = function(st, w) if #st.hands[w] == 0 then return "end" end end,
    } },
    score = function(st)
      for s = 1, st.n do
        local n = st.tricks_won[s]
        if n > 0 then score.add(st, st.side_of[s], n, nil, "tricks") end
      end
    end,
    match_over = function(st)
      if st.hand_no >= 1 then return { winner = 1, text = text } end
    end,
  }
end

local function lines_are_text(rec)
  for line in rec:gmatch("[^\n]*") do
    t.ok(utf8.len(line) and not line:find("[%z\1-\8\11-\31\127]"), "a line of text: " .. line)
  end
end

t.test("a result with '#', control characters and blanks replays", function()
  for _, text in ipairs { "side #1 wins", "P1\27]52;c;QQ==\7 wins\nby 3", " lead and tail ",
                          "back\\slash \\035 and \255 a byte" } do
    local g = game.new(game_with_result(text), { seed = 3 })
    g:playout(talon.rng(3))
    t.eq(g:result().text, text)
    local rec = g:record()
    lines_are_text(rec)
    t.ok(not rec:match("\nresult [^\n]*#"), "no '#' left in the result line: " .. rec)
    local again = record.replay(rec, function() return game_with_result(text) end)
    t.eq(again:result().text, text, "the replay's result")
    t.eq(record.write(again), rec, "the same record")
  end
end)

t.test("a text seed with '#' and a trailing blank replays", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { game = "hokm", seed = "a # b ", hands = 1 })
  g:playout(talon.rng(1))
  local rec = g:record()
  t.ok(rec:find("\nseed a \\035 b\\032\n", 1, true), rec)
  local r = record.read(rec)
  t.eq(r.seed, "a # b ")
  t.eq(record.replay(rec):result().text, g:result().text)
end)

t.test("escape and unescape undo each other on any bytes", function()
  local rng = talon.rng(5)
  for _ = 1, 2000 do
    local bytes = {}
    for i = 1, rng:int(0, 12) do bytes[i] = string.char(rng:int(0, 255)) end
    local s = table.concat(bytes)
    local e = record.escape(s)
    t.ok(utf8.len(e) and not e:find("[%c#]") and not e:find("^ ") and not e:find(" $"), e)
    t.eq(record.unescape(e), s)
  end
  t.eq(record.escape("plain text, AS KS"), "plain text, AS KS", "text as it is")
  local v, err = record.unescape("a \\256 b")
  t.ok(v == nil and err:find("\\256 is not a byte", 1, true), err)
  local ok, msg = pcall(record.read, "talon-record 1\ngame hokm\nresult x \\999\n", "r.rec")
  t.ok(not ok and msg:find("r.rec:3: \\999 is not a byte", 1, true), msg)
end)

-- An option line is read as the option's own type (docs/framework.md §7):
-- a number option that is not an integer (it was read back as a text and
-- refused), a float that tostring rounds (written to 17 digits), and a
-- text option whose value looks like a number (it was read as 12).
t.test("options of every type replay: a float, a rounded float, a text of digits", function()
  local function with_options()
    local def = game_with_result("done")
    def.options.ratio = { default = 0.5, doc = "a float" }
    def.options.code = { default = "A1", doc = "a text" }
    return def
  end
  for _, opts in ipairs { { ratio = 0.25 }, { ratio = 0.1 + 0.2 }, { code = "012" },
                          { ratio = 3.0, code = "1e3" } } do
    local g = game.new(with_options(), { seed = 3, options = opts })
    g:playout(talon.rng(3))
    local rec = g:record()
    local again = record.replay(rec, with_options)
    for k, v in pairs(opts) do
      t.eq(again.opts[k], v, k)
      t.eq(math.type(again.opts[k]), math.type(v), k .. " keeps its kind of number")
    end
    t.eq(record.write(again), rec, "the same record")
  end
end)
