/*
 * test_hostile_args.c - every Lua-callable function of the bindings called
 * with hostile arguments, as a game file may call them (game files are
 * untrusted): nil, booleans, odd floats (1.5, NaN, +-inf, -0.0), extreme
 * integers, numeric strings, tables whose __len lies or whose __index
 * errors or loops, functions, coroutines, userdata of every other type,
 * too few and too many arguments.
 *
 * The rule: each call returns, or raises "bad argument #n to 'f' (...)"
 * (or one of the few documented non-argument errors), never crashes (ASan
 * and UBSan watch every call), never hangs, and never runs a metamethod
 * of a script's table. The table-driven test lists every binding with
 * good arguments and swaps each argument for each hostile value; the
 * named tests below it pin the exact reproductions of fixed bugs.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "snippets.h"
#include <lauxlib.h>
#include <lualib.h>

#include "talon_lua.h"

static int setup(void **state) {
  lua_State *L = luaL_newstate();
  assert_non_null(L);
  luaL_openlibs(L);
  luaL_requiref(L, "talon", luaopen_talon, 0);
  lua_pop(L, 1);
  *state = L;
  alarm(300); /* a hang fails the test instead of blocking the suite */
  return 0;
}

static int teardown(void **state) {
  alarm(0);
  lua_close(*state);
  return 0;
}

static const char prelude[] =
    "local talon = require 'talon'\n"
    "local deck = talon.deck{ ranks = 'A K Q J', copies = 2 }\n"
    "local r = talon.rng(1)\n";

static void expect(lua_State *L, const char *code, const char *want) {
  snippet_expect(L, prelude, code, want);
}

static void expect_error(lua_State *L, const char *code, const char *part) {
  snippet_expect_error(L, prelude, code, part);
}

/* The driver of the table-driven test, one line per string (C99 bounds
 * the length of one literal): returns the number of calls made and the
 * calls that broke the rule, one per line. */
