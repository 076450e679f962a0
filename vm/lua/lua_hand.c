/*
 * lua_hand.c - the Hand type: multisets of cards that stay in C.
 *
 * Methods take "cards" in any of the forms tl_check_cards accepts, so the
 * REPL can say h:remove("QS") while a bot passes interned Card values.
 */
#include "lua_util.h"
#include "talon_lua.h"
#include <string.h>

static int bad_remove(lua_State *L, tl_hand *h, const tv_hand *want) {
  char need[512], held[1024];
  tv_hand missing;
  tv_hand_diff(&missing, want, &h->h);
  if (missing.size == 1)
    tv_card_format(h->deck, tv_hand_nth(&missing, 0), tl_text_style(L), need,
                   sizeof need);
  else
    tv_hand_format(h->deck, &missing, tl_text_style(L), need, sizeof need);
  tv_hand_format(h->deck, &h->h, tl_text_style(L), held, sizeof held);
  return luaL_error(L, "%s %s not in the hand %s", need,
                    missing.size == 1 ? "is" : "are", held);
}

static int optcount(lua_State *L, int arg) {
  lua_Integer n = luaL_optinteger(L, arg, 1);
  luaL_argcheck(L, n >= 0 && n <= TV_MAX_COPIES, arg, "count out of range");
  return (int)n;
}

static void scale(tv_hand *h, int n) {
  int size = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    size += (h->n[k] = (uint8_t)(h->n[k] * n));
  h->size = (uint16_t)size;
}

static int hand_add(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tl_card *c = tl_test_card(L, 2);
  if (c && c->deck == h->deck && lua_isnone(L, 3)) { /* the hot path */
    if (tv_hand_add(&h->h, c->kind, 1) != TV_OK)
      return luaL_error(L, "a hand holds at most %d copies of a card",
                        TV_MAX_COPIES);
    lua_settop(L, 1);
    return 1;
  }
  tv_hand add;
  tl_check_cards(L, 2, h->deck, &add);
  int n = optcount(L, 3);
  if (n != 1) scale(&add, n);
  if (tv_hand_union(&h->h, &h->h, &add) != TV_OK)
    return luaL_error(L, "a hand holds at most %d copies of a card",
                      TV_MAX_COPIES);
  lua_settop(L, 1);
  return 1;
}

static int hand_remove(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tl_card *c = tl_test_card(L, 2);
  if (c && c->deck == h->deck && lua_isnone(L, 3) &&
      tv_hand_remove(&h->h, c->kind, 1) == TV_OK) { /* the hot path */
    lua_settop(L, 1);
    return 1;
  }
  tv_hand rem;
  tl_check_cards(L, 2, h->deck, &rem);
  int n = optcount(L, 3);
  if (n != 1) scale(&rem, n);
  if (!tv_hand_contains(&h->h, &rem)) return bad_remove(L, h, &rem);
  tv_hand_diff(&h->h, &h->h, &rem);
  lua_settop(L, 1);
  return 1;
}

static int hand_count(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  lua_pushinteger(L, h->h.n[tl_check_card(L, 2, h->deck)]);
  return 1;
}

static int hand_has(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tv_hand sub;
  tl_check_cards(L, 2, h->deck, &sub);
  lua_pushboolean(L, tv_hand_contains(&h->h, &sub));
  return 1;
}

static int hand_copy(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tl_push_hand(L, 1, &h->h);
  return 1;
}

static int hand_clear(lua_State *L) {
  tv_hand_clear(&tl_check_hand(L, 1)->h);
  lua_settop(L, 1);
  return 1;
}

/* The Hand of deck 'd' at index 'idx' (argument 'arg', entry 'i' of a
 * list or 0), or an error naming it. */
static tv_hand *deck_hand(lua_State *L, int idx, const tv_deck *d, int arg,
                          lua_Integer i) {
  tl_hand *h = tl_test_hand(L, idx);
  if (h && h->deck == d) return &h->h;
  if (i == 0) luaL_argerror(L, arg, "a Hand of this deck or a list of them");
  luaL_argerror(L, arg,
                lua_pushfstring(L, "entry %I is not a Hand of this deck", i));
  return NULL;
}

