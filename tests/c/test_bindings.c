/*
 * test_bindings.c - the deck, hand, rng and pile bindings seen from Lua
 * (docs/api.md "Decks and cards", "Hands", "Randomness", "Piles").
 *
 * Each test opens a fresh state with the standard libraries and
 * `require "talon"`, runs snippets, and checks their results or the exact
 * words of their errors: bad input must give a message naming the
 * argument and the token at fault (STYLE.md rule 5), never a crash; ASan
 * and UBSan watch every call.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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
  return 0;
}

static int teardown(void **state) {
  lua_close(*state);
  return 0;
}

/* Seed decks as Lua expressions (RULES.md: HOK-R1, HOS-R4, KOZ-R2,
 * BES-R2), defined in every snippet. */
static const char prelude[] =
    "local talon = require 'talon'\n"
    "local french = talon.deck{ ranks = 'A K Q J T 9 8 7 6 5 4 3 2' }\n"
    "local hosgin = talon.deck{ ranks = 'A T K Q J', copies = 4, "
    "  points = '11 10 4 3 2' }\n"
    "local kosel = talon.deck{ ranks = 'A T K Q J 9 8 7 6', "
    "  points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } }\n";

static void expect(lua_State *L, const char *code, const char *want) {
  snippet_expect(L, prelude, code, want);
}

static void expect_error(lua_State *L, const char *code, const char *part) {
  snippet_expect_error(L, prelude, code, part);
}

/* HOS-R6 (480 points), KOZ-R2 (36 cards, 120), BES-R3 (120 per pack),
 * HOK-R12 (52 minus 2C = 51): the seed decks built from Lua. */
static void seed_decks_have_their_sizes_and_points(void **state) {
  lua_State *L = *state;
  expect(L, "return #hosgin .. ' ' .. hosgin:full():points()", "80 480");
  expect(L, "return #kosel .. ' ' .. kosel:full():points()", "36 120");
  expect(L,
         "local b = talon.deck{ ranks = 'A T K Q J 9 8 7', copies = 2, "
         " points = {11, 10, 4, 3, 2, 0, 0, 0} } "
         "return #b .. ' ' .. b:full():points()",
         "64 240");
  expect(L,
         "local h = talon.deck{ ranks = 'A K Q J T 9 8 7 6 5 4 3 2', "
         " strip = '2C' } return h.size .. ' ' .. h:full():count('2D') "
         " .. ' ' .. h:full():count('3C')",
         "51 1 1");
  expect_error(L,
               "local h = talon.deck{ ranks = 'A K Q J T 9 8 7 6 5 4 3 2', "
               " strip = '2C' } return h:card('2C')",
               "card 2C was stripped from this deck");
}

/* RULES.md §0 card notation: every spelling gives the one interned Card,
 * so == and table keys work; Unicode prints 10, ASCII T. */
static void card_notations_give_one_interned_card(void **state) {
  lua_State *L = *state;
  expect(L,
         "local q = french:card('QS') "
         "return rawequal(q, french:card('qs')) and rawequal(q, "
         " french:card('Q\u2660')) and rawequal(q, french:card('Q\u2664')) "
         " and french:card('TS') == french:card('10S')",
         "true");
  expect(L, "return french:card('10h'):name('unicode')", "10\u2665");
  expect(L, "return tostring(french:card('10h'))", "TH");
  expect(L, "return ({ [french:card('QS')] = 'q' })[french:card('Q\u2660')]",
         "q");
  expect(L, "return french:card('AS') < french:card('KS')", "true");
}

/* talon.style is a setting of the Lua state: colour wraps red suits in
 * ANSI red, and another state keeps its own default. */
static void style_is_per_state_and_colours_red_suits(void **state) {
  lua_State *L = *state;
  expect(L,
         "talon.style('color') local s = tostring(french:hand('AH KS')) "
         "talon.style('ascii') return s",
         "{K\u2660 \x1b[31mA\u2665\x1b[39m}");
  expect(L, "talon.style('unicode') return talon.style()", "unicode");
  lua_State *other;
  setup((void **)&other);
  expect(other, "return tostring(french:card('AH'))", "AH");
  teardown((void **)&other);
  expect(L, "return tostring(french:card('AH'))", "A\u2665");
  expect_error(L, "return talon.style('fancy')", "invalid option 'fancy'");
}

