-- Every rule of every shipped game is cited by a test: the rule ids a
-- game states (its `rules` table, the text `talon rules` and every
-- refusal quote) must each appear in some test file under tests/ other
-- than this one, as a whole id ("HOS-R3" is not cited by "HOS-R31"). A
-- game that gains a rule without a test fails here, naming the rule.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local list = require "talon.cli.list"

local SELF = "tests/lua/rules_cited_test.lua"

-- The text of every test file (Lua and C) under tests/, but this one.
local function test_texts()
  local texts = {}
  local p = assert(io.popen("find tests -name '*.lua' -o -name '*.c' -o -name '*.h'"))
  for path in p:lines() do
    if path ~= SELF then
      local f = assert(io.open(path, "r"))
      texts[#texts + 1] = f:read("a")
      f:close()
    end
  end
  p:close()
  return texts
end

-- Does 'id' appear in 'text' as a whole id (no digit after it)?
local function cites(text, id)
  local from = 1
  while true do
    local i, j = text:find(id, from, true)
    if not i then return false end
    if not text:sub(j + 1, j + 1):match("%d") then return true end
    from = j + 1
  end
end

t.test("every rule id of every shipped game is cited by a test", function()
  local texts, games = test_texts(), 0
  t.ok(#texts > 50, "the test files were found: " .. #texts)
  for _, name in ipairs(list.files()) do
    local def = name:sub(1, 1) ~= "_" and loader.load(name)
    if def and not def.base then -- a variant states its base's rules
      games = games + 1
      local ids = {}
      for id in pairs(def.rules or {}) do ids[#ids + 1] = id end
      table.sort(ids)
      t.ok(#ids > 0, name .. " states its rules")
      for _, id in ipairs(ids) do
        local found = false
        for _, text in ipairs(texts) do found = found or cites(text, id) end
        t.ok(found, ("%s: rule %s is cited by no test"):format(name, id))
      end
    end
  end
  t.ok(games >= 5, "the shipped games were found: " .. games)
end)

t.test("a rule id is cited only as a whole id", function()
  t.ok(cites("see HOS-R3.", "HOS-R3"), "HOS-R3.")
  t.ok(not cites("see HOS-R31", "HOS-R3"), "HOS-R31 is not HOS-R3")
  t.ok(cites("HOS-R31 and HOS-R3", "HOS-R3"), "the second mention")
end)
