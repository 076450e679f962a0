/*
 * sandbox_pattern.h - the pattern guard of the safe string functions
 * (sandbox_safe.c), kept apart because it is plain C: it reads a pattern
 * and a length, never a Lua state.
 */
#ifndef TALON_SANDBOX_PATTERN_H
#define TALON_SANDBOX_PATTERN_H

#include <stddef.h>

/* Whether matching the Lua pattern [p, p + lp) against a subject of n
 * bytes may take more than about 1e9 steps in the worst case (estimated
 * from the pattern's shape; see sandbox_pattern.c). 'anchors': a leading
 * '^' anchors the match (find, match, gsub; not gmatch). Trailing
 * quantifiers, and those followed by a byte they cannot match, cost no
 * extra factor, so "(%S+)", "[^\n]+" and "^%s*(.-)%s*$" pass on
 * subjects up to about 30 KB and "a-a-a-a-b" fails from a few dozen
 * bytes. */
int tl_pattern_too_complex(const char *p, size_t lp, size_t n, int anchors);

#endif
