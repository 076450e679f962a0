/*
 * lua_trick_batch.c - the Trick methods of random playouts: t:play_out
 * plays the rest of a trick in one call, t:play_tricks trick after trick
 * with a Lua hook after each (tricks.phase's batch path).
 *
 * Both draw every card exactly as t:legal(hand):pick(rng) would, write the
 * game record into two Lua tables as they go, and add each trick they fill
 * to its winner's won pile, so a simulated hand crosses into C once per
 * batch instead of once per card or per trick (the shape of the API, not
 * the C code, sets the throughput).
 */
#include "talon_lua.h"
#include "lua_util.h"
#include "lua_trick.h"

/* Reads hands[1..n] (Hands of the trick's deck) into 'out'. */
static void check_hands(lua_State *L, int arg, const tl_trick *t, int n,
                        tv_hand **out) {
  const char *what = arg == 2 ? "hands" : "won";
  luaL_argcheck(L, lua_rawlen(L, arg) == (lua_Unsigned)n, arg,
                lua_pushfstring(L, "one Hand per seat (%d) expected", n));
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, arg, i + 1);
    tl_hand *h = tl_test_hand(L, -1);
    if (!h || h->deck != t->t.deck)
      luaL_argerror(L, arg,
                    lua_pushfstring(L,
                                    "%s[%d] is not a Hand of the trick's deck",
                                    what, i + 1));
    out[i] = &h->h; /* kept alive by the table at 'arg' */
    lua_pop(L, 1);
  }
}

void tl_trick_add_won(lua_State *L, int arg, tv_hand *won, const tv_trick *t) {
  tv_hand sum = *won;
  for (int i = 0; i < t->nplays; i++)
    for (int j = 0; j < t->p[i].n; j++)
      if (tv_hand_add(&sum, t->p[i].c[j], 1) != TV_OK)
        luaL_argerror(L, arg, "the won hand would hold too many copies");
  *won = sum;
}

/* Appends the interned cards and their seats to the tables at 'ci' and
 * ci + 1. */
static void record_plays(lua_State *L, int ci, const tv_card *cards,
                         const int *seats, int n, lua_Integer at) {
  lua_getiuservalue(L, 1, 1);  /* deck */
  lua_getiuservalue(L, -1, 1); /* deck, cards (as tl_push_card finds them) */
  int ct = lua_gettop(L);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, ct, (lua_Integer)cards[i] + 1);
    lua_rawseti(L, ci, at + i + 1);
    lua_pushinteger(L, seats[i]);
    lua_rawseti(L, ci + 1, at + i + 1);
  }
  lua_pop(L, 2);
}

/* Pushes hands[1..n], keeping them alive during the hooks of a batch
 * whatever the hooks do to the table; with room for the few values the
 * batch pushes above them (the hook, its arguments and results, and the
 * record's tables). */
static void anchor_hands(lua_State *L, int arg, int n) {
  luaL_checkstack(L, n + 8, "too many hands");
  for (int i = 0; i < n; i++)
    lua_rawgeti(L, arg, i + 1);
}

/* Raises unless the table at 'arg' still holds the anchored Hands. */
static void same_hands(lua_State *L, int arg, int anchor, int n,
                       const char *what) {
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, arg, i + 1);
    int same = lua_rawequal(L, -1, anchor + i);
    lua_pop(L, 1);
    if (!same)
      luaL_error(L,
                 "a hook replaced %s[%d] during t:play_tricks (change a "
                 "Hand's cards instead)",
                 what, i + 1);
  }
}

uint32_t tl_trick_seats_out(lua_State *L, int idx, int nh, int arg) {
  uint32_t out = 0;
  if (lua_isnoneornil(L, idx)) return 0;
  if (lua_type(L, idx) != LUA_TTABLE)
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "the seats out: a table or nil, not %s",
                                  luaL_typename(L, idx)));
  for (int s = 1; s <= nh; s++) {
    if (lua_rawgeti(L, idx, s) != LUA_TNIL && lua_toboolean(L, -1))
      out |= 1u << (s - 1);
    lua_pop(L, 1);
  }
  return out;
}

