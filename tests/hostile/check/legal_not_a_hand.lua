-- attack: a variant whose card phase's legal hook returns a table, not a Hand, on trick 3
-- rule: a hook result of the wrong kind is a clean error naming the file and the phase, never a host error
-- expect: error "phase play: legal must return a Hand of the legal cards (a card phase), got a table"
local variant = require "talon.variant"
return variant.of(require "games.hokm", {
  summary = "legal is an empty table on trick 3",
  wrap = { ["play.legal"] = function(orig, st, seat)
    if st.tricks_played == 3 then return {} end
    return orig(st, seat)
  end },
})
