/* Unit tests of common/entities.c. */
#include <string.h>

#include <libxml/HTMLparser.h>

#include "entities.h"

#include "unit.h"

static const struct {
	const char	*name;
	const char	*refs;
} table[] = {
#include "entities_table.h"
};

void
test_entities(void)
{
	size_t n = sizeof table / sizeof table[0], known = 0, unsorted = 0,
	    lost = 0;
	struct buf out = { 0 };
	static const char page[] = "Yeah&mldr; not &amp;mldr; Kotlin&colon; "
	    "&colon &#58; &CounterClockwiseContourIntegral;&xyz; &amp; &nbsp;"
	    " &1a; &fjlig;";
	static const char want[] = "Yeah&#x2026; not &amp;mldr; Kotlin&#x3A; "
	    "&colon &#58; &#x2233;&xyz; &amp; &nbsp; &1a; &#x66;&#x6A;";

	for (size_t i = 0; i < n; i++) {
		const char *r = entities_lookup(table[i].name);

		known += htmlEntityLookup((const xmlChar *)table[i].name) != NULL;
		unsorted += i > 0 && strcmp(table[i - 1].name, table[i].name) >= 0;
		lost += r == NULL || strcmp(r, table[i].refs) != 0;
	}
	ok(n == 1872 && known == 0,
	    "entities: HTML5's 1,872 names libxml2 does not know (%zu, %zu known)",
	    n, known);
	ok(unsorted == 0 && lost == 0, "entities_lookup finds every name");
	ok(entities_lookup("amp") == NULL && entities_lookup("quot") == NULL &&
	    entities_lookup("Mldr") == NULL && entities_lookup("") == NULL,
	    "entities_lookup: HTML 4's names and unknown ones are not there");
	ok(entities_html5(page, sizeof page - 1, &out) && SAME(&out, want),
	    "entities_html5: HTML5's references rewritten, &amp;mldr;, HTML 4's, "
	    "numeric ones and names without a semicolon left alone");
	out.len = 0;
	buf_append(&out, "x", 1);
	ok(!entities_html5("a &amp; b &mldr c", 17, &out) && SAME(&out, "x"),
	    "entities_html5: nothing to rewrite leaves out alone");
	ok(entities_html5("&mldr;", 6, &out) && SAME(&out, "&#x2026;") &&
	    !entities_html5("&mldr", 5, &out) &&
	    !entities_html5("&", 1, &out) && !entities_html5("", 0, &out),
	    "entities_html5: at the edges of the text");
	buf_free(&out);
}
