-- talon.term: what the terminal can show.
--
-- Plain Lua cannot ask isatty(); a shell's `test -t` inherits our
-- descriptors and can, so each answer is asked once and cached.
local term = {}

local cache = {}

function term.isatty(fd)
  if cache[fd] == nil then
    local p = io.popen(("test -t %d && echo y"):format(fd))
    cache[fd] = p and p:read("l") == "y" or false
    if p then p:close() end
  end
  return cache[fd]
end

-- Chooses the card style: colour on a terminal that allows it, plain
-- Unicode on a UTF-8 locale, else ASCII.
function term.setup_style()
  local talon = require "talon"
  local tty = term.isatty(1)
  local t = os.getenv("TERM") or ""
  if tty and not os.getenv("NO_COLOR") and t ~= "dumb" and t ~= "" then
    talon.style("color")
  else
    local lang = (os.getenv("LC_ALL") or "") .. (os.getenv("LC_CTYPE") or "")
      .. (os.getenv("LANG") or "")
    talon.style(lang:upper():find("UTF%-?8") and "unicode" or "ascii")
  end
end

function term.bold(s)
  if require("talon").style() ~= "color" then return s end
  return "\27[1m" .. s .. "\27[0m"
end

return term
