/*
 * bench_trick.c - ns per legal-card generation and per trick resolution:
 * the raw C call, the Lua->C calls through talon.trick, and an idiomatic
 * pure-Lua implementation of the same work (integer cards, count tables,
 * reused arrays) run in a lua_State of this program. Three workloads:
 *   legal    one-card follower under HOS-R26 (follow, overtrump on a trump
 *            lead, trump when void), 8-card Hosgin hand, 0-2 cards played;
 *   resolve  a 3-card Hosgin trick: play the cards, ask the winner (five
 *            calls: clear, three plays, winner; and t:resolve, one call);
 *   sets     a 4-player Kosel trick of 3-card sets (KOZ-R8 matching, the
 *            Schocha): play the sets, ask the winner.
 * Every implementation sees the same seeded scenarios, and the results are
 * checked equal before anything is timed.
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "talon_lua.h"
#include "trick.h"
#include "cputime.h"

enum { N = 4096, ROUNDS = 7, HAND = 8 };

typedef struct scen {
  tv_trick t;      /* legal: the trick so far (0-2 cards) */
  tv_hand h;       /* legal: the follower's hand */
  tv_card full[3]; /* resolve: a whole one-card trick */
  tv_hand sets[4]; /* sets: four 3-card sets, the first a lead */
  bool down[4];    /* sets: played face down (it cannot beat) */
} scen;

/* ---- the Lua side ------------------------------------------------------ */

/* Builds the talon objects and the pure-Lua data from the integer kinds in
 * PRE/HANDK (legal, resolve) and SETS (sets), and checks agreement. */
static const char *const setup_lua =
    "local talon = require 'talon'\n"
    "HD = talon.deck{ ranks = 'A T K Q J', copies = 4 }\n"
    "KD = talon.deck{ ranks = 'A T K Q J 9 8 7 6' }\n"
    "local hk, kk = HD:kinds(), KD:kinds()\n"
    "local hr = talon.trickrules(HD, { follow = true, head = 'trump_led',"
    " void = 'trump' })\n"
    "local kr = talon.trickrules(KD, { lead_sizes = {1, 2, 3, 4}, top = '6S',"
    " wild_top = true, face_down = 'allowed' })\n"
    "TRICKS, HANDS, COUNTS, OUT, CARDS = {}, {}, {}, HD:hand(), {}\n"
    "for i = 1, #PRE do\n"
    "  local t = talon.trick(hr, 'D')\n"
    "  for j, k in ipairs(PRE[i]) do t:play(j, hk[k + 1]) end\n"
    "  TRICKS[i] = t\n"
    "  local h, n = HD:hand(), {}\n"
    "  for k = 1, 20 do n[k] = 0 end\n"
    "  for _, k in ipairs(HANDK[i]) do h:add(hk[k + 1]); n[k + 1] = n[k + 1] + "
    "1 end\n"
    "  HANDS[i], COUNTS[i] = h, n\n"
    "  local c = {}\n"
    "  for j, k in ipairs(FULL[i]) do c[j] = hk[k + 1] end\n"
    "  CARDS[i] = c\n"
    "end\n"
    "KT, KSETS = talon.trick(kr, 'H'), {}\n"
    "for i = 1, #SETS do\n"
    "  local s = {}\n"
    "  for j, set in ipairs(SETS[i]) do\n"
    "    local h = KD:hand()\n"
    "    for _, k in ipairs(set) do h:add(kk[k + 1]) end\n"
    "    s[j] = h\n"
    "  end\n"
    "  KSETS[i] = s\n"
    "end\n";

/* The pure-Lua implementation: kinds are suit * nranks + rank, rank 0 the
 * highest; a hand is a count table indexed by kind + 1. */
