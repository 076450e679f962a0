/*
 * trick.h - trick rules as data: legal plays, the reason a play is
 * illegal, and who wins a trick.
 *
 * A game describes its card-play obligations once (tv_trick_rules: plain
 * switches, filled by the binding from a Lua table and checked by
 * tv_trick_rules_check). A tv_trick then accumulates plays (a seat and a set
 * of 1..TV_TRICK_MAX_SET cards, face up or face down) and keeps the index of
 * the play that currently wins, so asking for the winner is free.
 *
 * One relation drives everything, "card c beats card b":
 *   c is the top card and b is not; or neither is the top card and either
 *   they have the same effective suit and c ranks higher in the trick
 *   order, or c is trump and b is not.
 * Equal cards never beat each other, so the first of identical cards wins.
 * The top card (optional; a suited card or the joker) belongs to the trump
 * suit whatever the trump is (with no trump it keeps its printed suit, a
 * joker its own) and beats every other card.
 *
 * Trump orders. The trump of a trick is a choice: no trump, a suit, or a
 * trump order the rules declare by name. An order (tv_trick_order) lists
 * the cards that count as trump above the rest of its suit, highest first,
 * and may include cards printed in other suits (a left bower: the jack of
 * the other suit of the trump's colour; all jacks; queens, jacks and a
 * named ten); an order named after a suit makes that suit's other cards
 * the lower trumps, an order with a name of its own makes the listed cards
 * a trump suit of their own (the four jacks alone), and an empty one has
 * no trump. Each order may also give every suit its own rank order (a
 * natural order for a no-trump contract).
 * A card's effective suit and place, fixed when the trick starts (the
 * per-kind keys), are what following, winning, the legal sets, the
 * playouts, the reasons and the explanations use; a card keeps its printed
 * name in every sentence.
 * A set C beats a set B of the same size when a one-to-one pairing exists in
 * which every card of C beats its partner in B (a perfect matching); with
 * one card each this is the ordinary trick rule. A face-down play, or one
 * with fewer cards than the lead, never wins.
 *
 * Suit obligations (follow, head, void) apply to one-card tricks; sets of
 * several cards have none (tv_trick_rules_check enforces the split).
 *
 * Hand rules, also for one-card tricks, look beyond the current trick: a
 * trick remembers how many tricks of the hand were completed before it
 * and which suits are still closed to leads. They are a required first
 * lead (2♣, or any club), cards barred from the first trick while the
 * player may play another (penalty cards), and suits that may not be led
 * until broken (a penalty suit; the trump by a house rule), broken by a card
 * of the suit or by named cards (Q♠), unless the leader holds nothing
 * else. Every legal-card query applies them, so the fast paths and the
 * reasons agree.
 * Everything is plain data with no allocation; the hot calls
 * (tv_trick_legal, tv_trick_play, tv_trick_random) are a few passes over a
 * hand's 64 counts.
 */
#ifndef TALON_TRICK_H
#define TALON_TRICK_H

#include <stdbool.h>
#include <stdint.h>
#include "deck.h"
#include "hand.h"
#include "rng.h"

#define TV_TRICK_MAX_SET    8 /* cards in one play */
/* Sets a walk of a hand's plays looks at, at most (tv_trick_each_play): a
 * hand far too large for its play size (sets of 8 from 40 cards) would
 * keep the engine for hours where no budget can stop it. A walk to the
 * bound takes about 15 ms (ten times that in a sanitized build), well
 * inside a call's budget; a game's real hands stay far below it (a hand of
 * 16 cards and sets of 6: 8,008 plays). */
#define TV_TRICK_WALK_MAX   250000
#define TV_TRICK_MAX_PLAYS  16 /* plays in one trick */
#define TV_TRICK_MAX_ORDERS 12 /* trump orders in one set of rules */
#define TV_TRICK_ORDER_NAME 16 /* bytes of an order's name, with the NUL */

/* A trump choice (tv_trick_init's 'trump'): TV_TRUMP_NONE, a suit index of
 * the deck (under the order the rules declare for that suit, if any), or
 * TV_TRUMP_ORDER + i for the rules' order i. */
