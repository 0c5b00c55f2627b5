/* Unit tests of common/url.c. */
#include "escape.h"
#include "url.h"

#include "unit.h"

/* The fields of the record at *p (up to LF), unescaped, into f[0..max);
 * advances *p past the record.  The number of fields. */
static size_t
tsv_fields(const char **p, const char *end, struct buf *f, size_t max)
{
	const char *e = memchr(*p, '\n', (size_t)(end - *p)), *s = *p;
	size_t n = 0;

	if (e == NULL)
		e = end;
	while (n < max) {
		const char *t = memchr(s, '\t', (size_t)(e - s));

		f[n].len = 0;
		unescape_append(&f[n], s, (size_t)((t ? t : e) - s));
		n++;
		if (t == NULL)
			break;
		s = t + 1;
	}
	*p = e < end ? e + 1 : end;
	return n;
}

static bool
slurp(const char *path, struct buf *b)
{
	FILE *fp = fopen(path, "rb");
	char chunk[65536];
	size_t k;

	if (fp == NULL)
		return false;
	while ((k = fread(chunk, 1, sizeof chunk, fp)) > 0)
		buf_append(b, chunk, k);
	fclose(fp);
	return true;
}

/* The standard's URL components of u, as the test data spells them. */
static void
url_component(const struct url *u, const char *name, struct buf *b)
{
	const char *h = u->href.p;
	char port[24] = "";

	b->len = 0;
	if (u->port >= 0)
		snprintf(port, sizeof port, "%ld", u->port);
	if (strcmp(name, "href") == 0)
		buf_append(b, h, u->href.len);
	else if (strcmp(name, "protocol") == 0)
		buf_append(b, h, u->scheme_end + 1);
	else if (strcmp(name, "username") == 0)
		buf_append(b, h + u->user_start, u->user_end - u->user_start);
	else if (strcmp(name, "password") == 0)
		buf_append(b, h + u->pass_start, u->pass_end - u->pass_start);
	else if (strcmp(name, "hostname") == 0 || strcmp(name, "host") == 0) {
		buf_append(b, h + u->host_start, u->host_end - u->host_start);
		if (name[4] == '\0' && port[0] != '\0') {
			buf_putc(b, ':');
			buf_append(b, port, strlen(port));
		}
	} else if (strcmp(name, "port") == 0)
		buf_append(b, port, strlen(port));
	else if (strcmp(name, "pathname") == 0)
		buf_append(b, h + u->path_start, u->path_end - u->path_start);
	else if (strcmp(name, "search") == 0) {
		if (u->query_end > u->query_start) {
			buf_putc(b, '?');
			buf_append(b, h + u->query_start, u->query_end - u->query_start);
		}
	} else if (strcmp(name, "hash") == 0 && u->href.len > u->frag_start) {
		buf_putc(b, '#');
		buf_append(b, h + u->frag_start, u->href.len - u->frag_start);
	}
}

/* Parse s (with base b, "" for none) into u; URL_OK or the error. */
static enum url_error
parse_with(struct url *u, const char *s, size_t n, const char *b, size_t bn,
    struct url *base)
{
	if (bn == 0)
		return url_parse(u, s, n, NULL);
	if (url_parse(base, b, bn, NULL) != URL_OK)
		return (enum url_error)-1;
	return url_parse(u, s, n, base);
}

/* Every case of the WHATWG test data (tests/data/url/urltestdata.tsv,
 * made by convert.py): the failures fail, the others give every
 * component.  Then the properties on the same inputs: the href
 * re-parses to itself, and each profile's output normalizes to itself. */
