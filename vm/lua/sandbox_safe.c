/*
 * sandbox_safe.c - the bounded library functions game code gets.
 *
 * The time budget can only stop Lua code: a hook never runs inside a
 * single C call. So the table and string functions that can loop for
 * minutes inside one call (a __len of 2^40, a backtracking pattern, a
 * huge string.rep) get a cheap guard that refuses the call up front and
 * otherwise runs the real function in the same call frame, so results and
 * error messages are those of the real one. xpcall, setmetatable and
 * getmetatable are replaced because their real versions let code run
 * outside every budget (message handlers and finalizers run with hooks
 * off) or reach metatables shared by every game; error, so that a table
 * raised keeps where it was raised, as a text does.
 */
#include "sandbox.h"
#include "sandbox_pattern.h"

#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

/* Elements one table call may touch, elements table.sort may order (its
 * n log n comparisons run in C without a hook when no comparator is a Lua
 * function), and bytes string.rep may build. */
#define MAX_RANGE ((lua_Integer)1 << 24)
#define MAX_SORT  ((lua_Integer)1 << 20)
#define MAX_REP   ((size_t)64 << 20)

/* Runs the real function (upvalue 1) in this very frame: same arguments,
 * same results, same error messages. */
static int call_real(lua_State *L) {
  lua_CFunction real = lua_tocfunction(L, lua_upvalueindex(1));
  return real(L);
}

/* {====================================================== table */

static int range_error(lua_State *L, int arg, lua_Unsigned count) {
  if (count > (lua_Unsigned)LUA_MAXINTEGER)
    lua_pushfstring(L, "range too large: more than %I elements",
                    (lua_Integer)MAX_RANGE);
  else
    lua_pushfstring(L, "range too large: %I elements, at most %I",
                    (lua_Integer)count, (lua_Integer)MAX_RANGE);
  return luaL_argerror(L, arg, lua_tostring(L, -1));
}

/* The length of argument 1 as the real functions see it (honouring
 * __len); -1 when the real function will refuse the argument anyway. */
static lua_Integer length_of(lua_State *L) {
  int top = lua_gettop(L);
  if (lua_type(L, 1) != LUA_TTABLE &&
      luaL_getmetafield(L, 1, "__len") == LUA_TNIL)
    return -1;
  lua_settop(L, top);
  lua_Integer n = luaL_len(L, 1);
  return n;
}

/* Elements from i to j (inclusive); 0 for an empty range. The whole
 * integer range saturates instead of wrapping to 0. */
static lua_Unsigned span(lua_Integer i, lua_Integer j) {
  if (i > j) return 0;
  lua_Unsigned d = (lua_Unsigned)j - (lua_Unsigned)i;
  return d + (d < ~(lua_Unsigned)0);
}

/* Elements shifted by inserting or removing at 'pos' in 1..n; 0 for a
 * position the real function refuses. */
static lua_Unsigned shifted(lua_Integer pos, lua_Integer n) {
  return pos < 1 ? 0 : span(pos, n);
}

/* Argument 'arg' as the real function's luaL_optinteger reads it; 'def'
 * when absent or invalid (the real function then raises anyway). */
static lua_Integer opt_int(lua_State *L, int arg, lua_Integer def) {
  int ok = 0;
  lua_Integer v = lua_tointegerx(L, arg, &ok);
  return ok ? v : def;
}

static int safe_insert(lua_State *L) {
  int top = lua_gettop(L);
  lua_Integer n = length_of(L);
  lua_Unsigned moved = top == 3 ? shifted(opt_int(L, 2, n + 1), n) : 0;
  if (moved > (lua_Unsigned)MAX_RANGE) return range_error(L, 1, moved);
  return call_real(L);
}

static int safe_remove(lua_State *L) {
  lua_Integer n = length_of(L);
  lua_Unsigned moved = shifted(opt_int(L, 2, n), n);
  if (moved > (lua_Unsigned)MAX_RANGE) return range_error(L, 1, moved);
  return call_real(L);
}

static int safe_sort(lua_State *L) {
  lua_Integer n = length_of(L);
  if (n > MAX_SORT) {
    lua_pushfstring(L, "too many elements to sort: %I, at most %I", n,
                    MAX_SORT);
    return luaL_argerror(L, 1, lua_tostring(L, -1));
  }
  return call_real(L);
}

static int safe_concat(lua_State *L) {
  lua_Integer n = length_of(L);
  if (n < 0) return call_real(L);
  lua_Unsigned count = span(opt_int(L, 3, 1), opt_int(L, 4, n));
  if (count > (lua_Unsigned)MAX_RANGE) return range_error(L, 1, count);
  return call_real(L);
}

/* unpack takes any value with __index, so its length is only looked up
 * when the range is left open. */