#define TV_TRUMP_NONE  (-1)
#define TV_TRUMP_ORDER 64

/* One trump choice of the rules: the cards that count as trump, highest
 * first, above the other cards of 'suit'; and the rank order of every
 * suit. The trumps belong to 'suit' when it is a suit index (an order
 * named after the suit), else to a suit of their own, the trump suit
 * (index nsuits + 1 of the deck); with no card listed and no suit there is
 * no trump. */
typedef struct tv_trick_order {
  char name[TV_TRICK_ORDER_NAME]; /* a suit's name, or the order's own */
  int8_t suit;                    /* the suit it makes trump, or -1 */
  uint8_t ntrumps;                /* cards in trumps[] */
  tv_card trumps[TV_MAX_KINDS];   /* highest first */
  uint8_t order[TV_MAX_SUITS][TV_MAX_RANKS]; /* per suit: rank index ->
                                                place, 0 the highest */
} tv_trick_order;

typedef enum tv_trick_head {
  TV_HEAD_NEVER,     /* following, any card of the led suit will do */
  TV_HEAD_TRUMP_LED, /* must beat the reference when trump was led */
  TV_HEAD_ALWAYS,    /* must beat the reference whenever following */
} tv_trick_head;

typedef enum tv_trick_ref {
  TV_REF_WINNER,   /* the card winning the trick so far */
  TV_REF_PREVIOUS, /* the card of the play just before */
} tv_trick_ref;

typedef enum tv_trick_void {
  TV_VOID_ANY,        /* unable to follow: any card */
  TV_VOID_TRUMP,      /* unable to follow: any trump if one is held */
  TV_VOID_TRUMP_BEAT, /* a trump beating the reference if possible, else
                         any trump */
} tv_trick_void;

typedef enum tv_trick_down {
  TV_DOWN_NEVER,   /* every play face up; sets that do not beat just lose */
  TV_DOWN_ALLOWED, /* followers may play face down; face up only to beat */
  TV_DOWN_SHORT,   /* every play face up but a short follower's: holding
                      fewer cards than the lead, he plays them face down */
} tv_trick_down;

typedef struct tv_trick_rules {
  uint8_t follow;      /* must follow the led suit when able */
  uint8_t head;        /* a tv_trick_head */
  uint8_t head_ref;    /* a tv_trick_ref, for head and TV_VOID_TRUMP_BEAT */
  uint8_t on_void;     /* a tv_trick_void */
  uint8_t face_down;   /* a tv_trick_down */
  uint8_t wild_top;    /* the top card may join a lead of any suit */
  uint16_t lead_sizes; /* bit n set: a lead of n cards is allowed */
  /* hand rules (one-card tricks only) */
  uint16_t unbroken;      /* suit bits: not to be led until broken */
  uint8_t unbroken_trump; /* the trump suit too, whichever it is */
  uint8_t break_on_play;  /* a card of a closed suit played breaks it */
  uint64_t breaks;        /* kinds whose play breaks every closed suit */
  uint64_t unforced;      /* kinds a leader is never forced to lead: when
                             they are all he may lead, any card will do */
  uint64_t first_lead;    /* kinds: the hand's first lead, when held */
  uint64_t first_bar;     /* kinds kept off the first trick while the
                             player may play another card */
  tv_card top;            /* the top card, or TV_NO_CARD */
  uint8_t order[TV_MAX_SUITS][TV_MAX_RANKS]; /* per suit: rank index ->
                                                place in the trick order,
                                                0 the highest */
  uint8_t norders;                           /* declared trump orders */
  tv_trick_order orders[TV_TRICK_MAX_ORDERS];
} tv_trick_rules;

