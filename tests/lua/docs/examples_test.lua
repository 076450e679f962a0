-- Every example in the docs runs (docs/doc-tests.md): each ```lua and
-- ```sh block of README.md, docs/*.md and docs/games/*.md, and each block
-- a marker comment asks for, is run here and its shown output compared.
-- One test per block, named by its page and line.
local t = require "talon.host.testing"
local talon = require "talon"
local markdown = require "tests.lua.docs.markdown"
local program = require "tests.lua.repl.program"

local quote = program.quote
local ROOT = assert(talon.root, "the doc tests need the source tree as the data root")

-- ===== a scratch copy of the source tree

-- Commands run in a scratch directory whose entries link to the source
-- tree's, so `games/…` and `bench/…` resolve as in a clone while the files
-- a command writes stay there; HOME is a directory of its own in it.
-- `build` and `.git` are not linked: no doc command may touch them; nor
-- are files a command of the docs writes (`*.rec`), left over from a run
-- in the source tree.
local function scratch()
  local p = assert(io.popen("mktemp -d"))
  local dir = p:read("l")
  p:close()
  assert(dir and dir ~= "", "mktemp -d")
  assert(os.execute(("cd %s && for e in %s/*; do case \"${e##*/}\" in build|*.rec) ;;"
    .. " *) ln -s \"$e\" . ;; esac; done; mkdir home"):format(quote(dir), quote(ROOT))))
  return dir
end

local SCRATCH = scratch()
local BIN_DIR = program.path:match("^(.*)/[^/]*$") or "."
local ENV = ("cd %s && env -u TALON_PATH PATH=%s:\"$PATH\" TALON_PATH=%s HOME=%s NO_COLOR=1"
  .. " LC_ALL=C.UTF-8 TERM=dumb "):format(quote(SCRATCH), quote(BIN_DIR), quote(ROOT),
  quote(SCRATCH .. "/home"))

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  os.remove(path)
  return text
end

-- Runs a shell script in the scratch directory ('flags' for sh: "-e"):
-- exit code and output (stdout and stderr together, as a terminal shows
-- them).
local function shell(script, flags)
  local file, out = program.file(script), os.tmpname()
  local _, _, code = os.execute(("%s sh %s %s </dev/null >%s 2>&1"):format(ENV, flags or "",
    file, out))
  os.remove(file)
  return code, slurp(out)
end

-- The talon program with 'input' as standard input: code, stdout, stderr.
local function talon_with_input(input)
  local file, out, err = program.file(input), os.tmpname(), os.tmpname()
  local _, _, code = os.execute(("%s %s <%s >%s 2>%s"):format(ENV, quote(program.path), file, out,
    err))
  os.remove(file)
  return code, slurp(out), slurp(err)
end

local function where(b, offset) return ("%s:%d"):format(b.page, b.first + (offset or 0)) end

local function expect(b, want, got, what)
  local ok, w, g = markdown.match(want, markdown.split_lines(got))
  if not ok then
    t.fail(("%s: %s does not match the doc at %q (got %q)\n--- the doc shows:\n%s\n"
      .. "--- the program printed:\n%s"):format(where(b), what, w, g,
      table.concat(want, "\n"), got))
  end
end

-- ===== ```sh: commands, or a transcript of `$ command` and its output

-- The commands of a transcript, each with the output shown after it.
local function transcript(lines)
  local steps, cur = {}, nil
  for i, line in ipairs(lines) do
    local cmd = line:match("^%$ (.*)$")
    if cmd then
      cur = { cmd = cmd, want = {}, line = i - 1 }
      steps[#steps + 1] = cur
    elseif cur and #cur.want == 0 and cur.cmd:match("\\$") then
      cur.cmd = cur.cmd:sub(1, -2) .. " " .. line
    else
      cur.want[#cur.want + 1] = line
    end
  end
  return steps
end

local function run_sh(b)
  if b.lines[1] and b.lines[1]:match("^%$ ") then
    for _, step in ipairs(transcript(b.lines)) do
      local _, out = shell(step.cmd .. "\n")
      expect(b, step.want, out, ("line %d: `%s`"):format(b.first + step.line, step.cmd))
    end
  else
    local code, out = shell(table.concat(b.lines, "\n") .. "\n", "-e")
    if code ~= 0 then t.fail(("%s: the commands exit %d:\n%s"):format(where(b), code, out)) end
  end
end

-- ===== ```lua: a trusted chunk, its printed lines compared with `-->`

