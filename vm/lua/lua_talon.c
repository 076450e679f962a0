/*
 * lua_talon.c - `require "talon"`: builds the module from its parts.
 */
#include "talon_lua.h"
#include <lauxlib.h>
#include "lua_util.h"

int luaopen_talon(lua_State *L) {
  lua_newtable(L);
  talon_open_deck(L);
  talon_open_hand(L);
  talon_open_rng(L);
  talon_open_pile(L);
  talon_open_sandbox(L);
  talon_open_meld(L);
  talon_open_trick(L);
  talon_open_tally(L);
  /* further openers are added here, one line each */
  tl_lock_types(L); /* last: every opener has added its methods */
  lua_pushliteral(L, "0.1.0");
  lua_setfield(L, -2, "version");
  return 1;
}