void
test_url_whatwg(const char *top)
{
	static const char *const comps[] = { "href", "protocol", "username",
	    "password", "host", "hostname", "port", "pathname", "search", "hash" };
	static const enum url_profile profiles[] = { URL_PROFILE_RFC3986,
	    URL_PROFILE_SAFE, URL_PROFILE_AGGRESSIVE };
	struct buf data = { 0 }, f[14] = { { 0 } }, got = { 0 };
	struct url u, base, again, n1, n2;
	char path[4096];
	const char *p, *end;
	int cases = 0, bad = 0, reparse_bad = 0, idem_bad = 0;

	snprintf(path, sizeof path, "%s/tests/data/url/urltestdata.tsv", top);
	if (!slurp(path, &data)) {
		ok(0, "urltestdata: cannot read %s", path);
		return;
	}
	url_init(&u);
	url_init(&base);
	url_init(&again);
	url_init(&n1);
	url_init(&n2);
	p = data.p;
	end = data.p + data.len;
	while (p < end) {
		size_t nf = tsv_fields(&p, end, f, 14);
		enum url_error e;
		bool fail;

		if (nf != 14) {
			ok(0, "urltestdata: line %d has %zu fields", cases + 1, nf);
			return;
		}
		cases++;
		fail = strcmp(buf_cstr(&f[1]), "fail") == 0;
		e = parse_with(&u, f[2].p, f[2].len, f[3].p, f[3].len, &base);
		if (fail || e != URL_OK) {
			if (fail != (e != URL_OK)) {
				bad++;
				printf("# case %s: '%s': %s\n", buf_cstr(&f[0]),
				    buf_cstr(&f[2]), fail ? "parsed, must fail" :
				    url_strerror(e));
			}
			continue;
		}
		for (size_t i = 0; i < 10; i++) {
			url_component(&u, comps[i], &got);
			if (!same(&got, f[4 + i].p, f[4 + i].len)) {
				bad++;
				printf("# case %s: '%s': %s is '%.*s', want '%s'\n",
				    buf_cstr(&f[0]), buf_cstr(&f[2]), comps[i],
				    (int)got.len, got.p, buf_cstr(&f[4 + i]));
			}
		}
		if (url_parse(&again, u.href.p, u.href.len, NULL) != URL_OK ||
		    !same(&again.href, u.href.p, u.href.len)) {
			reparse_bad++;
			printf("# case %s: href '%.*s' does not re-parse to itself\n",
			    buf_cstr(&f[0]), (int)u.href.len, u.href.p);
		}
		for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
			struct url_norm nm;

			url_norm_init(&nm, profiles[i]);
			url_normalize(&nm, &u, &n1);
			if (url_parse(&again, n1.href.p, n1.href.len, NULL) != URL_OK) {
				idem_bad++;
				printf("# case %s: profile %d output '%.*s' does "
				    "not parse\n", buf_cstr(&f[0]), (int)profiles[i],
				    (int)n1.href.len, n1.href.p);
			} else {
				url_normalize(&nm, &again, &n2);
				if (!same(&n2.href, n1.href.p, n1.href.len)) {
					idem_bad++;
					printf("# case %s: profile %d: '%.*s' then "
					    "'%.*s'\n", buf_cstr(&f[0]),
					    (int)profiles[i], (int)n1.href.len,
					    n1.href.p, (int)n2.href.len, n2.href.p);
				}
			}
			url_norm_free(&nm);
		}
	}
	ok(bad == 0 && cases == 891, "urltestdata: all %d cases, every component "
	    "(%d wrong)", cases, bad);
	ok(reparse_bad == 0, "urltestdata: every href re-parses to itself");
	ok(idem_bad == 0, "urltestdata: rfc3986, safe and aggressive output "
	    "parses and normalizes to itself");
	for (size_t i = 0; i < 14; i++)
		buf_free(&f[i]);
	buf_free(&data);
	buf_free(&got);
	url_free(&u);
	url_free(&base);
	url_free(&again);
	url_free(&n1);
	url_free(&n2);
}

/* percent-encoding.json, UTF-8 column: in the query and the fragment of
 * a special URL, as the web-platform test puts it. */
