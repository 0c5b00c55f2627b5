/* URLs: WHATWG parsing, RFC 3986 normalization, crawl policy, SURT keys.
 *
 * url_parse() is the basic URL parser of the WHATWG URL Standard (UTF-8
 * only, no state override): it resolves a reference against an optional
 * base and writes the serialization (the standard's href) into the
 * caller's struct url, with the offsets of every component.  Special
 * hosts go through IDNA (UTS #46, non-transitional, ICU's uidna with the
 * errors the standard ignores masked); ASCII hosts ("xn--" labels and
 * all, as the standard says) never reach ICU, and recent IDNA
 * conversions are cached.  Bytes that are not valid UTF-8 are
 * percent-encoded as they are.
 *
 * url_normalize() rewrites a parsed URL under a struct url_norm: the
 * profile picks the steps (WHATWG href only; + RFC 3986 percent-encoding
 * normalization; + the crawl policy for query and fragment), the flags
 * add opt-ins (strip www, session ids, ...).  The result is again a
 * struct url whose href re-parses to itself, and normalizing it again
 * changes nothing.  url_surt() writes the SURT sort key of a URL.
 * url.c holds the parser, urlnorm.c normalization, policy and SURT.
 *
 * No allocation per URL: the caller owns every buffer a call writes.
 * A struct url (and a struct url_norm, which holds the scratch space of
 * the query policy) is set up once and reused; its buffers grow to the
 * longest URL seen and stay.  Only IDNA cache misses allocate, inside
 * ICU.  A loop over many URLs, each resolved against its page's URL:
 *
 *	struct url page, u, norm;
 *	struct url_norm n;
 *	url_init(&page); url_init(&u); url_init(&norm);
 *	url_norm_init(&n, URL_PROFILE_SAFE);
 *	for (each page) {
 *		if (url_parse(&page, p, len, NULL) != URL_OK) continue;
 *		for (each href on the page) {
 *			if (url_parse(&u, h, hlen, &page) != URL_OK) continue;
 *			url_normalize(&n, &u, &norm);
 *			use norm.href.p, norm.href.len (not NUL-terminated)
 *		}
 *	}
 *	url_free(&page); url_free(&u); url_free(&norm); url_norm_free(&n);
 *
 * The IDNA cache is one per process: the functions are not thread-safe. */
#ifndef CRAWLUTILS_URL_H
#define CRAWLUTILS_URL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* The special schemes of the standard, and the rest. */
enum url_scheme {
	URL_OTHER, URL_HTTP, URL_HTTPS, URL_WS, URL_WSS, URL_FTP, URL_FILE
};

enum url_host {
	URL_HOST_NONE,		/* no authority: "mailto:x", "foo:/x" */
	URL_HOST_EMPTY,		/* "file:///x", "foo:///x" */
	URL_HOST_DOMAIN,	/* ASCII, lowercase, IDNA applied */
	URL_HOST_IPV4,		/* dotted quad */
	URL_HOST_IPV6,		/* in brackets, compressed */
	URL_HOST_OPAQUE		/* host of a non-special URL */
};

enum url_error {
	URL_OK,
	URL_ERR_EMPTY,		/* nothing but spaces and controls, no base */
	URL_ERR_NO_SCHEME,	/* relative reference and no base */
	URL_ERR_BASE_OPAQUE,	/* relative reference, base like "mailto:" */
	URL_ERR_HOST_MISSING,
	URL_ERR_HOST_CHAR,	/* forbidden code point in a host */
	URL_ERR_IDNA,
	URL_ERR_IPV4,
	URL_ERR_IPV6,
	URL_ERR_PORT,		/* not digits */
	URL_ERR_PORT_RANGE	/* above 65535 */
};

/* A parsed URL.  href holds the serialization; every component is a
 * range of it.  With no authority, user..port are empty ranges at the
 * start of the path; a missing query or fragment is an empty range at
 * the end of what precedes it (has_query, has_fragment tell "?" from
 * nothing).  A URL without host whose path starts with "//" has "/."
 * before path_start, as the standard serializes it. */
