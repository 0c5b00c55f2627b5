/* Unit tests of common/wet.c. */
#include "docs.h"
#include "warc.h"
#include "wet.h"

#include "unit.h"

void
test_wet_helpers(void)
{
	static const char *const b32[][2] = {
		{ "", "" }, { "f", "MY======" }, { "fo", "MZXQ====" },
		{ "foo", "MZXW6===" }, { "foob", "MZXW6YQ=" },
		{ "fooba", "MZXW6YTB" }, { "foobar", "MZXW6YTBOI======" },
	};
	unsigned char rnd[16];
	char out[64], uuid[37];
	const char *why;
	uint64_t set[WARC_STATUS_WORDS];
	struct doc doc = { 0 };
	struct buf t = { 0 };
	int bad = 0;

	for (size_t i = 0; i < sizeof b32 / sizeof b32[0]; i++) {
		wet_base32((const unsigned char *)b32[i][0],
		    strlen(b32[i][0]), out);
		bad += strcmp(out, b32[i][1]) != 0;
	}
	ok(bad == 0, "wet_base32: RFC 4648's test vectors");
	memset(rnd, 0xff, sizeof rnd);
	wet_uuid(rnd, uuid);
	ok(strcmp(uuid, "ffffffff-ffff-4fff-bfff-ffffffffffff") == 0,
	    "wet_uuid: version 4, RFC 4122 variant: %s", uuid);
	memset(rnd, 0, sizeof rnd);
	wet_uuid(rnd, uuid);
	ok(strcmp(uuid, "00000000-0000-4000-8000-000000000000") == 0,
	    "wet_uuid: %s", uuid);

	ok(warc_status_parse("200", set, &why) && (set[3] >> 8 & 1) &&
	    !(set[3] >> 9 & 1), "warc_status_parse: 200");
	ok(warc_status_parse("200-299,404", set, &why) && (set[4] >> 43 & 1) &&
	    (set[6] >> 20 & 1) && !(set[4] >> 44 & 1) && !(set[3] >> 7 & 1),
	    "warc_status_parse: 200-299,404");
	ok(!warc_status_parse("20", set, &why) &&
	    !warc_status_parse("600", set, &why) &&
	    !warc_status_parse("300-200", set, &why) &&
	    !warc_status_parse("200,", set, &why) &&
	    !warc_status_parse("2000", set, &why) &&
	    !warc_status_parse("", set, &why) &&
	    !warc_status_parse("ALL", set, &why), "warc_status_parse: %s", why);

	doc.p = "Title\r\n\r\nline \xff one\ttab\nline \xe4\xb8\xad two\n\n";
	doc.n = strlen(doc.p);
	docs_text(&doc, &t);
	why = "Title\nline \xef\xbf\xbd one\ttab\nline \xe4\xb8\xad two";
	ok(t.len == strlen(why) && memcmp(t.p, why, t.len) == 0,
	    "docs_text: lines, no CR, no blank lines, U+FFFD");
	buf_free(&t);
}
