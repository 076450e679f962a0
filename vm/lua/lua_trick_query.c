/*
 * lua_trick_query.c - the Trick methods that report on a trick without
 * changing it: who wins and why, each play, its cards and points, the
 * trump, the led suit and the suit a card counts as, and how a trick
 * prints.
 */
#include "lua_util.h"
#include "lua_trick.h"

/* t:winner() -> index, seat  (nothing for an empty trick) */
static int trick_winner(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  int w = tv_trick_winner(&t->t);
  if (w < 0) return 0;
  lua_pushinteger(L, w + 1);
  lua_pushinteger(L, t->t.p[w].seat);
  return 2;
}

/* t:explain() -> why the winning play wins, a sentence */
static int trick_explain(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  char buf[512];
  tv_trick_explain(&t->t, tl_style(L), buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

/* t:at(i) -> seat, cards, face_down */
static int trick_at(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, i >= 1 && i <= t->t.nplays, 2, "no such play");
  const tv_trick_entry *p = &t->t.p[i - 1];
  tv_hand h;
  tv_hand_clear(&h);
  for (int j = 0; j < p->n; j++)
    tv_hand_add(&h, p->c[j], 1);
  lua_pushinteger(L, p->seat);
  tl_push_play(L, &h);
  lua_pushboolean(L, p->down);
  return 3;
}

/* t:cards() -> Hand of every card, face-down ones included */
static int trick_cards(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand h;
  tv_trick_cards(&t->t, &h);
  tl_push_hand(L, 1, &h);
  return 1;
}

static int trick_points(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  lua_pushinteger(L, tv_trick_points(&t->t));
  return 1;
}

static int trick_len(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  lua_pushinteger(L, t->t.nplays);
  return 1;
}

/* An effective suit's name: the deck's, "joker", or "trump" for a trump
 * suit of its own (the jacks alone); nil for none. */
static void push_suit(lua_State *L, const tv_deck *d, int s) {
  if (s < 0)
    lua_pushnil(L);
  else
    lua_pushstring(L, s < d->nsuits    ? d->suit_name[s]
                      : s == d->nsuits ? "joker"
                                       : "trump");
}

/* t:trump() -> the trump choice's name (a suit's, or a trump order's) or
 * nil; t:led() -> the led suit (effective) or nil */
static int trick_trump(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const char *name = tv_trick_trump_name(&t->t);
  if (!name) return 0;
  lua_pushstring(L, name);
  return 1;
}

/* t:suit(card) -> suit, place: the suit card counts as in this trick (the
 * trump order moves cards into the trump suit) and its place there, 1 the
 * highest. */
static int trick_suit(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_card c = tl_check_card(L, 2, t->t.deck);
  int s = tv_trick_suit(&t->t, c), place = 1;
  for (uint64_t m = tv_trick_suit_mask(&t->t, s); m; m &= m - 1) {
    tv_card k = (tv_card)__builtin_ctzll(m);
    if (tv_trick_place(&t->t, k) < tv_trick_place(&t->t, c)) place++;
  }
  push_suit(L, t->t.deck, s);
  lua_pushinteger(L, place);
  return 2;
}

static int trick_led(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  push_suit(L, t->t.deck, t->t.led);
  return 1;
}

/* t:size() -> cards per play, nil before the lead */
static int trick_size(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  if (t->t.nplays == 0) return 0;
  lua_pushinteger(L, t->t.size);
  return 1;
}

/* t:rules() -> TrickRules, t:deck() -> Deck */
static int trick_rules(lua_State *L) {
  tl_check_trick(L);
  lua_getiuservalue(L, 1, 2);
  return 1;
}

static int trick_deck(lua_State *L) {
  tl_check_trick(L);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

static void add_card(luaL_Buffer *b, const tv_deck *d, tv_card c, tv_style st) {
  char name[32];
  tv_card_format(d, c, st, name, sizeof name);
  luaL_addchar(b, ' ');
  luaL_addstring(b, name);
}

/* "trick (trump H): [1] AD KD JD; [2] 7H 8H QH *; [4] 3 face down" */
static int trick_tostring(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  const tv_trick *tt = &t->t;
  tv_style st = tl_style(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "trick (");
  const char *name = tv_trick_trump_name(tt);
  if (!name)
    luaL_addstring(&b, "no trump");
  else if (tt->choice >= TV_TRUMP_ORDER)
    luaL_addstring(&b, name); /* "grand", "null" */
  else {
    luaL_addstring(&b, "trump ");
    luaL_addstring(&b, st == TV_STYLE_ASCII ? tt->deck->suit_name[tt->choice]
                                            : tt->deck->suit_glyph[tt->choice]);
  }
  luaL_addstring(&b, tt->nplays ? "):" : "): empty");
  for (int i = 0; i < tt->nplays; i++) {
    const tv_trick_entry *p = &tt->p[i];
    lua_pushfstring(L, "%s [%d]", i ? ";" : "", (int)p->seat);
    luaL_addvalue(&b);
    if (p->down) {
      lua_pushfstring(L, " %d face down", (int)p->n);
      luaL_addvalue(&b);
    }
    for (int j = 0; j < p->n && !p->down; j++)
      add_card(&b, tt->deck, p->c[j], st);
    if (i == tt->best) luaL_addstring(&b, " *");
  }
  luaL_pushresult(&b);
  return 1;
}

/* t:progress() -> done, closed: the tricks of the hand completed before
 * this one and the suits still closed to leads (a list of suit names),
 * what the hand rules remember. */
static int trick_progress(lua_State *L) {
  const tl_trick *t = tl_check_trick(L);
  const tv_deck *d = t->t.deck;
  lua_pushinteger(L, t->t.done);
  lua_newtable(L);
  int n = 0;
  for (unsigned c = t->t.closed; c; c &= c - 1) {
    push_suit(L, d, __builtin_ctz(c));
    lua_rawseti(L, -2, ++n);
  }
  return 2;
}

const luaL_Reg tl_trick_query_methods[] = {
    {"winner", trick_winner},
    {"explain", trick_explain},
    {"at", trick_at},
    {"cards", trick_cards},
    {"points", trick_points},
    {"trump", trick_trump},
    {"led", trick_led},
    {"suit", trick_suit},
    {"size", trick_size},
    {"rules", trick_rules},
    {"deck", trick_deck},
    {"progress", trick_progress},
    {NULL, NULL},
};

const luaL_Reg tl_trick_metamethods[] = {
    {"__len", trick_len},
    {"__tostring", trick_tostring},
    {NULL, NULL},
};
