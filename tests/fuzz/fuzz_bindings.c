/*
 * fuzz_bindings.c - libFuzzer target: the bytes are a program of calls
 * into the `talon` C module.
 *
 * Each input gets a fresh sandbox state holding NSLOTS values: valid
 * decks, hands, piles, rngs, trick rules, tricks and melds to start from
 * (the makers of the prelude below). The bytes are then read as
 * operations, each run protected: put a constant in a slot (nil,
 * booleans, extreme integers, NaN, infinities, -0.0, card tokens and
 * option names, raw bytes, a userdata of no kind), build a table from
 * slots (plain, keyed, with a lying __len or an __index that runs more
 * operations), make a function that runs more operations when the C code
 * calls it back, call a function of the module or a method of a slot's
 * value with slots as arguments, read a field, apply an operator, collect
 * garbage. After each call the Hands and Piles it returned are checked:
 * a Hand's size is the sum of its counts and the length of its card list,
 * a Pile's size the length of its card list; a broken one aborts.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "fuzz_common.h"
#include "sandbox.h"

#define NSLOTS    16
#define MAX_DEPTH 4
#define MAX_ARGS  6
#define BUDGET_MS 1000
#define HANG_MS   10000

/* Trusted Lua that makes the starting values and checks results. */
static const char prelude[] =
    "local talon = require 'talon'\n"
    "local getmt = debug.getmetatable\n"
    "local d52 = talon.deck { ranks = 'A K Q J T 9 8 7 6 5 4 3 2' }\n"
    "local d32 = talon.deck { ranks = 'A T K Q J 9 8 7', copies = 2,\n"
    "  jokers = 2, joker_points = 5, points = '11 10 4 3 2 0 0 0' }\n"
    "local d6 = talon.deck { suits = 'S H', ranks = 'A K Q', strip = 'AS' }\n"
    "local r52 = talon.trickrules(d52, { follow = true, head = 'trump_led',\n"
    "  void = 'trump' })\n"
    "local r32 = talon.trickrules(d32, { lead_sizes = { 1, 2, 3, 4 },\n"
    "  top = 'X', wild_top = true, face_down = 'allowed' })\n"
    "local m32 = talon.melds(d32, {\n"
    "  { name = 'bella', ranks = 'Q K', suit = 'each', points = 20,\n"
    "    trump_points = 40 },\n"
    "  { name = 'series', ranks = 'J Q K T A', suit = 'trump', points = 150,\n"
    "    includes = { 'bella' } },\n"
    "  { name = 'jacks', ranks = 'J', suit = 'all', points = { 40, 400 } },\n"
    "  { name = 'four', ranks = 'A', suit = 'any', size = 4, points = 100 },\n"
    "  { name = 'pair', cards = 'QS JD', points = { 40, 300, 300, 0 },\n"
    "    uses = { 1, 2, 2, 4 } },\n"
    "})\n"
    "local start = { d52, d32, d6, d52:full(), d32:hand('QS KS JD X x2'),\n"
    "  d52:pile(), d32:pile('AS TS X'), talon.rng(7), r52, r32,\n"
    "  talon.trick(r52, 'H'), talon.trick(r32), m32, d52:card('QS'),\n"
    "  d32:full(), 'AS KS QS' }\n"
    "local HAND = getmt(d52:hand())\n"
    "local PILE = getmt(d52:pile())\n"
    "-- nil, or a sentence naming the invariant a Hand or Pile breaks\n"
    "local function check(v)\n"
    "  local mt = getmt(v)\n"
    "  if mt == HAND then\n"
    "    local n, sum = #v, 0\n"
    "    for _, k in v:each() do sum = sum + k end\n"
    "    if sum ~= n then return ('hand %s: # is %d, counts sum to %d')\n"
    "      :format(tostring(v), n, sum) end\n"
    "    local c = #v:cards()\n"
    "    if c ~= n then return ('hand %s: # is %d, #cards() is %d')\n"
    "      :format(tostring(v), n, c) end\n"
    "  elseif mt == PILE then\n"
    "    local n, c = #v, #v:cards()\n"
    "    if c ~= n then return ('pile %s: # is %d, #cards() is %d')\n"
    "      :format(tostring(v), n, c) end\n"
    "  end\n"
    "end\n"
    "local function lying(t, n, f)\n"
    "  return setmetatable(t, { __len = function() return n end,\n"
    "    __index = f })\n"
    "end\n"
    "return { start = start, check = check, lying = lying }\n";

