/*
 * lua_meld.c - talon.melds: meld tables declared in Lua, scored in C.
 *
 * talon.melds(deck, list) reads a list of meld tables once, checks every
 * key, and compiles them (vm/meld.c) into a talon.Melds userdata that holds
 * the whole compiled table inline, so the collector owns it and scoring
 * allocates nothing. The hot call is m:score_all(hand): one C call, the
 * totals for every trump returned as plain integers.
 */
#include "talon_lua.h"
#include "lua_util.h"
#include "meld.h"

#include <string.h>

#define TL_MELDS "talon.Melds"

typedef struct tl_melds {
  const tv_deck *deck; /* inside the Deck userdata kept in user value 1 */
  tv_meld_table t;
} tl_melds;

static const char *const meld_keys[] = {
    "name",         "ranks", "cards",    "suit", "size", "points",
    "trump_points", "uses",  "includes", "doc",  NULL,
};
static const char *const scope_names[] = {"all", "each", "trump", "any", NULL};

/* ======================================================================
 * Reading the meld table (argument 2 of talon.melds)
 * ====================================================================== */

/* Raises "bad argument #2 to 'melds' (meld 'x': key 'k': ...)". */
static int spec_error(lua_State *L, const char *meld, const char *key,
                      const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *what = lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  if (key)
    lua_pushfstring(L, "meld '%s': key '%s': %s", meld, key, what);
  else
    lua_pushfstring(L, "meld '%s': %s", meld, what);
  return luaL_argerror(L, 2, lua_tostring(L, -1));
}

static int check_known_keys(lua_State *L, int t, const char *meld) {
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    int found = 0;
    if (lua_type(L, -1) == LUA_TSTRING)
      for (int i = 0; meld_keys[i] && !found; i++)
        found = strcmp(lua_tostring(L, -1), meld_keys[i]) == 0;
    if (!found)
      return spec_error(L, meld, NULL,
                        "unknown key '%s' (known keys: name, ranks, cards, "
                        "suit, size, points, trump_points, uses, includes, "
                        "doc)",
                        luaL_tolstring(L, -1, NULL));
  }
  return 0;
}

static void read_ranks(lua_State *L, const tv_deck *d, tv_meld_spec *s) {
  size_t len;
  const char *p = lua_tolstring(L, -1, &len), *end = p + len;
  if (lua_type(L, -1) != LUA_TSTRING)
    spec_error(L, s->name, "ranks", "expected a string of rank names, got %s",
               luaL_typename(L, -1));
  while (p < end) {
    while (p < end && (*p == ' ' || *p == ','))
      p++;
    const char *q = p;
    while (q < end && *q != ' ' && *q != ',')
      q++;
    if (q == p) break;
    int r = tv_deck_find_rank(d, p, (size_t)(q - p));
    if (r < 0)
      spec_error(L, s->name, "ranks", "no rank \"%s\" in this deck",
                 lua_pushlstring(L, p, (size_t)(q - p)));
    if (s->ranks >> r & 1)
      spec_error(L, s->name, "ranks", "rank \"%s\" given twice",
                 d->rank_name[r]);
    s->ranks |= (uint16_t)(1u << r);
    p = q;
  }
  if (s->ranks == 0) spec_error(L, s->name, "ranks", "no rank given");
}

static void read_cards(lua_State *L, const tv_deck *d, tv_meld_spec *s) {
  tv_hand h;
  tv_err e;
  if (lua_type(L, -1) != LUA_TSTRING)
    spec_error(L, s->name, "cards",
               "expected a string of cards such as "
               "\"QS JD\", got %s",
               luaL_typename(L, -1));
  memset(&h, 0, sizeof h);
  if (tv_hand_parse(d, lua_tostring(L, -1), &h, &e) != TV_OK)
    spec_error(L, s->name, "cards", "%s", e.msg);
  if (h.size == 0) spec_error(L, s->name, "cards", "no card given");
  memcpy(s->need, h.n, sizeof s->need);
}

