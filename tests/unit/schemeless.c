/* Unit tests of common/schemeless.c. */
#include "schemeless.h"

#include "unit.h"

/* schemeless.h's grammar, case by case: what reads as a host, and the
 * look-alikes that must not. */
void
test_schemeless(void)
{
	static const struct { const char *s; bool host; } c[] = {
		{ "example.com", true }, { "Example.COM.", true },
		{ "www.example.co.uk/path?q=1#f", true },
		{ "example.com?x", true }, { "example.com#f", true },
		{ "example.com\\a", true }, { "a.b.c.d.e", true },
		{ "example.com:8080", true }, { "example.com:80/a", true },
		{ "10.0.0.1", true }, { "10.0.0.1:8080/x", true },
		{ "1.2.3.256", true },	/* the URL parser rejects it */
		{ "[::1]", true }, { "[::1]:8080", true },
		{ "[2001:db8::1]/a", true }, { "[::ffff:1.2.3.4]", true },
		{ "localhost", true }, { "LocalHost:3000/x", true },
		{ " \texample.com", true }, { "ex_a.com", true },
		{ "\xe4\xbe\x8b\xe3\x81\x88.jp", true },
		{ "index.html", true },	/* documented: a dot reads as a host */
		{ "", false }, { " ", false }, { "example", false },
		{ "localhostx", false }, { "localhost.", false },
		{ "page", false }, { "/path", false }, { "./a", false },
		{ "../a.b", false }, { "//example.com/", false },
		{ "user@example.com", false }, { "user:pw@example.com", false },
		{ "mailto:a@b.c", false }, { "a:b", false },
		{ "ex.com:/cb", false }, { "example.com:", false },
		{ "example.com:x", false }, { "example.com:80x", false },
		{ "http://example.com/", false }, { "a..b", false },
		{ ".com", false }, { "a b.com", false }, { "[::1", false },
		{ "[::g]", false }, { "[::1]x", false }, { "ex%41.com", false },
	};
	struct buf b = { 0 };
	size_t wrong = 0;

	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		bool got = schemeless_is(c[i].s, strlen(c[i].s));

		if (got != c[i].host) {
			wrong++;
			ok(0, "schemeless_is '%s': %d", c[i].s, got);
		}
	}
	ok(wrong == 0, "schemeless_is: %zu cases", sizeof c / sizeof c[0]);
	ok(schemeless_prefix("https", " \texample.com:81/a", 18, &b) &&
	    same(&b, "https://example.com:81/a", 24),
	    "schemeless_prefix: scheme, the input without its leading blanks");
	ok(!schemeless_prefix("http", "/a", 2, &b) &&
	    same(&b, "https://example.com:81/a", 24),
	    "schemeless_prefix: b untouched when the input is no host");
	/* the input is bytes, not a string: a NUL ends nothing */
	ok(!schemeless_is("example.com\0/x", 14) &&
	    !schemeless_is("ex\0ample.com", 12), "schemeless_is: NUL bytes");
	buf_free(&b);
}
