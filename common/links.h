/* The links of a parsed page (html.h), for the crawl frontier.
 *
 * links_run() hands each link to a sink in document order: <a href> and
 * <area href>, and with LINKS_ALL also <link href>, <img src>,
 * <script src> and <iframe src>.  A reference is resolved against the
 * first <base href> (itself resolved against the page's URL) and then
 * the page's URL, and normalized with urlnorm's default profile (safe:
 * the fragment and the utm_* and click identifiers dropped, the query
 * sorted).  Unless LINKS_ALL, these are left out: empty and
 * fragment-only references, schemes other than http and https, paths
 * that end in a resource file's extension (links_resource()), and a URL
 * the page has given before.  LINKS_SAME_HOST and LINKS_EXTERNAL keep the
 * links to the page's own host, or to others.
 *
 * A relative reference on a page without a URL cannot be made absolute:
 * it is counted in nrelative, or with LINKS_KEEP_RELATIVE handed out
 * as it is (and counted as same-host).  References that do not parse
 * as URLs are counted in ninvalid.  Nothing here recurses, and the
 * scratch memory is reused from page to page. */
#ifndef CRAWLUTILS_LINKS_H
#define CRAWLUTILS_LINKS_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "buf.h"
#include "url.h"

enum {
	LINKS_ALL		= 1 << 0,
	LINKS_SAME_HOST		= 1 << 1,
	LINKS_EXTERNAL		= 1 << 2,
	LINKS_KEEP_RELATIVE	= 1 << 3,
	LINKS_TEXT		= 1 << 4,	/* collect the anchor text */
};

struct link {
	const char	*url;		/* not NUL-terminated */
	size_t		 len;
	const char	*rel;		/* the rel attribute, white space */
	size_t		 nrel;		/* collapsed; empty if none */
	const char	*text;		/* LINKS_TEXT: the anchor text (an */
	size_t		 ntext;		/* area's alt), white space collapsed */
};

typedef void links_sink(void *ctx, const struct link *l);

struct links {
	unsigned	 flags;
	/* per page */
	size_t		 nrelative;	/* relative links left out */
	size_t		 ninvalid;	/* references that are not URLs */
	/* scratch */
	struct url	 page, base, u, norm;
	struct url_norm	 n;
	struct buf	 text, rel, raw, host, seen;
	size_t		*slots;		/* hash set of offsets into seen */
	size_t		 nslots, nseen;
};

void links_init(struct links *l, unsigned flags);
void links_free(struct links *l);
/* The links of doc (may be NULL: no links); url is the page's URL, or
 * NULL. */
void links_run(struct links *l, xmlDoc *doc, const char *url,
    links_sink *sink, void *ctx);
/* The page's <link rel=canonical href>, resolved and normalized, to
 * sink; nothing when it has none (or it cannot be made absolute, which
 * counts in nrelative unless LINKS_KEEP_RELATIVE). */
void links_canonical(struct links *l, xmlDoc *doc, const char *url,
    links_sink *sink, void *ctx);

/* Does the path p[0..n) (no query) end in a resource file's extension:
 * .css .js .png .jpg .pdf .zip .mp4 ... in any case? */
bool links_resource(const char *p, size_t n);

#endif