static const char *const driver[] = {
    "local talon = require \"talon\"\n",
    "local R = debug.getregistry()\n",
    "local touched\n",
    "local function liar(name, mt)\n",
    "  mt.__metatable = name\n",
    "  return setmetatable({}, mt)\n",
    "end\n",
    "local function mark(what) return function() touched = what; return 2 ^ 40 "
    "end end\n",
    "local function fresh()\n",
    "  local o = {}\n",
    "  o.deck = talon.deck{ ranks = \"A K Q J\", copies = 2 }\n",
    "  o.other = talon.deck{ ranks = \"A K\" }\n",
    "  o.card = o.deck:card(\"AS\")\n",
    "  o.hand = o.deck:hand(\"AS KS QH JD\")\n",
    "  o.hand2 = o.deck:hand()\n",
    "  o.pile = o.deck:pile()\n",
    "  o.rng = talon.rng(7)\n",
    "  o.melds = talon.melds(o.deck, { { name = \"pair\", cards = \"QS JD\", "
    "points = 40 } })\n",
    "  o.rules = talon.trickrules(o.deck, { follow = true })\n",
    "  o.trick = talon.trick(o.rules, \"S\")\n",
    "  o.hands = { o.deck:hand(\"AS KS\"), o.deck:hand(\"AH KH\") }\n",
    "  o.won = { o.deck:hand(), o.deck:hand() }\n",
    "  return o\n",
    "end\n",
    "local function hostile(o)\n",
    "  return {\n",
    "    { \"nil\", nil }, { \"false\", false }, { \"true\", true }, { \"0\", "
    "0 }, { \"-1\", -1 },\n",
    "    { \"1.5\", 1.5 }, { \"nan\", 0 / 0 }, { \"inf\", 1 / 0 }, { \"-inf\", "
    "-1 / 0 },\n",
    "    { \"-0.0\", -0.0 }, { \"2^31\", math.tointeger(2 ^ 31) }, { "
    "\"2^63-1\", math.maxinteger },\n",
    "    { \"mininteger\", math.mininteger }, { \"'1'\", \"1\" }, { \"'-0'\", "
    "\"-0\" }, { \"''\", \"\" },\n",
    "    { \"'AS'\", \"AS\" }, { \"{}\", {} }, { \"{1,2,3}\", { 1, 2, 3 } },\n",
    "    { \"lying __len\", liar(\"len\", { __len = mark(\"__len\") }) },\n",
    "    { \"erroring __index\", liar(\"index\", { __index = function() "
    "touched = \"__index\"; error(\"boom\") end,\n",
    "      __newindex = mark(\"__newindex\"), __len = mark(\"__len\"), "
    "__tostring = mark(\"__tostring\") }) },\n",
    "    { \"looping __index\", liar(\"loop\", { __index = function() touched "
    "= \"__index(loop)\"; while true do end end,\n",
    "      __len = mark(\"__len\") }) },\n",
    "    { \"function\", function() end }, { \"coroutine\", "
    "coroutine.create(print) "
    "},\n",
    "    { \"card of another deck\", o.other:card(\"AS\") }, { \"hand of "
    "another deck\", o.other:hand(\"AS\") },\n",
    "    { \"Deck\", o.deck }, { \"Card\", o.card }, { \"Hand\", "
    "o.deck:hand(\"AS\") }, { \"Pile\", o.deck:pile() },\n",
    "    { \"Rng\", talon.rng(3) }, { \"Melds\", o.melds }, { \"TrickRules\", "
    "o.rules },\n",
    "    { \"Trick\", talon.trick(o.rules) }, { \"FILE\", io.stdout },\n",
    "  }\n",
    "end\n",
    "local function meta(tname, k) return function() return R[tname][k] end "
    "end\n",
    "local function method(tname, k)\n",
    "  return function()\n",
    "    local mt = R[tname]\n",
    "    local m = mt.__methods or mt.__index\n",
    "    return m[k]\n",
    "  end\n",
    "end\n",
    "local cases = {}\n",
    "local function add(name, getf, args) cases[#cases + 1] = { name = name, "
    "getf = getf, args = args } end\n",
    "local function T(k) return function() return talon[k] end end\n",
    "add(\"talon.deck\", T \"deck\", function() return { { ranks = \"A K\" } } "
    "end)\n",
    "add(\"talon.style\", T \"style\", function() return { \"ascii\" } end)\n",
    "add(\"talon.rng\", T \"rng\", function() return { 1 } end)\n",
    "add(\"talon.melds\", T \"melds\", function(o) return { o.deck, { { name = "
    "\"p\", cards = \"QS JD\", points = 40 } } } end)\n",
    "add(\"talon.trickrules\", T \"trickrules\", function(o) return { o.deck, "
    "{ follow = true } } end)\n",
    "add(\"talon.trick\", T \"trick\", function(o) return { o.rules, \"S\" } "
    "end)\n",
    "add(\"talon.conserved\", T \"conserved\", function(o) return { "
    "o.deck:hand(o.deck:full()), o.deck, 2, o.hands, o.won, o.pile, o.hand2, "
    "o.trick, {}, {} } end)\n",
    "for _, k in ipairs { \"card\", \"hand\", \"points\" } do\n",
    "  add(\"deck:\" .. k, method(\"talon.Deck\", k), function(o) return { "
    "o.deck, \"AS\" } end)\n",
    "end\n",
    "for _, k in ipairs { \"full\", \"kinds\", \"suits\", \"ranks\" } do\n",
    "  add(\"deck:\" .. k, method(\"talon.Deck\", k), function(o) return { "
    "o.deck } end)\n",
    "end\n",
    "add(\"deck:pile\", method(\"talon.Deck\", \"pile\"), function(o) return { "
    "o.deck, \"AS KS\" } end)\n",
    "add(\"deck:pile(list)\", method(\"talon.Deck\", \"pile\"), function(o) "
    "return { o.deck, { \"AS\", \"KS\" } } end)\n",
    "add(\"deck:clear_hands\", method(\"talon.Deck\", \"clear_hands\"), "
    "function(o) return { o.deck, o.hands, o.won, o.hand2 } end)\n",
    "add(\"Deck.__len\", meta(\"talon.Deck\", \"__len\"), function(o) return { "
    "o.deck } end)\n",
    "add(\"Deck.__tostring\", meta(\"talon.Deck\", \"__tostring\"), "
    "function(o) return { o.deck } end)\n",
    "add(\"Deck.__index\", meta(\"talon.Deck\", \"__index\"), function(o) "
    "return { o.deck, \"size\" } end)\n",
    "local function cardmeta(k) return function() return "
    "debug.getmetatable(talon.deck{ ranks = \"A\" }:card(\"AS\"))[k] end end\n",
    "add(\"card:name\", function() return debug.getmetatable(talon.deck{ ranks "
    "= \"A\" }:card(\"AS\")).__index.name end,\n",
    "  function(o) return { o.card, \"ascii\" } end)\n",
    "add(\"Card.__lt\", cardmeta \"__lt\", function(o) return { o.card, "
    "o.deck:card(\"KS\") } end)\n",
    "add(\"Card.__le\", cardmeta \"__le\", function(o) return { o.card, "
    "o.deck:card(\"KS\") } end)\n",
    "add(\"Card.__tostring\", cardmeta \"__tostring\", function(o) return { "
    "o.card } end)\n",
    "for _, k in ipairs { \"add\", \"remove\", \"count\", \"has\" } do\n",
    "  add(\"hand:\" .. k, method(\"talon.Hand\", k), function(o) return { "
    "o.hand, \"AS\" } end)\n",
    "end\n",
    "add(\"hand:within\", method(\"talon.Hand\", \"within\"), function(o) "
    "return { o.hand, { o.hand2, o.deck:hand(\"AS KS QH JD AH\") }, 1 } end)\n",
    "add(\"hand:within(Hand)\", method(\"talon.Hand\", \"within\"), "
    "function(o) return { o.hand, o.hand2 } end)\n",
    "add(\"hand:add(n)\", method(\"talon.Hand\", \"add\"), function(o) return "
    "{ o.hand, \"AS\", 2 } end)\n",
    "add(\"hand:remove(n)\", method(\"talon.Hand\", \"remove\"), function(o) "
    "return { o.hand, \"AS\", 1 } end)\n",
    "for _, k in ipairs { \"copy\", \"clear\", \"cards\", \"kinds\", "
    "\"each\", \"points\", \"deck\" } do\n",
    "  add(\"hand:\" .. k, method(\"talon.Hand\", k), function(o) return { "
    "o.hand } end)\n",
    "end\n",
    "add(\"hand:each step\", function() return (talon.deck{ ranks = \"A\" "
    "}:hand():each()) end,\n",
    "  function(o) return { o.hand, o.card } end)\n",
    "add(\"hand:suit\", method(\"talon.Hand\", \"suit\"), function(o) return { "
    "o.hand, \"S\" } end)\n",
    "add(\"hand:suit(index)\", method(\"talon.Hand\", \"suit\"), function(o) "
    "return { o.hand, 1 } end)\n",
    "add(\"hand:follow\", method(\"talon.Hand\", \"follow\"), function(o) "
    "return { o.hand, \"S\", o.hand2 } end)\n",
    "add(\"hand:nth\", method(\"talon.Hand\", \"nth\"), function(o) return { "
    "o.hand, 1 } end)\n",
    "add(\"hand:pick\", method(\"talon.Hand\", \"pick\"), function(o) return { "
    "o.hand, o.rng } end)\n",
    "for _, k in ipairs { \"__add\", \"__sub\", \"__mul\" } do\n",
    "  add(\"Hand.\" .. k, meta(\"talon.Hand\", k), function(o) return { "
    "o.hand, \"AS\" } end)\n",
    "  add(\"Hand.\" .. k .. \" (reversed)\", meta(\"talon.Hand\", k), "
    "function(o) return { \"AS\", o.hand } end)\n",
    "end\n",
    "add(\"Hand.__eq\", meta(\"talon.Hand\", \"__eq\"), function(o) return { "
    "o.hand, o.hand2 } end)\n",
    "add(\"Hand.__len\", meta(\"talon.Hand\", \"__len\"), function(o) return { "
    "o.hand } end)\n",
    "add(\"Hand.__tostring\", meta(\"talon.Hand\", \"__tostring\"), "
    "function(o) return { o.hand } end)\n",
    "add(\"pile:shuffle\", method(\"talon.Pile\", \"shuffle\"), function(o) "
    "return { o.pile, o.rng } end)\n",
    "for _, k in ipairs { \"reset\", \"draw\", \"top\", \"bottom\", \"cards\", "
    "\"hand\", \"copy\" } do\n",
    "  add(\"pile:\" .. k, method(\"talon.Pile\", k), function(o) return { "
    "o.pile } end)\n",
    "end\n",
    "add(\"pile:cut\", method(\"talon.Pile\", \"cut\"), function(o) return { "
    "o.pile, 3 } end)\n",
    "add(\"pile:push\", method(\"talon.Pile\", \"push\"), function(o) return { "
    "o.pile, \"AS\" } end)\n",
    "add(\"pile:put_bottom\", method(\"talon.Pile\", \"put_bottom\"), "
    "function(o) return { o.pile, \"AS\" } end)\n",
    "add(\"pile:deal\", method(\"talon.Pile\", \"deal\"),\n",
    "  function(o) return { o.pile, { o.deck:hand(), o.deck:hand() }, { 2, 2 } "
    "} end)\n",
    "add(\"pile:deal (order)\", method(\"talon.Pile\", \"deal\"),\n",
    "  function(o) return { o.pile, { o.deck:hand(), o.deck:hand() }, { 2, 2 "
    "}, { 2, 1, 2 } } end)\n",
    "add(\"pile:replenish\", method(\"talon.Pile\", \"replenish\"),\n",
    "  function(o) return { o.pile, { o.deck:hand(), o.deck:hand() }, 2, 3, "
    "true, { false, false } } end)\n",
    "add(\"pile:find\", method(\"talon.Pile\", \"find\"), function(o) return { "
    "o.pile, \"A\", 1 } end)\n",
    "add(\"Pile.__len\", meta(\"talon.Pile\", \"__len\"), function(o) return { "
    "o.pile } end)\n",
    "add(\"Pile.__tostring\", meta(\"talon.Pile\", \"__tostring\"), "
    "function(o) return { o.pile } end)\n",
    "add(\"rng:int\", method(\"talon.Rng\", \"int\"), function(o) return { "
    "o.rng, 1, 6 } end)\n",
    "add(\"rng:below\", method(\"talon.Rng\", \"below\"), function(o) return { "
    "o.rng, 6 } end)\n",
    "add(\"rng:shuffle\", method(\"talon.Rng\", \"shuffle\"), function(o) "
    "return { o.rng, { 1, 2, 3 } } end)\n",
    "add(\"rng:pick\", method(\"talon.Rng\", \"pick\"), function(o) return { "
    "o.rng, { 1, 2, 3 } } end)\n",
    "add(\"rng:pick(hand)\", method(\"talon.Rng\", \"pick\"), function(o) "
    "return { o.rng, o.hand } end)\n",
    "add(\"rng:state\", method(\"talon.Rng\", \"state\"), function(o) return { "
    "o.rng } end)\n",
    "add(\"rng:set_state\", method(\"talon.Rng\", \"set_state\"), function(o) "
    "return { o.rng, o.rng:state() } end)\n",
    "add(\"rng:clone\", method(\"talon.Rng\", \"clone\"), function(o) return { "
    "o.rng } end)\n",
    "add(\"Rng.__tostring\", meta(\"talon.Rng\", \"__tostring\"), function(o) "
    "return { o.rng } end)\n",
    "for _, k in ipairs { \"score\", \"breakdown\", \"locked\" } do\n",
    "  add(\"melds:\" .. k, method(\"talon.Melds\", k), function(o) return { "
    "o.melds, \"QS JD\", \"S\" } end)\n",
    "end\n",
    "add(\"melds:score_all\", method(\"talon.Melds\", \"score_all\"), "
    "function(o) return { o.melds, \"QS JD\" } end)\n",
    "add(\"melds:names\", method(\"talon.Melds\", \"names\"), function(o) "
    "return { o.melds } end)\n",
    "add(\"Melds.__len\", meta(\"talon.Melds\", \"__len\"), function(o) return "
    "{ o.melds } end)\n",
    "add(\"Melds.__tostring\", meta(\"talon.Melds\", \"__tostring\"), "
    "function(o) return { o.melds } end)\n",
    "add(\"Melds.__index\", meta(\"talon.Melds\", \"__index\"), function(o) "
    "return { o.melds, \"deck\" } end)\n",
    "add(\"TrickRules.__index\", meta(\"talon.TrickRules\", \"__index\"), "
    "function(o) return { o.rules, \"deck\" } end)\n",
    "add(\"TrickRules.__tostring\", meta(\"talon.TrickRules\", "
    "\"__tostring\"), function(o) return { o.rules } end)\n",
    "add(\"TrickWhy.__tostring\", meta(\"talon.TrickWhy\", \"__tostring\"), "
    "function() return { { because = \"x\" } } end)\n",
    "add(\"trick:play\", method(\"talon.Trick\", \"play\"), function(o) return "
    "{ o.trick, 1, \"AS\" } end)\n",
    "add(\"trick:play(down, hand)\", method(\"talon.Trick\", \"play\"), "
    "function(o) return { o.trick, 1, \"AS\", false, o.hand } end)\n",
    "add(\"trick:resolve\", method(\"talon.Trick\", \"resolve\"), function(o) "
    "return { o.trick, \"AS\", \"KS\" } end)\n",
    "add(\"trick:allows\", method(\"talon.Trick\", \"allows\"), function(o) "
    "return { o.trick, o.hand, \"AS\", false } end)\n",
    "add(\"trick:why\", method(\"talon.Trick\", \"why\"), function(o) return { "
    "o.trick, o.hand, \"AH\", false } end)\n",
    "add(\"trick:legal\", method(\"talon.Trick\", \"legal\"), function(o) "
    "return { o.trick, o.hand, o.hand2 } end)\n",
    "add(\"trick:plays\", method(\"talon.Trick\", \"plays\"), function(o) "
    "return { o.trick, o.hand } end)\n",
    "add(\"trick:random\", method(\"talon.Trick\", \"random\"), function(o) "
    "return { o.trick, o.hand, o.rng } end)\n",
    "add(\"trick:draw\", method(\"talon.Trick\", \"draw\"), function(o) "
    "return { o.trick, o.hand, o.rng, 2 } end)\n",
    "add(\"trick:play_random\", method(\"talon.Trick\", \"play_random\"), "
    "function(o) return { o.trick, 1, o.hand, o.rng } end)\n",
    "add(\"trick:add_to\", method(\"talon.Trick\", \"add_to\"), function(o) "
    "return { o.trick, o.hand2 } end)\n",
    "add(\"trick:beats\", method(\"talon.Trick\", \"beats\"), function(o) "
    "return { o.trick, \"AS\" } end)\n",
    "add(\"trick:at\", method(\"talon.Trick\", \"at\"), function(o) "
    "o.trick:play(1, \"AS\") return { o.trick, 1 } end)\n",
    "add(\"trick:reset\", method(\"talon.Trick\", \"reset\"), function(o) "
    "return { o.trick, \"H\" } end)\n",
    "for _, k in ipairs { \"winner\", \"explain\", \"cards\", \"points\", "
    "\"clear\", \"trump\", \"led\", \"size\", \"rules\", \"deck\" } do\n",
    "  add(\"trick:\" .. k, method(\"talon.Trick\", k), function(o) "
    "o.trick:play(1, \"AS\") return { o.trick } end)\n",
    "end\n",
    "add(\"trick:play_out\", method(\"talon.Trick\", \"play_out\"),\n",
    "  function(o) return { o.trick, o.hands, 1, o.rng, 2, {}, {}, 0, o.won } "
    "end)\n",
    "add(\"trick:play_tricks\", method(\"talon.Trick\", \"play_tricks\"),\n",
    "  function(o) return { o.trick, o.hands, 1, o.rng, {}, {}, 0, 4, o.won, "
    "function() return nil, 1 end, 0 } end)\n",
    "add(\"trick:play_sets\", method(\"talon.Trick\", \"play_sets\"),\n",
    "  function(o) return { o.trick, o.hands, 1, o.rng, {}, {}, 0, 4, o.won, "
    "function() return nil, 1 end, 0, nil, { lead = \"lead\", up = \"beat\", "
    "down = \"down\" }, { percent = 100, sides = { 1, 2 } } } end)\n",
    "add(\"trick:play_sets (extra)\", method(\"talon.Trick\", "
    "\"play_sets\"),\n",
    "  function(o) return { o.trick, o.hands, 1, o.rng, {}, {}, 0, 4, o.won, "
    "function() return nil, 1 end, 0, nil, { lead = \"lead\", up = \"beat\", "
    "down = \"down\" }, nil, 2 } end)\n",
    "add(\"trick:play_tricks (wake)\", method(\"talon.Trick\", "
    "\"play_tricks\"),\n",
    "  function(o) return { o.trick, o.hands, 1, o.rng, {}, {}, 0, 4, o.won, "
    "function() return nil, 1 end, 0, nil, nil, { counts = { 0, 0 }, "
    "sides = { 1, 2 }, to = 2 } } end)\n",
    "local function step_st(o) return { hands = o.hands, n = 2, n_in = 2, "
    "legal_into = o.hand2, won = o.won, tricks_won = { 0, 0 }, "
    "side_of = { 1, 2 }, tricks_played = 0 } end\n",
    "add(\"trick:step\", method(\"talon.Trick\", \"step\"),\n",
    "  function(o) return { o.trick, step_st(o), 1, o.card, {} } end)\n",
    "add(\"trick:step (end of a trick)\", method(\"talon.Trick\", \"step\"),\n",
    "  function(o) o.trick:play(1, \"KS\") return { o.trick, step_st(o), 2, "
    "o.deck:card(\"AH\"), { to = 2 } } end)\n",
    "add(\"Trick.__len\", meta(\"talon.Trick\", \"__len\"), function(o) return "
    "{ o.trick } end)\n",
    "add(\"Trick.__tostring\", meta(\"talon.Trick\", \"__tostring\"), "
    "function(o) return { o.trick } end)\n",
    "\n",
    "-- Errors that are not argument errors but documented outcomes of a "
    "call.\n",
    "local allowed = {\n",
    "  \"is not in the hand\", \"are not in the hand\", \"cannot pick a card "
    "from an empty hand\",\n",
    "  \"pile is full\", \"a hand holds at most\", \"cannot compare cards of "
    "two different decks\",\n",
    "}\n",
    "local function acceptable(msg)\n",
    "  if type(msg) ~= \"string\" then return false end\n",
    "  if msg:find(\"^bad argument #%d+ to '[^']+' %(.+%)$\") then return true "
    "end\n",
    "  for _, a in ipairs(allowed) do\n",
    "    if msg:find(a, 1, true) then return true end\n",
    "  end\n",
    "  return false\n",
    "end\n",
    "\n",
    "local bad, calls, errors = {}, 0, 0\n",
    "local function try(case, label, args, n)\n",
    "  local f = case.getf()\n",
    "  assert(type(f) == \"function\", case.name .. \": not a function\")\n",
    "  touched = nil\n",
    "  debug.sethook(function() error(\"instruction budget exhausted\", 0) "
    "end, \"\", 10000000)\n",
    "  local ok, err = pcall(f, table.unpack(args, 1, n))\n",
    "  debug.sethook()\n",
    "  calls = calls + 1\n",
    "  if not ok then errors = errors + 1 end\n",
    "  if touched then\n",
    "    bad[#bad + 1] = (\"%s %s: a metamethod ran (%s)\"):format(case.name, "
    "label, touched)\n",
    "  elseif not ok and not acceptable(err) then\n",
    "    bad[#bad + 1] = (\"%s %s: %s\"):format(case.name, label, "
    "tostring(err))\n",
    "  end\n",
    "end\n",
    "\n",
    "for _, case in ipairs(cases) do\n",
    "  local o = fresh()\n",
    "  local good = case.args(o)\n",
    "  local n = #good\n",
    "  try(case, \"(good arguments)\", good, n)\n",
    "  for k = 0, n - 1 do try(case, (\"(only %d arguments)\"):format(k), "
    "good, k) end\n",
    "  local more = { table.unpack(good, 1, n) }\n",
    "  for i, v in ipairs { 11, {}, \"x\", true, o.deck } do more[n + i] = v "
    "end\n",
    "  try(case, \"(5 extra arguments)\", more, n + 5)\n",
    "  for p = 1, n + 1 do\n",
    "    for _, h in ipairs(hostile(o)) do\n",
    "      local o2 = fresh()\n",
    "      local args = case.args(o2)\n",
    "      args[p] = h[2]\n",
    "      try(case, (\"(argument %d = %s)\"):format(p, h[1]), args, "
    "math.max(n, p))\n",
    "    end\n",
    "  end\n",
    "end\n",
    "-- Every key of every spec table set to every hostile value.\n",
    "local specs = {\n",
    "  { \"talon.deck\", T \"deck\", function() return { ranks = \"A K Q J\", "
    "copies = 2 } end,\n",
    "    { \"suits\", \"ranks\", \"points\", \"copies\", \"strip\", "
    "\"jokers\", \"joker_points\" },\n",
    "    function(_, spec) return { spec } end },\n",
    "  { \"talon.trickrules\", T \"trickrules\", function() return { follow = "
    "true } end,\n",
    "    { \"follow\", \"head\", \"head_reference\", \"void\", \"ranks\", "
    "\"top\", \"wild_top\",\n",
    "      \"lead_sizes\", \"face_down\" },\n",
    "    function(o, spec) return { o.deck, spec } end },\n",
    "  { \"talon.melds\", T \"melds\",\n",
    "    function() return { name = \"b\", ranks = \"Q K\", suit = \"each\", "
    "points = { 20, 40 } } end,\n",
    "    { \"name\", \"ranks\", \"cards\", \"suit\", \"size\", \"points\", "
    "\"trump_points\", \"uses\", \"includes\" },\n",
    "    function(o, spec) return { o.deck, { spec } } end },\n",
    "}\n",
    "for _, s in ipairs(specs) do\n",
    "  local name, getf, base, keys, args = table.unpack(s)\n",
    "  for _, k in ipairs(keys) do\n",
    "    for _, h in ipairs(hostile(fresh())) do\n",
    "      local o = fresh()\n",
    "      local spec = base()\n",
    "      spec[k] = h[2]\n",
    "      try({ name = name, getf = getf }, (\"(key %s = %s)\"):format(k, "
    "h[1]), args(o, spec), 2)\n",
    "    end\n",
    "  end\n",
    "end\n",
    "-- Every key of t:play_tricks's wake, and its first count and side, set\n",
    "-- to every hostile value.\n",
    "for _, k in ipairs { \"counts\", \"sides\", \"to\", \"counts1\", "
    "\"sides1\" } do\n",
    "  for _, h in ipairs(hostile(fresh())) do\n",
    "    local o = fresh()\n",
    "    local wake = { counts = { 0, 0 }, sides = { 1, 2 }, to = 2 }\n",
    "    if k == \"counts1\" then wake.counts[1] = h[2]\n",
    "    elseif k == \"sides1\" then wake.sides[1] = h[2]\n",
    "    else wake[k] = h[2] end\n",
    "    try({ name = \"trick:play_tricks\", getf = method(\"talon.Trick\", "
    "\"play_tricks\") },\n",
    "      (\"(wake.%s = %s)\"):format(k, h[1]), { o.trick, o.hands, 1, o.rng, "
    "{}, {}, 0, 4,\n",
    "      o.won, function() return nil, 1 end, 0, nil, nil, wake }, 14)\n",
    "  end\n",
    "end\n",
    "return calls, errors, table.concat(bad, \"\\n\")\n",
    NULL,
};

