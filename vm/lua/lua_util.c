/*
 * lua_util.c - shared binding helpers: checkers, pushers, and the one
 * place where a tv_err becomes a Lua error.
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
static void *test_tagged(lua_State *L, int arg, size_t size, size_t tag_at,
                         uint32_t tag) {
  char *p = lua_touserdata(L, arg);
  if (p == NULL || lua_rawlen(L, arg) != size) return NULL;
  uint32_t t;
  memcpy(&t, p + tag_at, sizeof t);
  return t == tag ? p : NULL;
}

tv_deck *tl_check_deck(lua_State *L, int arg) {
  tl_deck *d =
      test_tagged(L, arg, sizeof *d, offsetof(tl_deck, tag), TL_TAG_DECK);
  return d ? &d->d : luaL_checkudata(L, arg, TL_DECK); /* raises */
}

tl_card *tl_test_card(lua_State *L, int arg) {
  tl_card *c = lua_touserdata(L, arg);
  return c && lua_rawlen(L, arg) == sizeof *c && c->tag == TL_TAG_CARD ? c
                                                                       : NULL;
}

tl_hand *tl_test_hand(lua_State *L, int arg) {
  tl_hand *h = lua_touserdata(L, arg);
  return h && lua_rawlen(L, arg) == sizeof *h && h->tag == TL_TAG_HAND ? h
                                                                       : NULL;
}

tl_hand *tl_check_hand(lua_State *L, int arg) {
  tl_hand *h = tl_test_hand(L, arg);
  return h ? h : luaL_checkudata(L, arg, TL_HAND); /* raises */
}

tl_pile *tl_check_pile(lua_State *L, int arg) {
  tl_pile *p =
      test_tagged(L, arg, sizeof *p, offsetof(tl_pile, tag), TL_TAG_PILE);
  return p ? p : luaL_checkudata(L, arg, TL_PILE); /* raises */
}

tv_rng *tl_check_rng(lua_State *L, int arg) {
  tl_rng *r = test_tagged(L, arg, sizeof *r, offsetof(tl_rng, tag), TL_TAG_RNG);
  return r ? &r->r : luaL_checkudata(L, arg, TL_RNG); /* raises */
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
    lua_Integer n = luaL_len(L, arg);
    for (lua_Integer i = 1; i <= n; i++) {
      lua_geti(L, arg, i);
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
