/*
 * lua_trick_step.c - t:step, one card of a one-card trick phase played in
 * one call: the card out of its hand and into the trick, the next seat's
 * legal cards, and at the end of a trick on which nothing is due its won
 * pile and count (tricks.phase's `step`, the per-action path of g:play).
 *
 * Workload: a bot or a search plays one action at a time; before this a
 * card cost about fifteen calls between Lua and C (remove, play, length,
 * mover, legal, ...). The step does all of it here, or nothing at all:
 * every value it reads from the game's state (hands, won piles, counts,
 * sides) is read raw from the state table itself, only the fields the
 * card needs (the won piles, counts and sides at the end of a trick
 * only: passed as arguments, every card paid for reading all of them),
 * and checked before anything changes, and anything
 * unusual (a value that is not what the phase keeps there, a seat sitting
 * out, a trick that ends with the game's hook due) returns false with
 * nothing changed, so that the caller goes the ordinary way, hooks,
 * errors and all.
 */
#include "talon_lua.h"
#include "lua_util.h"
#include "lua_trick.h"

/* The value at 'idx' when it is an integer (not a float, not a string)
 * in lo..hi. */
static bool int_in(lua_State *L, int idx, lua_Integer lo, lua_Integer hi,
                   lua_Integer *v) {
  if (!lua_isinteger(L, idx)) return false;
  *v = lua_tointeger(L, idx);
  return *v >= lo && *v <= hi;
}

/* t[i] (t the table at 'idx', read raw) when it is a Hand of deck 'd',
 * else NULL. The table keeps the Hand alive. */
static tv_hand *hand_at(lua_State *L, int idx, lua_Integer i,
                        const tv_deck *d) {
  lua_rawgeti(L, idx, i);
  tl_hand *h = tl_test_hand(L, -1);
  lua_pop(L, 1);
  return h && h->deck == d ? &h->h : NULL;
}

/* The arguments of t:step, by position, then the state's fields it reads,
 * each in its slot once read (A_HANDS ... A_OUT for every card, the rest
 * at the end of a trick). */
enum {
  A_ST = 2,
  A_SEAT,
  A_CARD,
  A_WAKE,
  A_HANDS,
  A_N,
  A_NIN,
  A_INTO,
  A_OUT,
  A_WON,
  A_COUNTS,
  A_SIDES,
  A_TO,
  A_PLAYED,
};

/* The keys of the state's fields, the step's upvalues in this order
 * (interned once: a read is an upvalue and a raw get). */
enum {
  K_HANDS = 1,
  K_N,
  K_NIN,
  K_INTO,
  K_OUT,
  K_WON,
  K_COUNTS,
  K_SIDES,
  K_TO,
  K_PLAYED
};
static const char *const KEYS[] = {
    "hands", "n",          "n_in",    "legal_into", "out",
    "won",   "tricks_won", "side_of", "to",         "tricks_played"};
_Static_assert(sizeof KEYS / sizeof KEYS[0] == K_PLAYED, "one key per field");

/* Pushes t[key] read raw, t the table at 'idx' and 'key' upvalue 'k'. */
static void raw_field(lua_State *L, int idx, int k) {
  lua_pushvalue(L, lua_upvalueindex(k));
  lua_rawget(L, idx);
}

/* Whether the hook is not due after the full trick won by seat 'w' (its
 * count counts[w] + 1 into *count), with 'sizes' the hands' sizes after
 * the play: a card is left in some hand (not the hand's last trick), and
 * the winner's side stays short of 'to' tricks (t:play_tricks's wake).
 * False when the hook is due or counts, sides and 'to' are not integers
 * as the phase keeps them. */
static bool not_due(lua_State *L, int n, int w, const uint16_t *sizes,
                    lua_Integer *count) {
  bool last = true;
  for (int s = 0; s < n; s++)
    if (sizes[s] > 0) last = false;
  lua_Integer to = 0, counts[TV_TRICK_MAX_PLAYS];
  uint8_t sides[TV_TRICK_MAX_PLAYS];
  if (last || !lua_istable(L, A_COUNTS) || !lua_istable(L, A_SIDES) ||
      (!lua_isnil(L, A_TO) && !int_in(L, A_TO, 1, LUA_MAXINTEGER, &to)))
    return false;
  for (int s = 1; s <= n; s++) {
    lua_Integer side, v;
    lua_rawgeti(L, A_SIDES, s);
    lua_rawgeti(L, A_COUNTS, s);
    bool ok = int_in(L, -2, 0, 255, &side) &&
              int_in(L, -1, 0, LUA_MAXINTEGER - 1, &v);
    lua_pop(L, 2);
    if (!ok) return false;
    sides[s - 1] = (uint8_t)side;
    counts[s - 1] = v;
  }
  if (tl_trick_side_reaches(counts, sides, n, w, to)) return false;
  *count = counts[w - 1] + 1;
  return true;
}

/* Reads into their slots the fields the end of a trick needs: the won
 * piles, and with a wake table the counts and its 'to' (no wake: the hook
 * is due after every trick, and the counts are false), the sides and the
 * tricks played. */