static lua_Integer read_int(lua_State *L, int idx, const char *meld,
                            const char *key, lua_Integer lo, lua_Integer hi) {
  int ok;
  lua_Integer v = lua_tointegerx(L, idx, &ok);
  if (!ok)
    spec_error(L, meld, key, "expected an integer, got %s",
               lua_type(L, idx) == LUA_TNUMBER ? luaL_tolstring(L, idx, NULL)
                                               : luaL_typename(L, idx));
  if (v < lo || v > hi)
    spec_error(L, meld, key, "%I is outside %I..%I", v, lo, hi);
  return v;
}

/* Reads an integer or a list of integers at the top into out[]; returns
 * the list length, or 0 for a single integer. */
static int read_points(lua_State *L, const char *meld, const char *key,
                       int32_t *out) {
  if (lua_type(L, -1) == LUA_TNUMBER) {
    out[0] = (int32_t)read_int(L, -1, meld, key, -TV_MELD_POINTS_MAX,
                               TV_MELD_POINTS_MAX);
    return 0;
  }
  if (lua_type(L, -1) != LUA_TTABLE)
    spec_error(L, meld, key,
               "expected an integer or a list of integers, "
               "got %s",
               luaL_typename(L, -1));
  lua_Integer n = luaL_len(L, -1);
  if (n < 1 || n > TV_MELD_LEVELS)
    spec_error(L, meld, key, "a list of 1 to %d integers, got %I entries",
               TV_MELD_LEVELS, n);
  for (int j = 1; j <= n; j++) {
    lua_rawgeti(L, -1, j);
    if (!lua_isinteger(L, -1))
      spec_error(L, meld, key, "entry %d is %s, not an integer", j,
                 luaL_typename(L, -1));
    out[j - 1] = (int32_t)read_int(L, -1, meld, key, -TV_MELD_POINTS_MAX,
                                   TV_MELD_POINTS_MAX);
    lua_pop(L, 1);
  }
  return (int)n;
}

static void read_pattern(lua_State *L, int t, const tv_deck *d,
                         tv_meld_spec *s) {
  int top = lua_gettop(L);
  int has_ranks = lua_getfield(L, t, "ranks") != LUA_TNIL;
  int has_cards = lua_getfield(L, t, "cards") != LUA_TNIL;
  if (has_ranks == has_cards)
    spec_error(L, s->name, NULL,
               "give either 'ranks' (with 'suit') or "
               "'cards'%s",
               has_ranks ? ", not both" : "");
  if (has_cards) {
    s->scope = TV_MELD_CARDS;
    read_cards(L, d, s);
    if (lua_getfield(L, t, "suit") != LUA_TNIL)
      spec_error(L, s->name, "suit", "does not go with 'cards'");
  } else {
    lua_pushvalue(L, -2);
    read_ranks(L, d, s);
    lua_getfield(L, t, "suit");
    const char *v = lua_tostring(L, -1);
    int i = 0;
    while (v && scope_names[i] && strcmp(v, scope_names[i]) != 0)
      i++;
    if (!v || !scope_names[i])
      spec_error(L, s->name, "suit",
                 "expected \"all\", \"each\", \"trump\" "
                 "or \"any\", got %s",
                 v ? v : luaL_typename(L, -1));
    s->scope = (uint8_t)i;
  }
  int has_size = lua_getfield(L, t, "size") != LUA_TNIL;
  if (has_size != (s->scope == TV_MELD_ANY))
    spec_error(L, s->name, "size",
               has_size ? "only a meld with suit = "
                          "\"any\" has a size"
                        : "missing: how many cards of any suit");
  if (has_size) s->size = (uint8_t)read_int(L, -1, s->name, "size", 1, 255);
  lua_settop(L, top);
}

