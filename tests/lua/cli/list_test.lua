-- `talon list` and `talon rules`/`explain`: the games found, their
-- options, variants under their base game, and rules that reflect the
-- chosen options.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

t.test("list shows games with players, summary, options and variants", function()
  local code, out, err = run.talon { "list" }
  t.eq(code, 0, err)
  t.ok(out:find("\nhokm%s+2%-4 %(default 4%) players  Iranian trick game")
    or out:find("^hokm%s+2%-4 %(default 4%)"), out)
  -- HOK-R5: the target option with its default
  t.ok(out:find("-o target=7  points that win the match", 1, true), out)
  t.ok(out:find("  variant hokm-all-tricks: ", 1, true), "variant listed under Hokm")
  t.ok(out:find("defaults: play_all_tricks=true", 1, true), "what the variant changes")
  t.ok(not out:find("_template", 1, true), "templates are not games")
  t.ok(not out:find("bots", 1, true), "bots are not games")
end)

-- HOK-R12 (K1): with three players a two is removed; the summary shows
-- the option in force, marked as changed.
t.test("rules reflect the chosen options", function()
  local code, out = run.talon { "rules", "hokm", "--players", "3", "-o", "removed_two=2D" }
  t.eq(code, 0)
  t.ok(out:find("players: 2-4 (default 4) (this table: 3)", 1, true), out)
  t.ok(out:find("*-o removed_two=2D", 1, true), out)
  t.ok(out:find(" -o target=7", 1, true), "unchanged options unmarked")
  t.ok(out:find("HOK-R3   Follow the suit led", 1, true), "the rules table")
  t.ok(out:find("play     tricks: follow suit", 1, true), "the phases")
  t.ok(out:find("HOK-R12  Three players: 2D is removed", 1, true), "the removed two in the text")
  t.ok(out:find("HOK-R14", 1, true), "the three-player stop rule")
  t.ok(not out:find("HOK-R10", 1, true), "not the four-player scoring")
  t.ok(not out:find("HOK-R18", 1, true) and not out:find("draw ", 1, true),
    "neither the two-player draw rule nor its phase")
  code, out = run.talon { "rules", run.root .. "/games/hokm-all-tricks.lua" }
  t.eq(code, 0)
  t.ok(out:find("a variant of Hokm", 1, true), out)
  t.ok(out:find("HOK-R10  All 13 tricks are played: 13-0", 1, true),
    "play_all_tricks changes HOK-R10's text")
end)

-- HOK-R17, HOK-R18 belong to the two-player form only.
t.test("two players: the discard and draw rules and phases", function()
  local code, out = run.talon { "rules", "hokm", "--players", "2" }
  t.eq(code, 0)
  t.ok(out:find("discard  the Hakem discards 3", 1, true), out)
  t.ok(out:find("HOK-R18  Taking turns", 1, true), out)
  t.ok(not out:find("HOK-R7 ", 1, true), "no partnership rule")
end)

t.test("explain prints single rules and names an unknown one", function()
  local code, out = run.talon { "explain", "hokm", "hok-r4" }
  t.eq(code, 0)
  t.ok(out:find("^HOK%-R4  The highest trump wins"), out)
  local code2, _, err = run.talon { "explain", "hokm", "HOK-R99" }
  t.eq(code2, 2)
  t.ok(err:find("Hokm has no rule or option 'HOK-R99'; its rules are HOK-R1, HOK-R2", 1, true), err)
end)

-- HOK-R12 (K1): a rule reads as it applies with the chosen options.
t.test("explain follows the options", function()
  local code, out = run.talon { "explain", "hokm", "HOK-R12", "--players", "3", "-o",
    "removed_two=2H" }
  t.eq(code, 0)
  t.ok(out:find("HOK-R12  Three players: 2H is removed", 1, true), out)
  code, out = run.talon { "explain", "hokm", "HOK-R12" }
  t.eq(code, 0)
  t.ok(out:find("HOK-R12  does not apply with these options (", 1, true), out)
  t.ok(out:find("players=4", 1, true), "names the options in force: " .. out)
  -- and the option that would make it apply, with the text it then has
  t.ok(out:find("; it applies with -o players=3\n", 1, true), out)
  t.ok(out:find("  with -o players=3 it reads: Three players: 2C is removed", 1, true), out)
end)

