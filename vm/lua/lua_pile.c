/*
 * lua_pile.c - the Pile type: ordered stacks of cards (a shuffled deck,
 * a stock, a talon), and dealing by packet patterns.
 */
#include "lua_util.h"
#include "talon_lua.h"
#include "lua_spec.h"

static tl_pile *push_pile(lua_State *L, int deck_idx) {
  deck_idx = lua_absindex(L, deck_idx);
  tl_push_deck_of(L, deck_idx);
  tv_deck *d = lua_touserdata(L, -1);
  tl_pile *p = lua_newuserdatauv(L, sizeof *p, 1);
  p->deck = d;
  p->p.n = 0;
  p->tag = TL_TAG_PILE;
  luaL_setmetatable(L, TL_PILE);
  lua_rotate(L, -2, 1);
  lua_setiuservalue(L, -2, 1);
  return p;
}

/* Fills p from "QS KS 10H" (argument 2), the first token on top. */
static int pile_from_string(lua_State *L, tl_pile *p, const tv_deck *d) {
  size_t len;
  const char *s = lua_tolstring(L, 2, &len), *end = s + len;
  tv_card tmp[TV_MAX_CARDS];
  int n = 0;
  for (size_t k; (k = tl_spec_token(&s, end)) > 0; s += k) {
    tv_err e;
    luaL_argcheck(L, n < TV_MAX_CARDS, 2, "too many cards for a pile");
    if (tv_card_parse(d, s, k, &tmp[n++], &e) != TV_OK)
      return luaL_argerror(L, 2, lua_pushfstring(L, "card %d: %s", n, e.msg));
  }
  for (int i = 0; i < n; i++)
    p->p.c[i] = tmp[n - 1 - i];
  p->p.n = (uint16_t)n;
  return 1;
}

/* deck:pile([cards]): cards as a list or string give the order, first on
 * top; without them the whole deck in kind order. */
static int deck_pile(lua_State *L) {
  tv_deck *d = tl_check_deck(L, 1);
  lua_settop(L, 2);
  tl_pile *p = push_pile(L, 1); /* deck, cards, pile */
  if (lua_isnil(L, 2)) {
    tv_pile_from_deck(&p->p, d);
    return 1;
  }
  if (lua_type(L, 2) == LUA_TSTRING) return pile_from_string(L, p, d);
  luaL_argcheck(L, lua_type(L, 2) == LUA_TTABLE, 2,
                "a list of cards, top card first");
  lua_Unsigned n = lua_rawlen(L, 2); /* raw: the real items, no __len */
  luaL_argcheck(L, n <= TV_MAX_CARDS, 2, "too many cards for a pile");
  for (lua_Integer i = (lua_Integer)n; i >= 1; i--) {
    lua_rawgeti(L, 2, i);
    p->p.c[p->p.n++] = tl_check_item(L, 2, i, d);
    lua_pop(L, 1);
  }
  return 1;
}

static int pile_shuffle(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  tv_pile_shuffle(&p->p, tl_check_rng(L, 2));
  lua_settop(L, 1);
  return 1;
}

/* p:reset() -> p: the whole deck again in kind order, as deck:pile()
 * makes it, without a new Pile (the stock of each hand of a simulation). */
static int pile_reset(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  tv_pile_from_deck(&p->p, p->deck);
  lua_settop(L, 1);
  return 1;
}

static int pile_cut(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  lua_Integer k = luaL_checkinteger(L, 2);
  tv_err e;
  if (k < 0 || k > p->p.n || tv_pile_cut(&p->p, (int)k, &e) != TV_OK)
    return luaL_argerror(
        L, 2,
        lua_pushfstring(L, "cannot cut %I cards from a pile of %d", k,
                        (int)p->p.n));
  lua_settop(L, 1);
  return 1;
}

static int push_or_nil(lua_State *L, tv_card c) {
  if (c == TV_NO_CARD)
    lua_pushnil(L);
  else
    tl_push_card(L, 1, c);
  return 1;
}

static int pile_draw(lua_State *L) {
  return push_or_nil(L, tv_pile_draw(&tl_check_pile(L, 1)->p));
}

/* p:find(rank[, from]) -> position (1 = top) of the first card of rank
 * 'rank' (a name) at or below position 'from', or nil: "deal face up until
 * the first ace" in one call. */
