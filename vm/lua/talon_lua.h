/*
 * talon_lua.h - the Lua face of the engine.
 *
 * luaopen_talon() builds the module table that `require "talon"` returns.
 * Each concept has its own opener that adds its functions to the table on
 * the top of the stack and registers its metatables; luaopen_talon() calls
 * them in order.
 */
#ifndef TALON_LUA_H
#define TALON_LUA_H

#include <lua.h>

int luaopen_talon(lua_State *L);

/* Per-concept openers: each expects the talon table at the stack top and
 * leaves the stack as it found it. */
void talon_open_deck(lua_State *L);  /* talon.deck, talon.style; Deck, Card */
void talon_open_hand(lua_State *L);  /* talon.hand; Hand */
void talon_open_rng(lua_State *L);   /* talon.rng; Rng */
void talon_open_pile(lua_State *L);  /* talon.pile; Pile */
void talon_open_trick(lua_State *L); /* talon.trickrules, talon.trick */
void talon_open_meld(lua_State *L);  /* talon.melds */
void talon_open_tally(lua_State *L); /* talon.conserved */
void talon_open_sandbox(
    lua_State *L); /* talon.sandbox (docs/api.md "The sandbox") */

#endif
