#include <stdint.h>
#include <string.h>
#include <strings.h>

#include <xxhash.h>

#include "html.h"
#include "links.h"
#include "textnorm.h"
#include "xalloc.h"

void
links_init(struct links *l, unsigned flags)
{
	memset(l, 0, sizeof *l);
	l->flags = flags;
	url_init(&l->page);
	url_init(&l->base);
	url_init(&l->u);
	url_init(&l->norm);
	url_norm_init(&l->n, URL_PROFILE_SAFE);
}

void
links_free(struct links *l)
{
	url_free(&l->page);
	url_free(&l->base);
	url_free(&l->u);
	url_free(&l->norm);
	url_norm_free(&l->n);
	buf_free(&l->text);
	buf_free(&l->rel);
	buf_free(&l->raw);
	buf_free(&l->host);
	buf_free(&l->seen);
	free(l->slots);
	l->slots = NULL;
}

/* The node after n in document order, below top; its children only
 * when descend is set.  (A document is a node for this walk.) */
static xmlNode *
next_node(xmlNode *n, const xmlNode *top, bool descend)
{
	if (descend && n->children != NULL)
		return n->children;
	while (n != top && n != NULL) {
		if (n->next != NULL)
			return n->next;
		n = n->parent;
	}
	return NULL;
}

