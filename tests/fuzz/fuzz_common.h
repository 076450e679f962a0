/*
 * fuzz_common.h - what the fuzz targets share: a Lua state made as the
 * talon program makes its own (repl/main.c), and a watchdog for inputs
 * that run too long.
 *
 * The sandbox's time budget owns SIGALRM, which is also how libFuzzer
 * notices a slow input (-timeout); its alarm is ignored by the sandbox's
 * handler. The watchdog is a thread instead: an input that runs longer
 * than the limit aborts the process, and libFuzzer keeps it as a crash.
 */
#ifndef TALON_FUZZ_COMMON_H
#define TALON_FUZZ_COMMON_H

#include <stddef.h>
#include <lua.h>

/* Memory cap of a fuzzed state: small, so inputs that allocate without end
 * meet it quickly (the program's default is 1 GiB). */
#define FUZZ_MEM_LIMIT ((size_t)64 * 1024 * 1024)

/* A sandbox state capped at 'limit' bytes with the standard libraries,
 * package.path on the source tree and `talon` preloaded, as main.c makes
 * it. Aborts if that fails (not a finding: the harness itself is broken). */
lua_State *fuzz_newstate(size_t limit);

/* Runs 'code' (a chunk named 'name') in L and leaves its one result on the
 * stack; aborts on failure (the harness is broken). */
void fuzz_dostring(lua_State *L, const char *code, const char *name);

/* The watchdog: fuzz_begin before an input, fuzz_end after it. An input
 * still running after 'limit_ms' (environment TALON_FUZZ_HANG_MS, default
 * 'limit_ms') is reported as a hang and aborts. */
void fuzz_begin(int limit_ms);
void fuzz_end(void);

#endif
