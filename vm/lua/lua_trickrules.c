/*
 * lua_trickrules.c - talon.trickrules(deck, spec): a game's card-play rules
 * read from a Lua table, every key checked once, compiled into the
 * tv_trick_rules struct of a talon.TrickRules userdata (docs/api.md "Tricks"
 * lists the keys and the seed rule each one models).
 */
#include "lua_trick.h"
#include "lua_util.h"

#include <string.h>

static const char *const rule_keys[] = {
    "follow",   "head",       "head_reference", "void", "ranks", "top",
    "wild_top", "lead_sizes", "face_down",      "doc",  NULL,
};
static const char *const head_names[] = {"never", "trump_led", "always", NULL};
static const char *const ref_names[] = {"winner", "previous", NULL};
static const char *const void_names[] = {"any", "trump", "trump_beat", NULL};
static const char *const down_names[] = {"never", "allowed", NULL};

/* ======================================================================
 * Reading the rules table (argument 2 of talon.trickrules)
 * ====================================================================== */

static int spec_error(lua_State *L, const char *key, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const char *what = lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  return luaL_argerror(L, 2, lua_pushfstring(L, "key '%s': %s", key, what));
}

static void check_known_keys(lua_State *L) {
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    lua_pop(L, 1);
    int i = 0;
    const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    while (rule_keys[i] && strcmp(k, rule_keys[i]) != 0)
      i++;
    if (!rule_keys[i])
      luaL_argerror(L, 2,
                    lua_pushfstring(L,
                                    "unknown key '%s' (known keys: follow, "
                                    "head, head_reference, void, ranks, top, "
                                    "wild_top, lead_sizes, face_down, doc)",
                                    luaL_tolstring(L, -1, NULL)));
  }
}

/* The field 'key' of the spec as one of 'names' (default 0). */
static uint8_t read_enum(lua_State *L, const char *key,
                         const char *const *names) {
  int i = 0;
  if (lua_getfield(L, 2, key) == LUA_TNIL) {
    lua_pop(L, 1);
    return 0;
  }
  const char *v = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  while (v && names[i] && strcmp(v, names[i]) != 0)
    i++;
  if (!v || !names[i]) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int j = 0; names[j]; j++) {
      luaL_addstring(&b, j ? (names[j + 1] ? "\", \"" : "\" or \"") : "\"");
      luaL_addstring(&b, names[j]);
    }
    luaL_addchar(&b, '"');
    luaL_pushresult(&b);
    const char *valid = lua_tostring(L, -1);
    const char *got =
        v ? lua_pushfstring(L, "\"%s\"", v) : luaL_typename(L, -2);
    spec_error(L, key, "expected %s, got %s", valid, got);
  }
  lua_pop(L, 1);
  return (uint8_t)i;
}