static bool
element(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* Extensions of files that are not pages, lower case, by length. */
static const char *const resources[] = {
	"7z", "gz", "js", "xz",
	"apk", "avi", "bmp", "bz2", "css", "dmg", "doc", "eot", "exe", "flv",
	"gif", "ico", "iso", "jpg", "m4a", "m4v", "map", "mjs", "mkv", "mov",
	"mp3", "mp4", "msi", "oga", "ogg", "ogv", "otf", "pdf", "png", "ppt",
	"rar", "svg", "tar", "tgz", "tif", "ttf", "wav", "wmv", "xls", "zip",
	"avif", "docx", "jpeg", "pptx", "tiff", "webm", "webp", "woff", "xlsx",
	"woff2",
};

bool
links_resource(const char *p, size_t n)
{
	size_t i = n;

	while (i > 0 && p[i - 1] != '.' && p[i - 1] != '/')
		i--;
	if (i == 0 || p[i - 1] != '.' || n - i > 5 || n == i)
		return false;
	for (size_t k = 0; k < sizeof resources / sizeof resources[0]; k++)
		if (strlen(resources[k]) == n - i &&
		    strncasecmp(p + i, resources[k], n - i) == 0)
			return true;
	return false;
}

/* Forget the URLs of the last page. */
static void
seen_reset(struct links *l)
{
	if (l->nseen > 0)
		memset(l->slots, 0, l->nslots * sizeof *l->slots);
	l->nseen = 0;
	l->seen.len = 0;
}

/* Add p[0..n) to the page's set; false if it was there. */
static bool
seen_add(struct links *l, const char *p, size_t n)
{
	size_t mask, i;

	if (2 * (l->nseen + 1) > l->nslots) {
		size_t old = l->nslots, *slots = l->slots;

		l->nslots = old ? 2 * old : 256;
		l->slots = xmalloc(l->nslots * sizeof *l->slots);
		memset(l->slots, 0, l->nslots * sizeof *l->slots);
		mask = l->nslots - 1;
		for (size_t k = 0; k < old; k++) {
			size_t off = slots[k], len;

			if (off == 0)
				continue;
			memcpy(&len, l->seen.p + off - 1, sizeof len);
			i = (size_t)XXH3_64bits(l->seen.p + off - 1 +
			    sizeof len, len) & mask;
			while (l->slots[i] != 0)
				i = (i + 1) & mask;
			l->slots[i] = off;
		}
		free(slots);
	}
	mask = l->nslots - 1;
	for (i = (size_t)XXH3_64bits(p, n) & mask; l->slots[i] != 0;
	    i = (i + 1) & mask) {
		const char *e = l->seen.p + l->slots[i] - 1;
		size_t len;

		memcpy(&len, e, sizeof len);
		if (len == n && memcmp(e + sizeof len, p, n) == 0)
			return false;
	}
	l->slots[i] = l->seen.len + 1;
	buf_append(&l->seen, &n, sizeof n);
	buf_append(&l->seen, p, n);
	l->nseen++;
	return true;
}

/* The text of e's subtree, white space collapsed, into l->text. */
static void
anchor_text(struct links *l, xmlNode *e)
{
	l->raw.len = l->text.len = 0;
	for (xmlNode *n = e->children; n != NULL; ) {
		bool skip = element(n, "script") || element(n, "style");

		if ((n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && n->content != NULL) {
			buf_append(&l->raw, n->content,
			    strlen((const char *)n->content));
			buf_putc(&l->raw, ' ');
		} else if (element(n, "br") || element(n, "img")) {
			const char *alt = element(n, "img") ?
			    html_attr(n, "alt") : NULL;

			if (alt != NULL)
				buf_append(&l->raw, alt, strlen(alt));
			buf_putc(&l->raw, ' ');
		}
		n = next_node(n, e, !skip);
	}
	textnorm_space_buf(l->raw.p, l->raw.len, false, &l->text);
}

/* Set up the page's URL and base; the base to resolve against, or
 * NULL. */
static const struct url *
page_base(struct links *l, xmlDoc *doc, const char *url)
{
	const struct url *b = NULL;

	l->nrelative = l->ninvalid = 0;
	l->host.len = 0;
	if (url != NULL && url_parse(&l->page, url, strlen(url), NULL) ==
	    URL_OK)
		b = &l->page;
	/* the page's own host: of its URL, else of an absolute base */
	if (b != NULL)
		buf_append(&l->host, b->href.p + b->host_start,
		    b->host_end - b->host_start);
	for (xmlNode *n = doc ? doc->children : NULL; n != NULL;
	    n = next_node(n, (xmlNode *)doc, true)) {
		const char *h;

		if (!element(n, "base") || (h = html_attr(n, "href")) == NULL)
			continue;
		if (url_parse(&l->base, h, strlen(h), b) == URL_OK)
			b = &l->base;
		break;
	}
	if (l->host.len == 0 && b != NULL)
		buf_append(&l->host, b->href.p + b->host_start,
		    b->host_end - b->host_start);
	return b;
}

static void
trim(const char **p, size_t *n)
{
	while (*n > 0 && (unsigned char)**p <= ' ') {
		(*p)++;
		(*n)--;
	}
	while (*n > 0 && (unsigned char)(*p)[*n - 1] <= ' ')
		(*n)--;
}

/* One reference: filter, resolve, normalize, hand out. */
static void
one(struct links *l, const struct url *b, xmlNode *e, const char *href,
    bool canonical, links_sink *sink, void *ctx)
{
	const bool all = (l->flags & LINKS_ALL) != 0;
	size_t n = strlen(href);
	struct link k = { 0 };
	enum url_error err;
	bool same;

	trim(&href, &n);
	if (!all && !canonical && (n == 0 || href[0] == '#'))
		return;
	err = url_parse(&l->u, href, n, b);
	if (err == URL_ERR_NO_SCHEME && b == NULL) {
		size_t pn = 0;

		while (pn < n && href[pn] != '?' && href[pn] != '#')
			pn++;
		if (!all && !canonical && links_resource(href, pn))
			return;
		if (!(l->flags & LINKS_KEEP_RELATIVE)) {
			l->nrelative++;
			return;
		}
		if (l->flags & LINKS_EXTERNAL)
			return;
		k.url = href;
		k.len = n;
	} else if (err != URL_OK) {
		l->ninvalid++;
		return;
	} else {
		struct url *u = &l->norm;

		if (!all && !canonical && l->u.scheme != URL_HTTP &&
		    l->u.scheme != URL_HTTPS)
			return;
		url_normalize(&l->n, &l->u, u);
		if (!all && !canonical && links_resource(u->href.p +
		    u->path_start, u->path_end - u->path_start))
			return;
		same = l->host.len > 0 && l->host.len ==
		    u->host_end - u->host_start && memcmp(l->host.p,
		    u->href.p + u->host_start, l->host.len) == 0;
		if (!canonical && (((l->flags & LINKS_SAME_HOST) && !same) ||
		    ((l->flags & LINKS_EXTERNAL) && same)))
			return;
		k.url = u->href.p;
		k.len = u->href.len;
	}
	if (!all && !canonical && !seen_add(l, k.url, k.len))
		return;
	if (!canonical) {
		const char *rel = html_attr(e, "rel");

		l->rel.len = 0;
		if (rel != NULL)
			textnorm_space_buf(rel, strlen(rel), false, &l->rel);
		k.rel = l->rel.p ? l->rel.p : "";
		k.nrel = l->rel.len;
		if (l->flags & LINKS_TEXT) {
			if (element(e, "area")) {
				const char *alt = html_attr(e, "alt");

				l->text.len = 0;
				if (alt != NULL)
					textnorm_space_buf(alt, strlen(alt),
					    false, &l->text);
			} else
				anchor_text(l, e);
			k.text = l->text.p ? l->text.p : "";
			k.ntext = l->text.len;
		}
	}
	sink(ctx, &k);
}

/* The attribute of e that holds a link, or NULL. */
static const char *
link_attr(const xmlNode *e, bool all)
{
	const char *name = (const char *)e->name;

	if (strcmp(name, "a") == 0 || strcmp(name, "area") == 0)
		return html_attr(e, "href");
	if (!all)
		return NULL;
	if (strcmp(name, "link") == 0)
		return html_attr(e, "href");
	if (strcmp(name, "img") == 0 || strcmp(name, "script") == 0 ||
	    strcmp(name, "iframe") == 0)
		return html_attr(e, "src");
	return NULL;
}

void
links_run(struct links *l, xmlDoc *doc, const char *url, links_sink *sink,
    void *ctx)
{
	const struct url *b = page_base(l, doc, url);

	seen_reset(l);
	for (xmlNode *n = doc ? doc->children : NULL; n != NULL;
	    n = next_node(n, (xmlNode *)doc, true)) {
		const char *href;

		if (n->type == XML_ELEMENT_NODE &&
		    (href = link_attr(n, l->flags & LINKS_ALL)) != NULL)
			one(l, b, n, href, false, sink, ctx);
	}
}

/* Does the rel value hold the token want? */
static bool
rel_has(const char *rel, const char *want)
{
	size_t wn = strlen(want);

	for (const char *p = rel; *p != '\0'; ) {
		size_t n;

		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\f')
			p++;
		n = strcspn(p, " \t\n\r\f");
		if (n == wn && strncasecmp(p, want, n) == 0)
			return true;
		p += n;
	}
	return false;
}

void
links_canonical(struct links *l, xmlDoc *doc, const char *url,
    links_sink *sink, void *ctx)
{
	const struct url *b = page_base(l, doc, url);

	for (xmlNode *n = doc ? doc->children : NULL; n != NULL;
	    n = next_node(n, (xmlNode *)doc, true)) {
		const char *rel, *href;

		if (element(n, "link") && (rel = html_attr(n, "rel")) != NULL &&
		    rel_has(rel, "canonical") &&
		    (href = html_attr(n, "href")) != NULL) {
			one(l, b, n, href, true, sink, ctx);
			return;
		}
	}
}
