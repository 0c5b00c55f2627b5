/* htmltext — the main text of web pages: one record ID TAB TITLE TAB TEXT
 * per HTML document. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "docs.h"
#include "escape.h"
#include "extract.h"
#include "html.h"
#include "wet.h"

static const char help[] =
"Usage: htmltext [-u URL | --url-from-path | --warc | --tsv [-f N]]\n"
"                [--plain | --meta] [--strip-site] [options] [file ...]\n"
"Write the main text of each HTML document as one record ID TAB TITLE TAB\n"
"TEXT, one block of text per line (lines joined by \\n).  Each file is one\n"
"document; none or - is the standard input.\n"
"\n"
"  -u, --url URL        the URL of the document: its ID, and a last resort\n"
"                       for its title (one document only)\n"
DOCS_HELP_SOURCES
"  -f, --field N        with --tsv: the HTML field (default -1, the last);\n"
"                       the other fields are carried before TITLE\n"
"      --plain          for people: the title, a blank line, the text\n"
"      --meta           add ENCODING, METHOD, CHARS and PRUNED before TEXT\n"
"      --wet            write a WET file (WARC conversion records) instead\n"
"      --gzip           with --wet: one gzip member per record (.warc.wet.gz)\n"
"      --strip-site     cut a site name (\" | Site\") from a <title>\n"
DOCS_HELP_COMMON;

enum { OPT_PLAIN = OPT_DOCS_END, OPT_META, OPT_STRIP, OPT_WET, OPT_GZIP };

static const struct option longopts[] = {
	DOCS_LONGOPTS,
	{ "plain",		no_argument,		NULL, OPT_PLAIN },
	{ "meta",		no_argument,		NULL, OPT_META },
	{ "strip-site",		no_argument,		NULL, OPT_STRIP },
	{ "wet",		no_argument,		NULL, OPT_WET },
	{ "gzip",		no_argument,		NULL, OPT_GZIP },
	{ NULL,			0,			NULL, 0 }
};

static bool plain, meta, wet, gzip;

/* h is NULL for the text of a WET record */
static void
write_record(struct out *o, const struct doc *doc, const struct html *h,
    const struct extract *x)
{
	const char *enc = h ? h->cs.name : "UTF-8";
	const char *how = h ? charset_how_name(h->cs.how) : "wet";
	char num[32];

	docs_write_id(o, doc);
	out_putc(o, '\t');
	escape_write(o, x->title.p, x->title.len);
	out_putc(o, '\t');
	if (meta) {
		out_write(o, enc, strlen(enc));
		out_putc(o, '\t');
		out_write(o, how, strlen(how));
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

static void
write_wet(struct wet *t, const struct doc *doc, const struct extract *x)
{
	struct wet_doc w = {
		.uri = doc->url != NULL ? doc->url : doc->id,
		.date = doc->warc_date,
		.refers_to = doc->warc_record_id,
		.title = x->title.p, .ntitle = x->title.len,
		.text = x->text.p, .ntext = x->text.len,
	};

	wet_write(t, &w);
}

int
main(int argc, char *argv[])
{
	struct docs d;
	struct doc doc;
	struct html h = { 0 };
	struct extract x = { 0 };
	struct buf scratch = { 0 };
	struct docs_cli o;
	struct wet t;
	bool first = true;
	int ch, status;

	cli_init("htmltext", help, argv);
	docs_cli_init(&o);
	o.text = true;		/* WET records are documents */
	while ((ch = getopt_long(argc, argv, DOCS_SHORTOPTS, longopts,
	    NULL)) != -1) {
		if (docs_option(&o, ch, optarg))
			continue;
		switch (ch) {
		case OPT_PLAIN:
			plain = true;
			break;
		case OPT_META:
			meta = true;
			break;
		case OPT_STRIP:
			x.strip_site = true;
			break;
		case OPT_WET:
			wet = true;
			break;
		case OPT_GZIP:
			gzip = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (plain && meta)
		cli_usage_error("--plain and --meta cannot be combined");
	if (wet && (plain || meta))
		cli_usage_error("--wet cannot be combined with --plain or "
		    "--meta");
	if (gzip && !wet)
		cli_usage_error("--gzip goes with --wet");
	if (plain && o.offsets)
		cli_usage_error("--offsets cannot be combined with --plain");
	if (wet && o.offsets)
		cli_usage_error("--offsets cannot be combined with --wet: a WET "
		    "record refers to its source by WARC-Refers-To");
	docs_cli_done(&o, argc - optind);

	docs_open_cli(&d, argc - optind, argv + optind, &o);
	if (wet)
		wet_open(&t, &d.s.out, gzip, argc, argv);
	while (docs_next(&d, &doc)) {
		if (doc.text) {		/* a WET record: its text as it is */
			x.title.len = 0;
			x.pruned = 0;
			docs_text(&doc, &x.text);
			x.chars = charset_chars(x.text.p, x.text.len);
		} else if (!docs_load(&d, &doc, &h, &scratch))
			continue;
		else
			extract_run(&x, h.doc, doc.url);
		if (wet)
			write_wet(&t, &doc, &x);
		else if (plain)
			write_plain(&d.s.out, doc.id, &x,
			    d.s.npaths > 1 || o.mode != DOCS_FILES, first);
		else
			write_record(&d.s.out, &doc, doc.text ? NULL : &h, &x);
		first = false;
		html_free(&h);
		d.s.nwritten++;
	}
	if (wet)
		wet_close(&t);
	status = docs_close(&d);
	extract_free(&x);
	buf_free(&scratch);
	html_cleanup();
	return status;
}
