/*
 * test_sandbox.c - the sandbox contract (docs/api.md "The sandbox"; STYLE.md
 * rules 16, 18, 23; EMBEDDING.md "Tests a trustworthy engine passes"):
 * game files see only the curated base, every failure is a clear message
 * with file:line and leaves the state usable, hangs are stopped by a
 * sticky budget, memory is capped, allocation failure never crashes.
 * Game environments come from the program's one policy,
 * require("talon.host.sandbox").env(), loaded from the source tree.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include <lauxlib.h>
#include <lualib.h>

#include "sandbox.h"
#include "talon_lua.h"

#define FIXTURES TALON_SOURCE_DIR "/tests/fixtures/"

#define POLICY TALON_SOURCE_DIR "/stdlib/talon/host/sandbox.lua"

/* Points package.path at the source tree's stdlib and preloads the C
 * module "talon", as repl/main.c does. */
static void setup_paths(lua_State *L) {
  lua_getglobal(L, "package");
  lua_pushliteral(L, TALON_SOURCE_DIR "/stdlib/?.lua");
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_talon);
  lua_setfield(L, -2, "talon");
  lua_pop(L, 2);
}

/* A sandbox state with the standard libraries, the program's paths and a
 * `talon` global (the module) for trusted test code. Not hardened:
 * harden_removes_dump_and_bounds_string_methods sees the state before. */
static lua_State *new_state(size_t limit) {
  lua_State *L = tl_sandbox_newstate(limit);
  assert_non_null(L);
  luaL_openlibs(L);
  setup_paths(L);
  assert_int_equal(luaL_dostring(L, "talon = require 'talon'"), LUA_OK);
  return L;
}

/* Pushes a fresh game environment made by the program's policy:
 * require("talon.host.sandbox").env(extras), 'extras' being the stack
 * index of a table of names the file sees first (0: none). */
static void push_env(lua_State *L, int extras) {
  extras = extras ? lua_absindex(L, extras) : 0;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon.host.sandbox");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK) fail_msg("%s", lua_tostring(L, -1));
  lua_getfield(L, -1, "env");
  lua_remove(L, -2);
  if (extras) lua_pushvalue(L, extras);
  if (lua_pcall(L, extras ? 1 : 0, 1, 0) != LUA_OK)
    fail_msg("%s", lua_tostring(L, -1));
}

/* Gives the function on top a fresh game environment as its _ENV. */
static void set_game_env(lua_State *L) {
  push_env(L, 0);
  lua_setupvalue(L, -2, 1); /* a main chunk's first upvalue is _ENV */
}

static int setup(void **state) {
  *state = new_state(0);
  return 0;
}

static int teardown(void **state) {
  tl_sandbox_close(*state);
  return 0;
}

/* Loads tests/fixtures/<dir>/<name>.lua as "games/<name>.lua" in a fresh
 * environment; returns the load status (chunk or message on top). */
static int load_game(lua_State *L, const char *dir, const char *name) {
  char path[512], chunk[128];
  snprintf(path, sizeof path, FIXTURES "%s/%s.lua", dir, name);
  snprintf(chunk, sizeof chunk, "games/%s.lua", name);
  int status = tl_sandbox_load(L, path, chunk);
  if (status == LUA_OK) set_game_env(L);
  return status;
}

/* The clock the budgets count: the process's CPU time, so that these
 * checks hold on a machine busy with other work. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The wall clock, as sandbox.clock reads it. */
static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The first line of the message on top (the rest is the traceback). */
static void assert_first_line(lua_State *L, const char *want) {
  const char *msg = lua_tostring(L, -1);
  assert_non_null(msg);
  size_t len = strcspn(msg, "\n");
  if (len != strlen(want) || strncmp(msg, want, len) != 0)
    fail_msg("message was \"%.*s\", expected \"%s\"", (int)len, msg, want);
}

/* Runs trusted code and expects one integer result: the state still
 * works after whatever happened before. */
static void assert_usable(lua_State *L) {
  assert_int_equal(luaL_loadstring(L, "return 40 + 2"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 1000, 0), TL_SB_OK);
  assert_int_equal(lua_tointeger(L, -1), 42);
  lua_pop(L, 1);
}

/* ---- broken game files: exact messages (STYLE 23) ---- */

typedef struct broken {
  const char *name;
  int budget_ms;
  tl_sb_status status;
  const char *first_line;
} broken;

static const broken broken_games[] = {
    {"unknown_global", 0, TL_SB_ERROR,
     "games/unknown_global.lua:4: unknown global 'sets'"},
    {"assigns_global", 0, TL_SB_ERROR,
     "games/assigns_global.lua:4: cannot assign global 'deal' (use a local)"},
    {"uses_io", 0, TL_SB_ERROR, "games/uses_io.lua:2: unknown global 'io'"},
    {"string_dump", 0, TL_SB_ERROR,
     "games/string_dump.lua:2: attempt to call a nil value (field 'dump')"},
    {"modifies_library", 0, TL_SB_ERROR,
     "games/modifies_library.lua:2: cannot modify library 'string'"},
    /* a table after the line that raised it, as a text (sandbox_safe.c) */
    {"bad_error_object", 0, TL_SB_ERROR,
     "games/bad_error_object.lua:5: (error object is a table value; its "
     "__tostring failed: games/bad_error_object.lua:3: tostring exploded)"},
    /* a table without __tostring: what it says (sandbox_describe.c) */
    {"table_error_object", 0, TL_SB_ERROR,
     "games/table_error_object.lua:3: T-R2: what went wrong {cards = <table>, "
     "seat = 2}"},
};

