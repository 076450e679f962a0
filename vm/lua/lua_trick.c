/*
 * lua_trick.c - talon.trick: card play under rules declared in Lua,
 * applied in C (vm/trick.c).
 *
 * talon.trickrules(deck, spec) checks every key of the table once and
 * compiles it into a talon.TrickRules userdata. talon.trick(rules, trump)
 * makes a talon.Trick that accumulates plays. The hot calls of a playout
 * (t:legal, t:play, t:play_random, t:winner) check the trick, cards,
 * hands and generators by their tag (lua_util.h), never by registry name;
 * they return cards as interned Card userdata and allocate only when they
 * return a new Hand.
 *
 * Userdata: talon.Trick (lua_util.h); talon.TrickRules is read in
 * lua_trickrules.c, the reporting methods are in lua_trick_query.c, the
 * batch ones in lua_trick_batch.c and the per-card step in lua_trick_step.c.
 */
#include "talon_lua.h"
#include "lua_util.h"
#include "lua_trick.h"

#include <string.h>

/* ======================================================================
 * Tricks
 * ====================================================================== */

/* The trump choice at 'arg' under rules r: a trump order's name, else
 * what tl_check_trump takes (a suit name, a Card, nil or false). */
static int check_choice(lua_State *L, int arg, const tv_trick_rules *r,
                        const tv_deck *d) {
  size_t len;
  if (lua_type(L, arg) != LUA_TSTRING || r->norders == 0)
    return tl_check_trump(L, arg, d);
  const char *name = lua_tolstring(L, arg, &len);
  int choice = tv_trick_rules_choice(r, d, name, len);
  if (choice >= TV_TRUMP_NONE) return choice;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushfstring(L, "no suit or trump order \"%s\" (the rules' orders are",
                  name);
  luaL_addvalue(&b);
  for (int i = 0; i < r->norders; i++) {
    luaL_addchar(&b, ' ');
    luaL_addstring(&b, r->orders[i].name);
  }
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return luaL_argerror(L, arg, lua_tostring(L, -1));
}

/* talon.trick(rules[, trump]) -> Trick */
static int trick_new(lua_State *L) {
  tl_trick_rules *u = tl_check_trick_rules(L, 1);
  int trump = check_choice(L, 2, &u->r, u->deck);
  lua_settop(L, 2);
  tl_trick *t = lua_newuserdatauv(L, sizeof *t, 2);
  t->tag = TL_TAG_TRICK;
  tv_trick_init(&t->t, u->deck, &u->r, trump);
  luaL_setmetatable(L, TL_TRICK);
  lua_getiuservalue(L, 1, 1);
  lua_setiuservalue(L, -2, 1);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 2);
  return 1;
}

/* The Hand at 'arg', of the trick's deck. */
static tv_hand *check_hand(lua_State *L, int arg, const tl_trick *t) {
  tl_hand *h = tl_check_hand(L, arg);
  luaL_argcheck(L, h->deck == t->t.deck, arg, "hand belongs to another deck");
  return &h->h;
}

static const tv_hand *opt_hand(lua_State *L, int arg, const tl_trick *t) {
  return lua_isnoneornil(L, arg) ? NULL : check_hand(L, arg, t);
}

/* The cards at 'arg' as a multiset: a Card or a Hand is recognised by
 * its tag (the hot path), anything else as tl_check_cards accepts. */
static void check_cards(lua_State *L, int arg, const tl_trick *t,
                        tv_hand *out) {
  const tl_card *c = tl_test_card(L, arg);
  const tl_hand *h = c ? NULL : tl_test_hand(L, arg);
  if (c) {
    luaL_argcheck(L, c->deck == t->t.deck, arg, "card of another deck");
    tv_hand_clear(out);
    tv_hand_add(out, c->kind, 1);
  } else if (h) {
    luaL_argcheck(L, h->deck == t->t.deck, arg, "hand of another deck");
    *out = h->h;
  } else {
    tl_check_cards(L, arg, t->t.deck, out);
  }
}

void tl_push_play(lua_State *L, const tv_hand *play) {
  if (play->size == 1)
    tl_push_card(L, 1, tv_hand_nth(play, 0));
  else
    tl_push_hand(L, 1, play);
}

