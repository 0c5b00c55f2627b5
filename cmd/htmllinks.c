/* htmllinks — the links of web pages, absolute and normalized, for the
 * crawl frontier: one record ID TAB URL per link. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "docs.h"
#include "escape.h"
#include "html.h"
#include "links.h"

static const char help[] =
"Usage: htmllinks [-u URL | --url-from-path | --warc | --tsv [-f N]] [--all]\n"
"                 [--same-host | --external] [--rel] [--text] [--canonical]\n"
"                 [--keep-relative] [options] [file ...]\n"
"Write one record ID TAB URL for each link of each HTML document, in\n"
"document order: <a href> and <area href>, resolved against <base href>\n"
"and the document's URL, normalized as urlnorm does by default, and\n"
"filtered: http and https only, no resource files (.css .js .png .pdf\n"
"...), each URL once per document.  Each file is one document; none or -\n"
"is the standard input.\n"
"\n"
"  -u, --url URL        the URL of the document (one document only)\n"
DOCS_HELP_SOURCES
"  -f, --field N        with --tsv: the HTML field (default -1, the last);\n"
"                       the other fields are carried before URL\n"
"      --all            also <link href>, <img src>, <script src>, <iframe\n"
"                       src>; no filters: every scheme, resource files,\n"
"                       fragment-only references, repeats\n"
"      --same-host      only links to the document's own host\n"
"      --external       only links to other hosts\n"
"      --rel            add the rel attribute (nofollow, ...) after URL\n"
"      --text           add the anchor text, white space collapsed, last\n"
"      --canonical      write the <link rel=canonical> URL of each document\n"
"                       instead of its links (nothing when it has none)\n"
"      --keep-relative  write relative links of documents without a URL\n"
"                       as they are, instead of leaving them out\n"
DOCS_HELP_COMMON;

enum {
	OPT_ALL = OPT_DOCS_END, OPT_SAME_HOST, OPT_EXTERNAL, OPT_REL, OPT_TEXT,
	OPT_CANONICAL, OPT_KEEP_RELATIVE
};

static const struct option longopts[] = {
	DOCS_LONGOPTS,
	{ "all",		no_argument,		NULL, OPT_ALL },
	{ "same-host",		no_argument,		NULL, OPT_SAME_HOST },
	{ "external",		no_argument,		NULL, OPT_EXTERNAL },
	{ "rel",		no_argument,		NULL, OPT_REL },
	{ "text",		no_argument,		NULL, OPT_TEXT },
	{ "canonical",		no_argument,		NULL, OPT_CANONICAL },
	{ "keep-relative",	no_argument,		NULL, OPT_KEEP_RELATIVE },
	{ NULL,			0,			NULL, 0 }
};

struct ctx {
	struct docs	*d;
	const struct doc *doc;
	bool		 rel, text;
};

static void
write_link(void *arg, const struct link *k)
{
	struct ctx *c = arg;
	struct out *o = &c->d->s.out;

	docs_write_id(o, c->doc);
	out_putc(o, '\t');
	escape_write(o, k->url, k->len);
	if (c->rel) {
		out_putc(o, '\t');
		escape_write(o, k->rel, k->nrel);
	}
	if (c->text) {
		out_putc(o, '\t');
		escape_write(o, k->text, k->ntext);
	}
	out_end_record(o);
}

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h = { 0 };
	struct links l;
	struct buf scratch = { 0 };
	struct ctx c = { .d = &d };
	struct docs_cli o;
	unsigned flags = 0;
	bool canonical = false;
	int ch, status;

	cli_init("htmllinks", help, argv);
	docs_cli_init(&o);
	while ((ch = getopt_long(argc, argv, DOCS_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (docs_option(&o, ch, optarg))
			continue;
		switch (ch) {
		case OPT_ALL:
			flags |= LINKS_ALL;
			break;
		case OPT_SAME_HOST:
			flags |= LINKS_SAME_HOST;
			break;
		case OPT_EXTERNAL:
			flags |= LINKS_EXTERNAL;
			break;
		case OPT_REL:
			c.rel = true;
			break;
		case OPT_TEXT:
			c.text = true;
			flags |= LINKS_TEXT;
			break;
		case OPT_CANONICAL:
			canonical = true;
			break;
		case OPT_KEEP_RELATIVE:
			flags |= LINKS_KEEP_RELATIVE;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if ((flags & LINKS_SAME_HOST) && (flags & LINKS_EXTERNAL))
		cli_usage_error("--same-host and --external cannot be combined");
	if (canonical && (c.rel || c.text || (flags & ~LINKS_KEEP_RELATIVE)))
		cli_usage_error("--canonical writes one URL per document: it "
		    "takes no --all, --same-host, --external, --rel, --text");
	docs_cli_done(&o, argc - optind);

	links_init(&l, flags);
	docs_open_cli(&d, argc - optind, argv + optind, &o);
	while (docs_next(&d, &doc)) {
		if (!docs_load(&d, &doc, &h, &scratch))
			continue;
		c.doc = &doc;
		if (canonical)
			links_canonical(&l, h.doc, doc.url, write_link, &c);
		else
			links_run(&l, h.doc, doc.url, write_link, &c);
		if (l.nrelative > 0)
			docs_note(&d, &doc, "%zu relative link%s left out: the "
			    "document has no URL (-u, --url-from-path, "
			    "--keep-relative)", l.nrelative,
			    l.nrelative == 1 ? "" : "s");
		html_free(&h);
		stream_wrote(&d.s, 1);
	}
	status = docs_close(&d);
	links_free(&l);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