/* A bad card names the token and what would be valid (docs/api.md). */
static void bad_card_names_token_and_valid_cards(void **state) {
  lua_State *L = *state;
  expect_error(L, "return french:card('ZS')",
               "bad argument #1 to 'card' (no card \"ZS\" in this deck: a "
               "card is a rank (A K Q J T 9 8 7 6 5 4 3 2) followed by a "
               "suit (S H D C))");
  expect_error(L, "return french:hand('QS ZZ')", "card 2: no card \"ZZ\"");
  expect_error(L, "return french:hand{'QS', 'ZZ'}",
               "bad argument #1 to 'hand' (card 2: no card \"ZZ\"");
  expect_error(L, "return french:hand('x2 QS')",
               "count \"x2\" follows no card");
  expect_error(L, "return talon.deck{ ranks = 'A K', bogus = 1 }",
               "bad argument #1 to 'deck' (unknown key 'bogus'");
  expect_error(L, "return talon.deck{ ranks = 'A K', points = '1 2 3' }",
               "need one integer per rank (2 ranks: A K)");
  expect_error(L, "return talon.deck{ ranks = 'A K', copies = 2^40 }",
               "'copies' must be an integer");
  expect_error(L, "return talon.deck{ ranks = 'A K', copies = 99 }",
               "'copies' must be 1 to 15, not 99");
  expect_error(L, "return talon.deck{ ranks = 'A K', suits = {} }",
               "'suits' must be a string of names, not table");
}

/* Wrong argument types (nil, 1.5, a table, a Hand of another deck) give
 * "bad argument #n" and leave the objects as they were. */
static void wrong_argument_types_are_bad_arguments(void **state) {
  lua_State *L = *state;
  static const char *const args[] = {"nil", "1.5", "{{}}", "print", "true"};
  char code[256];
  for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
    snprintf(code, sizeof code, "return french:card(%s)", args[i]);
    expect_error(L, code, "bad argument #1 to 'card'");
    snprintf(code, sizeof code, "return french:hand():count(%s)", args[i]);
    expect_error(L, code, "bad argument #1 to 'count'");
    snprintf(code, sizeof code, "return talon.rng(1):below(%s)", args[i]);
    expect_error(L, code, "bad argument #1 to 'below'");
    snprintf(code, sizeof code, "return french:pile():shuffle(%s)", args[i]);
    expect_error(L, code, "bad argument #1 to 'shuffle'");
  }
  expect_error(L, "return french:hand():add(hosgin:hand('QS'))",
               "bad argument #1 to 'add' (hand belongs to another deck)");
  expect_error(L, "return french:hand() + hosgin:hand('QS')",
               "hand belongs to another deck");
  expect_error(L, "return french:hand():count(hosgin:card('QS'))",
               "card QS belongs to another deck");
  expect_error(L, "return french:hand():add{'QS', 3}",
               "card 2: a card or a card name expected, got number");
  expect_error(L, "return french:pile():deal({ hosgin:hand() }, {1})",
               "bad argument #1 to 'deal' (entry 1 is not a hand");
  expect_error(L, "return french:pile():deal({ french:hand() }, {1.5})",
               "bad argument #2 to 'deal' (packet 1 must be an integer");
  expect_error(L, "return talon.rng(1.5)",
               "bad argument #1 to 'rng' (integer or string seed expected");
  expect_error(L, "return french:card('AS') < hosgin:card('AS')",
               "cannot compare cards of two different decks");
  expect(L,
         "local h = french:hand('AS') pcall(h.add, h, 1.5) "
         "pcall(h.remove, h, 'KS') return tostring(h)",
         "{AS}");
}

/* HOS-R4 hands are multisets; removing a card that is not there raises and
 * changes nothing (docs/api.md "Hands"). */
static void hand_metamethods_and_remove_errors(void **state) {
  lua_State *L = *state;
  expect(L,
         "local a, b = hosgin:hand('QS QS KS'), hosgin:hand('QS JD') "
         "return tostring(a + b) .. tostring(a - b) .. tostring(a * b) "
         " .. #a .. tostring(a == hosgin:hand('KS QSx2'))",
         "{KS QSx3 JD}{KS QS}{QS}3true");
  expect_error(L, "local h = hosgin:hand('QS KS') return h:remove('AS')",
               "AS is not in the hand {KS QS}");
  expect(L,
         "local h = hosgin:hand('QS KS') pcall(h.remove, h, 'QS', 2) "
         "return tostring(h)",
         "{KS QS}");
  expect(L,
         "local out = {} for c, n in hosgin:hand('JD QS QS AS'):each() do "
         " out[#out + 1] = tostring(c) .. n end return table.concat(out, ' ')",
         "AS1 QS2 JD1");
}

