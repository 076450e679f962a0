/*
 * main.c - the talon program: a protected main shaped like lua.c.
 *
 * main() makes a sandbox state and runs pmain() under lua_pcall with argv
 * as light userdata. pmain parses the options, finds the data root
 * (docs/program.md), sets package.path to that root only, preloads the
 * C module "talon", and dispatches: no command -> REPL; `run`, `test` here;
 * play/sim/compare/merge/check/replay/list/rules/explain/analyse/review ->
 * talon.cli (Lua).
 * Exit codes: 0 ok, 1 script or test failure, 2 usage error.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "repl.h"
#include "sandbox.h"
#include "termsafe.h"

#define DEFAULT_MEM_MB 1024

static const char usage_text[] =
    "usage: talon [options] [command [args]]\n"
    "\n"
    "Commands:\n"
    "  (none)              start the interactive REPL (help() inside)\n"
    "  run FILE [ARGS]     run a Lua script with the talon library;\n"
    "                      ARGS are in the table 'arg' and in '...'\n"
    "  test FILE...        run test files; ends with 'N passed, N failed'\n"
    "  play GAME           play a game in the terminal\n"
    "  sim GAME            simulate games between bots\n"
    "  compare A B         simulate two games or variants on the same\n"
    "                      seeds and compare every statistic\n"
    "  merge FILES...      combine the JSON summaries of sharded runs\n"
    "  check GAME_OR_FILE  validate a game or variant file and play it\n"
    "                      randomly, checking invariants\n"
    "  replay FILE         replay a recorded game and check its result\n"
    "  list                list the games and variants found\n"
    "  rules GAME          print a game's rules and options\n"
    "  explain GAME ...    explain a rule of a game\n"
    "  analyse RECORD      the search's estimate of each action at a point\n"
    "  review RECORD       mark a seat's decisions the search finds worse\n"
    "\n"
    "Options (before the command):\n"
    "  -h, --help          show this help and exit\n"
    "  -v, --version       show the version and exit\n"
    "  -E                  ignore environment variables (TALON_PATH)\n"
    "  --mem-limit MB      memory cap for Lua in MiB (default 1024; 0: none)\n"
    "  --budget MS         time budget of one call into game code, in ms\n"
    "                      (default 2000)\n"
    "  --total-budget MS   time budget of one game or one bot over all its\n"
    "                      calls, in ms (default 120000)\n"
    "\n"
    "Options of play, sim, check, rules (after GAME; also accepted before\n"
    "the command):\n"
    "  --players N         number of players\n"
    "  --seed S            random seed (integer or text)\n"
    "  -o key=value        set a game option (repeatable)\n"
    "  Run 'talon COMMAND --help' for a command's own options.\n"
    "\n"
    "Environment:\n"
    "  TALON_PATH          data roots (directories holding stdlib/ and\n"
    "                      games/), separated by ':'; searched before\n"
    "                      ../share/talon next to this program\n"
    "  NO_COLOR            print cards without colour\n";

static const char *const cli_commands[] = {
    "play", "sim",   "compare", "merge",   "check",  "replay",
    "list", "rules", "explain", "analyse", "review", NULL};

typedef struct options {
  int ignore_env;
  long mem_mb;
  long budget_ms, total_ms; /* 0: the host's defaults */
  int command;              /* index in argv of the command, or argc */
} options;

static int usage_error(const char *what, const char *arg) {
  fprintf(stderr, "talon: %s '%s' (try 'talon --help')\n", what, arg);
  return 2;
}

/* A whole number from 'lo' to 'hi' in 'text' into *v; 0 if it is not. */
static int parse_long(const char *text, long lo, long hi, long *v) {
  char *end = NULL;
  long n = text ? strtol(text, &end, 10) : -1;
  if (text == NULL || *text == '\0' || *end != '\0' || n < lo || n > hi)
    return 0;
  *v = n;
  return 1;
}

static int parse_mem(const char *text, long *mb) {
  char *end = NULL;
  long v = text ? strtol(text, &end, 10) : -1;
  if (text == NULL || *text == '\0' || *end != '\0' || v < 0 ||
      v > 1024L * 1024L)
    return 0;
  *mb = v;
  return 1;
}