static const char *const pure_lua_src =
    "local NR = 5\n"
    "local function wins(c, w, trump)\n"
    "  local cs, ws = c // NR, w // NR\n"
    "  if cs == ws then return c < w end\n"
    "  return cs == trump\n"
    "end\n"
    "function LEGAL(trick, n, trump, hand, out)\n"
    "  local m = 0\n"
    "  if n > 0 then\n"
    "    local w = trick[1]\n"
    "    for i = 2, n do if wins(trick[i], w, trump) then w = trick[i] end "
    "end\n"
    "    local led = trick[1] // NR\n"
    "    for k = led * NR, led * NR + NR - 1 do\n"
    "      if hand[k + 1] > 0 then m = m + 1; out[m] = k end\n"
    "    end\n"
    "    if m > 0 and led == trump then\n"
    "      local up = 0\n"
    "      for i = 1, m do if out[i] < w then up = up + 1; out[up] = out[i] "
    "end "
    "end\n"
    "      if up > 0 then m = up end\n"
    "    end\n"
    "    if m > 0 then return m end\n"
    "    for k = trump * NR, trump * NR + NR - 1 do\n"
    "      if hand[k + 1] > 0 then m = m + 1; out[m] = k end\n"
    "    end\n"
    "    if m > 0 then return m end\n"
    "  end\n"
    "  for k = 0, 19 do if hand[k + 1] > 0 then m = m + 1; out[m] = k end end\n"
    "  return m\n"
    "end\n"
    "function WINNER(trick, n, trump)\n"
    "  local best = 1\n"
    "  for i = 2, n do if wins(trick[i], trick[best], trump) then best = i "
    "end end\n"
    "  return best\n"
    "end\n"
    "local KNR, TOP = 9, 8\n" /* 6S is kind 8 */
    "local function beats(c, b, trump)\n"
    "  if c == TOP then return b ~= TOP end\n"
    "  if b == TOP then return false end\n"
    "  local cs, bs = c // KNR, b // KNR\n"
    "  if cs == bs then return c < b end\n"
    "  return cs == trump\n"
    "end\n"
    "local function match(c, b, i, used, trump)\n"
    "  if i > #c then return true end\n"
    "  for j = 1, #b do\n"
    "    if not used[j] and beats(c[i], b[j], trump) then\n"
    "      used[j] = true\n"
    "      if match(c, b, i + 1, used, trump) then used[j] = false; return "
    "true "
    "end\n"
    "      used[j] = false\n"
    "    end\n"
    "  end\n"
    "  return false\n"
    "end\n"
    "local used = {}\n"
    "function SET_WINNER(sets, trump)\n"
    "  local best = 1\n"
    "  for i = 2, #sets do\n"
    "    if match(sets[i], sets[best], 1, used, trump) then best = i end\n"
    "  end\n"
    "  return best\n"
    "end\n"
    /* The same five calls on a trick object written in Lua: no checks,
     * the winner kept as plays arrive, as tv_trick does. */
    "local Trick = {}\n"
    "Trick.__index = Trick\n"
    "function Trick:clear() self.n, self.best = 0, 0; return self end\n"
    "function Trick:play(seat, c)\n"
    "  local n = self.n + 1\n"
    "  self.n, self.seats[n], self.cards[n] = n, seat, c\n"
    "  if n == 1 or wins(c, self.cards[self.best], self.trump) then "
    "self.best = n end\n"
    "  return true\n"
    "end\n"
    "function Trick:winner()\n"
    "  local b = self.best\n"
    "  if b > 0 then return b, self.seats[b] end\n"
    "end\n"
    "LTRICK = setmetatable({ n = 0, best = 0, trump = 2, seats = {}, cards = "
    "{} }, Trick)\n"
    "local out = {}\n"
    "for i = 1, #PRE do\n"
    "  local m = LEGAL(PRE[i], #PRE[i], 2, COUNTS[i], out)\n"
    "  local distinct = 0\n"
    "  for _ in TRICKS[i]:legal(HANDS[i]):each() do distinct = distinct + 1 "
    "end\n"
    "  assert(m == distinct, 'legal disagrees at ' .. i)\n"
    "  assert(WINNER(FULL[i], 3, 2) == RES_C[i], 'winner disagrees at ' .. i)\n"
    "  LTRICK:clear()\n"
    "  for j = 1, 3 do LTRICK:play(j, FULL[i][j]) end\n"
    "  assert(LTRICK:winner() == RES_C[i], 'trick object disagrees ' .. i)\n"
    "  assert(SET_WINNER(SETS[i], 1) == SET_C[i], 'set winner disagrees ' .. "
    "i)\n"
    "end\n";

static const char *const time_legal_binding =
    "return function()\n"
    "  local legal, tricks, hands, out = TRICKS[1].legal, TRICKS, HANDS, OUT\n"
    "  for i = 1, #tricks do legal(tricks[i], hands[i], out) end\n"
    "end\n";

static const char *const time_legal_lua =
    "return function()\n"
    "  local legal, pre, counts, out = LEGAL, PRE, COUNTS, {}\n"
    "  for i = 1, #pre do local p = pre[i]; legal(p, #p, 2, counts[i], out) "
    "end\n"
    "end\n";