/* Objects keep their deck alive through their user value (lua_util.h):
 * a card, hand or pile outlives every other reference to the deck. */
static void objects_keep_their_deck_alive(void **state) {
  lua_State *L = *state;
  expect(L,
         "local c = talon.deck{ ranks = 'A K' }:card('KH') "
         "local h = talon.deck{ ranks = 'A K' }:hand('AS AS') "
         "local p = talon.deck{ ranks = 'A K' }:pile() "
         "collectgarbage() collectgarbage() "
         "return tostring(c) .. #c.deck .. tostring(h) .. #h:deck() "
         " .. tostring(p:draw())",
         "KH8{ASx2}8AS");
}

/* 64-bit FNV-1a written from its definition (offset basis and prime). */
static uint64_t fnv1a_ref(const char *s) {
  uint64_t h = 14695981039346656037u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

/* docs/api.md "Randomness": a string seed is its FNV-1a hash, the state
 * round-trips exactly, and a clone continues the same sequence. */
static void rng_seeds_and_state_round_trip(void **state) {
  lua_State *L = *state;
  char code[256];
  snprintf(code, sizeof code,
           "return talon.rng('lesson-3'):state() == "
           " talon.rng(math.tointeger(%lld)):state()",
           (long long)fnv1a_ref("lesson-3"));
  expect(L, code, "true");
  expect(L,
         "local r = talon.rng(7) r:below(10) local s = r:state() "
         "local a = {} for i = 1, 5 do a[i] = r:int(1, 1000) end "
         "r:set_state(s) for i = 1, 5 do "
         " if r:int(1, 1000) ~= a[i] then return 'differs' end end "
         "local c = r:clone() return c:below(1 << 40) == r:below(1 << 40)",
         "true");
  expect(L,
         "local r = talon.rng(1) return r:int(math.mininteger, "
         " math.maxinteger) ~= nil and r:int(5, 5) == 5",
         "true");
  expect_error(L, "return talon.rng(1):set_state(' ' .. ('1'):rep(63))",
               "not a state from rng:state()");
  expect_error(L, "return talon.rng(1):set_state(('0'):rep(64))", "not all 0");
  expect_error(L, "return talon.rng(1):int(3, 2)", "interval is empty");
}

/* HOK-R9 5-4-4 in one call; HOK-R12 5 then 4-4-4 for three players in two
 * calls; a failed deal changes nothing; same seed, same deal. */
static void deals_follow_patterns_and_fail_cleanly(void **state) {
  lua_State *L = *state;
  expect(L,
         "local p = french:pile():shuffle(talon.rng(9)) "
         "local hs = { french:hand(), french:hand(), french:hand(), "
         " french:hand() } p:deal(hs, {5, 4, 4}) "
         "return #hs[1] .. #hs[4] .. ' ' .. #p",
         "1313 0");
  expect(L,
         "local function deal(seed) local p = french:pile():shuffle( "
         " talon.rng(seed)) local hs = { french:hand(), french:hand() } "
         " p:deal(hs, {3, 2}) return tostring(hs[1]) .. tostring(hs[2]) end "
         "return deal('x') == deal('x') and deal('x') ~= deal('y')",
         "true");
  expect(L,
         "local p = french:pile() local hs = { french:hand('AS') } "
         "local before = tostring(p) "
         "local ok = pcall(p.deal, p, hs, {40, 20}) "
         "return tostring(ok) .. #p .. tostring(hs[1]) "
         " .. tostring(tostring(p) == before)",
         "false52{AS}true");
  expect_error(L, "return french:pile('AS KS'):deal({ french:hand() }, {3})",
               "the pattern needs 3 cards but the pile holds only 2");
  expect(L,
         "local p = french:pile('AS KS QS') local t = p:draw() "
         "p:put_bottom(t) return tostring(p) .. tostring(p:bottom())",
         "[KS QS AS]AS");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(seed_decks_have_their_sizes_and_points,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(card_notations_give_one_interned_card,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(style_is_per_state_and_colours_red_suits,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(bad_card_names_token_and_valid_cards,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(wrong_argument_types_are_bad_arguments,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(hand_metamethods_and_remove_errors, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(objects_keep_their_deck_alive, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(rng_seeds_and_state_round_trip, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(deals_follow_patterns_and_fail_cleanly,
                                      setup, teardown),
  };
  return cmocka_run_group_tests_name("bindings", tests, NULL, NULL);
}
