/* The parts of a URL as strings of their own, for urlnorm --parts and
 * --json: the components of the href, the origin, and the registrable
 * domain, public suffix and subdomain of the Public Suffix List
 * (pubsuffix.h).
 *
 *	scheme		"https" (no ':')
 *	host		as written in the href: "xn--" labels, or Unicode
 *			after URL_UNICODE_HOST; an IPv6 address in brackets
 *	port		the URL's port, or its scheme's default (80 for http
 *			and ws, 443 for https and wss, 21 for ftp)
 *	path		"/a/b"; the whole path of "mailto:x"
 *	query		without the '?'
 *	fragment	without the '#'
 *	domain		the registrable domain: "example.co.uk"
 *	suffix		the public suffix: "co.uk"
 *	subdomain	what comes before the domain: "www.a"
 *	site		the origin, scheme "://" host [":" port]: no
 *			userinfo, the port only when the href has one
 *
 * A part the URL lacks is absent (has[] false) and its span empty: the
 * host of "mailto:x" and "file:///x", a query without a '?', the port
 * of a scheme without a default; domain, suffix and subdomain of a host
 * that is not a domain name (an IP address, an opaque host of a scheme
 * that is not special, a name with an empty label), and the domain and
 * subdomain of a host that is itself a public suffix.  An empty query or
 * fragment ("?", "#") is there, and empty.
 *
 * The spans point into the URL's href or into the struct's own buffers,
 * valid until the next urlparts_get(). */
#ifndef CRAWLUTILS_URLPARTS_H
#define CRAWLUTILS_URLPARTS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "field.h"
#include "jsonw.h"
#include "pubsuffix.h"
#include "url.h"

enum urlparts_part {
	URLPARTS_SCHEME, URLPARTS_HOST, URLPARTS_PORT, URLPARTS_PATH,
	URLPARTS_QUERY, URLPARTS_FRAGMENT, URLPARTS_DOMAIN, URLPARTS_SUFFIX,
	URLPARTS_SUBDOMAIN, URLPARTS_SITE,
	URLPARTS_N
};

/* The names, in the order above: "scheme", ..., "site". */
extern const char *const urlparts_names[URLPARTS_N];

/* Parse a list of names separated by commas ("domain,host") into
 * parts[0..max); the count, or 0 with the first name that is not one in
 * *bad (an empty name between commas, too).  A name may come twice. */
size_t urlparts_parse_list(const char *list, unsigned char *parts,
    size_t max, struct span *bad);
/* Does the list need the Public Suffix List (domain, suffix, subdomain)? */
bool urlparts_need_psl(const unsigned char *parts, size_t n);

struct urlparts {
	struct span	 v[URLPARTS_N];
	bool		 has[URLPARTS_N];
	long		 port;		/* -1: none */
	char		 portbuf[8];
	struct buf	 site;
};

void urlparts_init(struct urlparts *p);
void urlparts_free(struct urlparts *p);

/* The parts of u.  ascii: NULL, or the same URL with the host in ASCII
 * when u's is in Unicode (URL_UNICODE_HOST): the list is looked up with
 * that one, and domain, suffix and subdomain are the same labels of u's
 * host.  ps NULL: no domain, suffix or subdomain. */
void urlparts_get(struct urlparts *p, const struct url *u,
    const struct url *ascii, struct pubsuffix *ps);

/* Append parts[0..n) to b, each escaped as a field and followed by TAB. */
void urlparts_tsv(const struct urlparts *p, const unsigned char *parts,
    size_t n, struct buf *b);
/* Write parts[0..n) that are present as keys of the object being
 * written: strings, the port a number. */
void urlparts_json(const struct urlparts *p, const unsigned char *parts,
    size_t n, struct jsonw *w);

#endif
