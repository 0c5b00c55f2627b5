/* Unit tests of common/meta.c. */
#include <string.h>

#include "meta.h"

#include "unit.h"

void
test_meta(void)
{
	static const struct {
		const char	*in, *want;	/* want NULL: no name */
	} names[] = {
		{ "By Ann Lee", "Ann Lee" },
		{ "\xe2\x80\xa2", NULL },			/* a bullet */
		{ "\xc2\xb7 \xe2\x80\x94", NULL },		/* a middle dot, a dash */
		{ "Zo\xc3\xab \xc3\x85" "berg", "Zo\xc3\xab \xc3\x85" "berg" },
		{ "\xe6\x9d\x8e\xe5\x9b\x9b", "\xe6\x9d\x8e\xe5\x9b\x9b" },	/* CJK */
		{ "ann@example.com", NULL },
	};

	ok(meta_keys_sorted(), "meta: the table of <meta> names is sorted");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct buf b = { 0 };
		bool got = meta_clean_author(names[i].in, strlen(names[i].in), &b);

		ok(names[i].want == NULL ? !got : got &&
		    b.len == strlen(names[i].want) &&
		    memcmp(b.p, names[i].want, b.len) == 0,
		    "meta_clean_author: case %zu", i);
		buf_free(&b);
	}
}
