/*
 * sandbox_env.c - curated environments for game files, the text-only
 * loader, and talon.sandbox (docs/api.md "The sandbox").
 *
 * An environment is an empty table whose __index chain is
 * env -> lookup (the framework's extras) -> base (curated, shared, built
 * once per state) -> a function that raises "unknown global". Known names
 * resolve through plain tables, so a game's global reads stay on the VM's
 * fast path. Libraries in the base are frozen copies (sandbox_freeze.c)
 * and string, table, xpcall, setmetatable and getmetatable are the bounded
 * ones of sandbox_safe.c: a game can neither change them, nor reach the
 * trusted _G's, nor stay inside one C call past its budget.
 */
#include "sandbox.h"
#include "talon_lua.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <lauxlib.h>

#define BASE_KEY   "talon.sandbox.base"
#define MODULE_KEY "talon.sandbox.module"

/* {====================================================== environments */

static int env_unknown(lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING)
    return luaL_error(L, "unknown global '%s'", lua_tostring(L, 2));
  return luaL_error(L, "unknown global (a %s key)", luaL_typename(L, 2));
}

static int env_assign(lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING)
    return luaL_error(L, "cannot assign global '%s' (use a local)",
                      lua_tostring(L, 2));
  return luaL_error(L, "cannot assign a global (a %s key)",
                    luaL_typename(L, 2));
}

static int is_omitted(const char *key, const char *const *omit) {
  for (; omit && *omit; omit++)
    if (strcmp(key, *omit) == 0) return 1;
  return 0;
}

/* Replaces the table on top by a frozen copy of it without the keys in
 * 'omit'. */
static void push_frozen(lua_State *L, const char *name,
                        const char *const *omit) {
  int src = lua_gettop(L);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, src)) {
    if (lua_type(L, -2) == LUA_TSTRING &&
        is_omitted(lua_tostring(L, -2), omit)) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, src + 1);
  }
  tl_sandbox_freeze(L, -1, name);
  lua_replace(L, src);
  lua_pop(L, 1);
}

static const char *const base_functions[] = {
    "assert", "error",  "pcall",    "select",   "type",     "pairs",
    "ipairs", "next",   "tostring", "tonumber", "rawequal", "rawget",
    "rawset", "rawlen", "print",    NULL};

/* Taken from tl_sandbox_push_safe rather than from the globals. */
static const char *const safe_functions[] = {"xpcall", "setmetatable",
                                             "getmetatable", NULL};

/* Adds the libraries; string and table come from the safe set at
 * 'safe' (bounded functions), math, utf8 and talon from the globals. */
static void base_add_libraries(lua_State *L, int base, int safe) {
  static const char *const no_math[] = {"random", "randomseed", NULL};
  static const char *const no_talon[] = {"sandbox", NULL};
  static const char *const safe_libs[] = {"string", "table", NULL};
  for (const char *const *p = safe_libs; *p; p++) {
    lua_getfield(L, safe, *p);
    push_frozen(L, *p, NULL);
    lua_setfield(L, base, *p);
  }
  if (lua_getglobal(L, "math") == LUA_TTABLE) {
    push_frozen(L, "math", no_math);
    lua_setfield(L, base, "math");
  } else
    lua_pop(L, 1);
  if (lua_getglobal(L, "utf8") == LUA_TTABLE) {
    push_frozen(L, "utf8", NULL);
    lua_setfield(L, base, "utf8");
  } else
    lua_pop(L, 1);
  if (lua_getfield(L, LUA_REGISTRYINDEX, MODULE_KEY) == LUA_TTABLE) {
    push_frozen(L, "talon", no_talon);
    lua_setfield(L, base, "talon");
  } else
    lua_pop(L, 1);
}

/* Pushes the state's curated base, building it on first use. */
static void push_base(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, BASE_KEY) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  int base = lua_gettop(L);
  for (const char *const *p = base_functions; *p; p++) {
    lua_getglobal(L, *p);
    lua_setfield(L, base, *p);
  }
  tl_sandbox_push_safe(L);
  for (const char *const *p = safe_functions; *p; p++) {
    lua_getfield(L, -1, *p);
    lua_setfield(L, base, *p);
  }
  base_add_libraries(L, base, base + 1);
  lua_pop(L, 1);
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, env_unknown);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, base);
  lua_pushvalue(L, base);
  lua_setfield(L, LUA_REGISTRYINDEX, BASE_KEY);
}

void tl_sandbox_newenv(lua_State *L, int extra) {
  extra = extra ? lua_absindex(L, extra) : 0;
  lua_newtable(L); /* env */
  lua_newtable(L); /* lookup */
  if (extra) {
    lua_pushnil(L);
    while (lua_next(L, extra)) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
  }
  lua_createtable(L, 0, 1);
  push_base(L);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_createtable(L, 0, 3); /* env's metatable; stack: env lookup mt */
  lua_insert(L, -2);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, env_assign);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