static int safe_unpack(lua_State *L) {
  lua_Integer j = 0;
  if (!lua_isnoneornil(L, 3))
    j = opt_int(L, 3, 0);
  else if ((j = length_of(L)) < 0)
    return call_real(L);
  lua_Unsigned count = span(opt_int(L, 2, 1), j);
  if (count > (lua_Unsigned)MAX_RANGE) return range_error(L, 1, count);
  return call_real(L);
}

static int safe_move(lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2);
  lua_Integer e = luaL_checkinteger(L, 3);
  if (span(f, e) > (lua_Unsigned)MAX_RANGE)
    return range_error(L, 3, span(f, e));
  return call_real(L);
}

/* }====================================================== */

/* {====================================================== patterns */

/* Refuses a pattern call whose worst case could run far beyond any
 * budget inside this one C call. 'anchors': '^' counts as an anchor. */
static void check_pattern(lua_State *L, int anchors) {
  size_t n, lp;
  const char *s = luaL_checklstring(L, 1, &n);
  const char *p = luaL_checklstring(L, 2, &lp);
  if (tl_pattern_too_complex(p, lp, s, n, anchors)) {
    lua_pushfstring(L, "pattern too complex for a subject of %I bytes",
                    (lua_Integer)n);
    luaL_argerror(L, 2, lua_tostring(L, -1));
  }
}

/* string.find(s, p, init, true): Lua's own plain search compares the
 * pattern at every position (quadratic in C, beyond any budget); this one
 * is Knuth, Morris and Pratt's, linear, its table of the pattern's
 * borders allocated as Lua memory (under the cap). Positions and results
 * as Lua's str_find_aux gives them. */
static int plain_find(lua_State *L) {
  lua_settop(L, 3); /* s, p, init: the results go right above them */
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  lua_Integer init = luaL_optinteger(L, 3, 1);
  if (init < 0)
    init = (lua_Unsigned)0 - (lua_Unsigned)init > ls
               ? 1
               : (lua_Integer)ls + init + 1;
  if (init == 0) init = 1;
  if ((lua_Unsigned)init - 1u > ls || lp > ls - ((size_t)init - 1)) {
    luaL_pushfail(L);
    return 1;
  }
  size_t at = (size_t)init - 1, found = at;
  if (lp > 0) {
    size_t *border = lua_newuserdatauv(L, lp * sizeof *border, 0);
    border[0] = 0;
    for (size_t i = 1, k = 0; i < lp; i++) {
      while (k > 0 && p[i] != p[k])
        k = border[k - 1];
      if (p[i] == p[k]) k++;
      border[i] = k;
    }
    size_t k = 0, i = at;
    for (; i < ls && k < lp; i++) {
      while (k > 0 && s[i] != p[k])
        k = border[k - 1];
      if (s[i] == p[k]) k++;
    }
    if (k < lp) {
      luaL_pushfail(L);
      return 1;
    }
    found = i - lp;
  }
  lua_pushinteger(L, (lua_Integer)found + 1);
  lua_pushinteger(L, (lua_Integer)(found + lp));
  return 2;
}

static int safe_find(lua_State *L) {
  int top = lua_gettop(L);
  if (lua_toboolean(L, 4)) return plain_find(L);
  check_pattern(L, 1);
  lua_settop(L, top);
  return call_real(L);
}

static int safe_match(lua_State *L) {
  int top = lua_gettop(L);
  check_pattern(L, 1);
  lua_settop(L, top);
  return call_real(L);
}

static int safe_gmatch(lua_State *L) {
  int top = lua_gettop(L);
  check_pattern(L, 0); /* gmatch has no anchor */
  lua_settop(L, top);
  return call_real(L);
}

static int safe_gsub(lua_State *L) {
  int top = lua_gettop(L);
  check_pattern(L, 1);
  lua_settop(L, top);
  return call_real(L);
}

static int safe_rep(lua_State *L) {
  size_t l, lsep;
  luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  /* nothing repeated any number of times is nothing: Lua's own loop would
   * copy nothing n - 1 times, in C */
  if (l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  /* the result has (n - 1) * (l + lsep) + l bytes */
  if (n > 1 &&
      (l > MAX_REP || (lua_Unsigned)n - 1u > (MAX_REP - l) / (l + lsep)))
    return luaL_error(L, "resulting string too large (more than %d MiB)",
                      (int)(MAX_REP >> 20));
  return call_real(L);
}

/* }====================================================== */

/* {====================================================== base */

/* xpcall whose handler runs after the error has unwound, as an ordinary
 * protected call: Lua runs a real message handler with hooks disabled,
 * so a loop in it would escape the budget. */
static int safe_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2); /* f h true f args... */
  if (lua_pcall(L, n - 2, LUA_MULTRET, 0) == LUA_OK)
    return lua_gettop(L) - 3 + 1; /* true and the results */
  /* a budget stop or Ctrl-C is no error of f's to handle: it goes on up,
   * naming the line where it struck */
  if (tl_sandbox_stopping(L)) return lua_error(L);
  lua_pushvalue(L, 2);
  lua_insert(L, -2);
  if (lua_pcall(L, 1, 1, 0) != LUA_OK && tl_sandbox_stopping(L))
    return lua_error(L); /* the handler itself was stopped */
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

