/*
 * lua_rng.c - talon.rng: seeded generators as userdata.
 *
 * One generator per game or simulation, seeded explicitly, its state
 * readable and restorable so that a record replays exactly.
 */
#include "lua_util.h"
#include "talon_lua.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 64-bit FNV-1a, so a seed may be any string ("lesson-3"). */
static uint64_t fnv1a(const char *s, size_t len) {
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t i = 0; i < len; i++) {
    h ^= (unsigned char)s[i];
    h *= 0x100000001b3u;
  }
  return h;
}

static tv_rng *push_rng(lua_State *L) {
  tl_rng *r = lua_newuserdatauv(L, sizeof *r, 0);
  r->tag = TL_TAG_RNG;
  luaL_setmetatable(L, TL_RNG);
  return &r->r;
}

static int rng_new(lua_State *L) {
  uint64_t seed;
  if (lua_type(L, 1) == LUA_TSTRING) {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    seed = fnv1a(s, len);
  } else if (lua_isinteger(L, 1)) {
    seed = (uint64_t)lua_tointeger(L, 1);
  } else {
    return luaL_typeerror(L, 1, "integer or string seed");
  }
  tv_rng_seed(push_rng(L), seed);
  return 1;
}

static int rng_int(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  lua_Integer lo = luaL_checkinteger(L, 2), hi = luaL_checkinteger(L, 3);
  luaL_argcheck(L, lo <= hi, 3, "interval is empty");
  uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
  uint64_t v = span ? tv_rng_below(r, span) : tv_rng_next(r);
  lua_pushinteger(L, (lua_Integer)((uint64_t)lo + v));
  return 1;
}

static int rng_below(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n > 0, 2, "must be positive");
  lua_pushinteger(L, (lua_Integer)tv_rng_below(r, (uint64_t)n));
  return 1;
}

static int rng_shuffle(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  /* The raw length and raw swaps: a __len cannot make the loop run longer
   * than the table is, and no __index or __newindex of the script runs. */
  lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
  for (lua_Integer i = n; i > 1; i--) {
    lua_Integer j = (lua_Integer)tv_rng_below(r, (uint64_t)i) + 1;
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, j);
    lua_rawseti(L, 2, i);
    lua_rawseti(L, 2, j);
  }
  return 1;
}

static int rng_pick(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  tl_hand *h = tl_test_hand(L, 2);
  if (h) {
    if (h->h.size == 0)
      return luaL_argerror(L, 2, "cannot pick from an empty hand");
    tl_push_card(L, 2, tv_hand_nth(&h->h, (int)tv_rng_below(r, h->h.size)));
    return 1;
  }
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Unsigned n = lua_rawlen(L, 2); /* raw, as in rng_shuffle */
  luaL_argcheck(L, n > 0, 2, "cannot pick from an empty list");
  lua_rawgeti(L, 2, (lua_Integer)tv_rng_below(r, (uint64_t)n) + 1);
  return 1;
}

static int rng_state(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  char buf[4 * 16 + 1];
  for (int i = 0; i < 4; i++)
    snprintf(buf + 16 * i, 17, "%016llx", (unsigned long long)r->s[i]);
  lua_pushstring(L, buf);
  return 1;
}

/* Reads 16 hex digits exactly (strtoull would also take signs, spaces and
 * "0x", so a damaged state could pass for a good one). */
static int read_word(const char *s, uint64_t *out) {
  uint64_t v = 0;
  for (int i = 0; i < 16; i++) {
    int c = (unsigned char)s[i], d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return 0;
    v = v << 4 | (uint64_t)d;
  }
  *out = v;
  return 1;
}

static int rng_set_state(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  size_t len;
  const char *s = luaL_checklstring(L, 2, &len);
  tv_rng nr;
  int ok = len == 64;
  for (int i = 0; ok && i < 4; i++)
    ok = read_word(s + 16 * i, &nr.s[i]);
  luaL_argcheck(L, ok && (nr.s[0] | nr.s[1] | nr.s[2] | nr.s[3]), 2,
                "not a state from rng:state() (64 hex digits, not all 0)");
  *r = nr;
  lua_settop(L, 1);
  return 1;
}

static int rng_clone(lua_State *L) {
  tv_rng *r = tl_check_rng(L, 1);
  *push_rng(L) = *r;
  return 1;
}

static int rng_tostring(lua_State *L) {
  tl_check_rng(L, 1);
  lua_pushfstring(L, "Rng(%p)", lua_touserdata(L, 1));
  return 1;
}

static const luaL_Reg rng_methods[] = {
    {"int", rng_int},     {"below", rng_below}, {"shuffle", rng_shuffle},
    {"pick", rng_pick},   {"state", rng_state}, {"set_state", rng_set_state},
    {"clone", rng_clone}, {NULL, NULL},
};

void talon_open_rng(lua_State *L) {
  luaL_newmetatable(L, TL_RNG);
  lua_pushcfunction(L, rng_tostring);
  lua_setfield(L, -2, "__tostring");
  luaL_newlib(L, rng_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, rng_new);
  lua_setfield(L, -2, "rng");
}