/* Each broken file fails with its exact message, and the state survives. */
static void broken_games_fail_with_exact_messages(void **state) {
  lua_State *L = *state;
  for (size_t i = 0; i < sizeof broken_games / sizeof *broken_games; i++) {
    const broken *b = &broken_games[i];
    assert_int_equal(load_game(L, "broken_games", b->name), LUA_OK);
    assert_int_equal(tl_sandbox_pcall(L, 0, 0, b->budget_ms, 0), b->status);
    assert_first_line(L, b->first_line);
    assert_non_null(strstr(lua_tostring(L, -1), "stack traceback:"));
    lua_pop(L, 1);
    assert_usable(L);
  }
}

/* A syntax error is a load failure naming the file and line. */
static void syntax_error_names_file_and_line(void **state) {
  lua_State *L = *state;
  assert_int_equal(load_game(L, "broken_games", "syntax_error"), LUA_ERRSYNTAX);
  assert_first_line(L, "games/syntax_error.lua:3: '}' expected (to close "
                       "'{' at line 2) near 'players'");
  lua_pop(L, 1);
}

/* A missing file is an environmental failure: a message, no raise. */
static void missing_file_is_a_message(void **state) {
  lua_State *L = *state;
  assert_int_equal(tl_sandbox_load(L, FIXTURES "none.lua", "games/none.lua"),
                   LUA_ERRFILE);
  assert_first_line(L, "cannot open games/none.lua: No such file or directory");
  lua_pop(L, 1);
}

static int write_chunk(lua_State *L, const void *p, size_t sz, void *ud) {
  (void)L;
  return fwrite(p, 1, sz, ud) == sz ? 0 : 1;
}

/* Game files are text only: a precompiled chunk is refused. */
static void binary_chunk_is_refused(void **state) {
  lua_State *L = *state;
  char path[] = "/tmp/talon_binary_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "wb");
  assert_int_equal(luaL_loadstring(L, "return 1"), LUA_OK);
  assert_int_equal(lua_dump(L, write_chunk, f, 1), 0);
  fclose(f);
  lua_pop(L, 1);
  assert_int_equal(tl_sandbox_load(L, path, "games/bin.lua"), LUA_ERRSYNTAX);
  assert_first_line(L, "games/bin.lua: attempt to load a binary chunk "
                       "(mode is 't')");
  lua_pop(L, 1);
  unlink(path);
}

/* ---- the curated base ---- */

/* Dangerous names are absent: reading them raises "unknown global". */
static void dangerous_globals_are_absent(void **state) {
  static const char *const names[] = {
      "io",       "os",     "debug",          "load",
      "loadfile", "dofile", "collectgarbage", "package",
      "require",  "_G",     "coroutine",      "rawset",
      "rawget",   NULL};
  lua_State *L = *state;
  for (const char *const *n = names; *n; n++) {
    char code[64], want[96];
    snprintf(code, sizeof code, "return %s", *n);
    snprintf(want, sizeof want, "games/probe.lua:1: unknown global '%s'", *n);
    assert_int_equal(luaL_loadbuffer(L, code, strlen(code), "@games/probe.lua"),
                     LUA_OK);
    set_game_env(L);
    assert_int_equal(tl_sandbox_pcall(L, 0, 1, 0, 0), TL_SB_ERROR);
    assert_first_line(L, want);
    lua_pop(L, 1);
  }
}

/* Runs 'code' in a fresh game environment, one result expected. */
static void run_in_env(lua_State *L, const char *code) {
  assert_int_equal(luaL_loadstring(L, code), LUA_OK);
  set_game_env(L);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 0, 0), TL_SB_OK);
}

/* string.dump, math.random and talon.sandbox are left out of the copies;
 * the string metatable is locked for games (nil) and trusted code
 * (false). */
static void omitted_fields_and_locked_string_metatable(void **state) {
  lua_State *L = *state;
  run_in_env(L, "return string.dump == nil and math.random == nil and "
                "talon.sandbox == nil and getmetatable('') == nil");
  assert_true(lua_toboolean(L, -1));
  lua_pop(L, 1);
  assert_int_equal(luaL_dostring(L, "return getmetatable('')"), LUA_OK);
  assert_true(lua_isboolean(L, -1) && !lua_toboolean(L, -1));
  lua_pop(L, 1);
}

/* What game A tries to leave in its environment or to change in a library
 * fails there, and game B sees none of it. */
static void game_a_does_not_leak_into_game_b(void **state) {
  lua_State *L = *state;
  assert_int_equal(load_game(L, "sandbox", "game_a"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 2, 0, 0), TL_SB_OK);
  assert_int_equal(lua_tointeger(L, -2), 42);
  assert_int_equal(lua_tointeger(L, -1), 0); /* attempts that got through */
  lua_pop(L, 2);
  assert_int_equal(load_game(L, "sandbox", "game_b"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 2, 0, 0), TL_SB_OK);
  assert_string_equal(lua_tostring(L, -2), "OK");
  assert_true(lua_isnil(L, -1));
  lua_pop(L, 2);
}

/* Every name of the curated base works in a game file. */
static void curated_base_is_usable(void **state) {
  lua_State *L = *state;
  assert_int_equal(load_game(L, "sandbox", "allowed"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 0, 0), TL_SB_OK);
  assert_string_equal(lua_tostring(L, -1), "1-AB");
  lua_pop(L, 1);
}

