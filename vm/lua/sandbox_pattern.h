/*
 * sandbox_pattern.h - the pattern guard of the safe string functions
 * (sandbox_safe.c), kept apart because it is plain C: it reads a pattern
 * and a subject, never a Lua state.
 */
#ifndef TALON_SANDBOX_PATTERN_H
#define TALON_SANDBOX_PATTERN_H

#include <stddef.h>

/* Whether matching the Lua pattern [p, p + lp) against the subject
 * [s, s + n) may take more than about 1e8 steps (estimated from the
 * pattern's shape and the runs of the subject; see sandbox_pattern.c).
 * 'anchors': a leading '^' anchors the match (find, match, gsub; not
 * gmatch). Trailing quantifiers cost no factor, and one followed by a
 * byte it cannot match costs only its longest run in the subject: "(%S+)"
 * and "[^\n]+" pass on any subject, "([^\n]*)\n" on text of short lines,
 * "^%s*(.-)%s*$" up to 10 KB, and "a-a-a-a-b" on 300 a's fails. */
int tl_pattern_too_complex(const char *p, size_t lp, const char *s, size_t n,
                           int anchors);

#endif
