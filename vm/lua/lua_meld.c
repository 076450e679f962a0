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
#include "lua_spec.h"
#include "meld.h"

#include <string.h>

static const char *const meld_keys[] = {
    "name",         "ranks", "cards",    "suit", "size", "points",
    "trump_points", "uses",  "includes", "doc",  NULL,
};
static const char *const scope_names[] = {"all", "each", "trump", "any", NULL};

/* ======================================================================
 * Reading the meld table (argument 2 of talon.melds): each meld is a spec
 * (lua_spec.h) whose errors read "meld 'x': key 'k': ...".
 * ====================================================================== */

static void read_ranks(const tl_spec *s, const tv_deck *d, tv_meld_spec *m) {
  uint8_t ranks[TV_MAX_RANKS];
  int n = tl_spec_ranks(s, "ranks", -1, d, ranks);
  if (n == 0) tl_spec_error(s, "ranks", "no rank given");
  for (int i = 0; i < n; i++)
    m->ranks |= (uint16_t)(1u << ranks[i]);
}

static void read_cards(const tl_spec *s, const tv_deck *d, tv_meld_spec *m) {
  lua_State *L = s->L;
  tv_hand h;
  tv_err e;
  if (lua_type(L, -1) != LUA_TSTRING)
    tl_spec_error(s, "cards",
                  "expected a string of cards such as \"QS JD\", got %s",
                  luaL_typename(L, -1));
  memset(&h, 0, sizeof h);
  if (tv_hand_parse(d, lua_tostring(L, -1), &h, &e) != TV_OK)
    tl_spec_error(s, "cards", "%s", e.msg);
  if (h.size == 0) tl_spec_error(s, "cards", "no card given");
  memcpy(m->need, h.n, sizeof m->need);
}

/* Reads an integer or a list of integers at the top into out[]; returns
 * the list length, or 0 for a single integer. */
static int read_points(const tl_spec *s, const char *key, int32_t *out) {
  lua_State *L = s->L;
  if (lua_type(L, -1) == LUA_TNUMBER) {
    out[0] = (int32_t)tl_spec_int_at(s, key, -1, -TV_MELD_POINTS_MAX,
                                     TV_MELD_POINTS_MAX);
    return 0;
  }
  if (lua_type(L, -1) != LUA_TTABLE)
    tl_spec_error(s, key, "expected an integer or a list of integers, got %s",
                  luaL_typename(L, -1));
  lua_Unsigned n = lua_rawlen(L, -1);
  if (n < 1 || n > TV_MELD_LEVELS)
    tl_spec_error(s, key, "a list of 1 to %d integers, got %I entries",
                  TV_MELD_LEVELS, (LUAI_UACINT)n);
  for (int j = 1; j <= (int)n; j++) {
    lua_rawgeti(L, -1, j);
    if (!lua_isinteger(L, -1))
      tl_spec_error(s, key, "entry %d is %s, not an integer", j,
                    luaL_typename(L, -1));
    out[j - 1] = (int32_t)tl_spec_int_at(s, key, -1, -TV_MELD_POINTS_MAX,
                                         TV_MELD_POINTS_MAX);
    lua_pop(L, 1);
  }
  return (int)n;
}

static void read_pattern(const tl_spec *s, const tv_deck *d, tv_meld_spec *m) {
  lua_State *L = s->L;
  int top = lua_gettop(L);
  int has_ranks = tl_spec_get(s, "ranks") != LUA_TNIL;
  int has_cards = tl_spec_get(s, "cards") != LUA_TNIL;
  if (has_ranks == has_cards)
    tl_spec_error(s, NULL, "give either 'ranks' (with 'suit') or 'cards'%s",
                  has_ranks ? ", not both" : "");
  if (has_cards) {
    m->scope = TV_MELD_CARDS;
    read_cards(s, d, m);
    if (tl_spec_get(s, "suit") != LUA_TNIL)
      tl_spec_error(s, "suit", "does not go with 'cards'");
  } else {
    lua_pushvalue(L, -2);
    read_ranks(s, d, m);
    m->scope = (uint8_t)tl_spec_enum(s, "suit", scope_names, -1);
  }
  int has_size = tl_spec_get(s, "size") != LUA_TNIL;
  if (has_size != (m->scope == TV_MELD_ANY))
    tl_spec_error(s, "size",
                  has_size ? "only a meld with suit = \"any\" has a size"
                           : "missing: how many cards of any suit");
  if (has_size) m->size = (uint8_t)tl_spec_int_at(s, "size", -1, 1, 255);
  lua_settop(L, top);
}

