/* The field escaping of DESIGN.md (PostgreSQL COPY text format): inside
 * a field, backslash, TAB, LF and CR are written \\, \t, \n, \r.  A
 * backslash followed by any other byte (or ending the field) stands for
 * itself: "C:\dir" unescapes to itself.  unescape(escape(x)) == x for
 * every byte string x, and escape never emits a raw TAB, LF or CR. */
#ifndef CRAWLUTILS_ESCAPE_H
#define CRAWLUTILS_ESCAPE_H

#include <stddef.h>

#include "buf.h"
#include "out.h"

/* Append the unescaped form of p[0..n) to b. */
void unescape_append(struct buf *b, const char *p, size_t n);
/* Append the escaped form of p[0..n) to b, or write it to o. */
void escape_append(struct buf *b, const char *p, size_t n);
void escape_write(struct out *o, const char *p, size_t n);

#endif
