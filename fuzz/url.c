/* Fuzz target: the URL parser and normalizer.  The input is a URL, or
 * a base URL, LF, and a reference to resolve against it.  No crash;
 * the href re-parses to itself; under every profile (with the opt-ins
 * and --unicode-host under aggressive) the output parses, normalizes to
 * itself, and has a SURT key. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "url.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct url u, base, again, n1, n2;

static int
same(const struct url *a, const struct url *b)
{
	return a->href.len == b->href.len &&
	    memcmp(a->href.p, b->href.p, a->href.len) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *lf;
	const struct url *bp = NULL;
	struct buf key = { 0 };

	if (size > 1 << 16)
		return 0;
	lf = memchr(p, '\n', size);
	if (lf != NULL) {
		if (url_parse(&base, p, (size_t)(lf - p), NULL) == URL_OK)
			bp = &base;
		size -= (size_t)(lf + 1 - p);
		p = lf + 1;
	}
	if (url_parse(&u, p, size, bp) != URL_OK)
		return 0;
	if (url_parse(&again, u.href.p, u.href.len, NULL) != URL_OK ||
	    !same(&again, &u))
		abort();
	for (int pr = URL_PROFILE_WHATWG; pr <= URL_PROFILE_AGGRESSIVE; pr++) {
		struct url_norm n;

		url_norm_init(&n, (enum url_profile)pr);
		if (pr == URL_PROFILE_AGGRESSIVE)
			n.flags |= URL_UNICODE_HOST | URL_FORCE_HTTPS |
			    URL_STRIP_SESSION_IDS;
		url_normalize(&n, &u, &n1);
		if (url_parse(&again, n1.href.p, n1.href.len, NULL) != URL_OK)
			abort();
		url_normalize(&n, &again, &n2);
		if (!same(&n1, &n2))
			abort();
		key.len = 0;
		url_surt(&n1, &key);
		url_norm_free(&n);
	}
	buf_free(&key);
	return 0;
}
