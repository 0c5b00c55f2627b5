/* Unit tests of common/urlparts.c. */
#include "field.h"
#include "pubsuffix.h"
#include "url.h"
#include "urlparts.h"

#include "unit.h"

/* The parts of some URLs; ps NULL: no list.  want: "scheme|host|port|
 * path|query|fragment|domain|suffix|subdomain|site", "-" for absent. */
static void
parts_case(struct pubsuffix *ps, unsigned flags, const char *in,
    const char *want)
{
	struct url u, out, ascii;
	struct url_norm nm;
	struct urlparts p;
	struct buf got = { 0 };
	const struct url *a = NULL;

	url_init(&u);
	url_init(&out);
	url_init(&ascii);
	urlparts_init(&p);
	url_norm_init(&nm, URL_PROFILE_SAFE);
	nm.flags |= URL_KEEP_FRAGMENT;
	if (url_parse(&u, in, strlen(in), NULL) != URL_OK) {
		ok(0, "urlparts: '%s' does not parse", in);
		goto done;
	}
	url_normalize(&nm, &u, &out);
	if (flags & URL_UNICODE_HOST) {
		url_normalize(&nm, &u, &ascii);
		nm.flags |= URL_UNICODE_HOST;
		url_normalize(&nm, &u, &out);
		a = &ascii;
	}
	urlparts_get(&p, &out, a, ps);
	for (int i = 0; i < URLPARTS_N; i++) {
		if (i > 0)
			buf_putc(&got, '|');
		if (p.has[i])
			buf_append(&got, p.v[i].p, p.v[i].n);
		else
			buf_putc(&got, '-');
	}
	ok(same(&got, want, strlen(want)), "urlparts: '%s': '%.*s'", in,
	    (int)got.len, got.p);
done:
	buf_free(&got);
	urlparts_free(&p);
	url_norm_free(&nm);
	url_free(&u);
	url_free(&out);
	url_free(&ascii);
}

