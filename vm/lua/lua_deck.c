/*
 * lua_deck.c - talon.deck, talon.style, and the Deck and Card types.
 *
 * A Deck is created once per game; it interns one Card userdata per kind in
 * its user value, so scripts compare cards with == and use them as keys,
 * and pushing a card is a table read, never an allocation.
 */
#include "lua_util.h"
#include "talon_lua.h"
#include "lua_spec.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const spec_keys[] = {"suits",        "ranks",       "points",
                                        "copies",       "strip",       "jokers",
                                        "joker_points", "card_points", NULL};

/* Card points are stored in 16 bits; no game comes near this bound. */
#define POINTS_MAX 10000

/* The public face of every Card's metatable (its __metatable field). */
#define CARD_PUBLIC "talon.Card (public)"

static int check_points(const tl_spec *s, lua_Integer v, const char *rank) {
  if (v < -POINTS_MAX || v > POINTS_MAX)
    tl_spec_error(s, NULL, "points of %s: %I is out of range (at most %d)",
                  rank, (LUAI_UACINT)v, POINTS_MAX);
  return (int)v;
}

/* points = "11 10 4 3 2": exactly one integer per rank, highest first. */
static void read_points_string(const tl_spec *s, tv_deck *d, int ranks) {
  lua_State *L = s->L;
  size_t len;
  const char *all = lua_tolstring(L, -1, &len), *p = all, *end = all + len;
  int r = 0;
  for (size_t k; (k = tl_spec_token(&p, end)) > 0; p += k, r++) {
    char num[24], *stop;
    long v = 0;
    int ok = r < d->nranks && k < sizeof num;
    if (ok) {
      memcpy(num, p, k);
      num[k] = '\0';
      v = strtol(num, &stop, 10);
      ok = *stop == '\0';
    }
    if (!ok) break;
    tv_deck_set_points(d, r, check_points(s, v, d->rank_name[r]));
  }
  if (r != d->nranks || tl_spec_token(&p, end) > 0)
    tl_spec_error(s, NULL,
                  "points \"%s\": need one integer per rank (%d ranks: %s)",
                  all, d->nranks, lua_tostring(L, ranks));
}

/* points = {A = 11, T = 10} by rank name, or {11, 10, 4} by position. */
static void read_points_table(const tl_spec *s, tv_deck *d) {
  lua_State *L = s->L;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    int r = -1;
    if (lua_type(L, -2) == LUA_TSTRING) {
      size_t len;
      const char *name = lua_tolstring(L, -2, &len);
      r = tv_deck_find_rank(d, name, len);
    } else if (lua_isinteger(L, -2)) {
      lua_Integer i = lua_tointeger(L, -2);
      r = i >= 1 && i <= d->nranks ? (int)i - 1 : -1;
    }
    if (r < 0 || !lua_isinteger(L, -1))
      tl_spec_error(s, NULL,
                    "points: '%s' is not a rank of this deck with an "
                    "integer value",
                    tl_describe(L, -2));
    tv_deck_set_points(d, r,
                       check_points(s, lua_tointeger(L, -1), d->rank_name[r]));
    lua_pop(L, 1);
  }
}

/* 'ranks' is the stack index of the ranks string (for messages). */
static void read_points(const tl_spec *s, tv_deck *d, int ranks) {
  int t = tl_spec_get(s, "points");
  if (t == LUA_TSTRING)
    read_points_string(s, d, ranks);
  else if (t == LUA_TTABLE)
    read_points_table(s, d);
  else if (t != LUA_TNIL)
    tl_spec_error(s, NULL,
                  "points must be a table or a string of numbers, not %s",
                  luaL_typename(s->L, -1));
  lua_pop(s->L, 1);
}

/* One pass of card_points over the table at -1: suit keys when 'suits',
 * else card keys (so a card's own value wins over its suit's). */
