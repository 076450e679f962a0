-- talon.host.files: writing a file so that it is either wholly written or not
-- touched at all.
--
-- The text goes to a temporary file beside the target (same directory, so
-- the rename cannot cross file systems), every write, flush and close is
-- checked (a full disk shows at flush or close, not at write), and only
-- then is it renamed over the target. A failure removes the temporary file
-- and leaves the target as it was.
local files = {}

-- A shell word for 's'.
local function quote(s)
  return "'" .. s:gsub("'", [['\'']]) .. "'"
end

-- The program's lstat (talon.host.fs, repl/fs.c), when there is one: no
-- child process, so a Ctrl-C typed meanwhile is not lost to system().
local has_fs, fs = pcall(require, "talon.host.fs")
local KIND = { ["-d"] = "directory", ["-h"] = "link", ["-f"] = "file" }

-- Whether `test FLAG path` holds (-d, -h, -f, -e). Plain Lua cannot stat a
-- path; without talon.host.fs the shell's test can (talon.cli.term asks
-- isatty the same way).
local function test(flag, path)
  if has_fs then
    local kind = fs.kind(path)
    if flag == "-e" then return kind ~= nil end
    if flag == "-d" or flag == "-f" then -- these follow a link
      if kind == "link" then return os.execute(("test %s %s"):format(flag, quote(path))) == true end
    end
    return kind == KIND[flag]
  end
  return os.execute(("test %s %s"):format(flag, quote(path))) == true
end

-- The directory and the file name of 'path' ("a/b.rec" -> "a", "b.rec").
local function split(path)
  local dir, base = path:match("^(.*)/([^/]*)$")
  if not dir then return ".", path end
  return dir == "" and "/" or dir, base
end

-- Nil, or why 'path' cannot be a target: renaming over a device, a pipe
-- or a directory would replace it (as root, even /dev/full) instead of
-- writing into it, and over a symbolic link would replace the link.
function files.unfit(path)
  if type(path) ~= "string" or path == "" then return "no file name" end
  if path:find("\0", 1, true) then return "a file name cannot hold a NUL byte" end
  local dir, base = split(path)
  if base == "" or base == "." or base == ".." or test("-d", path) then
    return "it is a directory"
  end
  if test("-h", path) then return "it is a symbolic link; give the file itself" end
  if test("-e", path) and not test("-f", path) then
    return "it is not a regular file (a device, a pipe or a socket)"
  end
  if not test("-d", dir) then return ("no directory %s"):format(dir) end
  return nil
end

-- A name beside 'path' that does not exist yet.
local function temp_name(path)
  local dir, base = split(path)
  local stem = (dir == "/" and "" or dir) .. "/." .. base .. ".tmp-"
  for _ = 1, 100 do
    local name = ("%s%x%x"):format(stem, os.time() % 0x10000, math.random(0, 0x7fffffff))
    if not test("-e", name) then return name end
  end
  return nil
end

-- Writes 'text' to the file 'tmp'; true, or nil and why.
local function write_all(tmp, text)
  local f, err = io.open(tmp, "wb")
  if not f then return nil, err end
  local ok, werr = f:write(text)
  if ok then ok, werr = f:flush() end
  local closed, cerr = f:close()
  if not ok then return nil, werr end
  if not closed then return nil, cerr end
  return true
end

-- Writes 'text' to 'path' atomically. Returns true, or nil and a message
-- "cannot write PATH: why"; on failure nothing is left behind.
function files.write(path, text)
  local function fail(why) return nil, ("cannot write %s: %s"):format(tostring(path), why) end
  local bad = files.unfit(path)
  if bad then return fail(bad) end
  local tmp = temp_name(path)
  if not tmp then return fail("no free temporary name beside it") end
  local ok, err = write_all(tmp, text)
  if ok then ok, err = os.rename(tmp, path) end
  if not ok then
    os.remove(tmp)
    -- io's messages start with the temporary name; the reader knows the target
    local why = tostring(err)
    if why:sub(1, #tmp + 2) == tmp .. ": " then why = why:sub(#tmp + 3) end
    return fail(why)
  end
  return true
end

return files