/* The framework's extras (its require) come first in the lookup. */
static void extras_are_visible(void **state) {
  lua_State *L = *state;
  assert_int_equal(luaL_loadstring(L, "return require('x') .. print"), LUA_OK);
  assert_int_equal(luaL_dostring(L, "return {require = function(m) "
                                    "return 'req:' .. m end, print = '!'}"),
                   LUA_OK);
  push_env(L, -1);
  lua_setupvalue(L, -3, 1);
  lua_pop(L, 1);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 0, 0), TL_SB_OK);
  assert_string_equal(lua_tostring(L, -1), "req:x!");
  lua_pop(L, 1);
}

/* ---- limits ---- */

/* Calls the fixture's hook `legal` under a 200 ms budget. */
static tl_sb_status call_legal_hook(lua_State *L, const char *name) {
  assert_int_equal(load_game(L, "broken_games", name), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 0, 0), TL_SB_OK);
  lua_getfield(L, -1, "legal");
  lua_remove(L, -2);
  return tl_sandbox_pcall(L, 0, 0, 200, 0);
}

/* A hook that loops forever is stopped near its 200 ms budget with a
 * message naming the line; the state stays usable. */
static void plain_hang_is_stopped_by_the_budget(void **state) {
  lua_State *L = *state;
  double t0 = now();
  assert_int_equal(call_legal_hook(L, "hangs"), TL_SB_BUDGET);
  double dt = now() - t0;
  assert_true(dt >= 0.19 && dt < 0.3);
  assert_first_line(L, "games/hangs.lua:4: time budget of 200 ms exceeded");
  lua_pop(L, 1);
  assert_usable(L);
}

/* The stop is sticky: a loop of pcalls cannot swallow it. */
static void pcall_loop_is_stopped_by_the_budget(void **state) {
  lua_State *L = *state;
  double t0 = now();
  assert_int_equal(call_legal_hook(L, "hangs_in_pcall"), TL_SB_BUDGET);
  double dt = now() - t0;
  assert_true(dt >= 0.19 && dt < 0.3);
  assert_first_line(
      L, "games/hangs_in_pcall.lua:6: time budget of 200 ms exceeded");
  lua_pop(L, 1);
  assert_usable(L);
}

/* A nested call gets at most what is left of the outer budget, and the
 * outer call stops at its first instruction after the inner call returns
 * (line 4), since its own deadline has passed. */
static void nested_call_is_bounded_by_the_outer_budget(void **state) {
  lua_State *L = *state;
  assert_int_equal(
      luaL_loadstring(L, "local sb = talon.sandbox\n"
                         "local ok, m, e, kind = sb.call(5000, function()\n"
                         "  while true do end end)\n"
                         "inner = kind\n"
                         "while true do end\n"),
      LUA_OK);
  double t0 = now();
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 300, 0), TL_SB_BUDGET);
  assert_true(now() - t0 < 0.45);
  assert_first_line(L, "[string \"local sb = talon.sandbox...\"]:4: time "
                       "budget of 300 ms exceeded");
  lua_pop(L, 1);
  assert_int_equal(lua_getglobal(L, "inner"), LUA_TNIL); /* never reached */
  lua_pop(L, 1);
}

static int raise_sigint(lua_State *L) {
  (void)L;
  raise(SIGINT); /* blocked during the call: stays pending */
  return 0;
}

/* With TL_SB_SIGINT, Ctrl-C stops running Lua code ("interrupted!")
 * instead of killing the process (the REPL's contract). */
static void sigint_interrupts_a_running_loop(void **state) {
  lua_State *L = *state;
  lua_pushcfunction(L, raise_sigint);
  lua_setglobal(L, "ctrl_c");
  assert_int_equal(luaL_loadstring(L, "ctrl_c() while true do end"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, TL_SB_SIGINT), TL_SB_INTERRUPT);
  assert_non_null(strstr(lua_tostring(L, -1), "interrupted!"));
  lua_pop(L, 1);
  assert_usable(L);
}

/* The body of deferred_sigint_waits_to_be_taken: a loop long enough for
 * several ticks, in a TL_SB_DEFER_SIGINT call inside a TL_SB_SIGINT one,
 * then two takes. Returns the loop's sum, the status and both takes. */
static int deferred_loop(lua_State *L) {
  luaL_loadstring(L, "ctrl_c() local n = 0 for i = 1, 3e6 do n = n + 1 end "
                     "return n");
  int st = tl_sandbox_pcall(L, 0, 1, 0, TL_SB_DEFER_SIGINT);
  lua_pushinteger(L, st);
  lua_pushboolean(L, tl_sandbox_take_interrupt());
  lua_pushboolean(L, tl_sandbox_take_interrupt());
  return 4;
}

/* With TL_SB_DEFER_SIGINT Ctrl-C waits (a simulation finishes the match
 * in play): the loop runs to its end, the signal is taken once, and the
 * enclosing TL_SB_SIGINT call is not interrupted either. */
static void deferred_sigint_waits_to_be_taken(void **state) {
  lua_State *L = *state;
  lua_pushcfunction(L, raise_sigint);
  lua_setglobal(L, "ctrl_c");
  lua_pushcfunction(L, deferred_loop);
  assert_int_equal(tl_sandbox_pcall(L, 0, 4, 0, TL_SB_SIGINT), TL_SB_OK);
  assert_int_equal(lua_tointeger(L, -4), 3000000);
  assert_int_equal(lua_tointeger(L, -3), TL_SB_OK);
  assert_true(lua_toboolean(L, -2));
  assert_false(lua_toboolean(L, -1));
  lua_pop(L, 4);
  assert_usable(L);
}

