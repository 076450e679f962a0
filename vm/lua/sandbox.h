/*
 * sandbox.h - the Lua states the talon program runs scripts in.
 *
 * A sandbox state has an allocator with a memory cap, and every call into
 * untrusted code goes through tl_sandbox_pcall: a protected call with a
 * traceback handler and a time budget that costs nothing until it is
 * exceeded (a per-state POSIX timer ticking SIGALRM every 10 ms while
 * calls are active; only when the deadline passes does it install a count
 * hook, which then raises at every instruction so a script's own pcall
 * cannot swallow the stop). Game and variant files are loaded as text only
 * (sandbox_load.c). What a game may reach is not decided here: the one
 * policy is stdlib/talon/host/sandbox.lua, which builds each game file's
 * environment from the pieces below (frozen libraries, sandbox_freeze.c;
 * bounded functions, sandbox_safe.c). The Lua face is talon.sandbox
 * (sandbox_lib.c), summarised at the end and documented in docs/api.md
 * "The sandbox".
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
#define TL_SB_SIGINT       1
/* Flag for tl_sandbox_pcall: Ctrl-C stops neither this call nor the calls
 * inside it; it stays pending until tl_sandbox_take_interrupt takes it (a
 * long simulation asks between matches and stops cleanly). One not taken
 * when the call returns reaches the caller as usual. */
#define TL_SB_DEFER_SIGINT 2

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
 * one value is left: the message string. A stop (budget or Ctrl-C) is
 * reported even when the callee returns after catching it in a final tail
 * call of pcall or xpcall (message without position then). Budgets need a
 * state made by tl_sandbox_newstate; in another state the budget is
 * ignored. Never raises. */
tl_sb_status tl_sandbox_pcall(lua_State *L, int nargs, int nresults,
                              int budget_ms, int flags);

/* As tl_sandbox_pcall, but on failure leaves two values: the message and
 * the original error value (tables stay tables). */
tl_sb_status tl_sandbox_pcall2(lua_State *L, int nargs, int nresults,
                               int budget_ms, int flags);

/* Calls the function at index 'fn' with the values above it as
 * tl_sandbox_pcall2 does (with 'flags'), and leaves the results as
 * talon.sandbox.call returns them, from index 'fn' on: true and the
 * results, or false, the message, the original error value and the kind.
 * Returns how many. */
int tl_sandbox_call_results(lua_State *L, int fn, int budget_ms, int flags);

/* Takes a pending Ctrl-C (one held back by TL_SB_DEFER_SIGINT, or any
 * that arrived while SIGINT is blocked): returns 1 and consumes it, or
 * returns 0. Async-signal-safe calls only; never raises. */
int tl_sandbox_take_interrupt(void);

/* Monotonic time in milliseconds (CLOCK_MONOTONIC; a vDSO call, cheap
 * enough to take around every call into game code). */
double tl_sandbox_clock_ms(void);

/* This thread's processor time in seconds, to the nanosecond: what a
 * benchmark times. The process's clock (C's clock(), Lua's os.clock)
 * only moves in the kernel's accounting ticks while the budget's
 * process timer is armed, which is during every call into game code. */
double tl_sandbox_cputime(void);

/* The budgets' clock in milliseconds: the process's CPU time, counted in
 * the timer's 10 ms ticks while calls into game code are active (a read
 * of a counter, where a CPU clock would be a system call). The difference
 * across a call is its CPU time to within a tick, unbiased on average. 0
 * for a state not made by tl_sandbox_newstate. */
double tl_sandbox_budget_ms(lua_State *L);

/* The name of a status as talon.sandbox.call reports it ("error",
 * "budget", "interrupt", "memory", "handler"; "ok"). */
const char *tl_sandbox_kind(tl_sb_status st);

/* ---- game files ---- */

/* The largest source file tl_sandbox_load parses (bytes). */
#define TL_SANDBOX_MAX_SOURCE ((size_t)128 << 10)

/* Loads 'path' as a text chunk named "@chunkname" (chunkname NULL: the
 * path). Pushes the function and returns LUA_OK, or pushes a message
 * ("cannot open x: reason", "x:3: syntax error", "x: attempt to load a
 * binary chunk ...", "x: a game file has at most 128 KiB") and returns
 * the error status. A UTF-8 BOM and a
 * first line starting with '#' are skipped (line numbers kept). The
 * chunk's _ENV (its first upvalue) is left as lua_load sets it, the
 * global table: set it before calling. Never raises except on memory
 * exhaustion while building the message. */
