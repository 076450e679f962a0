/*
 * lua_util.c - shared binding helpers: one checker per userdata type, the
 * card readers and pushers, the metatable lock, and the one place where a
 * tv_err becomes a Lua error.
 */
#include "lua_util.h"
#include <stddef.h>
#include <string.h>

#define STYLE_KEY "talon.style"

int tl_raise(lua_State *L, const tv_err *e) {
  return luaL_error(L, "%s", e->msg);
}

/* The userdata at 'arg' if it is 'size' bytes with 'tag' at 'tag_at',
 * else NULL. */
static inline void *test_tagged(lua_State *L, int arg, size_t size,
                                size_t tag_at, uint32_t tag) {
  char *p = lua_touserdata(L, arg);
  if (p == NULL || lua_rawlen(L, arg) != size) return NULL;
  uint32_t t;
  memcpy(&t, p + tag_at, sizeof t);
  return t == tag ? p : NULL;
}

/* Fails to compile ("duplicate case value") when two tagged types have
 * the same size: the size is what tells them apart before the tag. */
static inline void tagged_types_have_distinct_sizes(void) {
  switch (0) {
  case sizeof(tl_card):
  case sizeof(tl_hand):
  case sizeof(tl_pile):
  case sizeof(tl_deck):
  case sizeof(tl_rng):
  case sizeof(tl_melds):
  case sizeof(tl_trick_rules):
  case sizeof(tl_trick):
    break;
  }
}

/* test_tagged for the type 'T' whose tag field is 'tag'. */
#define TEST(T, TAG) test_tagged(L, arg, sizeof(T), offsetof(T, tag), TAG)

tv_deck *tl_check_deck(lua_State *L, int arg) {
  tl_deck *d = TEST(tl_deck, TL_TAG_DECK);
  if (!d) luaL_typeerror(L, arg, TL_DECK);
  return &d->d;
}

tl_card *tl_test_card(lua_State *L, int arg) {
  return TEST(tl_card, TL_TAG_CARD);
}

tl_hand *tl_test_hand(lua_State *L, int arg) {
  return TEST(tl_hand, TL_TAG_HAND);
}

tl_deck *tl_test_deck(lua_State *L, int arg) {
  return TEST(tl_deck, TL_TAG_DECK);
}

void *tl_test_place(lua_State *L, int arg, uint32_t *tag) {
  char *p = lua_touserdata(L, arg);
  size_t len = p ? lua_rawlen(L, arg) : 0;
  size_t at;
  if (len == sizeof(tl_hand)) {
    at = offsetof(tl_hand, tag);
    *tag = TL_TAG_HAND;
  } else if (len == sizeof(tl_pile)) {
    at = offsetof(tl_pile, tag);
    *tag = TL_TAG_PILE;
  } else if (len == sizeof(tl_trick)) {
    at = offsetof(tl_trick, tag);
    *tag = TL_TAG_TRICK;
  } else {
    *tag = 0;
    return NULL;
  }
  uint32_t t;
  memcpy(&t, p + at, sizeof t);
  if (t == *tag) return p;
  *tag = 0;
  return NULL;
}

tl_card *tl_check_card_ud(lua_State *L, int arg) {
  tl_card *c = TEST(tl_card, TL_TAG_CARD);
  if (!c) luaL_typeerror(L, arg, TL_CARD);
  return c;
}

tl_hand *tl_check_hand(lua_State *L, int arg) {
  tl_hand *h = TEST(tl_hand, TL_TAG_HAND);
  if (!h) luaL_typeerror(L, arg, TL_HAND);
  return h;
}

tl_pile *tl_check_pile(lua_State *L, int arg) {
  tl_pile *p = TEST(tl_pile, TL_TAG_PILE);
  if (!p) luaL_typeerror(L, arg, TL_PILE);
  return p;
}

tv_rng *tl_check_rng(lua_State *L, int arg) {
  tl_rng *r = TEST(tl_rng, TL_TAG_RNG);
  if (!r) luaL_typeerror(L, arg, TL_RNG);
  return &r->r;
}

tl_melds *tl_check_melds(lua_State *L, int arg) {
  tl_melds *m = TEST(tl_melds, TL_TAG_MELDS);
  if (!m) luaL_typeerror(L, arg, TL_MELDS);
  return m;
}

tl_trick_rules *tl_check_trick_rules(lua_State *L, int arg) {
  tl_trick_rules *r = TEST(tl_trick_rules, TL_TAG_RULES);
  if (!r) luaL_typeerror(L, arg, TL_TRICKRULES);
  return r;
}