static void read_levels(const tl_spec *s, tv_meld_spec *m) {
  lua_State *L = s->L;
  int top = lua_gettop(L);
  if (tl_spec_get(s, "points") == LUA_TNIL)
    tl_spec_error(s, "points", "missing");
  m->nlevels = (uint8_t)read_points(s, "points", m->points);
  if (tl_spec_get(s, "trump_points") != LUA_TNIL) {
    if (m->scope != TV_MELD_EACH && m->scope != TV_MELD_TRUMP)
      tl_spec_error(s, "trump_points",
                    "only a meld with suit = \"each\" or \"trump\" has trump "
                    "points");
    if (read_points(s, "trump_points", m->trump_points) != m->nlevels)
      tl_spec_error(s, "trump_points",
                    "must have the shape of 'points' (%d levels)", m->nlevels);
    m->has_trump_points = 1;
  }
  if (tl_spec_get(s, "uses") != LUA_TNIL) {
    int32_t uses[TV_MELD_LEVELS];
    if (m->nlevels == 0)
      tl_spec_error(s, "uses", "needs a list of points by level");
    if (read_points(s, "uses", uses) != m->nlevels)
      tl_spec_error(s, "uses", "must have one entry per level (%d)",
                    m->nlevels);
    for (int j = 0; j < m->nlevels; j++) {
      if (uses[j] < 1 || uses[j] > j + 1)
        tl_spec_error(s, "uses", "entry %d is %d: level %d uses 1 to %d copies",
                      j + 1, (int)uses[j], j + 1, j + 1);
      m->uses[j] = (uint8_t)uses[j];
    }
  }
  lua_settop(L, top);
}

