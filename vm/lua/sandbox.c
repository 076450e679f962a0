/*
 * sandbox.c - capped allocator, lazy time budget and the protected call.
 *
 * Workload: the framework calls game hooks millions of times in a
 * simulation, so a call must cost almost nothing while its budget holds.
 * The budget is therefore counted in ticks of a per-state POSIX timer
 * (SIGALRM every TICK_MS while calls are active, stopping itself after
 * IDLE_TICKS without calls): arming is a few integer stores. The timer
 * counts the process's CPU time, not the wall clock: game code cannot
 * wait for anything, so a stuck loop spends CPU time, while a machine
 * busy with other work does not use up an honest game's budget. Only when a
 * deadline passes does the signal handler install a count hook (as lua.c
 * does for Ctrl-C); the hook raises at every instruction until the
 * protected call returns. The timer carries the state's address in its
 * sigval, so no global variable is needed.
 */
#include "sandbox.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lauxlib.h>

#define TICK_MS    10
#define IDLE_TICKS 50

enum { STOP_NONE, STOP_BUDGET, STOP_INTERRUPT };

typedef struct tl_sandbox {
  size_t used, limit;
  timer_t timer;
  int has_timer;
  int budget_ms;                   /* budget owning 'deadline' */
  lua_State *volatile running;     /* thread inside the outermost call */
  volatile sig_atomic_t ticking;   /* timer armed */
  volatile sig_atomic_t tick;      /* ticks since the timer was made */
  volatile sig_atomic_t idle;      /* ticks without an active call */
  volatile sig_atomic_t active;    /* calls in progress */
  volatile sig_atomic_t deadline;  /* tick that ends the budget; 0 none */
  volatile sig_atomic_t watch_int; /* notice a pending SIGINT */
  volatile sig_atomic_t stop;      /* STOP_*: why the hook is set */
} tl_sandbox;

/* What a call saves to restore its caller's budget on return. */
typedef struct sb_frame {
  lua_State *running;
  int budget_ms;
  sig_atomic_t deadline, watch_int;
  sigset_t mask;
} sb_frame;

/* {====================================================== allocator */

#ifdef TALON_HAVE_MIMALLOC /* vm/CMakeLists.txt: mimalloc when installed */
#include <mimalloc.h>
#define sb_realloc mi_realloc
#define sb_free    mi_free
#else
#define sb_realloc realloc
#define sb_free    free
#endif

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tl_sandbox *sb = ud;
  size_t old = ptr ? osize : 0; /* with ptr NULL, osize is a type tag */
  if (nsize == 0) {
    sb_free(ptr);
    sb->used -= old;
    return NULL;
  }
  if (sb->limit && nsize > old && sb->used - old + nsize > sb->limit)
    return NULL;
  void *p = sb_realloc(ptr, nsize);
  if (p) sb->used = sb->used - old + nsize;
  return p;
}

static tl_sandbox *sandbox_of(lua_State *L) {
  void *ud = NULL;
  return lua_getallocf(L, &ud) == sb_alloc ? ud : NULL;
}

/* }====================================================== */

/* {====================================================== timer */

static void sb_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  tl_sandbox *sb = sandbox_of(L);
  int why = sb ? sb->stop : STOP_NONE;
  if (why == STOP_NONE) {
    lua_sethook(L, NULL, 0, 0);
    return;
  }
  lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1); /* sticky: fire again */
  luaL_where(L, 0);
  if (why == STOP_INTERRUPT)
    lua_pushliteral(L, "interrupted!");
  else
    lua_pushfstring(L, "time budget of %d ms exceeded", sb->budget_ms);
  lua_concat(L, 2);
  lua_error(L);
}

static int sigint_pending(void) {
  sigset_t set;
  return sigpending(&set) == 0 && sigismember(&set, SIGINT) == 1;
}

static void sb_set_timer(tl_sandbox *sb, long ms) {
  struct itimerspec its;
  memset(&its, 0, sizeof its);
  its.it_value.tv_nsec = ms * 1000000L;
  its.it_interval.tv_nsec = ms * 1000000L;
  timer_settime(sb->timer, 0, &its, NULL); /* async-signal-safe */
}

