/*
 * lua_trick.h - shared by the two trick binding files: the TrickRules
 * userdata (read in lua_trickrules.c) that talon.trick (lua_trick.c) uses.
 */
#ifndef TALON_LUA_TRICK_H
#define TALON_LUA_TRICK_H

#include <lua.h>
#include "trick.h"

#define TL_TRICKRULES "talon.TrickRules"

/* talon.TrickRules; user value 1 is the Deck that 'deck' points into. */
typedef struct tl_trick_rules {
  const tv_deck *deck;
  tv_trick_rules r;
} tl_trick_rules;

/* The TrickRules at 'arg', or raises an argument error. */
tl_trick_rules *tl_check_trick_rules(lua_State *L, int arg);

/* Registers the TrickRules metatable and sets talon.trickrules in the
 * table at the stack top; leaves the stack as it found it. */
void tl_open_trickrules(lua_State *L);

#endif
