/*
 * asciify.h - the ASCII spelling of a character the program prints, for a
 * terminal that shows ASCII only (`--ascii`, or a locale without UTF-8).
 *
 * The program's own texts and the games' use a few typographic characters
 * (the table's box lines and marker, dashes, the ellipsis, the multiplier
 * of copies, suit glyphs in a game's sentence); each has a spelling a
 * reader understands, and anything else is a question mark, as iconv's
 * transliteration gives.
 */
#ifndef TALON_ASCIIFY_H
#define TALON_ASCIIFY_H

#include <stdint.h>

#define ASCIIFY_MAX 4 /* the longest spelling, in bytes */

/* Writes the ASCII spelling of code point 'cp' (U+00A0 and above) to
 * 'out' (at most ASCIIFY_MAX bytes, no terminator); returns its length,
 * 0 for a character that is dropped (a combining mark). */
int asciify(uint32_t cp, char *out);

#endif
