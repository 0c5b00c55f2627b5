/* Fuzz target: the host-without-a-scheme grammar of urlnorm
 * --default-scheme, and the URL parts of what it lets through.  Whatever
 * schemeless_is() accepts gets "http://" before it; if the URL parser
 * takes that, its host must be one (an accepted input is never read as a
 * URL without a host), and every part must lie inside the href. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemeless.h"
#include "url.h"
#include "urlparts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct buf b = { 0 };
	struct url u;
	struct urlparts p;

	if (size > 4096)
		return 0;
	if (!schemeless_prefix("http", s, size, &b)) {
		if (b.len != 0)
			abort();
		return 0;
	}
	if (b.len < 7 || memcmp(b.p, "http://", 7) != 0)
		abort();
	url_init(&u);
	urlparts_init(&p);
	if (url_parse(&u, b.p, b.len, NULL) == URL_OK) {
		if (u.host_type == URL_HOST_NONE || u.host_type == URL_HOST_EMPTY)
			abort();
		urlparts_get(&p, &u, NULL, NULL);
		for (int i = 0; i < URLPARTS_N; i++)
			if (p.has[i] && i != URLPARTS_PORT &&
			    (p.v[i].p < u.href.p ||
			    p.v[i].p + p.v[i].n > u.href.p + u.href.len))
				abort();
		if (!p.has[URLPARTS_HOST] || !p.has[URLPARTS_PORT])
			abort();
	}
	urlparts_free(&p);
	url_free(&u);
	buf_free(&b);
	return 0;
}