/* 'names' is a table meld name -> 0-based index. */
static void read_includes(const tl_spec *s, int names, tv_meld_spec *m) {
  lua_State *L = s->L;
  if (tl_spec_get(s, "includes") == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_istable(L, -1))
    tl_spec_error(s, "includes",
                  "expected a list of meld names or a table name = times, "
                  "got %s",
                  luaL_typename(L, -1));
  lua_pushnil(L);
  while (lua_next(L, -2)) { /* stack: includes, key, value */
    int by_name = lua_type(L, -2) == LUA_TSTRING;
    const char *name = NULL;
    if (by_name)
      name = lua_tostring(L, -2);
    else if (lua_isinteger(L, -2) && lua_type(L, -1) == LUA_TSTRING)
      name = lua_tostring(L, -1);
    if (!name)
      tl_spec_error(s, "includes", "entries are meld names, or name = times");
    int times = by_name ? (int)tl_spec_int_at(s, "includes", -1, 1, 255) : 1;
    if (lua_getfield(L, names, name) == LUA_TNIL)
      tl_spec_error(s, "includes", "no meld named '%s'", name);
    if (m->ninc >= TV_MELD_INCLUDES)
      tl_spec_error(s, "includes", "more than %d melds", TV_MELD_INCLUDES);
    m->inc_meld[m->ninc] = (uint8_t)lua_tointeger(L, -1);
    m->inc_times[m->ninc++] = (uint8_t)times;
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
                    lua_pushfstring(L, "meld #%d: expected a table, got %s", i,
                                    luaL_typename(L, -1)));
    size_t len = 0;
    const char *name = NULL;
    lua_pushliteral(L, "name");
    if (lua_rawget(L, -2) == LUA_TSTRING) name = lua_tolstring(L, -1, &len);
    if (!name || len == 0 || len >= TV_MELD_NAME_MAX || strlen(name) != len)
      luaL_argerror(L, 2,
                    lua_pushfstring(L,
                                    "meld #%d: key 'name': expected a string "
                                    "of 1 to %d bytes",
                                    i, TV_MELD_NAME_MAX - 1));
    if (lua_getfield(L, names, name) != LUA_TNIL)
      luaL_argerror(
          L, 2, lua_pushfstring(L, "meld #%d: duplicate name '%s'", i, name));
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
  lua_settop(L, 2); /* the slots below are absolute from here */
  lua_Unsigned n = lua_rawlen(L, 2); /* raw: no __len of the script */
  if (n > TV_MELD_MAX)
    luaL_argerror(L, 2,
                  lua_pushfstring(L, "%I melds, at most %d", (LUAI_UACINT)n,
                                  TV_MELD_MAX));
  tv_meld_spec specs[TV_MELD_MAX];
  memset(specs, 0, sizeof specs);
  tl_melds *m = lua_newuserdatauv(L, sizeof *m, 1); /* 3 */
  memset(m, 0, sizeof *m);
  m->deck = d;
  m->tag = TL_TAG_MELDS;
  luaL_setmetatable(L, TL_MELDS);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, 3, 1);
  lua_newtable(L); /* 4: name -> index */
  read_names(L, 2, 4, (int)n, specs);
  for (int i = 0; i < (int)n; i++) {
    lua_rawgeti(L, 2, i + 1);                         /* 5: the meld */
    lua_pushfstring(L, "meld '%s': ", specs[i].name); /* 6 */
    tl_spec s;
    tl_spec_init(&s, L, 2, 5, lua_tostring(L, 6), "key '%s': ");
    tl_spec_check_keys(&s, meld_keys);
    read_pattern(&s, d, &specs[i]);
    read_levels(&s, &specs[i]);
    read_includes(&s, 4, &specs[i]);
    lua_settop(L, 4);
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

/* m:score(cards [, trump]) -> integer */
static int meld_score(lua_State *L) {
  tl_melds *m = tl_check_melds(L, 1);
  tv_hand h;
  tl_check_cards(L, 2, m->deck, &h);
  int trump = tl_check_trump(L, 3, m->deck);
  lua_pushinteger(L, (lua_Integer)tv_meld_score(&m->t, &h, trump));
  return 1;
}

/* m:score_all(cards) -> one integer per suit of the deck, as trump */
static int meld_score_all(lua_State *L) {
  tl_melds *m = tl_check_melds(L, 1);
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
  tl_melds *m = tl_check_melds(L, 1);
  tv_hand h;
  tv_meld_item items[TV_MELD_MAX * TV_MAX_SUITS];
  tl_check_cards(L, 2, m->deck, &h);
  int trump = tl_check_trump(L, 3, m->deck);
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
  tl_melds *m = tl_check_melds(L, 1);
  tv_hand h, out;
  tl_check_cards(L, 2, m->deck, &h);
  int trump = tl_check_trump(L, 3, m->deck);
  tv_meld_locked(&m->t, &h, trump, &out);
  tl_push_hand(L, 1, &out);
  return 1;
}

/* m:names() -> {string...} in table order */
static int meld_names(lua_State *L) {
  tl_melds *m = tl_check_melds(L, 1);
  lua_createtable(L, m->t.nmelds, 0);
  for (int i = 0; i < m->t.nmelds; i++) {
    lua_pushstring(L, m->t.m[i].name);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int meld_len(lua_State *L) {
  lua_pushinteger(L, tl_check_melds(L, 1)->t.nmelds);
  return 1;
}

static int meld_tostring(lua_State *L) {
  tl_melds *m = tl_check_melds(L, 1);
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
  tl_check_melds(L, 1);
  const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
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
