/*
 * lua_trick_sets.c - t:play_sets, the Trick method of random playouts of
 * tricks whose plays are sets of cards (tricks.set_phase's batch path).
 *
 * It plays the rest of the current trick in one call, each play drawn
 * exactly as t:random(hand, rng) draws it, writes the game record itself
 * (one action table per play, built here rather than in Lua) and, when the
 * trick is full, adds its cards to the winner's won pile and calls back
 * into Lua once for the trick's bookkeeping. One call per trick, as the
 * per-play path returned to its caller before each new lead: a wrapper of
 * the phase (a forced lead, say) is consulted before every lead still.
 */
#include "talon_lua.h"
#include "lua_util.h"
#include "lua_trick.h"

/* Reads tbl[1..n] at 'arg' (Hands of the trick's deck) into 'out' and
 * pushes each, so that they stay alive whatever Lua code runs (a finalizer
 * during an allocation, the hook) does to the table; with room for the few
 * values pushed above them. */
static void anchor_hands(lua_State *L, int arg, const tl_trick *t, int n,
                         tv_hand **out, const char *what) {
  luaL_checktype(L, arg, LUA_TTABLE);
  luaL_argcheck(L, lua_rawlen(L, arg) == (lua_Unsigned)n, arg,
                lua_pushfstring(L, "one Hand per seat (%d) expected", n));
  luaL_checkstack(L, n + 8, "too many hands");
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, arg, i + 1);
    tl_hand *h = tl_test_hand(L, -1);
    if (!h || h->deck != t->t.deck)
      luaL_argerror(L, arg,
                    lua_pushfstring(L,
                                    "%s[%d] is not a Hand of the trick's deck",
                                    what, i + 1));
    out[i] = &h->h;
  }
}

/* Reads how[key] at 'arg' (a string, read raw) and leaves it on the
 * stack. */
static void verb_of(lua_State *L, int arg, const char *key) {
  lua_pushstring(L, key);
  if (lua_rawget(L, arg) != LUA_TSTRING)
    luaL_argerror(L, arg, lua_pushfstring(L, "how.%s: a verb expected", key));
}

/* The most actions a game may list after the plays (t:play_sets' extra). */
#define MAX_EXTRA 16

/* t:play_sets(hands, seat, rng, act, act_seat, at, stop, won, after, arg,
 * out, how [, policy [, extra]]) -> at, result, seat [, k]: plays the rest
 * of the current trick for the seats in play in turn from 'seat' (after s
 * comes s % #hands + 1, passing over the seats s with out[s] true; 'out'
 * may be nil), each play the set t:random(hands[s], rng) draws, taken out
 * of the hand; with 'policy' (as t:play_tricks takes it: a search's
 * futures) the followers play by its rule of thumb that often
 * (tv_trick_policy_set). Play i is recorded as act[at + i] = { verb = V,
 * arg = Hand } with the metatable how.meta (when given), V being how.lead
 * for a lead, how.down for a face-down play and how.up for any other, and
 * act_seat[at + i] = s. It stops after index 'stop' is written, or before
 * a seat with no legal play; it never goes past the end of the trick.
 * When the trick is full, its cards go to won[winner], after(arg, winner,
 * t) is called and the trick is emptied: the hook returns (result, next):
 * a result other than nil is returned as it is, else 'next' (a seat) is
 * the seat to move. Returns the new 'at', the hook's result (nil when the
 * trick is not full, or the hook said to stay) and the seat to move (nil
 * after a result). A trick already full plays nothing (as t:random draws
 * nothing from it). With 'extra' (0 to 16) each random draw is over the
 * plays and that many actions the phase lists after them (a claim, say);
 * when the k-th of those is drawn for seat s, nothing is recorded for it
 * and the call returns at, nil, s, k: the caller plays it. The followers'
 * rule of thumb plays cards; a play it leaves to the random draw (a lead)
 * may draw them. */