/* Every binding, every argument position, every hostile value; every key
 * of the deck, trick-rules and meld specs, every hostile value. */
static void every_binding_survives_every_hostile_argument(void **state) {
  lua_State *L = *state;
  lua_settop(L, 0);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 0; driver[i]; i++)
    luaL_addstring(&b, driver[i]);
  luaL_pushresult(&b);
  const char *code = lua_tostring(L, 1);
  if (luaL_loadbuffer(L, code, strlen(code), "=driver") != LUA_OK ||
      lua_pcall(L, 0, 3, 0) != LUA_OK)
    fail_msg("driver: %s", lua_tostring(L, -1));
  lua_Integer calls = lua_tointeger(L, 2), errors = lua_tointeger(L, 3);
  const char *bad = lua_tostring(L, 4);
  assert_true(calls > 5000);
  assert_true(errors > calls / 2); /* most hostile calls are refused */
  if (bad && *bad) fail_msg("calls that broke the rule:\n%s", bad);
}

/* The reported crash: an extra argument moved the new Melds off slot 3,
 * and its user value was set on the extra argument instead. */
static void melds_with_an_extra_argument_returns_the_melds(void **state) {
  lua_State *L = *state;
  expect(L, "return tostring(talon.melds(deck, {}, 11))", "Melds(0):");
  expect(L,
         "local m = talon.melds(deck, {{name='p', cards='QS JD', points=4}},"
         " 11, {}, 'x') collectgarbage() return m:score('QS JD') .. ' ' .. "
         "tostring(m.deck == deck)",
         "4 true");
}

