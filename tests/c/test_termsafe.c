/*
 * test_termsafe.c - the output filter of repl/termsafe.h: what the
 * program prints of a game's texts reaches a terminal as text
 * (docs/security.md, "What reaches the terminal"). Colours and bold (SGR)
 * pass; every other control character or sequence is shown escaped. In
 * ASCII mode (docs/cli.md, `--ascii`) characters beyond ASCII are spelt
 * in ASCII too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "termsafe.h"

#define CAP 4096

/* 'in' filtered in one piece (cut in two at 'cut' when cut > 0), then
 * finished; in ASCII mode when 'ascii'. */
static const char *filtered_as(const char *in, size_t n, size_t cut, int cr,
                               int ascii) {
  static char out[CAP];
  termsafe f;
  termsafe_init(&f, cr);
  f.ascii = ascii;
  size_t k = 0;
  if (cut > 0 && cut < n) {
    k += termsafe_filter(&f, in, cut, out + k);
    k += termsafe_filter(&f, in + cut, n - cut, out + k);
  } else {
    k += termsafe_filter(&f, in, n, out + k);
  }
  k += termsafe_finish(&f, out + k);
  out[k] = '\0';
  return out;
}

static const char *filtered(const char *in, size_t n, size_t cut, int cr) {
  return filtered_as(in, n, cut, cr, 0);
}

static const char *clean(const char *in) {
  return filtered(in, strlen(in), 0, 0);
}

/* 'in' in ASCII mode, cut at 'cut'. */
static const char *spelt(const char *in, size_t cut) {
  return filtered_as(in, strlen(in), cut, 0, 1);
}

/* The table's own characters and a game's glyphs, however the writes cut
 * them, spelt as a reader of an ASCII terminal understands them; the
 * multiplier of copies becomes the 'x' the card parser reads (QHx2). */
static void ascii_spells_characters(void **state) {
  (void)state;
  const char *in = "\xe2\x94\x80\xe2\x94\x80 Bura \xe2\x96\xb6 P1 Q\xe2\x99"
                   "\xa5\xc3\x97"
                   "2 \xe2\x80\x94 \xe2\x80\xa6 K\xc3\xb6nig \xf0\x9f"
                   "\x82\xa1 \xe4\xb8\xad";
  const char *want = "-- Bura > P1 QHx2 -- ... Koenig ? ?";
  for (size_t cut = 0; cut < strlen(in); cut++)
    assert_string_equal(spelt(in, cut), want);
}

/* In ASCII mode a C1 control is still shown escaped, and a broken or
 * unfinished character is one '?'. */
static void ascii_keeps_controls_escaped(void **state) {
  (void)state;
  assert_string_equal(spelt("a\xc2\x9b"
                            "b\x9d"
                            "c",
                            0),
                      "a\\194\\155b\\157c");
  assert_string_equal(spelt("\xe2\x99"
                            "A",
                            0),
                      "?A");
  assert_string_equal(spelt("end\xe2\x99", 0), "end?");
  assert_string_equal(spelt("\xc0\xaf\xff", 0), "???");
  assert_string_equal(spelt("\33[1mbold\33[0m \33]0;t\7", 0),
                      "\33[1mbold\33[0m \\27]0;t\\7");
}

static void text_passes(void **state) {
  (void)state;
  assert_string_equal(clean("Q\xe2\x99\xa0 wins\tthe trick\n"),
                      "Q\xe2\x99\xa0 wins\tthe trick\n");
  assert_string_equal(clean("\xc2\xa9 A\xc2\xa0K"), "\xc2\xa9 A\xc2\xa0K");
}

/* The program's own colours and bold (term.lua, the red suits). */
static void sgr_passes(void **state) {
  (void)state;
  assert_string_equal(clean("\33[1mbold\33[0m"), "\33[1mbold\33[0m");
  assert_string_equal(clean("\33[31;1mA\33[39m\33[m"),
                      "\33[31;1mA\33[39m\33[m");
}

/* OSC 52 writes the clipboard, OSC 0 the title, CSI moves and clears. */
static void sequences_are_shown(void **state) {
  (void)state;
  assert_string_equal(clean("x\33]52;c;cm0gLXJm\7y"),
                      "x\\27]52;c;cm0gLXJm\\7y");
  assert_string_equal(clean("\33]0;title\33\\"), "\\27]0;title\\27\\");
  assert_string_equal(clean("\33[2J\33[H"), "\\27[2J\\27[H");
  assert_string_equal(clean("\33[6n"), "\\27[6n");
  assert_string_equal(clean("\33P+q\33\\"), "\\27P+q\\27\\");
  assert_string_equal(clean("\33\33[1m"), "\\27\33[1m");
}