/* }====================================================== */

/* {====================================================== loading */

typedef struct text_reader {
  FILE *f;
  int pending; /* a character read ahead while skipping a BOM or '#' line */
  char buf[4096];
} text_reader;

static const char *read_text(lua_State *L, void *ud, size_t *size) {
  (void)L;
  text_reader *r = ud;
  size_t n = 0;
  if (r->pending != EOF) {
    r->buf[n++] = (char)r->pending;
    r->pending = EOF;
  }
  n += fread(r->buf + n, 1, sizeof r->buf - n, r->f);
  *size = n;
  return n > 0 ? r->buf : NULL;
}

/* Skips a UTF-8 BOM and a first line starting with '#', keeping its
 * newline so that line numbers stay right. */
static void skip_prefix(text_reader *r) {
  int c = getc(r->f);
  if (c == 0xEF && getc(r->f) == 0xBB && getc(r->f) == 0xBF) c = getc(r->f);
  if (c == '#') {
    while (c != EOF && c != '\n')
      c = getc(r->f);
  }
  r->pending = c;
}

int tl_sandbox_load(lua_State *L, const char *path, const char *chunkname) {
  const char *name = chunkname ? chunkname : path;
  lua_pushfstring(L, "@%s", name);
  text_reader *r = lua_newuserdatauv(L, sizeof *r, 0);
  r->f = fopen(path, "rb");
  if (r->f == NULL) {
    lua_pushfstring(L, "cannot open %s: %s", name, strerror(errno));
    lua_replace(L, -3);
    lua_pop(L, 1);
    return LUA_ERRFILE;
  }
  skip_prefix(r);
  int status = lua_load(L, read_text, r, lua_tostring(L, -2), "t");
  int failed_read = ferror(r->f);
  fclose(r->f);
  if (status == LUA_OK && failed_read) {
    lua_pushfstring(L, "cannot read %s", name);
    status = LUA_ERRFILE;
  } else if (status != LUA_OK &&
             strncmp(lua_tostring(L, -1), name, strlen(name)) != 0) {
    lua_pushfstring(L, "%s: %s", name, lua_tostring(L, -1));
  } else {
    lua_pushvalue(L, -1);
  }
  lua_replace(L, -4); /* stack: result "@name" reader value -> result */
  lua_pop(L, 2);
  return status;
}

/* }====================================================== */

/* {====================================================== talon.sandbox */

static int sandbox_env(lua_State *L) {
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  tl_sandbox_newenv(L, lua_isnoneornil(L, 1) ? 0 : 1);
  return 1;
}

static int sandbox_load(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *name = luaL_optstring(L, 2, path);
  if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  if (tl_sandbox_load(L, path, name) != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  if (lua_isnil(L, 3)) {
    tl_sandbox_newenv(L, 0);
    lua_replace(L, 3);
  }
  lua_pushvalue(L, 3);
  lua_setupvalue(L, -2, 1); /* a main chunk's first upvalue is _ENV */
  lua_pushvalue(L, 3);
  return 2;
}

/* The budget may be fractional (what is left of a total measured with
 * sandbox.clock); it is rounded up to whole milliseconds. */
static int sandbox_call(lua_State *L) {
  lua_Number budget = luaL_optnumber(L, 1, 0);
  luaL_argcheck(L, budget >= 0 && budget <= 86400000, 1,
                "budget must be 0 (none) to 86400000 milliseconds");
  int ms = (int)budget;
  if ((lua_Number)ms < budget) ms++;
  luaL_checkany(L, 2);
  if (ms > 0 && tl_sandbox_memory(L, NULL) == 0)
    return luaL_error(L, "sandbox.call: time budgets need a sandbox state");
  tl_sb_status st = tl_sandbox_pcall2(L, lua_gettop(L) - 2, LUA_MULTRET, ms, 0);
  if (st == TL_SB_OK) {
    lua_pushboolean(L, 1);
    lua_replace(L, 1);
    return lua_gettop(L);
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -3);
  lua_pushstring(L, tl_sandbox_kind(st));
  return 4;
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
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  lua_pushnumber(L, (lua_Number)ts.tv_sec * 1e3 + (lua_Number)ts.tv_nsec / 1e6);
  return 1;
}

static const luaL_Reg sandbox_functions[] = {
    {"env", sandbox_env},       {"load", sandbox_load},
    {"call", sandbox_call},     {"memory", sandbox_memory},
    {"freeze", sandbox_freeze}, {"safe", sandbox_safe},
    {"clock", sandbox_clock},   {NULL, NULL},
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
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, MODULE_KEY);
  luaL_newlib(L, sandbox_functions);
  lua_setfield(L, -2, "sandbox");
  lock_string_metatable(L);
}

/* }====================================================== */