/* The reported hang: rng:shuffle trusted a __len of 2^40. It reads the
 * raw length now; the table's own items are shuffled, __len never runs. */
static void shuffle_uses_the_real_length_not_a_lying_len(void **state) {
  lua_State *L = *state;
  expect(L,
         "local t = setmetatable({}, {__len=function() return 2^40 end}) "
         "return #r:shuffle(t) == 2^40 and next(t) == nil",
         "true");
  expect(L,
         "local ran = false local t = setmetatable({1, 2, 3}, {__len = "
         "function() ran = true return 2^40 end}) r:shuffle(t) "
         "local u = {rawget(t, 1), rawget(t, 2), rawget(t, 3)} table.sort(u) "
         "return table.concat(u, ' ') .. ' ' .. tostring(ran)",
         "1 2 3 false");
  expect_error(L,
               "local t = setmetatable({}, {__len=function() return 2^40 "
               "end, __index=function() error('ran') end}) return r:pick(t)",
               "bad argument #1 to 'pick' (cannot pick from an empty list)");
}

/* Lists of cards, deal patterns and strip lists are read raw too. */
static void card_lists_are_read_raw(void **state) {
  lua_State *L = *state;
  expect(L,
         "local t = setmetatable({'AS'}, {__len=function() return 2^40 end,"
         " __index=function() error('ran') end}) "
         "return tostring(deck:hand(t)) .. #deck:pile(t)",
         "{AS}1");
  expect(L,
         "local d = talon.deck{ ranks = 'A K', strip = setmetatable({'AS'},"
         " {__len=function() return 99 end}) } return #d",
         "7");
}

