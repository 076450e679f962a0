/*
 * lua_trickorders.c - the rank and trump orders of talon.trickrules:
 * 'ranks' (one order for every suit, or one per suit) and 'trumps' (per
 * trump choice, the cards that count as trump, highest first, and its own
 * rank orders), read from the spec table into tv_trick_rules
 * (docs/api.md "Trump orders").
 */
#include "lua_trick.h"
#include "lua_util.h"
#include "lua_spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================
 * Rank orders
 * ====================================================================== */

/* The string at 'idx' as the rank order of the suits in 'suits' (bits):
 * every rank of the deck once, highest first. */
static void rank_string(const tl_spec *s, const char *key, int idx,
                        const tv_deck *d, uint8_t (*order)[TV_MAX_RANKS],
                        unsigned suits) {
  uint8_t ranks[TV_MAX_RANKS];
  int n = tl_spec_ranks(s, key, idx, d, ranks);
  if (n != d->nranks)
    tl_spec_error(s, key,
                  "name all %d ranks of the deck, highest first (got %d)",
                  d->nranks, n);
  for (int su = 0; su < d->nsuits; su++)
    for (int place = 0; (suits >> su & 1) && place < n; place++)
      order[su][ranks[place]] = (uint8_t)place;
}

/* The value at 'idx' as rank orders: a string for every suit, or a table
 * of suit name -> string (the suits it leaves out keep theirs). */
static void rank_orders(const tl_spec *s, const char *key, int idx,
                        const tv_deck *d, uint8_t (*order)[TV_MAX_RANKS]) {
  lua_State *L = s->L;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE) {
    rank_string(s, key, idx, d, order, ~0u);
    return;
  }
  lua_pushnil(L);
  while (lua_next(L, idx)) { /* raw: no metamethod runs */
    size_t len = 0;
    const char *name =
        lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
    int su = name ? tv_deck_find_suit(d, name, len) : -1;
    if (su < 0)
      tl_spec_error(s, key,
                    "a table of rank orders is keyed by suit names, not %s",
                    tl_describe(L, -2));
    rank_string(s, key, -1, d, order, 1u << su);
    lua_pop(L, 1);
  }
}

void tl_read_trick_ranks(const tl_spec *s, const tv_deck *d,
                         tv_trick_rules *r) {
  if (tl_spec_get(s, "ranks") != LUA_TNIL)
    rank_orders(s, "ranks", -1, d, r->order);
  lua_pop(s->L, 1);
}

/* ======================================================================
 * Trump orders
 * ====================================================================== */

/* One card token of an order's list into o. */
static void add_trump(const tl_spec *s, const tv_deck *d, tv_trick_order *o,
                      tv_card c) {
  for (int j = 0; j < o->ntrumps; j++)
    if (o->trumps[j] == c) {
      char name[32];
      tv_card_format(d, c, TV_STYLE_ASCII, name, sizeof name);
      tl_spec_error(s, "trumps", "order %s lists %s twice", o->name, name);
    }
  o->trumps[o->ntrumps++] = c;
}

/* The value at 'idx' as the order's cards, highest first: a string of
 * card names ("JH JD"), or a list of names and Cards. */
static void trump_cards(const tl_spec *s, int idx, const tv_deck *d,
                        tv_trick_order *o) {
  lua_State *L = s->L;
  int t = lua_type(L, idx);
  lua_Unsigned n = t == LUA_TTABLE ? lua_rawlen(L, idx) : 1;
  idx = lua_absindex(L, idx);
  for (lua_Unsigned i = 1; i <= n; i++) {
    if (t == LUA_TTABLE) lua_rawgeti(L, idx, (lua_Integer)i);
    const tl_card *c = tl_test_card(L, -1);
    size_t len;
    if (c && c->deck == d) {
      add_trump(s, d, o, c->kind);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      const char *p = lua_tolstring(L, -1, &len), *end = p + len;
      for (size_t k; (k = tl_spec_token(&p, end)) > 0; p += k) {
        tv_card card;
        tv_err e;
        if (tv_card_parse(d, p, k, &card, &e) != TV_OK)
          tl_spec_error(s, "trumps", "order %s: %s", o->name, e.msg);
        add_trump(s, d, o, card);
      }
    } else {
      tl_spec_error(s, "trumps",
                    "order %s: expected cards such as \"JH JD\", got %s",
                    o->name, tl_describe(L, -1));
    }
    if (t == LUA_TTABLE) lua_pop(L, 1);
  }
}

/* An order given as a table: { cards = "...", ranks = ... }. */
static void order_table(const tl_spec *s, int idx, const tv_deck *d,
                        tv_trick_order *o) {
  lua_State *L = s->L;
  idx = lua_absindex(L, idx);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    if (!k || (strcmp(k, "cards") != 0 && strcmp(k, "ranks") != 0))
      tl_spec_error(s, "trumps",
                    "order %s: unknown key %s (known keys: cards, ranks)",
                    o->name, tl_describe(L, -2));
    lua_pop(L, 1);
  }
  lua_pushliteral(L, "cards");
  if (lua_rawget(L, idx) != LUA_TNIL) trump_cards(s, -1, d, o);
  lua_pop(L, 1);
  lua_pushliteral(L, "ranks");
  if (lua_rawget(L, idx) != LUA_TNIL) {
    char key[TV_TRICK_ORDER_NAME + 32];
    snprintf(key, sizeof key, "trumps' order '%s': 'ranks", o->name);
    rank_orders(s, key, -1, d, o->order);
  }
  lua_pop(L, 1);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names of the table at 'idx', sorted (so that the orders' indexes do
 * not depend on the table's hash order); returns how many. */
static int order_names(const tl_spec *s, int idx, const char **names) {
  lua_State *L = s->L;
  int n = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) != LUA_TSTRING)
      tl_spec_error(s, "trumps",
                    "orders are named by strings (a suit or a word such as "
                    "\"grand\"), not %s",
                    tl_describe(L, -2));
    if (n == TV_TRICK_MAX_ORDERS)
      tl_spec_error(s, "trumps", "at most %d trump orders",
                    TV_TRICK_MAX_ORDERS);
    names[n++] = lua_tostring(L, -2); /* anchored by the table */
    lua_pop(L, 1);
  }
  qsort(names, (size_t)n, sizeof *names, by_name);
  return n;
}

void tl_read_trick_orders(const tl_spec *s, const tv_deck *d,
                          tv_trick_rules *r) {
  lua_State *L = s->L;
  int t = tl_spec_get(s, "trumps");
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (t != LUA_TTABLE)
    tl_spec_error(s, "trumps",
                  "expected a table of trump orders such as { H = \"JH JD\" "
                  "}, got %s",
                  tl_describe(L, -1));
  int idx = lua_gettop(L);
  const char *names[TV_TRICK_MAX_ORDERS];
  int n = order_names(s, idx, names);
  for (int i = 0; i < n; i++) {
    tv_err e;
    tv_trick_order *o =
        tv_trick_rules_add_order(r, d, names[i], strlen(names[i]), &e);
    if (!o) tl_spec_error(s, NULL, "%s", e.msg);
    lua_pushstring(L, names[i]);
    if (lua_rawget(L, idx) == LUA_TTABLE && lua_rawlen(L, -1) == 0)
      order_table(s, -1, d, o);
    else
      trump_cards(s, -1, d, o);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}