static void controls_are_shown(void **state) {
  (void)state;
  assert_string_equal(clean("a\7b\nc\177d"), "a\\7b\nc\\127d");
  assert_string_equal(filtered("a\0b", 3, 0, 0), "a\\0b");
  assert_string_equal(clean("fake\rreal"), "fake\\13real");
  assert_string_equal(filtered("50%\r", 4, 0, 1), "50%\r");
  assert_string_equal(clean("\b\f\v"), "\\8\\12\\11");
  /* C1 controls as UTF-8 (U+009B is CSI in some terminals) */
  assert_string_equal(clean("\xc2\x9b"
                            "2J\xc2\x9d"),
                      "\\194\\1552J\\194\\157");
  /* and as single bytes no UTF-8 lead byte announced (a terminal set for
   * 8-bit controls obeys them); continuation bytes of text pass */
  assert_string_equal(clean("a\x9b"
                            "2J\x9d"
                            "0;t\x9c"),
                      "a\\1552J\\1570;t\\156");
  assert_string_equal(clean("\xc3\xa9\xe2\x82\xac \xf0\x9f\x82\xa1"),
                      "\xc3\xa9\xe2\x82\xac \xf0\x9f\x82\xa1");
  assert_string_equal(clean("\xe2\x82\x82\x9b"), "\xe2\x82\x82\\155");
}

/* Output is written in pieces: a sequence cut anywhere filters alike. */
static void cuts_do_not_matter(void **state) {
  (void)state;
  const char *cases[] = {"\33[31mred\33[0m", "\33]52;c;QQ==\7",
                         "\xc2\x9b\xc2\xa9", "\33[2J text \33[1;2;3;4m"};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char whole[CAP];
    size_t n = strlen(cases[i]);
    strcpy(whole, filtered(cases[i], n, 0, 0));
    for (size_t cut = 1; cut < n; cut++)
      assert_string_equal(filtered(cases[i], n, cut, 0), whole);
  }
}

/* A sequence still open when the stream ends is shown; parameters past
 * the longest SGR let through are shown too. */
static void open_and_long_sequences(void **state) {
  (void)state;
  assert_string_equal(clean("end\33[1"), "end\\27[1");
  assert_string_equal(clean("end\xc2"), "end\\194");
  char longer[64] = "\33[";
  memset(longer + 2, '1', 40);
  strcpy(longer + 42, "m");
  const char *out = clean(longer);
  assert_int_equal(out[0], '\\');
  assert_null(strchr(out, '\33'));
}

/* On random bytes in random pieces: no ESC but one opening an SGR
 * sequence, no other control character but newline and tab, no C1. */
static void random_bytes_come_out_safe(void **state) {
  (void)state;
  uint32_t x = 12345;
  static const char alphabet[] =
      "\33\33\33[[]]01;m\7\r\n\t\177\xc2\x9b\xa9Ja\x9d\xe2\x82\xac\xf0";
  for (int round = 0; round < 2000; round++) {
    char in[64];
    size_t n = 1 + round % 63;
    for (size_t i = 0; i < n; i++) {
      x = x * 1103515245u + 12345u;
      in[i] = alphabet[(x >> 16) % (sizeof alphabet - 1)];
    }
    x = x * 1103515245u + 12345u;
    int ascii = round % 2; /* and in ASCII mode: nothing beyond ASCII */
    const char *out = filtered_as(in, n, (x >> 16) % n, 0, ascii);
    int cont = 0; /* continuation bytes the last lead byte announced */
    for (const char *p = out; *p; p++) {
      unsigned char c = (unsigned char)*p;
      if (ascii) assert_true(c < 0x80);
      if (c >= 0x80 && c <= 0xbf) {
        if (cont > 0)
          cont--;
        else
          assert_true(c > 0x9f); /* no C1 control as one byte */
        continue;
      }
      cont = c >= 0xc2 && c <= 0xdf   ? 1
             : c >= 0xe0 && c <= 0xef ? 2
             : c >= 0xf0 && c <= 0xf4 ? 3
                                      : 0;
      if (c == 0x1b) {
        const char *q = p + 1;
        assert_int_equal(*q, '[');
        for (q++; (*q >= '0' && *q <= '9') || *q == ';' || *q == ':'; q++) {
        }
        assert_int_equal(*q, 'm');
      } else {
        assert_true(c >= 0x20 || c == '\n' || c == '\t');
        assert_true(c != 0x7f);
        if (c == 0xc2)
          assert_false((unsigned char)p[1] >= 0x80 &&
                       (unsigned char)p[1] <= 0x9f);
      }
    }
  }
}

/* A switch to ASCII mode (termsafe_set_ascii) settles the filter first:
 * a lead byte 0xC2 held from the other mode is written escaped, never
 * raw, and the new mode starts clean. */
static void mode_switch_settles(void **state) {
  (void)state;
  termsafe f;
  termsafe_init(&f, 0);
  char out[64];
  size_t k = termsafe_filter(&f, "x\xc2", 2, out);
  k += termsafe_finish(&f, out + k);
  f.ascii = 1;
  k += termsafe_filter(&f, "r\xc3\xa4", 3, out + k);
  k += termsafe_finish(&f, out + k);
  out[k] = '\0';
  assert_string_equal(out, "x\\194rae");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(text_passes),
      cmocka_unit_test(sgr_passes),
      cmocka_unit_test(sequences_are_shown),
      cmocka_unit_test(controls_are_shown),
      cmocka_unit_test(cuts_do_not_matter),
      cmocka_unit_test(open_and_long_sequences),
      cmocka_unit_test(random_bytes_come_out_safe),
      cmocka_unit_test(ascii_spells_characters),
      cmocka_unit_test(ascii_keeps_controls_escaped),
      cmocka_unit_test(mode_switch_settles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