static int trick_play_sets(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand *hands[TV_TRICK_MAX_PLAYS], *wins[TV_TRICK_MAX_PLAYS];
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer seat = luaL_checkinteger(L, 3);
  tv_rng *r = tl_check_rng(L, 4);
  luaL_checktype(L, 5, LUA_TTABLE);
  luaL_checktype(L, 6, LUA_TTABLE);
  lua_Integer at = luaL_checkinteger(L, 7);
  lua_Integer stop = luaL_checkinteger(L, 8);
  luaL_checktype(L, 10, LUA_TFUNCTION);
  luaL_checktype(L, 13, LUA_TTABLE);
  lua_settop(L, 15);
  lua_Integer extra = luaL_optinteger(L, 15, 0);
  luaL_argcheck(L, extra >= 0 && extra <= MAX_EXTRA, 15,
                "0 to 16 actions expected");
  lua_Unsigned nh = lua_rawlen(L, 2);
  luaL_argcheck(L, nh >= 1 && nh <= TV_TRICK_MAX_PLAYS, 2,
                "1 to 16 hands expected");
  tv_trick_policy policy;
  const tv_trick_policy *pol = tl_trick_check_policy(L, 14, (int)nh, &policy);
  luaL_argcheck(L, seat >= 1 && seat <= (lua_Integer)nh, 3,
                "seat outside 1..#hands");
  luaL_argcheck(L, at >= 0 && at < LUA_MAXINTEGER - TV_TRICK_MAX_PLAYS, 7,
                "bad index");
  uint32_t out = tl_trick_seats_out(L, 12, (int)nh, 12);
  int nin = tv_trick_seats_in((int)nh, out);
  luaL_argcheck(L, nin >= 1, 12, "every seat sits out");
  luaL_argcheck(L, !(out >> (seat - 1) & 1), 3, "the seat sits out");
  verb_of(L, 13, "lead");     /* 16 */
  verb_of(L, 13, "up");       /* 17 */
  verb_of(L, 13, "down");     /* 18 */
  lua_pushliteral(L, "meta"); /* 19: how.meta, read raw */
  lua_rawget(L, 13);
  if (!lua_isnil(L, 19)) luaL_checktype(L, 19, LUA_TTABLE);
  anchor_hands(L, 2, t, (int)nh, hands, "hands");
  anchor_hands(L, 9, t, (int)nh, wins, "won");
  int base = lua_gettop(L);
  if (t->t.nplays >= nin) { /* nothing to play: the caller's path says why */
    lua_pushinteger(L, at);
    lua_pushnil(L);
    lua_pushinteger(L, seat);
    return 3;
  }
  while (at < stop && t->t.nplays < nin) {
    tv_hand *h = hands[seat - 1], play;
    bool down;
    if (!tv_trick_policy_set(&t->t, h, (int)seat, pol, r, &play, &down)) {
      int k = tv_trick_random_among(&t->t, h, r, (int)extra, &play, &down);
      if (k == TV_TRICK_TOO_MANY) return tl_trick_too_many(L, h);
      if (k < 0) break;
      if (k > 0) { /* one of the caller's actions: it plays it */
        lua_pushinteger(L, at);
        lua_pushnil(L);
        lua_pushinteger(L, seat);
        lua_pushinteger(L, k);
        return 4;
      }
    }
    int verb = t->t.nplays == 0 ? 16 : (down ? 18 : 17);
    tv_err e;
    if (tv_trick_play(&t->t, (int)seat, &play, down, &e) != TV_OK)
      return tl_raise(L, &e);
    tv_hand_diff(h, h, &play);
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, verb);
    lua_setfield(L, -2, "verb");
    tl_push_hand(L, 1, &play);
    lua_setfield(L, -2, "arg");
    if (!lua_isnil(L, 19)) {
      lua_pushvalue(L, 19);
      lua_setmetatable(L, -2);
    }
    lua_rawseti(L, 5, ++at);
    lua_pushinteger(L, seat);
    lua_rawseti(L, 6, at);
    if (t->t.nplays < nin) seat = tv_trick_next_seat((int)seat, (int)nh, out);
  }
  if (t->t.nplays < nin) { /* stopped inside the trick, or no legal play */
    lua_pushinteger(L, at);
    lua_pushnil(L);
    lua_pushinteger(L, seat);
    return 3;
  }
  int w = t->t.p[t->t.best].seat;
  luaL_argcheck(L, w >= 1 && w <= (int)nh, 2,
                "the trick's winner is not a seat of 'hands'");
  tl_trick_add_won(L, 9, wins[w - 1], &t->t);
  lua_pushvalue(L, 10);
  lua_pushvalue(L, 11);
  lua_pushinteger(L, w);
  lua_pushvalue(L, 1);
  lua_call(L, 3, 2); /* base + 1: result, base + 2: next */
  tv_trick_clear(&t->t);
  lua_pushinteger(L, at);
  lua_pushvalue(L, base + 1);
  if (!lua_isnil(L, base + 1)) {
    lua_pushnil(L);
    return 3;
  }
  lua_Integer next = luaL_checkinteger(L, base + 2);
  luaL_argcheck(L, next >= 1 && next <= (lua_Integer)nh, 10,
                "the hook's next seat is outside 1..#hands");
  lua_pushinteger(L, next);
  return 3;
}

/* t:draw(hand, rng[, extra]) -> cards, face_down | nil, k: one play of
 * 'hand' drawn as g:random draws from a set phase's legal list (t:plays's
 * plays in their order, then 'extra' actions, 0 to 16, listed after them):
 * the same index of the same list, the play always a Hand (a set of one
 * too, as t:plays gives it); nil and k when the k-th of the extra actions
 * is drawn. Nothing, and no number drawn, when the list would be empty.
 * Plays nothing: g:random's path in a set phase, with no list of every
 * play per decision. */
static int trick_draw(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tl_hand *h = tl_check_hand(L, 2);
  luaL_argcheck(L, h->deck == t->t.deck, 2, "hand belongs to another deck");
  tv_rng *r = tl_check_rng(L, 3);
  lua_Integer extra = luaL_optinteger(L, 4, 0);
  luaL_argcheck(L, extra >= 0 && extra <= MAX_EXTRA, 4,
                "0 to 16 actions expected");
  tv_hand play;
  bool down;
  int k = tv_trick_random_among(&t->t, &h->h, r, (int)extra, &play, &down);
  if (k == TV_TRICK_TOO_MANY) return tl_trick_too_many(L, &h->h);
  if (k < 0) return 0;
  if (k > 0) {
    lua_pushnil(L);
    lua_pushinteger(L, k);
    return 2;
  }
  tl_push_hand(L, 1, &play);
  lua_pushboolean(L, down);
  return 2;
}

const luaL_Reg tl_trick_sets_methods[] = {
    {"play_sets", trick_play_sets},
    {"draw", trick_draw},
    {NULL, NULL},
};
