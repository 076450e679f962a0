/*
 * fuzz_loader.c - libFuzzer target: the bytes are a game file.
 *
 * The text is written to a scratch file and loaded by
 * talon.host.loader.load in a state made as the talon program makes it
 * (fuzz_common.c); a file that loads as a game is then played: random
 * legal actions, refused texts, undo, a seat's view, a short playout, and
 * finally its record written and replayed. All of it is one call through
 * tl_sandbox_pcall with a small time budget, so every outcome must be a
 * clean Lua error or a success; ASan, UBSan and the watchdog report the
 * rest.
 *
 * One state serves every input (building one reads the framework's Lua
 * files each time, which costs more than most inputs); the environment
 * TALON_FUZZ_FRESH=1 makes a new one per input instead.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lauxlib.h>

#include "fuzz_common.h"
#include "sandbox.h"

#define BUDGET_MS 300
#define HANG_MS   10000
#define STEPS     120

static const char driver[] =
    "print = function() end -- game files may print; keep the run quiet\n"
    "local loader = require 'talon.host.loader'\n"
    "local game = require 'talon.game'\n"
    "local record = require 'talon.host.record'\n"
    "local talon = require 'talon'\n"
    "return function(path, seed, steps)\n"
    "  local def = loader.load(path)\n"
    "  if not def then return 0 end\n"
    "  local g = game.new(def, { seed = seed })\n"
    "  local rng = talon.rng(seed)\n"
    "  local n, errors = 0, 0\n"
    "  local function step(pick)\n"
    "    if pick == 0 then g:view(g:mover())\n"
    "    elseif pick == 1 then g:try('pass ' .. n)\n"
    "    elseif pick == 2 then g:undo(1)\n"
    "    elseif pick == 3 then g:playout(rng, 10)\n"
    "    elseif pick == 4 then g:explain('score')\n"
    "    else\n"
    "      local legal = g:legal()\n"
    "      if #legal > 0 then g:try(g:text(legal[rng:int(1, #legal)])) end\n"
    "      if not g:over() then g:play(g:random(rng)) end\n"
    "    end\n"
    "  end\n"
    "  while n < steps and not g:over() and errors < 3 do\n"
    "    if not pcall(step, rng:below(16)) then errors = errors + 1 end\n"
    "    n = n + 1\n"
    "  end\n"
    "  if g.aborted then return n end\n"
    "  record.replay(g:record(), function() return def, path end)\n"
    "  return n\n"
    "end\n";

static lua_State *L;
static int driver_ref = LUA_NOREF;
static char dir[64], path[96];

static void remove_scratch(void) {
  unlink(path);
  rmdir(dir);
}

static void make_state(void) {
  L = fuzz_newstate(FUZZ_MEM_LIMIT);
  fuzz_dostring(L, driver, "=fuzz_loader");
  driver_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  strcpy(dir, "/tmp/talon-fuzz-loader-XXXXXX");
  if (mkdtemp(dir) == NULL) {
    perror("fuzz_loader: mkdtemp");
    abort();
  }
  snprintf(path, sizeof path, "%s/game.lua", dir);
  atexit(remove_scratch);
  make_state();
  return 0;
}

static uint32_t hash(const uint8_t *data, size_t size) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 16777619u;
  return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror("fuzz_loader: cannot write the scratch file");
    abort();
  }
  if (getenv("TALON_FUZZ_FRESH") != NULL) {
    tl_sandbox_close(L);
    make_state();
  }
  fuzz_begin(HANG_MS);
  lua_rawgeti(L, LUA_REGISTRYINDEX, driver_ref);
  lua_pushstring(L, path);
  lua_pushinteger(L, (lua_Integer)(hash(data, size) % 1000));
  lua_pushinteger(L, STEPS);
  tl_sandbox_pcall(L, 3, 0, BUDGET_MS, 0); /* any outcome but a crash */
  lua_settop(L, 0);
  lua_gc(L, LUA_GCSTEP, 0);
  fuzz_end();
  return 0;
}
