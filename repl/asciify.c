/*
 * asciify.c - the spellings of asciify.h, one table in code point order.
 */
#include "asciify.h"

#include <string.h>

typedef struct spelling {
  uint32_t cp;
  const char *ascii;
} spelling;

/* Sorted by code point: found by binary search. */
static const spelling table[] = {
    {0x00A0, " "},    {0x00A7, "sec."}, {0x00AB, "<<"}, {0x00B1, "+-"},
    {0x00B2, "^2"},   {0x00B7, "-"},    {0x00BB, ">>"}, {0x00C4, "Ae"},
    {0x00D6, "Oe"},   {0x00D7, "x"},    {0x00DC, "Ue"}, {0x00DF, "ss"},
    {0x00E0, "a"},    {0x00E4, "ae"},   {0x00E7, "c"},  {0x00E8, "e"},
    {0x00E9, "e"},    {0x00F6, "oe"},   {0x00FC, "ue"}, {0x0304, ""},
    {0x03A3, "sum"},  {0x2013, "-"},    {0x2014, "--"}, {0x2018, "'"},
    {0x2019, "'"},    {0x201C, "\""},   {0x201D, "\""}, {0x2022, "*"},
    {0x2026, "..."},  {0x20AC, "EUR"},  {0x2190, "<-"}, {0x2192, "->"},
    {0x221A, "sqrt"}, {0x2248, "~"},    {0x2260, "!="}, {0x2264, "<="},
    {0x2265, ">="},   {0x25B6, ">"},    {0x2660, "S"},  {0x2663, "C"},
    {0x2665, "H"},    {0x2666, "D"},    {0x2713, "v"},
};

/* The box-drawing block: lines across, lines down, and the joints. */
static const char *box(uint32_t cp) {
  static const uint16_t across[] = {0x2500, 0x2501, 0x2504, 0x2505, 0x2508,
                                    0x2509, 0x254C, 0x254D, 0x2550};
  static const uint16_t down[] = {0x2502, 0x2503, 0x2506, 0x2507, 0x250A,
                                  0x250B, 0x254E, 0x254F, 0x2551};
  for (size_t i = 0; i < sizeof across / sizeof across[0]; i++) {
    if (cp == across[i]) return "-";
    if (cp == down[i]) return "|";
  }
  return "+";
}

int asciify(uint32_t cp, char *out) {
  const char *s = "?";
  if (cp >= 0x2500 && cp <= 0x257F) {
    s = box(cp);
  } else {
    size_t lo = 0, hi = sizeof table / sizeof table[0];
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (table[mid].cp < cp)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < sizeof table / sizeof table[0] && table[lo].cp == cp)
      s = table[lo].ascii;
  }
  size_t n = strlen(s);
  memcpy(out, s, n);
  return (int)n;
}