/* Runs on every tick: counts, stops an idle timer, and installs the hook
 * once a deadline has passed or Ctrl-C is pending. */
static void sb_on_tick(int sig, siginfo_t *si, void *uc) {
  (void)sig;
  (void)uc;
  if (si == NULL || si->si_code != SI_TIMER) return;
  tl_sandbox *sb = si->si_value.sival_ptr;
  int lost = timer_getoverrun(sb->timer); /* ticks merged under load */
  sb->tick += 1 + (lost > 0 ? lost : 0);
  if (sb->active == 0) {
    if (++sb->idle > IDLE_TICKS) {
      sb_set_timer(sb, 0);
      sb->ticking = 0;
    }
    return;
  }
  sb->idle = 0;
  if (sb->stop != STOP_NONE) return;
  if (sb->deadline != 0 && sb->tick - sb->deadline >= 0)
    sb->stop = STOP_BUDGET;
  else if (sb->watch_int && sigint_pending())
    sb->stop = STOP_INTERRUPT;
  else
    return;
  lua_sethook(sb->running, sb_hook, LUA_MASKCOUNT, 1);
}

static int sb_start_ticking(tl_sandbox *sb) {
  if (!sb->has_timer) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = sb_on_tick;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGALRM, &sa, NULL) != 0) return 0;
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGALRM;
    sev.sigev_value.sival_ptr = sb;
    if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &sb->timer) != 0) return 0;
    sb->has_timer = 1;
  }
  sb->ticking = 1;
  sb_set_timer(sb, TICK_MS);
  return 1;
}

/* }====================================================== */

/* {====================================================== states */

static int sb_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "talon: unprotected Lua error: %s\n", msg ? msg : "?");
  return 0; /* Lua aborts; every entry is protected, so this is a bug */
}

lua_State *tl_sandbox_newstate(size_t limit) {
  tl_sandbox *sb = calloc(1, sizeof *sb);
  if (sb == NULL) return NULL;
  sb->limit = limit;
  sb->tick = 1;
  lua_State *L = lua_newstate(sb_alloc, sb);
  if (L == NULL) {
    free(sb);
    return NULL;
  }
  lua_atpanic(L, sb_panic);
  /* Generational collection: a simulation or a search makes a game, a
   * fork or a hand's tables and drops them soon after, and a minor
   * collection frees them while they are still in the cache
   * (docs/architecture.md). */
  lua_gc(L, LUA_GCGEN, 0, 0);
  return L;
}

void tl_sandbox_close(lua_State *L) {
  if (L == NULL) return;
  tl_sandbox *sb = sandbox_of(L);
  lua_close(L);
  if (sb == NULL) return;
  if (sb->has_timer) timer_delete(sb->timer); /* drops a pending tick */
  free(sb);
}

size_t tl_sandbox_memory(lua_State *L, size_t *limit) {
  tl_sandbox *sb = sandbox_of(L);
  if (limit) *limit = sb ? sb->limit : 0;
  return sb ? sb->used : 0;
}

void tl_sandbox_set_limit(lua_State *L, size_t limit) {
  tl_sandbox *sb = sandbox_of(L);
  if (sb) sb->limit = limit;
}

/* }====================================================== */

/* {====================================================== protected call */

/* The error value at 'idx' as text: its __tostring's, when it has one and
 * Lua may run (a __tostring that fails is reported, not propagated: it
 * runs protected), after the position game code raised it at, if noted;
 * else what tl_sandbox_describe reads of it. Pushes the text. */