int tl_sandbox_load(lua_State *L, const char *path, const char *chunkname);

/* ---- building blocks for game environments (used by the policy,
 * stdlib/talon/host/sandbox.lua) ---- */

/* Pushes a read-only view of the table at 'idx' named 'name' (NULL: "?"):
 * a userdata over a private deep copy taken now. Nested tables are frozen
 * too, each once (shared tables and cycles keep their shape); functions,
 * strings, userdata and other values are kept as they are; metatables of
 * the copied tables are not carried over. On the view, indexing, pairs, #
 * and ipairs work as on the copy; assigning raises "cannot modify library
 * 'NAME'" (nested: 'NAME.key'); rawget, rawset and next raise (not a
 * table); getmetatable gives false; tostring gives "library: NAME". Later
 * changes to the original are not seen. Raises if 'idx' is not a table,
 * on nesting deeper than 64, and on memory errors. */
void tl_sandbox_freeze(lua_State *L, int idx, const char *name);

/* Whether a budget or Ctrl-C is stopping the code running in L now (the
 * stop is raised again at every instruction until the protected call that
 * set the budget returns). */
int tl_sandbox_stopping(lua_State *L);

/* Adds to the table on top of the stack the host's calls into game code,
 * sharing one per-call budget (2000 ms until set): budget([ms]) -> ms;
 * run(f, ...) under that budget, and charge(meter, f, ...) the same,
 * charged to the meter { left =, total =, who = } (only the outermost
 * charged call counts); walk(meter, f, ...) as charge with twice the
 * budget, for host code that calls game code in turn. All return as
 * talon.sandbox.call does; a spent meter fails at once with "WHO: total
 * time budget of N ms used up", kind "budget" (sandbox_charge.c). */
void tl_sandbox_open_charge(lua_State *L);

/* Adds plain(v, keep) to the table on top of the stack: a deep copy of v
 * read raw, keeping nil, booleans, numbers, strings, tables without a
 * metatable and the values whose metatable keep names (keep[mt], or for a
 * userdata keep[mt.__name]; a kept table is copied and given the same
 * metatable, a kept userdata is the same object); anything else is left
 * out, as a key or a value (v itself:
 * nil). Runs no metamethod; shared parts and cycles keep their shape;
 * nesting deeper than 100 tables is an error (sandbox_plain.c). */
void tl_sandbox_open_plain(lua_State *L);

/* Pushes what error value 'idx' says, as text for a person, running no
 * code (sandbox_describe.c): a string or a number as it is; a table read
 * raw (a metatable, if any, is not consulted), after the position game
 * code raised it at if it did ("games/x.lua:7: ", tl_sandbox_note_raise),
 * as its message field (the
 * first string or number of message, msg, because, reason, error, err,
 * text), after its rule field ("RULE: MESSAGE"), then its other integer
 * and string keys listed "{k = v, ...}" in a fixed order; without a
 * message field "(error object is a table value: {k = v, ...})", and with
 * nothing to list "(error object is a table value with no text)"; any
 * other value "(error object is a T value)". A table's text is one line of
 * at most about 1 KB: control bytes are escaped ("\n", "\27"), the C1
 * controls too ("\194\155" for U+009B, "\155" for a lone byte), long
 * texts cut (marked with an ellipsis), at most 6 fields listed (", ..."
 * marks more), nested tables shown as <table>. Returns the text pushed.
 * May raise (memory). */
const char *tl_sandbox_describe(lua_State *L, int idx);

/* Notes where game code raised the table at 'idx' (anything else:
 * nothing): the position luaL_where gives at 'level' ("games/x.lua:7: "),
 * kept beside the table (a weak-keyed registry table: it goes with the
 * table) until it is raised again with a level; level 0, or no Lua
 * function at that level, notes nothing. No metamethod of the table runs.
 * The game's error (sandbox_safe.c) calls it. May raise (memory). */
void tl_sandbox_note_raise(lua_State *L, int idx, int level);