/* Why a play is illegal. */
typedef enum tv_trick_rule {
  TV_RULE_OK,
  TV_RULE_NOT_HELD,    /* a card of the play is not in the hand */
  TV_RULE_EMPTY,       /* no card played */
  TV_RULE_FULL,        /* the trick holds TV_TRICK_MAX_PLAYS plays */
  TV_RULE_LEAD_SIZE,   /* a lead of a size the rules do not allow */
  TV_RULE_LEAD_SUIT,   /* a lead of several cards mixing suits */
  TV_RULE_LEAD_UP,     /* the lead is always face up */
  TV_RULE_PLAY_SIZE,   /* a follower plays as many cards as the lead */
  TV_RULE_NO_DOWN,     /* face-down play is not allowed */
  TV_RULE_MUST_BEAT,   /* a face-up set must beat the best set */
  TV_RULE_FOLLOW,      /* must follow the led suit */
  TV_RULE_HEAD,        /* must beat the reference in the led suit */
  TV_RULE_TRUMP,       /* void in the led suit: must trump */
  TV_RULE_TRUMP_BEAT,  /* void in the led suit: must trump and beat */
  TV_RULE_FIRST_LEAD,  /* the hand's first lead is a named card */
  TV_RULE_UNBROKEN,    /* a suit not yet broken may not be led */
  TV_RULE_FIRST_TRICK, /* a card barred from the first trick */
  TV_RULE_SHORT_DOWN,  /* TV_DOWN_SHORT: a short follower's cards go face
                          down, a full set face up */
} tv_trick_rule;

typedef struct tv_trick_why {
  tv_trick_rule rule;
  tv_hand satisfy;   /* the held cards that would satisfy the rule */
  char because[256]; /* an English sentence naming the cards */
} tv_trick_why;

typedef struct tv_trick_entry {
  int32_t seat;
  uint8_t n, down;             /* cards, face down */
  uint8_t beat;                /* index of the best play it beat, or 0xFF */
  tv_card c[TV_TRICK_MAX_SET]; /* in kind order */
} tv_trick_entry;

/* A trick refers to its deck and rules; both must outlive it. */
typedef struct tv_trick {
  const tv_deck *deck;
  const tv_trick_rules *rules;
  int8_t trump;  /* the effective trump suit (an index of the deck, or
                    nsuits + 1 for a suit of trumps of its own), or -1 */
  int8_t choice; /* the trump choice the trick was made with */
  int8_t led;    /* the led suit (effective), -1 before the lead */
  uint8_t size;  /* cards per play, set by the lead */
  uint8_t nplays, best;
  uint8_t done;    /* tricks of the hand completed before this one */
  uint16_t closed; /* suit bits: suits not yet open to leads */
  /* Per kind, filled by tv_trick_init so that "beats" is two lookups: the
   * effective suit << 8 | the place in its suit (0 the highest). */
  uint16_t key[TV_MAX_KINDS];
  /* Per effective suit (the deck's, the jokers', the trump suit of its
   * own): the kinds that belong to it. */
  uint64_t suit_mask[TV_MAX_SUITS + 2];
  tv_trick_entry p[TV_TRICK_MAX_PLAYS];
} tv_trick;

/* ---- rules ------------------------------------------------------------- */

/* Fills r with the defaults: free play (no obligation), one-card leads, no
 * top card, no face-down play, the deck's own rank order in every suit, no
 * trump order. */
void tv_trick_rules_default(tv_trick_rules *r);

/* Adds an empty trump order named 'name' (len bytes) to r: its suit is the
 * suit of d so named, else -1; no trump card yet, r's rank orders. Returns
 * it, or NULL (and fills e) when r holds TV_TRICK_MAX_ORDERS orders or the
 * name is empty, too long or already declared. The caller fills it. */
tv_trick_order *tv_trick_rules_add_order(tv_trick_rules *r, const tv_deck *d,
                                         const char *name, size_t len,
                                         tv_err *e);

/* Checks r against deck d: the top card is a suited card of d, each rank
 * order is a permutation of d's ranks, lead sizes lie in
 * 1..TV_TRICK_MAX_SET, the switches fit together (head/void need follow;
 * follow and face-down play need one-card leads or free play respectively;
 * wild_top needs a top card), and each trump order names distinct cards of
 * d under a distinct name. TV_EINVAL with a sentence naming the key
 * otherwise. */
tv_status tv_trick_rules_check(const tv_trick_rules *r, const tv_deck *d,
                               tv_err *e);

/* The trump choice named 'name' (len bytes, case-insensitive): a declared
 * order of that name, else a suit of d (its glyph too); TV_TRUMP_NONE - 1
 * when there is neither. */