static uint8_t read_bool(lua_State *L, const char *key) {
  int t = lua_getfield(L, 2, key);
  if (t != LUA_TNIL && t != LUA_TBOOLEAN)
    spec_error(L, key, "expected true or false, got %s", luaL_typename(L, -1));
  uint8_t v = (uint8_t)lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* 'ranks': rank names from highest to lowest in the trick order. */
static void read_order(lua_State *L, const tv_deck *d, tv_trick_rules *r) {
  if (lua_getfield(L, 2, "ranks") == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (lua_type(L, -1) != LUA_TSTRING)
    spec_error(L, "ranks", "expected a string of rank names, got %s",
               luaL_typename(L, -1));
  const char *p = lua_tostring(L, -1);
  unsigned seen = 0;
  int place = 0;
  while (*p) {
    size_t len = strcspn(p, " ,");
    int rank = len ? tv_deck_find_rank(d, p, len) : -2;
    if (rank == -1)
      spec_error(L, "ranks", "no rank \"%s\" in this deck",
                 lua_pushlstring(L, p, len));
    if (rank >= 0 && (seen >> rank & 1))
      spec_error(L, "ranks", "rank \"%s\" given twice", d->rank_name[rank]);
    if (rank >= 0 && place < TV_MAX_RANKS) {
      seen |= 1u << rank;
      r->order[rank] = (uint8_t)place++;
    }
    p += len + (p[len] != '\0');
  }
  if (place != d->nranks)
    spec_error(L, "ranks",
               "name all %d ranks of the deck, highest first (got %d)",
               d->nranks, place);
  lua_pop(L, 1);
}

static void read_top(lua_State *L, const tv_deck *d, tv_trick_rules *r) {
  tv_err e;
  const tl_card *c;
  size_t len;
  int t = lua_getfield(L, 2, "top");
  if (t == LUA_TSTRING) {
    const char *s = lua_tolstring(L, -1, &len);
    if (tv_card_parse(d, s, len, &r->top, &e) != TV_OK)
      spec_error(L, "top", "%s", e.msg);
  } else if ((c = tl_test_card(L, -1)) != NULL) {
    if (c->deck != d) spec_error(L, "top", "the card belongs to another deck");
    r->top = c->kind;
  } else if (t != LUA_TNIL) {
    spec_error(L, "top", "expected a card such as \"6S\", got %s",
               luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

static void read_size(lua_State *L, int idx, tv_trick_rules *r) {
  int ok;
  lua_Integer n = lua_tointegerx(L, idx, &ok);
  if (!ok || n < 1 || n > TV_TRICK_MAX_SET)
    spec_error(L, "lead_sizes", "sizes are integers 1..%d, got %s",
               TV_TRICK_MAX_SET, luaL_tolstring(L, idx, NULL));
  r->lead_sizes |= (uint16_t)(1u << n);
}

static void read_sizes(lua_State *L, tv_trick_rules *r) {
  int t = lua_getfield(L, 2, "lead_sizes");
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  r->lead_sizes = 0;
  if (t == LUA_TNUMBER) {
    read_size(L, -1, r);
  } else if (t == LUA_TTABLE && luaL_len(L, -1) > 0) {
    for (lua_Integer i = 1, n = luaL_len(L, -1); i <= n; i++) {
      lua_rawgeti(L, -1, i);
      read_size(L, -1, r);
      lua_pop(L, 1);
    }
  } else {
    spec_error(L, "lead_sizes",
               "expected an integer or a list such as "
               "{1, 3}, got %s",
               luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

/* talon.trickrules(deck, spec) -> TrickRules */
static int trick_rules_new(lua_State *L) {
  const tv_deck *d = tl_check_deck(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  check_known_keys(L);
  tl_trick_rules *u = lua_newuserdatauv(L, sizeof *u, 1); /* 3 */
  u->deck = d;
  tv_trick_rules *r = &u->r;
  tv_trick_rules_default(r);
  luaL_setmetatable(L, TL_TRICKRULES);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, 3, 1);
  r->follow = read_bool(L, "follow");
  r->head = read_enum(L, "head", head_names);
  r->head_ref = read_enum(L, "head_reference", ref_names);
  r->on_void = read_enum(L, "void", void_names);
  r->face_down = read_enum(L, "face_down", down_names);
  r->wild_top = read_bool(L, "wild_top");
  read_order(L, d, r);
  read_top(L, d, r);
  read_sizes(L, r);
  tv_err e;
  if (tv_trick_rules_check(r, d, &e) != TV_OK) luaL_argerror(L, 2, e.msg);
  return 1;
}

tl_trick_rules *tl_check_trick_rules(lua_State *L, int arg) {
  return luaL_checkudata(L, arg, TL_TRICKRULES);
}

static void add_field(luaL_Buffer *b, const char *name, const char *value) {
  luaL_addstring(b, name);
  luaL_addchar(b, '=');
  luaL_addstring(b, value);
  luaL_addchar(b, ' ');
}

static int trick_rules_tostring(lua_State *L) {
  const tl_trick_rules *u = tl_check_trick_rules(L, 1);
  const tv_trick_rules *r = &u->r;
  char top[32];
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, "TrickRules{ ");
  add_field(&b, "follow", r->follow ? "true" : "false");
  if (r->head) add_field(&b, "head", head_names[r->head]);
  if (r->head_ref) add_field(&b, "head_reference", ref_names[r->head_ref]);
  if (r->on_void) add_field(&b, "void", void_names[r->on_void]);
  if (r->face_down) add_field(&b, "face_down", down_names[r->face_down]);
  if (r->top != TV_NO_CARD) {
    tv_card_format(u->deck, r->top, TV_STYLE_ASCII, top, sizeof top);
    add_field(&b, "top", top);
  }
  if (r->wild_top) add_field(&b, "wild_top", "true");
  luaL_addstring(&b, "lead_sizes={");
  for (int n = 1, first = 1; n <= TV_TRICK_MAX_SET; n++)
    if (r->lead_sizes >> n & 1) {
      lua_pushfstring(L, first ? "%d" : ",%d", n);
      luaL_addvalue(&b);
      first = 0;
    }
  luaL_addstring(&b, "} }");
  luaL_pushresult(&b);
  return 1;
}

static int trick_rules_index(lua_State *L) {
  tl_check_trick_rules(L, 1);
  const char *k = luaL_checkstring(L, 2);
  if (strcmp(k, "deck") == 0)
    lua_getiuservalue(L, 1, 1);
  else
    lua_pushnil(L);
  return 1;
}

static const luaL_Reg rules_metamethods[] = {
    {"__index", trick_rules_index},
    {"__tostring", trick_rules_tostring},
    {NULL, NULL},
};

void tl_open_trickrules(lua_State *L) {
  luaL_newmetatable(L, TL_TRICKRULES);
  luaL_setfuncs(L, rules_metamethods, 0);
  lua_pop(L, 1);
  lua_pushcfunction(L, trick_rules_new);
  lua_setfield(L, -2, "trickrules");
}
