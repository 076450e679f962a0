/*
 * fs.c - the module "talon.host.fs": what kind of thing a path names, for
 * the host's atomic file writes (stdlib/talon/host/files.lua).
 *
 * Plain Lua cannot stat a path; asking the shell's `test` through
 * os.execute works, but system() ignores SIGINT while it waits, so a
 * Ctrl-C typed during one of the checks made after every action of
 * `talon play --record` was lost. lstat asks without a child process.
 * The module is the program's, preloaded by main.c; game code never sees
 * it.
 */
#include <sys/stat.h>
#include <lauxlib.h>

#include "repl.h"

/* fs.kind(path) -> "file" | "directory" | "link" | "other" | nil (no such
 * path, or it cannot be reached). A link is not followed. */
static int fs_kind(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  struct stat st;
  if (lstat(path, &st) != 0) {
    lua_pushnil(L);
    return 1;
  }
  if (S_ISREG(st.st_mode))
    lua_pushliteral(L, "file");
  else if (S_ISDIR(st.st_mode))
    lua_pushliteral(L, "directory");
  else if (S_ISLNK(st.st_mode))
    lua_pushliteral(L, "link");
  else
    lua_pushliteral(L, "other");
  return 1;
}

static const luaL_Reg fs_funcs[] = {
    {"kind", fs_kind},
    {NULL, NULL},
};

int repl_open_fs(lua_State *L) {
  luaL_newlib(L, fs_funcs);
  return 1;
}