static void end_fields(lua_State *L) {
  bool wake = lua_istable(L, A_WAKE);
  lua_settop(L, A_OUT);
  raw_field(L, A_ST, K_WON);
  if (wake)
    raw_field(L, A_ST, K_COUNTS);
  else
    lua_pushboolean(L, 0);
  raw_field(L, A_ST, K_SIDES);
  if (wake)
    raw_field(L, A_WAKE, K_TO);
  else
    lua_pushnil(L);
  raw_field(L, A_ST, K_PLAYED);
}

/* The last card of a trick: the trick given to its winner when the hook
 * is not due (t:step's second form), else false with nothing changed.
 * 'h' is the player's hand after the card, to be stored at 'hs'. */
static int end_trick(lua_State *L, tl_trick *t, int n, int seat, tv_hand *hs,
                     const tv_hand *h, tv_hand *into, tv_card card) {
  const tv_deck *d = t->t.deck;
  tv_trick tc = t->t;
  lua_Integer count = 0, played;
  tv_trick_play_card(&tc, seat, card, false, NULL);
  int w = tc.p[tc.best].seat;
  if (w < 1 || w > n) return 0;
  end_fields(L);
  uint16_t sizes[TV_TRICK_MAX_PLAYS];
  tv_hand *hands[TV_TRICK_MAX_PLAYS], *won;
  for (int s = 1; s <= n; s++) {
    tv_hand *x = s == seat ? hs : hand_at(L, A_HANDS, s, d);
    if (!x || (s != seat && (x == hs || x == into))) return 0;
    sizes[s - 1] = s == seat ? h->size : x->size;
    hands[s - 1] = x;
  }
  if (!lua_istable(L, A_WON) || !(won = hand_at(L, A_WON, w, d)) ||
      won == into || !int_in(L, A_PLAYED, 0, LUA_MAXINTEGER - 1, &played) ||
      !not_due(L, n, w, sizes, &count))
    return 0;
  for (int s = 0; s < n; s++) /* a won pile that is also a hand */
    if (hands[s] == won) return 0;
  tv_hand sum = *won;
  for (int i = 0; i < tc.nplays; i++)
    for (int j = 0; j < tc.p[i].n; j++)
      if (tv_hand_add(&sum, tc.p[i].c[j], 1) != TV_OK) return 0;
  tv_trick_clear(&tc);
  t->t = tc;
  *hs = *h;
  *won = sum;
  tv_trick_legal(&t->t, hands[w - 1], into);
  lua_pushinteger(L, count);
  lua_rawseti(L, A_COUNTS, w); /* an integer was there: no allocation */
  lua_pushinteger(L, w);
  lua_pushvalue(L, A_INTO);
  lua_pushinteger(L, played + 1);
  return 3;
}

/* t:step(st, seat, card, wake) -> next, into | winner, into, played + 1 |
 * false */
static int trick_step(lua_State *L) {
  uint32_t tag;
  tl_trick *t = tl_test_place(L, 1, &tag);
  luaL_checktype(L, A_ST, LUA_TTABLE);
  lua_Integer seat = luaL_checkinteger(L, A_SEAT), n, nin;
  const tl_card *c = tl_check_card_ud(L, A_CARD);
  lua_settop(L, A_WAKE);
  for (int k = K_HANDS; k <= K_OUT; k++)
    raw_field(L, A_ST, k);
  const tv_deck *d = t && tag == TL_TAG_TRICK ? t->t.deck : NULL;
  tl_hand *into = tl_test_hand(L, A_INTO);
  tv_hand *hs;
  if (!d || c->deck != d || !lua_istable(L, A_HANDS) ||
      !int_in(L, A_N, 1, TV_TRICK_MAX_PLAYS, &n) ||
      !int_in(L, A_NIN, 1, n, &nin) || seat < 1 || seat > n ||
      !lua_isnil(L, A_OUT) || !into || into->deck != d ||
      !(hs = hand_at(L, A_HANDS, seat, d)) || hs == &into->h ||
      t->t.nplays >= nin || hs->n[c->kind] == 0 ||
      tv_trick_card_rule(&t->t, c->kind, false) != TV_RULE_OK)
    goto refuse;
  tv_hand h = *hs;
  tv_hand_remove(&h, c->kind, 1);
  if (t->t.nplays + 1 == nin) {
    int r = end_trick(L, t, (int)n, (int)seat, hs, &h, &into->h, c->kind);
    if (r) return r;
    goto refuse;
  }
  lua_Integer next = seat % n + 1; /* the next seat plays to this trick */
  tv_hand *hn = hand_at(L, A_HANDS, next, d);
  if (!hn || hn == &into->h) goto refuse;
  *hs = h;
  tv_trick_play_card(&t->t, (int)seat, c->kind, false, NULL);
  tv_trick_legal(&t->t, hn, &into->h);
  lua_pushinteger(L, next);
  lua_pushvalue(L, A_INTO);
  return 2;
refuse:
  lua_pushboolean(L, 0);
  return 1;
}

static const luaL_Reg trick_step_methods[] = {
    {"step", trick_step},
    {NULL, NULL},
};

void tl_trick_open_step(lua_State *L) {
  for (size_t k = 0; k < sizeof KEYS / sizeof KEYS[0]; k++)
    lua_pushstring(L, KEYS[k]);
  luaL_setfuncs(L, trick_step_methods, (int)(sizeof KEYS / sizeof KEYS[0]));
}