static int pile_find(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  const tv_deck *d = p->deck;
  size_t len;
  const char *name = luaL_checklstring(L, 2, &len);
  int r = tv_deck_find_rank(d, name, len);
  luaL_argcheck(L, r >= 0, 2, "not a rank of this deck");
  lua_Integer from = luaL_optinteger(L, 3, 1);
  luaL_argcheck(L, from >= 1, 3, "position must be at least 1");
  for (lua_Integer i = from; i <= p->p.n; i++) {
    tv_card c = p->p.c[p->p.n - i];
    if (c != d->joker && tv_rank(d, c) == r) {
      lua_pushinteger(L, i);
      return 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

static int pile_top(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  return push_or_nil(L, p->p.n ? p->p.c[p->p.n - 1] : TV_NO_CARD);
}

static int pile_bottom(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  return push_or_nil(L, p->p.n ? p->p.c[0] : TV_NO_CARD);
}

static int pile_push(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  if (tv_pile_push(&p->p, tl_check_card(L, 2, p->deck)) != TV_OK)
    return luaL_error(L, "pile is full");
  lua_settop(L, 1);
  return 1;
}

static int pile_put_bottom(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  if (tv_pile_put_bottom(&p->p, tl_check_card(L, 2, p->deck)) != TV_OK)
    return luaL_error(L, "pile is full");
  lua_settop(L, 1);
  return 1;
}

/* The 'n' hands of the table at 2 that p:deal deals to (order at 4: seat
 * numbers into that table, read raw; nil: every hand in turn), each kept
 * on the stack while the deal runs. Returns n. */
static int deal_hands(lua_State *L, const tl_pile *p, tv_hand **hands) {
  enum { MAX_SEATS = 16 };
  lua_Unsigned ns = lua_rawlen(L, 2); /* 1 to 16: checked by pile_deal */
  bool ordered = !lua_isnoneornil(L, 4);
  lua_Unsigned n = ns;
  if (ordered) {
    luaL_checktype(L, 4, LUA_TTABLE);
    n = lua_rawlen(L, 4);
    luaL_argcheck(L, n >= 1 && n <= MAX_SEATS, 4, "1 to 16 seats");
  }
  luaL_checkstack(L, MAX_SEATS, "too many hands");
  for (int i = 0; i < (int)n; i++) {
    lua_Integer at = i + 1;
    if (ordered) {
      int isnum = lua_rawgeti(L, 4, i + 1) == LUA_TNUMBER;
      at = isnum ? lua_tointegerx(L, -1, &isnum) : 0;
      lua_pop(L, 1);
      if (!isnum || at < 1 || at > (lua_Integer)ns)
        return luaL_argerror(L, 4,
                             lua_pushfstring(L,
                                             "entry %d is not a seat 1 to %d",
                                             i + 1, (int)ns));
    }
    lua_rawgeti(L, 2, at); /* stays on the stack: keeps the hand alive */
    tl_hand *h = tl_test_hand(L, -1);
    if (!h || h->deck != p->deck)
      return luaL_argerror(
          L, 2,
          lua_pushfstring(L, "entry %d is not a hand of this deck", (int)at));
    hands[i] = &h->h;
  }
  return (int)n;
}

/* p:deal(hands, pattern[, order]) -> p: each packet size of 'pattern' to
 * every hand in turn (hands[order[i]] with 'order'), from the top. */
static int pile_deal(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  enum { MAX_SEATS = 16, MAX_PACKETS = 64 };
  tv_hand *hands[MAX_SEATS];
  int pattern[MAX_PACKETS];
  lua_Unsigned ns = lua_rawlen(L, 2), np = lua_rawlen(L, 3);
  luaL_argcheck(L, ns >= 1 && ns <= MAX_SEATS, 2, "1 to 16 hands");
  luaL_argcheck(L, np >= 1 && np <= MAX_PACKETS, 3, "1 to 64 packet sizes");
  lua_settop(L, 4);
  int n = deal_hands(L, p, hands);
  for (int i = 0; i < (int)np; i++) {
    lua_rawgeti(L, 3, i + 1);
    lua_Integer k = lua_tointeger(L, -1);
    if (!lua_isinteger(L, -1) || k < 0 || k > TV_MAX_CARDS)
      return luaL_argerror(
          L, 3,
          lua_pushfstring(L, "packet %d must be an integer 0 to %d", i + 1,
                          TV_MAX_CARDS));
    pattern[i] = (int)k;
    lua_pop(L, 1);
  }
  tv_err e;
  if (tv_pile_deal(&p->p, hands, n, pattern, (int)np, &e) != TV_OK)
    return tl_raise(L, &e);
  lua_settop(L, 1);
  return 1;
}

/* p:replenish(hands, first, size[, whole[, out]]) -> drawn: refills the
 * Hands of 'hands' (1 to 16, of the pile's deck) from the top, one card
 * at a time, from seat 'first' on, round after round, to 'size' cards
 * each; a seat s with out[s] true (read raw) draws nothing, and with
 * 'whole' only whole rounds are drawn (tv_pile_replenish). The draw after
 * every trick of a game with a stock (deal.replenish) in one call instead
 * of four per seat. */
static int pile_replenish(lua_State *L) {
  enum { MAX_SEATS = 16 };
  tl_pile *p = tl_check_pile(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer first = luaL_checkinteger(L, 3);
  lua_Integer size = luaL_checkinteger(L, 4);
  bool whole = lua_toboolean(L, 5);
  lua_Unsigned ns = lua_rawlen(L, 2);
  luaL_argcheck(L, ns >= 1 && ns <= MAX_SEATS, 2, "1 to 16 hands");
  luaL_argcheck(L, first >= 1 && first <= (lua_Integer)ns, 3,
                "a seat 1 to #hands expected");
  luaL_argcheck(L, size >= 0 && size <= TV_MAX_CARDS, 4,
                "a hand size 0 to the most cards of a pile expected");
  uint32_t out = 0;
  if (!lua_isnoneornil(L, 6)) {
    luaL_checktype(L, 6, LUA_TTABLE);
    for (int s = 1; s <= (int)ns; s++) {
      if (lua_rawgeti(L, 6, s) != LUA_TNIL && lua_toboolean(L, -1))
        out |= 1u << (s - 1);
      lua_pop(L, 1);
    }
  }
  tv_hand *hands[MAX_SEATS];
  lua_settop(L, 6);
  luaL_checkstack(L, MAX_SEATS, "too many hands");
  for (int i = 0; i < (int)ns; i++) {
    lua_rawgeti(L, 2, i + 1); /* stays on the stack: keeps the hand alive */
    tl_hand *h = tl_test_hand(L, -1);
    if (!h || h->deck != p->deck)
      return luaL_argerror(
          L, 2,
          lua_pushfstring(L, "entry %d is not a hand of this deck", i + 1));
    hands[i] = &h->h;
  }
  int drawn;
  tv_err e;
  if (tv_pile_replenish(&p->p, hands, (int)ns, out, (int)first, (int)size,
                        whole, &drawn, &e) != TV_OK)
    return tl_raise(L, &e);
  lua_pushinteger(L, drawn);
  return 1;
}

static int pile_cards(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  lua_createtable(L, p->p.n, 0);
  for (int i = 0; i < p->p.n; i++) {
    tl_push_card(L, 1, p->p.c[p->p.n - 1 - i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int pile_hand(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  tv_hand h;
  tv_hand_clear(&h);
  for (int i = 0; i < p->p.n; i++)
    tv_hand_add(&h, p->p.c[i], 1);
  tl_push_hand(L, 1, &h);
  return 1;
}

static int pile_copy(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  push_pile(L, 1)->p = p->p;
  return 1;
}

static int pile_len(lua_State *L) {
  lua_pushinteger(L, tl_check_pile(L, 1)->p.n);
  return 1;
}

static int pile_tostring(lua_State *L) {
  tl_pile *p = tl_check_pile(L, 1);
  tv_style st = tl_style(L);
  luaL_Buffer b;
  char card[48];
  luaL_buffinit(L, &b);
  luaL_addchar(&b, '[');
  for (int i = p->p.n - 1; i >= 0; i--) {
    tv_card_format(p->deck, p->p.c[i], st, card, sizeof card);
    luaL_addstring(&b, card);
    if (i) luaL_addchar(&b, ' ');
  }
  luaL_addchar(&b, ']');
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg pile_methods[] = {
    {"shuffle", pile_shuffle},
    {"reset", pile_reset},
    {"cut", pile_cut},
    {"draw", pile_draw},
    {"top", pile_top},
    {"bottom", pile_bottom},
    {"push", pile_push},
    {"put_bottom", pile_put_bottom},
    {"deal", pile_deal},
    {"find", pile_find},
    {"cards", pile_cards},
    {"hand", pile_hand},
    {"copy", pile_copy},
    {"replenish", pile_replenish},
    {NULL, NULL},
};

void talon_open_pile(lua_State *L) {
  luaL_newmetatable(L, TL_PILE);
  lua_pushcfunction(L, pile_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, pile_tostring);
  lua_setfield(L, -2, "__tostring");
  luaL_newlib(L, pile_methods);
  lua_setfield(L, -2, "__index");
  /* deck:pile lives with the Pile type; add it to the Deck's methods. */
  luaL_getmetatable(L, TL_DECK);
  lua_getfield(L, -1, "__methods");
  lua_pushcfunction(L, deck_pile);
  lua_setfield(L, -2, "pile");
  lua_pop(L, 3);
}
