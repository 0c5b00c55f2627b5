/* Unit tests of common/links.c. */
#include "html.h"
#include "links.h"

#include "unit.h"

static void
link_collect(void *ctx, const struct link *k)
{
	struct buf *b = ctx;

	buf_append(b, k->url, k->len);
	buf_putc(b, '|');
	buf_append(b, k->rel, k->nrel);
	buf_putc(b, '|');
	buf_append(b, k->text, k->ntext);
	buf_putc(b, '\n');
}

void
test_links(void)
{
	static const char page[] =
	    "<base href=\"sub/\"><a href=\"a.html\" rel=\" nofollow\n ugc\">A\n <i>b</i></a>"
	    "<a href=\"a.html#x\">again</a><a href=\"/s.Css?x\">css</a>"
	    "<a href=\"mailto:x@y\">m</a><a href=\"https://o.example/\">o</a>"
	    "<link rel=\"canonical stylesheet\" href=\"/c\"><img src=\"i.png\">";
	struct html h = { 0 };
	struct buf scratch = { 0 }, out = { 0 };
	struct links l;

	ok(links_resource("/a/b.CSS", 8) && links_resource("x.woff2", 7) &&
	    links_resource("/a.tar.gz", 9) && !links_resource("/a.html", 7) &&
	    !links_resource("/css", 4) && !links_resource("/a.css/", 7) &&
	    !links_resource("/.", 2) && !links_resource("/a.cssx", 7),
	    "links_resource: extensions of the last segment, any case");
	html_load(&h, page, sizeof page - 1, "t", NULL, &scratch);
	links_init(&l, LINKS_TEXT);
	links_run(&l, h.doc, "http://h.example/d/p", link_collect, &out);
	ok(same(&out, "http://h.example/d/sub/a.html|nofollow ugc|A b\n"
	    "https://o.example/||o\n", 69),
	    "links_run: base, rel and text collapsed, repeats and filters");
	links_free(&l);
	out.len = 0;
	links_init(&l, LINKS_ALL | LINKS_EXTERNAL);
	links_run(&l, h.doc, "http://h.example/d/p", link_collect, &out);
	ok(same(&out, "mailto:x@y||\nhttps://o.example/||\n", 34),
	    "links_run: --all --external: a mailto link, no text");
	out.len = 0;
	links_canonical(&l, h.doc, NULL, link_collect, &out);
	ok(out.len == 0 && l.nrelative == 1, "links_canonical: relative, no URL");
	links_free(&l);
	links_init(&l, 0);
	out.len = 0;
	links_run(&l, h.doc, NULL, link_collect, &out);
	ok(l.nrelative == 2 && same(&out, "https://o.example/||\n", 21),
	    "links_run: no URL: relative links counted once each");
	links_free(&l);
	html_free(&h);
	buf_free(&scratch);
	buf_free(&out);
}