int tv_trick_rules_choice(const tv_trick_rules *r, const tv_deck *d,
                          const char *name, size_t len);

/* ---- tricks ------------------------------------------------------------ */

/* Starts an empty trick; 'trump' is a trump choice (TV_TRUMP_NONE, a suit
 * index of d, or TV_TRUMP_ORDER + i for i < r->norders). The trick keeps
 * d, r and the choice from now on (it precomputes per-kind keys and suit
 * masks). */
void tv_trick_init(tv_trick *t, const tv_deck *d, const tv_trick_rules *r,
                   int trump);

/* tv_trick_init again with t's own deck and rules (t initialized before):
 * the per-kind keys are kept when the new choice gives the same ones, as
 * it does from hand to hand of a game without a trump order or top card
 * (the hand's trick of a quiet game is reset, not remade). */
void tv_trick_reset(tv_trick *t, int trump);

/* The name of the trick's trump choice: the suit's or the order's; NULL
 * with no trump. */
const char *tv_trick_trump_name(const tv_trick *t);

/* Empties t for the next trick of the hand, keeping deck, rules, trump
 * and what the hand rules remember (a trick with plays counts as done). */
void tv_trick_clear(tv_trick *t);

/* Sets what the hand rules remember, for a position set up mid-hand:
 * 'done' tricks completed (0..255) and the suits (bits, suits of the deck
 * and the jokers' only) still closed to leads. */
void tv_trick_set_progress(tv_trick *t, int done, unsigned closed);

/* True when the rules have any hand rule. */
bool tv_trick_rules_hand(const tv_trick_rules *r);

/* True when card c beats card b (the relation above). */
bool tv_trick_beats(const tv_trick *t, tv_card c, tv_card b);

/* True when the n cards of set c beat the n cards of set b. When pair is
 * not NULL and the answer is yes, pair[i] is the index in b of the card
 * that c[i] beats. */
bool tv_trick_set_beats(const tv_trick *t, const tv_card *c, const tv_card *b,
                        int n, uint8_t *pair);

/* The effective suit of c in t: the trump suit for a card of the trump
 * order and for the top card (when there is a trump), else the printed
 * suit (nsuits for the jokers). */
int tv_trick_suit(const tv_trick *t, tv_card c);

/* The place of c in its effective suit, 0 the highest (places of one suit
 * may skip numbers; only their order counts). */
int tv_trick_place(const tv_trick *t, tv_card c);

/* Bit k set for every kind k of effective suit s (0..nsuits + 1: the
 * deck's suits, the jokers, a trump suit of its own); 0 for any other s. */
uint64_t tv_trick_suit_mask(const tv_trick *t, int s);

/* The card a one-card follower must beat under head/void rules: the one
 * winning so far, or with TV_REF_PREVIOUS the card of the play just before
 * (the winner if that play was face down). TV_NO_CARD for an empty trick. */
tv_card tv_trick_reference(const tv_trick *t);

/* For a one-card follower holding the kinds in 'held' (a kind mask): the
 * kinds he may play under follow/head/void, and in *rule the obligation
 * that narrowed them (TV_RULE_OK when any card will do). */
uint64_t tv_trick_follow_mask(const tv_trick *t, uint64_t held,
                              tv_trick_rule *rule);

/* For a one-card play from the kinds in 'held': the kinds the next play
 * may be (lead or follow) under the suit obligations and the hand rules,
 * and in *rule the obligation that narrowed them last (TV_RULE_OK when
 * any card will do). The one source of legal cards for one-card tricks:
 * tv_trick_legal, the reasons and the playouts all ask it. */
uint64_t tv_trick_card_mask(const tv_trick *t, uint64_t held,
                            tv_trick_rule *rule);

/* The kinds of the suits still closed to leads (effective suits). */
uint64_t tv_trick_closed_mask(const tv_trick *t);

/* TV_RULE_OK when the n cards of 'play' make a lead the rules allow, else
 * TV_RULE_LEAD_SIZE or TV_RULE_LEAD_SUIT. */
tv_trick_rule tv_trick_lead_shape(const tv_trick *t, const tv_hand *play);

