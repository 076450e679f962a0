-- attack: a variant wraps 'play.legl', a hook that does not exist (a typo)
-- rule: a definition's refusal names the file and the line of the key, also a key in brackets with a dot
-- expect: error "cannot wrap 'play.legl': no such phase hook"
-- line: 9
local variant = require "talon.variant"
return variant.of(require "games.hokm", {
  summary = "a typo in a wrapped hook's name",
  wrap = {
    ["play.legl"] = function(orig, st, seat) return orig(st, seat) end,
  },
})