void
test_url_percent(const char *top)
{
	struct buf data = { 0 }, f[3] = { { 0 } }, in = { 0 }, want = { 0 };
	struct url u;
	char path[4096];
	const char *p, *end;
	int cases = 0, bad = 0;

	snprintf(path, sizeof path, "%s/tests/data/url/percent-encoding.tsv", top);
	if (!slurp(path, &data)) {
		ok(0, "percent-encoding: cannot read %s", path);
		return;
	}
	url_init(&u);
	p = data.p;
	end = data.p + data.len;
	while (p < end && tsv_fields(&p, end, f, 3) == 3) {
		cases++;
		in.len = want.len = 0;
		buf_append(&in, "https://doesnotmatter.invalid/?", 31);
		buf_append(&in, f[1].p, f[1].len);
		buf_putc(&in, '#');
		buf_append(&in, f[1].p, f[1].len);
		buf_append(&want, in.p, 31);
		buf_append(&want, f[2].p, f[2].len);
		buf_putc(&want, '#');
		buf_append(&want, f[2].p, f[2].len);
		if (url_parse(&u, in.p, in.len, NULL) != URL_OK ||
		    !same(&u.href, want.p, want.len))
			bad++;
	}
	ok(cases == 7 && bad == 0, "percent-encoding: %d cases (%d wrong)",
	    cases, bad);
	for (size_t i = 0; i < 3; i++)
		buf_free(&f[i]);
	buf_free(&data);
	buf_free(&in);
	buf_free(&want);
	url_free(&u);
}

/* Normalize s under n; compare with want. */
static int
norm_is(struct url_norm *n, const char *s, const char *want)
{
	struct url u, o;
	int r;

	url_init(&u);
	url_init(&o);
	r = url_parse(&u, s, strlen(s), NULL) == URL_OK;
	if (r) {
		url_normalize(n, &u, &o);
		r = same(&o.href, want, strlen(want));
		if (!r)
			printf("# '%s': got '%.*s', want '%s'\n", s,
			    (int)o.href.len, o.href.p, want);
	} else
		printf("# '%s' does not parse\n", s);
	url_free(&u);
	url_free(&o);
	return r;
}

void
test_url_normalize(void)
{
	struct url_norm n;
	struct url u, o;
	struct buf b = { 0 };
	char host[300];
	int good = 1;

	url_norm_init(&n, URL_PROFILE_SAFE);
	ok(norm_is(&n, "HTTP://Ex.COM:80/a/%7e%2f%3F%41%zz%e4?b=%7E&a=%2b#x",
	    "http://ex.com/a/~%2F%3FA%zz%E4?a=%2B&b=~"),
	    "safe: parse, percent-encoding, sort, no fragment");
	ok(norm_is(&n, "http://x/?&&b=2&&a=1&utm_source=x&gclid&a=0&",
	    "http://x/?a=1&a=0&b=2") &&
	    norm_is(&n, "http://x/?utm_medium=1&fbclid=2", "http://x/"),
	    "safe: empty pairs and default drops, stable sort, empty ? goes");
	url_params_add(&n.drop, "sess*", 5);
	ok(norm_is(&n, "http://x/?session=1&sess=2&ses=3", "http://x/?ses=3"),
	    "a prefix pattern");
	url_params_add(&n.keep, "id", 2);
	ok(norm_is(&n, "http://x/?b=1&id=2&utm_source=3", "http://x/?id=2"),
	    "keep list: only the names kept");
	url_norm_free(&n);

	url_norm_init(&n, URL_PROFILE_AGGRESSIVE);
	ok(norm_is(&n, "http://u:p@WWW2.www.Ex.com../a//b/index.html/?PHPSESSID=1"
	    "&x=1&ASPSESSIONIDAB=2", "http://ex.com/a/b?x=1") &&
	    norm_is(&n, "http://www.com/", "http://www.com/") &&
	    norm_is(&n, "http://a/x;jsessionid=1;v=2/y;JSESSIONID=3", "http://a/x;v=2/y"),
	    "aggressive: www, dot, userinfo, slashes, index, session ids");
	url_norm_free(&n);

	url_norm_init(&n, URL_PROFILE_WHATWG);
	n.flags = URL_UNICODE_HOST;
	ok(norm_is(&n, "http://xn--mnchen-3ya.de/%7e", "http://m\xc3\xbcnchen.de/%7e") &&
	    norm_is(&n, "http://xn--zz.de/", "http://xn--zz.de/"),
	    "unicode host; an invalid A-label stays as it is");
	url_norm_free(&n);

	/* The same international host twice (from the cache the second
	 * time), and hosts too long for the cache. */
	url_init(&u);
	url_init(&o);
	for (int i = 0; i < 4; i++) {
		good &= url_parse(&u, "http://B\xc3\xbc" "cher.de/", 18, NULL) == URL_OK &&
		    same(&u.href, "http://xn--bcher-kva.de/", 24);
	}
	memset(host, 'a', sizeof host);
	memcpy(host, "http://\xc3\xa9", 9);
	/* "http://", "xn--", the 291 a's, "-" and 3 digits for the e, "/" */
	good &= url_parse(&u, host, sizeof host, NULL) == URL_OK &&
	    u.href.len == 7 + 4 + 291 + 4 + 1 &&
	    memcmp(u.href.p, "http://xn--aaa", 14) == 0;
	ok(good, "IDNA: repeated and long hosts");

	url_parse(&u, "https://www.Ex.com:8080/a?b#c", 29, NULL);
	url_surt(&u, &b);
	ok(same(&b, "com,ex,www:8080)/a?b#c", 22), "SURT");
	url_free(&u);
	url_free(&o);
	buf_free(&b);
}