/* Infinite recursion ends in "stack overflow", not a crash. */
static void deep_recursion_is_an_error(void **state) {
  lua_State *L = *state;
  assert_int_equal(load_game(L, "broken_games", "deep_recursion"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, 0), TL_SB_ERROR);
  assert_non_null(strstr(lua_tostring(L, -1), "stack overflow"));
  lua_pop(L, 1);
  assert_int_equal(luaL_loadstring(L, "local function f() return "
                                      "coroutine.wrap(f)() end return f()"),
                   LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, 0), TL_SB_ERROR);
  assert_non_null(strstr(lua_tostring(L, -1), "stack overflow"));
  lua_pop(L, 1);
  assert_usable(L);
}

/* With a 64 MiB cap, three 32 MiB strings fail cleanly with "not enough
 * memory"; the state stays usable and under its cap. (The fixture's
 * gigabyte string.rep is now refused before allocating: see
 * string_rep_is_capped.) */
static void memory_cap_fails_cleanly(void **state) {
  (void)state;
  lua_State *L = new_state((size_t)64 << 20);
  const char *code = "local s = ('x'):rep(1 << 25)\n"
                     "return s .. 'a', s .. 'b', s .. 'c'";
  assert_int_equal(luaL_loadbuffer(L, code, strlen(code), "@games/big.lua"),
                   LUA_OK);
  set_game_env(L);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, 0), TL_SB_MEMORY);
  assert_string_equal(lua_tostring(L, -1), "not enough memory");
  lua_pop(L, 1);
  size_t limit = 0;
  assert_true(tl_sandbox_memory(L, &limit) < limit);
  assert_usable(L);
  tl_sandbox_close(L);
}

static void *always_fail(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  free(nsize == 0 ? ptr : NULL);
  return NULL;
}

typedef struct countdown {
  long left;
} countdown;

/* Fails every allocation once 'left' reaches 0. */
static void *fail_later(void *ud, void *ptr, size_t osize, size_t nsize) {
  countdown *c = ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  if (c->left-- <= 0) return NULL;
  return realloc(ptr, nsize);
}

/* Opens what the program opens and makes a game environment from the
 * policy. The policy file is loaded directly rather than required, since
 * require turns a memory error while loading into an ordinary one. */
static int open_everything(lua_State *L) {
  luaL_openlibs(L);
  tl_sandbox_harden(L);
  setup_paths(L);
  if (luaL_loadfile(L, POLICY) != LUA_OK) return lua_error(L);
  lua_call(L, 0, 1);
  lua_getfield(L, -1, "env");
  lua_call(L, 0, 1);
  return 0;
}

/* A failing allocator passed to lua_newstate: no state, no crash; failing
 * at every point of opening the libraries, the talon module and the policy
 * and of making an environment gives LUA_ERRMEM, never a crash (ltests.c's
 * failnext idea). */
static void allocation_failure_is_survived(void **state) {
  (void)state;
  assert_null(lua_newstate(always_fail, NULL));
  assert_null(tl_sandbox_newstate(64)); /* cap below a bare state */
  int failures = 0, successes = 0;
  for (long n = 0; n < 3000 && successes == 0; n += 3) {
    countdown c = {n};
    lua_State *L = lua_newstate(fail_later, &c);
    if (L == NULL) continue;
    lua_pushcfunction(L, open_everything);
    int status = lua_pcall(L, 0, 0, 0);
    assert_true(status == LUA_OK || status == LUA_ERRMEM);
    if (status == LUA_OK)
      successes++;
    else
      failures++;
    c.left = 1L << 30; /* let lua_close free everything */
    lua_close(L);
  }
  assert_true(failures > 0);
  assert_int_equal(successes, 1);
}

/* ---- holes closed: frozen libraries, hardened strings, bounded calls ---- */

/* Runs 'code' as games/probe.lua in a fresh game environment under a
 * budget; returns the status (message on top on failure, else the
 * results are dropped) and stores the elapsed seconds in *dt. */
static tl_sb_status run_game(lua_State *L, const char *code, int budget_ms,
                             int flags, double *dt) {
  assert_int_equal(luaL_loadbuffer(L, code, strlen(code), "@games/probe.lua"),
                   LUA_OK);
  set_game_env(L);
  double t0 = now();
  tl_sb_status st = tl_sandbox_pcall(L, 0, 0, budget_ms, flags);
  if (dt) *dt = now() - t0;
  return st;
}

/* Expects 'code' to fail fast (well inside its 2 s budget) with an
 * ordinary error whose first line is 'want'. */
static void assert_refused(lua_State *L, const char *code, const char *want) {
  double dt = 0;
  tl_sb_status st = run_game(L, code, 2000, 0, &dt);
  if (st != TL_SB_ERROR) fail_msg("%s: status %s", code, tl_sandbox_kind(st));
  assert_first_line(L, want);
  lua_pop(L, 1);
  assert_true(dt < 0.5);
}

/* rawset on a library used to write through the read-only proxy (a plain
 * table) and change string.format for every later game. Games no longer
 * get rawset; handed the real one, the frozen library still refuses it. */