static void card_points_pass(const tl_spec *s, tv_deck *d, bool suits) {
  lua_State *L = s->L;
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    size_t len = 0;
    const char *key =
        lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
    int suit = key ? tv_deck_find_suit(d, key, len) : -1;
    tv_card k = TV_NO_CARD;
    tv_err e;
    if (!key || !lua_isinteger(L, -1) ||
        (suit < 0 && tv_card_parse(d, key, len, &k, &e) != TV_OK))
      tl_spec_error(s, NULL,
                    "card_points: '%s' is not a suit or card of this deck "
                    "with an integer value",
                    tl_describe(L, -2));
    int v = check_points(s, lua_tointeger(L, -1), key);
    if (suits && suit >= 0)
      for (int r = 0; r < d->nranks; r++)
        tv_deck_set_card_points(d, tv_kind(d, suit, r), v);
    else if (!suits && suit < 0)
      tv_deck_set_card_points(d, k, v);
    lua_pop(L, 1);
  }
}

/* card_points = {H = 1, QS = 13}: points by suit or by card, over the
 * points of the ranks. */
static void read_card_points(const tl_spec *s, tv_deck *d) {
  int t = tl_spec_get(s, "card_points");
  if (t == LUA_TTABLE) {
    card_points_pass(s, d, true);
    card_points_pass(s, d, false);
  } else if (t != LUA_TNIL) {
    tl_spec_error(s, NULL,
                  "card_points must be a table such as "
                  "{H = 1, QS = 13}, not %s",
                  luaL_typename(s->L, -1));
  }
  lua_pop(s->L, 1);
}

static void strip_kind(const tl_spec *s, tv_deck *d, tv_card k) {
  tv_err e;
  if (tv_deck_strip(d, k, &e) != TV_OK)
    tl_spec_error(s, NULL, "strip: %s", e.msg);
}

/* Item i of the strip list, on the stack top: a card name, or a Card
 * (read by its name: it may be of another deck with the same names). */
static void strip_one(const tl_spec *s, tv_deck *d, lua_Integer i) {
  lua_State *L = s->L;
  const tl_card *c = tl_test_card(L, -1);
  char name[48];
  const char *str = name;
  size_t len;
  tv_card k;
  tv_err e;
  if (c) {
    len = tv_card_format(c->deck, c->kind, TV_STYLE_ASCII, name, sizeof name);
    if (len >= sizeof name) len = sizeof name - 1;
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    str = lua_tolstring(L, -1, &len);
  } else {
    tl_spec_error(s, NULL, "strip: item %I is not a card name", (LUAI_UACINT)i);
    return;
  }
  if (tv_card_parse(d, str, len, &k, &e) != TV_OK)
    tl_spec_error(s, NULL, "strip: %s", e.msg);
  strip_kind(s, d, k);
}