static void read_levels(lua_State *L, int t, tv_meld_spec *s) {
  int top = lua_gettop(L);
  if (lua_getfield(L, t, "points") == LUA_TNIL)
    spec_error(L, s->name, "points", "missing");
  s->nlevels = (uint8_t)read_points(L, s->name, "points", s->points);
  if (lua_getfield(L, t, "trump_points") != LUA_TNIL) {
    if (s->scope != TV_MELD_EACH && s->scope != TV_MELD_TRUMP)
      spec_error(L, s->name, "trump_points",
                 "only a meld with suit = "
                 "\"each\" or \"trump\" has trump points");
    if (read_points(L, s->name, "trump_points", s->trump_points) != s->nlevels)
      spec_error(L, s->name, "trump_points",
                 "must have the shape of "
                 "'points' (%d levels)",
                 s->nlevels);
    s->has_trump_points = 1;
  }
  if (lua_getfield(L, t, "uses") != LUA_TNIL) {
    int32_t uses[TV_MELD_LEVELS];
    if (s->nlevels == 0)
      spec_error(L, s->name, "uses", "needs a list of points by level");
    if (read_points(L, s->name, "uses", uses) != s->nlevels)
      spec_error(L, s->name, "uses", "must have one entry per level (%d)",
                 s->nlevels);
    for (int j = 0; j < s->nlevels; j++) {
      if (uses[j] < 1 || uses[j] > j + 1)
        spec_error(L, s->name, "uses",
                   "entry %d is %d: level %d uses 1 to "
                   "%d copies",
                   j + 1, (int)uses[j], j + 1, j + 1);
      s->uses[j] = (uint8_t)uses[j];
    }
  }
  lua_settop(L, top);
}

/* 'names' is a table meld name -> 0-based index. */
static void read_includes(lua_State *L, int t, int names, tv_meld_spec *s) {
  if (lua_getfield(L, t, "includes") == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1))
    spec_error(L, s->name, "includes",
               "expected a list of meld names or a "
               "table name = times, got %s",
               luaL_typename(L, -1));
  lua_pushnil(L);
  while (lua_next(L, -2)) { /* stack: includes, key, value */
    int by_name = lua_type(L, -2) == LUA_TSTRING;
    const char *name = lua_tostring(L, by_name ? -2 : -1);
    if (!name || (!by_name && !lua_isinteger(L, -2)))
      spec_error(L, s->name, "includes",
                 "entries are meld names, or "
                 "name = times");
    int times = by_name ? (int)read_int(L, -1, s->name, "includes", 1, 255) : 1;
    if (lua_getfield(L, names, name) == LUA_TNIL)
      spec_error(L, s->name, "includes", "no meld named '%s'", name);
    if (s->ninc >= TV_MELD_INCLUDES)
      spec_error(L, s->name, "includes", "more than %d melds",
                 TV_MELD_INCLUDES);
    s->inc_meld[s->ninc] = (uint8_t)lua_tointeger(L, -1);
    s->inc_times[s->ninc++] = (uint8_t)times;
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
}

/* Pass 1: every entry is a table with a unique name; fills names[]. */
static void read_names(lua_State *L, int list, int names, int n,
                       tv_meld_spec *specs) {
  for (int i = 1; i <= n; i++) {
    if (lua_rawgeti(L, list, i) != LUA_TTABLE)
      luaL_argerror(L, 2,
                    lua_pushfstring(L,
                                    "meld #%d: expected a table, "
                                    "got %s",
                                    i, luaL_typename(L, -1)));
    size_t len = 0;
    const char *name = NULL;
    if (lua_getfield(L, -1, "name") == LUA_TSTRING)
      name = lua_tolstring(L, -1, &len);
    if (!name || len == 0 || len >= TV_MELD_NAME_MAX)
      luaL_argerror(L, 2,
                    lua_pushfstring(L,
                                    "meld #%d: key 'name': "
                                    "expected a string of 1 to %d bytes",
                                    i, TV_MELD_NAME_MAX - 1));
    if (lua_getfield(L, names, name) != LUA_TNIL)
      luaL_argerror(L, 2,
                    lua_pushfstring(L,
                                    "meld #%d: duplicate name "
                                    "'%s'",
                                    i, name));
    memcpy(specs[i - 1].name, name, len + 1);
    lua_pushinteger(L, i - 1);
    lua_setfield(L, names, name);
    lua_pop(L, 3);
  }
}