/* deck:clear_hands(...) -> deck: empties every Hand named by the
 * arguments, each a Hand of the deck or a list of them (read raw), 64
 * Hands at most in all; all are checked before any is emptied. A quiet
 * game's new hand (its hands, the tricks won and the discards) in one
 * call, not one per Hand. */
static int deck_clear_hands(lua_State *L) {
  enum { MAX_HANDS = 64 };
  const tv_deck *d = tl_check_deck(L, 1);
  tv_hand *list[MAX_HANDS]; /* each kept alive by its argument */
  int n = 0, top = lua_gettop(L);
  for (int arg = 2; arg <= top; arg++) {
    if (lua_type(L, arg) != LUA_TTABLE) {
      luaL_argcheck(L, n < MAX_HANDS, arg, "more than 64 Hands");
      list[n++] = deck_hand(L, arg, d, arg, 0);
      continue;
    }
    lua_Unsigned len = lua_rawlen(L, arg);
    luaL_argcheck(L, len <= (lua_Unsigned)(MAX_HANDS - n), arg,
                  "more than 64 Hands");
    for (lua_Integer i = 1; i <= (lua_Integer)len; i++) {
      lua_rawgeti(L, arg, i);
      list[n++] = deck_hand(L, -1, d, arg, i);
      lua_pop(L, 1);
    }
  }
  for (int i = 0; i < n; i++)
    tv_hand_clear(list[i]);
  lua_settop(L, 1);
  return 1;
}

/* h:within(hands[, spare]) -> index | nil: the index of the first of
 * 'hands' (a Hand of h's deck, or a list of them read raw, 64 at most)
 * that holds every card of h but at most 'spare' (default 0), copies
 * counted. Every entry is checked, so a wrong one is an error whatever h
 * holds. One call tests a hand against several patterns (the suits of a
 * flush, three trumps among four cards) where h:has per pattern, or a
 * walk of the cards in Lua, crosses into C for each. */
static bool holds_but(const tv_hand *p, const tv_hand *h, lua_Integer spare) {
  if (spare == 0) return tv_hand_contains(p, h); /* stops at the first miss */
  return tv_hand_excess(h, p) <= spare;
}

static int hand_within(lua_State *L) {
  enum { MAX_HANDS = 64 };
  tl_hand *h = tl_check_hand(L, 1);
  lua_Integer spare = luaL_optinteger(L, 3, 0);
  luaL_argcheck(L, spare >= 0, 3, "spare cards must be 0 or more");
  lua_settop(L, 2); /* the list's entries are pushed above it */
  if (!lua_istable(L, 2)) {
    const tv_hand *in = deck_hand(L, 2, h->deck, 2, 0);
    if (holds_but(in, &h->h, spare))
      lua_pushinteger(L, 1);
    else
      lua_pushnil(L);
    return 1;
  }
  lua_Unsigned len = lua_rawlen(L, 2);
  luaL_argcheck(L, len <= MAX_HANDS, 2, "more than 64 Hands");
  lua_Integer found = 0;
  for (lua_Integer i = 1; i <= (lua_Integer)len; i++) {
    lua_rawgeti(L, 2, i);
    const tv_hand *in = deck_hand(L, -1, h->deck, 2, i);
    if (found == 0 && holds_but(in, &h->h, spare)) found = i;
    lua_pop(L, 1);
  }
  if (found == 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, found);
  return 1;
}

static int hand_cards(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  lua_createtable(L, h->h.size, 0);
  tl_push_deck_of(L, 1);
  lua_getiuservalue(L, -1, 1); /* list, deck, interned */
  int i = 0;
  for (int k = 0; k < h->deck->nkinds; k++)
    for (int c = 0; c < h->h.n[k]; c++) {
      lua_rawgeti(L, -1, k + 1);
      lua_rawseti(L, -4, ++i);
    }
  lua_pop(L, 2);
  return 1;
}

/* h:kinds() -> {Card...}: each card h holds once, in kind order (the cards
 * h:each visits, as one list made in one call: a legal list of cards) */
