/* htmltext — the main text of web pages: one record ID TAB TITLE TAB TEXT
 * per HTML document. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "charset.h"
#include "cli.h"
#include "docs.h"
#include "escape.h"
#include "extract.h"
#include "html.h"

static const char help[] =
"Usage: htmltext [-u URL | --url-from-path | --warc | --tsv [-f N]]\n"
"                [--plain | --meta] [--strip-site] [options] [file ...]\n"
"Write the main text of each HTML document as one record ID TAB TITLE TAB\n"
"TEXT, one block of text per line (lines joined by \\n).  Each file is one\n"
"document; none or - is the standard input.\n"
"\n"
"  -u, --url URL        the URL of the document: its ID, and a last resort\n"
"                       for its title (one document only)\n"
"      --url-from-path[=SCHEME]  files saved as host/path/file (wget -x,\n"
"                       --mirror): the URL is SCHEME://host/path/file\n"
"                       (default https)\n"
"      --warc           the inputs are WARC files: one document per HTML\n"
"                       response, its ID the WARC-Target-URI\n"
"      --tsv            the inputs are records ID TAB HTML (HTML escaped)\n"
"  -f, --field N        with --tsv: the HTML field (default -1, the last);\n"
"                       the other fields are carried before TITLE\n"
"      --plain          for people: the title, a blank line, the text\n"
"      --meta           add ENCODING, METHOD, CHARS and PRUNED before TEXT\n"
"      --strip-site     cut a site name (\" | Site\") from a <title>\n"
"      --max-bytes N    reject documents larger than N bytes (k, M, G;\n"
"                       default 64M, at most 512M)\n"
"  -q, --quiet          no messages about rejected documents\n"
"  -v, --verbose        a summary line at the end\n"
"      --rejects FILE   write ID TAB REASON of rejected documents to FILE\n"
"      --line-buffered  flush after every record\n"
"  -h, --help           this help\n"
"      --version        version and library versions\n";

enum {
	OPT_PLAIN = OPT_PROGRAM, OPT_META, OPT_STRIP, OPT_MAX_BYTES,
	OPT_WARC, OPT_TSV, OPT_URL_FROM_PATH
};

static const struct option longopts[] = {
	{ "url",		required_argument,	NULL, 'u' },
	{ "url-from-path",	optional_argument,	NULL, OPT_URL_FROM_PATH },
	{ "warc",		no_argument,		NULL, OPT_WARC },
	{ "tsv",		no_argument,		NULL, OPT_TSV },
	{ "field",		required_argument,	NULL, 'f' },
	{ "plain",		no_argument,		NULL, OPT_PLAIN },
	{ "meta",		no_argument,		NULL, OPT_META },
	{ "strip-site",		no_argument,		NULL, OPT_STRIP },
	{ "max-bytes",		required_argument,	NULL, OPT_MAX_BYTES },
	{ "quiet",		no_argument,		NULL, 'q' },
	{ "verbose",		no_argument,		NULL, 'v' },
	{ "help",		no_argument,		NULL, 'h' },
	{ "rejects",		required_argument,	NULL, OPT_REJECTS },
	{ "line-buffered",	no_argument,		NULL, OPT_LINE_BUFFERED },
	{ "version",		no_argument,		NULL, OPT_VERSION },
	{ NULL,			0,			NULL, 0 }
};

static const char *url;
static bool plain, meta;
static size_t max_bytes = (size_t)64 << 20;

static void
write_record(struct out *o, const struct doc *doc, const struct html *h,
    const struct extract *x)
{
	char num[32];

	docs_write_id(o, doc);
	out_putc(o, '\t');
	escape_write(o, x->title.p, x->title.len);
	out_putc(o, '\t');
	if (meta) {
		out_write(o, h->cs.name, strlen(h->cs.name));
		out_putc(o, '\t');
		out_write(o, charset_how_name(h->cs.how),
		    strlen(charset_how_name(h->cs.how)));
		snprintf(num, sizeof num, "\t%zu\t%zu\t", x->chars, x->pruned);
		out_write(o, num, strlen(num));
	}
	escape_write(o, x->text.p, x->text.len);
	out_end_record(o);
}

static void
write_plain(struct out *o, const char *id, const struct extract *x,
    bool several, bool first)
{
	if (several) {
		if (!first)
			out_putc(o, '\n');
		out_write(o, "==> ", 4);
		out_write(o, id, strlen(id));
		out_write(o, " <==\n", 5);
	}
	if (x->title.len > 0)
		out_write(o, x->title.p, x->title.len);
	out_write(o, "\n\n", 2);
	if (x->text.len > 0) {
		out_write(o, x->text.p, x->text.len);
		out_putc(o, '\n');
	}
	if (o->line_buffered)
		out_flush(o);
}

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h = { 0 };
	struct extract x = { 0 };
	struct buf scratch = { 0 };
	bool first = true, fset = false;
	int ch, status, field = -1;
	enum docs_mode mode = DOCS_FILES;
	const char *scheme = NULL;

	cli_init("htmltext", help, argv);
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
		case OPT_PLAIN:
			plain = true;
			break;
		case OPT_META:
			meta = true;
			break;
		case OPT_STRIP:
			x.strip_site = true;
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
	if (plain && meta)
		cli_usage_error("--plain and --meta cannot be combined");
	docs_cli_check(mode, url, scheme, fset, argc - optind);

	docs_open(&d, argc - optind, argv + optind, max_bytes);
	d.mode = mode;
	d.url = url;
	d.scheme = scheme;
	d.field = field;
	while (docs_next(&d, &doc)) {
		const char *id = doc.id, *why;

		if (doc.too_big) {
			docs_reject(&d, &doc, id, "larger than --max-bytes "
			    "(%zu bytes)", max_bytes);
			continue;
		}
		if (charset_binary(doc.p, doc.n, &why)) {
			docs_reject(&d, &doc, id, "%s", why);
			continue;
		}
		html_load(&h, doc.p, doc.n, doc.file, doc.charset, &scratch);
		extract_run(&x, h.doc, doc.url);
		if (plain)
			write_plain(&d.s.out, id, &x,
			    d.s.npaths > 1 || mode != DOCS_FILES, first);
		else
			write_record(&d.s.out, &doc, &h, &x);
		first = false;
		html_free(&h);
		d.s.nwritten++;
	}
	status = docs_close(&d);
	extract_free(&x);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
