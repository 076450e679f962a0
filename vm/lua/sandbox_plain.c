/*
 * sandbox_plain.c - talon.sandbox.plain: a deep copy of a value a game
 * made, as data the host can print and compare without running any of
 * the game's code.
 *
 * A view, an event or a result holds what the game's hooks put there, and
 * a front end prints it outside any budget: a table whose metatable loops
 * in __index, __tostring or __concat would hang it. The copy reads every
 * table raw (lua_next and lua_rawget: no __pairs, __index or __len runs)
 * and keeps only what cannot run code: nil, booleans, numbers, strings,
 * tables without a metatable, and the values whose metatable the host
 * names in 'keep' (its actions: keep[mt]; the engine's Cards and Hands:
 * keep[name], a userdata's metatable named so by its __name, since every
 * deck's Cards have a metatable of their own, and only the engine makes
 * userdata). A table kept is copied too and given the same metatable; a
 * userdata kept is the same object (its methods are C). Anything
 * else (a function, a coroutine, another metatable) is left out, as a key
 * or as a value. A table met twice is copied once (cycles and shared
 * parts keep their shape), and nesting deeper than MAX_DEPTH is an error.
 */
#include "sandbox.h"

#include <limits.h>
#include <lauxlib.h>

enum { MAX_DEPTH = 100 };

/* Stack slots of plain(v, keep) while it copies. */
enum { A_VALUE = 1, A_KEEP, A_SEEN };

static int copy_value(lua_State *L, int idx, int depth);

/* Whether the value at 'idx' has a metatable 'keep' names: keep[mt], or
 * for a userdata keep[mt.__name] (read raw); nothing is left on the stack.
 * A table's metatable is never taken by its name: a game can name its
 * own "talon.Card". */
static int kept(lua_State *L, int idx) {
  if (!lua_getmetatable(L, idx)) return 0; /* mt */
  lua_pushvalue(L, -1);
  int yes = lua_rawget(L, A_KEEP) != LUA_TNIL && lua_toboolean(L, -1);
  lua_pop(L, 1); /* mt */
  if (!yes && lua_type(L, idx) == LUA_TUSERDATA) {
    lua_pushliteral(L, "__name");
    if (lua_rawget(L, -2) == LUA_TSTRING) /* mt name */
      yes = lua_rawget(L, A_KEEP) != LUA_TNIL && lua_toboolean(L, -1);
    lua_pop(L, 1); /* mt */
  }
  lua_pop(L, 1);
  return yes;
}

/* Pushes the copy of the table at 'idx' (absolute), made or found in
 * 'seen'. */
static void copy_table(lua_State *L, int idx, int depth) {
  lua_pushvalue(L, idx);
  if (lua_rawget(L, A_SEEN) != LUA_TNIL) return;
  lua_pop(L, 1);
  if (depth >= MAX_DEPTH)
    luaL_error(L, "plain: a value nested more than %d tables deep", MAX_DEPTH);
  luaL_checkstack(L, 8, "plain: too deep");
  /* made at its final size: filled key by key, a view's thirty fields
   * would rehash it at 1, 2, 4 ... 32 */
  lua_Unsigned border = lua_rawlen(L, idx), narr = 0, nrec = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
        (lua_Unsigned)lua_tointeger(L, -1) <= border)
      narr++;
    else
      nrec++;
  }
  if (narr > INT_MAX || nrec > INT_MAX) luaL_error(L, "plain: table too large");
  lua_createtable(L, (int)narr, (int)nrec);
  int out = lua_gettop(L);
  lua_pushvalue(L, idx);
  lua_pushvalue(L, out);
  lua_rawset(L, A_SEEN);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    int k = lua_gettop(L) - 1, v = k + 1;
    if (copy_value(L, k, depth + 1)) {
      if (copy_value(L, v, depth + 1))
        lua_rawset(L, out);
      else
        lua_pop(L, 1);
    }
    lua_settop(L, k); /* the key, for lua_next */
  }
  if (lua_getmetatable(L, idx)) lua_setmetatable(L, out); /* a kept one */
}

/* Pushes the copy of the value at 'idx' and returns 1, or pushes nothing
 * and returns 0 when the value is left out. */
static int copy_value(lua_State *L, int idx, int depth) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
  case LUA_TNIL:
  case LUA_TBOOLEAN:
  case LUA_TNUMBER:
  case LUA_TSTRING:
  case LUA_TLIGHTUSERDATA:
    lua_pushvalue(L, idx);
    return 1;
  case LUA_TTABLE:
    if (lua_getmetatable(L, idx)) {
      lua_pop(L, 1);
      if (!kept(L, idx)) return 0;
    }
    copy_table(L, idx, depth);
    return 1;
  case LUA_TUSERDATA:
    if (!kept(L, idx)) return 0;
    lua_pushvalue(L, idx);
    return 1;
  default: /* functions, coroutines */
    return 0;
  }
}

/* plain(v, keep) -> the copy of v, or nil when v itself is left out. */
static int sandbox_plain(lua_State *L) {
  luaL_checkany(L, A_VALUE);
  luaL_checktype(L, A_KEEP, LUA_TTABLE);
  lua_settop(L, A_KEEP);
  lua_createtable(L, 0, 16); /* A_SEEN: original table -> its copy */
  if (!copy_value(L, A_VALUE, 0)) lua_pushnil(L);
  return 1;
}

static const luaL_Reg plain_functions[] = {
    {"plain", sandbox_plain},
    {NULL, NULL},
};

void tl_sandbox_open_plain(lua_State *L) {
  luaL_setfuncs(L, plain_functions, 0);
}