static const char *const words[] = {
    "AS",
    "KS",
    "QS",
    "JD",
    "TH",
    "10H",
    "2C",
    "7D",
    "X",
    "JOKER",
    "Q\xe2\x99\xa0",
    "q\xe2\x99\xa4",
    "ZS",
    "AS KS QS",
    "QS KS 10H\303\2272",
    "AS x2",
    "QS*3",
    "{AS, KS}",
    "X x2 AS",
    "S",
    "H",
    "D",
    "C",
    "\xe2\x99\xa5",
    "joker",
    "S H D C",
    "S H",
    "A K Q J T 9 8 7 6 5 4 3 2",
    "A T K Q J",
    "11 10 4 3 2",
    "all",
    "each",
    "trump",
    "any",
    "never",
    "trump_led",
    "always",
    "winner",
    "previous",
    "trump_beat",
    "allowed",
    "short",
    "ascii",
    "unicode",
    "color",
    "",
    "suits",
    "ranks",
    "points",
    "copies",
    "strip",
    "jokers",
    "joker_points",
    "follow",
    "head",
    "head_reference",
    "void",
    "top",
    "wild_top",
    "lead_sizes",
    "face_down",
    "doc",
    "name",
    "suit",
    "size",
    "cards",
    "trump_points",
    "uses",
    "includes",
    "rank",
    "id",
    "deck",
    "joker",
    "rank_index",
    "suit_index",
    "nsuits",
    "nranks",
    "\xff\xfe;{}",
    "\x01",
};
#define NWORDS (sizeof words / sizeof words[0])

static const lua_Integer integers[] = {
    0,
    1,
    -1,
    2,
    3,
    4,
    5,
    7,
    8,
    15,
    16,
    17,
    63,
    64,
    255,
    256,
    10000,
    10001,
    1000000,
    1000001,
    INT32_MAX,
    INT32_MIN,
    INT64_MAX,
    INT64_MIN,
    INT64_MAX - 1,
    (lua_Integer)1 << 53,
    -((lua_Integer)1 << 53),
    UINT32_MAX,
};
#define NINTEGERS (sizeof integers / sizeof integers[0])

typedef struct fuzz {
  const uint8_t *p, *end;
  int depth;
  int slots, talon, check, lying; /* registry references */
} fuzz;

static int byte(fuzz *f) {
  return f->p < f->end ? *f->p++ : 0;
}

static uint64_t bytes8(fuzz *f) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = v << 8 | (uint64_t)byte(f);
  return v;
}

static void run_ops(lua_State *L, fuzz *f, int n);

/* {====================================================== values */

static void push_slot(lua_State *L, fuzz *f, int i) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->slots);
  lua_rawgeti(L, -1, i % NSLOTS + 1);
  lua_remove(L, -2);
}

static void set_slot(lua_State *L, fuzz *f, int i) { /* pops the value */
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->slots);
  lua_insert(L, -2);
  lua_rawseti(L, -2, i % NSLOTS + 1);
  lua_pop(L, 1);
}

/* A function the C code may call back: runs a few more operations, then
 * returns a slot, returns nothing or raises. */