void
test_urlparts(const char *top)
{
	unsigned char parts[4];
	struct span bad;
	struct pubsuffix *ps, *priv;
	char err[256], path[4096];

	ok(urlparts_parse_list("domain,host,domain", parts, 4, &bad) == 3 &&
	    parts[0] == URLPARTS_DOMAIN && parts[1] == URLPARTS_HOST &&
	    parts[2] == URLPARTS_DOMAIN, "urlparts_parse_list: in order, twice");
	ok(urlparts_parse_list("host,Domain", parts, 4, &bad) == 0 &&
	    bad.n == 6 && memcmp(bad.p, "Domain", 6) == 0,
	    "urlparts_parse_list: names are lower case");
	ok(urlparts_parse_list("host,", parts, 4, &bad) == 0 && bad.n == 0 &&
	    urlparts_parse_list("", parts, 4, &bad) == 0,
	    "urlparts_parse_list: an empty name is none");
	ok(urlparts_parse_list("host,host,host,host,host", parts, 4,
	    &bad) == 0, "urlparts_parse_list: no more than max");
	ok(urlparts_need_psl(parts, 0) == false &&
	    urlparts_parse_list("site,suffix", parts, 4, &bad) == 2 &&
	    urlparts_need_psl(parts, 2) &&
	    urlparts_parse_list("site,host", parts, 4, &bad) == 2 &&
	    !urlparts_need_psl(parts, 2), "urlparts_need_psl");

	ps = pubsuffix_open(NULL, false, err, sizeof err);
	priv = pubsuffix_open(NULL, true, err, sizeof err);
	ok(ps != NULL && priv != NULL, "pubsuffix_open: Debian's list: %s",
	    ps != NULL ? "loaded" : err);
	if (ps == NULL || priv == NULL)
		return;
	parts_case(NULL, 0, "https://u:p@WWW.Example.co.uk:8443/a/b?q=1#f",
	    "https|www.example.co.uk|8443|/a/b|q=1|f|-|-|-|"
	    "https://www.example.co.uk:8443");
	parts_case(ps, 0, "https://u:p@WWW.Example.co.uk:8443/a/b?q=1#f",
	    "https|www.example.co.uk|8443|/a/b|q=1|f|example.co.uk|co.uk|www|"
	    "https://www.example.co.uk:8443");
	/* (the policy drops an empty query, not an empty fragment kept) */
	parts_case(ps, 0, "http://a.b.example.com./?#",
	    "http|a.b.example.com.|80|/|-||example.com|com|a.b|"
	    "http://a.b.example.com.");
	parts_case(ps, 0, "http://example.com/", "http|example.com|80|/|-|-|"
	    "example.com|com|-|http://example.com");
	parts_case(ps, 0, "http://co.uk/", "http|co.uk|80|/|-|-|-|co.uk|-|"
	    "http://co.uk");
	parts_case(ps, 0, "http://10.0.0.1:8080/", "http|10.0.0.1|8080|/|-|-|"
	    "-|-|-|http://10.0.0.1:8080");
	parts_case(ps, 0, "http://[::1]/", "http|[::1]|80|/|-|-|-|-|-|"
	    "http://[::1]");
	parts_case(ps, 0, "mailto:a@b.c", "mailto|-|-|a@b.c|-|-|-|-|-|-");
	parts_case(ps, 0, "file:///etc/x", "file|-|-|/etc/x|-|-|-|-|-|-");
	parts_case(ps, 0, "foo://h.example.com:9/x", "foo|h.example.com|9|/x|"
	    "-|-|-|-|-|foo://h.example.com:9");
	parts_case(ps, 0, "gopher://h.example.com/x", "gopher|h.example.com|-|"
	    "/x|-|-|-|-|-|gopher://h.example.com");
	parts_case(ps, 0, "https://foo.github.io/", "https|foo.github.io|443|"
	    "/|-|-|github.io|io|foo|https://foo.github.io");
	parts_case(priv, 0, "https://foo.github.io/", "https|foo.github.io|"
	    "443|/|-|-|foo.github.io|github.io|-|https://foo.github.io");
	parts_case(ps, 0, "http://www.ck/", "http|www.ck|80|/|-|-|www.ck|ck|"
	    "-|http://www.ck");
	parts_case(ps, 0, "http://a.b.c.ck/", "http|a.b.c.ck|80|/|-|-|b.c.ck|"
	    "c.ck|a|http://a.b.c.ck");
	parts_case(ps, 0, "http://www.\xe4\xbe\x8b\xe3\x81\x88.jp/",
	    "http|www.xn--r8jz45g.jp|80|/|-|-|xn--r8jz45g.jp|jp|www|"
	    "http://www.xn--r8jz45g.jp");
	parts_case(ps, URL_UNICODE_HOST, "http://a.www.\xe4\xbe\x8b\xe3\x81\x88"
	    ".jp/", "http|a.www.\xe4\xbe\x8b\xe3\x81\x88.jp|80|/|-|-|"
	    "\xe4\xbe\x8b\xe3\x81\x88.jp|jp|a.www|"
	    "http://a.www.\xe4\xbe\x8b\xe3\x81\x88.jp");
	/* a Unicode suffix of the list, matched in its xn-- form */
	parts_case(ps, URL_UNICODE_HOST, "http://a.b.\xe5\x85\xac\xe5\x8f\xb8"
	    ".cn/", "http|a.b.\xe5\x85\xac\xe5\x8f\xb8.cn|80|/|-|-|"
	    "b.\xe5\x85\xac\xe5\x8f\xb8.cn|\xe5\x85\xac\xe5\x8f\xb8.cn|a|"
	    "http://a.b.\xe5\x85\xac\xe5\x8f\xb8.cn");
	{
		struct pubsuffix_split r;
		struct buf h = { 0 };
		bool same_twice = true;

		/* empty labels: no suffix */
		ok(!pubsuffix_split(ps, ".example.com", 12, &r) &&
		    !pubsuffix_split(ps, "a..com", 6, &r) &&
		    !pubsuffix_split(ps, ".", 1, &r) &&
		    !pubsuffix_split(ps, "", 0, &r), "pubsuffix_split: empty labels");
		/* a host of 200 labels: the last PUBSUFFIX_MAX_LABELS decide */
		for (int i = 0; i < 200; i++)
			buf_append(&h, "a.", 2);
		buf_append(&h, "co.uk", 5);
		ok(pubsuffix_split(ps, h.p, h.len, &r) && r.suffix == h.len - 5 &&
		    r.domain == h.len - 7 && r.end == h.len,
		    "pubsuffix_split: 200 labels");
		/* the cache gives the answers the list gives: more hosts than
		 * it holds (it starts again), each looked up twice (the last
		 * host), in two rounds (the table) */
		for (int round = 0; round < 2; round++)
			for (unsigned i = 0; i < 50000; i++) {
				struct pubsuffix_split r1, r2;
				char name[64];
				int n = snprintf(name, sizeof name, "h%u.x%u.%s", i,
				    i % 7, i % 3 == 0 ? "co.uk" : i % 3 == 1 ?
				    "github.io" : "example");
				bool b1 = pubsuffix_split(priv, name, (size_t)n, &r1);
				bool b2 = pubsuffix_split(priv, name, (size_t)n, &r2);
				size_t want = (size_t)n - (i % 3 == 0 ? 5 : i % 3 == 1 ?
				    9 : 7);

				if (!b1 || !b2 || r1.suffix != want ||
				    r2.suffix != want || r1.domain != r2.domain)
					same_twice = false;
			}
		ok(same_twice, "pubsuffix_split: cached answers are the list's");
		buf_free(&h);
	}
	pubsuffix_close(ps);
	pubsuffix_close(priv);

	/* lists in files: the text form, and files that are not lists */
	snprintf(path, sizeof path, "%s/tests/data/url/psl/small.dat", top);
	ps = pubsuffix_open(path, false, err, sizeof err);
	priv = pubsuffix_open(path, true, err, sizeof err);
	ok(ps != NULL && priv != NULL, "pubsuffix_open: a text list");
	if (ps != NULL && priv != NULL) {
		parts_case(ps, 0, "http://x.github.io/", "http|x.github.io|80|/|-|"
		    "-|github.io|io|x|http://x.github.io");
		parts_case(priv, 0, "http://x.github.io/", "http|x.github.io|80|/|"
		    "-|-|x.github.io|github.io|-|http://x.github.io");
		parts_case(ps, 0, "http://a.b.example/", "http|a.b.example|80|/|"
		    "-|-|b.example|example|a|http://a.b.example");
	}
	pubsuffix_close(ps);
	pubsuffix_close(priv);
	{
		static const struct { const char *file, *err; } nolist[] = {
			{ "nomark.dat", "no line '// ===BEGIN ICANN DOMAINS==='" },
			{ "badrule.dat", "badrule.dat:3: not a Public Suffix List "
			    "rule: 'https://example.com/'" },
			{ "emptylabel.dat", "emptylabel.dat:3: not a Public Suffix "
			    "List rule: 'co..uk'" },
			{ "none.dat", "none.dat: No such file or directory" },
			{ "", ": Is a directory" },
		};

		for (size_t i = 0; i < sizeof nolist / sizeof nolist[0]; i++) {
			snprintf(path, sizeof path, "%s/tests/data/url/psl/%s", top,
			    nolist[i].file);
			err[0] = '\0';
			ps = pubsuffix_open(path, false, err, sizeof err);
			ok(ps == NULL && strstr(err, nolist[i].err) != NULL,
			    "pubsuffix_open: '%s': %s", nolist[i].file, err);
			pubsuffix_close(ps);
		}
	}
}