/* talon.melds(deck, list) -> Melds */
static int meld_new(lua_State *L) {
  const tv_deck *d = tl_check_deck(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_Integer n = luaL_len(L, 2);
  if (n > TV_MELD_MAX)
    luaL_argerror(L, 2,
                  lua_pushfstring(L, "%I melds, at most %d", n, TV_MELD_MAX));
  tv_meld_spec specs[TV_MELD_MAX];
  memset(specs, 0, sizeof specs);
  tl_melds *m = lua_newuserdatauv(L, sizeof *m, 1); /* 3 */
  memset(m, 0, sizeof *m);
  m->deck = d;
  luaL_setmetatable(L, TL_MELDS);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, 3, 1);
  lua_newtable(L); /* 4: name -> index */
  read_names(L, 2, 4, (int)n, specs);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 2, i + 1); /* 5: the meld */
    check_known_keys(L, 5, specs[i].name);
    read_pattern(L, 5, d, &specs[i]);
    read_levels(L, 5, &specs[i]);
    read_includes(L, 5, 4, &specs[i]);
    lua_pop(L, 1);
  }
  tv_err e;
  if (tv_meld_compile(&m->t, d, specs, (int)n, &e) != TV_OK)
    return luaL_argerror(L, 2, e.msg);
  lua_settop(L, 3);
  return 1;
}

/* ======================================================================
 * Scoring
 * ====================================================================== */

