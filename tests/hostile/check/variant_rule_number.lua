-- attack: a variant's rule text is a number, under a key with a dash
-- rule: a definition's refusal names the file and the line of the key (HOK-R3)
-- expect: error "rule 'HOK-R3' must map a string id to a sentence or a function(opts), got number"
-- line: 10
local variant = require "talon.variant"
return variant.of(require "games.hokm", {
  summary = "a rule text that is a number",
  rules = {
    ["HOK-R99"] = "A made-up rule.",
    ["HOK-R3"] = 42,
  },
})
