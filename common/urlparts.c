#include <stdint.h>
#include <string.h>

#include "escape.h"
#include "urlparts.h"

const char *const urlparts_names[URLPARTS_N] = {
	[URLPARTS_SCHEME] = "scheme", [URLPARTS_HOST] = "host",
	[URLPARTS_PORT] = "port", [URLPARTS_PATH] = "path",
	[URLPARTS_QUERY] = "query", [URLPARTS_FRAGMENT] = "fragment",
	[URLPARTS_DOMAIN] = "domain", [URLPARTS_SUFFIX] = "suffix",
	[URLPARTS_SUBDOMAIN] = "subdomain", [URLPARTS_SITE] = "site"
};

size_t
urlparts_parse_list(const char *list, unsigned char *parts, size_t max,
    struct span *bad)
{
	const char *s = list;
	size_t n = 0;

	for (;;) {
		const char *e = strchr(s, ',');
		size_t len = e != NULL ? (size_t)(e - s) : strlen(s);
		int found = -1;

		for (int i = 0; i < URLPARTS_N; i++)
			if (strlen(urlparts_names[i]) == len &&
			    memcmp(urlparts_names[i], s, len) == 0)
				found = i;
		if (found < 0 || n == max) {
			bad->p = s;
			bad->n = len;
			return 0;
		}
		parts[n++] = (unsigned char)found;
		if (e == NULL)
			return n;
		s = e + 1;
	}
}

bool
urlparts_need_psl(const unsigned char *parts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (parts[i] == URLPARTS_DOMAIN || parts[i] == URLPARTS_SUFFIX ||
		    parts[i] == URLPARTS_SUBDOMAIN)
			return true;
	return false;
}

void
urlparts_init(struct urlparts *p)
{
	memset(p, 0, sizeof *p);
}

void
urlparts_free(struct urlparts *p)
{
	buf_free(&p->site);
}

static void
set(struct urlparts *p, enum urlparts_part k, const char *s, size_t n)
{
	p->v[k].p = s;
	p->v[k].n = n;
	p->has[k] = true;
}

static long
default_port(unsigned scheme)
{
	switch (scheme) {
	case URL_HTTP:
	case URL_WS:
		return 80;
	case URL_HTTPS:
	case URL_WSS:
		return 443;
	case URL_FTP:
		return 21;
	default:
		return -1;
	}
}

/* The start of the last k labels of h[0..end), or SIZE_MAX if it has
 * fewer. */
static size_t
last_labels(const char *h, size_t end, size_t k)
{
	size_t i = end;

	while (k-- > 0) {
		while (i > 0 && h[i - 1] != '.')
			i--;
		if (k == 0)
			return i;
		if (i == 0)
			return SIZE_MAX;
		i--;		/* the dot */
	}
	return SIZE_MAX;
}

static size_t
count_labels(const char *s, size_t n)
{
	size_t k = 1;

	for (size_t i = 0; i < n; i++)
		k += s[i] == '.';
	return k;
}

/* domain, suffix and subdomain of the host h[0..n), looked up as a[0..an) */
static void
psl_parts(struct urlparts *p, struct pubsuffix *ps, const char *h, size_t n,
    const char *a, size_t an)
{
	struct pubsuffix_split r;
	size_t end, suffix, domain = SIZE_MAX;

	if (!pubsuffix_split(ps, a, an, &r))
		return;
	end = r.end;
	suffix = r.suffix;
	domain = r.domain;
	if (h != a) {
		/* the same labels of the Unicode host (IDNA maps a label to
		 * a label); the ASCII ones if the counts do not agree */
		size_t hend = n > 0 && h[n - 1] == '.' ? n - 1 : n;
		size_t s = last_labels(h, hend, count_labels(a + suffix,
		    end - suffix));
		size_t d = domain == SIZE_MAX ? SIZE_MAX : last_labels(h, hend,
		    count_labels(a + domain, end - domain));

		if (count_labels(h, hend) == count_labels(a, end) &&
		    s != SIZE_MAX && (domain == SIZE_MAX || d != SIZE_MAX)) {
			suffix = s;
			domain = d;
			end = hend;
		} else
			h = a;
	}
	set(p, URLPARTS_SUFFIX, h + suffix, end - suffix);
	if (domain == SIZE_MAX)
		return;
	set(p, URLPARTS_DOMAIN, h + domain, end - domain);
	if (domain > 0)
		set(p, URLPARTS_SUBDOMAIN, h, domain - 1);
}

