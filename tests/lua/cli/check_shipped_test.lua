-- Every shipped game and variant passes `talon check`, whose random games
-- also replay each quiet playout through the per-action path (legal, try)
-- and fail on any difference: one source of legality on every path, house
-- rules included (docs/variants.md). A file added to games/ is checked
-- without a change here.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local function shipped()
  local p = assert(io.popen("ls " .. run.root .. "/games/*.lua"))
  local files = {}
  for path in p:lines() do files[#files + 1] = path end
  p:close()
  return files
end

t.test("talon check passes every shipped game and variant, fast paths included", function()
  local files = shipped()
  t.ok(#files >= 10, "the games and variants are found")
  for _, path in ipairs(files) do
    local code, out, err = run.talon { "check", path, "--games", "12", "--hands", "3" }
    t.eq(code, 0, path .. ": " .. err)
    t.ok(out:find("every invariant held", 1, true), path .. ": " .. out)
  end
end)