int tl_trick_too_many(lua_State *L, const tv_hand *h) {
  /* no position: the line that asked is the framework's, and the fault is
   * the hand's size */
  lua_pushfstring(L,
                  "a hand of %d cards has too many plays to look at (the "
                  "engine looks at %d sets at most)",
                  (int)h->size, TV_TRICK_WALK_MAX);
  return lua_error(L);
}

/* Pushes {rule, because, satisfy, cards} with a __tostring. */
static void push_why(lua_State *L, const tv_trick_why *w, int cards_arg) {
  lua_createtable(L, 0, 4);
  lua_pushstring(L, tv_trick_rule_name(w->rule));
  lua_setfield(L, -2, "rule");
  lua_pushstring(L, w->because);
  lua_setfield(L, -2, "because");
  tl_push_hand(L, 1, &w->satisfy);
  lua_setfield(L, -2, "satisfy");
  lua_pushvalue(L, cards_arg);
  lua_setfield(L, -2, "cards");
  luaL_setmetatable(L, TL_TRICKWHY);
}

static int why_tostring(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushliteral(L, "because");
  lua_rawget(L, 1);
  return 1;
}

/* t:play(seat, cards[, face_down[, hand]]) -> true | false, why */
static int trick_play(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  lua_Integer seat = luaL_checkinteger(L, 2);
  luaL_argcheck(L, seat >= INT32_MIN && seat <= INT32_MAX, 2, "seat too big");
  if (lua_gettop(L) <= 3) { /* the hot t:play(seat, card): no hand */
    const tl_card *c = tl_test_card(L, 3);
    if (c && c->deck == t->t.deck &&
        tv_trick_card_rule(&t->t, c->kind, false) == TV_RULE_OK) {
      tv_trick_play_card(&t->t, (int)seat, c->kind, false, NULL);
      lua_pushboolean(L, 1);
      return 1;
    }
  }
  tv_hand play, *hand = NULL;
  check_cards(L, 3, t, &play);
  bool down = lua_toboolean(L, 4);
  if (!lua_isnoneornil(L, 5)) hand = check_hand(L, 5, t);
  tv_trick_why w;
  if (tv_trick_check(&t->t, hand, &play, down, TV_STYLE_ASCII, NULL) != TV_OK) {
    tv_trick_check(&t->t, hand, &play, down, tl_style(L), &w);
    if (w.rule == TV_RULE_EMPTY || w.rule == TV_RULE_FULL)
      return luaL_argerror(L, 3, w.because);
    lua_pushboolean(L, 0);
    push_why(L, &w, 3);
    return 2;
  }
  tv_err e;
  if (tv_trick_play(&t->t, (int)seat, &play, down, &e) != TV_OK)
    return tl_raise(L, &e);
  if (hand) tv_hand_diff(hand, hand, &play);
  lua_pushboolean(L, 1);
  return 1;
}

/* t:resolve(cards1, ..., cardsN) -> index, seat: empties the trick, plays
 * each argument as the face-up play of seats 1..N checked as t:play
 * checks without a hand, and returns the winner; one call for a whole
 * trick. An illegal play raises, naming it. */
static int trick_resolve(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  int n = lua_gettop(L) - 1;
  luaL_argcheck(L, n >= 1 && n <= TV_TRICK_MAX_PLAYS, 2,
                "1 to 16 plays expected");
  tv_trick_clear(&t->t);
  for (int i = 1; i <= n; i++) {
    const tl_card *c = tl_test_card(L, i + 1);
    if (c && c->deck == t->t.deck &&
        tv_trick_card_rule(&t->t, c->kind, false) == TV_RULE_OK) {
      tv_trick_play_card(&t->t, i, c->kind, false, NULL);
      continue;
    }
    tv_hand play;
    tv_trick_why w;
    check_cards(L, i + 1, t, &play);
    if (tv_trick_check(&t->t, NULL, &play, false, tl_style(L), &w) != TV_OK)
      return luaL_argerror(L, i + 1,
                           lua_pushfstring(L, "play %d: %s", i, w.because));
    tv_trick_play(&t->t, i, &play, false, NULL);
  }
  int w = tv_trick_winner(&t->t);
  lua_pushinteger(L, w + 1);
  lua_pushinteger(L, t->t.p[w].seat);
  return 2;
}

