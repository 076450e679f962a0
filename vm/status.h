/*
 * status.h - how the pure C engine reports failure.
 *
 * Functions that can fail on input return a tv_status and, when given one,
 * fill a tv_err with a sentence naming the token or card at fault. The Lua
 * bindings turn that sentence into a Lua error exactly once; nothing in vm/
 * prints, exits or aborts on bad input.
 */
#ifndef TALON_STATUS_H
#define TALON_STATUS_H

#include <stdarg.h>

typedef enum tv_status {
  TV_OK = 0,
  TV_EINVAL,   /* malformed description or token */
  TV_ENOCARD,  /* a card is not where it was asked for */
  TV_ERANGE,   /* a count or size beyond the engine's limits */
  TV_EILLEGAL, /* a play that the rules forbid */
} tv_status;

typedef struct tv_err {
  char msg[256];
} tv_err;

/* Formats a message into 'e' (if not NULL) and returns 'st'. */
tv_status tv_fail(tv_err *e, tv_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
