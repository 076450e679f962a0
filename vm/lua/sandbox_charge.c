/*
 * sandbox_charge.c - the host's calls into game code: sandbox.run (the
 * per-call budget) and sandbox.charge (the same, charged to a meter that
 * holds a game's or a bot's total budget), with the budget kept here.
 *
 * Workload: the host enters game code once or more per action, millions of
 * times in a simulation, so both are C functions taking their arguments
 * on the stack as they come: no vararg Lua frame, no table of results.
 * A meter is a Lua table { left = ms, total = ms, who = "text" }; only the
 * outermost charged call counts against it. sandbox.walk is charge for the
 * host's own walks of game state that also call hooks: it may take twice
 * the per-call budget, so that the calls into game code it makes stop
 * first and the host can clean up after them.
 */
#include "sandbox.h"

#include <string.h>
#include <lauxlib.h>

typedef struct charge_state {
  int budget_ms; /* per call into game code */
  int depth;     /* charged calls in progress */
} charge_state;

/* budget([ms]) -> ms: the per-call budget, set when ms is given. */
static int charge_budget(lua_State *L) {
  charge_state *cs = lua_touserdata(L, lua_upvalueindex(1));
  if (!lua_isnoneornil(L, 1)) {
    lua_Integer ms = luaL_checkinteger(L, 1);
    luaL_argcheck(L, ms >= 1 && ms <= 86400000, 1,
                  "budget must be 1 to 86400000 milliseconds");
    cs->budget_ms = (int)ms;
  }
  lua_pushinteger(L, cs->budget_ms);
  return 1;
}

/* run(f, ...) -> true, ... | false, message, original, kind */
static int charge_run(lua_State *L) {
  charge_state *cs = lua_touserdata(L, lua_upvalueindex(1));
  luaL_checkany(L, 1);
  return tl_sandbox_call_results(L, 1, cs->budget_ms, 0);
}

/* The meter's "left" (the key is upvalue 2: an interned string pushed as
 * it is, rather than looked up by its C text on every call). */
static lua_Number meter_left(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_rawget(L, 1);
  lua_Number left = lua_tonumber(L, -1);
  lua_pop(L, 1);
  return left;
}

/* charge(meter, f, ...) -> as run, the time charged to the meter; with
 * 'times' 2 (walk), twice the per-call budget. */
static int charged(lua_State *L, int times) {
  charge_state *cs = lua_touserdata(L, lua_upvalueindex(1));
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  if (meter_left(L) <= 0) {
    lua_getfield(L, 1, "who");
    lua_getfield(L, 1, "total");
    lua_pushboolean(L, 0);
    lua_pushfstring(L, "%s: total time budget of %d ms used up",
                    luaL_optstring(L, -3, "game code"),
                    (int)luaL_optinteger(L, -2, 0));
    lua_pushnil(L);
    lua_pushliteral(L, "budget");
    return 4;
  }
  int ms = cs->budget_ms * times;
  double t0 = cs->depth == 0 ? tl_sandbox_budget_ms(L) : 0;
  cs->depth++;
  int n = tl_sandbox_call_results(L, 2, ms, 0);
  cs->depth--;
  if (cs->depth == 0) {
    lua_Number left = meter_left(L) - (tl_sandbox_budget_ms(L) - t0);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushnumber(L, left);
    lua_rawset(L, 1);
  }
  return n;
}

static int charge_call(lua_State *L) {
  return charged(L, 1);
}
static int charge_walk(lua_State *L) {
  return charged(L, 2);
}

/* Whether error value 'idx' may reach host code as it was raised: a
 * string, or a plain table (a violation) without a metatable and without
 * the fields the host's own error tables carry (usage, game_error). Any
 * other value (a table with metamethods, a userdata, a function) would
 * have the host run game code outside every budget when it reads or
 * prints it, or take a game's table for the program's own usage error;
 * its message, made under the budget, goes instead. */
static int plain_error(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) return 1;
  if (lua_type(L, idx) != LUA_TTABLE || lua_getmetatable(L, idx)) {
    if (lua_type(L, idx) == LUA_TTABLE) lua_pop(L, 1);
    return 0;
  }
  int own = lua_getfield(L, idx, "usage") != LUA_TNIL; /* raw: no metatable */
  own = lua_getfield(L, idx, "game_error") != LUA_TNIL || own;
  lua_pop(L, 2);
  return !own;
}

/* A method of a host object (self.meter its meter) as a walk: already
 * inside a charged call it runs in that call; else charged to the meter
 * with twice the budget, its error raised again as it was raised when it
 * is plain (a violation stays a table: plain_error), else its message; a
 * stop as its message. Upvalues: the charge state, "left", the method,
 * "meter". */
static int method_call(lua_State *L) {
  charge_state *cs = lua_touserdata(L, lua_upvalueindex(1));
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_insert(L, 1);
  if (cs->depth > 0) {
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
  }
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_pushvalue(L, lua_upvalueindex(4));
  lua_rawget(L, 2);
  luaL_checktype(L, -1, LUA_TTABLE); /* self.meter */
  lua_insert(L, 1);                  /* meter method self args... */
  int results = charged(L, 2);
  int base = lua_gettop(L) - results + 1; /* true | false */
  if (lua_toboolean(L, base)) return results - 1;
  if (results == 4 && lua_isstring(L, base + 3) &&
      strcmp(lua_tostring(L, base + 3), "error") == 0 &&
      !lua_isnil(L, base + 2) && plain_error(L, base + 2))
    lua_pushvalue(L, base + 2);
  else
    lua_pushvalue(L, base + 1);
  return lua_error(L);
}

/* method(f) -> f as a walk charged to self.meter (method_call). */
static int charge_method(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 1);
  lua_pushliteral(L, "meter");
  lua_pushcclosure(L, method_call, 4);
  return 1;
}

static const luaL_Reg charge_functions[] = {
    {"budget", charge_budget}, {"run", charge_run},
    {"charge", charge_call},   {"walk", charge_walk},
    {"method", charge_method}, {NULL, NULL},
};

void tl_sandbox_open_charge(lua_State *L) {
  charge_state *cs = lua_newuserdatauv(L, sizeof *cs, 0);
  cs->budget_ms = 2000;
  cs->depth = 0;
  lua_pushliteral(L, "left");
  luaL_setfuncs(L, charge_functions, 2);
}