static void read_strip(const tl_spec *s, tv_deck *d) {
  lua_State *L = s->L;
  int t = tl_spec_get(s, "strip");
  if (t == LUA_TSTRING) {
    tv_hand h;
    tv_err e;
    tv_hand_clear(&h);
    if (tv_hand_parse(d, lua_tostring(L, -1), &h, &e) != TV_OK)
      tl_spec_error(s, NULL, "strip: %s", e.msg);
    for (int k = 0; k < d->nkinds; k++)
      for (int i = 0; i < h.n[k]; i++)
        strip_kind(s, d, (tv_card)k);
  } else if (t == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, -1, i);
      strip_one(s, d, i);
      lua_pop(L, 1);
    }
  } else if (t != LUA_TNIL) {
    tl_spec_error(s, NULL, "strip must be a string or a list of cards, not %s",
                  luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

static void set_card_metatable(lua_State *L, const tl_card *c);

/* Builds the interned cards table as the deck's user value. */
static void intern_cards(lua_State *L, int deck_idx, tv_deck *d) {
  lua_createtable(L, d->nkinds, 0);
  for (int k = 0; k < d->nkinds; k++) {
    tl_card *c = lua_newuserdatauv(L, sizeof *c, 1);
    c->tag = TL_TAG_CARD;
    c->deck = d;
    c->kind = (tv_card)k;
    lua_pushvalue(L, deck_idx);
    lua_setiuservalue(L, -2, 1);
    set_card_metatable(L, c);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setiuservalue(L, deck_idx, 1);
}

/* talon.deck(spec) -> Deck */
static int deck_new(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  tl_spec s;
  tl_spec_init(&s, L, 1, 1, "", "'%s' ");
  s.unknown = "unknown key '%s' in deck spec (known: %s)";
  tl_spec_check_keys(&s, spec_keys);
  const char *suits = tl_spec_names(&s, "suits", "S H D C"); /* 2 */
  const char *ranks = tl_spec_names(&s, "ranks", NULL);      /* 3 */
  tl_deck *ud = lua_newuserdatauv(L, sizeof *ud, 1);         /* 4 */
  tv_deck *d = &ud->d;
  ud->tag = TL_TAG_DECK;
  luaL_setmetatable(L, TL_DECK);
  tv_err e;
  if (tv_deck_init(d, suits, ranks, &e) != TV_OK)
    tl_spec_error(&s, NULL, "%s", e.msg);
  read_points(&s, d, 3);
  int copies = (int)tl_spec_int(&s, "copies", 1, 1, TV_MAX_COPIES);
  if (tv_deck_set_copies(d, copies, &e) != TV_OK)
    tl_spec_error(&s, NULL, "%s", e.msg);
  int jokers = (int)tl_spec_int(&s, "jokers", 0, 0, TV_MAX_COPIES);
  int jpts = (int)tl_spec_int(&s, "joker_points", 0, -POINTS_MAX, POINTS_MAX);
  if (jokers && tv_deck_add_jokers(d, jokers, jpts, &e) != TV_OK)
    tl_spec_error(&s, NULL, "%s", e.msg);
  read_card_points(&s, d);
  read_strip(&s, d);
  intern_cards(L, 4, d);
  return 1;
}

static int deck_card(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  tl_push_card(L, 1, tl_check_card(L, 2, d));
  return 1;
}

static int deck_hand(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  tv_hand h;
  tv_hand_clear(&h);
  if (!lua_isnoneornil(L, 2)) tl_check_cards(L, 2, d, &h);
  tl_push_hand(L, 1, &h);
  return 1;
}

static int deck_full(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  tv_hand h;
  tv_hand_clear(&h);
  for (int k = 0; k < d->nkinds; k++)
    tv_hand_add(&h, (tv_card)k, d->copies[k]);
  tl_push_hand(L, 1, &h);
  return 1;
}

static int deck_kinds(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  lua_createtable(L, d->nkinds, 0);
  for (int k = 0; k < d->nkinds; k++) {
    tl_push_card(L, 1, (tv_card)k);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static int push_names(lua_State *L, char (*names)[TV_NAME_MAX], int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, names[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int deck_suits(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  return push_names(L, d->suit_name, d->nsuits);
}

static int deck_ranks(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  return push_names(L, d->rank_name, d->nranks);
}

static int deck_points(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  tv_hand h;
  tl_check_cards(L, 2, d, &h);
  lua_pushinteger(L, tv_hand_points(d, &h));
  return 1;
}

static int deck_len(lua_State *L) {
  lua_pushinteger(L, tl_check_deck(L, 1)->ncards);
  return 1;
}

static int deck_tostring(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushfstring(L, "Deck(%d cards: ranks", (int)d->ncards);
  luaL_addvalue(&b);
  for (int r = 0; r < d->nranks; r++) {
    luaL_addchar(&b, ' ');
    luaL_addstring(&b, d->rank_name[r]);
  }
  luaL_addstring(&b, ", suits");
  for (int s = 0; s < d->nsuits; s++) {
    luaL_addchar(&b, ' ');
    luaL_addstring(&b, d->suit_name[s]);
  }
  if (d->joker != TV_NO_CARD) luaL_addstring(&b, ", jokers");
  luaL_addchar(&b, ')');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg deck_methods[] = {
    {"card", deck_card},     {"hand", deck_hand},   {"full", deck_full},
    {"kinds", deck_kinds},   {"suits", deck_suits}, {"ranks", deck_ranks},
    {"points", deck_points}, {NULL, NULL},
};

static int deck_index(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
  if (strcmp(k, "size") == 0)
    lua_pushinteger(L, d->ncards);
  else if (strcmp(k, "nsuits") == 0)
    lua_pushinteger(L, d->nsuits);
  else if (strcmp(k, "nranks") == 0)
    lua_pushinteger(L, d->nranks);
  else {
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1)); /* methods */
  }
  return 1;
}

/* {====== Card ====== */

static int card_name(lua_State *L) {
  static const char *const styles[] = {"ascii", "unicode", "color", NULL};
  tl_card *c = tl_check_card_ud(L, 1);
  tv_style st = lua_isnoneornil(L, 2)
                    ? tl_style(L)
                    : (tv_style)luaL_checkoption(L, 2, NULL, styles);
  char buf[48];
  tv_card_format(c->deck, c->kind, st, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static int card_tostring(lua_State *L) {
  lua_settop(L, 1);
  return card_name(L);
}

/* Kind order only means something within one deck. */
static void check_same_deck(lua_State *L, const tl_card *a, const tl_card *b) {
  if (a->deck != b->deck)
    luaL_error(L, "cannot compare cards of two different decks");
}

static int card_lt(lua_State *L) {
  tl_card *a = tl_check_card_ud(L, 1), *b = tl_check_card_ud(L, 2);
  check_same_deck(L, a, b);
  lua_pushboolean(L, a->kind < b->kind);
  return 1;
}

static int card_le(lua_State *L) {
  tl_card *a = tl_check_card_ud(L, 1), *b = tl_check_card_ud(L, 2);
  check_same_deck(L, a, b);
  lua_pushboolean(L, a->kind <= b->kind);
  return 1;
}

static const luaL_Reg card_meta[] = {
    {"__tostring", card_tostring},
    {"__lt", card_lt},
    {"__le", card_le},
    {NULL, NULL},
};

/* Each card gets its own metatable whose __index is a table of its fields,
 * so reading card.suit in a script is a table lookup, not a C call. Stack:
 * card on top on entry and on return. */
static void set_card_metatable(lua_State *L, const tl_card *c) {
  const tv_deck *d = c->deck;
  int s = tv_suit(d, c->kind);
  lua_createtable(L, 0, 6); /* card, mt */
  luaL_setfuncs(L, card_meta, 0);
  lua_pushliteral(L, TL_CARD);
  lua_setfield(L, -2, "__name");
  lua_getfield(L, LUA_REGISTRYINDEX, CARD_PUBLIC);
  lua_setfield(L, -2, "__metatable"); /* locked: one public table */
  lua_createtable(L, 0, 9);           /* card, mt, fields */
  lua_pushstring(L,
                 c->kind == d->joker ? "X" : d->rank_name[tv_rank(d, c->kind)]);
  lua_setfield(L, -2, "rank");
  if (s < d->nsuits) {
    lua_pushstring(L, d->suit_name[s]);
    lua_setfield(L, -2, "suit");
  }
  lua_pushinteger(L, tv_rank(d, c->kind));
  lua_setfield(L, -2, "rank_index");
  lua_pushinteger(L, s);
  lua_setfield(L, -2, "suit_index");
  lua_pushinteger(L, c->kind);
  lua_setfield(L, -2, "id");
  lua_pushinteger(L, tv_points(d, c->kind));
  lua_setfield(L, -2, "points");
  lua_pushboolean(L, c->kind == d->joker);
  lua_setfield(L, -2, "joker");
  lua_getiuservalue(L, -3, 1);
  lua_setfield(L, -2, "deck");
  lua_pushcfunction(L, card_name);
  lua_setfield(L, -2, "name");
  lua_setfield(L, -2, "__index"); /* card, mt */
  lua_setmetatable(L, -2);
}

/* }====== */

static int talon_style(lua_State *L) {
  static const char *const styles[] = {"ascii", "unicode", "color", NULL};
  tv_style old = tl_style(L);
  if (!lua_isnoneornil(L, 1))
    tl_set_style(L, (tv_style)luaL_checkoption(L, 1, NULL, styles));
  lua_pushstring(L, styles[old]);
  return 1;
}

static const luaL_Reg deck_meta[] = {
    {"__len", deck_len},
    {"__tostring", deck_tostring},
    {NULL, NULL},
};

static const luaL_Reg deck_funcs[] = {
    {"deck", deck_new},
    {"style", talon_style},
    {NULL, NULL},
};

void talon_open_deck(lua_State *L) {
  lua_createtable(L, 0, 2); /* what getmetatable(card) shows */
  lua_pushliteral(L, TL_CARD);
  lua_setfield(L, -2, "__name");
  lua_pushcfunction(L, card_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_setfield(L, LUA_REGISTRYINDEX, CARD_PUBLIC);
  luaL_newmetatable(L, TL_DECK);
  luaL_setfuncs(L, deck_meta, 0);
  luaL_newlib(L, deck_methods);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__methods"); /* other openers add methods here */
  lua_pushcclosure(L, deck_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_setfuncs(L, deck_funcs, 0);
}