tl_trick *tl_check_trick(lua_State *L) {
  const int arg = 1;
  tl_trick *t = TEST(tl_trick, TL_TAG_TRICK);
  if (!t) luaL_typeerror(L, arg, TL_TRICK);
  return t;
}

const char *tl_describe(lua_State *L, int idx) {
  switch (lua_type(L, idx)) {
  case LUA_TNUMBER:
    if (lua_isinteger(L, idx))
      return lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, idx));
    if (lua_tonumber(L, idx) != lua_tonumber(L, idx)) /* the sign of a */
      return lua_pushliteral(L, "nan");               /* NaN varies */
    return lua_pushfstring(L, "%f", (LUAI_UACNUMBER)lua_tonumber(L, idx));
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    lua_pushlstring(L, s, len > 40 ? 40 : len);
    if (len > 40) {
      lua_pushliteral(L, "...");
      lua_concat(L, 2);
    }
    return lua_tostring(L, -1);
  }
  default:
    return lua_pushstring(L, luaL_typename(L, idx));
  }
}

static const char *card_name(const tv_deck *d, tv_card c, char *buf,
                             size_t cap) {
  tv_card_format(d, c, TV_STYLE_ASCII, buf, cap);
  return buf;
}

tv_card tl_check_card(lua_State *L, int arg, const tv_deck *d) {
  tl_card *c = tl_test_card(L, arg);
  if (c) {
    if (c->deck != d) {
      char name[32];
      luaL_argerror(L, arg,
                    lua_pushfstring(L, "card %s belongs to another deck",
                                    card_name(c->deck, c->kind, name, 32)));
    }
    return c->kind;
  }
  if (lua_type(L, arg) == LUA_TSTRING) {
    size_t len;
    const char *s = lua_tolstring(L, arg, &len);
    tv_card k;
    tv_err e;
    if (tv_card_parse(d, s, len, &k, &e) != TV_OK) luaL_argerror(L, arg, e.msg);
    return k;
  }
  luaL_typeerror(L, arg, "card (a talon.Card or a name such as \"QS\")");
  return TV_NO_CARD;
}

tv_card tl_check_item(lua_State *L, int arg, lua_Integer i, const tv_deck *d) {
  tl_card *c = tl_test_card(L, -1);
  tv_err e;
  char name[32];
  if (c && c->deck == d) return c->kind;
  if (c)
    tv_fail(&e, TV_EINVAL, "card %d (%s) belongs to another deck", (int)i,
            card_name(c->deck, c->kind, name, sizeof name));
  else if (lua_type(L, -1) == LUA_TSTRING) {
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    tv_card k;
    tv_err inner;
    if (tv_card_parse(d, s, len, &k, &inner) == TV_OK) return k;
    tv_fail(&e, TV_EINVAL, "card %d: %s", (int)i, inner.msg);
  } else
    tv_fail(&e, TV_EINVAL, "card %d: a card or a card name expected, got %s",
            (int)i, luaL_typename(L, -1));
  luaL_argerror(L, arg, e.msg);
  return TV_NO_CARD;
}

void tl_check_cards(lua_State *L, int arg, const tv_deck *d, tv_hand *out) {
  tv_hand_clear(out);
  tl_hand *h = tl_test_hand(L, arg);
  if (h) {
    luaL_argcheck(L, h->deck == d, arg, "hand belongs to another deck");
    *out = h->h;
  } else if (lua_type(L, arg) == LUA_TSTRING) {
    tv_err e;
    if (tv_hand_parse(d, lua_tostring(L, arg), out, &e) != TV_OK)
      luaL_argerror(L, arg, e.msg);
  } else if (lua_type(L, arg) == LUA_TTABLE) {
    /* The raw length and items: no __len or __index of the script runs,
     * and the loop is bounded by the table's real size. */
    lua_Integer n = (lua_Integer)lua_rawlen(L, arg);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_rawgeti(L, arg, i);
      if (tv_hand_add(out, tl_check_item(L, arg, i, d), 1) != TV_OK)
        luaL_argerror(L, arg, "too many copies of one card");
      lua_pop(L, 1);
    }
  } else if (tl_test_card(L, arg)) {
    tv_hand_add(out, tl_check_card(L, arg, d), 1);
  } else {
    luaL_typeerror(L, arg, "cards (a card, hand, string or list of cards)");
  }
}

static const char *push_suit_list(lua_State *L, const tv_deck *d) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int s = 0; s < d->nsuits; s++) {
    if (s) luaL_addchar(&b, ' ');
    luaL_addstring(&b, d->suit_name[s]);
  }
  luaL_pushresult(&b);
  return lua_tostring(L, -1);
}

