/* Fuzz target: the URL parser and normalizer.  The input is a URL, or
 * a base URL, LF, and a reference to resolve against it.  No crash;
 * the href re-parses to itself; under every profile, and with the
 * opt-ins (fragments kept, no sorting, extended drops and a keep list,
 * every aggressive flag, --unicode-host), the output parses,
 * normalizes to itself, and has a SURT key; but for --unicode-host it
 * is a WHATWG href: it re-parses to itself. */
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

/* The normalizers: each profile as it comes, then the opt-ins. */
#define NNORM	(URL_PROFILE_AGGRESSIVE + 1 + 5)
static struct url_norm norm[NNORM];

static void
setup(void)
{
	int i = 0;

	for (; i <= URL_PROFILE_AGGRESSIVE; i++)
		url_norm_init(&norm[i], (enum url_profile)i);
	url_norm_init(&norm[i], URL_PROFILE_SAFE);
	norm[i++].flags |= URL_KEEP_FRAGMENT | URL_NO_SORT;
	url_norm_init(&norm[i], URL_PROFILE_SAFE);
	norm[i].flags |= URL_ROUTING_FRAGMENT;
	url_params_add_extended(&norm[i++].drop);
	url_norm_init(&norm[i], URL_PROFILE_SAFE);
	url_params_add(&norm[i].keep, "id", 2);
	url_params_add(&norm[i++].keep, "p*", 2);
	url_norm_init(&norm[i], URL_PROFILE_RFC3986);
	norm[i++].flags |= URL_AGGRESSIVE | URL_FORCE_HTTPS;
	url_norm_init(&norm[i], URL_PROFILE_AGGRESSIVE);
	norm[i++].flags |= URL_UNICODE_HOST | URL_FORCE_HTTPS |
	    URL_STRIP_SESSION_IDS;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	const char *p = (const char *)data, *lf;
	const struct url *bp = NULL;
	struct buf key = { 0 };

	if (size > 1 << 16)
		return 0;
	if (!ready) {
		setup();
		ready = true;
	}
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
	for (int i = 0; i < NNORM; i++) {
		struct url_norm *n = &norm[i];

		url_normalize(n, &u, &n1);
		if (url_parse(&again, n1.href.p, n1.href.len, NULL) != URL_OK)
			abort();
		if (!(n->flags & URL_UNICODE_HOST) && !same(&again, &n1))
			abort();
		url_normalize(n, &again, &n2);
		if (!same(&n1, &n2))
			abort();
		key.len = 0;
		url_surt(&n1, &key);
	}
	buf_free(&key);
	return 0;
}
