/* HTML5's named character references, for a parser that knows HTML 4's.
 * libxml2 2.9's HTML parser decodes the 253 names of HTML 4 (and &apos;)
 * and leaves the others as they are: a page that writes "Yeah&mldr; not
 * great" or "Kotlin&colon;" would give those words.  Before the parse,
 * entities_html5() rewrites each reference to one of HTML5's other 1,872
 * names, with its semicolon, as the numeric references of its characters
 * ("&mldr;" becomes "&#x2026;"), which the parser decodes in text and in
 * attribute values alike.  "&amp;mldr;" is not touched (the reference
 * there is &amp;), so a page that shows an entity's name keeps showing
 * it.  Names without a semicolon are HTML 4's, which the parser knows. */
#ifndef CRAWLUTILS_ENTITIES_H
#define CRAWLUTILS_ENTITIES_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Whether p (n bytes) holds such a reference; if so, out is set to the
 * rewritten text (out is left alone otherwise). */
bool entities_html5(const char *p, size_t n, struct buf *out);
/* The numeric references of HTML5's name (without & and ;), or NULL
 * when the name is HTML 4's or none. */
const char *entities_lookup(const char *name);

#endif
