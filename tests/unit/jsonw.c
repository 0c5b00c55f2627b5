/* Unit tests of common/jsonw.c. */
#include <unicode/utf8.h>

#include "jsonw.h"

#include "unit.h"

#include <json-c/json.h>

/* jsonw: the string literals it writes, byte for byte, and random
 * objects read back by json-c's strict parser (RFC 8259, UTF-8
 * validated) into the values written, invalid UTF-8 read as U+FFFD per
 * maximal subpart (ICU's U8_NEXT decides independently). */
static void
expect_quote(const char *in, size_t n, const char *want)
{
	struct buf b = { 0 };

	jsonw_quote(&b, in, n);
	ok(same(&b, want, strlen(want)), "jsonw_quote %s", want);
	buf_free(&b);
}

/* What a reader should get back from s: U+FFFD for each invalid
 * sequence. */
static void
utf8_repaired(const char *s, size_t n, struct buf *out)
{
	int32_t i = 0, len = (int32_t)n;

	out->len = 0;
	while (i < len) {
		int32_t start = i;
		UChar32 c;

		U8_NEXT((const uint8_t *)s, i, len, c);
		if (c < 0)
			buf_append(out, "\xef\xbf\xbd", 3);
		else
			buf_append(out, s + start, (size_t)(i - start));
	}
}

static bool
json_str_is(struct json_object *o, const struct buf *want)
{
	return o != NULL && json_object_is_type(o, json_type_string) &&
	    (size_t)json_object_get_string_len(o) == want->len &&
	    memcmp(json_object_get_string(o), want->p, want->len) == 0;
}

void
test_jsonw(void)
{
	static const unsigned char alphabet[] = { 'a', ' ', '"', '\\', '/',
	    0, 1, '\b', '\f', '\n', '\r', '\t', 0x1f, 0x7f, 0x80, 0xbf, 0xc0,
	    0xc2, 0xa9, 0xe0, 0xa0, 0xed, 0x9f, 0xe2, 0x80, 0xa8, 0xa9,
	    0xef, 0xbb, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff, 0xe4, 0xb8,
	    0xad };
	struct json_tokener *tok = json_tokener_new();
	struct buf b = { 0 }, want = { 0 };
	char s[2][40];
	size_t bad = 0;

	expect_quote("", 0, "\"\"");
	expect_quote("a\"b\\c/d", 7, "\"a\\\"b\\\\c/d\"");
	expect_quote("\b\f\n\r\t\x01\x1f\x7f", 8,
	    "\"\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\"");
	expect_quote("x\0y", 3, "\"x\\u0000y\"");
	expect_quote("caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", 14,
	    "\"caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\"");
	expect_quote("\xe2\x80\xa8\xe2\x80\xa9", 6, "\"\\u2028\\u2029\"");
	/* one U+FFFD per maximal subpart: a lone continuation byte, an
	 * overlong lead, a truncated sequence, a surrogate's three bytes */
	expect_quote("\x80", 1, "\"\xef\xbf\xbd\"");
	expect_quote("\xc0\xaf", 2, "\"\xef\xbf\xbd\xef\xbf\xbd\"");
	expect_quote("\xe4\xb8", 2, "\"\xef\xbf\xbd\"");
	expect_quote("\xe4\xb8z", 3, "\"\xef\xbf\xbdz\"");
	expect_quote("\xed\xa0\x80", 3,
	    "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
	expect_quote("\xf4\x90\x80\x80", 4,
	    "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");

	/* the structure: commas, keys, nesting, numbers, booleans */
	{
		static const char want_obj[] = "{\"id\":\"a\\tb\",\"n\":-12,"
		    "\"u\":18446744073709551615,\"t\":[\"x\",false],\"o\":{},"
		    "\"b\":true}";
		struct jsonw w;

		jsonw_init_buf(&w, &b);
		jsonw_begin(&w, NULL);
		jsonw_str(&w, "id", "a\tb", 3);
		jsonw_int(&w, "n", -12);
		jsonw_uint(&w, "u", UINTMAX_MAX);
		jsonw_begin_array(&w, "t");
		jsonw_str(&w, NULL, "x", 1);
		jsonw_bool(&w, NULL, false);
		jsonw_end_array(&w);
		jsonw_begin(&w, "o");
		jsonw_end(&w);
		jsonw_bool(&w, "b", true);
		jsonw_end(&w);
		ok(same(&b, want_obj, strlen(want_obj)),
		    "jsonw object: %.*s", (int)b.len, b.p);
	}

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_VALIDATE_UTF8);
	for (int t = 0; t < 20000; t++) {
		struct json_object *o, *v;
		struct jsonw w;
		size_t n[2];
		intmax_t num = (intmax_t)rnd() - (intmax_t)rnd() * 65536;
		bool good;

		for (int k = 0; k < 2; k++) {
			n[k] = rnd() % sizeof s[k];
			for (size_t i = 0; i < n[k]; i++)
				s[k][i] = (char)alphabet[rnd() % sizeof alphabet];
		}
		b.len = 0;
		jsonw_init_buf(&w, &b);
		jsonw_begin(&w, NULL);
		jsonw_str(&w, "s", s[0], n[0]);
		jsonw_int(&w, "n", num);
		jsonw_begin_array(&w, "a");
		jsonw_str(&w, NULL, s[1], n[1]);
		jsonw_bool(&w, NULL, t & 1);
		jsonw_end_array(&w);
		jsonw_end(&w);
		json_tokener_reset(tok);
		o = json_tokener_parse_ex(tok, b.p, (int)b.len);
		good = o != NULL && json_tokener_get_parse_end(tok) == b.len &&
		    memchr(b.p, '\n', b.len) == NULL;
		utf8_repaired(s[0], n[0], &want);
		good = good && json_object_object_get_ex(o, "s", &v) &&
		    json_str_is(v, &want);
		good = good && json_object_object_get_ex(o, "n", &v) &&
		    json_object_get_int64(v) == num;
		utf8_repaired(s[1], n[1], &want);
		good = good && json_object_object_get_ex(o, "a", &v) &&
		    json_object_array_length(v) == 2 &&
		    json_str_is(json_object_array_get_idx(v, 0), &want) &&
		    json_object_get_boolean(json_object_array_get_idx(v, 1)) ==
		    (t & 1);
		if (!good && bad++ == 0)
			ok(0, "jsonw random: %.*s", (int)b.len, b.p);
		json_object_put(o);
	}
	ok(bad == 0, "jsonw: 20000 random objects read back by json-c");
	json_tokener_free(tok);
	buf_free(&b);
	buf_free(&want);
}