static int callback(lua_State *L) {
  fuzz *f = lua_touserdata(L, lua_upvalueindex(1));
  int mode = (int)lua_tointeger(L, lua_upvalueindex(2));
  int n = byte(f) % 4;
  if (f->depth < MAX_DEPTH && n > 0) {
    f->depth++;
    run_ops(L, f, n);
    f->depth--;
  }
  switch (mode % 4) {
  case 0:
    return 0;
  case 1:
    return luaL_error(L, "fuzz callback raised");
  case 2:
    push_slot(L, f, byte(f));
    return 1;
  default:
    lua_pushvalue(L, 1);
    return 1; /* its first argument back */
  }
}

static void push_number(lua_State *L, fuzz *f, int kind) {
  static const double floats[] = {0.0,    0.5,     1.5,          -1.5, 1e308,
                                  9.2e18, -9.3e18, 4294967296.0, 64.0, 3.0};
  switch (kind % 6) {
  case 0:
    lua_pushinteger(L, integers[byte(f) % NINTEGERS]);
    break;
  case 1:
    lua_pushinteger(L, (lua_Integer)(int8_t)byte(f));
    break;
  case 2:
    lua_pushinteger(L, (lua_Integer)bytes8(f));
    break;
  case 3:
    lua_pushnumber(L, floats[byte(f) % 10]);
    break;
  case 4: {
    static const int which[] = {0, 1, 2, 3};
    switch (which[byte(f) % 4]) {
    case 0:
      lua_pushnumber(L, NAN);
      break;
    case 1:
      lua_pushnumber(L, INFINITY);
      break;
    case 2:
      lua_pushnumber(L, -INFINITY);
      break;
    default:
      lua_pushnumber(L, -0.0);
      break;
    }
    break;
  }
  default: {
    uint64_t u = bytes8(f);
    double d;
    memcpy(&d, &u, sizeof d);
    lua_pushnumber(L, d);
  }
  }
}

static void push_constant(lua_State *L, fuzz *f) {
  int kind = byte(f);
  switch (kind % 8) {
  case 0:
    lua_pushnil(L);
    break;
  case 1:
    lua_pushboolean(L, kind & 8);
    break;
  case 2:
    push_number(L, f, kind >> 3);
    break;
  case 3:
  case 4:
    lua_pushstring(L, words[byte(f) % NWORDS]);
    break;
  case 5: {
    size_t n = (size_t)(byte(f) % 48);
    if (n > (size_t)(f->end - f->p)) n = (size_t)(f->end - f->p);
    lua_pushlstring(L, (const char *)f->p, n);
    f->p += n;
    break;
  }
  case 6:
    lua_newuserdatauv(L, 8, 0);
    break;
  default:
    lua_pushlightuserdata(L, f);
    break;
  }
}

static void push_callback(lua_State *L, fuzz *f) {
  lua_pushlightuserdata(L, f);
  lua_pushinteger(L, byte(f));
  lua_pushcclosure(L, callback, 2);
}

/* A table of slots: an array, keyed by words, or lying about its length
 * (and with an __index callback). */
static void push_table(lua_State *L, fuzz *f) {
  int kind = byte(f), n = byte(f) % 9;
  lua_createtable(L, n, 0);
  for (int i = 1; i <= n; i++) {
    if (kind & 1) {
      lua_pushstring(L, words[byte(f) % NWORDS]);
      push_slot(L, f, byte(f));
      lua_rawset(L, -3);
    } else {
      push_slot(L, f, byte(f));
      lua_rawseti(L, -2, i);
    }
  }
  if (kind & 2) { /* lying(t, n, f) */
    lua_rawgeti(L, LUA_REGISTRYINDEX, f->lying);
    lua_insert(L, -2);
    push_number(L, f, byte(f) % 3);
    if (kind & 4)
      push_callback(L, f);
    else
      lua_pushnil(L);
    if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
      lua_pop(L, 1);
      lua_pushnil(L);
    }
  }
}

/* }====================================================== */

/* {====================================================== operations */

