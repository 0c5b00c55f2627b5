/* Fuzz target: the links of a page (links.h) and the URL of a mirrored
 * file's path (docs_path_url).  The input is the page's URL (or a path),
 * LF, and the page; its last byte picks the flags.  No crash; every
 * link made absolute is a URL in printable ASCII (and without spaces
 * when http or https) that the safe profile leaves as it is; without LINKS_ALL it is http or https, not a
 * resource file and given once; with LINKS_SAME_HOST alone it is on the
 * page's host; no field, escaped, holds a raw TAB or LF; a page has one
 * canonical link at most.  A path's URL, when one is made, parses to
 * itself. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "docs.h"
#include "escape.h"
#include "html.h"
#include "links.h"
#include "url.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct check {
	unsigned	 flags;
	bool		 canonical;
	size_t		 n;
	struct buf	 seen;		/* the links so far, NUL after each */
	struct url	 u, again;
	struct url_norm	 norm;
	struct buf	 esc;
};

static void
no_tab_lf(struct check *c, const char *p, size_t n)
{
	c->esc.len = 0;
	escape_append(&c->esc, p, n);
	if (c->esc.len && (memchr(c->esc.p, '\t', c->esc.len) ||
	    memchr(c->esc.p, '\n', c->esc.len)))
		abort();
}

static bool
seen_before(const struct buf *b, const char *p, size_t n)
{
	for (size_t i = 0; i < b->len; ) {
		size_t len = strlen(b->p + i);

		if (len == n && memcmp(b->p + i, p, n) == 0)
			return true;
		i += len + 1;
	}
	return false;
}

static void
sink(void *ctx, const struct link *l)
{
	struct check *c = ctx;
	bool relative = c->flags & LINKS_KEEP_RELATIVE &&
	    url_parse(&c->u, l->url, l->len, NULL) == URL_ERR_NO_SCHEME;

	c->n++;
	if (c->canonical && c->n > 1)
		abort();
	no_tab_lf(c, l->url, l->len);
	no_tab_lf(c, l->rel, l->nrel);
	if (c->flags & LINKS_TEXT && !c->canonical)
		no_tab_lf(c, l->text, l->ntext);
	if (relative)
		return;
	if (url_parse(&c->u, l->url, l->len, NULL) != URL_OK)
		abort();
	/* spaces stay in the opaque path of "mailto:a b" (LINKS_ALL) */
	for (size_t i = 0; i < l->len; i++)
		if ((unsigned char)l->url[i] < ' ' ||
		    (unsigned char)l->url[i] >= 0x7f || (l->url[i] == ' ' &&
		    (c->u.scheme == URL_HTTP || c->u.scheme == URL_HTTPS)))
			abort();
	url_normalize(&c->norm, &c->u, &c->again);
	if (c->again.href.len != l->len ||
	    memcmp(c->again.href.p, l->url, l->len) != 0)
		abort();
	if (c->flags & LINKS_ALL || c->canonical)
		return;
	if ((c->u.scheme != URL_HTTP && c->u.scheme != URL_HTTPS) ||
	    links_resource(c->u.href.p + c->u.path_start,
	    c->u.path_end - c->u.path_start))
		abort();
	/* URLs hold no NUL: the list can be NUL-separated */
	if (seen_before(&c->seen, l->url, l->len))
		abort();
	buf_append(&c->seen, l->url, l->len);
	buf_putc(&c->seen, '\0');
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct buf scratch, url, pathurl;
	static struct links l;
	static struct check c;
	static bool ready;
	const char *p = (const char *)data, *lf, *why;
	const char *page = NULL;
	struct html h;
	unsigned flags;

	if (size > 1 << 20 || size == 0)
		return 0;
	flags = data[size - 1] & 0x1f;
	if (!ready) {
		url_init(&c.u);
		url_init(&c.again);
		url_norm_init(&c.norm, URL_PROFILE_SAFE);
		ready = true;
	}
	if ((lf = memchr(p, '\n', size)) != NULL) {
		url.len = 0;
		buf_append(&url, p, (size_t)(lf - p));
		buf_cstr(&url);
		/* a C string ends at the first NUL, as a file name does */
		if (url.len > 0 && strlen(url.p) > 0) {
			page = url.p;
			if (docs_path_url(url.p, size % 2 ? "http" : "https",
			    &pathurl, &why)) {
				struct url u;

				url_init(&u);
				if (url_parse(&u, pathurl.p, pathurl.len,
				    NULL) != URL_OK || u.href.len !=
				    pathurl.len || memcmp(u.href.p, pathurl.p,
				    pathurl.len) != 0)
					abort();
				url_free(&u);
			} else if (why == NULL || *why == '\0')
				abort();
		}
		size -= (size_t)(lf + 1 - p);
		p = lf + 1;
	}
	html_load(&h, p, size, "fuzz", NULL, &scratch);
	links_init(&l, flags);
	c.flags = flags;
	c.seen.len = 0;
	c.n = 0;
	c.canonical = false;
	links_run(&l, h.doc, page, sink, &c);
	c.n = 0;
	c.canonical = true;
	links_canonical(&l, h.doc, page, sink, &c);
	links_free(&l);
	html_free(&h);
	return 0;
}