#define NONE	{ "", 0 }
static const struct span none[URLPARTS_N] = {
	NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE
};
_Static_assert(URLPARTS_N == 10, "none[] has an empty span a part");

void
urlparts_get(struct urlparts *p, const struct url *u,
    const struct url *ascii, struct pubsuffix *ps)
{
	const char *h = u->href.p;
	bool host = u->host_type != URL_HOST_NONE &&
	    u->host_type != URL_HOST_EMPTY;

	/* (a loop: a sixth of the instructions --parts host adds to a
	 * record, callgrind on bench/urlnorm.sh's real URLs) */
	memcpy(p->v, none, sizeof p->v);
	memset(p->has, 0, sizeof p->has);
	p->port = -1;
	set(p, URLPARTS_SCHEME, h, u->scheme_end);
	if (host) {
		const char *hs = h + u->host_start;
		size_t hn = u->host_end - u->host_start;

		set(p, URLPARTS_HOST, hs, hn);
		p->port = u->port >= 0 ? u->port : default_port(u->scheme);
		if (p->port == 80 || p->port == 443)
			set(p, URLPARTS_PORT, p->port == 80 ? "80" : "443",
			    p->port == 80 ? 2 : 3);
		else if (p->port >= 0) {
			/* by hand: snprintf() was a tenth of the time of
			 * --parts host (bench/urlnorm.sh); the defaults of
			 * http and https, most ports, are constants (their
			 * digits were an eighth of its instructions) */
			char *e = p->portbuf + sizeof p->portbuf, *d = e;
			long v = p->port;

			do
				*--d = (char)('0' + v % 10);
			while ((v /= 10) > 0);
			set(p, URLPARTS_PORT, d, (size_t)(e - d));
		}
		/* the origin: the href up to the path, without userinfo */
		if (u->user_start == u->host_start)
			set(p, URLPARTS_SITE, h, u->path_start);
		else {
			p->site.len = 0;
			buf_append(&p->site, h, u->user_start);
			buf_append(&p->site, hs, u->path_start - u->host_start);
			set(p, URLPARTS_SITE, p->site.p, p->site.len);
		}
		if (ps != NULL && u->host_type == URL_HOST_DOMAIN) {
			const char *a = hs;
			size_t an = hn;

			if (ascii != NULL) {
				a = ascii->href.p + ascii->host_start;
				an = ascii->host_end - ascii->host_start;
			}
			psl_parts(p, ps, hs, hn, a, an);
		}
	}
	set(p, URLPARTS_PATH, h + u->path_start, u->path_end - u->path_start);
	if (u->has_query)
		set(p, URLPARTS_QUERY, h + u->query_start,
		    u->query_end - u->query_start);
	if (u->has_fragment)
		set(p, URLPARTS_FRAGMENT, h + u->frag_start,
		    u->href.len - u->frag_start);
}

void
urlparts_tsv(const struct urlparts *p, const unsigned char *parts,
    size_t n, struct buf *b)
{
	for (size_t i = 0; i < n; i++) {
		const struct span *v = &p->v[parts[i]];

		/* only a backslash can need escaping: the parser removes TAB,
		 * LF and CR */
		if (memchr(v->p, '\\', v->n) != NULL)
			escape_append(b, v->p, v->n);
		else
			buf_append(b, v->p, v->n);
		buf_putc(b, '\t');
	}
}

void
urlparts_json(const struct urlparts *p, const unsigned char *parts,
    size_t n, struct jsonw *w)
{
	for (size_t i = 0; i < n; i++) {
		unsigned k = parts[i];

		if (!p->has[k] || (p->v[k].n == 0 && k != URLPARTS_QUERY &&
		    k != URLPARTS_FRAGMENT))
			continue;
		if (k == URLPARTS_PORT)
			jsonw_int(w, urlparts_names[k], p->port);
		else
			jsonw_str(w, urlparts_names[k], p->v[k].p, p->v[k].n);
	}
}