const tv_trick_policy *tl_trick_check_policy(lua_State *L, int arg, int nh,
                                             tv_trick_policy *p) {
  if (lua_isnoneornil(L, arg)) return NULL;
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_pushliteral(L, "percent");
  lua_rawget(L, arg);
  int isnum;
  lua_Integer pct = lua_tointegerx(L, -1, &isnum);
  luaL_argcheck(L, isnum && pct >= 0 && pct <= 100, arg,
                "policy.percent: an integer 0..100 expected");
  lua_pop(L, 1);
  p->percent = (int)pct;
  lua_pushliteral(L, "duck");
  lua_rawget(L, arg);
  p->duck = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_pushliteral(L, "sides");
  if (lua_rawget(L, arg) != LUA_TTABLE)
    luaL_argerror(L, arg, "policy.sides: a table of sides by seat expected");
  for (int s = 0; s < nh; s++) {
    lua_rawgeti(L, -1, s + 1);
    lua_Integer side = lua_tointegerx(L, -1, &isnum);
    if (!isnum || side < 0 || side > 255)
      luaL_argerror(L, arg,
                    lua_pushfstring(L,
                                    "policy.sides[%d]: an integer 0..255 "
                                    "expected",
                                    s + 1));
    p->side[s] = (uint8_t)side;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return p;
}

/* The declared moments of a batch's hook: the 'wake' at 'arg' (0: none,
 * the hook after every trick), { counts = {tricks won by seat}, sides =
 * {side of each seat}, to = N or nil }, read raw into this copy when the
 * batch starts and again after each call of the hook (no Lua runs in
 * between); its counts table stays on the stack at 'counts'. */
typedef struct wake {
  int arg, counts, nh;
  lua_Integer to; /* 0: no side target */
  lua_Integer count[TV_TRICK_MAX_PLAYS];
  uint8_t side[TV_TRICK_MAX_PLAYS];
} wake;

/* t[s] (t the table at 'idx') as an integer 0..max, else an error naming
 * wake.what[s]. */
static lua_Integer wake_int(lua_State *L, const wake *wk, int idx, int s,
                            lua_Integer max, const char *what) {
  int isnum;
  lua_rawgeti(L, idx, s);
  lua_Integer v = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (!isnum || v < 0 || v > max)
    luaL_argerror(L, wk->arg,
                  lua_pushfstring(L, "wake.%s[%d]: an integer 0..%I expected",
                                  what, s, max));
  return v;
}

/* Pushes wake[key], a table (raises otherwise). */
static void wake_table(lua_State *L, const wake *wk, const char *key) {
  lua_pushstring(L, key);
  if (lua_rawget(L, wk->arg) != LUA_TTABLE)
    luaL_argerror(L, wk->arg,
                  lua_pushfstring(L, "wake.%s: a table expected", key));
}

/* Reads the wake table into 'wk'; its counts table replaces the value at
 * wk->counts. */
static void wake_load(lua_State *L, wake *wk) {
  if (wk->arg == 0) return;
  lua_pushliteral(L, "to");
  lua_rawget(L, wk->arg);
  int isnum;
  wk->to = lua_tointegerx(L, -1, &isnum);
  if (!lua_isnil(L, -1) && (!isnum || wk->to < 1))
    luaL_argerror(L, wk->arg, "wake.to: nil or an integer 1 or more expected");
  lua_pop(L, 1);
  wake_table(L, wk, "sides");
  for (int s = 0; s < wk->nh; s++)
    wk->side[s] = (uint8_t)wake_int(L, wk, -1, s + 1, 255, "sides");
  lua_pop(L, 1);
  wake_table(L, wk, "counts");
  lua_replace(L, wk->counts);
  for (int s = 0; s < wk->nh; s++)
    wk->count[s] =
        wake_int(L, wk, wk->counts, s + 1, LUA_MAXINTEGER - 1, "counts");
}

bool tl_trick_side_reaches(const lua_Integer *count, const uint8_t *side, int n,
                           int w, lua_Integer to) {
  if (to == 0) return false;
  lua_Integer sum = 0;
  for (int s = 0; s < n; s++) {
    if (side[s] != side[w - 1]) continue;
    lua_Integer v = count[s] + (s == w - 1);
    if (v >= to - sum) return true; /* sum < to: no overflow */
    sum += v;
  }
  return false;
}

/* After a full trick won by 'w': true when the hook is due (the hand's last
 * trick, every seat in play out of cards, or wake.to reached); otherwise
 * counts[w] goes up by one here, as the hook would have counted it. */
static bool wake_due(lua_State *L, wake *wk, tv_hand **hands, uint32_t out,
                     int w) {
  if (wk->arg == 0) return true;
  bool empty = true;
  for (int s = 0; s < wk->nh && empty; s++)
    if (!(out & (1u << s)) && hands[s]->size > 0) empty = false;
  if (empty || tl_trick_side_reaches(wk->count, wk->side, wk->nh, w, wk->to))
    return true;
  wk->count[w - 1]++;
  lua_pushinteger(L, wk->count[w - 1]);
  lua_rawseti(L, wk->counts, w);
  return false;
}

/* Plays up to 'max' cards of the current trick from 'seat' among the
 * seats in play (emptying a full trick first), records them after 'at' in
 * the tables at 'ci' when ci > 0, and adds a trick it fills to 'wins'
 * (when given). Returns the number of cards played; raises on bad input. */
static int play_rest(lua_State *L, tl_trick *t, tv_hand **hands, int nh,
                     uint32_t out, int seat, tv_rng *r,
                     const tv_trick_policy *pol, int max, int ci,
                     lua_Integer at, int won_arg, tv_hand **wins) {
  int nin = tv_trick_seats_in(nh, out);
  if (nin > 0 && t->t.nplays >= nin) tv_trick_clear(&t->t);
  tv_card cards[TV_TRICK_MAX_PLAYS];
  int seats[TV_TRICK_MAX_PLAYS], played;
  tv_err e;
  tv_status st = tv_trick_play_out_by(&t->t, hands, nh, out, seat, r, pol, max,
                                      cards, seats, &played, &e);
  if (ci > 0) record_plays(L, ci, cards, seats, played, at);
  if (st != TV_OK) luaL_argerror(L, 2, e.msg);
  if (wins && played > 0 && t->t.nplays == nin)
    tl_trick_add_won(L, won_arg, wins[t->t.p[t->t.best].seat - 1], &t->t);
  return played;
}

/* Checks the arguments shared by both methods: hands (2), seat (3) and
 * rng (4); returns #hands and fills 'hands'. */
static int check_common(lua_State *L, tl_trick *t, lua_Integer *seat,
                        tv_rng **r, tv_hand **hands) {
  luaL_checktype(L, 2, LUA_TTABLE);
  *seat = luaL_checkinteger(L, 3);
  *r = tl_check_rng(L, 4);
  lua_Unsigned nh = lua_rawlen(L, 2);
  luaL_argcheck(L, nh >= 1 && nh <= TV_TRICK_MAX_PLAYS, 2,
                "1 to 16 hands expected");
  luaL_argcheck(L, *seat >= 1 && *seat <= (lua_Integer)nh, 3,
                "seat outside 1..#hands");
  check_hands(L, 2, t, (int)nh, hands);
  return (int)nh;
}

static lua_Integer check_at(lua_State *L, int arg) {
  lua_Integer at = luaL_optinteger(L, arg, 0);
  luaL_argcheck(L, at >= 0 && at < LUA_MAXINTEGER - TV_TRICK_MAX_PLAYS, arg,
                "bad index");
  return at;
}

/* t:play_out(hands, seat, rng[, max[, cards, seats[, at[, won[, out]]]]])
 * -> n, winner: plays random legal one-card plays for the seats in play
 * in turn from 'seat' (after s comes s % #hands + 1, passing over the
 * seats s with out[s] true) until the trick has a play of each seat in
 * play (at most 'max' cards), each drawn as t:legal(hand):pick(rng) would
 * draw it and removed from its hand; a trick already full is emptied
 * first, so calls in a row play trick after trick. The cards and seats go
 * to cards[at + i] and seats[at + i] when the tables are given; with
 * 'won', the cards of a trick it fills are added to won[winner]. 'winner'
 * is the seat winning so far. */
static int trick_play_out(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand *hands[TV_TRICK_MAX_PLAYS], *wins[TV_TRICK_MAX_PLAYS];
  lua_Integer seat;
  tv_rng *r;
  int nh = check_common(L, t, &seat, &r, hands);
  lua_Integer max = luaL_optinteger(L, 5, TV_TRICK_MAX_PLAYS);
  bool out = !lua_isnoneornil(L, 6), won = !lua_isnoneornil(L, 9);
  if (out) {
    luaL_checktype(L, 6, LUA_TTABLE);
    luaL_checktype(L, 7, LUA_TTABLE);
  }
  lua_Integer at = check_at(L, 8);
  if (won) {
    luaL_checktype(L, 9, LUA_TTABLE);
    check_hands(L, 9, t, nh, wins);
  }
  uint32_t away = tl_trick_seats_out(L, 10, nh, 10);
  int played = play_rest(L, t, hands, nh, away, (int)seat, r, NULL,
                         max > INT32_MAX ? INT32_MAX : (max < 0 ? 0 : (int)max),
                         out ? 6 : 0, at, 9, won ? wins : NULL);
  lua_pushinteger(L, played);
  if (t->t.nplays == 0) return 1; /* max 0 on an empty trick */
  lua_pushinteger(L, t->t.p[t->t.best].seat);
  return 2;
}

/* t:play_tricks(hands, seat, rng, cards, seats, at, stop, won, after, arg
 * [, out]) -> at, result, seat: plays whole tricks as t:play_out does (the
 * rest of the current one first, from 'seat', among the seats in play:
 * out[s] true for a seat that sits out), recording at cards[at + i] and
 * seats[at + i] and adding each trick to won[winner]; after each trick it
 * calls after(arg, winner, t) with the full trick. The hook returns
 * (result, next, out): a result other than nil stops the batch; else
 * 'next' (a seat) leads the next trick, among the seats 'out' leaves in
 * play (nil: every seat). The batch also stops before a trick that would
 * record beyond index 'stop'. Returns the new 'at', the hook's result (nil
 * when 'stop' ended the batch) and the seat to move. The trick is left
 * empty after a batch that played any card. The Hands of 'hands' and
 * 'won' are read once: a hook may change their cards but must not replace
 * them (an error at the end of the batch says so). With 'policy' ({
 * percent = 0..100, sides = {side of each seat}}) the followers play by
 * the rule of thumb of tv_trick_policy_pick that often (a search's
 * futures); without it every card is drawn uniformly. With 'wake' ({
 * counts = {tricks won by seat}, sides = {side of each seat}, to = N or
 * nil}, read raw) the hook runs only after the hand's last trick (every
 * seat in play out of cards) and after a trick that brings its winner's
 * side to 'to' tricks; after any other trick the batch adds one to
 * counts[winner] itself and the winner leads. The hook then gets a fourth
 * argument, the tricks played since its last call without it, and the
 * batch returns a fourth value, those after the last call. */
static int trick_play_tricks(lua_State *L) {
  tl_trick *t = tl_check_trick(L);
  tv_hand *hands[TV_TRICK_MAX_PLAYS], *wins[TV_TRICK_MAX_PLAYS];
  lua_Integer seat;
  tv_rng *r;
  int nh = check_common(L, t, &seat, &r, hands);
  luaL_checktype(L, 5, LUA_TTABLE);
  luaL_checktype(L, 6, LUA_TTABLE);
  lua_Integer at = check_at(L, 7);
  lua_Integer stop = luaL_checkinteger(L, 8);
  luaL_checktype(L, 9, LUA_TTABLE);
  check_hands(L, 9, t, nh, wins);
  luaL_checktype(L, 10, LUA_TFUNCTION);
  lua_settop(L, 14);
  uint32_t out = tl_trick_seats_out(L, 12, nh, 12);
  tv_trick_policy policy;
  const tv_trick_policy *pol = tl_trick_check_policy(L, 13, nh, &policy);
  wake wk = {.arg = 0, .counts = 15, .nh = nh};
  if (!lua_isnil(L, 14)) {
    luaL_checktype(L, 14, LUA_TTABLE);
    wk.arg = 14;
  }
  lua_Integer silent = 0;
  lua_pushnil(L); /* 15: wake.counts */
  wake_load(L, &wk);
  int anchors = 16; /* hands[1..nh], then won[1..nh] */
  anchor_hands(L, 2, nh);
  anchor_hands(L, 9, nh);
  int base = lua_gettop(L); /* the hook's results go above */
  int played_any = 0, nin = tv_trick_seats_in(nh, out);
  lua_pushnil(L); /* base + 1: the hook's result */
  /* at + need <= stop, written so that no sum can overflow (0 <= at) */
  while (nin > 0 && at <= stop &&
         stop - at >= nin - (t->t.nplays >= nin ? 0 : t->t.nplays)) {
    at +=
        play_rest(L, t, hands, nh, out, (int)seat, r, pol, nin, 5, at, 9, wins);
    played_any = 1;
    lua_settop(L, base);
    int w = t->t.p[t->t.best].seat;
    if (!wake_due(L, &wk, hands, out, w)) {
      silent++;
      seat = w;
      tv_trick_clear(&t->t);
      lua_pushnil(L);
      continue;
    }
    lua_pushvalue(L, 10);
    lua_pushvalue(L, 11);
    lua_pushinteger(L, w);
    lua_pushvalue(L, 1);
    if (wk.arg) lua_pushinteger(L, silent);
    silent = 0;
    lua_call(L, wk.arg ? 4 : 3, 3); /* base + 1: result, + 2: next, + 3: out */
    if (!lua_isnil(L, base + 1)) break;
    wake_load(L, &wk);
    seat = luaL_checkinteger(L, base + 2);
    luaL_argcheck(L, seat >= 1 && seat <= nh, 10,
                  "the hook's next seat is outside 1..#hands");
    /* the next trick is full at the seats in play then */
    if (t->t.nplays >= nin) tv_trick_clear(&t->t);
    out = tl_trick_seats_out(L, base + 3, nh, 10);
    nin = tv_trick_seats_in(nh, out);
    lua_settop(L, base + 1);
  }
  if (played_any) {
    same_hands(L, 2, anchors, nh, "hands");
    same_hands(L, 9, anchors + nh, nh, "won");
    if (t->t.nplays >= nin) tv_trick_clear(&t->t);
  }
  lua_settop(L, base + 1);
  lua_pushinteger(L, at);
  lua_insert(L, -2); /* at, result */
  if (!lua_isnil(L, -1)) return 2;
  lua_pushinteger(L, seat);
  if (!wk.arg) return 3; /* at, nil, seat */
  lua_pushinteger(L, silent);
  return 4;
}

const luaL_Reg tl_trick_batch_methods[] = {
    {"play_out", trick_play_out},
    {"play_tricks", trick_play_tricks},
    {NULL, NULL},
};