-- An option is explained by its name: its doc, its value and the rules
-- it changes; option docs cite no rule ids a game does not have.
t.test("explain knows the options, and their docs cite only the game's rules", function()
  local code, out = run.talon { "explain", "hokm", "play_all_tricks" }
  t.eq(code, 0)
  t.ok(out:find("option play_all_tricks = false (default false): 2 or 4 players", 1, true), out)
  t.ok(out:find("with play_all_tricks=true, HOK-R10 reads: All 13 tricks", 1, true), out)
  -- a number option too (HOK-R5 reads the target): tried at another value
  local ncode, nout = run.talon { "explain", "hokm", "target", "-o", "target=3" }
  t.eq(ncode, 0)
  t.ok(nout:find("with target=4, HOK-R5 reads: The first side to reach 4 points", 1, true), nout)
  for _, name in ipairs { "hokm", "bura", "kosel", "koselpot", "hosgin" } do
    local _, text = run.talon { "rules", name, "--players", name == "hokm" and "3" or "2" }
    for id in text:gmatch("%(([A-Z]%d%d?)[,)]") do t.fail(name .. " cites " .. id) end
    local ids = {}
    for id in text:gmatch("[%s(]([A-Z]+%-R%d+)") do ids[#ids + 1] = id end
    local ecode, _, err = run.talon { "explain", name, table.unpack(ids) }
    t.eq(ecode, 0, name .. ": every rule it cites is its own: " .. err)
  end
end)

-- RULES.md §1.11: every Hosgin option changes the rule text it names
-- (HOS-R15 discard_from, HOS-R26 must_head_plain, HOS-R32 target_strict,
-- HOS-R35 money, HOS-R10 peek_stock_on_pass).
t.test("Hosgin's rules follow its options", function()
  local code, out = run.talon { "rules", "hosgin" }
  t.eq(code, 0)
  t.ok(out:find("HOS-R15  The declarer lays away 5 cards face down, from cards not locked", 1,
    true), out)
  t.ok(out:find("HOS-R32  The target is an account of 4555 or more.", 1, true), out)
  t.ok(out:find("HOS-R10  ", 1, true), "the peek is on by default")
  t.ok(not out:find("HOS-R35  ", 1, true), "no money ledger rule by default")
  code, out = run.talon { "rules", "hosgin", "-o", "discard_from=any", "-o", "money=true",
    "-o", "must_head_plain=true", "-o", "target_strict=true", "-o", "peek_stock_on_pass=false" }
  t.eq(code, 0)
  t.ok(out:find("HOS-R15  The declarer lays away any 5 cards", 1, true), out)
  t.ok(out:find("HOS-R26  Follow suit and beat the best card if you can", 1, true), out)
  t.ok(out:find("HOS-R32  The target is an account of more than 4555.", 1, true), out)
  t.ok(out:find("HOS-R35  Money: each player pays an ante of 12 into the pot; a declarer who"
    .. " loses or concedes pays a fine of A/3 (4)", 1, true), out)
  t.ok(not out:find("HOS-R10  ", 1, true), "no peek rule when it is switched off")
  t.ok(out:find("play     Follow suit and beat the best card", 1, true), "the play phase too")
end)

-- Phases are listed in the order play meets them, not by name.
t.test("rules lists the phases in the order of play", function()
  local code, out = run.talon { "rules", "hokm" }
  t.eq(code, 0)
  t.ok(out:find("phases (in the order of play):\n  trump ", 1, true), out)
  t.ok(out:find("\n  trump .-\n  play "), out)
end)

-- HOS-R8 to HOS-R25: the auction, trump named, the declarer's decision to
-- play or concede, the discard, the tricks. Hosgin has one player count
-- and no 'players' option: the sample hands must start all the same (they
-- did not, and the phases came by name, trump last); a hand passed out
-- meets only three of them, so several hands are asked.
t.test("rules lists Hosgin's phases in the order of play", function()
  local code, out = run.talon { "rules", "hosgin" }
  t.eq(code, 0)
  local names = {}
  for line in (out:match("phases %(in the order of play%):\n(.-)\n%S") or ""):gmatch("[^\n]+") do
    names[#names + 1] = line:match("^  (%a+)")
  end
  t.eq(names, { "auction", "trump", "decide", "discard", "play" }, out)
end)

-- HRT-R2 with pass_cards off: no hand passes, so the pass phase is not
-- listed (its doc says so), as explain says HRT-R2 does not apply.
t.test("rules leaves out a phase the options switch off", function()
  local code, out = run.talon { "rules", "hearts", "-o", "pass_cards=false" }
  t.eq(code, 0)
  t.ok(not out:find("\n  pass ", 1, true) and out:find("\n  play ", 1, true), out)
  local _, json = run.talon { "rules", "hearts", "-o", "pass_cards=false", "--json" }
  t.ok(json:find('"phases":[', 1, true) and not json:find("one at a time (HRT-R2)", 1, true), json)
  local _, with = run.talon { "rules", "hearts" }
  t.ok(with:find("\n  pass     pass three cards, one at a time (HRT-R2)\n", 1, true), with)
end)

-- KOZ-R6's window opens only when a hand holds a combination: the first
-- dozen random hands miss it, more hands find it, so it is not marked;
-- Bura's claims after the last trick (BUR-R10) are hardly ever reached by
-- random players (they claim sooner), and the mark says so.
t.test("rules marks only a phase that hands of random play never reach", function()
  local _, kout = run.talon { "rules", "kosel" }
  t.ok(kout:find("\n  combos   before a lead with full hands: declare Moskwa or Molodka to take the"
    .. " lead (KOZ-R6)\n", 1, true), kout)
  local _, bout = run.talon { "rules", "bura" }
  t.ok(bout:find("(BUR-R10) (random play with these options met it in none of 60 hands: it"
    .. " comes rarely, or these options leave it out)\n", 1, true), bout)
end)

t.test("rules --json gives the summary as data", function()
  local code, out = run.talon { "rules", "hokm", "--json" }
  t.eq(code, 0)
  t.ok(out:find('"phases":[{"doc":"the Hakem names trump', 1, true), out)
  t.ok(out:find('{"id":"HOK-R1","text":"52 cards', 1, true), out)
end)

-- A variant author sees the hooks a variant may wrap without reading the game.
t.test("rules lists the hooks a variant may wrap", function()
  local code, out = run.talon { "rules", "hokm" }
  t.eq(code, 0)
  local line = out:match("hooks a variant may wrap %(variant.of, wrap = {…}%): ([^\n]*)")
  t.ok(line and line:find("score", 1, true) and line:find("play.apply", 1, true)
    and not line:find("play.playout", 1, true), tostring(line))
  -- a set phase's fast paths (its draw and its judge of one action) are
  -- not rules either: a variant wraps legal, and they turn themselves off
  code, out = run.talon { "rules", "kosel" }
  t.eq(code, 0)
  line = out:match("hooks a variant may wrap %(variant.of, wrap = {…}%): ([^\n]*)")
  t.ok(line and line:find("play.legal", 1, true) and not line:find("play.draw", 1, true)
    and not line:find("play.allows", 1, true), tostring(line))
end)