static const char *const time_resolve_binding =
    "return function()\n"
    "  local t = TRICKS[1]\n"
    "  local clear, play, winner, cards = t.clear, t.play, t.winner, CARDS\n"
    "  for i = 1, #cards do\n"
    "    local c = cards[i]\n"
    "    clear(t); play(t, 1, c[1]); play(t, 2, c[2]); play(t, 3, c[3])\n"
    "    local _ = winner(t)\n"
    "  end\n"
    "end\n";

static const char *const time_resolve_one =
    "return function()\n"
    "  local t = TRICKS[1]\n"
    "  local resolve, cards = t.resolve, CARDS\n"
    "  for i = 1, #cards do\n"
    "    local c = cards[i]\n"
    "    local _ = resolve(t, c[1], c[2], c[3])\n"
    "  end\n"
    "end\n";

static const char *const time_resolve_lua_object =
    "return function()\n"
    "  local t, full = LTRICK, FULL\n"
    "  for i = 1, #full do\n"
    "    local f = full[i]\n"
    "    t:clear(); t:play(1, f[1]); t:play(2, f[2]); t:play(3, f[3])\n"
    "    local _ = t:winner()\n"
    "  end\n"
    "end\n";

/* Five calls of a method that does nothing but check its trick: the
 * floor under clear + three plays + winner. */
static const char *const time_call_floor =
    "return function()\n"
    "  local t = TRICKS[1]\n"
    "  local size, cards = t.size, CARDS\n"
    "  for i = 1, #cards do\n"
    "    local _ = cards[i]\n"
    "    size(t); size(t); size(t); size(t); size(t)\n"
    "  end\n"
    "end\n";

static const char *const time_resolve_lua =
    "return function()\n"
    "  local winner, full, tr = WINNER, FULL, {}\n"
    "  for i = 1, #full do\n"
    "    local f = full[i]\n"
    "    tr[1], tr[2], tr[3] = f[1], f[2], f[3]\n"
    "    local _ = winner(tr, 3, 2)\n"
    "  end\n"
    "end\n";

static const char *const time_sets_binding =
    "return function()\n"
    "  local t, sets, down = KT, KSETS, DOWN\n"
    "  local clear, play, winner = t.clear, t.play, t.winner\n"
    "  for i = 1, #sets do\n"
    "    local s, d = sets[i], down[i]\n"
    "    clear(t)\n"
    "    for j = 1, 4 do play(t, j, s[j], d[j]) end\n"
    "    local _ = winner(t)\n"
    "  end\n"
    "end\n";

static const char *const time_sets_lua =
    "return function()\n"
    "  local winner, sets = SET_WINNER, SETS\n"
    "  for i = 1, #sets do local _ = winner(sets[i], 1) end\n"
    "end\n";

/* ---- scenarios ---------------------------------------------------------- */

/* A random Hosgin card with a copy left in 'left' (4 copies per kind). */
static tv_card draw(tv_rng *r, uint8_t *left) {
  for (;;) {
    tv_card k = (tv_card)tv_rng_below(r, 20);
    if (left[k]) {
      left[k]--;
      return k;
    }
  }
}

