-- The docs as the doc tests read them (docs/doc-tests.md): the pages, their
-- fenced code blocks with the marker comment before each, the prose
-- outside code, and the expected-output matcher the runners share.
local markdown = {}

-- Every page the doc tests cover, relative to the source root: README.md,
-- docs/*.md and docs/games/*.md, in a fixed order.
function markdown.pages()
  local pages = { "README.md" }
  for _, dir in ipairs { "docs", "docs/games" } do
    local p = assert(io.popen(("ls %s/*.md 2>/dev/null"):format(dir)))
    local names = {}
    for name in p:lines() do names[#names + 1] = name end
    p:close()
    table.sort(names)
    for _, name in ipairs(names) do pages[#pages + 1] = name end
  end
  return pages
end

function markdown.read(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  return text
end

-- The lines of 'text' (plain finds: the program bounds patterns over long
-- subjects).
local function split_lines(text)
  local lines, pos = {}, 1
  while pos <= #text do
    local e = text:find("\n", pos, true) or #text + 1
    lines[#lines + 1] = text:sub(pos, e - 1)
    pos = e + 1
  end
  return lines
end
markdown.split_lines = split_lines

-- The marker comment that ends just above line 'i' (blank lines skipped):
-- `<!-- doctest: KIND ARGS -->` on one line, or `<!-- doctest: KIND ARGS`,
-- body lines, and `-->` alone. Returns {kind, args, body, line} or nil.
local function marker_before(lines, i)
  local j = i - 1
  while j >= 1 and lines[j]:match("^%s*$") do j = j - 1 end
  if j < 1 then return nil end
  local kind, args = lines[j]:match("^%s*<!%-%- doctest: (%S+)%s*(.-)%s*%-%->%s*$")
  if kind then return { kind = kind, args = args, body = {}, line = j } end
  if not lines[j]:match("^%s*%-%->%s*$") then return nil end
  local k = j - 1
  while k >= 1 and not lines[k]:find("<!--", 1, true) do k = k - 1 end
  if k < 1 then return nil end
  kind, args = lines[k]:match("^%s*<!%-%- doctest: (%S+)%s*(.-)%s*$")
  if not kind then return nil end
  local body = {}
  for n = k + 1, j - 1 do body[#body + 1] = lines[n] end
  return { kind = kind, args = args, body = body, line = k }
end

-- The fenced blocks of a page: {page, line (the opening fence), first (its
-- first content line), lang ("lua", "sh" or ""), lines, marker}. Lines
-- keep their text less the fence's indentation.
function markdown.blocks(page, text)
  local lines = split_lines(text or markdown.read(page))
  local blocks, i = {}, 1
  while i <= #lines do
    local indent, lang = lines[i]:match("^(%s*)```(%S*)%s*$")
    if indent then
      local b = { page = page, line = i, first = i + 1, lang = lang, lines = {},
                  marker = marker_before(lines, i) }
      i = i + 1
      while i <= #lines and not lines[i]:match("^%s*```%s*$") do
        local line = lines[i]
        if line:sub(1, #indent) == indent then line = line:sub(#indent + 1) end
        b.lines[#b.lines + 1] = line
        i = i + 1
      end
      assert(i <= #lines, ("%s:%d: a code block that is never closed"):format(page, b.line))
      blocks[#blocks + 1] = b
    end
    i = i + 1
  end
  return blocks
end

-- The setup comments of a page (`<!-- doctest: setup`, Lua lines, `-->`),
-- in order: {line, body}. Each one's code runs before every later ```lua
-- block of the page.
function markdown.setups(page, text)
  local lines = split_lines(text or markdown.read(page))
  local out, i = {}, 1
  while i <= #lines do
    if lines[i]:match("^%s*<!%-%- doctest: setup%s*$") then
      local body, j = {}, i + 1
      while j <= #lines and not lines[j]:match("^%s*%-%->%s*$") do
        body[#body + 1] = lines[j]
        j = j + 1
      end
      out[#out + 1] = { line = i, body = body }
      i = j
    end
    i = i + 1
  end
  return out
end

-- The page's prose: every line outside fenced blocks, as {line, text}.
function markdown.prose(page, text)
  local lines = split_lines(text or markdown.read(page))
  local out, inside = {}, false
  for n, line in ipairs(lines) do
    if line:match("^%s*```") then
      inside = not inside
    elseif not inside then
      out[#out + 1] = { line = n, text = line }
    end
  end
  return out
end

-- ===== expected output

-- Whether line 'got' matches the expected line 'want', in which `…`
-- stands for any text. Plain finds, no patterns: the program bounds
-- pattern matching, and a doc line may hold any character.
local function line_matches(want, got)
  local pieces, pos = {}, 1
  while true do
    local s, e = want:find("…", pos, true)
    pieces[#pieces + 1] = want:sub(pos, (s or #want + 1) - 1)
    if not s then break end
    pos = e + 1
  end
  if #pieces == 1 then return want == got end
  local first, last = pieces[1], pieces[#pieces]
  if got:sub(1, #first) ~= first or #got < #first + #last then return false end
  if last ~= "" and got:sub(-#last) ~= last then return false end
  local at, limit = #first + 1, #got - #last
  for i = 2, #pieces - 1 do
    local s, e = got:find(pieces[i], at, true)
    if not s or e > limit then return false end
    at = e + 1
  end
  return true
end

local function rtrim(s)
  local n = #s
  while n > 0 and s:byte(n) <= 32 do n = n - 1 end
  return s:sub(1, n)
end

-- Whether the lines 'got' match the expected lines 'want': each expected
-- line matches one line, `…` inside it any text; a line that is only `…`
-- matches any number of lines (none included). Trailing blanks do not
-- count. Returns true, or false and the first expected line that found no
-- match with the line it was compared to.
function markdown.match(want, got)
  local w, g = {}, {}
  for _, l in ipairs(want) do w[#w + 1] = rtrim(l) end
  for _, l in ipairs(got) do g[#g + 1] = rtrim(l) end
  while #w > 0 and w[#w] == "" do w[#w] = nil end
  while #g > 0 and g[#g] == "" do g[#g] = nil end
  local best_i, best_j = 0, 0 -- the furthest point reached, for the report
  local memo = {}
  local function at(i, j)
    local key = i * 100000 + j
    if memo[key] ~= nil then return memo[key] end
    local ok
    if i > #w then
      ok = j > #g
    elseif w[i]:find("^%s*…$") then
      ok = at(i + 1, j) or (j <= #g and at(i, j + 1))
    else
      ok = j <= #g and line_matches(w[i], g[j]) and at(i + 1, j + 1)
    end
    if not ok and (i > best_i or (i == best_i and j > best_j)) then best_i, best_j = i, j end
    memo[key] = ok
    return ok
  end
  if at(1, 1) then return true end
  return false, w[best_i] or "(the end)", g[best_j] or "(the end of the output)"
end

return markdown