/* t:allows(hand|nil, cards[, face_down]) -> boolean */
static int trick_allows(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_hand *hand = opt_hand(L, 2, t);
  tv_hand play;
  check_cards(L, 3, t, &play);
  lua_pushboolean(L, tv_trick_check(&t->t, hand, &play, lua_toboolean(L, 4),
                                    TV_STYLE_ASCII, NULL) == TV_OK);
  return 1;
}

/* t:why(hand|nil, cards[, face_down]) -> nil | why */
static int trick_why(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_hand *hand = opt_hand(L, 2, t);
  tv_hand play;
  check_cards(L, 3, t, &play);
  tv_trick_why w;
  if (tv_trick_check(&t->t, hand, &play, lua_toboolean(L, 4), tl_style(L),
                     &w) == TV_OK)
    return 0;
  push_why(L, &w, 3);
  return 1;
}

/* t:legal(hand[, out]) -> Hand */
static int trick_legal(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_hand *h = check_hand(L, 2, t);
  tv_hand legal;
  if (!tv_trick_legal(&t->t, h, &legal)) return tl_trick_too_many(L, h);
  if (lua_isnoneornil(L, 3)) {
    tl_push_hand(L, 1, &legal);
  } else {
    *check_hand(L, 3, t) = legal;
    lua_settop(L, 3);
  }
  return 1;
}

typedef struct collect {
  lua_State *L;
  lua_Integer n;
} collect;

/* stack: ..., sets, downs */
static bool collect_play(const tv_hand *play, bool down, void *ud) {
  collect *c = ud;
  c->n++;
  tl_push_hand(c->L, 1, play);
  lua_rawseti(c->L, -3, c->n);
  lua_pushboolean(c->L, down);
  lua_rawseti(c->L, -2, c->n);
  return true;
}

/* t:plays(hand) -> {Hand...}, {boolean...} */
static int trick_plays(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_hand *h = check_hand(L, 2, t);
  collect c = {L, 0};
  lua_newtable(L);
  lua_newtable(L);
  if (tv_trick_each_play(&t->t, h, collect_play, &c) < 0)
    return tl_trick_too_many(L, h);
  return 2;
}

/* t:random(hand, rng) -> cards, face_down */
static int trick_random(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_hand *h = check_hand(L, 2, t);
  tv_rng *r = tl_check_rng(L, 3);
  tv_hand play;
  bool down;
  int k = tv_trick_random_among(&t->t, h, r, 0, &play, &down);
  if (k == TV_TRICK_TOO_MANY) return tl_trick_too_many(L, h);
  if (k != 0) return 0;
  tl_push_play(L, &play);
  lua_pushboolean(L, down);
  return 2;
}

/* t:play_random(seat, hand, rng) -> cards, face_down: legal + pick +
 * remove from the hand + play, in one call. */
static int trick_play_random(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  lua_Integer seat = luaL_checkinteger(L, 2);
  tv_hand *h = check_hand(L, 3, t);
  tv_rng *r = tl_check_rng(L, 4);
  tv_hand play;
  bool down;
  tv_err e;
  luaL_argcheck(L, seat >= INT32_MIN && seat <= INT32_MAX, 2, "seat too big");
  luaL_argcheck(L, t->t.nplays < TV_TRICK_MAX_PLAYS, 1, "the trick is full");
  int k = tv_trick_random_among(&t->t, h, r, 0, &play, &down);
  if (k == TV_TRICK_TOO_MANY) return tl_trick_too_many(L, h);
  if (k != 0)
    return luaL_argerror(L, 3,
                         h->size ? "the hand has no legal play (no lead of "
                                   "an allowed size)"
                                 : "the hand is empty");
  if (tv_trick_play(&t->t, (int)seat, &play, down, &e) != TV_OK)
    return tl_raise(L, &e);
  tv_hand_diff(h, h, &play);
  tl_push_play(L, &play);
  lua_pushboolean(L, down);
  return 2;
}

/* t:add_to(hand) -> hand: adds every card of the trick to 'hand' (a won
 * pile) without a new Hand. */
static int trick_add_to(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand *h = check_hand(L, 2, t), sum = *h;
  const tv_trick *tt = &t->t;
  for (int i = 0; i < tt->nplays; i++)
    for (int j = 0; j < tt->p[i].n; j++)
      if (tv_hand_add(&sum, tt->p[i].c[j], 1) != TV_OK)
        return luaL_argerror(L, 2, "the hand would hold too many copies");
  *h = sum;
  lua_settop(L, 2);
  return 1;
}