static void push_kinds(lua_State *L, const tv_card *k, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, k[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static void push_hand_kinds(lua_State *L, const tv_hand *h) {
  tv_card k[TV_TRICK_MAX_SET * 4];
  int n = 0;
  for (int i = 0; i < h->size && n < (int)(sizeof k); i++)
    k[n++] = tv_hand_nth(h, i);
  push_kinds(L, k, n);
}

static tv_hand one(tv_card k) {
  tv_hand h;
  tv_hand_clear(&h);
  tv_hand_add(&h, k, 1);
  return h;
}

/* Hosgin: the trick so far, the hand, a whole trick. Lua: PRE, HANDK, FULL
 * (tables of kinds), RES_C (the C winners). */
static void hosgin_scenario(lua_State *L, int i, scen *s, tv_rng *r) {
  uint8_t left[20];
  tv_card pre[2];
  tv_err e;
  memset(left, 4, sizeof left);
  int npre = (int)tv_rng_below(r, 3);
  for (int j = 0; j < npre; j++) {
    tv_hand c = one(pre[j] = draw(r, left));
    tv_trick_play(&s->t, j, &c, false, &e);
  }
  tv_hand_clear(&s->h);
  for (int j = 0; j < HAND; j++)
    tv_hand_add(&s->h, draw(r, left), 1);
  memset(left, 4, sizeof left);
  tv_trick full;
  tv_trick_init(&full, s->t.deck, s->t.rules, 2);
  for (int j = 0; j < 3; j++) {
    tv_hand c = one(s->full[j] = draw(r, left));
    tv_trick_play(&full, j, &c, false, &e);
  }
  lua_getglobal(L, "PRE");
  push_kinds(L, pre, npre);
  lua_rawseti(L, -2, i);
  lua_getglobal(L, "HANDK");
  push_hand_kinds(L, &s->h);
  lua_rawseti(L, -2, i);
  lua_getglobal(L, "FULL");
  push_kinds(L, s->full, 3);
  lua_rawseti(L, -2, i);
  lua_getglobal(L, "RES_C");
  lua_pushinteger(L, tv_trick_winner(&full) + 1);
  lua_rawseti(L, -2, i);
  lua_pop(L, 4);
}

/* Kosel: a 3-card lead of one suit and three random 3-card sets, each
 * face down unless it beats. Lua: SETS, DOWN, SET_C. */
static void kosel_scenario(lua_State *L, int i, scen *s, tv_rng *r,
                           tv_trick *kt) {
  uint8_t pile[36], used[36] = {0};
  tv_err e;
  for (int k = 0; k < 36; k++)
    pile[k] = (uint8_t)k;
  tv_rng_shuffle(r, pile, 36);
  int suit = pile[0] / 9, n = 0;
  tv_trick_clear(kt);
  lua_getglobal(L, "SETS");
  lua_createtable(L, 4, 0);
  lua_getglobal(L, "DOWN");
  lua_createtable(L, 4, 0); /* SETS, sets, DOWN, down */
  for (int j = 0; j < 4; j++) {
    tv_card c[3];
    for (int m = 0, p = 0; m < 3; p++)
      if (!used[p] && (j > 0 || pile[p] / 9 == suit))
        used[p] = 1, c[m++] = pile[p], n++;
    tv_hand_clear(&s->sets[j]);
    for (int m = 0; m < 3; m++)
      tv_hand_add(&s->sets[j], c[m], 1);
    s->down[j] =
        j > 0 && !tv_trick_set_beats(kt, c, kt->p[kt->best].c, 3, NULL);
    tv_trick_play(kt, j, &s->sets[j], s->down[j], &e);
    push_hand_kinds(L, &s->sets[j]);
    lua_rawseti(L, -4, j + 1);
    lua_pushboolean(L, s->down[j]);
    lua_rawseti(L, -2, j + 1);
  }
  lua_rawseti(L, -2, i); /* DOWN[i] */
  lua_pop(L, 1);
  lua_rawseti(L, -2, i); /* SETS[i] */
  lua_pop(L, 1);
  lua_getglobal(L, "SET_C");
  lua_pushinteger(L, tv_trick_winner(kt) + 1);
  lua_rawseti(L, -2, i);
  lua_pop(L, 1);
}

/* ---- timing ------------------------------------------------------------- */

typedef struct world {
  scen *sc;
  tv_deck hd, kd;
  tv_trick_rules hr, kr;
  tv_hand ones[20];
  long long sink;
} world;

static void run_legal(world *w) {
  tv_hand out;
  for (int i = 0; i < N; i++) {
    tv_trick_legal(&w->sc[i].t, &w->sc[i].h, &out);
    w->sink += out.size;
  }
}

static void run_resolve(world *w) {
  tv_trick t;
  tv_trick_init(&t, &w->hd, &w->hr, 2);
  for (int i = 0; i < N; i++) {
    tv_trick_clear(&t);
    for (int j = 0; j < 3; j++)
      tv_trick_play(&t, j, &w->ones[w->sc[i].full[j]], false, NULL);
    w->sink += tv_trick_winner(&t);
  }
}

static void run_sets(world *w) {
  tv_trick t;
  tv_trick_init(&t, &w->kd, &w->kr, 1);
  for (int i = 0; i < N; i++) {
    tv_trick_clear(&t);
    for (int j = 0; j < 4; j++)
      tv_trick_play(&t, j, &w->sc[i].sets[j], w->sc[i].down[j], NULL);
    w->sink += tv_trick_winner(&t);
  }
}

static double best_c(world *w, void (*run)(world *)) {
  double best = 1e300;
  for (int round = 0; round < ROUNDS; round++) {
    double t0 = bench_cputime();
    run(w);
    double dt = (bench_cputime() - t0) * 1e9 / N;
    best = dt < best ? dt : best;
  }
  return best;
}

/* Best ns per scenario of the function returned by chunk 'src'. */
static double best_lua(lua_State *L, const char *src) {
  double best = 1e300;
  if (luaL_dostring(L, src) != LUA_OK) goto fail;
  for (int round = 0; round < ROUNDS; round++) {
    lua_pushvalue(L, -1);
    double t0 = bench_cputime();
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) goto fail;
    double dt = (bench_cputime() - t0) * 1e9 / N;
    best = dt < best ? dt : best;
  }
  lua_pop(L, 1);
  return best;
fail:
  fprintf(stderr, "bench_trick: %s\n", lua_tostring(L, -1));
  lua_pop(L, 1);
  return -1;
}

static void report(const char *what, double c, double bind, double lua) {
  printf("%s\n", what);
  printf("  raw C                  %8.1f ns\n", c);
  printf("  Lua->C (talon.trick)   %8.1f ns\n", bind);
  printf("  pure Lua               %8.1f ns\n", lua);
  printf("  pure Lua / Lua->C      %8.1fx   pure Lua / raw C %6.1fx\n",
         lua / bind, lua / c);
}

static bool setup(world *w, lua_State *L) {
  tv_err e;
  if (tv_deck_init(&w->hd, "S H D C", "A T K Q J", &e) ||
      tv_deck_set_copies(&w->hd, 4, &e) ||
      tv_deck_init(&w->kd, "S H D C", "A T K Q J 9 8 7 6", &e))
    return false;
  tv_trick_rules_default(&w->hr);
  w->hr.follow = 1, w->hr.head = TV_HEAD_TRUMP_LED;
  w->hr.on_void = TV_VOID_TRUMP;
  tv_trick_rules_default(&w->kr);
  w->kr.lead_sizes = 0x1E, w->kr.top = 8, w->kr.wild_top = 1;
  w->kr.face_down = TV_DOWN_ALLOWED;
  for (int k = 0; k < 20; k++)
    w->ones[k] = one((tv_card)k);
  static const char *const globals[] = {"PRE",  "HANDK", "FULL", "RES_C",
                                        "SETS", "DOWN",  "SET_C"};
  for (size_t g = 0; g < sizeof globals / sizeof globals[0]; g++) {
    lua_createtable(L, N, 0);
    lua_setglobal(L, globals[g]);
  }
  tv_rng r;
  tv_trick kt;
  tv_rng_seed(&r, 42);
  tv_trick_init(&kt, &w->kd, &w->kr, 1);
  for (int i = 0; i < N; i++) {
    tv_trick_init(&w->sc[i].t, &w->hd, &w->hr, 2);
    hosgin_scenario(L, i + 1, &w->sc[i], &r);
    kosel_scenario(L, i + 1, &w->sc[i], &r, &kt);
  }
  return luaL_dostring(L, setup_lua) == LUA_OK &&
         luaL_dostring(L, pure_lua_src) == LUA_OK;
}

int main(void) {
  static scen sc[N];
  static world w;
  w.sc = sc;
  lua_State *L = luaL_newstate();
  if (!L) return 1;
  luaL_openlibs(L);
  luaL_requiref(L, "talon", luaopen_talon, 0);
  lua_pop(L, 1);
  if (!setup(&w, L)) {
    fprintf(stderr, "bench_trick: setup failed: %s\n", lua_tostring(L, -1));
    return 1;
  }
  printf("trick engine, %d seeded scenarios, best of %d rounds\n", N, ROUNDS);
  report("legal cards, one-card follower, HOS-R26, 8-card hand (per call)",
         best_c(&w, run_legal), best_lua(L, time_legal_binding),
         best_lua(L, time_legal_lua));
  double lua_resolve = best_lua(L, time_resolve_lua);
  report("resolve a 3-card trick: 3 plays + winner (per trick)",
         best_c(&w, run_resolve), best_lua(L, time_resolve_binding),
         lua_resolve);
  double one = best_lua(L, time_resolve_one);
  printf("  Lua->C one call t:resolve %6.1f ns   pure Lua / t:resolve %6.1fx\n",
         one, lua_resolve / one);
  double obj = best_lua(L, time_resolve_lua_object);
  printf("  pure Lua, the same 5 calls on a Lua trick object %6.1f ns "
         "(/ Lua->C %4.1fx)\n",
         obj, obj / best_lua(L, time_resolve_binding));
  printf("  (floor: 5 calls of t:size %6.1f ns)\n",
         best_lua(L, time_call_floor));
  report("resolve a Kosel trick of four 3-card sets (per trick)",
         best_c(&w, run_sets), best_lua(L, time_sets_binding),
         best_lua(L, time_sets_lua));
  printf("(checksum %lld)\n", w.sink);
  lua_close(L);
  return 0;
}
