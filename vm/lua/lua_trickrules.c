/*
 * lua_trickrules.c - talon.trickrules(deck, spec): a game's card-play rules
 * read from a Lua table, every key checked once, compiled into the
 * tv_trick_rules struct of a talon.TrickRules userdata (docs/api.md "Tricks"
 * lists the keys and the seed rule each one models); the rank and trump
 * orders are read in lua_trickorders.c.
 */
#include "lua_trick.h"
#include "lua_util.h"
#include "lua_spec.h"

#include <string.h>

static const char *const rule_keys[] = {
    "follow",    "head",       "head_reference",     "void",
    "ranks",     "top",        "wild_top",           "lead_sizes",
    "face_down", "doc",        "unbroken",           "break_on_play",
    "breaks",    "first_lead", "not_on_first_trick", "never_forced_to_lead",
    "trumps",    NULL,
};
static const char *const head_names[] = {"never", "trump_led", "always", NULL};
static const char *const ref_names[] = {"winner", "previous", NULL};
static const char *const void_names[] = {"any", "trump", "trump_beat", NULL};
static const char *const down_names[] = {"never", "allowed", "short", NULL};

/* ======================================================================
 * Reading the rules table (argument 2 of talon.trickrules): a spec
 * (lua_spec.h) whose errors read "key 'k': ...".
 * ====================================================================== */