/* Pushes and returns the position noted for the table at 'idx'
 * ("games/x.lua:7: "), or returns NULL and pushes nothing. */
const char *tl_sandbox_raised_at(lua_State *L, int idx);

/* Adds describe(v) -> text (tl_sandbox_describe) to the table on top of
 * the stack. */
void tl_sandbox_open_describe(lua_State *L);

/* Pushes a fresh table of bounded replacements for game code:
 *   xpcall(f, h, ...): f runs protected without a message handler; on
 *     error h(err) runs afterwards as an ordinary protected call, so the
 *     budget stops a loop in h (a real handler runs with hooks off).
 *     Returns true and f's results, or false and h's first result (or
 *     h's own error).
 *   setmetatable(t, mt): as the real one, but a metatable with a raw __gc
 *     field raises "setmetatable: __gc is not available to game code"
 *     (finalizers run later, with hooks off, outside every budget).
 *   getmetatable(v): tables only (honouring __metatable); nil otherwise.
 *   error(v [, level]): as the real one; a table raised with a level keeps
 *     its position too (tl_sandbox_note_raise), which its text then shows
 *     ("games/x.lua:7: no view today").
 *   table: every table.* function; insert, remove, sort, concat, unpack and
 *     move first take the length as the real ones do (honouring __len) and
 *     refuse to touch more than 2^24 elements: "bad argument #n to 'name'
 *     (range too large: N elements, at most 16777216)".
 *   string: every string.* function but dump; rep refuses results over
 *     64 MiB ("resulting string too large (more than 64 MiB)"); find
 *     (unless plain), match, gmatch and gsub refuse a pattern whose
 *     worst-case backtracking on the subject is estimated above 1e8
 *     steps (under half a second): "bad argument #2 to 'find' (pattern
 *     too complex for a subject of N bytes)". The estimate is
 *     starts * (r+1)^k, where starts is 1 for an anchored pattern and n+1
 *     otherwise, k counts the quantified items that may be retried at
 *     many lengths (one more if some item may scan and then fail) and r
 *     is the longest run of subject bytes those items can match. Trailing
 *     quantifiers cost no factor, one followed by a byte it cannot match
 *     only its scan. So "(%S+)" and "[^\n]+" pass on any subject,
 *     "([^\n]*)\n" on text of short lines, "^%s*(.-)%s*$" up to about
 *     10 KB, and "a-a-a-a-b" is refused on 300 a's (it takes seconds
 *     there) but not on prose.
 * Otherwise the real functions run, in the same call frame: same results
 * and error messages. May raise (memory). */
void tl_sandbox_push_safe(lua_State *L);

/* Hardens a state with the standard libraries open (the talon program
 * calls it right after luaL_openlibs): removes string.dump, points the
 * string metatable's __index at a frozen copy of the safe string library
 * above (so ("x"):find(p) is bounded for everyone, trusted code included;
 * trusted code keeps the real functions in the global 'string') and locks
 * that metatable (getmetatable("") is false). May raise (memory). */
void tl_sandbox_harden(lua_State *L);

/* ---- the Lua face: talon.sandbox (sandbox_lib.c; talon_open_sandbox in
 * talon_lua.h adds it to the talon module and locks the string
 * metatable) ----
 *   load(path, chunkname, env) -> chunk | fail, message
 *     (tl_sandbox_load; chunkname nil: the path; the chunk's _ENV is env,
 *     a table the caller made: there is no default environment)
 *   call(budget_ms, f, ...) -> true, results... | false, message, value,
 *     kind ("error", "budget", "interrupt", "memory", "handler"). The budget
 *     is a number from 0 (none) to 86400000, fractions rounded up; a call
 *     nested in another gets at most what is left of the enclosing budget.
 *   memory([limit]) -> used, limit       (bytes)
 *   freeze(t [, name]) -> view           (tl_sandbox_freeze; name "?")
 *   safe() -> table                      (tl_sandbox_push_safe)
 *   clock() -> milliseconds              (CLOCK_MONOTONIC, a float; for
 *     charging calls to a total budget)
 *   deferred(f, ...) -> as call          (no budget; TL_SB_DEFER_SIGINT)
 *   interrupted() -> boolean             (tl_sandbox_take_interrupt)
 *   describe(v) -> text                  (tl_sandbox_describe) */

#endif