static int hand_kinds(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  int n = 0;
  for (int k = 0; k < h->deck->nkinds; k++)
    n += h->h.n[k] > 0;
  lua_createtable(L, n, 0);
  tl_push_deck_of(L, 1);
  lua_getiuservalue(L, -1, 1); /* list, deck, interned */
  int i = 0;
  for (int k = 0; k < h->deck->nkinds; k++)
    if (h->h.n[k] > 0) {
      lua_rawgeti(L, -1, k + 1);
      lua_rawseti(L, -4, ++i);
    }
  lua_pop(L, 2);
  return 1;
}

static int hand_each_step(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  lua_Integer k = lua_isnil(L, 2) ? 0 : tl_check_card(L, 2, h->deck) + 1;
  for (; k < h->deck->nkinds; k++)
    if (h->h.n[k]) {
      tl_push_card(L, 1, (tv_card)k);
      lua_pushinteger(L, h->h.n[k]);
      return 2;
    }
  return 0;
}

static int hand_each(lua_State *L) {
  tl_check_hand(L, 1);
  lua_pushcfunction(L, hand_each_step);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* The suit at 'arg' (name, glyph or 0-based index) as an index of d. */
static int check_suit(lua_State *L, int arg, const tv_deck *d) {
  int s;
  if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Integer i =
        luaL_checkinteger(L, arg); /* range-checked before the cast */
    s = i >= 0 && i < d->nsuits ? (int)i : -1;
  } else {
    size_t len;
    const char *name = luaL_checklstring(L, arg, &len);
    for (s = 0; s < d->nsuits; s++) /* the exact name: the per-card case */
      if (name[0] == d->suit_name[s][0] && strcmp(name, d->suit_name[s]) == 0)
        return s;
    s = tv_deck_find_suit(d, name, len);
  }
  luaL_argcheck(L, s >= 0 && s < d->nsuits, arg, "not a suit of this deck");
  return s;
}

/* out = the cards of suit s in h. */
static void suit_of(const tv_deck *d, const tv_hand *h, int s, tv_hand *out) {
  tv_hand_clear(out);
  int size = 0;
  for (int r = 0; r < d->nranks; r++) {
    tv_card c = tv_kind(d, s, r);
    size += (out->n[c] = h->n[c]);
  }
  out->size = (uint16_t)size;
}

static int hand_suit(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tv_hand out;
  suit_of(h->deck, &h->h, check_suit(L, 2, h->deck), &out);
  tl_push_hand(L, 1, &out);
  return 1;
}

/* h:follow(suit[, into]): what h may play when 'suit' must be followed:
 * its cards of that suit, written into the Hand 'into' (overwritten) or a
 * new Hand; the hand itself when it holds none or 'suit' is nil. One call
 * and, with 'into', no allocation: the per-card path of trick games. */
static int hand_follow(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tl_hand *into = NULL;
  if (!lua_isnoneornil(L, 3)) {
    into = tl_check_hand(L, 3);
    luaL_argcheck(L, into->deck == h->deck, 3, "hand belongs to another deck");
    luaL_argcheck(L, into != h, 3, "must not be the hand itself");
  }
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    return 1;
  }
  tv_hand out;
  suit_of(h->deck, &h->h, check_suit(L, 2, h->deck), &out);
  if (out.size == 0) {
    lua_settop(L, 1);
  } else if (into) {
    into->h = out;
    lua_settop(L, 3);
  } else {
    tl_push_hand(L, 1, &out);
  }
  return 1;
}

static int hand_points(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  lua_pushinteger(L, tv_hand_points(h->deck, &h->h));
  return 1;
}

static int hand_nth(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  tv_card c = (i >= 1 && i <= h->h.size) ? tv_hand_nth(&h->h, (int)(i - 1))
                                         : TV_NO_CARD;
  if (c == TV_NO_CARD)
    lua_pushnil(L);
  else
    tl_push_card(L, 1, c);
  return 1;
}

static int hand_pick(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  tv_rng *r = tl_check_rng(L, 2);
  if (h->h.size == 0)
    return luaL_error(L, "cannot pick a card from an empty hand");
  tl_push_card(L, 1, tv_hand_nth(&h->h, (int)tv_rng_below(r, h->h.size)));
  return 1;
}

