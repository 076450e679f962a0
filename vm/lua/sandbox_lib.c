/*
 * sandbox_lib.c - talon.sandbox, the Lua face of the sandbox (docs/api.md
 * "The sandbox"): the loader, protected calls with budgets, the memory
 * cap, frozen copies and the host's raw copies, the bounded functions
 * and a clock. Which names a game file may reach is decided in Lua, in
 * stdlib/talon/host/sandbox.lua, from these pieces.
 */
#include "sandbox.h"
#include "talon_lua.h"

#include <lauxlib.h>
#include <limits.h>
#include <stdbool.h>

/* load(path, chunkname, env): the environment is the caller's (the
 * policy's, talon.host.sandbox); there is no default. */
static int sandbox_load(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *name = luaL_optstring(L, 2, path);
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  if (tl_sandbox_load(L, path, name) != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushvalue(L, 3);
  lua_setupvalue(L, -2, 1); /* a main chunk's first upvalue is _ENV */
  return 1;
}

/* The budget (CPU time) may be fractional (what is left of a total); it is
 * rounded up to whole milliseconds. */
static int sandbox_call(lua_State *L) {
  lua_Number budget = luaL_optnumber(L, 1, 0);
  luaL_argcheck(L, budget >= 0 && budget <= 86400000, 1,
                "budget must be 0 (none) to 86400000 milliseconds");
  int ms = (int)budget;
  if ((lua_Number)ms < budget) ms++;
  luaL_checkany(L, 2);
  if (ms > 0 && tl_sandbox_memory(L, NULL) == 0)
    return luaL_error(L, "sandbox.call: time budgets need a sandbox state");
  return tl_sandbox_call_results(L, 2, ms, 0);
}

/* deferred(f, ...): f runs to its end through Ctrl-C, which waits for
 * interrupted() (a simulation stops between matches and prints what it
 * has); no budget of its own, nested budgets still apply. */
static int sandbox_deferred(lua_State *L) {
  luaL_checkany(L, 1);
  return tl_sandbox_call_results(L, 1, 0, TL_SB_DEFER_SIGINT);
}

static int sandbox_interrupted(lua_State *L) {
  lua_pushboolean(L, tl_sandbox_take_interrupt());
  return 1;
}

static int sandbox_memory(lua_State *L) {
  if (!lua_isnoneornil(L, 1)) {
    lua_Integer lim = luaL_checkinteger(L, 1);
    luaL_argcheck(L, lim >= 0, 1, "limit must be >= 0 bytes");
    tl_sandbox_set_limit(L, (size_t)lim);
  }
  size_t limit = 0;
  size_t used = tl_sandbox_memory(L, &limit);
  lua_pushinteger(L, (lua_Integer)used);
  lua_pushinteger(L, (lua_Integer)limit);
  return 2;
}

static int sandbox_freeze(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const char *name = luaL_optstring(L, 2, "?");
  lua_settop(L, 2);
  tl_sandbox_freeze(L, 1, name);
  return 1;
}

static int sandbox_safe(lua_State *L) {
  tl_sandbox_push_safe(L);
  return 1;
}

/* Monotonic milliseconds (a float, microseconds and below in the
 * fraction): a vDSO call, cheap enough to take around every hook. */
static int sandbox_clock(lua_State *L) {
  lua_pushnumber(L, tl_sandbox_clock_ms());
  return 1;
}

/* Seconds of processor time of this thread, to the nanosecond: the
 * benchmarks' clock, where os.clock moves in ticks (sandbox.h). */
static int sandbox_cputime(lua_State *L) {
  lua_pushnumber(L, tl_sandbox_cputime());
  return 1;
}

/* copy(t [, nrec]): a shallow copy of table t, read raw (no __index,
 * __pairs or __len runs), made at its final size and without a
 * metatable. The host copies a game's state for every future of a search
 * (talon.host.fork); filled key by key, a table of 30 fields is rehashed
 * at 1, 2, 4 ... 32 and costs five times as much. Without 'nrec' the
 * sizes are counted here, by lua_next, not taken from anything the table
 * says of itself; with it (the caller knows the shape: a copy of a copy)
 * the array part is sized to t's raw length and the hash part to 'nrec'
 * at once, and a key that does not fit merely costs a rehash. */
static int sandbox_copy(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_Integer hint = luaL_optinteger(L, 2, -1);
  luaL_argcheck(L, hint >= -1 && hint <= INT_MAX, 2, "must be 0 to INT_MAX");
  lua_settop(L, 1);
  lua_Unsigned border = lua_rawlen(L, 1);
  lua_Unsigned narr = 0, nrec = 0;
  if (hint >= 0) {
    narr = border;
    nrec = (lua_Unsigned)hint;
  } else {
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      lua_pop(L, 1); /* key */
      if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
          (lua_Unsigned)lua_tointeger(L, -1) <= border)
        narr++;
      else
        nrec++;
    }
  }
  luaL_argcheck(L, narr <= INT_MAX && nrec <= INT_MAX, 1, "table too large");
  lua_createtable(L, (int)narr, (int)nrec);
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    lua_pushvalue(L, -2); /* key, value, key */
    lua_insert(L, -2);    /* key, key, value */
    lua_rawset(L, 2);     /* key */
  }
  return 1;
}

/* foreign(list, mt) -> index | nil: the first item of 'list' (items 1 to
 * its raw length, read raw) that is a table whose metatable is not 'mt',
 * or nil. The host's check of a legal list a game's hook returned
 * (talon.host.running), before it compares or prints an action: one call
 * however many bids an auction's list holds, and the metatables compared
 * raw, where Lua's == would run an __eq the game gave the metatable's own
 * metatable. No metamethod runs. */
static int sandbox_foreign(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  lua_settop(L, 2);
  lua_Unsigned n = lua_rawlen(L, 1);
  for (lua_Unsigned i = 1; i <= n; i++) {
    if (lua_rawgeti(L, 1, (lua_Integer)i) == LUA_TTABLE &&
        lua_getmetatable(L, 3)) {
      bool same = lua_rawequal(L, 4, 2);
      lua_settop(L, 2);
      if (!same) {
        lua_pushinteger(L, (lua_Integer)i);
        return 1;
      }
    } else {
      lua_settop(L, 2);
    }
  }
  lua_pushnil(L);
  return 1;
}

static const luaL_Reg sandbox_functions[] = {
    {"load", sandbox_load},
    {"call", sandbox_call},
    {"memory", sandbox_memory},
    {"freeze", sandbox_freeze},
    {"copy", sandbox_copy},
    {"foreign", sandbox_foreign},
    {"safe", sandbox_safe},
    {"clock", sandbox_clock},
    {"cputime", sandbox_cputime},
    {"deferred", sandbox_deferred},
    {"interrupted", sandbox_interrupted},
    {NULL, NULL},
};

/* Locks the string metatable (getmetatable("") is false) so no script can
 * reach the shared string table through it. */
static void lock_string_metatable(lua_State *L) {
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

void talon_open_sandbox(lua_State *L) {
  luaL_newlib(L, sandbox_functions);
  tl_sandbox_open_charge(L);
  tl_sandbox_open_plain(L);
  tl_sandbox_open_describe(L);
  lua_setfield(L, -2, "sandbox");
  lock_string_metatable(L);
}
