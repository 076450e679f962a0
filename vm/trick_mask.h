/*
 * trick_mask.h - kind masks shared by the trick engine's files (trick.c,
 * trick_plays.c, the sentences of trick_why.c, trick_explain.c and
 * trick_text.c); not part of the engine's contract (trick.h).
 */
#ifndef TALON_TRICK_MASK_H
#define TALON_TRICK_MASK_H

#include <stdint.h>
#include <string.h>
#include "trick.h"

#define TV_BIT(k) ((uint64_t)1 << (k))

/* Kind mask of h, reading the counts eight at a time: hands are sparse,
 * so most words are zero (tv_hand_mask tests all 64 bytes). */
static inline uint64_t tv_held_mask(const tv_hand *h) {
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu, high = 0x8080808080808080u;
  uint64_t m = 0;
  for (int w = 0; w < TV_MAX_KINDS; w += 8) {
    uint64_t word;
    memcpy(&word, h->n + w, sizeof word);
    if (!word) continue;
    /* bit 7 of each byte: the count is not 0 (no carry between bytes) */
    uint64_t nz = (((word & low7) + low7) | word) & high;
    /* gather the 8 flags (bits 7, 15, ..., 63) into the top byte */
    m |= (((nz >> 7) * 0x0102040810204080u) >> 56) << w;
  }
  return m;
}

/* The kinds of h that some allowed lead of trick t contains (every kind
 * of h when one-card leads are allowed). */
uint64_t tv_trick_lead_mask(const tv_trick *t, const tv_hand *h, bool *ok);

#endif
