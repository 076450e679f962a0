-- talon.cli.term: what the terminal can show, and how to pause for a reader.
--
-- Plain Lua cannot ask isatty(); `test -t FD` run through os.execute
-- inherits our descriptors and can (io.popen would not do: its pipe
-- replaces the child's stdout). Each answer is asked once and cached.
local term = {}

local cache = {}

-- Is descriptor 'fd' (0, 1 or 2) a terminal?
function term.isatty(fd)
  if cache[fd] == nil then
    cache[fd] = os.execute(("test -t %d"):format(fd)) == true
  end
  return cache[fd]
end

-- Does the environment allow colour on a terminal (NO_COLOR, TERM=dumb)?
local function colour_allowed()
  local t = os.getenv("TERM") or ""
  return os.getenv("NO_COLOR") == nil and t ~= "dumb" and t ~= ""
end

-- The character set of the locale as C reads it: the first of LC_ALL,
-- LC_CTYPE and LANG that is set decides (LC_ALL=C wins over a UTF-8 LANG).
function term.utf8_locale()
  for _, name in ipairs { "LC_ALL", "LC_CTYPE", "LANG" } do
    local v = os.getenv(name)
    if v and v ~= "" then return v:upper():find("UTF%-?8") ~= nil end
  end
  return false
end

-- Chooses the card style: colour when stdout is a terminal that allows it
-- in a UTF-8 locale, plain Unicode in a UTF-8 locale, else ASCII (suit
-- glyphs need UTF-8, coloured or not). 'flags' (the command line's) may
-- ask for ascii or no-color. In ASCII every other character beyond ASCII
-- (box lines, dashes, a game's glyphs) is spelt in ASCII as it is printed
-- (repl/asciify.c), except in --json output, which is data. Returns the
-- style chosen.
function term.setup_style(flags)
  flags = flags or {}
  local talon = require "talon"
  local style
  if flags.ascii or not term.utf8_locale() then style = "ascii"
  elseif term.isatty(1) and colour_allowed() and not flags["no-color"] then style = "color"
  else style = "unicode" end
  talon.style(style)
  require("talon.cli.prompt").ascii(style == "ascii" and not flags.json)
  return style
end

function term.bold(s)
  if require("talon").style() ~= "color" then return s end
  return "\27[1m" .. s .. "\27[0m"
end

function term.dim(s)
  if require("talon").style() ~= "color" then return s end
  return "\27[2m" .. s .. "\27[0m"
end

-- Waits 'seconds' when stdout is a terminal (a bot's move shown to a
-- person); never when piped, so tests and scripts run at full speed.
-- Ctrl-C during the pause stops the program as it stops any run.
function term.pause(seconds)
  if term.isatty(1) then require("talon.cli.prompt").pause(seconds) end
end

return term
