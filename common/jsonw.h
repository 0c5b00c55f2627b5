/* A JSON writer for JSON Lines output (RFC 8259): objects and arrays of
 * strings, integers and booleans, written as they are built, into a
 * struct out (out.h) or a struct buf (buf.h).
 *
 * Strings are always valid UTF-8: each invalid sequence (a maximal
 * subpart, as ICU and the WHATWG decoder count them) becomes U+FFFD, so
 * a value never makes the line unreadable; the characters below U+0020
 * are written \b \f \n \r \t or \u00XX, '"' and '\' are escaped, and so
 * are U+2028 and U+2029 (legal in JSON, not in older JavaScript); every
 * other character is written as it is, '/' and non-ASCII included.
 * Nothing is written for a key the caller does not ask for: keys
 * without a value are left out by not calling.  The writer makes no
 * line: the caller ends the object with its record's LF.
 *
 *	struct jsonw w;
 *	jsonw_init_out(&w, out);
 *	jsonw_begin(&w, NULL);			{
 *	jsonw_str(&w, "id", id, strlen(id));	"id":"..."
 *	jsonw_begin_array(&w, "tags");		,"tags":[
 *	jsonw_str(&w, NULL, "a", 1);		"a"
 *	jsonw_end_array(&w);			]
 *	jsonw_end(&w);				}
 *
 * Inside an object every value has a key; inside an array key is NULL.
 * Nesting deeper than JSONW_MAX_DEPTH is a programming error (abort). */
#ifndef CRAWLUTILS_JSONW_H
#define CRAWLUTILS_JSONW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "out.h"

#define JSONW_MAX_DEPTH	16

struct jsonw {
	struct out	*o;		/* one of these two */
	struct buf	*b;
	unsigned	 depth;
	bool		 more[JSONW_MAX_DEPTH];	/* a value written at that level */
};

void jsonw_init_out(struct jsonw *w, struct out *o);
void jsonw_init_buf(struct jsonw *w, struct buf *b);

void jsonw_begin(struct jsonw *w, const char *key);		/* { */
void jsonw_end(struct jsonw *w);				/* } */
void jsonw_begin_array(struct jsonw *w, const char *key);	/* [ */
void jsonw_end_array(struct jsonw *w);				/* ] */
void jsonw_str(struct jsonw *w, const char *key, const char *s, size_t n);
void jsonw_int(struct jsonw *w, const char *key, intmax_t v);
void jsonw_uint(struct jsonw *w, const char *key, uintmax_t v);
void jsonw_bool(struct jsonw *w, const char *key, bool v);

/* The JSON string literal for s[0..n), quotes included, appended to b:
 * the escaping above, for callers that build JSON by hand. */
void jsonw_quote(struct buf *b, const char *s, size_t n);

#endif
