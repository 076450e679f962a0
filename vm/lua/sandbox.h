/*
 * sandbox.h - the Lua states the talon program runs scripts in.
 *
 * A sandbox state has an allocator with a memory cap, and every call into
 * untrusted code goes through tl_sandbox_pcall: a protected call with a
 * traceback handler and a time budget that costs nothing until it is
 * exceeded (a per-state POSIX timer ticking SIGALRM every 10 ms while
 * calls are active; only when the deadline passes does it install a count
 * hook, which then raises at every instruction so a script's own pcall
 * cannot swallow the stop). Game and variant files are loaded as text into
 * curated environments (tl_sandbox_newenv). The Lua face is talon.sandbox,
 * documented in docs/api.md "The sandbox".
 */
#ifndef TALON_SANDBOX_H
#define TALON_SANDBOX_H

#include <stddef.h>
#include <lua.h>

/* Outcome of tl_sandbox_pcall. */
typedef enum tl_sb_status {
  TL_SB_OK = 0,
  TL_SB_ERROR,     /* the callee raised an error */
  TL_SB_BUDGET,    /* the time budget ran out */
  TL_SB_INTERRUPT, /* SIGINT arrived during a TL_SB_SIGINT call */
  TL_SB_MEMORY,    /* an allocation failed (memory cap or malloc) */
  TL_SB_HANDLER    /* the error could not be handled (error in handler) */
} tl_sb_status;

/* Flag for tl_sandbox_pcall: turn Ctrl-C into an "interrupted!" error. */
#define TL_SB_SIGINT 1

/* ---- states ---- */

/* A new state (no libraries opened) whose allocations are capped at 'limit'
 * bytes in total (0: no cap). Returns NULL if memory runs out. */
lua_State *tl_sandbox_newstate(size_t limit);

/* Closes a state made by tl_sandbox_newstate and frees its timer. */
void tl_sandbox_close(lua_State *L);

/* Bytes in use; stores the cap in *limit when limit is not NULL. Returns 0
 * (and cap 0) for a state not made by tl_sandbox_newstate. */
size_t tl_sandbox_memory(lua_State *L, size_t *limit);

/* Sets the cap (0: none). Does nothing for other states. */
void tl_sandbox_set_limit(lua_State *L, size_t limit);

/* ---- calls ---- */

/* Like lua_pcall(L, nargs, nresults, 0), with a message handler that turns
 * any error value into "file:line: message" plus a traceback, a budget of
 * 'budget_ms' milliseconds (0: none; nested calls get at most what is left
 * of the enclosing budget) and 'flags' (TL_SB_SIGINT). On failure exactly
 * one value is left: the message string. Budgets need a state made by
 * tl_sandbox_newstate; in another state the budget is ignored. Never
 * raises. */
tl_sb_status tl_sandbox_pcall(lua_State *L, int nargs, int nresults,
                              int budget_ms, int flags);

/* As tl_sandbox_pcall, but on failure leaves two values: the message and
 * the original error value (tables stay tables). */
tl_sb_status tl_sandbox_pcall2(lua_State *L, int nargs, int nresults,
                               int budget_ms, int flags);

/* The name of a status as talon.sandbox.call reports it ("error",
 * "budget", "interrupt", "memory", "handler"; "ok"). */
const char *tl_sandbox_kind(tl_sb_status st);

/* ---- game files ---- */

/* Loads 'path' as a text chunk named "@chunkname" (chunkname NULL: the
 * path). Pushes the function and returns LUA_OK, or pushes a message
 * ("cannot open x: reason", "x:3: syntax error", "x: attempt to load a
 * binary chunk ...") and returns the error status. Never raises except on
 * memory exhaustion while building the message. */
int tl_sandbox_load(lua_State *L, const char *path, const char *chunkname);

/* Pushes a fresh environment for a game file: names resolve in the table
 * at index 'extra' (0: none), then in the curated base; unknown names and
 * assignments to globals raise. May raise (memory). */
void tl_sandbox_newenv(lua_State *L, int extra);

#endif
