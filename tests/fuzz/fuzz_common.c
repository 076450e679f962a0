/*
 * fuzz_common.c - the fuzz targets' state and watchdog (fuzz_common.h).
 */
#include "fuzz_common.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <lauxlib.h>
#include <lualib.h>

#include "sandbox.h"
#include "talon_lua.h"

/* {====================================================== state */

/* `require "talon"`: the C module plus talon.root, as in main.c. */
static int open_talon(lua_State *L) {
  luaopen_talon(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_setfield(L, -2, "root");
  return 1;
}

static int setup(lua_State *L) {
  const char *r = TALON_SOURCE_DIR;
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_pushfstring(L,
                  "%s/stdlib/?.lua;%s/stdlib/?/init.lua;%s/?.lua;"
                  "%s/repl/?.lua",
                  r, r, r, r);
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_getfield(L, -1, "preload");
  lua_pushstring(L, r);
  lua_pushcclosure(L, open_talon, 1);
  lua_setfield(L, -2, "talon");
  lua_pop(L, 2);
  return 0;
}

lua_State *fuzz_newstate(size_t limit) {
  lua_State *L = tl_sandbox_newstate(limit);
  if (L == NULL) {
    fprintf(stderr, "fuzz: cannot create a Lua state\n");
    abort();
  }
  lua_pushcfunction(L, setup);
  if (tl_sandbox_pcall(L, 0, 0, 0, 0) != TL_SB_OK) {
    fprintf(stderr, "fuzz: cannot set up the state\n");
    abort();
  }
  return L;
}

void fuzz_dostring(lua_State *L, const char *code, const char *name) {
  if (luaL_loadbuffer(L, code, strlen(code), name) != LUA_OK ||
      tl_sandbox_pcall(L, 0, 1, 0, 0) != TL_SB_OK) {
    fprintf(stderr, "fuzz: %s failed: %s\n", name, lua_tostring(L, -1));
    abort();
  }
}

/* }====================================================== */

/* {====================================================== watchdog */

static atomic_llong started_ms; /* 0: no input running */
static atomic_int limit_of_input;

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *watch(void *arg) {
  (void)arg;
  for (;;) {
    struct timespec tick = {0, 100 * 1000000L};
    nanosleep(&tick, NULL);
    long long t0 = atomic_load(&started_ms);
    int limit = atomic_load(&limit_of_input);
    if (t0 != 0 && now_ms() - t0 > limit) {
      fprintf(stderr,
              "\nfuzz: hang: one input ran for more than %d ms "
              "(TALON_FUZZ_HANG_MS)\n",
              limit);
      abort(); /* libFuzzer saves the input as crash-* */
    }
  }
  return NULL;
}

void fuzz_begin(int limit_ms) {
  static int running = 0;
  if (!running) {
    pthread_t t;
    sigset_t all, old;
    const char *env = getenv("TALON_FUZZ_HANG_MS");
    if (env && atoi(env) > 0) limit_ms = atoi(env);
    atomic_store(&limit_of_input, limit_ms);
    /* the thread blocks every signal, so the sandbox's SIGALRM ticks and
     * Ctrl-C reach the thread running Lua */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int err = pthread_create(&t, NULL, watch, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (err != 0) {
      fprintf(stderr, "fuzz: cannot start the watchdog\n");
      abort();
    }
    pthread_detach(t);
    running = 1;
  }
  atomic_store(&started_ms, now_ms());
}

void fuzz_end(void) {
  atomic_store(&started_ms, 0);
}

/* }====================================================== */