int tl_check_trump(lua_State *L, int arg, const tv_deck *d) {
  const tl_card *c;
  const char *s;
  size_t len;
  switch (lua_type(L, arg)) {
  case LUA_TNONE:
  case LUA_TNIL:
    return -1;
  case LUA_TBOOLEAN:
    if (!lua_toboolean(L, arg)) return -1;
    break;
  case LUA_TSTRING:
    s = lua_tolstring(L, arg, &len);
    goto by_name;
  case LUA_TUSERDATA:
    c = tl_test_card(L, arg);
    if (!c) break;
    if (c->kind == c->deck->joker)
      return luaL_argerror(L, arg, "a joker has no suit to be trump");
    s = c->deck->suit_name[tv_suit(c->deck, c->kind)];
    len = strlen(s);
    goto by_name;
  }
  return luaL_typeerror(L, arg, "suit name, Card or nil");
by_name:;
  int suit = tv_deck_find_suit(d, s, len);
  if (suit < 0)
    luaL_argerror(L, arg,
                  lua_pushfstring(L,
                                  "no suit \"%s\" in this deck (suits are %s)",
                                  s, push_suit_list(L, d)));
  return suit;
}

/* A Deck's user value is its table of interned cards; every other object's
 * is the Deck itself. That tells them apart without a metatable lookup. */
void tl_push_deck_of(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_getiuservalue(L, idx, 1) == LUA_TTABLE) {
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
  }
}

void tl_push_card(lua_State *L, int deck_idx, tv_card kind) {
  if (lua_getiuservalue(L, deck_idx, 1) != LUA_TTABLE) { /* obj -> deck */
    lua_getiuservalue(L, -1, 1);                         /* deck, cards */
    lua_rawgeti(L, -1, (lua_Integer)kind + 1);
    lua_copy(L, -1, -3); /* card, cards, card: cheaper than two removes */
    lua_settop(L, -3);
    return;
  }
  lua_rawgeti(L, -1, (lua_Integer)kind + 1);
  lua_copy(L, -1, -2);
  lua_settop(L, -2);
}

tl_hand *tl_push_hand(lua_State *L, int deck_idx, const tv_hand *h) {
  deck_idx = lua_absindex(L, deck_idx);
  tl_push_deck_of(L, deck_idx); /* deck */
  tv_deck *d = lua_touserdata(L, -1);
  tl_hand *nh = lua_newuserdatauv(L, sizeof *nh, 1); /* deck, hand */
  nh->tag = TL_TAG_HAND;
  nh->deck = d;
  nh->h = *h;
  luaL_setmetatable(L, TL_HAND);
  lua_rotate(L, -2, 1); /* hand, deck */
  lua_setiuservalue(L, -2, 1);
  return nh;
}

tv_style tl_style(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, STYLE_KEY);
  lua_Integer st = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return st >= TV_STYLE_ASCII && st <= TV_STYLE_COLOR ? (tv_style)st
                                                      : TV_STYLE_ASCII;
}

tv_style tl_text_style(lua_State *L) {
  tv_style st = tl_style(L);
  return st == TV_STYLE_COLOR ? TV_STYLE_UNICODE : st;
}

void tl_set_style(lua_State *L, tv_style st) {
  lua_pushinteger(L, st);
  lua_setfield(L, LUA_REGISTRYINDEX, STYLE_KEY);
}

/* Copies the table at the stack top into a new one, pushed. */
static void push_copy(lua_State *L) {
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, -3)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -4);
  }
}

void tl_lock_metatable(lua_State *L, int mt) {
  mt = lua_absindex(L, mt);
  if (lua_getfield(L, mt, "__metatable") != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_createtable(L, 0, 3); /* nil, public */
  lua_getfield(L, mt, "__name");
  lua_setfield(L, -2, "__name");
  lua_getfield(L, mt, "__tostring");
  lua_setfield(L, -2, "__tostring");
  if (lua_getfield(L, mt, "__methods") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_getfield(L, mt, "__index");
  }
  if (lua_type(L, -1) == LUA_TTABLE) {
    push_copy(L);
    lua_setfield(L, -3, "__methods");
  }
  lua_pop(L, 1);
  lua_setfield(L, mt, "__metatable");
  lua_pop(L, 1);
}

void tl_lock_types(lua_State *L) {
  static const char *const names[] = {
      TL_DECK,  TL_HAND,       TL_PILE,  TL_RNG,
      TL_MELDS, TL_TRICKRULES, TL_TRICK, TL_TRICKWHY,
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    if (luaL_getmetatable(L, names[i]) == LUA_TTABLE) tl_lock_metatable(L, -1);
    lua_pop(L, 1);
  }
}