static void frozen_library_refuses_rawset(void **state) {
  lua_State *L = *state;
  assert_refused(L, "rawset(string, 'format', function() return 'p' end)",
                 "games/probe.lua:1: unknown global 'rawset'");
  const char *code = "local rawset = ...\n"
                     "rawset(string, 'format', function() return 'p' end)";
  assert_int_equal(luaL_loadbuffer(L, code, strlen(code), "@games/probe.lua"),
                   LUA_OK);
  set_game_env(L);
  lua_getglobal(L, "rawset");
  assert_int_equal(tl_sandbox_pcall(L, 1, 0, 0, 0), TL_SB_ERROR);
  assert_first_line(L, "games/probe.lua:2: bad argument #1 to 'rawset' "
                       "(table expected, got library)");
  lua_pop(L, 1);
  assert_refused(L, "string.format = nil",
                 "games/probe.lua:1: cannot modify library 'string'");
  assert_refused(L, "for k in next, table do end",
                 "games/probe.lua:1: bad argument #1 to 'for iterator' "
                 "(table expected, got library)");
  assert_int_equal(
      run_game(L,
               "assert(string.format('%d', 7) == '7')\n"
               "assert(getmetatable(string) == nil)\n"
               "assert(rawequal(string, string))\n"
               "local n = 0 for _ in pairs(math) do n = n + 1 end\n"
               "assert(n > 10 and math.random == nil)\n"
               "assert(talon.sandbox == nil)",
               0, 0, NULL),
      TL_SB_OK);
}

/* sandbox.copy: the host's shallow copy of a game's table reads it raw
 * (no metamethod of the table runs, whatever its __len says) and keeps
 * every key, holes and all, without the metatable. */
static void copy_is_raw_and_whole(void **state) {
  lua_State *L = *state;
  assert_int_equal(
      luaL_dostring(
          L,
          "local ran = false\n"
          "local src = setmetatable({1, 2, nil, 4, name = 'x', [2.5] = 'f',\n"
          "  [true] = 't', sub = {}}, {__index = function() ran = true end,\n"
          "  __pairs = function() ran = true end,\n"
          "  __len = function() ran = true return 1e9 end})\n"
          "local c = talon.sandbox.copy(src)\n"
          "assert(not ran and getmetatable(c) == nil and c ~= src)\n"
          "assert(c[1] == 1 and c[2] == 2 and c[3] == nil and c[4] == 4)\n"
          "assert(c.name == 'x' and c[2.5] == 'f' and c[true] == 't')\n"
          "assert(rawequal(c.sub, src.sub))\n"
          "local n = 0 for _ in next, c do n = n + 1 end\n"
          "assert(n == 7)\n"
          "c[1] = 9 assert(rawget(src, 1) == 1)\n"
          "assert(next(talon.sandbox.copy({})) == nil)\n"
          "for _, hint in ipairs {0, 1, 3, 100} do -- a size hint: the same "
          "copy\n"
          "  local h = talon.sandbox.copy(src, hint)\n"
          "  local m = 0 for k, v in next, h do m = m + 1 assert(rawget(src, "
          "k) == v) end\n"
          "  assert(m == 7 and getmetatable(h) == nil and not ran)\n"
          "end\n"
          "assert(not pcall(talon.sandbox.copy, src, -2))\n"
          "assert(not pcall(talon.sandbox.copy, src, 1.5))\n"
          "local ok, e = pcall(talon.sandbox.copy, 'text')\n"
          "assert(not ok and e:find('table expected'))\n"
          "ok, e = pcall(talon.sandbox.copy)\n"
          "assert(not ok and e:find('table expected'))"),
      LUA_OK);
}

/* sandbox.freeze: a deep, memoised, read-only view. */
static void freeze_gives_a_read_only_deep_view(void **state) {
  lua_State *L = *state;
  assert_int_equal(
      luaL_dostring(
          L,
          "local src = {10, 20, 30, name = 'x', sub = {a = 1}, deep = {d = "
          "{}}}\n"
          "src.self, src.again = src, src.sub\n"
          "local p = talon.sandbox.freeze(src, 'lib')\n"
          "assert(type(p) == 'userdata' and p.name == 'x' and #p == 3)\n"
          "assert(p.self == p and p.again == p.sub and p.sub.a == 1)\n"
          "local n, sum = 0, 0\n"
          "for _ in pairs(p) do n = n + 1 end\n"
          "for _, v in ipairs(p) do sum = sum + v end\n"
          "assert(n == 8 and sum == 60)\n"
          "assert(getmetatable(p) == false and tostring(p) == 'library: lib')\n"
          "assert(not pcall(rawset, p, 1, 1) and not pcall(rawget, p, 1))\n"
          "assert(not pcall(setmetatable, p, nil))\n"
          "local _, e1 = pcall(function() p.name = 'y' end)\n"
          "local _, e2 = pcall(function() p.deep.d.z = 2 end)\n"
          "src.name, src.sub.a = 'changed', 5\n"
          "assert(p.name == 'x' and p.sub.a == 1)\n"
          "local _, st = pairs(p)\n"
          "assert(st == nil) -- the private copy is not handed out\n"
          "return e1, e2"),
      LUA_OK);
  assert_non_null(strstr(lua_tostring(L, -2), "cannot modify library 'lib'"));
  assert_non_null(
      strstr(lua_tostring(L, -1), "cannot modify library 'lib.deep.d'"));
  lua_pop(L, 2);
  lua_newtable(L); /* the C face */
  tl_sandbox_freeze(L, -1, "c");
  assert_int_equal(lua_type(L, -1), LUA_TUSERDATA);
  lua_pop(L, 2);
}

/* tl_sandbox_harden: no string.dump anywhere, and string methods are the
 * bounded ones behind a locked metatable. */
