-- talon.host.pretty (docs/program.md "The REPL"): how values print — strings
-- quoted, tables shallow with sorted keys, depth-limited, cycle-safe,
-- __tostring used (cards, hands, violations).
local t = require "talon.host.testing"
local pretty = require "talon.host.pretty"

t.test("scalars", function()
  t.eq(pretty.show("a\nb\"c"), '"a\\nb\\"c"', "string quoted on one line")
  t.eq(pretty.show(42), "42", "integer")
  t.eq(pretty.show(1.5), "1.5", "float")
  t.eq(pretty.show(nil), "nil", "nil")
  t.eq(pretty.show(true), "true", "boolean")
end)

t.test("tables: array first, then sorted keys", function()
  t.eq(pretty.show({ 1, 2, x = 3 }), "{1, 2, x = 3}")
  t.eq(pretty.show({ b = 1, a = 2, [5] = 0, ["not id"] = 1 }),
    '{[5] = 0, a = 2, b = 1, ["not id"] = 1}')
  t.eq(pretty.show({}), "{}")
end)

t.test("tables: depth limit and cycles", function()
  t.eq(pretty.show({ { { 1 } } }), "{{{...}}}", "default depth 2")
  t.eq(pretty.show({ { { 1 } } }, 3), "{{{1}}}", "depth 3")
  local c = {}
  c.me = c
  t.eq(pretty.show(c), "{me = <cycle>}")
  local shared = { 1 }
  t.eq(pretty.show({ shared, shared }), "{{1}, {1}}", "shared is not a cycle")
end)

t.test("long tables are cut", function()
  local long = {}
  for i = 1, 100 do long[i] = i end
  local s = pretty.show(long)
  t.ok(s:find(", 40, ...}", 1, true), s)
end)

t.test("__tostring is used, and a failing one does not raise", function()
  local v = setmetatable({}, { __tostring = function() return "Q♠" end })
  t.eq(pretty.show({ v }), "{Q♠}")
  local bad = setmetatable({}, { __tostring = function() error("no") end })
  t.eq(pretty.show(bad), "<table whose __tostring failed>")
end)