/* t:beats(cards) -> boolean: would these cards, face up, beat the best? */
static int trick_beats(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand play;
  tv_card c[TV_TRICK_MAX_SET];
  check_cards(L, 2, t, &play);
  int n = 0;
  for (int k = 0; k < TV_MAX_KINDS && n < TV_TRICK_MAX_SET; k++)
    for (int j = 0; j < play.n[k] && n < TV_TRICK_MAX_SET; j++)
      c[n++] = (tv_card)k;
  const tv_trick *tt = &t->t;
  lua_pushboolean(L, tt->nplays > 0 && play.size == tt->size &&
                         tv_trick_set_beats(tt, c, tt->p[tt->best].c, n, NULL));
  return 1;
}

static int trick_clear(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_trick_clear(&t->t);
  lua_settop(L, 1);
  return 1;
}

/* t:reset([trump]) -> t: empties the trick and plays the next ones with
 * 'trump' (a suit, a trump order's name; nil or false: none), as
 * talon.trick(t:rules(), trump) would, without a new Trick (a new hand of
 * a long simulation). */
static int trick_reset(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  int trump = check_choice(L, 2, t->t.rules, t->t.deck);
  tv_trick_reset(&t->t, trump);
  lua_settop(L, 1);
  return 1;
}

/* t:set_progress(done, closed) -> t: a position mid-hand for the hand
 * rules: 'done' tricks completed (0..255) and the suits still closed to
 * leads (a list of suit names, "joker" for the jokers, "trump" for a
 * trump suit of its own). */
static int trick_set_progress(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_deck *d = t->t.deck;
  lua_Integer done = luaL_checkinteger(L, 2);
  luaL_argcheck(L, done >= 0 && done <= 255, 2, "0 to 255 tricks expected");
  luaL_checktype(L, 3, LUA_TTABLE);
  unsigned closed = 0;
  lua_Unsigned n = lua_rawlen(L, 3);
  for (lua_Unsigned i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, (lua_Integer)i);
    size_t len = 0;
    const char *name =
        lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    int s = name ? tv_deck_find_suit(d, name, len) : -1;
    if (s < 0 && name && strcmp(name, "joker") == 0 && d->joker != TV_NO_CARD)
      s = d->nsuits;
    if (s < 0 && name && strcmp(name, "trump") == 0 &&
        t->t.trump == d->nsuits + 1)
      s = d->nsuits + 1; /* a trump suit of its own */
    if (s < 0)
      luaL_argerror(
          L, 3,
          lua_pushfstring(L, "item %d is not a suit of this deck", (int)i));
    closed |= 1u << s;
    lua_pop(L, 1);
  }
  tv_trick_set_progress(&t->t, (int)done, closed);
  lua_settop(L, 1);
  return 1;
}

/* ======================================================================
 * Registration
 * ====================================================================== */

static const luaL_Reg trick_methods[] = {
    {"play", trick_play},
    {"resolve", trick_resolve},
    {"allows", trick_allows},
    {"why", trick_why},
    {"legal", trick_legal},
    {"plays", trick_plays},
    {"random", trick_random},
    {"play_random", trick_play_random},
    {"add_to", trick_add_to},
    {"beats", trick_beats},
    {"clear", trick_clear},
    {"reset", trick_reset},
    {"set_progress", trick_set_progress},
    {NULL, NULL},
};

void talon_open_trick(lua_State *L) {
  tl_open_trickrules(L);
  luaL_newmetatable(L, TL_TRICKWHY);
  lua_pushcfunction(L, why_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  luaL_newmetatable(L, TL_TRICK); /* talon, mt */
  luaL_setfuncs(L, tl_trick_metamethods, 0);
  lua_newtable(L); /* talon, mt, methods */
  luaL_setfuncs(L, trick_methods, 0);
  luaL_setfuncs(L, tl_trick_query_methods, 0);
  luaL_setfuncs(L, tl_trick_batch_methods, 0);
  tl_trick_open_step(L);
  luaL_setfuncs(L, tl_trick_sets_methods, 0);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, trick_new);
  lua_setfield(L, -2, "trick");
}