static void harden_removes_dump_and_bounds_string_methods(void **state) {
  lua_State *L = *state;
  assert_int_equal(luaL_dostring(L, "return ('').dump"), LUA_OK);
  assert_false(lua_isnil(L, -1)); /* the hole, before hardening */
  lua_pop(L, 1);
  tl_sandbox_harden(L);
  assert_int_equal(
      luaL_dostring(L, "assert(('').dump == nil and string.dump == nil)\n"
                       "assert(getmetatable('') == false)\n"
                       "assert(('%d'):format(5) == '5' and ('ab'):upper() "
                       "== 'AB')\n"
                       "assert(('  hi  '):match('^%s*(.-)%s*$') == 'hi')\n"
                       "assert(not pcall(rawset, ('').upper, 'x', 1))\n"
                       "return ''"),
      LUA_OK);
  lua_pop(L, 1);
  assert_refused(L, "return ('a'):rep(300):find('a-a-a-a-b')",
                 "games/probe.lua:1: bad argument #1 to 'find' (pattern too "
                 "complex for a subject of 300 bytes)");
  assert_refused(L, "return ('x').dump(print)",
                 "games/probe.lua:1: attempt to call a nil value (field "
                 "'dump')");
}

/* Each of these ran for hours inside one C call, out of the budget's
 * reach; each is now refused at once. */
static void table_functions_refuse_huge_ranges(void **state) {
  static const char *const cases[][2] = {
      {"table.move({}, 1, 1e15, 2)",
       "bad argument #3 to 'move' (range too large: 1000000000000000 "
       "elements, at most 16777216)"},
      {"table.insert(big, 1, 'x')",
       "bad argument #1 to 'insert' (range too large: 1099511627776 "
       "elements, at most 16777216)"},
      {"table.remove(big, 1)",
       "bad argument #1 to 'remove' (range too large: 1099511627776 "
       "elements, at most 16777216)"},
      {"table.concat(big)", "bad argument #1 to 'concat' (range too large: "
                            "1099511627776 elements, at most 16777216)"},
      {"table.concat({}, '', 1, 2^40)",
       "bad argument #1 to 'concat' (range too large: 1099511627776 "
       "elements, at most 16777216)"},
      {"table.unpack(big)", "bad argument #1 to 'unpack' (range too large: "
                            "1099511627776 elements, at most 16777216)"},
      {"table.sort(big)", "bad argument #1 to 'sort' (too many elements to "
                          "sort: 1099511627776, at most 1048576)"},
      {"table.move({}, math.mininteger, math.maxinteger, 1)",
       "bad argument #3 to 'move' (range too large: more than 16777216 "
       "elements)"},
  };
  lua_State *L = *state;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char code[256], want[256];
    snprintf(code, sizeof code,
             "local big = setmetatable({}, {__len = function() "
             "return 2^40 end})\n%s",
             cases[i][0]);
    snprintf(want, sizeof want, "games/probe.lua:2: %s", cases[i][1]);
    assert_refused(L, code, want);
  }
  assert_int_equal(run_game(L,
                            "local t = {3, 1, 2}\n"
                            "table.insert(t, 1, 0) table.insert(t, 5)\n"
                            "assert(table.remove(t, 1) == 0)\n"
                            "table.sort(t)\n"
                            "assert(table.concat(t, ',') == '1,2,3,5')\n"
                            "assert(select('#', table.unpack(t)) == 4)\n"
                            "assert(table.move(t, 1, 2, 3)[4] == 2)",
                            0, 0, NULL),
                   TL_SB_OK);
}

/* A backtracking pattern ran for seconds inside one C call. */
static void backtracking_patterns_are_refused(void **state) {
  static const char *const cases[][2] = {
      {"string.find(s, 'a-a-a-a-b')", "find"},
      {"string.match(s, 'a-a-a-a-b')", "match"},
      {"string.gmatch(s, 'a-a-a-a-b')()", "gmatch"},
      {"string.gsub(s, 'a-a-a-a-b', '')", "gsub"},
      {"string.find(s, 'a*a*a*a*b')", "find"},
  };
  lua_State *L = *state;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char code[256], want[256];
    snprintf(code, sizeof code, "local s = ('a'):rep(300)\n%s", cases[i][0]);
    snprintf(want, sizeof want,
             "games/probe.lua:2: bad argument #2 to '%s' (pattern too "
             "complex for a subject of 300 bytes)",
             cases[i][1]);
    assert_refused(L, code, want);
  }
  /* a scan that fails at every start is quadratic in the run it scans */
  assert_refused(L, "return string.gmatch(('x'):rep(20000), '([^\\n]*)\\n')",
                 "games/probe.lua:1: bad argument #2 to 'gmatch' (pattern too "
                 "complex for a subject of 20000 bytes)");
  /* what games and the framework do still works, also on long subjects */
  double dt = 0;
  assert_int_equal(
      run_game(L,
               "local long = ('word '):rep(20000)\n"
               "local n = 0 for w in long:gmatch('(%S+)') do n = n + 1 end\n"
               "assert(n == 20000)\n"
               "assert(select(2, long:gsub('%s+', ' ')) == 20000)\n"
               "assert(('  x y  '):match('^%s*(.-)%s*$') == 'x y')\n"
               "local line = ('k '):rep(60) .. 'v'\n"
               "assert(line:match('^%s*(%S+)%s*(.-)%s*$') == 'k')\n"
               "assert(('a=1'):match('^([%w_]+)=(.*)$') == 'a')\n"
               "assert(string.find(long, 'a-a-a-a-b', 1, true) == nil)\n"
               "local lines = 0\n"
               "for _ in (('x'):rep(50) .. '\\n'):rep(400):gmatch('([^\\n]*)"
               "\\n') do lines = lines + 1 end\n"
               "assert(lines == 400)",
               2000, 0, &dt),
      TL_SB_OK);
  assert_true(dt < 1.0);
}