/* Checks the Hand or Pile at the stack top (left in place). */
static void check_value(lua_State *L, fuzz *f) {
  if (lua_type(L, -1) != LUA_TUSERDATA) return;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->check);
  lua_pushvalue(L, -2);
  if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_isstring(L, -1)) {
    fprintf(stderr, "\nfuzz_bindings: invariant broken: %s\n",
            lua_tostring(L, -1));
    abort();
  }
  lua_pop(L, 1); /* nil, or an error such as running out of memory */
}

/* Pushes the names of the table at 'idx' sorted (pairs order changes from
 * run to run), keeping only functions when 'functions' is set; returns
 * how many. The list is a new table on the stack top. */
static int sorted_names(lua_State *L, int idx, int functions) {
  idx = lua_absindex(L, idx);
  lua_newtable(L);
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) == LUA_TSTRING &&
        (!functions || lua_type(L, -1) == LUA_TFUNCTION)) {
      lua_pushvalue(L, -2);
      lua_rawseti(L, -4, ++n);
    }
    lua_pop(L, 1);
  }
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "sort");
  lua_remove(L, -2);
  lua_pushvalue(L, -2);
  lua_call(L, 1, 0);
  return n;
}

/* Calls the function below 'nargs' arguments at the stack top and stores
 * and checks its results. */
static void call_and_keep(lua_State *L, fuzz *f, int nargs) {
  int base = lua_gettop(L) - nargs - 1;
  int to = byte(f);
  lua_call(L, nargs, LUA_MULTRET);
  int nres = lua_gettop(L) - base;
  for (int i = 0; i < nres && i < 4; i++) {
    lua_pushvalue(L, base + 1 + i);
    check_value(L, f);
    set_slot(L, f, to + i);
  }
  lua_settop(L, base);
}

static void push_args(lua_State *L, fuzz *f, int n) {
  for (int i = 0; i < n; i++)
    push_slot(L, f, byte(f));
}

/* The host-only functions of talon.sandbox that take values a game made
 * (views, positions, legal lists); the others run code or set budgets. */
static const char *const host_takers[] = {"copy", "foreign", "freeze", "plain"};

static void call_module(lua_State *L, fuzz *f) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->talon);
  int n = sorted_names(L, -1, 1);
  if (n == 0) return;
  int pick = byte(f) % (n + 1);
  if (pick == n) { /* one of talon.sandbox's */
    const char *name =
        host_takers[byte(f) % (sizeof host_takers / sizeof *host_takers)];
    if (getenv("FUZZ_TRACE")) fprintf(stderr, "talon.sandbox.%s\n", name);
    lua_getfield(L, -2, "sandbox");
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
  } else {
    lua_rawgeti(L, -1, pick + 1);
    if (getenv("FUZZ_TRACE"))
      fprintf(stderr, "talon.%s\n", lua_tostring(L, -1));
    lua_gettable(L, -3);
  }
  int nargs = byte(f) % (MAX_ARGS + 1);
  push_args(L, f, nargs);
  call_and_keep(L, f, nargs);
}

/* receiver:method(args) with a method of the receiver's __index table, or
 * receiver[word] when its __index is not a table. */
static void call_method(lua_State *L, fuzz *f, int field) {
  push_slot(L, f, byte(f));
  int self = lua_gettop(L);
  /* only the module's userdata: strings would reach Lua's string library */
  if (lua_type(L, self) != LUA_TUSERDATA || !lua_getmetatable(L, self)) return;
  lua_getfield(L, -1, "__index");
  if (!lua_istable(L, -1) || field & 2) {
    lua_pushvalue(L, self);
    lua_pushstring(L, words[byte(f) % NWORDS]);
    lua_gettable(L, -2);
    check_value(L, f);
    set_slot(L, f, byte(f));
    return;
  }
  int n = sorted_names(L, -1, !field);
  if (n == 0) return;
  lua_rawgeti(L, -1, byte(f) % n + 1);
  if (getenv("FUZZ_TRACE"))
    fprintf(stderr, "%s:%s\n", luaL_typename(L, self), lua_tostring(L, -1));
  lua_gettable(L, -3);
  if (field) {
    set_slot(L, f, byte(f));
    return;
  }
  lua_pushvalue(L, self);
  int nargs = byte(f) % MAX_ARGS;
  push_args(L, f, nargs);
  call_and_keep(L, f, nargs + 1);
}