-- Runs the block's code in a fresh environment over the globals, after the
-- code of the page's setup comments above it; returns what it printed.
local function run_lua_chunk(b, setups)
  local printed = {}
  local env = setmetatable({}, { __index = _G })
  env.print = function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    for _, l in ipairs(markdown.split_lines(table.concat(parts, "\t", 1, parts.n))) do
      printed[#printed + 1] = l
    end
  end
  -- cards print as `talon run` prints them in the scratch environment (a
  -- UTF-8 locale, not a terminal)
  local style = talon.style("unicode")
  for _, setup in ipairs(setups) do
    local code = string.rep("\n", setup.line) .. table.concat(setup.body, "\n")
    assert(load(code, "@" .. b.page, "t", env))()
  end
  -- blank lines first, so messages name the doc's own line numbers
  local code = string.rep("\n", b.first - 1) .. table.concat(b.lines, "\n")
  local f, err = load(code, "@" .. b.page, "t", env)
  if not f then t.fail(err) end
  local ok, run_err = xpcall(f, debug.traceback)
  talon.style(style)
  if not ok then t.fail(tostring(run_err)) end
  return printed
end

local function run_lua(b, setups)
  local want = {}
  for _, line in ipairs(b.lines) do
    local w = line:match("^%s*%-%->%s?(.*)$")
    if w then want[#want + 1] = w end
  end
  local printed = run_lua_chunk(b, setups)
  if #want > 0 then expect(b, want, table.concat(printed, "\n"), "what it prints") end
end

-- ===== repl: lines typed at the REPL, results compared

-- Whether 'chunk' is a whole statement for the REPL (docs/program.md
-- "The REPL": an expression, else a statement; unfinished while the error
-- ends in <eof>).
local function complete(chunk)
  local text = chunk:gsub("^=", "return ")
  if load("return " .. text, "=repl") or load(text, "=repl") then return true end
  local _, err = load(text, "=repl")
  return not err:find("<eof>$")
end

-- The statements of a REPL block with the output the doc shows for each:
-- an inline `--> value`, `-->` lines after it, or in a transcript
-- (`talon> ` prompts) the lines after it up to the next prompt.
local function repl_statements(lines)
  local stmts, pending, cur = {}, {}, nil
  local prompts = false
  for _, line in ipairs(lines) do
    if line:match("^talon> ") then prompts = true end
  end
  for i, line in ipairs(lines) do
    local input
    if prompts then
      input = line:match("^talon> (.*)$") or line:match("^    >> (.*)$")
    elseif not line:match("^%s*%-%->") then
      input = line
    end
    if input then
      pending[#pending + 1] = input
      local chunk = table.concat(pending, "\n")
      if complete(chunk) then
        cur = { code = chunk, want = {}, line = i - 1 }
        local inline = input:match("%-%->%s?(.*)$")
        if inline and not prompts then cur.want[1] = inline end
        stmts[#stmts + 1] = cur
        pending = {}
      end
    elseif cur then
      cur.want[#cur.want + 1] = prompts and line or line:match("^%s*%-%->%s?(.*)$")
    end
  end
  return stmts
end

-- printed between two statements' outputs: text (the program shows a
-- control character escaped, docs/security.md) no page prints
local MARK = "\u{2042}doctest\u{2042}"

-- The marker's body, when there is one, is typed first (its output is not
-- compared): a setup the page does not show.
local function run_repl(b, m)
  local stmts = repl_statements(b.lines)
  local input = {}
  if m and #m.body > 0 then
    input[1] = table.concat(m.body, "\n")
    input[2] = ("print(%q)"):format(MARK)
    table.insert(stmts, 1, { code = input[1], want = {}, line = 0 })
  end
  for k = #input // 2 + 1, #stmts do
    local s = stmts[k]
    input[#input + 1] = s.code
    input[#input + 1] = ("print(%q)"):format(MARK)
  end
  local code, out, err = talon_with_input(table.concat(input, "\n") .. "\n")
  if code ~= 0 or err ~= "" then
    t.fail(("%s: the REPL exits %d with errors:\n%s"):format(where(b), code, err))
  end
  local outputs, pos = {}, 1
  while true do
    local s, e = out:find(MARK .. "\n", pos, true)
    if not s then break end
    outputs[#outputs + 1] = out:sub(pos, s - 1)
    pos = e + 1
  end
  for k, s in ipairs(stmts) do
    if #s.want > 0 then
      expect(b, s.want, outputs[k] or "", ("line %d: `%s`"):format(b.first + s.line,
        s.code:match("^[^\n]*")))
    end
  end
end

-- ===== excerpt FILE: the block's lines appear in FILE, in order

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

local function run_excerpt(b, path)
  local lines = markdown.split_lines(markdown.read(path))
  local j = 1
  for i, line in ipairs(b.lines) do
    local want = trim(line)
    if want ~= "" and not want:find("…", 1, true) and not want:find("...", 1, true) then
      while j <= #lines and trim(lines[j]) ~= want do j = j + 1 end
      if j > #lines then
        t.fail(("%s: this line is not in %s (after the lines before it): %s"):format(
          where(b, i - 1), path, want))
      end
      j = j + 1
    end
  end
end

-- ===== file NAME: the block is a file a later block of the page uses

local function run_file(b, name)
  if name == "" or name:find("..", 1, true) or name:find("^/") then
    t.fail(("%s: 'file' needs a plain file name, got '%s'"):format(where(b), name))
  end
  local f = assert(io.open(SCRATCH .. "/" .. name, "w"))
  f:write(table.concat(b.lines, "\n"), "\n")
  f:close()
end

-- ===== the blocks

local RUN = {
  run = function(b)
    if b.lang ~= "lua" then return run_sh(b) end
    local setups = {}
    for _, s in ipairs(markdown.setups(b.page)) do
      if s.line < b.line then setups[#setups + 1] = s end
    end
    return run_lua(b, setups)
  end,
  repl = run_repl,
  excerpt = function(b, m) return run_excerpt(b, m.args) end,
  file = function(b, m) return run_file(b, m.args) end,
}

local KINDS = { setup = "run", repl = "repl", excerpt = "excerpt", file = "file",
                fragment = false, skip = false }

local counts = { run = 0, repl = 0, excerpt = 0, file = 0, fragment = 0, skip = 0, shown = 0 }

for _, page in ipairs(markdown.pages()) do
  for _, b in ipairs(markdown.blocks(page)) do
    local m = b.marker
    local kind = m and KINDS[m.kind]
    local name = ("%s:%d %s%s"):format(page, b.line, b.lang ~= "" and b.lang or "text",
      m and (" (" .. m.kind .. ")") or "")
    if m and kind == nil then
      t.test(name, function() t.fail(("%s:%d: unknown doctest marker '%s'"):format(page, m.line,
        m.kind)) end)
    elseif m and kind == false then
      counts[m.kind] = counts[m.kind] + 1
      if m.args == "" and m.kind == "skip" then
        t.test(name, function()
          t.fail(("%s:%d: a skipped block says why"):format(page, m.line))
        end)
      end
    elseif kind or b.lang == "lua" or b.lang == "sh" then
      kind = kind or "run"
      counts[kind] = counts[kind] + 1
      t.test(name, function() RUN[kind](b, m) end)
    else
      counts.shown = counts.shown + 1
    end
  end
end

t.test("the scratch directory goes", function()
  print(("  doc blocks: %d run, %d through the REPL, %d excerpts, %d files, %d fragments, "
    .. "%d skipped, %d shown only"):format(counts.run, counts.repl, counts.excerpt, counts.file,
    counts.fragment, counts.skip, counts.shown))
  t.ok(os.execute("rm -rf " .. quote(SCRATCH)), "rm -rf")
end)
