/* htmllinks — the links of web pages, absolute and normalized, for the
 * crawl frontier: one record ID TAB URL per link. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "charset.h"
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
"      --url-from-path[=SCHEME]  files saved as host/path/file (wget -x,\n"
"                       --mirror): the URL is SCHEME://host/path/file\n"
"                       (default https)\n"
"      --warc           the inputs are WARC files: one document per HTML\n"
"                       response, its URL the WARC-Target-URI\n"
"      --tsv            the inputs are records URL TAB HTML (HTML escaped)\n"
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
"      --max-bytes N    reject documents larger than N bytes (k, M, G;\n"
"                       default 64M, at most 512M)\n"
"  -q, --quiet          no messages about documents\n"
"  -v, --verbose        a summary line at the end\n"
"      --rejects FILE   write ID TAB REASON of rejected documents to FILE\n"
"      --line-buffered  flush after every record\n"
"  -h, --help           this help\n"
"      --version        version and library versions\n";

enum {
	OPT_ALL = OPT_PROGRAM, OPT_SAME_HOST, OPT_EXTERNAL, OPT_REL, OPT_TEXT,
	OPT_CANONICAL, OPT_KEEP_RELATIVE, OPT_MAX_BYTES, OPT_WARC, OPT_TSV,
	OPT_URL_FROM_PATH
};

static const struct option longopts[] = {
	{ "url",		required_argument,	NULL, 'u' },
	{ "url-from-path",	optional_argument,	NULL, OPT_URL_FROM_PATH },
	{ "warc",		no_argument,		NULL, OPT_WARC },
	{ "tsv",		no_argument,		NULL, OPT_TSV },
	{ "field",		required_argument,	NULL, 'f' },
	{ "all",		no_argument,		NULL, OPT_ALL },
	{ "same-host",		no_argument,		NULL, OPT_SAME_HOST },
	{ "external",		no_argument,		NULL, OPT_EXTERNAL },
	{ "rel",		no_argument,		NULL, OPT_REL },
	{ "text",		no_argument,		NULL, OPT_TEXT },
	{ "canonical",		no_argument,		NULL, OPT_CANONICAL },
	{ "keep-relative",	no_argument,		NULL, OPT_KEEP_RELATIVE },
	{ "max-bytes",		required_argument,	NULL, OPT_MAX_BYTES },
	{ "quiet",		no_argument,		NULL, 'q' },
	{ "verbose",		no_argument,		NULL, 'v' },
	{ "help",		no_argument,		NULL, 'h' },
	{ "rejects",		required_argument,	NULL, OPT_REJECTS },
	{ "line-buffered",	no_argument,		NULL, OPT_LINE_BUFFERED },
	{ "version",		no_argument,		NULL, OPT_VERSION },
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
	const char *url = NULL, *scheme = NULL;
	size_t max_bytes = (size_t)64 << 20;
	unsigned flags = 0;
	bool canonical = false, fset = false;
	int ch, status, field = -1;
	enum docs_mode mode = DOCS_FILES;

	cli_init("htmllinks", help, argv);
	while ((ch = getopt_long(argc, argv, "u:f:qvh", longopts, NULL)) != -1) {
		switch (ch) {
		case 'u':
			url = optarg;
			break;
		case 'f':
			field = docs_cli_field(optarg);
			fset = true;
			break;
		case OPT_WARC:
		case OPT_TSV:
			if (mode != DOCS_FILES)
				cli_usage_error("--warc and --tsv cannot be "
				    "combined");
			mode = ch == OPT_WARC ? DOCS_WARC : DOCS_TSV;
			break;
		case OPT_URL_FROM_PATH:
			scheme = docs_cli_scheme(optarg);
			break;
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
		case OPT_MAX_BYTES:
			max_bytes = cli_size("--max-bytes", optarg);
			if (max_bytes == 0 || max_bytes > HTML_MAX_BYTES)
				cli_usage_error("--max-bytes: must be from 1 to "
				    "512M");
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
	docs_cli_check(mode, url, scheme, fset, argc - optind);

	links_init(&l, flags);
	docs_open(&d, argc - optind, argv + optind, max_bytes);
	d.mode = mode;
	d.url = url;
	d.scheme = scheme;
	d.field = field;
	while (docs_next(&d, &doc)) {
		const char *why;

		if (doc.too_big) {
			docs_reject(&d, &doc, doc.id, "larger than --max-bytes "
			    "(%zu bytes)", max_bytes);
			continue;
		}
		if (charset_binary(doc.p, doc.n, &why)) {
			docs_reject(&d, &doc, doc.id, "%s", why);
			continue;
		}
		html_load(&h, doc.p, doc.n, doc.file, doc.charset, &scratch);
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
		d.s.nwritten++;
	}
	status = docs_close(&d);
	links_free(&l);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
