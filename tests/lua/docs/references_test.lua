-- What the docs point at exists (docs/doc-tests.md): every relative link
-- and every path the pages name; every rule id, option id and worked
-- example a page, an option text, a rule text or a game's events cite is
-- known (rule and option ids to `talon explain`, worked examples to the
-- game pages); and the docs send no reader outside the repository.
local t = require "talon.host.testing"
local markdown = require "tests.lua.docs.markdown"
local program = require "tests.lua.repl.program"
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"

local PAGES = markdown.pages()
local TEXT = {}
for _, page in ipairs(PAGES) do TEXT[page] = markdown.read(page) end

local function sorted(set)
  local list = {}
  for k in pairs(set) do list[#list + 1] = k end
  table.sort(list)
  return list
end

local function none(set, what)
  local list = sorted(set)
  t.ok(#list == 0, what .. ":\n  " .. table.concat(list, "\n  "))
end

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

-- Whether a shell glob (`tests/lua/*/*_test.lua`, `vm/lua/sandbox.[ch]`)
-- names at least one file of the tree.
local function glob_exists(pattern)
  local ok = os.execute(("for f in %s; do [ -e \"$f\" ] && exit 0; done; exit 1")
    :format(pattern:gsub("%*%*", "*")))
  return ok == true
end

-- Each line of a page with its number.
local function lines_of(page)
  return ipairs(markdown.split_lines(TEXT[page]))
end

-- ===== links and paths

local ROOTS = { "docs", "games", "stdlib", "vm", "repl", "tests", "bench", "scripts", "cmake" }

t.test("every relative link resolves", function()
  local broken = {}
  for _, page in ipairs(PAGES) do
    local dir = page:match("^(.*)/") or "."
    for n, line in lines_of(page) do
      for target in line:gmatch("%]%(([^)%s]+)%)") do
        if not target:find("^%a[%w+.-]*:") and not target:find("^#") then
          local path = target:gsub("#.*$", "")
          if not exists(dir .. "/" .. path) then
            broken[("%s:%d: %s"):format(page, n, target)] = true
          end
        end
      end
    end
  end
  none(broken, "links to nothing")
end)

-- A path with a word that stands for any name (`tests/fuzz/TARGET.dict`).
local PLACEHOLDERS = { "TARGET", "FILE", "GAME", "NAME", "ROOT", "PREFIX" }
local function placeholder(path)
  if path:find("…", 1, true) or path:find("...", 1, true) then return true end
  for _, w in ipairs(PLACEHOLDERS) do
    if path:find("%f[%w]" .. w .. "%f[%W]") then return true end
  end
  return false
end

-- The paths a line names: in backticks, or a bare docs/….md, under one of
-- the tree's top directories; placeholders (`games/<game>.lua`) and
-- example files of the text (`games/x.lua:3: …`) are not paths.
local function paths_in(line)
  local found = {}
  for code in line:gmatch("`([^`]+)`") do
    local top = code:match("^([%w_]+)/")
    if top and not code:find("[%s<>:]") and not placeholder(code) then
      for _, r in ipairs(ROOTS) do
        if r == top then found[#found + 1] = code end
      end
    end
  end
  for path in line:gmatch("%f[%w_/.]docs/[%w_%-/]+%.md") do found[#found + 1] = path end
  return found
end

t.test("every path a page names exists", function()
  local missing = {}
  for _, page in ipairs(PAGES) do
    for n, line in lines_of(page) do
      for _, path in ipairs(paths_in(line)) do
        local ok = path:find("[%*%[{]") and glob_exists(path) or exists(path)
        if not ok then missing[("%s:%d: %s"):format(page, n, path)] = true end
      end
    end
  end
  none(missing, "names a path the tree does not have")
end)

t.test("every page is reachable: another page names it", function()
  local orphans = {}
  for _, page in ipairs(PAGES) do
    if page ~= "README.md" then
      local named = false
      for _, other in ipairs(PAGES) do
        named = named or (other ~= page and TEXT[other]:find(page, 1, true) ~= nil)
      end
      if not named then orphans[page] = true end
    end
  end
  none(orphans, "no other page names it")
end)

t.test("no page sends the reader outside the repository", function()
  local outside = {}
  for _, page in ipairs(PAGES) do
    for n, line in lines_of(page) do
      for _, name in ipairs { "RULES.md", "EXAMPLES.md", "../shared", "/work/", "STYLE.md",
          "DESIGN.md", "EMBEDDING.md" } do
        if line:find(name, 1, true) then outside[("%s:%d: %s"):format(page, n, name)] = true end
      end
    end
  end
  none(outside, "cites a file a clone does not have")
end)

-- Nor does a comment: the sources speak of the project alone.
t.test("no source file sends its reader outside the repository", function()
  local p = assert(io.popen("grep -rlF '../shared' CMakeLists.txt vm stdlib repl games bench"
    .. " scripts cmake tests 2>/dev/null"))
  local outside = {}
  for path in p:lines() do
    if path ~= "tests/lua/docs/references_test.lua" then outside[path] = true end
  end
  p:close()
  none(outside, "names ../shared, which a clone does not have")
end)

-- ===== rule ids, option ids and worked examples

-- The game a rule id's prefix, or an option id's letter, belongs to.
local HOME = { HOK = "hokm", HOS = "hosgin", KOZ = "kosel", BUR = "bura", KZM = "koselpot",
               HRT = "hearts", BES = "besigue", EUC = "euchre",
               K = "hokm", H = "hosgin", Z = "kosel", B = "bura", M = "koselpot" }

-- The ids a text cites: rule ids (HOK-R3) and option ids (K1) as a list of
-- {id, home}; worked examples (BUR-01) as a second list. A range written
-- "HOS-R25 … R27" has its second id in full too.
local function ids_in(text)
  local rules, examples = {}, {}
  for prefix, num in text:gmatch("%f[%w](%u%u%u)%-R(%d+)%f[%W]") do
    rules[#rules + 1] = { id = prefix .. "-R" .. num, home = HOME[prefix] }
  end
  for letter, num in text:gmatch("%f[%w%-]([KHZBM])(%d+)%f[%W]") do
    rules[#rules + 1] = { id = letter .. num, home = HOME[letter] }
  end
  for id in text:gmatch("%f[%w](%u%u%u%-%d%d)%f[%W]") do examples[#examples + 1] = id end
  return rules, examples
end

-- Every game and variant shipped, by the name `talon list` gives it.
local function shipped()
  local names = {}
  local p = assert(io.popen("ls games/*.lua"))
  for path in p:lines() do
    local name = path:match("^games/([^_][^/]*)%.lua$")
    if name then names[#names + 1] = name end
  end
  p:close()
  table.sort(names)
  return names
end

-- Asks `talon explain GAME IDS...` about each (game, id) of 'wanted' and
-- returns the set of "game id" it refuses. One run per game; when a game
-- refuses, each of its ids is asked alone to name every unknown one.
local function unknown_to_explain(wanted)
  local by_game = {}
  for key in pairs(wanted) do
    local g, id = key:match("^(%S+) (%S+)$")
    by_game[g] = by_game[g] or {}
    by_game[g][#by_game[g] + 1] = id
  end
  local refused = {}
  for g, ids in pairs(by_game) do
    local code = program.run({ "explain", g, table.unpack(ids) })
    if code ~= 0 then
      for _, id in ipairs(ids) do
        if program.run({ "explain", g, id }) ~= 0 then refused[g .. " " .. id] = true end
      end
    end
  end
  return refused
end

-- The games a text about 'game' (nil: about none) may mean by an id: its
-- own game first (Kosel (pot) quotes Bura's rules under their ids), then
-- the id's home game.
local function candidates(game_name, home)
  local list = {}
  if game_name then list[1] = game_name end
  if home and home ~= game_name then list[#list + 1] = home end
  return list
end

-- Adds to 'cited' each rule or option id of 'text' (said by 'who', about
-- 'game_name'), keyed by who cites it, with the games to try.
local function cite(cited, text, who, game_name)
  local rules = ids_in(text)
  for _, r in ipairs(rules) do
    cited[who .. ": " .. r.id] = { id = r.id, games = candidates(game_name, r.home) }
  end
end

-- Every id the games themselves print: the docs of their options, their
-- rule texts, and the events of a game played at random.
local function cited_by_games(cited)
  for _, name in ipairs(shipped()) do
    local def = assert(loader.load(name))
    local base = def.base and def.base.name and name:match("^([^-]+)%-") or name
    local opts = game.options(def, {})
    for oname, o in pairs(def.options or {}) do
      cite(cited, o.doc or "", ("games/%s.lua option %s"):format(name, oname), base)
    end
    for id in pairs(def.rules or {}) do
      local text = game.rule_text(def, id, opts)
      if text then cite(cited, text, ("games/%s.lua rule %s"):format(name, id), base) end
    end
    for pname in pairs(def.phases) do
      local doc = game.phase_doc(def, pname, opts)
      if doc then cite(cited, doc, ("games/%s.lua phase %s"):format(name, pname), base) end
    end
    local g = game.new(def, { seed = 1, hands = 2 })
    local rng = talon.rng(1)
    for _ = 1, 400 do
      if g:over() then break end
      g:play(g:random(rng))
    end
    for _, ev in ipairs(g:events()) do
      cite(cited, ev.text or "", ("games/%s.lua event"):format(name), base)
    end
  end
end

t.test("every rule and option id the docs and games cite is known to talon explain", function()
  local cited = {}
  for _, page in ipairs(PAGES) do
    local about = page:match("^docs/games/([%w_-]+)%.md$")
    for n, line in lines_of(page) do cite(cited, line, ("%s:%d"):format(page, n), about) end
  end
  cited_by_games(cited)
  -- ask each game about the ids it may mean, then keep the citations that
  -- no candidate game knows
  local wanted = {}
  for _, c in pairs(cited) do
    for _, g in ipairs(c.games) do wanted[g .. " " .. c.id] = true end
  end
  local refused = unknown_to_explain(wanted)
  local unknown = {}
  for who, c in pairs(cited) do
    local known = false
    for _, g in ipairs(c.games) do known = known or not refused[g .. " " .. c.id] end
    if #c.games == 0 or not known then unknown[who] = true end
  end
  none(unknown, "cites an id talon explain does not know")
end)

-- A worked example is defined once, on its game's page, by a heading
-- `#### BUR-01 …`; every citation of one finds it there.
t.test("every worked example cited is on its game's page", function()
  local defined = {}
  for _, page in ipairs(PAGES) do
    for id in TEXT[page]:gmatch("\n####? (%u%u%u%-%d%d)") do defined[id] = page end
  end
  local missing = {}
  for _, page in ipairs(PAGES) do
    for n, line in lines_of(page) do
      local _, examples = ids_in(line)
      for _, id in ipairs(examples) do
        if not defined[id] then missing[("%s:%d: %s"):format(page, n, id)] = true end
      end
    end
  end
  none(missing, "cites a worked example no game page gives")
end)

-- A worked example shows it runs: its section holds a ```lua block (run by
-- examples_test.lua), or names a test file that cites the example's id.
t.test("every worked example is run by the suite", function()
  local unchecked = {}
  for _, page in ipairs(PAGES) do
    local sections, cur = {}, nil
    for _, line in lines_of(page) do
      if line:match("^#") then
        local id = line:match("^####? (%u%u%u%-%d%d)")
        cur = id and { id = id, lines = {} } or nil
        sections[#sections + 1] = cur
      elseif cur then
        cur.lines[#cur.lines + 1] = line
      end
    end
    for _, sec in ipairs(sections) do
      local body = table.concat(sec.lines, "\n")
      local ok = body:find("```lua", 1, true) ~= nil
      for _, line in ipairs(sec.lines) do
        for path in line:gmatch("`(tests/[^`]+%.lua)`") do
          local f = io.open(path, "r")
          if f then
            ok = ok or f:read("a"):find(sec.id, 1, true) ~= nil
            f:close()
          end
        end
      end
      if not ok then unchecked[page .. ": " .. sec.id] = true end
    end
  end
  none(unchecked, "a worked example neither runs here nor names the test that runs it")
end)

-- ===== figures

-- The tables of figures are bench/docs.lua's: each region names its
-- benchmark and says when and how it was measured.
t.test("every table of figures says which benchmark wrote it, and when", function()
  local code, out, err = program.run({ "run", "bench/docs.lua", "--check" })
  t.eq(code, 0, "bench/docs.lua --check: " .. out .. err)
end)

-- A measured figure typed into prose: a time in ns or µs, a rate per
-- second, an instruction count, a ratio such as 7.2x.
local FIGURES = { "%d%s?[nµ]s%f[%A]", "%d%s+%a+/s%f[%A]", "%d%.?%d*k?%s+instructions",
                  "%d%.%d+%s?s%f[%A]", "%d%.%d+x%f[%A]" }

t.test("no measured figure is typed outside the tables bench/docs.lua writes", function()
  local typed = {}
  for _, page in ipairs(PAGES) do
    local inside_code, inside_bench = false, false
    for n, line in lines_of(page) do
      if line:match("^%s*```") then
        inside_code = not inside_code
      elseif line:match("^<!%-%- bench: ") then
        inside_bench = true
      elseif line:match("^<!%-%- /bench %-%->") then
        inside_bench = false
      elseif not inside_code and not inside_bench then
        for _, pat in ipairs(FIGURES) do
          if line:find(pat) then typed[("%s:%d: %s"):format(page, n, line)] = true end
        end
      end
    end
  end
  none(typed, "a figure typed by hand (let bench/docs.lua write it)")
end)
