-- The test runner itself (stdlib/talon/testing.lua; STYLE.md rule 21):
-- failures name file:line, leaked globals fail the test, files that do not
-- load count as failures, and the last line is "N passed, N failed".
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"

local function last_line(out)
  return out:match("([^\n]*)\n$")
end

t.test("a mixed file: passes, failures with file:line, leaked global", function()
  local code, out = program.run({ "test", "tests/fixtures/testing/sample.lua" })
  t.eq(code, 1, "exit code")
  t.eq(last_line(out), "2 passed, 3 failed", "summary")
  t.ok(out:find("tests/fixtures/testing/sample.lua:5: lists: expected {1, 3}, got {1, 2}",
    1, true), "eq failure with position:\n" .. out)
  t.ok(out:find("sample.lua:6: leaked global(s): leaked_name", 1, true), "leak")
  t.ok(out:find("sample.lua:7: plain error", 1, true), "plain error")
  t.ok(out:find("ok    checkerror", 1, true), "checkerror passed")
end)

t.test("a file that does not load counts as a failure", function()
  local code, out = program.run({ "test", "tests/fixtures/testing/broken.lua" })
  t.eq(code, 1, "exit code")
  t.eq(last_line(out), "0 passed, 1 failed", "summary")
  t.ok(out:find("broken.lua:5: ')' expected (to close '(' at line 4) near <eof>", 1, true),
    "syntax error position:\n" .. out)
end)

t.test("a file without tests counts as a failure", function()
  local code, out = program.run({ "test", "tests/fixtures/testing/empty.lua" })
  t.eq(code, 1, "exit code")
  t.ok(out:find("no tests registered", 1, true), out)
end)

t.test("assertions: eq compares contents, checkerror matches text", function()
  t.eq({ a = { 1, 2 } }, { a = { 1, 2 } }, "nested tables")
  t.checkerror("expected 2, got 1", t.eq, 1, 2)
  t.checkerror("label: expected a true value, got false", t.ok, false, "label")
  t.checkerror("expected 1.0 within", t.near, 1.5, 1.0, 0.1)
  t.near(0.1 + 0.2, 0.3, 1e-12, "float sum")
  t.checkerror("but the call succeeded", t.checkerror, "x", function() end)
  t.checkerror("got: other", t.checkerror, "wanted", error, "other")
  local msg = t.checkerror("(paren", error, "a (paren here")
  t.ok(msg:find("(paren", 1, true), "plain text fallback")
end)

-- A test's error raised as a table is shown by what it says, read raw
-- (talon.sandbox.describe: no __tostring runs), with the traceback, as a
-- text is: never as "(error object of type table)", however deep it was
-- raised.
t.test("a table error is shown by what it says, with the traceback", function()
  local code, out = program.run({ "test", "tests/fixtures/testing/tables.lua" })
  t.eq(code, 1, "exit code")
  t.eq(last_line(out), "0 passed, 22 failed", "summary")
  t.ok(out:find("FAIL  raises a table\n        no second card {seat = 2}\n"
    .. "        stack traceback:\n", 1, true), out)
  t.ok(out:find("tests/fixtures/testing/tables.lua:4: in function", 1, true), out)
  t.ok(out:find("FAIL  raises a table with a __tostring\n        read raw\n"
    .. "        stack traceback:\n", 1, true), out)
  t.ok(not out:find("error object of type", 1, true), out)
  local _, deep = out:gsub("\n        deep\n        stack traceback:\n", "")
  t.ok(deep > 0, out)
end)
