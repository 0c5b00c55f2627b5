/* A web page as a tree: its bytes decoded (charset.h) and parsed by
 * libxml2's HTML parser.
 *
 * The parser is given the UTF-8 we produced and told it is UTF-8, so it
 * never acts on a <meta> of its own; it recovers from malformed markup,
 * never touches the network, and runs with XML_PARSE_HUGE (libxml2
 * 2.9.14 otherwise stops at nesting depth 256 and cuts text nodes at
 * 10 MB, dropping the rest of the page without a word): the caller bounds
 * the input size instead.  A NUL byte is read as a space (libxml2 would
 * end the document at one in a tag).  Markup errors are expected in real pages and
 * are counted, not printed; libxml2 never writes to stderr itself: what
 * it would say goes through diag.h, prefixed with the document's name.
 * Running out of memory is fatal, as everywhere. */
#ifndef CRAWLUTILS_HTML_H
#define CRAWLUTILS_HTML_H

#include <stddef.h>

#include <libxml/HTMLparser.h>

#include "buf.h"
#include "charset.h"

/* The largest document html_load() takes: libxml2 counts in int, and
 * decoding to UTF-8 can triple the size of a single-byte encoding. */
#define HTML_MAX_BYTES	((size_t)512 << 20)

struct html {
	xmlDoc			*doc;	/* NULL when there is nothing to parse */
	struct charset_result	 cs;
	size_t			 errors;	/* markup errors recovered from */
};

/* Decode and parse n <= HTML_MAX_BYTES bytes; name is the document's name
 * in messages, http_charset the charset of an HTTP Content-Type or NULL.
 * scratch holds the decoded text and is reused between calls. */
void html_load(struct html *h, const char *p, size_t n, const char *name,
    const char *http_charset, struct buf *scratch);
void html_free(struct html *h);
void html_cleanup(void);

/* The value of attribute name of element e without copying it, or NULL.
 * libxml2's HTML parser stores an attribute value as one text node with
 * entities decoded; a value it split is not found (never in practice). */
const char *html_attr(const xmlNode *e, const char *name);

/* Whether n is an element h1 ... h6. */
bool html_is_heading(const xmlNode *n);
/* The one element child of n; NULL when it has none or several. */
xmlNode *html_only_child(const xmlNode *n);

/* The node after n in document order under root, into n's children when
 * descend: the one preorder walk of a tree, without recursion, so that
 * a page nested 100,000 deep is walked like any other.  NULL after the
 * last.  A walk that acts when it leaves an element keeps its own loop.
 * As strchr does, it takes a const node and gives one the caller may
 * change if its tree is its own to change. */
xmlNode *html_next(const xmlNode *n, const xmlNode *root, bool descend);

#endif
