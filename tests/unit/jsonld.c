/* Unit tests of common/jsonld.c. */
#include <stdarg.h>

#include "charset.h"
#include "jsonld.h"

#include "unit.h"

/* jsonld: what a page's blocks give, broken ones included. */
static void
ld(struct jsonld *j, int nblocks, ...)
{
	va_list ap;

	jsonld_reset(j);
	va_start(ap, nblocks);
	for (int i = 0; i < nblocks; i++) {
		const char *b = va_arg(ap, const char *);

		jsonld_add(j, b, strlen(b));
	}
	va_end(ap);
	jsonld_finish(j);
}

static bool
field_is(const struct jsonld *j, enum jsonld_field f, const char *want)
{
	const char *v = jsonld_get(j, f);

	if (want == NULL)
		return v == NULL;
	return v != NULL && strcmp(v, want) == 0;
}

void
test_jsonld(void)
{
	struct jsonld j = { 0 };
	struct buf big = { 0 };

	/* Yoast's @graph: author and publisher by @id, the dates on the
	 * WebPage, the site name on the WebSite */
	ld(&j, 1, "{\"@context\":\"https://schema.org\",\"@graph\":["
	    "{\"@type\":\"WebSite\",\"@id\":\"https://x.org/#website\","
	    "\"name\":\"X &amp; Co\"},"
	    "{\"@type\":[\"WebPage\"],\"@id\":\"https://x.org/a/\","
	    "\"datePublished\":\"2024-03-12T10:00:00+00:00\",\"inLanguage\":\"en-US\"},"
	    "{\"@type\":\"Organization\",\"@id\":\"https://x.org/#org\",\"name\":\"X Inc\"},"
	    "{\"@type\":\"Person\",\"@id\":\"https://x.org/#/p/1\",\"name\":\"Ann Lee\"},"
	    "{\"@type\":\"BlogPosting\",\"headline\":\"Tom &amp; Jerry\","
	    "\"author\":{\"@id\":\"https://x.org/#/p/1\"},"
	    "\"publisher\":{\"@id\":\"https://x.org/#org\"},"
	    "\"keywords\":[\"a\",\"b\"],\"articleSection\":\"News\","
	    "\"image\":{\"@type\":\"ImageObject\",\"url\":\"https://x.org/i.jpg\"}}]}");
	ok(j.main_type && strcmp(j.main_type, "BlogPosting") == 0 &&
	    field_is(&j, JSONLD_HEADLINE, "Tom & Jerry") &&
	    field_is(&j, JSONLD_AUTHOR, "Ann Lee") &&
	    field_is(&j, JSONLD_PUBLISHER, "X Inc") &&
	    field_is(&j, JSONLD_SITE_NAME, "X & Co") &&
	    field_is(&j, JSONLD_DATE_PUBLISHED, "2024-03-12T10:00:00+00:00") &&
	    field_is(&j, JSONLD_IN_LANGUAGE, "en-US") &&
	    field_is(&j, JSONLD_KEYWORDS, "a, b") &&
	    field_is(&j, JSONLD_SECTION, "News") &&
	    field_is(&j, JSONLD_IMAGE, "https://x.org/i.jpg") &&
	    field_is(&j, JSONLD_DATE_MODIFIED, NULL) &&
	    j.nbroken == 0 && j.nrepaired == 0,
	    "jsonld: @graph, @id references, WebPage and WebSite fallbacks");
	ok(j.ntypes == 5 && strcmp(j.types[0], "WebSite") == 0 &&
	    strcmp(j.types[4], "BlogPosting") == 0 &&
	    jsonld_has_type(&j, "Person") && !jsonld_has_type(&j, "Product"),
	    "jsonld: the @type list in order");

	/* broken as pages write it: trailing commas, a raw newline, a
	 * comment, a CDATA wrapper; a second block; a top-level array */
	ld(&j, 3, "//<![CDATA[\n{\"@type\":\"NewsArticle\", /* x */ \"headline\":"
	    "\"Line one\nline two\",\"author\":[{\"@type\":\"Person\",\"name\":"
	    "\"A\"},\"B\",{\"name\":\"A\"},\"https://x.org/author/c\",],}\n//]]>",
	    "[{\"@type\":\"http://schema.org/Product\",\"name\":\"P\"},"
	    "{\"@type\":\"schema:ItemList\"}]",
	    "{\"@type\":\"Recipe\"} {\"@type\":\"FAQPage\"}");
	ok(field_is(&j, JSONLD_HEADLINE, "Line one line two") &&
	    field_is(&j, JSONLD_AUTHOR, "A; B") &&
	    strcmp(j.main_type, "NewsArticle") == 0 && j.nbroken == 0 &&
	    jsonld_has_type(&j, "Product") && jsonld_has_type(&j, "ItemList") &&
	    jsonld_has_type(&j, "Recipe") && jsonld_has_type(&j, "FAQPage"),
	    "jsonld: lenient parse, several blocks and values, prefixes");

	/* repairs: an escaped block, a bad escape, unclosed brackets */
	ld(&j, 3, "{&quot;@type&quot;:&quot;Article&quot;,&quot;headline&quot;:"
	    "&quot;Caf&eacute;&quot;}",
	    "{\"@type\":\"Review\",\"name\":\"It\\'s \\x fine\"",
	    "{\"@type\":\"Product\",\"offers\":[{\"price\":1");
	ok(j.nrepaired == 3 && j.nbroken == 0 &&
	    field_is(&j, JSONLD_HEADLINE, "Caf\xc3\xa9") &&
	    jsonld_has_type(&j, "Review") && jsonld_has_type(&j, "Product"),
	    "jsonld: repaired blocks (%zu repaired, %zu broken)", j.nrepaired,
	    j.nbroken);
	ld(&j, 1, "{\"@type\":\"Product\",\"description\":\"<a href=\"/x\">D</a>\","
	    "\"name\":\"N\"}");
	ok(j.nrepaired == 1 && strcmp(j.main_type, "Product") == 0 &&
	    field_is(&j, JSONLD_DESCRIPTION, "D") && field_is(&j, JSONLD_NAME, "N"),
	    "jsonld: quotes inside a string");
	ld(&j, 1, "{\"@type\":\"Article\",\xe2\x80\x9cheadline\xe2\x80\x9d: "
	    "\xe2\x80\x9c\xe2\x80\x9cQ\xe2\x80\x9d said\xe2\x80\x9d}");
	ok(j.nrepaired == 1 && field_is(&j, JSONLD_HEADLINE,
	    "\xe2\x80\x9cQ\xe2\x80\x9d said"),
	    "jsonld: typographic quotes for JSON's");
	ld(&j, 1, "{\"@type\":\"Review\",\"name\":\"It\\'s \\x fine\"");
	ok(field_is(&j, JSONLD_NAME, "It's x fine"), "jsonld: bad escapes");

	/* a body in HTML, a Unix timestamp, a QAPage's question */
	ld(&j, 1, "{\"@type\":\"QAPage\",\"mainEntity\":{\"@type\":\"Question\","
	    "\"text\":\"<p>How?</p><p>Why &lt;b&gt;?</p>\",\"dateCreated\":1710201600}}");
	ok(strcmp(j.main_type, "Question") == 0 &&
	    field_is(&j, JSONLD_TEXT, "How? Why <b>?") &&
	    field_is(&j, JSONLD_DATE_PUBLISHED, "1710201600") &&
	    jsonld_has_type(&j, "QAPage"),
	    "jsonld: mainEntity, tags out, timestamps as digits");

	/* garbage, and what has no main entity */
	ld(&j, 2, "var x = 1; <<>>", "{\"@type\":\"Organization\",\"name\":\"O\"}");
	ok(j.nbroken == 1 && j.main_type == NULL &&
	    field_is(&j, JSONLD_NAME, NULL) && jsonld_has_type(&j, "Organization"),
	    "jsonld: garbage counted, an Organization is no main entity");

	/* 100,000 levels; 1 MB of keywords; a 5 MB block */
	for (int i = 0; i < 100000; i++)
		buf_putc(&big, '[');
	for (int i = 0; i < 100000; i++)
		buf_putc(&big, ']');
	buf_putc(&big, '\0');
	ld(&j, 2, big.p, "{\"@type\":\"Article\",\"headline\":\"H\"}");
	ok(j.nbroken == 1 && field_is(&j, JSONLD_HEADLINE, "H"),
	    "jsonld: 100,000 levels deep is broken, the next block read");
	big.len = 0;
	buf_append(&big, "{\"@type\":\"Article\",\"keywords\":\"", 31);
	for (int i = 0; i < 100000; i++)
		buf_append(&big, "keyword \xc3\xa9, ", 12);
	buf_append(&big, "\"}", 3);
	ld(&j, 1, big.p);
	ok(jsonld_get(&j, JSONLD_KEYWORDS) != NULL &&
	    strlen(jsonld_get(&j, JSONLD_KEYWORDS)) <= JSONLD_MAX_FIELD &&
	    strlen(jsonld_get(&j, JSONLD_KEYWORDS)) > JSONLD_MAX_FIELD - 12,
	    "jsonld: 1 MB of keywords cut to %d bytes", JSONLD_MAX_FIELD);
	{
		struct utf8_scan sc;
		const char *k = jsonld_get(&j, JSONLD_KEYWORDS);

		charset_scan_utf8(k, strlen(k), &sc);
		ok(sc.invalid == 0, "jsonld: cut at a character boundary");
	}
	buf_reserve(&big, (size_t)5 << 20);
	memset(big.p, ' ', (size_t)5 << 20);
	memcpy(big.p, "{\"@type\":\"Article\"}", 19);
	big.len = (size_t)5 << 20;
	jsonld_reset(&j);
	jsonld_add(&j, big.p, big.len);
	jsonld_finish(&j);
	ok(j.nbroken == 1 && j.ntypes == 0, "jsonld: a block over the limit");
	jsonld_free(&j);
	buf_free(&big);
}
