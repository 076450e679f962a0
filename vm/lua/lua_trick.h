/*
 * lua_trick.h - shared by the trick binding files: the openers and method
 * lists that talon.trick (lua_trick.c) gathers. The TrickRules and Trick
 * userdata layouts and their checkers are in lua_util.h.
 */
#ifndef TALON_LUA_TRICK_H
#define TALON_LUA_TRICK_H

#include "lua_util.h"
#include "lua_spec.h"

/* Pushes the cards of a play of the Trick at argument 1: a Card for one
 * card, else a new Hand. */
void tl_push_play(lua_State *L, const tv_hand *play);

/* Raises the error of a walk of the plays of hand 'h' that stopped at
 * TV_TRICK_WALK_MAX sets (a hand far too large for its play size). */
int tl_trick_too_many(lua_State *L, const tv_hand *h);

/* The Trick methods of lua_trick_batch.c (t:play_out, t:play_tricks). */
extern const luaL_Reg tl_trick_batch_methods[];

/* Adds the Trick method of lua_trick_step.c (t:step) to the methods table
 * on top of the stack. */
void tl_trick_open_step(lua_State *L);

/* The seats sitting out at stack index 'idx': nil for none (0), or a table
 * in which out[s] is true (read raw) for each seat s of 1..nh that sits
 * out; anything else raises an argument error at 'arg'. Bit s - 1 per seat. */
uint32_t tl_trick_seats_out(lua_State *L, int idx, int nh, int arg);

/* Adds every card of the full trick t to 'won', all or nothing; raises an
 * argument error at 'arg' when a card would exceed its copies. */
void tl_trick_add_won(lua_State *L, int arg, tv_hand *won, const tv_trick *t);

/* The followers' policy at 'arg': nil for none (uniform play), or a table
 * { percent = 0..100, duck = boolean, sides = { side of seat 1, ... } }
 * with an integer side 0..255 for each of the 'nh' seats (read raw: no
 * metamethod runs). Fills *p and returns it, or NULL for none; anything
 * else raises an argument error at 'arg'. */
const tv_trick_policy *tl_trick_check_policy(lua_State *L, int arg, int nh,
                                             tv_trick_policy *p);

/* Whether the trick just won by seat 'w' (1-based) brings its side to
 * 'to' tricks (0: no target), with count[s] the tricks seat s + 1 had
 * won before it and side[s] its side, for n seats (lua_trick_batch.c;
 * t:play_tricks's wake and t:step share it). */
bool tl_trick_side_reaches(const lua_Integer *count, const uint8_t *side, int n,
                           int w, lua_Integer to);

/* The Trick method of lua_trick_sets.c (t:play_sets). */
extern const luaL_Reg tl_trick_sets_methods[];

/* The Trick methods that report on a trick without changing it (t:winner,
 * t:explain, t:at, ...: lua_trick_query.c). */
extern const luaL_Reg tl_trick_query_methods[];

/* The Trick metamethods (__len, __tostring), also in lua_trick_query.c. */
extern const luaL_Reg tl_trick_metamethods[];

/* Reads the spec's 'ranks' (a string for every suit, or a table of suit
 * name -> string) into r->order; raises the spec's errors. */
void tl_read_trick_ranks(const tl_spec *s, const tv_deck *d, tv_trick_rules *r);

/* Reads the spec's 'trumps' (order name -> cards, or -> { cards = ...,
 * ranks = ... }) into r's trump orders, after 'ranks' was read (an order
 * without ranks of its own takes r's); raises the spec's errors. */
void tl_read_trick_orders(const tl_spec *s, const tv_deck *d,
                          tv_trick_rules *r);

/* Registers the TrickRules metatable and sets talon.trickrules in the
 * table at the stack top; leaves the stack as it found it. */
void tl_open_trickrules(lua_State *L);

#endif
