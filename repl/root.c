/*
 * root.c - where the talon program finds its Lua files (docs/program.md
 * "Finding stdlib/ and games/"): the data root (TALON_PATH, the installed
 * root next to the binary, the source tree, the compiled-in root), the
 * further game folders of TALON_PATH, and package.path and the preloaded
 * C modules made from them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lua.h>
#include <lauxlib.h>

#include "repl.h"
#include "talon_lua.h"

static int is_root(const char *dir) {
  char path[4096];
  struct stat st;
  int n = snprintf(path, sizeof path, "%s/stdlib", dir);
  return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 &&
         S_ISDIR(st.st_mode);
}

/* The installed root next to the running binary: the directory of the
 * executable (/proc/self/exe, else argv[0] when it names a path) joined
 * with TALON_DATADIR_FROM_BIN ("../share/talon"), so an installation works
 * wherever its prefix was put (cmake --install --prefix, a moved tree).
 * Writes it to 'out' and returns 1, or returns 0. */
static int exe_root(const char *argv0, char *out, size_t cap) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
  } else if (argv0 && strchr(argv0, '/') && strlen(argv0) < sizeof exe) {
    strcpy(exe, argv0);
  } else {
    return 0;
  }
  const char *rel = TALON_DATADIR_FROM_BIN;
  char *slash = strrchr(exe, '/');
  if (!slash) return 0;
  *slash = '\0'; /* the binary's directory; each "../" drops one more */
  for (; !strncmp(rel, "../", 3) && (slash = strrchr(exe, '/')); rel += 3)
    *slash = '\0';
  int len = snprintf(out, cap, "%s/%s", exe, rel);
  return len > 0 && (size_t)len < cap;
}

/* Pushes the first data root: TALON_PATH entries, the installed root next
 * to the binary, the source tree the binary was built from, the installed
 * root compiled in; nil if none holds stdlib/. */
static void push_root(lua_State *L, int ignore_env, const char *argv0) {
  const char *tp = ignore_env ? NULL : getenv("TALON_PATH");
  char dir[4096];
  while (tp && *tp) {
    const char *end = strchr(tp, ':');
    size_t len = end ? (size_t)(end - tp) : strlen(tp);
    if (len > 0 && len < sizeof dir) {
      memcpy(dir, tp, len);
      dir[len] = '\0';
      if (is_root(dir)) {
        lua_pushstring(L, dir);
        return;
      }
    }
    tp = end ? end + 1 : NULL;
  }
  if (exe_root(argv0, dir, sizeof dir) && is_root(dir))
    lua_pushstring(L, dir);
  else if (is_root(TALON_SOURCE_DIR))
    lua_pushstring(L, TALON_SOURCE_DIR);
  else if (is_root(TALON_DATADIR))
    lua_pushstring(L, TALON_DATADIR);
  else
    lua_pushnil(L);
}

/* `require "talon"`: the C module plus talon.root (upvalue 1) and
 * talon.program (upvalue 2), the running binary, which commands that
 * start worker processes (sim --jobs) run again. */
static int open_talon(lua_State *L) {
  luaopen_talon(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_setfield(L, -2, "root");
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_setfield(L, -2, "program");
  return 1;
}

static int has_games(const char *dir) {
  char path[4096];
  struct stat st;
  int n = snprintf(path, sizeof path, "%s/games", dir);
  return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 &&
         S_ISDIR(st.st_mode);
}

/* Adds "DIR/?.lua;" to the buffer for every TALON_PATH entry that holds
 * games/ but is not the root 'r': a personal games folder needs no
 * stdlib/ of its own. Entries keep their order, before the root's games. */
static void add_game_dirs(luaL_Buffer *b, int ignore_env, const char *r) {
  const char *tp = ignore_env ? NULL : getenv("TALON_PATH");
  char dir[4096];
  while (tp && *tp) {
    const char *end = strchr(tp, ':');
    size_t len = end ? (size_t)(end - tp) : strlen(tp);
    if (len > 0 && len < sizeof dir) {
      memcpy(dir, tp, len);
      dir[len] = '\0';
      if (strcmp(dir, r) != 0 && has_games(dir)) {
        luaL_addstring(b, dir);
        luaL_addstring(b, "/?.lua;");
      }
    }
    tp = end ? end + 1 : NULL;
  }
}

/* Pushes the path of the running binary (/proc/self/exe, else argv[0]). */
static void push_program(lua_State *L, const char *argv0) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    lua_pushstring(L, exe);
  } else {
    lua_pushstring(L, argv0 ? argv0 : "talon");
  }
}

void repl_setup_paths(lua_State *L, int ignore_env, const char *argv0) {
  push_root(L, ignore_env, argv0);
  int root = lua_gettop(L);
  lua_getglobal(L, "package");
  if (lua_isstring(L, root)) {
    const char *r = lua_tostring(L, root);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_pushfstring(L, "%s/stdlib/?.lua;%s/stdlib/?/init.lua;", r, r);
    luaL_addvalue(&b);
    add_game_dirs(&b, ignore_env, r);
    lua_pushfstring(L, "%s/?.lua;%s/repl/?.lua", r, r);
    luaL_addvalue(&b);
    luaL_pushresult(&b);
  } else {
    lua_pushliteral(L, "");
  }
  lua_setfield(L, -2, "path");
  lua_pushliteral(L, "");
  lua_setfield(L, -2, "cpath");
  lua_getfield(L, -1, "preload");
  lua_pushvalue(L, root);
  push_program(L, argv0);
  lua_pushcclosure(L, open_talon, 2);
  lua_setfield(L, -2, "talon");
  lua_pushcfunction(L, repl_open_prompt);
  lua_setfield(L, -2, "talon.cli.prompt");
  lua_pushcfunction(L, repl_open_fs);
  lua_setfield(L, -2, "talon.host.fs");
  lua_pop(L, 2);
}