/* Options before the command. Common game options (--players, --seed,
 * -o) are collected into the table at 'fwd' for the front end. Returns -1
 * to go on, or an exit code. */
static int parse_options(lua_State *L, int argc, char **argv, options *o,
                         int fwd) {
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage_text, stdout);
      return 0;
    } else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      printf("talon %s (%s)\n", TALON_VERSION, LUA_RELEASE);
      return 0;
    } else if (!strcmp(a, "-E")) {
      o->ignore_env = 1;
    } else if (!strncmp(a, "--mem-limit=", 12)) {
      if (!parse_mem(a + 12, &o->mem_mb))
        return usage_error("bad --mem-limit (MiB, 0 for none)", a + 12);
    } else if (!strcmp(a, "--mem-limit")) {
      if (!parse_mem(i + 1 < argc ? argv[++i] : NULL, &o->mem_mb))
        return usage_error("bad --mem-limit (MiB, 0 for none)",
                           i < argc ? argv[i] : "");
    } else if (!strncmp(a, "--budget", 8) ||
               !strncmp(a, "--total-budget", 14)) {
      long *v = a[2] == 'b' ? &o->budget_ms : &o->total_ms;
      const char *eq = strchr(a, '=');
      size_t len = eq ? (size_t)(eq - a) : strlen(a);
      if (len != (a[2] == 'b' ? 8u : 14u))
        return usage_error("unknown option", a);
      const char *text = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
      if (!parse_long(text, 1, 86400000L, v))
        return usage_error("bad budget (milliseconds, 1 to 86400000) in", a);
    } else if (!strcmp(a, "--players") || !strcmp(a, "--seed") ||
               !strcmp(a, "-o")) {
      if (i + 1 >= argc) return usage_error("missing value after", a);
      lua_pushstring(L, a);
      lua_rawseti(L, fwd, (lua_Integer)lua_rawlen(L, fwd) + 1);
      lua_pushstring(L, argv[++i]);
      lua_rawseti(L, fwd, (lua_Integer)lua_rawlen(L, fwd) + 1);
    } else if (!strcmp(a, "--")) {
      i++;
      break;
    } else {
      return usage_error("unknown option", a);
    }
  }
  o->command = i;
  return -1;
}

/* {====================================================== commands */

/* Requires a Lua module of the program, naming the file and root when it
 * is missing. Pushes the module, or reports and returns 0. */
static int need_module(lua_State *L, const char *cmd, const char *mod,
                       const char *file, int root) {
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchpath");
  lua_pushstring(L, mod);
  lua_getfield(L, -3, "path");
  lua_call(L, 2, 1);
  int found = !lua_isnil(L, -1);
  lua_pop(L, 2);
  if (!found) {
    fprintf(stderr,
            "talon: the '%s' command needs %s, which was not found in %s\n",
            cmd, file,
            lua_isstring(L, root) ? lua_tostring(L, root)
                                  : "any data root (set TALON_PATH)");
    return 0;
  }
  lua_getglobal(L, "require");
  lua_pushstring(L, mod);
  if (tl_sandbox_pcall(L, 1, 1, 0, TL_SB_SIGINT) != TL_SB_OK) {
    repl_report(L);
    return 0;
  }
  return 1;
}

/* An exit code from a Lua result: integer as is, nil/true 0, false 1. */
static int exit_code(lua_State *L) {
  int code = 0;
  if (lua_isinteger(L, -1))
    code = (int)lua_tointeger(L, -1);
  else if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
    code = 1;
  lua_pop(L, 1);
  return code;
}

static void push_strings(lua_State *L, char **argv, int from, int to) {
  lua_createtable(L, to - from > 0 ? to - from : 0, 0);
  for (int i = from; i < to; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - from + 1);
  }
}

/* `talon run --help` and `talon test --help`: the command's usage, not a
 * file named --help. Returns 1 when it was asked for (and printed). */