/* error as Lua's (a text gets its position at 'level'), and a table gets
 * it too, kept beside it (tl_sandbox_note_raise): the host often meets a
 * game's table far from where it was raised (in a walk of the game's
 * state, after the stack has unwound), and shows it by what it says, read
 * raw, after "FILE:LINE: " as a text raised there would show. */
static int safe_error(lua_State *L) {
  int level = (int)luaL_optinteger(L, 2, 1);
  lua_settop(L, 1);
  if (lua_type(L, 1) == LUA_TSTRING && level > 0) {
    luaL_where(L, level);
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
  } else {
    tl_sandbox_note_raise(L, 1, level);
  }
  return lua_error(L);
}

/* setmetatable without finalizers: a __gc runs during some later
 * allocation, with hooks off, outside every budget. */
static int safe_setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  lua_pushliteral(L, "__gc");
  if (t == LUA_TTABLE && lua_rawget(L, 2) != LUA_TNIL) /* Lua looks raw too */
    return luaL_error(L, "setmetatable: __gc is not available to game code");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

/* getmetatable for tables only: the metatables of strings and userdata
 * are shared by every game in the state. */
static int safe_getmetatable(lua_State *L) {
  luaL_checkany(L, 1);
  if (lua_type(L, 1) != LUA_TTABLE || !lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  luaL_getmetafield(L, 1, "__metatable");
  return 1; /* the __metatable field if any, else the metatable */
}

/* }====================================================== */

static const luaL_Reg table_guards[] = {
    {"insert", safe_insert},
    {"remove", safe_remove},
    {"sort", safe_sort},
    {"concat", safe_concat},
    {"unpack", safe_unpack},
    {"move", safe_move},
    {NULL, NULL},
};

static const luaL_Reg string_guards[] = {
    {"find", safe_find}, {"match", safe_match}, {"gmatch", safe_gmatch},
    {"gsub", safe_gsub}, {"rep", safe_rep},     {NULL, NULL},
};

static const luaL_Reg base_functions[] = {
    {"error", safe_error},
    {"xpcall", safe_xpcall},
    {"setmetatable", safe_setmetatable},
    {"getmetatable", safe_getmetatable},
    {NULL, NULL},
};

/* Pushes a fresh copy of a standard library. luaopen_string also installs
 * a new string metatable, so the current one is put back afterwards, even
 * if opening fails. */
static void push_fresh_lib(lua_State *L, lua_CFunction open) {
  lua_pushliteral(L, "");
  if (!lua_getmetatable(L, -1)) lua_pushnil(L);
  lua_pushcfunction(L, open);
  int status = lua_pcall(L, 0, 1, 0);
  lua_pushvalue(L, -3);
  lua_pushvalue(L, -3);
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  if (status != LUA_OK) lua_error(L);
  lua_replace(L, -3);
  lua_pop(L, 1);
}

/* Replaces each guarded function of the library on top by its guard,
 * which keeps the real function as its upvalue. */
static void guard(lua_State *L, const luaL_Reg *g) {
  for (; g->name; g++) {
    lua_getfield(L, -1, g->name);
    lua_pushcclosure(L, g->func, 1);
    lua_setfield(L, -2, g->name);
  }
}

void tl_sandbox_push_safe(lua_State *L) {
  luaL_checkstack(L, 8, "sandbox.safe");
  lua_createtable(L, 0, 6);
  luaL_setfuncs(L, base_functions, 0);
  push_fresh_lib(L, luaopen_table);
  guard(L, table_guards);
  lua_setfield(L, -2, "table");
  push_fresh_lib(L, luaopen_string);
  guard(L, string_guards);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_setfield(L, -2, "string");
}

void tl_sandbox_harden(lua_State *L) {
  luaL_checkstack(L, 8, "sandbox harden");
  if (lua_getglobal(L, "string") == LUA_TTABLE) {
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
  }
  lua_pop(L, 1);
  tl_sandbox_push_safe(L);
  lua_getfield(L, -1, "string");
  tl_sandbox_freeze(L, -1, "string");
  lua_pushliteral(L, ""); /* stack: safe safestring proxy "" */
  if (lua_getmetatable(L, -1)) {
    /* The proxy's private copy, not the proxy: method calls on strings
     * then take the VM's fast path, and nothing can reach the copy
     * through a locked metatable. */
    lua_getmetatable(L, -3);
    lua_getfield(L, -1, "__index");
    lua_setfield(L, -3, "__index");
    lua_pop(L, 1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 4);
}