static void apply_operator(lua_State *L, fuzz *f) {
  static const int arith[] = {LUA_OPADD, LUA_OPSUB, LUA_OPMUL, LUA_OPUNM};
  int op = byte(f);
  push_slot(L, f, byte(f));
  switch (op % 8) {
  case 0:
  case 1:
  case 2:
  case 3:
    if (op % 8 != 3) push_slot(L, f, byte(f));
    lua_arith(L, arith[op % 8 % 4]);
    break;
  case 4:
  case 5:
  case 6: {
    push_slot(L, f, byte(f));
    int r = lua_compare(L, -2, -1, op % 8 - 4); /* EQ, LT, LE */
    lua_pushboolean(L, r);
    break;
  }
  default:
    if (op & 8)
      lua_len(L, -1);
    else
      luaL_tolstring(L, -1, NULL);
  }
  check_value(L, f);
  set_slot(L, f, byte(f));
}

static int one_op(lua_State *L) {
  fuzz *f = lua_touserdata(L, 1);
  int op = byte(f);
  if (getenv("FUZZ_TRACE")) fprintf(stderr, "op %d\n", op % 12);
  switch (op % 12) {
  case 0:
    push_constant(L, f);
    set_slot(L, f, byte(f));
    break;
  case 1:
    push_table(L, f);
    set_slot(L, f, byte(f));
    break;
  case 2:
    push_callback(L, f);
    set_slot(L, f, byte(f));
    break;
  case 3:
  case 4:
    call_module(L, f);
    break;
  case 5:
  case 6:
  case 7:
    call_method(L, f, 0);
    break;
  case 8:
    call_method(L, f, 1 + (op >> 4 & 1));
    break;
  case 9:
  case 10:
    apply_operator(L, f);
    break;
  default:
    lua_gc(L, op & 16 ? LUA_GCCOLLECT : LUA_GCSTEP, 0);
  }
  return 0;
}

/* Runs up to n operations (all that are left when n < 0), each protected:
 * an error ends that operation only. */
static void run_ops(lua_State *L, fuzz *f, int n) {
  luaL_checkstack(L, 2 * MAX_ARGS + 16, "fuzz");
  int top = lua_gettop(L);
  while (f->p < f->end && n-- != 0) {
    lua_pushcfunction(L, one_op);
    lua_pushlightuserdata(L, f);
    lua_pcall(L, 1, 0, 0);
    lua_settop(L, top); /* drops an error message */
  }
}

/* }====================================================== */

static int run(lua_State *L) {
  fuzz *f = lua_touserdata(L, 1);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon");
  lua_call(L, 1, 1);
  f->talon = luaL_ref(L, LUA_REGISTRYINDEX);
  if (luaL_loadbuffer(L, prelude, sizeof prelude - 1, "=prelude") != LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 1);
  lua_getfield(L, -1, "start");
  f->slots = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getfield(L, -1, "check");
  f->check = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getfield(L, -1, "lying");
  f->lying = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  run_ops(L, f, -1);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz f = {data, data + size, 0, 0, 0, 0, 0};
  lua_State *L = fuzz_newstate(FUZZ_MEM_LIMIT);
  fuzz_begin(HANG_MS);
  lua_pushcfunction(L, run);
  lua_pushlightuserdata(L, &f);
  tl_sandbox_pcall(L, 1, 0, BUDGET_MS, 0); /* any outcome but a crash */
  fuzz_end();
  tl_sandbox_close(L);
  return 0;
}
