/* Unit tests of common/versions.c. */
#include "field.h"
#include "versions.h"

#include "unit.h"

static bool
distinct(const char *a, const char *b)
{
	return versions_distinct(a, strlen(a), b, strlen(b));
}

void
test_versions(void)
{
	static const struct { const char *seg; bool v; } segs[] = {
		{ "v1", true }, { "V2", true }, { "v1.2.3", true },
		{ "1.2", true }, { "10.0.1", true }, { "2023", true },
		{ "1999", true }, { "1", false }, { "12", false },
		{ "1800", false }, { "20234", false }, { "v", false },
		{ "v1.", false }, { "1.", false }, { ".1", false },
		{ "1..2", false }, { "va", false }, { "v1a", false },
		{ "", false }, { "docs", false }, { "2023a", false },
	};
	struct span p;
	struct buf b = { 0 };

	for (size_t i = 0; i < sizeof segs / sizeof segs[0]; i++)
		ok(versions_like(segs[i].seg, strlen(segs[i].seg)) ==
		    segs[i].v, "versions: '%s' is%s version-like", segs[i].seg,
		    segs[i].v ? "" : " not");
	ok(versions_path("https://h/a/b?q#f", 17, &p) && p.n == 4 &&
	    memcmp(p.p, "/a/b", 4) == 0, "versions: path stops at ?");
	ok(versions_path("http://h", 8, &p) && p.n == 0, "versions: no path");
	ok(versions_path("git+ssh://h/x#y", 15, &p) && p.n == 2,
	    "versions: scheme with + and fragment");
	ok(!versions_path("/a/b", 4, &p) && !versions_path("h:/a", 4, &p) &&
	    !versions_path("1http://h/", 10, &p) && !versions_path("", 0, &p),
	    "versions: not URLs");
	ok(distinct("https://a/docs/v1/x", "http://b/docs/v2/x"),
	    "versions: v1 and v2 are distinct on any host");
	ok(distinct("https://a/v1", "https://a/v2/more/segments"),
	    "versions: the paths may differ in length");
	ok(!distinct("https://a/docs/v1/x", "https://a/docs/v1/y"),
	    "versions: the same version");
	ok(!distinct("https://a/docs/v1/x", "https://a/v2/docs/x"),
	    "versions: versions in different positions");
	ok(!distinct("https://a/docs/v1", "docs/v2"), "versions: one not a URL");
	ok(!distinct("https://a/x?v=1", "https://a/x?v=2"),
	    "versions: the query is not the path");
	ok(distinct("https://a/2023/r", "https://a/2024/r") &&
	    distinct("https://a/1.2/r", "https://a/1.3/r"),
	    "versions: years and dotted numbers");
	versions_class("https://a/docs/v1/x/2023", 24, &b);
	ok(b.len == 12 && memcmp(b.p, "1:v1/3:2023/", 12) == 0,
	    "versions: version class");
	b.len = 0;
	versions_class("https://a/docs/x", 16, &b);
	ok(b.len == 0, "versions: no version class");
	buf_free(&b);
}