/* Binary operators: both operands must be hands of the same deck. */
static tl_hand *check_pair(lua_State *L, tv_hand *b) {
  tl_hand *a = tl_test_hand(L, 1);
  int other = 2;
  if (!a) {
    a = tl_check_hand(L, 2);
    other = 1;
  }
  tl_check_cards(L, other, a->deck, b);
  return a;
}

static int hand_add_op(lua_State *L) {
  tv_hand b, out;
  tl_hand *a = check_pair(L, &b);
  if (tv_hand_union(&out, &a->h, &b) != TV_OK)
    return luaL_error(L, "a hand holds at most %d copies of a card",
                      TV_MAX_COPIES);
  tl_push_hand(L, tl_test_hand(L, 1) ? 1 : 2, &out);
  return 1;
}

static int hand_sub_op(lua_State *L) {
  tl_hand *a = tl_check_hand(L, 1);
  tv_hand b, out;
  tl_check_cards(L, 2, a->deck, &b);
  tv_hand_diff(&out, &a->h, &b);
  tl_push_hand(L, 1, &out);
  return 1;
}

static int hand_mul_op(lua_State *L) {
  tv_hand b, out;
  tl_hand *a = check_pair(L, &b);
  tv_hand_inter(&out, &a->h, &b);
  tl_push_hand(L, tl_test_hand(L, 1) ? 1 : 2, &out);
  return 1;
}

/* h1 == h2; a Hand is never equal to another type of userdata (Lua calls
 * __eq for any two userdata, so this must not raise). */
static int hand_eq(lua_State *L) {
  tl_hand *a = tl_test_hand(L, 1), *b = tl_test_hand(L, 2);
  lua_pushboolean(L,
                  a && b && a->deck == b->deck && tv_hand_equal(&a->h, &b->h));
  return 1;
}

static int hand_len(lua_State *L) {
  lua_pushinteger(L, tl_check_hand(L, 1)->h.size);
  return 1;
}

static int hand_tostring(lua_State *L) {
  tl_hand *h = tl_check_hand(L, 1);
  char small[512];
  size_t need =
      tv_hand_format(h->deck, &h->h, tl_style(L), small, sizeof small);
  if (need < sizeof small) {
    lua_pushlstring(L, small, need);
    return 1;
  }
  luaL_Buffer b;
  char *big = luaL_buffinitsize(L, &b, need + 1);
  tv_hand_format(h->deck, &h->h, tl_style(L), big, need + 1);
  luaL_pushresultsize(&b, need);
  return 1;
}

static int hand_deck(lua_State *L) {
  tl_check_hand(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

static const luaL_Reg hand_methods[] = {
    {"add", hand_add},
    {"remove", hand_remove},
    {"count", hand_count},
    {"has", hand_has},
    {"within", hand_within},
    {"copy", hand_copy},
    {"clear", hand_clear},
    {"cards", hand_cards},
    {"kinds", hand_kinds},
    {"each", hand_each},
    {"suit", hand_suit},
    {"follow", hand_follow},
    {"points", hand_points},
    {"nth", hand_nth},
    {"pick", hand_pick},
    {"deck", hand_deck},
    {NULL, NULL},
};

static const luaL_Reg hand_meta[] = {
    {"__add", hand_add_op}, {"__sub", hand_sub_op},
    {"__mul", hand_mul_op}, {"__eq", hand_eq},
    {"__len", hand_len},    {"__tostring", hand_tostring},
    {NULL, NULL},
};

void talon_open_hand(lua_State *L) {
  luaL_newmetatable(L, TL_HAND);
  luaL_setfuncs(L, hand_meta, 0);
  luaL_newlib(L, hand_methods); /* a plain table: method lookup is cheap */
  lua_setfield(L, -2, "__index");
  /* deck:clear_hands lives with the Hand type; add it to the Deck's
   * methods */
  luaL_getmetatable(L, TL_DECK);
  lua_getfield(L, -1, "__methods");
  lua_pushcfunction(L, deck_clear_hands);
  lua_setfield(L, -2, "clear_hands");
  lua_pop(L, 3);
}
