/*
 * lua_trick.h - shared by the trick binding files: the TrickRules userdata
 * (read in lua_trickrules.c) that talon.trick (lua_trick.c) uses, and the
 * Trick userdata whose batch methods live in lua_trick_batch.c.
 */
#ifndef TALON_LUA_TRICK_H
#define TALON_LUA_TRICK_H

#include <lua.h>
#include <lauxlib.h>
#include "trick.h"

#define TL_TRICKRULES "talon.TrickRules"
#define TL_TRICK      "talon.Trick"

/* Upvalues of every Trick method: 1 the Trick metatable, 2 the Rng one. */
#define UV_RNG lua_upvalueindex(2)

/* The tag lets the hot calls check the trick as cards and hands are
 * checked (lua_util.h): the right size and first word, no metatable. */
#define TL_TAG_TRICK 0x54524b21u /* "TRK!" */

/* talon.Trick; user value 1 is the Deck, 2 the TrickRules. */
typedef struct tl_trick {
  uint32_t tag;
  tv_trick t; /* t.deck, t.rules point into the user values */
} tl_trick;

/* talon.TrickRules; user value 1 is the Deck that 'deck' points into. */
typedef struct tl_trick_rules {
  const tv_deck *deck;
  tv_trick_rules r;
} tl_trick_rules;

/* The TrickRules at 'arg', or raises an argument error. */
tl_trick_rules *tl_check_trick_rules(lua_State *L, int arg);

/* The Trick at argument 1 (checked by its tag), or raises. */
tl_trick *tl_check_trick(lua_State *L);

/* The userdata at 'arg' if its metatable is the upvalue 'uv', else raises
 * a type error naming 'tname'. */
void *tl_fast_check(lua_State *L, int arg, int uv, const char *tname);

/* The Trick methods of lua_trick_batch.c (t:play_out, t:play_tricks),
 * registered with the same upvalues as the others. */
extern const luaL_Reg tl_trick_batch_methods[];

/* Registers the TrickRules metatable and sets talon.trickrules in the
 * table at the stack top; leaves the stack as it found it. */
void tl_open_trickrules(lua_State *L);

#endif
