-- talon.host.files.write: a file is either wholly written or untouched, and a
-- write that fails says so, naming the file, and leaves no temporary file.
local t = require "talon.host.testing"
local files = require "talon.host.files"
local run = require "tests.lua.cli.run"
local quote = require("tests.lua.repl.program").quote

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- The names in directory 'dir', hidden ones too, sorted.
local function names(dir)
  local p = io.popen("ls -A " .. quote(dir))
  local list = {}
  for name in p:lines() do list[#list + 1] = name end
  p:close()
  return table.concat(list, " ")
end

t.test("a write creates or replaces the file and leaves nothing beside it", function()
  local dir = run.tmpdir()
  t.eq(files.write(dir .. "/a.rec", "one\n"), true)
  t.eq(read(dir .. "/a.rec"), "one\n")
  t.eq(files.write(dir .. "/a.rec", "two\n"), true)
  t.eq(read(dir .. "/a.rec"), "two\n", "replaced")
  t.eq(names(dir), "a.rec", "no temporary file left")
  run.rmdir(dir)
end)

-- Renaming over a device or a directory would replace it instead of
-- writing into it: such a target is refused before anything is written.
t.test("a target that is not a regular file is refused, naming it", function()
  local dir = run.tmpdir()
  os.execute("mkdir " .. quote(dir .. "/sub") .. " && ln -s a " .. quote(dir .. "/link"))
  local cases = {
    { "/dev/full", "cannot write /dev/full: it is not a regular file" },
    { dir, "cannot write " .. dir .. ": it is a directory" },
    { dir .. "/sub/", "it is a directory" },
    { dir .. "/link", "it is a symbolic link" },
    { dir .. "/missing/x.rec", "cannot write " .. dir .. "/missing/x.rec: no directory" },
    { "", "no file name" },
  }
  for _, c in ipairs(cases) do
    local ok, err = files.write(c[1], "x")
    t.eq(ok, nil, c[1])
    t.ok(tostring(err):find(c[2], 1, true), c[1] .. ": " .. tostring(err))
  end
  t.eq(names(dir), "link sub", "nothing written")
  run.rmdir(dir)
end)

-- A directory that takes no new file (even for root: /proc) fails at the
-- open of the temporary file; the message names the target, not the
-- temporary name.
t.test("a failed open is an error naming the target", function()
  local ok, err = files.write("/proc/talon-test.rec", "x")
  t.eq(ok, nil)
  t.ok(err:find("^cannot write /proc/talon%-test%.rec: "), err)
  t.ok(not err:find(".tmp-", 1, true), err)
end)