static int command_help(int argc, char **argv, int i) {
  if (i + 1 >= argc ||
      (strcmp(argv[i + 1], "--help") != 0 && strcmp(argv[i + 1], "-h") != 0))
    return 0;
  if (!strcmp(argv[i], "run"))
    fputs("usage: talon run FILE [ARGS...]\n"
          "runs a Lua script with the talon library; ARGS are in the table\n"
          "'arg' (arg[0] is FILE) and in '...'.\n",
          stdout);
  else
    fputs("usage: talon test FILE...\n"
          "runs test files (talon.host.testing); ends with 'N passed, N "
          "failed'\nand exits 1 when a test failed.\n",
          stdout);
  return 1;
}

static int run_script(lua_State *L, int argc, char **argv, int i) {
  if (command_help(argc, argv, i)) return 0;
  if (i + 1 >= argc) return usage_error("missing FILE after", "run");
  const char *file = argv[i + 1];
  push_strings(L, argv, i + 2, argc); /* arg[1..], then 0 and negatives */
  lua_pushstring(L, file);
  lua_rawseti(L, -2, 0);
  lua_pushstring(L, argv[i]);
  lua_rawseti(L, -2, -1);
  lua_pushstring(L, argv[0]);
  lua_rawseti(L, -2, -2);
  lua_setglobal(L, "arg");
  repl_set_style(L);
  if (luaL_loadfile(L, file) != LUA_OK) {
    repl_report(L);
    return 1;
  }
  int n = argc - (i + 2);
  luaL_checkstack(L, n, "too many arguments to script");
  for (int k = i + 2; k < argc; k++)
    lua_pushstring(L, argv[k]);
  if (tl_sandbox_pcall(L, n, 0, 0, TL_SB_SIGINT) != TL_SB_OK) {
    repl_report(L);
    return 1;
  }
  return 0;
}

static int run_tests(lua_State *L, int argc, char **argv, int i, int root) {
  if (command_help(argc, argv, i)) return 0;
  if (i + 1 >= argc) return usage_error("missing FILE after", "test");
  if (!need_module(L, "test", "talon.host.testing",
                   "stdlib/talon/host/testing.lua", root))
    return 1;
  push_strings(L, argv, i + 1, argc); /* arg: files, [0] = "test", */
  lua_pushstring(L, argv[i]);         /* [-1] = the program */
  lua_rawseti(L, -2, 0);
  lua_pushstring(L, argv[0]);
  lua_rawseti(L, -2, -1);
  lua_setglobal(L, "arg");
  lua_getfield(L, -1, "main");
  push_strings(L, argv, i + 1, argc);
  if (tl_sandbox_pcall(L, 1, 1, 0, TL_SB_SIGINT) != TL_SB_OK) {
    repl_report(L);
    return 1;
  }
  return exit_code(L);
}

static int run_cli(lua_State *L, int argc, char **argv, int i, int root,
                   int fwd) {
  if (!need_module(L, argv[i], "talon.cli", "repl/talon/cli.lua", root))
    return 1;
  push_strings(L, argv, i + 1, argc); /* arg, as `talon run` sets it: the */
  lua_pushstring(L, argv[i]);         /* front end tells how to run the */
  lua_rawseti(L, -2, 0);              /* program again (its own path) */
  lua_pushstring(L, argv[0]);
  lua_rawseti(L, -2, -1);
  lua_setglobal(L, "arg");
  lua_getfield(L, -1, "main");
  lua_pushstring(L, argv[i]);
  push_strings(L, argv, i + 1, argc); /* then options given before it */
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  for (lua_Integer k = 1; k <= (lua_Integer)lua_rawlen(L, fwd); k++) {
    lua_rawgeti(L, fwd, k);
    lua_rawseti(L, -2, n + k);
  }
  tl_sb_status st = tl_sandbox_pcall(L, 2, 1, 0, TL_SB_SIGINT);
  if (st == TL_SB_INTERRUPT) { /* Ctrl-C away from a prompt: no traceback */
    lua_pop(L, 1);
    fputs("\ntalon: interrupted\n", stderr);
    return 130;
  }
  if (st != TL_SB_OK) {
    repl_report(L);
    return 1;
  }
  return exit_code(L);
}

/* Hands --budget and --total-budget to the host's sandbox module, which
 * every call into game code goes through. Returns 0 after reporting when
 * the module does not load. */