/* Random strings made of URL pieces: no crash, the href re-parses to
 * itself, and every profile is idempotent. */
void
test_url_random(void)
{
	static const char *const piece[] = { "http:", "https:", "file:",
	    "foo:", "//", "/", "\\", ".", "..", "%2e", "%2E", "%", "%4", "%7e",
	    "%41", "?", "#", "&", "=", "@", ":", "[", "]", "::1", "1.2", "0x",
	    "www.", "Ex", "xn--", "\xc3\xa9", "\xe4\xbe\x8b", " ", "\t", "a",
	    "B", "utm_source=", "index.html", ";jsessionid=", "C:", "|", "\xff" };
	struct url u, again, n1, n2;
	struct buf s = { 0 };
	int bad = 0;

	url_init(&u);
	url_init(&again);
	url_init(&n1);
	url_init(&n2);
	for (int i = 0; i < 30000; i++) {
		int k = 1 + (int)(rnd() % 12);

		s.len = 0;
		while (k-- > 0) {
			const char *x = piece[rnd() % (sizeof piece / sizeof piece[0])];

			buf_append(&s, x, strlen(x));
		}
		if (url_parse(&u, s.p, s.len, NULL) != URL_OK)
			continue;
		if (url_parse(&again, u.href.p, u.href.len, NULL) != URL_OK ||
		    !same(&again.href, u.href.p, u.href.len)) {
			if (bad++ < 5)
				printf("# '%.*s': href '%.*s' does not re-parse\n",
				    (int)s.len, s.p, (int)u.href.len, u.href.p);
			continue;
		}
		for (int p = URL_PROFILE_RFC3986; p <= URL_PROFILE_AGGRESSIVE; p++) {
			struct url_norm n;

			url_norm_init(&n, (enum url_profile)p);
			n.flags |= (unsigned)p == URL_PROFILE_AGGRESSIVE ?
			    URL_UNICODE_HOST | URL_FORCE_HTTPS : 0;
			url_normalize(&n, &u, &n1);
			if (url_parse(&again, n1.href.p, n1.href.len, NULL) != URL_OK)
				bad++;
			else {
				url_normalize(&n, &again, &n2);
				if (!same(&n2.href, n1.href.p, n1.href.len) &&
				    bad++ < 5)
					printf("# '%.*s' profile %d: '%.*s' then "
					    "'%.*s'\n", (int)s.len, s.p, p,
					    (int)n1.href.len, n1.href.p,
					    (int)n2.href.len, n2.href.p);
			}
			url_norm_free(&n);
		}
	}
	ok(bad == 0, "URLs from random pieces: re-parse and idempotence (%d bad)",
	    bad);
	url_free(&u);
	url_free(&again);
	url_free(&n1);
	url_free(&n2);
	buf_free(&s);
}
