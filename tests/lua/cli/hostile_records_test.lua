-- Hostile records (tests/hostile/records/): a record is untrusted, so
-- `talon replay` must refuse every malformed one with "file:line: what is
-- wrong", a non-zero exit, no traceback, and quickly.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"
local program = require "tests.lua.repl.program"

local DIR = run.root .. "/tests/hostile/records/"

-- Each file and the start of the message after "file:" that it must give.
local EXPECT = {
  ["act_no_action.rec"] = "4: act needs a seat",
  ["act_unparsable.rec"] = "4: action 1 (frobnicate the cards) is illegal",
  ["act_wrong_seat.rec"] = "4: action 1: seat 1 acts but seat 3 is to move",
  ["bad_utf8.rec"] = "3: not text: invalid UTF-8",
  ["binary.rec"] = "2: not text: byte 0",
  ["deal_card_twice.rec"] = "4: explicit deal: AS is dealt more often",
  ["deal_hands_5.rec"] = "4: 'deal hands' is not a field",
  ["deal_seat_9.rec"] = "4: seat 9 is not at this table",
  ["deal_too_few.rec"] = "4: explicit deal: seat 1 is given 1 cards",
  ["deal_unknown_card.rec"] = "4: explicit deal, hand 1: card 1: no card \"ZZ\"",
  ["empty.rec"] = "1: not a talon record",
  ["file_directory.rec"] = "2: 'file' needs the path of a game file",
  ["file_etc_passwd.rec"] = "2: 'file' needs the path of a game file",
  ["file_twice.rec"] = "3: 'file' is given twice",
  ["game_path.rec"] = "2: 'game' needs a game name or the path of a game file",
  ["game_twice.rec"] = "4: 'game' is given twice",
  ["hands_text.rec"] = "4: hands needs a positive integer",
  ["hands_zero.rec"] = "4: hands needs a positive integer",
  ["header_twice.rec"] = "3: 'talon-record' must be the first line",
  ["huge_index.rec"] = "4: act needs a seat (1 to 64)",
  ["no_header.rec"] = "1: not a talon record",
  ["option_players_7.rec"] = "4: option 'players' cannot be 7",
  ["option_twice.rec"] = "5: option 'players' is given twice",
  ["option_unknown.rec"] = "4: Hokm has no option 'bogus'",
  ["result_empty.rec"] = "4: result needs the result's text",
  ["result_wrong.rec"] = "5: the record says 'Nobody wins 99-0'",
  ["scores_count.rec"] = "4: Hokm: params.scores needs 2 starting scores",
  ["scores_text.rec"] = "4: scores must be integers",
  ["seed_missing.rec"] = "3: seed needs an integer or a text",
  ["unknown_item.rec"] = "4: unknown item 'frobnicate'",
  ["version_2.rec"] = "1: record version '2' is not known",
}

local function write(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

-- Replays 'path' under a time limit and checks the rule; 'want' is the
-- message after "path:".
local function refused(path, want)
  local t0 = os.time()
  local code, _, err = program.run({ "replay", path }, nil, "NO_COLOR=1 LANG=C.UTF-8 timeout 20")
  local took = os.time() - t0
  t.ok(code ~= 0 and code ~= 124, path .. ": a non-zero exit, not a timeout (" .. code .. ")")
  local line = "talon replay: " .. path .. ":" .. want
  t.eq(err:sub(1, #line), line, path .. ": the message")
  t.ok(not err:find("traceback", 1, true), path .. ": no traceback: " .. err)
  t.ok(not err:find("%.lua:%d+:"), path .. ": no internal file:line: " .. err)
  t.ok(#err < 600, path .. ": a short message")
  t.ok(took <= 3, path .. (": %d s"):format(took))
end

t.test("every record in tests/hostile/records is refused as file:line", function()
  local listed = io.popen("ls " .. DIR)
  local n = 0
  for name in listed:lines() do
    t.ok(EXPECT[name], name .. " has an expected message in this test")
    n = n + 1
  end
  listed:close()
  t.ok(n >= 30, n .. " records")
  for name, want in pairs(EXPECT) do refused(DIR .. name, want) end
end)

-- Records too large to keep in the tree are made here.
t.test("huge lines, many lines and huge files are refused quickly", function()
  local dir = run.tmpdir()
  local head = "talon-record 1\ngame hokm\nseed 4\n"
  -- under the line limit: the blanks must be skipped in linear time
  write(dir .. "/long_spaces.rec", head .. "frobnicate" .. (" "):rep(65000) .. "x\n")
  refused(dir .. "/long_spaces.rec", "4: unknown item 'frobnicate'")
  write(dir .. "/long_spaces_100k.rec", head .. "seed 1" .. (" "):rep(100000) .. "x\n")
  refused(dir .. "/long_spaces_100k.rec", "4: line of 100007 bytes")
  write(dir .. "/huge_line.rec", head .. "act 1 " .. ("A"):rep(4 * 1024 * 1024) .. "\n")
  refused(dir .. "/huge_line.rec", "4: line of 4194310 bytes")
  write(dir .. "/many_lines.rec", head .. ("   # nothing\n"):rep(300000) .. "bogus\n")
  refused(dir .. "/many_lines.rec", "300004: unknown item 'bogus'")
  write(dir .. "/huge_file.rec", head .. ("#"):rep(64 * 1024 * 1024))
  refused(dir .. "/huge_file.rec", "1: larger than 64 MiB, not a record")
  run.rmdir(dir)
end)

t.test("a directory is refused as file:line", function()
  local dir = run.tmpdir()
  refused(dir, "1: cannot read the record (Is a directory)")
  run.rmdir(dir)
end)

-- A record's 'file' line is run through the sandboxed loader; a file that
-- is no game must not have its text shown (a syntax error quotes the token
-- "near" it, an unknown global its name).
t.test("a record naming a file that is no game never shows the file's text", function()
  local dir = run.tmpdir()
  write(dir .. "/secret.lua", 'local x = "hunter2-secret" "hunter2-secret" +\n')
  write(dir .. "/global.lua", 'hunter2_secret "x"\n')
  os.execute("mkdir " .. dir .. "/folder.lua")
  write(dir .. "/a.rec", "talon-record 1\nfile secret.lua\n")
  write(dir .. "/b.rec", "talon-record 1\nfile global.lua\n")
  write(dir .. "/c.rec", "talon-record 1\nfile folder.lua\n")
  write(dir .. "/d.rec", "talon-record 1\nfile /etc/passwd\n")
  write(dir .. "/e.rec", "talon-record 1\nfile missing.lua\n")
  for _, rec in ipairs { "a.rec", "b.rec", "c.rec", "d.rec", "e.rec" } do
    local code, out, err = run.talon({ "replay", rec }, nil, dir)
    t.eq(code, 1, rec)
    t.ok(err:find("^talon replay: " .. rec .. ":2: "), err)
    t.ok(not (out .. err):find("hunter2", 1, true), rec .. ": no text of the file: " .. err)
    t.ok(not (out .. err):find("root:", 1, true), rec .. ": no line of /etc/passwd")
  end
  local _, _, err = run.talon({ "replay", "a.rec" }, nil, dir)
  t.ok(err:find("'secret.lua' does not load as a game, error at its line 1", 1, true), err)
  _, _, err = run.talon({ "replay", "e.rec" }, nil, dir)
  t.ok(err:find("cannot open missing.lua", 1, true), err)
  run.rmdir(dir)
end)