static const char *describe(lua_State *L, int idx, int may_run_lua) {
  if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER)
    return lua_pushstring(L, lua_tostring(L, idx));
  const char *tname = luaL_typename(L, idx);
  if (may_run_lua && luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_type(L, -1) != LUA_TSTRING) {
      const char *why = lua_type(L, -1) == LUA_TSTRING
                            ? lua_tostring(L, -1)
                            : "it did not return a string";
      lua_pushfstring(L,
                      "(error object is a %s value; its __tostring failed: %s)",
                      tname, why);
      lua_remove(L, -2);
    }
    if (tl_sandbox_raised_at(L, idx) == NULL) return lua_tostring(L, -1);
    lua_insert(L, -2);
    lua_concat(L, 2); /* where text */
    return lua_tostring(L, -1);
  }
  return tl_sandbox_describe(L, idx); /* read raw: runs nothing */
}

/* Message handler: returns a box {message with traceback, original}. */
static int sb_msghandler(lua_State *L) {
  tl_sandbox *sb = sandbox_of(L);
  int stopping = sb != NULL && sb->stop != STOP_NONE;
  const char *msg;
  if (stopping && lua_type(L, 1) != LUA_TSTRING)
    msg =
        lua_pushstring(L, sb->stop == STOP_INTERRUPT ? "interrupted!"
                                                     : "time budget exceeded");
  else
    msg = describe(L, 1, !stopping);
  luaL_traceback(L, L, msg, 1);
  lua_createtable(L, 2, 0);
  lua_insert(L, -2);
  lua_rawseti(L, -2, 1);
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 2);
  return 1;
}

static void sb_enter(tl_sandbox *sb, lua_State *L, int ms, int flags,
                     sb_frame *fr) {
  fr->running = sb->running;
  fr->budget_ms = sb->budget_ms;
  fr->deadline = sb->deadline;
  fr->watch_int = sb->watch_int;
  if (flags & TL_SB_SIGINT) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_BLOCK, &set, &fr->mask);
  }
  sb->active++;
  sb->idle = 0;
  sb->running = L;
  if (ms > 0) {
    sig_atomic_t d = sb->tick + (ms + TICK_MS - 1) / TICK_MS + 1;
    if (sb->deadline == 0 || d - sb->deadline < 0) {
      sb->budget_ms = ms;
      sb->deadline = d;
    }
  }
  if (flags & TL_SB_SIGINT) sb->watch_int = 1;
  if (flags & TL_SB_DEFER_SIGINT) sb->watch_int = 0;
  if ((sb->deadline || sb->watch_int) && !sb->ticking) sb_start_ticking(sb);
}

static void drain_sigint(const sigset_t *old) {
  sigset_t set;
  struct timespec zero = {0, 0};
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  while (sigint_pending() && sigtimedwait(&set, NULL, &zero) == SIGINT)
    ;
  sigprocmask(SIG_SETMASK, old, NULL);
}

/* Restores the caller's budget; a stop that also concerns the caller (its
 * own deadline passed, or Ctrl-C while it watches) stays in force. */
static void sb_leave(tl_sandbox *sb, lua_State *L, int flags, sb_frame *fr) {
  sig_atomic_t why = sb->stop;
  sb->deadline = fr->deadline;
  sb->budget_ms = fr->budget_ms;
  sb->watch_int = fr->watch_int;
  sb->running = fr->running;
  sb->active--;
  sb->stop = STOP_NONE;
  lua_sethook(L, NULL, 0, 0);
  int keep =
      (why == STOP_INTERRUPT && sb->watch_int) ||
      (sb->active > 0 && sb->deadline != 0 && sb->tick - sb->deadline >= 0);
  if (keep && sb->running) {
    sb->stop = why == STOP_INTERRUPT ? STOP_INTERRUPT : STOP_BUDGET;
    lua_sethook(sb->running, sb_hook, LUA_MASKCOUNT, 1);
  }
  if (flags & TL_SB_SIGINT) drain_sigint(&fr->mask);
}

int tl_sandbox_take_interrupt(void) {
  sigset_t set;
  struct timespec zero = {0, 0};
  if (!sigint_pending()) return 0;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  while (sigint_pending() && sigtimedwait(&set, NULL, &zero) == SIGINT)
    ;
  return 1;
}

