/*
 * bench_meld.c - ns per full meld scoring of a 25-card Hosgin hand for all
 * four trumps: the raw C call, the Lua->C call through talon.melds, and an
 * idiomatic pure-Lua scorer (HOS-R19 over a Lua count table n[rank][suit],
 * tests/lua/reference/meld_ref.lua) run in a lua_State in this program.
 * Every scorer sees the same seeded hands; their totals are checked equal
 * before anything is timed.
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <string.h>

#include "meld.h"
#include "pile.h"
#include "rng.h"
#include "talon_lua.h"
#include "cputime.h"

enum { NHANDS = 4096, ROUNDS = 7 };

/* Runs the Lua chunk 'src' (which returns a function) once and calls the
 * function; returns the ns it took or -1 after printing the error. */
static double time_lua(lua_State *L, const char *src) {
  if (luaL_dostring(L, src) != LUA_OK) goto fail;
  double t0 = bench_cputime();
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) goto fail;
  return (bench_cputime() - t0) * 1e9;
fail:
  fprintf(stderr, "bench_meld: %s\n", lua_tostring(L, -1));
  lua_pop(L, 1);
  return -1;
}

/* The Lua side: the deck, the table, the hands as Hand userdata and as
 * count tables, and a check that all three scorers agree. */
static const char *const setup_lua =
    "package.path = SRC .. '/?.lua;' .. package.path\n"
    "local talon = require 'talon'\n"
    "local hm = require 'tests.lua.meld.hosgin_melds'\n"
    "local ref = require 'tests.lua.reference.meld_ref'\n"
    "local deck = talon.deck(hm.deck)\n"
    "M = talon.melds(deck, hm.table())\n"
    "REF, HANDS, COUNTS = ref.hosgin, {}, {}\n"
    "for i = 1, #CARDS do\n"
    "  HANDS[i] = deck:hand(CARDS[i])\n"
    "  COUNTS[i] = ref.counts(HANDS[i], deck:ranks())\n"
    "  local a = { M:score_all(HANDS[i]) }\n"
    "  for j, s in ipairs({ 'S', 'H', 'D', 'C' }) do\n"
    "    assert(a[j] == ref.hosgin(COUNTS[i], s, 'double'), 'disagree')\n"
    "    assert(a[j] == TOTALS[i][j], 'raw C disagrees')\n"
    "  end\n"
    "end\n";

static const char *const via_binding =
    "return function()\n"
    "  local m, hands, score_all = M, HANDS, M.score_all\n"
    "  for i = 1, #hands do local _, _, _, _ = score_all(m, hands[i]) end\n"
    "end\n";

static const char *const pure_lua =
    "return function()\n"
    "  local counts, score = COUNTS, REF\n"
    "  for i = 1, #counts do\n"
    "    local n = counts[i]\n"
    "    local _, _, _, _ = score(n, 'S', 'double'), score(n, 'H', 'double'),\n"
    "      score(n, 'D', 'double'), score(n, 'C', 'double')\n"
    "  end\n"
    "end\n";

static void spec(tv_meld_spec *s, const tv_deck *d, const char *name, int scope,
                 const char *ranks, int32_t p1, int32_t p2) {
  memset(s, 0, sizeof *s);
  strcpy(s->name, name);
  s->scope = (uint8_t)scope;
  for (const char *r = ranks; *r; r++)
    if (*r != ' ') s->ranks |= (uint16_t)(1u << tv_deck_find_rank(d, r, 1));
  s->points[0] = p1;
  s->points[1] = p2;
  s->nlevels = p2 ? 2 : 0;
}

/* The table of tests/lua/meld/hosgin_melds.lua ("double"), built in C. */
static tv_status hosgin_table(tv_meld_table *t, const tv_deck *d, tv_err *e) {
  tv_meld_spec s[8];
  tv_card jd, qs;
  spec(&s[0], d, "bella", TV_MELD_EACH, "Q K", 20, 0);
  s[0].trump_points[0] = 40, s[0].has_trump_points = 1;
  spec(&s[1], d, "trump series", TV_MELD_TRUMP, "J Q K T A", 150, 0);
  s[1].ninc = 1, s[1].inc_meld[0] = 0, s[1].inc_times[0] = 1;
  spec(&s[2], d, "complete series", TV_MELD_ALL, "Q K", 240, 2400);
  s[2].ninc = 3;
  for (int i = 0; i < 3; i++)
    s[2].inc_meld[i] = (uint8_t)(i ? 3 + i : 0), s[2].inc_times[i] = 1;
  spec(&s[3], d, "jack series", TV_MELD_ALL, "J", 40, 400);
  spec(&s[4], d, "queen series", TV_MELD_ALL, "Q", 60, 600);
  spec(&s[5], d, "king series", TV_MELD_ALL, "K", 80, 800);
  spec(&s[6], d, "ace series", TV_MELD_ALL, "A", 100, 1000);
  spec(&s[7], d, "pinik", TV_MELD_CARDS, "J", 40, 300);
  s[7].ranks = 0, s[7].nlevels = 4, s[7].points[2] = 300;
  memcpy(s[7].uses, (uint8_t[]){1, 2, 2, 4}, 4);
  if (tv_card_parse(d, "JD", 2, &jd, e) || tv_card_parse(d, "QS", 2, &qs, e))
    return TV_EINVAL;
  s[7].need[jd] = s[7].need[qs] = 1;
  return tv_meld_compile(t, d, s, 8, e);
}