static void read_top(const tl_spec *s, const tv_deck *d, tv_trick_rules *r) {
  lua_State *L = s->L;
  tv_err e;
  const tl_card *c;
  size_t len;
  int t = tl_spec_get(s, "top");
  if (t == LUA_TSTRING) {
    const char *str = lua_tolstring(L, -1, &len);
    if (tv_card_parse(d, str, len, &r->top, &e) != TV_OK)
      tl_spec_error(s, "top", "%s", e.msg);
  } else if ((c = tl_test_card(L, -1)) != NULL) {
    if (c->deck != d)
      tl_spec_error(s, "top", "the card belongs to another deck");
    r->top = c->kind;
  } else if (t != LUA_TNIL) {
    tl_spec_error(s, "top", "expected a card such as \"6S\", got %s",
                  luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

static void read_size(const tl_spec *s, int idx, tv_trick_rules *r) {
  int ok = 0;
  lua_Integer n = 0;
  if (lua_type(s->L, idx) == LUA_TNUMBER) n = lua_tointegerx(s->L, idx, &ok);
  if (!ok || n < 1 || n > TV_TRICK_MAX_SET)
    tl_spec_error(s, "lead_sizes", "sizes are integers 1..%d, got %s",
                  TV_TRICK_MAX_SET, tl_describe(s->L, idx));
  r->lead_sizes |= (uint16_t)(1u << n);
}

static void read_sizes(const tl_spec *s, tv_trick_rules *r) {
  lua_State *L = s->L;
  int t = tl_spec_get(s, "lead_sizes");
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  r->lead_sizes = 0;
  lua_Unsigned n = t == LUA_TTABLE ? lua_rawlen(L, -1) : 0; /* real items */
  if (t == LUA_TNUMBER) {
    read_size(s, -1, r);
  } else if (n > 0) {
    for (lua_Integer i = 1; i <= (lua_Integer)n; i++) {
      lua_rawgeti(L, -1, i);
      read_size(s, -1, r);
      lua_pop(L, 1);
    }
  } else {
    tl_spec_error(s, "lead_sizes",
                  "expected an integer or a list such as {1, 3}, got %s",
                  luaL_typename(L, -1));
  }
  lua_pop(L, 1);
}

/* One token of a card set: a suit name (every card of the suit, jokers
 * for the joker suit) or a card name. */
static uint64_t token_kinds(const tl_spec *s, const char *key, const tv_deck *d,
                            const char *p, size_t k) {
  int suit = tv_deck_find_suit(d, p, k);
  tv_card c;
  tv_err e;
  if (suit >= 0) {
    uint64_t m = 0;
    for (int r = 0; r < d->nranks; r++)
      m |= (uint64_t)1 << tv_kind(d, suit, r);
    return m;
  }
  if (tv_card_parse(d, p, k, &c, &e) != TV_OK)
    tl_spec_error(s, key,
                  "%s (a card such as \"QS\" or a suit such as "
                  "\"H\" for all its cards)",
                  e.msg);
  return (uint64_t)1 << c;
}

/* 'key' as a set of kinds: a string of card and suit names ("H QS"), a
 * list of them or of Cards; 0 when absent. */
static uint64_t read_kinds(const tl_spec *s, const char *key,
                           const tv_deck *d) {
  lua_State *L = s->L;
  uint64_t m = 0;
  int t = tl_spec_get(s, key);
  lua_Unsigned n = t == LUA_TTABLE ? lua_rawlen(L, -1) : 1;
  for (lua_Unsigned i = 1; t != LUA_TNIL && i <= n; i++) {
    if (t == LUA_TTABLE) lua_rawgeti(L, -1, (lua_Integer)i);
    const tl_card *c = tl_test_card(L, -1);
    size_t len;
    if (c && c->deck == d) {
      m |= (uint64_t)1 << c->kind;
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      const char *p = lua_tolstring(L, -1, &len), *end = p + len;
      for (size_t k; (k = tl_spec_token(&p, end)) > 0; p += k)
        m |= token_kinds(s, key, d, p, k);
    } else {
      tl_spec_error(s, key,
                    "expected cards or suits such as \"H QS\", "
                    "got %s",
                    tl_describe(L, -1));
    }
    if (t == LUA_TTABLE) lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return m;
}

/* 'unbroken': suit names, "trump" for whichever suit is trump. */
static void read_unbroken(const tl_spec *s, const tv_deck *d,
                          tv_trick_rules *r) {
  lua_State *L = s->L;
  size_t len;
  if (tl_spec_get(s, "unbroken") != LUA_TNIL) {
    if (lua_type(L, -1) != LUA_TSTRING)
      tl_spec_error(s, "unbroken",
                    "expected suit names such as \"H\" or "
                    "\"trump\", got %s",
                    tl_describe(L, -1));
    const char *p = lua_tolstring(L, -1, &len), *end = p + len;
    for (size_t k; (k = tl_spec_token(&p, end)) > 0; p += k) {
      int suit = tv_deck_find_suit(d, p, k);
      if (k == 5 && memcmp(p, "trump", 5) == 0)
        r->unbroken_trump = 1;
      else if (suit >= 0)
        r->unbroken |= (uint16_t)(1u << suit);
      else {
        char q[64];
        tl_spec_error(s, "unbroken", "no suit \"%s\" in this deck",
                      tv_token_quote(p, k, q, sizeof q));
      }
    }
  }
  lua_pop(L, 1);
}

static void read_hand_rules(const tl_spec *s, const tv_deck *d,
                            tv_trick_rules *r) {
  read_unbroken(s, d, r);
  r->break_on_play = tl_spec_bool(s, "break_on_play", true);
  r->breaks = read_kinds(s, "breaks", d);
  r->unforced = read_kinds(s, "never_forced_to_lead", d);
  r->first_lead = read_kinds(s, "first_lead", d);
  r->first_bar = read_kinds(s, "not_on_first_trick", d);
}

/* talon.trickrules(deck, spec) -> TrickRules */
static int trick_rules_new(lua_State *L) {
  const tv_deck *d = tl_check_deck(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  tl_spec s;
  tl_spec_init(&s, L, 2, 2, "", "key '%s': ");
  s.quote = true;
  tl_spec_check_keys(&s, rule_keys);
  tl_trick_rules *u = lua_newuserdatauv(L, sizeof *u, 1); /* 3 */
  u->deck = d;
  u->tag = TL_TAG_RULES;
  tv_trick_rules *r = &u->r;
  tv_trick_rules_default(r);
  luaL_setmetatable(L, TL_TRICKRULES);
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, 3, 1);
  r->follow = tl_spec_bool(&s, "follow", false);
  r->head = (uint8_t)tl_spec_enum(&s, "head", head_names, 0);
  r->head_ref = (uint8_t)tl_spec_enum(&s, "head_reference", ref_names, 0);
  r->on_void = (uint8_t)tl_spec_enum(&s, "void", void_names, 0);
  r->face_down = (uint8_t)tl_spec_enum(&s, "face_down", down_names, 0);
  r->wild_top = tl_spec_bool(&s, "wild_top", false);
  tl_read_trick_ranks(&s, d, r);
  tl_read_trick_orders(&s, d, r);
  read_top(&s, d, r);
  read_sizes(&s, r);
  read_hand_rules(&s, d, r);
  tv_err e;
  if (tv_trick_rules_check(r, d, &e) != TV_OK) luaL_argerror(L, 2, e.msg);
  lua_settop(L, 3);
  return 1;
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
  if (tv_trick_rules_hand(r)) add_field(&b, "hand_rules", "yes");
  if (r->norders) {
    luaL_addstring(&b, "trumps={");
    for (int i = 0; i < r->norders; i++) {
      if (i) luaL_addchar(&b, ',');
      luaL_addstring(&b, r->orders[i].name);
    }
    luaL_addstring(&b, "} ");
  }
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

/* rules.deck; any other key (of any type) is nil */
static int trick_rules_index(lua_State *L) {
  tl_check_trick_rules(L, 1);
  const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
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
