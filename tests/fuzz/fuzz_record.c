/*
 * fuzz_record.c - libFuzzer target: the bytes are a game record.
 *
 * The text goes to talon.host.record.read and, when it parses, to
 * record.params; a record of one of the games in games/ (a 'game' line,
 * no 'file' line) is then replayed against that game, so its 'act' lines
 * reach the action parser and the game's hooks. Reading must never crash
 * and must stay linear: an input holding a NUL byte is amplified
 * (make_text: PREFIX NUL UNIT [NUL SUFFIX] reads as PREFIX, UNIT repeated
 * up to about 256 KiB, SUFFIX), and reading it
 * must end within its time budget (a budget that runs out is reported as
 * a finding, as is one read that takes longer than SLOW_MS, which catches
 * a slow pattern inside one C call the budget cannot stop). Replays may
 * fail in any clean way.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lauxlib.h>

#include "fuzz_common.h"
#include "sandbox.h"

#define READ_BUDGET_MS   2000
#define SLOW_MS          4000
#define REPLAY_BUDGET_MS 300
#define HANG_MS          60000
#define AMPLIFIED        (256 * 1024)

static const char driver[] =
    "print = function() end\n"
    "local record = require 'talon.host.record'\n"
    "local loader = require 'talon.host.loader'\n"
    "local defs = {}\n"
    "local known = { hokm = true, ['hokm-all-tricks'] = true,\n"
    "  hosgin = true, bura = true, kosel = true, koselpot = true,\n"
    "  _template = true }\n"
    "local function read(text)\n"
    "  local r = record.read(text)\n"
    "  record.params(r)\n"
    "  return r\n"
    "end\n"
    "local function replay(r)\n"
    "  if r.file or not known[r.game] then return end\n"
    "  local def = defs[r.game]\n"
    "  if def == nil then\n"
    "    def = loader.load(r.game) or false\n"
    "    defs[r.game] = def\n"
    "  end\n"
    "  if not def then return end\n"
    "  record.replay(r, function() return def, r.game end)\n"
    "end\n"
    "return { read = read, replay = replay }\n";

static lua_State *L;
static int read_ref, replay_ref;
static char *text;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  L = fuzz_newstate(FUZZ_MEM_LIMIT);
  fuzz_dostring(L, driver, "=fuzz_record");
  lua_getfield(L, -1, "read");
  read_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getfield(L, -1, "replay");
  replay_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  text = malloc(AMPLIFIED + 64 * 1024);
  if (text == NULL) abort();
  return 0;
}

/* The text read: the input, or, when it holds a NUL, PREFIX UNIT... SUFFIX
 * from PREFIX NUL UNIT [NUL SUFFIX]: the unit repeated to about AMPLIFIED
 * bytes. Returns its length. */
static size_t make_text(const uint8_t *data, size_t size, int *amplified) {
  const uint8_t *nul = memchr(data, 0, size);
  size_t len;
  if (nul == NULL || size > 64 * 1024) {
    *amplified = 0;
    len = size < AMPLIFIED ? size : AMPLIFIED;
    memcpy(text, data, len);
    return len;
  }
  *amplified = 1;
  len = (size_t)(nul - data);
  memcpy(text, data, len);
  const uint8_t *unit = nul + 1, *end = data + size;
  const uint8_t *nul2 = memchr(unit, 0, (size_t)(end - unit));
  size_t n = (size_t)((nul2 ? nul2 : end) - unit);
  while (n > 0 && len + n <= AMPLIFIED) {
    memcpy(text + len, unit, n);
    len += n;
  }
  if (nul2) {
    memcpy(text + len, nul2 + 1, (size_t)(end - nul2 - 1));
    len += (size_t)(end - nul2 - 1);
  }
  return len;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int amplified;
  size_t len = make_text(data, size, &amplified);
  fuzz_begin(HANG_MS);
  lua_rawgeti(L, LUA_REGISTRYINDEX, read_ref);
  lua_pushlstring(L, text, len);
  long long t0 = now_ms();
  tl_sb_status st = tl_sandbox_pcall(L, 1, 1, READ_BUDGET_MS, 0);
  long long took = now_ms() - t0;
  if (st == TL_SB_BUDGET || took > SLOW_MS) {
    fprintf(stderr,
            "\nfuzz_record: reading a record of %zu bytes took %lld ms "
            "(budget %d ms): super-linear time%s\n%s\n",
            len, took, READ_BUDGET_MS,
            amplified ? " (input amplified after its first NUL)" : "",
            st == TL_SB_OK ? "" : lua_tostring(L, -1));
    abort();
  }
  if (st == TL_SB_OK && !amplified) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, replay_ref);
    lua_insert(L, -2);
    tl_sandbox_pcall(L, 1, 0, REPLAY_BUDGET_MS, 0); /* any clean outcome */
  }
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);
  fuzz_end();
  return 0;
}