static int apply_budgets(lua_State *L, const options *o) {
  if (o->budget_ms == 0 && o->total_ms == 0) return 1;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon.host.sandbox");
  if (tl_sandbox_pcall(L, 1, 1, 0, 0) != TL_SB_OK) {
    repl_report(L);
    return 0;
  }
  if (o->budget_ms) {
    lua_getfield(L, -1, "set_budget");
    lua_pushinteger(L, o->budget_ms);
    lua_call(L, 1, 0);
  }
  if (o->total_ms) {
    lua_pushinteger(L, o->total_ms);
    lua_setfield(L, -2, "total_ms");
  }
  lua_pop(L, 1);
  return 1;
}

static int is_cli_command(const char *cmd) {
  for (const char *const *c = cli_commands; *c; c++)
    if (!strcmp(cmd, *c)) return 1;
  return 0;
}

static int dispatch(lua_State *L, int argc, char **argv, int i, int fwd) {
  int root = lua_gettop(L);
  if (i >= argc) return repl_run(L);
  const char *cmd = argv[i];
  if (!strcmp(cmd, "run")) return run_script(L, argc, argv, i);
  if (!strcmp(cmd, "test")) return run_tests(L, argc, argv, i, root);
  if (!strcmp(cmd, "help")) {
    fputs(usage_text, stdout);
    return 0;
  }
  if (is_cli_command(cmd)) return run_cli(L, argc, argv, i, root, fwd);
  return usage_error("unknown command", cmd);
}

/* }====================================================== */

/* Whether the command prints what game files say, so that its output is
 * filtered (termsafe.h); `run` and `test` print what the user's own
 * scripts print. */
static int prints_games(int argc, char **argv, int command) {
  if (command >= argc) return 1; /* the REPL */
  return strcmp(argv[command], "run") != 0 &&
         strcmp(argv[command], "test") != 0;
}

static int pmain(lua_State *L) {
  int argc = (int)lua_tointeger(L, 1);
  char **argv = lua_touserdata(L, 2);
  termsafe_streams *streams = lua_touserdata(L, 3);
  lua_pushlightuserdata(L, streams); /* for talon.cli.prompt's ascii() */
  lua_setfield(L, LUA_REGISTRYINDEX, TERMSAFE_STREAMS);
  options o = {0, DEFAULT_MEM_MB, 0, 0, 1};
  luaL_checkversion(L);
  lua_newtable(L);
  int fwd = lua_gettop(L);
  int code = parse_options(L, argc, argv, &o, fwd);
  if (code < 0) {
    if (prints_games(argc, argv, o.command) && termsafe_install(streams) != 0)
      return luaL_error(L, "cannot filter the output: not enough memory");
    tl_sandbox_set_limit(L, (size_t)o.mem_mb * 1024u * 1024u);
    luaL_openlibs(L);
    tl_sandbox_harden(L); /* no string.dump; bounded string methods */
    repl_setup_paths(L, o.ignore_env, argv[0]);
    code = apply_budgets(L, &o) ? dispatch(L, argc, argv, o.command, fwd) : 1;
  }
  fflush(stdout);
  lua_pushinteger(L, code);
  return 1;
}

int main(int argc, char **argv) {
  /* the character type only: the line editor then reads UTF-8 (q♠) in a
   * UTF-8 locale; numbers keep the C locale's format */
  setlocale(LC_CTYPE, "");
  lua_State *L = tl_sandbox_newstate((size_t)DEFAULT_MEM_MB * 1024 * 1024);
  if (L == NULL) {
    fprintf(stderr, "talon: cannot create a Lua state: not enough memory\n");
    return 1;
  }
  termsafe_streams streams = {0};
  lua_pushcfunction(L, pmain);
  lua_pushinteger(L, argc);
  lua_pushlightuserdata(L, argv);
  lua_pushlightuserdata(L, &streams);
  int status = lua_pcall(L, 3, 1, 0);
  int code = 1;
  if (status == LUA_OK)
    code = (int)lua_tointeger(L, -1);
  else
    repl_report(L);
  tl_sandbox_close(L);
  termsafe_remove(&streams);
  return code;
}