static tl_melds *check_melds(lua_State *L) {
  return luaL_checkudata(L, 1, TL_MELDS);
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

static int suit_by_name(lua_State *L, int arg, const tv_deck *d, const char *s,
                        size_t len) {
  int suit = tv_deck_find_suit(d, s, len);
  if (suit < 0)
    luaL_argerror(L, arg,
                  lua_pushfstring(L,
                                  "no suit \"%s\" in this deck "
                                  "(suits are %s)",
                                  s, push_suit_list(L, d)));
  return suit;
}

/* The trump at 'arg': nil/false/none for no trump, a suit name, or a Card
 * (its suit: the turned-up trump card). Returns a suit index or -1. */
static int check_trump(lua_State *L, int arg, const tv_deck *d) {
  size_t len;
  const char *s;
  const tl_card *c;
  switch (lua_type(L, arg)) {
  case LUA_TNONE:
  case LUA_TNIL:
    return -1;
  case LUA_TBOOLEAN:
    if (!lua_toboolean(L, arg)) return -1;
    break;
  case LUA_TSTRING:
    s = lua_tolstring(L, arg, &len);
    return suit_by_name(L, arg, d, s, len);
  case LUA_TUSERDATA:
    c = tl_test_card(L, arg);
    if (!c) break;
    if (c->kind == c->deck->joker)
      return luaL_argerror(L, arg, "a joker has no suit to be trump");
    s = c->deck->suit_name[tv_suit(c->deck, c->kind)];
    return suit_by_name(L, arg, d, s, strlen(s));
  }
  return luaL_typeerror(L, arg, "suit name, Card or nil");
}

/* m:score(cards [, trump]) -> integer */
static int meld_score(lua_State *L) {
  tl_melds *m = check_melds(L);
  tv_hand h;
  tl_check_cards(L, 2, m->deck, &h);
  int trump = check_trump(L, 3, m->deck);
  lua_pushinteger(L, (lua_Integer)tv_meld_score(&m->t, &h, trump));
  return 1;
}

/* m:score_all(cards) -> one integer per suit of the deck, as trump */
static int meld_score_all(lua_State *L) {
  tl_melds *m = check_melds(L);
  tv_hand h;
  int64_t out[TV_MAX_SUITS];
  tl_check_cards(L, 2, m->deck, &h);
  tv_meld_score_all(&m->t, &h, out);
  for (int s = 0; s < m->t.nsuits; s++)
    lua_pushinteger(L, (lua_Integer)out[s]);
  return m->t.nsuits;
}

static void set_int(lua_State *L, const char *k, lua_Integer v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* Pushes one breakdown entry: {name, suit, count, level, uses, points,
 * included, net, cards}. */
static void push_item(lua_State *L, const tl_melds *m, const tv_hand *h,
                      const tv_meld_item *it) {
  tv_hand used;
  lua_createtable(L, 0, 9);
  lua_pushstring(L, m->t.m[it->meld].name);
  lua_setfield(L, -2, "name");
  if (it->suit >= 0) {
    lua_pushstring(L, m->deck->suit_name[it->suit]);
    lua_setfield(L, -2, "suit");
  }
  set_int(L, "count", it->count);
  set_int(L, "level", it->level);
  set_int(L, "uses", it->uses);
  set_int(L, "points", (lua_Integer)it->points);
  set_int(L, "included", (lua_Integer)it->included);
  set_int(L, "net", (lua_Integer)(it->points - it->included));
  tv_meld_item_cards(&m->t, h, it, &used);
  tl_push_hand(L, 1, &used);
  lua_setfield(L, -2, "cards");
}

/* m:breakdown(cards [, trump]) -> total, {item...} */
static int meld_breakdown(lua_State *L) {
  tl_melds *m = check_melds(L);
  tv_hand h;
  tv_meld_item items[TV_MELD_MAX * TV_MAX_SUITS];
  tl_check_cards(L, 2, m->deck, &h);
  int trump = check_trump(L, 3, m->deck);
  int n =
      tv_meld_breakdown(&m->t, &h, trump, items, TV_MELD_MAX * TV_MAX_SUITS);
  lua_pushinteger(L, (lua_Integer)tv_meld_score(&m->t, &h, trump));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_item(L, m, &h, &items[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 2;
}

/* m:locked(cards [, trump]) -> Hand */
static int meld_locked(lua_State *L) {
  tl_melds *m = check_melds(L);
  tv_hand h, out;
  tl_check_cards(L, 2, m->deck, &h);
  int trump = check_trump(L, 3, m->deck);
  tv_meld_locked(&m->t, &h, trump, &out);
  tl_push_hand(L, 1, &out);
  return 1;
}

/* m:names() -> {string...} in table order */
static int meld_names(lua_State *L) {
  tl_melds *m = check_melds(L);
  lua_createtable(L, m->t.nmelds, 0);
  for (int i = 0; i < m->t.nmelds; i++) {
    lua_pushstring(L, m->t.m[i].name);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int meld_len(lua_State *L) {
  lua_pushinteger(L, check_melds(L)->t.nmelds);
  return 1;
}

static int meld_tostring(lua_State *L) {
  tl_melds *m = check_melds(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushfstring(L, "Melds(%d):", m->t.nmelds);
  luaL_addvalue(&b);
  for (int i = 0; i < m->t.nmelds; i++) {
    luaL_addstring(&b, i ? ", " : " ");
    luaL_addstring(&b, m->t.m[i].name);
  }
  luaL_pushresult(&b);
  return 1;
}

/* m.deck, else the methods (upvalue 1) */
static int meld_index(lua_State *L) {
  check_melds(L);
  const char *k = lua_tostring(L, 2);
  if (k && strcmp(k, "deck") == 0) {
    lua_getiuservalue(L, 1, 1);
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  return 1;
}

static const luaL_Reg meld_methods[] = {
    {"score", meld_score},         {"score_all", meld_score_all},
    {"breakdown", meld_breakdown}, {"locked", meld_locked},
    {"names", meld_names},         {NULL, NULL},
};

static const luaL_Reg meld_metamethods[] = {
    {"__len", meld_len},
    {"__tostring", meld_tostring},
    {NULL, NULL},
};

void talon_open_meld(lua_State *L) {
  luaL_newmetatable(L, TL_MELDS);
  luaL_setfuncs(L, meld_metamethods, 0);
  luaL_newlib(L, meld_methods);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__methods"); /* for tools that list the methods */
  lua_pushcclosure(L, meld_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, meld_new);
  lua_setfield(L, -2, "melds");
}
