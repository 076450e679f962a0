/*
 * sandbox_freeze.c - read-only libraries for game code.
 *
 * A frozen library is a userdata whose metatable's __index is a private
 * deep copy of the original table. A userdata, not a table, because
 * rawset, rawget and next work on any table whatever its metatable says;
 * on a userdata they fail. Reads stay cheap: the VM finds __index to be a
 * table and reads it directly, with no C call. Nested tables are frozen
 * too (a memo maps each source table to its proxy, so shared tables and
 * cycles are frozen once); other values are kept as they are.
 */
#include "sandbox.h"

#include <lauxlib.h>

#define MAX_DEPTH 64 /* nesting of library tables; deeper is refused */

static int frozen_assign(lua_State *L) {
  return luaL_error(L, "cannot modify library '%s'",
                    lua_tostring(L, lua_upvalueindex(1)));
}

static int frozen_tostring(lua_State *L) {
  lua_pushfstring(L, "library: %s", lua_tostring(L, lua_upvalueindex(1)));
  return 1;
}

static int frozen_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, lua_upvalueindex(1)));
  return 1;
}

/* The iterator __pairs returns walks the copy (upvalue 1) without handing
 * the copy itself to the caller as the loop's state value. */
static int frozen_next(lua_State *L) {
  lua_settop(L, 2);
  if (lua_next(L, lua_upvalueindex(1))) return 2;
  lua_pushnil(L);
  return 1;
}

static int frozen_pairs(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushcclosure(L, frozen_next, 1);
  lua_pushnil(L);
  lua_pushnil(L);
  return 3;
}

/* Pushes the metatable of a proxy over the copy at 'copy' named by the
 * string on top, which it pops. */
static void push_proxy_meta(lua_State *L, int copy) {
  int name = lua_gettop(L);
  lua_createtable(L, 0, 8);
  lua_pushvalue(L, copy);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, name);
  lua_pushcclosure(L, frozen_assign, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, copy);
  lua_pushcclosure(L, frozen_pairs, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushvalue(L, copy);
  lua_pushcclosure(L, frozen_len, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, name);
  lua_pushcclosure(L, frozen_tostring, 1);
  lua_setfield(L, -2, "__tostring");
  lua_pushliteral(L, "library"); /* "table expected, got library" */
  lua_setfield(L, -2, "__name");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_remove(L, name);
}

static void freeze(lua_State *L, int src, const char *name, int memo,
                   int depth);

/* Replaces the value on top by its frozen form if it is a table. */
static void freeze_top(lua_State *L, const char *name, int memo, int depth) {
  if (lua_type(L, -1) != LUA_TTABLE) return;
  freeze(L, lua_gettop(L), name, memo, depth);
  lua_remove(L, -2);
}

/* Pushes the proxy of the table at 'src' (absolute index). */
static void freeze(lua_State *L, int src, const char *name, int memo,
                   int depth) {
  luaL_checkstack(L, 12, "freezing a library");
  lua_pushvalue(L, src);
  if (lua_rawget(L, memo) != LUA_TNIL) return; /* met before */
  lua_pop(L, 1);
  if (depth > MAX_DEPTH) luaL_error(L, "library '%s' nests too deeply", name);
  lua_newuserdatauv(L, 0, 0); /* proxy */
  int proxy = lua_gettop(L);
  lua_pushvalue(L, src);
  lua_pushvalue(L, proxy);
  lua_rawset(L, memo); /* before the contents: cycles end here */
  lua_newtable(L);     /* copy */
  int copy = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, src)) { /* stack: ... proxy copy key value */
    const char *inner = name;
    if (lua_type(L, -2) == LUA_TSTRING)
      inner = lua_pushfstring(L, "%s.%s", name, lua_tostring(L, -2));
    else
      lua_pushstring(L, name);
    lua_insert(L, -2); /* key innername value */
    freeze_top(L, inner, memo, depth + 1);
    lua_pushvalue(L, -3);
    freeze_top(L, name, memo, depth + 1); /* a table as key: frozen too */
    lua_insert(L, -2);
    lua_rawset(L, copy);
    lua_pop(L, 1); /* innername */
  }
  lua_pushstring(L, name);
  push_proxy_meta(L, copy);
  lua_setmetatable(L, proxy);
  lua_pop(L, 1); /* copy */
}

void tl_sandbox_freeze(lua_State *L, int idx, const char *name) {
  idx = lua_absindex(L, idx);
  luaL_checktype(L, idx, LUA_TTABLE);
  lua_newtable(L); /* memo: source table -> proxy */
  freeze(L, idx, name ? name : "?", lua_gettop(L), 0);
  lua_remove(L, -2);
}