struct url {
	struct buf	 href;
	size_t		 scheme_end;	/* href[scheme_end] is ':' */
	size_t		 user_start, user_end;
	size_t		 pass_start, pass_end;
	size_t		 host_start, host_end;
	size_t		 path_start, path_end;
	size_t		 query_start, query_end;	/* after the '?' */
	size_t		 frag_start;			/* after the '#' */
	long		 port;		/* -1: none (or the default) */
	unsigned char	 scheme;	/* enum url_scheme */
	unsigned char	 host_type;	/* enum url_host */
	bool		 opaque_path;	/* "mailto:x": a string, not segments */
	bool		 has_query;
	bool		 has_fragment;
	bool		 pct;		/* a '%' came from the input (or base) */
	struct buf	 in, tmp;	/* private scratch */
};

void url_init(struct url *u);
void url_free(struct url *u);

/* Parse in[0..n) (UTF-8; other bytes are percent-encoded as they are),
 * resolved against base if it is not NULL (and not u).  On failure u
 * holds nothing useful. */
enum url_error url_parse(struct url *u, const char *in, size_t n,
    const struct url *base);
/* A short lowercase reason, for messages. */
const char *url_strerror(enum url_error e);

enum url_profile {
	URL_PROFILE_WHATWG,	/* the href as it is */
	URL_PROFILE_RFC3986,	/* + percent-encoding normalization */
	URL_PROFILE_SAFE,	/* + query and fragment policy */
	URL_PROFILE_AGGRESSIVE	/* safe + URL_AGGRESSIVE flags */
};

/* Opt-ins (url_norm.flags).  They apply under any profile; the query
 * policy (empty pairs, parameter drops, sorting) and the fragment policy
 * only under safe and aggressive. */
enum {
	URL_KEEP_FRAGMENT	= 1 << 0,
	URL_ROUTING_FRAGMENT	= 1 << 1,	/* keep only "#!..." and "#/..." */
	URL_NO_SORT		= 1 << 2,
	URL_STRIP_WWW		= 1 << 3,
	URL_STRIP_SESSION_IDS	= 1 << 4,
	URL_STRIP_TRAILING_SLASH = 1 << 5,
	URL_STRIP_INDEX		= 1 << 6,
	URL_COLLAPSE_SLASHES	= 1 << 7,
	URL_STRIP_USERINFO	= 1 << 8,
	URL_STRIP_TRAILING_DOT	= 1 << 9,
	URL_FORCE_HTTPS		= 1 << 10,
	URL_UNICODE_HOST	= 1 << 11	/* U-labels, for display */
};
#define URL_AGGRESSIVE	(URL_STRIP_WWW | URL_STRIP_SESSION_IDS | \
	URL_STRIP_TRAILING_SLASH | URL_STRIP_INDEX | URL_COLLAPSE_SLASHES | \
	URL_STRIP_USERINFO | URL_STRIP_TRAILING_DOT)

/* A query parameter name, or a prefix when it was given as "prefix*". */
struct url_param {
	char	*name;
	size_t	 len;
	bool	 prefix;
};

struct url_params {
	struct url_param	*v;
	size_t			 n, cap;
	unsigned char		 first[32];	/* bitmap of first bytes */
	uint64_t		 lens;		/* bitmap of name lengths */
	bool			 prefixes;	/* any "prefix*"; long names */
};

/* A normalizer: its settings, and scratch space reused across URLs. */
struct url_norm {
	enum url_profile	 profile;
	unsigned		 flags;
	struct url_params	 drop;	/* parameters dropped */
	struct url_params	 keep;	/* if any: only these are kept */
	struct url_pair		*pairs;	/* private */
	size_t			 npairs;
};

/* Settings of a profile: its flags, and under safe and aggressive the
 * default drops (utm_source utm_medium utm_campaign utm_term utm_content
 * fbclid gclid). */
void url_norm_init(struct url_norm *n, enum url_profile p);
void url_norm_free(struct url_norm *n);
/* Add a parameter name ("name", or "prefix*") to a list. */
void url_params_add(struct url_params *l, const char *name, size_t len);
void url_params_clear(struct url_params *l);
/* The --extended-drops list: utm_*, fbclid, gclid, dclid, msclkid, ... */
void url_params_add_extended(struct url_params *l);

/* Normalize in into out (which must not be in).  Never fails. */
void url_normalize(struct url_norm *n, const struct url *in, struct url *out);

/* Append the SURT key of u to b: "com,example)/path?query" for http
 * and https ("host:port" when there is a port, IP addresses as they
 * are, no userinfo, the fragment if u has one); "scheme:" and the same
 * for other schemes with a host; the href itself for URLs without one. */
void url_surt(const struct url *u, struct buf *b);

#endif