/* string.rep refuses a result over 64 MiB before allocating it. */
static void string_rep_is_capped(void **state) {
  lua_State *L = *state;
  assert_refused(L, "return string.rep('x', 2^40)",
                 "games/probe.lua:1: resulting string too large (more than "
                 "64 MiB)");
  assert_refused(L, "return string.rep('ab', 2^25, ',')",
                 "games/probe.lua:1: resulting string too large (more than "
                 "64 MiB)");
  assert_int_equal(load_game(L, "broken_games", "eats_memory"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, 0), TL_SB_ERROR);
  assert_first_line(L, "games/eats_memory.lua:2: resulting string too large "
                       "(more than 64 MiB)");
  lua_pop(L, 1);
  assert_int_equal(
      run_game(L, "assert(#string.rep('x', 1000, ',') == 1999)", 0, 0, NULL),
      TL_SB_OK);
  /* nothing repeated 2^63 times is nothing, at once (Lua's own loop copied
   * nothing 2^63 times, in C, beyond any budget) */
  assert_int_equal(run_game(L,
                            "assert(string.rep('', math.maxinteger) == '')\n"
                            "assert(string.rep('', math.maxinteger, '') == '')",
                            0, 0, NULL),
                   TL_SB_OK);
}

/* string.find with plain true: Lua's own search compares at every position
 * (quadratic, in C); the safe one is linear and gives Lua's answers. */
static void plain_find_is_linear_and_exact(void **state) {
  lua_State *L = *state;
  assert_int_equal(
      run_game(L,
               "local s = string.rep('a', 4 << 20)\n"
               "assert(string.find(s, string.rep('a', 2 << 20) .. 'b', 1, "
               "true) == nil)\n"
               "local function same(...)\n"
               "  local a, b = string.find(...)\n"
               "  return a, b\n"
               "end\n"
               "assert(select(2, same('hello', 'll', 1, true)) == 4)\n"
               "assert(same('hello', 'l', -2, true) == 4)\n"
               "assert(same('hello', '', 10, true) == nil)\n"
               "assert(same('hello', '', 6, true) == 6)\n"
               "assert(same('hello', 'h', math.mininteger, true) == 1)\n"
               "assert(same('hello', 'o', math.maxinteger, true) == nil)\n"
               "assert(same('a.b', '.', 1, true) == 2)\n"
               "assert(same('a\\0b', '\\0b', 1, true) == 2)",
               2000, 0, NULL),
      TL_SB_OK);
}

/* A message handler runs with hooks off when the budget's hook raised the
 * error, so a loop in it used to hang forever; the safe xpcall runs the
 * handler as an ordinary call, which the sticky budget stops. */
static void xpcall_handler_loop_is_stopped_by_the_budget(void **state) {
  lua_State *L = *state;
  double dt = 0;
  assert_int_equal(run_game(L,
                            "local function spin() while true do end end\n"
                            "xpcall(spin, spin)\n"
                            "return 'escaped'",
                            200, 0, &dt),
                   TL_SB_BUDGET);
  assert_true(dt >= 0.19 && dt < 0.5);
  /* stopped in f: a stop is no error of f's for h to handle, so it goes on
   * up naming the line where it struck */
  assert_first_line(L, "games/probe.lua:1: time budget of 200 ms exceeded");
  lua_pop(L, 1);
  assert_int_equal(
      run_game(L,
               "local ok, v = xpcall(function(a) return a + 1 end, print, 1)\n"
               "assert(ok == true and v == 2)\n"
               "local ok2, h = xpcall(error, function(m) return 'h:' .. m "
               "end, 'x', 0)\n"
               "assert(ok2 == false and h == 'h:x')\n"
               "local ok3, e = xpcall(error, error, 'x', 0)\n"
               "assert(ok3 == false and e == 'x') -- the handler's error\n"
               "assert(not pcall(xpcall, print))",
               0, 0, NULL),
      TL_SB_OK);
  assert_usable(L);
}

/* A callee that returns a tail call of pcall or xpcall has no Lua
 * instruction left for the sticky hook, and used to return "ok" with the
 * stop message as a result; the stop is still reported. */
static void stop_caught_in_a_tail_call_is_still_a_stop(void **state) {
  static const char *const codes[] = {
      "return pcall(function() while true do end end)",
      "local spin = function() while true do end end\n"
      "return xpcall(spin, spin)",
  };
  /* pcall returns the stop as its result; xpcall raises it on from where
   * it struck */
  static const char *const messages[] = {
      "time budget of 100 ms exceeded",
      "games/probe.lua:1: time budget of 100 ms exceeded",
  };
  lua_State *L = *state;
  for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
    double dt = 0;
    assert_int_equal(run_game(L, codes[i], 100, 0, &dt), TL_SB_BUDGET);
    assert_true(dt < 0.4);
    assert_first_line(L, messages[i]);
    lua_pop(L, 1);
  }
  assert_usable(L);
}

/* Ctrl-C stops a pcall loop and a looping xpcall handler too. */
static void sigint_stops_pcall_loops_and_handlers(void **state) {
  static const char *const codes[] = {
      "ctrl_c() while true do pcall(function() while true do end end) end",
      "ctrl_c() local spin = function() while true do end end\n"
      "talon.sandbox.safe().xpcall(spin, spin)",
  };
  lua_State *L = *state;
  lua_pushcfunction(L, raise_sigint);
  lua_setglobal(L, "ctrl_c");
  for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
    assert_int_equal(luaL_loadstring(L, codes[i]), LUA_OK);
    double t0 = now();
    assert_int_equal(tl_sandbox_pcall(L, 0, 0, 0, TL_SB_SIGINT),
                     TL_SB_INTERRUPT);
    assert_true(now() - t0 < 0.5);
    assert_non_null(strstr(lua_tostring(L, -1), "interrupted!"));
    lua_pop(L, 1);
  }
  assert_usable(L);
}