/* Checks that 'play' (a multiset) may be played next, face down or not.
 * With hand == NULL only what needs no hand is checked (sizes, lead suit,
 * face, beating); with a hand, also that it holds the play and the suit
 * obligations. A follower whose hand is smaller than the lead must play
 * his whole hand. Returns TV_OK, or TV_EILLEGAL and fills 'why' (if not
 * NULL; 'because' written in 'style'). */
tv_status tv_trick_check(const tv_trick *t, const tv_hand *hand,
                         const tv_hand *play, bool down, tv_style style,
                         tv_trick_why *why);

/* Adds a play for 'seat' without any check but the sizes (1..
 * TV_TRICK_MAX_SET cards, at most TV_TRICK_MAX_PLAYS plays: TV_ERANGE) and
 * updates the winner. The lead sets the led suit and the play size. */
tv_status tv_trick_play(tv_trick *t, int seat, const tv_hand *play, bool down,
                        tv_err *e);

/* tv_trick_play for a one-card play of kind c: the same entry, no hand
 * to read. TV_ERANGE for a kind outside the deck or a full trick. */
tv_status tv_trick_play_card(tv_trick *t, int seat, tv_card c, bool down,
                             tv_err *e);

/* What tv_trick_check with hand == NULL finds for a one-card play of c:
 * TV_RULE_OK when it may be played, else the rule it breaks (full trick,
 * lead face down or of a size not allowed, play size, face). The hot path
 * of a play whose legality against a hand is known. */
tv_trick_rule tv_trick_card_rule(const tv_trick *t, tv_card c, bool down);

/* The cards of h that some legal next play contains (for a one-card play,
 * exactly the legal cards) into out. False, with out empty, when the
 * plays of a lead of sets were too many to look at (TV_TRICK_WALK_MAX). */
bool tv_trick_legal(const tv_trick *t, const tv_hand *h, tv_hand *out);

/* Calls fn once for each distinct legal next play from h: each allowed
 * size, each multiset, face up and/or face down. Stops early when fn
 * returns false. Returns the number of plays visited, or -1 when the walk
 * stopped after looking at TV_TRICK_WALK_MAX sets (fn was called for some
 * plays: nothing can be said of the whole). */
typedef bool (*tv_trick_each_fn)(const tv_hand *play, bool down, void *ud);
int tv_trick_each_play(const tv_trick *t, const tv_hand *h, tv_trick_each_fn fn,
                       void *ud);

/* A uniformly random legal next play from h (over the distinct plays that
 * tv_trick_each_play visits) into *play and *down. Returns false when h
 * has no legal play (an empty hand) or too many to look at. */
bool tv_trick_random(const tv_trick *t, const tv_hand *h, tv_rng *r,
                     tv_hand *play, bool *down);

/* A uniformly random choice among the legal next plays from h and 'extra'
 * other actions a game lists after them (a claim beside the cards, say),
 * drawn as one draw of r over the whole list. Returns 0 with the play in
 * *play and *down, k >= 1 when the k-th other action was drawn (*play and
 * *down untouched), -1 when there is nothing to draw, or TV_TRICK_TOO_MANY
 * when the plays were too many to look at (nothing drawn from r). 'extra'
 * below 0 counts as 0; tv_trick_random is this with none. */
#define TV_TRICK_TOO_MANY (-2)
int tv_trick_random_among(const tv_trick *t, const tv_hand *h, tv_rng *r,
                          int extra, tv_hand *play, bool *down);

/* Random playout of the rest of a trick of one-card face-up plays: the
 * seats in play play in turn from 'seat' (seats are 1..nhands and
 * hands[s - 1] is seat s's hand; bit s - 1 of 'out' set: seat s sits out;
 * after seat s comes the next seat in play of s % nhands + 1, ...) until
 * the trick has a play of every seat in play or 'max' cards were played.
 * Each play draws like picking a card of the legal Hand: the card at index
 * tv_rng_below(r, size) of tv_trick_legal's result (copies counted), is
 * removed from its hand and played. The cards and seats go to cards[i] and
 * seats[i] (either may be NULL). Nothing is played, and TV_EINVAL
 * returned, when the rules allow other than one-card face-up plays, nhands
 * lies outside 1..TV_TRICK_MAX_PLAYS, no seat is in play, the trick
 * already holds a play per seat in play, 'seat' lies outside 1..nhands or
 * sits out, or a seat that would play has an empty hand. *played is the
 * number of cards played. */