int tl_sandbox_stopping(lua_State *L) {
  tl_sandbox *sb = sandbox_of(L);
  return sb != NULL && sb->stop != STOP_NONE;
}

static tl_sb_status classify(tl_sandbox *sb, int status) {
  if (status == LUA_OK) return TL_SB_OK;
  if (sb && sb->stop == STOP_BUDGET) return TL_SB_BUDGET;
  if (sb && sb->stop == STOP_INTERRUPT) return TL_SB_INTERRUPT;
  if (status == LUA_ERRMEM) return TL_SB_MEMORY;
  if (status == LUA_ERRERR) return TL_SB_HANDLER;
  return TL_SB_ERROR;
}

/* Leaves [message, original] in place of the failed call's value: the
 * handler's box after a run-time error; memory and handler errors never
 * reach the handler, and their value is the message. */
static void unbox(lua_State *L, int status) {
  if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TTABLE) {
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    lua_remove(L, -3);
    return;
  }
  lua_pushvalue(L, -1);
}

/* The box sb_msghandler would have made for the stop in progress. */
static int stop_box(lua_State *L) {
  tl_sandbox *sb = lua_touserdata(L, 1);
  lua_createtable(L, 2, 0);
  if (sb->stop == STOP_INTERRUPT)
    lua_pushliteral(L, "interrupted!");
  else
    lua_pushfstring(L, "time budget of %d ms exceeded", sb->budget_ms);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, 2);
  lua_rawseti(L, -2, 1);
  return 1;
}

tl_sb_status tl_sandbox_pcall2(lua_State *L, int nargs, int nresults,
                               int budget_ms, int flags) {
  tl_sandbox *sb = sandbox_of(L);
  int base = lua_gettop(L) - nargs;
  sb_frame fr;
  lua_pushcfunction(L, sb_msghandler);
  lua_insert(L, base);
  if (sb) sb_enter(sb, L, budget_ms, flags, &fr);
  int status = lua_pcall(L, nargs, nresults, base);
  if (status == LUA_OK && sb && sb->stop != STOP_NONE) {
    /* Stopped, yet returning: the callee ended in a tail call of a C
     * function (return pcall(loop)) that caught the stop, so no Lua
     * instruction was left to raise it again. Still a stop. */
    lua_settop(L, base);
    lua_pushcfunction(L, stop_box);
    lua_pushlightuserdata(L, sb);
    status = lua_pcall(L, 1, 1, 0);
    if (status == LUA_OK) status = LUA_ERRRUN;
  }
  tl_sb_status st = classify(sb, status);
  if (sb) sb_leave(sb, L, flags, &fr);
  lua_remove(L, base);
  if (st != TL_SB_OK) unbox(L, status);
  return st;
}

tl_sb_status tl_sandbox_pcall(lua_State *L, int nargs, int nresults,
                              int budget_ms, int flags) {
  tl_sb_status st = tl_sandbox_pcall2(L, nargs, nresults, budget_ms, flags);
  if (st != TL_SB_OK) lua_pop(L, 1);
  return st;
}

int tl_sandbox_call_results(lua_State *L, int fn, int budget_ms, int flags) {
  tl_sb_status st =
      tl_sandbox_pcall2(L, lua_gettop(L) - fn, LUA_MULTRET, budget_ms, flags);
  if (st == TL_SB_OK) {
    lua_pushboolean(L, 1);
    lua_insert(L, fn);
    return lua_gettop(L) - fn + 1;
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -3);
  lua_pushstring(L, tl_sandbox_kind(st));
  return 4;
}

double tl_sandbox_clock_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double tl_sandbox_cputime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double tl_sandbox_budget_ms(lua_State *L) {
  tl_sandbox *sb = sandbox_of(L);
  return sb ? (double)sb->tick * TICK_MS : 0;
}

const char *tl_sandbox_kind(tl_sb_status st) {
  static const char *const names[] = {"ok",        "error",  "budget",
                                      "interrupt", "memory", "handler"};
  return (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "error";
}

/* }====================================================== */
