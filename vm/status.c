/*
 * status.c - filling a tv_err.
 */
#include "status.h"
#include <stdio.h>

tv_status tv_fail(tv_err *e, tv_status st, const char *fmt, ...) {
  if (e) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
  }
  return st;
}
