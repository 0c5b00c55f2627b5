/* The encoding of a web page, and its text as UTF-8.
 *
 * charset_decode() decides the encoding in this order, and the first
 * candidate that decodes the bytes cleanly wins:
 *   bom       a UTF-8, UTF-16LE or UTF-16BE byte order mark
 *   utf8      bytes that are valid UTF-8 (or all but one character in
 *             CHARSET_BAD_SHARE) and hold non-ASCII text, whatever the
 *             page declares; bytes that are all ASCII (no ESC) and
 *             declare nothing
 *   header    the charset of an HTTP Content-Type, when the caller has one
 *   meta      <meta charset> or <meta http-equiv=Content-Type> in the first
 *             CHARSET_PRESCAN bytes (the WHATWG prescan and label table)
 *   detector  ICU's charset detector, on up to 1 KB of the words that hold
 *             non-ASCII bytes; its best three guesses
 *   fallback  GB18030, and windows-1252 if even that fails
 * "Cleanly" means that at most one character in CHARSET_BAD_SHARE had to
 * be replaced by U+FFFD.  The result is always valid UTF-8: the input
 * bytes themselves when they are valid UTF-8 already (no copy), else the
 * conversion, with U+FFFD for what could not be decoded.
 *
 * charset_binary() tells content that is not text from a page. */
#ifndef CRAWLUTILS_CHARSET_H
#define CRAWLUTILS_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

#define CHARSET_PRESCAN		4096	/* bytes searched for <meta> */
#define CHARSET_BAD_SHARE	1000	/* 1 replaced character in this many */
/* Bytes with invalid sequences are UTF-8 only with this many valid
 * multi-byte characters for each invalid one: a page in a legacy
 * encoding makes a valid sequence by accident now and then (an accented
 * letter before a symbol), a UTF-8 page cut in a character or with a
 * stray byte has many more valid ones.  Documented in htmltext(1),
 * ENCODING: change both. */
#define CHARSET_MULTIBYTE_SHARE	10
#define CHARSET_BINARY_SPAN	4096	/* bytes looked at by charset_binary */
#define CHARSET_BINARY_SHARE	20	/* 1 control byte in this many */

enum charset_how {
	CHARSET_BOM,
	CHARSET_UTF8,
	CHARSET_HEADER,
	CHARSET_META,
	CHARSET_DETECTOR,
	CHARSET_FALLBACK,
};

struct charset_result {
	const char	*name;		/* WHATWG name: "UTF-8", "GBK", ... */
	enum charset_how how;
	const char	*text;		/* UTF-8: the input itself, or out's bytes */
	size_t		 len;
	size_t		 replaced;	/* characters replaced by U+FFFD */
};

/* "bom", "utf8", "header", "meta", "detector", "fallback" */
const char *charset_how_name(enum charset_how how);

/* Decode p[0..n) into UTF-8.  http_charset is the charset parameter of an
 * HTTP Content-Type header, or NULL.  out is scratch space reused from
 * call to call; r->text may point into it or into p. */
void charset_decode(const char *p, size_t n, const char *http_charset,
    struct buf *out, struct charset_result *r);

/* Not text: more than one byte in CHARSET_BINARY_SHARE of the first
 * CHARSET_BINARY_SPAN (after a UTF-8 byte order mark) is a control
 * character other than TAB, LF, VT, FF, CR and ESC; or the bytes start a
 * PDF file.  A UTF-16 byte order mark makes NUL bytes ordinary, so such
 * a page is never binary.  *why gets a short reason. */
bool charset_binary(const char *p, size_t n, const char **why);

/* The encoding a WHATWG label names ("latin1" -> "windows-1252",
 * "gb2312" -> "GBK"), or NULL if unknown or unsupported.  Case and the
 * white space around the label do not matter. */
const char *charset_label(const char *label, size_t n);

/* The label the WHATWG prescan finds in a <meta> of p[0..n): its bytes
 * in label[0..*len), true if there is one. */
bool charset_prescan(const char *p, size_t n, char *label, size_t cap,
    size_t *len);

/* What a pass over bytes as UTF-8 finds. */
struct utf8_scan {
	size_t	invalid;	/* invalid sequences (maximal subparts) */
	size_t	multibyte;	/* valid characters of 2 to 4 bytes */
	size_t	chars;		/* characters, each invalid sequence one */
	bool	esc;		/* an ESC byte (ISO-2022-JP is 7-bit) */
};
void charset_scan_utf8(const char *p, size_t n, struct utf8_scan *s);

/* The number of characters of UTF-8 text: the bytes that do not
 * continue a character. */
size_t charset_chars(const char *p, size_t n);

void charset_cleanup(void);

/* A test hook (tests/unit/charset.c): the i-th label of the WHATWG
 * label table, NULL past its end, so that its order can be checked. */
const char *charset_label_at(size_t i);

#endif