/* Deals NHANDS seeded 25-card hands; puts them in Lua as CARDS (strings)
 * and their raw C totals as TOTALS. */
static void deal_hands(lua_State *L, const tv_deck *d, tv_hand *hands,
                       const tv_meld_table *t) {
  tv_rng r;
  tv_pile p;
  tv_rng_seed(&r, 42);
  lua_createtable(L, NHANDS, 0);
  lua_createtable(L, NHANDS, 0);
  for (int i = 0; i < NHANDS; i++) {
    char buf[512];
    int64_t out[4];
    tv_pile_from_deck(&p, d);
    tv_pile_shuffle(&p, &r);
    tv_hand_clear(&hands[i]);
    for (int k = 0; k < 25; k++)
      tv_hand_add(&hands[i], tv_pile_draw(&p), 1);
    tv_hand_format(d, &hands[i], TV_STYLE_ASCII, buf, sizeof buf);
    lua_pushstring(L, buf);
    lua_rawseti(L, -3, i + 1);
    tv_meld_score_all(t, &hands[i], out);
    lua_createtable(L, 4, 0);
    for (int s = 0; s < 4; s++) {
      lua_pushinteger(L, (lua_Integer)out[s]);
      lua_rawseti(L, -2, s + 1);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_setglobal(L, "TOTALS");
  lua_setglobal(L, "CARDS");
}

static double best_c(const tv_meld_table *t, const tv_hand *hands,
                     int64_t *sink) {
  double best = 1e300;
  for (int round = 0; round < ROUNDS; round++) {
    int64_t out[4];
    double t0 = bench_cputime();
    for (int i = 0; i < NHANDS; i++) {
      tv_meld_score_all(t, &hands[i], out);
      *sink += out[0] + out[1] + out[2] + out[3];
    }
    double dt = (bench_cputime() - t0) * 1e9 / NHANDS;
    best = dt < best ? dt : best;
  }
  return best;
}

static double best_lua(lua_State *L, const char *src) {
  double best = 1e300;
  for (int round = 0; round < ROUNDS; round++) {
    double dt = time_lua(L, src) / NHANDS;
    if (dt < 0) return -1;
    best = dt < best ? dt : best;
  }
  return best;
}

int main(void) {
  static tv_hand hands[NHANDS];
  tv_deck d;
  tv_meld_table t;
  tv_err e;
  int64_t sink = 0;
  lua_State *L = luaL_newstate();
  if (!L || tv_deck_init(&d, "S H D C", "A T K Q J", &e) ||
      tv_deck_set_copies(&d, 4, &e) || hosgin_table(&t, &d, &e)) {
    fprintf(stderr, "bench_meld: setup failed: %s\n", L ? e.msg : "no Lua");
    return 1;
  }
  luaL_openlibs(L);
  luaL_requiref(L, "talon", luaopen_talon, 0);
  lua_pop(L, 1);
  lua_pushstring(L, TALON_SOURCE_DIR);
  lua_setglobal(L, "SRC");
  deal_hands(L, &d, hands, &t);
  if (luaL_dostring(L, setup_lua) != LUA_OK) {
    fprintf(stderr, "bench_meld: %s\n", lua_tostring(L, -1));
    return 1;
  }
  double c = best_c(&t, hands, &sink);
  double bind = best_lua(L, via_binding), lua = best_lua(L, pure_lua);
  printf("meld scoring, 25-card Hosgin hand, all 4 trumps (%d hands, best "
         "of %d)\n",
         NHANDS, ROUNDS);
  printf("  raw C  tv_meld_score_all   %8.1f ns/hand\n", c);
  printf("  Lua->C m:score_all(hand)   %8.1f ns/hand\n", bind);
  printf("  pure Lua HOS-R19 x4        %8.1f ns/hand\n", lua);
  printf("  ratio pure Lua / raw C     %8.1fx\n", lua / c);
  printf("  ratio pure Lua / Lua->C    %8.1fx   (checksum %lld)\n", lua / bind,
         (long long)sink);
  lua_close(L);
  return 0;
}
