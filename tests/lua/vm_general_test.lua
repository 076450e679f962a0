-- The engine stays general (the design card: "keep vm/ free of game
-- knowledge: no game name appears in C"). Every file under vm/ is read and
-- must not name a shipped game (games/*.lua, variants by their base name)
-- nor one of the games the trick rules were modelled on; a game's need is
-- met by a general primitive, described in general words. And every C
-- file of the engine is on the map of docs/architecture.md.
local t = require "talon.host.testing"

-- Names that would betray game knowledge: each shipped game's file name
-- and the name its definition gives, and games whose rules the engine's
-- keys can express.
local function names()
  local out, seen = {}, {}
  local function add(n)
    n = n:lower()
    if #n >= 4 and not seen[n] then
      seen[n] = true
      out[#out + 1] = n
    end
  end
  local p = assert(io.popen("ls games/*.lua"))
  for path in p:lines() do
    local base = path:match("games/([%w_]+)")
    if base and base ~= "_template" then add(base) end
  end
  p:close()
  for _, n in ipairs { "hearts", "spades", "euchre", "skat", "doppelkopf", "bridge", "belote",
                       "schnapsen", "bezique", "besigue", "tarot", "pinochle" } do
    add(n)
  end
  return out
end

t.test("no file of the engine names a game", function()
  local list = names()
  t.ok(#list >= 10, "the names of the shipped games were found")
  local p = assert(io.popen("find vm -name '*.c' -o -name '*.h' -o -name '*.txt'"))
  local files = 0
  for path in p:lines() do
    files = files + 1
    local f = assert(io.open(path, "r"))
    local text = f:read("a"):lower()
    f:close()
    for _, n in ipairs(list) do
      local at = text:find("%f[%w]" .. n .. "%f[%W]")
      t.ok(not at, ("%s names the game '%s' (byte %s): say it in general words")
        :format(path, n, tostring(at)))
    end
  end
  p:close()
  t.ok(files > 20, "the engine's files were read")
end)

-- docs/architecture.md is the map of the engine: a file added to vm/
-- without its line there would leave a reader without the map.
t.test("every file of the engine is on docs/architecture.md's map", function()
  local f = assert(io.open("docs/architecture.md", "r"))
  local map = f:read("a")
  f:close()
  local p = assert(io.popen("find vm -name '*.c'"))
  local files = 0
  for path in p:lines() do
    files = files + 1
    local name = path:match("([^/]+)$")
    t.ok(map:find("`" .. name .. "`", 1, true), name .. " is listed in docs/architecture.md")
  end
  p:close()
  t.ok(files > 20, "the engine's files were read")
end)