tv_status tv_trick_play_out(tv_trick *t, tv_hand *const hands[], int nhands,
                            uint32_t out, int seat, tv_rng *r, int max,
                            tv_card *cards, int *seats, int *played, tv_err *e);

/* A rule of thumb for the one-card plays of a playout: with probability
 * percent/100 (1..100; 0 or a NULL policy: never) a follower plays the
 * lowest legal card that beats the winning play when that play is another
 * side's, else the lowest legal card ("lowest": a card of another suit
 * below any trump, then by place in its suit); with any percent above 0,
 * half the leads are the highest legal card outside trumps (a trump only
 * when nothing else is legal), the other half uniform. side[s - 1] is
 * seat s's side (any numbers: equal means partners). */
typedef struct tv_trick_policy {
  int percent;
  bool duck; /* tricks cost (penalty cards): the same share of followers
                play the highest legal card that does not beat the winning
                play (else the lowest), and the leads the lowest card outside
                trumps */
  uint8_t side[TV_TRICK_MAX_PLAYS];
} tv_trick_policy;

/* The card policy 'p' has the player at 'seat' holding h play, among the
 * kinds of 'legal' he holds (bits of tv_trick_card_mask); TV_NO_CARD when
 * the play is to be drawn uniformly (a policy of 0 %, or the draw of r
 * that said so: one tv_rng_below(r, 2) per lead, one tv_rng_below(r, 100)
 * per follower when percent < 100). */
tv_card tv_trick_policy_pick(const tv_trick *t, const tv_hand *h,
                             uint64_t legal, int seat, const tv_trick_policy *p,
                             tv_rng *r);

/* The same rule of thumb for a follower of a trick of sets, holding h at
 * 'seat': among his legal plays (tv_trick_each_play), the one whose cards'
 * heights sum lowest among those that take the lead when another side
 * leads the trick, else the lowest of all; with p->duck the highest that
 * does not take the lead, else the lowest. Leads are left to the caller.
 * Returns false when the play is to be drawn uniformly (no policy, a
 * lead, the draw of r that said so, as tv_trick_policy_pick draws, or no
 * legal play), else true with the play in *play and *down. */
bool tv_trick_policy_set(const tv_trick *t, const tv_hand *h, int seat,
                         const tv_trick_policy *p, tv_rng *r, tv_hand *play,
                         bool *down);

/* As tv_trick_play_out, with the followers playing by policy 'pol' (NULL:
 * uniformly, drawing exactly as tv_trick_play_out does). */
tv_status tv_trick_play_out_by(tv_trick *t, tv_hand *const hands[], int nhands,
                               uint32_t out, int seat, tv_rng *r,
                               const tv_trick_policy *pol, int max,
                               tv_card *cards, int *seats, int *played,
                               tv_err *e);

/* The seat in play after seat s (1..nhands): s % nhands + 1, passing over
 * the seats of 'out' (at least one seat must be in play). */
int tv_trick_next_seat(int s, int nhands, uint32_t out);

/* The number of seats in play among 1..nhands with the seats of 'out'
 * sitting out (as tv_trick_play_out reads it). */
int tv_trick_seats_in(int nhands, uint32_t out);

/* Index of the winning play so far, or -1 for an empty trick. */
static inline int tv_trick_winner(const tv_trick *t) {
  return t->nplays ? t->best : -1;
}

/* Writes why the winning play wins ("A♠ wins: highest card of the led suit
 * ♠; no trump was played"), like snprintf. */
size_t tv_trick_explain(const tv_trick *t, tv_style style, char *buf,
                        size_t cap);

/* All cards of the trick, face-down ones included, into out. */
void tv_trick_cards(const tv_trick *t, tv_hand *out);

/* Card points of all cards of the trick. */
int tv_trick_points(const tv_trick *t);

/* The snake_case name of a rule ("must_follow"), for scripts. */
const char *tv_trick_rule_name(tv_trick_rule rule);

#endif
