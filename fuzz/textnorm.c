/* Fuzz target: white space collapsing and the ICU forms.  Any bytes in:
 * no crash; the result has no leading, trailing or doubled space and no
 * ASCII white space but single spaces; collapsing is idempotent; valid
 * UTF-8 stays valid through NFKC and case folding. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/utf8.h>

#include "textnorm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
valid_utf8(const char *p, size_t n)
{
	int32_t i = 0, len = (int32_t)n;
	UChar32 c;

	while (i < len) {
		U8_NEXT((const uint8_t *)p, i, len, c);
		if (c < 0)
			return 0;
	}
	return 1;
}

static void
check_collapsed(const struct buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		char c = b->p[i];

		if ((c >= '\t' && c <= '\r') ||
		    (c == ' ' && (i == 0 || i + 1 == b->len || b->p[i + 1] == ' ')))
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	struct buf a = { 0 }, b = { 0 }, u = { 0 };

	if (size > 1 << 20)
		return 0;
	textnorm_space_buf(p, size, true, &a);
	check_collapsed(&a);
	textnorm_space_buf(p, size, false, &b);
	check_collapsed(&b);
	a.len = 0;
	textnorm_space_buf(b.p, b.len, false, &a);
	if (a.len != b.len || (a.len && memcmp(a.p, b.p, a.len)))
		abort();
	textnorm_unicode(p, size, TEXTNORM_NFKC | TEXTNORM_CASEFOLD, &u);
	if (valid_utf8(p, size) && !valid_utf8(u.p, u.len))
		abort();
	buf_free(&a);
	buf_free(&b);
	buf_free(&u);
	return 0;
}