/* Spec tables are read raw: inherited keys are neither read nor checked. */
static void spec_tables_are_read_raw(void **state) {
  lua_State *L = *state;
  expect(L,
         "local spec = setmetatable({ranks = 'A K'}, {__index = function() "
         "error('ran') end}) return #talon.deck(spec)",
         "8");
  expect(L,
         "local spec = setmetatable({}, {__index = {follow = 'yes'}}) "
         "return tostring(talon.trickrules(deck, spec)):sub(1, 26)",
         "TrickRules{ follow=false l");
}

/* Integers are range-checked before any cast: nothing wraps. */
static void integers_are_checked_before_they_are_narrowed(void **state) {
  lua_State *L = *state;
  expect_error(L, "return deck:hand('AS'):suit(2^32 + 1)",
               "bad argument #1 to 'suit' (not a suit of this deck)");
  expect_error(L, "return deck:hand('AS'):suit(math.mininteger)",
               "not a suit of this deck");
  expect_error(L, "return talon.deck{ ranks = 'A', copies = math.maxinteger }",
               "'copies' must be 1 to 15, not 9223372036854775807");
  expect_error(L, "return talon.deck{ ranks = 'A', jokers = 0/0 }",
               "'jokers' must be an integer, not nan");
  expect(L, "return r:int(math.mininteger, math.maxinteger) ~= nil", "true");
  expect_error(L, "return deck:pile():cut(math.mininteger)",
               "cannot cut -9223372036854775808 cards");
}