/* Finalizers run during some later allocation with hooks off: refused. */
static void setmetatable_refuses_gc(void **state) {
  lua_State *L = *state;
  assert_refused(L,
                 "setmetatable({}, {__gc = function() while true do end "
                 "end})",
                 "games/probe.lua:1: setmetatable: __gc is not available to "
                 "game code");
  assert_refused(L, "setmetatable(setmetatable({}, {__metatable = 1}), {})",
                 "games/probe.lua:1: cannot change a protected metatable");
  assert_int_equal(
      run_game(L,
               "local mt = {__index = {v = 7}}\n"
               "local t = setmetatable({}, mt)\n"
               "assert(t.v == 7 and getmetatable(t) == mt)\n"
               "assert(getmetatable('') == nil and getmetatable(string) == "
               "nil)\n"
               "assert(setmetatable(t, nil) == t and getmetatable(t) == nil)",
               0, 0, NULL),
      TL_SB_OK);
}

/* sandbox.clock is monotonic milliseconds; sandbox.call takes fractional
 * budgets (what is left of a total), rounded up. */
static void clock_and_fractional_budgets(void **state) {
  lua_State *L = *state;
  double t0 = wall_now() * 1e3;
  assert_int_equal(
      luaL_dostring(L, "local sb = talon.sandbox\n"
                       "local a = sb.clock()\n"
                       "local ok, _, _, kind = sb.call(20.5, function() "
                       "while true do end end)\n"
                       "local b = sb.clock()\n"
                       "assert(not ok and kind == 'budget')\n"
                       "assert(not pcall(sb.call, -1, print))\n"
                       "assert(not pcall(sb.call, 0/0, print))\n"
                       "assert(sb.call(0.25, function() return true end))\n"
                       "return a, b"),
      LUA_OK);
  double a = lua_tonumber(L, -2), b = lua_tonumber(L, -1);
  lua_pop(L, 2);
  assert_true(a >= t0 - 1 && a < t0 + 1000);
  assert_true(b - a >= 20 && b - a < 500);
}

/* nap(ms): sleeps without spending CPU time, as a process does when other
 * work takes the machine. */
static int nap(lua_State *L) {
  lua_Integer ms = luaL_checkinteger(L, 1);
  struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0)
    ;
  return 0;
}

/* The budget counts CPU time, not the wall clock: a call that spends 300
 * ms waiting (a machine busy with other work) and little CPU time keeps
 * its 100 ms budget, while a loop still spends it and is stopped. */
static void budget_counts_cpu_time_not_the_wall_clock(void **state) {
  lua_State *L = *state;
  lua_pushcfunction(L, nap);
  lua_setglobal(L, "nap");
  assert_int_equal(luaL_loadstring(L, "nap(300)\n"
                                      "local n = 0\n"
                                      "for i = 1, 1000 do n = n + i end\n"
                                      "return n"),
                   LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 1, 100, 0), TL_SB_OK);
  assert_int_equal(lua_tointeger(L, -1), 500500);
  lua_pop(L, 1);
  assert_int_equal(luaL_loadstring(L, "nap(50)\nwhile true do end"), LUA_OK);
  assert_int_equal(tl_sandbox_pcall(L, 0, 0, 100, 0), TL_SB_BUDGET);
  lua_pop(L, 1);
  assert_usable(L);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(broken_games_fail_with_exact_messages,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(syntax_error_names_file_and_line, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(missing_file_is_a_message, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(binary_chunk_is_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(dangerous_globals_are_absent, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(
          omitted_fields_and_locked_string_metatable, setup, teardown),
      cmocka_unit_test_setup_teardown(game_a_does_not_leak_into_game_b, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(curated_base_is_usable, setup, teardown),
      cmocka_unit_test_setup_teardown(extras_are_visible, setup, teardown),
      cmocka_unit_test_setup_teardown(plain_hang_is_stopped_by_the_budget,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(pcall_loop_is_stopped_by_the_budget,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(
          nested_call_is_bounded_by_the_outer_budget, setup, teardown),
      cmocka_unit_test_setup_teardown(sigint_interrupts_a_running_loop, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(deep_recursion_is_an_error, setup,
                                      teardown),
      cmocka_unit_test(memory_cap_fails_cleanly),
      cmocka_unit_test(allocation_failure_is_survived),
      cmocka_unit_test_setup_teardown(frozen_library_refuses_rawset, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(freeze_gives_a_read_only_deep_view, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(copy_is_raw_and_whole, setup, teardown),
      cmocka_unit_test_setup_teardown(
          harden_removes_dump_and_bounds_string_methods, setup, teardown),
      cmocka_unit_test_setup_teardown(table_functions_refuse_huge_ranges, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(backtracking_patterns_are_refused, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(plain_find_is_linear_and_exact, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(string_rep_is_capped, setup, teardown),
      cmocka_unit_test_setup_teardown(
          xpcall_handler_loop_is_stopped_by_the_budget, setup, teardown),
      cmocka_unit_test_setup_teardown(
          stop_caught_in_a_tail_call_is_still_a_stop, setup, teardown),
      cmocka_unit_test_setup_teardown(sigint_stops_pcall_loops_and_handlers,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(deferred_sigint_waits_to_be_taken, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(setmetatable_refuses_gc, setup, teardown),
      cmocka_unit_test_setup_teardown(clock_and_fractional_budgets, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(budget_counts_cpu_time_not_the_wall_clock,
                                      setup, teardown),
  };
  return cmocka_run_group_tests_name("sandbox", tests, NULL, NULL);
}