/* t:play_tricks near the largest index: the stop test cannot overflow. */
static void play_tricks_at_the_largest_index_does_not_overflow(void **state) {
  lua_State *L = *state;
  expect(L,
         "local t = talon.trick(talon.trickrules(deck, {follow = true}))\n"
         "local hands = {deck:hand(), deck:hand()}\n"
         "hands[1]:add('AS KS QS JS AH KH QH JH', 2)\n"
         "hands[2]:add('AD KD QD JD AC KC QC JC', 2)\n"
         "local won = {deck:hand(), deck:hand()}\n"
         "local at = math.maxinteger - 17 -- the largest 'at' allowed\n"
         "local a = t:play_tricks(hands, 1, r, {}, {}, at, math.maxinteger,\n"
         "  won, function() return nil, 1 end)\n"
         "return (a - at) .. ' ' .. #won[1] + #won[2]",
         "16 16");
}

/* A Hand compared with other userdata is unequal, not an error. */
static void hand_equality_with_other_userdata_is_false(void **state) {
  lua_State *L = *state;
  expect(L,
         "local h = deck:hand() return tostring(h == deck:pile()) .. "
         "tostring(deck:pile() == h) .. tostring(h == r)",
         "falsefalsefalse");
}

/* getmetatable shows a public copy: changing it changes no other object. */
static void metatables_are_locked(void **state) {
  lua_State *L = *state;
  expect(L,
         "local h = deck:hand('AS') local mt = getmetatable(h) "
         "mt.__methods.add = nil mt.__index = {} "
         "h:add('KS') return #h .. ' ' .. getmetatable(deck:hand()).__name "
         ".. ' ' .. tostring(pcall(setmetatable, h, nil))",
         "2 talon.Hand false");
  expect(L,
         "local names = {} for _, x in ipairs{deck, deck:card('AS'), "
         "deck:hand(), deck:pile(), r, talon.melds(deck, {}), "
         "talon.trickrules(deck, {}), talon.trick(talon.trickrules(deck, {}))}"
         " do local mt = getmetatable(x) names[#names + 1] = mt.__name "
         "assert(rawget(mt, '__metatable') == nil) end "
         "return table.concat(names, ' ')",
         "talon.Deck talon.Card talon.Hand talon.Pile talon.Rng talon.Melds "
         "talon.TrickRules talon.Trick");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(
          every_binding_survives_every_hostile_argument, setup, teardown),
      cmocka_unit_test_setup_teardown(
          melds_with_an_extra_argument_returns_the_melds, setup, teardown),
      cmocka_unit_test_setup_teardown(
          shuffle_uses_the_real_length_not_a_lying_len, setup, teardown),
      cmocka_unit_test_setup_teardown(card_lists_are_read_raw, setup, teardown),
      cmocka_unit_test_setup_teardown(spec_tables_are_read_raw, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(
          integers_are_checked_before_they_are_narrowed, setup, teardown),
      cmocka_unit_test_setup_teardown(
          play_tricks_at_the_largest_index_does_not_overflow, setup, teardown),
      cmocka_unit_test_setup_teardown(
          hand_equality_with_other_userdata_is_false, setup, teardown),
      cmocka_unit_test_setup_teardown(metatables_are_locked, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
